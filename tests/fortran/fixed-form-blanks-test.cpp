// Fixed form without significant blanks: glued keywords, blanks inside names
// and operators, DO10I=1,N against the assignment DO10I=1.5, TAB format,
// Hollerith constants and text past column 72.
#include "f77-test-support.h"
#include "fortran/fixed-form-keywords.h"
#include "test-support.h"

#include <gtest/gtest.h>

using namespace ps;
using namespace ps::fortran;

namespace {

/// The token texts of a fixed-form statement after keyword splitting.
std::vector<std::string> split(const std::string& statement)
{
  SourceFile file("t.f", "      " + statement + "\n");
  auto pre = prescan(file, SourceForm::Fixed);
  auto tokens = tokenize(pre.cooked, pre.statements.at(0).range);
  splitFixedFormKeywords(tokens);
  std::vector<std::string> out;
  for (const auto& t : tokens)
    if (t.kind != TokenKind::End)
      out.push_back(t.text);
  return out;
}

using Strings = std::vector<std::string>;

TEST(FixedFormKeywords, SplitsGluedKeywordsAndLeavesAssignments)
{
  EXPECT_EQ(split("DO10I=1,N"), (Strings{"do", "10", "i", "=", "1", ",", "n"}));
  EXPECT_EQ(split("D O 1 0 I = 1, N"), (Strings{"do", "10", "i", "=", "1", ",", "n"}));
  EXPECT_EQ(split("DO10I=1.5"), (Strings{"do10i", "=", "1.5"}));
  EXPECT_EQ(split("DO 10 I(2) = 1, 2"), (Strings{"do10i", "(", "2", ")", "=", "1", ",", "2"}));
  EXPECT_EQ(split("CALL XPOMPF OPEN DISPLAY"), (Strings{"call", "xpompfopendisplay"}));
  EXPECT_EQ(split("REAL*8 FUNCTION F(X)"), (Strings{"real", "*", "8", "function", "f", "(", "x", ")"}));
  // a length, then names starting with E or D: blanks gone, "8E1" was read as a real literal (a trial)
  EXPECT_EQ(split("REAL*8 E1, D2"), (Strings{"real", "*", "8", "e1", ",", "d2"}));
  EXPECT_EQ(split("COMPLEX*16 E2X"), (Strings{"complex", "*", "16", "e2x"}));
  EXPECT_EQ(split("IMPLICIT REAL*8 (A-H)"), (Strings{"implicit", "real", "*", "8", "(", "a", "-", "h", ")"}));
  EXPECT_EQ(split("X = A*8E1"), (Strings{"x", "=", "a", "*", "8E1"})); // a product: the literal stays
  EXPECT_EQ(split("IMPLICIT DOUBLE PRECISION (A-H,O-Z)"),
            (Strings{"implicit", "doubleprecision", "(", "a", "-", "h", ",", "o", "-", "z", ")"}));
  EXPECT_EQ(split("IF (X .GT. 0) GO TO 10"), (Strings{"if", "(", "x", ">", "0", ")", "goto", "10"}));
  EXPECT_EQ(split("END SUBROUTINE FOO"), (Strings{"end", "subroutine", "foo"}));
  EXPECT_EQ(split("ENDFILE 7"), (Strings{"endfile", "7"}));
  EXPECT_EQ(split("ASSIGN 10 TO K"), (Strings{"assign", "10", "to", "k"}));
  EXPECT_EQ(split("DO WHILE (X .LT. 1)"), (Strings{"do", "while", "(", "x", "<", "1", ")"}));
  EXPECT_EQ(split("X = A .EQ .3"), (Strings{"x", "=", "a", "==", "3"})); // .EQ. 3, as gfortran reads it
}

const char* kBlanks = "      PROGRAM BLANKS\n"
                      "      REAL A(10), X\n"
                      "      D O 1 0 I = 1, 10\n"
                      "         A(I) = 0\n"
                      "   10 C O N T I N U E\n"
                      "      DO10I=1.5\n"
                      "      DO 20, J = 1, 10\n"
                      "   20 A(J) = A(J) + 1\n"
                      "      CALL XPOMPF OPEN DISPLAY\n"
                      "      END\n"
                      "      SUBROUTINE XPOMPFOPENDISPLAY\n"
                      "      E N D\n";

TEST(FixedFormBlanks, LoopsAssignmentsAndCallsAsGfortranReadsThem)
{
  auto p = test::build(kBlanks, "blanks.f");
  EXPECT_EQ(test::messages(*p.parsed), Strings{});
  const auto& body = p.parsed->units.at(0).body;
  ASSERT_EQ(body.size(), 4u);
  EXPECT_EQ(body[0].kind, StmtKind::Do);
  EXPECT_EQ(body[0].name, "i");
  EXPECT_EQ(body[0].doLabel, 10);
  EXPECT_EQ(body[0].body.size(), 2u); // A(I) = 0 and the CONTINUE
  EXPECT_EQ(body[1].kind, StmtKind::Assignment);
  EXPECT_EQ(body[1].lhs.text, "do10i");
  EXPECT_EQ(body[2].kind, StmtKind::Do);
  ASSERT_EQ(body[2].body.size(), 1u); // the labelled DO ends on an assignment
  EXPECT_EQ(body[2].body[0].kind, StmtKind::Assignment);
  EXPECT_EQ(body[3].kind, StmtKind::Call);
  EXPECT_EQ(body[3].name, "xpompfopendisplay");
  EXPECT_EQ(p.parsed->units.at(1).name, "xpompfopendisplay");
  test::ScratchDir dir("blanks");
  EXPECT_TRUE(test::gfortranAccepts(dir.write("blanks.f", kBlanks)));
}

TEST(FixedFormBlanks, SharedTerminatorClosesBothLoops)
{
  auto p = test::build("      REAL B(5,5)\n      DO 10 I = 1, 5\n      DO 10 J = 1, 5\n   10 B(I,J) = 0\n      END\n", "t.f");
  EXPECT_EQ(test::messages(*p.parsed), Strings{});
  ASSERT_EQ(p.unit().loops.size(), 2u);
  EXPECT_EQ(p.unit().loops[1].parent, 0);
  EXPECT_EQ(p.unit().loops[0].endLine, 4);
  EXPECT_EQ(p.unit().loops[1].endLine, 4);
}

TEST(FixedFormBlanks, TabFormatLabelsAndContinuations)
{
  auto p = test::build("\tPROGRAM T\n\tREAL A(4)\n\tDO 5 I = 1,\n\t1 4\n5\tA(I) = I\n\tEND\n", "t.f");
  EXPECT_EQ(test::messages(*p.parsed), Strings{});
  ASSERT_EQ(p.unit().loops.size(), 1u);
  EXPECT_EQ(p.unit().loops[0].upper.str(), "4");
  EXPECT_EQ(p.unit().loops[0].endLine, 5);
}

TEST(FixedFormBlanks, HollerithKeepsItsBlanksAndQuotes)
{
  const std::string text = "      CALL SHOW(11HIT'S A TEST, 2)\n  100 FORMAT (1X, 5H! Q ', I3)\n      END\n";
  auto p = test::build(text, "t.f");
  EXPECT_EQ(test::messages(*p.parsed), Strings{});
  const auto& call = p.parsed->units.at(0).body.at(0);
  ASSERT_EQ(call.args.size(), 2u);
  EXPECT_EQ(call.args[0].kind, ExprKind::String);
  EXPECT_EQ(call.args[0].text, "IT'S A TEST");
  test::ScratchDir dir("hollerith");
  EXPECT_TRUE(test::gfortranAccepts(dir.write("h.f", text)));
}

TEST(FixedFormBlanks, TextPastColumn72IsNamedInTheSyntaxError)
{
  // `B` stands in column 74: the statement ends in '+'.
  const std::string line = "      X = A +" + std::string(60, ' ') + "B\n";
  auto p = test::build(line + "      END\n", "t.f");
  ASSERT_EQ(p.parsed->diagnostics.size(), 1u);
  EXPECT_EQ(format(p.parsed->diagnostics[0], *p.parsed->file),
            "t.f:1:14: error: Expected an expression but found 'end of statement'\n"
            "t.f:1:74: note: Text after column 72 is ignored in fixed form");
}

TEST(FixedFormBlanks, CardSequenceNumbersAreSilent)
{
  auto p = test::build("      X = 1" + std::string(61, ' ') + "ABC00010\n      END\n", "t.f");
  EXPECT_EQ(test::messages(*p.parsed), Strings{});
}

} // namespace

TEST(FixedFormBlanks, AMisspeltKeywordIsNamed)
{
  // INTEGRI N reaches the parser as `integrin`: two edits from INTEGER
  auto p = test::build("      PROGRAM T\n      INTEGRI N\n      DIMENSON A(10)\n      CONTNUE\n      END\n", "t.f");
  const auto m = test::messages(*p.parsed);
  ASSERT_EQ(m.size(), 3u);
  EXPECT_NE(m[0].find("Unrecognized statement starting with 'integrin' (a misspelt INTEGER?)"), std::string::npos) << m[0];
  EXPECT_NE(m[1].find("(a misspelt DIMENSION?)"), std::string::npos) << m[1];
  EXPECT_NE(m[2].find("(a misspelt CONTINUE?)"), std::string::npos) << m[2];
  EXPECT_EQ(misspeltKeyword("xyzzy"), "");
  EXPECT_EQ(misspeltKeyword("cal"), "call");
  EXPECT_EQ(misspeltKeyword("integern"), ""); // INTEGER N, spelt right
}

// Input a new user might feed the front end by mistake or by stress: deep
// parentheses, huge operator chains, control bytes, binary files. Each gets a
// diagnostic at its line:column; none crashes (the 3,000-level and
// 80,000-term cases overflowed the stack before).
#include "support/text.h"
#include "test-support.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

using namespace ps;

namespace {

std::string nested(int levels)
{
  return "program p\nx = " + std::string(levels, '(') + "1" + std::string(levels, ')') + "\nend\n";
}

std::string chain(int terms)
{
  std::string s = "program p\nx = 1";
  for (int i = 1; i < terms; ++i)
    s += " + 0";
  return s + "\nend\n";
}

std::string writeFile(const std::string& name, const std::string& bytes)
{
  const auto path = testing::TempDir() + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

} // namespace

TEST(BadInput, NestingDeeperThan256LevelsIsAnErrorAtItsColumn)
{
  EXPECT_TRUE(test::messages(*test::build(nested(256)).parsed).empty()); // the limit itself is fine
  // the 257th '(' is column 5 + 256 on line 2
  EXPECT_EQ(test::messages(*test::build(nested(257)).parsed),
            std::vector<std::string>{"2:261: Expression nesting deeper than 256 levels"});
  const auto deep = test::build(nested(3000)); // SIGSEGV before
  EXPECT_EQ(test::messages(*deep.parsed), std::vector<std::string>{"2:261: Expression nesting deeper than 256 levels"});
  ASSERT_EQ(deep.model.units.size(), 1u);
}

/// `levels` DO loops (or IF constructs) inside each other around one assignment.
std::string nestedConstructs(int levels, bool loops)
{
  std::string s = "program p\ninteger i\n";
  for (int k = 0; k < levels; ++k)
    s += loops ? "do i = 1, 2\n" : "if (i > 0) then\n";
  s += "x = 1\n";
  for (int k = 0; k < levels; ++k)
    s += loops ? "end do\n" : "end if\n";
  return s + "end\n";
}

TEST(BadInput, ConstructsDeeperThan256LevelsAreOneErrorNotACrash)
{
  const auto fine = test::build(nestedConstructs(256, true));
  EXPECT_TRUE(test::messages(*fine.parsed).empty());
  ASSERT_EQ(fine.model.units.size(), 1u);
  EXPECT_EQ(fine.model.units[0].loops.size(), 256u);
  // the 257th DO is line 3 + 256; its END DO and the 20,000th are skipped quietly (SIGSEGV before)
  for (bool loops : {true, false}) {
    const auto deep = test::build(nestedConstructs(20000, loops));
    EXPECT_EQ(test::messages(*deep.parsed), std::vector<std::string>{"259:1: Constructs nested deeper than 256 levels"});
    ASSERT_EQ(deep.model.units.size(), 1u);
    EXPECT_EQ(deep.model.units[0].loops.size(), loops ? 256u : 0u);
  }
}

TEST(BadInput, PrefixOperatorsAndPowersCountAsNesting)
{
  std::string nots = "program p\nlogical x\nx = ";
  for (int i = 0; i < 300; ++i)
    nots += ".not. ";
  const auto p = test::build(nots + "x\nend\n");
  ASSERT_EQ(test::messages(*p.parsed).size(), 1u);
  EXPECT_NE(test::messages(*p.parsed)[0].find("Expression nesting deeper than 256 levels"), std::string::npos);
  std::string powers = "program p\nx = 2";
  for (int i = 0; i < 300; ++i)
    powers += "**1";
  EXPECT_EQ(test::messages(*test::build(powers + "\nend\n").parsed).size(), 1u);
}

TEST(BadInput, OperatorChainsAreBoundedSoWalkersStayOnTheStack)
{
  // 4096 operators parse and build a model (its walkers recurse 4096 deep)
  const auto ok = test::build(chain(4097));
  EXPECT_TRUE(test::messages(*ok.parsed).empty());
  ASSERT_EQ(ok.model.units.size(), 1u);
  EXPECT_EQ(ok.model.units[0].statements.size(), 1u);
  // reported at the operand of the 4097th '+': " + 0" per term after "x = 1",
  // so column 5 + 4 * 4097
  const auto big = test::build(chain(80000)); // SIGSEGV before
  EXPECT_EQ(test::messages(*big.parsed),
            std::vector<std::string>{"2:16393: Expression with more than 4096 operators; split the statement"});
}

TEST(BadInput, ControlBytesAreEscapedInMessages)
{
  const auto p = test::build("program p\nx = 1\x01\x1b[2J\nend\n");
  EXPECT_EQ(test::messages(*p.parsed), std::vector<std::string>{"2:6: Unexpected '\\x01' at the end of the statement"});
}

TEST(BadInput, ErrorsStopAfterFifty)
{
  std::string text = "program p\n";
  for (int i = 0; i < 80; ++i)
    text += "x = )\n";
  const auto p = test::build(text + "end\n");
  const auto m = test::messages(*p.parsed);
  ASSERT_EQ(m.size(), 51u);
  EXPECT_EQ(m[49].substr(0, 3), "51:");
  EXPECT_EQ(m[50], "52:5: Too many errors (more than 50); stopping");
}

TEST(BadInput, ReaderRefusesBinaryHugeAndNonRegularFiles)
{
  std::string error;
  EXPECT_FALSE(readTextFile(writeFile("nul.f90", std::string("program p\nx = 1\0\nend\n", 21)), &error));
  EXPECT_EQ(error, "'" + testing::TempDir() + "nul.f90' is not a text file (NUL byte at offset 15)");
  EXPECT_FALSE(readTextFile(writeFile("huge.f90", std::string(kMaxTextFileBytes + 1, '!')), &error));
  EXPECT_EQ(error, "'" + testing::TempDir() + "huge.f90' is larger than 16 MB");
  EXPECT_TRUE(readTextFile(writeFile("limit.f90", std::string(kMaxTextFileBytes, '!')), &error));
  EXPECT_FALSE(readTextFile("/dev/zero", &error)); // was read forever
  EXPECT_EQ(error, "Cannot read '/dev/zero': it is not a regular file");
  EXPECT_FALSE(readTextFile(testing::TempDir(), &error));
  EXPECT_NE(error.find("it is a directory"), std::string::npos);
  std::remove((testing::TempDir() + "huge.f90").c_str());
  std::remove((testing::TempDir() + "limit.f90").c_str());
}

TEST(BadInput, CountedSaysOneInTheSingular)
{
  EXPECT_EQ(counted(1, "format"), "1 format");
  EXPECT_EQ(counted(0, "format"), "0 formats");
  EXPECT_EQ(counted(3, "dimension"), "3 dimensions");
}

TEST(BadInput, OrdinalsHaveTheirEnglishSuffix)
{
  // a note said "counted on every 2th instance"
  const std::pair<long long, const char*> rows[] = {{1, "1st"},   {2, "2nd"},    {3, "3rd"},   {4, "4th"},
                                                    {11, "11th"}, {12, "12th"},  {13, "13th"}, {21, "21st"},
                                                    {22, "22nd"}, {112, "112th"}, {123, "123rd"}};
  for (const auto& [n, text] : rows)
    EXPECT_EQ(ordinal(n), text) << n;
}

TEST(BadInput, VariantNamesGoOnPastZ)
{
  // the 27th --dist was named "A" again, beside the first
  const std::pair<std::size_t, const char*> rows[] = {{0, "A"}, {25, "Z"}, {26, "AA"}, {27, "AB"}, {51, "AZ"},
                                                      {52, "BA"}, {701, "ZZ"}, {702, "AAA"}};
  for (const auto& [i, text] : rows)
    EXPECT_EQ(letterName(i), text) << i;
}

TEST(BadInput, LiteralsBeyond64BitsAreNoException)
{
  // found by the parser fuzzer: std::stoll threw out_of_range from the model builder
  const auto big = test::build("program p\nreal a(10)\ninteger i\ndo i = 1, 100000000000000000000\n"
                               "a(1) = 0\nend do\nend\n");
  ASSERT_EQ(big.model.units.size(), 1u);
  ASSERT_EQ(big.model.units[0].loops.size(), 1u);
  EXPECT_FALSE(big.model.units[0].loops[0].boundsKnown);
  const auto kind = test::build("program p\nreal*99999999999 x\nend\n");
  EXPECT_EQ(test::messages(*kind.parsed), std::vector<std::string>{"2:6: Kind or length '99999999999' is too large"});
}

TEST(BadInput, AParenthesisLeftOpenInAnIoOrAllocateStatementIsAnError)
{
  // ALLOCATE and I/O statements are skipped, not read: an unbalanced one
  // was taken silently (the ALLOCATE then gave no extents, and the estimate
  // asked for a made-up x_extent). gfortran refuses both.
  const auto open = test::build("program p\n  real, allocatable :: x(:)\n  allocate (x(10)\n  x(1) = 0\nend\n");
  EXPECT_EQ(test::messages(*open.parsed),
            std::vector<std::string>{"3:18: Missing ')' at the end of the ALLOCATE statement"});
  const auto twice = test::build("program p\n  write (*, *) (1, 2))\nend\n");
  EXPECT_EQ(test::messages(*twice.parsed),
            std::vector<std::string>{"2:22: Unmatched ')' in the WRITE statement"});
  // balanced ones, a parenthesis inside a string and FORMAT's Hollerith stay quiet
  const auto fine = test::build("program p\n  real :: x(3)\n  write (*, '(a, ''('')') 'x('\n"
                                "  read (5, *) (x(i), i = 1, 3)\n  print 10\n 10 format (1x, 3h(a )\nend\n");
  EXPECT_TRUE(test::messages(*fine.parsed).empty()) << testing::PrintToString(test::messages(*fine.parsed));
}

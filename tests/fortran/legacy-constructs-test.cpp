// Real F77 code as gfortran reads it: COMMON arrays, EQUIVALENCE, DATA with
// implied DO, statement functions, ENTRY, alternate returns, ASSIGN and
// assigned/computed GO TO, arithmetic IF, Hollerith, CHARACTER lengths, typed
// FUNCTIONs, vendor intrinsics under IMPLICIT NONE, I/O; and free-form
// MODULE/USE/CONTAINS/INTERFACE/TYPE read without errors.
#include "f77-test-support.h"
#include "fortran/intrinsics.h"
#include "support/text.h"
#include "test-support.h"

#include <gtest/gtest.h>

using namespace ps;
using namespace ps::fortran;

namespace {

using Strings = std::vector<std::string>;

std::string dataFile(const std::string& name) { return std::string(PS_SOURCE_DIR) + "/tests/data/f77/" + name; }

/// Warnings (GO TO) aside, the messages of parser and model.
Strings errors(const test::Program& p)
{
  Strings out;
  auto all = p.parsed->diagnostics;
  all.insert(all.end(), p.model.diagnostics.begin(), p.model.diagnostics.end());
  for (const auto& d : all)
    if (d.severity() == Severity::Error)
      out.push_back(format(d, *p.parsed->file));
  return out;
}

test::Program buildFile(const std::string& path)
{
  auto r = parseFile(path);
  EXPECT_TRUE(r.parsed) << r.error;
  test::Program p;
  p.parsed = std::make_unique<ParsedFile>(std::move(*r.parsed));
  p.model = program::buildModel(*p.parsed);
  return p;
}

TEST(LegacyF77, WholeFileAcceptedLikeGfortran)
{
  const auto path = dataFile("legacy.f");
  EXPECT_TRUE(test::gfortranAccepts(path));
  auto p = buildFile(path);
  EXPECT_EQ(errors(p), Strings{});
  Strings names;
  for (const auto& u : p.model.units)
    names.push_back(u.name);
  EXPECT_EQ(names, (Strings{"legacy", "sub", "xpompfopendisplay", "g", "h", "bd"}));
  const auto& main = p.unit(0);
  // IMPLICIT DOUBLE PRECISION (A-H,O-Z); PARAMETER with expressions; COMMON arrays are arrays
  EXPECT_EQ(main.symbol("a")->elementBytes, 8);
  EXPECT_EQ(main.symbol("c")->dims.at(0).upper.str(), "21");
  EXPECT_EQ(main.symbol("iv")->elementBytes, 4);
  EXPECT_EQ(main.symbol("z")->elementBytes, 16);
  // D O 1 0 I / DO10J: two nested loops; DO10I=1.5 is an assignment; DO 20 ends on an assignment
  ASSERT_EQ(main.loops.size(), 3u);
  EXPECT_EQ(main.loops[1].parent, 0);
  EXPECT_EQ(main.loops[2].line, 25);
  EXPECT_EQ(main.loops[2].endLine, 28);
}

TEST(LegacyF77, SameConstructsInFreeForm)
{
  const auto path = dataFile("legacy90.f90");
  EXPECT_TRUE(test::gfortranAccepts(path));
  auto p = buildFile(path);
  EXPECT_EQ(errors(p), Strings{});
  ASSERT_EQ(p.model.units.size(), 3u);
  const auto& main = p.unit(0);
  EXPECT_EQ(main.symbol("c")->dims.at(0).upper.str(), "21");
  ASSERT_EQ(main.loops.size(), 3u);
  EXPECT_EQ(main.loops[1].parent, 0);
  EXPECT_EQ(main.loops[0].endLine, 21); // shared terminator 10 CONTINUE
  EXPECT_EQ(main.loops[2].endLine, 25); // DO 20 ends on an assignment
  const auto& decls = p.parsed->units.at(1).declarations;
  EXPECT_TRUE(std::any_of(decls.begin(), decls.end(), [](const Declaration& d) { return d.keyword == "entry"; }));
  EXPECT_EQ(p.model.units.at(2).symbol("c")->elementBytes, 8);
}

TEST(LegacyF77, StatementFunctionEntryAndAlternateReturns)
{
  auto p = buildFile(dataFile("legacy.f"));
  const auto& decls = p.parsed->units.at(0).declarations;
  auto sf = std::find_if(decls.begin(), decls.end(), [](const Declaration& d) { return d.kind == DeclKind::StatementFunction; });
  ASSERT_NE(sf, decls.end());
  EXPECT_EQ(sf->entities.at(0).name, "f");
  EXPECT_EQ(sf->arguments, Strings{"x"});
  EXPECT_EQ(toString(sf->entities[0].init), "x**2+1.0D0");
  const auto& sub = p.parsed->units.at(1);
  EXPECT_EQ(sub.dummies, (Strings{"a", "*", "*"}));
  const auto& body = p.parsed->units.at(0).body;
  auto call = std::find_if(body.begin(), body.end(), [](const Stmt& s) { return s.kind == StmtKind::Call && s.name == "sub"; });
  ASSERT_NE(call, body.end());
  ASSERT_EQ(call->args.size(), 3u);
  EXPECT_EQ(call->args[1].kind, ExprKind::Star);
  EXPECT_EQ(call->args[1].text, "40");
}

TEST(LegacyF77, TypedFunctionsAndVendorIntrinsicsUnderImplicitNone)
{
  auto p = test::build("      DOUBLE PRECISION FUNCTION H(X)\n      IMPLICIT NONE\n      DOUBLE PRECISION X\n"
                       "      H = DFLOAT(INT(X)) + DBLE(DCONJG(DCMPLX(X, X)))\n      END\n"
                       "      FUNCTION R(K) RESULT(V)\n      IMPLICIT NONE\n      INTEGER K, V\n      V = K\n      END\n",
                       "t.f90");
  EXPECT_EQ(errors(p), Strings{});
  EXPECT_EQ(p.parsed->units.at(0).resultName, "h");
  EXPECT_EQ(p.parsed->units.at(1).resultName, "v");
  auto q = test::build("      FUNCTION H(X)\n      IMPLICIT NONE\n      DOUBLE PRECISION X\n      H = X\n      END\n", "t.f");
  EXPECT_EQ(errors(q), Strings{"t.f:4:7: error: Name 'h' has no type (IMPLICIT NONE is in effect)"});
  // an intrinsic's name is typed only where it is called: undeclared
  // variables TIME and COUNT are errors, as gfortran says, while SIZE(A) is a call
  auto r = test::build("      PROGRAM P\n      IMPLICIT NONE\n      REAL A(10)\n      TIME = 0\n"
                       "      COUNT = SIZE(A)\n      END\n",
                       "t.f");
  EXPECT_EQ(errors(r), (Strings{"t.f:4:7: error: Name 'time' has no type (IMPLICIT NONE is in effect)",
                                "t.f:5:7: error: Name 'count' has no type (IMPLICIT NONE is in effect)"}));
  ASSERT_NE(findIntrinsic("dfloat"), nullptr);
  EXPECT_EQ(findIntrinsic("dfloat")->type, IntrinsicType::DoublePrecision);
  EXPECT_EQ(findIntrinsic("dconjg")->type, IntrinsicType::DoubleComplex);
  EXPECT_EQ(findIntrinsic("char")->type, IntrinsicType::Character);
  EXPECT_EQ(findIntrinsic("max")->type, IntrinsicType::SameAsArgument);
  EXPECT_EQ(findIntrinsic("xpompf"), nullptr);
}

TEST(LegacyF77, CharacterLengthsInBothForms)
{
  for (const auto& [text, path] : {std::pair{"      CHARACTER NAME*8, T*(*), U(3)*4\n      CHARACTER*(*) S\n      END\n", "t.f"},
                                   std::pair{"character name*8, t*(*)\ncharacter(len=*) :: s\nend\n", "t.f90"}}) {
    auto p = test::build(text, path);
    EXPECT_EQ(errors(p), Strings{}) << path;
    EXPECT_EQ(p.parsed->units.at(0).declarations.at(0).entities.at(0).name, "name") << path;
  }
}

TEST(LegacyF77, ImplicitLetterRangesAndKinds)
{
  auto p = test::build("      IMPLICIT INTEGER (I-N), REAL*8 (A-H)\n      DIMENSION X(2), B(2)\n      END\n", "t.f");
  EXPECT_EQ(errors(p), Strings{});
  const auto& rules = p.parsed->units.at(0).declarations.at(0).implicitRules;
  ASSERT_EQ(rules.size(), 2u);
  EXPECT_EQ(rules[0].type.base, BaseType::Integer);
  EXPECT_EQ(rules[0].first, 'i');
  EXPECT_EQ(rules[0].last, 'n');
  EXPECT_EQ(rules[1].type.kindBytes, 8);
  EXPECT_EQ(p.unit().symbol("x")->elementBytes, 4); // O-Z stay REAL
  EXPECT_EQ(p.unit().symbol("b")->elementBytes, 8);
  auto q = test::build("implicit real(8) (a-h)\ndimension b(2)\nend\n", "t.f90");
  EXPECT_EQ(errors(q), Strings{});
  ASSERT_NE(q.unit().symbol("b"), nullptr);
  EXPECT_EQ(q.unit().symbol("b")->elementBytes, 8);
}

TEST(FreeForm90, ModuleContainsInterfaceAndTypeAreRead)
{
  const auto path = dataFile("modern.F90");
  std::string readError;
  test::ScratchDir dir("modern"); // gfortran writes m.mod next to where it runs
  EXPECT_TRUE(test::gfortranAccepts(dir.write("modern.F90", *ps::readTextFile(path, &readError)), {"-cpp"}));
  auto p = buildFile(path);
  EXPECT_EQ(errors(p), Strings{});
  Strings names;
  for (const auto& u : p.parsed->units)
    names.push_back(std::string(unitKindName(u.kind)) + " " + u.name);
  EXPECT_EQ(names, (Strings{"subroutine s", "module m", "function twice", "program main"}));
  const auto* s = &p.model.units.at(0);
  ASSERT_EQ(s->loops.size(), 1u);
  EXPECT_EQ(s->loops[0].line, 17);
}

} // namespace

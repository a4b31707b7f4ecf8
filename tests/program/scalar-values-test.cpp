// Forward substitution of integer scalars and the origins of the unknowns
// it cannot resolve (program/scalar-values.h), through the model builder.
#include "program/outline.h"
#include "program/scalar-values.h"
#include "test-support.h"

#include <gtest/gtest.h>

using ps::program::readVariables;
using ps::test::build;

namespace {

const ps::program::Loop& loopAt(const ps::program::Unit& u, int line)
{
  const auto* l = u.loopAtLine(line);
  EXPECT_NE(l, nullptr) << line;
  return *l;
}

} // namespace

TEST(ScalarValues, ReadVariablesAreTheTopLevelNamesOfTheInputList)
{
  EXPECT_EQ(readVariables("READ *, N, M"), (std::vector<std::string>{"n", "m"}));
  EXPECT_EQ(readVariables("read(5,*) n, a(i), m"), (std::vector<std::string>{"n", "a", "m"}));
  EXPECT_EQ(readVariables("READ (*, '(I5)') (A(I), I = 1, K), L"), (std::vector<std::string>{"l"}));
  EXPECT_EQ(readVariables("READ 10, NITER"), (std::vector<std::string>{"niter"}));
  EXPECT_TRUE(readVariables("WRITE(*,*) N").empty());
}

TEST(ScalarValues, AssignmentsFromLoopVariablesAndParametersAreSubstituted)
{
  const auto p = build("program t\n"                   // 1
                       "integer n, k, i, kp1, nh, j\n" // 2
                       "parameter (n = 100)\n"         // 3
                       "real a(n, n)\n"                // 4
                       "nh = n / 2 + 1\n"              // 5
                       "do k = 1, n - 1\n"             // 6
                       "  kp1 = k + 1\n"               // 7
                       "  j = kp1 + 2\n"               // 8
                       "  do i = kp1, nh\n"            // 9
                       "    a(i, j) = a(kp1, k)\n"     // 10
                       "  end do\n"
                       "end do\n"
                       "end program\n");
  const auto& u = p.unit();
  EXPECT_TRUE(u.unknowns.empty()) << u.unknowns.front();
  EXPECT_EQ(loopAt(u, 9).lower.str(), "k + 1");
  EXPECT_EQ(loopAt(u, 9).upper.str(), "51");
  EXPECT_EQ(loopAt(u, 9).upperAsWritten.str(), "n/2 + 1"); // the PARAMETER kept for the closed forms
  const auto& refs = u.statements.back().refs;
  ASSERT_EQ(refs.size(), 2u);
  EXPECT_EQ(refs[0].subscripts[1].kind, ps::program::SubscriptKind::Affine);
  EXPECT_EQ(refs[0].subscripts[1].affine.coefficient("k"), 1); // j = k + 3
  EXPECT_EQ(refs[0].subscripts[1].affine.constant.str(), "3");
  EXPECT_EQ(refs[1].subscripts[0].affine.coefficient("k"), 1);
}

TEST(ScalarValues, UnknownsSetByReadCallOrSeveralPathsCarryTheirLine)
{
  const auto p = build("program t\n"                  // 1
                       "integer n, m, l, k, mm, i\n"  // 2
                       "real a(1000)\n"               // 3
                       "read *, n\n"                  // 4
                       "call setup(m)\n"              // 5
                       "if (n > 10) then\n"           // 6
                       "  l = 1\n"                    // 7
                       "else\n"                       // 8
                       "  l = 2\n"                    // 9
                       "end if\n"                     // 10
                       "do k = l, m\n"                // 11
                       "  do i = 1, n\n"              // 12
                       "    a(i + mm) = 0\n"          // 13
                       "    mm = k\n"                 // 14
                       "  end do\n"
                       "end do\n"
                       "end program\n");
  const auto& o = p.unit().unknownOrigins;
  ASSERT_EQ(o.size(), 4u);
  EXPECT_EQ(o.at("n").line, 4);
  EXPECT_EQ(o.at("n").reason, "set by READ at line 4");
  EXPECT_EQ(o.at("m").reason, "possibly set by CALL 'setup' at line 5");
  EXPECT_EQ(o.at("l").line, 7);
  EXPECT_EQ(o.at("l").reason, "assigned differently on several paths (lines 7 and 9)");
  EXPECT_EQ(o.at("mm").reason, "assigned at line 14 in the loop at line 12, after this use");
}

TEST(ScalarValues, ScalarSetFromAnArrayInTheLoopIsAnIndirectSubscript)
{
  // J = ICELL(I) (particle-in-cell deposit): j changes with every
  // iteration; rho(j) is non-affine (it asked for "--set j=VALUE" before).
  // A scalar the loop does not set stays an unknown: rho(k); so does one
  // it sets from no array element nor loop variable: rho(m), M = INT(SQRT(REAL(NG))).
  const auto p = build("subroutine depos(np, ng, k, icell, rho)\n"
                       "integer np, ng, i, j, k, m, icell(np)\n"
                       "real rho(ng)\n"
                       "do i = 1, np\n"
                       "  j = icell(i)\n"
                       "  rho(j) = rho(j) + 1.0\n"
                       "  rho(k) = 0.0\n"
                       "  m = int(sqrt(real(ng)))\n"
                       "  rho(m) = 1.0\n"
                       "end do\n"
                       "end subroutine\n");
  const auto& unit = p.unit();
  EXPECT_EQ(unit.unknownOrigins.count("j"), 0u);
  const auto* deposit = unit.statementsIn(unit.loops[0].id)[1];
  EXPECT_EQ(deposit->refs.at(0).text(), "rho(j)");
  EXPECT_EQ(deposit->refs.at(0).subscripts.at(0).kind, ps::program::SubscriptKind::NonAffine);
  const auto* fixed = unit.statementsIn(unit.loops[0].id)[2];
  EXPECT_EQ(fixed->refs.at(0).subscripts.at(0).kind, ps::program::SubscriptKind::Affine);
  const auto* invariant = unit.statementsIn(unit.loops[0].id)[4];
  EXPECT_EQ(invariant->refs.at(0).text(), "rho(m)");
  EXPECT_EQ(invariant->refs.at(0).subscripts.at(0).kind, ps::program::SubscriptKind::Affine);
  EXPECT_EQ(unit.unknownOrigins.count("m"), 1u); // asked for, with the line that sets it
}

TEST(ScalarValues, EqualValuesOnEveryPathAreKeptAndOnePathIsNot)
{
  const auto p = build("program t\n"            // 1
                       "integer n, l, j, i\n"   // 2
                       "real a(1000)\n"         // 3
                       "read *, n\n"            // 4
                       "if (n > 10) then\n"     // 5
                       "  l = 3\n"              // 6
                       "else\n"                 // 7
                       "  l = 3\n"              // 8
                       "end if\n"               // 9
                       "if (n > 20) j = 5\n"    // 10
                       "do i = l, 10\n"         // 11
                       "  a(i + j) = 0\n"       // 12
                       "end do\n"
                       "end program\n");
  const auto& u = p.unit();
  EXPECT_EQ(loopAt(u, 11).lower.str(), "3");
  ASSERT_TRUE(u.unknownOrigins.count("j"));
  EXPECT_EQ(u.unknownOrigins.at("j").reason, "assigned on some paths only (line 10)");
}

TEST(ScalarValues, AValueOfALoopVariableEndsWithTheLoop)
{
  const auto p = build("program t\n"           // 1
                       "integer k, kp1, i\n"   // 2
                       "real a(1000)\n"        // 3
                       "do k = 1, 10\n"        // 4
                       "  kp1 = k + 1\n"       // 5
                       "end do\n"              // 6
                       "do i = kp1, 20\n"      // 7
                       "  a(i) = 0\n"          // 8
                       "end do\n"
                       "end program\n");
  const auto& u = p.unit();
  EXPECT_EQ(u.unknowns, (std::vector<std::string>{"kp1"}));
  EXPECT_EQ(u.unknownOrigins.at("kp1").reason,
            "assigned at line 5 from the variable 'k' of the loop at line 4, used after that loop");
}

TEST(ScalarValues, BoundsThatAreNoIntegerExpressionsAreShownAsWritten)
{
  // A banded product's DO L = MAX(-KL,1-I), MIN(KL,N-I): the model bounds
  // it by the arguments that name I (1-I, N-I) and guards its body with the
  // others (L >= -KL, L <= KL), and the outline shows it as written (it
  // showed "DO l = 0, 0" once)
  const auto p = ps::test::build("      PROGRAM BAND\n"
                                 "      INTEGER N, KL, I, L\n"
                                 "      PARAMETER (N = 100, KL = 2)\n"
                                 "      REAL AB(-KL:KL,N), V(N), Y(N)\n"
                                 "      DO 60 I = 1, N\n"
                                 "         DO 50 L = MAX(-KL,1-I), MIN(KL,N-I)\n"
                                 "            Y(I) = Y(I) + AB(L,I)*V(I+L)\n"
                                 "   50    CONTINUE\n"
                                 "   60 CONTINUE\n"
                                 "      END\n",
                                 "band.f");
  const auto& loops = p.unit().loops;
  ASSERT_EQ(loops.size(), 2u);
  EXPECT_TRUE(loops[1].boundsKnown);
  EXPECT_EQ(loops[1].lower.str(), "-i + 1");
  EXPECT_EQ(loops[1].upper.str(), "-i + 100");
  ASSERT_EQ(loops[1].boundGuards.size(), 2u);
  EXPECT_EQ(p.unit().statements.front().guards.size(), 2u);
  const auto outline = ps::program::outlineJson(*p.parsed, p.model)["units"][0]["loops"];
  EXPECT_EQ(outline[1]["header"], "DO l = MAX(-KL,1-I), MIN(KL,N-I)");
  EXPECT_EQ(outline[1]["lower"], "MAX(-KL,1-I)");
  EXPECT_EQ(outline[0]["header"], "DO i = 1, 100");
}

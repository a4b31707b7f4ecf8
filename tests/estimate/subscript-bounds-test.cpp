// References that leave their arrays (B(I+1) of B(N) with I = 1..N) are
// noted with the value and an iteration where it happens; the oracle of
// the random nests is every iteration walked.
#include "estimate/run-estimate.h"

#include <gtest/gtest.h>

#include <random>

using namespace ps;

namespace {

const char* kShifts = "      SUBROUTINE SH(A, B, C, N)\n      INTEGER N, I, J, K\n"            // 1-2
                      "      REAL A(N), B(N), C(1)\n"                                       // 3
                      "      DO 10 I = 1, N\n        A(I) = B(I+1) + B(I-1)\n   10 CONTINUE\n" // 4-6
                      "      DO 20 K = 1, N\n        DO 20 J = K+1, N\n"                    // 7-8
                      "          A(J) = A(J-K) + C(J)\n   20 CONTINUE\n"                    // 9-10
                      "      DO 30 I = N, 1, -1\n        A(I) = A(I-1)\n   30 CONTINUE\n"    // 11-13
                      "      DO 40 I = 2, N-1\n        A(I) = B(I+1) + B(I-1)\n   40 CONTINUE\n" // 14-16
                      "      END\n";

std::vector<std::string> outsideNotes(const estimate::Estimate& e)
{
  std::vector<std::string> out;
  for (const auto& n : e.notes)
    if (n.find(" leaves '") != std::string::npos)
      out.push_back(n);
  return out;
}

const char* kGuarded = "      SUBROUTINE GU(A, B, N, KB)\n      INTEGER N, I, J, KB\n      REAL A(N), B(N)\n" // 1-3
                       "      DO 10 I = 1, N\n        IF (I .GT. 1) A(I) = B(I-1)\n   10 CONTINUE\n"        // 4-6
                       "      DO 20 I = 1, N\n        IF (I .EQ. 1) THEN\n          A(I) = 0.0\n"         // 7-9
                       "        ELSE\n          A(I) = B(I-1)\n        END IF\n   20 CONTINUE\n"          // 10-13
                       "      DO 30 I = 1, N\n        DO 30 J = MAX(1, I-KB), MIN(N, I+KB)\n"             // 14-15
                       "          A(I) = A(I) + B(J)\n   30 CONTINUE\n"                                   // 16-17
                       "      DO 40 I = 1, N\n        IF (I .LT. N) A(I) = B(I-1)\n   40 CONTINUE\n"        // 18-20
                       "      END\n";

} // namespace

TEST(SubscriptBounds, AnIterationTheStatementDoesNotRunIsNoWitness)
{
  // IF (I .GT. 1), the ELSE of IF (I .EQ. 1) and a band clipped by MAX/MIN
  // keep their references inside; IF (I .LT. N) does not keep B(I-1) inside
  const auto p = test::build(kGuarded, "guarded.f");
  const symbolic::Bindings values{{"n", 16}, {"kb", 2}};
  for (int line : {4, 7, 14})
    EXPECT_TRUE(outsideNotes(test::run(p, line, "a,b=(BLOCK)", "4", values)).empty()) << line;
  const auto notes = outsideNotes(test::run(p, 18, "a,b=(BLOCK)", "4", values));
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("its subscript is 0 at i = 1"), std::string::npos) << notes[0];
}

TEST(SubscriptBounds, ALoopLeftEarlyOrAJumpMayNeverReachTheAccess)
{
  // IF (I .EQ. N) EXIT / GO TO / RETURN before A(I+1): the analyser counts
  // every iteration, but the program never reads A(N+1); nor is a
  // deferred-shape array allocated elsewhere (W(0:N+1) in the caller) checked
  const char* exits = "      SUBROUTINE EX(A, B, N)\n      INTEGER N, I\n      REAL A(N), B(N)\n"           // 1-3
                      "      DO 10 I = 1, N\n        IF (I .EQ. N) EXIT\n        B(I) = A(I+1)\n"       // 4-6
                      "   10 CONTINUE\n      DO 20 I = 1, N\n        IF (I .EQ. N) GO TO 30\n"          // 7-9
                      "        B(I) = A(I+1)\n   20 CONTINUE\n   30 CONTINUE\n      END\n";            // 10-13
  const auto p = test::build(exits, "exits.f");
  for (int line : {4, 8})
    EXPECT_TRUE(outsideNotes(test::run(p, line, "a,b=(BLOCK)", "4", {{"n", 16}})).empty()) << line;
  const auto q = test::build("module m\n  real, allocatable :: w(:)\ncontains\n  subroutine s(n)\n"
                             "    integer :: n, i\n    do i = 1, n\n      w(i) = w(i-1)\n    end do\n"
                             "  end subroutine s\nend module m\n",
                             "m.f90");
  const auto& unit = *q.model.procedure("s");
  std::string error;
  auto spec = mapping::parseDistSpec("w=(BLOCK)", &error);
  const symbolic::Bindings values{{"n", 16}, {"w_extent", 18}};
  auto mapped = mapping::mappingFromSpec(*spec, unit, values, *mapping::parseArrangement("4"));
  ASSERT_TRUE(mapped.mapping);
  const auto e = estimate::estimateNest(unit, *unit.loopAtLine(6), *mapped.mapping, test::unitMachine(), values);
  ASSERT_TRUE(e.estimate) << (e.errors.empty() ? "" : e.errors[0]);
  EXPECT_TRUE(outsideNotes(*e.estimate).empty());
}

TEST(SubscriptBounds, AShiftPastEitherEndIsNotedWithItsIteration)
{
  const auto p = test::build(kShifts, "shifts.f");
  const auto e = test::run(p, 4, "a,b=(BLOCK)", "4", {{"n", 16}});
  const auto notes = outsideNotes(e);
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_NE(notes[0].find("'b(i+1)' at line 5 leaves 'b': its subscript is 17 at i = 16, above the declared upper "
                          "bound 16"),
            std::string::npos)
    << notes[0];
  EXPECT_NE(notes[1].find("'b(i-1)' at line 5 leaves 'b': its subscript is 0 at i = 1, below the declared lower bound 1"),
            std::string::npos)
    << notes[1];
  EXPECT_TRUE(outsideNotes(test::run(p, 14, "a,b=(BLOCK)", "4", {{"n", 16}})).empty()); // the same inside 2..N-1
}

TEST(SubscriptBounds, ATriangleWhoseLastInnerRangeIsEmptyStaysInside)
{
  // A(J-K) is at least 1 and at most N-1 where J runs; its least value, J
  // at its start K+1, is reached at every K but the last, whose range is
  // empty. C(1) is F77's "any size" dummy: not checked
  const auto p = test::build(kShifts, "shifts.f");
  EXPECT_TRUE(outsideNotes(test::run(p, 7, "a=(BLOCK)", "4", {{"n", 16}})).empty());
}

TEST(SubscriptBounds, ADescendingLoopIsCheckedAtItsLastValue)
{
  const auto p = test::build(kShifts, "shifts.f");
  const auto notes = outsideNotes(test::run(p, 11, "a=(BLOCK)", "4", {{"n", 16}}));
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("its subscript is 0 at i = 1"), std::string::npos) << notes[0];
}

TEST(SubscriptBounds, RandomNestsAgreeWithEveryIterationWalked)
{
  // DO I = L1, U1; DO J = I*a + b, U2: X(c*I + d*J + e) of X(1:M); the
  // inner range is never empty where the outer runs (b <= ...), so the
  // search is exact: a note exactly when some iteration leaves X.
  std::mt19937 rng(20261128);
  std::uniform_int_distribution<int> small(-2, 2), offset(-3, 3);
  int noted = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const int l1 = 1 + (trial % 3), u1 = l1 + 2 + trial % 5, a = (trial / 3) % 2, b = offset(rng);
    const int u2 = a * u1 + b + 1 + trial % 4; // >= a*I + b for every I <= u1
    const int c = small(rng), d = small(rng), e = offset(rng) + 6, m = 8 + trial % 7;
    const auto text = "      SUBROUTINE R(X, Y)\n      INTEGER I, J\n      REAL X(" + std::to_string(m) +
                      "), Y\n      DO 10 I = " + std::to_string(l1) + ", " + std::to_string(u1) + "\n" +
                      "        DO 10 J = " + std::to_string(a) + "*I + (" + std::to_string(b) + "), " +
                      std::to_string(u2) + "\n          Y = X(" + std::to_string(c) + "*I + (" + std::to_string(d) +
                      ")*J + (" + std::to_string(e) + "))\n   10 CONTINUE\n      END\n";
    bool outside = false;
    for (int i = l1; i <= u1; ++i)
      for (int j = a * i + b; j <= u2; ++j)
        outside = outside || c * i + d * j + e < 1 || c * i + d * j + e > m;
    const auto p = test::build(text, "random.f");
    const auto notes = outsideNotes(test::run(p, 4, "x=(BLOCK)", "2", {}));
    EXPECT_EQ(!notes.empty(), outside) << text;
    noted += outside ? 1 : 0;
  }
  EXPECT_GT(noted, 20); // both answers are exercised
  EXPECT_LT(noted, 130);
}

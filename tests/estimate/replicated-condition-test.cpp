// Conditions every processor evaluates: a DO WHILE's test, and an IF that
// guards a scalar every processor keeps, fetch their distributed operands
// as S = A(N) does (a broadcast); before, both were evaluated "where the
// data is" and priced no message. Counts by hand: A(16) in 4 blocks lives
// on the last processor, which sends it to the other 3.
#include "estimate/run-estimate.h"

#include <gtest/gtest.h>

using namespace ps;

namespace {

const char* kSweeps = "      SUBROUTINE SW(A, B, N)\n      INTEGER N, IT, I\n      REAL A(N), B(N), S\n" // 1-3
                      "      DO 20 IT = 1, 5\n        IF (A(N) .GT. 0.0) S = 1.0\n   20 CONTINUE\n"       // 4-6
                      "      DO 30 IT = 1, 5\n        S = A(N)\n   30 CONTINUE\n"                          // 7-9
                      "      DO WHILE (A(N) .GT. 0.0)\n        DO 40 I = 1, N\n"                          // 10-11
                      "          A(I) = A(I) - 1.0\n   40   CONTINUE\n      END DO\n      END\n";          // 12-15

} // namespace

TEST(ReplicatedCondition, AnIfGuardingAScalarFetchesAsTheAssignmentDoes)
{
  const auto p = test::build(kSweeps, "sweeps.f");
  const symbolic::Bindings values{{"n", 16}};
  const auto guarded = test::run(p, 4, "a,b=(BLOCK)", "4", values);
  const auto assigned = test::run(p, 7, "a,b=(BLOCK)", "4", values);
  EXPECT_EQ(assigned.nt, 3); // A is not written in the loop: fetched once, before it
  EXPECT_EQ(guarded.nt, assigned.nt);
  EXPECT_EQ(guarded.tdBytes, 3 * 4);
}

TEST(ReplicatedCondition, ADoWhileTestIsFetchedEveryTrip)
{
  // the loop writes A(N) every trip: 3 messages per trip, 5 trips
  const auto p = test::build(kSweeps, "sweeps.f");
  const auto e = test::run(p, 10, "a,b=(BLOCK)", "4", {{"n", 16}, {"ntrips_10", 5}});
  EXPECT_EQ(e.nt, 15);
  EXPECT_EQ(e.tdBytes, 15 * 4);
}

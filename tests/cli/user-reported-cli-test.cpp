// The colleague's runs of partscope-cli that gave wrong answers
// (tests/data/user/): each now estimates, or is refused with the size error.
#include "cli/cli-run.h"

#include <gtest/gtest.h>

using ps::test::cli;

namespace {

std::string data(const std::string& name) { return std::string(PS_SOURCE_DIR) + "/tests/data/user/" + name; }

} // namespace

// DNRM is the DOUBLE PRECISION output of CALL PNORM(Y, M, DNRM): no bound
// of PNORM, so no value is asked for; a value for it is no typo either.
TEST(UserReportedCli, ProgramWithRealOutputArgumentIsEstimated)
{
  const auto base = "estimate " + data("oldf77.f") + " --program --procs 4 --dist 'x,y,z=(BLOCK)' --set n=100 --set m=50";
  const auto r = cli(base);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.find("dnrm"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("call pnorm"), std::string::npos) << r.out;
  const auto given = cli(base + " --set dnrm=1");
  EXPECT_EQ(given.status, 0) << given.out;
  EXPECT_EQ(given.out.find("which the program does not have"), std::string::npos) << given.out;
  const auto typo = cli(base + " --set nn=1");
  EXPECT_NE(typo.out.find("A value is given for 'nn', which the program does not have"), std::string::npos) << typo.out;
}

// A(N,N) in COMMON, aligned A(*,J) WITH T(J): 4e18 elements are refused
// like a distributed array's (it took 45 s and printed a wrapped TD).
TEST(UserReportedCli, HugeAlignedArrayIsRefused)
{
  const auto r = cli("estimate " + data("lu.f") + " -I " + data("inc") + " --loop 14 --procs 4 --set n=2000000000");
  EXPECT_NE(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("'a' is too large to estimate: dimension 2 is 1:2000000000 (at most 2^50 elements in all)"),
            std::string::npos)
      << r.out;
}

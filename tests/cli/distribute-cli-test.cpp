// partscope-cli distribute: the ADI plan of the DDT paper end to end, the
// emitted directives read back by PartScope and gfortran, bad input.
#include "cli-run.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace ps::test {
namespace {

using nlohmann::json;

const std::string kAdi = "distribute " + sample("adi.f") + " --procs 16 --dims 1 --machine ddt --phase-times " +
                         sample("adi-phase-times.json");

json distributeJson(const std::string& args)
{
  const auto r = cli(args + " --json");
  EXPECT_EQ(r.status, 0) << r.out;
  return r.status == 0 ? json::parse(r.out.substr(r.out.find('{'))) : json();
}

TEST(DistributeCli, AdiPlanHasThePapersTotals)
{
  const auto j = distributeJson(kAdi);
  ASSERT_EQ(j["phases"].size(), 9u);
  const auto& p4 = j["phases"][3];
  EXPECT_EQ(p4["id"], 4);
  EXPECT_EQ(p4["lines"], json::array({35, 39}));
  EXPECT_EQ(p4["frequency"], 10.0);
  ASSERT_EQ(p4["candidates"].size(), 2u);
  EXPECT_EQ(p4["candidates"][0]["mapping"], "a,b,x=(BLOCK,*)");
  EXPECT_TRUE(p4["candidates"][0]["parallel"]);
  EXPECT_NEAR(p4["candidates"][1]["movement_s"].get<double>(), 0.006144, 1e-9);
  EXPECT_NEAR(p4["candidates"][1]["computation_s"].get<double>(), 0.352925, 1e-9);

  ASSERT_EQ(j["regions"].size(), 1u);
  const auto& loop = j["regions"][0];
  EXPECT_EQ(loop["iterations"], 10);
  EXPECT_EQ(loop["phases"], json::array({4, 5, 6, 7, 8, 9}));
  EXPECT_NEAR(loop["static"][0]["total_s"].get<double>(), 5.47944, 1e-5);
  EXPECT_NEAR(loop["static"][1]["total_s"].get<double>(), 5.7559, 1e-5);
  EXPECT_NEAR(loop["dynamic"]["total_s"].get<double>(), 2.516636, 1e-5);
  EXPECT_EQ(loop["chosen"], "dynamic");
  std::map<int, double> counts;
  for (const auto& r : loop["dynamic"]["remaps"]) {
    counts[r["before_phase"].get<int>()] = r["count"].get<double>();
    EXPECT_EQ(r["bytes"], 98304.0);
    EXPECT_EQ(r["arrays"], json::array({"a", "b", "x"}));
  }
  EXPECT_EQ(counts, (std::map<int, double>{{4, 9.0}, {7, 10.0}}));

  EXPECT_EQ(j["chosen"], "dynamic");
  EXPECT_GT(j["search"]["nodes"].get<int>(), 0);
  EXPECT_NE(j["hpf"].get<std::string>().find("CHPF$ REDISTRIBUTE T1(*,BLOCK) ONTO PROCS"), std::string::npos);
}

TEST(DistributeCli, TextShowsTheDecision)
{
  const auto r = cli(kAdi);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Iterative loop at lines 33-60 (10 iterations)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("chosen: dynamic (2.5166"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("before phase 7 (line 48): 98304 B x 10"), std::string::npos) << r.out;
}

TEST(DistributeCli, StaticOnlyAndTwoDimensions)
{
  const auto s = distributeJson(kAdi + " --static-only");
  EXPECT_EQ(s["chosen"], "static");
  EXPECT_EQ(s["dynamic"]["searched"], false);
  const auto two = distributeJson("distribute " + sample("adi.f") + " --procs 16 --machine ddt");
  // 2-D grids (8x2, 4x4, 2x8) are candidates too.
  bool grid2d = false;
  for (const auto& c : two["static"])
    grid2d = grid2d || c["grid"] == "4x4";
  EXPECT_TRUE(grid2d);
}

TEST(DistributeCli, AppliedDirectivesAreReadBackWithThePlansMappings)
{
  const std::string out = testing::TempDir() + "adi-ddt.f";
  ASSERT_EQ(cli(kAdi + " --apply " + out).status, 0);
  EXPECT_EQ(cli("parse " + out).status, 0);
  EXPECT_EQ(std::system(("gfortran -fsyntax-only -ffixed-form -std=legacy " + out + " 2>/dev/null").c_str()), 0);
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  // Phase 4 runs by rows, phase 7 by columns, as the plan says.
  const auto lineOf = [&](const std::string& needle) {
    std::istringstream lines(text.str());
    int n = 0;
    for (std::string l; std::getline(lines, l);) {
      ++n;
      if (l.find(needle) != std::string::npos)
        return n;
    }
    return 0;
  };
  for (const auto& [loop, formats] : {std::pair{"DO 4 J", "(BLOCK,*)"}, std::pair{"DO 7 J", "(*,BLOCK)"},
                                      std::pair{"DO 9 J", "(*,BLOCK)"}}) {
    const int line = lineOf(loop);
    ASSERT_GT(line, 0) << loop;
    const auto r = cli("estimate " + out + " --loop " + std::to_string(line) + " --procs 16 --machine ddt");
    EXPECT_NE(r.out.find(std::string("a,b,x=") + formats), std::string::npos) << loop << "\n" << r.out;
  }
}

TEST(DistributeCli, BadInputGetsASentence)
{
  const std::string adi = "distribute " + sample("adi.f") + " --machine ddt";
  auto r = cli(adi + " --phase-times " + writeTemp("times-bad-line.json", "{\"7\": 0.1}"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("Phase time for line 7 names no phase; phases are 1 (lines 17-21)"), std::string::npos)
      << r.out;
  // two lines of one phase with different times: one of them was used without a word
  r = cli(adi + " --phase-times " + writeTemp("times-twice.json", "{\"18\": 0.1, \"19\": 0.2}"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("Phase times for lines 18 and 19 name the same phase (lines 17-21) with different times"),
            std::string::npos)
      << r.out;
  r = cli(adi + " --phase-times " + writeTemp("times-not-json.json", "{35: }"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("not JSON"), std::string::npos) << r.out;
  r = cli(adi + " --phase-times " + writeTemp("times-string.json", "{\"35\": \"fast\"}"));
  EXPECT_NE(r.out.find("the time of line 35 is not a number of seconds"), std::string::npos) << r.out;
  r = cli(adi + " --phase-times " + writeTemp("times-negative.json", "{\"35\": -1}"));
  EXPECT_NE(r.out.find("the time of line 35 is not a number of seconds (at least 0)"), std::string::npos) << r.out;
  r = cli(adi + " --unit nosuch");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("no unit named 'nosuch'"), std::string::npos) << r.out;
  r = cli(adi + " --procs 0");
  EXPECT_NE(r.status, 0);
  r = cli(adi + " --dims 9");
  EXPECT_NE(r.status, 0);
}

TEST(DistributeCli, UnknownSizesAreAskedForAllAtOnce)
{
  const auto path = writeTemp("unknown-sweep.f90", R"(subroutine sweep(a, b, n, m, nt)
  integer :: n, m, nt, i, j, it
  real(8) :: a(n,m), b(n,m)
  do it = 1, nt
    do j = 2, m
      do i = 1, n
        a(i,j) = a(i,j-1) + b(i,j)
      end do
    end do
  end do
end subroutine sweep
)");
  auto r = cli("distribute " + path + " --machine ddt");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("give "), std::string::npos) << r.out;
  for (const char* name : {"'n'", "'m'", "'nt'"})
    EXPECT_NE(r.out.find(name), std::string::npos) << name << "\n" << r.out;
  r = cli("distribute " + path + " --machine ddt --set n=64 --set m=64 --set nt=5 --json");
  EXPECT_EQ(r.status, 0) << r.out;
}

TEST(DistributeCli, UnitWithoutPhasesIsAnError)
{
  const auto path = writeTemp("nophase.f90", "program p\n  integer :: k, s\n  s = 0\n  do k = 1, 10\n    s = s + k\n  end do\n  print *, s\nend program p\n");
  const auto r = cli("distribute " + path);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("has no phases"), std::string::npos) << r.out;
}

TEST(DistributeCli, DefaultUnitIsTheMainProgramNotAModuleBeforeIt)
{
  // A module of constants first, then the program: without --unit the
  // program is distributed (the module "has no phases" was the answer).
  const auto path = writeTemp("module-first.f90", R"(module sizes
  integer, parameter :: n = 64
end module sizes
program relax
  use sizes
  double precision :: a(n, n), b(n, n)
  integer :: i, j
  do j = 2, n - 1
    do i = 2, n - 1
      b(i, j) = 0.25d0 * (a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1))
    end do
  end do
end program relax
)");
  const auto r = cli("distribute " + path + " --procs 4");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Distribution plan for relax on 4 processors"), std::string::npos) << r.out;
}

} // namespace
} // namespace ps::test

TEST(DistributeCli, ALongSequenceOfPhasesKeepsItsStaticSolutions)
{
  // 2100 loops one after another: the remapping search recursed once per
  // phase (15 000 overflowed the stack); past 2048 it is not run, and a
  // note says so
  std::string text = "program p\n  integer, parameter :: n = 100\n  real :: a(n)\n  integer :: i\n";
  for (int k = 0; k < 2100; ++k)
    text += "  do i = 1, n\n    a(i) = a(i) + " + std::to_string(k) + "\n  end do\n";
  text += "end program p\n";
  const auto r = ps::test::cli("distribute " + ps::test::writeTemp("phases.f90", text.c_str()) + " --procs 4");
  EXPECT_EQ(r.status, 0) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find("The program runs 2100 phases in sequence, more than the 2048 the remapping search takes"),
            std::string::npos);
}

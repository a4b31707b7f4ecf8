// partscope-cli profile and estimate --profile / --profile-run on the real
// binary: the counts table and JSON, the estimate's CT with measured branch
// probabilities, and the messages of a failed profile run.
#include "cli/cli-run.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

using ps::test::cli;
using ps::test::writeTemp;

namespace {

const std::string kBranch = std::string(PS_SOURCE_DIR) + "/tests/data/profile-branch.f";

double ctAtFirstPoint(const std::string& out)
{
  const auto j = nlohmann::json::parse(out);
  return j["variants"][0]["points"][0]["ct_s"].get<double>();
}

std::vector<std::string> notesAtFirstPoint(const std::string& out)
{
  const auto j = nlohmann::json::parse(out);
  return j["variants"][0]["points"][0]["notes"].get<std::vector<std::string>>();
}

bool contains(const std::vector<std::string>& list, const std::string& item)
{
  return std::find(list.begin(), list.end(), item) != list.end();
}

} // namespace

TEST(ProfileCli, TableOfCountsAndBranchProbabilities)
{
  auto r = cli("profile " + kBranch);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Profile run of profile-branch.f"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("    13           100"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("    15            25  14        0.2500"), std::string::npos) << r.out;
}

TEST(ProfileCli, JsonCountsFeedTheEstimate)
{
  auto r = cli("profile " + kBranch + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["file"], "profile-branch.f");
  bool found = false;
  for (const auto& s : j["statements"])
    if (s["line"] == 15) {
      found = true;
      EXPECT_EQ(s["count"], 25);
      EXPECT_EQ(s["branch_line"], 14);
      EXPECT_EQ(s["branch_probability"], 0.25);
    }
  EXPECT_TRUE(found) << r.out;
  const auto countsFile = writeTemp("profile-branch-counts.json", r.out.c_str());

  // paragon costs (s): add 1e-7, mul 1e-7, div 4e-7, intrinsic 1e-6, load/store 5e-8, P = 1:
  //   line 13: mul + load + store = 2e-7; line 14: MOD + .EQ. = 1.1e-6;
  //   line 15: 2 add + mul + div + SQRT + 4 loads + store = 1.95e-6; line 16: add = 1e-7
  //   default: 100 * 1.3e-6 + 50 * 2.05e-6 = 2.325e-4; measured: 100 * 1.3e-6 + 25 * 2.05e-6 = 1.8125e-4
  const auto args = "estimate " + kBranch + " --loop 12 --procs 1 --machine paragon --json";
  auto plain = cli(args);
  ASSERT_EQ(plain.status, 0) << plain.out;
  EXPECT_NEAR(ctAtFirstPoint(plain.out), 2.325e-4, 1e-12);
  EXPECT_TRUE(contains(notesAtFirstPoint(plain.out),
                       "Statement at line 15 is under IF: assumed to execute with probability 0.50 (no profile run yet)"));
  for (const auto& option : {" --profile " + countsFile, std::string(" --profile-run")}) {
    auto profiled = cli(args + option);
    ASSERT_EQ(profiled.status, 0) << profiled.out;
    EXPECT_NEAR(ctAtFirstPoint(profiled.out), 1.8125e-4, 1e-12) << option;
    const auto notes = notesAtFirstPoint(profiled.out);
    EXPECT_TRUE(contains(notes, "Branch probabilities of lines 15, 16 were measured by a profile run")) << option;
    EXPECT_FALSE(contains(notes, "Statement at line 15 is under IF: assumed to execute with probability 0.50 (no profile run yet)"));
  }
}

TEST(ProfileCli, CountsOfAnotherProgramAreNamed)
{
  const auto counts = writeTemp("other-counts.json", R"({"file": "other.f", "lines": [{"line": 14, "count": 4}]})");
  auto r = cli("estimate " + kBranch + " --loop 12 --procs 1 --profile " + counts);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("warning: the profile counts are of 'other.f', not of 'profile-branch.f'"), std::string::npos)
      << r.out;
  auto bad = cli("estimate " + kBranch + " --loop 12 --profile " + writeTemp("bad-counts.json", "[1, 2"));
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("is not JSON"), std::string::npos) << bad.out;
}

TEST(ProfileCli, ClearFailures)
{
  const auto reads = writeTemp("cli-reads.f90", "program r\n  integer :: n\n  read (*, *) n\n  print *, n\nend program r\n");
  auto r = cli("profile " + reads);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "partscope-cli profile: The program reads input at line 3 but none was given; pass the input with --input FILE\n");
  auto given = cli("profile " + reads + " --input " + writeTemp("cli-reads.txt", "5\n"));
  EXPECT_EQ(given.status, 0) << given.out;

  auto endless = cli("profile " + writeTemp("cli-endless.f90", "program e\n  do\n  end do\nend program e\n") +
                     " --timeout 1");
  EXPECT_EQ(endless.status, 1);
  EXPECT_NE(endless.out.find("did not finish within 1 s"), std::string::npos) << endless.out;
}

TEST(ProfileCli, WithoutGfortran)
{
  // an empty PATH: the binary itself is started by its full path
  const std::string command = "PATH=/nonexistent-folder " + std::string(PS_CLI_PATH) + " profile " + kBranch + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buf[512];
  while (auto n = fread(buf, 1, sizeof buf, pipe))
    out.append(buf, n);
  EXPECT_EQ(WEXITSTATUS(pclose(pipe)), 1);
  EXPECT_EQ(out, "partscope-cli profile: gfortran is not installed (or not on PATH); install it to run a profile "
                 "(Debian: apt-get install gfortran)\n");
}

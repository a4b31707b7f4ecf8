// partscope-cli estimate --unit / --program: the JSON of a unit estimate
// with its parts, the text table, and the errors for bad requests.
#include "cli/cli-run.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

using ps::test::cli;

namespace {

const std::string kCalls = std::string(PS_SOURCE_DIR) + "/tests/data/unit-calls.f";
const std::string kParts = std::string(PS_SOURCE_DIR) + "/tests/data/unit-parts.f";

TEST(UnitCli, UnitJsonHasTheLoopShapePlusParts)
{
  auto r = cli("estimate " + kCalls + " --unit looped --set n=5 --procs 4 --machine paragon --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_FALSE(j.contains("loop"));
  EXPECT_EQ(j["unit"]["name"], "looped");
  EXPECT_EQ(j["unit"]["line"], 20);
  const auto& point = j["variants"][0]["points"][0];
  for (const char* key : {"P", "work_per_proc", "wd", "nt", "td_bytes", "tt_s", "ct_s", "time_s", "comm", "notes"})
    EXPECT_TRUE(point.contains(key)) << key;
  ASSERT_EQ(point["parts"].size(), 2u);
  const auto& call = point["parts"][1];
  EXPECT_EQ(call["kind"], "call");
  EXPECT_EQ(call["callee"], "sweep");
  EXPECT_EQ(call["line"], 26);
  EXPECT_DOUBLE_EQ(call["frequency"].get<double>(), 5.0);
  EXPECT_EQ(call["nt"], point["nt"]);
  EXPECT_DOUBLE_EQ(call["tt_s"].get<double>(), point["tt_s"].get<double>());
  EXPECT_FALSE(point["parts"][0].contains("callee"));
}

TEST(UnitCli, ProgramSumsItsCallsAndListsTheParts)
{
  auto once = nlohmann::json::parse(cli("estimate " + kCalls + " --unit once --json").out);
  auto r = cli("estimate " + kCalls + " --program --set k=3 --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["program"]["name"], "calls");
  const auto& point = j["variants"][0]["points"][0];
  ASSERT_EQ(point["parts"].size(), 4u);
  double tt = 0;
  std::int64_t nt = 0;
  for (const auto& part : point["parts"]) {
    EXPECT_EQ(part["kind"], "call");
    tt += part["tt_s"].get<double>();
    nt += part["nt"].get<std::int64_t>();
  }
  EXPECT_NEAR(point["tt_s"].get<double>(), tt, 1e-12);
  EXPECT_EQ(point["nt"], nt);
  // looped(3) calls sweep 3 times: 3x the once unit's messages
  const auto onceNt = once["variants"][0]["points"][0]["nt"].get<std::int64_t>();
  EXPECT_GT(onceNt, 0);
  EXPECT_EQ(point["parts"][0]["nt"], 3 * onceNt);
}

TEST(UnitCli, TableShowsThePartsOfTheLargestP)
{
  auto r = cli("estimate " + kParts + " --program --procs 2,4");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("program 'parts' (program at line 3)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("parts at P=4:"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("parts at P=2:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("statements"), std::string::npos) << r.out;
}

TEST(UnitCli, MissingValuesOfAllPartsInOneAnswer)
{
  auto r = cli("estimate " + kCalls + " --unit needs --json");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error: The value of 'm' is needed"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(r.out.substr(0, r.out.rfind("\n}") + 2)); // the errors follow on stderr
  auto missing = j["missing_values"].get<std::vector<std::string>>();
  std::sort(missing.begin(), missing.end());
  EXPECT_EQ(missing, (std::vector<std::string>{"j", "kk", "l", "m"}));
}

TEST(UnitCli, BadRequests)
{
  auto wrong = cli("estimate " + kCalls + " --unit nosuch");
  EXPECT_EQ(wrong.status, 1);
  EXPECT_NE(wrong.out.find("No unit named 'nosuch'; its units are 'calls', 'sweep', 'looped'"), std::string::npos)
      << wrong.out;
  auto both = cli("estimate " + kCalls + " --loop 15 --unit sweep");
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.out.find("estimate needs exactly one of --loop LINE, --unit NAME and --program"), std::string::npos)
      << both.out;
  auto none = cli("estimate " + kCalls);
  EXPECT_EQ(none.status, 2);
  const auto lib = ps::test::writeTemp("unit-lib.f", "      SUBROUTINE ONLY\n      END\n");
  auto noProgram = cli("estimate " + lib + " --program");
  EXPECT_EQ(noProgram.status, 1);
  EXPECT_NE(noProgram.out.find("The file has no PROGRAM unit; its units are 'only'"), std::string::npos)
      << noProgram.out;
}

TEST(UnitCli, EveryMissingValueOfAUnitIsNamedInOneAnswer)
{
  // the outer loop's bound stopped the estimate before the inner one's was seen: ny, then nx
  const auto path = ps::test::writeTemp("unit-ddot.f", "      double precision function ddot2(nx, ny, u, v)\n"
                                                       "      integer nx, ny, i, j\n"
                                                       "      double precision u(nx, ny), v(nx, ny), s\n"
                                                       "      s = 0.0d0\n"
                                                       "      do 30 j = 1, ny\n"
                                                       "        do 30 i = 1, nx\n"
                                                       "          s = s + u(i, j) * v(i, j)\n"
                                                       "   30 continue\n"
                                                       "      ddot2 = s\n"
                                                       "      end\n");
  const auto r = cli("estimate " + path + " --unit ddot2 --procs 4");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.out.find("The value of 'ny' is needed for the bounds of the loop at line 5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("The value of 'nx' is needed for the bounds of the loop at line 6"), std::string::npos) << r.out;
  EXPECT_EQ(cli("estimate " + path + " --unit ddot2 --procs 4 --set nx=8 --set ny=8").status, 0);
}

} // namespace

// Issue 10, "never crash, never guess silently": what a new user met with
// the programs in tests/data/issue10/ (copied from the tester's folder). Each
// case asserts the exit status and the message, or the note that says what
// was assumed.
#include "cli/cli-run.h"

#include <gtest/gtest.h>

using ps::test::cli;
using ps::test::writeTemp;

namespace {

std::string issue10(const char* name) { return std::string(PS_SOURCE_DIR) + "/tests/data/issue10/" + name; }

bool has(const ps::test::Run& r, const std::string& text) { return r.out.find(text) != std::string::npos; }

const std::string kHeat = "estimate " + issue10("heat.F") + " -D BIG --loop 22 ";

} // namespace

TEST(GuessesCli, AnExplicitShapeOfTheRightRankIsHonoured)
{
  // heat.F has no PROCESSORS directive: 2x8 became 4x4 without a word
  const auto r = cli(kHeat + "--procs 2x8");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r, "mapping: u,un=(BLOCK,BLOCK) onto 2x8\n")) << r.out;
  EXPECT_TRUE(has(r, "\n      2x8 ")) << r.out;
  EXPECT_FALSE(has(r, "4x4")) << r.out;
}

TEST(GuessesCli, ASweepKeepsEveryShapeAndNamesWhatWasAskedTwice)
{
  const auto sweep = cli(kHeat + "--procs 4,2x8,16");
  EXPECT_EQ(sweep.status, 0) << sweep.out;
  EXPECT_TRUE(has(sweep, "onto P = 2x2, 2x8, 4x4\n")) << sweep.out;
  EXPECT_FALSE(has(sweep, "requested twice")) << sweep.out;
  const auto twice = cli(kHeat + "--procs 16,4x4");
  EXPECT_TRUE(has(twice, "P=16 and P=4x4 are both arranged as 4x4 for this distribution; it is estimated once"))
      << twice.out;
  const auto same = cli(kHeat + "--procs 4x4,4x4");
  EXPECT_TRUE(has(same, "P=4x4 was requested twice; it is estimated once")) << same.out;
}

TEST(GuessesCli, AReshapeOfAnotherRankCarriesANote)
{
  const auto directives = cli(kHeat + "--procs 2x2x2x2");
  EXPECT_EQ(directives.status, 0) << directives.out;
  EXPECT_TRUE(has(directives, "P=2x2x2x2 arranged as 4x4 for the 2-D distribution")) << directives.out;
  const auto spec = cli(kHeat + "--dist 'u,un=(BLOCK,*)' --procs 2x2x2x2");
  EXPECT_EQ(spec.status, 0) << spec.out;
  EXPECT_TRUE(has(spec, "onto 16\n")) << spec.out;
  EXPECT_TRUE(has(spec, "P=2x2x2x2 arranged as 16 for the 1-D distribution")) << spec.out;
  const auto count = cli(kHeat + "--procs 16"); // a count is arranged like the distribution: no note
  EXPECT_FALSE(has(count, "arranged as")) << count.out;
}

TEST(GuessesCli, AByteOrderMarkIsSkippedAsGfortranDoes)
{
  // was "error: ... label field" with a broken byte, and the PROGRAM statement was lost
  const auto r = cli("parse " + issue10("errs/bom.f"));
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r, "program 'bom' (lines 1-5)")) << r.out;
  EXPECT_FALSE(has(r, "\xEF\xBB\xBF")) << r.out;
}

TEST(GuessesCli, MachineProfilesWithTyposOrAbsurdValuesAreRefused)
{
  const std::string ops = R"("op_costs_s": {"add_sub": 1e-7, "mul": 1e-7, "div": 4e-7, "pow": 1e-6, "intrinsic": 1e-6,
                          "load": 1e-7, "store": 1e-7})";
  const auto stencil = "estimate " + std::string(PS_SOURCE_DIR) + "/sampleprograms/stencil1d.f90 --loop 14 --machine ";
  const auto huge = writeTemp("huge.json", (R"({"name": "h", "startup_s": 1e-5, "byte_time_s": 1e308, )" + ops + "}").c_str());
  auto r = cli(stencil + huge);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r, "huge.json: Machine profile field 'byte_time_s' must be at most 1 (second per byte), got 1e+308"))
      << r.out;
  EXPECT_FALSE(has(r, "inf")) << r.out;
  const auto typo =
      writeTemp("typo.json", (R"({"name": "t", "startup_s": 1e-5, "startupp_s": 1, "byte_time_s": 1e-8, )" + ops + "}").c_str());
  r = cli(stencil + typo);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r, "typo.json: Unknown field 'startupp_s' in machine profile; expected one of 'name', ")) << r.out;
  const auto zero = writeTemp(
      "zero.json", (R"({"name": "z", "startup_s": 1e-5, "byte_time_s": 1e-8, "default_processors": 0, )" + ops + "}").c_str());
  r = cli(stencil + zero);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r, "zero.json: Machine profile field 'default_processors' must be at least 1, got 0")) << r.out;
}

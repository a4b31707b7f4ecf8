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

TEST(GuessesCli, OptionValuesGetAPlainMessageAndStatusTwo)
{
  // was "Value 0 not in range 0.000000 to 1797693..." (a 300-digit number), status 105
  auto r = cli(kHeat + "--loop 0");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r, "--loop: needs a line number of at least 1, got '0'")) << r.out;
  EXPECT_FALSE(has(r, "179769")) << r.out;
  r = cli("scale " + issue10("heat.F") + " --loop -3");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r, "needs a line number of at least 1, got '-3'")) << r.out;
  // -D '=3' was passed to cpp, which ignored it
  r = cli("estimate " + issue10("heat.F") + " -D '=3' --loop 22 --procs 4");
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_TRUE(has(r, "-D: needs NAME or NAME=VALUE with NAME a macro name, got '=3'")) << r.out;
  EXPECT_EQ(cli("estimate " + issue10("heat.F") + " -D BIG=1 --loop 22 --procs 4").status, 0);
}

TEST(GuessesCli, AnIncludeCycleNamesTheChain)
{
  const auto r = cli("parse " + issue10("errs/cyc.f"));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(has(r, "b.h:1:15: error: INCLUDE file 'a.h' includes itself through 'a.h' -> 'b.h' -> 'a.h'")) << r.out;
}

TEST(GuessesCli, AMissingValueFromAnUnreadIncludePointsAtTheInclude)
{
  // lu.f declares n in lucom.h: the advice was only "--set n=VALUE"
  const std::string lu = std::string(PS_SOURCE_DIR) + "/tests/data/user/lu.f";
  const auto r = cli("estimate " + lu + " --loop 14 --procs 4");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(has(r, "lu.f:3:15: error: Cannot find INCLUDE file 'lucom.h'")) << r.out;
  EXPECT_TRUE(has(r, "lu.f:3: note: 'n' may come from the INCLUDE file 'lucom.h' at line 3 that could not be read; "
                     "give its folder with -I DIR"))
      << r.out;
  const auto found = cli("estimate " + lu + " --loop 14 --procs 4 -I " + PS_SOURCE_DIR + "/tests/data/user/inc");
  EXPECT_EQ(found.status, 0) << found.out;
  EXPECT_FALSE(has(found, "may come from the INCLUDE")) << found.out;
}

TEST(GuessesCli, AMisspelledDirectiveIsNamedByItsLine)
{
  // 'DISTRIBUT' is read as an unknown directive: the note said "'baddir' has no mapping directive that could be read"
  // the estimate is printed, but the exit status says the source has errors (scripts must not take it as sound)
  const auto r = cli("estimate " + issue10("baddir.f") + " --loop 7 --procs 4");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_TRUE(has(r, "error: the estimate reads the program around the 1 error above; fix it before trusting it"))
      << r.out;
  EXPECT_TRUE(has(r, "Array 'a' is assumed replicated (a copy on every processor): the directive at line 5 that maps "
                     "it could not be read"))
      << r.out;
  EXPECT_TRUE(has(r, "Array 'b' is assumed replicated (a copy on every processor): the directive at line 6")) << r.out;
  EXPECT_FALSE(has(r, "has no mapping directive")) << r.out;
  // and the empty mapping is said in words, not as "mapping:  onto 4"
  EXPECT_TRUE(has(r, "  mapping: all arrays replicated onto 4\n")) << r.out;
}

TEST(GuessesCli, AnEmptyFileSaysItHasNoUnits)
{
  const auto empty = writeTemp("empty.f", "");
  const auto r = cli("parse " + empty);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out, "no program units\n");
}

TEST(GuessesCli, SmallTransfersAreNotShownAsZeroKilobytes)
{
  // stencil1d at P=4: 6 messages of 8 bytes = 48 bytes = 0.046875 KB, printed "0.0" before
  const auto r = cli("estimate " + std::string(PS_SOURCE_DIR) + "/sampleprograms/stencil1d.f90 --loop 14 --procs 4");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r, "       6    0.0469 ")) << r.out;
}

TEST(GuessesCli, ANewScalarIsComputedByTheOwnersOfItsUser)
{
  // T1 = A(I-1)+A(I+1) under INDEPENDENT, NEW(T1) ran on every processor: 24 broadcast messages.
  // By hand (N = 1000, I = 2..999, BLOCK on 4): b(i)'s owners compute T1; processors 1-3 get a(i-1)
  // from the left and 0-2 get a(i+1) from the right, one 4-byte element each: 6 messages, 24 bytes;
  // work per processor 2 x (249, 250, 250, 249).
  const auto r = cli("estimate " + issue10("spell.f") + " --loop 20 --procs 4");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(has(r, "line 21  a(i-1)  shift, 3 messages, 12 bytes")) << r.out;
  EXPECT_TRUE(has(r, "line 21  a(i+1)  shift, 3 messages, 12 bytes")) << r.out;
  EXPECT_TRUE(has(r, "       6    0.0234       500       498 ")) << r.out;
  EXPECT_FALSE(has(r, "broadcast")) << r.out;
  EXPECT_TRUE(has(r, "NEW scalar 't1' at line 21 is computed by the owners of 'b(i)' at line 22, which uses it")) << r.out;
  const auto unused = writeTemp("newunused.f", "      PROGRAM P\n      REAL A(100)\n!HPF$ DISTRIBUTE A(BLOCK)\n"
                                               "!HPF$ INDEPENDENT, NEW(T)\n      DO I = 2, 99\n"
                                               "         T = A(I-1)\n      ENDDO\n      END\n");
  const auto u = cli("estimate " + unused + " --loop 5 --procs 4");
  EXPECT_EQ(u.status, 0) << u.out;
  EXPECT_TRUE(has(u, "NEW scalar 't' at line 6 is computed on every processor: no statement of the loop that assigns "
                     "a distributed array uses it"))
      << u.out;
}

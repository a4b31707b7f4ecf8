// profileToJson round-trips through profileFromJson, and the optional
// "curves" array is validated field by field.
#include "machine/machine-profile.h"
#include "same-profile.h"

#include <gtest/gtest.h>

#include <string>

using namespace ps::machine;
using ps::test::expectSameProfile;

namespace {

MachineProfile withCurves()
{
  auto p = *findProfile("paragon", nullptr);
  p.curves.push_back({"EXCH", 4, 1, {{8, 1024, 1.25e-5, 3.3e-9}, {1032, 2048, 1.7e-5, 3.1e-9}}, 1024, 0.93, 0.012});
  p.curves.push_back({"pingpong", 2, 1, {{0, 65536, 1e-6 / 3, 1e-10 / 7}}, 0, 1.0 / 3, 0.1});
  p.curves.push_back({"iSR", 4, 8, {{8, 8, 0, 0}}, 0, 0, 0});
  return p;
}

const std::string kValid = R"({
  "name": "m", "startup_s": 1e-5, "byte_time_s": 1e-8,
  "op_costs_s": {"add_sub": 1e-7, "mul": 1e-7, "div": 4e-7, "pow": 1e-6, "intrinsic": 1e-6,
                 "load": 1e-7, "store": 1e-7},
  "curves": [
    {"pattern": "pingpong", "ranks": 2, "segments": [{"from_bytes": 0, "to_bytes": 1024, "a_s": 1e-6, "b_s_per_byte": 1e-9}]},
    {"pattern": "BCAST", "ranks": 4, "stride_elements": 1, "packet_bytes": 1024, "chi_square_per_dof": 1.1,
     "max_relative_error": 0.02,
     "segments": [{"from_bytes": 8, "to_bytes": 1024, "a_s": 2e-6, "b_s_per_byte": 1e-9},
                  {"from_bytes": 1032, "to_bytes": 4096, "a_s": 3e-6, "b_s_per_byte": 1e-9}]}
  ]
})";

std::string replaced(const std::string& from, const std::string& to)
{
  auto s = kValid;
  const auto at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  s.replace(at, from.size(), to);
  return s;
}

struct Row {
  std::string from, to, message;
};

class BadCurves : public testing::TestWithParam<Row> {};

} // namespace

TEST(ProfileJson, EveryBuiltinRoundTrips)
{
  ASSERT_EQ(builtinProfiles().size(), 6u);
  for (const auto& p : builtinProfiles()) {
    std::string error;
    const auto back = profileFromJson(profileToJson(p), &error);
    ASSERT_TRUE(back) << p.name << ": " << error;
    SCOPED_TRACE(p.name);
    expectSameProfile(p, *back);
    EXPECT_EQ(profileToJson(*back), profileToJson(p)); // and the text is stable
  }
}

TEST(ProfileJson, CurvesRoundTripExactly)
{
  const auto p = withCurves();
  std::string error;
  const auto text = profileToJson(p);
  const auto back = profileFromJson(text, &error);
  ASSERT_TRUE(back) << error;
  expectSameProfile(p, *back);
  EXPECT_NE(text.find("\"b_s_per_byte\""), std::string::npos);
  EXPECT_EQ(profileToJson(*findProfile("paragon", nullptr)).find("curves"), std::string::npos); // none: no key
}

TEST(ProfileJson, TheValidCurvesLoad)
{
  std::string error;
  const auto p = profileFromJson(kValid, &error);
  ASSERT_TRUE(p) << error;
  ASSERT_EQ(p->curves.size(), 2u);
  EXPECT_EQ(p->curves[0].strideElements, 1); // the default
  EXPECT_EQ(p->curves[0].packetBytes, 0);
  EXPECT_EQ(p->curves[1].packetBytes, 1024);
  EXPECT_EQ(p->curves[1].segments[1].a, 3e-6);
}

TEST_P(BadCurves, NamesTheFieldAndTheRule)
{
  const auto& row = GetParam();
  std::string error;
  EXPECT_FALSE(profileFromJson(replaced(row.from, row.to), &error)) << row.to;
  EXPECT_EQ(error, row.message);
}

INSTANTIATE_TEST_SUITE_P(
  Rows, BadCurves,
  testing::Values(
    Row{R"("curves": [)", R"("curves": {"x": 1}, "old": [)", // the key check sees 'old' first
        "Unknown field 'old' in machine profile; expected one of 'name', 'title', 'source', 'startup_s', "
        "'byte_time_s', 'hop_time_s', 'topology', 'default_processors', 'cache_line_bytes', 'cache_bytes', "
        "'op_costs_s', 'assumptions', 'curves'"},
    Row{R"("pattern": "BCAST")", R"("pattern": "SCATTER")",
        "Machine profile field 'curves[1].pattern' must be iSR, vSR, EXCH, BCAST, COMBN or pingpong"},
    Row{R"("ranks": 4)", R"("ranks": 0)", "Machine profile field 'curves[1].ranks' must be at least 1, got 0"},
    Row{R"("ranks": 4)", R"("ranks": 2.5)", "Machine profile field 'curves[1].ranks' must be a whole number, got 2.5"},
    Row{R"("ranks": 2, )", "", "Machine profile is missing the field 'curves[0].ranks'"},
    Row{R"("stride_elements": 1)", R"("stride_elements": 0)",
        "Machine profile field 'curves[1].stride_elements' must be at least 1, got 0"},
    Row{R"("packet_bytes": 1024)", R"("packet_bytes": -1)",
        "Machine profile field 'curves[1].packet_bytes' must be at least 0, got -1"},
    Row{R"("a_s": 3e-6)", R"("a_s": -3e-6)",
        "Machine profile field 'curves[1].segments[1]' gives a negative time at its 'from_bytes' (a_s + "
        "b_s_per_byte * from_bytes = -1.968e-06 s)"},
    Row{R"("a_s": 3e-6)", R"("a_s": -3000)",
        "Machine profile field 'curves[1].segments[1].a_s' must be at least -1000, got -3000"},
    Row{R"("a_s": 3e-6, "b_s_per_byte": 1e-9)", R"("a_s": 3e-6, "b_s_per_byte": -1e-9)",
        "Machine profile field 'curves[1].segments[1].b_s_per_byte' must be at least 0, got -1e-09"},
    Row{R"("b_s_per_byte": 1e-9}]},)", R"("b_s_per_byte": 2}]},)",
        "Machine profile field 'curves[0].segments[0].b_s_per_byte' must be at most 1 (second per byte), got 2"},
    Row{R"("a_s": 1e-6)", R"("a_s": "1e-6")", "Machine profile field 'curves[0].segments[0].a_s' must be a number"},
    Row{R"("from_bytes": 1032)", R"("from_bytes": 1024)",
        "Machine profile field 'curves[1].segments[1].from_bytes' must be above the previous segment's 'to_bytes'"},
    Row{R"("to_bytes": 4096)", R"("to_bytes": 1031)",
        "Machine profile field 'curves[1].segments[1].to_bytes' must not be below its 'from_bytes'"},
    Row{R"(, "b_s_per_byte": 1e-9}]},)", R"(}]},)", "Machine profile is missing the field 'curves[0].segments[0].b_s_per_byte'"},
    Row{R"("a_s": 1e-6,)", R"("a_s": 1e-6, "c_s": 0,)",
        "Unknown field 'c_s' in machine profile 'curves[0].segments[0]'; expected one of 'from_bytes', 'to_bytes', "
        "'a_s', 'b_s_per_byte'"},
    Row{R"("ranks": 2,)", R"("ranks": 2, "rank": 2,)",
        "Unknown field 'rank' in machine profile 'curves[0]'; expected one of 'pattern', 'ranks', 'stride_elements', "
        "'packet_bytes', 'chi_square_per_dof', 'max_relative_error', 'segments'"},
    Row{R"("segments": [{"from_bytes": 0)", R"("segments": [], "x": [{"from_bytes": 0)",
        "Unknown field 'x' in machine profile 'curves[0]'; expected one of 'pattern', 'ranks', 'stride_elements', "
        "'packet_bytes', 'chi_square_per_dof', 'max_relative_error', 'segments'"},
    Row{R"("pattern": "BCAST", "ranks": 4)", R"("pattern": "pingpong", "ranks": 2)",
        "Machine profile field 'curves[1]' repeats the curve of 'pingpong' on 2 ranks with stride 1"},
    Row{R"({"pattern": "pingpong")", R"(7, {"pattern": "pingpong")", "Machine profile field 'curves[0]' must be an object"}));

TEST(ProfileJson, EmptySegmentsAndWrongContainers)
{
  std::string error;
  auto text = replaced(R"("segments": [{"from_bytes": 0, "to_bytes": 1024, "a_s": 1e-6, "b_s_per_byte": 1e-9}])",
                       R"("segments": [])");
  EXPECT_FALSE(profileFromJson(text, &error));
  EXPECT_EQ(error, "Machine profile field 'curves[0].segments' must be a non-empty array");
  text = R"({"name": "m", "startup_s": 1e-5, "byte_time_s": 1e-8, "curves": 3,
    "op_costs_s": {"add_sub": 1, "mul": 1, "div": 1, "pow": 1, "intrinsic": 1, "load": 1, "store": 1}})";
  EXPECT_FALSE(profileFromJson(text, &error));
  EXPECT_EQ(error, "Machine profile field 'curves' must be an array");
}

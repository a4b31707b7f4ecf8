// A machine profile file is validated on load: a negative cost predicted
// negative times (-65 s) before. Each row breaks one field of a valid
// profile; the message names the field and the rule.
#include "machine/machine-profile.h"

#include <gtest/gtest.h>

#include <string>

using namespace ps::machine;

namespace {

const std::string kValid = R"({
  "name": "m", "startup_s": 1e-5, "byte_time_s": 1e-8, "hop_time_s": 0, "topology": "mesh2d",
  "op_costs_s": {"add_sub": 1e-7, "mul": 1e-7, "div": 4e-7, "pow": 1e-6, "intrinsic": 1e-6,
                 "load": 1e-7, "store": 1e-7}
})";

std::string replaced(const std::string& from, const std::string& to)
{
  auto s = kValid;
  s.replace(s.find(from), from.size(), to);
  return s;
}

struct Row {
  std::string from, to, message;
};

class BadProfile : public testing::TestWithParam<Row> {};

} // namespace

TEST(ProfileValidation, TheValidProfileLoads)
{
  std::string error;
  auto p = profileFromJson(kValid, &error);
  ASSERT_TRUE(p) << error;
  EXPECT_DOUBLE_EQ(p->ops.div, 4e-7);
}

TEST_P(BadProfile, NamesTheFieldAndTheRule)
{
  std::string error;
  EXPECT_FALSE(profileFromJson(replaced(GetParam().from, GetParam().to), &error));
  EXPECT_EQ(error, GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Rows, BadProfile,
    testing::Values(
        Row{"\"startup_s\": 1e-5", "\"startup_s\": -1e-5",
            "Machine profile field 'startup_s' must be at least 0, got -1e-05"},
        Row{"\"byte_time_s\": 1e-8", "\"byte_time_s\": 0", "Machine profile field 'byte_time_s' must be greater than 0, got 0"},
        Row{"\"mul\": 1e-7", "\"mul\": -65", "Machine profile field 'op_costs_s.mul' must be greater than 0, got -65"},
        Row{"\"load\": 1e-7", "\"load\": 0", "Machine profile field 'op_costs_s.load' must be greater than 0, got 0"},
        Row{"\"hop_time_s\": 0", "\"hop_time_s\": \"fast\"", "Machine profile field 'hop_time_s' must be a number"},
        Row{"\"mesh2d\"", "\"ring\"",
            "Machine profile field 'topology' must be crossbar, mesh2d, torus2d, hypercube, fattree or omega, got 'ring'"},
        Row{"\"byte_time_s\": 1e-8, ", "", "Machine profile is missing the field 'byte_time_s'"},
        Row{"\"store\": 1e-7", "\"stor\": 1e-7",
            "Unknown field 'stor' in machine profile 'op_costs_s'; expected one of 'add_sub', 'mul', 'div', 'pow', "
            "'intrinsic', 'load', 'store'"},
        Row{"\"store\": 1e-7", "\"load\": 1e-7", "Machine profile is missing the field 'op_costs_s.store'"},
        // a JSON syntax error is reported where it is, not as "not a JSON object"
        Row{"\"div\": 4e-7,", "\"div\": 4e-7,,",
            "Machine profile is not valid JSON at line 3, column 60: syntax error while parsing object key - "
            "unexpected ','; expected string literal"},
        Row{"\"name\": \"m\", ", "", "Machine profile is missing the field 'name' (a non-empty string)"},
        // 1e308 printed times of "inf", a comm share of "-nan" and JSON null times
        Row{"\"byte_time_s\": 1e-8", "\"byte_time_s\": 1e308",
            "Machine profile field 'byte_time_s' must be at most 1 (second per byte), got 1e+308"},
        Row{"\"startup_s\": 1e-5", "\"startup_s\": 1001",
            "Machine profile field 'startup_s' must be at most 1000 (seconds per message), got 1001"},
        Row{"\"hop_time_s\": 0", "\"hop_time_s\": 2", "Machine profile field 'hop_time_s' must be at most 1 (second per hop), got 2"},
        Row{"\"pow\": 1e-6", "\"pow\": 1.5",
            "Machine profile field 'op_costs_s.pow' must be at most 1 (second per operation), got 1.5"},
        // a typo kept the default (or read as "missing") before
        Row{"\"mul\": 1e-7", "\"mul\": 1e-7, \"mull\": 2e-7",
            "Unknown field 'mull' in machine profile 'op_costs_s'; expected one of 'add_sub', 'mul', 'div', 'pow', "
            "'intrinsic', 'load', 'store'"},
        Row{"\"startup_s\": 1e-5", "\"startup_s\": 1e-5, \"startupp_s\": 5e-5",
            "Unknown field 'startupp_s' in machine profile; expected one of 'name', 'title', 'source', 'startup_s', "
            "'byte_time_s', 'hop_time_s', 'topology', 'default_processors', 'cache_line_bytes', 'cache_bytes', "
            "'op_costs_s', 'assumptions', 'curves'"},
        // 0 silently became P=1
        Row{"\"hop_time_s\": 0", "\"hop_time_s\": 0, \"default_processors\": 0",
            "Machine profile field 'default_processors' must be at least 1, got 0"},
        Row{"\"hop_time_s\": 0", "\"hop_time_s\": 0, \"default_processors\": 2.5",
            "Machine profile field 'default_processors' must be a whole number, got 2.5"}));

TEST(ProfileValidation, TheBoundsThemselvesAreAccepted)
{
  std::string error;
  auto s = replaced("\"startup_s\": 1e-5", "\"startup_s\": 1000, \"default_processors\": 64");
  s.replace(s.find("\"byte_time_s\": 1e-8"), 19, "\"byte_time_s\": 1.0");
  const auto p = profileFromJson(s, &error);
  ASSERT_TRUE(p) << error;
  EXPECT_EQ(p->defaultProcessors, 64);
  EXPECT_DOUBLE_EQ(p->byteTime, 1.0);
  EXPECT_DOUBLE_EQ(p->startup, 1000.0);
}

TEST(ProfileValidation, NotAnObject)
{
  std::string error;
  EXPECT_FALSE(profileFromJson("[1, 2]", &error));
  EXPECT_EQ(error, "Machine profile is not a JSON object");
}

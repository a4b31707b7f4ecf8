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
            "Machine profile field 'topology' must be crossbar, mesh2d, torus2d, hypercube or omega, got 'ring'"},
        Row{"\"byte_time_s\": 1e-8, ", "", "Machine profile is missing the field 'byte_time_s'"},
        Row{"\"store\": 1e-7", "\"stor\": 1e-7", "Machine profile is missing the field 'op_costs_s.store'"},
        // a JSON syntax error is reported where it is, not as "not a JSON object"
        Row{"\"div\": 4e-7,", "\"div\": 4e-7,,",
            "Machine profile is not valid JSON at line 3, column 60: syntax error while parsing object key - "
            "unexpected ','; expected string literal"},
        Row{"\"name\": \"m\", ", "", "Machine profile is missing the field 'name' (a non-empty string)"}));

TEST(ProfileValidation, NotAnObject)
{
  std::string error;
  EXPECT_FALSE(profileFromJson("[1, 2]", &error));
  EXPECT_EQ(error, "Machine profile is not a JSON object");
}

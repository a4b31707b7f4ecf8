// partscope-cli estimate on a program with REDISTRIBUTE: each loop nest is
// estimated with the mapping in force at its DO statement.
#include "cli/cli-run.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <string>

using ps::test::cli;

namespace {

const std::string kAdiRemap = std::string(PS_SOURCE_DIR) + "/tests/data/adi-remap.f";

} // namespace

TEST(RemapCli, EstimateAfterRedistributeUsesColumns)
{
  // line 50: DO 7 J, below CHPF$ REDISTRIBUTE T(*,BLOCK)
  auto r = cli("estimate " + kAdiRemap + " --loop 50 --procs 16");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("Variant A: HPF directives"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("mapping: a,b,x=(*,BLOCK) via template t onto 16"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("DYNAMIC"), std::string::npos) << r.out; // T is declared DYNAMIC: no note

  // columns: the i recurrence of phase 7 stays on one processor
  auto json = cli("estimate " + kAdiRemap + " --loop 50 --procs 16 --json");
  ASSERT_EQ(json.status, 0) << json.out;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["variants"][0]["mapping"], "a,b,x=(*,BLOCK) via template t onto 16");
  EXPECT_EQ(j["variants"][0]["points"][0]["nt"], 0);

  // line 36: DO 4 J, below CHPF$ REDISTRIBUTE T(BLOCK,*)
  auto rows = cli("estimate " + kAdiRemap + " --loop 36 --procs 16");
  ASSERT_EQ(rows.status, 0) << rows.out;
  EXPECT_NE(rows.out.find("mapping: a,b,x=(BLOCK,*) via template t onto 16"), std::string::npos) << rows.out;
}

TEST(RemapCli, ParseAcceptsRemappingDirectives)
{
  auto r = cli("parse " + kAdiRemap);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.find("not supported"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("line 50: DO j = 1, 256"), std::string::npos) << r.out;
}

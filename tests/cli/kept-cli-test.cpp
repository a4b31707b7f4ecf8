// `estimate --keep NAME` stores the estimate in the profile store and
// `partscope-cli kept` lists and shows it (issue 11: the store keeps "the
// estimates a user chose to keep").
#include "cli-run.h"

#include "../machine/store-test-support.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

using ps::test::cli;
using ps::test::freshStorePath;
using ps::test::sample;

namespace {

std::string jacobi(const std::string& more)
{
  return "estimate " + sample("jacobi.hpf") + " --loop 28 --set n=64 --procs 2x2 --machine ipsc860 " + more;
}

} // namespace

TEST(KeptCli, KeepListShow)
{
  const auto db = freshStorePath("kept");
  auto r = cli("kept --db " + db);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "Kept estimates (" + db + "): none\n");
  EXPECT_FALSE(std::filesystem::exists(db)); // listing creates no store

  r = cli(jacobi("--keep 'jacobi 2x2' --db " + db));
  ASSERT_EQ(r.status, 0) << r.out;
  const auto printed = nlohmann::json::parse(cli(jacobi("--json --db " + db)).out);
  r = cli("kept --db " + db + " --json");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto list = nlohmann::json::parse(r.out);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0]["id"], 1);
  EXPECT_EQ(list[0]["name"], "jacobi 2x2");
  EXPECT_EQ(list[0]["machine"], "ipsc860");
  EXPECT_EQ(list[0]["program"], std::filesystem::absolute(sample("jacobi.hpf")).string());
  r = cli("kept --db " + db + " --show 1");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out), printed); // what estimate --json prints, whole
  EXPECT_NE(cli("kept --db " + db).out.find("#1  "), std::string::npos);
}

TEST(KeptCli, BadInputIsOneSentenceAndExitTwo)
{
  const auto db = freshStorePath("kept-bad");
  auto r = cli("kept --db " + db + " --show 3");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli: No kept estimate #3 in '" + db + "'; 'partscope-cli kept' lists them\n");
  r = cli(jacobi("--keep '' --db " + db));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out.rfind("--keep: needs a name for the kept estimate, got an empty value\n", 0), 0u) << r.out;
  r = cli("kept --db " + db + " --show 0");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out.rfind("--show: needs an estimate id of at least 1, got '0'\n", 0), 0u) << r.out;
  ps::test::writeBytes(db, "not a database at all, and long enough to look like a file header......");
  r = cli(jacobi("--keep x --db " + db));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("partscope-cli: "), std::string::npos);
  EXPECT_EQ(ps::test::fileBytes(db), "not a database at all, and long enough to look like a file header......");
}

// `partscope-cli machines` with a profile store, and `--machine NAME` finding
// stored profiles in estimate, scale and distribute.
#include "cli-run.h"

#include "../machine/store-test-support.h"
#include "machine/profile-store.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>

using ps::test::cli;
using ps::test::fileBytes;
using ps::test::freshStorePath;
using ps::test::sample;

namespace {

/// A profile file "lab.json" (the SP2's numbers named 'lab') beside the store.
std::string labFile(const std::string& db, const std::string& builtin = "sp2")
{
  const auto path = (std::filesystem::path(db).parent_path().parent_path() / "lab.json").string();
  ps::test::writeBytes(path, ps::test::renamedBuiltin(builtin, "lab"));
  return path;
}

} // namespace

TEST(MachinesCli, ListsBuiltinsWithoutCreatingAStore)
{
  const auto db = freshStorePath("cli-list");
  const auto r = cli("machines --db " + db);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(r.out.rfind("Built-in profiles:\nddt ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("Stored profiles (" + db + "): none\n"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(db));
  const auto json = cli("machines --json --db " + db);
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j.size(), 6u);
  EXPECT_EQ(j[3]["name"], "paragon");
  EXPECT_EQ(j[3]["origin"], "built-in");
  EXPECT_EQ(j[3]["startup_s"], 46e-6);
}

TEST(MachinesCli, ImportShowExportRemove)
{
  const auto db = freshStorePath("cli-import");
  const auto file = labFile(db);
  auto r = cli("machines --db " + db + " --import " + file);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "Imported machine 'lab' in '" + db + "'\n");
  r = cli("machines --db " + db + " --import " + file);
  EXPECT_EQ(r.out, "Replaced machine 'lab' in '" + db + "'\n");

  r = cli("machines --db " + db);
  EXPECT_NE(r.out.find("Stored profiles (" + db + "):\nlab        IBM SP2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" [imported 20"), std::string::npos) << r.out;
  const auto list = nlohmann::json::parse(cli("machines --json --db " + db).out);
  ASSERT_EQ(list.size(), 7u);
  EXPECT_EQ(list[6]["name"], "lab");
  EXPECT_EQ(list[6]["origin"], "imported");
  EXPECT_EQ(list[6]["startup_s"], 45e-6);

  r = cli("machines --db " + db + " --show lab --json");
  EXPECT_EQ(r.status, 0) << r.out;
  const auto shown = nlohmann::json::parse(r.out);
  EXPECT_EQ(shown["origin"], "imported");
  EXPECT_EQ(shown["profile"], nlohmann::json::parse(fileBytes(file)));
  EXPECT_EQ(shown["fits"], nlohmann::json::array());
  EXPECT_TRUE(shown["run"].is_null());

  const auto out = (std::filesystem::path(file).parent_path() / "exported.json").string();
  r = cli("machines --db " + db + " --export lab -o " + out);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(fileBytes(out), fileBytes(file)); // the JSON exactly as imported
  EXPECT_EQ(cli("machines --db " + db + " --export lab").out, fileBytes(file) + "\n");

  r = cli("machines --db " + db + " --remove lab");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "Removed machine 'lab' from '" + db + "'\n");
  r = cli("machines --db " + db + " --remove lab");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli machines: No machine 'lab' in the profile store '" + db + "'\n");
}

TEST(MachinesCli, BuiltinsCanBeShownAndExportedButNotReplacedOrRemoved)
{
  const auto db = freshStorePath("cli-builtin");
  auto r = cli("machines --db " + db + " --show paragon --json");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["origin"], "built-in");
  const auto exported = (std::filesystem::path(db).parent_path().parent_path() / "paragon.json").string();
  EXPECT_EQ(cli("machines --db " + db + " --export paragon -o " + exported).status, 0);
  r = cli("machines --db " + db + " --import " + exported);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli machines: " + exported +
                       ": Machine 'paragon' is a built-in profile; give the stored profile another name\n");
  r = cli("machines --db " + db + " --remove paragon");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli machines: Machine 'paragon' is a built-in profile and cannot be removed\n");
}

TEST(MachinesCli, BadInputIsOneSentenceAndExitTwo)
{
  const auto db = freshStorePath("cli-bad");
  const auto bad = ps::test::writeTemp("bad-profile.json", "{\"name\": \"lab\", \"startup_s\": -1}");
  auto r = cli("machines --db " + db + " --import " + bad);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli machines: " + bad + ": Machine profile field 'startup_s' must be at least 0, got -1\n");
  r = cli("machines --db " + db + " --show nope");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("No machine 'nope' in the profile store '" + db + "'"), std::string::npos) << r.out;
  EXPECT_EQ(cli("machines --db " + db + " --show lab --remove lab").status, 2); // one action at a time
  EXPECT_EQ(cli("machines --db " + db + " -o x.json").status, 2);               // -o needs --export

  const auto garbage = freshStorePath("cli-garbage");
  ps::test::writeBytes(garbage, std::string(2048, '\x7f'));
  const auto before = fileBytes(garbage);
  r = cli("machines --db " + garbage + " --import " + labFile(db));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli machines: '" + garbage +
                       "' is not an SQLite database, so not a PartScope profile store; it was left untouched\n");
  EXPECT_EQ(cli("machines --db " + garbage).status, 2);
  EXPECT_EQ(fileBytes(garbage), before);
}

TEST(MachinesCli, MachineOptionFindsStoredProfiles)
{
  const auto db = freshStorePath("cli-lookup");
  const auto file = labFile(db, "paragon");
  ASSERT_EQ(cli("machines --db " + db + " --import " + file).status, 0);
  // The stored profile gives the same estimate as its JSON file.
  const std::string estimate = "estimate " + sample("stencil1d.f90") + " --loop 14 --procs 4 --json";
  const auto viaFile = cli(estimate + " --machine " + file);
  const auto viaStore = cli(estimate + " --machine lab --db " + db);
  ASSERT_EQ(viaStore.status, 0) << viaStore.out;
  const auto a = nlohmann::json::parse(viaFile.out), b = nlohmann::json::parse(viaStore.out);
  EXPECT_EQ(a["variants"], b["variants"]);
  EXPECT_EQ(b["machine"], "lab");
  // PARTSCOPE_DB instead of --db.
  setenv("PARTSCOPE_DB", db.c_str(), 1);
  const auto viaEnv = cli(estimate + " --machine lab");
  unsetenv("PARTSCOPE_DB");
  EXPECT_EQ(viaEnv.status, 0) << viaEnv.out;
  EXPECT_EQ(nlohmann::json::parse(viaEnv.out)["variants"], a["variants"]);

  auto r = cli(estimate + " --machine cray --db " + db);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli: Unknown machine 'cray'; built-in profiles are ddt, ipsc860, ncube, paragon, sp2, teaching, stored "
                   "profiles are lab, or give a JSON file\n");
  const auto scale = nlohmann::json::parse(cli("scale --models " + sample("tridiagonal-models.json") +
                                               " --machine paragon,lab --db " + db + " --p 2 --n 3200 --to 4 --json")
                                               .out);
  ASSERT_EQ(scale["machines"].size(), 2u);
  EXPECT_EQ(scale["machines"][1]["machine"], "lab");
  EXPECT_EQ(scale["machines"][1]["variants"], scale["machines"][0]["variants"]); // the Paragon's numbers
  r = cli("distribute " + sample("adi.f") + " --machine lab --db " + db + " --set n=64 --json");
  EXPECT_EQ(r.status, 0) << r.out.substr(0, 400);
  r = cli("distribute " + sample("adi.f") + " --machine cray --db " + db);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("stored profiles are lab"), std::string::npos) << r.out;
}

// An interrupted calibration keeps its points but has no profile yet: --show
// says so instead of "No machine".
TEST(MachinesCli, ShowOfAnInterruptedCalibrationSaysWhereItsPointsAre)
{
  const auto db = freshStorePath("cli-interrupted");
  std::string error;
  {
    auto store = ps::machine::ProfileStore::open(db, &error);
    ASSERT_TRUE(store) << error;
    ps::machine::TrainingRun run;
    run.host = "lab";
    run.startedAt = "2026-11-25T01:00:00Z";
    run.ranks = 2;
    const auto id = store->beginRun("halfway", run, &error);
    ASSERT_TRUE(id) << error;
    ASSERT_TRUE(store->addPoints(*id, {{"vSR", 2, 1, 8, 1e-6, 1e-6, 1e-6, 5}, {"vSR", 2, 1, 64, 2e-6, 2e-6, 2e-6, 5}},
                                 &error))
      << error;
  }
  const auto r = cli("machines --db " + db + " --show halfway");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "partscope-cli machines: Machine 'halfway' has no profile yet: its calibration of "
                   "2026-11-25T01:00:00Z was interrupted after 2 raw points, which the store keeps; calibrate "
                   "again to fit it\n");
}

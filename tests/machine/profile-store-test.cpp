// The profile store's API: import/export, calibration runs with raw points,
// fits, kept estimates, removal, the default path and the --machine lookup.
#include "machine/machine-lookup.h"
#include "machine/profile-store.h"

#include "same-profile.h"
#include "store-test-support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

using namespace ps::machine;
using ps::test::expectSameProfile;
using ps::test::fileBytes;
using ps::test::freshStorePath;
using ps::test::numberedPoint;
using ps::test::renamedBuiltin;

namespace {

ProfileStore openOrDie(const std::string& path)
{
  std::string error;
  auto store = ProfileStore::open(path, &error);
  if (!store) {
    ADD_FAILURE() << error;
    std::abort(); // the test cannot go on without its store
  }
  return std::move(*store);
}

CommCurve stepCurve()
{
  CommCurve c;
  c.pattern = "vSR";
  c.ranks = 4;
  c.strideElements = 1;
  c.segments = {{0, 4096, 50e-6, 1e-8}, {4097, 1 << 20, 80e-6, 0.9e-8}};
  c.packetBytes = 4096;
  c.chiSquarePerDof = 1.25;
  c.maxRelativeError = 0.03;
  return c;
}

} // namespace

TEST(ProfileStore, CreatesItsFolderAndSchema)
{
  const auto path = freshStorePath("create");
  ASSERT_FALSE(std::filesystem::exists(std::filesystem::path(path).parent_path()));
  std::string error;
  auto store = ProfileStore::open(path, &error);
  ASSERT_TRUE(store) << error;
  EXPECT_EQ(store->path(), path);
  EXPECT_EQ(store->schemaVersion(&error), 2);
  EXPECT_TRUE(std::filesystem::is_regular_file(path));
  EXPECT_EQ(store->machines(&error)->size(), 0u);
  // The header says PartScope: application_id "PSCP" at offset 68.
  store.reset();
  EXPECT_EQ(fileBytes(path).substr(68, 4), "PSCP");
}

TEST(ProfileStore, ImportExportRoundTripsEveryBuiltinProfile)
{
  const auto path = freshStorePath("roundtrip");
  auto store = openOrDie(path);
  std::string error;
  for (const auto& builtin : builtinProfiles()) {
    const auto json = renamedBuiltin(builtin.name, builtin.name + "-copy");
    ASSERT_EQ(store.importProfile(json, &error), builtin.name + "-copy") << error;
    EXPECT_EQ(store.profileJson(builtin.name + "-copy", &error), json); // byte for byte
    auto loaded = store.loadProfile(builtin.name + "-copy", &error);
    ASSERT_TRUE(loaded) << error;
    auto expected = builtin;
    expected.name += "-copy";
    expectSameProfile(*loaded, expected);
  }
  const auto listed = store.machines(&error);
  ASSERT_EQ(listed->size(), builtinProfiles().size());
  EXPECT_EQ((*listed)[0].name, "ddt-copy"); // sorted by name
  EXPECT_EQ((*listed)[1].name, "ipsc860-copy");
  EXPECT_EQ((*listed)[1].title, builtinProfiles()[1].title);
  EXPECT_EQ((*listed)[1].origin, "imported");
  EXPECT_EQ((*listed)[1].createdAt.size(), 20u); // 2024-05-01T12:00:00Z
}

TEST(ProfileStore, ImportValidatesAndReplaces)
{
  auto store = openOrDie(freshStorePath("import"));
  std::string error;
  EXPECT_FALSE(store.importProfile(renamedBuiltin("sp2", "paragon"), &error));
  EXPECT_EQ(error, "Machine 'paragon' is a built-in profile; give the stored profile another name");
  // a name --machine could never find: a path, or a built-in's in another case
  EXPECT_FALSE(store.importProfile(renamedBuiltin("sp2", "lab/2"), &error));
  EXPECT_EQ(error, "Machine name 'lab/2' may hold only letters, digits, '_', '-' and '.'");
  EXPECT_FALSE(store.importProfile(renamedBuiltin("sp2", "SP2"), &error));
  EXPECT_EQ(error, "Machine 'SP2' is a built-in profile; give the stored profile another name");
  EXPECT_FALSE(store.importProfile("{\"name\": \"lab\"}", &error));
  EXPECT_EQ(error, "Machine profile is missing the field 'startup_s'");
  EXPECT_FALSE(store.importProfile("{\"name\": ", &error));
  EXPECT_NE(error.find("Machine profile is not valid JSON at line 1"), std::string::npos) << error;
  EXPECT_EQ(store.machines(&error)->size(), 0u);

  ASSERT_TRUE(store.importProfile(renamedBuiltin("sp2", "lab"), &error));
  ASSERT_TRUE(store.importProfile(renamedBuiltin("paragon", "lab"), &error)); // replaces
  EXPECT_EQ(store.machines(&error)->size(), 1u);
  EXPECT_EQ(store.loadProfile("lab", &error)->startup, 46e-6); // the Paragon's, not the SP2's 45 us
  EXPECT_FALSE(store.loadProfile("nope", &error));
  EXPECT_EQ(error, "No machine 'nope' in the profile store '" + store.path() + "'");
}

TEST(ProfileStore, CalibrationRunKeepsPointsAndFits)
{
  auto store = openOrDie(freshStorePath("run"));
  std::string error;
  EXPECT_FALSE(store.beginRun("sp2", ps::test::runHeader(), &error));
  EXPECT_EQ(error, "Machine 'sp2' is a built-in profile; give the stored profile another name");
  const auto run = store.beginRun("laptop", ps::test::runHeader(), &error);
  ASSERT_TRUE(run) << error;
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(store.addPoint(*run, numberedPoint(i), &error)) << error;
  ASSERT_TRUE(store.addOperation(*run, {"mul", 2.5e-9}, &error)) << error;

  std::optional<StoredRun> latest;
  ASSERT_TRUE(store.latestRun("laptop", &latest, &error)) << error;
  ASSERT_TRUE(latest);
  EXPECT_EQ(latest->id, *run);
  EXPECT_FALSE(latest->run.complete); // not finished yet: an interrupted calibration looks like this
  EXPECT_EQ(latest->run.host, "node01");
  EXPECT_EQ(latest->run.mpiLibrary, "Open MPI v4.1.4");
  EXPECT_EQ(latest->run.startedAt, "2024-05-01T12:00:00Z");
  EXPECT_EQ(latest->run.ranks, 4);
  EXPECT_TRUE(latest->run.quick);
  EXPECT_TRUE(latest->run.oversubscribed);
  ASSERT_EQ(latest->run.points.size(), 3u);
  EXPECT_EQ(latest->run.points[2].pattern, "EXCH");
  EXPECT_EQ(latest->run.points[2].ranks, 4);
  EXPECT_EQ(latest->run.points[2].strideElements, 3);
  EXPECT_EQ(latest->run.points[2].bytes, 16);
  EXPECT_DOUBLE_EQ(latest->run.points[2].medianSeconds, 3e-6);
  EXPECT_DOUBLE_EQ(latest->run.points[2].highSeconds, 3.3e-6);
  EXPECT_EQ(latest->run.points[2].repetitions, 12);
  ASSERT_EQ(latest->run.operations.size(), 1u);
  EXPECT_EQ(latest->run.operations[0].operation, "mul");
  EXPECT_DOUBLE_EQ(latest->run.operations[0].seconds, 2.5e-9);
  EXPECT_FALSE(store.loadProfile("laptop", &error)); // no profile before the run is finished

  // A profile of another name is refused and changes nothing.
  EXPECT_FALSE(store.finishRun(*run, renamedBuiltin("sp2", "other"), {stepCurve()}, &error));
  EXPECT_EQ(error, "The profile is named 'other' but calibration run " + std::to_string(*run) +
                       " is for machine 'laptop'");
  EXPECT_EQ(store.machines(&error)->size(), 0u);

  ASSERT_TRUE(store.finishRun(*run, renamedBuiltin("sp2", "laptop"), {stepCurve()}, &error)) << error;
  ASSERT_TRUE(store.latestRun("laptop", &latest, &error));
  EXPECT_TRUE(latest->run.complete);
  EXPECT_EQ(store.machines(&error)->at(0).origin, "calibrated");
  const auto fits = store.fits("laptop", &error);
  ASSERT_TRUE(fits && fits->size() == 1u) << error;
  const auto& c = fits->front();
  EXPECT_EQ(c.pattern, "vSR");
  EXPECT_EQ(c.ranks, 4);
  EXPECT_EQ(c.packetBytes, 4096);
  EXPECT_EQ(c.chiSquarePerDof, 1.25);
  EXPECT_EQ(c.maxRelativeError, 0.03);
  ASSERT_EQ(c.segments.size(), 2u);
  EXPECT_EQ(c.segments[1].fromBytes, 4097);
  EXPECT_EQ(c.segments[1].a, 80e-6);
  EXPECT_EQ(c.seconds(8192), stepCurve().seconds(8192));

  // Importing over a calibrated profile makes it imported: its fits no longer describe it.
  ASSERT_TRUE(store.importProfile(renamedBuiltin("ddt", "laptop"), &error));
  EXPECT_EQ(store.fits("laptop", &error)->size(), 0u);
}

TEST(ProfileStore, BadRunIdsAreErrorsNotExceptions)
{
  auto store = openOrDie(freshStorePath("badrun"));
  std::string error;
  EXPECT_FALSE(store.addPoint(42, numberedPoint(0), &error));
  EXPECT_EQ(error, "Profile store '" + store.path() + "': FOREIGN KEY constraint failed");
  EXPECT_FALSE(store.addOperation(42, {"mul", 1e-9}, &error));
  EXPECT_FALSE(store.finishRun(42, renamedBuiltin("sp2", "lab"), {}, &error));
  EXPECT_EQ(error, "Profile store '" + store.path() + "': there is no calibration run 42");
  std::optional<StoredRun> latest;
  EXPECT_TRUE(store.latestRun("lab", &latest, &error));
  EXPECT_FALSE(latest);
}

TEST(ProfileStore, RemoveDeletesTheMachineAndItsRuns)
{
  auto store = openOrDie(freshStorePath("remove"));
  std::string error;
  const auto run = store.beginRun("lab", ps::test::runHeader(), &error);
  ASSERT_TRUE(store.addPoints(*run, {numberedPoint(0), numberedPoint(1)}, &error)) << error;
  ASSERT_TRUE(store.finishRun(*run, renamedBuiltin("sp2", "lab"), {stepCurve()}, &error)) << error;
  ASSERT_TRUE(store.importProfile(renamedBuiltin("ddt", "keep"), &error));
  ASSERT_TRUE(store.removeMachine("lab", &error)) << error;
  std::optional<StoredRun> latest;
  ASSERT_TRUE(store.latestRun("lab", &latest, &error));
  EXPECT_FALSE(latest);
  EXPECT_EQ(store.machines(&error)->size(), 1u);
  EXPECT_FALSE(store.removeMachine("lab", &error));
  EXPECT_EQ(error, "No machine 'lab' in the profile store '" + store.path() + "'");
}

TEST(ProfileStore, KeepsEstimates)
{
  auto store = openOrDie(freshStorePath("estimates"));
  std::string error;
  EXPECT_FALSE(store.keepEstimate("jacobi", "/x/jacobi.f", "{\"variants\": [", &error));
  EXPECT_EQ(error, "The estimate 'jacobi' to keep is not valid JSON");
  const auto first = store.keepEstimate("jacobi block", "/x/jacobi.f", "{\"variants\": []}", &error);
  const auto second = store.keepEstimate("jacobi cyclic", "/x/jacobi.f", "{\"variants\": [1]}", &error);
  ASSERT_TRUE(first && second) << error;
  const auto kept = store.estimates(&error);
  ASSERT_EQ(kept->size(), 2u);
  EXPECT_EQ((*kept)[0].id, *first);
  EXPECT_EQ((*kept)[1].name, "jacobi cyclic");
  EXPECT_EQ((*kept)[1].programPath, "/x/jacobi.f");
  EXPECT_EQ((*kept)[1].json, "{\"variants\": [1]}");
}

TEST(ProfileStore, DefaultPathFollowsTheContract)
{
  const auto saved = [](const char* name) {
    const char* v = std::getenv(name);
    return v ? std::optional<std::string>(v) : std::nullopt;
  };
  const auto db = saved("PARTSCOPE_DB"), xdg = saved("XDG_DATA_HOME"), home = saved("HOME");
  setenv("HOME", "/home/ada", 1);
  unsetenv("PARTSCOPE_DB");
  unsetenv("XDG_DATA_HOME");
  EXPECT_EQ(defaultStorePath(), "/home/ada/.local/share/PartScope/PartScope/profiles.sqlite");
  setenv("XDG_DATA_HOME", "/data", 1);
  EXPECT_EQ(defaultStorePath(), "/data/PartScope/PartScope/profiles.sqlite");
  setenv("PARTSCOPE_DB", "/tmp/mine.sqlite", 1);
  EXPECT_EQ(defaultStorePath(), "/tmp/mine.sqlite");
  EXPECT_EQ(storePath(""), "/tmp/mine.sqlite");
  EXPECT_EQ(storePath("/elsewhere.sqlite"), "/elsewhere.sqlite");
  for (const auto& [name, value] : {std::pair{"PARTSCOPE_DB", db}, {"XDG_DATA_HOME", xdg}, {"HOME", home}}) {
    if (value)
      setenv(name, value->c_str(), 1);
    else
      unsetenv(name);
  }
}

TEST(MachineLookup, BuiltinThenStoreThenJsonPath)
{
  const auto path = freshStorePath("lookup");
  std::string error;
  // No store file: the lookup does not create one.
  EXPECT_FALSE(findMachine("lab", path, &error));
  EXPECT_EQ(error, "Unknown machine 'lab'; built-in profiles are ddt, ipsc860, ncube, paragon, sp2, teaching, or give a JSON file");
  EXPECT_FALSE(std::filesystem::exists(path));
  {
    auto store = openOrDie(path);
    ASSERT_TRUE(store.importProfile(renamedBuiltin("sp2", "lab"), &error));
    ASSERT_TRUE(store.importProfile(renamedBuiltin("ddt", "cluster"), &error));
  }
  EXPECT_EQ(findMachine("paragon", path, &error)->startup, 46e-6);
  const auto lab = findMachine("lab", path, &error);
  ASSERT_TRUE(lab) << error;
  EXPECT_EQ(lab->startup, 45e-6);
  EXPECT_FALSE(findMachine("cray", path, &error));
  EXPECT_EQ(error, "Unknown machine 'cray'; built-in profiles are ddt, ipsc860, ncube, paragon, sp2, teaching, stored profiles are "
                   "cluster, lab, or give a JSON file");
  const auto file = std::filesystem::path(path).parent_path() / "lab.json";
  ps::test::writeBytes(file.string(), renamedBuiltin("teaching", "from-file"));
  EXPECT_EQ(findMachine(file.string(), path, &error)->name, "from-file");
  EXPECT_EQ(findMachine("lab", "", &error), std::nullopt); // no store location: built-ins and files only
}

TEST(MachineLookup, ADamagedStoreIsNamedInTheError)
{
  const auto path = freshStorePath("lookup-damaged");
  ps::test::writeBytes(path, std::string(4096, 'x'));
  std::string error;
  EXPECT_TRUE(findMachine("sp2", path, &error)); // built-ins never need the store
  EXPECT_FALSE(findMachine("lab", path, &error));
  EXPECT_EQ(error, "Unknown machine 'lab'; built-in profiles are ddt, ipsc860, ncube, paragon, sp2, teaching, or give a JSON file "
                   "(the profile store was not read: '" + path +
                       "' is not an SQLite database, so not a PartScope profile store; it was left untouched)");
}

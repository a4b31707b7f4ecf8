// The profile store's promises about the file itself: a killed writer leaves
// it consistent with every committed point; a file that is not ours or is
// damaged is reported and left byte for byte; a version-1 file migrates
// with its data.
#include "machine/profile-store.h"

#include "store-test-support.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <thread>
#include <sys/wait.h>
#include <unistd.h>

using namespace ps::machine;
using ps::test::fileBytes;
using ps::test::freshStorePath;
using ps::test::numberedPoint;
using ps::test::writeBytes;

namespace {

/// Runs `sql` on the file at `path` with SQLite's C API (not the store's
/// code), creating the file when missing; returns the first column of the
/// last row, or "" for none.
std::string rawSql(const std::string& path, const std::string& sql)
{
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  std::string result;
  char* message = nullptr;
  const int status = sqlite3_exec(
      db, sql.c_str(),
      [](void* out, int, char** values, char**) {
        *static_cast<std::string*>(out) = values[0] ? values[0] : "";
        return 0;
      },
      &result, &message);
  EXPECT_EQ(status, SQLITE_OK) << (message ? message : "") << " in " << sql;
  sqlite3_free(message);
  sqlite3_close(db);
  return result;
}

/// `text` as an SQL string literal.
std::string sqlQuote(const std::string& text)
{
  std::string out = "'";
  for (char c : text)
    out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

/// Opening must fail with an error that names the path and says the file was
/// left alone, and the bytes (and absence of WAL files) must prove it.
void expectRefused(const std::string& path, const std::string& reason)
{
  const auto before = fileBytes(path);
  std::string error;
  EXPECT_FALSE(ProfileStore::open(path, &error));
  EXPECT_EQ(error.rfind("'" + path + "' ", 0), 0u) << error;
  EXPECT_NE(error.find(reason), std::string::npos) << error;
  EXPECT_NE(error.find("; it was left untouched"), std::string::npos) << error;
  EXPECT_EQ(fileBytes(path), before);
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
  EXPECT_FALSE(std::filesystem::exists(path + "-shm"));
  EXPECT_FALSE(std::filesystem::exists(path + "-journal"));
}

/// A store holding `count` points in one run of machine "lab".
void fillStore(const std::string& path, int count)
{
  std::string error;
  auto store = ProfileStore::open(path, &error);
  ASSERT_TRUE(store) << error;
  const auto run = store->beginRun("lab", ps::test::runHeader(), &error);
  std::vector<TrainingPoint> points;
  for (int i = 0; i < count; ++i)
    points.push_back(numberedPoint(i));
  ASSERT_TRUE(store->addPoints(*run, points, &error)) << error;
}

void expectNumberedPoints(const std::vector<TrainingPoint>& points)
{
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto expected = numberedPoint(static_cast<int>(i));
    ASSERT_EQ(points[i].pattern, expected.pattern) << i;
    ASSERT_EQ(points[i].ranks, expected.ranks) << i;
    ASSERT_EQ(points[i].strideElements, expected.strideElements) << i;
    ASSERT_EQ(points[i].bytes, expected.bytes) << i;
    ASSERT_EQ(points[i].medianSeconds, expected.medianSeconds) << i;
    ASSERT_EQ(points[i].lowSeconds, expected.lowSeconds) << i;
    ASSERT_EQ(points[i].highSeconds, expected.highSeconds) << i;
    ASSERT_EQ(points[i].repetitions, expected.repetitions) << i;
  }
}

constexpr int kSinglePoints = 40; // committed one by one
constexpr int kBatch = 60000;     // points per transaction: far longer to write than the parent waits

/// The child of the kill test: commits kSinglePoints points one by one, then
/// batches of kBatch points, one transaction each, until it is killed. It
/// writes 'p' after each single commit, 's' as a batch starts and 'b' when
/// it is committed.
[[noreturn]] void writeUntilKilled(const std::string& path, std::int64_t run, int pipe)
{
  std::string error;
  auto store = ProfileStore::open(path, &error);
  if (!store)
    _exit(3);
  for (int i = 0; i < kSinglePoints; ++i)
    if (!store->addPoint(run, numberedPoint(i), &error) || write(pipe, "p", 1) != 1)
      _exit(4);
  for (int first = kSinglePoints;; first += kBatch) {
    std::vector<TrainingPoint> batch;
    for (int i = first; i < first + kBatch; ++i)
      batch.push_back(numberedPoint(i));
    if (write(pipe, "s", 1) != 1 || !store->addPoints(run, batch, &error) || write(pipe, "b", 1) != 1)
      _exit(5);
  }
}

} // namespace

TEST(StoreSafety, AKilledWriterLeavesEveryCommittedPointAndNoHalfTransaction)
{
  const auto path = freshStorePath("killed");
  std::int64_t run = 0;
  {
    std::string error;
    auto store = ProfileStore::open(path, &error);
    ASSERT_TRUE(store) << error;
    run = *store->beginRun("lab", ps::test::runHeader(), &error);
  }
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    close(fds[0]);
    writeUntilKilled(path, run, fds[1]);
  }
  close(fds[1]);
  // Wait for the single points and two committed batches, then kill the
  // child a few milliseconds into its third batch's transaction.
  std::string seen;
  for (char c; seen.find("bs", seen.find('b') + 1) == std::string::npos && read(fds[0], &c, 1) == 1;)
    seen += c;
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_EQ(kill(child, SIGKILL), 0);
  int status = 0;
  waitpid(child, &status, 0);
  close(fds[0]);
  ASSERT_EQ(seen, std::string(kSinglePoints, 'p') + "sbsbs") << "the child stopped early, status " << status;
  ASSERT_TRUE(WIFSIGNALED(status));

  EXPECT_EQ(rawSql(path, "PRAGMA integrity_check"), "ok");
  std::string error;
  auto store = ProfileStore::open(path, &error);
  ASSERT_TRUE(store) << error;
  std::optional<StoredRun> latest;
  ASSERT_TRUE(store->latestRun("lab", &latest, &error)) << error;
  ASSERT_TRUE(latest);
  EXPECT_FALSE(latest->run.complete);
  // Every committed point, whole, in order; nothing of the killed batch.
  EXPECT_EQ(latest->run.points.size(), static_cast<std::size_t>(kSinglePoints + 2 * kBatch));
  expectNumberedPoints(latest->run.points);
  // The store goes on working after the crash.
  EXPECT_TRUE(store->addPoint(run, numberedPoint(0), &error)) << error;
}

TEST(StoreSafety, GarbageIsReportedAndLeftUntouched)
{
  const auto path = freshStorePath("garbage");
  std::string garbage;
  for (int i = 0; i < 8192; ++i)
    garbage += static_cast<char>((i * 7919 + 13) % 251);
  writeBytes(path, garbage);
  expectRefused(path, "is not an SQLite database, so not a PartScope profile store");
  writeBytes(path, "SQLite format"); // shorter than the 100-byte header
  expectRefused(path, "is not an SQLite database");
}

TEST(StoreSafety, ATruncatedStoreIsReportedAndLeftUntouched)
{
  const auto path = freshStorePath("truncated");
  fillStore(path, 3000);
  ASSERT_FALSE(std::filesystem::exists(path + "-wal")); // checkpointed at close
  const auto whole = fileBytes(path);
  ASSERT_GT(whole.size(), 40000u);
  writeBytes(path, whole.substr(0, whole.size() / 2));
  expectRefused(path, "is damaged (SQLite: database disk image is malformed)");
}

TEST(StoreSafety, AStoreFailingTheIntegrityCheckIsReportedAndLeftUntouched)
{
  const auto path = freshStorePath("integrity");
  fillStore(path, 300);
  // An index whose recorded definition no longer matches its entries: the
  // file reads fine, but PRAGMA integrity_check finds the entries wrong.
  rawSql(path, "CREATE INDEX raw_points_by_bytes ON raw_points(bytes)");
  rawSql(path, "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = "
               "'CREATE INDEX raw_points_by_bytes ON raw_points(median_s)' WHERE name = 'raw_points_by_bytes'");
  expectRefused(path, "fails the SQLite integrity check (");
}

TEST(StoreSafety, ADatabaseOfAnotherProgramIsReportedAndLeftUntouched)
{
  const auto path = freshStorePath("foreign");
  rawSql(path, "PRAGMA application_id = 305419896; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')");
  expectRefused(path, "belongs to another program (SQLite application_id 0x12345678, not PartScope's 0x50534350)");
  // Without an application_id but with tables: still someone else's.
  const auto plain = freshStorePath("plain");
  rawSql(plain, "CREATE TABLE machines (name TEXT); INSERT INTO machines VALUES ('x')");
  expectRefused(plain, "belongs to another program (SQLite application_id 0x00000000");
}

TEST(StoreSafety, ANewerSchemaIsReportedAndLeftUntouched)
{
  const auto path = freshStorePath("newer");
  fillStore(path, 10);
  rawSql(path, "PRAGMA user_version = 7");
  expectRefused(path, "was written by a newer PartScope (schema version 7; this one reads up to 2)");
}

TEST(StoreSafety, AnEmptyFileOrEmptyDatabaseBecomesAStore)
{
  const auto path = freshStorePath("empty");
  writeBytes(path, ""); // e.g. made by `touch`: nothing to lose
  std::string error;
  EXPECT_TRUE(ProfileStore::open(path, &error)) << error;
  const auto empty = freshStorePath("emptydb");
  rawSql(empty, "PRAGMA user_version = 0"); // an SQLite file without tables
  EXPECT_TRUE(ProfileStore::open(empty, &error)) << error;
}

// Schema version 1 exactly as the first PartScope with a store wrote it.
// Never edit this text: it stands for files in users' hands.
constexpr const char* kVersion1File = R"sql(
PRAGMA application_id = 1347634000;
CREATE TABLE calibration_runs (id INTEGER PRIMARY KEY, machine_name TEXT NOT NULL, host TEXT NOT NULL,
  mpi_library TEXT NOT NULL, started_at TEXT NOT NULL, ranks INTEGER NOT NULL, quick INTEGER NOT NULL,
  oversubscribed INTEGER NOT NULL, complete INTEGER NOT NULL DEFAULT 0);
CREATE INDEX calibration_runs_by_machine ON calibration_runs(machine_name);
CREATE TABLE machines (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, profile_json TEXT NOT NULL,
  origin TEXT NOT NULL CHECK (origin IN ('imported', 'calibrated')),
  run_id INTEGER REFERENCES calibration_runs(id) ON DELETE SET NULL, created_at TEXT NOT NULL);
CREATE TABLE raw_points (id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES calibration_runs(id) ON DELETE CASCADE, pattern TEXT NOT NULL,
  ranks INTEGER NOT NULL, stride_elements INTEGER NOT NULL, bytes INTEGER NOT NULL, median_s REAL NOT NULL,
  low_s REAL NOT NULL, high_s REAL NOT NULL, repetitions INTEGER NOT NULL);
CREATE INDEX raw_points_by_run ON raw_points(run_id);
CREATE TABLE operations (id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES calibration_runs(id) ON DELETE CASCADE, operation TEXT NOT NULL,
  seconds REAL NOT NULL);
CREATE INDEX operations_by_run ON operations(run_id);
CREATE TABLE fits (id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES calibration_runs(id) ON DELETE CASCADE, pattern TEXT NOT NULL,
  ranks INTEGER NOT NULL, stride_elements INTEGER NOT NULL, packet_bytes REAL NOT NULL, segments_json TEXT NOT NULL);
CREATE INDEX fits_by_run ON fits(run_id);
PRAGMA user_version = 1;
)sql";

TEST(StoreSafety, AVersion1StoreMigratesWithItsData)
{
  const auto path = freshStorePath("v1");
  writeBytes(path, "");
  rawSql(path, kVersion1File);
  const auto profile = ps::test::renamedBuiltin("sp2", "old-lab");
  rawSql(path, "INSERT INTO calibration_runs VALUES (7, 'old-lab', 'n1', 'MPICH 4.0', '2023-01-02T03:04:05Z', 8, 0, 1, 1);"
               "INSERT INTO raw_points (run_id, pattern, ranks, stride_elements, bytes, median_s, low_s, high_s, "
               "repetitions) VALUES (7, 'pingpong', 2, 1, 1024, 2e-5, 1.9e-5, 2.1e-5, 20);"
               "INSERT INTO operations (run_id, operation, seconds) VALUES (7, 'div', 4e-9);"
               "INSERT INTO fits (run_id, pattern, ranks, stride_elements, packet_bytes, segments_json) VALUES "
               "(7, 'pingpong', 2, 1, 0, '[{\"from_bytes\":0,\"to_bytes\":65536,\"a\":1e-05,\"b\":1e-08}]');"
               "INSERT INTO machines (name, profile_json, origin, run_id, created_at) VALUES ('old-lab', " +
                   sqlQuote(profile) + ", 'calibrated', 7, '2023-01-02T04:00:00Z')");

  std::string error;
  auto store = ProfileStore::open(path, &error);
  ASSERT_TRUE(store) << error;
  EXPECT_EQ(store->schemaVersion(&error), 2);
  EXPECT_EQ(store->profileJson("old-lab", &error), profile);
  EXPECT_EQ(store->loadProfile("old-lab", &error)->startup, 45e-6);
  const auto machines = store->machines(&error);
  ASSERT_EQ(machines->size(), 1u);
  EXPECT_EQ((*machines)[0].origin, "calibrated");
  EXPECT_EQ((*machines)[0].createdAt, "2023-01-02T04:00:00Z");
  std::optional<StoredRun> latest;
  ASSERT_TRUE(store->latestRun("old-lab", &latest, &error)) << error;
  ASSERT_TRUE(latest && latest->run.points.size() == 1u);
  EXPECT_EQ(latest->run.mpiLibrary, "MPICH 4.0");
  EXPECT_TRUE(latest->run.oversubscribed);
  EXPECT_EQ(latest->run.points[0].bytes, 1024);
  EXPECT_EQ(latest->run.points[0].medianSeconds, 2e-5);
  EXPECT_EQ(latest->run.operations.at(0).operation, "div");
  const auto fits = store->fits("old-lab", &error);
  ASSERT_TRUE(fits && fits->size() == 1u) << error;
  EXPECT_EQ((*fits)[0].segments.at(0).b, 1e-8);
  EXPECT_EQ((*fits)[0].chiSquarePerDof, 0); // version 1 did not keep the fit quality
  // What version 2 added works on the migrated file.
  EXPECT_TRUE(store->keepEstimate("e", "p.f", "{}", &error)) << error;
  store.reset();
  EXPECT_EQ(rawSql(path, "PRAGMA user_version"), "2");
  EXPECT_EQ(rawSql(path, "PRAGMA integrity_check"), "ok");
  EXPECT_EQ(rawSql(path, "PRAGMA foreign_key_check"), ""); // no dangling reference
  EXPECT_EQ(rawSql(path, "SELECT count(*) FROM kept_estimates"), "1");
}

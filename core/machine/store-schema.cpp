#include "machine/store-schema.h"

#include <SQLiteCpp/Transaction.h>

#include <array>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace ps::machine::store {

namespace {

// Schema version 1, the first shipped: never edit it (files in users' hands
// were written with it); change the schema with a new migration below.
// Calibration runs name their machine rather than reference it: a run starts
// before its profile exists, and an interrupted run has none.
constexpr const char* kVersion1 = R"sql(
CREATE TABLE calibration_runs (
  id INTEGER PRIMARY KEY,
  machine_name TEXT NOT NULL,
  host TEXT NOT NULL,
  mpi_library TEXT NOT NULL,
  started_at TEXT NOT NULL,
  ranks INTEGER NOT NULL,
  quick INTEGER NOT NULL,
  oversubscribed INTEGER NOT NULL,
  complete INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX calibration_runs_by_machine ON calibration_runs(machine_name);
CREATE TABLE machines (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  profile_json TEXT NOT NULL,
  origin TEXT NOT NULL CHECK (origin IN ('imported', 'calibrated')),
  run_id INTEGER REFERENCES calibration_runs(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL
);
CREATE TABLE raw_points (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES calibration_runs(id) ON DELETE CASCADE,
  pattern TEXT NOT NULL,
  ranks INTEGER NOT NULL,
  stride_elements INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  median_s REAL NOT NULL,
  low_s REAL NOT NULL,
  high_s REAL NOT NULL,
  repetitions INTEGER NOT NULL
);
CREATE INDEX raw_points_by_run ON raw_points(run_id);
CREATE TABLE operations (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES calibration_runs(id) ON DELETE CASCADE,
  operation TEXT NOT NULL,
  seconds REAL NOT NULL
);
CREATE INDEX operations_by_run ON operations(run_id);
CREATE TABLE fits (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES calibration_runs(id) ON DELETE CASCADE,
  pattern TEXT NOT NULL,
  ranks INTEGER NOT NULL,
  stride_elements INTEGER NOT NULL,
  packet_bytes REAL NOT NULL,
  segments_json TEXT NOT NULL
);
CREATE INDEX fits_by_run ON fits(run_id);
)sql";

// Version 2: the fit quality of each curve (CommCurve's chi-square per degree
// of freedom and largest relative error) and the estimates a user keeps.
constexpr const char* kMigrationTo2 = R"sql(
ALTER TABLE fits ADD COLUMN chi_square_per_dof REAL NOT NULL DEFAULT 0;
ALTER TABLE fits ADD COLUMN max_relative_error REAL NOT NULL DEFAULT 0;
CREATE TABLE kept_estimates (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  program_path TEXT NOT NULL,
  estimate_json TEXT NOT NULL,
  created_at TEXT NOT NULL
);
)sql";

/// kMigrations[v] takes a file from version v to v + 1 (index 0: creation).
constexpr std::array<const char*, kSchemaVersion> kMigrations = {kVersion1, kMigrationTo2};

std::string untouched(const std::string& path, const std::string& what)
{
  return "'" + path + "' " + what + "; it was left untouched";
}

std::string hex(std::uint32_t value)
{
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", value);
  return text;
}

/// The 100-byte SQLite header, or nullopt when the file is shorter.
std::optional<std::array<unsigned char, 100>> readHeader(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  std::array<unsigned char, 100> header{};
  if (!in.read(reinterpret_cast<char*>(header.data()), header.size()))
    return std::nullopt;
  return header;
}

/// The header's application_id (offset 68, big-endian). SQLite itself is not
/// asked first: a file of another program is judged without opening it.
std::uint32_t applicationIdOf(const std::array<unsigned char, 100>& h)
{
  return std::uint32_t{h[68]} << 24 | std::uint32_t{h[69]} << 16 | std::uint32_t{h[70]} << 8 | std::uint32_t{h[71]};
}

/// "file:PATH?immutable=1" with PATH's URI characters escaped.
std::string immutableUri(const std::string& path)
{
  std::string uri = "file:";
  for (unsigned char c : path) {
    if (c == '%' || c == '?' || c == '#' || c <= ' ' || c >= 0x7f) {
      char escaped[4];
      std::snprintf(escaped, sizeof escaped, "%%%02X", c);
      uri += escaped;
    } else {
      uri += static_cast<char>(c);
    }
  }
  return uri + "?immutable=1";
}

/// A read-only connection that creates no file beside `path`: without a
/// -wal file nobody has the database open in WAL mode and the main file is
/// all there is, so it is read as immutable (a plain read-only connection to
/// a WAL database would leave empty -wal and -shm files behind, even for a
/// file it refuses); with one, SQLite must read it too.
SQLite::Database readOnly(const std::string& path)
{
  std::error_code ec;
  if (std::filesystem::exists(path + "-wal", ec))
    return SQLite::Database(path, SQLite::OPEN_READONLY);
  return SQLite::Database(immutableUri(path), SQLite::OPEN_READONLY | SQLite::OPEN_URI);
}

/// The checks that need SQLite, on a read-only connection.
bool checkWithSqlite(const std::string& path, std::string* error)
{
  try {
    SQLite::Database db = readOnly(path);
    const std::string integrity = db.execAndGet("PRAGMA integrity_check").getString();
    if (integrity != "ok") {
      *error = untouched(path, "fails the SQLite integrity check (" + integrity + ")");
      return false;
    }
    const auto id = static_cast<std::uint32_t>(db.execAndGet("PRAGMA application_id").getInt());
    const int tables = db.execAndGet("SELECT count(*) FROM sqlite_master").getInt();
    if (id != static_cast<std::uint32_t>(kApplicationId) && (id != 0 || tables > 0)) {
      *error = untouched(path, "belongs to another program (SQLite application_id " + hex(id) +
                                   ", not PartScope's " + hex(kApplicationId) + ")");
      return false;
    }
    if (const int version = db.execAndGet("PRAGMA user_version").getInt(); version > kSchemaVersion) {
      *error = untouched(path, "was written by a newer PartScope (schema version " + std::to_string(version) +
                                   "; this one reads up to " + std::to_string(kSchemaVersion) + ")");
      return false;
    }
    return true;
  } catch (const std::exception& e) {
    *error = untouched(path, "is damaged (SQLite: " + std::string(e.what()) + ")");
    return false;
  }
}

} // namespace

bool checkExistingFile(const std::string& path, std::string* error)
{
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) {
    *error = "Cannot read the profile store '" + path + "': " + ec.message();
    return false;
  }
  if (size == 0)
    return true;
  const auto header = readHeader(path);
  if (!header || std::memcmp(header->data(), "SQLite format 3", 16) != 0) {
    *error = untouched(path, "is not an SQLite database, so not a PartScope profile store");
    return false;
  }
  if (const auto id = applicationIdOf(*header); id != 0 && id != static_cast<std::uint32_t>(kApplicationId)) {
    *error = untouched(path, "belongs to another program (SQLite application_id " + hex(id) + ", not PartScope's " +
                                 hex(kApplicationId) + ")");
    return false;
  }
  return checkWithSqlite(path, error);
}

void migrate(SQLite::Database& db)
{
  while (db.execAndGet("PRAGMA user_version").getInt() < kSchemaVersion) {
    SQLite::Transaction transaction(db, SQLite::TransactionBehavior::IMMEDIATE);
    // Read again under the write lock: another process may have migrated meanwhile.
    const int version = db.execAndGet("PRAGMA user_version").getInt();
    if (version >= kSchemaVersion)
      return; // nothing written; the transaction rolls back
    if (version == 0)
      db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
    db.exec(kMigrations[static_cast<std::size_t>(version)]);
    db.exec("PRAGMA user_version = " + std::to_string(version + 1));
    transaction.commit();
  }
}

} // namespace ps::machine::store

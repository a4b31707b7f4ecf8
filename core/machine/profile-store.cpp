#include "machine/profile-store.h"

#include "machine/store-schema.h"
#include "support/json-text.h"
#include "support/text.h"

#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <stdexcept>

namespace ps::machine {

std::string defaultStorePath()
{
  if (const char* db = std::getenv("PARTSCOPE_DB"); db && *db)
    return db;
  std::string data;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
    data = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    data = std::string(home) + "/.local/share";
  else
    return "";
  return data + "/PartScope/PartScope/profiles.sqlite";
}

std::string storePath(const std::string& dbOption)
{
  return dbOption.empty() ? defaultStorePath() : dbOption;
}

bool checkStoredName(const std::string& name, std::string* error)
{
  if (name.empty()) {
    *error = "Machine name is empty; give the stored profile a name";
    return false;
  }
  const auto allowed = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'; };
  if (!std::all_of(name.begin(), name.end(), allowed)) {
    *error = "Machine name '" + name + "' may hold only letters, digits, '_', '-' and '.'";
    return false;
  }
  for (const auto& p : builtinProfiles()) {
    if (toLower(p.name) == toLower(name)) {
      *error = "Machine '" + name + "' is a built-in profile; give the stored profile another name";
      return false;
    }
  }
  return true;
}

struct ProfileStore::Impl {
  std::string path;
  SQLite::Database db;
};

namespace {

/// Runs `body`, turning any exception (SQLiteCpp throws on every SQLite
/// error, nlohmann on bad JSON) into a one-sentence `error`; the failed
/// call's transaction has rolled back by then.
template <class Body>
auto guarded(const std::string& path, std::string* error, Body body) -> decltype(body())
{
  try {
    return body();
  } catch (const std::exception& e) {
    *error = "Profile store '" + path + "': " + e.what();
    return {};
  }
}

/// Now as ISO 8601 in UTC, e.g. "2024-05-01T12:34:56Z".
std::string nowUtc()
{
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

/// Creates the folders of a new store's path.
bool makeFolders(const std::string& path, std::string* error)
{
  const auto folder = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (folder.empty() || std::filesystem::is_directory(folder, ec))
    return true;
  std::filesystem::create_directories(folder, ec);
  if (ec)
    *error = "Cannot create the folder '" + folder.string() + "' of the profile store: " + ec.message();
  return !ec;
}

/// The connection of a checked (or new) file: foreign keys on, WAL journal,
/// schema migrated. WAL is switched on after the migration, so a new file's
/// application_id is in its header from the first commit.
SQLite::Database connect(const std::string& path)
{
  SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE, 5000);
  db.exec("PRAGMA foreign_keys = ON");
  store::migrate(db);
  db.execAndGet("PRAGMA journal_mode = WAL");
  return db;
}

/// The validated profile of `json`, named as a stored profile may be.
std::optional<MachineProfile> validProfile(const std::string& json, std::string* error)
{
  auto profile = profileFromJson(json, error);
  if (profile && !checkStoredName(profile->name, error))
    return std::nullopt;
  return profile;
}

/// Inserts or replaces machine `name` (one statement; the caller's transaction).
void upsertMachine(SQLite::Database& db, const std::string& name, const std::string& json, const char* origin,
                   std::optional<std::int64_t> runId)
{
  SQLite::Statement insert(db, "INSERT INTO machines (name, profile_json, origin, run_id, created_at) "
                               "VALUES (?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET "
                               "profile_json = excluded.profile_json, origin = excluded.origin, "
                               "run_id = excluded.run_id, created_at = excluded.created_at");
  insert.bind(1, name);
  insert.bind(2, json);
  insert.bind(3, origin);
  if (runId)
    insert.bind(4, *runId);
  else
    insert.bind(4); // NULL: an imported profile has no run
  insert.bind(5, nowUtc());
  insert.exec();
}

void insertPoint(SQLite::Statement& insert, std::int64_t runId, const TrainingPoint& p)
{
  insert.reset();
  insert.bind(1, runId);
  insert.bind(2, p.pattern);
  insert.bind(3, p.ranks);
  insert.bind(4, p.strideElements);
  insert.bind(5, p.bytes);
  insert.bind(6, p.medianSeconds);
  insert.bind(7, p.lowSeconds);
  insert.bind(8, p.highSeconds);
  insert.bind(9, p.repetitions);
  insert.exec();
}

constexpr const char* kInsertPoint =
    "INSERT INTO raw_points (run_id, pattern, ranks, stride_elements, bytes, median_s, low_s, high_s, repetitions) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";

nlohmann::json segmentsJson(const CommCurve& c)
{
  auto segments = nlohmann::json::array();
  for (const auto& s : c.segments)
    segments.push_back({{"from_bytes", s.fromBytes}, {"to_bytes", s.toBytes}, {"a", s.a}, {"b", s.b}});
  return segments;
}

void insertFit(SQLite::Database& db, std::int64_t runId, const CommCurve& c)
{
  SQLite::Statement insert(db, "INSERT INTO fits (run_id, pattern, ranks, stride_elements, packet_bytes, "
                               "segments_json, chi_square_per_dof, max_relative_error) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
  insert.bind(1, runId);
  insert.bind(2, c.pattern);
  insert.bind(3, c.ranks);
  insert.bind(4, c.strideElements);
  insert.bind(5, c.packetBytes);
  insert.bind(6, ps::jsonText(segmentsJson(c)));
  insert.bind(7, c.chiSquarePerDof);
  insert.bind(8, c.maxRelativeError);
  insert.exec();
}

CommCurve fitFromRow(SQLite::Statement& row)
{
  CommCurve c;
  c.pattern = row.getColumn(0).getString();
  c.ranks = row.getColumn(1).getInt();
  c.strideElements = row.getColumn(2).getInt64();
  c.packetBytes = row.getColumn(3).getDouble();
  for (const auto& s : nlohmann::json::parse(row.getColumn(4).getString()))
    c.segments.push_back({s.at("from_bytes").get<double>(), s.at("to_bytes").get<double>(), s.at("a").get<double>(),
                          s.at("b").get<double>()});
  c.chiSquarePerDof = row.getColumn(5).getDouble();
  c.maxRelativeError = row.getColumn(6).getDouble();
  return c;
}

/// The machine name of run `runId`; throws when there is no such run.
std::string runMachine(SQLite::Database& db, std::int64_t runId)
{
  SQLite::Statement query(db, "SELECT machine_name FROM calibration_runs WHERE id = ?");
  query.bind(1, runId);
  if (!query.executeStep())
    throw std::runtime_error("there is no calibration run " + std::to_string(runId));
  return query.getColumn(0).getString();
}

void readPoints(SQLite::Database& db, std::int64_t runId, TrainingRun& run)
{
  SQLite::Statement points(db, "SELECT pattern, ranks, stride_elements, bytes, median_s, low_s, high_s, repetitions "
                               "FROM raw_points WHERE run_id = ? ORDER BY id");
  points.bind(1, runId);
  while (points.executeStep())
    run.points.push_back({points.getColumn(0).getString(), points.getColumn(1).getInt(),
                          points.getColumn(2).getInt64(), points.getColumn(3).getInt64(),
                          points.getColumn(4).getDouble(), points.getColumn(5).getDouble(),
                          points.getColumn(6).getDouble(), points.getColumn(7).getInt()});
  SQLite::Statement operations(db, "SELECT operation, seconds FROM operations WHERE run_id = ? ORDER BY id");
  operations.bind(1, runId);
  while (operations.executeStep())
    run.operations.push_back({operations.getColumn(0).getString(), operations.getColumn(1).getDouble()});
}

} // namespace

ProfileStore::ProfileStore(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
ProfileStore::ProfileStore(ProfileStore&&) noexcept = default;
ProfileStore& ProfileStore::operator=(ProfileStore&&) noexcept = default;
ProfileStore::~ProfileStore() = default;

std::optional<ProfileStore> ProfileStore::open(const std::string& path, std::string* error)
{
  if (path.empty()) {
    *error = "No profile store location: set PARTSCOPE_DB or HOME, or give --db FILE";
    return std::nullopt;
  }
  std::error_code ec;
  if (std::filesystem::exists(path, ec) ? !store::checkExistingFile(path, error) : !makeFolders(path, error))
    return std::nullopt;
  return guarded(path, error, [&]() -> std::optional<ProfileStore> {
    return ProfileStore(std::make_unique<Impl>(Impl{path, connect(path)}));
  });
}

const std::string& ProfileStore::path() const { return m_impl->path; }

std::optional<int> ProfileStore::schemaVersion(std::string* error) const
{
  return guarded(path(), error, [&]() -> std::optional<int> {
    return m_impl->db.execAndGet("PRAGMA user_version").getInt();
  });
}

std::optional<std::vector<StoredMachine>> ProfileStore::machines(std::string* error) const
{
  return guarded(path(), error, [&]() -> std::optional<std::vector<StoredMachine>> {
    std::vector<StoredMachine> out;
    SQLite::Statement query(m_impl->db, "SELECT name, profile_json, origin, created_at FROM machines ORDER BY name");
    while (query.executeStep()) {
      const auto name = query.getColumn(0).getString();
      // The title only: a profile stored by another version still lists.
      const auto j = nlohmann::json::parse(query.getColumn(1).getString(), nullptr, false);
      const auto title = j.is_object() && j.contains("title") && j["title"].is_string() ? j["title"].get<std::string>()
                                                                                        : name;
      out.push_back({name, title, query.getColumn(2).getString(), query.getColumn(3).getString()});
    }
    return out;
  });
}

std::optional<std::string> ProfileStore::profileJson(const std::string& name, std::string* error) const
{
  return guarded(path(), error, [&]() -> std::optional<std::string> {
    SQLite::Statement query(m_impl->db, "SELECT profile_json FROM machines WHERE name = ?");
    query.bind(1, name);
    if (query.executeStep())
      return query.getColumn(0).getString();
    *error = "No machine '" + name + "' in the profile store '" + path() + "'";
    return std::nullopt;
  });
}

std::optional<MachineProfile> ProfileStore::loadProfile(const std::string& name, std::string* error) const
{
  const auto json = profileJson(name, error);
  if (!json)
    return std::nullopt;
  auto profile = profileFromJson(*json, error);
  if (!profile)
    *error = "Stored machine '" + name + "' in '" + path() + "': " + *error;
  return profile;
}

std::optional<std::string> ProfileStore::importProfile(const std::string& json, std::string* error)
{
  const auto profile = validProfile(json, error);
  if (!profile)
    return std::nullopt;
  return guarded(path(), error, [&]() -> std::optional<std::string> {
    SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
    upsertMachine(m_impl->db, profile->name, json, "imported", std::nullopt);
    transaction.commit();
    return profile->name;
  });
}

bool ProfileStore::removeMachine(const std::string& name, std::string* error)
{
  return guarded(path(), error, [&]() {
    SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement machine(m_impl->db, "DELETE FROM machines WHERE name = ?");
    machine.bind(1, name);
    SQLite::Statement runs(m_impl->db, "DELETE FROM calibration_runs WHERE machine_name = ?");
    runs.bind(1, name);
    if (machine.exec() + runs.exec() == 0) {
      *error = "No machine '" + name + "' in the profile store '" + path() + "'";
      return false; // nothing was deleted; the transaction rolls back
    }
    transaction.commit();
    return true;
  });
}

std::optional<std::int64_t> ProfileStore::beginRun(const std::string& machineName, const TrainingRun& header,
                                                   std::string* error)
{
  if (!checkStoredName(machineName, error))
    return std::nullopt;
  return guarded(path(), error, [&]() -> std::optional<std::int64_t> {
    SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement insert(m_impl->db, "INSERT INTO calibration_runs (machine_name, host, mpi_library, started_at, "
                                         "ranks, quick, oversubscribed, complete) VALUES (?, ?, ?, ?, ?, ?, ?, 0)");
    insert.bind(1, machineName);
    insert.bind(2, header.host);
    insert.bind(3, header.mpiLibrary);
    insert.bind(4, header.startedAt.empty() ? nowUtc() : header.startedAt);
    insert.bind(5, header.ranks);
    insert.bind(6, header.quick ? 1 : 0);
    insert.bind(7, header.oversubscribed ? 1 : 0);
    insert.exec();
    const auto id = m_impl->db.getLastInsertRowid();
    transaction.commit();
    return id;
  });
}

bool ProfileStore::addPoint(std::int64_t runId, const TrainingPoint& point, std::string* error)
{
  return addPoints(runId, {point}, error);
}

bool ProfileStore::addPoints(std::int64_t runId, const std::vector<TrainingPoint>& points, std::string* error)
{
  return guarded(path(), error, [&]() {
    SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement insert(m_impl->db, kInsertPoint);
    for (const auto& p : points)
      insertPoint(insert, runId, p); // a wrong run id fails the foreign key
    transaction.commit();
    return true;
  });
}

bool ProfileStore::addOperation(std::int64_t runId, const OperationMeasurement& operation, std::string* error)
{
  return guarded(path(), error, [&]() {
    SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement insert(m_impl->db, "INSERT INTO operations (run_id, operation, seconds) VALUES (?, ?, ?)");
    insert.bind(1, runId);
    insert.bind(2, operation.operation);
    insert.bind(3, operation.seconds);
    insert.exec();
    transaction.commit();
    return true;
  });
}

bool ProfileStore::finishRun(std::int64_t runId, const std::string& profileJson, const std::vector<CommCurve>& curves,
                             std::string* error)
{
  const auto profile = validProfile(profileJson, error);
  if (!profile)
    return false;
  return guarded(path(), error, [&]() {
    SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
    if (const auto name = runMachine(m_impl->db, runId); name != profile->name) {
      *error = "The profile is named '" + profile->name + "' but calibration run " + std::to_string(runId) +
               " is for machine '" + name + "'";
      return false;
    }
    SQLite::Statement clear(m_impl->db, "DELETE FROM fits WHERE run_id = ?"); // finishing twice replaces the fits
    clear.bind(1, runId);
    clear.exec();
    for (const auto& c : curves)
      insertFit(m_impl->db, runId, c);
    SQLite::Statement complete(m_impl->db, "UPDATE calibration_runs SET complete = 1 WHERE id = ?");
    complete.bind(1, runId);
    complete.exec();
    upsertMachine(m_impl->db, profile->name, profileJson, "calibrated", runId);
    transaction.commit();
    return true;
  });
}

bool ProfileStore::latestRun(const std::string& machineName, std::optional<StoredRun>* run, std::string* error) const
{
  return guarded(path(), error, [&]() {
    run->reset();
    SQLite::Statement query(m_impl->db,
                            "SELECT id, host, mpi_library, started_at, ranks, quick, oversubscribed, complete "
                            "FROM calibration_runs WHERE machine_name = ? ORDER BY id DESC LIMIT 1");
    query.bind(1, machineName);
    if (!query.executeStep())
      return true;
    StoredRun out;
    out.id = query.getColumn(0).getInt64();
    out.machineName = machineName;
    out.run.host = query.getColumn(1).getString();
    out.run.mpiLibrary = query.getColumn(2).getString();
    out.run.startedAt = query.getColumn(3).getString();
    out.run.ranks = query.getColumn(4).getInt();
    out.run.quick = query.getColumn(5).getInt() != 0;
    out.run.oversubscribed = query.getColumn(6).getInt() != 0;
    out.run.complete = query.getColumn(7).getInt() != 0;
    readPoints(m_impl->db, out.id, out.run);
    *run = std::move(out);
    return true;
  });
}

std::optional<std::vector<CommCurve>> ProfileStore::fits(const std::string& machineName, std::string* error) const
{
  return guarded(path(), error, [&]() -> std::optional<std::vector<CommCurve>> {
    SQLite::Statement query(m_impl->db,
                            "SELECT f.pattern, f.ranks, f.stride_elements, f.packet_bytes, f.segments_json, "
                            "f.chi_square_per_dof, f.max_relative_error FROM fits f "
                            "JOIN machines m ON m.run_id = f.run_id WHERE m.name = ? ORDER BY f.id");
    query.bind(1, machineName);
    std::vector<CommCurve> out;
    while (query.executeStep())
      out.push_back(fitFromRow(query));
    return out;
  });
}

std::optional<std::int64_t> ProfileStore::keepEstimate(const std::string& name, const std::string& programPath,
                                                       const std::string& json, std::string* error)
{
  if (!nlohmann::json::accept(json)) {
    *error = "The estimate '" + name + "' to keep is not valid JSON";
    return std::nullopt;
  }
  return guarded(path(), error, [&]() -> std::optional<std::int64_t> {
    SQLite::Transaction transaction(m_impl->db, SQLite::TransactionBehavior::IMMEDIATE);
    SQLite::Statement insert(m_impl->db, "INSERT INTO kept_estimates (name, program_path, estimate_json, created_at) "
                                         "VALUES (?, ?, ?, ?)");
    insert.bind(1, name);
    insert.bind(2, programPath);
    insert.bind(3, json);
    insert.bind(4, nowUtc());
    insert.exec();
    const auto id = m_impl->db.getLastInsertRowid();
    transaction.commit();
    return id;
  });
}

std::optional<std::vector<KeptEstimate>> ProfileStore::estimates(std::string* error) const
{
  return guarded(path(), error, [&]() -> std::optional<std::vector<KeptEstimate>> {
    std::vector<KeptEstimate> out;
    SQLite::Statement query(m_impl->db, "SELECT id, name, program_path, estimate_json, created_at "
                                        "FROM kept_estimates ORDER BY id");
    while (query.executeStep())
      out.push_back({query.getColumn(0).getInt64(), query.getColumn(1).getString(), query.getColumn(2).getString(),
                     query.getColumn(3).getString(), query.getColumn(4).getString()});
    return out;
  });
}

} // namespace ps::machine

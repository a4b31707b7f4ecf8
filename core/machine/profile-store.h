#pragma once
// The profile store: one SQLite file (via SQLiteCpp) holding the machine
// profiles a user imported or calibrated, the raw measurements of every
// calibration run, the fitted curves, and the estimates a user chose to keep.
// Source: Balasundaram, Fox, Kennedy, Kremer 1991, Sec. 5 (the training set's
// raw data and its fitted piecewise-linear curves per pattern).
//
// Safety: a file that is not an SQLite database, belongs to another program
// (PRAGMA application_id), fails PRAGMA integrity_check or was written by a
// newer schema is reported and never written to. Every write is one
// transaction (WAL journal, foreign keys on), so a killed process leaves the
// file as of its last commit; a calibration commits each point as it arrives.

#include "machine/comm-curve.h"
#include "machine/machine-profile.h"
#include "machine/training-data.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ps::machine {

/// The database file of the profile store: `$PARTSCOPE_DB` when set and not
/// empty, else `$XDG_DATA_HOME` (or `$HOME/.local/share`) +
/// "/PartScope/PartScope/profiles.sqlite", the IDE's
/// QStandardPaths::AppDataLocation. Empty when neither HOME nor XDG_DATA_HOME
/// is set.
std::string defaultStorePath();

/// `dbOption` (a command's `--db FILE`) when not empty, else defaultStorePath().
std::string storePath(const std::string& dbOption);

/// Whether `name` can name a stored profile; false with `error` when it is
/// empty, holds anything but letters, digits, '_', '-' and '.', or is a
/// built-in profile's name in any case ("Machine 'paragon' is a built-in
/// profile; give the stored profile another name"). `--machine` looks up
/// built-ins first and takes a name with '/' as a path (machine-lookup.h),
/// so a stored profile named otherwise could never be found.
bool checkStoredName(const std::string& name, std::string* error);

/// One stored profile, as listed.
struct StoredMachine {
  std::string name;
  std::string title;
  std::string origin;    // "imported" or "calibrated"
  std::string createdAt; // ISO 8601, UTC, when this version of the profile was stored
};

/// An estimate a user chose to keep (the JSON of `estimate --json`).
struct KeptEstimate {
  std::int64_t id = 0;
  std::string name;
  std::string programPath;
  std::string json;
  std::string createdAt; // ISO 8601, UTC
};

/// A calibration run as stored: its header, raw points and operations.
struct StoredRun {
  std::int64_t id = 0;
  std::string machineName;
  TrainingRun run; // run.complete: finished with a profile; false: interrupted or still running
};

/// An open profile store. Every member reports failure as a one-sentence
/// `error` and returns false or nullopt; no exception leaves it.
class ProfileStore {
public:
  /// Opens the store at `path`, creating the file and its folders when
  /// missing, and migrates an older schema forward. Nullopt with `error` when
  /// the file is not ours or damaged (it is then left byte for byte as it was).
  static std::optional<ProfileStore> open(const std::string& path, std::string* error);

  ProfileStore(ProfileStore&&) noexcept;
  ProfileStore& operator=(ProfileStore&&) noexcept;
  ~ProfileStore();

  const std::string& path() const;
  /// PRAGMA user_version of the open file (the current schema after open()).
  std::optional<int> schemaVersion(std::string* error) const;

  /// The stored profiles, sorted by name.
  std::optional<std::vector<StoredMachine>> machines(std::string* error) const;
  /// A stored profile, parsed; "No machine 'x' in the profile store 'path'" when absent.
  std::optional<MachineProfile> loadProfile(const std::string& name, std::string* error) const;
  /// A stored profile's JSON text exactly as it was stored (export).
  std::optional<std::string> profileJson(const std::string& name, std::string* error) const;
  /// Stores a profile given as JSON text (machines/*.json format), replacing
  /// one of the same name; origin "imported". The text must pass
  /// profileFromJson and its name must not be a built-in profile's. Returns
  /// the profile's name.
  std::optional<std::string> importProfile(const std::string& json, std::string* error);
  /// Removes a profile and every calibration run of its name (points, operations, fits).
  bool removeMachine(const std::string& name, std::string* error);

  /// Starts a calibration run for the profile to be called `machineName`
  /// from `header` (host, MPI library, started_at, ranks, quick,
  /// oversubscribed; its points and operations are ignored). Returns the run id.
  std::optional<std::int64_t> beginRun(const std::string& machineName, const TrainingRun& header, std::string* error);
  /// Stores one raw point, committed at once (an interrupted run keeps it).
  bool addPoint(std::int64_t runId, const TrainingPoint& point, std::string* error);
  /// Stores several raw points in one transaction: all of them or none.
  bool addPoints(std::int64_t runId, const std::vector<TrainingPoint>& points, std::string* error);
  /// Stores one measured operation cost, committed at once.
  bool addOperation(std::int64_t runId, const OperationMeasurement& operation, std::string* error);
  /// Completes a run in one transaction: marks it complete, stores `curves`
  /// as its fits and `profileJson` (which must pass profileFromJson and be
  /// named as the run's machine) as a calibrated profile, replacing one of
  /// that name.
  bool finishRun(std::int64_t runId, const std::string& profileJson, const std::vector<CommCurve>& curves,
                 std::string* error);
  /// Sets `run` to the latest run (complete or not) of a machine name, with
  /// its raw points and operations in the order they were stored, or to
  /// nullopt when the name has no run. False with `error` on failure.
  bool latestRun(const std::string& machineName, std::optional<StoredRun>* run, std::string* error) const;
  /// The fitted curves of the run that produced a calibrated profile (empty
  /// for an imported one), in the order they were stored.
  std::optional<std::vector<CommCurve>> fits(const std::string& machineName, std::string* error) const;

  /// Keeps an estimate (`json` must be valid JSON); returns its id.
  std::optional<std::int64_t> keepEstimate(const std::string& name, const std::string& programPath,
                                           const std::string& json, std::string* error);
  /// The kept estimates, oldest first.
  std::optional<std::vector<KeptEstimate>> estimates(std::string* error) const;

private:
  struct Impl;
  explicit ProfileStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> m_impl;
};

} // namespace ps::machine

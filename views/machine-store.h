#pragma once
// The IDE's access to the profile store (core/machine/profile-store.h): where
// the file is, the Machines view's providers, and finding a machine by name
// for the estimate, plan and scale jobs (built-in, then stored, then a JSON
// path, as `partscope-cli --machine` does).

#include "machine/machine-profile.h"
#include "machine/training-data.h"

#include <QString>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ps::views {

/// The store the IDE reads and `partscope-cli calibrate --db` writes:
/// $PARTSCOPE_DB when set, else QStandardPaths::AppDataLocation + "/profiles.sqlite"
/// (the same file as the CLI's default for organisation and application "PartScope").
QString machineStorePath();

/// The calibrated and imported profiles of the store at `path`; empty when the
/// file does not exist or cannot be read (the store is never created here).
std::vector<machine::MachineProfile> storedProfiles(const QString& path);

/// The raw points of the latest calibration run of `name` in the store at
/// `path`; empty when there is none.
std::vector<machine::TrainingPoint> storedPoints(const QString& path, const std::string& name);

/// The profile `nameOrPath`: built-in, then in machineStorePath(), then a JSON
/// file; nullopt with the CLI's one-sentence `error` otherwise.
std::optional<machine::MachineProfile> findIdeMachine(const std::string& nameOrPath, std::string* error);

} // namespace ps::views

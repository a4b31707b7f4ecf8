#include "views/machine-store.h"

#include "machine/machine-lookup.h"
#include "machine/profile-store.h"

#include <QFileInfo>
#include <QStandardPaths>

namespace ps::views {

namespace {

/// The store at `path` when the file exists (a listing never creates one).
std::optional<machine::ProfileStore> openExisting(const QString& path)
{
  if (!QFileInfo::exists(path))
    return std::nullopt;
  std::string error;
  return machine::ProfileStore::open(path.toStdString(), &error);
}

} // namespace

QString machineStorePath()
{
  const auto fromEnvironment = qEnvironmentVariable("PARTSCOPE_DB");
  if (!fromEnvironment.isEmpty())
    return fromEnvironment;
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + "/profiles.sqlite";
}

std::vector<machine::MachineProfile> storedProfiles(const QString& path)
{
  std::vector<machine::MachineProfile> out;
  auto store = openExisting(path);
  std::string error;
  const auto listed = store ? store->machines(&error) : std::nullopt;
  if (!listed)
    return out;
  for (const auto& m : *listed)
    if (auto p = store->loadProfile(m.name, &error))
      out.push_back(std::move(*p));
  return out;
}

std::vector<machine::TrainingPoint> storedPoints(const QString& path, const std::string& name)
{
  auto store = openExisting(path);
  std::optional<machine::StoredRun> run;
  std::string error;
  if (!store || !store->latestRun(name, &run, &error) || !run)
    return {};
  return run->run.points;
}

std::optional<machine::MachineProfile> findIdeMachine(const std::string& nameOrPath, std::string* error)
{
  return machine::findMachine(nameOrPath, machineStorePath().toStdString(), error);
}

} // namespace ps::views

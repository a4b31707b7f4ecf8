#include "machine/machine-lookup.h"

#include "machine/profile-store.h"

#include <filesystem>

namespace ps::machine {

namespace {

std::string commaList(const std::vector<std::string>& names)
{
  std::string out;
  for (const auto& n : names)
    out += (out.empty() ? "" : ", ") + n;
  return out;
}

/// Looks `name` up in the store; `storedNames` gets every stored name and
/// `storeError` why the store could not be read.
std::optional<MachineProfile> fromStore(const std::string& name, const std::string& storePath,
                                        std::vector<std::string>& storedNames, std::string& storeError,
                                        std::string* error)
{
  std::error_code ec;
  if (storePath.empty() || !std::filesystem::exists(storePath, ec))
    return std::nullopt; // no store yet: never create one just to look a name up
  auto store = ProfileStore::open(storePath, &storeError);
  const auto listed = store ? store->machines(&storeError) : std::nullopt;
  for (const auto& m : listed.value_or(std::vector<StoredMachine>{})) {
    if (m.name == name)
      return store->loadProfile(name, error);
    storedNames.push_back(m.name);
  }
  return std::nullopt;
}

} // namespace

std::optional<MachineProfile> findMachine(const std::string& nameOrPath, const std::string& storePath,
                                          std::string* error)
{
  for (const auto& p : builtinProfiles())
    if (p.name == nameOrPath)
      return p;
  std::vector<std::string> stored;
  std::string storeError;
  error->clear();
  if (nameOrPath.find('/') == std::string::npos) // a stored name has no '/'; a path does
    if (auto p = fromStore(nameOrPath, storePath, stored, storeError, error); p || !error->empty())
      return p;
  if (nameOrPath.find('/') != std::string::npos || nameOrPath.find(".json") != std::string::npos)
    return findProfile(nameOrPath, error);
  std::vector<std::string> builtin;
  for (const auto& p : builtinProfiles())
    builtin.push_back(p.name);
  *error = "Unknown machine '" + nameOrPath + "'; built-in profiles are " + commaList(builtin) +
           (stored.empty() ? "" : ", stored profiles are " + commaList(stored)) + ", or give a JSON file";
  if (!storeError.empty())
    *error += " (the profile store was not read: " + storeError + ")";
  return std::nullopt;
}

} // namespace ps::machine

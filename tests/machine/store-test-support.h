#pragma once
// Helpers of the profile store tests: fresh database paths, a file's bytes,
// numbered training points whose fields all derive from their number.

#include "machine/builtin-machines.h"
#include "machine/training-data.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

namespace ps::test {

/// A path in a new, empty folder of its own: "<tmp>/ps-store-<name>-<pid>/sub/profiles.sqlite"
/// (the "sub" folder does not exist yet: open() must create it).
inline std::string freshStorePath(const std::string& name)
{
  const auto folder = std::filesystem::path(testing::TempDir()) / ("ps-store-" + name + "-" + std::to_string(getpid()));
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  return (folder / "sub" / "profiles.sqlite").string();
}

inline std::string fileBytes(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline void writeBytes(const std::string& path, const std::string& bytes)
{
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

/// Training point number `i`: every field a function of i, so a row read back
/// shows whether it was written whole.
inline machine::TrainingPoint numberedPoint(int i)
{
  static const char* patterns[] = {"iSR", "vSR", "EXCH", "BCAST", "COMBN", "pingpong"};
  return {patterns[i % 6], 2 + i % 7, 1 + i % 3, std::int64_t{i} * 8, 1e-6 * (i + 1), 0.9e-6 * (i + 1),
          1.1e-6 * (i + 1), 10 + i % 5};
}

/// A built-in profile's JSON text with another name (a stored profile may not
/// take a built-in name).
inline std::string renamedBuiltin(const std::string& builtin, const std::string& name)
{
  for (const auto& t : machine::builtinMachineTexts())
    if (builtin == t.name) {
      auto j = nlohmann::json::parse(t.json);
      j["name"] = name;
      return j.dump(2);
    }
  ADD_FAILURE() << "no built-in profile " << builtin;
  return "";
}

inline machine::TrainingRun runHeader()
{
  machine::TrainingRun run;
  run.host = "node01";
  run.mpiLibrary = "Open MPI v4.1.4";
  run.startedAt = "2024-05-01T12:00:00Z";
  run.ranks = 4;
  run.quick = true;
  run.oversubscribed = true;
  return run;
}

} // namespace ps::test

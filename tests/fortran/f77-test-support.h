#pragma once
// Helpers of the Fortran 77 front-end tests: a scratch folder with files,
// parsing with options, diagnostics as "file:line:column: message", and the
// gfortran acceptance check.

#include "fortran/parser.h"
#include "profile/child-process.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace ps::test {

/// A fresh folder under the temporary directory, removed at the end.
class ScratchDir {
public:
  explicit ScratchDir(const std::string& name)
    : m_path(std::filesystem::temp_directory_path() / ("partscope-f77-" + name + "-" + std::to_string(::getpid())))
  {
    std::filesystem::remove_all(m_path);
    std::filesystem::create_directories(m_path);
  }
  ~ScratchDir() { std::filesystem::remove_all(m_path); }
  /// Writes `text` to `name` (sub-folders are created) and returns its path.
  std::string write(const std::string& name, const std::string& text) const
  {
    const auto p = m_path / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }
  std::string path(const std::string& name = "") const { return (m_path / name).string(); }

private:
  std::filesystem::path m_path;
};

/// Every diagnostic as format() prints it, first line only ("path:line:col: severity: message").
inline std::vector<std::string> formatted(const fortran::ParsedFile& parsed)
{
  std::vector<std::string> out;
  for (const auto& d : parsed.diagnostics) {
    auto text = fortran::format(d, *parsed.file);
    out.push_back(text);
  }
  return out;
}

/// True when gfortran accepts `path` (-fsyntax-only, legacy dialect); the
/// test is skipped when gfortran is missing.
inline bool gfortranAccepts(const std::string& path, const std::vector<std::string>& extra = {})
{
  if (!profile::findProgram("gfortran"))
    return true;
  profile::ChildRequest r;
  r.argv = {"gfortran", "-fsyntax-only", "-std=legacy", "-w"};
  r.argv.insert(r.argv.end(), extra.begin(), extra.end());
  r.argv.push_back(path);
  r.folder = std::filesystem::path(path).parent_path().string();
  const auto result = profile::runChild(r);
  return result.outcome == profile::ChildResult::Outcome::Exited && result.code == 0;
}

} // namespace ps::test

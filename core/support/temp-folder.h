#pragma once
// A private temporary folder for one command's helper files (a profile run's
// compiled program, the replay's message list, a simulated calibration's
// platform), removed with everything in it. Each gets its own (mkdtemp under
// the system's temporary folder, TMPDIR respected), so parallel runs never
// share one.

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

namespace ps {

class TempFolder {
public:
  /// A new folder "<temp>/STEM-XXXXXX"; path() is empty when none could be made.
  explicit TempFolder(const std::string& stem)
  {
    std::string pattern = (std::filesystem::temp_directory_path() / (stem + "-XXXXXX")).string();
    if (mkdtemp(pattern.data()))
      m_path = pattern;
  }
  ~TempFolder()
  {
    std::error_code ignored;
    if (!m_path.empty())
      std::filesystem::remove_all(m_path, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const std::filesystem::path& path() const { return m_path; }
  /// The path of `name` inside the folder.
  std::string file(const std::string& name) const { return (m_path / name).string(); }

private:
  std::filesystem::path m_path;
};

} // namespace ps

#include "support/text.h"

#include <cstdio>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace ps {

std::string toLower(std::string_view s)
{
  std::string out(s);
  for (auto& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string toUpper(std::string_view s)
{
  std::string out(s);
  for (auto& c : out)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string trim(std::string_view s)
{
  const auto b = s.find_first_not_of(" \t");
  if (b == std::string_view::npos)
    return {};
  return std::string(s.substr(b, s.find_last_not_of(" \t") - b + 1));
}

std::string compact(std::string_view s)
{
  std::string out;
  for (char c : s) {
    if (!std::isspace(static_cast<unsigned char>(c)))
      out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  }
  return out;
}

std::string formatNumber(double value)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", value);
  return buffer;
}

std::optional<std::string> readTextFile(const std::string& path, std::string* error)
{
  // A directory reads as empty and /dev/zero never ends: only regular files.
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec)) {
    if (error)
      *error = "Cannot read '" + path + "': " +
               (std::filesystem::is_directory(path, ec) ? "it is a directory" : "it is not a regular file");
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error)
      *error = "Cannot read '" + path + "': " + std::strerror(errno);
    return std::nullopt;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) {
    if (error)
      *error = "Cannot read '" + path + "'";
    return std::nullopt;
  }
  return buffer.str();
}

} // namespace ps

#include "support/text.h"

#include <cstdio>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <cstddef>

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

std::set<std::string> namesIn(std::string_view text)
{
  std::set<std::string> words;
  std::string word;
  for (char c : toLower(text) + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      word += c;
    } else if (!word.empty()) {
      words.insert(word);
      word.clear();
    }
  }
  return words;
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

std::string counted(long long n, std::string_view noun)
{
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

std::string joinWithAnd(const std::vector<std::string>& items)
{
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return out;
}

std::string lineRanges(const std::vector<int>& sorted)
{
  std::vector<std::string> runs;
  for (std::size_t i = 0; i < sorted.size();) {
    auto j = i;
    while (j + 1 < sorted.size() && (sorted[j + 1] == sorted[j] + 1 || sorted[j + 1] == sorted[j]))
      ++j; // two statements on one line count once
    runs.push_back(std::to_string(sorted[i]) + (j > i ? "-" + std::to_string(sorted[j]) : ""));
    i = j + 1;
  }
  return joinWithAnd(runs);
}

std::string ordinal(long long n)
{
  const auto last2 = (n < 0 ? -n : n) % 100;
  const auto last = last2 % 10;
  const char* suffix = last2 >= 11 && last2 <= 13 ? "th" : last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
}

namespace {

/// Why `text` (read from `path`) is no text file, or nullopt when it is one.
std::optional<std::string> notTextReason(const std::string& text, const std::string& path)
{
  if (text.size() > kMaxTextFileBytes)
    return "'" + path + "' is larger than " + std::to_string(kMaxTextFileBytes >> 20) + " MB";
  const auto nul = text.find('\0');
  if (nul != std::string::npos)
    return "'" + path + "' is not a text file (NUL byte at offset " + std::to_string(nul) + ")";
  return std::nullopt;
}

} // namespace

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
  // Read at most one byte past the cap, so a huge file is refused without
  // being read whole.
  std::string text;
  char chunk[1 << 16];
  while (text.size() <= kMaxTextFileBytes && in.read(chunk, sizeof chunk).gcount() > 0)
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
  if (in.bad()) {
    if (error)
      *error = "Cannot read '" + path + "'";
    return std::nullopt;
  }
  if (auto why = notTextReason(text, path)) {
    if (error)
      *error = *why;
    return std::nullopt;
  }
  // gfortran and editors skip a UTF-8 byte-order mark; read as text, it is a
  // broken label field and loses the first statement.
  if (text.starts_with("\xEF\xBB\xBF"))
    text.erase(0, 3);
  return text;
}

std::string letterName(std::size_t index)
{
  std::string name;
  for (std::size_t n = index + 1; n > 0; n = (n - 1) / 26)
    name.insert(name.begin(), static_cast<char>('A' + (n - 1) % 26));
  return name;
}

} // namespace ps

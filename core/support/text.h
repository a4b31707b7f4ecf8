#pragma once
// Small text helpers shared by the front end, the mapping specs and the CLI.

#include <optional>
#include <string>
#include <string_view>

namespace ps {

/// ASCII lower/upper case (Fortran names and keywords are ASCII).
std::string toLower(std::string_view s);
std::string toUpper(std::string_view s);
/// `s` without leading and trailing blanks and tabs.
std::string trim(std::string_view s);
/// Lower case with all white space removed ("X = S + 1" -> "x=s+1").
std::string compact(std::string_view s);

/// A number for messages: up to 6 significant digits, no trailing zeros
/// ("20", "0.0125", "1.5e+06").
std::string formatNumber(double value);

/// Reads a whole regular file; nullopt with `error` set ("Cannot read 'x':
/// No such file or directory", "... it is a directory") when it cannot be
/// read.
std::optional<std::string> readTextFile(const std::string& path, std::string* error);

} // namespace ps

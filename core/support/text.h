#pragma once
// Small text helpers shared by the front end, the mapping specs and the CLI.

#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ps {

/// ASCII lower/upper case (Fortran names and keywords are ASCII).
std::string toLower(std::string_view s);
std::string toUpper(std::string_view s);
/// `s` without leading and trailing blanks and tabs.
std::string trim(std::string_view s);
/// The names (runs of letters, digits and '_') in `text`, lower case:
/// "A(I) = B(I+1)" -> {a, b, i}.
std::set<std::string> namesIn(std::string_view text);
/// Lower case with all white space removed ("X = S + 1" -> "x=s+1").
std::string compact(std::string_view s);

/// A number for messages: up to 6 significant digits, no trailing zeros
/// ("20", "0.0125", "1.5e+06").
std::string formatNumber(double value);

/// "1 format", "3 formats": a count with its noun in the right number
/// (`noun` is singular; the plural adds an s).
std::string counted(long long n, std::string_view noun);

/// A list for messages: "a", "a and b", "a, b and c".
std::string joinWithAnd(const std::vector<std::string>& items);

/// Line numbers (sorted) for messages, runs joined: {11,12,13,16} -> "11-13 and 16".
std::string lineRanges(const std::vector<int>& sorted);

/// A variant's default name by its 0-based index, as spreadsheet columns:
/// "A" .. "Z", "AA", "AB", .. (the 27th variant was "A" again).
std::string letterName(std::size_t index);

/// English ordinal: "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st".
std::string ordinal(long long n);

/// The largest file readTextFile accepts, in bytes (16 MB: far beyond any
/// Fortran source, machine profile or counts file).
inline constexpr std::size_t kMaxTextFileBytes = std::size_t{16} << 20;

/// Reads a whole regular text file; nullopt with `error` set when it cannot
/// be read ("Cannot read 'x': No such file or directory", "... it is a
/// directory", "... it is not a regular file"), is larger than
/// kMaxTextFileBytes ("'x' is larger than 16 MB") or holds a NUL byte ("'x'
/// is not a text file (NUL byte at offset 12)"). A leading UTF-8 byte-order
/// mark is dropped (gfortran accepts it). Every command that reads a program,
/// profile or model goes through it.
std::optional<std::string> readTextFile(const std::string& path, std::string* error);

} // namespace ps

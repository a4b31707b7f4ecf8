#pragma once
// The options of every subcommand that reads a program: --form,
// --include-dir DIR (repeatable, gfortran's -I) and -D NAME[=VALUE]
// (repeatable, cpp macros).

#include "fortran/parser.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace ps::cli {

struct SourceOptions {
  std::vector<std::string> includeDirs;
  std::vector<std::string> defines;
};

/// A check for an option that takes a whole number >= 1: the message names
/// `what` ("a line number") instead of CLI11's range with a 300-digit bound.
inline CLI::Validator atLeastOne(const std::string& what)
{
  return CLI::Validator(
      [what](std::string& text) -> std::string {
        std::size_t used = 0;
        long long value = 0;
        try {
          value = std::stoll(text, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used == text.size() && used > 0 && value >= 1)
          return {};
        return "needs " + what + " of at least 1, got '" + text + "'";
      },
      "INT>=1");
}

/// A check for an option whose value must not be empty ('--simgrid ""' ran a
/// real calibration, as if the option were not given).
inline CLI::Validator notEmpty(const std::string& what)
{
  return CLI::Validator(
      [what](std::string& text) { return text.empty() ? "needs " + what + ", got an empty value" : std::string(); },
      "TEXT");
}

/// A check for an option that takes a number > 0 (seconds, say), with a
/// message naming `what`.
inline CLI::Validator greaterThanZero(const std::string& what)
{
  return CLI::Validator(
      [what](std::string& text) -> std::string {
        std::size_t used = 0;
        double value = 0;
        try {
          value = std::stod(text, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used == text.size() && used > 0 && value > 0 && value <= 1e9)
          return {};
        return "needs " + what + " greater than 0 (at most 1e9), got '" + text + "'";
      },
      "NUMBER>0");
}

/// A check for -D: NAME or NAME=VALUE with NAME a C identifier ('=3' was
/// silently ignored by cpp).
inline CLI::Validator macroDefinition()
{
  return CLI::Validator(
      [](std::string& text) -> std::string {
        const auto name = text.substr(0, text.find('='));
        const bool ok = !name.empty() && !std::isdigit(static_cast<unsigned char>(name[0])) &&
                        std::all_of(name.begin(), name.end(),
                                    [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
        return ok ? std::string() : "needs NAME or NAME=VALUE with NAME a macro name, got '" + text + "'";
      },
      "NAME[=VALUE]");
}

/// Adds --include-dir and -D to `command`.
inline void addSourceOptions(CLI::App* command, SourceOptions& o)
{
  command->add_option("--include-dir,-I", o.includeDirs,
                      "Folder searched for INCLUDE and #include files after the file's own; repeat for more");
  command
      ->add_option("-D", o.defines, "C preprocessor macro NAME or NAME=VALUE (for .F/.F90 files and '#' lines); "
                                    "repeat for more")
      ->check(macroDefinition());
}

/// The parser's options from `form` ("auto", "fixed", "free") and `o`.
inline fortran::ParseOptions parseOptions(const std::string& form, const SourceOptions& o)
{
  fortran::ParseOptions options;
  if (form == "fixed")
    options.form = fortran::SourceForm::Fixed;
  else if (form == "free")
    options.form = fortran::SourceForm::Free;
  options.includeDirs = o.includeDirs;
  options.defines = o.defines;
  return options;
}

} // namespace ps::cli

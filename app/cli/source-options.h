#pragma once
// The options of every subcommand that reads a program: --form,
// --include-dir DIR (repeatable, gfortran's -I) and -D NAME[=VALUE]
// (repeatable, cpp macros).

#include "fortran/parser.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace ps::cli {

struct SourceOptions {
  std::vector<std::string> includeDirs;
  std::vector<std::string> defines;
};

/// Adds --include-dir and -D to `command`.
inline void addSourceOptions(CLI::App* command, SourceOptions& o)
{
  command->add_option("--include-dir,-I", o.includeDirs,
                      "Folder searched for INCLUDE and #include files after the file's own; repeat for more");
  command->add_option("-D", o.defines, "C preprocessor macro NAME or NAME=VALUE (for .F/.F90 files and '#' lines); "
                                       "repeat for more");
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

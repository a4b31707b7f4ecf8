#pragma once
// The Fortran/HPF front end's entry points: text or file in, ParsedFile out.
// Error tolerant: a bad statement becomes a diagnostic and parsing resumes at
// the next statement, so one broken line never hides the loops after it.

#include "fortran/ast-unit.h"

#include <optional>
#include <string>
#include <vector>

namespace ps::fortran {

struct ParseOptions {
  /// Source form; when absent it comes from the file name, else free form.
  std::optional<SourceForm> form;
  /// Folders searched for INCLUDE and #include files after the file's own
  /// folder (gfortran's -I; the CLI's --include-dir).
  std::vector<std::string> includeDirs;
  /// cpp macros, NAME or NAME=VALUE (the CLI's -D).
  std::vector<std::string> defines;
  /// Run the C preprocessor: when absent, for .F/.F90/.FPP files and text
  /// with '#' lines (see needsPreprocessing).
  std::optional<bool> preprocess;
};

/// Parses `text` as the contents of `path`. Never fails.
ParsedFile parseSource(std::string path, std::string text, const ParseOptions& options = {});

/// Reads and parses `path`. On an unreadable file, `parsed` is empty and
/// `error` says why ("Cannot read 'x': No such file or directory").
struct ParseFileResult {
  std::optional<ParsedFile> parsed;
  std::string error;
};
ParseFileResult parseFile(const std::string& path, const ParseOptions& options = {});

} // namespace ps::fortran

#pragma once
// The single profile run: compile the program with gfortran --coverage -O0
// in a temporary folder, run it once, and read gcov's line counts.
// Source: P3T+, Section 3.1, frequencies and branch probabilities from a
// profile run.

#include "fortran/prescanner.h"
#include "profile/coverage-counts.h"

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ps::profile {

struct ProfileOptions {
  std::optional<fortran::SourceForm> form; // absent: from the file name, else free form
  std::string inputFile;                   // the program's standard input; empty: /dev/null
  double timeoutSeconds = 60;              // wall time of the program run, s
  /// Folders gfortran searches for INCLUDE files (its -I), after the
  /// source file's own folder, which the copy in the temporary folder no
  /// longer sits in.
  std::vector<std::string> includeDirs;
  const std::atomic<bool>* cancelled = nullptr;
  /// Called before each step: "Compiling", "Running", "Reading counts".
  std::function<void(const std::string& step)> progress;
};

struct ProfileRunResult {
  std::optional<CoverageCounts> counts;
  std::string error;      // one sentence when there are no counts
  bool cancelled = false; // `cancelled` became true; `error` is empty
};

/// Compiles `sourcePath` with `gfortran --coverage -O0 -std=legacy` in its
/// form (-ffixed-form/-ffree-form), runs it in a temporary folder (removed
/// afterwards) with standard input from `inputFile` or /dev/null, and reads
/// `gcov --branch-probabilities --json-format --stdout`. Counts are
/// executions of each line in the whole run.
/// Errors (one sentence each): gfortran or gcov not installed; the program
/// does not compile (the first compiler error with file:line:column); it
/// reads input it was not given (suggests --input); it stops with a non-zero
/// status or a signal; it does not finish within `timeoutSeconds` (killed);
/// gcov fails. Blocks the calling thread for the whole run.
ProfileRunResult runProfile(const std::string& sourcePath, const ProfileOptions& options);

/// The first compiler error of gfortran's standard error, as
/// "file:line:column: message" with `shownPath` in place of the compiled
/// file's name; the first line of the output when none is recognised.
std::string firstCompilerError(const std::string& compilerOutput, const std::string& compiledName,
                               const std::string& shownPath);

} // namespace ps::profile

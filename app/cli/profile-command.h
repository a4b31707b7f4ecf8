#pragma once
// `partscope-cli profile`: the single profile run (gfortran --coverage, gcov)
// and its counts per statement; also the counts behind `estimate --profile`
// and `estimate --profile-run`.

#include "profile/coverage-counts.h"

#include "source-options.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>

namespace ps::cli {

struct ProfileCommandOptions {
  std::string file, form = "auto", input;
  double timeout = 60;
  bool json = false;
  SourceOptions source; // --include-dir (gfortran -I too), -D (for reading the program; not given to gfortran)
};

/// Adds the subcommand and its options to `app`.
CLI::App* addProfileCommand(CLI::App& app, ProfileCommandOptions& options);

/// Runs it: 0 on success, 1 when the program could not be profiled, 2 for bad options or input.
int runProfileCommand(const ProfileCommandOptions& options);

/// The counts for `estimate`: read from `countsFile`, or measured by a
/// profile run of `options.file` when `countsFile` is empty. nullopt with
/// `error` set when there are none.
std::optional<profile::CoverageCounts> loadCounts(const std::string& countsFile, const ProfileCommandOptions& options,
                                                  std::string* error);

} // namespace ps::cli

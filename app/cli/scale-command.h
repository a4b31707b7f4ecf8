#pragma once
// `partscope-cli scale`: isospeed scalability, range comparison and
// crossing points of program variants, analytic models or measured times.

#include "source-options.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace ps::cli {

struct ScaleOptions {
  std::string file;
  std::string form = "auto";
  int loop = 0;
  std::vector<std::string> dists, sets, models, consts, programs;
  std::string modelsFile, work, measured, machine = "paragon", sizeVariable = "n";
  std::string to, nRange, crossP;
  std::string db; // --db FILE: the profile store for --machine
  double p = 4, n = 64, step = 0, limit = 0, epsilon = 1e-2; // limit 0: scaling::defaultScaledLimit(p)
  bool interpolate = false, json = false, noCrossCheck = false;
  SourceOptions source; // --include-dir, -D
};

/// Adds the subcommand and its options to `app`.
CLI::App* addScaleCommand(CLI::App& app, ScaleOptions& options);

/// Runs it: 0 on success, 1 when the study had errors, 2 for bad options or input.
int runScale(const ScaleOptions& options);

} // namespace ps::cli

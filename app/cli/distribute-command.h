#pragma once
// `partscope-cli distribute`: automatic data distribution (DDT) of one unit:
// phases, candidate mappings, static and dynamic solutions, the chosen
// plan and its HPF directives.

#include "source-options.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace ps::cli {

struct DistributeOptions {
  std::string file, form = "auto", unit, machine = "ddt", phaseTimes, apply;
  std::string db; // --db FILE: the profile store for --machine
  SourceOptions source; // --include-dir, -D
  std::vector<std::string> sets;
  int procs = 0; // 0: the machine profile's default, else 16
  int candidates = 4, dims = 2;
  bool staticOnly = false, json = false;
};

/// Adds the subcommand and its options to `app`.
CLI::App* addDistributeCommand(CLI::App& app, DistributeOptions& options);

/// Runs it: 0 on success, 1 when the plan could not be made, 2 for bad options or input.
int runDistribute(const DistributeOptions& options);

} // namespace ps::cli

#pragma once
// `partscope-cli validate`: the estimator's transfer time TT of a loop nest
// beside the time of the same messages replayed with MPI (--real, mpirun)
// and simulated by SimGrid on a platform built from the machine profile
// (--simgrid, smpirun). Issue 11, contract 5.

#include "source-options.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace ps::cli {

struct ValidateOptions {
  std::string file;
  std::string form = "auto";
  int loop = 0;
  std::string dist;                 // one variant; empty: the HPF directives
  std::vector<std::string> sets;
  std::string procs;                // e.g. "4" or "2,4" or "2x2"
  std::string machine = "paragon";
  std::string db; // profile store; empty: the default
  bool real = false, simgrid = false, json = false;
  double timeout = 600;             // s per replay run
  std::string messageList;          // write the (last point's) message list here
  SourceOptions source;
};

/// Adds the subcommand and its options to `app`.
CLI::App* addValidateCommand(CLI::App& app, ValidateOptions& options);

/// Runs it: prints per processor count {"procs","arrangement","predicted_tt_s",
/// "measured_tt_s"|null,"simulated_tt_s"|null,"messages","bytes"} and notes.
/// 0 on success, 1 when a replay could not run or failed (said on stderr),
/// 2 for bad options or input.
int runValidate(const ValidateOptions& options);

} // namespace ps::cli

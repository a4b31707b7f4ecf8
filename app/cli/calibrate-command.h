#pragma once
// `partscope-cli calibrate`: runs the MPI training set (partscope-train) under
// mpirun, prints progress lines ("progress DONE/TOTAL TEXT" on stderr,
// contract 2 of issue 11) and hands the measured run on.

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace ps::cli {

struct CalibrateOptions {
  int ranks = 2;
  bool quick = false;
  std::string mpirun = "mpirun"; // launcher command, e.g. "srun" or "mpirun -H a,b"
  std::string hostfile;
  std::string db;                // profile store (used once the store is wired in)
  std::string name;              // name of the new machine profile
  std::string raw;               // raw JSON lines of the run go here as they are measured
  double timeout = 0;            // seconds; 0: none
  std::int64_t maxBytes = 0;     // 0: the training set's default
  std::string patterns;          // comma-separated; empty: all
};

/// Adds the subcommand and its options to `app`.
CLI::App* addCalibrateCommand(CLI::App& app, CalibrateOptions& options);

/// Runs it: 0 when the training set completed, 1 when it failed or was
/// interrupted (what it measured is still handed on), 2 for bad options.
int runCalibrate(const CalibrateOptions& options);

} // namespace ps::cli

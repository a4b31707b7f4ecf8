#pragma once
// `partscope-cli calibrate`: runs the MPI training set (partscope-train) under
// mpirun, or its SimGrid build (partscope-train-smpi) under smpirun on the
// platform of a machine profile (--simgrid), prints progress lines
// ("progress DONE/TOTAL TEXT" on stderr, contract 2 of issue 11) and fits and
// stores what it measured.

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

namespace ps::cli {

struct CalibrateOptions {
  int ranks = 2;
  bool quick = false;
  std::string mpirun = "mpirun"; // launcher command, e.g. "srun" or "mpirun -H a,b"
  std::string hostfile;
  std::string db;                // profile store; empty: $PARTSCOPE_DB or the user's data folder
  std::string name;              // name of the new machine profile
  std::string raw;               // raw JSON lines of the run go here as they are measured
  double timeout = 0;            // seconds; 0: none
  std::int64_t maxBytes = 0;     // 0: the training set's default
  std::string patterns;          // comma-separated; empty: all
  std::string simgrid;           // machine profile to simulate (name or JSON file); empty: a real run
};

/// Adds the subcommand and its options to `app`.
CLI::App* addCalibrateCommand(CLI::App& app, CalibrateOptions& options);

/// Runs it: measures, fits and stores the profile `--name` in the profile
/// store. 0 when the training set completed and the profile is stored; 1 when
/// it failed, was interrupted (the raw points measured so far are stored),
/// the fit failed or a program (mpirun, smpirun, the training set) is
/// missing; 2 for bad options, a built-in's name, an unknown --simgrid
/// machine or an unusable store.
int runCalibrate(const CalibrateOptions& options);

} // namespace ps::cli

#pragma once
// Runs the training set (partscope-train, machines/train/) under mpirun and
// reads what it measured. Source: Balasundaram, Fox, Kennedy, Kremer 1991,
// Sec. 5 (the training set is run once per target machine; its raw output is
// fitted afterwards).

#include "machine/training-data.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ps::machine {

/// The most ranks per core a run on this machine alone (plain mpirun, no
/// hostfile) may start: beyond it the timings measure the scheduler.
inline constexpr int kMaxRanksPerCore = 16;

struct CalibrationRequest {
  std::string trainProgram;        // path of partscope-train
  int ranks = 2;                   // MPI ranks, >= 2
  bool quick = false;              // the training set's quick mode
  std::string launcher = "mpirun"; // split at blanks: "mpirun", "srun", "mpirun -H a,b", ...
  std::string hostfile;            // empty: none; only with an mpirun-like launcher
  std::int64_t maxBytes = 0;       // largest message, bytes; 0: the training set's default
  std::string patterns;            // comma-separated; empty: all six
  std::string outputPath;          // the raw JSON lines land here (the training set's stdout)
  std::string folder = ".";        // working folder of the launcher
  double timeoutSeconds = 0;       // wall time; <= 0: no limit
  int cores = 0;                   // cores of this machine; 0: std::thread::hardware_concurrency()
  std::optional<bool> asRoot;      // running as root; nullopt: geteuid() == 0
};

/// The launcher's command line and environment.
struct CalibrationCommand {
  std::vector<std::string> argv;
  std::vector<std::string> environment; // "NAME=value" on top of the inherited environment
  bool oversubscribed = false;          // more ranks than cores: --oversubscribe was added
};

/// The command for `request`:
///   LAUNCHER... -n RANKS [--oversubscribe] [--hostfile F] PROGRAM [--quick]
///     [--max-bytes B] [--patterns P] [--oversubscribed]
/// --oversubscribe (and the training set's --oversubscribed, which records it
/// in the run) is added when the launcher is a bare mpirun/mpiexec/orterun
/// (a local run: no hostfile, no host list) and ranks exceed the cores.
/// As root, OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 go
/// into the environment (OpenMPI refuses root otherwise). Errors (nullopt,
/// `error` set): ranks < 2, an empty launcher, a hostfile with a launcher
/// that is not mpirun-like.
std::optional<CalibrationCommand> calibrationCommand(const CalibrationRequest& request, std::string* error);

/// One progress line of the training set ("progress DONE/TOTAL TEXT",
/// contract 2 of issue 11).
struct CalibrationProgress {
  int done = 0, total = 0;
  std::string text; // e.g. "vSR 4 ranks 65536 B"
};

/// Parses "progress DONE/TOTAL TEXT" (0 <= DONE <= TOTAL, TOTAL > 0); nullopt
/// for any other line.
std::optional<CalibrationProgress> progressFromLine(const std::string& line);

struct CalibrationResult {
  /// What was measured: complete when the run finished; after a failure,
  /// timeout or cancel, the points written so far (complete = false), or
  /// nullopt when nothing readable was written.
  std::optional<TrainingRun> run;
  std::string error;           // empty on success; else one sentence
  CalibrationCommand command;  // what was run
};

/// Runs the training set and waits for it; `progress` (may be empty) is
/// called on the calling thread once per progress line, the lines being
/// picked up every 100 ms (a burst arrives together). `cancelled` (may be null) stops the run (the launcher's process
/// group is killed). Success: `run->complete` and an empty error. Errors: the
/// launcher or the program is missing, the run fails (exit status and the
/// last line it wrote on stderr), the time limit passes, the output is
/// unreadable or incomplete. The run's `oversubscribed` is also set when the
/// command added --oversubscribe.
CalibrationResult runCalibration(const CalibrationRequest& request,
                                 const std::function<void(const CalibrationProgress&)>& progress,
                                 const std::atomic<bool>* cancelled);

} // namespace ps::machine

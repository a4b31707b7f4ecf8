#pragma once
// Raw measurements of the training set (partscope-train), before any fit.
// Source: Balasundaram, Fox, Kennedy, Kremer 1991, Sec. 5 (raw.data: x = message
// size in bytes, y = average time one processor spends in the call); P3T+
// Secs. 3.3.1-3.3.2 (kernel library for the cost of basic operations).

#include <cstdint>
#include <string>
#include <vector>

namespace ps::machine {

/// One point of one communication pattern: the per-call time of one
/// processor over `repetitions` timed calls after warm-up.
struct TrainingPoint {
  std::string pattern;             // one of kTrainingPatterns (comm-curve.h)
  int ranks = 0;                   // processors taking part
  std::int64_t strideElements = 1; // 1: contiguous; > 1: an MPI vector datatype
  std::int64_t bytes = 0;          // message size, bytes
  double medianSeconds = 0;        // median over repetitions of the per-processor time per call
  double lowSeconds = 0;           // spread: lower quartile
  double highSeconds = 0;          // spread: upper quartile
  int repetitions = 0;
};

/// The measured cost of one basic operation (P3T+ kernel library), seconds
/// per operation. Names: "add_sub", "mul", "div", "pow", "intrinsic", "load",
/// "store" (the keys of a profile's op_costs_s), plus "sqrt", "exp", "index",
/// "loop", "call".
struct OperationMeasurement {
  std::string operation;
  double seconds = 0;
};

/// One calibration run: what was measured, where and how.
struct TrainingRun {
  std::string host;          // machine the ranks ran on (first rank's host name)
  std::string mpiLibrary;    // MPI_Get_library_version's first line
  std::string startedAt;     // ISO 8601, UTC
  int ranks = 0;             // largest rank count used
  bool oversubscribed = false; // more ranks than cores (mpirun --oversubscribe)
  bool quick = false;
  bool simulated = false;    // run under SimGrid (partscope-train-smpi): operation costs were not measured
  bool complete = false;     // false: interrupted; the points measured so far are kept
  std::vector<TrainingPoint> points;
  std::vector<OperationMeasurement> operations;
};

} // namespace ps::machine

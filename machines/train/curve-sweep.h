#pragma once
// The communication part of the training set: which curves are measured
// (pattern x rank count x stride) and the sizes of each, refined where the
// curve jumps. Source: Balasundaram et al. 1991, Sec. 5 ("increasing data
// sizes and processor numbers, as well as unit and non-unit data strides").

#include "json-lines.h"
#include "point-timing.h"

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ps::train {

struct SweepOptions {
  std::vector<std::string> patterns;   // subset of kTrainingPatterns
  std::vector<int> strides{1, 2};      // elements between message elements
  std::int64_t maxBytes = 8 << 20;     // largest message
  std::int64_t maxElementShiftBytes = 128 << 10; // iSR sends one message per element: capped
  int gridRatio = 2;                   // sizes 8 B x gridRatio^k
  bool fineGrid = true;                // also 1.5 x each of them
  int refineRounds = 3;                // bisection rounds where the slope jumps
  int refineLimit = 8;                 // new sizes per curve and round
  TimingPlan timing;
};

/// One curve to measure.
struct Curve {
  std::string pattern;
  int ranks = 2;
  int stride = 1;
  std::int64_t maxBytes = 0;
};

/// The rank counts: every count 2..worldSize up to 8 ranks; beyond, the
/// powers of two and worldSize itself.
std::vector<int> rankCounts(int worldSize);

/// Every curve, in measuring order (by rank count, then pattern, then
/// stride); ping-pong only with 2 ranks.
std::vector<Curve> plannedCurves(const SweepOptions& options, int worldSize);

/// Counts measured points for the progress lines (contract 2), printed by
/// world rank 0 on stderr as "progress DONE/TOTAL TEXT"; TOTAL grows when a
/// curve is refined.
struct Progress {
  int done = 0, total = 0;
  bool print = false;
  void step(const std::string& text);
};

/// Measures every point of `curve` on `comm` (its ranks only; collective over
/// comm). World rank 0, which is rank 0 of comm, writes each point to `out`
/// as it is measured (`out` is null elsewhere).
void measureCurve(const Curve& curve, MPI_Comm comm, const SweepOptions& options, Progress& progress, JsonLines* out);

} // namespace ps::train

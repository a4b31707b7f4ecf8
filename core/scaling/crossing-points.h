#pragma once
// Equal-size crossing points: where two time models take the same time on
// the same problem, T_A(p, n) = T_B(p, n), over n at a fixed p or over p at
// a fixed n. Sign changes of T_A - T_B are found on a grid and refined with
// Brent's method. Source: Sun 2002, Sec. 3 (equal-size vs scaled crossing
// points) and Sec. 5.

#include "scaling/time-model.h"

#include <string>
#include <vector>

namespace ps::scaling {

/// One crossing: at `at` (n or p) the faster model changes from `fasterBefore`
/// to `fasterAfter`. For whole processor counts `at` is the first p where
/// the order has flipped, and `previous` the last p before it.
struct Crossing {
  double at = 0;
  double previous = 0;
  std::string fasterBefore, fasterAfter;
};

struct CrossingScan {
  std::vector<Crossing> crossings; // empty: "no crossing in range"
  std::string error;               // a model could not be evaluated somewhere
};

/// Every n in [nLo, nHi] with T_a(p, n) = T_b(p, n), scanning `gridPoints`
/// geometrically spaced sizes (whole sizes for models with whole n): a
/// change and its change back between two sizes of the grid are missed.
CrossingScan crossingsOverSize(const TimeModel& a, const TimeModel& b, double p, double nLo, double nHi,
                               int gridPoints = 48);

/// Every p where the faster model changes at size n, among `processors`
/// (ascending) and the whole counts between them: refined to a real p with
/// Brent when both models accept real p, else to the first whole p past
/// each change (every change where two listed counts are at most 64 apart,
/// one found by bisection where they are further). Equal times (to 1e-12,
/// relative) are a tie, not a change.
CrossingScan crossingsOverProcessors(const TimeModel& a, const TimeModel& b, double n,
                                     const std::vector<double>& processors);

} // namespace ps::scaling

#include "scaling/crossing-points.h"

#include "scaling/root-finding.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace ps::scaling {
namespace {

struct Difference {
  const TimeModel& a;
  const TimeModel& b;
  std::string error;

  // T_a - T_b at (p, n); NaN (and `error`) when either has no value.
  double operator()(double p, double n)
  {
    auto ta = a.time(p, n);
    auto tb = b.time(p, n);
    if (!ta || !tb) {
      if (error.empty())
        error = !ta ? ta.error : tb.error;
      return std::nan("");
    }
    // equal to rounding is a tie (two mappings that both leave the nest to one processor), not a
    // change of the faster one
    return std::fabs(*ta - *tb) <= 1e-12 * std::max(std::fabs(*ta), std::fabs(*tb)) ? 0.0 : *ta - *tb;
  }
};

/// Whole processor counts between two listed ones done one by one up to this gap.
constexpr double kWholeGapScanned = 64;

std::vector<double> sizeGrid(double lo, double hi, int points)
{
  std::vector<double> grid;
  const double ratio = std::pow(hi / lo, 1.0 / std::max(1, points - 1));
  double x = lo;
  for (int i = 0; i < points; ++i, x *= ratio) {
    const double n = std::round(i + 1 == points ? hi : x);
    if (grid.empty() || n > grid.back())
      grid.push_back(n);
  }
  return grid;
}

Crossing crossingAt(double at, double previous, double dBefore, const TimeModel& a, const TimeModel& b)
{
  const bool aFasterBefore = dBefore < 0;
  return {at, previous, aFasterBefore ? a.name() : b.name(), aFasterBefore ? b.name() : a.name()};
}


/// The sign changes of d over the whole numbers in (from, to], d non-zero
/// at both (`dFrom`, `dTo`): every one where the gap is at most
/// kWholeGapScanned (a change and its change back too), else, where the
/// signs differ, one found by bisection (a tie counts as no change).
struct Flip {
  double before, past, dBefore; // the last x before the change, the first past it, d at the first
};

std::vector<Flip> wholeFlips(double from, double dFrom, double to, double dTo, const std::function<double(double)>& at)
{
  std::vector<Flip> flips;
  if (to - from <= kWholeGapScanned) {
    for (double x = from + 1, prevX = from, prevD = dFrom; x <= to; ++x) {
      const double dx = x == to ? dTo : at(x);
      if (std::isnan(dx) || dx == 0)
        continue;
      if ((dx < 0) != (prevD < 0))
        flips.push_back({prevX, x, prevD});
      prevX = x;
      prevD = dx;
    }
    return flips;
  }
  while (to - from > 1) {
    const double mid = std::floor((from + to) / 2);
    const double dm = at(mid);
    if (std::isnan(dm) || (dm != 0 && (dm < 0) != (dFrom < 0)))
      to = mid;
    else
      from = mid;
  }
  flips.push_back({from, to, dFrom});
  return flips;
}

// Sign changes of d(x) along `xs` (ascending; a tie, d = 0, is none), each
// refined by Brent on [previous, x] when `refine`, else to whole numbers
// (wholeFlips: the last x before each change and the first past it, also
// between two xs of one sign where they are close enough to try each).
CrossingScan scan(const std::vector<double>& xs, Difference& d, const std::function<double(double)>& at, bool refine)
{
  CrossingScan result;
  double prevX = 0, prevD = std::nan("");
  for (double x : xs) {
    const double dx = at(x);
    if (std::isnan(dx) || dx == 0)
      continue;
    const bool flips = !std::isnan(prevD) && (dx < 0) != (prevD < 0);
    if (flips && refine) {
      const auto root = brentRoot(at, prevX, x);
      result.crossings.push_back(crossingAt(root.value_or(x), prevX, prevD, d.a, d.b));
    } else if (!std::isnan(prevD) && !refine && (flips || x - prevX <= kWholeGapScanned)) {
      for (const auto& f : wholeFlips(prevX, prevD, x, dx, at))
        result.crossings.push_back(crossingAt(f.past, f.before, f.dBefore, d.a, d.b));
    }
    prevX = x;
    prevD = dx;
  }
  result.error = d.error;
  return result;
}

} // namespace

CrossingScan crossingsOverSize(const TimeModel& a, const TimeModel& b, double p, double nLo, double nHi,
                               int gridPoints)
{
  Difference d{a, b, {}};
  const auto grid = sizeGrid(std::max(nLo, std::max(a.minSize(), b.minSize())), nHi, gridPoints);
  return scan(grid, d, [&](double n) { return d(p, n); }, true);
}

CrossingScan crossingsOverProcessors(const TimeModel& a, const TimeModel& b, double n,
                                     const std::vector<double>& processors)
{
  Difference d{a, b, {}};
  return scan(processors, d, [&](double p) { return d(p, n); }, a.realProcessors() && b.realProcessors());
}

} // namespace ps::scaling

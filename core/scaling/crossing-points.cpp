#include "scaling/crossing-points.h"

#include "scaling/root-finding.h"

#include <cmath>

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
    return *ta - *tb;
  }
};

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

} // namespace

CrossingScan crossingsOverSize(const TimeModel& a, const TimeModel& b, double p, double nLo, double nHi,
                               int gridPoints)
{
  CrossingScan scan;
  Difference d{a, b, {}};
  const auto grid = sizeGrid(std::max(nLo, std::max(a.minSize(), b.minSize())), nHi, gridPoints);
  double prevN = 0, prevD = std::nan("");
  for (double n : grid) {
    const double dn = d(p, n);
    if (!std::isnan(dn) && !std::isnan(prevD) && prevD != 0 && (dn == 0 || (dn < 0) != (prevD < 0))) {
      const RealFunction f = [&](double x) { return d(p, x); };
      const auto root = brentRoot(f, prevN, n);
      scan.crossings.push_back(crossingAt(root.value_or(n), prevN, prevD, a, b));
    }
    if (!std::isnan(dn)) {
      prevN = n;
      prevD = dn;
    }
  }
  scan.error = d.error;
  return scan;
}

CrossingScan crossingsOverProcessors(const TimeModel& a, const TimeModel& b, double n,
                                     const std::vector<double>& processors)
{
  CrossingScan scan;
  Difference d{a, b, {}};
  const bool real = a.realProcessors() && b.realProcessors();
  double prevP = 0, prevD = std::nan("");
  for (double p : processors) {
    const double dp = d(p, n);
    if (!std::isnan(dp) && !std::isnan(prevD) && prevD != 0 && (dp == 0 || (dp < 0) != (prevD < 0))) {
      const RealFunction f = [&](double x) { return d(x, n); };
      const auto root = real ? brentRoot(f, prevP, p) : std::nullopt;
      scan.crossings.push_back(crossingAt(root.value_or(p), prevP, prevD, a, b));
    }
    if (!std::isnan(dp)) {
      prevP = p;
      prevD = dp;
    }
  }
  scan.error = d.error;
  return scan;
}

} // namespace ps::scaling

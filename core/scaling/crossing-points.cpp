#include "scaling/crossing-points.h"

#include "scaling/root-finding.h"

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


// Sign changes of d(x) along `xs` (ascending), each refined by Brent on
// [previous, x] when `refine`, else reported at the first x past the change.
CrossingScan scan(const std::vector<double>& xs, Difference& d, const std::function<double(double)>& at, bool refine)
{
  CrossingScan result;
  double prevX = 0, prevD = std::nan("");
  for (double x : xs) {
    const double dx = at(x);
    if (!std::isnan(dx) && !std::isnan(prevD) && prevD != 0 && (dx == 0 || (dx < 0) != (prevD < 0))) {
      const auto root = refine ? brentRoot(at, prevX, x) : std::nullopt;
      result.crossings.push_back(crossingAt(root.value_or(x), prevX, prevD, d.a, d.b));
    }
    if (!std::isnan(dx)) {
      prevX = x;
      prevD = dx;
    }
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

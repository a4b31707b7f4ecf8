#include "scaling/isospeed.h"

#include "scaling/root-finding.h"
#include "support/text.h"

#include <cmath>
#include <limits>

namespace ps::scaling {
namespace {

ScaledWork failed(std::string why)
{
  ScaledWork s;
  s.error = std::move(why);
  return s;
}

// Fills n', psi and the predicted time from W'.
ScaledWork complete(const TimeModel& model, double p, double n, double pPrime, double wPrime, double nPrime)
{
  ScaledWork s;
  auto w = model.work(n);
  auto t = model.time(p, n);
  if (!w || !t)
    return failed(!w ? w.error : t.error);
  s.wPrime = wPrime;
  s.nPrime = nPrime;
  if (!(nPrime < 9e18))
    return failed("The scaled size of model '" + model.name() + "' at p' = " + formatNumber(pPrime) + " is " +
                  formatNumber(nPrime) + ", beyond a whole 64-bit size");
  s.nPrimeFloor = static_cast<std::int64_t>(std::floor(nPrime + 1e-9)); // 105.0000000001 prints 105
  s.psi = pPrime * *w / (p * wPrime);
  s.time = *t / s.psi;
  return s;
}

std::string where(const TimeModel& model, double pPrime)
{
  return "model '" + model.name() + "' at p' = " + formatNumber(pPrime);
}

/// The size whose work is the ideal W' = p'W/p, when it is in the model's range.
std::optional<double> idealSize(const TimeModel& model, double p, double n, double pPrime)
{
  const auto w = model.work(n);
  const auto nIdeal = w ? model.sizeForWork(pPrime * *w / p, n) : w;
  if (!nIdeal || *nIdeal < model.minSize() || *nIdeal > model.maxSize())
    return std::nullopt;
  return *nIdeal;
}

/// Whether the speeds at p and p' agree at `size` to 1e-9, relative.
bool sameSpeed(const TimeModel& model, double p, double pPrime, double size)
{
  const auto a = model.averageSpeed(p, size), aPrime = model.averageSpeed(pPrime, size);
  return a && aPrime && std::fabs(*aPrime / *a - 1) <= 1e-9;
}

/// Where the average speed does not depend on the size (a mapping with no
/// overhead that grows with n: every W' keeps it), or not on p (no overhead
/// at all: each size runs as fast on p' as on p), the root finder would stop
/// at whichever size it tried first, n itself, and print psi = p'/p as if
/// the move were better than ideal. The ideal W' = p'W/p is the answer then,
/// and the one the papers' iteration starts from: taken when its speed is
/// the initial one, or its own speed on p, to 1e-9, relative. (A looser
/// tolerance would take it where the overhead is merely small, and psi
/// there is far from 1: T = W/p + c*p needs W' = (p'/p)^2 W whatever c.)
std::optional<ScaledWork> idealRoot(const TimeModel& model, double p, double n, double pPrime, const RealFunction& gap)
{
  // flat means n itself keeps the speed: one cheap test before searching for the ideal size
  // (sizeForWork would estimate a program variant at each size it tries)
  if (const double g0 = gap(n); std::isnan(g0) || std::fabs(g0) > 1e-9)
    return std::nullopt;
  const auto nIdeal = idealSize(model, p, n, pPrime);
  if (!nIdeal)
    return std::nullopt;
  const double g = gap(*nIdeal);
  if (std::isnan(g) || (std::fabs(g) > 1e-9 && !sameSpeed(model, p, pPrime, *nIdeal)))
    return std::nullopt;
  const auto wIdeal = model.work(*nIdeal);
  return wIdeal ? std::optional(complete(model, p, n, pPrime, *wIdeal, *nIdeal)) : std::nullopt;
}

/// A jagged speed (block boundaries, strided loops: the size's parity, or
/// n mod p, moves work or a message to the busiest processor) crosses the
/// initial one at several sizes, and the bracket's doubling may step over
/// the first. W' is the least work that keeps the speed: where the ideal
/// size lies between n and `root` and already keeps it, the crossing
/// between n and the ideal size is taken instead (the ideal itself when its
/// speed is the initial one to 1e-9); where it does not, kEarlierProbes
/// sizes evenly between the ideal and `root` (multiples of p') look for an
/// earlier crossing (a narrower dip between two of them is missed). Upwards
/// only (p' > p).
/// nullopt: `root` stands.
std::optional<double> earlierRoot(const TimeModel& model, double p, double n, double pPrime, const RealFunction& gap,
                                  double root)
{
  constexpr int kEarlierProbes = 16;
  const auto nIdeal = idealSize(model, p, n, pPrime);
  if (!nIdeal || !(n < *nIdeal && *nIdeal < root))
    return std::nullopt;
  const double g0 = gap(n), g = gap(*nIdeal);
  if (std::isnan(g0) || std::isnan(g) || g0 >= 0)
    return std::nullopt;
  if (std::fabs(g) <= 1e-9)
    return *nIdeal;
  if (g > 0)
    return brentRoot(gap, n, *nIdeal);
  double below = *nIdeal;
  for (int k = 1; k < kEarlierProbes; ++k) {
    // a multiple of p' where the step allows: a size that divides evenly among the processors, not
    // one whose remainder loads the busiest of them (n mod p' makes a nest's speed jagged)
    const double even = (root - *nIdeal) / kEarlierProbes >= pPrime ? pPrime : 1;
    const double size = even * std::round((*nIdeal + (root - *nIdeal) * k / kEarlierProbes) / even);
    if (!(size > below && size < root))
      continue;
    const double gk = gap(size);
    if (std::isnan(gk))
      return std::nullopt;
    if (gk >= 0)
      return brentRoot(gap, below, size);
    below = size;
  }
  return std::nullopt;
}

} // namespace

ScaledWork scaledWorkByRoot(const TimeModel& model, double p, double n, double pPrime)
{
  auto a0 = model.averageSpeed(p, n);
  if (!a0)
    return failed(a0.error);
  if (pPrime == p)
    return complete(model, p, n, pPrime, *model.work(n), n);
  std::string why;
  const RealFunction gap = [&](double size) {
    auto a = model.averageSpeed(pPrime, size);
    if (!a) {
      why = a.error;
      return std::nan("");
    }
    return *a / *a0 - 1; // relative, so the tolerance does not depend on units
  };
  if (const auto ideal = idealRoot(model, p, n, pPrime, gap))
    return *ideal;
  // where the overhead is negligible, a crossing the other way is rounding noise (Jacobi at n = 10^5 on 8:
  // psi 0.18 at a size whose speed differs from the ideal one's by 4e-5)
  const bool negligible = std::fabs(gap(n)) < 1e-3;
  auto bracket = bracketRoot(gap, n, model.minSize(), model.maxSize(), !negligible);
  if (!bracket && negligible) // Jacobi at n = 10^5: 0.001 % overhead, the rest rounding noise
    return failed("The average speed of " + where(model, pPrime) + " stays within 0.1 % of the initial one at n = " +
                  formatNumber(n) + ", and no size matches it exactly: the overhead is a negligible share of the " +
                  "time, psi is about 1 and not determined more closely");
  if (!bracket)
    return failed(why.empty() ? "No problem size keeps the average speed of " + where(model, pPrime) : why);
  auto nPrime = bracket->lo == bracket->hi ? std::optional<double>(bracket->lo) : brentRoot(gap, bracket->lo, bracket->hi);
  if (!nPrime)
    return failed(why.empty() ? "The scaled size of " + where(model, pPrime) + " did not converge" : why);
  if (const auto earlier = earlierRoot(model, p, n, pPrime, gap, *nPrime))
    nPrime = earlier;
  auto w = model.work(*nPrime);
  if (!w)
    return failed(w.error);
  return complete(model, p, n, pPrime, *w, *nPrime);
}

namespace {

// The two maps of Fig. 2 for one move, with c = a/(1 - a*Delta).
struct FixedPointMaps {
  const TimeModel& model;
  double pPrime, c, hint;
  std::string error;

  std::optional<double> phi(double w)
  {
    auto n = model.sizeForWork(w, hint);
    auto to = n ? model.overhead(pPrime, *n) : n;
    if (!to)
      return fail(to.error);
    hint = *n;
    return c * pPrime * *to;
  }

  std::optional<double> phiInverse(double w)
  {
    const double target = w / (c * pPrime);
    const RealFunction f = [&](double size) {
      auto to = model.overhead(pPrime, size);
      return to ? *to - target : std::nan("");
    };
    auto bracket = bracketRoot(f, hint, model.minSize(), model.maxSize());
    auto n = bracket ? brentRoot(f, bracket->lo, bracket->hi) : std::nullopt;
    if (!n)
      return fail("The overhead of model '" + model.name() + "' cannot be inverted at T_o = " + formatNumber(target) +
                  " s (it hardly depends on n); W' comes from the root finder");
    hint = *n;
    auto wn = model.work(*n);
    return wn ? std::optional<double>(*wn) : fail(wn.error);
  }

  std::optional<double> fail(std::string why)
  {
    error = std::move(why);
    return std::nullopt;
  }
};

} // namespace

ScaledWork scaledWorkIterative(const TimeModel& model, double p, double n, double pPrime, double epsilon,
                               int maxIterations)
{
  const auto delta = model.delta();
  if (!delta)
    return failed("Model '" + model.name() + "' has no computing capacity Delta; only the root finder gives W'");
  auto a = model.averageSpeed(p, n);
  auto w = model.work(n);
  if (!a || !w)
    return failed(!a ? a.error : w.error);
  const double capacityLeft = 1 - *a * *delta;
  if (!(capacityLeft > 0))
    return failed("Model '" + model.name() + "' has no overhead at p = " + formatNumber(p) +
                  " (a*Delta >= 1), so the iteration of Fig. 2 is undefined");
  FixedPointMaps maps{model, pPrime, *a / capacityLeft, n, {}};
  double current = pPrime * *w / p; // W0
  auto first = maps.phi(current);
  if (!first)
    return failed(maps.error);
  const auto finish = [&](double wPrime, int iterations) {
    auto nPrime = model.sizeForWork(wPrime, maps.hint);
    return nPrime ? complete(model, p, n, pPrime, wPrime, *nPrime).withIterations(iterations) : failed(nPrime.error);
  };
  if (std::fabs(*first - current) < epsilon) // phi(W0) = W0: W' = W0
    return finish(current, 1);
  const bool forward = *first > current;
  int steps = 0;
  double lastStep = std::numeric_limits<double>::infinity();
  for (std::optional<double> next = forward ? first : maps.phiInverse(current);; ++steps) {
    if (!next)
      return failed(maps.error);
    const double step = std::fabs(*next - current);
    if (step < epsilon) {
      current = *next;
      break;
    }
    // A map whose slope is about 1 at the fixed point (an overhead that grows
    // like the work, such as PDD's redundant 4n/p computation) creeps and
    // would take millions of steps: say so instead of spinning.
    const double slope = step / lastStep;
    if (steps >= 8 && (slope >= 1 || steps + std::log(epsilon / step) / std::log(slope) > maxIterations))
      return failed("The iteration of Fig. 2 does not converge for " + where(model, pPrime) + ": its map has slope " +
                    formatNumber(slope) + " (the overhead grows about as fast as the work); W' comes from the root finder");
    if (steps >= maxIterations)
      return failed("The iteration for " + where(model, pPrime) + " did not converge in " +
                    std::to_string(maxIterations) + " steps");
    lastStep = step;
    current = *next;
    next = forward ? maps.phi(current) : maps.phiInverse(current);
  }
  return finish(current, steps + 1);
}

ScaledWork scaledWorkFromPsi(const TimeModel& model, double p, double n, double pPrime, double psi)
{
  auto w = model.work(n);
  if (!w)
    return failed(w.error);
  const double wPrime = pPrime * *w / (p * psi);
  auto nPrime = model.sizeForWork(wPrime, n);
  if (!nPrime)
    return failed(nPrime.error);
  return complete(model, p, n, pPrime, wPrime, *nPrime);
}

namespace {

// Row i > 0 of the table from row 0: (p_i, W'_i) and (p_j, W'_j) both run at
// row 0's speed, so W'_j is the isospeed work of the move p_i -> p_j. Exact,
// and it keeps the table multiplicative where a jagged speed (a real nest's
// strided loops and block boundaries) is reached at several sizes.
ScaledWork fromFirstRow(const ScaledWork& start, double p, const ScaledWork& target, double pPrime)
{
  if (!start.ok() || !target.ok())
    return failed(!start.ok() ? start.error : target.error);
  ScaledWork s = target;
  s.psi = pPrime * start.wPrime / (p * target.wPrime);
  s.time = start.time / s.psi;
  s.iterations = 0;
  return s;
}

} // namespace

std::vector<PsiCell> psiTable(const TimeModel& model, double n, const std::vector<double>& processors,
                              std::optional<double> epsilon)
{
  std::vector<PsiCell> cells;
  std::vector<ScaledWork> first; // row 0: the moves p_0 -> p_j
  for (std::size_t i = 0; i < processors.size(); ++i) {
    for (std::size_t j = i; j < processors.size(); ++j) {
      const double p = processors[i], pPrime = processors[j];
      PsiCell cell{p, pPrime, i == 0 ? n : first[i].nPrime, {}, {}};
      cell.root = i == 0 ? scaledWorkByRoot(model, p, n, pPrime) : fromFirstRow(first[i], p, first[j], pPrime);
      if (i == 0)
        first.push_back(cell.root);
      // The iteration cross-checks the solved row; the others follow from it.
      if (!epsilon)
        cell.iterative = failed("The iterative method was not asked for (cross-check off)");
      else if (i > 0)
        cell.iterative = failed("The iterative method cross-checks the first row only");
      else
        cell.iterative = scaledWorkIterative(model, p, cell.n, pPrime, *epsilon);
      cells.push_back(std::move(cell));
    }
  }
  return cells;
}

} // namespace ps::scaling

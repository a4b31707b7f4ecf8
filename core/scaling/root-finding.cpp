#include "scaling/root-finding.h"

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

#include <algorithm>
#include <cmath>
#include <memory>

namespace ps::scaling {
namespace {

double callThrough(double x, void* params) { return (*static_cast<const RealFunction*>(params))(x); }

struct SolverDeleter {
  void operator()(gsl_root_fsolver* s) const { gsl_root_fsolver_free(s); }
};

bool opposite(double a, double b) { return (a <= 0 && b >= 0) || (a >= 0 && b <= 0); }

} // namespace

std::optional<double> brentRoot(const RealFunction& f, double lo, double hi, double relTol)
{
  const double flo = f(lo), fhi = f(hi);
  if (std::isnan(flo) || std::isnan(fhi) || !opposite(flo, fhi))
    return std::nullopt;
  if (flo == 0)
    return lo;
  if (fhi == 0)
    return hi;
  // GSL's default handler aborts; errors are return codes here.
  gsl_set_error_handler_off();
  std::unique_ptr<gsl_root_fsolver, SolverDeleter> solver(gsl_root_fsolver_alloc(gsl_root_fsolver_brent));
  gsl_function fn{&callThrough, const_cast<RealFunction*>(&f)};
  if (gsl_root_fsolver_set(solver.get(), &fn, lo, hi) != GSL_SUCCESS)
    return std::nullopt;
  for (int i = 0; i < 200; ++i) {
    if (gsl_root_fsolver_iterate(solver.get()) != GSL_SUCCESS)
      return std::nullopt;
    const double a = gsl_root_fsolver_x_lower(solver.get());
    const double b = gsl_root_fsolver_x_upper(solver.get());
    if (gsl_root_test_interval(a, b, 0, relTol) == GSL_SUCCESS)
      return gsl_root_fsolver_root(solver.get());
  }
  return std::nullopt;
}

namespace {

// Grows geometrically from (x, fx) in one direction until f changes sign.
std::optional<Bracket> grow(const RealFunction& f, double x, double fx, bool up, double floor, double ceiling)
{
  while (up ? x < ceiling : x > floor) {
    const double next = up ? std::min(ceiling, x * 2 + 1) : std::max(floor, x / 2);
    const double fnext = f(next);
    if (std::isnan(fnext))
      return std::nullopt;
    if (opposite(fx, fnext))
      return up ? Bracket{x, next} : Bracket{next, x};
    x = next;
    fx = fnext;
  }
  return std::nullopt;
}

} // namespace

std::optional<Bracket> bracketRoot(const RealFunction& f, double start, double floor, double ceiling, bool bothWays)
{
  const double fx = f(start);
  if (std::isnan(fx))
    return std::nullopt;
  if (fx == 0)
    return Bracket{start, start};
  // One probe decides the direction for a monotone f: towards smaller |f|.
  // Upward is also where a model's cost is highest, so it is not tried blindly.
  // A jagged f (a nest's block boundaries and strided loops: the size's parity
  // changes the busiest processor) may point the wrong way; where that way
  // ends without a sign change (at the floor, or where f is undefined: a loop
  // with no trips) the other is tried.
  const double up = std::min(ceiling, start * 2 + 1);
  const double fup = up > start ? f(up) : std::nan("");
  if (!std::isnan(fup) && opposite(fx, fup))
    return Bracket{start, up};
  const bool upFirst = !std::isnan(fup) && std::fabs(fup) < std::fabs(fx);
  if (auto first = upFirst ? grow(f, up, fup, true, floor, ceiling) : grow(f, start, fx, false, floor, ceiling))
    return first;
  if (!bothWays)
    return std::nullopt;
  if (upFirst)
    return grow(f, start, fx, false, floor, ceiling);
  return std::isnan(fup) ? std::nullopt : grow(f, up, fup, true, floor, ceiling);
}

} // namespace ps::scaling

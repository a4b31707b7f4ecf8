#pragma once
// Bracketing and refining roots of a real function with GSL's Brent solver
// (gsl_root_fsolver_brent), shared by the scaled-work solver and the
// crossing-point search. A function value of NaN means "undefined here".

#include <functional>
#include <optional>

namespace ps::scaling {

using RealFunction = std::function<double(double)>;

/// The root of f in [lo, hi], where f(lo) and f(hi) differ in sign (or one is
/// zero), to relative tolerance `relTol`. nullopt when there is no sign
/// change, f is NaN somewhere on the way, or the solver does not converge.
std::optional<double> brentRoot(const RealFunction& f, double lo, double hi, double relTol = 1e-12);

/// A bracket [lo, hi] with a sign change of f, grown geometrically from
/// `start` (factor 2, within [floor, ceiling]) towards the side where |f|
/// falls, and, when none is found there (the end of the range, or f NaN:
/// undefined there) and `bothWays`, towards the other.
struct Bracket {
  double lo = 0, hi = 0;
};
std::optional<Bracket> bracketRoot(const RealFunction& f, double start, double floor, double ceiling,
                                   bool bothWays = true);

} // namespace ps::scaling

#pragma once
// Exact counting of the integer points of a polyhedron given by affine
// inequalities with integer coefficients: how many iterations a processor
// executes, without enumerating them. The P3T+ symbolic sum algorithm
// (Fig. 2): eliminate one variable at a time, splitting on which lower and
// which upper bound is the tightest, and sum the intermediate polynomial
// over the variable in closed form (Faulhaber). Bounds with a non-unit
// coefficient are made exact by splitting another variable into residue
// classes, so floors are never approximated (the paper's "inaccurate
// division operations" do not arise). The cost depends on the number of
// constraints and the nest depth, never on the size of the bounds.
// Source: P3T+, Section 3.1 and Fig. 2.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps::symbolic {

/// sum(coef[k] * x_k) + constant >= 0.
struct LinearConstraint {
  std::vector<std::int64_t> coef;
  std::int64_t constant = 0;
};

/// A conjunction of affine inequalities over the integer variables
/// x0..x(variables-1); at most 12 variables.
struct IntegerSystem {
  int variables = 0;
  std::vector<LinearConstraint> constraints;

  /// coef . x + constant >= 0.
  void atLeastZero(std::vector<std::int64_t> coef, std::int64_t constant);
  /// lo <= coef . x + constant <= hi (either side skipped when absent).
  void between(const std::vector<std::int64_t>& coef, std::int64_t constant, std::optional<std::int64_t> lo,
               std::optional<std::int64_t> hi);
};

/// How much work one count may do before it gives up (each branch of the
/// bound case analysis or of a residue split counts one).
struct CountLimits {
  std::int64_t maxBranches = 200000;
};

/// The number of points: exact when it fits in 64 bits, and as a double.
struct PointCount {
  double value = 0;
  std::optional<std::int64_t> exact;
};

/// A range of values: an absent side is unbounded.
struct AffineRange {
  std::optional<std::int64_t> lo, hi;
};

/// The values of coef . x + constant over the points of `system`, from the
/// box its constraints imply by bounds propagation: a superset of the exact
/// range (cheap; for pruning, never for counting). nullopt when the box is
/// empty (then so is the system).
std::optional<AffineRange> affineRange(const IntegerSystem& system, const std::vector<std::int64_t>& coef,
                                       std::int64_t constant);

/// Counts the integer points of `system`. Returns nullopt, with the reason
/// in `why`, when a variable is unbounded, the limits are exceeded or a
/// coefficient would overflow 64 bits.
std::optional<PointCount> countPoints(const IntegerSystem& system, const CountLimits& limits = {},
                                      std::string* why = nullptr);

/// Counts the points of the projection of `system` onto the variables not
/// marked in `existential`: how many values of the kept variables have some
/// integer value of the existential ones (how many distinct elements a
/// processor reads, the loop variables that do not index the element being
/// existential). Exact: existential variables are projected out by
/// Fourier-Motzkin only where their coefficients are unit, after residue
/// splits of kept variables. Returns nullopt, with `why`, as countPoints,
/// and when an existential variable cannot be made unit that way.
std::optional<PointCount> countProjection(const IntegerSystem& system, const std::vector<bool>& existential,
                                          const CountLimits& limits = {}, std::string* why = nullptr);

} // namespace ps::symbolic

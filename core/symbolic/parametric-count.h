#pragma once
// Counting with the unknowns kept symbolic: the P3T+ symbolic sum algorithm
// (Fig. 2) over variables V and parameters P. Variables are eliminated one
// at a time, splitting on which lower and which upper bound is the
// tightest; the conditions left over the parameters alone become the
// guards C_i of the solution tuples (C_i, E_i), and the count is Eq. (2):
// the sum of E_i over the tuples whose C_i holds. Analysis once, evaluation
// at any parameter values in a few hundred nanoseconds: what keeps charts
// and sweeps live. Exact: the guards keep every case the numeric counter
// (lattice-count.h) decides point by point. Variables must have unit
// coefficients (floors of divisions by constants are not kept symbolic
// here: a system that needs them has no closed form and is counted per
// point by countPoints).
// Source: P3T+, Section 3.1, Fig. 2 and Eqs. (2)-(3).

#include "symbolic/lattice-count.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps::symbolic {

/// Affine inequalities over the integer variables x0..x(variables-1) and
/// the integer parameters that follow them: each constraint's `coef` has
/// variables + parameters.size() entries. At most 12 variables and
/// parameters together.
struct ParametricSystem {
  int variables = 0;
  std::vector<std::string> parameters; // names, for printing ("n", "LB1")
  std::vector<LinearConstraint> constraints;
};

/// A count as the sum of polynomials in the parameters, each under a guard
/// (Eq. 2). The guards need not be disjoint; the polynomials of the guards
/// that hold add up.
class PiecewiseCount {
public:
  /// c * prod(parameter_k ^ exponent[k]) / denominator of its piece.
  struct Term {
    std::int64_t numerator = 0;
    std::vector<std::uint8_t> exponent; // one per parameter
  };
  /// One solution tuple (C_i, E_i).
  struct Piece {
    std::vector<LinearConstraint> guard; // over the parameters (coef has one entry per parameter)
    std::vector<Term> terms;
    std::int64_t denominator = 1;
  };

  const std::vector<std::string>& parameters() const { return m_parameters; }
  const std::vector<Piece>& pieces() const { return m_pieces; }

  /// Eq. (2) at `values` (one per parameter). Exact in 128-bit arithmetic;
  /// `exact` is empty only when an intermediate value overflows it (then
  /// `value` comes from long double arithmetic).
  PointCount at(const std::vector<std::int64_t>& values) const;

  /// The sum of Eq. (2) over the parameter points origin + m*step, m =
  /// 0..count-1 (one entry per parameter in each), without evaluating
  /// every point: along the line each guard holds on an interval of m and
  /// each polynomial has degree d <= its terms' degree, so a piece adds the
  /// Newton forward-difference sum of d + 1 values (the symbolic sum of
  /// P3T+ Fig. 2 over a CYCLIC distribution's owned blocks, lb + k*(P*q +
  /// c)). Exact in 128-bit arithmetic, as at(); O(pieces * (guards +
  /// (d + 1)^2)) per call whatever `count` is.
  PointCount sumAlong(const std::vector<std::int64_t>& origin, const std::vector<std::int64_t>& step,
                      std::int64_t count) const;

  /// One line per piece, "if C: E" (plain text), guards joined by "and";
  /// "0" when there is no piece. The count is the sum of the lines whose
  /// guards hold (they may overlap: not the first that holds).
  std::string text() const;
  /// The same in LaTeX: an aligned sum of [C] (E) with Iverson brackets.
  std::string latex() const;

private:
  friend std::optional<PiecewiseCount> countParametric(const ParametricSystem&, const CountLimits&, std::string*);
  std::vector<std::string> m_parameters;
  std::vector<Piece> m_pieces;
};

/// Counts the integer points of `system` for every value of its parameters.
/// nullopt, with the reason in `why`, when a variable has a non-unit
/// coefficient or no lower or upper bound, there are more than 12 variables
/// and parameters, the limits are exceeded, or a coefficient overflows.
std::optional<PiecewiseCount> countParametric(const ParametricSystem& system, const CountLimits& limits = {},
                                              std::string* why = nullptr);

} // namespace ps::symbolic

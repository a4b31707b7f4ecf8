#pragma once
// The numeric iteration space of one statement inside a selected loop nest:
// the enclosing loops from the nest root inwards, with bounds affine in the
// outer loop variables once the unknowns have values.

#include "program/model.h"
#include "symbolic/evaluation.h"
#include "symbolic/int-polynomial.h"

#include <boost/container/small_vector.hpp>

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ps::estimate {

/// One coefficient per loop level: nests are rarely deeper than four, and an
/// estimate point builds many of these (no heap for them then).
using LevelCoefficients = boost::container::small_vector<std::int64_t, 4>;

/// An affine function of the enclosing loop variables: sum(coef[k]*v[k]) + constant.
struct NumericAffine {
  LevelCoefficients coef; // one per level (zero for inner levels)
  std::int64_t constant = 0;

  /// The coefficients as the symbolic layer's rows take them.
  std::vector<std::int64_t> coefVector() const { return {coef.begin(), coef.end()}; }

  std::int64_t at(const std::vector<std::int64_t>& values) const { return atWithout(values, -1); }

  /// at() with level `level`'s variable taken as 0 (its entry in `values`
  /// is not read; -1: none): the part that does not move with that loop.
  std::int64_t atWithout(const std::vector<std::int64_t>& values, int level) const
  {
    std::int64_t s = constant;
    for (std::size_t k = 0; k < coef.size(); ++k)
      if (static_cast<int>(k) != level)
        s += coef[k] * values[k];
    return s;
  }
};

struct LevelBounds {
  std::string variable;
  int loopId = 0;
  int line = 0;
  NumericAffine lower, upper;
  std::int64_t step = 1;
  bool forall = false; // a FORALL index: its iterations read before any writes
};

class CompiledSpace;

class IterationSpace {
public:
  /// Builds the space of `statement` within the nest rooted at `nestLoop`.
  /// On failure (non-affine bounds, unknown values) returns nullopt and
  /// `error` says why (and which unknowns need values).
  static std::optional<IterationSpace> build(const program::Unit& unit, int nestLoop,
                                             const program::Statement& statement, const symbolic::Bindings& values,
                                             symbolic::EvaluationError* error);

  int depth() const { return static_cast<int>(m_levels.size()); }
  const std::vector<LevelBounds>& levels() const { return m_levels; }
  std::vector<std::string> variables() const;

  /// Converts an affine form in the loop variables to numeric coefficients,
  /// or nullopt (with `error`, naming `what`) when its constant cannot be
  /// evaluated.
  std::optional<NumericAffine> numeric(const symbolic::AffineForm& form, const symbolic::Bindings& values,
                                       const std::string& what, symbolic::EvaluationError* error) const;

  /// Calls `visit(values)` for every iteration of levels 0..count-1 in
  /// execution order. `values` has depth() entries; deeper ones are unset.
  void forEachOuter(int count, const std::function<void(std::vector<std::int64_t>&)>& visit) const;

  /// The values level k takes given the outer values, in execution order:
  /// first, last (inclusive) and step; empty when first > last for step > 0.
  bool range(int k, const std::vector<std::int64_t>& values, std::int64_t* first, std::int64_t* last) const;

  /// Number of iterations of the whole space: the inner levels whose
  /// bounds do not use the outer ones counted once and multiplied by the
  /// outer levels' count, found the same way (a box of any depth walks no
  /// level; a triangle walks its outer loop).
  std::int64_t size() const;

  /// True when no bound of the levels count..depth()-1 depends on the
  /// variables of levels 0..count-1: the inner space is the same in every
  /// iteration of those outer levels.
  bool innerBoundsIndependentOf(int count) const;

  /// The iterations of levels 0..count-1: how many there are and the values
  /// of the first one (depth() entries; deeper ones are zero).
  std::int64_t outerCount(int count, std::vector<std::int64_t>* first) const;

  /// The first iteration of levels 0..count-1 in execution order into
  /// `values` (depth() entries; deeper ones are zero), visiting only the
  /// outer values whose inner ranges run empty before it (LU's j = 1, whose
  /// k = 1..j-1 has none); false when there is none.
  bool firstOuter(int count, std::vector<std::int64_t>* values) const;

  /// Walks levels k..count-1 in execution order with `values` of the outer
  /// levels already set, calling `visit` for each point.
  void walk(int k, int count, std::vector<std::int64_t>& values,
            const std::function<void(std::vector<std::int64_t>&)>& visit) const;

  /// Replaces level k's start (`end` false: LevelBounds::lower) or end
  /// (LevelBounds::upper) by `bound`, affine in the outer loop variables:
  /// an IF folded into the loop (guard-fold.h).
  void setBound(int k, bool end, NumericAffine bound) { (end ? m_levels[k].upper : m_levels[k].lower) = std::move(bound); }

  /// The space of levels 0..count-1 alone: one point per iteration of the
  /// outer loops (a reduction's combines).
  IterationSpace outer(int count) const;

private:
  friend class CompiledSpace;
  std::vector<LevelBounds> m_levels;
};

/// An affine function of a space's loop variables whose constant is an
/// integer polynomial in the unknowns, taken apart once.
struct CompiledAffine {
  LevelCoefficients coef;
  symbolic::IntPolynomial constant;

  /// IterationSpace::numeric's function at `values` by integer arithmetic,
  /// into `out` (its storage reused); false where that takes another path
  /// (an unknown without a value, an overflow): then ask numeric, which says
  /// why or finds the value.
  bool into(const symbolic::Bindings& values, NumericAffine& out) const;
};

/// IterationSpace::build with everything that does not depend on the values
/// of the unknowns done once: which loops, their bounds taken apart into
/// coefficients and integer polynomials. Building at new values is then a
/// few multiply-adds per bound (a sweep over N, compiled-estimate.h). A
/// space whose bounds are not of that shape (a quotient, a coefficient
/// that is an unknown) is built by IterationSpace::build every time.
/// Keeps references to `unit` and `statement`.
class CompiledSpace {
public:
  CompiledSpace(const program::Unit& unit, int nestLoop, const program::Statement& statement);

  /// IterationSpace::build(unit, nestLoop, statement, values, error): the
  /// same space, or the same error.
  std::optional<IterationSpace> build(const symbolic::Bindings& values, symbolic::EvaluationError* error) const;

  /// build() into `out`, reusing its storage (a sweep over N builds at every
  /// point); false with `error`, `out` unspecified, where build gives nullopt.
  bool buildInto(const symbolic::Bindings& values, IterationSpace& out, symbolic::EvaluationError* error) const;

  /// False when build falls back to IterationSpace::build at every values.
  bool compiled() const { return m_compiled; }

  /// `form`, affine in the loop variables, compiled for the spaces this
  /// builds; nullopt when the space or the form's constant does not compile.
  std::optional<CompiledAffine> compile(const symbolic::AffineForm& form) const;

private:
  struct Bounds {
    CompiledAffine lower, upper;
    symbolic::IntPolynomial step;
  };
  const program::Unit* m_unit;
  int m_nestLoop;
  const program::Statement* m_statement;
  std::vector<LevelBounds> m_levels; // the bounds themselves are in m_bounds
  std::vector<Bounds> m_bounds;      // one per level; empty when the space did not compile
  bool m_compiled = false;
};

/// True when `f` has a non-zero coefficient for one of the levels 0..count-1.
bool usesLevelsBelow(const NumericAffine& f, int count);

/// Trip count of a loop first..last by step (0 when empty).
std::int64_t tripCount(std::int64_t first, std::int64_t last, std::int64_t step);

} // namespace ps::estimate

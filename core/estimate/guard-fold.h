#pragma once
// IF conditions on the loop variables folded into the loop bounds, so that
// what counts iterations and exchanges over a space (triangle-exchange.h,
// separable-exchange.h, the projection and the simulation) sees only the
// iterations a guarded statement runs: IF (I .GT. J) inside DO I = 1, N
// becomes DO I = J + 1, N, and IF (K .LE. 8) around a step loop's body cuts
// its steps at 8. Exact or nothing: a condition folds only where the new
// bound is the tighter one over the whole range of the loop it follows.
// Source: P3T+, Section 3.2 (the communication of a statement is that of
// the iterations it executes); the guards are Statement::guards.

#include "estimate/iteration-space.h"
#include "symbolic/expr.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ps::estimate {

/// Whether a condition `value REL 0` holds (a guard with no loop variable
/// left: decided by the values alone).
inline bool conditionHolds(symbolic::AffineCondition::Relation relation, std::int64_t value)
{
  using Relation = symbolic::AffineCondition::Relation;
  switch (relation) {
  case Relation::Lt: return value < 0;
  case Relation::Le: return value <= 0;
  case Relation::Gt: return value > 0;
  case Relation::Ge: return value >= 0;
  case Relation::Eq: return value == 0;
  case Relation::Ne: return value != 0;
  }
  return false;
}

/// `space` with every condition of `guards` (each f REL 0, f affine in the
/// loop variables) folded into a bound of the innermost loop it names.
/// nullopt when one does not fold exactly: a .NE.; a coefficient other than
/// 1 or -1 on that loop's variable; a new start at a distance from the old
/// one that is not constant, for a loop whose step is not 1 or -1 (its
/// values would shift; a constant distance is rounded up to whole steps); a new bound that follows more than
/// one outer loop, or one whose bounds follow another; or one that is
/// neither always the tighter nor always the looser over that loop's range.
/// An empty `guards` gives `space`.
std::optional<IterationSpace> foldGuards(const IterationSpace& space,
                                         const std::vector<symbolic::AffineCondition>& guards,
                                         const symbolic::Bindings& values);

} // namespace ps::estimate

#pragma once
// Who evaluates an IF condition or a FORALL mask inside a loop nest.

#include "mapping/mapping.h"
#include "program/model.h"

namespace ps::estimate {

/// The reference whose owner evaluates the condition statement `condition`
/// (StatementKind::Control: a logical or block IF's condition, an ELSE IF's,
/// a FORALL mask), or nullptr when every processor evaluates it.
///
/// A condition is evaluated by the processors that execute the statements
/// it guards (owner-computes; P3T+ counts a statement's work per processor
/// by its owner rule, Def. 3.1). PartScope's rule: the left-hand side of
/// the first guarded assignment, in source order, that writes a distributed
/// array of `mapping` in the same loops as the condition (nested IFs'
/// statements count as guarded). When the guarded assignments write through
/// other owners too, the first one's rule is kept (not their union): the
/// others' owners then evaluate no condition, an underestimate of at most
/// one condition per guarded iteration. A condition that guards no
/// distributed assignment (only scalars, replicated arrays, CALLs, or
/// statements in deeper loops) stays replicated.
const program::ArrayReference* conditionOwner(const program::Unit& unit, const program::Statement& condition,
                                              const mapping::Mapping& mapping);

} // namespace ps::estimate

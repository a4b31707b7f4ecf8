#pragma once
// Where the exchanges of a read inside a loop change shape from one
// instance to the next: the pieces sumPiecewise needs. An instance's
// messages depend on which owners the template indices of the read and of
// the executing reference reach over the inner loops; their least and
// greatest values there are affine in the instance's loop variable (the
// inner bounds are affine), so the owners change where those extremes cross
// a BLOCK boundary, and, under CYCLIC(k), with the instance's place in the
// cycle (the period) and where the range they span gets shorter than two
// cycles. Source: P3T+, Sec. 3.1 (the pieces of the symbolic sums are cut
// where bounds cross; owners as in HPF 1.1, Sec. 3.3).

#include "estimate/iteration-space.h"
#include "estimate/piecewise-instance-sum.h"
#include "estimate/reference-plan.h"

#include <optional>

namespace ps::estimate {

/// The pieces of the instances of level `level` of `space` (outer levels
/// fixed in `values`; the instances first, first + step, ..., `trips` of
/// them) for the exchange of `read` executed by `exec` (nullptr: every
/// processor): the period in instances and the index ranges to do one by
/// one. nullopt when a bound or product overflows 64 bits.
std::optional<InstancePieces> exchangePieces(const IterationSpace& space, int level,
                                             const std::vector<std::int64_t>& values, std::int64_t first,
                                             std::int64_t step, std::int64_t trips, const ReferencePlan* exec,
                                             const ReferencePlan& read, const mapping::Mapping& mapping);

} // namespace ps::estimate

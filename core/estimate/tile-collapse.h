#pragma once
// A blocked (tiled) loop pair seen whole: DO JJ = 1, N, NB around
// DO J = JJ, MIN(JJ+NB-1, N) runs J over 1..N once, tile by tile. An
// exchange placed outside the tile loop (vectorized out of both) needs the
// elements of every J, not of each tile: with the pair collapsed into one
// loop (the tile loop a single iteration, J over the whole range, its MIN
// clip folded in) its count is that of a plain loop, a product of
// one-loop counts (separable-exchange.h) instead of a projection per
// processor pair, and the last tile's clip is exact (no elements past N).
// Source: P3T+, Section 3.2 (the communication of a statement is that of
// the iterations it executes; exchanges vectorized out of the loops that
// carry no dependence).

#include "estimate/iteration-space.h"
#include "estimate/reference-plan.h"

#include <optional>
#include <vector>

namespace ps::estimate {

/// A space with its tile pairs collapsed, and the element loops (ids)
/// whose MIN/MAX clips were folded into it exactly.
struct CollapsedTiles {
  IterationSpace space;
  std::vector<int> clippedLoops;
};

/// `space` with every tile pair at levels >= `from` collapsed: a tile loop
/// t (constant bounds, step s >= 2) whose variable only the bounds of one
/// inner element loop e read (e = t .. t+s-1, step 1, or t .. c for a
/// constant c no less than the last tile's start less 1: a clip already
/// folded, guard-fold.h; no subscript of
/// `exec` or `read`, no other bound and no clip of e follows t) becomes its first value
/// alone, and e runs over lo(t) .. lo(t) + s*trips(t) - 1, cut by the
/// element loop's MIN/MAX clips (Loop::boundGuards of `unit`) where they
/// fold exactly (guard-fold.h). nullopt when no pair collapses. Valid only
/// for an exchange whose placement is at most `from` (it gathers every
/// iteration of levels from..depth-1): the set of elements and owners is
/// the same, not the order of the iterations.
std::optional<CollapsedTiles> collapseTiles(const IterationSpace& space, int from, const ReferencePlan* exec,
                                            const ReferencePlan& read, const program::Unit& unit,
                                            const symbolic::Bindings& values);

} // namespace ps::estimate

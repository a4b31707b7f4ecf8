#pragma once
// The messages of one vectorized exchange for the common patterns (shift,
// copy, broadcast, and the transposes among them), counted without
// enumerating iterations or processor pairs: when the walked loops form a
// box and every template index (of the executing and the read reference)
// and every subscript of the read follows at most one loop, the iterations
// that a destination executes and a source serves form a product of one
// set per loop, and their distinct elements a product of one-dimensional
// counts. A loop nested in another (its range follows it, as i = j..n in
// Cholesky's update) fits when no template index follows it: the owners
// are the outer loop's, and the values a read subscript takes along the
// nested loop, one end of its range fixed, are the hull of the ranges at
// the first and last trip each owner has. Each one-dimensional count walks the runs of constant owners,
// with the CYCLIC(k) owners' period walked once and multiplied: its cost
// grows with P (the owner changes in one period, the BLOCK boundaries)
// and never with N. Processor pairs are visited only where a count is
// non-zero (a shift: a few sources per destination, not P).
// Source: P3T+, Section 3.2 and Defs. 3.4-3.5 (nt and td per processor);
// the simulation in communication.cpp and the projection count in
// closed-communication.h are its oracles (tests/estimate/separable-exchange-test.cpp).

#include "estimate/closed-communication.h"
#include "support/function-ref.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ps::estimate {

/// The messages of one exchange of `read` by the processors executing
/// `exec` (nullptr or replicated: every processor executes every
/// iteration), with the loop levels 0..placement-1 fixed to `outer`
/// (depth() entries), sorted by (from, to): the same result as
/// countExchange. Exact; nullopt with `why` when the exchange is not
/// separable (a template index follows a walked loop whose bounds follow
/// another, such a loop's range runs empty or, read along, has both ends
/// moving or a step other than 1; a template index or read subscript
/// follows two walked loops; the owners' common period exceeds 2^20
/// iterations).
std::optional<std::vector<PairTraffic>> countSeparableExchange(const IterationSpace& space, const ReferencePlan* exec,
                                                               const ReferencePlan& read, int placement,
                                                               const std::vector<std::int64_t>& outer,
                                                               const mapping::Mapping& mapping, std::string* why);

/// The messages of countSeparableExchange visited one destination at a
/// time (each call: the messages into one processor, by source; destinations
/// in increasing order; no call for a processor that receives none), without
/// a list (a broadcast on 1024 processors has a million). False with `why`
/// when the exchange is not separable: then `visit` was not called, or, when
/// a count overflowed 64 bits, called for some destinations only (the caller
/// drops what it gathered).
bool forEachSeparablePair(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read,
                          int placement, const std::vector<std::int64_t>& outer, const mapping::Mapping& mapping,
                          FunctionRef<void(std::span<const PairTraffic>)> visit, std::string* why);

/// work(p) before branch probabilities, as countOwnedIterations, for a
/// box nest whose executing template indices follow one loop each: the
/// product over the loops of the trips whose owner is p's coordinate, each
/// counted as above (cost O(P) per loop, independent of N), for
/// p = 0..P-1 in the arrangement's linear order. Exact; nullopt with `why`
/// when the nest is not separable.
/// Source: P3T+, Section 3.1 (work(k), Eq. 4).
std::optional<std::vector<double>> countSeparableWork(const IterationSpace& space, const ReferencePlan* owner,
                                                      const mapping::Mapping& mapping, std::string* why);

} // namespace ps::estimate

#pragma once
// The messages of one vectorized exchange over two walked loops, the inner
// one's range following the outer one (a triangle j = 1..i-1, a band
// j = i-kl..i+ku, or a box), when the owners of the executing reference
// follow one of the loops and the owners of the read the other: the row
// form of a triangular solve, x(i) = x(i) - l(i,j)*x(j) with x CYCLIC and
// l (*,CYCLIC), where each processor's rows read every processor's columns.
// separable-exchange.h refuses it (a read's owners along the nested loop),
// and the projection count costs a millisecond per processor pair.
//
// Each side's owners are walked as runs of a key (the owner coordinates
// that follow that loop), once per period of CYCLIC(k) owners. Along the
// inner loop, G_q(m), the values up to m that key q owns, and its running
// sum S_q are closed forms in the period (count and sum of owned offsets per
// period); so a run of outer trips with key p adds
// sum_t (G_q(high(t)) - G_q(low(t) - 1)) as four S values, and repeats of
// the run one common period later add an arithmetic series. The cost is
// (outer runs per period) x (inner keys) x log(runs of a key): O(P^2) for a
// 1-D arrangement, never growing with N.
// Source: P3T+, Section 3.2 and Defs. 3.4-3.5 (nt and td per processor);
// the simulation (communication.cpp) and brute force are the oracles
// (tests/estimate/triangle-exchange-test.cpp).

#include "estimate/closed-communication.h"
#include "support/function-ref.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ps::estimate {

/// The messages of one exchange of `read` by the processors executing
/// `exec`, with the loop levels 0..placement-1 fixed to `outer` (depth()
/// entries), visited one destination at a time (each call: the messages
/// into one processor, by increasing source; destinations in increasing
/// order; no call for a processor that receives none). Exact: the same
/// messages as countExchange. False with `why` when the exchange is not of
/// this shape (then `visit` was not called) or a count overflows 64 bits
/// (then it may have been called for some destinations: the caller drops
/// what it gathered). The shape: two walked levels, the inner one with a
/// unit step, besides selectors (walked loops only executing template
/// indices name, each alone and at most one per selector, and whose ranges
/// neither follow nor are followed: each of their owners executes the
/// iteration); every template index of
/// both references follows at most one of them and stays inside its
/// template; an executing reference (where it is replicated along a
/// processors dimension, every coordinate of it executes; nullptr or one
/// without a mapping: every processor executes every iteration); the read's elements distinct per iteration (two
/// subscripts independent in the two loops: each loop driving one of its own,
/// or the band storage's AB(KU+1+I-J, J)), or following the inner loop alone with one end
/// of its range fixed (the union of the ranges a processor reads is the
/// largest of them) or both moving alike by at most the range's width plus
/// one per outer trip (a band: the union of each run's range, counted once per period when the repeats do not overlap or make
/// one interval, else listed up to 2^16 runs); the inner range's ends moving by at most one per outer
/// trip; and the tables within their budgets (2^22 key pairs, 2^27 steps).
bool forEachTrianglePair(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read,
                         int placement, const std::vector<std::int64_t>& outer, const mapping::Mapping& mapping,
                         FunctionRef<void(std::span<const PairTraffic>)> visit, std::string* why);

/// forEachTrianglePair's messages as one list sorted by (from, to), as
/// countExchange gives them; nullopt with `why` where that one refuses.
std::optional<std::vector<PairTraffic>> countTriangleExchange(const IterationSpace& space, const ReferencePlan* exec,
                                                              const ReferencePlan& read, int placement,
                                                              const std::vector<std::int64_t>& outer,
                                                              const mapping::Mapping& mapping, std::string* why);

} // namespace ps::estimate

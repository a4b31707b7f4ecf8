#pragma once
// The messages of one vectorized exchange counted in closed form: for each
// (source, destination) pair, the number of distinct elements of a read
// that the destination's iterations need and the source owns, as the
// integer points of the projection of {iterations, ownership, element}
// onto the element (symbolic::countProjection). No iteration is visited, so
// the cost grows with P (one count per processor pair) and not with N.
// Source: P3T+, Section 3.2 (nt, td per processor from the symbolic
// iteration counts) and Defs. 3.4-3.5; the simulation in communication.cpp
// is the oracle and the fallback.

#include "estimate/reference-plan.h"

#include <optional>
#include <string>
#include <vector>

namespace ps::estimate {

/// One message: `elements` distinct elements from processor `from` to
/// processor `to` (linear numbers in the arrangement).
struct PairTraffic {
  std::int64_t from = 0, to = 0, elements = 0;
  bool operator==(const PairTraffic&) const = default;
};

/// The messages of one exchange of `read` by the processors executing
/// `exec` (nullptr or replicated: every processor executes every
/// iteration), with the loop levels 0..placement-1 fixed to `outer`,
/// sorted by (from, to). Exact; nullopt with `why` when the count fails
/// (more than 12 variables, an existential variable with non-unit
/// coefficients, executed iterations in several ownership parts).
std::optional<std::vector<PairTraffic>> countExchange(const IterationSpace& space, const ReferencePlan* exec,
                                                      const ReferencePlan& read, int placement,
                                                      const std::vector<std::int64_t>& outer,
                                                      const mapping::Mapping& mapping, std::string* why);

} // namespace ps::estimate

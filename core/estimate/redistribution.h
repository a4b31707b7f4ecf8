#pragma once
// The messages of remapping one array from a mapping to another (HPF's
// prescriptive dummy mapping at a CALL, and back at the return), counted
// exactly: each element goes from its owner under the old mapping to its
// owner under the new one when they differ. Along each array dimension the
// owners change only at block boundaries, so the count walks the runs of
// constant (old, new) owners per dimension and combines the dimensions'
// tallies, never the elements one by one: the side with fewer runs (BLOCK's
// P blocks) is walked against the other's owner counts, or both sides' runs
// together (two CYCLIC(1): one run per element, up to kMaxRedistributionRuns).
// Source: HPF 2.0, Sec. 3.3 (owners) and Sec. 3.10 (a dummy with its own
// DISTRIBUTE is remapped at the call and back at the return); P3T+,
// Defs. 3.4-3.5 (nt and td per processor).

#include "mapping/mapping.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ps::estimate {

/// Beyond this many runs summed over the dimensions the remap is not
/// counted (countRedistribution says why; the caller approximates).
inline constexpr std::int64_t kMaxRedistributionRuns = std::int64_t{1} << 22;

/// One remap's traffic: per receiving processor (linear order of the
/// arrangement) its messages (one per sender that sends it any element)
/// and elements, and their sums.
struct RedistributionCount {
  std::vector<std::int64_t> messages, elements;
  std::int64_t totalMessages = 0, totalElements = 0;
};

/// Index ranges of an array, (lower, upper) per dimension.
using IndexBounds = std::vector<std::pair<std::int64_t, std::int64_t>>;

/// The traffic of moving an array from `fromArray` under `from`, indexed
/// `fromBounds`, to `toArray` under `to`, indexed `toBounds` (an actual and
/// its dummy: the elements pair by position, so the extents must be equal
/// and the indices differ by the lower bounds). Both mappings must be on
/// arrangements of one shape; nullopt with `why` when they are not, when
/// the extents differ, when an element has several owners under either (a
/// replicated array or dimension: the caller prices those otherwise), when
/// an alignment stride is not 1, beyond kMaxRedistributionRuns runs, or on
/// more than 8192 processors (the pairs are kept as bits).
std::optional<RedistributionCount> countRedistribution(const mapping::Mapping& from,
                                                       const mapping::ArrayMapping& fromArray,
                                                       const IndexBounds& fromBounds, const mapping::Mapping& to,
                                                       const mapping::ArrayMapping& toArray,
                                                       const IndexBounds& toBounds, std::string* why);

} // namespace ps::estimate

#pragma once
// The integer points of a system counted by isl (isl_set_count_val, which
// enumerates them): the ground-truth oracle of the counting tests and the
// baseline of the counting benchmark. Only this file pair and
// dependences.cpp touch isl.

#include "symbolic/lattice-count.h"

#include <cstdint>
#include <optional>

namespace ps::symbolic {

/// The number of integer points of `system`; nullopt when isl reports an
/// error, the set is unbounded, or the count does not fit in 64 bits.
/// Cost grows with the number of points.
std::optional<std::int64_t> countWithIsl(const IntegerSystem& system);

} // namespace ps::symbolic

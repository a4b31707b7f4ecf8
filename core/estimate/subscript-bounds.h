#pragma once
// Subscripts that leave their array: B(I+1) with I = 1..N of B(N) reads
// B(N+1). Fortran leaves that undefined (a program error or a bound
// written too small); the estimate goes on, counting such an element on
// the owner of the nearest bound, and says so.

#include "estimate/cache-misses.h"
#include "estimate/iteration-space.h"
#include "estimate/reference-plan.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace ps::estimate {

/// One subscript of a reference outside its dimension's declared bounds,
/// and an iteration where it is.
struct BoundsViolation {
  std::size_t dimension = 0;      // 0-based
  std::int64_t value = 0;         // the subscript's value there
  std::int64_t bound = 0;         // the declared bound it passes
  bool below = false;             // below the lower bound (else above the upper)
  std::vector<std::int64_t> iteration; // the loop variables' values, one per level of the space
};

/// The first dimension of `plan` (in order, below before above) whose
/// subscript leaves `declared` (one range per dimension) in some iteration
/// of `space`, with such an iteration; nullopt when none is found. The
/// least and greatest value of each affine subscript are found by
/// substituting, innermost level first, the bound its coefficient's sign
/// asks for (exact for non-empty ranges, as the loops' bounds are affine);
/// the iteration this names is then built from the real ranges and
/// checked, so a violation returned is real (an iteration whose inner range
/// runs empty is given up, and with it a violation only such iterations
/// would show). Cost O(depth^2) per dimension, independent of the trips.
std::optional<BoundsViolation> subscriptOutside(const IterationSpace& space, const ReferencePlan& plan,
                                                const std::vector<DeclaredRange>& declared);

} // namespace ps::estimate

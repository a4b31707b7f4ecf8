#pragma once
// Division rounding toward minus and plus infinity (C++ '/' rounds toward
// zero): block owners, cyclic periods and closed-form counts need floor(a/b)
// for negative a too. b != 0; the quotient of INT64_MIN by -1 overflows.

#include <cstdint>

namespace ps {

// A divisor of 1 (a unit step or stride, plain CYCLIC's block) is the common
// case in an estimate's inner loops, and a 64-bit division costs tens of
// cycles: it is tested first.

inline std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
  if (b == 1)
    return a;
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

inline std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
  if (b == 1)
    return a;
  return a / b + ((a % b != 0) && ((a < 0) == (b < 0)));
}

/// a - floorDiv(a, b) * b: in [0, b) for b > 0.
inline std::int64_t floorMod(std::int64_t a, std::int64_t b)
{
  return a - floorDiv(a, b) * b;
}

} // namespace ps

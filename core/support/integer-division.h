#pragma once
// Division rounding toward minus and plus infinity (C++ '/' rounds toward
// zero): block owners, cyclic periods and closed-form counts need floor(a/b)
// for negative a too. b != 0; the quotient of INT64_MIN by -1 overflows.

#include <cstdint>

namespace ps {

inline std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)));
}

inline std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { return a / b + ((a % b != 0) && ((a < 0) == (b < 0))); }

} // namespace ps

#pragma once
// A 128-bit integer for intermediate products of 64-bit bounds and
// coefficients, so overflow is detected instead of wrapping.

#include <cstdint>
#include <limits>

namespace ps {

__extension__ typedef __int128 WideInt; // GCC/Clang extension; __extension__ keeps -Wpedantic quiet

/// True when `v` is representable as std::int64_t.
inline bool fitsInt64(WideInt v)
{
  return v <= std::numeric_limits<std::int64_t>::max() && v >= std::numeric_limits<std::int64_t>::min();
}

/// floor(a / b) and a - floor(a / b) * b in 128 bits (b != 0), as
/// integer-division.h's floorDiv for 64.
inline WideInt floorDivWide(WideInt a, WideInt b)
{
  const WideInt q = a / b;
  return q - ((a % b != 0) && ((a < 0) != (b < 0)));
}

inline WideInt floorModWide(WideInt a, WideInt b) { return a - floorDivWide(a, b) * b; }

} // namespace ps

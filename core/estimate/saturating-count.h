#pragma once
// Message and byte counts that stop at the largest 64-bit value instead of
// wrapping: a TD beyond 2^63 - 1 bytes (a huge --set n) is shown at that
// bound with a note (saturationNote), never as a smaller, wrong number.

#include "support/wide-int.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace ps::estimate {

inline constexpr std::int64_t kCountBound = std::numeric_limits<std::int64_t>::max();

/// a + b for counts (>= 0), or kCountBound when the sum does not fit.
inline std::int64_t saturatingAdd(std::int64_t a, std::int64_t b)
{
  std::int64_t s = 0;
  return __builtin_add_overflow(a, b, &s) ? kCountBound : s;
}

/// a * b for counts (>= 0), or kCountBound when the product does not fit.
inline std::int64_t saturatingMul(std::int64_t a, std::int64_t b)
{
  const WideInt p = static_cast<WideInt>(a) * b;
  return fitsInt64(p) ? static_cast<std::int64_t>(p) : kCountBound;
}

/// value * factor rounded (a count times a frequency), or kCountBound when
/// it does not fit (std::llround would be undefined there).
inline std::int64_t saturatingScale(std::int64_t value, double factor)
{
  const double v = static_cast<double>(value) * factor;
  return v >= 9.2e18 || !std::isfinite(v) ? kCountBound : std::llround(v);
}

/// The note an estimate carries when its NT or TD reached kCountBound;
/// empty when neither did.
inline std::string saturationNote(std::int64_t nt, std::int64_t tdBytes)
{
  if (nt < kCountBound && tdBytes < kCountBound)
    return {};
  const bool both = nt == kCountBound && tdBytes == kCountBound;
  return std::string(both                     ? "The number of transfers (NT) and the data transferred (TD) exceed"
                     : tdBytes == kCountBound ? "The data transferred (TD) exceeds"
                                              : "The number of transfers (NT) exceeds") +
         " 2^63 - 1 (about 9.2e18) and " + (both ? "are" : "is") +
         " shown at that bound; the problem size is beyond what the counts hold";
}

} // namespace ps::estimate

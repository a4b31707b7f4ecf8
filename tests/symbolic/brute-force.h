#pragma once
// Brute-force enumeration of the integer points of a system in a box: the
// oracle of the counting tests (numeric and parametric).

#include "symbolic/lattice-count.h"

#include <cstdint>
#include <vector>

namespace ps::symbolic::test {

/// Brute force: f(x) for every point of the box lo..hi that satisfies all
/// constraints of `s` (the box itself is among them).
template <typename F>
inline void forEachPointIn(const IntegerSystem& s, const std::vector<std::int64_t>& lo, const std::vector<std::int64_t>& hi,
                    const F& f)
{
  const auto n = lo.size();
  for (std::size_t v = 0; v < n; ++v)
    if (hi[v] < lo[v])
      return;
  std::vector<std::int64_t> x(lo);
  while (true) {
    bool inside = true;
    for (const auto& r : s.constraints) {
      std::int64_t value = r.constant;
      for (std::size_t v = 0; v < n; ++v)
        value += r.coef[v] * x[v];
      inside = inside && value >= 0;
    }
    if (inside)
      f(x);
    std::size_t v = 0;
    while (v < n && ++x[v] > hi[v])
      x[v] = lo[v], ++v;
    if (v == n)
      return;
  }
}

} // namespace ps::symbolic::test

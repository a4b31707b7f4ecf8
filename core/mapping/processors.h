#pragma once
// Processors arrangements. Source: HPF 2.0 specification, section 3.6.
// Processor numbering is column-major (the first dimension varies fastest),
// the element order of Fortran arrays.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps::mapping {

/// The most processors an arrangement may have (2^20): estimates keep
/// several values per processor, and beyond this machines are not built.
inline constexpr std::int64_t kMaxProcessors = std::int64_t{1} << 20;

/// The largest m of BLOCK(m) and k of CYCLIC(k) (10^12 - 1): with at most
/// kMaxProcessors processors, k * P and the cycle's arithmetic stay far
/// inside 64 bits.
inline constexpr std::int64_t kMaxBlockSize = 999'999'999'999;

struct ProcessorsArrangement {
  std::string name = "procs";
  std::vector<std::int64_t> shape{1};

  std::int64_t count() const
  {
    std::int64_t n = 1;
    for (auto s : shape)
      n *= s;
    return n;
  }
  int rank() const { return static_cast<int>(shape.size()); }
  /// "16" or "4x4".
  std::string str() const;
  /// Linear processor number of coordinates (column-major).
  std::int64_t linear(const std::vector<std::int64_t>& coords) const;
  /// Coordinates of linear processor number p.
  std::vector<std::int64_t> coordinates(std::int64_t p) const;
  /// The same processors as a `rank`-dimensional grid: a 1-D count is factored
  /// as squarely as possible (16 -> 4x4, 8 -> 4x2); a grid of another rank is
  /// flattened first.
  ProcessorsArrangement reshaped(int rank) const;
};

/// Parses "16" or "4x4" (also "4X4", "4*4"); nullopt if malformed, an
/// extent is < 1, or there are more than kMaxProcessors processors.
std::optional<ProcessorsArrangement> parseArrangement(const std::string& text);

} // namespace ps::mapping

#pragma once
// Processors arrangements. Source: HPF 2.0 specification, section 3.6.
// Processor numbering is column-major (the first dimension varies fastest),
// the element order of Fortran arrays.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps::mapping {

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

/// Parses "16" or "4x4" (also "4X4", "4*4"); nullopt if malformed or < 1.
std::optional<ProcessorsArrangement> parseArrangement(const std::string& text);

} // namespace ps::mapping

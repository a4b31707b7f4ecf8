#pragma once
// Distribution formats of one template dimension and the HPF ownership
// functions. Source: HPF 2.0 specification, section 3.3: BLOCK gives blocks
// of ceil(N/P) elements; CYCLIC(k) deals blocks of k elements round-robin,
// so the owner of index i is floor((i - lb) / k) mod P.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace ps::mapping {

enum class FormatKind { Block, Cyclic, Collapsed };

struct DistributionFormat {
  FormatKind kind = FormatKind::Collapsed;
  std::int64_t size = 0; // CYCLIC(k): k (1 for plain CYCLIC); BLOCK(m): m; 0 = ceil(N/P)

  static DistributionFormat block(std::int64_t m = 0) { return {FormatKind::Block, m}; }
  static DistributionFormat cyclic(std::int64_t k = 1) { return {FormatKind::Cyclic, k}; }
  static DistributionFormat collapsed() { return {FormatKind::Collapsed, 0}; }

  bool distributed() const { return kind != FormatKind::Collapsed; }
  /// "BLOCK", "CYCLIC", "CYCLIC(4)", "*".
  std::string str() const;
  bool operator==(const DistributionFormat&) const = default;
};

/// Parses "BLOCK", "block(8)", "CYCLIC", "CYCLIC(k)", "*" (case-insensitive).
std::optional<DistributionFormat> parseFormat(const std::string& text);

/// One template dimension lb..ub distributed by `format` over `procs` processors.
class DimensionDistribution {
public:
  DimensionDistribution(DistributionFormat format, std::int64_t lower, std::int64_t upper, std::int64_t procs);

  DistributionFormat format() const { return m_format; }
  std::int64_t procs() const { return m_procs; }
  std::int64_t lower() const { return m_lower; }
  std::int64_t upper() const { return m_upper; }
  /// Elements per block: ceil(N/P) for BLOCK (unless given), k for CYCLIC(k).
  std::int64_t blockSize() const { return m_block; }

  /// Processor coordinate (0..P-1) owning template index i; indices outside
  /// lb..ub belong to the owner of the nearest bound.
  std::int64_t owner(std::int64_t i) const;
  /// How many i in [lo, hi] (unit stride) processor coordinate `c` owns.
  std::int64_t countOwned(std::int64_t lo, std::int64_t hi, std::int64_t c) const;

  /// The last index j >= i such that every index in i..j has the owner of i
  /// (INT64_MAX when the run never ends). Owners change only at block
  /// boundaries, so a walk along a template dimension visits O(blocks) runs.
  std::int64_t runEnd(std::int64_t i) const;
  /// The first index j <= i such that every index in j..i has the owner of i
  /// (INT64_MIN when the run never starts).
  std::int64_t runStart(std::int64_t i) const;
  /// True when every template index has the same owner under both (two
  /// arrays distributed alike have template dimensions of their own).
  bool sameOwners(const DimensionDistribution& o) const
  {
    return m_format == o.m_format && m_lower == o.m_lower && m_upper == o.m_upper && m_procs == o.m_procs &&
           m_block == o.m_block;
  }

private:
  std::int64_t ownedUpTo(std::int64_t x, std::int64_t c) const; // within lb..ub
  DistributionFormat m_format;
  std::int64_t m_lower, m_upper, m_procs, m_block;
};

// Inline: the owner walks of an estimate point call these per run and processor.
inline std::int64_t DimensionDistribution::owner(std::int64_t i) const
{
  if (m_format.kind == FormatKind::Collapsed)
    return 0;
  i = std::clamp(i, m_lower, m_upper);
  const auto blockIndex = m_block == 1 ? i - m_lower : (i - m_lower) / m_block; // plain CYCLIC: no division
  if (m_format.kind == FormatKind::Block)
    return std::min(blockIndex, m_procs - 1);
  return blockIndex % m_procs;
}

inline std::int64_t DimensionDistribution::runEnd(std::int64_t i) const
{
  constexpr auto noEnd = std::numeric_limits<std::int64_t>::max(); // not "forever": a Qt macro
  if (m_format.kind == FormatKind::Collapsed || m_procs == 1 || i >= m_upper)
    return noEnd;
  const auto blockIndex = (std::max(i, m_lower) - m_lower) / m_block;
  if (m_format.kind == FormatKind::Block && blockIndex >= m_procs - 1)
    return noEnd; // the last processor owns everything up to (and past) ub
  const auto end = m_lower + (blockIndex + 1) * m_block - 1;
  return end >= m_upper ? noEnd : end;
}

inline std::int64_t DimensionDistribution::runStart(std::int64_t i) const
{
  constexpr auto never = std::numeric_limits<std::int64_t>::min();
  if (m_format.kind == FormatKind::Collapsed || m_procs == 1 || i <= m_lower)
    return never;
  auto blockIndex = (std::min(i, m_upper) - m_lower) / m_block;
  if (m_format.kind == FormatKind::Block)
    blockIndex = std::min(blockIndex, m_procs - 1);
  const auto start = m_lower + blockIndex * m_block;
  return start <= m_lower ? never : start;
}

} // namespace ps::mapping

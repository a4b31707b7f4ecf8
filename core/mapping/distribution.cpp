#include "mapping/distribution.h"

#include "support/text.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace ps::mapping {

std::string DistributionFormat::str() const
{
  switch (kind) {
  case FormatKind::Block: return size ? "BLOCK(" + std::to_string(size) + ")" : "BLOCK";
  case FormatKind::Cyclic: return size > 1 ? "CYCLIC(" + std::to_string(size) + ")" : "CYCLIC";
  case FormatKind::Collapsed: return "*";
  }
  return "?";
}

std::optional<DistributionFormat> parseFormat(const std::string& raw)
{
  const std::string text = toUpper(compact(raw));
  if (text == "*")
    return DistributionFormat::collapsed();
  auto sized = [&](const std::string& keyword) -> std::optional<std::int64_t> {
    if (text == keyword)
      return 0;
    if (text.rfind(keyword + "(", 0) != 0 || text.back() != ')')
      return std::nullopt;
    const auto digits = text.substr(keyword.size() + 1, text.size() - keyword.size() - 2);
    if (digits.empty() || digits.size() > 12 || !std::all_of(digits.begin(), digits.end(), ::isdigit))
      return std::nullopt;
    const auto value = std::stoll(digits);
    return value > 0 ? std::optional(value) : std::nullopt;
  };
  if (auto m = sized("BLOCK"))
    return DistributionFormat::block(*m);
  if (auto k = sized("CYCLIC"))
    return DistributionFormat::cyclic(*k ? *k : 1);
  return std::nullopt;
}

DimensionDistribution::DimensionDistribution(DistributionFormat format, std::int64_t lower, std::int64_t upper,
                                             std::int64_t procs)
  : m_format(format), m_lower(lower), m_upper(std::max(upper, lower)), m_procs(std::max<std::int64_t>(procs, 1))
{
  const auto n = m_upper - m_lower + 1;
  if (format.kind == FormatKind::Block)
    m_block = format.size ? format.size : n / m_procs + (n % m_procs != 0); // ceil(n/P) without overflow
  else if (format.kind == FormatKind::Cyclic)
    m_block = std::max<std::int64_t>(format.size, 1);
  else
    m_block = n;
  m_block = std::max<std::int64_t>(m_block, 1);
}

std::int64_t DimensionDistribution::ownedUpTo(std::int64_t x, std::int64_t c) const
{
  // number of i in [lb, x] owned by c
  const auto t = std::min(x, m_upper) - m_lower + 1;
  if (t <= 0)
    return 0;
  if (m_format.kind == FormatKind::Block) {
    const auto first = c * m_block;
    const auto last = c == m_procs - 1 ? t : std::min(t, (c + 1) * m_block); // exclusive
    return std::max<std::int64_t>(0, std::min(t, last) - first);
  }
  const auto cycle = m_block * m_procs;
  const auto full = t / cycle;
  const auto rem = t % cycle;
  return full * m_block + std::clamp<std::int64_t>(rem - c * m_block, 0, m_block);
}

std::int64_t DimensionDistribution::countOwned(std::int64_t lo, std::int64_t hi, std::int64_t c) const
{
  if (hi < lo)
    return 0;
  if (m_format.kind == FormatKind::Collapsed)
    return c == 0 ? hi - lo + 1 : 0;
  std::int64_t count = 0;
  if (lo < m_lower) { // indices below the template belong to owner(lb)
    if (owner(m_lower) == c)
      count += std::min(hi, m_lower - 1) - lo + 1;
    lo = m_lower;
  }
  if (hi > m_upper) {
    if (owner(m_upper) == c)
      count += hi - std::max(lo, m_upper + 1) + 1;
    hi = m_upper;
  }
  if (lo <= hi)
    count += ownedUpTo(hi, c) - ownedUpTo(lo - 1, c);
  return count;
}


} // namespace ps::mapping

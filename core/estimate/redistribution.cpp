#include "estimate/redistribution.h"

#include <algorithm>
#include <limits>
#include <map>
#include <unordered_set>

namespace ps::estimate {
namespace {

/// A processors dimension whose coordinate follows an array dimension: the
/// template dimension's distribution and the alignment offset (stride 1).
struct Follower {
  int procDim = 0;
  const mapping::DimensionDistribution* dist = nullptr;
  std::int64_t offset = 0;
};

/// Where one mapping puts the array's elements: per array dimension the
/// processors dimensions that follow it, and the coordinates fixed for the
/// whole array (a constant alignment), -2 where a dimension follows.
struct Placement {
  std::vector<std::vector<Follower>> followers;
  std::vector<std::int64_t> fixed;
};

std::optional<Placement> placementOf(const mapping::Mapping& m, const mapping::ArrayMapping& a, std::size_t rank,
                                     std::string* why)
{
  if (a.templateIndex < 0) {
    *why = "the array is replicated";
    return std::nullopt;
  }
  Placement p;
  p.followers.resize(rank);
  p.fixed.assign(m.procs.rank(), -1);
  const auto& t = m.templates[a.templateIndex];
  for (std::size_t td = 0; td < t.dims.size(); ++td) {
    const int pd = t.procDim[td];
    if (pd < 0)
      continue;
    const auto& axis = a.axes[td];
    if (axis.kind == mapping::TemplateAxis::Kind::ArrayDim) {
      if (axis.stride != 1 || axis.arrayDim < 0 || static_cast<std::size_t>(axis.arrayDim) >= rank) {
        *why = "an alignment has a stride other than 1";
        return std::nullopt;
      }
      p.followers[axis.arrayDim].push_back({pd, &t.dims[td], axis.offset});
      p.fixed[pd] = -2;
    } else if (axis.kind == mapping::TemplateAxis::Kind::Constant) {
      p.fixed[pd] = t.dims[td].owner(axis.offset);
    }
  }
  if (std::find(p.fixed.begin(), p.fixed.end(), -1) != p.fixed.end()) {
    *why = "the array is replicated along a processors dimension";
    return std::nullopt;
  }
  return p;
}

/// Per array dimension: the elements of each (old coordinates, new
/// coordinates) of the processors dimensions that follow it.
using DimensionTally = std::vector<std::pair<std::vector<std::int64_t>, std::int64_t>>;

/// The last index from `x` on where none of `fs`'s owners changes, at most `hi`.
std::int64_t runEnd(const std::vector<Follower>& fs, std::int64_t x, std::int64_t hi)
{
  for (const auto& f : fs) {
    const auto end = f.dist->runEnd(x + f.offset);
    if (end != std::numeric_limits<std::int64_t>::max())
      hi = std::min(hi, end - f.offset);
  }
  return hi;
}

std::optional<DimensionTally> tallyDimension(const std::vector<Follower>& from, const std::vector<Follower>& to,
                                             std::int64_t lo, std::int64_t hi, std::int64_t* runs)
{
  std::map<std::vector<std::int64_t>, std::int64_t> tally;
  for (std::int64_t x = lo; x <= hi;) {
    const auto end = std::min(runEnd(from, x, hi), runEnd(to, x, hi));
    std::vector<std::int64_t> key;
    for (const auto* side : {&from, &to})
      for (const auto& f : *side)
        key.push_back(f.dist->owner(x + f.offset));
    tally[key] += end - x + 1;
    if (++*runs > kMaxRedistributionRuns)
      return std::nullopt;
    x = end + 1;
  }
  return DimensionTally(tally.begin(), tally.end());
}

} // namespace

std::optional<RedistributionCount> countRedistribution(const mapping::Mapping& from,
                                                       const mapping::ArrayMapping& fromArray,
                                                       const mapping::Mapping& to, const mapping::ArrayMapping& toArray,
                                                       const std::vector<std::pair<std::int64_t, std::int64_t>>& bounds,
                                                       std::string* why)
{
  if (from.procs.shape != to.procs.shape) {
    *why = "the two mappings are on arrangements of different shapes";
    return std::nullopt;
  }
  const auto old = placementOf(from, fromArray, bounds.size(), why);
  const auto now = old ? placementOf(to, toArray, bounds.size(), why) : std::nullopt;
  if (!now)
    return std::nullopt;
  std::vector<DimensionTally> dims;
  std::int64_t runs = 0, combinations = 1;
  for (std::size_t d = 0; d < bounds.size(); ++d) {
    auto tally = tallyDimension(old->followers[d], now->followers[d], bounds[d].first, bounds[d].second, &runs);
    if (!tally || __builtin_mul_overflow(combinations, static_cast<std::int64_t>(tally->size()), &combinations) ||
        combinations > kMaxRedistributionRuns) {
      *why = "the owners change more than " + std::to_string(kMaxRedistributionRuns) + " times";
      return std::nullopt;
    }
    if (tally->empty()) // an empty dimension: no element
      combinations = 0;
    dims.push_back(std::move(*tally));
  }
  const auto procs = from.procs.count();
  RedistributionCount out;
  out.messages.assign(procs, 0);
  out.elements.assign(procs, 0);
  std::unordered_set<std::int64_t> pairs; // source * P + destination
  std::vector<std::size_t> at(dims.size(), 0);
  for (std::int64_t c = 0; c < combinations; ++c) {
    auto src = old->fixed, dst = now->fixed;
    std::int64_t elements = 1;
    for (std::size_t d = 0; d < dims.size(); ++d) {
      const auto& [key, count] = dims[d][at[d]];
      std::size_t k = 0;
      for (const auto& f : old->followers[d])
        src[f.procDim] = key[k++];
      for (const auto& f : now->followers[d])
        dst[f.procDim] = key[k++];
      elements *= count; // at most the array's elements, which fit (their bytes were computed)
    }
    const auto s = from.procs.linear(src), t = to.procs.linear(dst);
    if (s != t) {
      out.elements[t] += elements;
      if (pairs.insert(s * procs + t).second)
        ++out.messages[t];
    }
    for (std::size_t d = dims.size(); d-- > 0;) { // the next combination, the last dimension fastest
      if (++at[d] < dims[d].size())
        break;
      at[d] = 0;
    }
  }
  for (std::int64_t p = 0; p < procs; ++p) {
    out.totalMessages += out.messages[p];
    out.totalElements += out.elements[p];
  }
  return out;
}

} // namespace ps::estimate

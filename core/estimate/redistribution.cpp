#include "estimate/redistribution.h"

#include <algorithm>
#include <limits>
#include <unordered_map>

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
/// coordinates) of the processors dimensions that follow it, those as their
/// parts of the old and new owners' linear numbers.
struct TallyPart {
  std::int64_t source = 0, destination = 0, elements = 0;
};
using DimensionTally = std::vector<TallyPart>;

/// What one step along each processors dimension adds to a linear
/// processor number (the arrangement's order is mixed radix).
std::vector<std::int64_t> linearStrides(const mapping::ProcessorsArrangement& procs)
{
  std::vector<std::int64_t> zero(procs.rank(), 0), strides;
  const auto origin = procs.linear(zero);
  for (std::size_t pd = 0; pd < zero.size(); ++pd) {
    auto unit = zero;
    unit[pd] = 1;
    strides.push_back(procs.linear(unit) - origin);
  }
  return strides;
}

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

/// The (old, new) coordinates of the followers as one number (mixed radix
/// over their processor counts), and back.
struct KeyCodec {
  std::vector<const Follower*> all; // the old side's followers, then the new side's

  std::int64_t encode(const std::vector<std::int64_t>& coords) const
  {
    std::int64_t key = 0;
    for (std::size_t i = 0; i < all.size(); ++i)
      key = key * all[i]->dist->procs() + coords[i];
    return key;
  }
  /// The key's part of the old and new linear processor numbers (the old
  /// side's `olds` followers first).
  TallyPart decode(std::int64_t key, std::size_t olds, const std::vector<std::int64_t>& oldStrides,
                   const std::vector<std::int64_t>& newStrides) const
  {
    TallyPart part;
    for (std::size_t i = all.size(); i-- > 0;) {
      const auto coord = key % all[i]->dist->procs();
      key /= all[i]->dist->procs();
      (i < olds ? part.source : part.destination) += coord * (i < olds ? oldStrides : newStrides)[all[i]->procDim];
    }
    return part;
  }
};

/// Runs of constant owners of one side along `length` indices (at most).
std::int64_t runsAlong(const std::vector<Follower>& fs, std::int64_t length)
{
  std::int64_t runs = 1;
  for (const auto& f : fs)
    runs = std::max(runs, f.dist->format().kind == mapping::FormatKind::Block ? f.dist->procs() + 2
                                                                              : length / f.dist->blockSize() + 2);
  return runs;
}

std::optional<DimensionTally> tallyDimension(const std::vector<Follower>& from, const std::vector<Follower>& to,
                                             const std::vector<std::int64_t>& fromStrides,
                                             const std::vector<std::int64_t>& toStrides, std::int64_t lo,
                                             std::int64_t hi, std::int64_t* runs)
{
  KeyCodec codec;
  for (const auto* side : {&from, &to})
    for (const auto& f : *side)
      codec.all.push_back(&f);
  std::int64_t keys = 1;
  for (const auto* f : codec.all)
    keys *= f->dist->procs(); // at most the square of the processors
  // dense up to a million keys (P = 1024 on each side), hashed beyond
  std::vector<std::int64_t> dense(keys <= (std::int64_t{1} << 20) ? keys : 0, 0);
  std::unordered_map<std::int64_t, std::int64_t> sparse;
  const auto add = [&](std::int64_t key, std::int64_t n) {
    if (dense.empty())
      sparse[key] += n;
    else
      dense[key] += n;
  };
  const auto length = hi - lo + 1;
  const auto joint = std::min(length, runsAlong(from, length) + runsAlong(to, length));
  // one follower a side: walk the side with fewer runs and count the other's owners in each (BLOCK against
  // CYCLIC: P runs of P counts, not one run per element)
  const bool fromCoarse = runsAlong(from, length) <= runsAlong(to, length);
  const auto& coarse = fromCoarse ? from : to;
  const auto& fine = fromCoarse ? to : from;
  if (from.size() == 1 && to.size() == 1 && runsAlong(coarse, length) * fine[0].dist->procs() < joint) {
    const auto& c = coarse[0];
    const auto& f = fine[0];
    for (std::int64_t x = lo; x <= hi;) {
      const auto end = runEnd(coarse, x, hi);
      const auto owner = c.dist->owner(x + c.offset);
      for (std::int64_t q = 0; q < f.dist->procs(); ++q)
        if (const auto n = f.dist->countOwned(x + f.offset, end + f.offset, q))
          add(fromCoarse ? owner * f.dist->procs() + q : q * c.dist->procs() + owner, n);
      if ((*runs += f.dist->procs()) > kMaxRedistributionRuns)
        return std::nullopt;
      x = end + 1;
    }
  } else {
    std::vector<std::int64_t> coords(codec.all.size());
    for (std::int64_t x = lo; x <= hi;) {
      const auto end = std::min(runEnd(from, x, hi), runEnd(to, x, hi));
      for (std::size_t i = 0; i < codec.all.size(); ++i)
        coords[i] = codec.all[i]->dist->owner(x + codec.all[i]->offset);
      add(codec.encode(coords), end - x + 1);
      if (++*runs > kMaxRedistributionRuns)
        return std::nullopt;
      x = end + 1;
    }
  }
  DimensionTally out;
  const auto part = [&](std::int64_t key, std::int64_t elements) {
    auto p = codec.decode(key, from.size(), fromStrides, toStrides);
    p.elements = elements;
    out.push_back(p);
  };
  for (std::size_t key = 0; key < dense.size(); ++key)
    if (dense[key] != 0)
      part(static_cast<std::int64_t>(key), dense[key]);
  for (const auto& [key, count] : sparse)
    part(key, count);
  return out;
}

} // namespace

std::optional<RedistributionCount> countRedistribution(const mapping::Mapping& from,
                                                       const mapping::ArrayMapping& fromArray,
                                                       const IndexBounds& fromBounds, const mapping::Mapping& to,
                                                       const mapping::ArrayMapping& toArray,
                                                       const IndexBounds& toBounds, std::string* why)
{
  const auto& bounds = fromBounds;
  if (toBounds.size() != bounds.size()) {
    *why = "the two arrays have different ranks";
    return std::nullopt;
  }
  for (std::size_t d = 0; d < bounds.size(); ++d)
    if (toBounds[d].second - toBounds[d].first != bounds[d].second - bounds[d].first) {
      *why = "the two arrays have different extents";
      return std::nullopt;
    }
  if (from.procs.shape != to.procs.shape) {
    *why = "the two mappings are on arrangements of different shapes";
    return std::nullopt;
  }
  const auto old = placementOf(from, fromArray, bounds.size(), why);
  auto now = old ? placementOf(to, toArray, bounds.size(), why) : std::nullopt;
  if (!now)
    return std::nullopt;
  for (std::size_t d = 0; d < bounds.size(); ++d) // walked in the old indices: the new ones are shifted
    for (auto& f : now->followers[d])
      f.offset += toBounds[d].first - bounds[d].first;
  const auto procs = from.procs.count();
  if (procs > (std::int64_t{1} << 13)) {
    *why = "more than 8192 processors";
    return std::nullopt;
  }
  const auto fromStrides = linearStrides(from.procs), toStrides = linearStrides(to.procs);
  std::vector<DimensionTally> dims;
  std::int64_t runs = 0, combinations = 1;
  for (std::size_t d = 0; d < bounds.size(); ++d) {
    auto tally = tallyDimension(old->followers[d], now->followers[d], fromStrides, toStrides, bounds[d].first,
                                bounds[d].second, &runs);
    if (!tally || __builtin_mul_overflow(combinations, static_cast<std::int64_t>(tally->size()), &combinations) ||
        combinations > kMaxRedistributionRuns) {
      *why = "the owners change more than " + std::to_string(kMaxRedistributionRuns) + " times";
      return std::nullopt;
    }
    if (tally->empty()) // an empty dimension: no element
      combinations = 0;
    dims.push_back(std::move(*tally));
  }
  RedistributionCount out;
  out.messages.assign(procs, 0);
  out.elements.assign(procs, 0);
  std::int64_t source0 = from.procs.linear(std::vector<std::int64_t>(from.procs.rank(), 0));
  std::int64_t destination0 = to.procs.linear(std::vector<std::int64_t>(to.procs.rank(), 0));
  for (std::size_t pd = 0; pd < old->fixed.size(); ++pd) // the constant alignments' coordinates
    source0 += std::max<std::int64_t>(old->fixed[pd], 0) * fromStrides[pd];
  for (std::size_t pd = 0; pd < now->fixed.size(); ++pd)
    destination0 += std::max<std::int64_t>(now->fixed[pd], 0) * toStrides[pd];
  std::vector<bool> pairs(procs * procs); // source * P + destination: 2^26 bits at 8192 processors
  std::vector<std::size_t> at(dims.size(), 0);
  for (std::int64_t c = 0; c < combinations; ++c) {
    std::int64_t s = source0, t = destination0, elements = 1;
    for (std::size_t d = 0; d < dims.size(); ++d) {
      const auto& part = dims[d][at[d]];
      s += part.source;
      t += part.destination;
      elements *= part.elements; // at most the array's elements, which fit (their bytes were computed)
    }
    if (s != t) {
      out.elements[t] += elements;
      if (!pairs[s * procs + t]) {
        pairs[s * procs + t] = true;
        ++out.messages[t];
      }
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

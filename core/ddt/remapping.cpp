#include "ddt/remapping.h"

#include <algorithm>
#include <optional>

namespace ps::ddt {
namespace {

/// The relabelling of LM's axes that makes `local` place the array as
/// `global` does, completed to a permutation of `axes`; nullopt if none.
std::optional<std::vector<int>> fittingPermutation(const ArrayLayout& local, const ArrayLayout& global, int axes)
{
  std::vector<int> sigma(axes, -1);
  std::vector<bool> used(axes, false);
  for (std::size_t d = 0; d < local.size(); ++d) {
    const auto& l = local[d];
    const auto& g = global[d];
    if (!l.distributed())
      continue;
    if (l.procs != g.procs || l.format != g.format || l.offset != g.offset || g.axis < 0 || g.axis >= axes)
      return std::nullopt;
    if ((sigma[l.axis] >= 0 && sigma[l.axis] != g.axis) || (sigma[l.axis] < 0 && used[g.axis]))
      return std::nullopt;
    sigma[l.axis] = g.axis;
    used[g.axis] = true;
  }
  int next = 0;
  for (auto& s : sigma)
    if (s < 0) {
      while (used[next])
        ++next;
      s = next;
      used[next] = true;
    }
  return sigma;
}

std::vector<int> identity(int axes)
{
  std::vector<int> s(axes);
  for (int a = 0; a < axes; ++a)
    s[a] = a;
  return s;
}

} // namespace

std::vector<Combination> analyzeCombinations(const GlobalMapping& gm, const LocalMapping& lm)
{
  const int axes = static_cast<int>(lm.grid.size());
  Combination base;
  std::vector<std::pair<std::vector<int>, std::string>> fits; // sigma, array
  for (const auto& [array, local] : lm.arrays) {
    auto it = gm.find(array);
    if (it == gm.end()) {
      base.added.push_back(array);
      continue;
    }
    auto sigma = distributedDims(local) == distributedDims(it->second)
                     ? fittingPermutation(local, it->second, axes)
                     : std::nullopt;
    if (!sigma)
      base.redistributed.push_back(array);
    else
      fits.push_back({*sigma, array});
  }
  std::vector<std::vector<int>> sigmas;
  for (const auto& f : fits)
    if (std::find(sigmas.begin(), sigmas.end(), f.first) == sigmas.end())
      sigmas.push_back(f.first);
  if (sigmas.empty())
    sigmas.push_back(identity(axes));
  std::vector<Combination> out;
  for (const auto& sigma : sigmas) {
    Combination c = base;
    c.sigma = sigma;
    for (const auto& [s, array] : fits)
      (s == sigma ? c.kept : c.realigned).push_back(array);
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<RemapAction> applyCombination(GlobalMapping& gm, const LocalMapping& lm, const Combination& combination,
                                          const ArrayShapes& shapes, const machine::MachineProfile& machine)
{
  std::vector<RemapAction> out;
  const auto placed = permuted(lm, combination.sigma);
  for (const auto& [array, layout] : placed.arrays) {
    auto it = gm.find(array);
    if (it != gm.end() && !samePlacement(it->second, layout)) {
      RemapAction r;
      r.array = array;
      r.from = it->second;
      r.to = layout;
      r.realign = distributedDims(r.from) == distributedDims(r.to);
      if (auto s = shapes.find(array); s != shapes.end()) {
        r.elements = remapElements(r.from, r.to, s->second);
        r.bytes = r.elements * s->second.elementBytes;
      }
      r.cost = r.elements > 0 ? r.bytes * machine.byteTime + machine.startup : 0;
      out.push_back(std::move(r));
    }
    gm[array] = layout;
  }
  return out;
}

} // namespace ps::ddt

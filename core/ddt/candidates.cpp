#include "ddt/candidates.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace ps::ddt {
namespace {

void permutations(int remaining, int rank, int maxDistributed, bool powersOfTwo, std::vector<int>& current,
                  std::vector<std::vector<int>>& out)
{
  if (static_cast<int>(current.size()) == rank) {
    if (remaining == 1)
      out.push_back(current);
    return;
  }
  const int distributed = static_cast<int>(std::count_if(current.begin(), current.end(), [](int g) { return g > 1; }));
  for (int g = 1; g <= remaining; g = powersOfTwo ? g * 2 : g + 1) {
    if (remaining % g != 0 || (g > 1 && distributed >= maxDistributed))
      continue;
    current.push_back(g);
    permutations(remaining / g, rank, maxDistributed, powersOfTwo, current, out);
    current.pop_back();
  }
}

/// True when some pattern moves data by a constant shift along `axis`.
bool hasNearestNeighbourShift(const Alignment& alignment, const std::vector<ReferencePattern>& patterns, int axis)
{
  for (const auto& p : patterns) {
    auto la = alignment.axis.find(p.lhs), ra = alignment.axis.find(p.rhs);
    if (la == alignment.axis.end() || ra == alignment.axis.end())
      continue;
    for (std::size_t q = 0; q < p.lhsSubs.size() && q < la->second.size(); ++q)
      for (std::size_t r = 0; r < p.rhsSubs.size() && r < ra->second.size(); ++r) {
        const auto& i = p.lhsSubs[q];
        const auto& j = p.rhsSubs[r];
        if (la->second[q] == axis && ra->second[r] == axis && i.affine && j.affine && !i.isConstant() &&
            i.coefficients == j.coefficients && i.constant != j.constant)
          return true;
      }
  }
  return false;
}

bool subscriptedByTriangular(const Alignment& alignment, const std::vector<ArrayAccess>& targets, int axis,
                             const std::set<std::string>& triangular)
{
  for (const auto& t : targets) {
    auto la = alignment.axis.find(t.array);
    if (la == alignment.axis.end())
      continue;
    for (std::size_t q = 0; q < t.subs.size() && q < la->second.size(); ++q)
      if (la->second[q] == axis && triangular.count(t.subs[q].singleVariable()))
        return true;
  }
  return false;
}

/// Processors sharing statement `owner`'s iterations under owner computes:
/// the product of the distributed axes on which the owner reference is
/// subscripted by a parallel loop variable (which is added to `loops`).
int statementParallelism(const PhaseAnalysis& a, const LocalMapping& m, const ArrayAccess& owner,
                         std::vector<std::string>& loops)
{
  auto it = m.arrays.find(owner.array);
  if (owner.array.empty() || it == m.arrays.end())
    return 1; // no array, or a replicated one: every processor executes it
  int share = 1;
  for (std::size_t d = 0; d < it->second.size() && d < owner.subs.size(); ++d) {
    const auto v = owner.subs[d].singleVariable();
    if (!it->second[d].distributed() || v.empty() || !a.parallelVariables.count(v))
      continue;
    share *= it->second[d].procs;
    if (std::find(loops.begin(), loops.end(), v) == loops.end())
      loops.push_back(v);
  }
  return share;
}

/// Sum over statements of share / parallelism, times the sequential time.
double computation(const PhaseAnalysis& a, const LocalMapping& m, std::vector<std::string>& loops)
{
  if (a.owners.empty())
    return a.sequentialTime;
  double t = 0;
  for (std::size_t k = 0; k < a.owners.size(); ++k) {
    const double share = k < a.statementShare.size() ? a.statementShare[k] : 1.0 / a.owners.size();
    t += share * a.sequentialTime / statementParallelism(a, m, a.owners[k], loops);
  }
  return t;
}

} // namespace

std::vector<std::vector<int>> processorPermutations(int processors, int rank, int maxDistributed)
{
  std::vector<std::vector<int>> out;
  std::vector<int> current;
  const bool powersOfTwo = processors > 0 && (processors & (processors - 1)) == 0;
  permutations(std::max(1, processors), std::max(1, rank), std::max(1, maxDistributed), powersOfTwo, current, out);
  return out;
}

LocalMapping layoutMapping(const Alignment& alignment, const std::map<std::string, int>& ranks,
                           const std::vector<int>& grid, const std::vector<ReferencePattern>& patterns,
                           const std::vector<ArrayAccess>& targets, const std::set<std::string>& triangularVariables)
{
  LocalMapping m;
  m.grid = grid;
  std::vector<mapping::FormatKind> formats(grid.size(), mapping::FormatKind::Collapsed);
  for (std::size_t a = 0; a < grid.size(); ++a) {
    if (grid[a] < 2)
      continue;
    const int axis = static_cast<int>(a);
    const bool cyclic = !hasNearestNeighbourShift(alignment, patterns, axis) &&
                        subscriptedByTriangular(alignment, targets, axis, triangularVariables);
    formats[a] = cyclic ? mapping::FormatKind::Cyclic : mapping::FormatKind::Block;
  }
  for (const auto& [array, rank] : ranks) {
    ArrayLayout layout(rank);
    auto ax = alignment.axis.find(array);
    auto off = alignment.offset.find(array);
    for (int d = 0; d < rank; ++d) {
      auto& p = layout[d];
      p.axis = ax != alignment.axis.end() && d < static_cast<int>(ax->second.size()) ? ax->second[d] : d;
      p.offset = off != alignment.offset.end() && d < static_cast<int>(off->second.size()) ? off->second[d] : 0;
      const bool onGrid = p.axis >= 0 && p.axis < static_cast<int>(grid.size());
      p.procs = onGrid ? grid[p.axis] : 1;
      p.format = onGrid ? formats[p.axis] : mapping::FormatKind::Collapsed;
    }
    m.arrays[array] = std::move(layout);
  }
  return m;
}

PhaseCost phaseCost(const PhaseAnalysis& analysis, const LocalMapping& mapping, const ArrayShapes& shapes,
                    const machine::MachineProfile& machine)
{
  PhaseCost c;
  for (const auto& p : analysis.patterns)
    for (auto& t : patternMovement(p, mapping, shapes)) {
      c.movement += t.bytes * machine.byteTime + machine.startup;
      c.movements.push_back(t);
    }
  c.computation = computation(analysis, mapping, c.parallelLoops);
  c.parallelism = c.computation > 0 ? static_cast<int>(std::lround(analysis.sequentialTime / c.computation)) : 1;
  std::sort(c.parallelLoops.begin(), c.parallelLoops.end());
  return c;
}

bool fitsArrays(const LocalMapping& mapping, const ArrayShapes& shapes)
{
  for (const auto& [array, layout] : mapping.arrays)
    if (auto s = shapes.find(array); s != shapes.end())
      for (std::size_t d = 0; d < layout.size() && d < s->second.extents.size(); ++d)
        if (layout[d].procs > s->second.extents[d])
          return false;
  return true;
}

std::vector<Candidate> candidateMappings(const PhaseAnalysis& analysis, const std::map<std::string, int>& ranks,
                                         const std::set<std::string>& triangularVariables, const ArrayShapes& shapes,
                                         const machine::MachineProfile& machine, int processors, int maxDistributed,
                                         int keep)
{
  std::vector<Candidate> all;
  const int rank = std::max(1, analysis.alignment.templateRank);
  for (const auto& grid : processorPermutations(processors, rank, maxDistributed)) {
    auto m = layoutMapping(analysis.alignment, ranks, grid, analysis.patterns, analysis.targets, triangularVariables);
    if (fitsArrays(m, shapes))
      all.push_back({m, phaseCost(analysis, m, shapes, machine)});
  }
  std::stable_sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) {
    if (a.cost.total() != b.cost.total())
      return a.cost.total() < b.cost.total();
    return a.mapping.str() < b.mapping.str();
  });
  if (keep > 0 && static_cast<int>(all.size()) > keep)
    all.resize(keep);
  return all;
}

} // namespace ps::ddt

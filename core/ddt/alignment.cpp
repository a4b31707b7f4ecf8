// Array alignment: inter-dimensional by DDT's modified Li-Chen heuristic
// (intra-dimensional retiming is in alignment-retiming.cpp).
// Source: DDT (Ayguade et al. 1997), Sec. 3.3; Li and Chen 1990.
#include "ddt/alignment-private.h"

#include <algorithm>
#include <functional>
#include <limits>

namespace ps::ddt {

bool Alignment::isIdentity(const std::string& array) const
{
  auto a = axis.find(array);
  auto o = offset.find(array);
  if (a == axis.end() || o == offset.end())
    return false;
  for (std::size_t d = 0; d < a->second.size(); ++d)
    if (a->second[d] != static_cast<int>(d) || o->second[d] != 0)
      return false;
  return true;
}

namespace {

using detail::Units;
using detail::WorkGraph;
using Matrix = std::vector<std::vector<Units>>; // [column dim][template dim]

// Injections of rows into columns, in lexicographic order (so the identity
// comes first among equals).
void forEachInjection(int rows, int cols, const std::function<void(const std::vector<int>&)>& visit)
{
  std::vector<int> assign;
  std::vector<bool> used(cols, false);
  std::function<void()> extend = [&] {
    if (static_cast<int>(assign.size()) == rows) {
      visit(assign);
      return;
    }
    for (int c = 0; c < cols; ++c) {
      if (used[c])
        continue;
      used[c] = true;
      assign.push_back(c);
      extend();
      assign.pop_back();
      used[c] = false;
    }
  };
  extend();
}

Units alignedWeight(const Matrix& w, const std::vector<int>& assign)
{
  Units total = 0;
  for (std::size_t d = 0; d < assign.size(); ++d)
    total += w[d][assign[d]];
  return total;
}

// Worst_Alignment - Best_Alignment of a bipartite graph: the spread of the
// non-aligned weight, i.e. of the aligned weight, over all assignments.
// Source: DDT, Sec. 3.3, item 5.
Units dif(const Matrix& w, int templateRank)
{
  Units most = std::numeric_limits<Units>::min(), least = std::numeric_limits<Units>::max();
  forEachInjection(static_cast<int>(w.size()), templateRank, [&](const std::vector<int>& assign) {
    const Units aligned = alignedWeight(w, assign);
    most = std::max(most, aligned);
    least = std::min(least, aligned);
  });
  return most - least;
}

// Optimal_Alignment: the assignment leaving the least min-cut weight
// unaligned (Source: DDT, Sec. 3.3, item 2). A node hanging off one template
// node has the same min-cut (its own degree) to every template node that is
// well connected to that one, so ties go to the larger direct weight, then
// to the lexicographically first assignment.
std::vector<int> optimalAlignment(const Matrix& cut, const Matrix& direct, int templateRank)
{
  std::vector<int> best;
  std::pair<Units, Units> bestScore{-1, -1};
  forEachInjection(static_cast<int>(cut.size()), templateRank, [&](const std::vector<int>& assign) {
    const std::pair<Units, Units> score{alignedWeight(cut, assign), alignedWeight(direct, assign)};
    if (score > bestScore) {
      bestScore = score;
      best = assign;
    }
  });
  return best;
}

struct Columns {
  std::map<std::string, std::vector<int>> ids; // array -> node id of each dimension
  std::string templateArray;
  const std::vector<int>& of(const std::string& array) const { return ids.at(array); }
};

Columns columnsOf(const AlignmentGraph& graph, const WorkGraph& g)
{
  Columns c;
  for (const auto& [array, rank] : graph.ranks)
    for (int d = 0; d < rank; ++d)
      c.ids[array].push_back(g.ids.at({array, d}));
  return c;
}

// Choose_Template_Column: the paper only asks for an array of maximal rank;
// the best connected one makes the first bipartite graphs the most
// informative.
std::string chooseTemplateColumn(const Columns& columns, const WorkGraph& g)
{
  std::string chosen;
  std::size_t bestRank = 0;
  Units bestWeight = -1;
  for (const auto& [array, ids] : columns.ids) {
    Units weight = 0;
    for (int id : ids)
      weight += g.incident(id);
    if (ids.size() > bestRank || (ids.size() == bestRank && weight > bestWeight)) {
      chosen = array;
      bestRank = ids.size();
      bestWeight = weight;
    }
  }
  return chosen;
}

// Form_Direct_Bipartite (Source: DDT, Sec. 3.3, item 5).
Matrix directBipartite(const WorkGraph& g, const std::vector<int>& t, const std::vector<int>& x)
{
  Matrix w(x.size(), std::vector<Units>(t.size(), 0));
  for (std::size_t d = 0; d < x.size(); ++d)
    for (std::size_t a = 0; a < t.size(); ++a)
      w[d][a] = g.weight(t[a], x[d]);
  return w;
}

// Form_Bipartite_Graph with DDT's min-cut weights: the least weight that
// must be cut to keep the two nodes apart (Source: DDT, Sec. 3.3, item 4).
Matrix minCutBipartite(const WorkGraph& g, const std::vector<int>& t, const std::vector<int>& x)
{
  Matrix w(x.size(), std::vector<Units>(t.size(), 0));
  for (std::size_t d = 0; d < x.size(); ++d)
    for (std::size_t a = 0; a < t.size(); ++a)
      w[d][a] = detail::minCut(g, t[a], x[d]);
  return w;
}

// Pick_Up_Column: the most critical column, maximal dif = Worst_Alignment -
// Best_Alignment on direct edges (Source: DDT, Sec. 3.3, item 5).
std::string pickUpColumn(const WorkGraph& g, const Columns& columns, const std::set<std::string>& remaining)
{
  const std::vector<int>& t = columns.of(columns.templateArray);
  std::string chosen;
  Units bestDif = -1;
  for (const std::string& x : remaining) {
    const Units d = dif(directBipartite(g, t, columns.of(x)), static_cast<int>(t.size()));
    if (d > bestDif) {
      chosen = x;
      bestDif = d;
    }
  }
  return chosen;
}

// Reduce_Graph: merge each node of the column into the template node it was
// aligned with, summing multiple edges and dropping self loops (Source:
// DDT, Sec. 3.3, item 3).
void reduceGraph(WorkGraph& g, const std::map<int, int>& mergedInto)
{
  auto rep = [&](int u) {
    auto it = mergedInto.find(u);
    return it == mergedInto.end() ? u : it->second;
  };
  std::map<std::pair<int, int>, Units> old;
  old.swap(g.edges);
  for (const auto& [key, w] : old) {
    const int u = rep(key.first), v = rep(key.second);
    if (u != v)
      g.add(u, v, w);
  }
}

// The Li-Chen loop: axis of every array dimension. Source: DDT, Sec. 3.3.
void alignDimensions(const AlignmentGraph& graph, Alignment& out)
{
  WorkGraph g = detail::workGraph(graph);
  Columns columns = columnsOf(graph, g);
  for (const auto& [array, rank] : graph.ranks)
    out.axis[array].clear();
  if (columns.ids.empty()) // only scalars: nothing to align
    return;
  columns.templateArray = chooseTemplateColumn(columns, g);
  out.templateArray = columns.templateArray;
  out.templateRank = graph.ranks.at(out.templateArray);
  std::set<std::string> remaining;
  for (const auto& [array, ids] : columns.ids)
    if (array != columns.templateArray)
      remaining.insert(array);
  const std::vector<int>& t = columns.of(columns.templateArray);
  for (int a = 0; a < out.templateRank; ++a)
    out.axis[out.templateArray].push_back(a);
  while (!remaining.empty()) {
    const std::string x = pickUpColumn(g, columns, remaining);
    const std::vector<int>& xs = columns.of(x);
    const std::vector<int> best =
        optimalAlignment(minCutBipartite(g, t, xs), directBipartite(g, t, xs), out.templateRank);
    std::map<int, int> mergedInto;
    for (std::size_t d = 0; d < best.size(); ++d)
      mergedInto[xs[d]] = t[best[d]];
    reduceGraph(g, mergedInto);
    out.axis[x] = best;
    out.columnOrder.push_back(x);
    remaining.erase(x);
  }
}

double unalignedWeight(const AlignmentGraph& graph, const Alignment& al)
{
  Units total = 0;
  for (const AlignmentEdge& e : graph.edges)
    if (!e.parallelization && detail::axisOf(al, e.a) != detail::axisOf(al, e.b))
      total += detail::toUnits(e.weight);
  return detail::fromUnits(total);
}

} // namespace

Alignment alignArrays(const AlignmentGraph& graph)
{
  Alignment al;
  alignDimensions(graph, al);
  detail::retime(graph, al);
  al.unalignedWeight = unalignedWeight(graph, al);
  return al;
}

} // namespace ps::ddt

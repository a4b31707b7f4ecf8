// Intra-dimensional alignment by retiming: the offset of every array
// dimension along its template axis.
// Source: DDT (Ayguade et al. 1997), Sec. 3.3, "Intradimensional
// Alignment"; Peir 1986 (statement alignment by retiming).
#include "ddt/alignment-private.h"

#include <map>
#include <set>

namespace ps::ddt::detail {
namespace {

// An arc of G_x: wants offset(head) - offset(tail) == weight, so retiming
// the head by S subtracts S and retiming the tail adds S, as in Peir's
// retiming; the arc is aligned when its weight reaches 0. It runs from the
// lhs dimension to the rhs one.
struct Arc {
  DimNode tail, head;
  std::int64_t weight = 0;
  const OffsetEdge* source = nullptr;
};

// Obtain_Directed_Graph: the offset edges between dimensions on `axis`.
std::vector<Arc> directedGraph(const AlignmentGraph& graph, const Alignment& al, int axis)
{
  std::vector<Arc> arcs;
  for (const OffsetEdge& e : graph.offsetEdges)
    if (axisOf(al, e.from) == axis && axisOf(al, e.to) == axis)
      arcs.push_back({e.to, e.from, e.offset, &e});
  return arcs;
}

bool adjacentToMarked(const std::vector<Arc>& arcs, const DimNode& n, const std::set<DimNode>& marked)
{
  for (const Arc& arc : arcs)
    if ((arc.tail == n && marked.count(arc.head)) || (arc.head == n && marked.count(arc.tail)))
      return true;
  return false;
}

// Pick_Up_Node: an unmarked node next to a marked one, else any unmarked
// one (the smallest, for determinism where the paper picks at random).
DimNode pickUpNode(const std::vector<Arc>& arcs, const std::set<DimNode>& unmarked, const std::set<DimNode>& marked)
{
  for (const DimNode& n : unmarked)
    if (adjacentToMarked(arcs, n, marked))
      return n;
  return *unmarked.begin();
}

// Find_Shift: the shift that aligns the most arcs to marked nodes; among
// equally frequent shifts 0 if it is one (the paper observed that anything
// else gives poor solutions), else the smallest.
std::int64_t findShift(const std::vector<Arc>& arcs, const DimNode& n, const std::set<DimNode>& marked)
{
  std::map<std::int64_t, int> count;
  for (const Arc& arc : arcs) {
    if (arc.head == n && marked.count(arc.tail))
      ++count[arc.weight];
    else if (arc.tail == n && marked.count(arc.head))
      ++count[-arc.weight];
  }
  std::int64_t best = 0; // no arc to a marked node: stay on the template
  int most = 0;
  for (const auto& [shift, k] : count) { // ascending: the first of the most frequent is the smallest
    if (k > most) {
      best = shift;
      most = k;
    }
  }
  auto zero = count.find(0);
  return zero != count.end() && zero->second == most ? 0 : best;
}

void applyRetiming(std::vector<Arc>& arcs, const DimNode& n, std::int64_t shift)
{
  for (Arc& arc : arcs) {
    if (arc.head == n)
      arc.weight -= shift;
    if (arc.tail == n)
      arc.weight += shift;
  }
}

// Intra-dimensional alignment of one template axis (Source: DDT, Sec. 3.3,
// "Intradimensional Alignment"; Peir 1986).
void retimeAxis(const AlignmentGraph& graph, int axis, Alignment& al)
{
  std::vector<Arc> arcs = directedGraph(graph, al, axis);
  std::set<DimNode> marked{{al.templateArray, axis}}, unmarked;
  for (const auto& [array, axes] : al.axis)
    for (std::size_t d = 0; d < axes.size(); ++d)
      if (axes[d] == axis && array != al.templateArray)
        unmarked.insert({array, static_cast<int>(d)});
  while (!unmarked.empty()) {
    const DimNode n = pickUpNode(arcs, unmarked, marked);
    const std::int64_t shift = findShift(arcs, n, marked);
    applyRetiming(arcs, n, shift);
    al.offset[n.array][n.dim] = shift;
    unmarked.erase(n);
    marked.insert(n);
  }
  for (const Arc& arc : arcs)
    if (arc.weight != 0)
      al.misalignedOffsets.push_back(*arc.source);
}

} // namespace

void retime(const AlignmentGraph& graph, Alignment& al)
{
  for (const auto& [array, axes] : al.axis)
    al.offset[array].assign(axes.size(), 0);
  for (int axis = 0; axis < al.templateRank; ++axis)
    retimeAxis(graph, axis, al);
}

} // namespace ps::ddt::detail

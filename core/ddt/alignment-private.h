#pragma once
// Private to core/ddt/alignment*.cpp: the working form of the dimension
// alignment graph that the Li-Chen heuristic reduces column by column.
// Weights are whole multiples of AlignmentGraph::kEpsilon (1, epsilon and
// kParallelWeight all are), kept as integers so that sums, comparisons and
// max-flow are exact and ties are real ties.
// Source: DDT (Ayguade et al. 1997), Sec. 3.3.

#include "ddt/alignment.h"

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

namespace ps::ddt::detail {

/// A weight in units of AlignmentGraph::kEpsilon.
using Units = std::int64_t;

Units toUnits(double weight);
double fromUnits(Units units);

/// Undirected weighted graph over integer node ids. Multiple edges between
/// two nodes are one entry (weights summed), keyed (u, v) with u < v.
struct WorkGraph {
  std::vector<DimNode> nodes;          // id -> dimension
  std::map<DimNode, int> ids;          // dimension -> id
  std::map<std::pair<int, int>, Units> edges;

  void add(int u, int v, Units w);
  Units weight(int u, int v) const;    // the direct edge, 0 when absent
  Units incident(int u) const;         // total weight of the edges at u
};

/// The dimensions of every array in `graph.ranks` and all its edges, a
/// parallelization edge added to the affinity edge of its pair.
WorkGraph workGraph(const AlignmentGraph& graph);

/// Max-flow = min-cut between `s` and `t` (Boost.Graph push-relabel; each
/// undirected edge is a pair of opposite arcs of equal capacity).
Units minCut(const WorkGraph& g, int s, int t);

/// The template axis of dimension `n` once inter-dimensional alignment is done.
inline int axisOf(const Alignment& al, const DimNode& n) { return al.axis.at(n.array).at(n.dim); }

/// Intra-dimensional alignment of every template axis of `al` (axes already
/// set): fills `al.offset` and `al.misalignedOffsets`.
void retime(const AlignmentGraph& graph, Alignment& al);

} // namespace ps::ddt::detail

#pragma once
// Array alignment of one phase (or of a whole unit for the static solution):
// the dimension alignment graph ("DAG" in the paper: nodes are array
// dimensions, edges affinities), inter-dimensional alignment by the modified
// Li-Chen heuristic (bipartite weights = min-cut, Pick_Up_Column by
// dif = worst - best) and intra-dimensional alignment by retiming.
// Source: DDT (Ayguade et al. 1997), Secs. 3.1-3.3; Li and Chen 1990.

#include "ddt/reference-pattern.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ps::ddt {

/// A node of the alignment graph: dimension `dim` (0-based) of `array`.
struct DimNode {
  std::string array;
  int dim = 0;
  bool operator<(const DimNode& o) const { return array != o.array ? array < o.array : dim < o.dim; }
  bool operator==(const DimNode& o) const = default;
  std::string str() const; // "x1" (1-based, as the paper writes it)
};

/// An edge of the graph. Affinity edges between the same two nodes are
/// merged (weights summed: 1 for a non-competing edge, epsilon for a
/// competing one); a parallelization edge has weight `kParallelWeight`.
struct AlignmentEdge {
  DimNode a, b;
  double weight = 0;
  bool parallelization = false;
};

/// An offset edge for intra-dimensional alignment: lhs dimension `to`
/// prefers to sit `offset` template cells from rhs dimension `from`
/// (offset = constant of i_p minus constant of j_q). Not merged.
struct OffsetEdge {
  DimNode from, to;
  std::int64_t offset = 0;
};

struct AlignmentGraph {
  static constexpr double kEpsilon = 1e-3;
  static constexpr double kParallelWeight = 1e6;
  std::map<std::string, int> ranks;      // array -> number of dimensions (the columns)
  std::vector<AlignmentEdge> edges;      // merged, undirected
  std::vector<OffsetEdge> offsetEdges;
};

/// Builds the graph from a phase's patterns. Self-references add nothing;
/// <A_p, B_q> is an affinity when i_p and j_q are affine in the same single
/// loop variable. `parallelVariables` are the loops eligible for parallel
/// execution: lhs dimensions subscripted by one of them are linked pairwise
/// (across arrays) by parallelization edges. `ranks` lists every array of
/// the phase (an array missing from it gets the rank of its references).
/// An affinity yields an offset edge only when both subscripts have the same
/// coefficient (strides are not recorded, as in DDT).
AlignmentGraph buildAlignmentGraph(const std::vector<ReferencePattern>& patterns,
                                   const std::set<std::string>& parallelVariables,
                                   const std::map<std::string, int>& ranks);

/// The alignment: each array dimension's template axis and offset. Axes
/// 0..templateRank-1 are the dimensions of the template column (an array
/// of the largest rank). Two dimensions of one array never share an axis.
/// Offsets follow HPF's ALIGN: offset o on a dimension means its index k
/// sits on template cell k + o (ALIGN b(k) WITH t(k+o)); the template's own
/// offsets are 0. An offset edge {from, to, d} is satisfied when
/// offset(from) - offset(to) == d.
struct Alignment {
  int templateRank = 0;
  std::string templateArray;
  std::map<std::string, std::vector<int>> axis;             // array -> axis of each dimension
  std::map<std::string, std::vector<std::int64_t>> offset;  // array -> offset of each dimension
  double unalignedWeight = 0; // total weight of affinity edges left between different axes
  std::vector<std::string> columnOrder;    // arrays in the order Pick_Up_Column aligned them
  std::vector<OffsetEdge> misalignedOffsets; // offset edges within one axis the offsets do not satisfy

  bool isIdentity(const std::string& array) const;
};

/// Inter- then intra-dimensional alignment of every array in `graph.ranks`.
/// Deterministic: ties go to the lexicographically smallest array name.
/// Choose_Template_Column (left open by the paper) takes, among the arrays
/// of largest rank, the one with the most incident edge weight, so the
/// template is the best connected column (with parallelization edges, an
/// lhs array of a parallel loop). Among assignments of a column's
/// dimensions with equal min-cut weight the one with more direct edge weight
/// wins, then the lexicographically smallest, so an array without edges gets
/// the identity (dimension d on axis d).
Alignment alignArrays(const AlignmentGraph& graph);

/// The min-cut weight separating `a` from `b` in `graph` (Boost.Graph
/// max-flow over the undirected edges); 0 when they are not connected.
double minCut(const AlignmentGraph& graph, const DimNode& a, const DimNode& b);

} // namespace ps::ddt

// The dimension alignment graph (DAG) of a phase and min-cut on it.
// Source: DDT (Ayguade et al. 1997), Secs. 3.1-3.2 (graph), Sec. 3.3 (min-cut).
#include "ddt/alignment-private.h"
#include "support/check.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace ps::ddt {

std::string DimNode::str() const { return array + std::to_string(dim + 1); }

namespace {

std::int64_t coefficientOf(const SubscriptForm& s, const std::string& variable)
{
  auto it = s.coefficients.find(variable);
  return it == s.coefficients.end() ? 0 : it->second;
}

// <A_p, B_q> of one pattern, with the loop variable both subscripts use.
struct Affinity {
  int p = 0, q = 0;
  std::string variable;
};

int usableRank(const std::map<std::string, int>& ranks, const std::string& array, std::size_t subscripts)
{
  auto it = ranks.find(array);
  // An array missing from `ranks` still gets nodes; a reference with more
  // subscripts than the declared rank is a user error reported elsewhere, so
  // the extra subscripts are ignored rather than inventing dimensions.
  return static_cast<int>(it == ranks.end() ? subscripts : std::min<std::size_t>(subscripts, it->second));
}

// Source: DDT, Sec. 3.1: "B_q is affine with A_p if j_q and i_p are linear
// functions of the same loop control variable".
std::vector<Affinity> affinities(const ReferencePattern& rp, int lhsRank, int rhsRank)
{
  std::vector<Affinity> out;
  for (int p = 0; p < lhsRank; ++p) {
    const std::string v = rp.lhsSubs[p].singleVariable();
    if (v.empty())
      continue;
    for (int q = 0; q < rhsRank; ++q)
      if (rp.rhsSubs[q].singleVariable() == v)
        out.push_back({p, q, v});
  }
  return out;
}

// Source: DDT, Sec. 3.1: two edges compete when they come from the same
// pattern and are incident on the same node.
bool competes(const std::vector<Affinity>& all, std::size_t k)
{
  for (std::size_t o = 0; o < all.size(); ++o)
    if (o != k && (all[o].p == all[k].p || all[o].q == all[k].q))
      return true;
  return false;
}

using EdgeKey = std::tuple<DimNode, DimNode, bool>; // (a < b, parallelization)

EdgeKey edgeKey(const DimNode& x, const DimNode& y, bool parallelization)
{
  return x < y ? EdgeKey{x, y, parallelization} : EdgeKey{y, x, parallelization};
}

void addPattern(const ReferencePattern& rp, AlignmentGraph& graph, std::map<EdgeKey, double>& merged)
{
  const int lhsRank = usableRank(graph.ranks, rp.lhs, rp.lhsSubs.size());
  const int rhsRank = usableRank(graph.ranks, rp.rhs, rp.rhsSubs.size());
  const std::vector<Affinity> found = affinities(rp, lhsRank, rhsRank);
  for (std::size_t k = 0; k < found.size(); ++k) {
    const Affinity& e = found[k];
    const DimNode lhs{rp.lhs, e.p}, rhs{rp.rhs, e.q};
    merged[edgeKey(lhs, rhs, false)] += competes(found, k) ? AlignmentGraph::kEpsilon : 1.0;
    // Only equal strides give a constant distance i_p - j_q; stride
    // preferences are not recorded (as in DDT, Sec. 3.1).
    const SubscriptForm& i = rp.lhsSubs[e.p];
    const SubscriptForm& j = rp.rhsSubs[e.q];
    if (coefficientOf(i, e.variable) == coefficientOf(j, e.variable))
      graph.offsetEdges.push_back({rhs, lhs, i.constant - j.constant});
  }
}

// Source: DDT, Sec. 3.2: for each loop eligible for parallel execution, the
// lhs dimensions subscripted by its variable are linked (every pair of
// distinct arrays, so no member is favoured) with a weight large enough that
// partitioning keeps them together.
void addParallelization(const std::vector<ReferencePattern>& patterns, const std::string& variable,
                        const std::map<std::string, int>& ranks, std::map<EdgeKey, double>& merged)
{
  std::set<DimNode> linked;
  for (const ReferencePattern& rp : patterns) {
    const int rank = usableRank(ranks, rp.lhs, rp.lhsSubs.size());
    for (int p = 0; p < rank; ++p)
      if (rp.lhsSubs[p].singleVariable() == variable)
        linked.insert({rp.lhs, p});
  }
  for (auto x = linked.begin(); x != linked.end(); ++x)
    for (auto y = std::next(x); y != linked.end(); ++y)
      if (x->array != y->array)
        merged[edgeKey(*x, *y, true)] += AlignmentGraph::kParallelWeight;
}

} // namespace

AlignmentGraph buildAlignmentGraph(const std::vector<ReferencePattern>& patterns,
                                   const std::set<std::string>& parallelVariables,
                                   const std::map<std::string, int>& ranks)
{
  AlignmentGraph graph;
  graph.ranks = ranks;
  for (const ReferencePattern& rp : patterns) {
    graph.ranks.try_emplace(rp.lhs, static_cast<int>(rp.lhsSubs.size()));
    graph.ranks.try_emplace(rp.rhs, static_cast<int>(rp.rhsSubs.size()));
  }
  std::map<EdgeKey, double> merged;
  for (const ReferencePattern& rp : patterns)
    if (!rp.isSelf()) // Source: DDT, Sec. 3.1: self-references are not considered
      addPattern(rp, graph, merged);
  for (const std::string& v : parallelVariables)
    addParallelization(patterns, v, graph.ranks, merged);
  for (const auto& [key, weight] : merged)
    graph.edges.push_back({std::get<0>(key), std::get<1>(key), weight, std::get<2>(key)});
  return graph;
}

namespace detail {

Units toUnits(double weight) { return std::llround(weight / AlignmentGraph::kEpsilon); }

double fromUnits(Units units) { return static_cast<double>(units) * AlignmentGraph::kEpsilon; }

void WorkGraph::add(int u, int v, Units w)
{
  PS_CHECK(u != v);
  edges[{std::min(u, v), std::max(u, v)}] += w;
}

Units WorkGraph::weight(int u, int v) const
{
  auto it = edges.find({std::min(u, v), std::max(u, v)});
  return it == edges.end() ? 0 : it->second;
}

Units WorkGraph::incident(int u) const
{
  Units total = 0;
  for (const auto& [key, w] : edges)
    if (key.first == u || key.second == u)
      total += w;
  return total;
}

WorkGraph workGraph(const AlignmentGraph& graph)
{
  WorkGraph g;
  for (const auto& [array, rank] : graph.ranks)
    for (int d = 0; d < rank; ++d) {
      g.ids.emplace(DimNode{array, d}, static_cast<int>(g.nodes.size()));
      g.nodes.push_back({array, d});
    }
  for (const AlignmentEdge& e : graph.edges) {
    // Edges come from buildAlignmentGraph (or a test) over `ranks`.
    PS_CHECK(g.ids.count(e.a) && g.ids.count(e.b));
    g.add(g.ids.at(e.a), g.ids.at(e.b), toUnits(e.weight));
  }
  return g;
}

namespace {

using FlowTraits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
using FlowGraph = boost::adjacency_list<
    boost::vecS, boost::vecS, boost::directedS, boost::no_property,
    boost::property<boost::edge_capacity_t, Units,
                    boost::property<boost::edge_residual_capacity_t, Units,
                                    boost::property<boost::edge_reverse_t, FlowTraits::edge_descriptor>>>>;

// One arc of capacity w and its residual twin of capacity 0, as Boost's
// max-flow algorithms expect.
void addArc(FlowGraph& fg, int u, int v, Units w)
{
  auto capacity = get(boost::edge_capacity, fg);
  auto reverse = get(boost::edge_reverse, fg);
  const auto uv = add_edge(u, v, fg).first;
  const auto vu = add_edge(v, u, fg).first;
  capacity[uv] = w;
  capacity[vu] = 0;
  reverse[uv] = vu;
  reverse[vu] = uv;
}

} // namespace

Units minCut(const WorkGraph& g, int s, int t)
{
  PS_CHECK(s != t);
  FlowGraph fg(g.nodes.size());
  // An undirected edge carries up to w either way: an arc each way.
  for (const auto& [key, w] : g.edges) {
    addArc(fg, key.first, key.second, w);
    addArc(fg, key.second, key.first, w);
  }
  return boost::push_relabel_max_flow(fg, s, t);
}

} // namespace detail

double minCut(const AlignmentGraph& graph, const DimNode& a, const DimNode& b)
{
  const detail::WorkGraph g = detail::workGraph(graph);
  auto sa = g.ids.find(a), sb = g.ids.find(b);
  if (sa == g.ids.end() || sb == g.ids.end() || a == b)
    return 0;
  return detail::fromUnits(detail::minCut(g, sa->second, sb->second));
}

} // namespace ps::ddt

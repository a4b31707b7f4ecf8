// The DDT alignment graph and array alignment (Ayguade et al. 1997, Secs.
// 3.1-3.3), on patterns written as "lhs(subscripts) <- rhs(subscripts)" and
// on hand-made graphs whose min-cuts are checked by hand and by enumeration.
#include "ddt/alignment.h"

#include <gtest/gtest.h>

#include <cctype>
#include <functional>
#include <random>
#include <sstream>

using namespace ps::ddt;

namespace {

// "2*i-1", "j", "i+j", "3": an affine form in the loop variables.
SubscriptForm subscript(const std::string& text)
{
  SubscriptForm s;
  s.affine = true;
  s.text = text;
  std::size_t k = 0;
  while (k < text.size()) {
    std::int64_t sign = 1, number = 1;
    if (text[k] == '+' || text[k] == '-')
      sign = text[k++] == '-' ? -1 : 1;
    if (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k]))) {
      number = 0;
      while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k])))
        number = number * 10 + (text[k++] - '0');
    }
    if (k < text.size() && text[k] == '*')
      ++k;
    std::string variable;
    while (k < text.size() && std::isalpha(static_cast<unsigned char>(text[k])))
      variable += text[k++];
    if (variable.empty())
      s.constant += sign * number;
    else
      s.coefficients[variable] += sign * number;
  }
  return s;
}

// "b(i,j-1)" -> name and subscripts.
std::pair<std::string, std::vector<SubscriptForm>> reference(const std::string& text)
{
  const auto open = text.find('(');
  std::vector<SubscriptForm> subs;
  std::stringstream inside(text.substr(open + 1, text.rfind(')') - open - 1));
  for (std::string item; std::getline(inside, item, ',');)
    subs.push_back(subscript(item));
  return {text.substr(0, open), subs};
}

// "x(i,j) <- b(i,j-1)", no blanks inside the references.
ReferencePattern pattern(const std::string& row)
{
  std::stringstream in(row);
  std::string lhs, arrow, rhs;
  in >> lhs >> arrow >> rhs;
  ReferencePattern rp;
  std::tie(rp.lhs, rp.lhsSubs) = reference(lhs);
  std::tie(rp.rhs, rp.rhsSubs) = reference(rhs);
  return rp;
}

std::vector<ReferencePattern> patterns(const std::vector<std::string>& rows)
{
  std::vector<ReferencePattern> out;
  for (const std::string& row : rows)
    out.push_back(pattern(row));
  return out;
}

std::string weightText(double w)
{
  std::ostringstream out;
  out << w;
  return out.str();
}

// "<a1,b1>=2", "<b1,x1>=1e+06 par"
std::vector<std::string> edgeRows(const AlignmentGraph& g)
{
  std::vector<std::string> out;
  for (const AlignmentEdge& e : g.edges)
    out.push_back("<" + e.a.str() + "," + e.b.str() + ">=" + weightText(e.weight) + (e.parallelization ? " par" : ""));
  return out;
}

// "b2->x2:1"
std::vector<std::string> offsetRows(const std::vector<OffsetEdge>& edges)
{
  std::vector<std::string> out;
  for (const OffsetEdge& e : edges)
    out.push_back(e.from.str() + "->" + e.to.str() + ":" + std::to_string(e.offset));
  return out;
}

using Rows = std::vector<std::string>;
using Axes = std::vector<int>;
using Offsets = std::vector<std::int64_t>;

AlignmentGraph rankOne(const Rows& arrays)
{
  AlignmentGraph g;
  for (const std::string& a : arrays)
    g.ranks[a] = 1;
  return g;
}

void addEdge(AlignmentGraph& g, const std::string& a, const std::string& b, double w, bool par = false)
{
  // "t2" -> {t, 1}
  auto node = [](const std::string& s) { return DimNode{s.substr(0, s.size() - 1), s.back() - '1'}; };
  g.edges.push_back({node(a), node(b), w, par});
}

// The brute-force oracle: the cheapest cut over every split of the nodes.
double enumeratedMinCut(const AlignmentGraph& g, const std::vector<DimNode>& nodes, int s, int t)
{
  double best = -1;
  for (unsigned mask = 0; mask < (1u << nodes.size()); ++mask) {
    auto side = [&](const DimNode& n) {
      const auto i = std::find(nodes.begin(), nodes.end(), n) - nodes.begin();
      return (mask >> i) & 1u;
    };
    if (!side(nodes[s]) || side(nodes[t]))
      continue;
    double cut = 0;
    for (const AlignmentEdge& e : g.edges)
      cut += side(e.a) != side(e.b) ? e.weight : 0;
    best = best < 0 ? cut : std::min(best, cut);
  }
  return best;
}

// Li and Chen's original bipartite weight: the sum of the edges of every
// simple path between the two nodes (Source: DDT, Sec. 3.3, item 1).
double sumOfPaths(const AlignmentGraph& g, const DimNode& from, const DimNode& to)
{
  double total = 0;
  std::vector<DimNode> path{from};
  std::function<void(double)> walk = [&](double length) {
    if (path.back() == to) {
      total += length;
      return;
    }
    for (const AlignmentEdge& e : g.edges) {
      const DimNode* next = e.a == path.back() ? &e.b : e.b == path.back() ? &e.a : nullptr;
      if (!next || std::find(path.begin(), path.end(), *next) != path.end())
        continue;
      path.push_back(*next);
      walk(length + e.weight);
      path.pop_back();
    }
  };
  walk(0);
  return total;
}

} // namespace

TEST(AlignmentGraph, AdiPhase4HasThePaperEdges)
{
  // Phase 4 of ADI (Fig. 1), j outer and i inner, i eligible for parallel
  // execution: one pattern per array read (a(i,j) is read twice in the
  // second statement, so <a1,b1> and <a2,b2> merge two edges of weight 1).
  const auto phase = patterns({"x(i,j) <- x(i,j)", "x(i,j) <- x(i,j-1)", "x(i,j) <- a(i,j)", "x(i,j) <- b(i,j-1)",
                               "b(i,j) <- b(i,j)", "b(i,j) <- a(i,j)", "b(i,j) <- a(i,j)", "b(i,j) <- b(i,j-1)"});
  const std::map<std::string, int> ranks{{"x", 2}, {"a", 2}, {"b", 2}};
  const AlignmentGraph g = buildAlignmentGraph(phase, {"i"}, ranks);
  // Fig. 2: <x1,a1>, <x2,a2>, <a1,b1>, <a2,b2>, <x1,b1>, <x2,b2> and the
  // parallelization edge <x1,b1> (x and b are the lhs arrays, dimension 1 is i).
  EXPECT_EQ(edgeRows(g), (Rows{"<a1,b1>=2", "<a1,x1>=1", "<a2,b2>=2", "<a2,x2>=1", "<b1,x1>=1", "<b1,x1>=1e+06 par",
                               "<b2,x2>=1"}));
  EXPECT_EQ(offsetRows(g.offsetEdges), (Rows{"a1->x1:0", "a2->x2:0", "b1->x1:0", "b2->x2:1", "a1->b1:0", "a2->b2:0",
                                             "a1->b1:0", "a2->b2:0"}));

  // Table 1: a perfect alignment of x, a and b. The template is b: it has the
  // most incident weight (2+2+1+1 plus the parallelization edge).
  const Alignment al = alignArrays(g);
  EXPECT_EQ(al.templateArray, "b");
  EXPECT_EQ(al.templateRank, 2);
  for (const char* array : {"x", "a", "b"})
    EXPECT_TRUE(al.isIdentity(array)) << array;
  EXPECT_EQ(al.unalignedWeight, 0);
  // x(i,j) <- b(i,j-1) stays a shift along the second axis: x2 sees offset 0
  // from a2 and -1 from b2, and 0 wins the tie.
  EXPECT_EQ(offsetRows(al.misalignedOffsets), (Rows{"b2->x2:1"}));
}

TEST(AlignmentGraph, AffinityNeedsOneSharedLoopVariable)
{
  const AlignmentGraph g = buildAlignmentGraph(
      patterns({"a(i) <- b(2*i+1)", "a(i) <- c(i+j)", "a(i) <- d(3)", "a(i) <- e(j)", "a(i) <- a(i-1)"}), {},
      {{"a", 1}, {"b", 1}, {"c", 1}, {"d", 1}, {"e", 1}});
  // A stride still gives affinity but no constant offset (strides are not
  // recorded, Sec. 3.1); i+j, a constant, another variable or a
  // self-reference give nothing.
  EXPECT_EQ(edgeRows(g), (Rows{"<a1,b1>=1"}));
  EXPECT_TRUE(g.offsetEdges.empty());
  EXPECT_EQ(g.ranks.size(), 5u);
}

TEST(AlignmentGraph, CompetingEdgesWeighEpsilon)
{
  // Both edges of a(i) <- b(i,i) hit a1; <a2,b3> competes with nothing.
  const std::map<std::string, int> ranks{{"a", 2}, {"b", 3}, {"c", 1}, {"d", 2}};
  const AlignmentGraph g = buildAlignmentGraph(patterns({"a(i,j) <- b(i,i,j)", "c(i) <- d(i,i)"}), {}, ranks);
  EXPECT_EQ(edgeRows(g), (Rows{"<a1,b1>=0.001", "<a1,b2>=0.001", "<a2,b3>=1", "<c1,d1>=0.001", "<c1,d2>=0.001"}));

  // c1 can sit with only one of d1, d2: epsilon stays unaligned.
  const Alignment al = alignArrays(buildAlignmentGraph(patterns({"c(i) <- d(i,i)"}), {}, {{"c", 1}, {"d", 2}}));
  EXPECT_EQ(al.templateArray, "d");
  EXPECT_EQ(al.axis.at("c"), (Axes{0}));
  EXPECT_DOUBLE_EQ(al.unalignedWeight, AlignmentGraph::kEpsilon);
}

TEST(AlignmentGraph, ParallelizationLinksLhsDimensionsOnly)
{
  // i is parallel: the lhs dimensions subscripted by i (a1, b2, c1) are
  // linked pairwise; d is only read, e's dimension 2 uses j.
  const AlignmentGraph g = buildAlignmentGraph(patterns({"a(i,j) <- d(i,j)", "b(j,i) <- d(i,j)", "c(i) <- e(j,i)"}),
                                               {"i"}, {{"a", 2}, {"b", 2}, {"c", 1}, {"d", 2}, {"e", 2}});
  Rows par;
  for (const std::string& row : edgeRows(g))
    if (row.ends_with(" par"))
      par.push_back(row);
  EXPECT_EQ(par, (Rows{"<a1,b2>=1e+06 par", "<a1,c1>=1e+06 par", "<b2,c1>=1e+06 par"}));
}

TEST(Alignment, TransposeAndLowerRank)
{
  const std::map<std::string, int> ranks{{"a", 2}, {"b", 2}, {"c", 2}, {"d", 1}, {"s", 0}};
  const auto phase = patterns({"a(i,j) <- b(j,i)", "a(i,j) <- c(i,j)", "a(i,j) <- d(j)"});
  const Alignment al = alignArrays(buildAlignmentGraph(phase, {}, ranks));
  EXPECT_EQ(al.templateArray, "a");
  EXPECT_EQ(al.axis.at("b"), (Axes{1, 0}));
  EXPECT_EQ(al.axis.at("c"), (Axes{0, 1}));
  EXPECT_EQ(al.axis.at("d"), (Axes{1}));
  EXPECT_TRUE(al.axis.at("s").empty());
  EXPECT_FALSE(al.isIdentity("b"));
  EXPECT_TRUE(al.isIdentity("c"));
  EXPECT_EQ(al.unalignedWeight, 0);
}

TEST(Alignment, ArraysWithoutEdgesGetTheIdentity)
{
  const Alignment al = alignArrays(buildAlignmentGraph({}, {}, {{"p", 3}, {"q", 3}, {"r", 2}}));
  EXPECT_EQ(al.templateArray, "p");
  EXPECT_TRUE(al.isIdentity("q"));
  EXPECT_TRUE(al.isIdentity("r"));
  EXPECT_FALSE(al.isIdentity("missing"));
  EXPECT_EQ(DimNode({"q", 2}).str(), "q3");
}

TEST(AlignmentMinCut, HandMadeGraph)
{
  // a -1- b -2- d, a -3- c -1- d, b -1- c; e isolated.
  AlignmentGraph g = rankOne({"a", "b", "c", "d", "e"});
  addEdge(g, "a1", "b1", 1);
  addEdge(g, "b1", "d1", 2);
  addEdge(g, "a1", "c1", 3);
  addEdge(g, "c1", "d1", 1);
  addEdge(g, "b1", "c1", 1);
  // a|d: cut {b-d, c-d} = 3. a|b and b|c: cut {a-b, b-c, c-d} = 3.
  EXPECT_DOUBLE_EQ(minCut(g, {"a", 0}, {"d", 0}), 3);
  EXPECT_DOUBLE_EQ(minCut(g, {"a", 0}, {"b", 0}), 3);
  EXPECT_DOUBLE_EQ(minCut(g, {"b", 0}, {"c", 0}), 3);
  EXPECT_DOUBLE_EQ(minCut(g, {"c", 0}, {"b", 0}), 3);
  EXPECT_DOUBLE_EQ(minCut(g, {"a", 0}, {"e", 0}), 0);
  EXPECT_DOUBLE_EQ(minCut(g, {"a", 0}, {"z", 0}), 0);
  // A parallelization edge adds to its pair: a|b is now {a-b, b-c, c-d}.
  addEdge(g, "a1", "b1", AlignmentGraph::kParallelWeight, true);
  EXPECT_DOUBLE_EQ(minCut(g, {"a", 0}, {"b", 0}), 1e6 + 3);
  EXPECT_DOUBLE_EQ(minCut(g, {"a", 0}, {"d", 0}), 3);
}

TEST(AlignmentMinCut, EqualsEnumerationOfCuts)
{
  std::mt19937 random(1997);
  const double weights[] = {AlignmentGraph::kEpsilon, 1, 2, 3, 5};
  for (int round = 0; round < 20; ++round) {
    AlignmentGraph g = rankOne({"a", "b", "c", "d", "e", "f", "g"});
    std::vector<DimNode> nodes;
    for (const auto& [array, rank] : g.ranks)
      nodes.push_back({array, 0});
    for (std::size_t u = 0; u < nodes.size(); ++u)
      for (std::size_t v = u + 1; v < nodes.size(); ++v)
        if (random() % 3 == 0)
          g.edges.push_back({nodes[u], nodes[v], weights[random() % 5], false});
    for (int s = 0; s < 7; ++s) {
      for (int t = 0; t < 7; ++t) {
        if (s != t) {
          ASSERT_NEAR(minCut(g, nodes[s], nodes[t]), enumeratedMinCut(g, nodes, s, t), 1e-9)
              << "round " << round << " " << nodes[s].str() << "|" << nodes[t].str();
        }
      }
    }
  }
}

TEST(Alignment, MinCutBeatsSumOfPaths)
{
  // After Fig. 3 (TRED2): the paths T2-D1-Z1 and T2-D1-E1-Z1 make the sum of
  // paths favour <T2,Z1> though all of them cross the single edge T2-D1.
  // f only anchors t as the template (t: 10 incident, z: 9).
  AlignmentGraph g = rankOne({"d", "e", "f"});
  g.ranks["t"] = g.ranks["z"] = 2;
  addEdge(g, "t1", "z1", 2);
  addEdge(g, "t2", "z2", 1);
  addEdge(g, "t2", "d1", 1);
  addEdge(g, "d1", "z1", 3);
  addEdge(g, "d1", "e1", 3);
  addEdge(g, "e1", "z1", 3);
  addEdge(g, "t1", "f1", 6);
  const DimNode t1{"t", 0}, t2{"t", 1}, z1{"z", 0}, z2{"z", 1};
  // Sum of paths: identity 2 + 1 = 3, transposed 17 + 11 = 28.
  EXPECT_DOUBLE_EQ(sumOfPaths(g, t1, z1) + sumOfPaths(g, t2, z2), 3);
  EXPECT_DOUBLE_EQ(sumOfPaths(g, t1, z2) + sumOfPaths(g, t2, z1), 28);
  // Min-cut: identity 2 + 1 = 3, transposed 1 + 1 = 2.
  EXPECT_DOUBLE_EQ(minCut(g, t1, z1) + minCut(g, t2, z2), 3);
  EXPECT_DOUBLE_EQ(minCut(g, t1, z2) + minCut(g, t2, z1), 2);

  // Transposing z would leave t1-z1 and t2-z2 (3) unaligned; min-cut keeps
  // z straight and only t2-d1 (1) is cut.
  const Alignment al = alignArrays(g);
  EXPECT_EQ(al.templateArray, "t");
  EXPECT_EQ(al.axis.at("z"), (Axes{0, 1}));
  EXPECT_EQ(al.axis.at("d"), (Axes{0}));
  EXPECT_EQ(al.axis.at("e"), (Axes{0}));
  EXPECT_DOUBLE_EQ(al.unalignedWeight, 1);
  // dif: f 6, z 3, d 1, e 0; after z merges into t (Fig. 4): e 3, d 3-1 = 2.
  EXPECT_EQ(al.columnOrder, (Rows{"f", "z", "e", "d"}));
}

TEST(Alignment, PickUpColumnByDif)
{
  // Direct edges to the template t: p hits both axes (dif 0), q axis 1 with
  // weight 2 (dif 2), r and s axis 2 (dif 1 each, name breaks the tie).
  AlignmentGraph g = rankOne({"p", "q", "r", "s"});
  g.ranks["t"] = 2;
  addEdge(g, "t1", "p1", 1);
  addEdge(g, "t2", "p1", 1);
  addEdge(g, "t1", "q1", 2);
  addEdge(g, "t2", "r1", 1);
  addEdge(g, "t2", "s1", 1);
  const Alignment al = alignArrays(g);
  EXPECT_EQ(al.columnOrder, (Rows{"q", "r", "s", "p"}));
  // r1 has min-cut 1 to both t1 and t2 (t1-p1-t2 carries 1); the direct
  // edge decides.
  EXPECT_EQ(al.axis.at("q"), (Axes{0}));
  EXPECT_EQ(al.axis.at("r"), (Axes{1}));
  EXPECT_EQ(al.axis.at("s"), (Axes{1}));
  EXPECT_EQ(al.axis.at("p"), (Axes{0}));
  EXPECT_DOUBLE_EQ(al.unalignedWeight, 1);
}

namespace {

struct RetimingRow {
  Rows patterns;
  std::map<std::string, Offsets> offsets;
  Rows misaligned;
};

} // namespace

TEST(AlignmentRetiming, FindShiftRules)
{
  // Offsets follow ALIGN b(k) WITH t(k+o): a(i) <- b(i+1) puts b's k on cell k-1.
  const RetimingRow rows[] = {
      {{"a(i) <- b(i+1)", "a(i) <- c(i-1)"}, {{"a", {0}}, {"b", {-1}}, {"c", {1}}}, {}},
      // b sees -1 and +1 once each: the minimum.
      {{"a(i) <- b(i+1)", "a(i) <- b(i-1)"}, {{"a", {0}}, {"b", {-1}}}, {"b1->a1:1"}},
      // b sees -1 and 0 once each: 0 is preferred to the minimum.
      {{"a(i) <- b(i+1)", "a(i) <- b(i)"}, {{"a", {0}}, {"b", {0}}}, {"b1->a1:-1"}},
      // d sees 1 from a and b, 0 from c: the most frequent wins over 0.
      {{"a(i) <- b(i)", "a(i) <- c(i)", "a(i) <- d(i-1)", "b(i) <- d(i-1)", "c(i) <- d(i)"},
       {{"a", {0}}, {"b", {0}}, {"c", {0}}, {"d", {1}}},
       {"d1->c1:0"}},
      // A cycle a <- b <- c <- a whose offsets do not add up to 0: b takes -1
      // from a, c is torn between b (-1) and a (0) and takes 0, b <- c stays.
      {{"a(i) <- b(i+1)", "b(i) <- c(i)", "c(i) <- a(i)"},
       {{"a", {0}}, {"b", {-1}}, {"c", {0}}},
       {"c1->b1:0"}},
      // Two dimensions retimed independently, one template node each.
      {{"a(i,j) <- b(i-2,j+1)"}, {{"a", {0, 0}}, {"b", {2, -1}}}, {}},
  };
  for (const RetimingRow& row : rows) {
    std::map<std::string, int> ranks;
    for (const ReferencePattern& rp : patterns(row.patterns))
      ranks[rp.lhs] = ranks[rp.rhs] = static_cast<int>(rp.lhsSubs.size());
    const Alignment al = alignArrays(buildAlignmentGraph(patterns(row.patterns), {}, ranks));
    const std::string where = row.patterns.front() + " ...";
    EXPECT_EQ(al.templateArray, "a") << where;
    EXPECT_EQ(al.offset, row.offsets) << where;
    EXPECT_EQ(offsetRows(al.misalignedOffsets), row.misaligned) << where;
    EXPECT_EQ(al.unalignedWeight, 0) << where;
  }
}

// Realignment combinations (DDT Sec. 4.2), remapping costs (Sec. 4.3), the
// movement routines (Tables 3-4) and the branch-and-bound search (Fig. 5)
// against exhaustive search.
#include "ddt/remapping-search.h"

#include <gtest/gtest.h>

#include <random>

namespace ps::ddt {
namespace {

using mapping::FormatKind;

/// "1B4,2B4" -> dims on axes 0,1 BLOCK over 4; "1B16,2*" -> second dim collapsed.
ArrayLayout layout(const std::string& text)
{
  ArrayLayout l;
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto comma = text.find(',', pos);
    if (comma == std::string::npos)
      comma = text.size();
    const auto part = text.substr(pos, comma - pos);
    DimPlacement p;
    p.axis = part[0] - '1';
    if (part[1] != '*') {
      p.format = part[1] == 'B' ? FormatKind::Block : FormatKind::Cyclic;
      p.procs = std::stoi(part.substr(2));
    }
    l.push_back(p);
    pos = comma + 1;
  }
  return l;
}

std::string text(const ArrayLayout& l)
{
  std::string s;
  for (const auto& p : l)
    s += (s.empty() ? "" : ",") + std::to_string(p.axis + 1);
  return s;
}

TEST(DdtRealignment, Section42ExampleHasExactlyThePapersTwoCombinations)
{
  const GlobalMapping gm = {{"a", layout("1B4,2B4")},
                            {"b", layout("1B4,2B4")},
                            {"c", layout("2B4,1B4")},
                            {"d", layout("1B16,2*")}};
  LocalMapping lm;
  lm.grid = {4, 4};
  lm.arrays = {{"a", layout("1B4,2B4")},
               {"b", layout("2B4,1B4")},
               {"c", layout("1B4,2B4")},
               {"d", layout("1B4,2B4")},
               {"e", layout("1B4,2B4")}};
  const auto combos = analyzeCombinations(gm, lm);
  ASSERT_EQ(combos.size(), 2u);
  for (const auto& c : combos) {
    EXPECT_EQ(c.redistributed, std::vector<std::string>{"d"});
    EXPECT_EQ(c.added, std::vector<std::string>{"e"});
  }
  EXPECT_EQ(combos[0].kept, std::vector<std::string>{"a"});
  EXPECT_EQ(combos[0].realigned, (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(combos[1].kept, (std::vector<std::string>{"b", "c"}));
  EXPECT_EQ(combos[1].realigned, std::vector<std::string>{"a"});

  const auto machine = machine::MachineProfile{};
  const ArrayShapes shapes = {{"a", {{64, 64}, 8}}, {"b", {{64, 64}, 8}}, {"c", {{64, 64}, 8}},
                              {"d", {{64, 64}, 8}}, {"e", {{64, 64}, 8}}};
  const std::map<std::string, std::string> first = {{"a", "1,2"}, {"b", "2,1"}, {"c", "1,2"}, {"d", "1,2"}, {"e", "1,2"}};
  const std::map<std::string, std::string> second = {{"a", "2,1"}, {"b", "1,2"}, {"c", "2,1"}, {"d", "2,1"}, {"e", "2,1"}};
  int k = 0;
  for (const auto* expected : {&first, &second}) {
    auto next = gm;
    const auto remaps = applyCombination(next, lm, combos[k++], shapes, machine);
    for (const auto& [array, axes] : *expected)
      EXPECT_EQ(text(next.at(array)), axes) << "combination " << k << ", array " << array;
    // Combination 1 moves b, c (realigned) and d (redistributed); combination 2 moves a and d.
    EXPECT_EQ(remaps.size(), k == 1 ? 3u : 2u);
  }
}

TEST(DdtRealignment, OneFittingArrayNeedsNoRealignment)
{
  const GlobalMapping gm = {{"a", layout("1B4,2B4")}};
  LocalMapping lm;
  lm.grid = {4, 4};
  lm.arrays = {{"a", layout("2B4,1B4")}, {"e", layout("1B4,2B4")}};
  const auto combos = analyzeCombinations(gm, lm);
  ASSERT_EQ(combos.size(), 1u);
  EXPECT_EQ(combos[0].kept, std::vector<std::string>{"a"});
  EXPECT_EQ(combos[0].sigma, (std::vector<int>{1, 0}));
}

TEST(DdtMovement, RoutinesOfTable3WithTable4Sizes)
{
  auto sub = [](std::map<std::string, std::int64_t> c, std::int64_t k) {
    SubscriptForm f;
    f.affine = true;
    f.coefficients = std::move(c);
    f.constant = k;
    return f;
  };
  const ArrayShapes shapes = {{"x", {{256, 256}, 8}}, {"y", {{256, 256}, 8}}};
  auto mappingOf = [](FormatKind f, int procs) {
    LocalMapping m;
    m.grid = {1, procs};
    ArrayLayout l(2);
    l[0].axis = 0;
    l[1] = {1, 0, f, procs};
    m.arrays = {{"x", l}, {"y", l}};
    return m;
  };
  const auto i = sub({{"i", 1}}, 0);
  struct Case {
    SubscriptForm lhs, rhs;
    FormatKind format;
    Routine routine;
    double elements;
  } cases[] = {
      {sub({{"j", 1}}, 0), sub({{"j", 1}}, 0), FormatKind::Block, Routine::Local, 0},
      {sub({{"j", 1}}, 0), sub({{"j", 1}}, -1), FormatKind::Block, Routine::Shift, 256},      // S = |i-j| = 1
      {sub({{"j", 1}}, 0), sub({{"j", 1}}, -3), FormatKind::Block, Routine::Shift, 3 * 256},  // S = 3
      {sub({{"j", 1}}, 0), sub({{"j", 1}}, -1), FormatKind::Cyclic, Routine::Shift, 16 * 256}, // S = dim/N
      {sub({{"j", 1}}, 0), sub({}, 5), FormatKind::Block, Routine::OneToAll, 256},            // S = 1
      {sub({}, 5), sub({{"j", 1}}, 0), FormatKind::Block, Routine::AllToOne, 16 * 256},       // S = dim/N
      {sub({{"j", 1}}, 0), sub({{"k", 1}}, 0), FormatKind::Block, Routine::AllToAll, 16 * 256},
      {sub({}, 1), sub({}, 200), FormatKind::Block, Routine::Copy, 256},                       // different owners
      {sub({}, 1), sub({}, 2), FormatKind::Block, Routine::Local, 0},                          // one block: local
  };
  for (const auto& c : cases) {
    ReferencePattern p{"x", {i, c.lhs}, "y", {i, c.rhs}, 0, 1, false};
    const auto terms = patternMovement(p, mappingOf(c.format, 16), shapes);
    const double elements = terms.empty() ? 0 : terms[0].elements;
    EXPECT_DOUBLE_EQ(elements, c.elements) << routineName(c.routine) << " " << c.rhs.constant;
    if (c.elements > 0) {
      ASSERT_EQ(terms.size(), 1u);
      EXPECT_EQ(terms[0].routine, c.routine);
      EXPECT_DOUBLE_EQ(terms[0].bytes, c.elements * 8);
    }
  }
  // const(j_i) in another dimension: dim_i/N_i := 1 (a single row moves).
  ReferencePattern row{"x", {i, sub({{"j", 1}}, 0)}, "y", {sub({}, 7), sub({{"j", 1}}, -1)}, 0, 1, false};
  EXPECT_DOUBLE_EQ(patternMovement(row, mappingOf(FormatKind::Block, 16), shapes).at(0).elements, 1);
  // pos(N_p - 1): nothing moves on one processor.
  ReferencePattern shift{"x", {i, sub({{"j", 1}}, 0)}, "y", {i, sub({{"j", 1}}, -1)}, 0, 1, false};
  EXPECT_TRUE(patternMovement(shift, mappingOf(FormatKind::Block, 1), shapes).empty());
}

TEST(DdtMovement, TransposeRemapIsArraySizeOverProcessors)
{
  ArrayLayout rows(2), cols(2);
  rows[0] = {0, 0, FormatKind::Block, 16};
  cols[1] = {1, 0, FormatKind::Block, 16};
  EXPECT_DOUBLE_EQ(remapElements(rows, cols, {{256, 256}, 8}), 4096); // 32768 B, 0.032768 s at 1 us/B
  EXPECT_DOUBLE_EQ(remapElements(rows, rows, {{256, 256}, 8}), 0);
}

/// A random phase sequence: phases with 1-3 candidates over arrays a, b, c
/// on a 2-axis grid, some phases repeated as loop copies.
SearchProblem randomProblem(std::mt19937& rng)
{
  std::uniform_int_distribution<int> phases(2, 5), cands(1, 3), coin(0, 1), arraysUsed(1, 3);
  std::uniform_real_distribution<double> cost(0.0, 1.0);
  const int n = phases(rng);
  SearchProblem p;
  p.machine.byteTime = 1e-6 * (0.5 + cost(rng));
  p.shapes = {{"a", {{32, 32}, 8}}, {"b", {{32, 32}, 8}}, {"c", {{32, 32}, 8}}};
  const char* names[] = {"a", "b", "c"};
  for (int k = 0; k < n; ++k) {
    std::vector<Candidate> cs;
    const int used = arraysUsed(rng);
    for (int c = cands(rng); c-- > 0;) {
      Candidate cand;
      const bool twoD = coin(rng) == 1;
      cand.mapping.grid = twoD ? std::vector<int>{2, 2} : (coin(rng) ? std::vector<int>{4, 1} : std::vector<int>{1, 4});
      for (int a = 0; a < used; ++a) {
        ArrayLayout l(2);
        const bool transposed = coin(rng) == 1;
        for (int d = 0; d < 2; ++d) {
          l[d].axis = transposed ? 1 - d : d;
          l[d].procs = cand.mapping.grid[l[d].axis];
          l[d].format = l[d].procs > 1 ? FormatKind::Block : FormatKind::Collapsed;
        }
        cand.mapping.arrays[names[a]] = l;
      }
      cand.cost.computation = cost(rng) * 0.01;
      cs.push_back(cand);
    }
    p.candidates.push_back(cs);
  }
  for (int k = 0; k < n; ++k)
    p.steps.push_back({k, 1, false, {}});
  if (n > 2 && coin(rng)) { // a loop around the last phases: body copy runs 4 more times, again after itself
    for (int k = 1; k < n; ++k)
      p.steps.push_back({k, 4, true, {}});
    p.steps.back().closesCopyFrom = {n};
  }
  return p;
}

/// Whether each loop copy of `problem` ends, in `result`, with every array
/// placed as when the copy began (the steps' placed mappings applied in turn).
bool copiesClose(const SearchProblem& problem, const SearchResult& result)
{
  std::vector<std::map<std::string, ArrayLayout>> before; // per step
  std::map<std::string, ArrayLayout> gm;
  for (const auto& step : result.steps) {
    before.push_back(gm);
    for (const auto& [array, layout] : step.mapping.arrays)
      gm[array] = layout;
  }
  for (std::size_t s = 0; s < problem.steps.size(); ++s)
    for (const int first : problem.steps[s].closesCopyFrom) {
      auto after = s + 1 < before.size() ? before[s + 1] : gm;
      const auto& start = before[static_cast<std::size_t>(first)];
      for (const auto& [array, layout] : start)
        if (!samePlacement(after.at(array), layout))
          return false;
    }
  return true;
}

TEST(DdtSearch, BranchAndBoundFindsTheExhaustiveOptimum)
{
  std::mt19937 rng(20261122);
  std::int64_t pruned = 0, nodesPruning = 0, nodesExhaustive = 0;
  for (int t = 0; t < 250; ++t) {
    const auto problem = randomProblem(rng);
    SearchControl exhaustive;
    exhaustive.prune = false;
    const auto all = searchRemapping(problem, std::numeric_limits<double>::infinity(), exhaustive);
    const auto bb = searchRemapping(problem, std::numeric_limits<double>::infinity());
    ASSERT_TRUE(all.found && bb.found) << "case " << t;
    EXPECT_NEAR(bb.total, all.total, 1e-12) << "case " << t;
    // A bound above the optimum changes nothing; one at it finds nothing cheaper.
    EXPECT_NEAR(searchRemapping(problem, all.total * 1.5 + 1e-9).total, all.total, 1e-12);
    EXPECT_FALSE(searchRemapping(problem, all.total).found);
    // Copies keep the candidate of their phase, and end where they began.
    EXPECT_TRUE(copiesClose(problem, bb)) << "case " << t;
    std::map<int, int> chosen;
    for (const auto& s : bb.steps) {
      auto [it, inserted] = chosen.emplace(s.phase, s.candidate);
      EXPECT_EQ(it->second, s.candidate) << "case " << t;
    }
    pruned += bb.stats.pruned;
    nodesPruning += bb.stats.nodes;
    nodesExhaustive += all.stats.nodes;
  }
  EXPECT_GT(pruned, 0);
  EXPECT_LT(nodesPruning, nodesExhaustive);
}

// A stencil u -> v, a transpose w(j,i) = v(i,j), a copy w -> u, in a loop of
// 10 iterations, on a 2 x 2 grid. Realigning v into the transpose in the
// loop's copy (one remap per iteration) leaves v transposed where the next
// iteration's stencil needs it aligned with u: the old search priced the
// copy from the body's end each time (10 remaps in all) while a plan that
// closes its loop needs two per iteration after the first (19: w there
// and back, or v there and back).
TEST(DdtSearch, ALoopCopyEndsWhereItBegan)
{
  const auto layout = [](bool transposed) {
    ArrayLayout l(2);
    for (int d = 0; d < 2; ++d) {
      l[d].axis = transposed ? 1 - d : d;
      l[d].procs = 2;
      l[d].format = FormatKind::Block;
    }
    return l;
  };
  const auto phase = [&](std::map<std::string, bool> arrays) {
    Candidate c;
    c.mapping.grid = {2, 2};
    for (const auto& [name, transposed] : arrays)
      c.mapping.arrays[name] = layout(transposed);
    return std::vector<Candidate>{c};
  };
  SearchProblem p;
  p.machine.byteTime = 1e-6;
  p.machine.startup = 0;
  p.shapes = {{"u", {{32, 32}, 8}}, {"v", {{32, 32}, 8}}, {"w", {{32, 32}, 8}}};
  p.candidates = {phase({{"u", false}, {"v", false}}), phase({{"v", false}, {"w", true}}),
                  phase({{"u", false}, {"w", false}})};
  p.steps = {{0, 1, false, {}}, {1, 1, false, {}}, {2, 1, false, {}}, {0, 9, true, {}}, {1, 9, true, {}}, {2, 9, true, {3}}};
  const double remap = remapElements(layout(false), layout(true), p.shapes.at("v")) * 8 * 1e-6;
  ASSERT_GT(remap, 0);
  const auto r = searchRemapping(p, std::numeric_limits<double>::infinity());
  ASSERT_TRUE(r.found);
  EXPECT_NEAR(r.total, 19 * remap, 1e-12);
  EXPECT_TRUE(copiesClose(p, r));
}

TEST(DdtSearch, CancelStopsTheSearch)
{
  std::mt19937 rng(7);
  const auto problem = randomProblem(rng);
  std::atomic<bool> cancel{true};
  SearchControl control;
  control.cancel = &cancel;
  const auto r = searchRemapping(problem, std::numeric_limits<double>::infinity(), control);
  EXPECT_TRUE(r.stats.cancelled);
  EXPECT_FALSE(r.found);
}

} // namespace
} // namespace ps::ddt

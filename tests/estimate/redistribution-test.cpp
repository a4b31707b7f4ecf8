// The exact remap count (estimate/redistribution.h) against every element
// moved one by one from its owner under one mapping to its owner under the
// other, over formats, alignments, ranks and arrangements.
#include "estimate/redistribution.h"
#include "mapping/mapping-builder.h"
#include "test-support.h"

#include <gtest/gtest.h>

#include <set>

namespace ps {
namespace {

struct Counted {
  std::vector<std::int64_t> messages, elements;
};

/// Every element of `bounds` moved by owner: the oracle.
Counted bruteForce(const mapping::Mapping& from, const mapping::ArrayMapping& a, const mapping::Mapping& to,
                   const mapping::ArrayMapping& b, const estimate::IndexBounds& bounds,
                   const estimate::IndexBounds& toBounds)
{
  const auto procs = from.procs.count();
  Counted c{std::vector<std::int64_t>(procs, 0), std::vector<std::int64_t>(procs, 0)};
  std::set<std::pair<std::int64_t, std::int64_t>> pairs;
  std::vector<std::int64_t> index;
  for (const auto& [lo, hi] : bounds)
    index.push_back(lo);
  std::vector<std::int64_t> src(from.procs.rank()), dst(to.procs.rank());
  for (bool more = !bounds.empty();;) {
    auto shifted = index; // the same position in the other array
    for (std::size_t d = 0; d < bounds.size(); ++d)
      shifted[d] += toBounds[d].first - bounds[d].first;
    from.ownerCoords(a, index.data(), src.data());
    to.ownerCoords(b, shifted.data(), dst.data());
    const auto s = from.procs.linear(src), t = to.procs.linear(dst);
    if (s != t) {
      ++c.elements[t];
      if (pairs.insert({s, t}).second)
        ++c.messages[t];
    }
    std::size_t d = 0;
    for (; d < bounds.size(); ++d) {
      if (++index[d] <= bounds[d].second)
        break;
      index[d] = bounds[d].first;
    }
    if (!more || d == bounds.size())
      break;
  }
  return c;
}

/// nullopt where the spec cannot map the array there (BLOCK(7) of 23 elements on 3).
std::optional<mapping::Mapping> mappedIf(const test::Program& p, const std::string& spec, const std::string& procs)
{
  std::string error;
  return mapping::mappingFromSpec(*mapping::parseDistSpec(spec, &error), p.unit(), {},
                                  *mapping::parseArrangement(procs))
      .mapping;
}

mapping::Mapping mapped(const test::Program& p, const std::string& spec, const std::string& procs)
{
  auto m = mappedIf(p, spec, procs);
  EXPECT_TRUE(m) << spec << " onto " << procs;
  return m ? *m : mapping::Mapping{};
}

TEST(Redistribution, EqualsEveryElementMoved)
{
  auto vector = test::build("program v\n  double precision :: x(0:22), y(0:22)\nend program v\n");
  auto matrix = test::build("program m\n  double precision :: x(9, 7), y(9, 7)\nend program m\n");
  const std::vector<std::string> oneD{"(BLOCK)", "(CYCLIC)", "(CYCLIC(3))", "(BLOCK(7))", "(CYCLIC(2))"};
  const std::vector<std::string> twoD{"(BLOCK,*)", "(*,CYCLIC)", "(CYCLIC,BLOCK)", "(BLOCK,CYCLIC(2))",
                                      "(CYCLIC(2),*)"};
  int compared = 0, zero = 0;
  for (const auto* shapes : {&oneD, &twoD})
    for (const auto& f : *shapes)
      for (const auto& g : *shapes)
        for (const auto* procs : {"1", "3", "4", "2x2", "2x3", "23"}) {
          const bool rank2 = shapes == &twoD;
          const auto& p = rank2 ? matrix : vector;
          if (!rank2 && std::string(procs).find('x') != std::string::npos)
            continue;
          const auto fromIf = mappedIf(p, "x=" + f, procs);
          const auto toIf = mappedIf(p, "y=" + g, procs);
          if (!fromIf || !toIf)
            continue;
          const auto& from = *fromIf;
          const auto& to = *toIf;
          const auto bounds = rank2 ? std::vector<std::pair<std::int64_t, std::int64_t>>{{1, 9}, {1, 7}}
                                    : std::vector<std::pair<std::int64_t, std::int64_t>>{{0, 22}};
          std::string why;
          const auto* a = from.array("x");
          const auto* b = to.array("y");
          ASSERT_TRUE(a && b);
          const auto counted = estimate::countRedistribution(from, *a, bounds, to, *b, bounds, &why);
          if (!counted) // a 1-D format on a 2-D grid leaves a processors dimension replicated
            continue;
          const auto oracle = bruteForce(from, *a, to, *b, bounds, bounds);
          const auto context = "x" + f + " -> y" + g + " onto " + procs;
          EXPECT_EQ(counted->messages, oracle.messages) << context;
          EXPECT_EQ(counted->elements, oracle.elements) << context;
          std::int64_t messages = 0;
          for (auto m : oracle.messages)
            messages += m;
          EXPECT_EQ(counted->totalMessages, messages) << context;
          ++compared;
          zero += messages == 0;
        }
  EXPECT_GT(compared, 150);
  EXPECT_GT(zero, 10); // the same format both ways, and one processor, move nothing
}

TEST(Redistribution, BlockAndCyclicOfNoMoreElementsThanProcessorsMoveNothing)
{
  // 16 elements on 16 (or 1024) processors: BLOCK's blocks hold one element,
  // as CYCLIC's do; on 4, each processor keeps one of its four and sends one
  // to each other: 12 messages of one element.
  auto p = test::build("program v\n  double precision :: x(16), y(16)\nend program v\n");
  for (const auto* procs : {"16", "1024"}) {
    const auto from = mapped(p, "x=(BLOCK)", procs);
    const auto to = mapped(p, "y=(CYCLIC)", procs);
    std::string why;
    const auto c = estimate::countRedistribution(from, *from.array("x"), {{1, 16}}, to, *to.array("y"), {{1, 16}}, &why);
    ASSERT_TRUE(c) << why;
    EXPECT_EQ(c->totalMessages, 0) << procs;
    EXPECT_EQ(c->totalElements, 0) << procs;
  }
  const auto from = mapped(p, "x=(BLOCK)", "4");
  const auto to = mapped(p, "y=(CYCLIC)", "4");
  std::string why;
  const auto c = estimate::countRedistribution(from, *from.array("x"), {{1, 16}}, to, *to.array("y"), {{1, 16}}, &why);
  ASSERT_TRUE(c) << why;
  EXPECT_EQ(c->messages, (std::vector<std::int64_t>{3, 3, 3, 3}));
  EXPECT_EQ(c->elements, (std::vector<std::int64_t>{3, 3, 3, 3}));
}

TEST(Redistribution, ElementsPairByPositionNotByIndex)
{
  // X(0:15) BLOCK on 16 passed to A(16) CYCLIC: X(i) is A(i+1), both on
  // processor i, so nothing moves (30 messages were counted by index value);
  // on 4 against the brute force over positions
  auto p = test::build("program v\n  double precision :: x(0:15), y(16)\nend program v\n");
  for (const auto* procs : {"16", "4", "3"}) {
    const auto from = mapped(p, "x=(BLOCK)", procs);
    const auto to = mapped(p, "y=(CYCLIC)", procs);
    std::string why;
    const estimate::IndexBounds xs{{0, 15}}, ys{{1, 16}};
    const auto c = estimate::countRedistribution(from, *from.array("x"), xs, to, *to.array("y"), ys, &why);
    ASSERT_TRUE(c) << why;
    const auto oracle = bruteForce(from, *from.array("x"), to, *to.array("y"), xs, ys);
    EXPECT_EQ(c->messages, oracle.messages) << procs;
    EXPECT_EQ(c->elements, oracle.elements) << procs;
    if (std::string(procs) == "16") {
      EXPECT_EQ(c->totalElements, 0);
    }
  }
  const auto from = mapped(p, "x=(BLOCK)", "4");
  std::string why;
  EXPECT_FALSE(estimate::countRedistribution(from, *from.array("x"), {{0, 15}}, from, *from.array("x"), {{1, 15}}, &why));
  EXPECT_EQ(why, "the two arrays have different extents");
}

} // namespace
} // namespace ps

// The separable count of an exchange (separable-exchange.h) against brute
// force: random box nests a(...) = b(...) whose subscripts follow one loop
// each (shifts, copies, broadcasts, transposes, strided and reversed
// loops) under random formats (BLOCK, BLOCK(m), CYCLIC, CYCLIC(k), *) on
// 1-D and 2-D arrangements, with a random number of fixed outer loops:
// every processor pair's distinct elements equal the enumeration of every
// iteration's (owner of the read, executing processor, element), zero
// differences, and equal the projection count (closed-communication.h)
// wherever that one succeeds. Random triangular nests (a loop's range
// following an outer walked loop) wherever the count accepts them; what it
// refuses (a template index along such a loop, a subscript that follows
// two loops); a shift and a Cholesky step by hand.
#include "estimate/closed-communication.h"
#include "estimate/exchange-oracle.h"
#include "estimate/owned-iterations.h"
#include "estimate/random-nest.h"
#include "estimate/run-estimate.h"
#include "estimate/separable-exchange.h"
#include "estimate/work-distribution.h"

#include <array>
#include <map>
#include <set>

using namespace ps;
using namespace ps::test;

namespace {

/// A 1-3 deep box nest writing a(s1, s2) and reading b(r1, r2), each
/// subscript a constant or c*v + offset of one loop variable.
std::string separableProgram(test::RandomNest& r)
{
  const char* vars[] = {"i", "j", "k"};
  const int depth = r.pick(1, 3);
  std::string body;
  for (int d = 0; d < depth; ++d) {
    std::string lo = std::to_string(r.pick(-1, 6)), hi = std::to_string(r.pick(8, 22));
    int step = r.pick(0, 3) == 0 ? r.pick(2, 3) : 1;
    if (r.pick(0, 4) == 0) {
      std::swap(lo, hi);
      step = -step;
    }
    body += std::string(d * 2 + 2, ' ') + "do " + vars[d] + " = " + lo + ", " + hi + ", " + std::to_string(step) + "\n";
  }
  auto subscript = [&] {
    if (r.pick(0, 5) == 0)
      return std::to_string(r.pick(1, 24));
    const int c = r.pick(0, 3) == 0 ? (r.pick(0, 1) ? 2 : -1) : 1;
    return std::to_string(c < 0 ? 25 + r.pick(-2, 2) : r.pick(-2, 3)) + " + (" + std::to_string(c) + ") * " +
           vars[r.pick(0, depth - 1)];
  };
  const std::string lhs = "a(" + subscript() + ", " + subscript() + ")";
  const std::string rhs = "b(" + subscript() + ", " + subscript() + ")";
  body += std::string(depth * 2 + 2, ' ') + lhs + " = " + rhs + "\n";
  for (int d = depth - 1; d >= 0; --d)
    body += std::string(d * 2 + 2, ' ') + "end do\n";
  return "program nest\n  integer :: i, j, k\n  double precision :: a(24, 24), b(24, 24)\n" + body +
         "end program nest\n";
}

} // namespace

TEST(SeparableExchange, RandomBoxNestsEqualBruteForce)
{
  test::RandomNest random(91);
  int compared = 0, withMessages = 0, projectionCompared = 0;
  for (int trial = 0; trial < 1400; ++trial) {
    const auto text = separableProgram(random);
    auto p = test::build(text);
    std::string context;
    auto mapping = randomMapping(random, p, &context);
    if (!mapping)
      continue; // BLOCK(m) too small for the arrangement
    context = text + context;
    auto [space, exec, read] = planLastStatement(p, *mapping, context);
    ASSERT_TRUE(space && exec && read);
    const int placement = random.pick(0, space->depth());
    std::vector<std::int64_t> outer;
    if (estimate::countOuterIterations(*space, placement, &outer) == 0)
      continue; // an empty outer loop: nothing to exchange
    std::string why;
    const auto counted = estimate::countSeparableExchange(*space, &*exec, *read, placement, outer, *mapping, &why);
    ASSERT_TRUE(counted) << why << "\n" << context;
    const auto expected = bruteForce(*space, *exec, *read, placement, outer, *mapping);
    ASSERT_EQ(*counted, expected) << context << " placement " << placement;
    // the estimator's stream: the same messages, by destination then source
    std::vector<estimate::PairTraffic> streamed;
    ASSERT_TRUE(estimate::forEachSeparablePair(*space, &*exec, *read, placement, outer, *mapping,
                                               [&](std::span<const estimate::PairTraffic> into) {
                                                 ASSERT_FALSE(into.empty());
                                                 streamed.insert(streamed.end(), into.begin(), into.end());
                                               }, nullptr));
    auto byDestination = expected;
    std::stable_sort(byDestination.begin(), byDestination.end(), [](const auto& a, const auto& b) { return a.to < b.to; });
    ASSERT_EQ(streamed, byDestination) << context << " placement " << placement;
    if (const auto projected = estimate::countExchange(*space, &*exec, *read, placement, outer, *mapping, nullptr)) {
      ASSERT_EQ(*counted, *projected) << context;
      ++projectionCompared;
    }
    withMessages += !expected.empty();
    ++compared;
  }
  EXPECT_GE(compared, 1000);
  EXPECT_GE(withMessages, 600);
  EXPECT_GE(projectionCompared, 300);
}

/// A 2-3 deep nest whose innermost-but-one or innermost loop has one
/// bound that follows an outer walked loop (i = j..n, i = 1..j + c, reversed
/// or strided at times), writing a(s1, s2) and reading b(r1, r2) with
/// subscripts that follow one loop each, the nested loop's more often.
TEST(SeparableExchange, RandomTriangularNestsEqualBruteForce)
{
  // A loop nested in another (its range follows it) is separable when only
  // read subscripts follow it: what the read reaches along it is each
  // owner's hull of nested ranges. Where the count accepts, it must be
  // brute force's; what it refuses (a template index along the nested loop,
  // a band read along it, a range that runs empty) is counted otherwise.
  test::RandomNest random(93);
  int compared = 0, withMessages = 0, hulls = 0, nestedOwners = 0;
  for (int trial = 0; trial < 5000; ++trial) {
    const auto [text, nestedVariable] = triangularProgram(random);
    auto p = test::build(text);
    std::string context;
    auto mapping = randomMapping(random, p, &context);
    if (!mapping)
      continue;
    context = text + context;
    auto [space, exec, read] = planLastStatement(p, *mapping, context);
    ASSERT_TRUE(space && exec && read);
    const int placement = random.pick(0, space->depth() - 2); // the nested loop and the one it follows walked
    std::vector<std::int64_t> outer;
    if (estimate::countOuterIterations(*space, placement, &outer) == 0)
      continue;
    const auto counted = estimate::countSeparableExchange(*space, &*exec, *read, placement, outer, *mapping, nullptr);
    if (!counted)
      continue;
    const auto expected = bruteForce(*space, *exec, *read, placement, outer, *mapping);
    ASSERT_EQ(*counted, expected) << context << " placement " << placement;
    withMessages += !expected.empty();
    // the read reaches along the nested loop: the hulls were counted
    const auto assignment = text.find(" = b(");
    hulls += !expected.empty() && text.find(nestedVariable, assignment) != std::string::npos;
    // the executing owners follow the nested loop: its trips decide which of the outer loop's each executes
    nestedOwners += !expected.empty() && text.find(nestedVariable, text.rfind(" a(", assignment)) < assignment;
    ++compared;
  }
  // 1024 when the executing owners may not follow the nested loop, 1130 when
  // the read may not follow it and the loop it follows both, 1202 when a
  // nested range may run empty
  EXPECT_GE(compared, 1400);
  EXPECT_GE(withMessages, 1200);
  EXPECT_GE(hulls, 420);
  EXPECT_GE(nestedOwners, 300);
}

/// The messages of read `reference` in Cholesky's update at step k = 3 on
/// n = 12 (a(i, j) -= a(i, k) * a(j, k), j = 4..12, i = j..12) under `spec`
/// over 4 processors, by the separable count.
std::vector<estimate::PairTraffic> choleskyStep(const std::string& spec, const std::string& reference)
{
  auto p = test::build("program c\n  integer :: i, j, k\n  double precision :: a(12, 12)\n"
                       "  do k = 1, 12\n    do j = k + 1, 12\n      do i = j, 12\n"
                       "        a(i, j) = a(i, j) - a(i, k) * a(j, k)\n      end do\n    end do\n  end do\n"
                       "end program c\n");
  std::string error;
  auto mapped = mapping::mappingFromSpec(*mapping::parseDistSpec(spec, &error), p.unit(), {},
                                         *mapping::parseArrangement("4"));
  const auto& st = p.unit().statements.back();
  symbolic::EvaluationError e;
  auto space = estimate::IterationSpace::build(p.unit(), p.unit().loops.front().id, st, {}, &e);
  auto exec = estimate::planReference(*st.write(), p.unit(), *space, *mapped.mapping, {}, &e);
  EXPECT_TRUE(space && exec);
  for (const auto& ref : st.refs) {
    if (ref.text() != reference)
      continue;
    auto read = estimate::planReference(ref, p.unit(), *space, *mapped.mapping, {}, &e);
    EXPECT_TRUE(read);
    std::string why;
    auto counted = estimate::countSeparableExchange(*space, &*exec, *read, 1, {3, 0, 0}, *mapped.mapping, &why);
    EXPECT_TRUE(counted) << why;
    return counted.value_or(std::vector<estimate::PairTraffic>{});
  }
  ADD_FAILURE() << "no reference " << reference;
  return {};
}

TEST(SeparableExchange, CholeskyStepUnderColumnCyclicByHand)
{
  // Processor p owns the columns j with (j - 1) mod 4 = p, the first of
  // them from 4 on 4 + p (p = 0..3: 5, 6, 7, 4); it needs a(i, 3) for i from
  // its first j to 12 from processor 2 (column 3): 8, 7, none (its own), 9
  // elements: each owner's hull of the nested ranges i = j..12. a(j, 3) is
  // one element per owned j: p = 0 owns 5, 9; p = 1: 6, 10; p = 3: 4, 8, 12.
  const std::vector<estimate::PairTraffic> rows{{2, 0, 8}, {2, 1, 7}, {2, 3, 9}};
  const std::vector<estimate::PairTraffic> owned{{2, 0, 2}, {2, 1, 2}, {2, 3, 3}};
  EXPECT_EQ(choleskyStep("a=(*,CYCLIC)", "a(i,k)"), rows);
  EXPECT_EQ(choleskyStep("a=(*,CYCLIC)", "a(j,k)"), owned);
}

TEST(SeparableExchange, CholeskyStepUnderRowCyclicByHand)
{
  // Processor p owns the rows i with (i - 1) mod 4 = p, the last of them
  // 9, 10, 11, 12: it executes column j where some owned i is in j..12,
  // that is j <= its last row, and then needs a(j, 3) from j's owner. So p = 0
  // needs j = 4..9: 4 and 8 from 3, 6 from 1, 7 from 2 (5 and 9 its own); each
  // further processor one column more.
  const std::vector<estimate::PairTraffic> expected{{0, 1, 2}, {0, 2, 2}, {0, 3, 2}, {1, 0, 1}, {1, 2, 2}, {1, 3, 2},
                                                    {2, 0, 1}, {2, 1, 1}, {2, 3, 2}, {3, 0, 2}, {3, 1, 2}, {3, 2, 2}};
  EXPECT_EQ(choleskyStep("a=(CYCLIC,*)", "a(j,k)"), expected);
}

TEST(SeparableExchange, ForwardSubstitutionReadByEveryProcessorByHand)
{
  // x(i) = x(i) - l(i, j) * x(j), j = 1..8, i = j+1..8, x replicated, l
  // (*, CYCLIC) over 4: every processor executes every iteration and needs
  // the 8 - j elements below the diagonal of each column j it does not own
  // (j = 8: none, the trip left out). Owner 0 has columns 1 and 5: 7 + 3 =
  // 10 elements for each other processor; owner 1: 6 + 2; owner 2: 5 + 1;
  // owner 3: column 4, 4.
  auto p = test::build("program f\n  integer :: i, j\n  double precision :: l(8, 8), x(8)\n"
                       "  do j = 1, 8\n    do i = j + 1, 8\n      x(i) = x(i) - l(i, j) * x(j)\n    end do\n  end do\n"
                       "end program f\n");
  std::string error;
  auto mapped = mapping::mappingFromSpec(*mapping::parseDistSpec("l=(*,CYCLIC)", &error), p.unit(), {},
                                         *mapping::parseArrangement("4"));
  ASSERT_TRUE(mapped.mapping);
  const auto& st = p.unit().statements.back();
  symbolic::EvaluationError e;
  auto space = estimate::IterationSpace::build(p.unit(), p.unit().loops.front().id, st, {}, &e);
  auto exec = estimate::planReference(*st.write(), p.unit(), *space, *mapped.mapping, {}, &e);
  ASSERT_TRUE(space && exec);
  const auto& l = *std::find_if(st.refs.begin(), st.refs.end(), [](const auto& r) { return r.text() == "l(i,j)"; });
  auto read = estimate::planReference(l, p.unit(), *space, *mapped.mapping, {}, &e);
  ASSERT_TRUE(read);
  std::string why;
  const auto counted = estimate::countSeparableExchange(*space, &*exec, *read, 0, {0, 0}, *mapped.mapping, &why);
  ASSERT_TRUE(counted) << why;
  std::vector<estimate::PairTraffic> expected;
  const std::int64_t elements[] = {10, 8, 6, 4};
  for (std::int64_t s = 0; s < 4; ++s)
    for (std::int64_t d = 0; d < 4; ++d)
      if (s != d)
        expected.push_back({s, d, elements[s]});
  EXPECT_EQ(*counted, expected);
}

TEST(SeparableExchange, RandomBoxNestsWorkEqualsEnumeration)
{
  test::RandomNest random(92);
  int compared = 0;
  for (int trial = 0; trial < 1250; ++trial) { // about 1 in 15 mappings is refused (BLOCK(m) too small)
    const auto text = separableProgram(random);
    auto p = test::build(text);
    std::string context;
    auto mapping = randomMapping(random, p, &context);
    if (!mapping)
      continue;
    const auto& unit = p.unit();
    const auto& st = unit.statements.back();
    symbolic::EvaluationError error;
    auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, {}, &error);
    auto exec = estimate::planReference(*st.write(), unit, *space, *mapping, {}, &error);
    ASSERT_TRUE(space && exec) << error.message << text;
    std::string why;
    const auto counted = estimate::countSeparableWork(*space, &*exec, *mapping, &why);
    ASSERT_TRUE(counted) << why << "\n" << text << context;
    ASSERT_EQ(*counted, estimate::enumerateWork(*space, &*exec, *mapping)) << text << context;
    ++compared;
  }
  EXPECT_GE(compared, 1000);
}

TEST(SeparableExchange, StepsLongerThanABlockEqualBruteForce)
{
  // DO I = N, 1, -2 over BLOCK blocks of 1 or 2 elements skips blocks: the owner from a trip on
  // is its index's, not the block below the boundary crossed (a new user's steps.f90 gave
  // work [0,1,0,1,1] for i = 5, 3, 1 on 5 processors, not [1,0,1,0,1])
  test::RandomNest random(93);
  int compared = 0;
  for (int trial = 0; trial < 400; ++trial) {
    int step = random.pick(1, 7);
    std::string lo = std::to_string(random.pick(1, 4)), hi = std::to_string(random.pick(12, 24));
    if (random.pick(0, 1)) {
      std::swap(lo, hi);
      step = -step;
    }
    const auto shift = random.pick(-3, 3);
    const auto text = "program steps\n  integer :: i\n  double precision :: a(24, 1), b(24, 1)\n  do i = " + lo + ", " + hi +
                      ", " + std::to_string(step) + "\n    a(i, 1) = b(" + std::to_string(12 + shift) + " + (" +
                      (random.pick(0, 1) ? "1" : "-1") + ") * (i - 12), 1)\n  end do\nend program steps\n";
    auto p = test::build(text);
    const auto procs = std::to_string(random.pick(2, 13));
    const auto spec = random.pick(0, 1) ? "a,b=(BLOCK,*)" : "a=(BLOCK,*); b=(CYCLIC(2),*)";
    std::string error;
    auto mapping = mapping::mappingFromSpec(*mapping::parseDistSpec(spec, &error), p.unit(), {},
                                            *mapping::parseArrangement(procs))
                       .mapping;
    if (!mapping)
      continue;
    const auto context = text + spec + " onto " + procs;
    auto [space, exec, read] = planLastStatement(p, *mapping, context);
    ASSERT_TRUE(space && exec && read);
    const auto counted = estimate::countSeparableWork(*space, &*exec, *mapping, nullptr);
    ASSERT_TRUE(counted) << context;
    ASSERT_EQ(*counted, estimate::enumerateWork(*space, &*exec, *mapping)) << context;
    const std::vector<std::int64_t> outer(1, 0);
    const auto exchanged = estimate::countSeparableExchange(*space, &*exec, *read, 0, outer, *mapping, nullptr);
    ASSERT_TRUE(exchanged) << context;
    ASSERT_EQ(*exchanged, bruteForce(*space, *exec, *read, 0, outer, *mapping)) << context;
    ++compared;
  }
  EXPECT_GE(compared, 350);
}

TEST(SeparableExchange, CyclicShiftByHand)
{
  // b(i) = a(i-1), i = 2..100, both CYCLIC over 4: processor p executes the
  // i with (i-1) mod 4 = p and reads a(i-1), owned by p-1 (mod 4): of the
  // 99 values of i-1 = 1..99, 25 have residue 1, 2 and 3 and 24 residue 0.
  auto p = test::build("program s\n  integer :: i\n  double precision :: a(100), b(100)\n"
                       "  do i = 2, 100\n    b(i) = a(i - 1)\n  end do\nend program s\n");
  std::string error;
  auto mapped = mapping::mappingFromSpec(*mapping::parseDistSpec("a,b=(CYCLIC)", &error), p.unit(), {},
                                         *mapping::parseArrangement("4"));
  const auto& st = p.unit().statements.back();
  symbolic::EvaluationError e;
  auto space = estimate::IterationSpace::build(p.unit(), p.unit().loops.front().id, st, {}, &e);
  auto exec = estimate::planReference(*st.write(), p.unit(), *space, *mapped.mapping, {}, &e);
  auto read = estimate::planReference(st.refs.back(), p.unit(), *space, *mapped.mapping, {}, &e);
  const auto counted =
      estimate::countSeparableExchange(*space, &*exec, *read, 0, {0}, *mapped.mapping, nullptr);
  ASSERT_TRUE(counted);
  const std::vector<estimate::PairTraffic> expected{{0, 1, 25}, {1, 2, 25}, {2, 3, 25}, {3, 0, 24}};
  EXPECT_EQ(*counted, expected);
}

TEST(SeparableExchange, RefusesWhatIsNotAProduct)
{
  for (const char* nest : {"  do i = 1, 20\n    do j = 1, i\n      a(i, j) = b(i, j - 1)\n    end do\n  end do\n",
                           "  do i = 1, 20\n    do j = 1, 20\n      a(i, j) = b(i + j, j)\n    end do\n  end do\n"}) {
    auto p = test::build(std::string("program s\n  integer :: i, j\n  double precision :: a(40, 40), b(40, 40)\n") +
                         nest + "end program s\n");
    std::string error;
    auto mapped = mapping::mappingFromSpec(*mapping::parseDistSpec("a,b=(BLOCK,BLOCK)", &error), p.unit(), {},
                                           *mapping::parseArrangement("2x2"));
    const auto& st = p.unit().statements.back();
    symbolic::EvaluationError e;
    auto space = estimate::IterationSpace::build(p.unit(), p.unit().loops.front().id, st, {}, &e);
    auto exec = estimate::planReference(*st.write(), p.unit(), *space, *mapped.mapping, {}, &e);
    auto read = estimate::planReference(st.refs.back(), p.unit(), *space, *mapped.mapping, {}, &e);
    std::string why;
    EXPECT_FALSE(estimate::countSeparableExchange(*space, &*exec, *read, 0, {0, 0}, *mapped.mapping, &why)) << nest;
    EXPECT_FALSE(why.empty());
  }
}

TEST(SeparableExchange, OwnerTablesSharedAndReplacedAcrossExchangesEqualBruteForce)
{
  // A loop's owner table is kept in a per-thread memo of 16 entries and used
  // in place, the entries of the exchange being counted pinned until the next
  // one: here 5 j loops and 12 i loops (17 tables) in random pairs, so that an
  // exchange often finds its j table in the entry the memo replaces next while
  // its i table is new. Every count must stay brute force's.
  struct Case {
    test::Program p;
    std::optional<estimate::IterationSpace> space;
    std::optional<estimate::ReferencePlan> exec, read;
    std::optional<mapping::Mapping> mapping;
    std::vector<estimate::PairTraffic> expected;
  };
  std::vector<Case> cases;
  for (int a = 0; a < 5; ++a)
    for (int b = 0; b < 12; ++b) {
      const auto text = "program nest\n  integer :: i, j\n  double precision :: a(24, 24), b(24, 24)\n"
                        "  do j = 1, " + std::to_string(10 + a) + "\n    do i = 1, " + std::to_string(9 + b) +
                        "\n      a(i, j) = b(i - " + std::to_string(1 + b % 3) + ", j + " + std::to_string(a % 2) +
                        ")\n    end do\n  end do\nend program nest\n";
      auto& c = cases.emplace_back(Case{test::build(text), {}, {}, {}, {}, {}});
      const auto& unit = c.p.unit();
      const auto& st = unit.statements.back();
      std::string error;
      c.mapping = mapping::mappingFromSpec(*mapping::parseDistSpec("a,b=(BLOCK,BLOCK)", &error), unit, {},
                                           *mapping::parseArrangement("2x2"))
                      .mapping;
      ASSERT_TRUE(c.mapping);
      symbolic::EvaluationError why;
      c.space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, {}, &why);
      ASSERT_TRUE(c.space);
      c.exec = estimate::planReference(*st.write(), unit, *c.space, *c.mapping, {}, &why);
      c.read = estimate::planReference(st.refs.back(), unit, *c.space, *c.mapping, {}, &why);
      ASSERT_TRUE(c.exec && c.read);
      c.expected = bruteForce(*c.space, *c.exec, *c.read, 0, {0, 0}, *c.mapping);
    }
  test::RandomNest random(5);
  int withMessages = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const auto& c = cases[static_cast<std::size_t>(random.pick(0, static_cast<int>(cases.size()) - 1))];
    const auto counted = estimate::countSeparableExchange(*c.space, &*c.exec, *c.read, 0, {0, 0}, *c.mapping, nullptr);
    ASSERT_TRUE(counted);
    ASSERT_EQ(*counted, c.expected) << "trial " << trial;
    withMessages += !counted->empty();
  }
  EXPECT_GT(withMessages, 350); // most shifts cross a block boundary: the counts are not all empty
}

TEST(SeparableExchange, NineLoopsKeepTheirOwnTablesAndEqualBruteForce)
{
  // More factors than half the memo's entries: an exchange that could pin
  // most of the memo counts into tables of its own instead.
  std::string loops, ends;
  const char* vars[] = {"i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9"};
  for (int d = 0; d < 9; ++d) {
    loops += std::string("do ") + vars[d] + " = 1, " + (d < 2 ? "11" : "2") + "\n";
    ends += "end do\n";
  }
  auto p = test::build("program nest\n  integer :: i1, i2, i3, i4, i5, i6, i7, i8, i9\n"
                       "  double precision :: a(24, 24), b(24, 24)\n" + loops + "a(i2, i1) = b(i2 - 1, i1 + 2)\n" +
                       ends + "end program nest\n");
  const auto& unit = p.unit();
  const auto& st = unit.statements.back();
  std::string error;
  const auto m = mapping::mappingFromSpec(*mapping::parseDistSpec("a,b=(BLOCK,BLOCK)", &error), unit, {},
                                          *mapping::parseArrangement("2x3"))
                     .mapping;
  ASSERT_TRUE(m);
  symbolic::EvaluationError why;
  const auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, {}, &why);
  ASSERT_TRUE(space && space->depth() == 9);
  const auto exec = estimate::planReference(*st.write(), unit, *space, *m, {}, &why);
  const auto read = estimate::planReference(st.refs.back(), unit, *space, *m, {}, &why);
  ASSERT_TRUE(exec && read);
  const std::vector<std::int64_t> outer(9, 0);
  const auto expected = bruteForce(*space, *exec, *read, 0, outer, *m);
  ASSERT_FALSE(expected.empty());
  for (int twice = 0; twice < 2; ++twice) { // the second time as the first: nothing left in the memo
    const auto counted = estimate::countSeparableExchange(*space, &*exec, *read, 0, outer, *m, nullptr);
    ASSERT_TRUE(counted);
    EXPECT_EQ(*counted, expected);
  }
}

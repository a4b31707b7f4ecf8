// ElementRuns (the simulation's distinct elements per processor pair, kept
// as segments of lines) against the elements themselves put in a set:
// random moves along the loop (negative, zero, several dimensions), owner
// periods and repeated runs, tracks found by pair or hashed, zero
// differences; the element-by-element
// fallback gives the same; a line key beyond 64 bits is an overflow, not a
// wrong count.
#include "estimate/element-runs.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <stdexcept>

using namespace ps;
using estimate::ElementRuns;

namespace {

/// A read of `rank` dimensions whose subscripts move by coef[d] along loop 0.
estimate::ReferencePlan planMoving(const std::vector<std::int64_t>& coef)
{
  estimate::ReferencePlan plan;
  for (const auto c : coef) {
    estimate::NumericAffine f;
    f.coef = {c};
    plan.subscripts.push_back(f);
  }
  return plan;
}

struct Added {
  std::int64_t from, to;
  ElementRuns::Element first;
  std::int64_t run, repeats;
};

/// The distinct elements per pair, by listing them.
std::vector<estimate::PairTraffic> bruteForce(const std::vector<Added>& adds, const std::vector<std::int64_t>& delta,
                                               std::int64_t period)
{
  std::map<std::pair<std::int64_t, std::int64_t>, std::set<ElementRuns::Element>> elements;
  for (const auto& a : adds)
    for (std::int64_t m = 0; m < a.repeats; ++m)
      for (std::int64_t j = 0; j <= a.run; ++j) {
        auto e = a.first;
        for (std::size_t d = 0; d < delta.size(); ++d)
          e[d] += (j + m * period) * delta[d];
        elements[{a.from, a.to}].insert(e);
      }
  std::vector<estimate::PairTraffic> out;
  for (const auto& [pair, set] : elements)
    out.push_back({pair.first, pair.second, static_cast<std::int64_t>(set.size())});
  return out;
}

/// One run of `first` to one destination, as the simulation adds it.
void add(ElementRuns& runs, std::int64_t from, std::int64_t to, const ElementRuns::Element& first, std::int64_t run,
         std::int64_t repeats = 1)
{
  runs.prepare(first, run, repeats);
  runs.addPrepared(from, to);
}

} // namespace

TEST(ElementRuns, RandomRunsEqualTheSetOfTheirElements)
{
  std::mt19937_64 rng(41);
  const auto pick = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  int merged = 0; // cases where segments overlapped: the union, not the sum
  for (int trial = 0; trial < 3000; ++trial) {
    const auto rank = static_cast<std::size_t>(pick(1, 3));
    std::vector<std::int64_t> coef(rank);
    for (auto& c : coef)
      c = pick(-2, 2);
    const auto step = pick(1, 2);
    std::vector<std::int64_t> delta;
    for (const auto c : coef)
      delta.push_back(c * step);
    const auto period = pick(1, 5);
    const auto plan = planMoving(coef);
    // single elements' tracks found by their pair (3 processors) or hashed (0: unknown)
    ElementRuns runs(plan, 0, step, trial % 2 == 0 ? 3 : 0), oneByOne(plan, 0, step, trial % 3 == 0 ? 0 : 3);
    runs.setPeriod(period);
    oneByOne.setPeriod(period);
    oneByOne.elementByElement();
    std::vector<Added> adds;
    for (int k = pick(1, 12); k > 0; --k) {
      Added a{pick(0, 2), 0, {}, pick(0, 9), 1};
      for (std::size_t d = 0; d < rank; ++d)
        a.first[d] = pick(-12, 12);
      if (pick(0, 1) == 1) { // one period's run, repeated
        a.run = pick(0, period - 1);
        a.repeats = pick(1, 4);
      }
      runs.prepare(a.first, a.run, a.repeats);
      oneByOne.prepare(a.first, a.run, a.repeats);
      for (int to = pick(0, 1), last = pick(to, 2); to <= last; ++to) { // taken apart once, added to several
        a.to = to;
        adds.push_back(a);
        runs.addPrepared(a.from, a.to);
        oneByOne.addPrepared(a.from, a.to);
      }
    }
    std::vector<estimate::PairTraffic> got, each;
    runs.pairs(got);
    oneByOne.pairs(each);
    const auto expected = bruteForce(adds, delta, period);
    ASSERT_EQ(got, expected) << "trial " << trial;
    ASSERT_EQ(each, expected) << "trial " << trial;
    // the next exchange (clear) starts empty: one pair of it again gives that pair alone
    runs.clear();
    runs.prepare(adds.front().first, adds.front().run, adds.front().repeats);
    runs.addPrepared(adds.front().from, adds.front().to);
    got.clear();
    runs.pairs(got);
    ASSERT_EQ(got, bruteForce({adds.front()}, delta, period)) << "trial " << trial;
    std::int64_t listed = 0, distinct = 0;
    for (const auto& a : adds)
      listed += (a.run + 1) * a.repeats;
    for (const auto& p : expected)
      distinct += p.elements;
    merged += distinct < listed;
  }
  EXPECT_GT(merged, 500);
}

TEST(ElementRuns, ColumnOfAStepIsOneSegmentPerRow)
{
  // Cholesky's a(i,k) for k = 3 over rows j = 4..10, i = j..10: processor
  // 1 executes the rows j = 5, 7, 9 and needs a(5..10, 3) from processor 0.
  const auto plan = planMoving({1, 0});
  ElementRuns runs(plan, 0, 1);
  for (std::int64_t j = 5; j <= 9; j += 2)
    add(runs, 0, 1, {j, 3}, 10 - j);
  std::vector<estimate::PairTraffic> out;
  runs.pairs(out);
  EXPECT_EQ(out, (std::vector<estimate::PairTraffic>{{0, 1, 6}}));
  runs.clear();
  out.clear();
  runs.pairs(out);
  EXPECT_TRUE(out.empty());
}

TEST(ElementRuns, LineKeyBeyondSixtyFourBitsIsAnOverflow)
{
  const auto plan = planMoving({1, 3});
  ElementRuns runs(plan, 0, 1);
  const ElementRuns::Element far{std::int64_t{1} << 62, 0};
  EXPECT_THROW(add(runs, 0, 1, far, 2), std::overflow_error);
  runs.elementByElement();
  add(runs, 0, 1, far, 2);
  std::vector<estimate::PairTraffic> out;
  runs.pairs(out);
  EXPECT_EQ(out, (std::vector<estimate::PairTraffic>{{0, 1, 3}}));
}

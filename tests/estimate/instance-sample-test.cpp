// InstanceSample: which instances a sampled exchange does, and how often
// each counts (hand-checked blocks), and that the counts always add up to
// the instances whatever the stride does.
#include "estimate/instance-sample.h"

#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

using ps::estimate::InstanceSample;

namespace {

/// (index, repeat) of every instance done.
std::vector<std::pair<std::int64_t, std::int64_t>> done(InstanceSample& s)
{
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  while (s.next() != INT64_MAX) {
    const auto index = s.next();
    out.emplace_back(index, s.take());
  }
  return out;
}

} // namespace

TEST(InstanceSample, BlocksAreDoneAsTheirMiddleInstance)
{
  InstanceSample s(10, 3); // blocks [0,3) [3,6) [6,9) [9,10)
  EXPECT_EQ(done(s), (std::vector<std::pair<std::int64_t, std::int64_t>>{{1, 3}, {4, 3}, {7, 3}, {9, 1}}));
  EXPECT_EQ(s.covered(), 10);
  InstanceSample all(4, 1);
  EXPECT_EQ(done(all), (std::vector<std::pair<std::int64_t, std::int64_t>>{{0, 1}, {1, 1}, {2, 1}, {3, 1}}));
  InstanceSample none(0, 5);
  EXPECT_EQ(done(none), (std::vector<std::pair<std::int64_t, std::int64_t>>{}));
}

TEST(InstanceSample, AGrownStrideAppliesFromTheNextBlock)
{
  InstanceSample s(10, 1);
  EXPECT_EQ(s.next(), 0);
  EXPECT_EQ(s.take(), 1); // block [0,1)
  s.atLeast(4);           // then [1,5) [5,9) [9,10)
  s.atLeast(2);           // never shrinks
  EXPECT_EQ(done(s), (std::vector<std::pair<std::int64_t, std::int64_t>>{{3, 4}, {7, 4}, {9, 1}}));
  EXPECT_EQ(s.stride(), 4);
  EXPECT_EQ(s.largest(), 4);
  InstanceSample late(6, 2); // [0,2) [2,4), then a stride of 50 for the last two
  EXPECT_EQ(late.take(), 2);
  EXPECT_EQ(late.take(), 2);
  late.atLeast(50);
  EXPECT_EQ(late.take(), 2);
  EXPECT_EQ(late.largest(), 2); // what a note may claim, not the stride asked for
}

TEST(InstanceSample, RepeatsAddUpToTheInstances)
{
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 500; ++trial) {
    const auto instances = std::uniform_int_distribution<std::int64_t>(0, 300)(rng);
    InstanceSample s(instances, std::uniform_int_distribution<std::int64_t>(1, 9)(rng));
    std::int64_t total = 0, previous = -1;
    while (s.next() != INT64_MAX) {
      EXPECT_GT(s.next(), previous); // in increasing order
      previous = s.next();
      total += s.take();
      if (rng() % 3 == 0)
        s.atLeast(s.stride() + static_cast<std::int64_t>(rng() % 4));
    }
    EXPECT_EQ(total, instances) << "trial " << trial;
    EXPECT_EQ(s.covered(), instances) << "trial " << trial;
  }
}

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

/// (index, repeat) of every instance done, visiting 0..instances-1.
std::vector<std::pair<std::int64_t, std::int64_t>> done(InstanceSample& s, std::int64_t instances)
{
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  for (std::int64_t i = 0; i < instances; ++i)
    if (const auto r = s.repeatAt(i))
      out.emplace_back(i, r);
  return out;
}

} // namespace

TEST(InstanceSample, BlocksAreDoneAsTheirMiddleInstance)
{
  InstanceSample s(10, 3); // blocks [0,3) [3,6) [6,9) [9,10)
  EXPECT_EQ(done(s, 10), (std::vector<std::pair<std::int64_t, std::int64_t>>{{1, 3}, {4, 3}, {7, 3}, {9, 1}}));
  EXPECT_EQ(s.covered(), 10);
  InstanceSample all(4, 1);
  EXPECT_EQ(done(all, 4), (std::vector<std::pair<std::int64_t, std::int64_t>>{{0, 1}, {1, 1}, {2, 1}, {3, 1}}));
  InstanceSample none(0, 5);
  EXPECT_EQ(done(none, 3), (std::vector<std::pair<std::int64_t, std::int64_t>>{}));
}

TEST(InstanceSample, AGrownStrideAppliesFromTheNextBlock)
{
  InstanceSample s(10, 1);
  EXPECT_EQ(s.repeatAt(0), 1); // block [0,1)
  s.atLeast(4);                // then [1,5) [5,9) [9,10)
  s.atLeast(2);                // never shrinks
  std::vector<std::pair<std::int64_t, std::int64_t>> rest;
  for (std::int64_t i = 1; i < 10; ++i)
    if (const auto r = s.repeatAt(i))
      rest.emplace_back(i, r);
  EXPECT_EQ(rest, (std::vector<std::pair<std::int64_t, std::int64_t>>{{3, 4}, {7, 4}, {9, 1}}));
  EXPECT_EQ(s.stride(), 4);
}

TEST(InstanceSample, RepeatsAddUpToTheInstances)
{
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 500; ++trial) {
    const auto instances = std::uniform_int_distribution<std::int64_t>(0, 300)(rng);
    InstanceSample s(instances, std::uniform_int_distribution<std::int64_t>(1, 9)(rng));
    std::int64_t total = 0;
    for (std::int64_t i = 0; i < instances; ++i) {
      const auto r = s.repeatAt(i);
      total += r;
      if (r > 0 && rng() % 3 == 0)
        s.atLeast(s.stride() + static_cast<std::int64_t>(rng() % 4));
    }
    EXPECT_EQ(total, instances) << "trial " << trial;
    EXPECT_EQ(s.covered(), instances) << "trial " << trial;
  }
}

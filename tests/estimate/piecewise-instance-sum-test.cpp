// sumPiecewise: the sum of per-instance tallies found from a few instances
// per polynomial piece, against the sum of every instance (brute force):
// equal counts, seconds to 1e-9, and far fewer instances done where the
// pieces are long.
#include "estimate/piecewise-instance-sum.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using ps::estimate::InstancePieces;
using ps::estimate::InstanceTally;
using ps::estimate::PiecewiseSumStats;
using ps::estimate::sumPiecewise;

namespace {

using Tally = std::function<InstanceTally(std::int64_t)>;

InstanceTally bruteForce(std::int64_t instances, std::size_t width, const Tally& f)
{
  InstanceTally sum{std::vector<std::int64_t>(width, 0), 0};
  for (std::int64_t m = 0; m < instances; ++m) {
    const auto t = f(m);
    for (std::size_t c = 0; c < width; ++c)
      sum.counts[c] += t.counts[c];
    sum.seconds += t.seconds;
  }
  return sum;
}

/// Both sums equal; returns the instances the piecewise sum did.
std::int64_t expectSumsEqual(std::int64_t instances, std::size_t width, const InstancePieces& pieces, const Tally& f,
                             const std::string& context)
{
  PiecewiseSumStats stats;
  const auto fast = sumPiecewise(instances, width, pieces, f, &stats);
  const auto slow = bruteForce(instances, width, f);
  EXPECT_EQ(fast.counts, slow.counts) << context;
  EXPECT_NEAR(fast.seconds, slow.seconds, 1e-9 * std::max(1.0, std::fabs(slow.seconds))) << context;
  return stats.evaluations;
}

} // namespace

TEST(PiecewiseInstanceSum, OnePolynomialNeedsAFewInstances)
{
  // a shrinking triangle's step: (n-m)(n-m+1)/2 elements, n - m messages
  const std::int64_t n = 100000;
  const Tally f = [&](std::int64_t m) {
    return InstanceTally{{(n - m) * (n - m + 1) / 2, n - m, 7}, 1e-6 * static_cast<double>(n - m)};
  };
  PiecewiseSumStats stats;
  const auto sum = sumPiecewise(n, 3, {}, f, &stats);
  // sum over k = 1..n of k(k+1)/2 = n(n+1)(n+2)/6
  EXPECT_EQ(sum.counts[0], n * (n + 1) * (n + 2) / 6);
  EXPECT_EQ(sum.counts[1], n * (n + 1) / 2);
  EXPECT_EQ(sum.counts[2], 7 * n);
  EXPECT_NEAR(sum.seconds, 1e-6 * static_cast<double>(n * (n + 1) / 2), 1e-6);
  EXPECT_LE(stats.evaluations, 9);
  EXPECT_EQ(stats.fittedPieces, 1);
}

TEST(PiecewiseInstanceSum, ResidueClassesOfTheCycleEachAPolynomial)
{
  // CYCLIC on 4: the step's counts depend on m mod 4 and then grow linearly
  const Tally f = [](std::int64_t m) {
    const auto r = m % 4;
    return InstanceTally{{(3 - r) * m + r * r, m / 4}, 0.5 * static_cast<double>(r)};
  };
  const auto done = expectSumsEqual(4000, 2, {4, {}}, f, "period 4");
  EXPECT_LE(done, 4 * 9);
  // the same without the period: still right, by many more instances
  const auto blind = expectSumsEqual(4000, 2, {}, f, "period not given");
  EXPECT_GT(blind, done);
}

TEST(PiecewiseInstanceSum, ABlockBoundaryFoundByHalvingOrGivenAsABreak)
{
  // BLOCK of 250: the owner's share changes slope at 250, 500, 750
  const Tally f = [](std::int64_t m) {
    const auto block = m / 250;
    return InstanceTally{{(block + 1) * m - 3 * block * block, block}, 1e-3 * static_cast<double>(block * m)};
  };
  const auto halving = expectSumsEqual(1000, 2, {}, f, "no breaks");
  const auto given = expectSumsEqual(1000, 2, {1, {{248, 253}, {498, 503}, {748, 753}}}, f, "breaks given");
  EXPECT_LT(given, halving);
  EXPECT_LT(halving, 1000 / 2);
}

TEST(PiecewiseInstanceSum, WhatIsNoPolynomialIsDoneInstanceByInstance)
{
  const Tally f = [](std::int64_t m) {
    const auto root = static_cast<std::int64_t>(std::sqrt(static_cast<double>(m)));
    return InstanceTally{{root, m % 7, (m * m) % 11}, std::sqrt(static_cast<double>(m))};
  };
  expectSumsEqual(5000, 3, {}, f, "not polynomial");
}

TEST(PiecewiseInstanceSum, RandomPiecewiseQuasiPolynomials)
{
  // Random pieces (breaks at random, given), each residue
  // class of a random period its own polynomial of degree <= 3: the sums
  // equal the brute force ones, zero differences.
  std::mt19937_64 random(41);
  const auto pick = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(random);
  };
  for (int trial = 0; trial < 300; ++trial) {
    const auto instances = pick(1, 3000);
    const auto period = pick(1, 6);
    std::vector<std::int64_t> cuts;
    for (auto k = pick(0, 4); k > 0; --k)
      cuts.push_back(pick(0, instances));
    std::sort(cuts.begin(), cuts.end());
    struct Poly {
      std::int64_t c[4];
    };
    std::vector<Poly> polys(static_cast<std::size_t>((cuts.size() + 1) * period));
    for (auto& p : polys)
      for (auto& c : p.c)
        c = pick(-3, 3);
    const auto degreeCap = pick(1, 3);
    const Tally f = [&](std::int64_t m) {
      const auto piece = static_cast<std::size_t>(std::upper_bound(cuts.begin(), cuts.end(), m) - cuts.begin());
      const auto& p = polys[piece * static_cast<std::size_t>(period) + static_cast<std::size_t>(m % period)];
      std::int64_t v = 0, power = 1;
      for (int e = 0; e <= degreeCap; ++e, power *= m)
        v += p.c[e] * power;
      return InstanceTally{{v + 1000000000000LL, 3 * v}, 1e-6 * static_cast<double>(v)};
    };
    InstancePieces pieces{period, {}};
    for (const auto cut : cuts) // where the pieces end (exchangePieces says that)
      pieces.direct.emplace_back(cut - 2, cut + 3);
    expectSumsEqual(instances, 2, pieces, f, "trial " + std::to_string(trial));
  }
}

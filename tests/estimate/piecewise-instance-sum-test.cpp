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
  const auto done = expectSumsEqual(4000, 2, {4, {}, {}}, f, "period 4");
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
  const auto given = expectSumsEqual(1000, 2, {1, {{248, 253}, {498, 503}, {748, 753}}, {}}, f, "breaks given");
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
    InstancePieces pieces{period, {}, {}};
    for (const auto cut : cuts) // where the pieces end (exchangePieces says that)
      pieces.direct.emplace_back(cut - 2, cut + 3);
    expectSumsEqual(instances, 2, pieces, f, "trial " + std::to_string(trial));
  }
}

namespace {

/// A step loop's broadcast on a processors grid of `shape` (dimension 0
/// fastest), CYCLIC(b) in every dimension: instance m's column has owner
/// coordinates floor((m + phase)/b) mod shape; the processor `off` steps
/// ahead of it (per dimension) receives one message of `bytes(m, off)`
/// bytes when that is positive. Layout as a ReadSimulator probe: messages,
/// bytes, instances, then messages and bytes per processor.
Tally turningBroadcast(std::vector<std::int64_t> shape, std::int64_t b, std::int64_t phase,
                       std::function<std::int64_t(std::int64_t, std::int64_t)> bytes)
{
  return [=](std::int64_t m) {
    std::int64_t procs = 1;
    for (const auto s : shape)
      procs *= s;
    InstanceTally t{std::vector<std::int64_t>(static_cast<std::size_t>(3 + 2 * procs), 0), 0};
    t.counts[2] = 1;
    const auto block = (m + phase) / b;
    for (std::int64_t p = 0; p < procs; ++p) {
      std::int64_t rest = p, stride = 1, off = 0, flatOff = 0;
      for (const auto s : shape) { // the offset of p from the owner, per dimension, as one number
        const auto coord = rest % s;
        rest /= s;
        off = ((coord - block) % s + s) % s;
        flatOff += off * stride;
        stride *= s;
      }
      const auto d = flatOff == 0 ? 0 : std::max<std::int64_t>(bytes(m, flatOff), 0);
      if (d == 0)
        continue;
      t.counts[static_cast<std::size_t>(3 + p)] = 1;
      t.counts[static_cast<std::size_t>(3 + procs + p)] = d;
      t.counts[0] += 1;
      t.counts[1] += d;
      t.seconds = std::max(t.seconds, 1e-6 + 1e-9 * static_cast<double>(d));
    }
    return t;
  };
}

ps::estimate::InstanceRotation rotation(std::vector<std::int64_t> shape, std::int64_t b, std::int64_t period)
{
  std::int64_t procs = 1;
  for (const auto s : shape)
    procs *= s;
  return {period, shape, std::vector<std::int64_t>(shape.size(), 1), std::vector<std::int64_t>(shape.size(), b),
          {3, static_cast<std::size_t>(3 + procs)}};
}

} // namespace

TEST(PiecewiseInstanceSum, CountsTurningWithTheOwnerAreOneClassNotOnePerProcessor)
{
  // Cholesky's column broadcast on 7: the processor c ahead of column m's
  // owner gets n - m - c elements; the last 2 cycles are done one by one
  const std::int64_t n = 3000, procs = 7;
  const auto f = turningBroadcast({procs}, 1, 0, [&](std::int64_t m, std::int64_t c) { return 8 * (n - m - c); });
  const InstancePieces byClasses{procs, {{n - 2 * procs - 3, n}}, {}};
  auto turning = byClasses;
  turning.rotation = rotation({procs}, 1, 1);
  const auto classes = expectSumsEqual(n, 3 + 2 * procs, byClasses, f, "by classes");
  const auto turned = expectSumsEqual(n, 3 + 2 * procs, turning, f, "turning");
  EXPECT_LE(turned, 9 + 2 * procs + 3); // one class: its nodes and checks, and the direct end
  EXPECT_LT(2 * turned, classes);
}

TEST(PiecewiseInstanceSum, TurningOnAGridAndUnderCyclicOfABlock)
{
  const std::int64_t n = 2500;
  // 2x3 processors, each dimension's owner moving one per instance; bytes quadratic in m
  const auto grid = turningBroadcast({2, 3}, 1, 0, [&](std::int64_t m, std::int64_t c) {
    return (n - m) * (n - m - c) + c;
  });
  InstancePieces pieces{6, {{n - 40, n}}, {}};
  pieces.rotation = rotation({2, 3}, 1, 1);
  EXPECT_LE(expectSumsEqual(n, 3 + 12, pieces, grid, "2x3"), 9 + 40);
  // CYCLIC(3) on 4, the column's place in its block 2 at m = 0: three classes, not twelve
  const auto blocks = turningBroadcast({4}, 3, 2, [&](std::int64_t m, std::int64_t c) { return 3 * (n - m) - c; });
  InstancePieces cyclic3{12, {{n - 30, n}}, {}};
  cyclic3.rotation = rotation({4}, 3, 3);
  EXPECT_LE(expectSumsEqual(n, 3 + 8, cyclic3, blocks, "CYCLIC(3)"), 3 * 9 + 30);
}

TEST(PiecewiseInstanceSum, WhatDoesNotTurnIsSummedByTheCycleStill)
{
  // the processor c ahead receives one element per column it owns after
  // m: floor((n - m - c)/P) + 1, a staircase in m seen from the owner; the
  // turned fit must fail and the cycle's classes give the exact sum
  const std::int64_t n = 2000, procs = 5;
  const auto f = turningBroadcast({procs}, 1, 0, [&](std::int64_t m, std::int64_t c) {
    return n - m - c >= 0 ? (n - m - c) / procs + 1 : 0;
  });
  InstancePieces pieces{procs, {{n - 2 * procs - 3, n}}, {}};
  pieces.rotation = rotation({procs}, 1, 1);
  expectSumsEqual(n, 3 + 2 * procs, pieces, f, "staircase");
}

// The symbolic sum algorithm (P3T+, Fig. 2) against the paper's closed
// forms and against brute-force enumeration of random polyhedra.
#include "symbolic/brute-force.h"
#include "symbolic/lattice-count.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace ps::symbolic;

namespace {

/// 1 <= J1 <= N1, 1 <= J2 <= N2*J1, J1 <= N2 (variables J1, J2).
IntegerSystem p3tExample(std::int64_t n1, std::int64_t n2)
{
  IntegerSystem s;
  s.variables = 2;
  s.between({1, 0}, 0, 1, n1);
  s.atLeastZero({0, 1}, -1);     // J2 >= 1
  s.atLeastZero({n2, -1}, 0);    // N2*J1 - J2 >= 0
  s.between({1, 0}, 0, {}, n2);  // J1 <= N2
  return s;
}

std::int64_t exact(const IntegerSystem& s)
{
  std::string why;
  auto c = countPoints(s, {}, &why);
  EXPECT_TRUE(c) << why;
  return c && c->exact ? *c->exact : -1;
}

} // namespace

TEST(LatticeCount, P3tSection31StatementCount)
{
  // N1^2*N2/2 + N1*N2/2 if N1 <= N2, else N2^3/2 + N2^2/2 (P3T+, Sec. 3.1)
  EXPECT_EQ(exact(p3tExample(3, 5)), 30);
  EXPECT_EQ(exact(p3tExample(5, 3)), 18);
  EXPECT_EQ(exact(p3tExample(10, 10)), 550);
  EXPECT_EQ(exact(p3tExample(7, 20)), 560);
  EXPECT_EQ(exact(p3tExample(20, 7)), 196);
}

TEST(LatticeCount, P3tSection31WorkPerProcessor)
{
  // DO J1=1,N1; DO J2=1,J1*N1; IF (J2 <= N2) A(J2) with A(N2) BLOCK onto 4:
  // N1 = 10, N2 = 80 gives 190, 150, 110, 70
  const std::int64_t n1 = 10, n2 = 80, p = 4, block = n2 / p;
  std::vector<std::int64_t> work;
  for (std::int64_t k = 1; k <= p; ++k) {
    IntegerSystem s;
    s.variables = 2;
    s.between({1, 0}, 0, 1, n1);
    s.atLeastZero({0, 1}, -1);
    s.atLeastZero({n1, -1}, 0);
    s.between({0, 1}, 0, {}, n2);
    s.between({0, 1}, 0, block * (k - 1) + 1, block * k);
    work.push_back(exact(s));
  }
  EXPECT_EQ(work, (std::vector<std::int64_t>{190, 150, 110, 70}));
}

TEST(LatticeCount, HugeTriangularNestIsExact)
{
  // 1 <= i <= n, 1 <= j <= i, 1 <= k <= j: n(n+1)(n+2)/6 points
  const std::int64_t n = 1000000;
  IntegerSystem s;
  s.variables = 3;
  s.between({1, 0, 0}, 0, 1, n);
  s.atLeastZero({1, -1, 0}, 0);
  s.atLeastZero({0, 1, 0}, -1);
  s.atLeastZero({0, 1, -1}, 0);
  s.atLeastZero({0, 0, 1}, -1);
  EXPECT_EQ(exact(s), n * (n + 1) * (n + 2) / 6);
}

TEST(LatticeCount, UnboundedAndEmpty)
{
  IntegerSystem s;
  s.variables = 1;
  s.atLeastZero({1}, 0); // x >= 0 only
  std::string why;
  EXPECT_FALSE(countPoints(s, {}, &why));
  EXPECT_NE(why.find("no lower or no upper bound"), std::string::npos);

  IntegerSystem empty;
  empty.variables = 2;
  empty.between({1, 0}, 0, 5, 3);
  empty.between({0, 1}, 0, 1, 10);
  EXPECT_EQ(exact(empty), 0);
}

TEST(LatticeCount, RandomPolyhedraEqualBruteForce)
{
  std::mt19937_64 rng(20261122);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int compared = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = pick(1, 3);
    IntegerSystem s;
    s.variables = n;
    std::vector<std::int64_t> lo(n), hi(n);
    for (int v = 0; v < n; ++v) { // a box keeps it bounded
      std::vector<std::int64_t> unit(n, 0);
      unit[v] = 1;
      lo[v] = pick(-6, 3);
      hi[v] = lo[v] + pick(-1, 12);
      s.between(unit, 0, lo[v], hi[v]);
    }
    for (int extra = pick(0, 4); extra > 0; --extra) {
      std::vector<std::int64_t> coef(n);
      for (auto& c : coef)
        c = pick(-3, 3);
      s.atLeastZero(coef, pick(-10, 10));
    }
    std::int64_t brute = 0;
    test::forEachPointIn(s, lo, hi, [&](const std::vector<std::int64_t>&) { ++brute; });
    std::string why;
    auto c = countPoints(s, {}, &why);
    ASSERT_TRUE(c) << why;
    ASSERT_EQ(c->exact.value_or(-1), brute) << "trial " << trial;
    ++compared;
  }
  EXPECT_EQ(compared, 3000);
}

TEST(LatticeCount, RandomProjectionsEqualBruteForce)
{
  // Distinct values of the kept variables with some existential witness.
  // Existential variables get unit coefficients (or a stride 2 now and
  // then, which needs a residue split of a kept variable).
  std::mt19937_64 rng(20261123);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int compared = 0, failed = 0;
  for (int trial = 0; trial < 2000; ++trial) {
    const int n = pick(2, 4);
    std::vector<bool> existential(n);
    for (int v = 0; v < n; ++v)
      existential[v] = pick(0, 1) == 1;
    IntegerSystem s;
    s.variables = n;
    std::vector<std::int64_t> lo(n), hi(n);
    for (int v = 0; v < n; ++v) {
      std::vector<std::int64_t> unit(n, 0);
      unit[v] = 1;
      lo[v] = pick(-4, 3);
      hi[v] = lo[v] + pick(0, 9);
      s.between(unit, 0, lo[v], hi[v]);
    }
    for (int extra = pick(0, 3); extra > 0; --extra) {
      std::vector<std::int64_t> coef(n);
      for (int v = 0; v < n; ++v)
        coef[v] = existential[v] ? (pick(0, 7) == 0 ? 2 * pick(-1, 1) : pick(-1, 1)) : pick(-3, 3);
      s.atLeastZero(coef, pick(-8, 8));
    }
    std::set<std::vector<std::int64_t>> kept;
    test::forEachPointIn(s, lo, hi, [&](const std::vector<std::int64_t>& x) {
      std::vector<std::int64_t> key;
      for (int v = 0; v < n; ++v)
        if (!existential[v])
          key.push_back(x[v]);
      kept.insert(key);
    });
    std::string why;
    auto c = countProjection(s, existential, {}, &why);
    if (!c) {
      ++failed;
      continue;
    }
    ASSERT_EQ(c->exact.value_or(-1), static_cast<std::int64_t>(kept.size())) << "trial " << trial;
    ++compared;
  }
  EXPECT_GE(compared, 1900) << failed << " projections were refused";
}

// The symbolic sum algorithm with parameters (P3T+, Fig. 2, Eq. 2): closed
// forms compiled once, checked at many parameter values against the
// numeric counter and brute force.
#include "symbolic/brute-force.h"
#include "symbolic/parametric-count.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace ps::symbolic;

namespace {

/// The same system with the parameters fixed: what countPoints counts.
IntegerSystem fixed(const ParametricSystem& s, const std::vector<std::int64_t>& params)
{
  IntegerSystem out;
  out.variables = s.variables;
  for (const auto& r : s.constraints) {
    std::int64_t c = r.constant;
    for (std::size_t k = 0; k < params.size(); ++k)
      c += r.coef[s.variables + k] * params[k];
    out.atLeastZero({r.coef.begin(), r.coef.begin() + s.variables}, c);
  }
  return out;
}

/// Brute-force count of x in the box [lo, hi]^variables with the
/// parameters fixed at `params`.
std::int64_t bruteForce(const ParametricSystem& s, const std::vector<std::int64_t>& params, std::int64_t lo,
                        std::int64_t hi)
{
  const auto n = static_cast<std::size_t>(s.variables);
  std::int64_t count = 0;
  test::forEachPointIn(fixed(s, params), std::vector<std::int64_t>(n, lo), std::vector<std::int64_t>(n, hi),
                       [&](const auto&) { ++count; });
  return count;
}

/// 1 <= i <= n, 1 <= j <= i, LB <= i <= UB (variables i, j; parameters n, LB, UB).
ParametricSystem triangleOwnedRows()
{
  ParametricSystem s;
  s.variables = 2;
  s.parameters = {"n", "LB", "UB"};
  s.constraints = {
      {{1, 0, 0, 0, 0}, -1}, // i >= 1
      {{-1, 0, 1, 0, 0}, 0}, // i <= n
      {{0, 1, 0, 0, 0}, -1}, // j >= 1
      {{1, -1, 0, 0, 0}, 0}, // j <= i
      {{1, 0, 0, -1, 0}, 0}, // i >= LB
      {{-1, 0, 0, 0, 1}, 0}, // i <= UB
  };
  return s;
}

} // namespace

TEST(ParametricCount, TriangleIsHalfSquareForEveryN)
{
  ParametricSystem s;
  s.variables = 2;
  s.parameters = {"n"};
  s.constraints = {{{1, 0, 0}, -1}, {{-1, 0, 1}, 0}, {{0, 1, 0}, -1}, {{1, -1, 0}, 0}};
  std::string why;
  auto count = countParametric(s, {}, &why);
  ASSERT_TRUE(count) << why;
  for (std::int64_t n = -3; n <= 60; ++n)
    EXPECT_EQ(count->at({n}).exact.value_or(-1), n > 0 ? n * (n + 1) / 2 : 0) << "n = " << n;
  EXPECT_EQ(count->at({1'000'000}).exact.value_or(-1), 500'000'500'000);
  EXPECT_NE(count->text().find("n"), std::string::npos) << count->text();
}

TEST(ParametricCount, BlockOwnedRowsOfATriangleEqualBruteForce)
{
  auto s = triangleOwnedRows();
  std::string why;
  auto count = countParametric(s, {}, &why);
  ASSERT_TRUE(count) << why;
  // work(k) of the rows of a triangle under BLOCK on 4 processors, n = 10:
  // rows 1-3, 4-6, 7-9, 10 own 6, 15, 24, 10 iterations.
  const std::vector<std::vector<std::int64_t>> blocks = {{1, 3}, {4, 6}, {7, 9}, {10, 12}};
  const std::vector<std::int64_t> expected = {6, 15, 24, 10};
  for (std::size_t k = 0; k < blocks.size(); ++k)
    EXPECT_EQ(count->at({10, blocks[k][0], blocks[k][1]}).exact.value_or(-1), expected[k]);
  for (std::int64_t n = 0; n <= 12; ++n)
    for (std::int64_t lb = -2; lb <= 13; ++lb)
      for (std::int64_t ub = lb - 2; ub <= 14; ++ub)
        ASSERT_EQ(count->at({n, lb, ub}).exact.value_or(-1), bruteForce(s, {n, lb, ub}, -1, 15))
            << "n=" << n << " LB=" << lb << " UB=" << ub;
}

TEST(ParametricCount, RandomNestsEqualTheNumericCounter)
{
  std::mt19937 rng(20261124);
  auto small = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int compiled = 0;
  for (int trial = 0; trial < 300; ++trial) {
    ParametricSystem s;
    s.variables = small(1, 3);
    s.parameters = {"n", "m"};
    const auto width = static_cast<std::size_t>(s.variables) + 2;
    // Loop-nest shape: each variable between an affine lower and upper bound
    // in the outer variables (coefficients -1, 0, 1) and the parameters.
    for (int v = 0; v < s.variables; ++v) {
      for (int side : {+1, -1}) {
        LinearConstraint r{std::vector<std::int64_t>(width, 0), small(-3, 3)};
        r.coef[v] = side;
        for (int u = 0; u < v; ++u)
          r.coef[u] = -side * small(-1, 1);
        r.coef[s.variables + small(0, 1)] = side < 0 ? 1 : 0;
        s.constraints.push_back(r);
      }
      if (small(0, 2) == 0) { // an ownership-like extra bound on the parameter m
        LinearConstraint r{std::vector<std::int64_t>(width, 0), small(-2, 2)};
        r.coef[v] = 1;
        r.coef[s.variables + 1] = -1;
        s.constraints.push_back(r);
      }
    }
    std::string why;
    auto count = countParametric(s, {}, &why);
    if (!count)
      continue; // non-unit coefficients after elimination: counted per point instead
    ++compiled;
    for (std::int64_t n = -2; n <= 7; ++n)
      for (std::int64_t m = -2; m <= 7; ++m) {
        const auto numeric = countPoints(fixed(s, {n, m}));
        ASSERT_TRUE(numeric);
        ASSERT_EQ(count->at({n, m}).exact.value_or(-1), numeric->exact.value_or(-2))
            << "trial " << trial << " n=" << n << " m=" << m << "\n" << count->text();
      }
  }
  EXPECT_GT(compiled, 200); // most loop-nest shapes have a closed form
}

TEST(ParametricCount, SumsAlongALineEqualEveryPointAdded)
{
  // sumAlong against at() at every point of the line: blocks LB..UB moved
  // by a stride (a CYCLIC distribution's owned blocks), n moved too, and
  // lines that cross the guards' boundaries anywhere
  auto s = triangleOwnedRows();
  auto count = countParametric(s);
  ASSERT_TRUE(count);
  std::mt19937 rng(7);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  for (int trial = 0; trial < 2000; ++trial) {
    const std::vector<std::int64_t> origin{pick(-5, 40), pick(-8, 12), 0}, step{pick(-1, 1), pick(-6, 6), 0};
    auto o = origin;
    o[2] = o[1] + pick(-1, 5);
    auto st = step;
    st[2] = st[1] + (trial % 3 == 0 ? pick(-1, 1) : 0);
    const std::int64_t len = pick(0, 30);
    std::int64_t added = 0;
    auto point = o;
    for (std::int64_t m = 0; m < len; ++m) {
      for (std::size_t k = 0; k < point.size(); ++k)
        point[k] = o[k] + m * st[k];
      added += count->at(point).exact.value_or(-1'000'000);
    }
    ASSERT_EQ(count->sumAlong(o, st, len).exact.value_or(-1), added)
        << "origin " << o[0] << "," << o[1] << "," << o[2] << " step " << st[0] << "," << st[1] << "," << st[2]
        << " len " << len;
  }
  // rows 1..10^6 dealt CYCLIC(1) to 16: processor 3 owns rows 4, 20, 36, ...
  std::int64_t rows = 0;
  for (std::int64_t i = 4; i <= 1'000'000; i += 16)
    rows += i;
  EXPECT_EQ(count->sumAlong({1'000'000, 4, 4}, {0, 16, 16}, 62'500).exact.value_or(-1), rows);
  // a cube LB..UB moved along a progression: UB - LB cancels, so a degree of 3 in the
  // moving parameters is really 0, and 2^36 blocks of 4^3 stay exact
  ParametricSystem cube;
  cube.variables = 3;
  cube.parameters = {"LB", "UB"};
  for (std::size_t v = 0; v < 3; ++v) {
    std::vector<std::int64_t> lower(5, 0), upper(5, 0);
    lower[v] = 1;
    lower[3] = -1; // x_v - LB >= 0
    upper[v] = -1;
    upper[4] = 1; // UB - x_v >= 0
    cube.constraints.push_back({lower, 0});
    cube.constraints.push_back({upper, 0});
  }
  auto cubes = countParametric(cube);
  ASSERT_TRUE(cubes);
  EXPECT_EQ(cubes->sumAlong({1, 4}, {8, 8}, std::int64_t{1} << 36).exact.value_or(-1), (std::int64_t{1} << 36) * 64);
  // beyond 64 bits: the value, not an exact count
  const auto huge = count->sumAlong({std::int64_t{1} << 36, 1, std::int64_t{1} << 36}, {0, 0, 0}, 1 << 30);
  EXPECT_FALSE(huge.exact);
  EXPECT_NEAR(huge.value, 0.5 * std::ldexp(1.0, 72) * std::ldexp(1.0, 30), 1e-6 * std::ldexp(1.0, 101));
}

TEST(ParametricCount, NonUnitCoefficientsAreRefusedWithAReason)
{
  ParametricSystem s; // 1 <= i <= n, 2*j <= i: needs floor(i/2)
  s.variables = 2;
  s.parameters = {"n"};
  s.constraints = {{{1, 0, 0}, -1}, {{-1, 0, 1}, 0}, {{0, 1, 0}, -1}, {{1, -2, 0}, 0}};
  std::string why;
  EXPECT_FALSE(countParametric(s, {}, &why));
  EXPECT_NE(why.find("coefficient other than 1"), std::string::npos) << why;
}

TEST(ParametricCount, PrintsGuardsAndLatex)
{
  std::string why;
  auto count = countParametric(triangleOwnedRows(), {}, &why);
  ASSERT_TRUE(count) << why;
  const auto text = count->text();
  EXPECT_NE(text.find("if "), std::string::npos) << text;
  EXPECT_NE(text.find("UB"), std::string::npos) << text;
  const auto latex = count->latex();
  EXPECT_EQ(latex.rfind("\\begin{aligned}\n& \\left[", 0), 0u) << latex; // the pieces add: Iverson brackets, no cases
  EXPECT_NE(latex.find("+\\ & \\left["), std::string::npos) << latex;
  EXPECT_NE(latex.find("\\mathit{UB}"), std::string::npos) << latex;
  EXPECT_NE(latex.find("\\geq"), std::string::npos) << latex;
}

TEST(ParametricCount, PrintingDoesNotDependOnTheOrderOfTheParameters)
{
  // 1 <= i <= n, 1 <= j <= m - 1: (m - 1)*n whichever parameter comes first
  // (GiNaC's own output follows the symbols' creation order)
  auto rectangle = [](bool nFirst) {
    ParametricSystem s;
    s.variables = 2;
    s.parameters = nFirst ? std::vector<std::string>{"n", "m"} : std::vector<std::string>{"m", "n"};
    const std::int64_t cn = nFirst ? 0 : 1, cm = 1 - cn;
    std::vector<std::int64_t> lessN(4, 0), lessM(4, 0);
    lessN[0] = -1, lessN[2 + cn] = 1;
    lessM[1] = -1, lessM[2 + cm] = 1;
    s.constraints = {{{1, 0, 0, 0}, -1}, {lessN, 0}, {{0, 1, 0, 0}, -1}, {lessM, -1}};
    return countParametric(s)->text();
  };
  EXPECT_EQ(rectangle(true), "if m >= 2 and n >= 1: n*(m - 1)\n");
  EXPECT_EQ(rectangle(false), "if n >= 1 and m >= 2: n*(m - 1)\n"); // guards follow the parameters' order
}

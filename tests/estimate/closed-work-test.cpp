// Per-processor work in closed form (owned-iterations.h) against two
// oracles on random affine nests: brute force (every iteration visited, its
// owner computed by the mapping) and the enumeration the estimator used
// before (enumerateWork). Depth 1-3, triangular and strided bounds,
// reversed loops, subscript offsets and coefficients, 1-D and 2-D
// arrangements, BLOCK, BLOCK(m), CYCLIC, CYCLIC(k) and collapsed dimensions.
#include "estimate/owned-iterations.h"
#include "estimate/random-nest.h"
#include "estimate/run-estimate.h"
#include "estimate/work-distribution.h"


using namespace ps;

namespace {

/// Every iteration visited; its owner from the mapping (every processor for
/// a replicated array: (*,*) distributes nothing).
std::vector<double> bruteForce(const estimate::IterationSpace& space, const estimate::ReferencePlan& plan,
                               const mapping::Mapping& mapping)
{
  std::vector<double> work(static_cast<std::size_t>(mapping.procs.count()), 0.0);
  std::vector<std::int64_t> values(static_cast<std::size_t>(space.depth()), 0);
  std::vector<std::int64_t> coords(static_cast<std::size_t>(mapping.procs.rank()));
  space.walk(0, space.depth(), values, [&](std::vector<std::int64_t>& v) {
    if (!plan.map) {
      for (auto& w : work)
        w += 1;
      return;
    }
    std::int64_t index[2];
    plan.element(v, index);
    mapping.ownerCoords(*plan.map, index, coords.data());
    estimate::forEachProcessor(mapping.procs, coords.data(), [&](std::int64_t p) { work[p] += 1; });
  });
  return work;
}

} // namespace

TEST(ClosedWork, RandomNestsEqualBruteForceAndEnumeration)
{
  test::RandomNest random(9);
  int compared = 0;
  for (int trial = 0; trial < 1200; ++trial) {
    const auto text = random.program();
    auto p = test::build(text);
    const auto& unit = p.unit();
    ASSERT_FALSE(unit.loops.empty() || unit.statements.empty()) << text;
    const bool grid = random.pick(0, 1) == 1;
    const auto procs = grid ? std::to_string(random.pick(1, 3)) + "x" + std::to_string(random.pick(2, 3))
                            : std::to_string(random.pick(1, 5));
    std::string f0 = random.format(), f1 = random.format();
    if (grid && (f0 == "*" || f1 == "*"))
      f0 = f1 = "BLOCK";
    if (!grid && f0 != "*" && f1 != "*")
      f1 = "*";
    std::string error;
    auto spec = mapping::parseDistSpec("a=(" + f0 + "," + f1 + ")", &error);
    ASSERT_TRUE(spec) << error;
    auto mapped = mapping::mappingFromSpec(*spec, unit, {}, *mapping::parseArrangement(procs));
    if (!mapped.mapping)
      continue; // e.g. BLOCK(m) too small for the arrangement
    const auto& st = unit.statements.back();
    symbolic::EvaluationError evalError;
    auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, {}, &evalError);
    ASSERT_TRUE(space) << evalError.message << "\n" << text;
    auto plan = estimate::planReference(*st.write(), unit, *space, *mapped.mapping, {}, &evalError);
    ASSERT_TRUE(plan) << evalError.message;
    std::string why;
    auto closed = estimate::countOwnedIterations(*space, &*plan, *mapped.mapping, &why);
    ASSERT_TRUE(closed) << why << "\n" << text;
    const auto brute = bruteForce(*space, *plan, *mapped.mapping);
    ASSERT_EQ(*closed, brute) << text << "(" << f0 << "," << f1 << ") onto " << procs;
    ASSERT_EQ(*closed, estimate::enumerateWork(*space, &*plan, *mapped.mapping)) << text;
    double total = 0;
    for (double w : brute)
      total += w;
    auto iterations = estimate::countIterations(*space, &why);
    ASSERT_TRUE(iterations) << why;
    EXPECT_EQ(*iterations, static_cast<double>(space->size())) << text;
    for (int count = 0; count <= space->depth(); ++count) {
      std::vector<std::int64_t> first, expectedFirst;
      const auto expected = space->outerCount(count, &expectedFirst);
      ASSERT_EQ(estimate::countOuterIterations(*space, count, &first), expected) << text << count;
      if (expected > 0) {
        ASSERT_EQ(first, expectedFirst) << text << count;
      }
    }
    ++compared;
  }
  EXPECT_GE(compared, 1000);
}

TEST(ClosedWork, TriangularNestAtAMillionIsExact)
{
  auto p = test::build("program tri\n  integer :: i, j, k, n\n  double precision :: a(n)\n"
                       "  do i = 1, n\n    do j = 1, i\n      do k = 1, j\n        a(i) = a(i) + 1.0\n"
                       "      end do\n    end do\n  end do\nend program tri\n");
  const std::int64_t n = 1000000;
  auto e = test::run(p, 4, "a=(BLOCK)", "4", {{"n", n}});
  // processor c owns i in (c*n/4, (c+1)*n/4]: sum of i(i+1)/2 over its block
  auto upTo = [](double m) { return m * (m + 1) * (m + 2) / 6; };
  for (int c = 0; c < 4; ++c)
    EXPECT_DOUBLE_EQ(e.workPerProc[c], upTo((c + 1) * n / 4.0) - upTo(c * n / 4.0));
}

TEST(WorkDistributionGoodness, P3tDefinition32)
{
  // R18: population sigma over the mean, 1e-5 as the paper's rounding allows
  EXPECT_NEAR(estimate::workDistributionGoodness({2, 1, 1, 0}), 0.70711, 1e-5);
  std::vector<double> one(16, 0.0);
  one[3] = 1000;
  EXPECT_NEAR(estimate::workDistributionGoodness(one), 3.87298, 1e-5); // sqrt(15), not the stated bound 15
  EXPECT_EQ(estimate::workDistributionGoodness(std::vector<double>(16, 64.0)), 0.0);
  EXPECT_EQ(estimate::workDistributionGoodness({0, 0, 0}), 0.0); // no work at all
}

TEST(ClosedWork, TimeLoopOfATrillionStepsIsCountedNotWalked)
{
  auto p = test::build("program heat\n  integer :: t, i, n, niter\n  double precision :: u(n)\n"
                       "  do t = 1, niter\n    do i = 2, n - 1\n      u(i) = 0.5 * u(i)\n    end do\n  end do\n"
                       "end program heat\n");
  const auto& unit = p.unit();
  symbolic::EvaluationError error;
  const symbolic::Bindings values{{"n", 100}, {"niter", 1000000000000}};
  auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, unit.statements.back(), values, &error);
  ASSERT_TRUE(space) << error.message;
  std::vector<std::int64_t> first;
  EXPECT_EQ(estimate::countOuterIterations(*space, 1, &first), 1000000000000);
  EXPECT_EQ(first, (std::vector<std::int64_t>{1, 0}));
}

namespace {

/// A(I) = 0 in DO K / DO J / DO I, each 1..N.
test::Program boxOfThreeLoops()
{
  return test::build("program big\n  integer :: i, j, k, n\n  double precision :: a(n)\n"
                     "  do k = 1, n\n    do j = 1, n\n      do i = 1, n\n        a(i) = 0.0\n"
                     "      end do\n    end do\n  end do\nend program big\n");
}

} // namespace

TEST(ClosedWork, OuterCountsBeyond2To63SaturateInsteadOfWalking)
{
  // 10^21 iterations: the count does not fit in 64 bits, and walking them
  // (the old fallback, hit by the cache model on Jacobi with niter = 10^9
  // and n = 10^6) would never end
  const auto p = boxOfThreeLoops();
  const auto& unit = p.unit();
  symbolic::EvaluationError error;
  auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, unit.statements.back(),
                                               {{"n", 10'000'000}}, &error);
  ASSERT_TRUE(space) << error.message;
  std::vector<std::int64_t> first;
  EXPECT_EQ(estimate::countOuterIterations(*space, 3, &first), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(first, (std::vector<std::int64_t>{1, 1, 1}));
  EXPECT_DOUBLE_EQ(estimate::outerIterations(*space, 3), 1e21);
  EXPECT_DOUBLE_EQ(estimate::outerIterations(*space, 2), 1e14);
  EXPECT_EQ(estimate::countOuterIterations(*space, 2, &first), 100'000'000'000'000);
}

// IterationSpace::size of a box of three loops: the outer two were walked
// (a CALL's frequency in DO I / DO J / DO K took minutes at m = 10^6, a
// new-user trial); now each level independent of the outer ones multiplies.
TEST(ClosedWork, ABoxOfThreeLoopsIsSizedWithoutWalking)
{
  const auto p = boxOfThreeLoops();
  const auto& unit = p.unit();
  symbolic::EvaluationError error;
  auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, unit.statements.back(),
                                               {{"n", 2'000'000}}, &error);
  ASSERT_TRUE(space) << error.message;
  EXPECT_EQ(space->size(), std::int64_t{8'000'000'000'000'000'000});
}

TEST(ClosedWork, ABoundBeyond2To40IsNotCutByTheAbsentBoundStandIn)
{
  // DO I = 1, 2*10^12 on one processor: the owned range without bounds
  // stood for +-2^40 and cut the loop there (work 1.0995e12, a speedup of
  // 2.2 on 4 processors)
  const auto p = test::build("      SUBROUTINE BIG(A)\n      REAL A(2000000000000)\n"
                             "      DO 10 I = 1, 2000000000000\n        A(I) = A(I) + 1.0\n   10 CONTINUE\n      END\n",
                             "big.f");
  EXPECT_EQ(test::workOfLine(test::run(p, 3, "a=(BLOCK)", "1", {}), 4), std::vector<double>{2e12});
  EXPECT_EQ(test::workOfLine(test::run(p, 3, "a=(BLOCK)", "4", {}), 4), std::vector<double>(4, 5e11));
}

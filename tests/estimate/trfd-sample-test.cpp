// The TRFD-style sample (sampleprograms/trfd.f): five sizes are dummy
// arguments, the (r,s) pairs are BLOCK over 4 processors, C is replicated.
// Issue 9 found a real code's nest of this kind taking over 20 s and 6 GB at
// 128; the counts are closed forms now, so the same numbers come at sizes no
// enumeration could reach. Counts by hand below.
#include "estimate/run-estimate.h"
#include "support/text.h"

#include <gtest/gtest.h>

namespace {

ps::test::Program trfd()
{
  std::string error;
  const auto text = ps::readTextFile(std::string(PS_SOURCE_DIR) + "/sampleprograms/trfd.f", &error);
  EXPECT_TRUE(text) << error;
  return ps::test::build(text.value_or(""), "trfd.f");
}

ps::estimate::Estimate underDirectives(const ps::test::Program& p, int line, std::int64_t size)
{
  const auto& unit = p.unit();
  const ps::symbolic::Bindings values{{"num", size}, {"nrs", size}, {"morb", size}, {"nocc", size}, {"norb", size}};
  auto m = ps::mapping::mappingFromDirectives(unit, values, *ps::mapping::parseArrangement("4"), line);
  EXPECT_TRUE(m.mapping) << (m.errors.empty() ? "" : m.errors[0]);
  auto e = ps::estimate::estimateNest(unit, *unit.loopAtLine(line), *m.mapping, ps::test::unitMachine(), values);
  EXPECT_TRUE(e.estimate) << (e.errors.empty() ? "" : e.errors[0]);
  return e.estimate.value_or(ps::estimate::Estimate{});
}

} // namespace

// First half, all sizes n = 128, rs blocks of 32: per mi the zeroing (32 * 128),
// the product (32 * 128 * 128) and the triangle copy (32 * mi):
// 128 * (4096 + 524288) + 32 * (128 * 129 / 2) = 67,897,344 on every processor;
// every operand is local (v and xij share the rs block, c is replicated).
TEST(TrfdSample, FirstHalfCountsEveryProcessorsShareWithoutMessages)
{
  const auto e = underDirectives(trfd(), 22, 128);
  ASSERT_EQ(e.workPerProc.size(), 4u);
  for (double w : e.workPerProc)
    EXPECT_DOUBLE_EQ(w, 67897344.0);
  EXPECT_EQ(e.nt, 0);
  EXPECT_DOUBLE_EQ(e.wd, 0.0);
}

// Second half: sum over mi <= n, mj <= mi of mj * (n / 4) = (n / 4) * n(n+1)(n+2)/6.
// n = 128: 32 * 357,760 = 11,448,320. n = 40,000 (1.07e18 statement instances in
// all, far beyond enumeration): 10,000 * 40000 * 40001 * 40002 / 6.
TEST(TrfdSample, SecondHalfIsATetrahedronCountedInClosedForm)
{
  const auto program = trfd();
  EXPECT_DOUBLE_EQ(underDirectives(program, 39, 128).workMax, 11448320.0);
  const auto big = underDirectives(program, 39, 40000);
  const double expected = 10000.0 * (40000.0 * 40001.0 * 40002.0 / 6.0);
  ASSERT_EQ(big.workPerProc.size(), 4u);
  for (double w : big.workPerProc)
    EXPECT_NEAR(w, expected, expected * 1e-12);
}

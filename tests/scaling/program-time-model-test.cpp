// A program variant as a time model: W, Delta and T from the estimator, and
// the isospeed solution for a real loop nest (the Jacobi sample's sweep).
#include "scaling/isospeed.h"
#include "scaling/program-time-model.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace ps;

namespace {

std::unique_ptr<scaling::ProgramTimeModel> jacobi(const std::string& dist)
{
  auto parsed = fortran::parseFile(PS_SOURCE_DIR "/sampleprograms/jacobi.hpf", {});
  EXPECT_TRUE(parsed.parsed) << parsed.error;
  std::string error;
  auto spec = mapping::parseDistSpec(dist, &error);
  EXPECT_TRUE(spec) << error;
  auto machine = machine::findProfile("paragon", &error);
  return std::make_unique<scaling::ProgramTimeModel>(
      std::make_shared<const fortran::ParsedFile>(std::move(*parsed.parsed)),
      scaling::ProgramVariantSpec{"A", 28, {"A", spec}, "n", {}, 20}, *machine);
}

} // namespace

TEST(ProgramTimeModel, JacobiSweepWorkTimeAndScaledSize)
{
  auto m = jacobi("a,b=(BLOCK,BLOCK)");
  // b(i,j) = 0.25*(4 neighbours): 3 additions and 1 multiplication per point,
  // (n-2)^2 points: W(20) = 4*18^2.
  EXPECT_EQ(*m->work(20), 4 * 18 * 18);
  EXPECT_EQ(*m->work(21), 4 * 19 * 19);
  EXPECT_DOUBLE_EQ(*m->work(20.5), (4 * 18 * 18 + 4 * 19 * 19) / 2.0); // interpolated between whole n
  // Delta: the Paragon's 0.1 us per add or multiply plus 4 loads and 1 store
  // of 0.05 us, over 4 flops: (4*0.1 + 5*0.05)/4 us.
  ASSERT_TRUE(m->delta());
  EXPECT_NEAR(*m->delta(), (4 * 1e-7 + 5 * 5e-8) / 4, 1e-15);
  EXPECT_FALSE(m->time(4.5, 20));
  EXPECT_EQ(m->time(4.5, 20).error, "Variant A needs a whole processor count, not 4.5");
  EXPECT_EQ(m->mapping(4, 20), "a,b=(BLOCK,BLOCK) onto 2x2");

  const auto root = scaling::scaledWorkByRoot(*m, 4, 20, 8);
  const auto iter = scaling::scaledWorkIterative(*m, 4, 20, 8, 1e-2);
  ASSERT_TRUE(root.ok()) << root.error;
  ASSERT_TRUE(iter.ok()) << iter.error;
  EXPECT_NEAR(iter.wPrime / root.wPrime, 1, 1e-3); // both methods agree
  EXPECT_LT(root.psi, 1);
  // Eq. 2 on the estimator itself: T(p', n') equals T(p, n)/psi.
  EXPECT_NEAR(*m->time(8, root.nPrime) / root.time, 1, 1e-9);
  EXPECT_NEAR(*m->averageSpeed(8, root.nPrime) / *m->averageSpeed(4, 20), 1, 1e-9);
}

// At n = 10^5 the sweep's messages are 0.001 % of its time: the speed on 8
// comes within 1e-4 of the one on 4 and no size matches it exactly (BLOCK's
// rounding); the search ran down to n = 2 and failed there with "a time
// that is not positive" once sizes up to 2^30 were allowed.
TEST(ProgramTimeModel, ANegligibleOverheadSaysPsiIsAboutOne)
{
  auto m = jacobi("a,b=(BLOCK,BLOCK)");
  const auto root = scaling::scaledWorkByRoot(*m, 4, 100000, 8);
  ASSERT_FALSE(root.ok());
  EXPECT_EQ(root.error, "The average speed of model 'A' at p' = 8 stays within 0.1 % of the initial one at n = "
                        "100000, and no size matches it exactly: the overhead is a negligible share of the time, "
                        "psi is about 1 and not determined more closely");
}

TEST(ProgramTimeModel, ErrorsBecomeSentences)
{
  auto m = jacobi("zz=(BLOCK,BLOCK)");
  const auto t = m->time(4, 20);
  ASSERT_FALSE(t);
  EXPECT_NE(t.error.find("Variant A at p = 4, n = 20: "), std::string::npos) << t.error;
}

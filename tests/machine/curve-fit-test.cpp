#include "machine/curve-fit.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace ps::machine;

namespace {

/// A synthetic packetized curve: y = a0 + step * k + b * bytes for a
/// message needing k + 1 packets of `packet` bytes, sampled every `spacing`
/// bytes from `spacing` to `last`. The medians carry normal noise of
/// `relNoise` * y, and the spread says exactly that much (the fit's worst
/// case: a real median is less noisy than single calls).
struct Synthetic {
  double a0 = 10e-6, step = 5e-6, b = 1e-8;
  double packet = 1024, spacing = 32, last = 4096;
  double relNoise = 0.001;
  unsigned seed = 1;

  double exact(double bytes) const
  {
    const double packets = step > 0 ? std::ceil(bytes / packet) : 1;
    return a0 + step * (packets - 1) + b * bytes;
  }

  std::vector<TrainingPoint> points(const std::string& pattern = "vSR", int ranks = 4) const
  {
    std::mt19937 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::vector<TrainingPoint> out;
    for (double x = spacing; x <= last; x += spacing) {
      const double y = exact(x), sigma = relNoise * y;
      TrainingPoint p{pattern, ranks, 1, static_cast<std::int64_t>(x), y + sigma * normal(rng), 0, 0, 20};
      p.lowSeconds = p.medianSeconds - 0.6745 * sigma; // quartiles of the normal
      p.highSeconds = p.medianSeconds + 0.6745 * sigma;
      out.push_back(p);
    }
    return out;
  }
};

} // namespace

TEST(CurveFit, FindsThePacketStepsAndTheLinesBetweenThem)
{
  // up to 0.1 % noise per median the lines come back within 1 % (at 0.2 %
  // the intercept of the last segment, extrapolated over 3000 bytes, drifts
  // to ~1.5 %: a statistical limit, not the method's)
  for (double noise : {0.0, 0.0005, 0.001}) {
    for (unsigned seed = 1; seed <= 6; ++seed) {
      Synthetic syn;
      syn.relNoise = noise;
      syn.seed = seed;
      std::string error;
      const auto curves = fitCurves(syn.points(), &error);
      ASSERT_EQ(curves.size(), 1u) << error;
      const auto& c = curves.front();
      SCOPED_TRACE("noise " + std::to_string(noise) + " seed " + std::to_string(seed));
      ASSERT_EQ(c.segments.size(), 4u);
      for (int k = 0; k < 4; ++k) {
        const auto& s = c.segments[k];
        EXPECT_EQ(s.fromBytes, 1024.0 * k + 32) << k; // the first size needing k + 1 packets
        EXPECT_EQ(s.toBytes, 1024.0 * (k + 1)) << k;
        EXPECT_NEAR(s.a, syn.a0 + syn.step * k, 0.01 * (syn.a0 + syn.step * k)) << k;
        EXPECT_NEAR(s.b, syn.b, 0.01 * syn.b) << k;
      }
      EXPECT_EQ(c.packetBytes, 1024);
      EXPECT_EQ(c.pattern, "vSR");
      EXPECT_EQ(c.ranks, 4);
      EXPECT_LT(c.maxRelativeError, 4.5 * noise + 1e-12); // no point beyond ~4.5 sigma in 128 draws
      if (noise >= 0.001) { // the weights' floor (0.1 %) is below the noise: chi-square per dof near 1
        EXPECT_NEAR(c.chiSquarePerDof, 1.0, 0.4);
      }
    }
  }
}

TEST(CurveFit, BreaksSurviveHeavierNoise)
{
  for (double noise : {0.002, 0.005, 0.01, 0.02}) {
    for (unsigned seed = 1; seed <= 8; ++seed) {
      Synthetic syn;
      syn.relNoise = noise;
      syn.seed = seed;
      std::string error;
      const auto curves = fitCurves(syn.points(), &error);
      ASSERT_EQ(curves.size(), 1u) << error;
      SCOPED_TRACE("noise " + std::to_string(noise) + " seed " + std::to_string(seed));
      ASSERT_EQ(curves[0].segments.size(), 4u);
      for (int k = 0; k < 4; ++k)
        EXPECT_EQ(curves[0].segments[k].toBytes, 1024.0 * (k + 1)) << k;
      EXPECT_EQ(curves[0].packetBytes, 1024);
      EXPECT_NEAR(curves[0].segments[0].b, syn.b, 0.1 * syn.b); // 10 % at 2 % noise
    }
  }
}

TEST(CurveFit, OtherPacketSizesAndSampling)
{
  Synthetic syn;
  syn.packet = 512;
  syn.spacing = 16;
  syn.last = 2048;
  syn.step = 2e-6;
  syn.relNoise = 0.001;
  std::string error;
  const auto curves = fitCurves(syn.points("EXCH", 8), &error);
  ASSERT_EQ(curves.size(), 1u) << error;
  ASSERT_EQ(curves[0].segments.size(), 4u);
  EXPECT_EQ(curves[0].packetBytes, 512);
  EXPECT_EQ(curves[0].segments[1].fromBytes, 528);
  EXPECT_EQ(curves[0].segments[1].toBytes, 1024);
}

TEST(CurveFit, NoStepsGiveOneSegment)
{
  for (double noise : {0.0, 0.001, 0.003, 0.01}) {
    for (unsigned seed = 1; seed <= 8; ++seed) {
      Synthetic syn;
      syn.step = 0;
      syn.relNoise = noise;
      syn.seed = seed;
      std::string error;
      const auto curves = fitCurves(syn.points(), &error);
      ASSERT_EQ(curves.size(), 1u) << error;
      SCOPED_TRACE("noise " + std::to_string(noise) + " seed " + std::to_string(seed));
      ASSERT_EQ(curves[0].segments.size(), 1u);
      EXPECT_EQ(curves[0].packetBytes, 0);
      EXPECT_EQ(curves[0].segments[0].fromBytes, 32);
      EXPECT_EQ(curves[0].segments[0].toBytes, 4096);
    }
  }
}

TEST(CurveFit, ExactLineIsReproduced)
{
  std::vector<TrainingPoint> points;
  for (std::int64_t x : {0, 8, 64, 512, 4096}) // geometric sizes, no spread at all
  {
    const double y = 2e-6 + 1e-9 * static_cast<double>(x);
    points.push_back({"pingpong", 2, 1, x, y, y, y, 10});
  }
  std::string error;
  const auto curves = fitCurves(points, &error);
  ASSERT_EQ(curves.size(), 1u) << error;
  ASSERT_EQ(curves[0].segments.size(), 1u);
  EXPECT_NEAR(curves[0].segments[0].a, 2e-6, 1e-15);
  EXPECT_NEAR(curves[0].segments[0].b, 1e-9, 1e-18);
  EXPECT_NEAR(curves[0].chiSquarePerDof, 0, 1e-12);
  EXPECT_NEAR(curves[0].maxRelativeError, 0, 1e-9);
  EXPECT_NEAR(curves[0].seconds(1000), 3e-6, 1e-15);
}

TEST(CurveFit, SlopesAndInterceptsAreClampedToMonotoneSegments)
{
  // a falling line: b clamped to 0, a the (equally weighted) mean
  std::vector<TrainingPoint> falling;
  for (std::int64_t x : {100, 200, 300})
    falling.push_back({"BCAST", 4, 1, x, 4e-6 - 1e-9 * static_cast<double>(x), 0, 0, 10});
  std::string error;
  auto curves = fitCurves(falling, &error);
  ASSERT_EQ(curves.size(), 1u) << error;
  ASSERT_EQ(curves[0].segments.size(), 1u);
  EXPECT_EQ(curves[0].segments[0].b, 0);
  // floored weights 1/(1e-3 y)^2: the weighted mean of 3.9, 3.8, 3.7 us
  const double w[] = {1 / (3.9e-9 * 3.9e-9), 1 / (3.8e-9 * 3.8e-9), 1 / (3.7e-9 * 3.7e-9)};
  const double mean = (w[0] * 3.9e-6 + w[1] * 3.8e-6 + w[2] * 3.7e-6) / (w[0] + w[1] + w[2]);
  EXPECT_NEAR(curves[0].segments[0].a, mean, 1e-15);
  // a steep line far from 0 bytes keeps its negative intercept: clamping it
  // to 0 put a quick calibration's rendezvous segment 27% off its medians
  std::vector<TrainingPoint> steep;
  for (std::int64_t x : {1000, 2000, 3000})
    steep.push_back({"BCAST", 4, 1, x, -1e-6 + 2e-9 * static_cast<double>(x), 0, 0, 10});
  curves = fitCurves(steep, &error);
  ASSERT_EQ(curves.size(), 1u) << error;
  EXPECT_NEAR(curves[0].segments[0].a, -1e-6, 1e-12);
  EXPECT_NEAR(curves[0].segments[0].b, 2e-9, 1e-15);
  EXPECT_NEAR(curves[0].seconds(1000), 1e-6, 1e-12);
}

TEST(CurveFit, OneCurvePerGroupInPatternOrder)
{
  Synthetic syn;
  syn.step = 0;
  auto points = syn.points("COMBN", 8);
  const auto more = syn.points("iSR", 2);
  points.insert(points.end(), more.begin(), more.end());
  auto strided = syn.points("iSR", 2);
  for (auto& p : strided)
    p.strideElements = 4;
  points.insert(points.end(), strided.begin(), strided.end());
  std::string error;
  const auto curves = fitCurves(points, &error);
  ASSERT_EQ(curves.size(), 3u) << error;
  EXPECT_EQ(curves[0].pattern, "iSR");
  EXPECT_EQ(curves[0].strideElements, 1);
  EXPECT_EQ(curves[1].pattern, "iSR");
  EXPECT_EQ(curves[1].strideElements, 4);
  EXPECT_EQ(curves[2].pattern, "COMBN");
  EXPECT_EQ(curves[2].ranks, 8);
}

TEST(CurveFit, ErrorsAreOneSentence)
{
  std::string error;
  EXPECT_TRUE(fitCurves({}, &error).empty());
  EXPECT_EQ(error, "No training points to fit");

  const TrainingPoint good{"vSR", 4, 1, 1024, 1e-5, 0.9e-5, 1.1e-5, 20};
  auto one = good;
  EXPECT_TRUE(fitCurves({one}, &error).empty());
  EXPECT_EQ(error, "Pattern 'vSR' on 4 ranks (stride 1) has 1 measured size; a fit needs at least 2");

  auto zero = good;
  zero.bytes = 2048;
  zero.medianSeconds = 0;
  EXPECT_TRUE(fitCurves({good, zero}, &error).empty());
  EXPECT_EQ(error,
            "Training point of 'vSR' on 4 ranks (stride 1) at 2048 bytes has a time that is not positive and finite, 0 s");

  EXPECT_TRUE(fitCurves({good, good}, &error).empty());
  EXPECT_EQ(error, "Pattern 'vSR' on 4 ranks (stride 1) has the size 1024 bytes measured twice; points of two runs "
                   "are mixed");

  auto unknown = good;
  unknown.pattern = "SCATTER";
  EXPECT_TRUE(fitCurves({good, unknown}, &error).empty());
  EXPECT_EQ(error, "Training point has the unknown pattern 'SCATTER'; expected iSR, vSR, EXCH, BCAST, COMBN or pingpong");

  auto noRanks = good;
  noRanks.ranks = 0;
  EXPECT_TRUE(fitCurves({noRanks}, &error).empty());
  EXPECT_EQ(error, "Training point of 'vSR' on 0 ranks (stride 1) needs at least 1 rank and a stride of at least 1");

  auto inverted = good;
  inverted.lowSeconds = 2e-5;
  EXPECT_TRUE(fitCurves({inverted}, &error).empty());
  EXPECT_EQ(error, "Training point of 'vSR' on 4 ranks (stride 1) at 1024 bytes has a spread with its high below its low");
}

TEST(CurveFit, LogGridWithAProtocolSwitch)
{
  // what a real MPI ping-pong looks like: sizes 0, 1, 2, 4, ..., 4 MiB;
  // eager below 64 KiB (1.5 us + 1 ns/B), rendezvous above (10 us + 0.5 ns/B);
  // 3 % noise. The curve must stay within 25 % of every median (the
  // calibration test's bound) and be monotone.
  for (unsigned seed = 1; seed <= 6; ++seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<double> normal(0.0, 1.0);
    std::vector<TrainingPoint> points;
    for (std::int64_t x = 0; x <= (std::int64_t{4} << 20); x = x == 0 ? 1 : 2 * x) {
      const double bytes = static_cast<double>(x);
      const double y = x <= 65536 ? 1.5e-6 + 1e-9 * bytes : 10e-6 + 0.5e-9 * bytes, sigma = 0.03 * y;
      points.push_back({"pingpong", 2, 1, x, y + sigma * normal(rng), y - 0.6745 * sigma, y + 0.6745 * sigma, 20});
    }
    std::string error;
    const auto curves = fitCurves(points, &error);
    ASSERT_EQ(curves.size(), 1u) << error;
    const auto& c = curves[0];
    SCOPED_TRACE("seed " + std::to_string(seed));
    EXPECT_LT(c.maxRelativeError, 0.25);
    EXPECT_GE(c.segments.size(), 2u); // the switch is found
    EXPECT_LE(c.segments.size(), 4u);
    for (const auto& s : c.segments) {
      EXPECT_GE(s.a, 0);
      EXPECT_GE(s.b, 0);
    }
    EXPECT_NEAR(c.segments.back().b, 0.5e-9, 0.05e-9); // the bandwidth of large messages
  }
}

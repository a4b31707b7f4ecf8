#include "machine/calibrated-profile.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ps::machine;

namespace {

/// Noise-free points of y = a + b * bytes at sizes 0, 64, ..., 4032.
void addLine(TrainingRun& run, const std::string& pattern, int ranks, double a, double b)
{
  for (std::int64_t x = 0; x < 4096; x += 64) {
    const double y = a + b * static_cast<double>(x);
    run.points.push_back({pattern, ranks, 1, x, y, y, y, 10});
  }
}

TrainingRun sampleRun()
{
  TrainingRun run;
  run.host = "node7";
  run.mpiLibrary = "Open MPI v4.1.4";
  run.startedAt = "2026-11-24T20:00:00Z";
  run.ranks = 4;
  run.oversubscribed = true;
  run.quick = true;
  run.complete = true;
  addLine(run, "pingpong", 2, 1.5e-6, 2e-10);
  addLine(run, "EXCH", 4, 3e-6, 4e-10);
  run.operations = {{"add_sub", 1e-9}, {"mul", 1.5e-9}, {"div", 8e-9}, {"pow", 3e-8}, {"intrinsic", 2e-8},
                    {"load", 5e-10}, {"store", 0}, {"sqrt", 9e-9}, {"mul", 1.2e-9}};
  return run;
}

bool says(const MachineProfile& p, const std::string& part)
{
  return std::any_of(p.assumptions.begin(), p.assumptions.end(),
                     [&](const std::string& s) { return s.find(part) != std::string::npos; });
}

} // namespace

TEST(CalibratedProfile, BetaIsTheLargestMessagesRate)
{
  // a quick grid's ping-pong: 2 ns/B up to 8 bytes (noise), 0.15 ns/B from
  // 64 KiB to 1 MiB; beta is the bandwidth of the large messages
  auto run = sampleRun();
  std::erase_if(run.points, [](const TrainingPoint& p) { return p.pattern == "pingpong"; });
  for (std::int64_t x : {0, 4, 8})
    run.points.push_back({"pingpong", 2, 1, x, 1e-6 + 2e-9 * double(x), 0, 0, 10});
  for (std::int64_t x = 65536; x <= (1 << 20); x *= 2) {
    const double y = 5e-6 + 0.15e-9 * double(x);
    run.points.push_back({"pingpong", 2, 1, x, y, y, y, 10});
  }
  std::string error;
  const auto p = profileFromTraining(run, "lab", &error);
  ASSERT_TRUE(p) << error;
  EXPECT_NEAR(p->startup, 1e-6, 1e-9);
  EXPECT_NEAR(p->byteTime, 0.15e-9, 0.005e-9);
  EXPECT_TRUE(says(*p, "time per byte: the slope of its last sloped segment")) << p->assumptions.front();
}

TEST(CalibratedProfile, RhoBetaFromThePingPongAndOpsFromTheKernels)
{
  std::string error;
  const auto p = profileFromTraining(sampleRun(), "node7", &error);
  ASSERT_TRUE(p) << error;
  EXPECT_EQ(p->name, "node7");
  EXPECT_NEAR(p->startup, 1.5e-6, 1e-15);
  EXPECT_NEAR(p->byteTime, 2e-10, 1e-19);
  EXPECT_EQ(p->hopTime, 0);
  EXPECT_EQ(p->topology, "crossbar");
  EXPECT_EQ(p->defaultProcessors, 4);
  EXPECT_EQ(p->ops.addSub, 1e-9);
  EXPECT_EQ(p->ops.mul, 1.2e-9); // the last measurement wins
  EXPECT_EQ(p->ops.store, 1e-12); // below the timer's resolution
  ASSERT_EQ(p->curves.size(), 2u);
  EXPECT_EQ(p->curves[0].pattern, "EXCH");
  EXPECT_EQ(p->curves[1].pattern, "pingpong");
  EXPECT_EQ(p->title, "Calibrated on node7 (4 ranks, 2026-11-24T20:00:00Z)");
  EXPECT_EQ(p->source, "partscope-train on node7 with Open MPI v4.1.4, started 2026-11-24T20:00:00Z, 4 ranks, quick "
                       "mode, oversubscribed");
  EXPECT_TRUE(says(*p, "oversubscribed"));
  EXPECT_TRUE(says(*p, "Quick mode"));
  EXPECT_TRUE(says(*p, "Hop time 0"));
  EXPECT_TRUE(says(*p, "Operation 'store' measured no time"));
  EXPECT_TRUE(says(*p, "Measured but not used by the operation costs: 'sqrt'"));
  EXPECT_FALSE(says(*p, "interrupted"));
  // it is a valid profile that survives the file format
  const auto back = profileFromJson(profileToJson(*p), &error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->assumptions, p->assumptions);
}

TEST(CalibratedProfile, MissingPiecesAreClearErrors)
{
  std::string error;
  auto run = sampleRun();
  run.operations.erase(run.operations.begin() + 3); // pow
  EXPECT_FALSE(profileFromTraining(run, "x", &error));
  EXPECT_EQ(error, "Training run has no measurement of the operation 'pow'");

  run = sampleRun();
  std::erase_if(run.points, [](const TrainingPoint& t) { return t.pattern == "pingpong"; });
  EXPECT_FALSE(profileFromTraining(run, "x", &error));
  EXPECT_EQ(error,
            "Training run has no contiguous 'pingpong' points; the startup time and time per byte cannot be fitted");

  run = sampleRun();
  run.points.clear();
  EXPECT_FALSE(profileFromTraining(run, "x", &error));
  EXPECT_EQ(error, "No training points to fit");

  run = sampleRun();
  run.operations[4].seconds = 2; // an intrinsic of 2 s: the profile's bound
  EXPECT_FALSE(profileFromTraining(run, "x", &error));
  EXPECT_EQ(error, "The calibrated profile is not valid: Machine profile field 'op_costs_s.intrinsic' must be at most "
                   "1 (second per operation), got 2");

  run = sampleRun();
  run.complete = false;
  const auto p = profileFromTraining(run, "x", &error);
  ASSERT_TRUE(p) << error;
  EXPECT_TRUE(says(*p, "interrupted"));
}

// A SimGrid run measures no operation costs: they are the simulated
// profile's, and title, source and assumptions say it was simulated.
TEST(CalibratedProfile, SimulatedRunTakesTheSimulatedProfilesOperations)
{
  auto run = sampleRun();
  run.simulated = true;
  run.oversubscribed = false;
  run.operations.clear();
  MachineProfile source;
  source.name = "lab";
  source.ops = {1e-9, 2e-9, 3e-9, 4e-9, 5e-9, 6e-10, 7e-10};
  source.cacheLineBytes = 32;
  source.cacheBytes = 8192;
  std::string error;
  EXPECT_FALSE(profileFromTraining(run, "sim", &error));
  EXPECT_EQ(error, "The simulated training run measured no operation costs; name the profile it simulated");
  const auto p = profileFromTraining(run, "sim", &error, &source);
  ASSERT_TRUE(p) << error;
  EXPECT_NEAR(p->startup, 1.5e-6, 1e-15); // the fit, as for a real run
  EXPECT_NEAR(p->byteTime, 2e-10, 1e-19);
  EXPECT_EQ(p->ops.addSub, 1e-9);
  EXPECT_EQ(p->ops.div, 3e-9);
  EXPECT_EQ(p->ops.store, 7e-10);
  EXPECT_EQ(p->title, "Simulated from 'lab' (4 ranks, 2026-11-24T20:00:00Z)");
  EXPECT_EQ(p->source, "partscope-train-smpi under SimGrid (Open MPI v4.1.4) on a platform generated from machine "
                       "profile 'lab', started 2026-11-24T20:00:00Z, 4 ranks, quick mode");
  EXPECT_EQ(p->cacheLineBytes, 32); // the simulated machine's cache, not the default
  EXPECT_EQ(p->cacheBytes, 8192);
  EXPECT_TRUE(says(*p, "Operation costs and cache not measured (a simulated run): those of machine profile 'lab'"));
  EXPECT_FALSE(says(*p, "Cache not given"));
  EXPECT_TRUE(says(*p, "measured through the simulated network"));
  EXPECT_FALSE(says(*p, "Measured but not used"));
}

#include "machine/calibration-runner.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sys/stat.h>

using namespace ps::machine;

namespace {

CalibrationRequest request(int ranks, int cores)
{
  CalibrationRequest r;
  r.trainProgram = "/opt/ps/partscope-train";
  r.ranks = ranks;
  r.cores = cores;
  r.asRoot = false;
  return r;
}

std::vector<std::string> argvOf(const CalibrationRequest& r)
{
  std::string error;
  const auto c = calibrationCommand(r, &error);
  EXPECT_TRUE(c) << error;
  return c ? c->argv : std::vector<std::string>{};
}

using Argv = std::vector<std::string>;

/// An executable shell script in the test's temporary folder, named after
/// the test too: ctest runs these tests in parallel, and rewriting a script
/// another test is running fails with "Text file busy".
std::string script(const std::string& name, const std::string& body)
{
  const auto path = testing::TempDir() + testing::UnitTest::GetInstance()->current_test_info()->name() + "-" + name;
  std::ofstream(path) << "#!/bin/sh\n" << body;
  chmod(path.c_str(), 0755);
  return path;
}

/// A launcher that drops "-n N" and runs the rest, like mpirun with one rank.
std::string fakeLauncher() { return script("fake-mpirun", "shift 2\nexec \"$@\"\n"); }

const char* kHeaderLine =
    R"({"kind":"header","host":"h","mpi_library":"m","started_at":"t","ranks":2,"oversubscribed":false,"quick":true})";
const char* kPointLine =
    R"({"kind":"point","pattern":"vSR","ranks":2,"stride_elements":1,"bytes":8,"median_s":1e-06,"low_s":1e-06,"high_s":1e-06,"repetitions":3})";

} // namespace

TEST(CalibrationRunner, LocalMpirunWithinTheCores)
{
  EXPECT_EQ(argvOf(request(2, 2)), (Argv{"mpirun", "-n", "2", "/opt/ps/partscope-train"}));
  auto r = request(2, 2);
  r.quick = true;
  r.maxBytes = 4096;
  r.patterns = "vSR,EXCH";
  EXPECT_EQ(argvOf(r), (Argv{"mpirun", "-n", "2", "/opt/ps/partscope-train", "--quick", "--max-bytes", "4096",
                             "--patterns", "vSR,EXCH"}));
}

TEST(CalibrationRunner, MoreRanksThanCoresOversubscribesAndRecordsIt)
{
  std::string error;
  const auto c = calibrationCommand(request(4, 2), &error);
  ASSERT_TRUE(c) << error;
  EXPECT_TRUE(c->oversubscribed);
  EXPECT_EQ(c->argv, (Argv{"mpirun", "-n", "4", "--oversubscribe", "/opt/ps/partscope-train", "--oversubscribed"}));
  auto r = request(4, 2);
  r.launcher = "/usr/bin/mpiexec";
  EXPECT_EQ(argvOf(r).at(3), "--oversubscribe");
}

TEST(CalibrationRunner, HostfileAndPrefixesGoToTheLauncher)
{
  auto r = request(8, 2);
  r.hostfile = "/etc/hosts.mpi";
  // Remote ranks: the local cores say nothing about oversubscription.
  EXPECT_EQ(argvOf(r), (Argv{"mpirun", "-n", "8", "--hostfile", "/etc/hosts.mpi", "/opt/ps/partscope-train"}));
  r.hostfile.clear();
  r.launcher = "mpirun -H a,b";
  EXPECT_EQ(argvOf(r), (Argv{"mpirun", "-H", "a,b", "-n", "8", "/opt/ps/partscope-train"}));
  r.launcher = "  srun  --mpi=pmix ";
  EXPECT_EQ(argvOf(r), (Argv{"srun", "--mpi=pmix", "-n", "8", "/opt/ps/partscope-train"}));
}

TEST(CalibrationRunner, RootGetsOpenMpisPermission)
{
  auto r = request(2, 2);
  std::string error;
  EXPECT_TRUE(calibrationCommand(r, &error)->environment.empty());
  r.asRoot = true;
  EXPECT_EQ(calibrationCommand(r, &error)->environment,
            (Argv{"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"}));
}

TEST(CalibrationRunner, BadRequestsAreErrors)
{
  std::string error;
  EXPECT_FALSE(calibrationCommand(request(1, 2), &error));
  EXPECT_EQ(error, "The training set needs at least 2 ranks");
  auto r = request(2, 2);
  r.launcher = " ";
  EXPECT_FALSE(calibrationCommand(r, &error));
  EXPECT_EQ(error, "The MPI launcher command is empty");
  r.launcher = "srun";
  r.hostfile = "hosts";
  EXPECT_FALSE(calibrationCommand(r, &error));
  EXPECT_EQ(error, "A hostfile needs an mpirun launcher, not 'srun'");
  // 32 ranks on 2 cores still run; 33 would measure the scheduler; a hostfile lifts the bound
  EXPECT_TRUE(calibrationCommand(request(32, 2), &error)) << error;
  EXPECT_FALSE(calibrationCommand(request(100000, 2), &error));
  EXPECT_EQ(error, "--ranks 100000 would start that many processes on this machine's 2 cores (at most 32 here); "
                   "give a hostfile or an --mpirun launcher to use a cluster");
  r = request(100000, 2);
  r.hostfile = "hosts";
  EXPECT_TRUE(calibrationCommand(r, &error)) << error;
}

TEST(CalibrationRunner, ProgressLines)
{
  const auto p = progressFromLine("progress 12/96 vSR 4 ranks 65536 B");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->done, 12);
  EXPECT_EQ(p->total, 96);
  EXPECT_EQ(p->text, "vSR 4 ranks 65536 B");
  EXPECT_FALSE(progressFromLine("progress twelve"));
  EXPECT_FALSE(progressFromLine("progress 5/4 more done than planned"));
  EXPECT_FALSE(progressFromLine("progress 0/0 nothing to do"));
  EXPECT_FALSE(progressFromLine("[node:123] mpirun noise"));
}

TEST(CalibrationRunner, RunReadsOutputAndProgress)
{
  auto r = request(2, 2);
  r.launcher = fakeLauncher();
  r.trainProgram = script("fake-train-ok", std::string("echo 'progress 1/2 basic operations' >&2\n") + "echo '" +
                                               kHeaderLine + "'\necho 'progress 2/2 vSR 2 ranks 8 B' >&2\necho '" +
                                               kPointLine + "'\necho '{\"kind\":\"end\"}'\n");
  std::vector<int> done;
  const auto result = runCalibration(r, [&](const CalibrationProgress& p) { done.push_back(p.done); }, nullptr);
  EXPECT_EQ(result.error, "");
  ASSERT_TRUE(result.run);
  EXPECT_TRUE(result.run->complete);
  EXPECT_EQ(result.run->points.size(), 1u);
  EXPECT_EQ(done, (std::vector<int>{1, 2}));
}

TEST(CalibrationRunner, FailuresSayWhatWentWrongAndKeepThePoints)
{
  auto r = request(2, 2);
  r.launcher = "no-such-mpirun-here";
  auto result = runCalibration(r, {}, nullptr);
  EXPECT_EQ(result.error,
            "Cannot find 'no-such-mpirun-here' on PATH; install OpenMPI (openmpi-bin) or name the launcher with --mpirun");
  r.launcher = fakeLauncher();
  r.trainProgram = script("fake-train-fails", std::string("echo '") + kHeaderLine + "'\necho '" + kPointLine +
                                                  "'\necho 'partscope-train: Out of memory' >&2\nexit 3\n");
  result = runCalibration(r, {}, nullptr);
  EXPECT_EQ(result.error, "The training set failed with exit status 3: Out of memory");
  ASSERT_TRUE(result.run);
  EXPECT_FALSE(result.run->complete);
  EXPECT_EQ(result.run->points.size(), 1u);
  r.trainProgram = script("fake-train-hangs", std::string("echo '") + kHeaderLine + "'\nsleep 30\n");
  r.timeoutSeconds = 0.5;
  result = runCalibration(r, {}, nullptr);
  EXPECT_EQ(result.error, "The training set did not finish within 0.5 s");
  ASSERT_TRUE(result.run);
  EXPECT_FALSE(result.run->complete);
}

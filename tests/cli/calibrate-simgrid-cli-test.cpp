// `partscope-cli calibrate --simgrid` refuses clearly before running anything:
// a conflicting launcher, an unknown machine, smpirun or the simulated
// training set missing. (The simulated calibration itself, which takes
// seconds, is in calibrate-simgrid-test.cpp.)
#include "cli-run.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>

namespace fs = std::filesystem;

namespace {

/// Runs partscope-cli with `environment` ("NAME=value ..." or empty) in front.
ps::test::Run cliWith(const std::string& environment, const std::string& args)
{
  return ps::test::runCommand("env " + environment + " " + PS_CLI_PATH + " " + args);
}

/// A folder of this test's own (tests run in parallel), removed at the end.
class OwnFolder {
public:
  OwnFolder()
  {
    std::string pattern = (fs::temp_directory_path() / "ps-calibrate-simgrid-cli-XXXXXX").string();
    if (mkdtemp(pattern.data()))
      m_path = pattern;
  }
  ~OwnFolder() { fs::remove_all(m_path); }
  std::string operator/(const std::string& name) const { return m_path + "/" + name; }
  const std::string& path() const { return m_path; }

private:
  std::string m_path;
};

} // namespace

TEST(CalibrateSimgridCli, ConflictsWithMpirunAndHostfile)
{
  OwnFolder folder;
  std::ofstream(folder / "hosts") << "localhost\n";
  auto r = cliWith("", "calibrate --simgrid teaching --mpirun srun --name s --db " + (folder / "db.sqlite"));
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(r.out.rfind("--mpirun excludes --simgrid\n", 0), 0u) << r.out; // CLI11's words
  r = cliWith("", "calibrate --simgrid teaching --hostfile " + (folder / "hosts") + " --name s --db " +
                      (folder / "db.sqlite"));
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(r.out.rfind("--hostfile excludes --simgrid\n", 0), 0u) << r.out;
  EXPECT_EQ(r.out.find("progress"), std::string::npos) << r.out;
}

TEST(CalibrateSimgridCli, UnknownMachineIsAUsageError)
{
  OwnFolder folder;
  const auto r = cliWith("", "calibrate --simgrid nosuch --name s --db " + (folder / "db.sqlite"));
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(r.out.rfind("partscope-cli calibrate: Unknown machine 'nosuch'; built-in profiles are ", 0), 0u) << r.out;
}

TEST(CalibrateSimgridCli, EmptyMachineIsAUsageErrorNotARealRun)
{
  OwnFolder folder; // '--simgrid ""' used to fall back to a real calibration under mpirun
  const auto r = cliWith("", "calibrate --simgrid '' --name s --db " + (folder / "db.sqlite"));
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_EQ(r.out.rfind("--simgrid: needs a machine profile, got an empty value\n", 0), 0u) << r.out;
  EXPECT_FALSE(fs::exists(folder / "db.sqlite"));
}

TEST(CalibrateSimgridCli, MissingSmpirunNamesThePackage)
{
  OwnFolder folder; // an empty PATH: no smpirun
  const auto r = cliWith("PATH=" + folder.path(), "calibrate --simgrid teaching --name s --db " + (folder / "db.sqlite"));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_EQ(r.out, "partscope-cli calibrate: 'smpirun' is not on PATH; install SimGrid (Debian package "
                   "libsimgrid-dev) or leave out --simgrid\n");
}

TEST(CalibrateSimgridCli, MissingSimulatedTrainingSetNamesTheTarget)
{
  OwnFolder folder; // a stand-in smpirun on PATH, so this runs without SimGrid too
  std::ofstream(folder / "smpirun") << "#!/bin/sh\nexit 0\n";
  chmod((folder / "smpirun").c_str(), 0755);
  const auto missing = folder / "partscope-train-smpi";
  const auto r = cliWith("PATH=" + folder.path() + ":/usr/bin:/bin PARTSCOPE_TRAIN_SMPI=" + missing,
                         "calibrate --simgrid teaching --name s --db " + (folder / "db.sqlite"));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_EQ(r.out, "partscope-cli calibrate: Cannot find the simulated training set '" + missing +
                       "'; build the target 'partscope-train-smpi' (it needs SimGrid's smpicxx, Debian package "
                       "libsimgrid-dev)\n");
}

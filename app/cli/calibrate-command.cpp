#include "calibrate-command.h"

#include "machine/calibrated-profile.h"
#include "machine/calibration-runner.h"
#include "machine/machine-lookup.h"
#include "machine/machine-profile.h"
#include "machine/profile-store.h"
#include "machine/simulated-training.h"
#include "machine/training-data.h"
#include "support/temp-folder.h"
#include "profile/child-process.h"

#include "source-options.h"
#include "stop-signals.h"

#include <filesystem>
#include <iostream>
#include <map>
#include <unistd.h>

namespace ps::cli {
namespace {

/// The training set `name` (partscope-train, partscope-train-smpi): the
/// environment variable `variable` when set, else beside this executable
/// (the build tree's app/ folder), else on PATH.
std::string trainProgram(const std::string& name, const char* variable)
{
  if (const char* given = std::getenv(variable); given && *given)
    return given;
  std::string self(4096, '\0');
  const auto length = readlink("/proc/self/exe", self.data(), self.size() - 1);
  if (length > 0) {
    self.resize(std::size_t(length));
    const auto beside = self.substr(0, self.find_last_of('/') + 1) + name;
    if (access(beside.c_str(), X_OK) == 0)
      return beside;
  }
  return profile::findProgram(name).value_or(name);
}

machine::CalibrationRequest requestOf(const CalibrateOptions& o, const std::string& program)
{
  machine::CalibrationRequest r;
  r.trainProgram = program;
  r.ranks = o.ranks;
  r.quick = o.quick;
  r.launcher = o.mpirun;
  r.hostfile = o.hostfile;
  r.maxBytes = o.maxBytes;
  r.patterns = o.patterns;
  r.outputPath = o.raw;
  r.timeoutSeconds = o.timeout;
  return r;
}

void printProgress(const machine::CalibrationProgress& p)
{
  std::cerr << "progress " << p.done << "/" << p.total << " " << p.text << "\n" << std::flush;
}

/// A name the store would refuse after the measurements or a store that
/// cannot be opened is refused before them: a full run takes minutes.
bool checkTarget(const CalibrateOptions& o, std::string* error)
{
  return machine::checkStoredName(o.name, error) &&
         machine::ProfileStore::open(machine::storePath(o.db), error).has_value();
}

/// What was measured, on stdout.
void printSummary(const machine::TrainingRun& run, const CalibrateOptions& o)
{
  std::map<std::string, int> points;
  for (const auto& p : run.points)
    ++points[p.pattern];
  std::cout << "calibration '" << o.name << "' on " << run.host << " (" << run.mpiLibrary << "), " << run.ranks
            << " ranks" << (run.oversubscribed ? ", oversubscribed" : "") << (run.quick ? ", quick" : "")
            << (run.complete ? "" : ", interrupted") << "\n";
  for (const auto& [pattern, count] : points)
    std::cout << "  " << pattern << ": " << count << " points\n";
  for (const auto& op : run.operations)
    std::cout << "  " << op.operation << ": " << op.seconds * 1e9 << " ns\n";
}

/// The end of `calibrate`: the raw points and operations go into the store
/// (also of an interrupted run, so nothing measured is lost), then a complete
/// run is fitted (Balasundaram et al. 1991, Sec. 5: chi-square per linear
/// segment) and stored as the calibrated profile `o.name`. False with `error`
/// when the store refuses or the fit fails (the raw data is kept then too).
/// A simulated run's op costs and source come from `simulated`, the profile
/// its platform was generated from.
bool finishCalibration(const machine::TrainingRun& run, const CalibrateOptions& o,
                       const machine::MachineProfile* simulated, std::string* error)
{
  printSummary(run, o);
  const auto path = machine::storePath(o.db);
  auto store = machine::ProfileStore::open(path, error);
  if (!store)
    return false;
  const auto runId = store->beginRun(o.name, run, error);
  if (!runId || !store->addPoints(*runId, run.points, error))
    return false;
  for (const auto& op : run.operations)
    if (!store->addOperation(*runId, op, error))
      return false;
  if (!run.complete)
    return true; // the caller reports the interruption; the raw data is stored
  const auto profile = machine::profileFromTraining(run, o.name, error, simulated);
  std::string replaced; // a profile of that name is replaced: say which, as machines --import does
  if (const auto listed = store->machines(error))
    for (const auto& m : *listed)
      if (m.name == o.name)
        replaced = " (replacing the " + m.origin + " profile of " + m.createdAt + ")";
  if (!profile || !store->finishRun(*runId, machine::profileToJson(*profile), profile->curves, error))
    return false;
  std::cout << "stored profile '" << o.name << "' in " << path << replaced << ": rho " << profile->startup * 1e6
            << " us, beta " << profile->byteTime * 1e9 << " ns/B, " << profile->curves.size() << " fitted curves\n";
  return true;
}

/// A check of --patterns before the training set starts (it would refuse
/// an unknown name only after mpirun has launched every rank).
CLI::Validator trainingPatterns()
{
  return CLI::Validator(
      [](std::string& text) -> std::string {
        std::size_t from = 0;
        int named = 0;
        while (from <= text.size()) {
          const auto to = std::min(text.find(',', from), text.size());
          const auto name = text.substr(from, to - from);
          if (!name.empty() && !machine::isTrainingPattern(name))
            return "Unknown pattern '" + name + "' (known: iSR, vSR, EXCH, BCAST, COMBN, pingpong)";
          named += name.empty() ? 0 : 1;
          from = to + 1;
        }
        return named == 0 ? "needs at least one pattern, got an empty list" : std::string();
      },
      "LIST");
}

/// Prints `error` as calibrate's; `status` 2 for usage errors, 1 for a failed run or missing tool.
int complain(const std::string& error, int status = 2)
{
  std::cerr << "partscope-cli calibrate: " << error << "\n";
  return status;
}

/// Runs `request`, then fits and stores (finishCalibration); the exit status.
int calibrateWith(const machine::CalibrationRequest& request, const CalibrateOptions& o,
                  const machine::MachineProfile* simulated)
{
  std::string error;
  const auto result = machine::runCalibration(request, printProgress, stopOnSignals());
  if (result.run && !finishCalibration(*result.run, o, simulated, &error))
    return complain(error, 1);
  if (!result.error.empty()) {
    std::cerr << "partscope-cli calibrate: " << result.error
              << (result.run ? " (the points measured so far are kept in the profile store)" : "") << "\n";
    return result.command.argv.empty() ? 2 : 1;
  }
  return 0;
}

/// calibrate --simgrid: partscope-train-smpi under smpirun, in a private
/// folder holding the platform generated from the named profile.
int calibrateSimulated(const CalibrateOptions& o)
{
  std::string error;
  const auto machine = machine::findMachine(o.simgrid, machine::storePath(o.db), &error);
  if (!machine)
    return complain(error);
  if (!profile::findProgram("smpirun"))
    return complain("'smpirun' is not on PATH; install SimGrid (Debian package libsimgrid-dev) or leave out --simgrid", 1);
  auto request = requestOf(o, trainProgram("partscope-train-smpi", "PARTSCOPE_TRAIN_SMPI"));
  if (access(request.trainProgram.c_str(), X_OK) != 0)
    return complain("Cannot find the simulated training set '" + request.trainProgram +
                      "'; build the target 'partscope-train-smpi' (it needs SimGrid's smpicxx, Debian package "
                      "libsimgrid-dev)", 1);
  const TempFolder folder("partscope-calibrate-simgrid");
  if (folder.path().empty())
    return complain("Cannot create a temporary folder for the SimGrid platform", 1);
  const auto launcher = machine::writeSimulatedLauncher(*machine, o.ranks, folder.path().string(), &error);
  if (!launcher)
    return complain(error);
  for (const auto& note : launcher->approximations)
    std::cout << "note: " << note << "\n";
  request.launcher = launcher->launcher;
  request.folder = folder.path().string();
  if (!o.raw.empty()) // the run's folder is the temporary one: --raw names a file where the user is
    request.outputPath = std::filesystem::absolute(o.raw).string();
  return calibrateWith(request, o, &*machine);
}

} // namespace

CLI::App* addCalibrateCommand(CLI::App& app, CalibrateOptions& o)
{
  auto* cmd = app.add_subcommand(
      "calibrate", "Run the MPI training set on this machine (or under SimGrid: --simgrid): communication patterns "
                   "and basic operation costs");
  cmd->add_option("--name", o.name, "Name of the new machine profile")->required();
  cmd->add_option("--ranks", o.ranks, "MPI ranks (default 2; more than the cores adds --oversubscribe)")
      ->check(CLI::Range(2, 1 << 20));
  cmd->add_flag("--quick", o.quick, "Quick mode: fewer sizes and repetitions, under a minute on 2 ranks");
  auto* mpirun =
      cmd->add_option("--mpirun", o.mpirun, "The MPI launcher command (default mpirun), e.g. 'srun' or 'mpirun -H a,b'");
  auto* hostfile = cmd->add_option("--hostfile", o.hostfile, "Hostfile for mpirun")->check(CLI::ExistingFile);
  cmd->add_option("--simgrid", o.simgrid,
                  "Calibrate a simulated machine: run the training set under SimGrid (smpirun) on the platform "
                  "generated from this machine profile (name or JSON file)")
      ->check(notEmpty("a machine profile"))
      ->excludes(mpirun)
      ->excludes(hostfile);
  cmd->add_option("--db", o.db, "Profile database (default: $PARTSCOPE_DB or the user's data folder)");
  cmd->add_option("--raw", o.raw, "Write the raw measurements here as JSON lines while they are measured")
      ->check(CLI::Validator(
          [](std::string& path) -> std::string {
            // they are read back from it: a folder threw, a device (/dev/full) read zeros without end
            std::error_code error;
            const auto status = std::filesystem::status(path, error);
            if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
              return "needs a file to write (it is read back), got '" + path + "', which is not a regular file";
            return path.empty() ? "needs a file name, got an empty value" : std::string();
          },
          "FILE"));
  cmd->add_option("--timeout", o.timeout, "Stop the training set after this many seconds (default: no limit)")
      ->check(greaterThanZero("a number of seconds"));
  cmd->add_option("--max-bytes", o.maxBytes,
                  "Largest message in bytes (default 8 MiB, quick 1 MiB; at least 8, at most 1 GiB)")
      ->check(CLI::Range(machine::kMinCalibrationBytes, std::int64_t{1} << 30));
  cmd->add_option("--patterns", o.patterns, "Comma-separated patterns (default: iSR,vSR,EXCH,BCAST,COMBN,pingpong)")
      ->check(trainingPatterns());
  return cmd;
}

int runCalibrate(const CalibrateOptions& o)
{
  std::string error;
  if (!checkTarget(o, &error))
    return complain(error);
  if (!o.simgrid.empty())
    return calibrateSimulated(o);
  return calibrateWith(requestOf(o, trainProgram("partscope-train", "PARTSCOPE_TRAIN")), o, nullptr);
}

} // namespace ps::cli

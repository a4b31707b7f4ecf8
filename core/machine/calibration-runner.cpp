#include "machine/calibration-runner.h"

#include "machine/training-output.h"
#include "profile/child-process.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace ps::machine {
namespace {

std::vector<std::string> wordsOf(const std::string& text)
{
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;)
    words.push_back(w);
  return words;
}

bool isMpirunLike(const std::string& program)
{
  const auto name = program.substr(program.find_last_of('/') + 1);
  return name == "mpirun" || name == "mpiexec" || name == "orterun";
}

void addProgram(const CalibrationRequest& r, CalibrationCommand& c)
{
  c.argv.push_back(r.trainProgram);
  if (r.quick)
    c.argv.push_back("--quick");
  if (r.maxBytes > 0)
    c.argv.insert(c.argv.end(), {"--max-bytes", std::to_string(r.maxBytes)});
  if (!r.patterns.empty())
    c.argv.insert(c.argv.end(), {"--patterns", r.patterns});
  if (c.oversubscribed)
    c.argv.push_back("--oversubscribed");
}

/// A temporary file's path (created empty); empty when none can be made.
std::string temporaryFile(const char* stem)
{
  std::error_code ec; // TMPDIR as the other temporary files (support/temp-folder.h)
  const auto folder = std::filesystem::temp_directory_path(ec);
  std::string path = ((ec ? std::filesystem::path("/tmp") : folder) / (std::string(stem) + "-XXXXXX")).string();
  const int fd = mkstemp(path.data());
  if (fd < 0)
    return {};
  close(fd);
  return path;
}

/// Follows the training set's stderr file: progress lines go to the
/// callback, the others are kept for the error message.
class StderrTail {
public:
  explicit StderrTail(std::string path) : m_path(std::move(path)) {}

  void poll(const std::function<void(const CalibrationProgress&)>& progress)
  {
    std::ifstream in(m_path, std::ios::binary);
    in.seekg(std::streamoff(m_offset));
    std::string chunk((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    m_offset += chunk.size();
    m_partial += chunk;
    for (auto end = m_partial.find('\n'); end != std::string::npos; end = m_partial.find('\n')) {
      const auto line = m_partial.substr(0, end);
      m_partial.erase(0, end + 1);
      if (const auto p = progressFromLine(line)) {
        if (progress)
          progress(*p);
      } else if (line.find_first_not_of(" -\t\r") != std::string::npos && m_other.size() < 200) {
        m_other.push_back(line);
      }
    }
  }

  /// The line that best says what went wrong: the training set's own
  /// message, else the first meaningful line (mpirun's banners start with it).
  std::string reason() const
  {
    for (const auto& line : m_other)
      if (line.rfind("partscope-train: ", 0) == 0)
        return line.substr(17);
    return m_other.empty() ? std::string() : m_other.front();
  }

private:
  std::string m_path, m_partial;
  std::size_t m_offset = 0;
  std::vector<std::string> m_other;
};

profile::ChildResult runWatched(const profile::ChildRequest& child, StderrTail& tail,
                                const std::function<void(const CalibrationProgress&)>& progress)
{
  profile::ChildResult result;
  std::atomic<bool> finished = false;
  std::thread worker([&] {
    result = profile::runChild(child);
    finished = true;
  });
  while (!finished) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    tail.poll(progress);
  }
  worker.join();
  tail.poll(progress);
  return result;
}

std::string outcomeError(const profile::ChildResult& r, const CalibrationRequest& request, const StderrTail& tail)
{
  using Outcome = profile::ChildResult::Outcome;
  const auto reason = tail.reason();
  const auto because = reason.empty() ? std::string() : ": " + reason;
  switch (r.outcome) {
  case Outcome::NotStarted:
    return r.error;
  case Outcome::TimedOut:
  {
    std::ostringstream limit;
    limit << request.timeoutSeconds;
    return "The training set did not finish within " + limit.str() + " s";
  }
  case Outcome::Cancelled:
    return "The calibration was cancelled";
  case Outcome::Signalled:
    return "The training set was killed by signal " + std::to_string(r.code) + because;
  case Outcome::Exited:
    return r.code == 0 ? std::string() : "The training set failed with exit status " + std::to_string(r.code) + because;
  }
  return {};
}

/// Reads what the run wrote; sets `error` when there is no problem yet but
/// the output is unreadable or incomplete.
std::optional<TrainingRun> readOutput(const std::string& path, std::string& error)
{
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::string problem;
  auto run = trainingRunFromJsonLines(text, &problem);
  if (error.empty() && !run)
    error = problem;
  else if (error.empty() && !run->complete)
    error = "The training set stopped before its end line";
  return run;
}

std::optional<std::string> missingProgram(const CalibrationCommand& c, const CalibrationRequest& r)
{
  if (!profile::findProgram(c.argv.front()))
    return "Cannot find '" + c.argv.front() + "' on PATH; install OpenMPI (openmpi-bin) or name the launcher with --mpirun";
  if (access(r.trainProgram.c_str(), X_OK) != 0)
    return "Cannot find the training set program '" + r.trainProgram + "'";
  return std::nullopt;
}

} // namespace

std::optional<CalibrationCommand> calibrationCommand(const CalibrationRequest& r, std::string* error)
{
  const auto launcher = wordsOf(r.launcher);
  const auto fail = [&](const std::string& why) {
    if (error)
      *error = why;
    return std::nullopt;
  };
  if (r.ranks < 2)
    return fail("The training set needs at least 2 ranks");
  if (launcher.empty())
    return fail("The MPI launcher command is empty");
  const bool mpirun = isMpirunLike(launcher.front());
  if (!r.hostfile.empty() && !mpirun)
    return fail("A hostfile needs an mpirun launcher, not '" + launcher.front() + "'");
  CalibrationCommand c;
  c.argv = launcher;
  c.argv.insert(c.argv.end(), {"-n", std::to_string(r.ranks)});
  const int cores = r.cores > 0 ? r.cores : int(std::max(1u, std::thread::hardware_concurrency()));
  c.oversubscribed = mpirun && launcher.size() == 1 && r.hostfile.empty() && r.ranks > cores;
  if (c.oversubscribed && r.ranks > kMaxRanksPerCore * cores) // 100000 ranks on a laptop: a fork storm, not a run
    return fail("--ranks " + std::to_string(r.ranks) + " would start that many processes on this machine's " +
                std::to_string(cores) + " cores (at most " + std::to_string(kMaxRanksPerCore * cores) +
                " here); give a hostfile or an --mpirun launcher to use a cluster");
  if (c.oversubscribed)
    c.argv.push_back("--oversubscribe");
  if (!r.hostfile.empty())
    c.argv.insert(c.argv.end(), {"--hostfile", r.hostfile});
  addProgram(r, c);
  if (r.asRoot.value_or(geteuid() == 0))
    c.environment = {"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"};
  return c;
}

std::optional<CalibrationProgress> progressFromLine(const std::string& line)
{
  int done = 0, total = 0, used = 0;
  if (line.rfind("progress ", 0) != 0 || std::sscanf(line.c_str(), "progress %d/%d%n", &done, &total, &used) != 2)
    return std::nullopt;
  if (done < 0 || total < done || total == 0)
    return std::nullopt;
  const auto text = line.substr(std::size_t(used));
  const auto start = text.find_first_not_of(' ');
  return CalibrationProgress{done, total, start == std::string::npos ? std::string() : text.substr(start)};
}

CalibrationResult runCalibration(const CalibrationRequest& request,
                                 const std::function<void(const CalibrationProgress&)>& progress,
                                 const std::atomic<bool>* cancelled)
{
  CalibrationResult result;
  auto command = calibrationCommand(request, &result.error);
  if (!command)
    return result;
  result.command = *command;
  if (const auto missing = missingProgram(*command, request)) {
    result.error = *missing;
    return result;
  }
  const auto errPath = temporaryFile("partscope-train-err");
  const auto outPath = request.outputPath.empty() ? temporaryFile("partscope-train-out") : request.outputPath;
  if (errPath.empty() || outPath.empty()) {
    result.error = "Cannot create a temporary file in '/tmp'";
    return result;
  }
  profile::ChildRequest child{command->argv, request.folder, "/dev/null", outPath, errPath,
                              request.timeoutSeconds, cancelled, command->environment};
  StderrTail tail(errPath);
  const auto outcome = runWatched(child, tail, progress);
  result.error = outcomeError(outcome, request, tail);
  result.run = readOutput(outPath, result.error);
  if (result.run)
    result.run->oversubscribed = result.run->oversubscribed || command->oversubscribed;
  std::remove(errPath.c_str());
  if (request.outputPath.empty())
    std::remove(outPath.c_str());
  return result;
}

} // namespace ps::machine

#include "profile/child-process.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace ps::profile {
namespace {

bool isExecutable(const std::string& path) { return access(path.c_str(), X_OK) == 0; }

/// In the child: opens `path` onto descriptor `fd`; false on failure.
bool redirect(const std::string& path, int fd, int flags)
{
  const int opened = open(path.empty() ? "/dev/null" : path.c_str(), flags, 0644);
  if (opened < 0)
    return false;
  const bool ok = dup2(opened, fd) >= 0;
  close(opened);
  return ok;
}

/// The child's environment: the inherited one with `extra` ("NAME=value")
/// set on top. Built before fork: the child only calls async-signal-safe code.
std::vector<std::string> environmentWith(const std::vector<std::string>& extra)
{
  std::vector<std::string> all;
  const auto nameOf = [](const std::string& entry) { return entry.substr(0, entry.find('=')); };
  for (char** e = environ; e && *e; ++e) {
    const std::string entry(*e);
    const bool replaced = std::any_of(extra.begin(), extra.end(),
                                      [&](const std::string& x) { return nameOf(x) == nameOf(entry); });
    if (!replaced)
      all.push_back(entry);
  }
  all.insert(all.end(), extra.begin(), extra.end());
  return all;
}

[[noreturn]] void execChild(const ChildRequest& r, const std::string& program, char** argv, char** envp)
{
  setpgid(0, 0);
  const int out = O_WRONLY | O_CREAT | O_TRUNC;
  if (chdir(r.folder.c_str()) != 0 || !redirect(r.stdinPath, 0, O_RDONLY) || !redirect(r.stdoutPath, 1, out) ||
      !redirect(r.stderrPath, 2, out))
    _exit(127);
  execve(program.c_str(), argv, envp);
  _exit(127);
}

ChildResult finished(int status)
{
  ChildResult result;
  if (WIFSIGNALED(status)) {
    result.outcome = ChildResult::Outcome::Signalled;
    result.code = WTERMSIG(status);
  } else {
    result.outcome = ChildResult::Outcome::Exited;
    result.code = WEXITSTATUS(status);
  }
  return result;
}

ChildResult killed(pid_t pid, ChildResult::Outcome why)
{
  kill(-pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  ChildResult result;
  result.outcome = why;
  return result;
}

} // namespace

std::optional<std::string> findProgram(const std::string& program)
{
  if (program.find('/') != std::string::npos)
    return isExecutable(program) ? std::optional(program) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::stringstream folders(path ? path : "/usr/bin:/bin");
  for (std::string folder; std::getline(folders, folder, ':');) {
    const auto candidate = (folder.empty() ? std::string(".") : folder) + "/" + program;
    if (isExecutable(candidate))
      return candidate;
  }
  return std::nullopt;
}

ChildResult runChild(const ChildRequest& request)
{
  ChildResult result;
  const auto program = request.argv.empty() ? std::nullopt : findProgram(request.argv.front());
  if (!program) {
    result.error = "Cannot find '" + (request.argv.empty() ? std::string() : request.argv.front()) + "' on PATH";
    return result;
  }
  std::vector<char*> argv;
  for (const auto& a : request.argv)
    argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const auto environment = environmentWith(request.environment);
  std::vector<char*> envp;
  for (const auto& e : environment)
    envp.push_back(const_cast<char*>(e.c_str()));
  envp.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    result.error = "Cannot start '" + request.argv.front() + "': " + std::strerror(errno);
    return result;
  }
  if (pid == 0)
    execChild(request, *program, argv.data(), envp.data());
  setpgid(pid, pid); // also here: no race with a kill before the child ran setpgid
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    int status = 0;
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid)
      return finished(status);
    if (done < 0 && errno != EINTR)
      return killed(pid, ChildResult::Outcome::Cancelled);
    if (request.cancelled && request.cancelled->load())
      return killed(pid, ChildResult::Outcome::Cancelled);
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    if (request.timeoutSeconds > 0 && elapsed.count() > request.timeoutSeconds)
      return killed(pid, ChildResult::Outcome::TimedOut);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

} // namespace ps::profile

#pragma once
// Runs one external program (the compiler, the profiled program, gcov) with
// its standard streams redirected to files, a time limit and cancellation.
// POSIX only (fork/exec); the child gets its own process group so that a
// timeout also ends the compiler's subprocesses.

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace ps::profile {

struct ChildRequest {
  std::vector<std::string> argv;   // argv[0] is looked up on PATH
  std::string folder;              // working folder
  std::string stdinPath = "/dev/null";
  std::string stdoutPath, stderrPath; // empty: /dev/null
  double timeoutSeconds = 60;      // wall time; <= 0: no limit
  const std::atomic<bool>* cancelled = nullptr;
  /// "NAME=value" entries set in the child on top of the inherited
  /// environment (replacing a variable of the same name).
  std::vector<std::string> environment;
};

struct ChildResult {
  enum class Outcome { Exited, Signalled, TimedOut, Cancelled, NotStarted };
  Outcome outcome = Outcome::NotStarted;
  int code = 0;        // exit status (Exited) or signal number (Signalled)
  std::string error;   // NotStarted: why ("Cannot run 'x': ...")
};

/// The full path of `program` on PATH (or `program` itself when it holds a
/// '/' and is executable); nullopt when there is none.
std::optional<std::string> findProgram(const std::string& program);

/// Runs the request and waits for it, polling every 10 ms for the time limit
/// and `cancelled`; on either the whole process group is killed (SIGKILL).
ChildResult runChild(const ChildRequest& request);

} // namespace ps::profile

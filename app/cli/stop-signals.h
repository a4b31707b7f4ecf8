#pragma once
// SIGINT and SIGTERM as a request to stop: commands that run MPI programs
// (calibrate, validate) pass the flag to their child process, which then kills
// the launcher's whole process group. The IDE's Cancel sends SIGTERM; without
// this a stopped CLI would leave mpirun and every rank running.

#include <atomic>
#include <csignal>

namespace ps::cli {

/// The flag the handlers set; true once SIGINT or SIGTERM arrived.
inline std::atomic<bool> g_stopRequested = false;

extern "C" inline void requestStop(int) { g_stopRequested = true; }

/// Installs the handlers; returns the flag to hand to ChildRequest::cancelled
/// or runCalibration.
inline const std::atomic<bool>* stopOnSignals()
{
  std::signal(SIGINT, requestStop);
  std::signal(SIGTERM, requestStop);
  return &g_stopRequested;
}

} // namespace ps::cli

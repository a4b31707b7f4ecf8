#pragma once
// Cooperative cancellation of long engine work. A background job (the IDE's
// estimate, scale and distribute jobs) installs its cancel flag for the
// thread it runs on; the engine's long loops (an exchange done instance by
// instance, the points of a sweep) call throwIfCancelled(), which throws
// Cancelled once the flag is set. The job catches it and drops its result,
// so a newer request starts within milliseconds instead of waiting for the
// old one (QThread::requestInterruption's pattern, with a thread-local flag
// so that the estimator's signatures need not carry it).

#include <atomic>

namespace ps {

/// Thrown by throwIfCancelled() when the current thread's job was cancelled.
/// Not a std::exception (as boost::thread_interrupted is not): a handler of
/// errors must not swallow it.
struct Cancelled {};

/// Installs `flag` as the current thread's cancel flag for its lifetime (the
/// previous one is restored after). Not copyable; one per job.
class CancellationScope {
public:
  explicit CancellationScope(const std::atomic<bool>& flag);
  ~CancellationScope();
  CancellationScope(const CancellationScope&) = delete;
  CancellationScope& operator=(const CancellationScope&) = delete;

private:
  const std::atomic<bool>* m_previous;
};

/// Throws Cancelled when a CancellationScope of this thread has its flag
/// set; a no-op without one (the CLI, the tests). About a nanosecond.
void throwIfCancelled();

} // namespace ps

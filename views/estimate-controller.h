#pragma once
// Runs analysis jobs (parse, model, estimates) off the GUI thread. One worker
// thread at a time, because GiNaC is not thread-safe; a newer request cancels
// the older ones, and only the newest result reaches the GUI (Kate's project
// worker pattern: snapshot in, whole result back through a queued signal).

#include "views/analysis-job.h"
#include "views/distribute-job.h"
#include "views/scale-job.h"

#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <memory>

namespace ps::views {

class EstimateController : public QObject {
  Q_OBJECT
public:
  explicit EstimateController(QObject* parent = nullptr);
  ~EstimateController() override;

  /// Queues `input`; any older request still queued or running is cancelled.
  /// Returns the request's generation number.
  int submit(JobInput input);
  /// Queues a scalability study on the same worker thread; a newer study
  /// cancels an older one (estimates and studies do not cancel each other).
  int submitScale(ScaleJobInput input);
  /// Queues a Suggest Distribution request on the same worker thread; a
  /// newer request cancels an older one.
  int submitDistribute(DistributeJobInput input);
  /// Cancels the running request; its result is dropped.
  void cancelDistribute();
  /// Requests stopped inside the engine (a Cancelled from a long loop)
  /// rather than at a check between their steps.
  int interruptedJobs() const { return m_interrupted; }

signals:
  /// The result of the newest request (older ones are dropped).
  void jobFinished(int generation, const ps::views::JobOutput& output);
  /// The newest request's table, before its sweeps (JobOutput::partial);
  /// jobFinished of the same generation follows unless it is cancelled.
  void jobPartial(int generation, const ps::views::JobOutput& output);
  void busyChanged(bool busy);
  /// The result of the newest study.
  void scaleFinished(int generation, const ps::views::ScaleJobOutput& output);
  /// At most ~10 times a second while a study runs.
  void scaleProgressed(int done, int total);
  /// The result of the newest Suggest Distribution request.
  void distributeFinished(int generation, const ps::views::DistributeJobOutput& output);
  /// At most ~10 times a second while a request runs.
  void distributeProgressed(const ps::views::DistributeProgress& progress);

private:
  /// One kind of request: its newest generation and the flag that cancels it.
  struct Lane {
    int generation = 0;
    std::shared_ptr<std::atomic<bool>> cancel;
  };
  /// Cancels the lane's older request, runs `work(cancelled)` on the worker
  /// and hands its result to `deliver` on the GUI thread if it is the newest.
  template <typename Work, typename Deliver>
  int start(Lane& lane, Work work, Deliver deliver);

  QThreadPool m_pool;
  int m_running = 0;
  std::atomic<int> m_interrupted = 0; // counted on the worker thread
  Lane m_estimates, m_studies, m_distributions;
};

} // namespace ps::views

Q_DECLARE_METATYPE(ps::views::JobOutput)
Q_DECLARE_METATYPE(ps::views::ScaleJobOutput)
Q_DECLARE_METATYPE(ps::views::DistributeJobOutput)
Q_DECLARE_METATYPE(ps::views::DistributeProgress)

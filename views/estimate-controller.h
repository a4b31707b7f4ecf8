#pragma once
// Runs analysis jobs (parse, model, estimates) off the GUI thread. One worker
// thread at a time, because GiNaC is not thread-safe; a newer request cancels
// the older ones, and only the newest result reaches the GUI (Kate's project
// worker pattern: snapshot in, whole result back through a queued signal).

#include "views/analysis-job.h"

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

signals:
  /// The result of the newest request (older ones are dropped).
  void jobFinished(int generation, const ps::views::JobOutput& output);
  void busyChanged(bool busy);

private:
  QThreadPool m_pool;
  int m_generation = 0;
  int m_running = 0;
  std::shared_ptr<std::atomic<bool>> m_cancelLatest;
};

} // namespace ps::views

Q_DECLARE_METATYPE(ps::views::JobOutput)

#include "views/estimate-controller.h"

#include <QElapsedTimer>

namespace ps::views {

EstimateController::EstimateController(QObject* parent) : QObject(parent)
{
  m_pool.setMaxThreadCount(1); // GiNaC: one thread at a time
  qRegisterMetaType<ps::views::JobOutput>();
  qRegisterMetaType<ps::views::ScaleJobOutput>();
}

EstimateController::~EstimateController()
{
  if (m_cancelLatest)
    *m_cancelLatest = true;
  if (m_cancelScale)
    *m_cancelScale = true;
  m_pool.clear();
  m_pool.waitForDone();
}

int EstimateController::submit(JobInput input)
{
  if (m_cancelLatest)
    *m_cancelLatest = true;
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  m_cancelLatest = cancelled;
  const int generation = ++m_generation;
  if (m_running++ == 0)
    emit busyChanged(true);
  m_pool.start([this, generation, cancelled, input = std::move(input)] {
    auto output = runJob(input, *cancelled);
    QMetaObject::invokeMethod(
      this,
      [this, generation, output = std::move(output)] {
        if (--m_running == 0)
          emit busyChanged(false);
        if (output && generation == m_generation)
          emit jobFinished(generation, *output);
      },
      Qt::QueuedConnection);
  });
  return generation;
}

int EstimateController::submitScale(ScaleJobInput input)
{
  if (m_cancelScale)
    *m_cancelScale = true;
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  m_cancelScale = cancelled;
  const int generation = ++m_scaleGeneration;
  if (m_running++ == 0)
    emit busyChanged(true);
  m_pool.start([this, generation, cancelled, input = std::move(input)] {
    QElapsedTimer sinceReport;
    sinceReport.start();
    auto progress = [this, &sinceReport](int done, int total) {
      if (sinceReport.elapsed() < 100)
        return;
      sinceReport.restart();
      QMetaObject::invokeMethod(this, [this, done, total] { emit scaleProgressed(done, total); }, Qt::QueuedConnection);
    };
    auto output = runScaleJob(input, *cancelled, progress);
    QMetaObject::invokeMethod(
      this,
      [this, generation, output = std::move(output)] {
        if (--m_running == 0)
          emit busyChanged(false);
        if (output && generation == m_scaleGeneration)
          emit scaleFinished(generation, *output);
      },
      Qt::QueuedConnection);
  });
  return generation;
}

} // namespace ps::views

#include "views/estimate-controller.h"

#include "support/cancellation.h"

#include <QElapsedTimer>

namespace ps::views {

EstimateController::EstimateController(QObject* parent) : QObject(parent)
{
  m_pool.setMaxThreadCount(1); // GiNaC: one thread at a time
  qRegisterMetaType<ps::views::JobOutput>();
  qRegisterMetaType<ps::views::ScaleJobOutput>();
  qRegisterMetaType<ps::views::DistributeJobOutput>();
  qRegisterMetaType<ps::views::DistributeProgress>();
}

EstimateController::~EstimateController()
{
  for (auto* lane : {&m_estimates, &m_studies, &m_distributions})
    if (lane->cancel)
      *lane->cancel = true;
  m_pool.clear();
  m_pool.waitForDone();
}

template <typename Work, typename Deliver>
int EstimateController::start(Lane& lane, Work work, Deliver deliver)
{
  if (lane.cancel)
    *lane.cancel = true;
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  lane.cancel = cancelled;
  const int generation = ++lane.generation;
  if (m_running++ == 0)
    emit busyChanged(true);
  m_pool.start([this, &lane, generation, cancelled, work = std::move(work), deliver = std::move(deliver)] {
    decltype(work(*cancelled)) output; // nullopt when cancelled: at one of the job's checks, or inside the engine
    try {
      CancellationScope scope(*cancelled); // the engine's long loops see the flag too (support/cancellation.h)
      output = work(*cancelled);
    } catch (const Cancelled&) {
      ++m_interrupted;
    }
    QMetaObject::invokeMethod(
      this,
      [this, &lane, generation, deliver, output = std::move(output)] {
        if (--m_running == 0)
          emit busyChanged(false);
        if (output && generation == lane.generation)
          deliver(generation, *output);
      },
      Qt::QueuedConnection);
  });
  return generation;
}

int EstimateController::submit(JobInput input)
{
  const int generation = m_estimates.generation + 1; // the one start() gives it
  auto work = [this, generation, input = std::move(input)](const std::atomic<bool>& cancelled) {
    auto partial = [this, generation](const JobOutput& table) {
      QMetaObject::invokeMethod(
        this,
        [this, generation, table] {
          if (generation == m_estimates.generation)
            emit jobPartial(generation, table);
        },
        Qt::QueuedConnection);
    };
    return runJob(input, cancelled, partial);
  };
  return start(m_estimates, std::move(work),
               [this](int generation, const JobOutput& output) { emit jobFinished(generation, output); });
}

int EstimateController::submitScale(ScaleJobInput input)
{
  auto work = [this, input = std::move(input)](const std::atomic<bool>& cancelled) {
    QElapsedTimer sinceReport;
    sinceReport.start();
    auto progress = [this, &sinceReport](int done, int total) {
      if (sinceReport.elapsed() < 100) // at most ~10 reports a second
        return;
      sinceReport.restart();
      QMetaObject::invokeMethod(this, [this, done, total] { emit scaleProgressed(done, total); }, Qt::QueuedConnection);
    };
    return runScaleJob(input, cancelled, progress);
  };
  return start(m_studies, std::move(work),
               [this](int generation, const ScaleJobOutput& output) { emit scaleFinished(generation, output); });
}

int EstimateController::submitDistribute(DistributeJobInput input)
{
  auto work = [this, input = std::move(input)](const std::atomic<bool>& cancelled) {
    QElapsedTimer sinceReport;
    sinceReport.start();
    auto progress = [this, &sinceReport](const DistributeProgress& p) {
      if (sinceReport.elapsed() < 100) // at most ~10 reports a second
        return;
      sinceReport.restart();
      QMetaObject::invokeMethod(this, [this, p] { emit distributeProgressed(p); }, Qt::QueuedConnection);
    };
    return runDistributeJob(input, cancelled, progress);
  };
  return start(m_distributions, std::move(work),
               [this](int generation, const DistributeJobOutput& output) { emit distributeFinished(generation, output); });
}

void EstimateController::cancelDistribute()
{
  if (m_distributions.cancel)
    *m_distributions.cancel = true;
  ++m_distributions.generation; // a result already on its way is dropped too
}

} // namespace ps::views

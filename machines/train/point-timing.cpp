#include "point-timing.h"

#include <algorithm>
#include <cmath>

namespace ps::train {
namespace {

/// Calls per repetition, the same on every rank.
int batchSize(MPI_Comm comm, const std::function<void()>& call, const TimingPlan& plan)
{
  double once = 1e300; // the fastest of three calls: one disturbed call must not shrink the batch
  MPI_Barrier(comm);
  for (int i = 0; i < 3; ++i) {
    const double start = MPI_Wtime();
    call();
    once = std::min(once, MPI_Wtime() - start);
  }
  MPI_Allreduce(MPI_IN_PLACE, &once, 1, MPI_DOUBLE, MPI_MAX, comm);
  if (once <= 0)
    return plan.maxBatch;
  return static_cast<int>(std::clamp(std::ceil(plan.batchSeconds / once), 1.0, double(plan.maxBatch)));
}

} // namespace

double quantile(std::vector<double> values, double q)
{
  if (values.empty())
    return 0;
  std::sort(values.begin(), values.end());
  const double at = q * double(values.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(at));
  const auto above = std::min(below + 1, values.size() - 1);
  return values[below] + (at - double(below)) * (values[above] - values[below]);
}

PointTime timePoint(MPI_Comm comm, const std::function<void()>& call, double divisor, const TimingPlan& plan,
                    Timer timer)
{
  for (int i = 0; i < plan.warmups; ++i)
    call();
  const int batch = batchSize(comm, call, plan);
  int size = 1;
  MPI_Comm_size(comm, &size);
  std::vector<double> perCall(std::size_t(plan.repetitions), 0.0);
  for (auto& own : perCall) {
    MPI_Barrier(comm);
    const double start = MPI_Wtime();
    for (int k = 0; k < batch; ++k)
      call();
    own = (MPI_Wtime() - start) / batch / divisor;
  }
  // One reduction after the repetitions: on a loaded machine every
  // synchronisation costs a scheduling delay.
  if (timer == Timer::RankZero) {
    MPI_Bcast(perCall.data(), plan.repetitions, MPI_DOUBLE, 0, comm);
  } else {
    MPI_Allreduce(MPI_IN_PLACE, perCall.data(), plan.repetitions, MPI_DOUBLE, MPI_SUM, comm);
    for (auto& t : perCall)
      t /= size;
  }
  return {quantile(perCall, 0.5), quantile(perCall, 0.25), quantile(perCall, 0.75), plan.repetitions};
}

} // namespace ps::train

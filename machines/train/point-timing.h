#pragma once
// Times one point of the training set: one pattern, one message, one
// communicator. Source: Balasundaram et al. 1991, Sec. 5 (y = the average
// time one processor spends participating in the loosely synchronous call).

#include <mpi.h>

#include <functional>
#include <vector>

namespace ps::train {

struct TimingPlan {
  int warmups = 2;             // untimed calls first (connections, caches, page faults)
  int repetitions = 20;        // timed repetitions; the spread is over these
  double batchSeconds = 0.002; // each repetition runs enough calls to last about this long
  int maxBatch = 4096;         // ... but never more calls than this
};

/// The spread of the per-processor time per call, seconds.
struct PointTime {
  double median = 0, low = 0, high = 0; // median, lower and upper quartile
  int repetitions = 0;
};

/// Whose clock a repetition reads.
enum class Timer {
  MeanOfRanks, // the average time one processor spends per call (the paper's y)
  RankZero,    // the initiator's: a ping-pong's round trips as rank 0 sees them
};

/// Times `call` on every rank of `comm` (collective: all ranks of comm call
/// it with the same plan). A repetition is: MPI_Barrier, then K calls, each
/// rank timing its own calls with MPI_Wtime; its value is the mean over the
/// ranks of (own time / K / divisor), i.e. the average time one processor
/// spends per call (the paper's y), or rank 0's own time / K / divisor with
/// Timer::RankZero (divisor 2 turns a ping-pong round trip into a one-way
/// time; the replying rank's clock stops when its last reply is sent, not
/// received, which made the mean up to 8% short at 32 KiB with few calls). K is chosen from the fastest of three timed calls after
/// the warm-up (the slowest rank's) so that a repetition lasts about plan.batchSeconds, which
/// keeps MPI_Wtime's resolution out of small messages. The median and the
/// quartiles are over the repetitions and identical on all ranks.
PointTime timePoint(MPI_Comm comm, const std::function<void()>& call, double divisor, const TimingPlan& plan,
                    Timer timer = Timer::MeanOfRanks);

/// The q-quantile (0 <= q <= 1) of `values` by linear interpolation between
/// order statistics; 0 for no values.
double quantile(std::vector<double> values, double q);

} // namespace ps::train

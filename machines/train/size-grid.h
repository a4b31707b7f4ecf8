#pragma once
// Message sizes of the training set: a log grid from 0 B, refined where the
// curve jumps. Source: Balasundaram et al. 1991, Sec. 5 (piecewise-linear
// curves with steps where a message needs another packet: the steps are only
// seen if sizes fall on both sides of them).

#include <cstdint>
#include <vector>

namespace ps::train {

/// 0, 8, 8 r, 8 r^2, ... (whole doubles; r = `ratio`, 2 or 4) up to and
/// including `maxBytes` (rounded down to a multiple of 8); with `fine`, also
/// 1.5 times each of them from 16 B. Sorted, no duplicates.
std::vector<std::int64_t> logGrid(std::int64_t maxBytes, int ratio, bool fine);

/// One measured point of a curve: size in bytes, median seconds.
struct SizeTime {
  std::int64_t bytes = 0;
  double seconds = 0;
};

/// Sizes to measure next: the midpoint (a multiple of 8) of every interval
/// between neighbours (sorted by bytes) whose per-byte slope is more than
/// `jump` times the slopes of both adjacent intervals and whose rise is more
/// than 10% of the lower time (small rises are noise, not a packet step), and
/// after which the curve stays up (the next point is at least halfway up the
/// rise; a lone high point is a disturbed measurement, not a step).
/// Intervals of 8 bytes cannot be split. At most `limit` sizes, the largest
/// slope ratios first.
std::vector<std::int64_t> refinementSizes(const std::vector<SizeTime>& points, double jump, int limit);

} // namespace ps::train

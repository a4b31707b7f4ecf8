#pragma once
// The cost of basic operations, measured by the compiled kernels of
// kernels.f90 (the kernel library). Source: P3T+ Secs. 3.3.1-3.3.2;
// Balasundaram et al. 1991, Sec. 5 (arithmetic and control-flow part of the
// training set).

#include <string>
#include <vector>

namespace ps::train {

struct OperationCost {
  std::string operation; // the names of ps::machine::OperationMeasurement
  double seconds = 0;    // per operation
};

/// Times every kernel over `iterations` iterations, `repetitions` times, and
/// keeps each kernel's fastest repetition (the least disturbed one; these are
/// single-core loops, so anything slower is interference, unlike the
/// communication points whose spread is part of the answer). Then, per
/// iteration:
///   loop      = empty loop (a VOLATILE store of the index, kernels.f90)
///   add_sub, mul, div, pow, sqrt, exp, call = kernel - empty loop
///             (each a loop-carried chain: the operation's latency)
///   load      = index chase - empty loop
///   index     = chase with an affine subscript - plain chase
///   store     = chase through a VOLATILE store and reload - plain chase
///   intrinsic = mean of sqrt and exp
/// A difference the timer cannot resolve (<= 0) is reported as 1e-12 s, the
/// floor of "some cost"; with chained kernels that should not happen.
std::vector<OperationCost> measureOperationCosts(int iterations, int repetitions);

} // namespace ps::train

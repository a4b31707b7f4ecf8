#pragma once
// A machine profile from one calibration run of the training set: the
// transfer-time parameters from the ping-pong fit, the operation costs from
// the kernel measurements and every fitted curve. Source: Balasundaram,
// Fox, Kennedy, Kremer 1991, Sec. 5 (raw.data -> fitted perf.data); P3T+
// Secs. 3.3.1-3.3.2 (benchmark kernel library, training phase); P3T+ Def.
// 3.4 (startup time rho, time per byte beta).

#include "machine/machine-profile.h"
#include "machine/training-data.h"

#include <optional>
#include <string>

namespace ps::machine {

/// The profile `name` calibrated by `run`:
/// - curves: fitCurves(run.points) (curve-fit.h);
/// - startup (rho, s): a of the first segment of the ping-pong curve (the
///   one on the fewest ranks, stride 1: the latency of small messages);
///   byteTime (beta, s/byte): b of its last segment with a positive slope
///   (the rate of the largest messages, where bandwidth decides); the
///   assumptions say which segments;
/// - hopTime (gamma) 0 and topology "crossbar": the curves are measured
///   through the real network, hops included (said in the assumptions);
/// - op costs (s per operation) from run.operations by the op_costs_s
///   names (add_sub, mul, div, pow, intrinsic, load, store; the last
///   measurement of a name wins); a cost measured as 0 or less (below the
///   timer's resolution) is taken as 1e-12 s and said; measured names the
///   profile has no field for (sqrt, exp, ...) are listed as not used;
///   a simulated run (run.simulated, SimGrid) measures none: its op costs
///   are those of `simulated`, the profile its platform was generated from;
/// - defaultProcessors = run.ranks; cache: 64-byte lines and 32 KB (not
///   measured; said in the assumptions as profileFromJson says it);
/// - title, source and assumptions name the host, MPI library, start
///   date, ranks, quick or full mode, oversubscription and an interrupted run;
///   for a simulated run, SimGrid and the simulated profile's name.
/// The result is checked by a round trip through profileToJson and
/// profileFromJson, so it is always a valid profile.
/// Errors (nullopt, one sentence in `error`): the fit's errors (fitCurves),
/// no ping-pong points, no ping-pong slope, a missing operation, a value
/// the profile validation rejects (e.g. a cost above 1 s), a simulated run
/// without `simulated`.
std::optional<MachineProfile> profileFromTraining(const TrainingRun& run, const std::string& name,
                                                  std::string* error, const MachineProfile* simulated = nullptr);

} // namespace ps::machine

#include "machine/calibrated-profile.h"

#include "machine/curve-fit.h"
#include "support/text.h"

#include <algorithm>
#include <map>

namespace ps::machine {

namespace {

/// The ping-pong curve of the fewest ranks with contiguous messages.
const CommCurve* pingPong(const std::vector<CommCurve>& curves)
{
  const CommCurve* best = nullptr;
  for (const auto& c : curves)
    if (c.pattern == "pingpong" && c.strideElements == 1 && (!best || c.ranks < best->ranks))
      best = &c;
  return best;
}

/// rho and beta from the ping-pong curve (see profileFromTraining).
bool readTransfer(const std::vector<CommCurve>& curves, MachineProfile& p, std::string* error)
{
  const auto* curve = pingPong(curves);
  if (!curve) {
    *error = "Training run has no contiguous 'pingpong' points; the startup time and time per byte cannot be fitted";
    return false;
  }
  const auto& first = curve->segments.front();
  p.startup = first.a;
  // beta from the largest messages: a quick grid's first segment may span 0 to
  // 8 bytes, whose slope says nothing of the bandwidth (6 to 16x off at 1 MiB)
  const auto sloped = std::find_if(curve->segments.rbegin(), curve->segments.rend(),
                                   [](const CurveSegment& s) { return s.b > 0; });
  if (sloped == curve->segments.rend()) {
    *error = "The 'pingpong' curve is flat over every size; the time per byte cannot be fitted";
    return false;
  }
  p.byteTime = sloped->b;
  p.assumptions.push_back("Startup time: the intercept of the first segment of the 'pingpong' fit on " +
                          std::to_string(curve->ranks) + " ranks (" + formatNumber(first.fromBytes) + " to " +
                          formatNumber(first.toBytes) + " bytes); time per byte: the slope of its last sloped "
                          "segment (" + formatNumber(sloped->fromBytes) + " to " + formatNumber(sloped->toBytes) +
                          " bytes)");
  return true;
}

/// Op costs by their op_costs_s names (see profileFromTraining).
bool readOperations(const std::vector<OperationMeasurement>& measured, MachineProfile& p, std::string* error)
{
  std::map<std::string, double> last;
  for (const auto& m : measured)
    last[m.operation] = m.seconds;
  const std::pair<const char*, double*> fields[] = {{"add_sub", &p.ops.addSub}, {"mul", &p.ops.mul},
                                                    {"div", &p.ops.div},        {"pow", &p.ops.pow},
                                                    {"intrinsic", &p.ops.intrinsic}, {"load", &p.ops.load},
                                                    {"store", &p.ops.store}};
  for (const auto& [name, value] : fields) {
    const auto it = last.find(name);
    if (it == last.end()) {
      *error = std::string("Training run has no measurement of the operation '") + name + "'";
      return false;
    }
    *value = it->second > 0 ? it->second : 1e-12;
    if (!(it->second > 0))
      p.assumptions.push_back(std::string("Operation '") + name +
                              "' measured no time (below the timer's resolution): taken as 1e-12 s");
    last.erase(it);
  }
  std::string unused;
  for (const auto& [name, seconds] : last)
    unused += (unused.empty() ? "'" : ", '") + name + "'";
  if (!unused.empty())
    p.assumptions.push_back("Measured but not used by the operation costs: " + unused);
  return true;
}

/// The operation costs of a simulated run: the simulated profile's (SimGrid
/// charges no computation, so the training set measures none).
bool takeOperations(const MachineProfile* simulated, MachineProfile& p, std::string* error)
{
  if (!simulated) {
    *error = "The simulated training run measured no operation costs; name the profile it simulated";
    return false;
  }
  p.ops = simulated->ops;
  p.cacheLineBytes = simulated->cacheLineBytes;
  p.cacheBytes = simulated->cacheBytes;
  p.assumptions.push_back("Operation costs and cache not measured (a simulated run): those of machine profile '" +
                          simulated->name + "'");
  return true;
}

/// Title and source: where and how the run measured.
void nameRun(const TrainingRun& run, const MachineProfile* simulated, MachineProfile& p)
{
  const auto library = run.mpiLibrary.empty() ? std::string("an unnamed MPI library") : run.mpiLibrary;
  const auto mode = std::to_string(run.ranks) + " ranks, " + (run.quick ? "quick" : "full") + " mode";
  if (run.simulated) {
    const auto from = simulated ? "'" + simulated->name + "'" : std::string("an unnamed profile");
    p.title = "Simulated from " + from + " (" + std::to_string(run.ranks) + " ranks, " + run.startedAt + ")";
    p.source = "partscope-train-smpi under SimGrid (" + library + ") on a platform generated from machine profile " +
               from + ", started " + run.startedAt + ", " + mode;
    return;
  }
  p.title = "Calibrated on " + run.host + " (" + std::to_string(run.ranks) + " ranks, " + run.startedAt + ")";
  p.source = "partscope-train on " + run.host + " with " + library + ", started " + run.startedAt + ", " + mode +
             (run.oversubscribed ? ", oversubscribed" : "");
}

/// Title, source and the assumptions that describe the run itself.
void describeRun(const TrainingRun& run, const MachineProfile* simulated, MachineProfile& p)
{
  nameRun(run, simulated, p);
  if (run.oversubscribed)
    p.assumptions.push_back("More ranks than cores (oversubscribed): the times include waiting for a core");
  if (run.quick)
    p.assumptions.push_back("Quick mode: fewer sizes and repetitions than a full calibration");
  if (!run.complete)
    p.assumptions.push_back("The run was interrupted: only the points measured before it stopped are fitted");
  p.assumptions.push_back(std::string("Hop time 0 on a crossbar: the fitted curves were measured through the ") +
                          (run.simulated ? "simulated" : "real") + " network, hops included");
  if (!run.simulated) // a simulated run takes the simulated profile's (takeOperations)
    p.assumptions.push_back("Cache not given: assumed " + std::to_string(p.cacheLineBytes) + "-byte lines and " +
                            std::to_string(p.cacheBytes / 1024) + " KB per processor");
}

} // namespace

std::optional<MachineProfile> profileFromTraining(const TrainingRun& run, const std::string& name, std::string* error,
                                                  const MachineProfile* simulated)
{
  MachineProfile p;
  p.name = name;
  p.hopTime = 0;
  p.topology = "crossbar";
  p.defaultProcessors = std::max(run.ranks, 0);
  describeRun(run, simulated, p);
  p.curves = fitCurves(run.points, error);
  if (p.curves.empty() || !readTransfer(p.curves, p, error))
    return std::nullopt;
  if (run.simulated ? !takeOperations(simulated, p, error) : !readOperations(run.operations, p, error))
    return std::nullopt;
  // the same validation as a profile read from a file (a cost above 1 s, an empty name)
  auto checked = profileFromJson(profileToJson(p), error);
  if (!checked)
    *error = "The calibrated profile is not valid: " + *error;
  return checked;
}

} // namespace ps::machine

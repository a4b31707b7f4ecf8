#include "ddt/decision-sweep.h"

namespace ps::ddt {
namespace {

/// The sequential time of every phase of `plan`, keyed by its first line.
std::map<int, double> phaseTimesOf(const Plan& plan)
{
  std::map<int, double> times;
  for (const auto& pp : plan.phases)
    times[pp.phase.firstLine] = pp.analysis.sequentialTime;
  return times;
}

DecisionPoint pointOf(const SequencePlan& s, double x)
{
  DecisionPoint p;
  p.x = x;
  if (!s.statics.empty()) {
    p.staticTotal = s.statics.front().total();
    p.staticMovement = s.statics.front().movement;
  }
  p.dynamicTotal = s.dynamic.total;
  p.dynamicMovement = s.dynamic.movement + s.dynamic.remapping;
  p.dynamicChosen = s.dynamicChosen;
  return p;
}

/// Where static - dynamic changes sign first, interpolated linearly.
std::optional<double> flipOf(const std::vector<DecisionPoint>& points)
{
  for (std::size_t k = 1; k < points.size(); ++k) {
    const auto& a = points[k - 1];
    const auto& b = points[k];
    if (a.dynamicChosen == b.dynamicChosen)
      continue;
    const double da = a.staticTotal - a.dynamicTotal, db = b.staticTotal - b.dynamicTotal;
    return da == db ? b.x : a.x + (b.x - a.x) * da / (da - db);
  }
  return std::nullopt;
}

template <class Apply>
DecisionSweeps sweep(const program::Unit& unit, const machine::MachineProfile& machine,
                     const symbolic::Bindings& values, DistributeOptions options, const std::vector<double>& xs,
                     Apply apply)
{
  DecisionSweeps out;
  for (double x : xs) {
    auto m = machine;
    apply(x, options, m);
    auto r = distribute(unit, m, values, options);
    if (!r.plan) {
      out.errors = r.errors;
      return out;
    }
    if (out.sequences.empty()) {
      options.phaseTimes = phaseTimesOf(*r.plan);
      out.sequences.resize(1 + r.plan->regionPlans.size());
    }
    out.sequences[0].points.push_back(pointOf(r.plan->whole, x));
    for (std::size_t k = 0; k < r.plan->regionPlans.size(); ++k)
      out.sequences[1 + k].points.push_back(pointOf(r.plan->regionPlans[k].plan, x));
    if (options.cancel && options.cancel->load())
      break;
  }
  for (auto& s : out.sequences)
    s.flip = flipOf(s.points);
  return out;
}

} // namespace

DecisionSweeps sweepProcessors(const program::Unit& unit, const machine::MachineProfile& machine,
                               const symbolic::Bindings& values, DistributeOptions options,
                               const std::vector<int>& processors)
{
  std::vector<double> xs(processors.begin(), processors.end());
  return sweep(unit, machine, values, std::move(options), xs,
               [](double x, DistributeOptions& o, machine::MachineProfile&) { o.processors = static_cast<int>(x); });
}

DecisionSweeps sweepByteTime(const program::Unit& unit, const machine::MachineProfile& machine,
                             const symbolic::Bindings& values, DistributeOptions options,
                             const std::vector<double>& byteTimes)
{
  return sweep(unit, machine, values, std::move(options), byteTimes,
               [](double x, DistributeOptions&, machine::MachineProfile& m) { m.byteTime = x; });
}

} // namespace ps::ddt

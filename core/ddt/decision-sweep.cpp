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

DecisionPoint pointOf(const Plan& plan, int region, double x)
{
  const auto& s = region < 0 ? plan.whole : plan.regionPlans[region].plan;
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

template <class Apply>
DecisionSweep sweep(const program::Unit& unit, const machine::MachineProfile& machine,
                    const symbolic::Bindings& values, DistributeOptions options, const std::vector<double>& xs,
                    int region, Apply apply)
{
  DecisionSweep out;
  bool timesKnown = false;
  for (double x : xs) {
    auto m = machine;
    apply(x, options, m);
    auto r = distribute(unit, m, values, options);
    if (!r.plan) {
      out.errors = r.errors;
      return out;
    }
    if (region >= static_cast<int>(r.plan->regionPlans.size())) {
      out.errors.push_back("The unit has no iterative loop number " + std::to_string(region + 1));
      return out;
    }
    if (!timesKnown) {
      options.phaseTimes = phaseTimesOf(*r.plan);
      timesKnown = true;
    }
    out.points.push_back(pointOf(*r.plan, region, x));
    if (options.cancel && options.cancel->load())
      break;
  }
  for (std::size_t k = 1; k < out.points.size() && !out.flip; ++k) {
    const auto& a = out.points[k - 1];
    const auto& b = out.points[k];
    if (a.dynamicChosen == b.dynamicChosen)
      continue;
    const double da = a.staticTotal - a.dynamicTotal, db = b.staticTotal - b.dynamicTotal;
    out.flip = da == db ? b.x : a.x + (b.x - a.x) * da / (da - db);
  }
  return out;
}

} // namespace

DecisionSweep sweepProcessors(const program::Unit& unit, const machine::MachineProfile& machine,
                              const symbolic::Bindings& values, DistributeOptions options,
                              const std::vector<int>& processors, int region)
{
  std::vector<double> xs(processors.begin(), processors.end());
  return sweep(unit, machine, values, std::move(options), xs, region,
               [](double x, DistributeOptions& o, machine::MachineProfile&) { o.processors = static_cast<int>(x); });
}

DecisionSweep sweepByteTime(const program::Unit& unit, const machine::MachineProfile& machine,
                            const symbolic::Bindings& values, DistributeOptions options,
                            const std::vector<double>& byteTimes, int region)
{
  return sweep(unit, machine, values, std::move(options), byteTimes, region,
               [](double x, DistributeOptions&, machine::MachineProfile& m) { m.byteTime = x; });
}

} // namespace ps::ddt

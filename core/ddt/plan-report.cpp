#include "ddt/plan-report.h"

#include "support/text.h"

#include <cstdio>
#include <sstream>

namespace ps::ddt {
namespace {

using nlohmann::json;

json staticsJson(const std::vector<StaticSolution>& statics)
{
  json out = json::array();
  for (const auto& s : statics)
    out.push_back({{"mapping", s.mapping.str()},
                   {"grid", s.mapping.gridText()},
                   {"movement_s", s.movement},
                   {"computation_s", s.computation},
                   {"total_s", s.total()}});
  return out;
}

json dynamicJson(const Plan& plan, const DynamicSolution& d)
{
  json mappings = json::array();
  for (std::size_t k = 0; k < d.mappings.size(); ++k)
    if (d.candidate[k] >= 0)
      mappings.push_back({{"phase", plan.phases[k].phase.id}, {"mapping", d.mappings[k].str()},
                          {"candidate", d.candidate[k]}});
  json remaps = json::array();
  for (const auto& r : d.remaps)
    remaps.push_back({{"before_phase", r.beforePhase}, {"line", r.line}, {"arrays", r.arrays}, {"from", r.from},
                      {"to", r.to}, {"bytes", r.bytes}, {"count", r.count}, {"cost_s", r.cost},
                      {"realign", r.realign}});
  if (d.candidate.empty())
    return {{"searched", false}};
  return {{"searched", true},
          {"total_s", d.total},         {"computation_s", d.computation}, {"movement_s", d.movement},
          {"remapping_s", d.remapping}, {"cheaper_than_static", d.found},  {"mappings", mappings},
          {"remaps", remaps}};
}

json phaseJson(const PhasePlan& pp)
{
  json candidates = json::array();
  for (const auto& c : pp.analysis.candidates)
    candidates.push_back({{"mapping", c.mapping.str()},
                          {"grid", c.mapping.gridText()},
                          {"movement_s", c.cost.movement},
                          {"computation_s", c.cost.computation},
                          {"parallel", c.cost.parallel()},
                          {"parallelism", c.cost.parallelism},
                          {"parallel_loops", c.cost.parallelLoops}});
  json alignment = json::object();
  for (const auto& [array, axes] : pp.analysis.alignment.axis)
    alignment[array] = {{"axes", axes}, {"offsets", pp.analysis.alignment.offset.count(array)
                                                        ? json(pp.analysis.alignment.offset.at(array))
                                                        : json::array()}};
  return {{"id", pp.phase.id},
          {"lines", {pp.phase.firstLine, pp.phase.lastLine}},
          {"frequency", pp.frequency},
          {"sequential_s", pp.analysis.sequentialTime},
          {"time_source", pp.analysis.timeSource},
          {"parallel_loops", std::vector<std::string>(pp.analysis.parallelVariables.begin(),
                                                      pp.analysis.parallelVariables.end())},
          {"alignment", alignment},
          {"candidates", candidates}};
}

json sequenceJson(const Plan& plan, const SequencePlan& s)
{
  return {{"static", staticsJson(s.statics)},
          {"dynamic", dynamicJson(plan, s.dynamic)},
          {"chosen", s.dynamicChosen ? "dynamic" : "static"},
          {"chosen_total_s", s.chosenTotal()}};
}

std::string seconds(double s)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", s);
  return buf;
}

void sequenceText(std::ostringstream& o, const SequencePlan& s, const std::string& indent)
{
  for (const auto& st : s.statics)
    o << indent << "static " << st.mapping.str() << " onto " << st.mapping.gridText() << ": " << seconds(st.total())
      << " s (movement " << seconds(st.movement) << ", computation " << seconds(st.computation) << ")\n";
  if (s.dynamic.candidate.empty()) {
    o << indent << "dynamic: not searched (static only)\n";
  } else {
    const auto& d = s.dynamic;
    o << indent << "dynamic" << (d.found ? "" : " (preferred mapping per phase, not cheaper)") << ": "
      << seconds(d.total) << " s (computation " << seconds(d.computation) << ", movement " << seconds(d.movement)
      << ", remapping " << seconds(d.remapping) << ")\n";
    for (const auto& r : d.remaps) {
      std::string arrays;
      for (const auto& a : r.arrays)
        arrays += (arrays.empty() ? "" : ",") + a;
      o << indent << "  remap " << arrays << " " << r.from << " -> " << r.to << " before phase " << r.beforePhase
        << " (line " << r.line << "): " << formatNumber(r.bytes) << " B x " << formatNumber(r.count) << " = "
        << seconds(r.cost) << " s\n";
    }
  }
  o << indent << "chosen: " << (s.dynamicChosen ? "dynamic" : "static") << " (" << seconds(s.chosenTotal())
    << " s)\n";
}

} // namespace

nlohmann::json planToJson(const Plan& plan, const std::string& hpf)
{
  json phases = json::array();
  for (const auto& pp : plan.phases)
    phases.push_back(phaseJson(pp));
  json regions = json::array();
  for (const auto& rp : plan.regionPlans) {
    json r = sequenceJson(plan, rp.plan);
    r["lines"] = {rp.region.firstLine, rp.region.lastLine};
    r["iterations"] = rp.region.iterations;
    json ids = json::array();
    for (const auto& pp : plan.phases)
      for (int reg : pp.phase.regions)
        if (plan.regions[reg].loop == rp.region.loop)
          ids.push_back(pp.phase.id);
    r["phases"] = ids;
    regions.push_back(r);
  }
  json out = sequenceJson(plan, plan.whole);
  out["unit"] = plan.unit;
  out["processors"] = plan.processors;
  out["machine"] = plan.machine;
  out["max_distributed_dims"] = plan.maxDistributedDims;
  out["phases"] = phases;
  out["regions"] = regions;
  const auto& st = plan.whole.dynamic.stats;
  out["search"] = {{"nodes", st.nodes}, {"pruned", st.pruned}, {"cancelled", st.cancelled}};
  out["notes"] = plan.notes;
  out["hpf"] = hpf;
  return out;
}

std::string planToText(const Plan& plan)
{
  std::ostringstream o;
  o << "Distribution plan for " << plan.unit << " on " << plan.processors << " processors (" << plan.machine
    << ")\n\nphase  lines      freq  grid  candidate                  movement_s  computation_s\n";
  for (const auto& pp : plan.phases) {
    bool first = true;
    for (const auto& c : pp.analysis.candidates) {
      char head[64];
      std::snprintf(head, sizeof head, "%-6s %-10s %-5s", first ? std::to_string(pp.phase.id).c_str() : "",
                    first ? (std::to_string(pp.phase.firstLine) + "-" + std::to_string(pp.phase.lastLine)).c_str()
                          : "",
                    first ? formatNumber(pp.frequency).c_str() : "");
      char row[256];
      std::snprintf(row, sizeof row, "%s %-5s %-26s %-11s %s%s\n", head, c.mapping.gridText().c_str(),
                    c.mapping.str().c_str(),
                    seconds(c.cost.movement).c_str(), seconds(c.cost.computation).c_str(),
                    c.cost.parallel() ? "" : "  (sequential)");
      o << row;
      first = false;
    }
  }
  o << "\nWhole unit:\n";
  sequenceText(o, plan.whole, "  ");
  for (const auto& rp : plan.regionPlans) {
    o << "\nIterative loop at lines " << rp.region.firstLine << "-" << rp.region.lastLine << " ("
      << rp.region.iterations << (rp.region.iterations == 1 ? " iteration):\n" : " iterations):\n");
    sequenceText(o, rp.plan, "  ");
  }
  const auto& st = plan.whole.dynamic.stats;
  o << "\nsearch: " << st.nodes << " nodes, " << st.pruned << " pruned" << (st.cancelled ? " (cancelled)" : "")
    << "\n";
  for (const auto& n : plan.notes)
    o << "note: " << n << "\n";
  return o.str();
}

} // namespace ps::ddt

#include "estimate/comparison.h"

#include "estimate/unit-estimator.h"
#include "mapping/mapping-builder.h"

#include <algorithm>

namespace ps::estimate {
namespace {

std::string describeLoops(const program::ProgramModel& model)
{
  std::string lines;
  int shown = 0;
  for (const auto& unit : model.units) {
    for (const auto& loop : unit.loops) {
      if (loop.depth == 0 && shown++ < 12)
        lines += (lines.empty() ? "" : ", ") + std::to_string(loop.line);
    }
  }
  return lines.empty() ? "the program has no DO loops" : "outermost DO loops start at lines " + lines;
}

/// The directives' mapping is the one in force at the loop's DO statement
/// (REDISTRIBUTE and REALIGN above it apply).
mapping::MappingResult buildMapping(const VariantRequest& v, const program::Unit& unit, int loopLine,
                                    const symbolic::Bindings& values,
                                    const std::optional<mapping::ProcessorsArrangement>& procs)
{
  if (v.spec)
    return mapping::mappingFromSpec(*v.spec, unit, values, procs.value_or(mapping::ProcessorsArrangement{}));
  return mapping::mappingFromDirectives(unit, values, procs, loopLine);
}

template <typename Result>
void collectProblems(const Result& from, const std::string& prefix, ComparisonResult& into)
{
  for (const auto& e : from.errors)
    if (std::find(into.errors.begin(), into.errors.end(), prefix + e) == into.errors.end())
      into.errors.push_back(prefix + e);
  symbolic::addMissing(into.missing, from.missing);
}

} // namespace

ComparisonResult compare(const program::ProgramModel& model, const ComparisonRequest& request,
                         const machine::MachineProfile& machine)
{
  if (!request.unitName.empty() || request.program)
    return compareUnit(model, request, machine);
  ComparisonResult result;
  auto found = model.loopAtLine(request.loopLine);
  if (!found) {
    result.errors.push_back("No DO statement on line " + std::to_string(request.loopLine) + "; " +
                            describeLoops(model));
    return result;
  }
  result.unit = found->first;
  result.loop = found->second;
  result.values = request.values;
  std::vector<std::optional<mapping::ProcessorsArrangement>> points(request.procs.begin(), request.procs.end());
  if (points.empty())
    points.push_back(std::nullopt);
  for (const auto& v : request.variants) {
    VariantResult vr{v.name, v.spec ? v.spec->text : "HPF directives", "", {}};
    for (const auto& procs : points) {
      auto m = buildMapping(v, *result.unit, result.loop->line, result.values, procs);
      if (!m.mapping) {
        collectProblems(m, "Variant " + v.name + ": ", result);
        break;
      }
      vr.mapping = m.mapping->str(); // the last (largest) arrangement is the one shown
      auto e = estimateNest(*result.unit, *result.loop, *m.mapping, machine, result.values, request.options);
      if (!e.estimate) {
        collectProblems(e, "", result);
        break;
      }
      vr.points.push_back(std::move(*e.estimate));
    }
    result.variants.push_back(std::move(vr));
  }
  return result;
}

} // namespace ps::estimate

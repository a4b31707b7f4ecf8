#include "estimate/reference-plan.h"

namespace ps::estimate {

void ReferencePlan::element(const std::vector<std::int64_t>& values, std::int64_t* index) const
{
  for (std::size_t d = 0; d < subscripts.size(); ++d)
    index[d] = subscripts[d].at(values);
}

std::int64_t ReferencePlan::linear(const std::int64_t* index) const
{
  std::int64_t n = 0;
  for (std::size_t d = subscripts.size(); d-- > 0;)
    n = n * (extent[d] + 2) + (index[d] - lower[d] + 1); // +2: one halo element each side stays distinct
  return n;
}

std::optional<ReferencePlan> planReference(const program::ArrayReference& ref, const program::Unit& unit,
                                           const IterationSpace& space, const mapping::Mapping& mapping,
                                           const symbolic::Bindings& values, symbolic::EvaluationError* error)
{
  ReferencePlan plan;
  plan.ref = &ref;
  plan.map = mapping.array(ref.array);
  const auto* symbol = unit.symbol(ref.array);
  if (!symbol || ref.subscripts.size() != symbol->dims.size() || !ref.allAffine()) {
    *error = {{}, "Reference '" + ref.text() + "' at line " + std::to_string(ref.line) + " is not affine"};
    return std::nullopt;
  }
  plan.elementBytes = symbol->elementBytes;
  for (std::size_t d = 0; d < symbol->dims.size(); ++d) {
    auto lo = symbol->dims[d].lower.evaluate(values);
    auto hi = symbol->dims[d].upper.evaluate(values);
    plan.lower.push_back(lo.value_or(1));
    plan.extent.push_back(std::max<std::int64_t>(hi.value_or(1) - lo.value_or(1) + 1, 1));
    auto sub = space.numeric(ref.subscripts[d].affine, values, "the subscripts of '" + ref.text() + "' at line " +
                             std::to_string(ref.line), error);
    if (!sub)
      return std::nullopt;
    plan.subscripts.push_back(*sub);
  }
  return plan;
}

} // namespace ps::estimate

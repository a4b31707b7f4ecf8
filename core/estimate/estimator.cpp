#include "estimate/estimator.h"

#include "estimate/compiled-estimate.h"

namespace ps::estimate {

EstimateResult estimateNest(const program::Unit& unit, const program::Loop& nest, const mapping::Mapping& mapping,
                            const machine::MachineProfile& machine, const symbolic::Bindings& values,
                            const EstimateOptions& options)
{
  // One evaluation of the compiled form: every estimate checks the path sweeps use.
  return CompiledNestEstimate(unit, nest, mapping, machine, options).evaluate(values, mapping);
}

} // namespace ps::estimate

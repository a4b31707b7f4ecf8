#pragma once
// An estimate compiled once and evaluated at many (N, P) points (issue 9):
// the analysis that depends on neither the values of the unknowns nor the
// processors arrangement is done at construction, the rest per point.
//
// Compile (mapping structure only: which arrays are distributed, their
// alignment, the processors rank): which statements are estimated and the
// notes of those that are not, the distributed reads of each statement, the
// executing (owner) reference (write, guarded write, reduction read, user of
// a NEW scalar) and its notes, reductions, the work formulas (work-formula.h),
// the cost of an instance, the references the cache model counts.
// Per values of the unknowns (remembered for the last values, so a sweep
// over P at one N does it once): iteration spaces, reference subscripts,
// the flow dependences (isl) and the placement of each read.
// Per point: everything that reads the mapping's sizes (work per processor,
// messages, cache lines, the parallel schedule) and the notes that name
// numbers of the point.
// Source: P3T+ Defs. 3.1-3.3 (wd), 3.4-3.5 (nt, td, tt), 3.7-3.8 (ct), 3.10 (cm).

#include "estimate/estimator.h"

#include <memory>

namespace ps::estimate {

/// The end of a nest's note on a CALL in it ("CALL 'relax' at line 12" and
/// this): a unit's or program's estimate, which counts the call as a part
/// of its own, drops the notes ending so.
inline constexpr const char* kCallLeftOut =
  " is not estimated in a loop's estimate (estimate its unit or the program to count the call: --unit, --program)";

/// The compiled estimate of the nest rooted at `nest` of `unit`. Keeps
/// references to `unit`, `nest` and `machine`: they must outlive it. Not
/// thread-safe (evaluate remembers the last values): one per thread.
class CompiledNestEstimate {
public:
  /// Analyses the nest under the structure of `mapping` (its sizes and
  /// arrangement are not read).
  CompiledNestEstimate(const program::Unit& unit, const program::Loop& nest, const mapping::Mapping& mapping,
                       const machine::MachineProfile& machine, const EstimateOptions& options = {});
  ~CompiledNestEstimate();
  CompiledNestEstimate(CompiledNestEstimate&&) noexcept;
  CompiledNestEstimate& operator=(CompiledNestEstimate&&) noexcept;

  /// The estimate at `values` of the unknowns under `mapping` (built for
  /// those values and the point's arrangement): equal, field by field, to
  /// estimateNest with the same arguments. A mapping of another structure
  /// than the compiled one recompiles first (correct, not fast).
  EstimateResult evaluate(const symbolic::Bindings& values, const mapping::Mapping& mapping);

  /// True when `mapping` has the compiled structure (evaluate then only evaluates).
  bool compiledFor(const mapping::Mapping& mapping) const;

  /// Whether the next evaluations describe closed forms (EstimateOptions::formulas).
  void setFormulas(bool on);

  struct State; // the compiled statements and the last values' memo (compiled-estimate.cpp)

private:
  std::unique_ptr<State> m_state;
};

} // namespace ps::estimate

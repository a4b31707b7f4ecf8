#pragma once
// An array reference made numeric for one iteration space and one mapping:
// its subscripts as NumericAffine functions of the loop variables, and the
// owner of the element it touches in a given iteration.

#include "estimate/iteration-space.h"
#include "mapping/mapping.h"

#include <boost/container/small_vector.hpp>

#include <initializer_list>
#include <optional>

namespace ps::estimate {

struct ReferencePlan {
  const program::ArrayReference* ref = nullptr;
  const mapping::ArrayMapping* map = nullptr; // nullptr: replicated (a copy everywhere)
  std::vector<NumericAffine> subscripts;      // one per array dimension (at most 8)
  int elementBytes = 8;
  /// Some subscript is not affine (A(P,J), P = IPIV(K)) in a dimension the
  /// mapping does not distribute: the dimension's lower bound stands in for
  /// it, since the element's owner follows the other subscripts alone; one
  /// element per iteration is counted where the real one may differ.
  bool standIn = false;

  /// Element index touched at iteration `values`.
  void element(const std::vector<std::int64_t>& values, std::int64_t* index) const;
};

/// Whether dimension `dim` (0-based) of the array `a` maps onto a
/// processors dimension: its template dimension is distributed. False for
/// nullptr (a replicated array).
bool distributedDimension(const mapping::Mapping& mapping, const mapping::ArrayMapping* a, int dim);

/// Builds the plan; nullopt with `error` when a subscript in a distributed
/// dimension is not affine (one elsewhere gets a stand-in:
/// ReferencePlan::standIn), or a subscript cannot be evaluated.
std::optional<ReferencePlan> planReference(const program::ArrayReference& ref, const program::Unit& unit,
                                           const IterationSpace& space, const mapping::Mapping& mapping,
                                           const symbolic::Bindings& values, symbolic::EvaluationError* error);

/// planReference with everything that does not depend on the values of the
/// unknowns done once for the spaces a CompiledSpace builds: the checks and
/// the subscripts taken apart, so that planning at new values is a few
/// multiply-adds per subscript. Keeps references to `ref` and `unit`.
class CompiledPlan {
public:
  CompiledPlan(const program::ArrayReference& ref, const program::Unit& unit, const CompiledSpace& space);

  /// planReference(ref, unit, space, mapping, values, error), `space` built
  /// by the compiled space at `values`: the same plan or the same error.
  std::optional<ReferencePlan> plan(const IterationSpace& space, const mapping::Mapping& mapping,
                                    const symbolic::Bindings& values, symbolic::EvaluationError* error) const;

  /// plan() into `out`, reusing its storage (a sweep over N plans at every
  /// point); false with `error`, `out` unspecified, where plan gives nullopt.
  bool planInto(const IterationSpace& space, const mapping::Mapping& mapping, const symbolic::Bindings& values,
                ReferencePlan& out, symbolic::EvaluationError* error) const;

  /// False when plan falls back to planReference at every values.
  bool compiled() const { return m_compiled; }

private:
  const program::ArrayReference* m_ref;
  const program::Unit* m_unit;
  int m_elementBytes = 8;
  std::vector<CompiledAffine> m_subscripts; // one per dimension
  bool m_compiled = false;                  // false: planReference every time
};

/// The owner of the element a reference touches as the innermost loop
/// variable v runs with the outer loop values fixed: per processors
/// dimension a fixed coordinate (-1: every coordinate, replicated data) or
/// the template index a*v + b under `dist`.
struct OwnerLine {
  struct Dim {
    const mapping::DimensionDistribution* dist = nullptr;
    std::int64_t a = 0, b = 0;
    std::int64_t fixed = -1; // used when a == 0
  };
  boost::container::small_vector<Dim, 4> dims; // one per processors dimension (inline: a cache count builds one per level)

  /// Owner coordinates at v (`coords` has one entry per processors dimension).
  void coordsAt(std::int64_t v, std::int64_t* coords) const;
  /// How many further iterations v+step, v+2*step, ... keep the owner of v
  /// (INT64_MAX when the owner never changes).
  std::int64_t sameOwnerRun(std::int64_t v, std::int64_t step) const;
};

/// The owner line of `plan` along loop level `level` (its entry in `values`
/// is ignored). A null plan or a replicated array gives all -1 coordinates.
OwnerLine ownerLine(const ReferencePlan* plan, const mapping::Mapping& mapping, const std::vector<std::int64_t>& values,
                    int level);

/// The template index a reference touches on processors dimension `pd`, as
/// an affine function of the loop variables, and the distribution of that
/// template dimension. `defined` is false when the reference's array is
/// replicated along pd (every coordinate holds a copy) or not distributed.
struct TemplateIndex {
  bool defined = false;
  NumericAffine index;
  const mapping::DimensionDistribution* dist = nullptr;
};
TemplateIndex templateIndex(const ReferencePlan& plan, const mapping::Mapping& mapping, int pd);

/// True when nothing inside levels count..depth()-1 depends on the
/// variables of levels 0..count-1: neither the inner loop bounds nor the
/// subscripts of `plans` (null entries are skipped). Then every iteration of
/// those outer levels does the same work and moves the same data.
bool independentOfOuter(const IterationSpace& space, int count, std::initializer_list<const ReferencePlan*> plans);

/// True when every iteration of the loop levels first..depth-1 reads
/// another element: each of those levels has a subscript it alone (among
/// them) drives, so the element determines the iteration.
bool readsDistinctElements(const ReferencePlan& read, int first, int depth);

/// Calls f(p) for every linear processor number whose coordinates match
/// `coords` (-1 matches every coordinate of that dimension).
template <typename F>
void forEachProcessor(const mapping::ProcessorsArrangement& procs, const std::int64_t* coords, F&& f)
{
  std::int64_t linear = 0, stride = 1;
  bool fixed = true;
  for (int d = 0; d < procs.rank(); ++d) { // column-major, as ProcessorsArrangement::linear
    fixed = fixed && coords[d] >= 0;
    linear += coords[d] * stride;
    stride *= procs.shape[d];
  }
  if (fixed) // the common case, without allocating: this runs per remote element
    return f(linear);
  const auto total = procs.count();
  for (std::int64_t p = 0; p < total; ++p) {
    std::int64_t rest = p;
    bool match = true;
    for (int d = 0; d < procs.rank() && match; ++d) {
      const auto cd = rest % procs.shape[d];
      rest /= procs.shape[d];
      match = coords[d] < 0 || coords[d] == cd;
    }
    if (match)
      f(p);
  }
}

} // namespace ps::estimate

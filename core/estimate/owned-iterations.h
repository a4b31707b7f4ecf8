#pragma once
// Per-processor iteration counts of a statement in closed form: the
// iteration space and the owner-computes condition become one system of
// affine inequalities per processor, counted by the symbolic sum algorithm
// without enumerating iterations. BLOCK, BLOCK(m), CYCLIC(k) and collapsed
// dimensions, alignment strides and offsets, loop steps, triangular bounds.
// Source: P3T+, Section 3.1 (work(k) as the number of integer solutions of
// the loop bounds plus the ownership constraints of processor k, Eq. 4).

#include "estimate/reference-plan.h"
#include "symbolic/lattice-count.h"

#include <boost/container/small_vector.hpp>

#include <optional>
#include <string>
#include <vector>

namespace ps::estimate {

/// The iteration space as an integer system: one variable per loop level
/// (the loop variable itself for steps +1 and -1, the trip number
/// 0, 1, 2, ... otherwise), and each loop variable as an affine function of
/// those variables (`loopValue[k]` has one coefficient per level).
struct LoopSystem {
  symbolic::IntegerSystem system;
  std::vector<NumericAffine> loopValue;
};

/// f (over the loop variables) with every loop variable v_k replaced by
/// loopValue[k]: an affine function of the system's first `vars`
/// variables. Throws std::overflow_error when a coefficient overflows.
NumericAffine composeLoops(const NumericAffine& f, const std::vector<NumericAffine>& loopValue, int vars);

/// One part of what a processor coordinate owns along a template
/// dimension: lo <= t <= hi, and for CYCLIC(k) in-range parts also
/// t - lb = k*(P*q + c) + s with 0 <= s < k (q a new variable).
struct OwnedPart {
  std::optional<std::int64_t> lo, hi;
  bool cyclic = false;
};

/// The template indices coordinate c owns along `d`, as disjoint parts, as
/// in DimensionDistribution::owner (indices outside lb..ub belong to the
/// owner of the nearest bound). Throws std::overflow_error on overflow.
/// At most three parts (CYCLIC: the cycles and the two outer ranges), inline.
using OwnedParts = boost::container::small_vector<OwnedPart, 3>;
OwnedParts ownedParts(const mapping::DimensionDistribution& d, std::int64_t c);

/// Adds to `s` that the template index `f` (over the system's variables)
/// lies in `part` of coordinate c; a cyclic part uses variable `q` for the
/// number of the cycle. Throws std::overflow_error on overflow.
void constrainToPart(symbolic::IntegerSystem& s, const NumericAffine& f, const OwnedPart& part,
                     const mapping::DimensionDistribution& d, std::int64_t c, int q);

/// Builds the system of `space`; nullopt with `why` when a coefficient
/// overflows 64 bits.
std::optional<LoopSystem> loopSystem(const IterationSpace& space, std::string* why);

/// Number of iterations of `space`, counted without enumeration; nullopt
/// with `why` when the count fails (see symbolic::countPoints).
std::optional<double> countIterations(const IterationSpace& space, std::string* why);

/// The share of the iterations of `space` where every guard holds (a
/// statement's Statement::guards: IF (I .NE. K) keeps all but one I in each
/// K), counted without enumeration; `.NE.` guards (at most three) by
/// inclusion-exclusion over their equalities. With `levels` >= 0, of the
/// iterations of levels 0..levels-1 only, under the guards on those levels
/// (an IF outside the loops an exchange is vectorized out of). nullopt when
/// a guard names a variable without a value (a loop outside the nest), a
/// count fails, or the space is empty.
/// Source: P3T+, Sec. 3.1 (the conditional statement's constraints join the
/// loop bounds' in the symbolic sum; the share stands in for the branch
/// probability where no profile run measured it).
std::optional<double> guardedIterationShare(const IterationSpace& space,
                                            const std::vector<symbolic::AffineCondition>& guards,
                                            const symbolic::Bindings& values, int levels = -1);

/// countOwnedIterations of the iterations where every guard holds, as
/// guardedIterationShare counts them: work(p) before the other branch
/// probabilities (IF (I .GT. J) under (BLOCK,*) leaves the upper rows more).
std::optional<std::vector<double>> countGuardedOwnedIterations(const IterationSpace& space, const ReferencePlan* owner,
                                                               const mapping::Mapping& mapping,
                                                               const std::vector<symbolic::AffineCondition>& guards,
                                                               const symbolic::Bindings& values);

/// IterationSpace::outerCount without the enumeration: the iterations of
/// levels 0..count-1 counted in closed form, and the values of the first one
/// (depth() entries; deeper ones zero). Falls back to the enumeration when
/// the count fails or the first iteration is not the first of each range;
/// beyond 2^63 iterations it returns INT64_MAX (a walk would never end).
std::int64_t countOuterIterations(const IterationSpace& space, int count, std::vector<std::int64_t>* first);

/// The number of iterations of levels 0..count-1 as a double, in closed
/// form (any size; enumerated only when the count fails).
double outerIterations(const IterationSpace& space, int count);

/// work(p) before branch probabilities: the iterations processor p executes
/// when the owner of `owner`'s element executes each (nullptr or a
/// replicated array: every processor executes every iteration), for
/// p = 0..P-1 in the arrangement's linear order. Exact; nullopt with `why`
/// when the count fails.
std::optional<std::vector<double>> countOwnedIterations(const IterationSpace& space, const ReferencePlan* owner,
                                                        const mapping::Mapping& mapping, std::string* why);

} // namespace ps::estimate

#pragma once
// Work per processor under the owner-computes rule, and the work
// distribution goodness. Source: P3T+, Defs. 3.1-3.3.

#include "estimate/reference-plan.h"
#include "estimate/work-formula.h"

#include <string>
#include <vector>

namespace ps::estimate {

/// How often each processor executes one statement (statement instances,
/// weighted by the statement's branch probability).
struct StatementWork {
  int statementId = 0;
  int line = 0;
  std::vector<double> work; // per processor, in processor order 0..P-1
  double frequency = 0;     // executions in the sequential program
  double wd = 0;            // Def. 3.2
  bool replicated = false;  // executed by every processor
  std::string note;         // why the closed form failed, when the work was enumerated instead
  /// The compiled closed form of work(S, k) and W(S), when the statement
  /// has one (shown by --formulas and the Formulas view); `closedForm` is
  /// true when this estimate's numbers are its values (for a box nest
  /// counted as the separable product, the same exact counts, cheaper).
  std::shared_ptr<const WorkFormula> formula;
  bool closedForm = false;
  std::string formulaWhy;             // why there is no closed form, or why it was not used here
  std::vector<std::string> ownership; // what LB_d, UB_d are under this mapping
  double cost = 0;                    // seconds per instance on the machine profile (Def. 3.7)
  double probability = 1;             // branch probability applied to the counts
  /// The part of `probability` that is the share of the iterations its
  /// affine IF conditions keep, counted per processor in `work` (1 where
  /// none were counted): --formulas' CT(k) weighs the counts of the
  /// iterations by cost * probability / countedShare.
  double countedShare = 1;
  double cm = 0;            // cache misses of the access classes it leads, mean over processors (cache-misses.h)
};

/// Counts work(S, p) for every processor p. `owner` is the reference whose
/// owner executes S (the left-hand side, or a reduction's operand); nullptr
/// means every processor executes every iteration.
/// Exact for affine nests, in closed form (owned-iterations.h): the cost
/// does not grow with the trip counts. When the closed form fails (a bound
/// overflows, too many case splits), the iterations are enumerated and
/// `note` says so.
/// With `formula` (compiled for this statement, owner and mapping
/// structure), the counts come from its closed forms at `values` when it
/// can evaluate them: no analysis at all.
StatementWork countWork(const IterationSpace& space, const ReferencePlan* owner, const mapping::Mapping& mapping,
                        double probability, const WorkFormula* formula = nullptr,
                        const symbolic::Bindings* values = nullptr);

/// work(S, p) by enumerating the outer loops (the innermost loop per
/// processor in closed form): the test oracle of countWork and its
/// fallback. Cost grows with the product of the outer trip counts.
std::vector<double> enumerateWork(const IterationSpace& space, const ReferencePlan* owner,
                                  const mapping::Mapping& mapping);

/// Def. 3.2: wd(S) = stddev_p(work(S,p)) / owork(S), owork(S) = mean over the
/// processors in P^A (Def. 3.1), population standard deviation; 0 when there
/// is no work. Range 0 <= wd <= sqrt(|P^A| - 1), reached when one processor
/// does all the work: the paper states |P^A| - 1, which is the bound of the
/// squared coefficient of variation and contradicts its own formula; the
/// formula is followed (reproduction-targets R18).
double workDistributionGoodness(const std::vector<double>& work);

/// Def. 3.3: wd(E) = sum_S freq(S) / sum_S' freq(S') * wd(S).
double loopGoodness(const std::vector<StatementWork>& statements);

} // namespace ps::estimate

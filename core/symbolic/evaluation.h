#pragma once
// Evaluating an expression for given values of the unknowns, with the reason
// when it has no integer value. The one place that words "the value of 'n'
// is needed", so the CLI and GUI can ask for exactly the missing unknowns.

#include "symbolic/expr.h"

#include <optional>
#include <string>
#include <vector>

namespace ps::symbolic {

/// Why an expression could not be evaluated. `missing` names the unknowns
/// without a value (empty for other reasons); `message` is one sentence.
struct EvaluationError {
  std::vector<std::string> missing;
  std::string message;

  bool missingValues() const { return !missing.empty(); }
};

/// The integer value of `e` for `values`. Otherwise nullopt, and `error`
/// says why, naming `what` ("the extent of 'a'").
std::optional<std::int64_t> evaluateFor(const Expr& e, const Bindings& values, const std::string& what,
                                        EvaluationError* error);

/// The iterations of DO v = first, last, step: Fortran's trip count
/// max(0, (last - first + step) / step).
struct LoopRange {
  std::int64_t first = 0, step = 1, count = 0;
};

/// The range of a DO loop with bounds `lower`, `upper`, `step` for `values`;
/// nullopt with `error` when a bound has no value (naming the unknowns) or
/// the step is 0 (no unknowns named).
std::optional<LoopRange> loopRangeFor(const Expr& lower, const Expr& upper, const Expr& step, const Bindings& values,
                                      const std::string& what, EvaluationError* error);

/// Appends the names in `names` that `into` does not hold yet, in order.
void addMissing(std::vector<std::string>& into, const std::vector<std::string>& names);

/// "'n', 'k'" for a list of names.
std::string quotedList(const std::vector<std::string>& names);

} // namespace ps::symbolic

#include "symbolic/evaluation.h"

#include <algorithm>

namespace ps::symbolic {

std::string quotedList(const std::vector<std::string>& names)
{
  std::string s;
  for (const auto& n : names)
    s += (s.empty() ? "'" : ", '") + n + "'";
  return s;
}

std::optional<std::int64_t> evaluateFor(const Expr& e, const Bindings& values, const std::string& what,
                                        EvaluationError* error)
{
  if (auto v = e.evaluate(values))
    return v;
  error->missing.clear();
  for (const auto& n : e.symbols()) {
    if (!values.count(n))
      error->missing.push_back(n);
  }
  error->message = error->missingValues()
                       ? "The value of " + quotedList(error->missing) + " is needed for " + what
                       : "Cannot evaluate " + what + " ('" + e.str() + "')";
  return std::nullopt;
}

std::optional<LoopRange> loopRangeFor(const Expr& lower, const Expr& upper, const Expr& step, const Bindings& values,
                                      const std::string& what, EvaluationError* error)
{
  // all three bounds, so that `error` names every unknown they need
  EvaluationError lowerError, upperError, stepError;
  auto lo = evaluateFor(lower, values, what, &lowerError);
  auto hi = evaluateFor(upper, values, what, &upperError);
  auto st = evaluateFor(step, values, what, &stepError);
  if (!lo || !hi || !st) {
    std::vector<std::string> missing;
    for (const auto* e : {&lowerError, &upperError, &stepError})
      addMissing(missing, e->missing);
    *error = !lo ? lowerError : !hi ? upperError : stepError;
    if (!missing.empty())
      *error = {missing, "The value of " + quotedList(missing) + " is needed for " + what};
    return std::nullopt;
  }
  if (*st == 0) {
    *error = {{}, "The step of " + what + " is 0"};
    return std::nullopt;
  }
  return LoopRange{*lo, *st, std::max<std::int64_t>(0, (*hi - *lo + *st) / *st)};
}

void addMissing(std::vector<std::string>& into, const std::vector<std::string>& names)
{
  for (const auto& n : names)
    if (std::find(into.begin(), into.end(), n) == into.end())
      into.push_back(n);
}

} // namespace ps::symbolic

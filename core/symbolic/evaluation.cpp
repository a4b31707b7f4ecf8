#include "symbolic/evaluation.h"

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

} // namespace ps::symbolic

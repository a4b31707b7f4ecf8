#include "symbolic/int-polynomial.h"

#include <algorithm>
#include <limits>

namespace ps::symbolic {

std::optional<IntPolynomial> IntPolynomial::from(const Expr& e)
{
  const auto terms = e.integerTerms();
  if (!terms)
    return std::nullopt;
  const auto names = e.symbols();
  if (names.size() > 32)
    return std::nullopt; // indices are bytes; no bound or subscript comes near
  IntPolynomial p;
  for (const auto& name : names) // even those that cancel: Expr::evaluate needs their values too
    p.symbolIndex(name);
  for (const auto& t : *terms) {
    Term term{t.coefficient, {}};
    for (const auto& name : t.factors)
      term.factors.push_back(p.symbolIndex(name));
    p.m_terms.push_back(std::move(term));
  }
  return p;
}

std::uint8_t IntPolynomial::symbolIndex(const std::string& name)
{
  const auto it = std::find(m_symbols.begin(), m_symbols.end(), name);
  if (it != m_symbols.end())
    return static_cast<std::uint8_t>(it - m_symbols.begin());
  m_symbols.push_back(name);
  return static_cast<std::uint8_t>(m_symbols.size() - 1);
}

std::optional<std::int64_t> IntPolynomial::evaluate(const Bindings& values) const
{
  boost::container::small_vector<std::int64_t, 2> x; // each symbol looked up once
  for (const auto& name : m_symbols) {
    const auto it = values.find(name);
    if (it == values.end())
      return std::nullopt;
    x.push_back(it->second);
  }
  std::int64_t sum = 0;
  for (const auto& t : m_terms) {
    std::int64_t product = t.coefficient;
    for (auto f : t.factors)
      if (__builtin_mul_overflow(product, x[f], &product))
        return std::nullopt;
    if (__builtin_add_overflow(sum, product, &sum))
      return std::nullopt;
  }
  if (sum == std::numeric_limits<std::int64_t>::min()) // Expr::evaluate has no value for it
    return std::nullopt;
  return sum;
}

} // namespace ps::symbolic

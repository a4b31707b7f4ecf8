#pragma once
// A polynomial with integer coefficients in the unknowns, taken apart once
// from an Expr so that evaluating it at new values is a few 64-bit
// multiply-adds instead of a walk of GiNaC's tree (expr.h): the constants
// of loop bounds and subscripts (n, n - 1, 2*n*m) are evaluated at every
// new N of a sweep (estimate/compiled-estimate.h).

#include "symbolic/expr.h"

#include <boost/container/small_vector.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps::symbolic {

class IntPolynomial {
public:
  IntPolynomial() = default; // the integer 0

  /// `e` expanded into terms c * x1^k1 * ... with integer c that fit in 64
  /// bits; nullopt when it is not such a polynomial (a quotient, a rational
  /// coefficient, an exponent that is not a small non-negative integer).
  static std::optional<IntPolynomial> from(const Expr& e);

  /// The value at `values`, exactly Expr::evaluate's where this succeeds;
  /// nullopt when a symbol has no value or an intermediate result leaves
  /// 64 bits (or is -2^63): the caller asks Expr, which says why or, past
  /// an intermediate overflow, still finds the value.
  std::optional<std::int64_t> evaluate(const Bindings& values) const;

private:
  struct Term {
    std::int64_t coefficient = 0;
    std::vector<std::uint8_t> factors; // indices into m_symbols, repeated for powers
  };
  boost::container::small_vector<std::string, 2> m_symbols;
  boost::container::small_vector<Term, 3> m_terms;

  std::uint8_t symbolIndex(const std::string& name);
};

} // namespace ps::symbolic

#pragma once
// Symbolic expressions over the program unknowns (N, P, loop variables), a
// thin value type over GiNaC. Only core/symbolic sees GiNaC; everything else
// uses this header. Not thread-safe across threads sharing one Expr: GiNaC's
// reference counts are not atomic, so an estimate works on its own copies.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace GiNaC {
class ex;
}

namespace ps::symbolic {

/// Integer values for named symbols.
using Bindings = std::map<std::string, std::int64_t>;

struct AffineForm;

/// coefficient * factors[0] * factors[1] * ... (a symbol repeated for its power).
struct IntegerTerm {
  std::int64_t coefficient = 0;
  std::vector<std::string> factors;
};

/// An immutable symbolic expression with integer semantics for division
/// (Fortran integer division truncates toward zero).
class Expr {
public:
  Expr(); // the integer 0
  static Expr integer(std::int64_t value);
  static Expr symbol(const std::string& name);
  /// a / b with Fortran integer semantics (truncation toward zero).
  static Expr quotient(const Expr& a, const Expr& b);
  /// a ** k for a non-negative integer exponent k.
  static Expr power(const Expr& a, const Expr& k);

  Expr operator+(const Expr& o) const;
  Expr operator-(const Expr& o) const;
  Expr operator*(const Expr& o) const;
  Expr operator-() const;

  /// The value as an integer when the expression is a number.
  std::optional<std::int64_t> asInteger() const;
  /// Substitutes `bindings` and returns the value if it is then an integer.
  std::optional<std::int64_t> evaluate(const Bindings& bindings) const;
  /// Replaces symbols by expressions.
  Expr substitute(const std::map<std::string, Expr>& replacements) const;
  /// Names of the symbols the expression depends on.
  std::set<std::string> symbols() const;
  /// Coefficients of `variables` if the expression is affine in them with
  /// integer coefficients (the rest may be any expression free of them).
  std::optional<AffineForm> affineIn(const std::vector<std::string>& variables) const;
  /// The expanded expression as a sum of terms, when it is a polynomial in
  /// its symbols with integer coefficients of 64 bits (symbolic/int-polynomial.h).
  std::optional<std::vector<IntegerTerm>> integerTerms() const;

  /// Plain text ("n - 1"), and LaTeX.
  std::string str() const;
  std::string latex() const;

  bool operator==(const Expr& o) const;

private:
  explicit Expr(const GiNaC::ex& e);
  std::shared_ptr<const GiNaC::ex> m_ex;
};

/// e = sum(coefficients[v] * v) + constant, constant free of the variables.
struct AffineForm {
  std::map<std::string, std::int64_t> coefficients; // only non-zero entries
  Expr constant;

  std::int64_t coefficient(const std::string& v) const
  {
    auto it = coefficients.find(v);
    return it == coefficients.end() ? 0 : it->second;
  }
};

/// form REL 0: a condition on the iterations that execute a statement (an
/// enclosing IF's comparison of integer expressions, IF (I .NE. K)).
struct AffineCondition {
  enum class Relation { Lt, Le, Gt, Ge, Eq, Ne };
  Relation relation = Relation::Ne;
  AffineForm form;
};

} // namespace ps::symbolic

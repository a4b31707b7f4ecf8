#pragma once
// Multivariate polynomials with exact rational coefficients over a few
// integer variables x0..x11: the summands and partial sums of the symbolic
// sum algorithm. Internal to core/symbolic (callers of lattice-count.h never
// see it); exact so that counts of 10^20 iterations stay exact.
// Source: P3T+, Section 3.1 and Fig. 2 (E, the intermediate expression).

#include "symbolic/rational.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace ps::symbolic {

/// A polynomial sum(c_m * x^m) in the variables x0..x(kMaxVariables-1);
/// exponents up to 31 per variable. Terms are kept sorted and non-zero.
class Polynomial {
public:
  static constexpr int kMaxVariables = 12;

  Polynomial() = default; // zero
  static Polynomial constant(const Rational& c);
  /// sum(coef[k] * x_k) + constant.
  static Polynomial affine(const std::vector<std::int64_t>& coef, std::int64_t constant);

  bool isZero() const { return m_terms.empty(); }
  /// The value when no variable occurs (the constant term otherwise).
  Rational constantTerm() const;
  /// The highest power of x_var.
  int degreeIn(int var) const;
  /// The polynomial multiplying x_var^power.
  Polynomial coefficientOf(int var, int power) const;
  /// The polynomial with x_var replaced by `by`.
  Polynomial substitute(int var, const Polynomial& by) const;
  /// The terms, each as its exponent per variable (kMaxVariables entries)
  /// and its coefficient, in a fixed order.
  std::vector<std::pair<std::vector<int>, Rational>> terms() const;
  /// The value at integer `x` (one entry per variable used).
  Rational at(const std::vector<std::int64_t>& x) const;

  Polynomial operator+(const Polynomial& o) const;
  Polynomial operator-(const Polynomial& o) const;
  Polynomial operator*(const Polynomial& o) const;
  Polynomial& operator+=(const Polynomial& o) { return *this = *this + o; }

  /// Sum over x_var = lower .. upper of this polynomial (Faulhaber), where
  /// `lower` and `upper` are polynomials free of x_var; exact for every
  /// integer lower <= upper + 1 (an empty range sums to 0).
  Polynomial sumOver(int var, const Polynomial& lower, const Polynomial& upper) const;

private:
  using Monomial = std::uint64_t; // 5 bits per variable
  static int exponent(Monomial m, int var) { return static_cast<int>((m >> (5 * var)) & 31u); }
  static Monomial withExponent(Monomial m, int var, int e)
  {
    return (m & ~(Monomial{31} << (5 * var))) | (static_cast<Monomial>(e) << (5 * var));
  }
  void addTerm(Monomial m, const Rational& c);
  std::vector<std::pair<Monomial, Rational>> m_terms;
};

} // namespace ps::symbolic

#pragma once
// Exact rational numbers for the symbolic sum algorithm's coefficients and
// partial sums: a reduced fraction of two 64-bit integers while it fits,
// an arbitrary-precision one (boost cpp_rational) beyond. Counting with
// cpp_rational alone allocated and took gcds of limbs at every operation;
// nearly every coefficient of a count (1/6, n^2/2, a few thousand points)
// fits in 64 bits, and overflow is checked in 128 so the result never
// changes, only the cost.

#include "support/wide-int.h"

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>

namespace ps::symbolic {

/// An exact rational number; value semantics.
class Rational {
public:
  using Big = boost::multiprecision::cpp_rational;

  Rational(std::int64_t v = 0) : m_num(v) // NOLINT: integers convert as they do to cpp_rational
  {
    if (v == std::numeric_limits<std::int64_t>::min()) // -v must fit: -2^63 is kept big
      assign(Big(v));
  }
  Rational(int v) : m_num(v) {} // NOLINT: 0 and 1 literals
  explicit Rational(const Big& v);

  /// The exact value as a cpp_rational.
  Big big() const;
  /// The value when it is an integer that fits in 64 bits.
  std::optional<std::int64_t> toInt64() const;
  bool isZero() const { return !m_big && m_num == 0; }
  explicit operator double() const;

  Rational operator-() const;
  Rational& operator+=(const Rational& o);
  Rational& operator-=(const Rational& o) { return *this += -o; }
  Rational& operator*=(const Rational& o);
  /// Divides by `o` != 0.
  Rational& operator/=(const Rational& o);

  friend Rational operator+(Rational a, const Rational& b) { return a += b; }
  friend Rational operator-(Rational a, const Rational& b) { return a -= b; }
  friend Rational operator*(Rational a, const Rational& b) { return a *= b; }
  friend Rational operator/(Rational a, const Rational& b) { return a /= b; }
  friend bool operator==(const Rational& a, const Rational& b);
  friend bool operator<(const Rational& a, const Rational& b);
  friend bool operator!=(const Rational& a, const Rational& b) { return !(a == b); }
  friend bool operator>(const Rational& a, const Rational& b) { return b < a; }
  friend bool operator<=(const Rational& a, const Rational& b) { return !(b < a); }
  friend bool operator>=(const Rational& a, const Rational& b) { return !(a < b); }

private:
  /// Stores `v`, small when it fits.
  void assign(const Big& v);
  /// num/den (den != 0) reduced, small when it fits.
  static Rational reduced(WideInt num, WideInt den);
  std::int64_t m_num = 0, m_den = 1; // the value while m_big is empty: reduced, m_den > 0
  std::shared_ptr<const Big> m_big;  // the value beyond 64-bit numerators or denominators
};

} // namespace ps::symbolic

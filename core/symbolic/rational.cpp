#include "symbolic/rational.h"

#include "support/wide-int.h"

#include <limits>
#include <utility>

namespace ps::symbolic {
namespace {

__extension__ typedef unsigned __int128 Unsigned; // GCC/Clang extension, as WideInt

constexpr WideInt kMax = std::numeric_limits<std::int64_t>::max(); // INT64_MIN is left out: -v must fit

Unsigned magnitude(WideInt v) { return v < 0 ? Unsigned(0) - static_cast<Unsigned>(v) : static_cast<Unsigned>(v); }

Unsigned gcd(Unsigned a, Unsigned b)
{
  if (((a | b) >> 64) == 0) { // the common case: 64-bit remainders are far cheaper
    auto x = static_cast<std::uint64_t>(a), y = static_cast<std::uint64_t>(b);
    while (y != 0)
      x = std::exchange(y, x % y);
    return x;
  }
  while (b != 0)
    a = std::exchange(b, a % b);
  return a;
}

boost::multiprecision::cpp_int wide(WideInt v)
{
  const bool negative = v < 0;
  const Unsigned m = magnitude(v);
  boost::multiprecision::cpp_int out = static_cast<std::uint64_t>(m >> 64);
  out <<= 64;
  out += static_cast<std::uint64_t>(m);
  return negative ? -out : out;
}

} // namespace

Rational::Rational(const Big& v)
{
  assign(v);
}

void Rational::assign(const Big& v)
{
  const auto& n = boost::multiprecision::numerator(v);
  const auto& d = boost::multiprecision::denominator(v);
  if (n <= kMax && n >= -kMax && d <= kMax) {
    m_num = static_cast<std::int64_t>(n);
    m_den = static_cast<std::int64_t>(d);
    m_big.reset();
  } else {
    m_big = std::make_shared<const Big>(v);
  }
}

Rational Rational::reduced(WideInt num, WideInt den)
{
  if (den < 0) {
    num = -num;
    den = -den;
  }
  const auto g = gcd(magnitude(num), static_cast<Unsigned>(den));
  if (g > 1) {
    num /= static_cast<WideInt>(g);
    den /= static_cast<WideInt>(g);
  }
  Rational r;
  if (num <= kMax && num >= -kMax && den <= kMax) {
    r.m_num = static_cast<std::int64_t>(num);
    r.m_den = static_cast<std::int64_t>(den);
  } else {
    r.m_big = std::make_shared<const Big>(wide(num), wide(den));
  }
  return r;
}

Rational::Big Rational::big() const
{
  return m_big ? *m_big : Big(m_num, m_den);
}

std::optional<std::int64_t> Rational::toInt64() const
{
  if (m_big || m_den != 1)
    return std::nullopt; // a big value is beyond +-(2^63 - 1): assign() keeps whatever fits small
  return m_num;
}

Rational::operator double() const
{
  return m_big ? m_big->convert_to<double>() : static_cast<double>(m_num) / static_cast<double>(m_den);
}

Rational Rational::operator-() const
{
  if (m_big)
    return Rational(-*m_big);
  Rational r;
  r.m_num = -m_num;
  r.m_den = m_den;
  return r;
}

Rational& Rational::operator+=(const Rational& o)
{
  if (m_big || o.m_big) {
    assign(big() + o.big());
    return *this;
  }
  if (m_den == 1 && o.m_den == 1) {
    const WideInt s = WideInt{m_num} + o.m_num;
    if (s <= kMax && s >= -kMax) {
      m_num = static_cast<std::int64_t>(s);
      return *this;
    }
  }
  return *this = reduced(WideInt{m_num} * o.m_den + WideInt{o.m_num} * m_den, WideInt{m_den} * o.m_den);
}

Rational& Rational::operator*=(const Rational& o)
{
  if (m_big || o.m_big) {
    assign(big() * o.big());
    return *this;
  }
  if (m_den == 1 && o.m_den == 1) {
    const WideInt p = WideInt{m_num} * o.m_num;
    if (p <= kMax && p >= -kMax) {
      m_num = static_cast<std::int64_t>(p);
      return *this;
    }
  }
  return *this = reduced(WideInt{m_num} * o.m_num, WideInt{m_den} * o.m_den);
}

Rational& Rational::operator/=(const Rational& o)
{
  if (m_big || o.m_big) {
    assign(big() / o.big());
    return *this;
  }
  if (m_num == 0)
    return *this; // 0/1 stays the only zero
  // m_num/m_den / (o.m_num/o.m_den), both reduced: cross-cancel so that no gcd of the products is needed
  const WideInt g1 = static_cast<WideInt>(gcd(magnitude(m_num), magnitude(o.m_num)));
  const WideInt g2 = static_cast<WideInt>(gcd(static_cast<Unsigned>(m_den), static_cast<Unsigned>(o.m_den)));
  WideInt num = WideInt{m_num} / g1 * (WideInt{o.m_den} / g2), den = WideInt{m_den} / g2 * (WideInt{o.m_num} / g1);
  if (den < 0) {
    num = -num;
    den = -den;
  }
  return *this = reduced(num, den); // already coprime: the gcd is 1 at once
}

bool operator==(const Rational& a, const Rational& b)
{
  if (a.m_big || b.m_big)
    return a.m_big && b.m_big && *a.m_big == *b.m_big; // a big value never equals a small one
  return a.m_num == b.m_num && a.m_den == b.m_den;
}

bool operator<(const Rational& a, const Rational& b)
{
  if (a.m_big || b.m_big)
    return a.big() < b.big();
  return WideInt{a.m_num} * b.m_den < WideInt{b.m_num} * a.m_den;
}

} // namespace ps::symbolic

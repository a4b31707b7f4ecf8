// The counting's rationals (rational.h) against boost's cpp_rational: every
// operation on random values, small, near 2^63 and beyond, gives the same
// exact value; only the representation changes.
#include "symbolic/rational.h"

#include <gtest/gtest.h>

#include <limits>
#include <random>

using ps::symbolic::Rational;
using Big = Rational::Big;

namespace {

/// A random value: mostly small fractions (what counts hold), some near
/// the 64-bit limits, some beyond them.
Big randomValue(std::mt19937_64& rng)
{
  const auto pick = [&](std::int64_t lo, std::int64_t hi) { return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng); };
  constexpr auto kMax = std::numeric_limits<std::int64_t>::max();
  switch (pick(0, 5)) {
  case 0:
    return Big(pick(-20, 20));
  case 1:
    return Big(pick(-1000, 1000), pick(1, 30));
  case 2:
    return Big(kMax - pick(0, 3)) * (pick(0, 1) ? 1 : -1);
  case 3:
    return Big(pick(-kMax, kMax), pick(1, kMax));
  case 4: {
    Big b(kMax);
    return b * b / Big(pick(1, 7)) * (pick(0, 1) ? 1 : -1);
  }
  default:
    return Big(std::numeric_limits<std::int64_t>::min()) / Big(pick(1, 5)); // -2^63 has no 64-bit negation
  }
}

} // namespace

TEST(Rational, EveryOperationEqualsCppRational)
{
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 20000; ++trial) {
    const Big a = randomValue(rng), b = randomValue(rng);
    const Rational x(a), y(b);
    ASSERT_EQ(x.big(), a);
    ASSERT_EQ((x + y).big(), a + b) << a << " + " << b;
    ASSERT_EQ((x - y).big(), a - b) << a << " - " << b;
    ASSERT_EQ((x * y).big(), a * b) << a << " * " << b;
    if (b != 0) {
      ASSERT_EQ((x / y).big(), a / b) << a << " / " << b;
    }
    ASSERT_EQ((-x).big(), -a);
    ASSERT_EQ(x == y, a == b);
    ASSERT_EQ(x < y, a < b) << a << " < " << b;
    ASSERT_EQ(x.isZero(), a == 0);
    ASSERT_DOUBLE_EQ(static_cast<double>(x), a.convert_to<double>());
    const bool integer = boost::multiprecision::denominator(a) == 1 &&
                         boost::multiprecision::abs(boost::multiprecision::numerator(a)) <=
                             std::numeric_limits<std::int64_t>::max();
    ASSERT_EQ(x.toInt64().has_value(), integer) << a;
    if (integer) {
      ASSERT_EQ(*x.toInt64(), boost::multiprecision::numerator(a).convert_to<std::int64_t>());
    }
  }
}

TEST(Rational, SumsThatLeaveAndReturnTo64BitsStayExact)
{
  constexpr auto kMax = std::numeric_limits<std::int64_t>::max();
  Rational r(kMax);
  r += Rational(1); // 2^63: beyond the small form
  EXPECT_FALSE(r.toInt64());
  r -= Rational(2);
  EXPECT_EQ(r.toInt64(), kMax - 1);
  Rational sixth = Rational(1) / Rational(6);
  Rational total;
  for (int k = 0; k < 6; ++k)
    total += sixth;
  EXPECT_EQ(total.toInt64(), 1);
  EXPECT_EQ(Rational(0) / Rational(-5), Rational(0));
  // -2^63 has no 64-bit negation: kept big however it is made, so equal values compare equal
  constexpr auto kMin = std::numeric_limits<std::int64_t>::min();
  EXPECT_EQ(Rational(kMin), Rational(kMin) + Rational(0));
  EXPECT_EQ(Rational(kMin), Rational(Rational::Big(kMin)));
  EXPECT_EQ((-Rational(kMin)).big(), -Rational::Big(kMin));
  EXPECT_FALSE(Rational(kMin).toInt64());
  EXPECT_EQ(Rational(3) / Rational(-6), Rational(-1) / Rational(2));
}

// Expr::evaluate: its 64-bit fast path (polynomials with integer
// coefficients) must give what GiNaC's substitution gives, overflow and
// missing values included. The oracle is substitute() followed by
// asInteger(), which always goes through GiNaC.
#include "symbolic/expr.h"
#include "symbolic/int-polynomial.h"

#include <gtest/gtest.h>

#include <limits>
#include <random>

using namespace ps::symbolic;

namespace {

/// What GiNaC alone gives: every symbol replaced by its value, then read back.
std::optional<std::int64_t> oracle(const Expr& e, const Bindings& at)
{
  std::map<std::string, Expr> values;
  for (const auto& [name, v] : at)
    values.emplace(name, Expr::integer(v));
  try {
    const auto s = e.substitute(values);
    if (!s.symbols().empty())
      return std::nullopt; // a symbol without a value
    return s.asInteger();
  } catch (const std::exception&) { // as evaluate: GiNaC refused (a division by zero)
    return std::nullopt;
  }
}

/// A random expression over n and m: sums, products, small powers and, now
/// and then, a Fortran quotient (which the fast path leaves to GiNaC).
Expr randomExpr(std::mt19937& rng, int depth)
{
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  if (depth == 0) {
    switch (pick(0, 2)) {
    case 0: return Expr::symbol("n");
    case 1: return Expr::symbol("m");
    default: return Expr::integer(pick(-5, 5));
    }
  }
  const auto a = randomExpr(rng, depth - 1), b = randomExpr(rng, depth - 1);
  switch (pick(0, 4)) {
  case 0: return a + b;
  case 1: return a - b;
  case 2: return a * b;
  case 3: return Expr::power(a, Expr::integer(pick(1, 3)));
  default: return Expr::quotient(a, Expr::integer(pick(1, 3)));
  }
}

} // namespace

TEST(ExprEvaluate, BoundsAndSubscriptsAsWritten)
{
  const auto n = Expr::symbol("n"), m = Expr::symbol("m");
  EXPECT_EQ((n - Expr::integer(1)).evaluate({{"n", 256}}), 255);
  EXPECT_EQ((Expr::integer(2) * n * m - Expr::integer(1)).evaluate({{"n", 3}, {"m", 5}}), 29);
  EXPECT_EQ(Expr::power(n, Expr::integer(2)).evaluate({{"n", std::int64_t{1} << 31}}), std::int64_t{1} << 62);
  EXPECT_EQ(Expr::quotient(n, Expr::integer(2)).evaluate({{"n", 7}}), 3); // Fortran: truncates
  EXPECT_EQ(n.evaluate({{"m", 1}}), std::nullopt);                        // no value for n
}

TEST(ExprEvaluate, BeyondSixtyFourBitsIsNoValue)
{
  const auto n = Expr::symbol("n");
  const std::int64_t big = std::int64_t{1} << 31;
  EXPECT_EQ(Expr::power(n, Expr::integer(3)).evaluate({{"n", big}}), std::nullopt); // 2^93
  // -2^63 fits in 64 bits, but GiNaC's reading refuses |v| > INT64_MAX: so does the fast path
  EXPECT_EQ((-n * n * Expr::integer(2)).evaluate({{"n", big}}), std::nullopt);
  // an intermediate product overflows, the result fits: GiNaC's bignums answer
  EXPECT_EQ((n * n * n - n * n * n + Expr::integer(4)).evaluate({{"n", big}}), 4);
}

TEST(ExprEvaluate, FastPathEqualsGinacOnRandomExpressions)
{
  std::mt19937 rng(11);
  const std::int64_t values[] = {0, 1, -1, 2, 7, -13, 1000, 1 << 20, std::int64_t{3037000499}, std::int64_t{1} << 40};
  int compared = 0, overflowed = 0;
  for (int i = 0; i < 3000; ++i) {
    const auto e = randomExpr(rng, 1 + i % 3);
    const Bindings at{{"n", values[rng() % std::size(values)]}, {"m", values[rng() % std::size(values)]}};
    const auto expected = oracle(e, at);
    ASSERT_EQ(e.evaluate(at), expected) << e.str() << " at n=" << at.at("n") << ", m=" << at.at("m");
    ++compared;
    overflowed += expected ? 0 : 1;
  }
  EXPECT_EQ(compared, 3000);
  EXPECT_GT(overflowed, 50); // the huge values do reach beyond 64 bits
}

// IntPolynomial (a polynomial taken apart once) gives Expr::evaluate's value
// wherever it gives one, and leaves quotients and overflows to it.
TEST(IntPolynomial, EqualsEvaluateOnRandomExpressions)
{
  std::mt19937 rng(23);
  const std::int64_t values[] = {0, 1, -1, 2, 7, -13, 1000, 1 << 20, std::int64_t{3037000499}, std::int64_t{1} << 40};
  int compiled = 0, valued = 0, declined = 0;
  for (int i = 0; i < 3000; ++i) {
    const auto e = randomExpr(rng, 1 + i % 3);
    const auto p = IntPolynomial::from(e);
    if (!p) {
      ++declined;
      continue;
    }
    ++compiled;
    Bindings at{{"n", values[rng() % std::size(values)]}, {"m", values[rng() % std::size(values)]}};
    if (rng() % 8 == 0)
      at.erase("m");
    const auto got = p->evaluate(at);
    if (got) {
      ++valued;
      ASSERT_EQ(got, e.evaluate(at)) << e.str();
    }
  }
  EXPECT_GT(valued, 1000);
  EXPECT_GT(declined, 100); // quotients
}

TEST(IntPolynomial, NeedsTheValuesExprNeeds)
{
  const auto n = Expr::symbol("n"), m = Expr::symbol("m");
  const auto cancels = (n + Expr::integer(1)) * m - n * m - m + Expr::integer(2); // 2, written with m
  EXPECT_EQ(cancels.evaluate({{"n", 1}}), std::nullopt);
  const auto compiled = IntPolynomial::from(cancels);
  ASSERT_TRUE(compiled);
  EXPECT_EQ(compiled->evaluate({{"n", 1}}), std::nullopt);
  EXPECT_EQ(compiled->evaluate({{"n", 1}, {"m", 5}}), 2);
  EXPECT_FALSE(IntPolynomial::from(Expr::quotient(n, Expr::integer(2))));
  const auto square = IntPolynomial::from(-n * n * Expr::integer(2));
  ASSERT_TRUE(square);
  EXPECT_EQ(square->evaluate({{"n", std::int64_t{1} << 31}}), std::nullopt);
}

TEST(IntPolynomial, DeclinesAPowerItCannotExpand)
{
  // A loop step or bound (m + 1)**100000 is not expanded into 100001 terms
  // (the estimate did not finish): the polynomial declines, Expr::evaluate
  // decides, and affineIn keeps it as the constant it is.
  const auto m = Expr::symbol("m");
  EXPECT_FALSE(IntPolynomial::from(Expr::power(m + Expr::integer(1), Expr::integer(100000))));
  EXPECT_FALSE((Expr::power(m + Expr::integer(1), Expr::integer(65))).integerTerms());
  const auto huge = Expr::power(m + Expr::integer(1), Expr::integer(100000));
  const auto bound = huge.affineIn({"i"}); // a loop bound: a constant in the loop variables
  ASSERT_TRUE(bound);
  EXPECT_TRUE(bound->coefficients.empty());
  EXPECT_EQ(bound->constant.evaluate({{"m", 0}}), 1);
  EXPECT_FALSE((huge * Expr::symbol("i")).affineIn({"i"}));
  EXPECT_TRUE(huge == huge);
  const auto small = IntPolynomial::from(Expr::power(m + Expr::integer(1), Expr::integer(3)));
  ASSERT_TRUE(small);
  EXPECT_EQ(small->evaluate({{"m", 2}}), 27);
}

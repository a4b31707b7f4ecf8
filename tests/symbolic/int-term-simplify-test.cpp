// The simplifier (int-term-simplify.h): the rules the communication formulas
// need, printed as a teacher reads them, and every rewrite checked against
// the unsimplified term at points where the facts hold (b >= 1, P >= 1,
// p >= 0), b = 1 included.
#include "symbolic/int-term-simplify.h"

#include <gtest/gtest.h>

#include <random>

using namespace ps::symbolic;

namespace {

const IntTerm b = IntTerm::symbol("b"), n = IntTerm::symbol("n"), p = IntTerm::symbol("p"),
              P = IntTerm::symbol("P");
IntTerm c(std::int64_t v) { return IntTerm::constant(v); }
const TermFacts kFacts = {{"b", {1, TermRange::kUnbounded}}, {"P", {1, TermRange::kUnbounded}},
                          {"p", {0, TermRange::kUnbounded}}, {"n", {1, TermRange::kUnbounded}}};

/// simplify(t) equals t at random points inside the facts; returns the
/// number of points where both evaluate.
int sameAtRandomPoints(const IntTerm& t, int points)
{
  const auto s = simplify(t, kFacts);
  std::mt19937 rng(7);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int compared = 0;
  for (int i = 0; i < points; ++i) {
    const Bindings at{{"b", i % 4 == 0 ? 1 : pick(1, 40)}, {"n", pick(1, 300)}, {"P", pick(1, 17)}, {"p", pick(0, 16)}};
    const auto want = t.evaluate(at), got = s.evaluate(at);
    EXPECT_EQ(want.has_value(), got.has_value()) << t.str() << "\n -> " << s.str();
    if (want && got) {
      EXPECT_EQ(*want, *got) << t.str() << "\n -> " << s.str() << " at b=" << at.at("b") << " n=" << at.at("n")
                             << " p=" << at.at("p");
      ++compared;
    }
  }
  return compared;
}

} // namespace

TEST(IntTermSimplify, BlockSizeFactsDecideFloorsExactly)
{
  EXPECT_EQ(simplify(IntTerm::floorDiv(b - c(1), b), kFacts).str(), "0");
  EXPECT_EQ(simplify(IntTerm::floorDiv(b, b), kFacts).str(), "1");
  // floor((b-2)/b) is -1 at b = 1 and 0 above: the case stays as a bracket
  EXPECT_EQ(simplify(IntTerm::floorDiv(b - c(2), b), kFacts).str(), "-[b = 1]");
  EXPECT_EQ(simplify(IntTerm::floorDiv(c(1), b), kFacts).str(), "[b = 1]");
  EXPECT_EQ(simplify(IntTerm::floorDiv(p * b + b - c(1), b), kFacts).str(), "p");
  EXPECT_EQ(simplify(IntTerm::min(b - c(1), c(0)), kFacts).str(), "0");
  EXPECT_EQ(simplify(IntTerm::min(b - c(1), b - c(1)), kFacts).str(), "b - 1");
  EXPECT_EQ(simplify(IntTerm::max(n, n), kFacts).str(), "n");
}

TEST(IntTermSimplify, BracketsFoldNegateAndContradict)
{
  EXPECT_EQ(simplify(c(1) - IntTerm::eq(n - c(2), c(0)), kFacts).str(), "[n != 2]");
  EXPECT_EQ(simplify(IntTerm::le(c(3), c(4)), kFacts).str(), "1");
  // [b = 1] and [b != 1] in one product: never both
  EXPECT_EQ(simplify(IntTerm::eq(b, c(1)) * IntTerm::ne(b, c(1)) * n, kFacts).str(), "0");
  // [x = c] is substituted into its product: b*[b = 1] is [b = 1]
  EXPECT_EQ(simplify(b * IntTerm::eq(b, c(1)), kFacts).str(), "[b = 1]");
  // a bracket of a bracket
  EXPECT_EQ(simplify(IntTerm::eq(c(0) - IntTerm::eq(b, c(1)), c(0)), kFacts).str(), "[1 < b]");
  EXPECT_EQ(simplify(IntTerm::le(c(1), p * b), kFacts).str(), "[1 <= p]");
  EXPECT_EQ(simplify(IntTerm::le(c(1), n - c(1)), kFacts).str(), "[2 <= n]");
}

TEST(IntTermSimplify, AOneElementWindowBecomesABracket)
{
  // |[1, n-1] ∩ [p*b, p*b]| is 0 or 1
  const auto w = IntTerm::max(c(0), IntTerm::min(n - c(1), p * b) - IntTerm::max(c(1), p * b) + c(1));
  EXPECT_EQ(simplify(w, kFacts).str(), "[2 <= n]*[1 <= p]*[p*b <= n - 1]");
  EXPECT_GT(sameAtRandomPoints(w, 2000), 1900);
}

TEST(IntTermSimplify, RandomTermsEqualTheirSimplifiedForm)
{
  // random compositions of the shapes the communication formulas build
  std::mt19937 rng(11);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const std::vector<IntTerm> leaves = {b, n, p, P, c(0), c(1), c(-1), c(2), c(-2), b - c(1), p * b, n - c(2)};
  std::function<IntTerm(int)> random = [&](int depth) -> IntTerm {
    if (depth == 0 || pick(0, 3) == 0)
      return leaves[static_cast<std::size_t>(pick(0, static_cast<int>(leaves.size()) - 1))];
    const auto x = random(depth - 1), y = random(depth - 1);
    switch (pick(0, 10)) {
    case 0: return x + y;
    case 1: return x - y;
    case 2: return x * y;
    case 3: return IntTerm::floorDiv(x, b);
    case 4: return IntTerm::ceilDiv(x, b);
    case 5: return IntTerm::min(x, y);
    case 6: return IntTerm::max(x, y);
    case 7: return IntTerm::eq(x, y);
    case 8: return IntTerm::le(x, y);
    case 9: return c(1) - IntTerm::ne(x, y);
    default: return IntTerm::max(c(0), IntTerm::min(x, p * b + b - c(1)) - IntTerm::max(y, p * b) + c(1));
    }
  };
  int compared = 0;
  for (int t = 0; t < 400; ++t)
    compared += sameAtRandomPoints(random(4), 30);
  EXPECT_GT(compared, 10000);
}

TEST(IntTermSimplify, BlockWindowsSumToTheCoveredRange)
{
  // sum over p of |[1, n-2] ∩ [p*b, p*b + b - 1]| with b = ceil(n/P) is n - 2
  const auto w = IntTerm::max(c(0), IntTerm::min(n - c(2), p * b + b - c(1)) - IntTerm::max(c(1), p * b) + c(1));
  const auto total = sumOverCoordinate(w, "p", P, kFacts);
  ASSERT_TRUE(total);
  for (int nv = 1; nv <= 40; ++nv)
    for (int pv = 1; pv <= 9; ++pv) {
      Bindings at{{"n", nv}, {"P", pv}, {"b", (nv + pv - 1) / pv}};
      std::int64_t want = 0;
      for (int q = 0; q < pv; ++q) {
        at["p"] = q;
        want += *w.evaluate(at);
      }
      EXPECT_EQ(total->evaluate(at), want) << total->str() << " n=" << nv << " P=" << pv;
    }
}

#include "symbolic/parametric-count.h"

#include "symbolic/canonical-printer.h"
#include "symbolic/constraint-rows.h"

#include <ginac/ginac.h>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ps::symbolic {
namespace {

using namespace rows;

/// Fourier-Motzkin over the rationals (after each step rows are normalized,
/// which only removes non-integer points): false only when the rows have no
/// integer solution. Gives up (true) when the rows multiply beyond `cap`.
bool feasible(std::vector<Row> rows, std::size_t cap = 400)
{
  if (!normalize(rows))
    return false;
  const auto n = rows.empty() ? 0 : rows.front().coef.size();
  for (std::size_t v = 0; v < n; ++v) {
    std::vector<Row> lowers, uppers, next;
    for (auto& r : rows)
      (r.coef[v] > 0 ? lowers : r.coef[v] < 0 ? uppers : next).push_back(std::move(r));
    if (lowers.size() * uppers.size() + next.size() > cap)
      return true;
    for (const auto& l : lowers)
      for (const auto& u : uppers) { // |a_u| * l + a_l * u cancels v
        Row r;
        r.coef.resize(n);
        const WideInt a = l.coef[v], b = -u.coef[v];
        for (std::size_t k = 0; k < n; ++k)
          r.coef[k] = checked(b * l.coef[k] + a * u.coef[k]);
        r.constant = checked(b * l.constant + a * u.constant);
        next.push_back(std::move(r));
      }
    rows = std::move(next);
    if (!normalize(rows))
      return false;
  }
  return true;
}

class ParametricCounter {
public:
  ParametricCounter(int variables, const CountLimits& limits) : m_variables(variables), m_limits(limits) {}

  std::vector<PiecewiseCount::Piece> take() { return std::move(m_pieces); }

  /// Fig. 2: S1-S3 (simplify, drop inconsistent branches, emit a tuple when
  /// no variable is left), then S4 on the variable picked.
  void sum(std::vector<Row> rows, const Polynomial& e, std::uint32_t unsummed)
  {
    if (++m_branches > m_limits.maxBranches)
      throw Failure{"the count needs more than " + std::to_string(m_limits.maxBranches) + " case splits"};
    if (e.isZero() || !normalize(rows) || !feasible(rows))
      return;
    const int v = pick(rows);
    if (v < 0 && unsummed != 0) // a variable no row bounds any more
      throw Failure{"a loop variable has no lower or no upper bound"};
    if (v < 0)
      return emit(rows, e);
    const auto p = partition(rows, v);
    for (std::size_t i = 0; i < p.lowers.size(); ++i)
      for (std::size_t j = 0; j < p.uppers.size(); ++j)
        sum(branchRows(p, i, j), e.sumOver(v, boundOf(*p.lowers[i], v), boundOf(*p.uppers[j], v)),
            unsummed & ~(std::uint32_t{1} << v));
  }

private:
  /// The variable with the fewest (lower, upper) pairs, innermost on ties;
  /// -1 when no variable is left in the rows.
  int pick(const std::vector<Row>& rows) const
  {
    int best = -1;
    std::int64_t bestPairs = 0;
    for (int v = m_variables - 1; v >= 0; --v) {
      const auto o = occurrences(rows, v);
      if (o.lowers + o.uppers == 0)
        continue;
      if (o.lowers == 0 || o.uppers == 0)
        throw Failure{"a loop variable has no lower or no upper bound"};
      if (!o.unit)
        throw Failure{"a variable has a coefficient other than 1 or -1 (a floor would be needed)"};
      if (best < 0 || o.lowers * o.uppers < bestPairs) {
        best = v;
        bestPairs = o.lowers * o.uppers;
      }
    }
    return best;
  }

  void emit(const std::vector<Row>& rows, const Polynomial& e)
  {
    PiecewiseCount::Piece piece;
    for (const auto& r : rows)
      piece.guard.push_back({{r.coef.begin() + m_variables, r.coef.end()}, r.constant});
    boost::multiprecision::cpp_int denominator = 1;
    const auto terms = e.terms();
    for (const auto& [exps, c] : terms)
      denominator = lcm(denominator, boost::multiprecision::denominator(c.big()));
    if (denominator > std::numeric_limits<std::int64_t>::max())
      throw Failure{"a coefficient of the closed form does not fit in 64 bits"};
    piece.denominator = static_cast<std::int64_t>(denominator);
    for (const auto& [exps, c] : terms) {
      for (int v = 0; v < m_variables; ++v)
        if (exps[v] != 0)
          throw Failure{"a variable is left in the closed form"}; // unreachable: every variable was summed
      const Rational::Big scaled = c.big() * Rational::Big(denominator);
      const auto numerator = boost::multiprecision::numerator(scaled);
      if (numerator > std::numeric_limits<std::int64_t>::max() || numerator < std::numeric_limits<std::int64_t>::min())
        throw Failure{"a coefficient of the closed form does not fit in 64 bits"};
      PiecewiseCount::Term t;
      t.numerator = static_cast<std::int64_t>(numerator);
      for (std::size_t k = m_variables; k < static_cast<std::size_t>(Polynomial::kMaxVariables); ++k)
        t.exponent.push_back(static_cast<std::uint8_t>(exps[k]));
      piece.terms.push_back(std::move(t));
    }
    m_pieces.push_back(std::move(piece));
  }

  int m_variables;
  const CountLimits& m_limits;
  std::int64_t m_branches = 0;
  std::vector<PiecewiseCount::Piece> m_pieces;
};

bool multiply(WideInt& acc, WideInt by)
{
  return !__builtin_mul_overflow(acc, by, &acc);
}

/// The piece's numerator sum at `values` in 64-bit arithmetic, the common
/// case (native overflow checks, where 128-bit ones call the runtime);
/// nullopt on overflow.
std::optional<std::int64_t> narrowNumerator(const PiecewiseCount::Piece& piece, const std::vector<std::int64_t>& values)
{
  std::int64_t total = 0;
  for (const auto& t : piece.terms) {
    std::int64_t term = t.numerator;
    for (std::size_t k = 0; k < t.exponent.size() && k < values.size(); ++k)
      for (int e = 0; e < t.exponent[k]; ++e)
        if (__builtin_mul_overflow(term, values[k], &term))
          return std::nullopt;
    if (__builtin_add_overflow(total, term, &total))
      return std::nullopt;
  }
  return total;
}

/// The piece's numerator sum at `values`; nullopt on 128-bit overflow.
std::optional<WideInt> exactNumerator(const PiecewiseCount::Piece& piece, const std::vector<std::int64_t>& values)
{
  if (const auto narrow = narrowNumerator(piece, values))
    return *narrow;
  WideInt total = 0;
  for (const auto& t : piece.terms) {
    WideInt term = t.numerator;
    for (std::size_t k = 0; k < t.exponent.size() && k < values.size(); ++k)
      for (int e = 0; e < t.exponent[k]; ++e)
        if (!multiply(term, values[k]))
          return std::nullopt;
    if (__builtin_add_overflow(total, term, &total))
      return std::nullopt;
  }
  return total;
}

long double approximate(const PiecewiseCount::Piece& piece, const std::vector<std::int64_t>& values)
{
  long double total = 0;
  for (const auto& t : piece.terms) {
    long double term = static_cast<long double>(t.numerator);
    for (std::size_t k = 0; k < t.exponent.size() && k < values.size(); ++k)
      term *= std::pow(static_cast<long double>(values[k]), static_cast<int>(t.exponent[k]));
    total += term;
  }
  return total / static_cast<long double>(piece.denominator);
}

/// sum(coef*values) + constant, in 64 bits when nothing overflows (the common case).
WideInt guardValue(const LinearConstraint& g, const std::vector<std::int64_t>& values)
{
  std::int64_t narrow = g.constant;
  bool overflow = false;
  for (std::size_t k = 0; k < g.coef.size() && !overflow; ++k) {
    std::int64_t product = 0;
    overflow = __builtin_mul_overflow(g.coef[k], values[k], &product) || __builtin_add_overflow(narrow, product, &narrow);
  }
  if (!overflow)
    return narrow;
  WideInt s = g.constant;
  for (std::size_t k = 0; k < g.coef.size(); ++k)
    s += static_cast<WideInt>(g.coef[k]) * values[k];
  return s;
}

bool holds(const std::vector<LinearConstraint>& guard, const std::vector<std::int64_t>& values)
{
  return std::all_of(guard.begin(), guard.end(), [&](const LinearConstraint& g) { return guardValue(g, values) >= 0; });
}

// ---- printing ---------------------------------------------------------------

/// "a*n + b" of the positive (or negated negative) coefficients; "0" if none.
std::string side(const LinearConstraint& g, const std::vector<std::string>& names, int sign, std::int64_t constant,
                 bool latex)
{
  std::string out;
  for (std::size_t k = 0; k < g.coef.size(); ++k) {
    const auto c = sign * g.coef[k];
    if (c <= 0)
      continue;
    const auto name = latex ? latexName(names[k]) : names[k];
    out += (out.empty() ? "" : " + ") + (c == 1 ? name : std::to_string(c) + (latex ? " " : "*") + name);
  }
  if (constant > 0 || out.empty())
    out += (out.empty() ? "" : " + ") + std::to_string(constant > 0 ? constant : 0);
  return out;
}

/// sum(coef*p) + c >= 0 written as "lhs >= rhs" with positive terms on each side.
std::string guardText(const LinearConstraint& g, const std::vector<std::string>& names, bool latex)
{
  const auto lhs = side(g, names, +1, g.constant, latex);
  const auto rhs = side(g, names, -1, -g.constant, latex);
  return lhs + (latex ? " \\geq " : " >= ") + rhs;
}

GiNaC::ex polynomialEx(const PiecewiseCount::Piece& piece, const std::vector<GiNaC::symbol>& symbols)
{
  GiNaC::ex e = 0;
  for (const auto& t : piece.terms) {
    GiNaC::ex term = GiNaC::numeric(static_cast<long>(t.numerator));
    for (std::size_t k = 0; k < t.exponent.size() && k < symbols.size(); ++k)
      term *= GiNaC::pow(symbols[k], static_cast<int>(t.exponent[k]));
    e += term;
  }
  return GiNaC::factor(GiNaC::expand(e / GiNaC::numeric(static_cast<long>(piece.denominator))));
}

std::string print(const PiecewiseCount& count, bool latex)
{
  std::vector<GiNaC::symbol> symbols;
  for (const auto& name : count.parameters())
    symbols.emplace_back(name, latexName(name));
  std::ostringstream out;
  if (count.pieces().empty())
    return "0";
  // Eq. (2) adds the pieces whose guards hold (they may overlap): LaTeX says so with Iverson
  // brackets, not a cases environment that reads as "the first that holds"
  if (latex)
    out << "\\begin{aligned}\n";
  bool first = true;
  for (const auto& piece : count.pieces()) {
    std::string guard;
    for (const auto& g : piece.guard)
      guard += (guard.empty() ? "" : latex ? ",\\ " : " and ") + guardText(g, count.parameters(), latex);
    const auto value = canonicalText(polynomialEx(piece, symbols), latex);
    if (latex)
      out << (first ? "& " : "+\\ & ") << (guard.empty() ? "" : "\\left[" + guard + "\\right] ") << "\\left(" << value
          << "\\right) \\\\\n";
    else
      out << (guard.empty() ? "" : "if " + guard + ": ") << value << "\n";
    first = false;
  }
  if (latex)
    out << "\\end{aligned}";
  return out.str();
}

} // namespace

namespace {

/// The count: `exact` where no step overflowed and it fits in 64 bits, else `approx`.
PointCount pointCount(WideInt exact, long double approx, bool overflow)
{
  PointCount c;
  c.value = static_cast<double>(approx);
  if (!overflow && fitsInt64(exact)) {
    c.exact = static_cast<std::int64_t>(exact);
    c.value = static_cast<double>(exact);
  }
  return c;
}

} // namespace

PointCount PiecewiseCount::at(const std::vector<std::int64_t>& values) const
{
  WideInt exact = 0;
  long double approx = 0;
  bool overflow = false;
  for (const auto& piece : m_pieces) {
    if (!holds(piece.guard, values))
      continue;
    const auto n = overflow ? std::nullopt : exactNumerator(piece, values);
    overflow = overflow || !n;
    if (n)
      exact += *n / piece.denominator; // each piece counts integer points: an integer
    approx += n ? static_cast<long double>(*n / piece.denominator) : approximate(piece, values);
  }
  return pointCount(exact, approx, overflow);
}

namespace {

/// The interval of m where every guard row holds at origin + m*step,
/// clipped to 0..count-1; empty when first > last.
std::pair<WideInt, WideInt> guardInterval(const PiecewiseCount::Piece& piece, const std::vector<std::int64_t>& origin,
                                          const std::vector<std::int64_t>& step, std::int64_t count)
{
  WideInt first = 0, last = WideInt{count} - 1;
  for (const auto& g : piece.guard) {
    WideInt slope = 0;
    for (std::size_t k = 0; k < g.coef.size(); ++k)
      slope += static_cast<WideInt>(g.coef[k]) * step[k];
    const WideInt at0 = guardValue(g, origin); // slope*m + at0 >= 0
    if (slope == 0 && at0 < 0)
      return {1, 0};
    if (slope > 0)
      first = std::max(first, -floorDivWide(at0, slope));
    else if (slope < 0)
      last = std::min(last, floorDivWide(at0, -slope));
  }
  return {first, last};
}

/// The highest total degree of the piece's terms in the parameters that move.
int degreeAlong(const PiecewiseCount::Piece& piece, const std::vector<std::int64_t>& step)
{
  int degree = 0;
  for (const auto& t : piece.terms) {
    int d = 0;
    for (std::size_t k = 0; k < t.exponent.size() && k < step.size(); ++k)
      d += step[k] != 0 ? t.exponent[k] : 0;
    degree = std::max(degree, d);
  }
  return degree;
}

/// C(n, r) for n >= 0, small r; nullopt on 128-bit overflow.
std::optional<WideInt> binomial(WideInt n, int r)
{
  WideInt c = 1;
  for (int i = 0; i < r; ++i) { // c * (n - i) / (i + 1) stays an integer at every step
    if (!multiply(c, n - i))
      return std::nullopt;
    c /= i + 1;
  }
  return c;
}

/// sum of h(i), i = 0..len-1, from the forward differences diff[j] = (Delta^j h)(0)
/// of a polynomial of degree < diff.size(): sum_j diff[j] * C(len, j+1).
std::optional<WideInt> newtonSum(const std::vector<WideInt>& diff, WideInt len)
{
  WideInt total = 0;
  for (std::size_t j = 0; j < diff.size(); ++j) {
    if (diff[j] == 0)
      continue; // a degree overstated (UB - LB cancels along a block progression): no binomial to overflow
    auto c = binomial(len, static_cast<int>(j) + 1);
    if (!c || !multiply(*c, diff[j]) || __builtin_add_overflow(total, *c, &total))
      return std::nullopt;
  }
  return total;
}

} // namespace

PointCount PiecewiseCount::sumAlong(const std::vector<std::int64_t>& origin, const std::vector<std::int64_t>& step,
                                    std::int64_t count) const
{
  WideInt exact = 0;
  long double approx = 0;
  bool overflow = false;
  std::vector<std::int64_t> point(origin.size());
  for (const auto& piece : m_pieces) {
    const auto [first, last] = guardInterval(piece, origin, step, count);
    if (first > last)
      continue;
    const WideInt len = last - first + 1;
    const int nodes = static_cast<int>(std::min<WideInt>(len, degreeAlong(piece, step) + 1));
    std::vector<WideInt> values;      // h(first + i), i < nodes: integers (the guard holds there)
    std::vector<long double> approxes; // the same in long double, for when 128 bits overflow
    for (int i = 0; i < nodes; ++i) {
      for (std::size_t k = 0; k < point.size(); ++k)
        point[k] = static_cast<std::int64_t>(origin[k] + (first + i) * step[k]);
      const auto n = exactNumerator(piece, point);
      if (n)
        values.push_back(*n / piece.denominator);
      approxes.push_back(n ? static_cast<long double>(*n / piece.denominator) : approximate(piece, point));
    }
    bool exactValues = values.size() == approxes.size();
    for (int j = 1; j < nodes; ++j) // forward differences in place: values[j] = (Delta^j h)(0)
      for (int i = nodes - 1; i >= j; --i) {
        approxes[i] -= approxes[i - 1];
        exactValues = exactValues && !__builtin_sub_overflow(values[i], values[i - 1], &values[i]);
      }
    const auto sum = exactValues ? newtonSum(values, len) : std::nullopt;
    overflow = overflow || !sum || __builtin_add_overflow(exact, *sum, &exact);
    long double binomial = 1, piecewise = 0; // C(len, j + 1), built up
    for (int j = 0; j < nodes; ++j) {
      binomial = binomial * static_cast<long double>(len - j) / static_cast<long double>(j + 1);
      piecewise += approxes[j] * binomial;
    }
    approx += sum ? static_cast<long double>(*sum) : piecewise;
  }
  return pointCount(exact, approx, overflow);
}

std::string PiecewiseCount::text() const
{
  return print(*this, false);
}

std::string PiecewiseCount::latex() const
{
  return print(*this, true);
}

std::optional<PiecewiseCount> countParametric(const ParametricSystem& system, const CountLimits& limits,
                                              std::string* why)
{
  const auto width = static_cast<std::size_t>(system.variables) + system.parameters.size();
  if (width > static_cast<std::size_t>(Polynomial::kMaxVariables)) {
    if (why)
      *why = "more than " + std::to_string(Polynomial::kMaxVariables) + " loop variables and unknowns";
    return std::nullopt;
  }
  try {
    std::vector<Row> rows = system.constraints;
    for (auto& r : rows)
      r.coef.resize(width, 0);
    ParametricCounter counter(system.variables, limits);
    counter.sum(std::move(rows), Polynomial::constant(1), (std::uint32_t{1} << system.variables) - 1);
    PiecewiseCount out;
    out.m_parameters = system.parameters;
    out.m_pieces = counter.take();
    return out;
  } catch (const Failure& f) {
    if (why)
      *why = f.why;
    return std::nullopt;
  }
}

} // namespace ps::symbolic

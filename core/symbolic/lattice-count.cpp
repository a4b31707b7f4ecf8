#include "symbolic/lattice-count.h"

#include "symbolic/constraint-rows.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <numeric>

namespace ps::symbolic {
namespace {

using namespace rows;

using Mask = std::uint32_t; // the variables not yet eliminated

/// The residue moduli that make every coefficient of `v` a divisor of the
/// row's other coefficients: u = m_u * u' + r for r = 0..m_u-1.
std::vector<std::pair<int, std::int64_t>> residueModuli(const std::vector<Row>& rows, int v)
{
  const int n = static_cast<int>(rows.front().coef.size());
  std::vector<std::int64_t> m(n, 1);
  for (const auto& row : rows) {
    const auto a = std::llabs(row.coef[v]);
    if (a <= 1)
      continue;
    for (int u = 0; u < n; ++u)
      if (u != v && row.coef[u] % a != 0)
        m[u] = std::lcm(m[u], a / std::gcd(a, std::llabs(row.coef[u])));
  }
  std::vector<std::pair<int, std::int64_t>> out;
  for (int u = 0; u < n; ++u)
    if (m[u] > 1)
      out.emplace_back(u, m[u]);
  return out;
}

class Counter {
public:
  explicit Counter(const CountLimits& limits) : m_limits(limits) {}

  Rational sum(std::vector<Row> rows, const Polynomial& e, Mask remaining)
  {
    if (++m_branches > m_limits.maxBranches)
      throw Failure{"the count needs more than " + std::to_string(m_limits.maxBranches) + " case splits"};
    if (!simplify(rows))
      return 0;
    if (rows.empty()) {
      if (remaining != 0) // a variable no constraint bounds
        throw Failure{"a loop variable has no lower or no upper bound"};
      return e.constantTerm();
    }
    const auto [v, unit] = pick(rows, remaining);
    if (!unit)
      return split(rows, v, e, remaining);
    return eliminate(rows, v, e, remaining & ~(Mask{1} << v));
  }

  /// The number of points of the kept variables (`remaining`) for which
  /// the existential variables `exist` have a solution: each existential
  /// variable with unit coefficients is projected out by Fourier-Motzkin
  /// (exact for unit coefficients); a non-unit one is made unit by residue
  /// splits of kept variables (a bijection, so the counts add up).
  Rational project(std::vector<Row> rows, Mask exist, Mask remaining)
  {
    if (++m_branches > m_limits.maxBranches)
      throw Failure{"the count needs more than " + std::to_string(m_limits.maxBranches) + " case splits"};
    if (!simplify(rows))
      return 0;
    const Mask occurs = occurring(rows);
    remaining &= ~(exist & ~occurs); // an existential variable no row mentions always has a value
    exist &= occurs;
    if (exist == 0)
      return sum(std::move(rows), Polynomial::constant(1), remaining);
    int best = -1, bestSplit = -1;
    std::int64_t bestPairs = 0, bestBranches = 0;
    for (int v = 0; v < static_cast<int>(rows.front().coef.size()); ++v) {
      if (!(exist >> v & 1))
        continue;
      const auto [lowers, uppers, unit] = occurrences(rows, v);
      if (unit && (best < 0 || lowers * uppers < bestPairs)) {
        best = v;
        bestPairs = lowers * uppers;
      }
      if (unit)
        continue;
      const auto moduli = residueModuli(rows, v);
      WideInt branches = 1;
      bool keptOnly = true;
      for (const auto& [u, m] : moduli) {
        keptOnly = keptOnly && !(exist >> u & 1);
        branches = std::min<WideInt>(branches * m, WideInt{1} << 62);
      }
      if (keptOnly && (bestSplit < 0 || branches < bestBranches)) {
        bestSplit = v;
        bestBranches = static_cast<std::int64_t>(branches);
      }
    }
    if (best >= 0)
      return project(fourierMotzkin(rows, best), exist & ~(Mask{1} << best), remaining & ~(Mask{1} << best));
    if (bestSplit < 0)
      throw Failure{"an existential variable has non-unit coefficients that no residue split removes"};
    return splitThen(rows, bestSplit, Polynomial::constant(1),
                     [&](std::vector<Row> r, const Polynomial&) { return project(std::move(r), exist, remaining); });
  }

private:
  /// Divides each row by the gcd of its coefficients (rounding the constant
  /// down keeps exactly the same integer points), drops rows without
  /// variables, keeps the tightest of parallel rows. False when infeasible.
  static bool simplify(std::vector<Row>& rows)
  {
    return normalize(rows) && tighten(rows) && normalize(rows);
  }

  /// Bounds propagation over the box of the variables: adds the bounds
  /// each row implies for each variable as rows of their own, drops the rows
  /// that hold everywhere in that box (implied by the bound rows, so the
  /// points stay the same) and detects empty boxes. Fewer rows mean fewer
  /// (lower, upper) branches in eliminate(). False when infeasible.
  static bool tighten(std::vector<Row>& rows)
  {
    if (rows.empty())
      return true;
    const auto n = rows.front().coef.size();
    const auto box = boxOf(rows, n);
    if (box.empty)
      return false;
    const auto& lo = box.lo;
    const auto& hi = box.hi;
    std::vector<Row> kept;
    for (const auto& r : rows) {
      if (const auto least = box.extreme(r, n, false); least && *least >= 0)
        continue; // holds on the whole box
      kept.push_back(r);
    }
    for (std::size_t v = 0; v < n; ++v) {
      std::vector<std::int64_t> unit(n, 0);
      if (lo[v]) {
        unit[v] = 1;
        kept.push_back({unit, static_cast<std::int64_t>(-*lo[v])});
      }
      if (hi[v]) {
        unit[v] = -1;
        kept.push_back({unit, static_cast<std::int64_t>(*hi[v])});
      }
    }
    rows = std::move(kept);
    return true;
  }


  /// The variable to eliminate next: one with unit coefficients and the
  /// fewest bound pairs (the innermost on ties); when none has unit
  /// coefficients, the one whose residue split has the fewest branches.
  static std::pair<int, bool> pick(const std::vector<Row>& rows, Mask remaining)
  {
    const int n = static_cast<int>(rows.front().coef.size());
    int best = -1, bestSplit = -1;
    std::int64_t bestPairs = 0, bestBranches = 0;
    for (int v = n - 1; v >= 0; --v) {
      const auto [lowers, uppers, unit] = occurrences(rows, v);
      if (lowers + uppers == 0)
        continue;
      if (lowers == 0 || uppers == 0 || !(remaining >> v & 1))
        throw Failure{"a loop variable has no lower or no upper bound"};
      if (unit && (best < 0 || lowers * uppers < bestPairs)) {
        best = v;
        bestPairs = lowers * uppers;
      }
      if (!unit && best < 0) {
        WideInt branches = 1;
        for (const auto& [u, m] : residueModuli(rows, v))
          branches = std::min<WideInt>(branches * m, WideInt{1} << 62);
        if (bestSplit < 0 || branches < bestBranches) {
          bestSplit = v;
          bestBranches = static_cast<std::int64_t>(branches);
        }
      }
    }
    return best >= 0 ? std::pair{best, true} : std::pair{bestSplit, false};
  }

  /// Fig. 2, S4: one branch per (tightest lower, tightest upper) pair, the
  /// conditions making the branches disjoint, and the sum of E over v.
  Rational eliminate(const std::vector<Row>& rows, int v, const Polynomial& e, Mask remaining)
  {
    const auto p = partition(rows, v);
    Rational total = 0;
    for (std::size_t i = 0; i < p.lowers.size(); ++i)
      for (std::size_t j = 0; j < p.uppers.size(); ++j)
        total += sum(branchRows(p, i, j), e.sumOver(v, boundOf(*p.lowers[i], v), boundOf(*p.uppers[j], v)), remaining);
    return total;
  }

  /// v has a coefficient a > 1 in some row a*v + b*u + ... >= 0. Writing
  /// each such u as m*u' + r (r = 0..m-1) makes every other coefficient of
  /// that row a multiple of a, so simplify() divides the row by a and v
  /// becomes unit; v is eliminated next, so the splits always end.
  Rational split(const std::vector<Row>& rows, int v, const Polynomial& e, Mask remaining)
  {
    return splitThen(rows, v, e, [&](std::vector<Row> r, const Polynomial& be) { return sum(std::move(r), be, remaining); });
  }

  template <typename F>
  Rational splitThen(const std::vector<Row>& rows, int v, const Polynomial& e, const F& next)
  {
    const auto moduli = residueModuli(rows, v);
    if (moduli.empty())
      throw Failure{"no residue split makes the bounds unit"}; // unreachable after simplify
    const int n = static_cast<int>(rows.front().coef.size());
    Rational total = 0;
    std::vector<std::int64_t> r(moduli.size(), 0);
    while (true) {
      auto branchRows = rows;
      auto branchE = e;
      for (std::size_t k = 0; k < moduli.size(); ++k) {
        const auto [u, m] = moduli[k];
        branchRows = substitute(std::move(branchRows), u, m, r[k]);
        branchE = branchE.substitute(u, residue(n, u, m, r[k]));
      }
      total += next(std::move(branchRows), branchE);
      std::size_t k = 0;
      while (k < moduli.size() && ++r[k] == moduli[k].second)
        r[k++] = 0;
      if (k == moduli.size())
        return total;
    }
  }

  /// The rows without v, and L_i <= U_j for every lower and upper bound of
  /// v: with unit coefficients exactly the points for which an integer v
  /// exists (v unbounded on one side: always).
  static std::vector<Row> fourierMotzkin(const std::vector<Row>& rows, int v)
  {
    auto [lowers, uppers, out] = partition(rows, v);
    for (const auto* l : lowers)
      for (const auto* u : uppers)
        out.push_back(combine(*u, *l, +1));
    return out;
  }

  static Mask occurring(const std::vector<Row>& rows)
  {
    Mask m = 0;
    for (const auto& r : rows)
      for (std::size_t k = 0; k < r.coef.size(); ++k)
        if (r.coef[k] != 0)
          m |= Mask{1} << k;
    return m;
  }

  static Polynomial residue(int n, int u, std::int64_t m, std::int64_t r)
  {
    std::vector<std::int64_t> coef(n, 0);
    coef[u] = m;
    return Polynomial::affine(coef, r);
  }

  static std::vector<Row> substitute(std::vector<Row> rows, int u, std::int64_t m, std::int64_t r)
  {
    for (auto& row : rows) {
      row.constant = checked(static_cast<WideInt>(row.constant) + static_cast<WideInt>(row.coef[u]) * r);
      row.coef[u] = checked(static_cast<WideInt>(row.coef[u]) * m);
    }
    return rows;
  }

  const CountLimits& m_limits;
  std::int64_t m_branches = 0;
};

} // namespace

void IntegerSystem::atLeastZero(std::vector<std::int64_t> coef, std::int64_t constant)
{
  coef.resize(static_cast<std::size_t>(variables), 0);
  constraints.push_back({std::move(coef), constant});
}

void IntegerSystem::between(const std::vector<std::int64_t>& coef, std::int64_t constant,
                            std::optional<std::int64_t> lo, std::optional<std::int64_t> hi)
{
  if (lo) // f - lo >= 0
    atLeastZero(coef, checked(static_cast<WideInt>(constant) - *lo));
  if (hi) { // hi - f >= 0
    std::vector<std::int64_t> neg(coef.size());
    std::transform(coef.begin(), coef.end(), neg.begin(), [](auto c) { return -c; });
    atLeastZero(std::move(neg), checked(static_cast<WideInt>(*hi) - constant));
  }
}

namespace {

std::optional<PointCount> count(const IntegerSystem& system, Mask exist, const CountLimits& limits, std::string* why)
{
  if (system.variables > Polynomial::kMaxVariables) {
    if (why)
      *why = "more than " + std::to_string(Polynomial::kMaxVariables) + " loop variables";
    return std::nullopt;
  }
  try {
    std::vector<Row> rows = system.constraints;
    for (auto& r : rows)
      r.coef.resize(static_cast<std::size_t>(system.variables), 0);
    if (system.variables == 0)
      rows.clear(); // no variables: one point if every constraint holds
    const bool feasible = std::all_of(system.constraints.begin(), system.constraints.end(), [&](const Row& r) {
      return system.variables > 0 || r.constant >= 0;
    });
    const Mask all = (Mask{1} << system.variables) - 1;
    const Rational total = feasible ? Counter(limits).project(std::move(rows), exist & all, all) : Rational(0);
    PointCount c;
    c.value = static_cast<double>(total);
    c.exact = total.toInt64();
    return c;
  } catch (const Failure& f) {
    if (why)
      *why = f.why;
    return std::nullopt;
  }
}

} // namespace

std::optional<AffineRange> affineRange(const IntegerSystem& system, const std::vector<std::int64_t>& coef,
                                       std::int64_t constant)
{
  const auto n = static_cast<std::size_t>(system.variables);
  std::vector<Row> rows = system.constraints;
  for (auto& r : rows)
    r.coef.resize(n, 0);
  const auto box = boxOf(rows, n);
  if (box.empty)
    return std::nullopt;
  Row f{coef, constant};
  f.coef.resize(n, 0);
  AffineRange out;
  auto fit = [](std::optional<WideInt> v) -> std::optional<std::int64_t> {
    return v && fitsInt64(*v) ? std::optional<std::int64_t>(static_cast<std::int64_t>(*v)) : std::nullopt;
  };
  out.lo = fit(box.extreme(f, n, false));
  out.hi = fit(box.extreme(f, n, true));
  return out;
}

std::optional<PointCount> countPoints(const IntegerSystem& system, const CountLimits& limits, std::string* why)
{
  return count(system, 0, limits, why);
}

std::optional<PointCount> countProjection(const IntegerSystem& system, const std::vector<bool>& existential,
                                          const CountLimits& limits, std::string* why)
{
  Mask exist = 0;
  for (std::size_t k = 0; k < existential.size() && k < 32; ++k)
    exist |= static_cast<Mask>(existential[k]) << k;
  return count(system, exist, limits, why);
}

} // namespace ps::symbolic

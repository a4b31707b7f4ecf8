#pragma once
// Private to core/symbolic: the rows of the symbolic sum algorithm (affine
// inequalities with integer coefficients) and the operations on them that
// the numeric counter (lattice-count.cpp) and the parametric one
// (parametric-count.cpp) share. Source: P3T+, Fig. 2 (the sets I, L, U).

#include "support/wide-int.h"
#include "symbolic/lattice-count.h"
#include "symbolic/polynomial.h"
#include "support/integer-division.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <numeric>
#include <string>
#include <vector>

namespace ps::symbolic::rows {

using Row = LinearConstraint;

/// Why a count gave up (thrown inside core/symbolic only, caught at its API).
struct Failure {
  std::string why;
};

inline std::int64_t checked(WideInt v)
{
  if (!fitsInt64(v))
    throw Failure{"a bound does not fit in 64 bits"};
  return static_cast<std::int64_t>(v);
}

using ps::floorDiv;

/// a + sign * b, row by row (the eliminated variable cancels), plus `extra`.
inline Row combine(const Row& a, const Row& b, int sign, std::int64_t extra = 0)
{
  Row r;
  r.coef.resize(a.coef.size());
  for (std::size_t k = 0; k < a.coef.size(); ++k)
    r.coef[k] = checked(static_cast<WideInt>(a.coef[k]) + sign * static_cast<WideInt>(b.coef[k]));
  r.constant = checked(static_cast<WideInt>(a.constant) + sign * static_cast<WideInt>(b.constant) + extra);
  return r;
}

/// The affine bound a row gives its variable `v` (coefficient +1 or -1):
/// v >= -(rest) for a lower bound, v <= rest for an upper one.
inline Polynomial boundOf(const Row& row, int v)
{
  const auto sign = row.coef[v] > 0 ? -1 : 1;
  std::vector<std::int64_t> coef(row.coef.size());
  for (std::size_t k = 0; k < coef.size(); ++k)
    coef[k] = static_cast<int>(k) == v ? 0 : sign * row.coef[k];
  return Polynomial::affine(coef, sign * row.constant);
}

/// The rows bounding v from below, from above, and the others.
struct Partition {
  std::vector<const Row*> lowers, uppers;
  std::vector<Row> rest;
};

inline Partition partition(const std::vector<Row>& rows, int v)
{
  Partition p;
  for (const auto& r : rows) {
    if (r.coef[v] > 0)
      p.lowers.push_back(&r);
    else if (r.coef[v] < 0)
      p.uppers.push_back(&r);
    else
      p.rest.push_back(r);
  }
  return p;
}

/// How many lower and upper bounds v has, and whether all its
/// coefficients are +1 or -1.
struct Occurrences {
  std::int64_t lowers = 0, uppers = 0;
  bool unit = true;
};

inline Occurrences occurrences(const std::vector<Row>& rows, int v)
{
  Occurrences o;
  for (const auto& r : rows) {
    o.lowers += r.coef[v] > 0;
    o.uppers += r.coef[v] < 0;
    o.unit = o.unit && std::llabs(r.coef[v]) <= 1;
  }
  return o;
}

/// Fig. 2, S4.3: the rows of branch (i, j): the rest, L_i > L_k for k < i
/// and >= for k > i, U_j < U_k for k < j and <= for k > j, and L_i <= U_j;
/// the branches are disjoint and cover every point.
inline std::vector<Row> branchRows(const Partition& p, std::size_t i, std::size_t j)
{
  auto branch = p.rest;
  for (std::size_t k = 0; k < p.lowers.size(); ++k)
    if (k != i)
      branch.push_back(combine(*p.lowers[k], *p.lowers[i], -1, k < i ? -1 : 0));
  for (std::size_t k = 0; k < p.uppers.size(); ++k)
    if (k != j)
      branch.push_back(combine(*p.uppers[k], *p.uppers[j], -1, k < j ? -1 : 0));
  branch.push_back(combine(*p.uppers[j], *p.lowers[i], +1));
  return branch;
}

/// Divides each row by the gcd of its coefficients (rounding the constant
/// down keeps exactly the same integer points), drops rows without
/// variables, keeps the tightest of parallel rows. False when infeasible
/// (a row without variables fails, or two opposite rows leave no room).
inline bool normalize(std::vector<Row>& rows)
{
  std::map<std::vector<std::int64_t>, std::int64_t> tightest;
  for (auto& r : rows) {
    std::int64_t g = 0;
    for (auto c : r.coef)
      g = std::gcd(g, std::llabs(c));
    if (g == 0) {
      if (r.constant < 0)
        return false;
      continue;
    }
    if (g > 1) {
      for (auto& c : r.coef)
        c /= g;
      r.constant = floorDiv(r.constant, g);
    }
    auto [it, fresh] = tightest.emplace(r.coef, r.constant);
    if (!fresh)
      it->second = std::min(it->second, r.constant);
  }
  rows.clear();
  for (const auto& [coef, constant] : tightest) {
    std::vector<std::int64_t> opposite(coef.size());
    std::transform(coef.begin(), coef.end(), opposite.begin(), [](auto c) { return -c; });
    if (auto it = tightest.find(opposite); it != tightest.end() && static_cast<WideInt>(it->second) + constant < 0)
      return false;
    rows.push_back({coef, constant});
  }
  return true;
}

/// The bounds of each variable that the rows imply, by bounds propagation
/// (two rounds): every point lies inside the box, which may be larger.
struct Box {
  std::vector<std::optional<WideInt>> lo, hi;
  bool empty = false;

  /// The extreme of sum(coef * x) + constant over the box, skipping
  /// variable `skip` (nullopt: unbounded, or a coefficient too large).
  std::optional<WideInt> extreme(const Row& r, std::size_t skip, bool maximum) const
  {
    WideInt total = r.constant;
    for (std::size_t u = 0; u < r.coef.size(); ++u) {
      if (u == skip || r.coef[u] == 0)
        continue;
      const auto& b = (r.coef[u] > 0) == maximum ? hi[u] : lo[u];
      if (!b || std::llabs(r.coef[u]) > (std::int64_t{1} << 31))
        return std::nullopt;
      total += r.coef[u] * *b;
    }
    return total;
  }
};

inline Box boxOf(const std::vector<Row>& rows, std::size_t variables)
{
  constexpr WideInt kHuge = WideInt{1} << 62; // keeps every sum of products inside 128 bits
  Box box;
  box.lo.resize(variables);
  box.hi.resize(variables);
  for (int round = 0; round < 2; ++round) {
    for (const auto& r : rows) {
      for (std::size_t v = 0; v < variables; ++v) {
        const auto a = r.coef[v];
        const auto rest = a == 0 ? std::nullopt : box.extreme(r, v, true);
        if (!rest || *rest > kHuge || *rest < -kHuge)
          continue;
        if (a > 0) { // a*v >= -rest
          const WideInt b = -floorDivWide(*rest, a);
          box.lo[v] = box.lo[v] ? std::max(*box.lo[v], b) : b;
        } else {
          const WideInt b = floorDivWide(*rest, -a);
          box.hi[v] = box.hi[v] ? std::min(*box.hi[v], b) : b;
        }
        if (box.lo[v] && box.hi[v] && *box.lo[v] > *box.hi[v]) {
          box.empty = true;
          return box;
        }
      }
    }
  }
  return box;
}

} // namespace ps::symbolic::rows

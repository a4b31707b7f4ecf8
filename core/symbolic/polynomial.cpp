#include "symbolic/polynomial.h"

#include "support/check.h"

#include <algorithm>
#include <mutex>

namespace ps::symbolic {
namespace {

/// Coefficients of F_k(n) = sum_{t=1..n} t^k as a polynomial in n (index =
/// power), from F_k(n) = ((n+1)^(k+1) - 1 - sum_{j<k} C(k+1,j) F_j(n)) / (k+1).
const std::vector<Rational>& faulhaber(int k)
{
  static std::mutex lock;
  static std::vector<std::vector<Rational>> table;
  std::lock_guard guard(lock);
  while (static_cast<int>(table.size()) <= k) {
    const int m = static_cast<int>(table.size());
    std::vector<Rational> binom(m + 2, Rational(0)); // C(m+1, j)
    binom[0] = 1;
    for (int row = 1; row <= m + 1; ++row)
      for (int j = row; j > 0; --j)
        binom[j] += binom[j - 1];
    std::vector<Rational> f(m + 2, Rational(0));
    for (int j = 0; j <= m + 1; ++j) // (n+1)^(m+1) - 1
      f[j] += binom[j];
    f[0] -= 1;
    for (int j = 0; j < m; ++j)
      for (std::size_t i = 0; i < table[j].size(); ++i)
        f[i] -= binom[j] * table[j][i];
    for (auto& c : f)
      c /= (m + 1);
    table.push_back(std::move(f));
  }
  return table[k];
}

} // namespace

Polynomial Polynomial::constant(const Rational& c)
{
  Polynomial p;
  p.addTerm(0, c);
  return p;
}

Polynomial Polynomial::affine(const std::vector<std::int64_t>& coef, std::int64_t constant)
{
  PS_CHECK(static_cast<int>(coef.size()) <= kMaxVariables);
  Polynomial p;
  for (std::size_t k = 0; k < coef.size(); ++k)
    if (coef[k] != 0)
      p.m_terms.emplace_back(withExponent(0, static_cast<int>(k), 1), Rational(coef[k]));
  if (constant != 0)
    p.m_terms.emplace_back(0, Rational(constant));
  std::sort(p.m_terms.begin(), p.m_terms.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  return p;
}

void Polynomial::addTerm(Monomial m, const Rational& c)
{
  auto it = std::lower_bound(m_terms.begin(), m_terms.end(), m, [](const auto& t, Monomial k) { return t.first < k; });
  if (it != m_terms.end() && it->first == m) {
    it->second += c;
    if (it->second == 0)
      m_terms.erase(it);
  } else if (c != 0) {
    m_terms.insert(it, {m, c});
  }
}

std::vector<std::pair<std::vector<int>, Rational>> Polynomial::terms() const
{
  std::vector<std::pair<std::vector<int>, Rational>> out;
  for (const auto& [m, c] : m_terms) {
    std::vector<int> e(kMaxVariables);
    for (int v = 0; v < kMaxVariables; ++v)
      e[v] = exponent(m, v);
    out.emplace_back(std::move(e), c);
  }
  return out;
}

Rational Polynomial::constantTerm() const
{
  return !m_terms.empty() && m_terms.front().first == 0 ? m_terms.front().second : Rational(0);
}

int Polynomial::degreeIn(int var) const
{
  int d = 0;
  for (const auto& [m, c] : m_terms)
    d = std::max(d, exponent(m, var));
  return d;
}

Polynomial Polynomial::coefficientOf(int var, int power) const
{
  Polynomial p;
  for (const auto& [m, c] : m_terms)
    if (exponent(m, var) == power)
      p.m_terms.emplace_back(withExponent(m, var, 0), c); // order is kept: the removed bits are equal
  return p;
}

Polynomial Polynomial::operator+(const Polynomial& o) const
{
  Polynomial r;
  r.m_terms.reserve(m_terms.size() + o.m_terms.size());
  auto a = m_terms.begin(), b = o.m_terms.begin();
  while (a != m_terms.end() || b != o.m_terms.end()) {
    if (b == o.m_terms.end() || (a != m_terms.end() && a->first < b->first)) {
      r.m_terms.push_back(*a++);
    } else if (a == m_terms.end() || b->first < a->first) {
      r.m_terms.push_back(*b++);
    } else {
      Rational c = a->second + b->second;
      if (c != 0)
        r.m_terms.emplace_back(a->first, std::move(c));
      ++a;
      ++b;
    }
  }
  return r;
}

Polynomial Polynomial::operator-(const Polynomial& o) const
{
  Polynomial neg = o;
  for (auto& t : neg.m_terms)
    t.second = -t.second;
  return *this + neg;
}

Polynomial Polynomial::operator*(const Polynomial& o) const
{
  // all products, then sorted and merged: a few dozen terms, where a map allocated a node per product
  std::vector<std::pair<Monomial, Rational>> products;
  products.reserve(m_terms.size() * o.m_terms.size());
  for (const auto& [ma, ca] : m_terms) {
    for (const auto& [mb, cb] : o.m_terms) {
      for (int v = 0; v < kMaxVariables; ++v)
        PS_CHECK(exponent(ma, v) + exponent(mb, v) < 32);
      products.emplace_back(ma + mb, ca * cb); // exponents add field by field: no carries below 32
    }
  }
  std::sort(products.begin(), products.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Polynomial r;
  for (auto& [m, c] : products) {
    if (!r.m_terms.empty() && r.m_terms.back().first == m)
      r.m_terms.back().second += c;
    else if (!r.m_terms.empty() && r.m_terms.back().second.isZero())
      r.m_terms.back() = {m, std::move(c)};
    else
      r.m_terms.emplace_back(m, std::move(c));
  }
  if (!r.m_terms.empty() && r.m_terms.back().second.isZero())
    r.m_terms.pop_back();
  return r;
}

Polynomial Polynomial::substitute(int var, const Polynomial& by) const
{
  const int degree = degreeIn(var);
  if (degree == 0)
    return *this;
  Polynomial result, power = constant(1);
  for (int e = 0; e <= degree; ++e) {
    if (e > 0)
      power = power * by;
    const auto coefficient = coefficientOf(var, e);
    if (!coefficient.isZero())
      result += coefficient * power;
  }
  return result;
}

Rational Polynomial::at(const std::vector<std::int64_t>& x) const
{
  Rational sum = 0;
  for (const auto& [m, c] : m_terms) {
    Rational term = c;
    for (std::size_t v = 0; v < x.size(); ++v)
      for (int e = exponent(m, static_cast<int>(v)); e > 0; --e)
        term *= x[v];
    sum += term;
  }
  return sum;
}

Polynomial Polynomial::sumOver(int var, const Polynomial& lower, const Polynomial& upper) const
{
  // sum_{v=L..U} v^k = F_k(U) - F_k(L-1), a polynomial identity for L <= U+1
  const int degree = degreeIn(var);
  std::vector<Polynomial> difference{constant(0)}; // U^i - (L-1)^i, i = 0..degree+1, shared by every k
  {
    const auto below = lower - constant(1);
    Polynomial pu = constant(1), pb = constant(1);
    for (int i = 1; i <= degree + 1; ++i) {
      pu = pu * upper;
      pb = pb * below;
      difference.push_back(pu - pb);
    }
  }
  Polynomial result;
  for (int k = 0; k <= degree; ++k) {
    const auto coefficient = coefficientOf(var, k);
    if (coefficient.isZero())
      continue;
    const auto& f = faulhaber(k);
    Polynomial atBounds;
    for (std::size_t i = 0; i < f.size(); ++i)
      if (!f[i].isZero())
        atBounds += difference[i] * constant(f[i]);
    result += coefficient * atBounds;
  }
  return result;
}

} // namespace ps::symbolic

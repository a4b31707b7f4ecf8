#include "symbolic/int-term-simplify.h"
#include "support/integer-division.h"
#include "support/wide-int.h"

#include <algorithm>
#include <functional>
#include <set>

namespace ps::symbolic {
namespace {

using Kind = IntTerm::Kind;
constexpr std::int64_t kU = TermRange::kUnbounded;
const IntTerm kZero = IntTerm::constant(0), kOne = IntTerm::constant(1);

// Every value IntTerm::evaluate returns lies within +-2^62, so clamping a
// bound to +-kU keeps it sound.
std::int64_t clamped(WideInt v) { return v <= -static_cast<WideInt>(kU) ? -kU : v >= kU ? kU : static_cast<std::int64_t>(v); }

bool isZero(const IntTerm& t) { return t.asConstant() == 0; }

bool isBracket(const IntTerm& t)
{
  const auto k = t.kind();
  return k == Kind::Eq || k == Kind::Ne || k == Kind::Le || k == Kind::Lt;
}

std::string keyOf(const IntTerm& t) { return t.str(); }

bool mentions(const IntTerm& t, const std::string& name)
{
  if (t.kind() == Kind::Sym)
    return t.name() == name;
  return std::any_of(t.args().begin(), t.args().end(), [&](const IntTerm& a) { return mentions(a, name); });
}

void flatten(const IntTerm& t, Kind kind, std::vector<IntTerm>& out)
{
  if (t.kind() != kind) {
    out.push_back(t);
    return;
  }
  for (const auto& a : t.args())
    flatten(a, kind, out);
}
std::vector<IntTerm> flat(const IntTerm& t, Kind kind)
{
  std::vector<IntTerm> out;
  flatten(t, kind, out);
  return out;
}

/// Right-nested product, so that a leading constant prints as a coefficient.
IntTerm product(const std::vector<IntTerm>& fs)
{
  if (fs.empty())
    return kOne;
  IntTerm out = fs.back();
  for (auto i = fs.size() - 1; i-- > 0;)
    out = fs[i] * out;
  return out;
}

/// coef * core, core a product without constants.
struct Monomial {
  std::int64_t coef = 1;
  std::vector<IntTerm> factors;
  IntTerm core() const { return product(factors); }
};
Monomial monomialOf(const IntTerm& t)
{
  Monomial m;
  for (const auto& f : flat(t, Kind::Mul)) {
    if (auto c = f.asConstant())
      m.coef *= *c;
    else
      m.factors.push_back(f);
  }
  return m;
}

/// A product's factors in a canonical order: b*p and p*b are like terms.
std::string factorKey(const std::vector<IntTerm>& fs)
{
  std::vector<std::string> k;
  for (const auto& f : fs)
    k.push_back(keyOf(f));
  std::sort(k.begin(), k.end());
  std::string out;
  for (const auto& x : k)
    out += x + "\x1f";
  return out;
}

IntTerm negation(const IntTerm& t)
{
  const auto& a = t.args();
  switch (t.kind()) {
  case Kind::Eq: return IntTerm::ne(a[0], a[1]);
  case Kind::Ne: return IntTerm::eq(a[0], a[1]);
  case Kind::Le: return IntTerm::lt(a[1], a[0]);
  default: return IntTerm::le(a[1], a[0]);
  }
}

bool holds(Kind k, std::int64_t diff)
{
  return k == Kind::Eq ? diff == 0 : k == Kind::Ne ? diff != 0 : k == Kind::Le ? diff <= 0 : diff < 0;
}

IntTerm relationOf(Kind k, const IntTerm& a, const IntTerm& b)
{
  return k == Kind::Eq ? IntTerm::eq(a, b) : k == Kind::Ne ? IntTerm::ne(a, b) : k == Kind::Le ? IntTerm::le(a, b) : IntTerm::lt(a, b);
}

IntTerm substituteKey(const IntTerm& t, const std::string& from, const IntTerm& to)
{
  if (t.kind() == Kind::Const)
    return t;
  if (keyOf(t) == from)
    return to;
  if (t.kind() == Kind::Sym)
    return t;
  std::vector<IntTerm> a;
  for (const auto& x : t.args())
    a.push_back(substituteKey(x, from, to));
  switch (t.kind()) {
  case Kind::Add: {
    IntTerm out = kZero;
    for (const auto& x : a)
      out = out + x;
    return out;
  }
  case Kind::Mul: return a[0] * a[1];
  case Kind::FloorDiv: return IntTerm::floorDiv(a[0], a[1]);
  case Kind::CeilDiv: return IntTerm::ceilDiv(a[0], a[1]);
  case Kind::Mod: return IntTerm::mod(a[0], a[1]);
  case Kind::Min: return IntTerm::min(a[0], a[1]);
  case Kind::Max: return IntTerm::max(a[0], a[1]);
  case Kind::Eq:
  case Kind::Ne:
  case Kind::Le:
  case Kind::Lt: return relationOf(t.kind(), a[0], a[1]);
  case Kind::Pow2: return IntTerm::pow2(a[0]);
  case Kind::CeilLog2: return IntTerm::ceilLog2(a[0]);
  case Kind::Sum: return t.name() == from ? t : IntTerm::sum(t.name(), a[0], a[1], a[2]);
  default: return t;
  }
}

TermRange floorRange(const TermRange& a, const TermRange& d)
{
  if (d.lo < 1)
    return {};
  std::int64_t lo = kU, hi = -kU;
  for (auto x : {a.lo, a.hi})
    for (auto y : {d.lo, d.hi}) {
      lo = std::min(lo, floorDiv(x, y));
      hi = std::max(hi, floorDiv(x, y));
    }
  return {lo, hi};
}

} // namespace

TermRange rangeOf(const IntTerm& t, const TermFacts& facts)
{
  const auto& a = t.args();
  const auto r = [&](std::size_t i) { return rangeOf(a[i], facts); };
  switch (t.kind()) {
  case Kind::Const: return {*t.asConstant(), *t.asConstant()};
  case Kind::Sym: {
    const auto it = facts.find(t.name());
    return it == facts.end() ? TermRange{} : it->second;
  }
  case Kind::Add: {
    WideInt lo = 0, hi = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const auto x = r(i);
      lo += x.lo;
      hi += x.hi;
    }
    return {clamped(lo), clamped(hi)};
  }
  case Kind::Mul: {
    const auto x = r(0), y = r(1);
    WideInt lo = static_cast<WideInt>(kU) * kU, hi = -lo;
    for (WideInt p : {WideInt(x.lo) * y.lo, WideInt(x.lo) * y.hi, WideInt(x.hi) * y.lo, WideInt(x.hi) * y.hi}) {
      lo = std::min(lo, p);
      hi = std::max(hi, p);
    }
    return {clamped(lo), clamped(hi)};
  }
  case Kind::FloorDiv: return floorRange(r(0), r(1));
  case Kind::CeilDiv: {
    const auto x = r(0);
    const auto f = floorRange({-x.hi, -x.lo}, r(1));
    return {-f.hi, -f.lo};
  }
  case Kind::Mod: {
    const auto x = r(0), d = r(1);
    if (d.lo < 1)
      return {};
    if (x.lo >= 0 && x.hi < d.lo)
      return x;
    return {0, d.hi - 1};
  }
  case Kind::Min: return {std::min(r(0).lo, r(1).lo), std::min(r(0).hi, r(1).hi)};
  case Kind::Max: return {std::max(r(0).lo, r(1).lo), std::max(r(0).hi, r(1).hi)};
  case Kind::Eq:
  case Kind::Ne:
  case Kind::Le:
  case Kind::Lt: return {0, 1};
  case Kind::Pow2: return {1, kU};
  case Kind::CeilLog2: return {0, 62};
  case Kind::Sum: return {};
  }
  return {};
}

bool sameTerm(const IntTerm& a, const IntTerm& b) { return keyOf(a) == keyOf(b); }

IntTerm substitute(const IntTerm& t, const IntTerm& from, const IntTerm& to)
{
  return substituteKey(t, keyOf(from), to);
}

namespace {

/// The rewriting, memoised by printed form (the rules simplify differences
/// of subterms again, which would otherwise repeat work exponentially in
/// the nesting of min and max).
class Simplifier {
public:
  explicit Simplifier(const TermFacts& facts) : m_facts(facts) {}
  IntTerm run(const IntTerm& t);
  IntTerm add(const std::vector<IntTerm>& terms);
  IntTerm mul(const std::vector<IntTerm>& factors);
  TermRange range(const IntTerm& t);
  const TermFacts& facts() const { return m_facts; }

private:
  IntTerm rewrite(const IntTerm& t);
  IntTerm floorOf(const IntTerm& a, const IntTerm& d);
  void mergeCases(std::vector<Monomial>& ms);
  IntTerm floorRest(const IntTerm& r, const IntTerm& d);
  IntTerm ceilOf(const IntTerm& a, const IntTerm& d);
  IntTerm minMax(bool isMin, const IntTerm& a, const IntTerm& b);
  IntTerm relation(Kind k, const IntTerm& a, const IntTerm& b);
  std::optional<IntTerm> relationByShape(Kind k, const IntTerm& a, const IntTerm& b, const IntTerm& diff);
  bool contradicts(const std::vector<IntTerm>& brackets);
  IntTerm diff(const IntTerm& a, const IntTerm& b) { return add({a, IntTerm::constant(-1) * b}); }

  TermFacts m_facts;
  std::map<std::string, IntTerm> m_memo;
};

/// rangeOf, tightened by the facts p < P: a sum c*p + e with c < 0 is at
/// least c*(P - 1) + e, with c > 0 at most that.
TermRange Simplifier::range(const IntTerm& t)
{
  auto r = rangeOf(t, m_facts);
  if (t.kind() != Kind::Add)
    return r;
  for (const auto& [name, fact] : m_facts) {
    if (fact.below.empty())
      continue;
    std::int64_t coef = 0;
    for (const auto& x : flat(t, Kind::Add)) {
      if (!mentions(x, name))
        continue;
      const auto m = monomialOf(x);
      if (coef != 0 || m.factors.size() != 1 || m.factors[0].kind() != Kind::Sym)
        return r; // p twice, or inside a product or a function
      coef = m.coef;
    }
    if (coef == 0)
      continue;
    const auto atTop = rangeOf(add({substitute(t, IntTerm::symbol(name), IntTerm::symbol(fact.below) - kOne)}), m_facts);
    if (coef < 0)
      r.lo = std::max(r.lo, atTop.lo);
    else
      r.hi = std::min(r.hi, atTop.hi);
  }
  return r;
}

IntTerm Simplifier::run(const IntTerm& t)
{
  if (t.kind() == Kind::Const || t.kind() == Kind::Sym)
    return t;
  auto key = keyOf(t);
  if (auto it = m_memo.find(key); it != m_memo.end())
    return it->second;
  auto out = rewrite(t);
  const auto r = range(out);
  if (r.lo == r.hi)
    out = IntTerm::constant(r.lo);
  m_memo.emplace(std::move(key), out);
  return out;
}

IntTerm Simplifier::rewrite(const IntTerm& t)
{
  const auto& a = t.args();
  std::vector<IntTerm> s;
  if (t.kind() != Kind::Sum)
    for (const auto& x : a)
      s.push_back(run(x));
  switch (t.kind()) {
  case Kind::Add: return add(s);
  case Kind::Mul: return mul(s);
  case Kind::FloorDiv: return floorOf(s[0], s[1]);
  case Kind::CeilDiv: return ceilOf(s[0], s[1]);
  case Kind::Mod: {
    const auto x = range(s[0]), d = range(s[1]);
    if (d.lo >= 1 && x.lo >= 0 && x.hi < d.lo)
      return s[0];
    if (d.lo >= 1 && x.hi <= -1 && range(add({s[0], s[1]})).lo >= 0) // -d <= a <= -1: a mod d = a + d
      return add({s[0], s[1]});
    return IntTerm::mod(s[0], s[1]);
  }
  case Kind::Min: return minMax(true, s[0], s[1]);
  case Kind::Max: return minMax(false, s[0], s[1]);
  case Kind::Eq:
  case Kind::Ne:
  case Kind::Le:
  case Kind::Lt: return relation(t.kind(), s[0], s[1]);
  case Kind::Pow2: return IntTerm::pow2(s[0]);
  case Kind::CeilLog2: return IntTerm::ceilLog2(s[0]);
  case Kind::Sum: {
    auto inner = m_facts; // the bound variable shadows any fact of that name
    inner.erase(t.name());
    Simplifier body(inner);
    return IntTerm::sum(t.name(), run(a[0]), run(a[1]), body.run(a[2]));
  }
  default: return t;
  }
}

/// Like terms collected; 1 - [rel] becomes the negated bracket.
IntTerm Simplifier::add(const std::vector<IntTerm>& terms)
{
  std::vector<Monomial> ms;
  std::vector<std::string> keys;
  WideInt constant = 0;
  std::function<void(std::int64_t, const IntTerm&)> collect = [&](std::int64_t scale, const IntTerm& t) {
    for (const auto& x : flat(t, Kind::Add)) {
      if (auto c = x.asConstant()) {
        constant += WideInt(scale) * *c;
        continue;
      }
      auto m = monomialOf(x);
      m.coef = clamped(WideInt(m.coef) * scale);
      if (m.factors.size() == 1 && m.factors[0].kind() == Kind::Add) { // c*(x + y) is c*x + c*y
        collect(m.coef, m.factors[0]);
        continue;
      }
      const auto key = factorKey(m.factors);
      const auto at = std::find(keys.begin(), keys.end(), key);
      if (at == keys.end()) {
        keys.push_back(key);
        ms.push_back(std::move(m));
      } else {
        ms[static_cast<std::size_t>(at - keys.begin())].coef += m.coef;
      }
    }
  };
  for (const auto& t : terms)
    collect(1, t);
  std::erase_if(ms, [](const Monomial& m) { return m.coef == 0; });
  mergeCases(ms);
  if (constant == 1 && ms.size() == 1 && ms[0].coef == -1 && ms[0].factors.size() == 1 && isBracket(ms[0].factors[0]))
    return run(negation(ms[0].factors[0]));
  IntTerm out = kZero;
  for (const auto& m : ms)
    out = out + IntTerm::constant(m.coef) * m.core();
  return out + IntTerm::constant(clamped(constant));
}

/// Constants multiplied, brackets first and deduplicated, [x = c] put into
/// the other factors, contradicting brackets make 0.
IntTerm Simplifier::mul(const std::vector<IntTerm>& factors)
{
  std::int64_t coef = 1;
  std::vector<IntTerm> brackets, others;
  std::set<std::string> seen;
  for (const auto& f : factors)
    for (const auto& x : flat(f, Kind::Mul)) {
      if (auto c = x.asConstant()) {
        if (*c == 0)
          return kZero;
        coef = clamped(WideInt(coef) * *c);
      } else if (isBracket(x)) {
        if (seen.insert(keyOf(x)).second)
          brackets.push_back(x);
      } else {
        others.push_back(x);
      }
    }
  for (const auto& b : brackets) { // [x = c]: x is c in the rest of the product
    const auto& ba = b.args();
    if (b.kind() != Kind::Eq || ba[0].kind() != Kind::Sym || !ba[1].asConstant())
      continue;
    bool changed = false;
    std::vector<IntTerm> next{b};
    for (const auto& f : factors)
      for (const auto& x : flat(f, Kind::Mul)) {
        if (sameTerm(x, b) || !mentions(x, ba[0].name())) {
          next.push_back(x);
          continue;
        }
        next.push_back(run(substitute(x, ba[0], ba[1])));
        changed = true;
      }
    if (changed)
      return mul(next);
  }
  if (contradicts(brackets))
    return kZero;
  brackets.insert(brackets.end(), others.begin(), others.end());
  return IntTerm::constant(coef) * product(brackets);
}

/// Whether brackets on one term (up to sign and constant) leave no value
/// within its range.
bool Simplifier::contradicts(const std::vector<IntTerm>& brackets)
{
  struct Group {
    TermRange r;
    std::set<std::int64_t> excluded;
  };
  std::map<std::string, Group> groups;
  for (const auto& b : brackets) {
    const auto d = diff(b.args()[0], b.args()[1]);
    std::int64_t c = 0;
    std::vector<IntTerm> rest;
    for (const auto& x : flat(d, Kind::Add)) {
      if (auto v = x.asConstant())
        c += *v;
      else
        rest.push_back(x);
    }
    if (rest.empty())
      continue;
    auto x = add(rest); // the bracket says x + c REL 0
    TermRange allowed = b.kind() == Kind::Eq ? TermRange{-c, -c} : b.kind() == Kind::Le ? TermRange{-kU, -c}
                        : b.kind() == Kind::Lt ? TermRange{-kU, -c - 1} : TermRange{};
    std::int64_t excluded = -c;
    if (monomialOf(flat(x, Kind::Add).front()).coef < 0) { // one group for x and -x
      x = add({IntTerm::constant(-1) * x});
      allowed = {-allowed.hi, -allowed.lo};
      excluded = c;
    }
    auto [it, fresh] = groups.try_emplace(keyOf(x));
    if (fresh)
      it->second.r = range(x);
    auto& g = it->second;
    g.r = {std::max(g.r.lo, allowed.lo), std::min(g.r.hi, allowed.hi)};
    if (b.kind() == Kind::Ne)
      g.excluded.insert(excluded);
    if (g.r.lo > g.r.hi || (g.r.lo == g.r.hi && g.excluded.count(g.r.lo)))
      return true;
  }
  return false;
}

/// floor(a/d) = q + floor(r/d) for the terms of a that are multiples of d.
/// [x = c]*R1 + [x != c]*R2 is R2 when R2 at x = c is R1 (the two cases of
/// a floor that depends on x = c often meet again).
void Simplifier::mergeCases(std::vector<Monomial>& ms)
{
  for (std::size_t i = 0; i < ms.size(); ++i)
    for (std::size_t eqAt = 0; eqAt < ms[i].factors.size(); ++eqAt) {
      const auto& e = ms[i].factors[eqAt];
      if (e.kind() != Kind::Eq || e.args()[0].kind() != Kind::Sym || !e.args()[1].asConstant())
        continue;
      const auto other = run(negation(e));
      auto r1 = ms[i].factors;
      r1.erase(r1.begin() + static_cast<std::ptrdiff_t>(eqAt));
      for (std::size_t j = 0; j < ms.size(); ++j) {
        if (j == i || ms[j].coef != ms[i].coef)
          continue;
        auto r2 = ms[j].factors;
        const auto at = std::find_if(r2.begin(), r2.end(), [&](const IntTerm& f) { return sameTerm(f, other); });
        if (at == r2.end())
          continue;
        r2.erase(at);
        const auto atC = monomialOf(run(substitute(product(r2), e.args()[0], e.args()[1])));
        if (atC.coef != 1 || (factorKey(atC.factors) != factorKey(r1) && !isZero(diff(product(atC.factors), product(r1)))))
          continue;
        ms[j].factors = r2;
        ms.erase(ms.begin() + static_cast<std::ptrdiff_t>(i));
        mergeCases(ms);
        return;
      }
    }
}

IntTerm Simplifier::floorOf(const IntTerm& a, const IntTerm& d)
{
  if (range(d).lo < 1)
    return IntTerm::floorDiv(a, d);
  const auto dk = keyOf(d);
  const auto dc = d.asConstant();
  std::vector<IntTerm> quotient, rest;
  for (const auto& x : flat(a, Kind::Add)) {
    auto m = monomialOf(x);
    const auto at = std::find_if(m.factors.begin(), m.factors.end(), [&](const IntTerm& f) { return keyOf(f) == dk; });
    if (at != m.factors.end()) {
      m.factors.erase(at);
      quotient.push_back(IntTerm::constant(m.coef) * m.core());
    } else if (dc && !m.factors.empty() && m.coef % *dc == 0) {
      quotient.push_back(IntTerm::constant(m.coef / *dc) * m.core());
    } else {
      rest.push_back(x);
    }
  }
  return add({add(quotient), floorRest(add(rest), d)});
}

/// floor(r/d) for d >= 1: 0 or -1 when r stays within one period, and the
/// cases r = 1, -2 kept exact by [d = 1].
IntTerm Simplifier::floorRest(const IntTerm& r, const IntTerm& d)
{
  const auto rr = range(r), dr = range(d);
  if (rr.lo >= 0 && range(diff(d, add({r, kOne}))).lo >= 0)
    return kZero;
  if (rr.hi <= -1 && range(add({d, r})).lo >= 0)
    return IntTerm::constant(-1);
  if (rr.hi <= 0 && range(add({d, r, IntTerm::constant(-1)})).lo >= 0) // 1 - d <= r <= 0
    return add({IntTerm::constant(-1) * relation(Kind::Lt, r, kZero)});
  const auto fr = floorRange(rr, dr);
  if (fr.lo == fr.hi)
    return IntTerm::constant(fr.lo);
  const auto c = r.asConstant();
  if (c && *c == 1 && dr.lo == 1)
    return relation(Kind::Eq, d, kOne);
  if (c && *c == -2 && dr.lo == 1)
    return add({IntTerm::constant(-1), IntTerm::constant(-1) * relation(Kind::Eq, d, kOne)});
  return IntTerm::floorDiv(r, d);
}

IntTerm Simplifier::ceilOf(const IntTerm& a, const IntTerm& d)
{
  const auto f = floorOf(add({IntTerm::constant(-1) * a}), d); // ceil(a/d) = -floor(-a/d)
  if (f.kind() == Kind::FloorDiv)
    return IntTerm::ceilDiv(a, d);
  return add({IntTerm::constant(-1) * f});
}

/// max(0, min(A1, A2..) - max(B1, B2..) + c): the arguments and c.
struct Gap {
  std::vector<IntTerm> mins, maxs;
  std::int64_t c = 0;
};
std::optional<Gap> gapOf(const IntTerm& e)
{
  Gap g;
  int shape = 0;
  for (const auto& x : flat(e, Kind::Add)) {
    if (auto v = x.asConstant()) {
      g.c += *v;
      continue;
    }
    const auto m = monomialOf(x);
    if (m.factors.size() != 1)
      return std::nullopt;
    const auto& f = m.factors[0];
    if (m.coef == 1 && f.kind() == Kind::Min && g.mins.empty())
      flatten(f, Kind::Min, g.mins), shape |= 1;
    else if (m.coef == -1 && f.kind() == Kind::Max && g.maxs.empty())
      flatten(f, Kind::Max, g.maxs), shape |= 2;
    else
      return std::nullopt;
  }
  if (shape != 3)
    return std::nullopt;
  return g;
}

IntTerm Simplifier::minMax(bool isMin, const IntTerm& a, const IntTerm& b)
{
  if (sameTerm(a, b))
    return a;
  const auto d = range(diff(a, b));
  if (d.hi <= 0)
    return isMin ? a : b;
  if (d.lo >= 0)
    return isMin ? b : a;
  const auto c = a.asConstant() ? a.asConstant() : b.asConstant();
  const auto& x = a.asConstant() ? b : a;
  if (c && ((isMin && *c >= 0) || (!isMin && *c <= 0))) { // min(B*Y, c) = B*min(Y, c) for a bracket B
    const auto m = monomialOf(x);
    std::vector<IntTerm> brackets, rest;
    for (const auto& f : m.factors)
      (isBracket(f) ? brackets : rest).push_back(f);
    if (!brackets.empty() && m.coef == 1) {
      brackets.push_back(minMax(isMin, run(product(rest)), IntTerm::constant(*c)));
      return mul(brackets);
    }
  }
  if (isMin && c && *c == 1 && range(x).lo >= 0)
    return relation(Kind::Le, kOne, x);
  if (!isMin && c && *c == 0) {
    const auto g = gapOf(x);
    if (g) {
      WideInt sup = kU;
      for (const auto& m : g->mins)
        for (const auto& n : g->maxs)
          sup = std::min<WideInt>(sup, range(diff(m, n)).hi);
      if (sup + g->c <= 1) // the gap is 0 or 1: a bracket
        return relation(Kind::Le, kOne, x);
    }
  }
  return isMin ? IntTerm::min(a, b) : IntTerm::max(a, b);
}

IntTerm Simplifier::relation(Kind k, const IntTerm& a, const IntTerm& b)
{
  const auto d = diff(a, b);
  const auto r = range(d);
  if (r.lo == r.hi)
    return IntTerm::constant(holds(k, r.lo) ? 1 : 0);
  if ((k == Kind::Le && r.hi <= 0) || (k == Kind::Lt && r.hi < 0) || (k == Kind::Ne && (r.hi < 0 || r.lo > 0)))
    return kOne;
  if ((k == Kind::Le && r.lo > 0) || (k == Kind::Lt && r.lo >= 0) || (k == Kind::Eq && (r.hi < 0 || r.lo > 0)))
    return kZero;
  if (auto shaped = relationByShape(k, a, b, d))
    return *shaped;
  if (k == Kind::Le && r.lo == 0)
    return IntTerm::eq(a, b);
  if (k == Kind::Ne && r.lo == 0)
    return IntTerm::lt(b, a);
  if (k == Kind::Ne && r.hi == 0)
    return IntTerm::lt(a, b);
  return relationOf(k, a, b);
}

/// Brackets of brackets, [c <= max/min/gap], [1 <= s*t] for t >= 1, and
/// constants moved to the constant side.
std::optional<IntTerm> Simplifier::relationByShape(Kind k, const IntTerm& a, const IntTerm& b, const IntTerm& d)
{
  const auto terms = flat(d, Kind::Add);
  std::int64_t c = 0;
  for (const auto& t : terms)
    c += t.asConstant().value_or(0);
  const auto m = monomialOf(terms.front());
  if (terms.size() - (c != 0 ? 1 : 0) == 1 && m.factors.size() == 1 && isBracket(m.factors[0])) {
    const bool at0 = holds(k, c), at1 = holds(k, c + m.coef); // the relation at B = 0 and B = 1
    return at0 && at1 ? kOne : !at0 && !at1 ? kZero : at1 ? m.factors[0] : run(negation(m.factors[0]));
  }
  const auto ca = a.asConstant();
  if (k == Kind::Le && ca) {
    std::vector<IntTerm> conj;
    if (b.kind() == Kind::Max && range(b.args()[0]).hi < *ca)
      return relation(k, a, b.args()[1]);
    if (b.kind() == Kind::Max && range(b.args()[1]).hi < *ca)
      return relation(k, a, b.args()[0]);
    if (b.kind() == Kind::FloorDiv && range(b.args()[1]).lo >= 1) // c <= floor(x/d) iff c*d <= x
      return relation(k, run(a * b.args()[1]), b.args()[0]);
    if (b.kind() == Kind::Add && !gapOf(b)) { // c <= min(x, y) + e: both; c <= -max(x, y) + e: both
      const auto terms = flat(b, Kind::Add);
      for (std::size_t i = 0; i < terms.size(); ++i) {
        const auto tm = monomialOf(terms[i]);
        if (tm.factors.size() != 1 || !((tm.coef == 1 && tm.factors[0].kind() == Kind::Min) ||
                                        (tm.coef == -1 && tm.factors[0].kind() == Kind::Max)))
          continue;
        auto rest = terms;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
        for (const auto& x : tm.factors[0].args())
          conj.push_back(relation(k, a, add({add(rest), IntTerm::constant(tm.coef) * x})));
        return mul(conj);
      }
    }
    if (b.kind() == Kind::Min)
      return mul({relation(k, a, b.args()[0]), relation(k, a, b.args()[1])});
    if (const auto g = gapOf(b)) { // c <= min(A..) - max(B..) + g: every B + c - g <= every A
      for (const auto& lo : g->maxs) // lower bounds first: [1 <= p]*[p*b <= n - 1]
        for (const auto& hi : g->mins)
          conj.push_back(relation(k, add({lo, IntTerm::constant(*ca - g->c)}), hi));
      return mul(conj);
    }
    const auto pm = monomialOf(b);
    if (*ca == 1 && pm.coef == 1 && pm.factors.size() > 1 &&
        std::all_of(pm.factors.begin(), pm.factors.end(), [&](const IntTerm& f) { return range(f).lo >= 0; })) {
      for (const auto& f : pm.factors) // a product of naturals is >= 1 when each is
        conj.push_back(relation(k, kOne, f));
      return mul(conj);
    }
    if (*ca == 1 && b.kind() == Kind::Mul)
      for (int i = 0; i < 2; ++i) {
        const auto &s = b.args()[i], &t = b.args()[1 - i];
        if (range(s).lo >= 0 && range(t).lo >= 1)
          return relation(k, kOne, s);
      }
  }
  std::vector<IntTerm> left, right; // terms with a negative coefficient change sides: [p*b + 1 <= n], not [1 <= -p*b + n]
  bool negative = false;
  for (const auto* side : {&a, &b})
    for (const auto& x : flat(*side, Kind::Add)) {
      const bool minus = !x.asConstant() && monomialOf(x).coef < 0;
      negative = negative || minus;
      ((side == &a) != minus ? left : right).push_back(minus ? IntTerm::constant(-1) * x : x);
    }
  if (negative)
    return relation(k, add(left), add(right));
  const auto cb = b.asConstant();
  const auto moved = [&](const IntTerm& side) { // x + e REL c  ->  x REL c - e
    std::int64_t e = 0;
    for (const auto& t : flat(side, Kind::Add))
      e += t.asConstant().value_or(0);
    return e;
  };
  if (!ca && !cb && moved(a) != 0) // constants on the right: [x + b <= n - 1], not [x + b - 1 <= n - 2]
    return relation(k, add({a, IntTerm::constant(-moved(a))}), add({b, IntTerm::constant(-moved(a))}));
  if (ca && moved(b) != 0)
    return relation(k, IntTerm::constant(*ca - moved(b)), add({b, IntTerm::constant(-moved(b))}));
  if (cb && moved(a) != 0)
    return relation(k, add({a, IntTerm::constant(-moved(a))}), IntTerm::constant(*cb - moved(a)));
  return std::nullopt;
}

} // namespace

IntTerm simplify(const IntTerm& t, const TermFacts& facts)
{
  Simplifier s(facts);
  return s.run(t);
}

} // namespace ps::symbolic

namespace ps::symbolic {
namespace {

/// A bracket linear in p, k*p + rest REL 0 with k of known sign, as a bound
/// on p; false when it is not one.
bool boundOf(Simplifier& s, const IntTerm& bracket, const std::string& p, std::vector<IntTerm>& los,
             std::vector<IntTerm>& his)
{
  if (bracket.kind() != Kind::Le && bracket.kind() != Kind::Lt)
    return false;
  const auto& a = bracket.args();
  auto d = s.add({a[0], IntTerm::constant(-1) * a[1]});
  if (bracket.kind() == Kind::Lt)
    d = s.add({d, kOne}); // x < 0 is x + 1 <= 0
  std::optional<IntTerm> k;
  std::vector<IntTerm> rest;
  for (const auto& x : flat(d, Kind::Add)) {
    if (!mentions(x, p)) {
      rest.push_back(x);
      continue;
    }
    auto m = monomialOf(x);
    const auto at = std::find_if(m.factors.begin(), m.factors.end(), [&](const IntTerm& f) { return f.kind() == Kind::Sym && f.name() == p; });
    if (k || at == m.factors.end())
      return false;
    m.factors.erase(at);
    k = s.run(IntTerm::constant(m.coef) * m.core());
    if (mentions(*k, p))
      return false;
  }
  if (!k)
    return false;
  const auto r = s.add(rest);
  const auto kr = s.range(*k);
  if (kr.lo >= 1) // k*p <= -r
    his.push_back(s.run(IntTerm::floorDiv(s.add({IntTerm::constant(-1) * r}), *k)));
  else if (kr.hi <= -1) // |k|*p >= r
    los.push_back(s.run(IntTerm::ceilDiv(r, s.add({IntTerm::constant(-1) * *k}))));
  else
    return false;
  return true;
}

/// sum over p = 0..P-1 of max(0, min(A, k*p + k - 1) - max(B, k*p) + 1) with
/// k >= 1 and A, B free of p: the blocks partition 0..k*P-1, so the sum is
/// the window of [B, A] inside it.
std::optional<IntTerm> blockWindowSum(Simplifier& s, const IntTerm& f, const std::string& p, const IntTerm& procs)
{
  if (f.kind() != Kind::Max || f.args()[0].asConstant() != 0)
    return std::nullopt;
  const auto g = gapOf(f.args()[1]);
  if (!g || g->c != 1 || g->mins.size() != 2 || g->maxs.size() != 2)
    return std::nullopt;
  for (int i = 0; i < 2; ++i) {
    const auto& start = g->maxs[i];
    const auto& other = g->maxs[1 - i];
    const auto m = monomialOf(start);
    if (mentions(other, p) || m.coef != 1 || m.factors.size() != 2 || flat(start, Kind::Add).size() != 1)
      continue;
    for (int j = 0; j < 2; ++j) {
      const auto& f0 = m.factors[j];
      const auto& k = m.factors[1 - j];
      if (f0.kind() != Kind::Sym || f0.name() != p || mentions(k, p) || s.range(k).lo < 1)
        continue;
      for (int e = 0; e < 2; ++e) {
        const auto end = s.add({start, k, IntTerm::constant(-1)});
        if (!isZero(s.add({g->mins[e], IntTerm::constant(-1) * end})) || mentions(g->mins[1 - e], p))
          continue;
        const auto top = s.add({k * procs, IntTerm::constant(-1)});
        return s.run(IntTerm::max(kZero, IntTerm::min(g->mins[1 - e], top) - IntTerm::max(other, kZero) + kOne));
      }
    }
  }
  return std::nullopt;
}

/// One product's sum over p, or nullopt.
std::optional<IntTerm> monomialSum(Simplifier& s, const IntTerm& t, const std::string& p, const IntTerm& procs)
{
  const auto m = monomialOf(t);
  std::vector<IntTerm> rest{IntTerm::constant(m.coef)}, los{kZero}, his{s.add({procs, IntTerm::constant(-1)})};
  std::optional<IntTerm> window;
  bool bracketed = false;
  for (const auto& f : m.factors) {
    if (!mentions(f, p)) {
      rest.push_back(f);
    } else if (isBracket(f)) {
      if (!boundOf(s, f, p, los, his))
        return std::nullopt;
      bracketed = true;
    } else if (!window) {
      window = blockWindowSum(s, f, p, procs);
      if (!window)
        return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  if (window && bracketed)
    return std::nullopt;
  if (window) {
    rest.push_back(*window);
    return s.mul(rest);
  }
  IntTerm lo = los[0], hi = his[0];
  for (std::size_t i = 1; i < los.size(); ++i)
    lo = IntTerm::max(lo, los[i]);
  for (std::size_t i = 1; i < his.size(); ++i)
    hi = IntTerm::min(hi, his[i]);
  rest.push_back(s.run(IntTerm::max(kZero, hi - lo + kOne)));
  return s.mul(rest);
}

} // namespace

std::optional<IntTerm> sumOverCoordinate(const IntTerm& t, const std::string& coord, const IntTerm& procs,
                                         const TermFacts& facts)
{
  Simplifier s(facts);
  std::vector<IntTerm> parts;
  for (const auto& x : flat(s.run(t), Kind::Add)) {
    auto part = monomialSum(s, x, coord, procs);
    if (!part)
      return std::nullopt;
    parts.push_back(*part);
  }
  return s.add(parts);
}

} // namespace ps::symbolic

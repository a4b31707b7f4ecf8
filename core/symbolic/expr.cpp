#include "symbolic/expr.h"

#include "symbolic/canonical-printer.h"

#include <ginac/ginac.h>

#include <limits>

namespace ps::symbolic {
namespace {

// Fortran integer division, folded only when both operands are integers.
DECLARE_FUNCTION_2P(fortran_idiv)

GiNaC::ex fortranIdivEval(const GiNaC::ex& a, const GiNaC::ex& b)
{
  using namespace GiNaC;
  if (is_a<numeric>(a) && is_a<numeric>(b)) {
    const auto& na = ex_to<numeric>(a);
    const auto& nb = ex_to<numeric>(b);
    if (na.is_integer() && nb.is_integer() && !nb.is_zero())
      return iquo(na, nb); // truncates toward zero
  }
  if (b.is_equal(1))
    return a;
  return fortran_idiv(a, b).hold();
}

REGISTER_FUNCTION(fortran_idiv, eval_func(fortranIdivEval).latex_name("\\operatorname{div}"))

const GiNaC::symbol& symbolNamed(const std::string& name)
{
  // One symbol object per name and thread, so equal names compare equal.
  thread_local std::map<std::string, GiNaC::symbol> symbols;
  auto it = symbols.find(name);
  if (it == symbols.end())
    it = symbols.emplace(name, GiNaC::symbol(name)).first;
  return it->second;
}

std::optional<std::int64_t> toInt64(const GiNaC::ex& e)
{
  if (!GiNaC::is_a<GiNaC::numeric>(e))
    return std::nullopt;
  const auto& n = GiNaC::ex_to<GiNaC::numeric>(e);
  if (!n.is_integer() || GiNaC::abs(n) > GiNaC::numeric(std::numeric_limits<std::int64_t>::max()))
    return std::nullopt;
  return static_cast<std::int64_t>(n.to_long());
}

/// The exponent of a power whose exponent is an integer 0..64 (beyond,
/// no 64-bit value but 0, 1 and -1 has the power), nullopt otherwise.
std::optional<long> smallExponent(const GiNaC::ex& power)
{
  using namespace GiNaC;
  if (!is_a<numeric>(power.op(1)))
    return std::nullopt;
  const auto& k = ex_to<numeric>(power.op(1));
  return k.is_nonneg_integer() && k <= 64 ? std::optional(k.to_long()) : std::nullopt;
}

/// True when every power in `e` has a small exponent: expanding it then
/// stays polynomial in size ((m + 1)**100000 would not finish).
bool expandsSmall(const GiNaC::ex& e)
{
  if (GiNaC::is_a<GiNaC::power>(e) && !smallExponent(e))
    return false;
  for (std::size_t i = 0; i < e.nops(); ++i)
    if (!expandsSmall(e.op(i)))
      return false;
  return true;
}

/// `e` at `bindings` in 64-bit arithmetic when it is a polynomial with
/// integer coefficients in bound symbols (Fortran bounds and subscripts:
/// 1, n, n - 1, 2*n*m); false otherwise (an unbound symbol, a quotient, a
/// function, an overflow), and the caller asks GiNaC, which gives the same
/// integer where this succeeds at a hundredth of the cost.
bool evaluateNarrow(const GiNaC::ex& e, const Bindings& bindings, std::int64_t& out)
{
  using namespace GiNaC;
  if (is_a<numeric>(e)) {
    const auto& n = ex_to<numeric>(e);
    if (!n.is_integer() || abs(n) > numeric(std::numeric_limits<std::int64_t>::max()))
      return false;
    out = n.to_long();
    return true;
  }
  if (is_a<symbol>(e)) {
    const auto it = bindings.find(ex_to<symbol>(e).get_name());
    if (it == bindings.end())
      return false;
    out = it->second;
    return true;
  }
  const bool sum = is_a<add>(e);
  if (sum || is_a<mul>(e)) {
    std::int64_t acc = sum ? 0 : 1;
    for (std::size_t i = 0; i < e.nops(); ++i) {
      std::int64_t x = 0;
      if (!evaluateNarrow(e.op(i), bindings, x) ||
          (sum ? __builtin_add_overflow(acc, x, &acc) : __builtin_mul_overflow(acc, x, &acc)))
        return false;
    }
    out = acc;
    return true;
  }
  if (const auto exponent = is_a<power>(e) ? smallExponent(e) : std::nullopt) {
    std::int64_t base = 0, acc = 1;
    if (!evaluateNarrow(e.op(0), bindings, base))
      return false;
    for (long k = *exponent; k > 0; --k)
      if (__builtin_mul_overflow(acc, base, &acc))
        return false;
    out = acc;
    return true;
  }
  return false;
}

/// Multiplies `term` by `factor` (a number, a symbol or its power);
/// false for anything else.
bool multiplyTerm(const GiNaC::ex& factor, IntegerTerm& term)
{
  using namespace GiNaC;
  if (is_a<numeric>(factor)) {
    const auto c = toInt64(factor);
    return c && !__builtin_mul_overflow(term.coefficient, *c, &term.coefficient);
  }
  if (is_a<symbol>(factor)) {
    term.factors.push_back(ex_to<symbol>(factor).get_name());
    return true;
  }
  const auto k = is_a<power>(factor) && is_a<symbol>(factor.op(0)) ? smallExponent(factor) : std::nullopt;
  if (!k)
    return false;
  term.factors.insert(term.factors.end(), static_cast<std::size_t>(*k), ex_to<symbol>(factor.op(0)).get_name());
  return true;
}

/// One summand of an expanded polynomial as an IntegerTerm.
std::optional<IntegerTerm> integerTerm(const GiNaC::ex& e)
{
  IntegerTerm term{1, {}};
  if (!GiNaC::is_a<GiNaC::mul>(e))
    return multiplyTerm(e, term) ? std::optional(term) : std::nullopt;
  for (std::size_t i = 0; i < e.nops(); ++i)
    if (!multiplyTerm(e.op(i), term))
      return std::nullopt;
  return term;
}

} // namespace

Expr::Expr() : Expr(GiNaC::ex(0)) {}
Expr::Expr(const GiNaC::ex& e) : m_ex(std::make_shared<const GiNaC::ex>(e)) {}

Expr Expr::integer(std::int64_t value) { return Expr(GiNaC::ex(GiNaC::numeric(static_cast<long>(value)))); }
Expr Expr::symbol(const std::string& name) { return Expr(GiNaC::ex(symbolNamed(name))); }
Expr Expr::quotient(const Expr& a, const Expr& b) { return Expr(fortran_idiv(*a.m_ex, *b.m_ex)); }
Expr Expr::power(const Expr& a, const Expr& k) { return Expr(GiNaC::pow(*a.m_ex, *k.m_ex)); }

Expr Expr::operator+(const Expr& o) const { return Expr(*m_ex + *o.m_ex); }
Expr Expr::operator-(const Expr& o) const { return Expr(*m_ex - *o.m_ex); }
Expr Expr::operator*(const Expr& o) const { return Expr(*m_ex * *o.m_ex); }
Expr Expr::operator-() const { return Expr(-*m_ex); }
bool Expr::operator==(const Expr& o) const
{
  const GiNaC::ex difference = *m_ex - *o.m_ex;
  return (expandsSmall(difference) ? difference.expand() : difference).is_zero(); // see expandsSmall
}

std::optional<std::int64_t> Expr::asInteger() const { return toInt64(*m_ex); }

std::optional<std::int64_t> Expr::evaluate(const Bindings& bindings) const
{
  std::int64_t narrow = 0;
  if (evaluateNarrow(*m_ex, bindings, narrow) && narrow != std::numeric_limits<std::int64_t>::min())
    return narrow; // as toInt64 below: |value| <= INT64_MAX
  GiNaC::exmap map;
  for (const auto& name : symbols()) {
    auto it = bindings.find(name);
    if (it == bindings.end())
      return std::nullopt;
    map[symbolNamed(name)] = GiNaC::numeric(static_cast<long>(it->second));
  }
  try {
    return toInt64(m_ex->subs(map).eval());
  } catch (const std::exception&) { // e.g. division by zero inside GiNaC
    return std::nullopt;
  }
}

Expr Expr::substitute(const std::map<std::string, Expr>& replacements) const
{
  GiNaC::exmap map;
  for (const auto& [name, value] : replacements)
    map[symbolNamed(name)] = *value.m_ex;
  return Expr(m_ex->subs(map));
}

std::set<std::string> Expr::symbols() const
{
  std::set<std::string> names;
  for (GiNaC::const_preorder_iterator it = m_ex->preorder_begin(); it != m_ex->preorder_end(); ++it) {
    if (GiNaC::is_a<GiNaC::symbol>(*it))
      names.insert(GiNaC::ex_to<GiNaC::symbol>(*it).get_name());
  }
  return names;
}

std::optional<AffineForm> Expr::affineIn(const std::vector<std::string>& variables) const
{
  if (!expandsSmall(*m_ex)) { // a power too large to expand: affine only as a constant
    const bool constant = std::none_of(variables.begin(), variables.end(),
                                       [&](const std::string& v) { return m_ex->has(symbolNamed(v)); });
    return constant ? std::optional(AffineForm{{}, *this}) : std::nullopt;
  }
  const GiNaC::ex e = m_ex->expand();
  AffineForm form;
  GiNaC::ex rest = e;
  for (const auto& v : variables) {
    const auto& s = symbolNamed(v);
    if (!e.has(s))
      continue;
    if (!e.is_polynomial(s) || e.degree(s) != 1)
      return std::nullopt;
    auto c = toInt64(e.coeff(s, 1));
    if (!c)
      return std::nullopt;
    if (*c != 0)
      form.coefficients[v] = *c;
    rest -= e.coeff(s, 1) * s;
  }
  rest = rest.expand();
  for (const auto& v : variables) {
    if (rest.has(symbolNamed(v)))
      return std::nullopt;
  }
  form.constant = Expr(rest);
  return form;
}

std::optional<std::vector<IntegerTerm>> Expr::integerTerms() const
{
  if (!expandsSmall(*m_ex))
    return std::nullopt;
  const GiNaC::ex e = m_ex->expand();
  std::vector<IntegerTerm> terms;
  const bool sum = GiNaC::is_a<GiNaC::add>(e);
  for (std::size_t i = 0; i < (sum ? e.nops() : 1); ++i) {
    auto term = integerTerm(sum ? e.op(i) : e);
    if (!term)
      return std::nullopt;
    if (term->coefficient != 0)
      terms.push_back(std::move(*term));
  }
  return terms;
}

std::string Expr::str() const { return canonicalText(*m_ex, false); }

std::string Expr::latex() const { return canonicalText(*m_ex, true); }

} // namespace ps::symbolic

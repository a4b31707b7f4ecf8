#include "symbolic/int-term.h"

#include "symbolic/canonical-printer.h"
#include "support/integer-division.h"
#include "support/wide-int.h"

#include <algorithm>

namespace ps::symbolic {

struct IntTerm::Node {
  Kind kind = Kind::Const;
  std::int64_t value = 0; // Const
  std::string name;       // Sym; Sum: the bound variable
  std::vector<IntTerm> args;
};

namespace {


constexpr std::int64_t kLimit = std::int64_t{1} << 62;

bool inRange(WideInt v) { return v > -static_cast<WideInt>(kLimit) && v < static_cast<WideInt>(kLimit); }

} // namespace

IntTerm::IntTerm() : IntTerm(constant(0)) {}
IntTerm::IntTerm(std::shared_ptr<const Node> n) : m_node(std::move(n)) {}

IntTerm IntTerm::make(Kind k, std::vector<IntTerm> args, std::int64_t value, std::string name)
{
  auto n = std::make_shared<Node>();
  n->kind = k;
  n->args = std::move(args);
  n->value = value;
  n->name = std::move(name);
  return IntTerm(std::move(n));
}

IntTerm IntTerm::constant(std::int64_t v) { return make(Kind::Const, {}, v); }
IntTerm IntTerm::symbol(const std::string& name) { return make(Kind::Sym, {}, 0, name); }
IntTerm::Kind IntTerm::kind() const { return m_node->kind; }
const std::vector<IntTerm>& IntTerm::args() const { return m_node->args; }
const std::string& IntTerm::name() const { return m_node->name; }

std::optional<std::int64_t> IntTerm::asConstant() const
{
  if (m_node->kind == Kind::Const)
    return m_node->value;
  return std::nullopt;
}

std::optional<IntTerm> IntTerm::fromAffine(const Expr& e)
{
  const auto names = e.symbols();
  const auto form = e.affineIn(std::vector<std::string>(names.begin(), names.end()));
  if (!form)
    return std::nullopt;
  const auto c = form->constant.asInteger();
  if (!c)
    return std::nullopt;
  IntTerm out = constant(*c);
  for (const auto& [name, coef] : form->coefficients)
    out = out + constant(coef) * symbol(name);
  return out;
}

IntTerm operator+(const IntTerm& a, const IntTerm& b)
{
  const auto ca = a.asConstant(), cb = b.asConstant();
  if (ca && cb)
    return IntTerm::constant(*ca + *cb);
  if (ca && *ca == 0)
    return b;
  if (cb && *cb == 0)
    return a;
  std::vector<IntTerm> args;
  for (const auto* t : {&a, &b}) {
    if (t->kind() == IntTerm::Kind::Add)
      args.insert(args.end(), t->m_node->args.begin(), t->m_node->args.end());
    else
      args.push_back(*t);
  }
  // fold the constants of the flattened sum into one trailing term
  std::int64_t sum = 0;
  std::vector<IntTerm> rest;
  for (const auto& t : args) {
    if (auto c = t.asConstant())
      sum += *c;
    else
      rest.push_back(t);
  }
  if (sum != 0)
    rest.push_back(IntTerm::constant(sum));
  if (rest.empty())
    return IntTerm::constant(0);
  if (rest.size() == 1)
    return rest.front();
  return IntTerm::make(IntTerm::Kind::Add, std::move(rest));
}

IntTerm operator*(const IntTerm& a, const IntTerm& b)
{
  const auto ca = a.asConstant(), cb = b.asConstant();
  if (ca && cb)
    return IntTerm::constant(*ca * *cb);
  if ((ca && *ca == 0) || (cb && *cb == 0))
    return IntTerm::constant(0);
  if (ca && *ca == 1)
    return b;
  if (cb && *cb == 1)
    return a;
  if (cb) // constants first: "2*n"
    return IntTerm::make(IntTerm::Kind::Mul, {b, a});
  return IntTerm::make(IntTerm::Kind::Mul, {a, b});
}

IntTerm operator-(const IntTerm& a, const IntTerm& b) { return a + IntTerm::constant(-1) * b; }

IntTerm IntTerm::floorDiv(const IntTerm& a, const IntTerm& b)
{
  const auto ca = a.asConstant(), cb = b.asConstant();
  if (cb && *cb == 1)
    return a;
  if (ca && cb && *cb > 0)
    return constant(ps::floorDiv(*ca, *cb));
  if (ca && (*ca == 0 || *ca == -1)) // the divisors here are positive (block sizes, periods)
    return constant(*ca);
  return make(Kind::FloorDiv, {a, b});
}

IntTerm IntTerm::ceilDiv(const IntTerm& a, const IntTerm& b)
{
  const auto ca = a.asConstant(), cb = b.asConstant();
  if (cb && *cb == 1)
    return a;
  if (ca && cb && *cb > 0)
    return constant(ps::ceilDiv(*ca, *cb));
  return make(Kind::CeilDiv, {a, b});
}

IntTerm IntTerm::mod(const IntTerm& a, const IntTerm& b)
{
  const auto ca = a.asConstant(), cb = b.asConstant();
  if (cb && *cb == 1)
    return constant(0);
  if (ca && cb && *cb > 0)
    return constant(*ca - *cb * ps::floorDiv(*ca, *cb));
  return make(Kind::Mod, {a, b});
}

IntTerm IntTerm::min(const IntTerm& a, const IntTerm& b)
{
  const auto ca = a.asConstant(), cb = b.asConstant();
  if (ca && cb)
    return constant(std::min(*ca, *cb));
  return make(Kind::Min, {a, b});
}

IntTerm IntTerm::max(const IntTerm& a, const IntTerm& b)
{
  const auto ca = a.asConstant(), cb = b.asConstant();
  if (ca && cb)
    return constant(std::max(*ca, *cb));
  return make(Kind::Max, {a, b});
}

namespace {
template <typename F>
std::optional<IntTerm> foldRelation(const IntTerm& a, const IntTerm& b, F holds)
{
  const auto ca = a.asConstant(), cb = b.asConstant();
  if (ca && cb)
    return IntTerm::constant(holds(*ca, *cb) ? 1 : 0);
  return std::nullopt;
}
} // namespace

IntTerm IntTerm::eq(const IntTerm& a, const IntTerm& b)
{
  return foldRelation(a, b, [](auto x, auto y) { return x == y; }).value_or(make(Kind::Eq, {a, b}));
}
IntTerm IntTerm::ne(const IntTerm& a, const IntTerm& b)
{
  return foldRelation(a, b, [](auto x, auto y) { return x != y; }).value_or(make(Kind::Ne, {a, b}));
}
IntTerm IntTerm::le(const IntTerm& a, const IntTerm& b)
{
  return foldRelation(a, b, [](auto x, auto y) { return x <= y; }).value_or(make(Kind::Le, {a, b}));
}
IntTerm IntTerm::lt(const IntTerm& a, const IntTerm& b)
{
  return foldRelation(a, b, [](auto x, auto y) { return x < y; }).value_or(make(Kind::Lt, {a, b}));
}

IntTerm IntTerm::sum(const std::string& variable, const IntTerm& lo, const IntTerm& hi, const IntTerm& body)
{
  return make(Kind::Sum, {lo, hi, body}, 0, variable);
}
IntTerm IntTerm::pow2(const IntTerm& a) { return make(Kind::Pow2, {a}); }
IntTerm IntTerm::ceilLog2(const IntTerm& a) { return make(Kind::CeilLog2, {a}); }

std::optional<std::int64_t> IntTerm::evaluate(const Bindings& values) const
{
  const auto& n = *m_node;
  switch (n.kind) {
  case Kind::Const: return n.value;
  case Kind::Sym: {
    const auto it = values.find(n.name);
    if (it == values.end())
      return std::nullopt;
    return it->second;
  }
  case Kind::Sum: {
    const auto lo = n.args[0].evaluate(values), hi = n.args[1].evaluate(values);
    if (!lo || !hi || *hi - *lo > 4096)
      return std::nullopt; // the sums here run over log2 P or the processors
    Bindings inner = values;
    WideInt s = 0;
    for (auto j = *lo; j <= *hi; ++j) {
      inner[n.name] = j;
      const auto v = n.args[2].evaluate(inner);
      if (!v)
        return std::nullopt;
      s += *v;
      if (!inRange(s))
        return std::nullopt;
    }
    return static_cast<std::int64_t>(s);
  }
  default: break;
  }
  std::vector<std::int64_t> v;
  for (const auto& a : n.args) {
    const auto x = a.evaluate(values);
    if (!x)
      return std::nullopt;
    v.push_back(*x);
  }
  WideInt r = 0;
  switch (n.kind) {
  case Kind::Add:
    for (auto x : v)
      r += x;
    break;
  case Kind::Mul: r = static_cast<WideInt>(v[0]) * v[1]; break;
  case Kind::FloorDiv:
  case Kind::CeilDiv:
  case Kind::Mod:
    if (v[1] <= 0)
      return std::nullopt;
    r = n.kind == Kind::FloorDiv ? ps::floorDiv(v[0], v[1])
        : n.kind == Kind::CeilDiv ? ps::ceilDiv(v[0], v[1])
                                  : v[0] - v[1] * ps::floorDiv(v[0], v[1]);
    break;
  case Kind::Min: r = std::min(v[0], v[1]); break;
  case Kind::Max: r = std::max(v[0], v[1]); break;
  case Kind::Eq: r = v[0] == v[1]; break;
  case Kind::Ne: r = v[0] != v[1]; break;
  case Kind::Le: r = v[0] <= v[1]; break;
  case Kind::Lt: r = v[0] < v[1]; break;
  case Kind::Pow2:
    if (v[0] < 0 || v[0] > 61)
      return std::nullopt;
    r = static_cast<WideInt>(1) << v[0];
    break;
  case Kind::CeilLog2: {
    if (v[0] < 1)
      return std::nullopt;
    std::int64_t k = 0;
    while ((std::int64_t{1} << k) < v[0])
      ++k;
    r = k;
    break;
  }
  default: return std::nullopt;
  }
  if (!inRange(r))
    return std::nullopt;
  return static_cast<std::int64_t>(r);
}

namespace {

/// Operands of a product: sums and negative numbers in parentheses.
std::string factor(const IntTerm& t, bool latex)
{
  const auto s = latex ? t.latex() : t.str();
  if (t.kind() == IntTerm::Kind::Add || (t.asConstant() && *t.asConstant() < 0))
    return latex ? "\\left(" + s + "\\right)" : "(" + s + ")";
  return s;
}

/// A divisor: products too in parentheses ("n/(2*P)").
std::string divisor(const IntTerm& t)
{
  return t.kind() == IntTerm::Kind::Mul ? "(" + t.str() + ")" : factor(t, false);
}

std::string printed(const IntTerm& t, bool latex) { return latex ? t.latex() : t.str(); }

std::string relation(const IntTerm& a, const IntTerm& b, const char* text, const char* tex, bool latex)
{
  const auto inside = printed(a, latex) + (latex ? tex : text) + printed(b, latex);
  return latex ? "\\left[" + inside + "\\right]" : "[" + inside + "]";
}

std::string call(const char* name, const IntTerm& a, const IntTerm& b, bool latex)
{
  return latex ? std::string("\\") + name + "\\left(" + a.latex() + ", " + b.latex() + "\\right)"
               : std::string(name) + "(" + a.str() + ", " + b.str() + ")";
}

} // namespace

std::string IntTerm::str() const { return print(false); }
std::string IntTerm::latex() const { return print(true); }

std::string IntTerm::print(bool latex) const
{
  const auto& n = *m_node;
  const auto& a = n.args;
  switch (n.kind) {
  case Kind::Const: return std::to_string(n.value);
  case Kind::Sym: return latex ? latexName(n.name) : n.name;
  case Kind::Add: {
    std::string out;
    for (const auto& t : a) {
      const auto c = t.asConstant();
      const bool negated = t.kind() == Kind::Mul && t.m_node->args[0].asConstant() &&
                           *t.m_node->args[0].asConstant() < 0;
      if (!out.empty() && c && *c < 0)
        out += " - " + std::to_string(-*c);
      else if (!out.empty() && negated)
        out += " - " + (constant(-*t.m_node->args[0].asConstant()) * t.m_node->args[1]).print(latex);
      else
        out += (out.empty() ? "" : " + ") + t.print(latex);
    }
    return out;
  }
  case Kind::Mul: {
    const auto c = a[0].asConstant();
    if (c && *c == -1)
      return "-" + factor(a[1], latex);
    return factor(a[0], latex) + (latex ? " \\cdot " : "*") + factor(a[1], latex);
  }
  case Kind::FloorDiv:
    return latex ? "\\left\\lfloor\\frac{" + a[0].latex() + "}{" + a[1].latex() + "}\\right\\rfloor"
                 : "floor(" + factor(a[0], false) + "/" + divisor(a[1]) + ")";
  case Kind::CeilDiv:
    return latex ? "\\left\\lceil\\frac{" + a[0].latex() + "}{" + a[1].latex() + "}\\right\\rceil"
                 : "ceil(" + factor(a[0], false) + "/" + divisor(a[1]) + ")";
  case Kind::Mod:
    return latex ? "\\left(" + a[0].latex() + " \\bmod " + a[1].latex() + "\\right)"
                 : "(" + factor(a[0], false) + " mod " + divisor(a[1]) + ")";
  case Kind::Min: return call("min", a[0], a[1], latex);
  case Kind::Max: return call("max", a[0], a[1], latex);
  case Kind::Eq: return relation(a[0], a[1], " = ", " = ", latex);
  case Kind::Ne: return relation(a[0], a[1], " != ", " \\ne ", latex);
  case Kind::Le: return relation(a[0], a[1], " <= ", " \\le ", latex);
  case Kind::Lt: return relation(a[0], a[1], " < ", " < ", latex);
  case Kind::Sum:
    return latex ? "\\sum_{" + latexName(n.name) + "=" + a[0].latex() + "}^{" + a[1].latex() + "} " +
                     factor(a[2], true)
                 : "sum(" + n.name + " = " + a[0].str() + " .. " + a[1].str() + ": " + a[2].str() + ")";
  case Kind::Pow2: return latex ? "2^{" + a[0].latex() + "}" : "2^" + factor(a[0], false);
  case Kind::CeilLog2:
    return latex ? "\\left\\lceil\\log_2 " + factor(a[0], true) + "\\right\\rceil" : "ceil(log2(" + a[0].str() + "))";
  }
  return "?";
}

} // namespace ps::symbolic

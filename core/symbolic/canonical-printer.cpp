#include "symbolic/canonical-printer.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <tuple>
#include <vector>

namespace ps::symbolic {
namespace {

using GiNaC::ex;
using GiNaC::is_a;
using GiNaC::numeric;

std::string numberText(const numeric& n)
{
  std::ostringstream out;
  out << n;
  return out.str();
}

bool isIntegerExponent(const ex& e) { return is_a<numeric>(e) && GiNaC::ex_to<numeric>(e).is_integer(); }

bool isNegativeIntegerExponent(const ex& e)
{
  return isIntegerExponent(e) && GiNaC::ex_to<numeric>(e).is_negative();
}

bool isIntegerDivision(const ex& e)
{
  return is_a<GiNaC::function>(e) && GiNaC::ex_to<GiNaC::function>(e).get_name() == "fortran_idiv";
}

/// The total degree of a term in its symbols; 0 where it has none
/// (sqrt(n), a division).
int degreeOf(const ex& term)
{
  std::set<std::string> seen;
  int degree = 0;
  for (GiNaC::const_preorder_iterator it = term.preorder_begin(); it != term.preorder_end(); ++it) {
    if (!is_a<GiNaC::symbol>(*it) || !seen.insert(GiNaC::ex_to<GiNaC::symbol>(*it).get_name()).second)
      continue;
    try {
      degree += term.degree(*it);
    } catch (const std::exception&) { // a non-integer power of the symbol
    }
  }
  return degree;
}

class CanonicalPrinter {
public:
  explicit CanonicalPrinter(bool latex) : m_latex(latex) {}

  std::string print(const ex& e) const
  {
    if (is_a<GiNaC::add>(e))
      return sum(e);
    auto [c, rest] = split(e);
    return signed_(c, rest);
  }

private:
  /// e = c * rest with c numeric (rational, or a float); rest: the other
  /// factors by text, negative powers as a denominator.
  std::pair<numeric, std::string> split(const ex& e) const
  {
    numeric c = 1;
    std::vector<std::string> above, below;
    bool onlyDivision = false;
    const auto take = [&](const ex& f) {
      if (is_a<numeric>(f)) {
        c *= GiNaC::ex_to<numeric>(f);
      } else if (is_a<GiNaC::power>(f) && isNegativeIntegerExponent(f.op(1))) {
        below.push_back(factor(leadingPositive(GiNaC::pow(f.op(0), -f.op(1)), c)));
      } else {
        onlyDivision = isIntegerDivision(f);
        above.push_back(factor(leadingPositive(f, c)));
      }
    };
    if (is_a<GiNaC::mul>(e)) {
      for (std::size_t i = 0; i < e.nops(); ++i)
        take(e.op(i));
    } else {
      take(e);
    }
    if (above.size() == 1 && below.empty() && onlyDivision && (c == 1 || c == -1))
      above.front() = above.front().substr(1, above.front().size() - 2); // "n/2", not "(n/2)"
    return {c, fraction(sorted(above), sorted(below))};
  }

  static std::vector<std::string> sorted(std::vector<std::string> factors)
  {
    std::sort(factors.begin(), factors.end(), [](const auto& a, const auto& b) {
      return std::pair(a.front() == '(', a) < std::pair(b.front() == '(', b); // symbols before sums
    });
    return factors;
  }

  std::string product(const std::vector<std::string>& factors) const
  {
    std::string out;
    for (const auto& f : factors)
      out += (out.empty() ? "" : m_latex ? " " : "*") + f;
    return out;
  }

  std::string fraction(const std::vector<std::string>& above, const std::vector<std::string>& below) const
  {
    if (below.empty())
      return product(above);
    const auto top = above.empty() ? std::string("1") : product(above);
    if (m_latex)
      return "\\frac{" + top + "}{" + product(below) + "}";
    return top + "/" + (below.size() == 1 ? below.front() : "(" + product(below) + ")");
  }

  /// The factor with the first term of its sum positive, the sign moved
  /// into `c` (GiNaC distributes signs over factors in either way).
  ex leadingPositive(const ex& f, numeric& c) const
  {
    const bool power = is_a<GiNaC::power>(f);
    const auto base = power ? f.op(0) : f;
    if (!is_a<GiNaC::add>(base) || !mostlyNegative(base) || (power && !isIntegerExponent(f.op(1))))
      return f;
    if (!power) {
      c = -c;
      return -base;
    }
    if (GiNaC::ex_to<numeric>(f.op(1)).is_odd())
      c = -c;
    return GiNaC::pow(-base, f.op(1));
  }

  /// A factor of a product: a symbol, a power, a function, or a sum in
  /// parentheses.
  std::string factor(const ex& e) const
  {
    if (is_a<GiNaC::symbol>(e)) {
      const auto name = GiNaC::ex_to<GiNaC::symbol>(e).get_name();
      return m_latex ? latexName(name) : name;
    }
    if (is_a<GiNaC::power>(e))
      return powerText(e);
    if (is_a<GiNaC::add>(e))
      return m_latex ? "\\left(" + sum(e) + "\\right)" : "(" + sum(e) + ")";
    if (is_a<GiNaC::function>(e))
      return functionText(e);
    if (is_a<numeric>(e))
      return numberText(GiNaC::ex_to<numeric>(e));
    std::ostringstream out; // constants and anything else GiNaC may hold
    if (m_latex)
      out << GiNaC::latex;
    out << e;
    return out.str();
  }

  std::string powerText(const ex& e) const
  {
    const auto base = factor(e.op(0));
    if (e.op(1).is_equal(numeric(1, 2)))
      return m_latex ? "\\sqrt{" + print(e.op(0)) + "}" : "sqrt(" + print(e.op(0)) + ")";
    const auto exponent = is_a<numeric>(e.op(1)) && GiNaC::ex_to<numeric>(e.op(1)).is_pos_integer()
                            ? numberText(GiNaC::ex_to<numeric>(e.op(1)))
                            : "(" + print(e.op(1)) + ")";
    return m_latex ? base + "^{" + exponent + "}" : base + "^" + exponent;
  }

  /// An operand of a division: bare when a symbol or a non-negative number.
  std::string operand(const ex& e) const
  {
    const bool bare = is_a<GiNaC::symbol>(e) ||
                      (is_a<numeric>(e) && GiNaC::ex_to<numeric>(e).is_integer() && !GiNaC::ex_to<numeric>(e).is_negative());
    return bare ? print(e) : "(" + print(e) + ")";
  }

  std::string functionText(const ex& e) const
  {
    const auto name = GiNaC::ex_to<GiNaC::function>(e).get_name();
    if (isIntegerDivision(e)) // in parentheses as a factor; split() drops them when it stands alone
      return m_latex ? "\\operatorname{div}\\left(" + print(e.op(0)) + ", " + print(e.op(1)) + "\\right)"
                     : "(" + operand(e.op(0)) + "/" + operand(e.op(1)) + ")";
    std::string args;
    for (std::size_t i = 0; i < e.nops(); ++i)
      args += (i ? ", " : "") + print(e.op(i));
    if (!m_latex)
      return name + "(" + args + ")";
    if (name == "abs")
      return "\\left|" + args + "\\right|";
    const bool known = name == "exp" || name == "log" || name == "sin" || name == "cos";
    return (known ? "\\" + name : "\\operatorname{" + name + "}") + "\\left(" + args + "\\right)";
  }

  std::string sum(const ex& e) const
  {
    // number last, -degree, negative, text, coefficient
    std::vector<std::tuple<bool, int, bool, std::string, numeric>> terms;
    for (std::size_t i = 0; i < e.nops(); ++i) {
      auto [c, rest] = split(e.op(i));
      terms.emplace_back(rest.empty(), -degreeOf(e.op(i)), c.is_negative(), rest, c);
    }
    std::sort(terms.begin(), terms.end(), [](const auto& a, const auto& b) { // "UB1 - LB1 + 1"
      return std::tie(std::get<0>(a), std::get<1>(a), std::get<2>(a), std::get<3>(a)) <
             std::tie(std::get<0>(b), std::get<1>(b), std::get<2>(b), std::get<3>(b));
    });
    std::string out;
    for (const auto& [number, d, negative, rest, c] : terms) {
      const auto term = signed_(c, rest);
      if (out.empty())
        out = term;
      else
        out += term.front() == '-' ? " - " + term.substr(1) : " + " + term;
    }
    return out;
  }

  /// More negative than positive terms; on a tie, a leading minus, then the
  /// text order (any rule that does not depend on GiNaC's order).
  bool mostlyNegative(const ex& terms) const
  {
    int balance = 0;
    for (std::size_t i = 0; i < terms.nops(); ++i)
      balance += coefficientOf(terms.op(i)).is_negative() ? -1 : 1;
    if (balance != 0)
      return balance < 0;
    const auto plain = sum(terms), negated = sum(-terms);
    if ((plain.front() == '-') != (negated.front() == '-'))
      return plain.front() == '-'; // "m - 1", not "-m + 1"
    return negated < plain;
  }

  static numeric coefficientOf(const ex& term)
  {
    if (is_a<numeric>(term))
      return GiNaC::ex_to<numeric>(term);
    numeric c = 1;
    for (std::size_t i = 0; is_a<GiNaC::mul>(term) && i < term.nops(); ++i)
      if (is_a<numeric>(term.op(i)))
        c *= GiNaC::ex_to<numeric>(term.op(i));
    return c;
  }

  /// c * rest with c written in front ("-1/2*n", "n", "3", "2/p", "1.5*t").
  std::string signed_(const numeric& c, const std::string& rest) const
  {
    const bool negative = c.is_negative();
    const numeric a = negative ? -c : c;
    std::string coefficient;
    if (!a.is_rational())
      coefficient = numberText(a);
    else if (a.denom() == 1)
      coefficient = numberText(a.numer());
    else if (m_latex)
      coefficient = "\\frac{" + numberText(a.numer()) + "}{" + numberText(a.denom()) + "}";
    else
      coefficient = numberText(a.numer()) + "/" + numberText(a.denom());
    std::string out;
    if (rest.empty())
      out = coefficient;
    else if (coefficient == "1")
      out = rest;
    else if (!m_latex && rest.rfind("1/", 0) == 0 && a.is_integer())
      out = coefficient + rest.substr(1); // "2/p", not "2*1/p"
    else
      out = coefficient + (m_latex ? " " : "*") + rest;
    return (negative ? "-" : "") + out;
  }

  bool m_latex;
};

} // namespace

std::string latexName(const std::string& name)
{
  auto digits = name.find_first_of("0123456789");
  if (digits == 0 || digits == std::string::npos)
    return name.size() > 1 ? "\\mathit{" + name + "}" : name;
  const auto stem = name.substr(0, digits);
  return (stem.size() > 1 ? "\\mathit{" + stem + "}" : stem) + "_{" + name.substr(digits) + "}";
}

std::string canonicalText(const GiNaC::ex& e, bool latex)
{
  return CanonicalPrinter(latex).print(e);
}

} // namespace ps::symbolic

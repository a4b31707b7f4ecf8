#include "program/type-kinds.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <vector>

namespace ps::program {
namespace {

/// `text` as an integer literal, or nullopt (an expression: 2*PRECISION(1.0)).
std::optional<int> integerLiteral(const std::string& text)
{
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  return ec == std::errc() && end == text.data() + text.size() ? std::optional<int>(v) : std::nullopt;
}

/// The arguments of a SELECTED_*_KIND call by position or keyword
/// ("12,100", "p=12,r=100", "r=300"): name -> integer literal; nullopt
/// when one is not a literal.
std::optional<std::map<std::string, int>> kindArguments(const std::string& args,
                                                        const std::vector<std::string>& positions)
{
  std::map<std::string, int> out;
  std::size_t index = 0;
  for (std::size_t start = 0; start <= args.size();) {
    auto end = args.find(',', start);
    end = end == std::string::npos ? args.size() : end;
    auto item = args.substr(start, end - start);
    std::string name = index < positions.size() ? positions[index] : "";
    if (const auto eq = item.find('='); eq != std::string::npos) {
      name = item.substr(0, eq);
      item = item.substr(eq + 1);
    }
    const auto v = integerLiteral(item);
    if (!v || name.empty())
      return std::nullopt;
    out[name] = *v;
    ++index;
    start = end + 1;
  }
  return out;
}

/// Whether `x` is a real literal with a D exponent (1.0D0, .5D0, 0.D0) or
/// a complex literal of such parts ((1.0D0,1.0D0)).
bool doubleLiteral(const std::string& x)
{
  const auto part = [](const std::string& p) {
    return !p.empty() && (std::isdigit(static_cast<unsigned char>(p[0])) || p[0] == '.') &&
           p.find('d') != std::string::npos;
  };
  if (x.size() > 2 && x.front() == '(' && x.back() == ')') {
    const auto comma = x.find(',');
    return comma != std::string::npos && part(x.substr(1, comma - 1)) && part(x.substr(comma + 1, x.size() - comma - 2));
  }
  return part(x);
}

/// The argument of "name(arg)", or nullopt when `expr` is no such call.
std::optional<std::string> argumentOf(const std::string& expr, const std::string& name)
{
  if (expr.rfind(name + "(", 0) != 0 || expr.back() != ')')
    return std::nullopt;
  return expr.substr(name.size() + 1, expr.size() - name.size() - 2);
}

bool isName(const std::string& s)
{
  return !s.empty() && std::isalpha(static_cast<unsigned char>(s[0])) &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

} // namespace

std::optional<int> kindOf(const std::string& expr, const ConstantLookup& constant)
{
  if (expr.empty())
    return std::nullopt;
  if (const auto literal = integerLiteral(expr))
    return *literal;
  if (isName(expr)) {
    const auto v = constant(expr);
    return v && *v > 0 && *v <= 16 ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
  }
  if (const auto x = argumentOf(expr, "kind")) { // KIND(1.0D0), KIND(.5D0), KIND((1D0,1D0)), KIND(1.0), KIND(1)
    if (doubleLiteral(*x))
      return 8;
    if (!x->empty() && (std::isdigit(static_cast<unsigned char>(x->front())) || x->front() == '.') &&
        x->find('_') == std::string::npos)
      return 4;
    return std::nullopt; // KIND(X), KIND(1.0_DP): not told here
  }
  if (const auto p = argumentOf(expr, "selected_real_kind")) { // the smallest kind meeting both P and R
    const auto args = kindArguments(*p, {"p", "r"});
    if (!args || args->empty())
      return std::nullopt;
    const auto digits = args->count("p") ? args->at("p") : 0;
    const auto range = args->count("r") ? args->at("r") : 0;
    return digits <= 6 && range <= 37 ? 4 : digits <= 15 && range <= 307 ? 8 : 16;
  }
  if (const auto r = argumentOf(expr, "selected_int_kind")) {
    const auto args = kindArguments(*r, {"r"});
    if (!args || !args->count("r"))
      return std::nullopt;
    const auto range = args->at("r");
    return range <= 2 ? 1 : range <= 4 ? 2 : range <= 9 ? 4 : 8;
  }
  return std::nullopt;
}

int elementBytes(const fortran::TypeSpec& type, const ConstantLookup& constant)
{
  if (type.kindExpr.empty())
    return fortran::elementBytes(type);
  const auto kind = kindOf(type.kindExpr, constant);
  if (!kind)
    return fortran::elementBytes(type);
  auto resolved = type;
  resolved.kindBytes = type.base == fortran::BaseType::Complex ? 2 * *kind : *kind;
  return fortran::elementBytes(resolved);
}

} // namespace ps::program

#include "program/type-kinds.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace ps::program {
namespace {

/// The first integer in `text` (the P of SELECTED_REAL_KIND(P=12, R=100)).
std::optional<int> firstInteger(const std::string& text)
{
  const auto at = text.find_first_of("0123456789");
  if (at == std::string::npos)
    return std::nullopt;
  int v = 0;
  const auto [end, ec] = std::from_chars(text.data() + at, text.data() + text.size(), v);
  return ec == std::errc() ? std::optional<int>(v) : std::nullopt;
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
  if (std::all_of(expr.begin(), expr.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
    return firstInteger(expr);
  if (isName(expr)) {
    const auto v = constant(expr);
    return v && *v > 0 && *v <= 16 ? std::optional<int>(static_cast<int>(*v)) : std::nullopt;
  }
  if (const auto x = argumentOf(expr, "kind")) { // KIND(1.0D0), KIND(0.D0), KIND(1.0), KIND(1)
    if (x->find('d') != std::string::npos && std::isdigit(static_cast<unsigned char>(x->front())))
      return 8;
    if (!x->empty() && (std::isdigit(static_cast<unsigned char>(x->front())) || x->front() == '.'))
      return 4;
    return std::nullopt;
  }
  if (const auto p = argumentOf(expr, "selected_real_kind")) {
    const auto digits = firstInteger(*p);
    return !digits ? std::nullopt : *digits <= 6 ? std::optional<int>(4) : *digits <= 15 ? 8 : 16;
  }
  if (const auto r = argumentOf(expr, "selected_int_kind")) {
    const auto range = firstInteger(*r);
    return !range ? std::nullopt : *range <= 2 ? std::optional<int>(1) : *range <= 4 ? 2 : *range <= 9 ? 4 : 8;
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

#include "program/model.h"

#include <algorithm>
#include <charconv>

namespace ps::program {

OperationCounts& OperationCounts::operator+=(const OperationCounts& o)
{
  addSub += o.addSub;
  mul += o.mul;
  div += o.div;
  pow += o.pow;
  intrinsic += o.intrinsic;
  load += o.load;
  store += o.store;
  return *this;
}

bool ArrayReference::allAffine() const
{
  return std::all_of(subscripts.begin(), subscripts.end(),
                     [](const Subscript& s) { return s.kind == SubscriptKind::Affine; });
}

std::string ArrayReference::text() const
{
  std::string s = array;
  if (subscripts.empty())
    return s;
  s += "(";
  for (std::size_t i = 0; i < subscripts.size(); ++i)
    s += (i ? "," : "") + subscripts[i].text;
  return s + ")";
}

std::string ArrayReference::identity() const
{
  auto s = text();
  for (const auto& sub : subscripts)
    s += static_cast<char>('0' + static_cast<int>(sub.kind));
  return s;
}

const Symbol* Unit::symbol(const std::string& name) const
{
  if (auto it = symbols.find(name); it != symbols.end())
    return &it->second;
  auto it = associated.find(name);
  return it == associated.end() ? nullptr : &it->second;
}

const UnreachableCode* Unit::unreachableAt(int line) const
{
  const UnreachableCode* innermost = nullptr; // ranges nest: the narrowest holds the line
  for (const auto& u : unreachable)
    if (u.firstLine <= line && line <= u.lastLine &&
        (!innermost || u.lastLine - u.firstLine < innermost->lastLine - innermost->firstLine))
      innermost = &u;
  return innermost;
}

bool nestedIn(const Unit& unit, const Loop& loop, int root)
{
  for (int id = loop.id; id >= 0; id = unit.loops[id].parent)
    if (id == root)
      return true;
  return false;
}

bool whileTripsUnset(const Loop& loop, const symbolic::Bindings& values)
{
  return !loop.tripsUnknown.empty() && !loop.measuredTrips && !values.count(loop.tripsUnknown);
}

std::string whileName(const Loop& loop)
{
  if (!loop.isWhile) // a DO whose bounds are data (Loop::tripsUnknown)
    return "the DO " + loop.variable + " at line " + std::to_string(loop.line) + " with bounds from data";
  return (loop.withoutControl ? "the DO loop without control at line " : "the DO WHILE at line ") +
         std::to_string(loop.line);
}

std::string boundsWhat(const Loop& loop)
{
  return loop.tripsUnknown.empty() ? "the bounds of the loop at line " + std::to_string(loop.line)
                                   : "the iterations of " + whileName(loop);
}

std::string unsetTripsClause(const Loop& loop)
{
  if (loop.tripsUnknown.empty())
    return "";
  return " (its iterations per entry are the unknown '" + loop.tripsUnknown +
         "': set it, or measure it with a profile run)";
}

std::string linesOf(const UnreachableCode& dead)
{
  return dead.firstLine == dead.lastLine
           ? "line " + std::to_string(dead.firstLine)
           : "lines " + std::to_string(dead.firstLine) + "-" + std::to_string(dead.lastLine);
}

bool unreachableInNest(const Unit& unit, const Statement& st, const Loop& nest)
{
  const auto* dead = unit.unreachableAt(st.line);
  return dead && dead->afterLine >= nest.line;
}

const Loop* Unit::loopAtLine(int line) const
{
  for (const auto& loop : loops) {
    if (loop.line == line)
      return &loop;
  }
  return nullptr;
}

std::vector<const Statement*> Unit::statementsIn(int loopId) const
{
  std::vector<const Statement*> out;
  for (const auto& s : statements) {
    if (std::find(s.loops.begin(), s.loops.end(), loopId) != s.loops.end())
      out.push_back(&s);
  }
  return out;
}

const Unit* ProgramModel::procedure(const std::string& name) const
{
  for (const auto& u : units)
    if (u.name == name && u.kind != fortran::UnitKind::Program)
      return &u;
  return nullptr;
}

std::optional<std::pair<const Unit*, const Loop*>> ProgramModel::loopAtLine(int line) const
{
  for (const auto& unit : units) {
    if (const Loop* loop = unit.loopAtLine(line))
      return std::make_pair(&unit, loop);
  }
  return std::nullopt;
}

symbolic::Bindings parameterValues(const Unit& unit)
{
  symbolic::Bindings out;
  auto add = [&out](const std::map<std::string, Symbol>& symbols) {
    for (const auto& [name, s] : symbols) {
      out.erase(name); // a local declaration hides the associated one
      if (s.isParameter && s.value)
        if (auto v = s.value->asInteger())
          out[name] = *v;
    }
  };
  add(unit.associated);
  add(unit.symbols);
  return out;
}

std::optional<symbolic::Expr> toSymbolic(const fortran::Expr& e, const Unit& unit, SymbolicParameters parameters)
{
  using fortran::ExprKind;
  using fortran::Op;
  switch (e.kind) {
  case ExprKind::Integer: { // a literal beyond 64 bits has no value here (the fuzzer's 10^30 threw)
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(e.text.data(), e.text.data() + e.text.size(), v);
    if (ec != std::errc() || end != e.text.data() + e.text.size())
      return std::nullopt;
    return symbolic::Expr::integer(v);
  }
  case ExprKind::Name: {
    const Symbol* s = unit.symbol(e.text);
    if (s && s->isParameter && s->value && parameters == SymbolicParameters::Fold)
      return *s->value;
    if (s && s->isParameter && s->value)
      return symbolic::Expr::symbol(e.text);
    if (s && (s->isArray() || s->type.base != fortran::BaseType::Integer))
      return std::nullopt;
    return symbolic::Expr::symbol(e.text);
  }
  case ExprKind::Unary: {
    auto operand = toSymbolic(e.operands[0], unit, parameters);
    if (!operand || (e.op != Op::Neg && e.op != Op::Plus))
      return std::nullopt;
    return e.op == Op::Neg ? -*operand : *operand;
  }
  case ExprKind::Binary: {
    auto a = toSymbolic(e.operands[0], unit, parameters);
    auto b = toSymbolic(e.operands[1], unit, parameters);
    if (!a || !b)
      return std::nullopt;
    switch (e.op) {
    case Op::Add: return *a + *b;
    case Op::Sub: return *a - *b;
    case Op::Mul: return *a * *b;
    case Op::Div: return symbolic::Expr::quotient(*a, *b);
    case Op::Pow: return symbolic::Expr::power(*a, *b);
    default: return std::nullopt;
    }
  }
  default: return std::nullopt;
  }
}

} // namespace ps::program

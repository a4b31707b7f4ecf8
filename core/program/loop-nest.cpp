#include "program/loop-nest.h"

#include <algorithm>

namespace ps::program {
namespace {

symbolic::NestAccess accessOf(const ArrayReference& ref)
{
  symbolic::NestAccess a{ref.array, ref.isWrite, std::nullopt, {}, ref.text()};
  const auto affine = [](const Subscript& s) { return s.kind == SubscriptKind::Affine; };
  if (ref.subscripts.empty() || std::none_of(ref.subscripts.begin(), ref.subscripts.end(), affine))
    return a; // a whole array, or no subscript that says where: conservative
  a.subscripts.emplace();
  for (const auto& s : ref.subscripts) {
    a.subscripts->push_back(affine(s) ? s.affine : symbolic::AffineForm{});
    a.anyValue.push_back(!affine(s)); // a section or a non-affine subscript: any element along it
  }
  if (ref.allAffine())
    a.anyValue.clear();
  return a;
}

/// What a CALL's written argument may change (CallArgument::written): a
/// whole array, any element; a section, any element along its triplets; an
/// element, the elements after it by sequence association, taken as its
/// column (any value of the first subscript), or the whole array where
/// every subscript is fixed (CALL ZERO(A(1,1), N*N)).
std::optional<symbolic::NestAccess> argumentWrite(const Unit& unit, const Statement& st, const CallArgument& arg)
{
  if (!arg.written)
    return std::nullopt;
  if (arg.reference < 0) {
    const auto* array = arg.name.empty() ? nullptr : unit.symbol(arg.name);
    if (!array || !array->isArray())
      return std::nullopt;
    return symbolic::NestAccess{arg.name, true, std::nullopt, {}, arg.text};
  }
  const auto& ref = st.refs[static_cast<std::size_t>(arg.reference)];
  auto write = accessOf(ref);
  write.isWrite = true;
  const bool element = std::all_of(ref.subscripts.begin(), ref.subscripts.end(),
                                    [](const Subscript& s) { return s.kind == SubscriptKind::Affine; });
  const bool fixed = std::all_of(ref.subscripts.begin(), ref.subscripts.end(),
                                 [](const Subscript& s) { return s.affine.coefficients.empty(); });
  if (element && fixed)
    return symbolic::NestAccess{ref.array, true, std::nullopt, {}, arg.text};
  if (element && write.subscripts) {
    write.anyValue.assign(write.subscripts->size(), false);
    write.anyValue[0] = true;
  }
  return write;
}

} // namespace

symbolic::LoopNest loopNestOf(const Unit& unit, const Loop& nest)
{
  symbolic::LoopNest out;
  std::vector<int> levelOf(unit.loops.size(), -1);
  for (const auto& loop : unit.loops) {
    if (!nestedIn(unit, loop, nest.id))
      continue;
    levelOf[loop.id] = static_cast<int>(out.loops.size());
    const auto step = loop.step.asInteger();
    const bool affine = loop.boundsKnown && step && *step != 0;
    const bool symbolicStep = loop.boundsKnown && !step; // 2*LS: its value comes with the values
    out.loops.push_back({loop.variable, loop.lower, loop.upper, affine ? *step : 1, affine || symbolicStep, loop.line,
                         loop.strideOrigin, symbolicStep ? std::optional(loop.step) : std::nullopt});
  }
  for (const auto* st : unit.statementsIn(nest.id)) {
    if (unreachableInNest(unit, *st, nest))
      continue; // it never runs: no dependence from or into it
    symbolic::NestStatement s{st->id, {}, {}, st->guards};
    for (int id : st->loops)
      if (levelOf[id] >= 0)
        s.loops.push_back(levelOf[id]);
    for (const auto& ref : st->refs) // reads first: a statement reads before it writes
      if (!ref.isWrite)
        s.accesses.push_back(accessOf(ref));
    for (const auto& ref : st->refs)
      if (ref.isWrite)
        s.accesses.push_back(accessOf(ref));
    for (const auto& arg : st->arguments) // a CALL writes what its callee assigns, after reading it
      if (auto write = argumentWrite(unit, *st, arg))
        s.accesses.push_back(std::move(*write));
    out.statements.push_back(std::move(s));
  }
  return out;
}

} // namespace ps::program

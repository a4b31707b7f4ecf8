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
    out.statements.push_back(std::move(s));
  }
  return out;
}

} // namespace ps::program

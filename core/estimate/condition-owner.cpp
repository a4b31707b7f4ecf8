#include "estimate/condition-owner.h"

#include <set>

namespace ps::estimate {
namespace {

/// The first guarded write of the branch(es) on line `ifLine` after
/// statement `from`, following nested conditions (`seen` guards cycles
/// when two IFs share a line).
const program::ArrayReference* firstGuardedWrite(const program::Unit& unit, int from, int ifLine,
                                                 const std::vector<int>& loops, const mapping::Mapping& mapping,
                                                 std::set<int>& seen)
{
  if (!seen.insert(ifLine).second)
    return nullptr;
  for (std::size_t i = static_cast<std::size_t>(from) + 1; i < unit.statements.size(); ++i) {
    const auto& st = unit.statements[i];
    if (st.branchLine != ifLine || st.loops != loops)
      continue;
    if (const auto* w = st.write(); w && !st.wholeArray && mapping.array(w->array))
      return w;
    if (st.kind == program::StatementKind::Control && st.line != ifLine)
      if (const auto* w = firstGuardedWrite(unit, st.id, st.line, loops, mapping, seen))
        return w;
  }
  return nullptr;
}

} // namespace

const program::ArrayReference* conditionOwner(const program::Unit& unit, const program::Statement& condition,
                                              const mapping::Mapping& mapping)
{
  if (condition.kind != program::StatementKind::Control)
    return nullptr;
  std::set<int> seen;
  return firstGuardedWrite(unit, condition.id, condition.line, condition.loops, mapping, seen);
}

} // namespace ps::estimate

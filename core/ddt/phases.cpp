#include "ddt/phases.h"

#include "symbolic/evaluation.h"

#include <algorithm>
#include <set>

namespace ps::ddt {
namespace {

using program::Loop;
using program::Statement;
using program::Unit;

bool subscriptsWith(const Statement& s, const std::string& variable)
{
  for (const auto& r : s.refs)
    for (const auto& sub : r.subscripts)
      if (sub.kind == program::SubscriptKind::Affine && sub.affine.coefficient(variable) != 0)
        return true;
  return false;
}

bool isPhaseLoop(const Unit& unit, const Loop& loop)
{
  if (loop.variable.empty())
    return false;
  for (const auto* s : unit.statementsIn(loop.id))
    if (subscriptsWith(*s, loop.variable))
      return true;
  return false;
}

bool hasArrayWrite(const Statement& s)
{
  const auto* w = s.write();
  return s.kind == program::StatementKind::Assignment && w && !w->subscripts.empty();
}

class Builder {
public:
  Builder(const Unit& unit, const symbolic::Bindings& values, PhaseGraphResult& out)
      : m_unit(unit), m_values(values), m_out(out)
  {
  }

  std::vector<int> scope(int loopId, int region)
  {
    std::vector<int> items;
    std::vector<const Statement*> group;
    for (const auto& [line, kind, index] : children(loopId)) {
      (void)line;
      if (kind == Child::Statement && hasArrayWrite(m_unit.statements[index])) {
        group.push_back(&m_unit.statements[index]);
        continue;
      }
      flushGroup(group, region, items);
      if (kind == Child::Loop)
        loopItem(m_unit.loops[index], region, items);
    }
    flushGroup(group, region, items);
    return items;
  }

private:
  enum class Child { Statement, Loop };

  /// Statements and loops directly inside `loopId` (-1: the unit), by
  /// line, without those the unit's top never reaches (after a RETURN: an
  /// ENTRY's code is not a phase of this unit).
  std::vector<std::tuple<int, Child, int>> children(int loopId) const
  {
    std::vector<std::tuple<int, Child, int>> out;
    for (const auto& l : m_unit.loops)
      if (l.parent == loopId && !m_unit.unreachableAt(l.line))
        out.emplace_back(l.line, Child::Loop, l.id);
    for (std::size_t k = 0; k < m_unit.statements.size(); ++k) {
      const auto& s = m_unit.statements[k];
      if ((s.loops.empty() ? -1 : s.loops.back()) == loopId && !m_unit.unreachableAt(s.line))
        out.emplace_back(s.line, Child::Statement, static_cast<int>(k));
    }
    std::sort(out.begin(), out.end());
    return out;
  }

  void loopItem(const Loop& loop, int region, std::vector<int>& items)
  {
    if (isPhaseLoop(m_unit, loop)) {
      auto stmts = m_unit.statementsIn(loop.id);
      items.push_back(addPhase(loop.id, loop.line, loop.endLine, std::move(stmts), region));
      return;
    }
    const int r = static_cast<int>(m_out.graph.regions.size());
    m_out.graph.regions.push_back({loop.id, loop.line, loop.endLine, tripCount(loop), region, {}});
    auto body = scope(loop.id, r);
    if (body.empty()) {
      m_out.graph.regions.pop_back(); // a loop without phases (scalar work) is not part of the plan
      return;
    }
    m_out.graph.regions[r].items = std::move(body);
    items.push_back(-r - 1);
  }

  void flushGroup(std::vector<const Statement*>& group, int region, std::vector<int>& items)
  {
    if (group.empty())
      return;
    items.push_back(addPhase(-1, group.front()->line, group.back()->line, group, region));
    group.clear();
  }

  int addPhase(int loop, int first, int last, std::vector<const Statement*> stmts, int region)
  {
    Phase p;
    p.id = static_cast<int>(m_out.graph.phases.size()) + 1;
    p.loop = loop;
    p.firstLine = first;
    p.lastLine = std::max(first, last);
    std::set<std::string> arrays;
    p.probability = 0;
    for (const auto* s : stmts) {
      p.probability = std::max(p.probability, s->probability);
      for (const auto& r : s->refs)
        if (const auto* sym = m_unit.symbol(r.array); sym && sym->isArray())
          arrays.insert(r.array);
    }
    p.statements = std::move(stmts);
    p.arrays.assign(arrays.begin(), arrays.end());
    for (int r = region; r >= 0; r = m_out.graph.regions[r].parent)
      p.regions.insert(p.regions.begin(), r);
    m_out.graph.phases.push_back(std::move(p));
    return static_cast<int>(m_out.graph.phases.size()) - 1;
  }

  std::int64_t tripCount(const Loop& loop)
  {
    const std::string where = "the trip count of the loop at line " + std::to_string(loop.line);
    if (!loop.boundsKnown || program::whileTripsUnset(loop, m_values)) {
      m_out.notes.push_back("The loop at line " + std::to_string(loop.line) + " has no countable trip count" +
                            program::unsetTripsClause(loop) + "; its body is taken as executed once");
      return 1;
    }
    symbolic::EvaluationError error;
    const auto range = symbolic::loopRangeFor(loop.lower, loop.upper, loop.step, m_values, where, &error);
    if (!range) {
      m_out.errors.push_back(error.message);
      symbolic::addMissing(m_out.missing, error.missing);
      return 0;
    }
    return range->count;
  }

  const Unit& m_unit;
  const symbolic::Bindings& m_values;
  PhaseGraphResult& m_out;
};

int phaseCount(const PhaseGraph& g, const std::vector<int>& items)
{
  int n = 0;
  for (int item : items)
    n += item >= 0 ? 1 : phaseCount(g, g.regions[-item - 1].items);
  return n;
}

void flatten(const PhaseGraph& g, const std::vector<int>& items, double count, bool copy,
             std::vector<SequenceStep>& out)
{
  for (int item : items) {
    if (item >= 0) { // a phase in a branch runs (and is remapped to) as often as the branch is taken
      out.push_back({item, count * g.phases[item].probability, copy, {}});
      continue;
    }
    const auto& r = g.regions[-item - 1];
    const double n = static_cast<double>(r.iterations);
    if (n <= 0)
      continue;
    if (n == 1) {
      flatten(g, r.items, count, copy, out);
      continue;
    }
    // Even a body of one phase is split: the remapping into it happens on
    // the first iteration only (the copy's remapping from itself is free).
    flatten(g, r.items, count, copy, out);
    const auto first = out.size();
    flatten(g, r.items, count * (n - 1), true, out);
    if (n > 2 && out.size() > first) // n = 2: the copy runs once, after the body
      out.back().closesCopyFrom.push_back(static_cast<int>(first));
  }
}

} // namespace

PhaseGraphResult buildPhaseGraph(const program::Unit& unit, const symbolic::Bindings& values)
{
  PhaseGraphResult out;
  Builder b(unit, values, out);
  out.graph.top = b.scope(-1, -1);
  for (const auto& dead : unit.unreachable)
    out.notes.push_back("Code at " + program::linesOf(dead) + " follows the " + dead.after + " at line " + std::to_string(dead.afterLine) +
                        " and no label leads to it: it is no phase of the plan");
  return out;
}

std::vector<SequenceStep> flattenSequence(const PhaseGraph& graph, const std::vector<int>& items, double count)
{
  std::vector<SequenceStep> out;
  flatten(graph, items, count, false, out);
  return out;
}

} // namespace ps::ddt

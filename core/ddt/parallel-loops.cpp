#include "ddt/parallel-loops.h"

#include "ddt/reference-pattern.h"

#include <optional>

namespace ps::ddt {
namespace {

struct Access {
  const program::Statement* statement;
  const program::ArrayReference* ref;
};

/// Common enclosing loops of two statements, outermost first.
std::vector<int> commonLoops(const program::Statement& a, const program::Statement& b)
{
  std::vector<int> out;
  for (std::size_t k = 0; k < a.loops.size() && k < b.loops.size() && a.loops[k] == b.loops[k]; ++k)
    out.push_back(a.loops[k]);
  return out;
}

std::optional<std::int64_t> constantOf(const program::Subscript& s, const symbolic::Bindings& values)
{
  return s.kind == program::SubscriptKind::Affine ? s.affine.constant.evaluate(values) : std::nullopt;
}

/// Marks the loops of `loops` that carry a dependence between `w` and `r`.
void markCarried(const program::Unit& unit, const Access& w, const Access& r, const symbolic::Bindings& values,
                 std::set<int>& carried)
{
  const auto loops = commonLoops(*w.statement, *r.statement);
  std::map<std::string, std::int64_t> distance; // loop variable -> iteration distance
  std::set<std::string> unknown;                // variables in non-uniform subscripts
  for (std::size_t d = 0; d < w.ref->subscripts.size() && d < r.ref->subscripts.size(); ++d) {
    const auto& a = w.ref->subscripts[d];
    const auto& b = r.ref->subscripts[d];
    const auto ca = constantOf(a, values), cb = constantOf(b, values);
    if (!ca || !cb || a.affine.coefficients != b.affine.coefficients) {
      for (int l : loops)
        unknown.insert(unit.loops[l].variable);
      continue;
    }
    const std::int64_t delta = *ca - *cb;
    if (a.affine.coefficients.empty()) {
      if (delta != 0)
        return; // different constant indices: never the same element
      continue;
    }
    if (a.affine.coefficients.size() != 1) {
      for (const auto& [v, c] : a.affine.coefficients)
        unknown.insert(v);
      continue;
    }
    const auto& [v, c] = *a.affine.coefficients.begin();
    if (delta % c != 0)
      return; // the subscripts never meet
    distance[v] = delta / c;
  }
  for (int l : loops) {
    const auto& v = unit.loops[l].variable;
    auto it = distance.find(v);
    const bool zero = it != distance.end() && it->second == 0 && !unknown.count(v);
    if (zero)
      continue;
    carried.insert(l);
    if (it != distance.end() && !unknown.count(v))
      return; // a known non-zero distance: the outermost such loop carries it
  }
}

} // namespace

std::set<std::string> parallelLoopVariables(const program::Unit& unit, const Phase& phase,
                                            const symbolic::Bindings& values)
{
  std::vector<Access> accesses;
  std::set<int> loops;
  for (const auto* s : phase.statements) {
    for (int l : s->loops)
      loops.insert(l);
    for (const auto& r : s->refs)
      if (!r.subscripts.empty())
        accesses.push_back({s, &r});
  }
  std::set<int> carried;
  for (const auto& w : accesses) {
    if (!w.ref->isWrite)
      continue;
    for (const auto& r : accesses)
      if (r.ref->array == w.ref->array)
        markCarried(unit, w, r, values, carried);
  }
  std::set<std::string> out;
  for (int l : loops) {
    const auto& loop = unit.loops[l];
    // Loops outside the phase (the iterative loop around it) are not the phase's to parallelize.
    if (phase.loop >= 0 && loop.depth < unit.loops[phase.loop].depth)
      continue;
    if (!loop.variable.empty() && (loop.independent || !carried.count(l)))
      out.insert(loop.variable);
  }
  return out;
}

} // namespace ps::ddt

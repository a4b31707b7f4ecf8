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

/// The loop of `s` whose variable is `v`, or nullptr.
const program::Loop* loopOf(const program::Unit& unit, const program::Statement& s, const std::string& v)
{
  for (int l : s.loops)
    if (unit.loops[l].variable == v)
      return &unit.loops[l];
  return nullptr;
}

/// True when subscript `a` = u + ca (of access x) always exceeds `b` = v + cb
/// (of access y) because u's loop starts at v + c with c + ca > cb (a
/// triangular loop: DO I = K+1, N), and another dimension pins both
/// accesses to the same iteration of v's loop (a(i,k) against a(k,k));
/// without that, x(i) and x(j) with j > i still meet across iterations.
struct Separation {
  bool apart = false;   // never equal within one iteration of v's loop
  bool pinned = false;  // and another dimension makes that iteration the same: never equal at all
  int loop = -1;        // v's loop
};

Separation separation(const program::Unit& unit, const Access& x, const Access& y, const program::Subscript& a,
                      const program::Subscript& b, const symbolic::Bindings& values)
{
  const auto& fa = a.affine;
  const auto& fb = b.affine;
  if (fa.coefficients.size() != 1 || fb.coefficients.size() != 1 || fa.coefficients.begin()->second != 1 ||
      fb.coefficients.begin()->second != 1)
    return {};
  const auto& u = fa.coefficients.begin()->first;
  const auto& v = fb.coefficients.begin()->first;
  const auto* loop = loopOf(unit, *x.statement, u);
  const auto* outer = loopOf(unit, *y.statement, v);
  if (u == v || !loop || !outer || !loop->step.asInteger() || *loop->step.asInteger() < 1)
    return {};
  auto lower = loop->lower.affineIn({v});
  const auto ca = fa.constant.evaluate(values), cb = fb.constant.evaluate(values);
  if (!lower || lower->coefficient(v) != 1 || lower->coefficients.size() != 1 || !ca || !cb)
    return {};
  const auto c = lower->constant.evaluate(values);
  if (!c || *c + *ca <= *cb)
    return {};
  Separation sep{true, false, outer->id};
  for (std::size_t d = 0; d < x.ref->subscripts.size() && d < y.ref->subscripts.size(); ++d) {
    const auto& p = x.ref->subscripts[d];
    const auto& q = y.ref->subscripts[d];
    if (&p != &a && p.kind == program::SubscriptKind::Affine && q.kind == program::SubscriptKind::Affine &&
        p.affine.coefficients.size() == 1 && p.affine.coefficient(v) != 0 &&
        p.affine.coefficients == q.affine.coefficients && p.affine.constant.evaluate(values) &&
        p.affine.constant.evaluate(values) == q.affine.constant.evaluate(values))
      sep.pinned = true;
  }
  return sep;
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
    if (!ca || !cb || a.kind != program::SubscriptKind::Affine || b.kind != program::SubscriptKind::Affine) {
      for (int l : loops) // nothing known about the subscript: every common loop may carry it
        unknown.insert(unit.loops[l].variable);
      continue;
    }
    auto sep = separation(unit, w, r, a, b, values);
    if (!sep.apart)
      sep = separation(unit, r, w, b, a, values);
    if (sep.apart) { // a triangular bound keeps the subscripts apart: a(i,k) with i > k
      if (sep.pinned)
        return;
      for (int l : loops) { // they meet only across iterations of v's loop: it (or an outer one) carries it
        carried.insert(l);
        if (l == sep.loop)
          return;
      }
      return;
    }
    if (a.affine.coefficients != b.affine.coefficients) {
      // a(i,j) against a(i,k): only the loops of these subscripts may carry it.
      for (const auto* f : {&a.affine, &b.affine})
        for (const auto& [v, c] : f->coefficients)
          unknown.insert(v);
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
    // Red-black sweeps: DO I = 2, N, 2 reading p(i-1) and p(i+1) never meets
    // what it writes, when both accesses are in that one loop and its start
    // is a constant (a start like 2+MOD(J,2) changes parity with j).
    const auto* loop = loopOf(unit, *w.statement, v);
    const auto step = loop ? loop->step.asInteger() : std::nullopt;
    if (step && *step != 0 && (delta / c) % *step != 0 && loop == loopOf(unit, *r.statement, v) &&
        loop->lower.evaluate(values))
      return;
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

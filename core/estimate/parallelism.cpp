#include "estimate/parallelism.h"

#include "estimate/owned-iterations.h"
#include "estimate/reference-plan.h"
#include "program/loop-nest.h"
#include "symbolic/dependences.h"
#include "support/check.h"
#include "support/text.h"

#include <algorithm>
#include <set>
#include <limits>
#include <map>

namespace ps::estimate {
namespace {

/// The nest and values as text: equal keys give equal dependences.
std::string nestKey(const symbolic::LoopNest& nest, const symbolic::Bindings& values)
{
  std::string key;
  for (const auto& l : nest.loops)
    key += l.variable + "=" + l.lower.str() + "," + l.upper.str() + "," + std::to_string(l.step) +
           (l.boundsAffine ? ";" : "?;");
  for (const auto& st : nest.statements) {
    key += "|" + std::to_string(st.id) + ":";
    for (int l : st.loops)
      key += std::to_string(l) + ",";
    for (const auto& a : st.accesses)
      key += (a.isWrite ? "=" : "") + a.text + " ";
  }
  for (const auto& [name, value] : values)
    key += "&" + name + "=" + std::to_string(value);
  return key;
}

/// The flow dependences of a nest, remembered per thread: the estimator asks
/// again for every processor count and mapping (isl takes ~1 ms per nest).
const std::vector<symbolic::Dependence>& flowDependences(const symbolic::LoopNest& nest,
                                                         const symbolic::Bindings& values)
{
  thread_local std::map<std::string, std::vector<symbolic::Dependence>> cache;
  auto key = nestKey(nest, values);
  if (auto it = cache.find(key); it != cache.end())
    return it->second;
  if (cache.size() >= 64)
    cache.clear(); // a sweep over the unknowns: keep the memory bounded
  auto deps = symbolic::analyzeDependences(nest, values, {symbolic::DependenceKind::Flow});
  return cache.emplace(std::move(key), std::move(deps)).first->second;
}

/// True when the flow dependence's part carried at `carried` may join
/// iterations of different owners along processors dimension `pd`.
bool crosses(const OwnedStatement& source, const OwnedStatement& target, const symbolic::CarriedLevel& carried,
             int common, const mapping::Mapping& mapping, int pd)
{
  if (mapping.procs.shape[pd] < 2 || !source.owner || !target.owner)
    return false;
  const auto a = templateIndex(*source.owner, mapping, pd), b = templateIndex(*target.owner, mapping, pd);
  if (!a.defined || !b.defined)
    return false; // replicated along pd: every coordinate owns a copy
  const auto n = std::max(a.index.coef.size(), b.index.coef.size());
  auto coef = [](const NumericAffine& f, std::size_t l) { return l < f.coef.size() ? f.coef[l] : 0; };
  const auto level = static_cast<std::size_t>(carried.level);
  if (coef(a.index, level) == 0 || coef(b.index, level) == 0)
    return false; // the carrying loop does not move both owners (a time loop, or Cholesky's k loop around a
                  // parallel update): every processor runs each of its iterations, the dependence is an
                  // exchange between them, paid by the messages placed inside it, not a recurrence
  const bool sameDistribution = a.dist && b.dist && a.dist->sameOwners(*b.dist);
  if (!sameDistribution || a.index.constant != b.index.constant)
    return true; // other template cells: assume other owners
  for (std::size_t l = 0; l < n; ++l) {
    if (coef(a.index, l) != coef(b.index, l) || (coef(a.index, l) != 0 && static_cast<int>(l) >= common))
      return true;
    if (coef(a.index, l) != 0 && !carried.distance[l].zero())
      return true;
  }
  return false;
}

/// The array dimension (1-based) that `plan`'s array maps onto processors dimension pd.
int arrayDimOnto(const ReferencePlan& plan, const mapping::Mapping& mapping, int pd)
{
  if (!plan.map || plan.map->templateIndex < 0)
    return 0;
  const auto& t = mapping.templates[plan.map->templateIndex];
  for (std::size_t d = 0; d < t.dims.size(); ++d)
    if (t.procDim[d] == pd && plan.map->axes[d].kind == mapping::TemplateAxis::Kind::ArrayDim)
      return plan.map->axes[d].arrayDim + 1;
  return 0;
}

/// True when an owner's distributed template index moves with a level < `levels`.
bool outerLevelsDistribute(const std::vector<OwnedStatement>& statements, const mapping::Mapping& mapping,
                           int levels)
{
  for (const auto& o : statements) {
    if (!o.owner)
      continue;
    for (int pd = 0; pd < mapping.procs.rank(); ++pd) {
      const auto f = templateIndex(*o.owner, mapping, pd);
      for (int l = 0; f.defined && mapping.procs.shape[pd] > 1 && l < levels && l < static_cast<int>(f.index.coef.size()); ++l)
        if (f.index.coef[l] != 0)
          return true;
    }
  }
  return false;
}

/// Whether a test that may leave `loop` (Loop::exitLines, exitTestLines)
/// names a variable or array its body assigns: then each iteration's test
/// waits for the last one's result everywhere (a convergence test). An
/// error check on data set before the loop (IF (INFO .NE. 0) RETURN) does
/// not. Names are the words of the tests' text.
bool exitReadsItsBody(const program::Unit& unit, const program::Loop& loop)
{
  if (loop.exitLines.empty() && loop.exitTestLines.empty()) // most loops: no body walk at every point
    return false;
  const auto body = unit.statementsIn(loop.id);
  std::set<std::string> assigned;
  for (const auto* st : body) {
    if (!st->scalarTarget.empty())
      assigned.insert(toLower(st->scalarTarget));
    if (const auto* w = st->write())
      assigned.insert(toLower(w->array));
  }
  const auto isTest = [&](int line) {
    return std::count(loop.exitLines.begin(), loop.exitLines.end(), line) > 0 ||
           std::count(loop.exitTestLines.begin(), loop.exitTestLines.end(), line) > 0;
  };
  return std::any_of(body.begin(), body.end(), [&](const program::Statement* st) {
    if (st->kind != program::StatementKind::Control || !isTest(st->line))
      return false;
    const auto names = namesIn(st->text);
    return std::any_of(names.begin(), names.end(), [&](const std::string& n) { return assigned.count(n) > 0; });
  });
}

/// Fills kind, outer iterations and why-not from the recurrence found.
void classify(ParallelismDecision& d, const std::vector<OwnedStatement>& statements,
              const mapping::Mapping& mapping, const program::Unit& unit, const program::Loop& carrier)
{
  const int k = d.recurrence->level;
  d.kind = ParallelismKind::Serialized;
  if (k == 0)
    return void(d.whyNotPipelined = "loop '" + carrier.variable + "' is the outermost loop of the nest");
  // a DO WHILE's test (or EXIT) decides the next iteration once this one is done everywhere: no stages across it
  int level = k;
  for (int id = carrier.parent; id >= 0 && level-- > 0; id = unit.loops[id].parent) {
    const auto& outer = unit.loops[id];
    if (outer.isWhile)
      return void(d.whyNotPipelined = program::whileName(outer) +
                                      " decides its next iteration once the last one has ended on every processor");
    if (exitReadsItsBody(unit, outer)) // a convergence test, IF (RES .LT. TOL) EXIT, reads the iteration's result
      return void(d.whyNotPipelined = "the DO " + outer.variable + " at line " + std::to_string(outer.line) +
                                      " may be left at line " + std::to_string(outer.exitLines.front()) +
                                      ", which decides its next iteration once the last one has ended on every "
                                      "processor");
  }
  if (d.crossedDims.size() > 1)
    return void(d.whyNotPipelined = "the recurrences cross two processors dimensions");
  if (outerLevelsDistribute(statements, mapping, k))
    return void(d.whyNotPipelined = "the loops outside loop '" + carrier.variable + "' subscript a distributed dimension");
  for (const auto& o : statements) {
    if (!o.space || o.space->depth() <= k)
      continue;
    std::vector<std::int64_t> first;
    d.outerIterations = countOuterIterations(*o.space, k, &first); // closed form: a time loop is not walked
    d.uniformStages = o.space->innerBoundsIndependentOf(k);
    break;
  }
  if (d.outerIterations < 2)
    return void(d.whyNotPipelined = "the loops outside loop '" + carrier.variable + "' have fewer than 2 iterations");
  d.kind = ParallelismKind::Pipelined;
}

/// Processors grouped into chains: equal coordinates on the dimensions not crossed.
std::map<std::vector<std::int64_t>, std::vector<std::int64_t>> chains(const ParallelismDecision& d,
                                                                     const mapping::Mapping& mapping)
{
  std::map<std::vector<std::int64_t>, std::vector<std::int64_t>> out;
  for (std::int64_t p = 0; p < mapping.procs.count(); ++p) {
    auto c = mapping.procs.coordinates(p);
    for (int pd : d.crossedDims)
      c[pd] = -1;
    out[c].push_back(p);
  }
  return out;
}

/// The recurrence's boundary messages (the records placed inside the
/// carrying loop): the pattern and bytes of one message per record, and the
/// messages per outer iteration; `otherTT` the TT of every other record.
struct StageMessages {
  std::vector<std::pair<std::string, double>> bytes; // pattern, bytes
  double perOuterIteration = 0;                      // the largest record's
};

StageMessages stageMessages(const ParallelismDecision& d, const CommTotals& comm, double* otherTT)
{
  StageMessages out;
  *otherTT = 0;
  for (const auto& r : comm.records) {
    if (!isStageRecord(d, r)) {
      *otherTT += r.time;
      continue;
    }
    out.bytes.emplace_back(r.pattern, static_cast<double>(r.bytes) / static_cast<double>(r.messages));
    out.perOuterIteration = std::max(out.perOuterIteration, static_cast<double>(r.messages) /
                                                                static_cast<double>(d.outerIterations));
  }
  return out;
}

/// True when a crossed processors dimension distributes a template
/// dimension CYCLIC(k): the chain may wrap around the processors.
bool wrapsAround(const ParallelismDecision& d, const mapping::Mapping& mapping)
{
  for (const auto& t : mapping.templates)
    for (std::size_t k = 0; k < t.dims.size() && k < t.procDim.size(); ++k)
      if (std::find(d.crossedDims.begin(), d.crossedDims.end(), t.procDim[k]) != d.crossedDims.end() &&
          t.dims[k].format().kind == mapping::FormatKind::Cyclic)
        return true;
  return false;
}

/// The divisors of m in increasing order (O(sqrt m)).
std::vector<std::int64_t> divisors(std::int64_t m)
{
  std::vector<std::int64_t> low, high;
  for (std::int64_t b = 1; b <= m / b; ++b)
    if (m % b == 0) {
      low.push_back(b);
      if (b != m / b)
        high.push_back(m / b);
    }
  low.insert(low.end(), high.rbegin(), high.rend());
  return low;
}

Schedule pipelined(const ParallelismDecision& d, const std::vector<double>& ctPerProc, const CommTotals& comm,
                   const mapping::Mapping& mapping, const machine::MachineProfile& machine)
{
  Schedule best;
  std::int64_t q = 0, chainsWorking = 0;
  double busiest = 0;
  for (const auto& [key, procs] : chains(d, mapping)) {
    std::int64_t working = 0;
    for (auto p : procs) {
      working += ctPerProc[p] > 0;
      busiest = std::max(busiest, ctPerProc[p]);
    }
    q = std::max(q, working);
    chainsWorking += working > 0;
  }
  double otherTT = 0;
  const auto stage = stageMessages(d, comm, &otherTT);
  // The owner segments of the carrying loop along one chain: Q under BLOCK,
  // more where CYCLIC(k) wraps the chain around the processors; one
  // boundary message between consecutive segments per outer iteration.
  const double segments =
    wrapsAround(d, mapping)
      ? std::max(static_cast<double>(q), stage.perOuterIteration / static_cast<double>(std::max<std::int64_t>(chainsWorking, 1)) + 1)
      : static_cast<double>(q); // BLOCK: one segment per processor, however many records the stage has
  const double rounds = segments / static_cast<double>(std::max<std::int64_t>(q, 1)); // segments per processor
  const auto m = d.outerIterations;
  const double c1 = busiest / static_cast<double>(m);
  double bestTime = std::numeric_limits<double>::infinity();
  for (const auto b : divisors(m)) {
    const auto s = static_cast<double>(m / b);
    double message = 0;
    for (const auto& [pattern, e] : stage.bytes)
      message += machine.transferTime(pattern, static_cast<double>(b) * e, 1, mapping.procs.count());
    // a processor's S*rounds segment stages one after another, after the
    // pipeline filled; or the chain of S + segments - 1 steps, if longer
    const double steps = std::max(s * rounds + static_cast<double>(q) - 1, s + segments - 1);
    const double ct = steps * static_cast<double>(b) * c1 / rounds;
    const double tt = std::max(steps - 1, 0.0) * message;
    if (ct + tt < bestTime) {
      bestTime = ct + tt;
      best = {ct, tt + otherTT, m / b, b, q};
    }
  }
  return best;
}

} // namespace

bool isStageRecord(const ParallelismDecision& decision, const CommRecord& record)
{
  return decision.recurrence &&
         std::find(decision.arrays.begin(), decision.arrays.end(), record.array) != decision.arrays.end() &&
         record.placement > decision.recurrence->level && record.messages > 0;
}

const char* parallelismName(ParallelismKind kind)
{
  switch (kind) {
  case ParallelismKind::Parallel: return "parallel";
  case ParallelismKind::Serialized: return "serialized";
  case ParallelismKind::Pipelined: return "pipelined";
  }
  PS_DIE("unknown parallelism kind");
}

const std::vector<symbolic::Dependence>& nestFlowDependences(const program::Unit& unit, const program::Loop& nest,
                                                             const symbolic::Bindings& values)
{
  return flowDependences(program::loopNestOf(unit, nest), values);
}

const std::vector<symbolic::Dependence>& nestFlowDependences(const symbolic::LoopNest& nest,
                                                             const symbolic::Bindings& values)
{
  return flowDependences(nest, values);
}

const OwnedStatement& NestOwners::of(int statementId) const
{
  for (const auto& o : statements)
    if (o.st->id == statementId)
      return o;
  PS_DIE("a dependence names a statement outside the nest");
}

NestOwners nestOwners(const program::Unit& unit, const program::Loop& nest, const mapping::Mapping& mapping,
                      const symbolic::Bindings& values)
{
  NestOwners out;
  for (const auto* st : unit.statementsIn(nest.id)) {
    symbolic::EvaluationError error; // a statement the estimate skipped (a CALL needing values): no owner
    OwnedStatement o{st, IterationSpace::build(unit, nest.id, *st, values, &error), std::nullopt};
    const auto* w = st->write();
    if (o.space && w && mapping.array(w->array))
      o.owner = planReference(*w, unit, *o.space, mapping, values, &error);
    out.statements.push_back(std::move(o));
  }
  std::sort(out.statements.begin(), out.statements.end(),
            [](const OwnedStatement& a, const OwnedStatement& b) { return a.st->id < b.st->id; });
  out.dependences = nestFlowDependences(unit, nest, values);
  return out;
}

ParallelismDecision decideParallelism(const program::Unit& unit, const program::Loop& nest,
                                      const mapping::Mapping& mapping, const symbolic::Bindings& values)
{
  if (mapping.procs.count() < 2)
    return {};
  return decideParallelism(unit, nestOwners(unit, nest, mapping, values), mapping);
}

ParallelismDecision decideParallelism(const program::Unit& unit, const NestOwners& owners,
                                      const mapping::Mapping& mapping)
{
  ParallelismDecision d;
  if (mapping.procs.count() < 2)
    return d;
  const auto& statements = owners.statements;
  const program::Loop* carrier = nullptr;
  for (const auto& dep : owners.dependences) {
    const auto& src = owners.of(dep.sourceStatement);
    const auto& dst = owners.of(dep.targetStatement);
    if (!src.space || !dst.space)
      continue; // a statement the estimate left out (a loop step of zero, a CALL needing values), with its note
    for (const auto& c : dep.carried) {
      const auto& at = unit.loops[dst.st->loops[dst.st->loops.size() - dst.space->depth() + c.level]];
      if (at.isForall)
        continue; // FORALL reads every element before it writes any (HPF 1.1, Sec. 4.1)
      for (int pd = 0; pd < mapping.procs.rank(); ++pd) {
        if (!crosses(src, dst, c, dep.commonLevels, mapping, pd))
          continue;
        if (at.independent) { // the user's assertion wins over what the analysis could not rule out
          if (std::find(d.assertedIndependent.begin(), d.assertedIndependent.end(), at.line) ==
              d.assertedIndependent.end())
            d.assertedIndependent.push_back(at.line);
          continue;
        }
        if (std::find(d.arrays.begin(), d.arrays.end(), dep.array) == d.arrays.end())
          d.arrays.push_back(dep.array);
        if (std::find(d.crossedDims.begin(), d.crossedDims.end(), pd) == d.crossedDims.end())
          d.crossedDims.push_back(pd);
        if (d.recurrence && d.recurrence->level <= c.level)
          continue;
        const auto& loop = unit.loops[dst.st->loops[dst.st->loops.size() - dst.space->depth() + c.level]];
        carrier = &loop;
        d.recurrence = Recurrence{dep.array, c.level,  loop.line, loop.variable, pd,
                                  arrayDimOnto(*dst.owner, mapping, pd), dep.exact, dep.reason};
      }
    }
  }
  if (d.recurrence)
    classify(d, statements, mapping, unit, *carrier);
  return d;
}

Schedule scheduleOf(const ParallelismDecision& decision, const std::vector<double>& ctPerProc, const CommTotals& comm,
                    double tt, const mapping::Mapping& mapping, const machine::MachineProfile& machine)
{
  Schedule s;
  s.tt = tt;
  s.ct = ctPerProc.empty() ? 0 : *std::max_element(ctPerProc.begin(), ctPerProc.end());
  if (decision.kind == ParallelismKind::Pipelined)
    return pipelined(decision, ctPerProc, comm, mapping, machine);
  if (decision.kind == ParallelismKind::Serialized) {
    s.ct = 0;
    for (const auto& [key, procs] : chains(decision, mapping)) {
      double sum = 0;
      for (auto p : procs)
        sum += ctPerProc[p];
      s.ct = std::max(s.ct, sum);
      s.chain = std::max<std::int64_t>(s.chain, static_cast<std::int64_t>(procs.size()));
    }
  }
  return s;
}

} // namespace ps::estimate

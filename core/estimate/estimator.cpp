#include "estimate/estimator.h"

#include "estimate/comm-formula.h"
#include "estimate/condition-owner.h"
#include "estimate/saturating-count.h"
#include "support/text.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

namespace ps::estimate {
namespace {

/// s = s + ..., s = s * ..., s = max(s, ...), or a REDUCTION clause.
bool isReduction(const program::Statement& st, const program::Unit& unit)
{
  const auto& s = st.scalarTarget;
  if (s.empty())
    return false;
  for (int id : st.loops) {
    const auto& r = unit.loops[id].reductionVariables;
    if (std::find(r.begin(), r.end(), s) != r.end())
      return true;
  }
  const auto text = compact(st.text);
  const auto rhs = text.substr(std::min(text.size(), text.find('=') + 1));
  for (const char* op : {"+", "-", "*"})
    if (rhs.rfind(s + op, 0) == 0)
      return true;
  return rhs.rfind("max(" + s + ",", 0) == 0 || rhs.rfind("min(" + s + ",", 0) == 0;
}

class NestEstimator {
public:
  NestEstimator(const program::Unit& unit, const program::Loop& nest, const mapping::Mapping& mapping,
                const machine::MachineProfile& machine, const symbolic::Bindings& values,
                const EstimateOptions& options)
    : m_unit(unit), m_nest(nest), m_mapping(mapping), m_machine(machine), m_values(values), m_options(options),
      m_statements(unit.statementsIn(nest.id)), m_formulaValues(values)
  {
    for (const auto& [name, value] : program::parameterValues(unit))
      m_formulaValues[name] = value; // the model's folded value wins, as in the per-point count
    const auto procs = static_cast<std::size_t>(mapping.procs.count());
    m_e.processors = mapping.procs.count();
    m_e.arrangement = mapping.procs.str();
    m_e.workPerProc.assign(procs, 0.0);
    m_ctPerProc.assign(procs, 0.0);
    m_e.comm.messagesPerProc.assign(procs, 0);
    m_e.comm.bytesPerProc.assign(procs, 0);
    m_e.comm.keepExchanges = options.keepExchanges;
    m_e.notes = mapping.notes;
  }

  EstimateResult run()
  {
    for (const auto* st : m_statements)
      statement(*st);
    noteMeasured();
    if (!m_problems.errors.empty())
      return std::move(m_problems);
    finish();
    return {std::move(m_e), {}, {}};
  }

private:
  void note(std::string text)
  {
    if (std::find(m_e.notes.begin(), m_e.notes.end(), text) == m_e.notes.end())
      m_e.notes.push_back(std::move(text));
  }

  /// Source: P3T+, Section 3.1, branch probabilities from a profile run.
  void noteMeasured()
  {
    if (m_measured.empty())
      return;
    std::string lines;
    for (int line : m_measured)
      lines += (lines.empty() ? "" : ", ") + std::to_string(line);
    note(std::string(m_measured.size() == 1 ? "The branch probability of line " : "Branch probabilities of lines ") +
         lines + (m_measured.size() == 1 ? " was" : " were") + " measured by a profile run");
  }

  /// Missing values stop the estimate (the user must give them); anything
  /// else becomes a note with the `fallback` assumption.
  void problem(const symbolic::EvaluationError& error, const std::string& fallback)
  {
    if (!error.missingValues())
      return note(error.message + "; " + fallback);
    bool news = false; // one message per missing unknown is enough
    for (const auto& n : error.missing) {
      if (std::find(m_problems.missing.begin(), m_problems.missing.end(), n) == m_problems.missing.end()) {
        m_problems.missing.push_back(n);
        news = true;
      }
    }
    if (news)
      m_problems.errors.push_back(error.message);
  }

  void statement(const program::Statement& st)
  {
    const auto at = " at line " + std::to_string(st.line);
    if (st.kind == program::StatementKind::Io)
      return note("I/O statement" + at + " is not estimated");
    if (st.kind == program::StatementKind::Call)
      return note("CALL '" + st.callee + "'" + at + " is not estimated (no interprocedural analysis yet)");
    if (st.wholeArray)
      return note("Whole-array assignment" + at + " is not estimated");
    symbolic::EvaluationError error;
    auto space = IterationSpace::build(m_unit, m_nest.id, st, m_values, &error);
    if (!space)
      return problem(error, "the statement" + at + " is not estimated");
    if (st.probabilityMeasured)
      m_measured.insert(st.line);
    else if (st.probability < 1.0)
      note("Statement" + at + " is under IF: assumed to execute with probability " +
           std::to_string(st.probability).substr(0, 4) + " (no profile run yet)");
    estimateStatement(st, *space);
  }

  std::optional<ReferencePlan> plan(const program::ArrayReference& ref, const IterationSpace& space,
                                    const std::string& role)
  {
    symbolic::EvaluationError error;
    auto p = planReference(ref, m_unit, space, m_mapping, m_values, &error);
    if (!p)
      problem(error, role);
    return p;
  }

  /// For `st` assigning a scalar that an enclosing INDEPENDENT loop declares
  /// NEW: the first later statement of the same loop body that assigns a
  /// distributed array element and uses the scalar. Each iteration's copy of
  /// a NEW scalar is private to it, so the owners of that statement compute
  /// it (owner-computes for the private value, not a replicated assignment).
  /// Without such a user the assignment stays replicated, with a note.
  /// Source: HPF 2.0, Sec. 5.1 (INDEPENDENT, NEW).
  const program::Statement* newScalarUser(const program::Statement& st)
  {
    const auto& name = st.scalarTarget;
    const auto declaresNew = [&](int id) {
      const auto& l = m_unit.loops[static_cast<std::size_t>(id)];
      return l.independent && std::find(l.newVariables.begin(), l.newVariables.end(), name) != l.newVariables.end();
    };
    if (name.empty() || std::none_of(st.loops.begin(), st.loops.end(), declaresNew))
      return nullptr;
    bool after = false;
    for (const auto* u : m_unit.statementsIn(m_nest.id)) {
      after = after || u == &st;
      if (!after || u == &st || u->loops != st.loops || !u->write() || !m_mapping.array(u->write()->array))
        continue;
      if (namesIn(u->text).count(name)) {
        note("NEW scalar '" + name + "' at line " + std::to_string(st.line) + " is computed by the owners of '" +
             u->write()->text() + "' at line " + std::to_string(u->line) + ", which uses it");
        return u;
      }
    }
    note("NEW scalar '" + name + "' at line " + std::to_string(st.line) +
         " is computed on every processor: no statement of the loop that assigns a distributed array uses it");
    return nullptr;
  }

  void estimateStatement(const program::Statement& st, const IterationSpace& space)
  {
    std::vector<ReferencePlan> reads;
    std::set<std::string> seen;
    for (const auto& ref : st.refs) {
      if (ref.isWrite || !seen.insert(ref.text()).second || !m_mapping.array(ref.array))
        continue;
      if (auto p = plan(ref, space, "assumed to fetch all of '" + ref.array + "' before the loop"))
        reads.push_back(*p);
      else
        wholeArrayFetch(ref, st.line);
    }
    std::optional<ReferencePlan> exec;
    const bool reduction = isReduction(st, m_unit);
    if (const auto* w = st.write())
      exec = plan(*w, space, "every processor is assumed to execute it");
    else if (const auto* guarded = conditionOwner(m_unit, st, m_mapping)) // owner of what it guards
      exec = plan(*guarded, space, "every processor is assumed to evaluate it");
    else if (reduction && !reads.empty())
      exec = reads.front();
    else if (const auto* user = newScalarUser(st))
      exec = plan(*user->write(), space, "every processor is assumed to execute it");
    const ReferencePlan* owner = exec ? &*exec : nullptr;
    std::string why;
    const auto formula = cachedWorkFormula(m_unit, m_nest.id, st, owner && owner->map ? owner->ref : nullptr,
                                           m_mapping, &why);
    auto work = countWork(space, owner, m_mapping, st.probability, formula.get(), &m_formulaValues);
    work.statementId = st.id;
    work.line = st.line;
    describeWork(work, st, formula, why);
    if (!work.note.empty())
      note("The work of the statement at line " + std::to_string(st.line) + " was enumerated, not counted in closed form: " + work.note);
    for (std::size_t p = 0; p < work.work.size(); ++p) {
      m_e.workPerProc[p] += work.work[p];
      m_ctPerProc[p] += work.work[p] * work.cost; // Def. 3.7 (work.cost from describeWork)
    }
    m_e.statements.push_back(std::move(work));
    cacheStatement(st, space, exec);
    if (st.kind == program::StatementKind::Control)
      return;
    for (const auto& read : reads) {
      if (reduction && exec && read.ref == exec->ref)
        continue;
      const int placement = readsWrittenElements(st, *read.ref) ? placementOf(st, *read.ref, m_statements, space, m_values)
                                                                : 0; // vectorized out of the whole nest
      if (m_options.fetchIdenticalReadsOnce && !firstFetch(st, read, placement))
        continue;
      const auto before = m_e.comm.records.size();
      addReadMessages(space, owner, read, placement, st.line, m_mapping, m_machine, m_e.comm);
      if (m_options.formulas && m_e.comm.records.size() > before) // NT and TD in closed form (comm-formula.h)
        attachReadFormula(m_e.comm.records.back(), m_unit, space, owner, read, placement, m_mapping, m_machine);
      if (m_e.comm.records.size() > before && m_e.comm.records.back().sampledEvery > 1)
        note("The messages of " + read.ref->text() + " at line " + std::to_string(st.line) + " were counted on every " +
             ordinal(m_e.comm.records.back().sampledEvery) +
             " instance of their loops and scaled, to bound the estimate's time");
      if (m_e.comm.records.size() > before && !m_e.comm.records.back().simulatedBecause.empty())
        note("The messages of " + read.ref->text() + " at line " + std::to_string(st.line) +
             " were simulated, not counted in closed form: " + m_e.comm.records.back().simulatedBecause);
    }
    if (reduction) {
      const auto* s = m_unit.symbol(st.scalarTarget);
      addReduction(st.scalarTarget, st.line, s ? s->elementBytes : 8, m_mapping, m_machine, m_e.comm);
      if (m_options.formulas && !m_e.comm.records.empty() && m_e.comm.records.back().pattern == "reduction")
        m_e.comm.records.back().formula = std::make_shared<const CommFormula>(
          CommFormula::forReduction(s ? s->elementBytes : 8, m_mapping, m_machine));
    }
  }

  /// Whether some iteration of the nest writes an element that `read` of
  /// `st` reads afterwards: an exact flow dependence into it (isl,
  /// symbolic/dependences.h). Without one the read sees only values from
  /// before the nest and is fetched before it, however the array is written
  /// elsewhere in the nest (A(I,1) beside writes of A(I,J), J >= 2).
  /// Source: P3T+ Sec. 3.2 (communication is vectorized out of the loops
  /// that carry no dependence).
  bool readsWrittenElements(const program::Statement& st, const program::ArrayReference& read)
  {
    int access = 0; // program::loopNestOf lists a statement's reads first, in order
    for (const auto& ref : st.refs) {
      if (&ref == &read)
        break;
      access += ref.isWrite ? 0 : 1;
    }
    const auto& deps = nestFlowDependences(m_unit, m_nest, m_values);
    return std::any_of(deps.begin(), deps.end(), [&](const symbolic::Dependence& d) {
      return d.kind == symbolic::DependenceKind::Flow && d.targetStatement == st.id && d.targetAccess == access;
    });
  }

  /// The statement's cost per instance and branch probability, and its
  /// closed form (or why it has none) for --formulas.
  void describeWork(StatementWork& work, const program::Statement& st, std::shared_ptr<const WorkFormula> formula,
                       const std::string& why)
  {
    work.cost = m_machine.ops.time(st.ops);
    work.probability = st.probability;
    if (!formula)
      work.formulaWhy = why; // else countWork said why the closed form did not apply here, if it did not
    if (formula && work.closedForm && m_options.formulas)
      work.ownership = formula->ownership(m_mapping);
    work.formula = std::move(formula);
  }

  /// Keeps what the cache model needs of `st`: every affine array reference,
  /// distributed or not (a replicated array is cached too).
  void cacheStatement(const program::Statement& st, const IterationSpace& space,
                      const std::optional<ReferencePlan>& exec)
  {
    CacheStatement c{st.id, space, exec, {}};
    for (const auto& ref : st.refs) {
      symbolic::EvaluationError error;
      if (ref.subscripts.empty())
        continue;
      if (auto p = planReference(ref, m_unit, space, m_mapping, m_values, &error))
        c.refs.push_back(std::move(*p));
      else
        note("Reference " + ref.text() + " at line " + std::to_string(st.line) + " is not affine: not counted in CM");
    }
    m_cache.push_back(std::move(c));
  }

  /// Source: P3T+, Def. 3.10 (calls are not estimated, so its second sum is 0).
  void finishCache()
  {
    const auto cache = countCacheMisses(m_cache, m_mapping, m_unit, m_values,
                                        {m_machine.cacheLineBytes, m_machine.cacheBytes});
    m_e.cmPerProc = cache.perProc;
    m_e.cm = cache.mean;
    m_e.cmMax = cache.max;
    for (std::size_t i = 0; i < m_cache.size(); ++i)
      for (auto& w : m_e.statements)
        if (w.statementId == m_cache[i].statementId)
          w.cm = cache.perStatement[i];
  }

  /// True the first time this element sequence is read at this placement
  /// in these loops (EstimateOptions::fetchIdenticalReadsOnce).
  bool firstFetch(const program::Statement& st, const ReferencePlan& read, int placement)
  {
    std::string key = read.ref->array + "@" + std::to_string(placement) + " in";
    for (int loop : st.loops)
      key += " " + std::to_string(loop);
    for (const auto& sub : read.subscripts) {
      key += "|" + std::to_string(sub.constant);
      for (auto c : sub.coef)
        key += "," + std::to_string(c);
    }
    if (std::find(m_fetched.begin(), m_fetched.end(), key) != m_fetched.end())
      return false;
    m_fetched.push_back(std::move(key));
    return true;
  }

  /// Conservative stand-in for a non-affine read: every processor fetches
  /// every element it does not own, from each owner, before the nest.
  void wholeArrayFetch(const program::ArrayReference& ref, int line)
  {
    const auto* s = m_unit.symbol(ref.array);
    std::int64_t elements = 1; // saturating: a huge --set must not wrap into a small TD
    for (const auto& d : s->dims) {
      auto lo = d.lower.evaluate(m_values), hi = d.upper.evaluate(m_values);
      elements = saturatingMul(elements, std::max<std::int64_t>(hi.value_or(1) - lo.value_or(1) + 1, 1));
    }
    const auto procs = m_mapping.procs.count();
    if (procs < 2)
      return;
    const auto perProcBytes = saturatingMul(elements - elements / procs, s->elementBytes);
    CommRecord r{ref.array, ref.text(), "copy", line, 0, 1, procs * (procs - 1), saturatingMul(procs, perProcBytes), 0, {}};
    // procs - 1 copies of a share each, with no hop term: (P-1) rho + beta * bytes without a curve
    r.time = static_cast<double>(procs - 1) *
             m_machine.transferTime("copy", static_cast<double>(perProcBytes) / static_cast<double>(procs - 1), 0, procs);
    m_e.comm.records.push_back(r);
    for (std::int64_t p = 0; p < procs; ++p) {
      m_e.comm.messagesPerProc[p] += procs - 1;
      m_e.comm.bytesPerProc[p] = saturatingAdd(m_e.comm.bytesPerProc[p], perProcBytes);
    }
  }

  void finish()
  {
    const auto& w = m_e.workPerProc;
    m_e.workMax = w.empty() ? 0 : *std::max_element(w.begin(), w.end());
    m_e.workMin = w.empty() ? 0 : *std::min_element(w.begin(), w.end());
    m_e.wd = loopGoodness(m_e.statements);
    m_e.ct = m_ctPerProc.empty() ? 0 : *std::max_element(m_ctPerProc.begin(), m_ctPerProc.end());
    m_e.ctPerProc = m_ctPerProc;
    for (const auto& r : m_e.comm.records) {
      m_e.nt = saturatingAdd(m_e.nt, r.messages);
      m_e.tdBytes = saturatingAdd(m_e.tdBytes, r.bytes);
      m_e.tt += r.time;
    }
    if (const auto beyond = saturationNote(m_e.nt, m_e.tdBytes); !beyond.empty())
      note(beyond);
    const auto& mp = m_e.comm.messagesPerProc;
    m_e.ntMaxPerProc = mp.empty() ? 0 : *std::max_element(mp.begin(), mp.end());
    schedule();
    m_e.time = m_e.ct + m_e.tt;
    finishCache();
  }

  /// Source: DDT Sec. 2 and Table 1 (a recurrence across owners serializes);
  /// the pipeline's schedule is PartScope's (estimate/parallelism.h).
  void schedule()
  {
    const auto decision = decideParallelism(m_unit, m_nest, m_mapping, m_values);
    if (decision.kind == ParallelismKind::Parallel)
      return;
    const auto s = scheduleOf(decision, m_ctPerProc, m_e.comm, m_e.tt, m_mapping, m_machine);
    const auto& r = *decision.recurrence;
    m_e.ct = s.ct;
    m_e.ctPerProc.assign(m_e.ctPerProc.size(), s.ct); // every processor waits for the critical path: a unit adds it
    m_e.tt = s.tt;
    m_e.parallelism = {parallelismName(decision.kind), r.loopLine, r.variable, r.array, r.arrayDim,
                       s.stages, s.strip, s.chain};
    std::string text = "The nest is " + std::string(parallelismName(decision.kind)) + " by the recurrence on '" +
                       r.array + "' carried by loop '" + r.variable + "' at line " + std::to_string(r.loopLine) +
                       (r.arrayDim > 0 ? " (distributed dimension " + std::to_string(r.arrayDim) + ")" : "");
    if (decision.kind == ParallelismKind::Serialized)
      text += ": processors run one after another";
    else
      text += ": a wavefront of " + std::to_string(s.stages) + " stages of " + std::to_string(s.strip) +
              " outer iterations over " + std::to_string(s.chain) + " processors";
    if (decision.kind == ParallelismKind::Serialized && r.level > 0)
      text += " (not pipelined: " + decision.whyNotPipelined + ")";
    if (!r.exact)
      text += " (assumed: " + r.reason + ")";
    note(text);
    if (decision.kind == ParallelismKind::Pipelined && !decision.uniformStages)
      note("The outer iterations of the pipelined nest do different work: the stage time is their average");
  }

  const program::Unit& m_unit;
  const program::Loop& m_nest;
  const mapping::Mapping& m_mapping;
  const machine::MachineProfile& m_machine;
  const symbolic::Bindings& m_values;
  const EstimateOptions& m_options;
  std::vector<CacheStatement> m_cache; // the statements as the cache model sees them
  std::vector<std::string> m_fetched; // reads already fetched, as fetchKey()
  std::vector<const program::Statement*> m_statements;
  symbolic::Bindings m_formulaValues; // m_values and the PARAMETER constants the closed forms keep symbolic
  Estimate m_e;
  std::vector<double> m_ctPerProc;
  std::set<int> m_measured; // lines whose branch probability a profile run measured
  EstimateResult m_problems; // errors and missing values; never holds an estimate
};

} // namespace

EstimateResult estimateNest(const program::Unit& unit, const program::Loop& nest, const mapping::Mapping& mapping,
                            const machine::MachineProfile& machine, const symbolic::Bindings& values,
                            const EstimateOptions& options)
{
  return NestEstimator(unit, nest, mapping, machine, values, options).run();
}

} // namespace ps::estimate

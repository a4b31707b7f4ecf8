#include "estimate/unit-estimator.h"

#include "estimate/compiled-estimate.h"
#include "estimate/redistribution.h"

#include "estimate/array-statements.h"
#include "estimate/guard-fold.h"
#include "estimate/iteration-space.h"
#include "estimate/mapping-assumptions.h"
#include "estimate/saturating-count.h"
#include "estimate/work-distribution.h"
#include "mapping/mapping-builder.h"
#include "support/cancellation.h"
#include "support/text.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace ps::estimate {
namespace {

using program::Statement;
using program::Unit;

/// The mapping of an actual array argument as its dummy sees it.
struct ActualArray {
  std::string actual;                         // the caller's array
  std::optional<mapping::TemplateDistribution> templ; // nullopt: replicated
  mapping::ArrayMapping array;
  mapping::ProcessorsArrangement procs;
  std::string layout;                         // layoutKey() in the caller's mapping
  int elementBytes = 0;
  std::vector<std::pair<std::int64_t, std::int64_t>> bounds; // per dimension; empty when one is unknown

  /// The size of the actual, 0 when unknown.
  std::int64_t bytes() const
  {
    std::int64_t b = bounds.empty() ? 0 : elementBytes;
    for (const auto& [lo, hi] : bounds)
      b *= std::max<std::int64_t>(hi - lo + 1, 0);
    return b;
  }
};

/// One activation of a unit: the values of its names, the processors and
/// the mappings its dummy arrays receive (HPF INHERIT).
struct Frame {
  const Unit* unit = nullptr;
  symbolic::Bindings values;
  std::optional<mapping::ProcessorsArrangement> procs; // nullopt: the unit's own directives
  std::map<std::string, ActualArray> actuals;           // dummy -> actual array
  std::vector<std::string> stack;                      // units being estimated, outermost first
};

/// The estimate of one execution of a unit under construction.
struct Accumulator {
  Estimate e;
  std::vector<StatementWork> terms; // Def. 3.3: statements and calls with freq and wd
};

std::int64_t scaled(std::int64_t value, double factor)
{
  return saturatingScale(value, factor);
}

void addNote(Estimate& e, std::string text)
{
  if (std::find(e.notes.begin(), e.notes.end(), text) == e.notes.end())
    e.notes.push_back(std::move(text));
}

/// How element (i1, ...) of an array is placed, as text: two mappings with
/// the same key own every element alike.
std::string layoutKey(const mapping::Mapping& m, const std::string& array)
{
  const auto* a = m.array(array);
  if (!a)
    return "replicated";
  const auto& t = m.templates[a->templateIndex];
  std::string key = m.procs.str();
  for (std::size_t d = 0; d < t.dims.size(); ++d) {
    const auto& x = a->axes[d];
    key += "|" + std::to_string(t.procDim[d]) + t.dims[d].format().str() + ":" + std::to_string(t.dims[d].lower()) +
           ":" + std::to_string(t.dims[d].upper()) + ":" + std::to_string(static_cast<int>(x.kind)) + ":" +
           std::to_string(x.arrayDim) + ":" + std::to_string(x.stride) + ":" + std::to_string(x.offset);
  }
  return key;
}

bool distributesAny(const mapping::Mapping& m)
{
  return std::any_of(m.arrays.begin(), m.arrays.end(), [](const auto& a) { return a.second.templateIndex >= 0; });
}

/// Adds `from` times `factor` to `into`: per-processor vectors (processor
/// order; a shorter vector adds to the first processors), records and
/// totals scaled (a record's reference followed by `via`), notes prefixed
/// with `where`.
void accumulate(Estimate& into, const Estimate& from, double factor, const std::string& where, const std::string& via)
{
  const auto grow = [](auto& v, std::size_t n) { v.resize(std::max(v.size(), n)); };
  grow(into.workPerProc, from.workPerProc.size());
  grow(into.ctPerProc, from.ctPerProc.size());
  grow(into.comm.messagesPerProc, from.comm.messagesPerProc.size());
  grow(into.comm.bytesPerProc, from.comm.bytesPerProc.size());
  grow(into.cmPerProc, from.cmPerProc.size());
  for (std::size_t p = 0; p < from.workPerProc.size(); ++p)
    into.workPerProc[p] += factor * from.workPerProc[p];
  for (std::size_t p = 0; p < from.ctPerProc.size(); ++p)
    into.ctPerProc[p] += factor * from.ctPerProc[p];
  for (std::size_t p = 0; p < from.cmPerProc.size(); ++p)
    into.cmPerProc[p] += factor * from.cmPerProc[p];
  into.cm += factor * from.cm; // P3T+ Def. 3.11: the parts' cmL (Def. 3.10: freq times the mean), added
  for (std::size_t p = 0; p < from.comm.messagesPerProc.size(); ++p) {
    into.comm.messagesPerProc[p] = saturatingAdd(into.comm.messagesPerProc[p], scaled(from.comm.messagesPerProc[p], factor));
    into.comm.bytesPerProc[p] = saturatingAdd(into.comm.bytesPerProc[p], scaled(from.comm.bytesPerProc[p], factor));
  }
  for (auto r : from.comm.records) {
    r.instances = scaled(r.instances, factor);
    r.messages = scaled(r.messages, factor);
    r.bytes = scaled(r.bytes, factor);
    r.time *= factor;
    r.reference += via;
    into.comm.records.push_back(std::move(r));
  }
  into.nt = saturatingAdd(into.nt, scaled(from.nt, factor));
  into.tdBytes = saturatingAdd(into.tdBytes, scaled(from.tdBytes, factor));
  into.tt += factor * from.tt;
  for (const auto& n : from.notes)
    addNote(into, where + n);
}

/// The value a loop's variable takes at its middle iteration.
std::int64_t middleOf(const symbolic::LoopRange& range)
{
  return range.first + range.step * std::max<std::int64_t>(range.count - 1, 0) / 2;
}

/// CT, NT, TD, TT and the extremes from the per-processor vectors and the
/// records (for parts built here, not by estimateNest).
void sumRecords(Estimate& e)
{
  e.nt = e.tdBytes = 0;
  e.tt = 0;
  for (const auto& r : e.comm.records) {
    e.nt = saturatingAdd(e.nt, r.messages);
    e.tdBytes = saturatingAdd(e.tdBytes, r.bytes);
    e.tt += r.time;
  }
}

void finishTotals(Estimate& e)
{
  const auto maxOf = [](const auto& v) { return v.empty() ? 0 : *std::max_element(v.begin(), v.end()); };
  e.workMax = maxOf(e.workPerProc);
  e.workMin = e.workPerProc.empty() ? 0 : *std::min_element(e.workPerProc.begin(), e.workPerProc.end());
  e.ct = maxOf(e.ctPerProc);
  e.cmMax = maxOf(e.cmPerProc);
  e.ntMaxPerProc = maxOf(e.comm.messagesPerProc);
  e.time = e.ct + e.tt;
  if (const auto beyond = saturationNote(e.nt, e.tdBytes); !beyond.empty())
    addNote(e, beyond);
}

Estimate emptyEstimate(const mapping::Mapping& m)
{
  Estimate e;
  const auto procs = static_cast<std::size_t>(m.procs.count());
  e.processors = m.procs.count();
  e.arrangement = m.procs.str();
  e.workPerProc.assign(procs, 0.0);
  e.ctPerProc.assign(procs, 0.0);
  e.comm.messagesPerProc.assign(procs, 0);
  e.comm.bytesPerProc.assign(procs, 0);
  return e;
}

/// The processors owning an element (owner coordinates, -1 = every one).
std::vector<bool> ownersOf(const mapping::Mapping& m, const mapping::ArrayMapping& a,
                           const std::vector<std::int64_t>& index)
{
  std::vector<std::int64_t> coords(static_cast<std::size_t>(m.procs.rank()));
  m.ownerCoords(a, index.data(), coords.data());
  std::vector<bool> owns(static_cast<std::size_t>(m.procs.count()), true);
  for (std::int64_t p = 0; p < m.procs.count(); ++p) {
    const auto c = m.procs.coordinates(p);
    for (std::size_t d = 0; d < coords.size(); ++d)
      if (coords[d] >= 0 && c[d] != coords[d])
        owns[p] = false;
  }
  return owns;
}

std::string partPrefix(const EstimatePart& p)
{
  const auto line = std::to_string(p.line);
  switch (p.kind) {
  case EstimatePart::Kind::Loop: return "Loop at line " + line + ": ";
  case EstimatePart::Kind::Statements: return "Statements at line " + line + ": ";
  case EstimatePart::Kind::Call: return "CALL '" + p.callee + "' at line " + line + ": ";
  }
  return "";
}

/// The part's own parameters: `from` (one execution) times its frequency.
EstimatePart summarize(EstimatePart part, const Estimate& from, double factor)
{
  part.ct = factor * from.ct;
  part.tt = factor * from.tt;
  part.time = part.ct + part.tt;
  part.nt = scaled(from.nt, factor);
  part.tdBytes = scaled(from.tdBytes, factor);
  part.cm = factor * from.cm;
  return part;
}

class UnitEstimator {
public:
  UnitEstimator(const program::ProgramModel& model, const std::optional<mapping::DistSpec>& spec,
                const machine::MachineProfile& machine, const symbolic::Bindings& values, const EstimateOptions& options)
    : m_model(model), m_spec(spec), m_machine(machine), m_values(values), m_options(options)
  {
  }

  EstimateResult run(const Unit& unit, const std::optional<mapping::ProcessorsArrangement>& procs)
  {
    Frame top{&unit, m_values, procs, {}, {unit.name}};
    auto e = estimate(top);
    if (!m_problems.errors.empty())
      return std::move(m_problems);
    return {std::move(e), {}, {}};
  }

private:
  template <typename Result>
  void collect(const Result& r)
  {
    for (const auto& e : r.errors)
      if (std::find(m_problems.errors.begin(), m_problems.errors.end(), e) == m_problems.errors.end())
        m_problems.errors.push_back(e);
    symbolic::addMissing(m_problems.missing, r.missing);
  }

  void problem(const symbolic::EvaluationError& error, Estimate& e, const std::string& fallback)
  {
    if (!error.missingValues())
      return addNote(e, error.message + "; " + fallback);
    symbolic::addMissing(m_problems.missing, error.missing);
    if (std::find(m_problems.errors.begin(), m_problems.errors.end(), error.message) == m_problems.errors.end())
      m_problems.errors.push_back(error.message);
  }

  /// A GO TO is not followed: what it jumps over counts as executed, and a
  /// loop written with one (IF (ERR > TOL) GO TO 100) runs its body once.
  void noteJumps(const Unit& unit, Estimate& e)
  {
    if (unit.gotoLines.empty())
      return;
    std::vector<std::string> lines;
    for (int line : unit.gotoLines)
      lines.push_back(std::to_string(line));
    addNote(e, std::string(lines.size() == 1 ? "The GO TO at line " : "The GO TOs at lines ") + joinWithAnd(lines) +
                 " of '" + unit.name + "' " + (lines.size() == 1 ? "is" : "are") +
                 " not followed: what " + (lines.size() == 1 ? "it jumps" : "they jump") +
                 " over is counted as if executed, and a loop written with GO TO runs its body once (write it as "
                 "a DO loop to have its iterations counted)");
  }

  /// The code left out because the unit's top never reaches it
  /// (Unit::unreachable), and the ENTRY points it runs from.
  static void noteUnreachable(const Unit& unit, Estimate& e)
  {
    for (const auto& dead : unit.unreachable) {
      auto lines = program::linesOf(dead);
      lines[0] = 'L';
      std::string entries;
      if (!dead.entries.empty())
        entries = "; " + std::string(dead.entries.size() == 1 ? "they run from ENTRY " : "they run from ENTRYs ") +
                  joinWithAnd(dead.entries) + ", which is not estimated as a unit of its own";
      addNote(e, lines + " of '" + unit.name + "' " + (dead.firstLine == dead.lastLine ? "follows" : "follow") +
                     " the " + dead.after + " at line " +
                     std::to_string(dead.afterLine) + " and no label leads to them: never executed from the top of '" +
                     unit.name + "', left out" + entries);
    }
  }

  /// One execution of the frame's unit: its parts in source order.
  Estimate estimate(const Frame& f)
  {
    Accumulator acc;
    if (auto m = mappingAt(f, f.unit->line))
      acc.e = emptyEstimate(*m);
    std::vector<const Statement*> run; // statements outside loops, not yet added
    for (const auto& item : items(*f.unit)) {
      if (item.statement && item.statement->kind != program::StatementKind::Call) {
        run.push_back(item.statement);
        continue;
      }
      flushStatements(f, run, acc);
      if (item.loop && !m_spec && remapsInside(*f.unit, *item.loop)) // a given distribution replaces them
        addLoopByParts(f, *item.loop, 1.0, acc);
      else if (item.loop)
        addNest(f, *item.loop, acc);
      else
        addCall(f, *item.statement, acc);
    }
    flushStatements(f, run, acc);
    noteRemappings(*f.unit, m_spec.has_value(), acc.e);
    noteFunctionReferences(*f.unit, acc.e);
    noteJumps(*f.unit, acc.e);
    noteUnreachable(*f.unit, acc.e);
    acc.e.statements = acc.terms;
    acc.e.wd = loopGoodness(acc.terms);
    finishTotals(acc.e);
    return std::move(acc.e);
  }

  /// The parts after a REDISTRIBUTE or REALIGN are estimated under the
  /// mapping it sets (mappingAt), but the data it moves is not charged:
  /// say so (DDT's remapping costs, Suggest Distribution, price them). A
  /// distribution given by the user (`given`) replaces the directives, this
  /// one too: then say that instead.
  static void noteRemappings(const Unit& unit, bool given, Estimate& e)
  {
    for (std::size_t i = 0; i < unit.directives.size() && i < unit.directiveLines.size(); ++i) {
      const auto kind = unit.directives[i].kind;
      if (kind != fortran::DirectiveKind::Redistribute && kind != fortran::DirectiveKind::Realign)
        continue;
      const auto what = std::string("The ") + (kind == fortran::DirectiveKind::Redistribute ? "REDISTRIBUTE" : "REALIGN") +
                        " at line " + std::to_string(unit.directiveLines[i]) + " in '" + unit.name + "'";
      addNote(e, what + (given ? " is left out: the distribution given replaces the source's directives, in every "
                                 "part"
                               : " is not charged: the parts after it are estimated under the mapping it sets, but "
                                 "the data it moves is not (Suggest Distribution prices remappings)"));
    }
  }

  /// A reference to a FUNCTION of the program inside an expression
  /// (RHO = DDOT2(NX, NY, R, R)) is one operation, not the callee's
  /// estimate: say so once per function and line.
  void noteFunctionReferences(const Unit& unit, Estimate& e) const
  {
    std::map<std::string, std::vector<int>> lines; // function -> the lines that reference it
    std::set<std::string> assigned;                // local variables, whatever their names
    for (const auto& st : unit.statements)
      assigned.insert(st.scalarTarget);
    for (const auto& st : unit.statements) {
      if (st.kind == program::StatementKind::Call || st.kind == program::StatementKind::Io)
        continue;
      for (const auto& name : namesIn(st.text)) {
        const auto* callee = name == unit.name || assigned.count(name) ? nullptr : unitNamed(name);
        auto& at = lines[name];
        if (callee && callee->kind == fortran::UnitKind::Function && (at.empty() || at.back() != st.line))
          at.push_back(st.line);
      }
    }
    for (const auto& [name, at] : lines) {
      if (at.empty())
        continue;
      std::string list;
      for (const int line : at)
        list += (list.empty() ? "" : ", ") + std::to_string(line);
      addNote(e, "Function '" + name + "' referenced at line" + (at.size() > 1 ? "s " : " ") + list + " in '" +
                     unit.name + "' is not estimated: each reference counts as one operation, the function's work and "
                     "messages are left out, and array arguments passed to it are charged as fetched whole (estimate "
                     "it with --unit " + name + ")");
    }
  }

  struct Item {
    int line = 0;
    const program::Loop* loop = nullptr;
    const Statement* statement = nullptr;
  };

  /// Top-level loop nests, statements outside loops and every CALL, by
  /// line, without those no path from the unit's top reaches.
  static std::vector<Item> items(const Unit& unit)
  {
    std::vector<Item> out;
    for (const auto& l : unit.loops)
      if (l.depth == 0 && !unit.unreachableAt(l.line))
        out.push_back({l.line, &l, nullptr});
    for (const auto& s : unit.statements)
      if ((s.loops.empty() || s.kind == program::StatementKind::Call) && !unit.unreachableAt(s.line))
        out.push_back({s.line, nullptr, &s});
    std::stable_sort(out.begin(), out.end(), [](const Item& a, const Item& b) { return a.line < b.line; });
    return out;
  }

  /// Adds a part to the unit: its parameters times `factor`, its notes
  /// prefixed with the part.
  void addPart(Accumulator& acc, const EstimatePart& part, const Estimate& from, double factor)
  {
    if (!acc.e.workPerProc.empty() && !from.workPerProc.empty() &&
        acc.e.workPerProc.size() != from.workPerProc.size())
      addNote(acc.e, partPrefix(part) + "runs on " + from.arrangement + " processors, the unit on " +
                         acc.e.arrangement + "; per-processor values are added in processor order");
    if (from.processors > acc.e.processors) {
      acc.e.processors = from.processors;
      acc.e.arrangement = from.arrangement;
    }
    const bool call = part.kind == EstimatePart::Kind::Call;
    const auto via = call ? " via CALL '" + part.callee + "' at line " + std::to_string(part.line) : std::string();
    accumulate(acc.e, from, factor, partPrefix(part), via);
    acc.e.parts.push_back(summarize(part, from, factor));
  }

  // ---- mappings ------------------------------------------------------------

  /// The variant's spec restricted to the arrays `f`'s unit declares and does
  /// not receive from its caller (those inherit the actual's mapping).
  mapping::DistSpec specFor(const Frame& f) const
  {
    mapping::DistSpec s{m_spec->text, {}};
    for (const auto& g : m_spec->groups) {
      mapping::DistSpecGroup kept{{}, g.formats, g.replicated};
      for (const auto& a : g.arrays) {
        const auto* sym = f.unit->symbol(a);
        if (sym && sym->isArray() && !f.actuals.count(a))
          kept.arrays.push_back(a);
      }
      if (!kept.arrays.empty())
        s.groups.push_back(std::move(kept));
    }
    return s;
  }

  /// The mapping in force at `line` of `f`'s unit: the variant's spec or the
  /// directives there (REDISTRIBUTE / REALIGN above `line`), plus the
  /// mappings the dummy arrays without their own directive inherit.
  std::optional<mapping::Mapping> mappingAt(const Frame& f, int line)
  {
    const auto procs = f.procs.value_or(mapping::ProcessorsArrangement{});
    auto r = m_spec ? mapping::mappingFromSpec(specFor(f), *f.unit, f.values, procs)
                    : mapping::mappingFromDirectives(*f.unit, f.values, f.procs, line);
    if (!r.mapping) {
      collect(r);
      return std::nullopt;
    }
    for (const auto& [dummy, actual] : f.actuals)
      inherit(*r.mapping, dummy, actual);
    if (m_spec) // a group naming a dummy that receives an array was left out by specFor: say so
      for (const auto& g : m_spec->groups)
        for (const auto& a : g.arrays)
          if (const auto it = f.actuals.find(a); it != f.actuals.end())
            r.mapping->notes.push_back("The distribution given for '" + a + "' does not apply in '" + f.unit->name +
                                       "': there '" + a + "' is a dummy that takes the mapping of its actual '" +
                                       it->second.actual + "' (HPF inherit)");
    return std::move(r.mapping);
  }

  /// HPF INHERIT: the dummy is mapped as the actual was in the caller.
  static void inherit(mapping::Mapping& m, const std::string& dummy, const ActualArray& actual)
  {
    if (!actual.templ || m.array(dummy))
      return; // a replicated actual, or a dummy with its own (prescriptive) mapping
    if (m.procs.shape != actual.procs.shape) {
      if (distributesAny(m)) {
        m.notes.push_back("Dummy '" + dummy + "' inherits a mapping onto " + actual.procs.str() +
                          " processors, but its procedure arranges them as " + m.procs.str() +
                          "; it is treated as replicated");
        return;
      }
      m.procs = actual.procs;
    }
    std::erase_if(m.notes, [&](const std::string& n) { // an INHERIT dummy estimated alone
      return n.starts_with("Dummy '" + dummy + "' takes its mapping from the caller");
    });
    m.templates.push_back(*actual.templ);
    auto a = actual.array;
    a.array = dummy;
    a.templateIndex = static_cast<int>(m.templates.size()) - 1;
    m.arrays[dummy] = std::move(a);
  }

  // ---- parts ---------------------------------------------------------------

  void addNest(const Frame& f, const program::Loop& loop, Accumulator& acc)
  {
    auto m = mappingAt(f, loop.line);
    if (!m)
      return;
    auto r = estimateNest(*f.unit, loop, *m, m_machine, f.values, m_options);
    if (!r.estimate)
      return collect(r);
    if (!m_spec) // say what the directives left to a guess, as a single nest's estimate does
      for (const auto& a : directiveAssumptions(*f.unit, loop, &*m))
        addNote(*r.estimate, a.note);
    auto& notes = r.estimate->notes; // CALLs are parts of their own here
    std::erase_if(notes, [](const std::string& n) {
      return n.rfind("CALL '", 0) == 0 && n.ends_with(kCallLeftOut);
    });
    acc.terms.insert(acc.terms.end(), r.estimate->statements.begin(), r.estimate->statements.end());
    addPart(acc, {EstimatePart::Kind::Loop, loop.line, "", 1.0}, *r.estimate, 1.0);
  }

  /// Whether a REDISTRIBUTE or REALIGN stands inside `loop` (between its DO
  /// and its end): the nests after it run under another mapping.
  static bool remapsInside(const Unit& unit, const program::Loop& loop)
  {
    for (std::size_t i = 0; i < unit.directives.size() && i < unit.directiveLines.size(); ++i) {
      const auto kind = unit.directives[i].kind;
      if ((kind == fortran::DirectiveKind::Redistribute || kind == fortran::DirectiveKind::Realign) &&
          unit.directiveLines[i] > loop.line && unit.directiveLines[i] <= loop.endLine)
        return true;
    }
    return false;
  }

  /// A loop with a REDISTRIBUTE or REALIGN in its body (ADI's DO IT around
  /// REDISTRIBUTE U(BLOCK,*), the row sweep, REDISTRIBUTE U(*,BLOCK), the
  /// column sweep) is no nest of one mapping: each loop of its body is
  /// estimated under the mapping in force at its line (mappingAt), times
  /// the loop's trips, a loop with a remapping in its own body split the
  /// same way. The loop's variable is bound to its middle iteration for
  /// the loops inside (their bounds may use it). Each inner nest fetches
  /// what it reads once per trip: a read of an array the loop never
  /// writes, fetched once before the loop in a nest of one mapping, is
  /// counted every trip (a note says so).
  void addLoopByParts(const Frame& f, const program::Loop& loop, double factor, Accumulator& acc)
  {
    symbolic::EvaluationError error;
    const auto range = symbolic::loopRangeFor(loop.lower, loop.upper, loop.step, f.values,
                                              "the loop at line " + std::to_string(loop.line), &error);
    if (!range) {
      problem(error, acc.e, "the loop at line " + std::to_string(loop.line) + " is not estimated");
      return;
    }
    Frame inner = f;
    inner.values[loop.variable] = middleOf(*range);
    const double trips = factor * static_cast<double>(range->count);
    addNote(acc.e, "The loop at line " + std::to_string(loop.line) + " has a REDISTRIBUTE or REALIGN in its body: each "
                   "loop inside it is estimated under the mapping in force at its line, times " +
                   formatNumber(trips) + " trips, and fetches what it reads on every trip");
    for (const int id : loop.children) {
      const auto& child = f.unit->loops[static_cast<std::size_t>(id)];
      if (f.unit->unreachableAt(child.line))
        continue;
      if (!m_spec && remapsInside(*f.unit, child)) {
        addLoopByParts(inner, child, trips, acc);
        continue;
      }
      auto m = mappingAt(inner, child.line);
      auto r = m ? estimateNest(*f.unit, child, *m, m_machine, inner.values, m_options) : EstimateResult{};
      if (!r.estimate) {
        collect(r);
        continue;
      }
      acc.terms.insert(acc.terms.end(), r.estimate->statements.begin(), r.estimate->statements.end());
      addPart(acc, {EstimatePart::Kind::Loop, child.line, "", trips}, *r.estimate, trips);
    }
    for (const auto& st : f.unit->statements)
      if (!st.loops.empty() && st.loops.back() == loop.id && st.kind != program::StatementKind::Call &&
          st.kind != program::StatementKind::Io && !f.unit->unreachableAt(st.line)) {
        addNote(acc.e, "The statement at line " + std::to_string(st.line) + " in the loop at line " +
                           std::to_string(loop.line) + " is outside the loops of its body: it is not estimated");
        break;
      }
  }

  void flushStatements(const Frame& f, std::vector<const Statement*>& run, Accumulator& acc)
  {
    if (run.empty())
      return;
    EstimatePart part{EstimatePart::Kind::Statements, run.front()->line, "", 0.0};
    if (auto m = mappingAt(f, run.front()->line)) {
      auto e = emptyEstimate(*m);
      for (const auto* st : run) {
        part.frequency += st->probability;
        statementOutsideLoops(f, *st, *m, e, acc.terms);
      }
      sumRecords(e);
      finishTotals(e);
      addPart(acc, part, e, 1.0);
    }
    run.clear();
  }

  /// The index of an element referenced outside loops, or nullopt (a note,
  /// or a missing value) when a subscript has no value.
  std::optional<std::vector<std::int64_t>> elementIndex(const Frame& f, const program::ArrayReference& ref,
                                                        Estimate& e)
  {
    std::vector<std::int64_t> index;
    const auto where = "'" + ref.text() + "' at line " + std::to_string(ref.line);
    if (ref.subscripts.empty() || !ref.allAffine()) {
      addNote(e, "The reference " + where + " is not an element with affine subscripts; it is not estimated");
      return std::nullopt;
    }
    for (const auto& s : ref.subscripts) {
      symbolic::EvaluationError error;
      auto v = symbolic::evaluateFor(s.affine.constant, f.values, "the subscript of " + where, &error);
      if (!v) {
        problem(error, e, "it is not estimated");
        return std::nullopt;
      }
      index.push_back(*v);
    }
    return index;
  }

  /// Which processors execute `st`: the owners of the element it assigns,
  /// every processor for a scalar, a replicated array or a condition.
  std::vector<bool> executors(const Frame& f, const Statement& st, const mapping::Mapping& m, Estimate& e)
  {
    const auto* w = st.write();
    const auto* a = w ? m.array(w->array) : nullptr;
    if (a) {
      if (auto index = elementIndex(f, *w, e))
        return ownersOf(m, *a, *index);
    }
    return std::vector<bool>(static_cast<std::size_t>(m.procs.count()), true);
  }

  /// A = B + C outside loops over whole arrays mapped alike (`target`, A's
  /// reference, from elementwiseArrayAssignment): each processor assigns
  /// the elements it owns, once; other whole-array assignments (`target`
  /// nullptr) are not estimated (a note).
  void wholeArrayOutsideLoops(const Frame& f, const Statement& st, const program::ArrayReference* target,
                              const mapping::Mapping& m, Estimate& e, std::vector<StatementWork>& terms)
  {
    const auto at = " at line " + std::to_string(st.line);
    const auto owned = target ? ownedElements(*f.unit, m, f.values, *target) : std::nullopt;
    if (!owned)
      return addNote(e, "Whole-array assignment" + at +
                          " is not estimated (only elementwise ones of arrays mapped alike, with known extents, are)");
    const double cost = m_machine.ops.time(st.ops);
    StatementWork work;
    work.statementId = st.id;
    work.line = st.line;
    work.cost = cost;
    work.probability = st.probability;
    work.formulaWhy = elementwiseWhy(st, target->array);
    for (std::size_t p = 0; p < owned->size(); ++p) {
      const double w = (*owned)[p] * st.probability;
      work.work.push_back(w);
      e.workPerProc[p] += w;
      e.ctPerProc[p] += w * cost;
    }
    // the array's elements once (a replicated dimension's copies are not more executions)
    work.frequency = st.probability * static_cast<double>(elementCount(*f.unit, f.values, *target).value_or(0));
    work.wd = workDistributionGoodness(work.work);
    terms.push_back(std::move(work));
  }

  /// Statement S outside loops: freq(S) = its branch probability; work and
  /// CT on the processors that execute it; its non-local reads.
  void statementOutsideLoops(const Frame& f, const Statement& st, const mapping::Mapping& m, Estimate& e,
                             std::vector<StatementWork>& terms)
  {
    const auto at = " at line " + std::to_string(st.line);
    if (st.kind == program::StatementKind::Io)
      return addNote(e, "I/O statement" + at + " is not estimated");
    if (const auto* target = elementwiseTarget(st, *f.unit, m); target || st.wholeArray) // X = 0, X(:,:) = 0, WHERE
      return wholeArrayOutsideLoops(f, st, target, m, e, terms);
    const auto exec = executors(f, st, m, e);
    const double cost = m_machine.ops.time(st.ops);
    StatementWork work;
    work.statementId = st.id;
    work.line = st.line;
    work.work.assign(exec.size(), 0.0);
    work.frequency = st.probability;
    work.replicated = true;
    work.formulaWhy = "a statement outside loops, executed once";
    for (std::size_t p = 0; p < exec.size(); ++p) {
      if (!exec[p])
        continue;
      work.work[p] = st.probability;
      e.workPerProc[p] += st.probability;
      e.ctPerProc[p] += st.probability * cost;
    }
    work.replicated = std::all_of(exec.begin(), exec.end(), [](bool b) { return b; });
    work.wd = workDistributionGoodness(work.work);
    terms.push_back(std::move(work));
    std::set<std::string> seen;
    for (const auto& ref : st.refs)
      if (!ref.isWrite && m.array(ref.array) && seen.insert(ref.text()).second)
        readElement(f, st, ref, m, exec, e);
  }

  /// Every executing processor that does not own the element receives it
  /// from its first owner: a tree broadcast when every processor executes,
  /// else copies sent one after the other. Source: P3T+, Def. 3.4.
  void readElement(const Frame& f, const Statement& st, const program::ArrayReference& ref,
                   const mapping::Mapping& m, const std::vector<bool>& exec, Estimate& e)
  {
    auto index = elementIndex(f, ref, e);
    if (!index)
      return;
    const auto owns = ownersOf(m, *m.array(ref.array), *index);
    const auto sender = std::find(owns.begin(), owns.end(), true) - owns.begin();
    const auto* sym = f.unit->symbol(ref.array);
    const std::int64_t bytes = sym ? sym->elementBytes : 8;
    CommRecord r{ref.array, ref.text(), "copy", st.line, 0, 1, 0, 0, 0, {}};
    for (std::int64_t p = 0; p < m.procs.count(); ++p) {
      if (!exec[p] || owns[p])
        continue;
      ++r.messages;
      r.bytes += bytes;
      r.time += m_machine.transferTime("copy", static_cast<double>(bytes), m_machine.hops(sender, p, m.procs.count()),
                                       m.procs.count());
      ++e.comm.messagesPerProc[p];
      e.comm.bytesPerProc[p] += bytes;
    }
    if (r.messages == 0)
      return;
    if (std::all_of(exec.begin(), exec.end(), [](bool b) { return b; })) {
      r.pattern = "broadcast";
      r.time = m_machine.collectiveTime("broadcast", static_cast<double>(bytes),
                                        std::ceil(std::log2(static_cast<double>(r.messages) + 1.0)), m.procs.count());
    }
    e.comm.records.push_back(std::move(r));
  }

  // ---- calls ---------------------------------------------------------------

  const Unit* unitNamed(const std::string& name) const { return m_model.procedure(name); }

  void addCall(const Frame& f, const Statement& st, Accumulator& acc)
  {
    EstimatePart part{EstimatePart::Kind::Call, st.line, st.callee, 0.0};
    const auto at = " at line " + std::to_string(st.line);
    const auto freq = frequency(f, st, acc.e);
    part.frequency = freq.value_or(0.0);
    const auto* callee = unitNamed(st.callee);
    const bool recursive = callee && std::find(f.stack.begin(), f.stack.end(), callee->name) != f.stack.end();
    if (!callee)
      addNote(acc.e, "CALL '" + st.callee + "'" + at + " is not estimated: '" + st.callee +
                         "' is not a procedure of this file" + assumedWrites(f, st));
    else if (recursive)
      addNote(acc.e, "Recursive call to '" + st.callee + "'" + at + " is not estimated");
    auto m = callee && !recursive ? mappingAt(f, st.line) : std::nullopt;
    if (!m) {
      acc.e.parts.push_back(part);
      return;
    }
    auto e = freq ? sampledCall(f, st, *callee, *m, *freq) : std::nullopt; // every call's
    const double factor = e ? 1.0 : part.frequency;
    if (!e) { // the callee's estimate at the loops' middle iteration, times the frequency
      const auto g = calleeFrame(f, st, *callee, *m, acc.e);
      e = estimate(g); // also when freq failed: the callee's missing values join the answer
      chargeRemappings(g, st, *e);
    }
    StatementWork call;
    call.statementId = st.id;
    call.line = st.line;
    call.frequency = part.frequency;
    call.wd = e->wd;
    call.formulaWhy = "a CALL: the callee's estimate times the call's frequency";
    acc.terms.push_back(std::move(call));
    addPart(acc, part, *e, factor);
  }

  /// For a CALL of a procedure the file does not have, inside loops: what
  /// the dependences assume of its array arguments (CallArgument::written),
  /// as the end of a note; "" otherwise.
  static std::string assumedWrites(const Frame& f, const Statement& st)
  {
    std::vector<std::string> arrays;
    for (const auto& a : st.arguments) {
      const auto& name = a.reference >= 0 ? st.refs[static_cast<std::size_t>(a.reference)].array : a.name;
      const auto* sym = name.empty() ? nullptr : f.unit->symbol(name);
      if (a.written && sym && sym->isArray() && std::find(arrays.begin(), arrays.end(), name) == arrays.end())
        arrays.push_back(name);
    }
    if (st.loops.empty() || arrays.empty())
      return "";
    return "; it is taken to assign " + joinWithAnd(arrays) + " (passed to it), so the loops around it fetch " +
           (arrays.size() == 1 ? "that array" : "those arrays") + " after it, not once before them";
  }

  /// The variables of the CALL's loops that its arguments use (a value, or
  /// a subscript of an element or section actual).
  static std::set<std::string> varyingVariables(const Frame& f, const Statement& st)
  {
    std::set<std::string> used, out;
    for (const auto& arg : st.arguments) {
      if (arg.value)
        for (const auto& name : arg.value->symbols())
          used.insert(name);
      if (arg.reference >= 0)
        for (const auto& sub : st.refs[static_cast<std::size_t>(arg.reference)].subscripts)
          for (const auto& [name, c] : sub.affine.coefficients)
            used.insert(name);
    }
    for (const int id : st.loops)
      if (used.count(f.unit->loops[static_cast<std::size_t>(id)].variable))
        out.insert(f.unit->loops[static_cast<std::size_t>(id)].variable);
    return out;
  }

  /// The estimate of all `frequency` calls of `st` where its arguments
  /// follow its loops (LINPACK's CALL SAXPY(N-K, T, A(K+1,K), 1, A(K+1,J), 1)
  /// in DO K / DO J: each column's owner does its own calls, where the
  /// middle iteration put every call on one processor): the callee
  /// estimated at every iteration, or at one of each kCallSamples equal
  /// strata of them (placed by the golden ratio inside its stratum, so the
  /// samples do not alias with a CYCLIC period), each standing for its
  /// stratum (NT and TD rounded per sample). nullopt where the arguments follow no loop, or the loops
  /// outside the innermost have more than kWalkedRows iterations, or the
  /// loops have no values (the middle iteration then, with a note).
  std::optional<Estimate> sampledCall(const Frame& f, const Statement& st, const Unit& callee, const mapping::Mapping& m,
                                      double frequency)
  {
    constexpr std::int64_t kCallSamples = 1024;
    constexpr std::int64_t kWalkedRows = 4'000'000; // iterations of the loops outside the innermost, walked
    if (st.loops.empty() || varyingVariables(f, st).empty())
      return std::nullopt;
    symbolic::EvaluationError error;
    const auto space = IterationSpace::build(*f.unit, st.loops.front(), st, f.values, &error);
    const int inner = space ? space->depth() - 1 : 0;
    const auto total = space ? space->size() : 0;
    if (total <= 0 || total == std::numeric_limits<std::int64_t>::max() || space->outer(inner).size() > kWalkedRows)
      return std::nullopt;
    const auto samples = std::min(total, kCallSamples);
    auto sum = emptyEstimate(m);
    std::int64_t index = 0, taken = 0, next = 0; // index: the calls before this row
    std::vector<std::int64_t> values(static_cast<std::size_t>(space->depth()), 0);
    const auto call = [&](const std::vector<std::int64_t>& v) {
      Frame at = f;
      for (int k = 0; k < space->depth(); ++k)
        at.values[f.unit->loops[static_cast<std::size_t>(space->levels()[static_cast<std::size_t>(k)].loopId)].variable] =
          v[static_cast<std::size_t>(k)];
      const auto g = calleeFrame(at, st, callee, m, sum); // its loops bound: no middle iteration taken
      auto e = estimate(g);
      chargeRemappings(g, st, e);
      accumulate(sum, e, frequency / static_cast<double>(samples), "", "");
      // one call per stratum of total/samples calls, at a place that moves round the stratum by the
      // golden ratio: evenly spaced samples alias with a CYCLIC owner's period (J mod P the same at each)
      const double place = std::fmod(static_cast<double>(++taken) * 0.6180339887498949, 1.0);
      next = std::min(total - 1, static_cast<std::int64_t>((static_cast<double>(taken) + place) *
                                                           static_cast<double>(total) / static_cast<double>(samples)));
    };
    // the rows (outer iterations) are walked, the innermost loop's calls reached by arithmetic: LINPACK's
    // LU at n = 10^5 has 5*10^9 calls in 10^5 rows
    space->walk(0, inner, values, [&](std::vector<std::int64_t>& v) {
      std::int64_t first = 0, last = 0;
      if (!space->range(inner, v, &first, &last))
        return;
      const auto step = space->levels()[static_cast<std::size_t>(inner)].step;
      const auto trips = tripCount(first, last, step);
      while (taken < samples && next < index + trips) {
        v[static_cast<std::size_t>(inner)] = first + (next - index) * step;
        call(v);
      }
      index += trips;
    });
    mergeRecords(sum);
    finishTotals(sum);
    sum.wd = workDistributionGoodness(sum.workPerProc);
    addNote(sum, "The arguments of the CALL at line " + std::to_string(st.line) + " follow its loops: '" + callee.name +
                   "' is estimated at " + (samples == total ? "each of its " + std::to_string(total) + " calls"
                                                            : std::to_string(samples) + " of its " +
                                                                std::to_string(total) + " calls, one per equal share "
                                                                "of them") +
                   ", not at their middle iteration");
    return sum;
  }

  /// The records of `e` of one reference, pattern, line and placement as
  /// one (sampledCall's samples of the same exchange).
  static void mergeRecords(Estimate& e)
  {
    std::vector<CommRecord> merged;
    for (auto& r : e.comm.records) {
      auto it = std::find_if(merged.begin(), merged.end(), [&](const CommRecord& m) {
        return m.array == r.array && m.reference == r.reference && m.pattern == r.pattern && m.line == r.line &&
               m.placement == r.placement;
      });
      if (it == merged.end()) {
        merged.push_back(std::move(r));
        continue;
      }
      it->instances = saturatingAdd(it->instances, r.instances);
      it->messages = saturatingAdd(it->messages, r.messages);
      it->bytes = saturatingAdd(it->bytes, r.bytes);
      it->time += r.time;
    }
    e.comm.records = std::move(merged);
  }

  /// freq(S): the iterations of the enclosing loops times S's branch
  /// probability (which holds the IFs around S).
  std::optional<double> frequency(const Frame& f, const Statement& st, Estimate& e)
  {
    if (st.loops.empty())
      return decidedProbability(f, st);
    symbolic::EvaluationError error;
    auto space = IterationSpace::build(*f.unit, st.loops.front(), st, f.values, &error);
    if (!space) {
      problem(error, e, "the CALL at line " + std::to_string(st.line) + " is not estimated");
      return std::nullopt;
    }
    return static_cast<double>(space->size()) * st.probability;
  }

  /// The probability of a CALL outside loops: its IFs on integer scalars
  /// (its guards, IF (IDIR .EQ. 1) CALL SWEEPI) decided by the frame's
  /// values where they all have one, as a nest decides them; the model's
  /// default otherwise.
  static double decidedProbability(const Frame& f, const Statement& st)
  {
    if (st.guards.empty() || st.probabilityMeasured || st.guardedShare <= 0)
      return st.probability;
    for (const auto& g : st.guards) {
      symbolic::EvaluationError error;
      const auto v = g.form.coefficients.empty() ? symbolic::evaluateFor(g.form.constant, f.values, "", &error)
                                                 : std::nullopt;
      if (!v)
        return st.probability;
      if (!conditionHolds(g.relation, *v))
        return 0.0;
    }
    return st.probability / st.guardedShare;
  }

  /// The callee's activation: its integer dummies bound to the actuals'
  /// values in the caller, its dummy arrays given the actuals' mappings.
  Frame calleeFrame(const Frame& f, const Statement& st, const Unit& callee, const mapping::Mapping& m, Estimate& e)
  {
    Frame g{&callee, m_values, std::nullopt, {}, f.stack};
    g.stack.push_back(callee.name);
    if (f.procs || distributesAny(m))
      g.procs = m.procs;
    if (st.arguments.size() != callee.dummies.size())
      addNote(e, "CALL '" + callee.name + "' at line " + std::to_string(st.line) + " passes " +
                     std::to_string(st.arguments.size()) + " arguments to " + std::to_string(callee.dummies.size()) +
                     " dummies; the extra ones are ignored");
    const auto arguments = std::min(st.arguments.size(), callee.dummies.size());
    for (std::size_t i = 0; i < arguments; ++i) { // the values first: the dummy arrays' bounds use them
      const auto& arg = st.arguments[i];
      const auto* d = callee.symbol(callee.dummies[i]);
      if (d && !d->isArray() && arg.value && needsValue(callee, *d))
        bindValue(f, st, g, callee.dummies[i], arg, e);
      else if (d && !d->isArray() && arg.value && testsValue(callee, *d))
        bindConstant(g, callee.dummies[i], arg);
    }
    for (std::size_t i = 0; i < arguments; ++i) {
      const auto& arg = st.arguments[i];
      const auto* d = callee.symbol(callee.dummies[i]);
      const auto* actual = f.unit->symbol(arg.reference >= 0 ? st.refs[static_cast<std::size_t>(arg.reference)].array
                                                             : arg.name);
      if (d && d->isArray() && actual && actual->isArray())
        bindArray(f, st, g, callee.dummies[i], *actual, arg, m, e);
    }
    return g;
  }

  /// Whether the callee needs the value of its scalar dummy `d`: an INTEGER
  /// that its loop bounds, array extents or affine subscripts use, or that it
  /// passes on to a CALL. A REAL or DOUBLE PRECISION dummy (an output such as
  /// the R of CALL PNORM(Y, M, R)) is never a bound, so its actual's value
  /// is not asked for.
  static bool needsValue(const Unit& callee, const program::Symbol& d)
  {
    if (d.isArray() || d.type.base != fortran::BaseType::Integer)
      return false;
    const auto& u = callee.unknowns;
    if (std::find(u.begin(), u.end(), d.name) != u.end())
      return true;
    return std::any_of(callee.statements.begin(), callee.statements.end(), [&](const Statement& st) {
      return std::any_of(st.arguments.begin(), st.arguments.end(),
                         [&](const program::CallArgument& a) { return a.value && a.value->symbols().count(d.name); });
    });
  }

  /// Whether the callee's IF conditions read its INTEGER scalar dummy `d`
  /// (IF (IDIR .EQ. 1) in SMOOTH(IDIR)) and nothing changes it (no
  /// assignment, no CALL that could): its value decides branches.
  static bool testsValue(const Unit& callee, const program::Symbol& d)
  {
    if (d.isArray() || d.type.base != fortran::BaseType::Integer)
      return false;
    const auto changes = [&](const Statement& st) { // assigned, or passed where it may be
      return st.scalarTarget == d.name || std::any_of(st.arguments.begin(), st.arguments.end(),
                                                      [&](const program::CallArgument& a) { return a.name == d.name; });
    };
    return std::none_of(callee.statements.begin(), callee.statements.end(), changes) &&
           std::any_of(callee.statements.begin(), callee.statements.end(), [&](const Statement& st) {
             return std::any_of(st.guards.begin(), st.guards.end(),
                                [&](const auto& g) { return g.form.constant.symbols().count(d.name) > 0; });
           });
  }

  /// Binds `dummy` to the actual's value where it is a literal or made of
  /// the values given (CALL SMOOTH(1)); left unbound otherwise, so its IFs
  /// keep their default probability (a loop's middle iteration, bound for a
  /// bound's sake, would decide them for every iteration).
  void bindConstant(Frame& g, const std::string& dummy, const program::CallArgument& arg)
  {
    // a literal or the values given (not a caller's dummy bound at a middle iteration)
    for (const auto& name : arg.value->symbols())
      if (!m_values.count(name))
        return;
    symbolic::EvaluationError error;
    if (auto v = symbolic::evaluateFor(*arg.value, m_values, "", &error))
      g.values[dummy] = *v;
  }

  /// The dummy `dummy` of `g`'s unit takes the mapping of its actual: each
  /// of its elements lives where the element of the actual it is associated
  /// with does (HPF 1.1, Sec. 3.9: an inherited mapping). A whole array
  /// pairs elements by position (X(0:15) of A(16): X(i) is A(i+1)); a
  /// section by its triplets (X(j) of A(:,J) is A(j,J)); an element by
  /// sequence association down its column (X(j) of A(K+1,K) is
  /// A(K+j,K), for a dummy of rank 1). An actual that depends on a loop of
  /// the caller is taken at the loop's middle iteration, as the callee's
  /// values are. Replicated, with a note, where the ranks do not pair.
  void bindArray(const Frame& f, const Statement& st, Frame& g, const std::string& dummy,
                 const program::Symbol& actual, const program::CallArgument& arg, const mapping::Mapping& m, Estimate& e)
  {
    ActualArray a{actual.name, std::nullopt, {}, m.procs, layoutKey(m, actual.name), actual.elementBytes, {}};
    if (const auto* am = m.array(actual.name)) {
      const auto at = " at line " + std::to_string(st.line);
      std::string why;
      auto inherited = associatedMapping(f, st, g, dummy, actual, arg, *am, e, &why);
      if (!inherited) {
        addNote(e, "Dummy '" + dummy + "' of '" + g.unit->name + "' " + why + " the actual '" + arg.text + "'" + at +
                       "; it is treated as replicated");
        return;
      }
      a.templ = m.templates[am->templateIndex];
      a.array = std::move(*inherited);
      mapping::Mapping as; // the dummy's layout, as the callee will see it
      as.procs = m.procs;
      as.templates = {*a.templ};
      a.array.templateIndex = 0;
      as.arrays[dummy] = a.array;
      a.layout = layoutKey(as, dummy);
      a.array.templateIndex = am->templateIndex;
      if (arg.reference >= 0) { // a section's size is not the array's: its remapping is not counted
        g.actuals[dummy] = std::move(a);
        return;
      }
    }
    symbolic::EvaluationError unused; // an unknown size only leaves a remapping uncharged (noted there)
    for (const auto& d : actual.dims) {
      auto lo = symbolic::evaluateFor(d.lower, f.values, "", &unused);
      auto hi = symbolic::evaluateFor(d.upper, f.values, "", &unused);
      if (lo && hi)
        a.bounds.emplace_back(*lo, *hi);
    }
    if (a.bounds.size() != actual.dims.size())
      a.bounds.clear();
    g.actuals[dummy] = std::move(a);
  }

  /// The caller's values with the variables of the CALL's loops that `used`
  /// names and that have no value yet (sampledCall binds them) at their
  /// middle iteration (a note says so for `arg`); nullopt
  /// when a loop's range has no value (frequency() names what is missing).
  std::optional<symbolic::Bindings> middleIteration(const Frame& f, const Statement& st, const Frame& g,
                                                    const std::set<std::string>& used,
                                                    const program::CallArgument& arg, Estimate& e)
  {
    auto values = f.values;
    for (int id : st.loops) {
      const auto& loop = f.unit->loops[id];
      if (!used.count(loop.variable) || values.count(loop.variable)) // bound already: a sampled call's
        continue;
      symbolic::EvaluationError error; // the actual's evaluation names what is missing
      auto range = symbolic::loopRangeFor(loop.lower, loop.upper, loop.step, values, "", &error);
      if (!range)
        return std::nullopt;
      values[loop.variable] = middleOf(*range);
      addNote(e, "The argument '" + arg.text + "' of the CALL at line " + std::to_string(st.line) +
                     " varies with the loop variable '" + loop.variable + "'; '" + g.unit->name +
                     "' is estimated at its middle iteration");
    }
    return values;
  }

  /// The mapping of dummy `dummy` associated with `arg` (bindArray), from
  /// the actual's `am`: each template axis that follows a dimension of the
  /// actual follows the dummy's dimension paired with it (its stride and
  /// offset rewritten), or is fixed where the actual's subscript is. nullopt
  /// where they do not pair, with `why` ("has another rank than"): ranks
  /// that differ (a section of another rank, an element passed to a dummy
  /// of rank 2 or more), a subscript or bound without a value (a section's
  /// bound that follows a loop of the caller: the model keeps none), a
  /// stride that is not a constant.
  std::optional<mapping::ArrayMapping> associatedMapping(const Frame& f, const Statement& st, const Frame& g,
                                                         const std::string& dummy, const program::Symbol& actual,
                                                         const program::CallArgument& arg,
                                                         const mapping::ArrayMapping& am, Estimate& e, std::string* why)
  {
    const auto fail = [&](const char* reason) {
      *why = reason;
      return std::nullopt;
    };
    const auto& declared = g.unit->symbol(dummy)->dims;
    symbolic::EvaluationError unused;
    const auto valueIn = [&](const symbolic::Expr& x, const symbolic::Bindings& values) {
      return symbolic::evaluateFor(x, values, "", &unused);
    };
    // per dimension of the actual: the dummy's dimension paired with it (-1: fixed), the actual's index at
    // the dummy's lower bound, and its step per dummy index
    struct Pairing {
      int dummyDim = -1;
      std::int64_t first = 0, step = 1;
    };
    std::vector<Pairing> pairs(actual.dims.size());
    if (arg.reference < 0) {
      if (declared.size() != actual.dims.size())
        return fail("has another rank than");
      for (std::size_t d = 0; d < actual.dims.size(); ++d) {
        const auto lo = valueIn(actual.dims[d].lower, f.values);
        if (!lo)
          return fail("has no value for the lower bound of");
        pairs[d] = {static_cast<int>(d), *lo, 1};
      }
    } else {
      const auto& ref = st.refs[static_cast<std::size_t>(arg.reference)];
      std::set<std::string> used;
      for (const auto& sub : ref.subscripts)
        for (const auto& [v, c] : sub.affine.coefficients)
          used.insert(v);
      const auto values = middleIteration(f, st, g, used, arg, e);
      if (!values || ref.subscripts.size() != actual.dims.size())
        return fail("has no value for a loop around");
      const auto triplets = static_cast<std::size_t>(std::count_if(
        ref.subscripts.begin(), ref.subscripts.end(), [](const auto& x) { return x.kind == program::SubscriptKind::Triplet; }));
      const bool element = triplets == 0;
      if (element ? declared.size() != 1 : declared.size() != triplets)
        return fail("has another rank than");
      int k = 0;
      for (std::size_t d = 0; d < ref.subscripts.size(); ++d) {
        const auto& sub = ref.subscripts[d];
        if (sub.kind == program::SubscriptKind::Triplet) {
          const auto lo = sub.lower ? valueIn(*sub.lower, *values) : std::nullopt;
          if (!lo || sub.stride == 0)
            return fail(!lo ? "cannot place the section (a bound that follows a loop, or has no value) of"
                            : "cannot place the section (a stride that is not a constant) of");
          pairs[d] = {k++, *lo, sub.stride};
          continue;
        }
        if (sub.kind != program::SubscriptKind::Affine)
          return fail("cannot place the subscript (not affine) of");
        auto index = sub.affine.constant;
        for (const auto& [v, c] : sub.affine.coefficients)
          index = index + symbolic::Expr::integer(c) * symbolic::Expr::symbol(v);
        const auto at = valueIn(index, *values);
        if (!at)
          return fail("has no value for a subscript of");
        pairs[d] = {element && d == 0 ? 0 : -1, *at, 1}; // an element: its column runs along the dummy
      }
    }
    mapping::ArrayMapping out = am;
    out.array = dummy;
    for (auto& axis : out.axes) {
      if (axis.kind != mapping::TemplateAxis::Kind::ArrayDim)
        continue;
      const auto& p = pairs[static_cast<std::size_t>(axis.arrayDim)];
      if (p.dummyDim < 0) { // template index stride * (fixed index) + offset
        axis = {mapping::TemplateAxis::Kind::Constant, 0, 1, axis.stride * p.first + axis.offset};
        continue;
      }
      const auto lower = valueIn(declared[static_cast<std::size_t>(p.dummyDim)].lower, g.values);
      if (!lower)
        return fail("has a lower bound without a value, to pair with");
      // actual index = first + (j - lower) * step: template index = stride * step * j + the rest
      axis.offset += axis.stride * (p.first - *lower * p.step);
      axis.stride *= p.step;
      axis.arrayDim = p.dummyDim;
    }
    return out;
  }

  /// Binds an integer dummy to the actual's value. An actual that depends on
  /// an enclosing loop variable takes the middle iteration's value.
  void bindValue(const Frame& f, const Statement& st, Frame& g, const std::string& dummy,
                 const program::CallArgument& arg, Estimate& e)
  {
    const auto names = arg.value->symbols();
    const auto values = middleIteration(f, st, g, {names.begin(), names.end()}, arg, e);
    if (!values)
      return;
    symbolic::EvaluationError error;
    const auto what = "the argument '" + arg.text + "' of the CALL at line " + std::to_string(st.line);
    if (auto v = symbolic::evaluateFor(*arg.value, *values, what, &error))
      g.values[dummy] = *v;
    else
      problem(error, e, "the dummy '" + dummy + "' of '" + g.unit->name + "' is left unbound");
  }

  /// The two remappings of `actual` to the dummy's mapping `m` and back,
  /// counted element by owner (countRedistribution): nothing where both put
  /// every element on the same processor (BLOCK and CYCLIC of 16 elements
  /// on 16), and only the pairs that exchange elements. Each remap takes
  /// its slowest receiver's time. False when they cannot be counted (the
  /// caller charges the all-to-all approximation).
  bool chargeCountedRemapping(const Frame& g, const mapping::Mapping& m, const std::string& dummy,
                              const ActualArray& actual, const Statement& st, Estimate& e)
  {
    // elements pair by storage order: counted where the dummy has the actual's shape, its indices shifted
    // by the difference of the lower bounds (X(0:15) passed to A(16): X(i) is A(i+1))
    const auto* declared = g.unit->symbol(dummy);
    if (!declared || declared->dims.size() != actual.bounds.size())
      return false;
    std::vector<std::pair<std::int64_t, std::int64_t>> dummyBounds;
    symbolic::EvaluationError unused;
    for (std::size_t d = 0; d < declared->dims.size(); ++d) {
      const auto lo = symbolic::evaluateFor(declared->dims[d].lower, g.values, "", &unused);
      const auto hi = symbolic::evaluateFor(declared->dims[d].upper, g.values, "", &unused);
      if (!lo || !hi || *hi - *lo != actual.bounds[d].second - actual.bounds[d].first)
        return false;
      dummyBounds.emplace_back(*lo, *hi);
    }
    mapping::Mapping caller;
    caller.procs = actual.procs;
    caller.templates = {*actual.templ};
    auto callerArray = actual.array;
    callerArray.templateIndex = 0;
    std::string why;
    const auto there = countRedistribution(caller, callerArray, actual.bounds, m, *m.array(dummy), dummyBounds, &why);
    const auto back =
        there ? countRedistribution(m, *m.array(dummy), dummyBounds, caller, callerArray, actual.bounds, &why)
              : std::nullopt;
    if (!back)
      return false;
    CommRecord r{actual.actual, actual.actual + " -> " + dummy, "redistribution", st.line, 0, 2, 0, 0, 0, {}};
    for (const auto* remap : {&*there, &*back}) {
      double slowest = 0;
      for (std::size_t p = 0; p < remap->messages.size(); ++p) {
        const auto bytes = remap->elements[p] * actual.elementBytes;
        slowest = std::max(slowest, static_cast<double>(remap->messages[p]) * m_machine.startup +
                                        m_machine.byteTime * static_cast<double>(bytes));
        if (p < e.comm.messagesPerProc.size()) {
          e.comm.messagesPerProc[p] += remap->messages[p];
          e.comm.bytesPerProc[p] += bytes;
        }
      }
      r.messages += remap->totalMessages;
      r.bytes += remap->totalElements * actual.elementBytes;
      r.time += slowest;
    }
    if (r.messages == 0) {
      addNote(e, "The mappings of '" + actual.actual + "' and '" + dummy +
                     "' place every element on the same processor here: nothing moves");
      return true;
    }
    e.nt += r.messages;
    e.tdBytes += r.bytes;
    e.tt += r.time;
    e.comm.records.push_back(std::move(r));
    return true;
  }

  /// HPF prescriptive mapping: a dummy with its own DISTRIBUTE whose layout
  /// differs from the actual's is remapped at the call and back at the
  /// return. Charged as two all-to-all redistributions of the actual: each
  /// processor receives (P-1)/P of its new share (B/P bytes) from the P-1
  /// others. A replicated actual costs nothing at the call (each processor
  /// holds its share already) and an all-gather at the return: each
  /// processor receives the (P-1)/P of B it lacks from the P-1 others. The
  /// callee is assumed to write the dummy (INTENT is not read).
  void chargeRemappings(const Frame& g, const Statement& st, Estimate& e)
  {
    auto m = mappingAt(g, g.unit->line);
    if (!m)
      return;
    for (const auto& [dummy, actual] : g.actuals) {
      if (!m->array(dummy) || layoutKey(*m, dummy) == actual.layout)
        continue;
      const auto procs = m->procs.count();
      const auto mappings = "Dummy '" + dummy + "' has its own mapping " + m->describe(dummy) + ", the actual '" +
                            actual.actual + "' at line " + std::to_string(st.line);
      if (procs >= 2 && actual.templ && actual.bytes() != 0 && chargeCountedRemapping(g, *m, dummy, actual, st, e)) {
        addNote(e, mappings + " another: it is remapped at the call and back at the return, each element from "
                              "its owner under one mapping to its owner under the other");
        continue;
      }
      addNote(e, mappings + (actual.templ ? " another: two all-to-all redistributions (at the call and back at the "
                                            "return) are charged"
                                          : " is replicated: each processor keeps its share at the call, and an "
                                            "all-gather at the return is charged"));
      if (procs < 2)
        continue;
      if (actual.bytes() == 0) {
        addNote(e, "The size of '" + actual.actual + "' is not known; its redistributions are not charged");
        continue;
      }
      // per processor and redistribution, rounded once (B/P truncated first gave 6 bytes of an 8000-byte
      // array on 1024 processors: 12288 bytes for 2 million messages)
      const bool gather = !actual.templ;
      const auto times = gather ? 1 : 2;
      const long double share = gather ? static_cast<long double>(actual.bytes())
                                       : static_cast<long double>(actual.bytes()) / static_cast<long double>(procs);
      const auto received = static_cast<std::int64_t>(
        std::llround(share * static_cast<long double>(procs - 1) / static_cast<long double>(procs)));
      CommRecord r{actual.actual, actual.actual + " -> " + dummy, "redistribution", st.line,
                   0, times, times * procs * (procs - 1), times * received * procs, 0, {}};
      const double once = static_cast<double>(procs - 1) * m_machine.startup +
                          m_machine.byteTime * static_cast<double>(received);
      r.time = times * once;
      for (std::int64_t p = 0; p < procs && static_cast<std::size_t>(p) < e.comm.messagesPerProc.size(); ++p) {
        e.comm.messagesPerProc[p] += times * (procs - 1);
        e.comm.bytesPerProc[p] += times * received;
      }
      e.nt += r.messages;
      e.tdBytes += r.bytes;
      e.tt += r.time;
      e.comm.records.push_back(std::move(r));
    }
    finishTotals(e);
  }

  const program::ProgramModel& m_model;
  const std::optional<mapping::DistSpec>& m_spec;
  const machine::MachineProfile& m_machine;
  const symbolic::Bindings& m_values;
  const EstimateOptions& m_options;
  EstimateResult m_problems; // errors and missing values of every part; never holds an estimate
};

// ---- comparison ------------------------------------------------------------

std::vector<std::string> unitNames(const program::ProgramModel& model)
{
  std::vector<std::string> names;
  for (const auto& u : model.units)
    names.push_back(u.name);
  return names;
}

const Unit* targetUnit(const program::ProgramModel& model, const ComparisonRequest& request, std::string* error)
{
  for (const auto& u : model.units)
    if (request.program ? u.kind == fortran::UnitKind::Program : u.name == toLower(request.unitName))
      return &u;
  const auto names = unitNames(model);
  const auto list =
      names.empty() ? std::string("the file has no units") : "its units are " + symbolic::quotedList(names);
  *error = request.program ? "The file has no PROGRAM unit; " + list
                           : "No unit named '" + toLower(request.unitName) + "'; " + list;
  return nullptr;
}

/// A spec may name the arrays of any unit; a name no unit declares is an error.
std::vector<std::string> unknownArrays(const program::ProgramModel& model, const mapping::DistSpec& spec)
{
  std::vector<std::string> errors;
  for (const auto& g : spec.groups)
    for (const auto& a : g.arrays)
      if (std::none_of(model.units.begin(), model.units.end(), [&](const Unit& u) {
            const auto* s = u.symbol(a);
            return s && s->isArray();
          }))
        errors.push_back("Distribution '" + spec.text + "' names '" + a + "', which is not an array of any unit");
  return errors;
}

std::string mappingText(const Unit& unit, const VariantRequest& v, const symbolic::Bindings& values,
                        const std::optional<mapping::ProcessorsArrangement>& procs)
{
  if (v.spec)
    return v.spec->text;
  auto m = mapping::mappingFromDirectives(unit, values, procs, unit.line);
  if (!m.mapping || !distributesAny(*m.mapping))
    return "HPF directives (none in '" + unit.name + "')";
  return m.mapping->str();
}

} // namespace

EstimateResult estimateUnit(const program::ProgramModel& model, const program::Unit& unit,
                            const std::optional<mapping::DistSpec>& spec,
                            const std::optional<mapping::ProcessorsArrangement>& procs,
                            const machine::MachineProfile& machine, const symbolic::Bindings& values,
                            const EstimateOptions& options)
{
  return UnitEstimator(model, spec, machine, values, options).run(unit, procs);
}

std::vector<std::string> unreadStatementErrors(const program::Unit& unit, int first, int last,
                                               const std::string& scope)
{
  std::vector<std::string> errors;
  for (const auto& u : unit.unreadStatements)
    if (u.line >= first && u.line <= last)
      errors.push_back("Line " + std::to_string(u.line) + " has an error (" + u.message + "): " + scope +
                       " would be estimated without that statement; correct it first");
  return errors;
}

ComparisonResult compareUnit(const program::ProgramModel& model, const ComparisonRequest& request,
                             const machine::MachineProfile& machine)
{
  ComparisonResult result;
  result.scope = request.program ? EstimateScope::Program : EstimateScope::Unit;
  result.values = request.values;
  std::string error;
  result.unit = targetUnit(model, request, &error);
  if (!result.unit) {
    result.errors.push_back(error);
    return result;
  }
  result.errors = unreadStatementErrors(*result.unit, result.unit->line, result.unit->endLine,
                                        "unit '" + result.unit->name + "'");
  if (!result.errors.empty())
    return result;
  std::vector<std::optional<mapping::ProcessorsArrangement>> points(request.procs.begin(), request.procs.end());
  if (points.empty())
    points.push_back(std::nullopt);
  for (const auto& v : request.variants) {
    VariantResult vr{v.name, v.spec ? v.spec->text : "HPF directives", "", {}};
    const auto unknown = v.spec ? unknownArrays(model, *v.spec) : std::vector<std::string>{};
    for (const auto& e : unknown)
      result.errors.push_back("Variant " + v.name + ": " + e);
    for (std::size_t i = 0; unknown.empty() && i < points.size(); ++i) {
      throwIfCancelled();
      auto e = estimateUnit(model, *result.unit, v.spec, points[i], machine, result.values, request.options);
      if (!e.estimate && request.skipUnfitArrangements && points[i] && e.missing.empty() && !e.errors.empty()) {
        vr.skipped.emplace_back(points[i]->count(), e.errors.front());
        continue;
      }
      if (!e.estimate) {
        for (const auto& msg : e.errors)
          if (std::find(result.errors.begin(), result.errors.end(), msg) == result.errors.end())
            result.errors.push_back(msg);
        symbolic::addMissing(result.missing, e.missing);
        break;
      }
      vr.mapping = mappingText(*result.unit, v, result.values, points[i]);
      vr.points.push_back(std::move(*e.estimate));
      if (request.onPoint)
        request.onPoint(vr);
    }
    result.variants.push_back(std::move(vr));
  }
  return result;
}

} // namespace ps::estimate

#include "estimate/comparison.h"

#include "estimate/compiled-estimate.h"
#include "estimate/mapping-assumptions.h"
#include "estimate/unit-estimator.h"
#include "mapping/mapping-builder.h"
#include "support/cancellation.h"

#include <algorithm>
#include <map>

namespace ps::estimate {
namespace {

std::string describeLoops(const program::ProgramModel& model)
{
  std::string lines;
  int shown = 0;
  for (const auto& unit : model.units) {
    for (const auto& loop : unit.loops) {
      if (loop.depth == 0 && shown++ < 12)
        lines += (lines.empty() ? "" : ", ") + std::to_string(loop.line);
    }
  }
  if (lines.empty())
    return "the program has no DO loops";
  return shown == 1 ? "the outermost DO loop starts at line " + lines : "outermost DO loops start at lines " + lines;
}

/// The directives' mapping is the one in force at the loop's DO statement
/// (REDISTRIBUTE and REALIGN above it apply).
mapping::MappingResult buildMapping(const VariantRequest& v, const program::Unit& unit, int loopLine,
                                    const symbolic::Bindings& values,
                                    const std::optional<mapping::ProcessorsArrangement>& procs)
{
  if (v.spec)
    return mapping::mappingFromSpec(*v.spec, unit, values, procs.value_or(mapping::ProcessorsArrangement{}));
  return mapping::mappingFromDirectives(unit, values, procs, loopLine);
}

template <typename Result>
void collectProblems(const Result& from, const std::string& prefix, ComparisonResult& into)
{
  for (const auto& e : from.errors)
    if (std::find(into.errors.begin(), into.errors.end(), prefix + e) == into.errors.end())
      into.errors.push_back(prefix + e);
  symbolic::addMissing(into.missing, from.missing);
}

/// True when `st` names `name`: its scalar target, an actual argument, or a
/// name in an actual's integer value (implicitly typed names such as the
/// DNRM of CALL PNORM(Y, M, DNRM) have no symbol).
bool statementNames(const program::Statement& st, const std::string& name)
{
  if (st.scalarTarget == name || st.callee == name)
    return true;
  return std::any_of(st.arguments.begin(), st.arguments.end(), [&](const program::CallArgument& a) {
    return a.name == name || (a.value && a.value->symbols().count(name));
  });
}

/// True when some unit declares or uses `name` (a symbol, an unknown, a
/// loop variable, a dummy, a scalar target or a CALL argument), so a value
/// for it is no typo.
bool namesVariable(const program::ProgramModel& model, const std::string& name)
{
  const auto has = [&](const std::vector<std::string>& names) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  for (const auto& unit : model.units) {
    if (unit.symbols.count(name) || has(unit.unknowns) || has(unit.dummies) ||
        std::any_of(unit.loops.begin(), unit.loops.end(), [&](const auto& l) { return l.variable == name; }) ||
        std::any_of(unit.statements.begin(), unit.statements.end(),
                    [&](const auto& st) { return statementNames(st, name); }))
      return true;
  }
  return false;
}

/// "x=(BLOCK) onto 16" for a sweep would name only its last arrangement:
/// name them all ("onto P = 1, 4, 16").
void nameEveryArrangement(VariantResult& v)
{
  const auto onto = v.mapping.rfind(" onto ");
  if (v.points.size() < 2 || onto == std::string::npos)
    return;
  std::string list;
  for (const auto& p : v.points)
    list += (list.empty() ? "" : ", ") + p.arrangement;
  v.mapping = v.mapping.substr(0, onto) + " onto P = " + list;
}

/// Two requested arrangements can become one (16 processors arranged as 4x4
/// for a 2-D distribution, next to an explicit 4x4): keep the first row and
/// name what was asked. `requested` is the --procs list (point i was
/// estimated for requested[i]; empty: the directives' arrangement).
void dropRepeatedArrangements(VariantResult& v, const std::vector<mapping::ProcessorsArrangement>& requested)
{
  const auto asked = [&](std::size_t i, const Estimate& p) { // points pair with requests unless some were skipped
    return i < requested.size() && v.skipped.empty() ? requested[i].str() : p.arrangement;
  };
  std::vector<Estimate> kept;
  std::vector<std::string> keptAsked;
  for (std::size_t i = 0; i < v.points.size(); ++i) {
    auto& p = v.points[i];
    auto same = std::find_if(kept.begin(), kept.end(), [&](const Estimate& k) { return k.arrangement == p.arrangement; });
    if (same == kept.end()) {
      keptAsked.push_back(asked(i, p));
      kept.push_back(std::move(p));
      continue;
    }
    const auto& first = keptAsked[static_cast<std::size_t>(same - kept.begin())];
    const auto now = asked(i, p);
    same->notes.push_back(now == first ? "P=" + now + " was requested twice; it is estimated once"
                                       : "P=" + first + " and P=" + now + " are both arranged as " + p.arrangement +
                                             " for this distribution; it is estimated once");
  }
  v.points = std::move(kept);
}

ComparisonResult tidied(ComparisonResult result, const ComparisonRequest& request)
{
  for (auto& v : result.variants) {
    dropRepeatedArrangements(v, request.procs);
    nameEveryArrangement(v);
  }
  return result;
}

/// Whether `id` is `nest` or a loop inside it.
bool inNest(const program::Unit& unit, int id, int nest)
{
  for (; id >= 0; id = unit.loops[static_cast<std::size_t>(id)].parent)
    if (id == nest)
      return true;
  return false;
}

/// Every unknown without a value that the bounds and affine subscripts of
/// the nest use, with a sentence for each that `result` does not name yet:
/// the estimate stops at the first statement whose iteration space has no
/// value, so its own list can be short.
void addNestUnknowns(const program::Unit& unit, const program::Loop& nest, ComparisonResult& result)
{
  auto known = result.values;
  for (const auto& [name, value] : program::parameterValues(unit))
    known.emplace(name, value);
  std::vector<std::string> own; // the nest's loop variables are no unknowns
  const auto need = [&](const symbolic::Expr& e, const std::string& what) {
    for (const auto& n : e.symbols()) {
      if (known.count(n) || std::find(own.begin(), own.end(), n) != own.end() ||
          std::find(result.missing.begin(), result.missing.end(), n) != result.missing.end())
        continue;
      result.missing.push_back(n);
      result.errors.push_back("The value of '" + n + "' is needed for " + what);
    }
  };
  for (const auto& l : unit.loops)
    if (inNest(unit, l.id, nest.id))
      own.push_back(l.variable);
  for (const auto& l : unit.loops)
    if (inNest(unit, l.id, nest.id))
      for (const auto* e : {&l.lower, &l.upper, &l.step})
        need(*e, program::boundsWhat(l));
  for (const auto* st : unit.statementsIn(nest.id))
    for (const auto& r : st->refs)
      for (const auto& sub : r.subscripts)
        if (sub.kind == program::SubscriptKind::Affine)
          need(sub.affine.constant, "the subscripts of '" + r.array + "' at line " + std::to_string(r.line));
}

/// Where the program sets each missing unknown: the estimated unit's
/// origins first, then any unit's.
std::vector<MissingValue> describeMissing(const program::ProgramModel& model, const ComparisonResult& result)
{
  std::vector<MissingValue> out;
  for (const auto& name : result.missing) {
    MissingValue m{name, result.unit ? result.unit->name : "", 0, ""};
    std::vector<const program::Unit*> units{result.unit};
    for (const auto& u : model.units)
      units.push_back(&u);
    for (const auto* u : units) {
      const auto it = u ? u->unknownOrigins.find(name) : std::map<std::string, program::UnknownOrigin>::const_iterator{};
      if (u && it != u->unknownOrigins.end()) {
        m = {name, u->name, it->second.line, it->second.reason};
        break;
      }
    }
    if (m.line == 0 && result.loop && result.unit) // the variable of a DO around the selected one
      for (const auto& l : result.unit->loops)
        if (l.variable == name && l.line < result.loop->line && l.endLine >= result.loop->endLine) {
          m.line = l.line;
          m.reason = "the variable of the DO at line " + std::to_string(l.line) +
                     " around the selected loop (estimate that loop, or give a value)";
        }
    out.push_back(std::move(m));
  }
  return out;
}

ComparisonResult compareLoop(const program::ProgramModel& model, const ComparisonRequest& request,
                             const machine::MachineProfile& machine)
{
  ComparisonResult result;
  auto found = model.loopAtLine(request.loopLine);
  if (!found) {
    result.errors.push_back("No DO statement on line " + std::to_string(request.loopLine) + "; " +
                            describeLoops(model));
    return result;
  }
  result.unit = found->first;
  result.loop = found->second;
  result.values = request.values;
  result.errors = unreadStatementErrors(*result.unit, result.loop->line, result.loop->endLine,
                                        "the loop at line " + std::to_string(result.loop->line));
  if (!result.errors.empty())
    return result;
  std::vector<std::optional<mapping::ProcessorsArrangement>> points(request.procs.begin(), request.procs.end());
  if (points.empty())
    points.push_back(std::nullopt);
  for (const auto& v : request.variants) {
    VariantResult vr{v.name, v.spec ? v.spec->text : "HPF directives", "", {}};
    std::optional<CompiledNestEstimate> compiled; // analysed once per variant, evaluated per arrangement
    for (const auto& procs : points) {
      throwIfCancelled();
      auto m = buildMapping(v, *result.unit, result.loop->line, result.values, procs);
      if (!m.mapping && request.skipUnfitArrangements && procs && m.missing.empty() && !m.errors.empty()) {
        vr.skipped.emplace_back(procs->count(), m.errors.front());
        continue;
      }
      if (!m.mapping) {
        collectProblems(m, "Variant " + v.name + ": ", result);
        break;
      }
      vr.mapping = m.mapping->str(); // the last (largest) arrangement is the one shown
      if (!compiled)
        compiled.emplace(*result.unit, *result.loop, *m.mapping, machine, request.options);
      auto e = compiled->evaluate(result.values, *m.mapping);
      compiled->setFormulas(false); // printed for the first point only (EstimateOptions::formulas)
      if (!e.estimate) {
        collectProblems(e, "", result);
        break;
      }
      if (!v.spec) // say what the directives left to a guess
        for (const auto& a : directiveAssumptions(*result.unit, *result.loop, &*m.mapping))
          if (std::find(e.estimate->notes.begin(), e.estimate->notes.end(), a.note) == e.estimate->notes.end())
            e.estimate->notes.insert(e.estimate->notes.begin(), a.note);
      vr.points.push_back(std::move(*e.estimate));
      if (request.onPoint)
        request.onPoint(vr);
    }
    result.variants.push_back(std::move(vr));
  }
  if (!result.missing.empty())
    addNestUnknowns(*result.unit, *result.loop, result);
  return result;
}

} // namespace

ComparisonResult compare(const program::ProgramModel& model, const ComparisonRequest& request,
                         const machine::MachineProfile& machine)
{
  const bool wholeUnit = !request.unitName.empty() || request.program;
  auto result = wholeUnit ? compareUnit(model, request, machine) : compareLoop(model, request, machine);
  if (wholeUnit && result.unit && !result.missing.empty()) // every missing value of its nests in one answer
    for (const auto& l : result.unit->loops)
      if (l.depth == 0)
        addNestUnknowns(*result.unit, l, result);
  result = tidied(std::move(result), request);
  result.missingDetails = describeMissing(model, result);
  return result;
}

std::vector<std::string> unusedValues(const program::ProgramModel& model, const symbolic::Bindings& values)
{
  std::vector<std::string> errors;
  for (const auto& [name, value] : values)
    if (!namesVariable(model, name))
      errors.push_back("A value is given for '" + name + "', which the program does not have");
  for (const auto& unit : model.units)
    for (const auto& loop : unit.loops)
      if (const auto v = values.find(loop.tripsUnknown); !loop.tripsUnknown.empty() && v != values.end() && v->second < 0)
        errors.push_back("'" + loop.tripsUnknown + "' = " + std::to_string(v->second) + " is not a number of iterations (" +
                         program::whileName(loop) + " runs 0 or more times per entry)");
  return errors;
}

std::vector<std::string> ignoredValues(const program::ProgramModel& model, const symbolic::Bindings& values)
{
  std::vector<std::string> warnings;
  for (const auto& [name, value] : values) {
    std::string kind; // what every unit that declares it declares it as, when nothing an estimate reads
    bool integer = false;
    for (const auto& unit : model.units) {
      const auto it = unit.symbols.find(name);
      if (it == unit.symbols.end())
        continue;
      const auto& s = it->second;
      if (s.isArray())
        kind = "an array";
      else if (s.type.base != fortran::BaseType::Integer)
        kind = "not an INTEGER";
      else
        integer = true;
    }
    if (!integer && !kind.empty())
      warnings.push_back("The value given for '" + name + "' is ignored: '" + name + "' is " + kind +
                         ", and only integer scalars enter bounds, subscripts and conditions");
  }
  return warnings;
}

std::vector<std::string> nestVariableValues(const program::ProgramModel& model, int loopLine,
                                            const symbolic::Bindings& values)
{
  std::vector<std::string> warnings;
  const auto found = model.loopAtLine(loopLine);
  if (!found)
    return warnings;
  const auto& [unit, nest] = *found;
  std::map<std::string, std::vector<int>> lines; // a name may be the variable of several DOs (two DO I)
  for (const auto& l : unit->loops)
    if (!l.variable.empty() && values.count(l.variable) && program::nestedIn(*unit, l, nest->id))
      lines[l.variable].push_back(l.line);
  for (const auto& [name, at] : lines) {
    std::string where;
    for (std::size_t k = 0; k < at.size(); ++k)
      where += (k == 0 ? "" : k + 1 == at.size() ? " and " : ", ") + std::to_string(at[k]);
    warnings.push_back("The value given for '" + name + "' is ignored: '" + name + "' is the variable of the DO" +
                       (at.size() > 1 ? "s at lines " : " at line ") + where +
                       " in the selected nest, whose iterations the estimate counts");
  }
  std::map<std::string, std::vector<int>> assigned; // K = 2**(L-1) in the selected DO L
  for (const auto* st : unit->statementsIn(nest->id))
    if (!st->scalarTarget.empty() && values.count(st->scalarTarget) && unit->givenScalars.count(st->scalarTarget))
      assigned[st->scalarTarget].push_back(st->line);
  for (const auto& [name, at] : assigned)
    warnings.push_back("'" + name + "' is assigned at line " + std::to_string(at.front()) +
                       " inside the selected nest: the value given is used for all of its iterations (select an "
                       "inner loop to estimate one value of '" + name + "')");
  return warnings;
}

} // namespace ps::estimate

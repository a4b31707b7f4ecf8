#include "program/outline.h"

#include "support/text.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <set>

namespace ps::program {
namespace {

std::string extentText(const Symbol& s)
{
  std::string t;
  for (std::size_t d = 0; d < s.dims.size(); ++d) {
    const auto lower = s.dims[d].lower.asInteger();
    t += (d ? "," : "");
    if (!lower || *lower != 1)
      t += s.dims[d].lower.str() + ":";
    t += s.dims[d].upper.str();
  }
  return t;
}

std::string loopHeader(const Loop& l)
{
  if (l.isWhile)
    return "DO WHILE";
  if (l.isForall) {
    std::string s = (l.isSection ? "array section " : "FORALL ") + l.variable + " = " + l.lower.str() + ":" + l.upper.str();
    if (auto step = l.step.asInteger(); !step || *step != 1)
      s += ":" + l.step.str();
    return s;
  }
  if (!l.boundsKnown || !l.boundGuards.empty() || !l.boundsApproximation.empty() || !l.tripsUnknown.empty()) // as written: MAX(-KL,1-I) is no integer expression the model keeps
    return "DO " + l.variable + " = " + l.lowerText + ", " + l.upperText + (l.stepText.empty() ? "" : ", " + l.stepText);
  std::string s = "DO " + l.variable + " = " + l.lower.str() + ", " + l.upper.str();
  if (auto step = l.step.asInteger(); !step || *step != 1)
    s += ", " + l.step.str();
  return s;
}

/// Names of the arrays the statements of `loop` reference, sorted.
std::vector<std::string> arraysReferenced(const Unit& u, const Loop& loop)
{
  std::set<std::string> names;
  for (const auto* st : u.statementsIn(loop.id))
    for (const auto& r : st->refs)
      names.insert(r.array);
  return {names.begin(), names.end()};
}

/// The unit's unknowns that estimating the nest of `loop` needs: those in
/// the bounds of its loops, the affine subscripts of its statements and the
/// extents of the arrays it references (the IDE asks only for these; NITER
/// of an enclosing time loop is not needed for the nest inside it).
std::vector<std::string> unknownsOfNest(const Unit& u, const Loop& loop)
{
  std::set<std::string> used;
  const auto add = [&](const symbolic::Expr& e) {
    for (const auto& n : e.symbols())
      used.insert(n);
  };
  for (const auto& l : u.loops)
    if (l.id == loop.id || (l.line > loop.line && l.endLine <= loop.endLine && l.depth > loop.depth))
      for (const auto* e : {&l.lower, &l.upper, &l.step})
        add(*e);
  for (const auto* st : u.statementsIn(loop.id))
    for (const auto& r : st->refs) {
      for (const auto& sub : r.subscripts)
        if (sub.kind == SubscriptKind::Affine)
          add(sub.affine.constant);
      if (const auto* s = u.symbol(r.array))
        for (const auto& d : s->dims) {
          add(d.lower);
          add(d.upper);
        }
    }
  std::vector<std::string> out;
  for (const auto& n : u.unknowns)
    if (used.count(n))
      out.push_back(n);
  return out;
}

} // namespace

std::vector<fortran::Diagnostic> allDiagnostics(const fortran::ParsedFile& parsed, const ProgramModel& model)
{
  auto all = parsed.diagnostics;
  all.insert(all.end(), model.diagnostics.begin(), model.diagnostics.end());
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.range().begin < b.range().begin; });
  return all;
}

namespace {

/// Whether `line` of `unit` comes before its first executable statement.
bool inSpecificationPart(const Unit& unit, int line)
{
  return line >= unit.line && (unit.statements.empty() || line < unit.statements.front().line);
}

/// Whether a diagnostic on `line` bears on an estimate of `scope`; nullopt
/// when the scope names nothing in the model.
std::optional<std::function<bool(int)>> scopeLines(const ProgramModel& model, const SelectionScope& scope)
{
  if (scope.loopLine != 0) {
    const auto found = model.loopAtLine(scope.loopLine);
    if (!found)
      return std::nullopt;
    // named pointers, not a structured binding: the fuzz build's clang (before 16) cannot capture those
    const auto* unit = found->first;
    const auto* loop = found->second;
    return [unit, loop](int line) {
      return (line >= loop->line && line <= loop->endLine) || inSpecificationPart(*unit, line);
    };
  }
  if (!scope.unit.empty()) {
    const auto it = std::find_if(model.units.begin(), model.units.end(),
                                 [&](const Unit& u) { return toLower(u.name) == toLower(scope.unit); });
    if (it == model.units.end())
      return std::nullopt;
    return [first = it->line, last = it->endLine](int line) { return line >= first && line <= last; };
  }
  return [](int) { return true; };
}

} // namespace

std::vector<fortran::Diagnostic> warningsInScope(const fortran::ParsedFile& parsed, const ProgramModel& model,
                                                 const SelectionScope& scope, std::vector<std::vector<int>>* repeats)
{
  std::vector<fortran::Diagnostic> out;
  std::vector<std::vector<int>> again;
  const auto inScope = scopeLines(model, scope);
  if (!inScope)
    return out;
  for (const auto& d : allDiagnostics(parsed, model)) {
    const int line = parsed.file->lineColumn(d.range().begin).line;
    if (d.severity() != fortran::Severity::Warning || !(*inScope)(line))
      continue;
    const auto same = std::find_if(out.begin(), out.end(), [&](const auto& o) { return o.message() == d.message(); });
    if (same != out.end()) {
      again[same - out.begin()].push_back(line);
      continue;
    }
    out.push_back(d);
    again.emplace_back();
  }
  if (repeats)
    *repeats = std::move(again);
  return out;
}

nlohmann::json outlineJson(const fortran::ParsedFile& parsed, const ProgramModel& model)
{
  nlohmann::json j;
  j["file"] = parsed.file->path();
  j["form"] = fortran::formName(parsed.form);
  j["diagnostics"] = nlohmann::json::array();
  for (const auto& d : allDiagnostics(parsed, model)) {
    const auto begin = parsed.file->lineColumn(d.range().begin);
    const auto end = parsed.file->lineColumn(d.range().end);
    j["diagnostics"].push_back({{"line", begin.line}, {"column", begin.column}, {"end_line", end.line},
                                {"end_column", end.column}, {"severity", fortran::severityName(d.severity())},
                                {"message", d.message()}, {"text", fortran::format(d, *parsed.file)}});
  }
  j["units"] = nlohmann::json::array();
  for (const auto& u : model.units) {
    nlohmann::json arrays = nlohmann::json::array(), loops = nlohmann::json::array();
    nlohmann::json parameters = nlohmann::json::array();
    const auto addArray = [&](const std::string& name, const Symbol& s, bool associated) {
      nlohmann::json a{{"name", name}, {"type", fortran::baseTypeName(s.type.base)},
                       {"element_bytes", s.elementBytes}, {"extents", extentText(s)}};
      if (associated) // a module's or the host's: the IDE maps them too
        a["associated"] = true;
      arrays.push_back(std::move(a));
    };
    for (const auto& [name, s] : u.symbols) {
      if (s.isParameter && s.value && s.value->asInteger())
        parameters.push_back({{"name", name}, {"value", *s.value->asInteger()}});
      if (s.isArray())
        addArray(name, s, false);
    }
    for (const auto& [name, s] : u.associated)
      if (s.isArray())
        addArray(name, s, true);
    for (const auto& l : u.loops)
      loops.push_back({{"line", l.line}, {"end_line", l.endLine}, {"depth", l.depth}, {"variable", l.variable},
                       {"lower", l.boundsKnown && l.boundGuards.empty() ? l.lower.str() : l.lowerText},
                       {"upper", l.boundsKnown && l.boundGuards.empty() ? l.upper.str() : l.upperText},
                       {"step", l.boundsKnown || l.stepText.empty() ? l.step.str() : l.stepText},
                       {"while", l.isWhile}, {"forall", l.isForall}, {"section", l.isSection}, {"independent", l.independent}, {"header", loopHeader(l)},
                       {"arrays", arraysReferenced(u, l)}, {"unknowns", unknownsOfNest(u, l)}});
    j["units"].push_back({{"kind", fortran::unitKindName(u.kind)}, {"name", u.name}, {"line", u.line},
                          {"end_line", u.endLine}, {"unknowns", u.unknowns}, {"parameters", parameters},
                          {"arrays", arrays}, {"loops", loops}});
  }
  return j;
}

std::string outlineText(const fortran::ParsedFile& parsed, const ProgramModel& model)
{
  std::string out;
  for (const auto& d : allDiagnostics(parsed, model))
    out += fortran::format(d, *parsed.file) + "\n";
  for (const auto& u : model.units) {
    out += std::string(fortran::unitKindName(u.kind)) + " '" + u.name + "' (lines " + std::to_string(u.line) + "-" +
           std::to_string(u.endLine) + ")\n";
    for (const auto& [name, s] : u.symbols) {
      if (s.isArray())
        out += "  array " + name + "(" + extentText(s) + ") " + fortran::baseTypeName(s.type.base) + ", " +
               std::to_string(s.elementBytes) + " bytes per element\n";
    }
    if (!u.unknowns.empty()) {
      out += "  unknowns:";
      for (const auto& n : u.unknowns)
        out += " " + n;
      out += "\n";
    }
    for (const auto& l : u.loops)
      out += "  " + std::string(2 * static_cast<std::size_t>(l.depth), ' ') + "line " + std::to_string(l.line) + ": " +
             loopHeader(l) + (l.independent ? "  [INDEPENDENT]" : "") + "\n";
  }
  if (model.units.empty()) // an empty file printed nothing at all
    out += "no program units\n";
  return out;
}

} // namespace ps::program

#include "views/outline-snapshot.h"

namespace ps::views {
namespace {

LoopInfo loopFromJson(const nlohmann::json& l)
{
  LoopInfo loop{l.value("line", 0), l.value("end_line", 0), l.value("depth", 0), l.value("header", std::string()),
                l.value("arrays", std::vector<std::string>{}), {}, {}};
  loop.unknowns = l.value("unknowns", std::vector<std::string>{});
  if (const auto d = l.value("directives", nlohmann::json()); d.is_object())
    loop.directiveFormats = d.value("arrays", std::map<std::string, std::string>{});
  return loop;
}

UnitInfo unitFromJson(const nlohmann::json& u)
{
  UnitInfo unit;
  unit.kind = u.value("kind", std::string());
  unit.name = u.value("name", std::string());
  unit.line = u.value("line", 0);
  unit.endLine = u.value("end_line", 0);
  unit.unknowns = u.value("unknowns", std::vector<std::string>{});
  for (const auto& p : u.value("parameters", nlohmann::json::array()))
    unit.parameters.emplace_back(p["name"].get<std::string>(), p["value"].get<std::int64_t>());
  for (const auto& a : u.value("arrays", nlohmann::json::array()))
    unit.extents[a["name"].get<std::string>()] = a["extents"].get<std::string>();
  for (const auto& l : u.value("loops", nlohmann::json::array()))
    unit.loops.push_back(loopFromJson(l));
  if (const auto d = u.value("directives", nlohmann::json()); d.is_object()) {
    unit.directiveProcessors = d.value("processors", std::string());
    unit.directiveFormats = d.value("arrays", std::map<std::string, std::string>{});
  }
  return unit;
}

} // namespace

OutlineSnapshot OutlineSnapshot::fromJson(const nlohmann::json& outline)
{
  OutlineSnapshot s;
  s.form = outline.value("form", std::string());
  for (const auto& d : outline.value("diagnostics", nlohmann::json::array()))
    s.diagnostics.push_back({d.value("line", 0), d.value("column", 0), d.value("end_line", 0),
                             d.value("end_column", 0), d.value("severity", std::string()),
                             d.value("message", std::string())});
  for (const auto& u : outline.value("units", nlohmann::json::array()))
    s.units.push_back(unitFromJson(u));
  return s;
}

const UnitInfo* OutlineSnapshot::unitAt(int line) const
{
  for (const auto& u : units)
    if (line >= u.line && line <= u.endLine)
      return &u;
  return nullptr;
}

const LoopInfo* OutlineSnapshot::loopOnLine(int line) const
{
  for (const auto& u : units)
    for (const auto& l : u.loops)
      if (l.line == line)
        return &l;
  return nullptr;
}

const LoopInfo* OutlineSnapshot::enclosingLoop(int line, int depth) const
{
  const auto* unit = unitAt(line);
  if (!unit)
    return nullptr;
  for (const auto& l : unit->loops)
    if (l.depth == depth && line >= l.line && line <= l.endLine)
      return &l;
  return nullptr;
}

} // namespace ps::views

#include "program/call-effects.h"

#include "program/scalar-values.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>

namespace ps::program {
namespace {

class WrittenDummies {
public:
  explicit WrittenDummies(const ProgramModel& model) : m_model(model) {}

  /// Whether the procedure `callee` may assign its `index`-th dummy.
  bool written(const std::string& callee, std::size_t index)
  {
    const Unit* unit = m_model.procedure(callee);
    if (!unit || index >= unit->dummies.size())
      return unit == nullptr; // not in the file: it may; an extra argument: no dummy to assign
    const auto key = std::make_pair(unit, index);
    if (const auto it = m_known.find(key); it != m_known.end())
      return it->second;
    if (!m_open.insert(key).second)
      return true; // recursion
    const bool result = assigns(*unit, unit->dummies[index]);
    m_open.erase(key);
    m_known[key] = result;
    return result;
  }

private:
  bool assigns(const Unit& unit, const std::string& dummy)
  {
    for (const auto& st : unit.statements) {
      if (st.scalarTarget == dummy)
        return true;
      if (std::any_of(st.refs.begin(), st.refs.end(), [&](const ArrayReference& r) { return r.isWrite && r.array == dummy; }))
        return true;
      if (st.kind == StatementKind::Io) {
        const auto read = readVariables(st.text);
        if (std::find(read.begin(), read.end(), dummy) != read.end())
          return true;
      }
      for (std::size_t i = 0; st.kind == StatementKind::Call && i < st.arguments.size(); ++i) {
        const auto& a = st.arguments[i];
        const bool passes = a.name == dummy || (a.reference >= 0 && st.refs[static_cast<std::size_t>(a.reference)].array == dummy);
        if (passes && written(st.callee, i))
          return true;
      }
    }
    return false;
  }

  const ProgramModel& m_model;
  std::map<std::pair<const Unit*, std::size_t>, bool> m_known;
  std::set<std::pair<const Unit*, std::size_t>> m_open;
};

} // namespace

void markWrittenArguments(ProgramModel& model)
{
  WrittenDummies dummies(model);
  std::vector<std::vector<std::vector<bool>>> marks; // unit, statement, argument: decided before any is set
  for (const auto& unit : model.units) {
    auto& units = marks.emplace_back();
    for (const auto& st : unit.statements) {
      auto& args = units.emplace_back();
      for (std::size_t i = 0; i < st.arguments.size(); ++i)
        args.push_back(st.kind != StatementKind::Call || dummies.written(st.callee, i));
    }
  }
  for (std::size_t u = 0; u < model.units.size(); ++u)
    for (std::size_t s = 0; s < model.units[u].statements.size(); ++s)
      for (std::size_t i = 0; i < model.units[u].statements[s].arguments.size(); ++i)
        model.units[u].statements[s].arguments[i].written = marks[u][s][i];
}

} // namespace ps::program

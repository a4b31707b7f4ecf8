#include "estimate/mapping-assumptions.h"

#include "support/text.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace ps::estimate {
namespace {

bool hasMappingDirective(const program::Unit& unit)
{
  using fortran::DirectiveKind;
  const auto maps = [](const fortran::Directive& d) {
    return d.kind == DirectiveKind::Distribute || d.kind == DirectiveKind::Align ||
           d.kind == DirectiveKind::Redistribute || d.kind == DirectiveKind::Realign;
  };
  return std::any_of(unit.directives.begin(), unit.directives.end(), maps) ||
         std::any_of(unit.inheritedDirectives.begin(), unit.inheritedDirectives.end(),
                     [&](const auto& inherited) { return maps(inherited.directive); });
}

std::string quoted(const std::vector<std::string>& names)
{
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "'" : i + 1 == names.size() ? " and '" : ", '") + names[i] + "'";
  return out;
}

/// "Arrays 'a' and 'b' are" / "Array 'a' is".
std::string subject(const std::vector<std::string>& arrays)
{
  return (arrays.size() == 1 ? "Array " : "Arrays ") + quoted(arrays) + (arrays.size() == 1 ? " is" : " are");
}

/// The nest's arrays that `mapping` leaves replicated, sorted.
std::vector<std::string> replicatedArrays(const program::Unit& unit, const program::Loop& nest,
                                          const mapping::Mapping* mapping)
{
  std::set<std::string> names;
  for (const auto* st : unit.statementsIn(nest.id))
    for (const auto& r : st->refs) {
      const auto* s = unit.symbol(r.array);
      if (s && s->isArray() && (!mapping || !mapping->array(r.array)))
        names.insert(r.array);
    }
  return {names.begin(), names.end()};
}

/// The directive lines the analyser could not use: those with a parse
/// error, and those whose keyword it does not know ("CHPF$ DISTRIBUT
/// A(BLOCK)", a misspelling read as an unsupported directive and ignored),
/// by line. For the latter, `text` holds only the names the line mentions.
std::vector<program::UnreadDirective> unusableDirectives(const program::Unit& unit)
{
  auto out = unit.unreadDirectives;
  for (std::size_t i = 0; i < unit.directives.size() && i < unit.directiveLines.size(); ++i) {
    const auto& d = unit.directives[i];
    if (d.kind != fortran::DirectiveKind::Unsupported)
      continue;
    std::string names;
    for (const auto& n : d.names)
      names += n + " ";
    out.push_back({unit.directiveLines[i], names});
  }
  std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
  return out;
}

} // namespace

std::vector<MappingAssumption> directiveAssumptions(const program::Unit& unit, const program::Loop& nest,
                                                    const mapping::Mapping* mapping)
{
  auto rest = replicatedArrays(unit, nest, mapping);
  std::vector<MappingAssumption> out;
  for (std::size_t i = 0; i < unit.directives.size() && i < unit.directiveLines.size(); ++i) {
    const auto kind = unit.directives[i].kind;
    const int line = unit.directiveLines[i];
    if ((kind == fortran::DirectiveKind::Redistribute || kind == fortran::DirectiveKind::Realign) && line > nest.line &&
        line <= nest.endLine)
      out.push_back({{}, line,
                     std::string("The ") + (kind == fortran::DirectiveKind::Redistribute ? "REDISTRIBUTE" : "REALIGN") +
                       " at line " + std::to_string(line) + " inside the loop is not followed: the whole nest is "
                       "estimated under the mapping at its DO (select a loop after it, or estimate the unit, which "
                       "maps each inner loop as the directives say)"});
  }
  const auto unusable = unusableDirectives(unit);
  for (const auto& d : unusable) {
    const auto words = namesIn(d.text);
    std::vector<std::string> named;
    for (const auto& a : rest)
      if (words.count(a))
        named.push_back(a);
    if (named.empty())
      continue;
    out.push_back({named, d.line,
                   subject(named) + " assumed replicated (a copy on every processor): the directive at line " +
                     std::to_string(d.line) + " that maps " + (named.size() == 1 ? "it" : "them") +
                     " could not be read"});
    std::erase_if(rest, [&](const std::string& a) { return words.count(a) > 0; });
  }
  if (rest.empty() || hasMappingDirective(unit))
    return out;
  const int line = unusable.empty() ? 0 : unusable.front().line;
  out.push_back({rest, line,
                 subject(rest) + " assumed replicated (a copy on every processor): '" + unit.name + "' has no " +
                   (line ? "mapping directive that could be read" : "HPF mapping directives")});
  return out;
}

} // namespace ps::estimate

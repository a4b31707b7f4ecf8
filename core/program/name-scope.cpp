#include "program/name-scope.h"

#include <algorithm>

namespace ps::program {

namespace {

/// `d` with the shapes of its templates and processors folded where they
/// are integer constants of `unit` (TEMPLATE T(N), N a PARAMETER of the
/// module): a unit that uses the module need not see N to map onto T.
fortran::Directive withFoldedShapes(fortran::Directive d, const Unit& unit)
{
  const auto fold = [&](fortran::Expr& e) {
    const auto value = e.missing() ? std::nullopt : toSymbolic(e, unit);
    const auto constant = value ? value->asInteger() : std::nullopt;
    if (!constant || *constant < 0)
      return;
    fortran::Expr literal;
    literal.kind = fortran::ExprKind::Integer;
    literal.range = e.range;
    literal.text = std::to_string(*constant);
    e = std::move(literal);
  };
  for (auto& o : d.objects)
    for (auto& dim : o.dims) {
      fold(dim.lower);
      fold(dim.upper);
    }
  return d;
}

} // namespace

OuterScope exportedScope(const Unit& unit, const OuterScope& outer, const std::vector<std::string>& contained)
{
  OuterScope out = outer;
  // what the unit inherited, as it sees it (its own declarations hide a module's names), then its own
  out.directives = unit.inheritedDirectives;
  for (const auto& [name, symbol] : unit.symbols)
    out.symbols[name] = symbol; // a local declaration hides the outer name
  out.procedures.insert(contained.begin(), contained.end());
  using fortran::DirectiveKind;
  for (std::size_t k = 0; k < unit.directives.size() && k < unit.directiveLines.size(); ++k) {
    const auto kind = unit.directives[k].kind;
    if (kind == DirectiveKind::Processors || kind == DirectiveKind::Template || kind == DirectiveKind::Distribute ||
        kind == DirectiveKind::Align || kind == DirectiveKind::Dynamic)
      out.directives.push_back({withFoldedShapes(unit.directives[k], unit), unit.directiveLines[k], unit.name});
  }
  return out;
}

namespace {

/// Makes `remote` of `module` visible as `local`.
void addName(OuterScope& into, const std::string& local, const std::string& remote, const OuterScope& module)
{
  if (auto s = module.symbols.find(remote); s != module.symbols.end()) {
    Symbol copy = s->second;
    copy.name = local;
    into.symbols[local] = std::move(copy);
  } else if (module.procedures.count(remote)) {
    into.procedures.insert(local);
  } else if (!module.foreignModules.empty()) {
    into.procedures.insert(local); // the module passes on a name of a module not in the file
  }
}

} // namespace

void addUse(OuterScope& into, const fortran::UseSpec& use, const OuterScope* module)
{
  if (!module) {
    for (const auto& n : use.names)
      into.procedures.insert(n.local);
    if (!use.only)
      into.foreignModules.push_back(use.module);
    return;
  }
  std::set<std::string> renamed;
  for (const auto& n : use.names) {
    renamed.insert(n.remote);
    addName(into, n.local, n.remote, *module);
  }
  if (use.only)
    return;
  for (const auto& [name, symbol] : module->symbols)
    if (!renamed.count(name))
      into.symbols[name] = symbol;
  for (const auto& name : module->procedures)
    if (!renamed.count(name))
      into.procedures.insert(name);
  into.foreignModules.insert(into.foreignModules.end(), module->foreignModules.begin(), module->foreignModules.end());
}

void addUseDirectives(OuterScope& into, const fortran::UseSpec& use, const OuterScope& module)
{
  std::set<std::string> renamed; // the local and the module's name of each rename
  for (const auto& n : use.names)
    if (n.local != n.remote) {
      renamed.insert(n.local);
      renamed.insert(n.remote);
    }
  const auto drop = [&](std::vector<std::string>& names) {
    std::erase_if(names, [&](const std::string& n) { return renamed.count(n) > 0; });
  };
  for (auto d : module.directives) {
    // a combined directive (TEMPLATE, DISTRIBUTE :: T) is one per attribute on one line
    if (std::any_of(into.directives.begin(), into.directives.end(), [&](const auto& x) {
          return x.scope == d.scope && x.line == d.line && x.directive.kind == d.directive.kind;
        }))
      continue; // the module used along two paths
    drop(d.directive.distributees);
    drop(d.directive.alignees);
    drop(d.directive.dynamicNames);
    into.directives.push_back(std::move(d));
  }
}

} // namespace ps::program

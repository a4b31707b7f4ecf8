#include "program/name-scope.h"

namespace ps::program {

OuterScope exportedScope(const Unit& unit, const OuterScope& outer, const std::vector<std::string>& contained)
{
  OuterScope out = outer;
  for (const auto& [name, symbol] : unit.symbols)
    out.symbols[name] = symbol; // a local declaration hides the outer name
  out.procedures.insert(contained.begin(), contained.end());
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

} // namespace ps::program

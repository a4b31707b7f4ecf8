#pragma once
// Private to the model builder: the names a program unit sees from outside
// itself. Source: Fortran 90 standard, Sec. 11.3.2 (USE association) and
// Sec. 12.1.2.2.1 (host association).

#include "program/model.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ps::program {

struct OuterScope {
  /// Variables and PARAMETERs (with folded values) of used modules and hosts,
  /// by local name.
  std::map<std::string, Symbol> symbols;
  /// Module, internal and sibling procedures, and the names of ONLY lists of
  /// modules the file does not contain: known names without a Symbol.
  std::set<std::string> procedures;
  /// Modules used without ONLY that the file does not contain: any name may
  /// come from them.
  std::vector<std::string> foreignModules;
  /// IMPLICIT NONE holds in the unit (its own, or its host's when the unit
  /// has no IMPLICIT statement: F90, Sec. 5.3).
  bool implicitNone = false;
  /// The mapping directives of used modules and hosts, and the directives
  /// they inherited in turn (Unit::inheritedDirectives before filtering).
  std::vector<InheritedDirective> directives;
};

/// What `unit` shows to the units that use it (a module) or that it contains
/// (a host): its own symbols over the names it sees (`outer`), and
/// `contained`, the names of the procedures after its CONTAINS.
OuterScope exportedScope(const Unit& unit, const OuterScope& outer, const std::vector<std::string>& contained);

/// Adds to `into` the names `use` makes visible. `module` is the exported
/// scope of the used module, or nullptr when the file does not contain it:
/// then only the ONLY names are known, or without ONLY the module is foreign.
void addUse(OuterScope& into, const fortran::UseSpec& use, const OuterScope* module);

/// Adds to `into` the mapping directives of the module `use` names
/// (`module`, its exported scope), each once: a module used along two
/// paths passes its directives twice. A renamed array (USE M, X => B)
/// keeps none of them, and no directive of B applies to a local B: such an
/// array is replicated. The unit keeps those of the names it sees
/// (Unit::inheritedDirectives).
void addUseDirectives(OuterScope& into, const fortran::UseSpec& use, const OuterScope& module);

} // namespace ps::program

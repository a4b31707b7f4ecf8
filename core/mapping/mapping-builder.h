#pragma once
// Builds a numeric Mapping for given values of the unknowns, either from a
// DistSpec (CLI --dist, GUI distribution panel) or from the program's HPF
// PROCESSORS / TEMPLATE / ALIGN / DISTRIBUTE directives, optionally followed
// by the REDISTRIBUTE / REALIGN directives in force at a source line.

#include "mapping/dist-spec.h"
#include "mapping/mapping.h"
#include "program/model.h"

#include <optional>

namespace ps::mapping {

struct MappingResult {
  std::optional<Mapping> mapping;
  std::vector<std::string> errors;  // why no mapping could be built
  std::vector<std::string> missing; // unknowns whose values are needed
};

/// Each array of a group gets its own template (its declared extents) with
/// the group's formats; `procs` is reshaped to the number of distributed
/// dimensions. Arrays not named stay replicated.
/// The arrangement of the first PROCESSORS directive of `unit`, or nullopt
/// when it has none (or its shape needs values not in `values`). Source: HPF
/// 2.0, section 3.7.
std::optional<ProcessorsArrangement> declaredArrangement(const program::Unit& unit, const symbolic::Bindings& values);

MappingResult mappingFromSpec(const DistSpec& spec, const program::Unit& unit, const symbolic::Bindings& values,
                              const ProcessorsArrangement& procs);

/// The mapping the directives describe. `procs`, when given, replaces the
/// size of the arrangement the directives name (reshaped to its rank).
///
/// With `atLine` > 0 (the line of a DO statement, say), the mapping in force
/// at that line: the declarative ALIGN / DISTRIBUTE directives, then every
/// REDISTRIBUTE and REALIGN of the unit on an earlier line, in source order.
/// Source order is a lexical approximation of the control flow: a remapping
/// inside an IF branch or at the end of an enclosing loop body counts as
/// executed when it stands above `atLine` and not otherwise. REDISTRIBUTE of
/// a template (or an array distributed directly) changes its formats and
/// every array aligned with it follows; REALIGN changes only the alignment
/// of its alignees. Remapping an object not declared DYNAMIC is applied with
/// a note in Mapping::notes; a name that is neither a TEMPLATE nor an array
/// is an error naming the directive's line. With `atLine` = 0 the remapping
/// directives are ignored.
/// Source: HPF 2.0, Sec. 8.1 (extended model), 8.3 (REDISTRIBUTE), 8.4
/// (REALIGN), 8.5 (DYNAMIC).
MappingResult mappingFromDirectives(const program::Unit& unit, const symbolic::Bindings& values,
                                    const std::optional<ProcessorsArrangement>& procs, int atLine = 0);

} // namespace ps::mapping

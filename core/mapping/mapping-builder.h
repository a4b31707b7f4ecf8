#pragma once
// Builds a numeric Mapping for given values of the unknowns, either from a
// DistSpec (CLI --dist, GUI distribution panel) or from the program's HPF
// PROCESSORS / TEMPLATE / ALIGN / DISTRIBUTE directives.

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
MappingResult mappingFromSpec(const DistSpec& spec, const program::Unit& unit, const symbolic::Bindings& values,
                              const ProcessorsArrangement& procs);

/// The mapping the directives describe. `procs`, when given, replaces the
/// size of the arrangement the directives name (reshaped to its rank).
MappingResult mappingFromDirectives(const program::Unit& unit, const symbolic::Bindings& values,
                                    const std::optional<ProcessorsArrangement>& procs);

} // namespace ps::mapping

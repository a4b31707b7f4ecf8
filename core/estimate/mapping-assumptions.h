#pragma once
// What the analyser assumed about the mapping of a nest's arrays when the
// program's HPF directives do not say: a directive that could not be read,
// or a unit without mapping directives. Such arrays are replicated (a copy
// on every processor: no communication, every processor computes), which
// an estimate must say rather than present as the program's mapping.

#include "mapping/mapping.h"
#include "program/model.h"

#include <string>
#include <vector>

namespace ps::estimate {

struct MappingAssumption {
  std::vector<std::string> arrays; // the nest's arrays it concerns, sorted
  int directiveLine = 0;           // the unreadable directive; 0 when there is none to point at
  std::string note;                // one sentence for the user
};

/// The assumptions behind `mapping`, the directives' mapping in force at
/// `nest` (nullptr when none could be built): for every array the nest
/// references and `mapping` leaves replicated, either the unreadable
/// directive that names it (UnreadDirective, or a directive whose keyword is
/// not known, such as a misspelled DISTRIBUT) or, when the unit has no
/// mapping directive it could read, the unit. Arrays that readable
/// directives simply leave out are replicated by HPF's rules: no note.
/// Also one for each REDISTRIBUTE or REALIGN inside the nest (no arrays):
/// the nest has one mapping, the one at its DO.
std::vector<MappingAssumption> directiveAssumptions(const program::Unit& unit, const program::Loop& nest,
                                                    const mapping::Mapping* mapping);

} // namespace ps::estimate

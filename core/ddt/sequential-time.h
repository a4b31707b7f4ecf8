#pragma once
// The sequential time of one execution of a phase on a machine profile:
// statement instances times the profile's operation costs (what the
// estimator's CT is on one processor), counted without enumerating what
// need not be: a loop whose inner bounds do not use its variable
// contributes its trip count as a factor; a triangular loop is summed
// over its values, and sampled when that would take too long. Source:
// P3T+ Def. 3.7 (computation time from operation counts); DDT Sec. 2 (the
// sequential profile time of a phase).

#include "ddt/phases.h"
#include "machine/machine-profile.h"

#include <optional>
#include <string>
#include <vector>

namespace ps::ddt {

struct SequentialTime {
  std::optional<double> seconds;       // nullopt when a bound cannot be evaluated
  std::vector<double> statementSeconds; // per statement of the phase, in its order
  std::vector<std::string> missing;    // the unknowns it needs
  std::vector<std::string> notes;      // sampling, uncountable loops
};

SequentialTime sequentialTime(const program::Unit& unit, const Phase& phase, const machine::MachineProfile& machine,
                              const symbolic::Bindings& values);

} // namespace ps::ddt

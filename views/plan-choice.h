#pragma once
// What the chosen solution of a distribution plan means for each phase: the
// mapping the phase runs under, the candidate it uses, and a colour key that
// groups phases under the same data placement. Plain C++ over core/ddt (the
// engine reports per-sequence solutions; the views need them per phase).

#include "ddt/plan.h"

#include <string>

namespace ps::views {

/// The sequence whose solution the timeline and the tables show: the unit.
const ddt::SequencePlan& shownSequence(const ddt::Plan& plan);

/// The mapping phase `phase` (index into Plan::phases) runs under in the
/// chosen solution of the unit: the dynamic solution's placement, or the
/// best static mapping restricted to the phase's arrays.
ddt::LocalMapping chosenMapping(const ddt::Plan& plan, int phase);

/// The candidate of phase `phase` the chosen solution uses; -1 when it is
/// none of the kept candidates (a static mapping outside the phase's best k).
int chosenCandidate(const ddt::Plan& plan, int phase);

/// Groups mappings by data placement for colouring: "(BLOCK,*)" when every
/// array has that layout, the full mapping text otherwise; the processor
/// grid is added when more than one axis is distributed ("(BLOCK,BLOCK) 4x4").
std::string mappingKey(const ddt::LocalMapping& mapping);

/// `mapping` with only `arrays` (the others dropped).
ddt::LocalMapping restrictedTo(const ddt::LocalMapping& mapping, const std::vector<std::string>& arrays);

} // namespace ps::views

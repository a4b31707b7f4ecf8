#pragma once
// Which loops of a phase may run in parallel: a loop is eligible when no
// array dependence is carried by it. Dependence distances come from
// uniform affine subscripts (equal coefficients, constant difference); any
// other pair of references to a written array is assumed to depend in
// every common loop whose variable it uses. INDEPENDENT loops are eligible.
// Scalars written in the phase are assumed private (NEW). Source: DDT
// (Ayguade et al. 1997), Sec. 3.2 ("each loop eligible for parallel
// execution according to dependence analysis").

#include "ddt/phases.h"

#include <set>
#include <string>

namespace ps::ddt {

/// Variables of the loops of `phase` that carry no dependence.
std::set<std::string> parallelLoopVariables(const program::Unit& unit, const Phase& phase,
                                            const symbolic::Bindings& values);

} // namespace ps::ddt

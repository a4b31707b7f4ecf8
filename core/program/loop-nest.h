#pragma once
// The affine description of a selected loop nest that the dependence
// analysis (symbolic/dependences.h) takes: its loops from the selected one
// inwards and its statements with their array references in execution order.

#include "program/model.h"
#include "symbolic/dependences.h"

namespace ps::program {

/// The nest rooted at `nest` of `unit`. Loop i of the result is the i-th
/// loop of `unit` inside `nest` in source order (the root first), so
/// dependence levels count from the root. A DO WHILE or a loop whose step
/// is not an integer constant keeps its variable with `boundsAffine` false;
/// statements that are not assignments keep their references. Loops
/// enclosing `nest` are not levels: their variables are unknowns.
symbolic::LoopNest loopNestOf(const Unit& unit, const Loop& nest);

} // namespace ps::program

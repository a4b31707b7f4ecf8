#pragma once
// What a CALL may do to its actual arguments. Fortran passes arrays by
// reference: a callee that assigns its dummy (or passes it on to one that
// does) changes the caller's array at the CALL, which is a write there for
// the caller's dependences (a time loop that calls an update routine
// carries a flow dependence on the array, and its exchanges stay inside
// the loop). Source: Fortran 90, 12.4.1.1 (argument association).

#include "program/model.h"

namespace ps::program {

/// Sets CallArgument::written on every CALL of `model`: true where the
/// callee, a procedure of the file, assigns the dummy the argument is
/// associated with (an assignment to it or one of its elements, a READ into
/// it, or a CALL that passes it on to a dummy that is written), or where
/// the callee is not in the file; false otherwise. Recursion is taken to
/// write.
void markWrittenArguments(ProgramModel& model);

} // namespace ps::program

#pragma once
// Estimates of whole procedures and programs: every top-level loop nest
// (with the mapping in force at its DO), the statements outside loops, and
// every CALL as its callee's estimate times the call's frequency.
// Source: P3T+, Defs. 3.3 (wd), 3.4-3.6 (nt, td, tt), 3.7-3.9 (ct), with the
// procedure terms inside freq(S) * (...) as reproduction-targets reads them.

#include "estimate/comparison.h"

#include <optional>
#include <string>

namespace ps::estimate {

/// The parameters of one execution of `unit` under `spec` (nullopt: the
/// HPF directives) on `procs` (nullopt: the directives' arrangement).
///
/// Parts, in source order (Estimate::parts):
/// - a top-level loop nest: estimateNest with the mapping in force at its DO
///   (REDISTRIBUTE / REALIGN above it apply), frequency 1;
/// - a run of statements outside loops: each executed once times its
///   branch probability by the owner of its left-hand side (every processor
///   for a scalar), reading non-local elements such as `s = a(n)` from their
///   owner (a copy, or a tree broadcast when every processor executes);
///   frequency: the expected statement executions;
/// - a CALL (at any depth): the callee's estimate, with its integer dummies
///   bound to the actuals' values and its dummy arrays inheriting the
///   actuals' mappings (a dummy with its own DISTRIBUTE keeps it and a
///   redistribution at the call and back at the return is charged),
///   multiplied by freq = iterations of the enclosing loops x the branch
///   probability (Def. 3.4: freq(S) * ntE(q) per call); where its
///   arguments follow its loops, the callee is estimated at each call (or
///   at evenly spaced ones), not at the middle iteration. Recursive calls
///   and procedures not in the file are notes with cost 0 (a procedure not
///   in the file is taken to assign the arrays passed to it).
/// The totals: work and CT per processor (processor order 0..P-1) added over
/// the parts, CT their maximum; NT, TD (bytes), TT (s) added; wd by Def. 3.3
/// over the statements and calls weighted by their frequencies (a call
/// weighs its frequency with wd(callee)). Notes carry the part they come
/// from. Missing values of all parts are gathered into one answer.
EstimateResult estimateUnit(const program::ProgramModel& model, const program::Unit& unit,
                            const std::optional<mapping::DistSpec>& spec,
                            const std::optional<mapping::ProcessorsArrangement>& procs,
                            const machine::MachineProfile& machine, const symbolic::Bindings& values,
                            const EstimateOptions& options = {});

/// One sentence per statement of `unit` on lines [first, last] that the
/// parser could not read (program::UnreadStatement): `scope` ("the loop at
/// line 7", "unit 'sweep'") would be estimated without it, all zeros where
/// it was the whole body, so the estimate is refused. Empty when none.
std::vector<std::string> unreadStatementErrors(const program::Unit& unit, int first, int last,
                                               const std::string& scope);

/// compare() for `request.unitName` (a unit of that name) or
/// `request.program` (the PROGRAM unit): every variant at every arrangement.
/// An unknown name, or no PROGRAM unit, is an error listing the units.
ComparisonResult compareUnit(const program::ProgramModel& model, const ComparisonRequest& request,
                             const machine::MachineProfile& machine);

} // namespace ps::estimate

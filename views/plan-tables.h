#pragma once
// The item models of the Distribution plan dock, filled from a plan: the
// candidate mappings per phase (the paper's Table 2), the remappings of the
// dynamic solution, and the totals of every solution per sequence (the unit
// and each iterative loop) with the decision. Source: DDT (Ayguade et al.
// 1997), Table 2 and Sec. 2.1.

#include "ddt/plan.h"

#include <QStandardItemModel>

namespace ps::views {

class MappingColors;

/// PlanPhaseRole: index into Plan::phases (candidate rows); PlanValueRole:
/// the raw number of a cell in core units (seconds, bytes, executions) as a
/// double; PlanChosenRole: true on the chosen candidate or solution;
/// PlanKindRole: "static" or "dynamic" on a solution row of the totals;
/// PlanCandidateRole: the candidate's index within its phase.
enum PlanRoles { PlanPhaseRole = Qt::UserRole + 1, PlanValueRole, PlanChosenRole, PlanKindRole, PlanCandidateRole };

enum CandidateColumn {
  CandPhase, CandLines, CandFrequency, CandMapping, CandMovement, CandComputation, CandExecution, CandColumnCount
};
enum RemapColumn {
  RemapPhase, RemapLine, RemapArrays, RemapFrom, RemapTo, RemapBytes, RemapCount, RemapCost, RemapColumnCount
};
enum TotalColumn { TotalSolution, TotalTime, TotalMovement, TotalComputation, TotalRemapping, TotalColumnCount };

/// One row per candidate, phases in program order; the phase, its lines and
/// frequency on its first row; the chosen candidate bold and shaded.
void fillCandidates(QStandardItemModel& model, const ddt::Plan& plan, MappingColors& colors);

/// The remappings of the unit's dynamic solution when it is chosen: before
/// which phase (and line), arrays, from, to, bytes per remapping, how
/// often, total cost. No rows when the static solution is chosen.
void fillRemaps(QStandardItemModel& model, const ddt::Plan& plan);

/// A tree: one item per sequence, its title ending in "→ static" or
/// "→ dynamic" and its chosen total; below it each static solution and the
/// dynamic solution with their movement, computation and remapping (the
/// dynamic one only when the search found it cheaper: otherwise the engine's
/// best dynamic total is not a minimum and is shown as "—").
/// Totals with 6 decimals in seconds, as the paper and partscope-cli print them.
void fillTotals(QStandardItemModel& model, const ddt::Plan& plan);

/// "5.479433 s".
QString totalText(double seconds);

} // namespace ps::views

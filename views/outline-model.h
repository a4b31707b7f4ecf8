#pragma once
// Item models of the Outline dock (units, their arrays, their loop nests)
// and the Problems list (diagnostics), filled from an OutlineSnapshot.

#include "views/outline-snapshot.h"

#include <QStandardItemModel>

namespace ps::views {

/// LineRole: 1-based line an item jumps to; ColumnRole: 1-based column;
/// LoopDepthRole: nesting depth of a loop item (-1 for other items).
enum OutlineRoles { LineRole = Qt::UserRole + 1, ColumnRole, LoopDepthRole };

/// Units > "Arrays" (name(extents)) and "Loop nests" (DO headers, nested).
void fillOutline(QStandardItemModel& model, const OutlineSnapshot& outline);

/// One row per diagnostic: severity, line:column, message.
void fillProblems(QStandardItemModel& model, const OutlineSnapshot& outline);

} // namespace ps::views

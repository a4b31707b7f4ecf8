#pragma once
// The decision charts of the Distribution plan dock: the best static total
// of one sequence, and the dynamic total where it is cheaper, against the
// number of processors and against the remote access time per byte, with
// the point where the decision flips and the plan's own value marked.
// Source: DDT (Ayguade et al. 1997), Sec. 7.1 (Table 5, Figs. 9-10).

#include "ddt/decision-sweep.h"

#include <QString>

class QChart;

namespace ps::views {

/// Totals over p (log2 axis). `currentProcessors` is marked when > 0.
void fillProcessorDecision(QChart* chart, const ddt::DecisionSweep& sweep, int currentProcessors);

/// Totals over the time per byte, shown in µs on a log axis. `currentByteTime`
/// (s per byte) is marked when > 0.
void fillByteTimeDecision(QChart* chart, const ddt::DecisionSweep& sweep, double currentByteTime);

/// "static below p ≈ 5.34, dynamic above" (or "dynamic at every p shown")
/// for the chart's title; `unit` and `scale` turn x into the shown value
/// ("", 1 for p; " µs", 1e6 for the time per byte).
QString flipSentence(const ddt::DecisionSweep& sweep, const QString& variable, const QString& unit, double scale);

} // namespace ps::views

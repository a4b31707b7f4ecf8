#pragma once
// Emptying a chart before it is filled again. QChart::removeAxis gives the
// axis back without deleting it, so a chart redrawn on every edit leaked its
// axes (found by LeakSanitizer); this deletes them.

class QChart;

namespace ps::views {

/// Removes and deletes every series and axis of `chart`.
void resetChart(QChart* chart);

} // namespace ps::views

#pragma once
// What every chart of the IDE shares: a titled chart view, emptying a chart
// before it is filled again, and the time unit of its y axis. One place, so
// the Chart dock and the Scalability tab look and behave alike.

#include "views/analysis-job.h"

#include <QString>

#include <vector>

class QChart;
class QChartView;
class QXYSeries;

namespace ps::views {

/// A chart view named `name` (tests and exports find it by it), antialiased,
/// legend at the bottom, no animation (charts follow every edit).
QChartView* makeChartView(const QString& name, const QString& title);

/// Removes and deletes every series and axis of `chart`. QChart::removeAxis
/// gives an axis back without deleting it, so a chart redrawn on every edit
/// leaked its axes (found by LeakSanitizer).
void resetChart(QChart* chart);

/// Gives the curve of the `index`-th variant (0 = A) its own look: ten
/// qualitative colours, then the same colours dashed and dotted, so that
/// no two of up to thirty variants look alike (the chart theme has five
/// colours: F was drawn as A). Its points take the colour too.
void styleVariantSeries(QXYSeries* series, int index);

/// The factor and unit ("µs", "ms", "s") for a time axis over `curves`,
/// decided by their largest time.
double timeScale(const std::vector<Curve>& curves, QString* unit);

} // namespace ps::views

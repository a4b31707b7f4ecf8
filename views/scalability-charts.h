#pragma once
// The charts of the Scalability tab: the psi ratio Phi/Psi against p' with
// the line alpha and the scaled crossing point (Sun 2002, Fig. 1), and the
// predicted time against n at the initial p and against p at the initial n
// with the equal-size crossings marked (Sun 2002, Sec. 3). The axes span
// every series, markers included.

#include "views/scale-job.h"

#include <nlohmann/json.hpp>

#include <QString>

class QChart;

namespace ps::views {

/// `comparison`: one entry of the report's "comparisons" (null: an empty chart).
void fillRatioChart(QChart* chart, const nlohmann::json& comparison);

/// Time curves (seconds) against `xTitle`, the crossings (of the pair
/// `pair` only) drawn as labelled points.
void fillTimeChart(QChart* chart, const std::vector<Curve>& curves, const std::vector<CrossingMark>& crossings,
                   int pair, const QString& xTitle);

} // namespace ps::views

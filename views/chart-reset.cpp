#include "views/chart-reset.h"

#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>

namespace ps::views {

void resetChart(QChart* chart)
{
  chart->removeAllSeries(); // deletes the series
  for (auto* axis : chart->axes()) {
    chart->removeAxis(axis);
    delete axis;
  }
}

} // namespace ps::views

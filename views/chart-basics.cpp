#include "views/chart-basics.h"

#include "views/time-units.h"

#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>

#include <QPainter>

#include <algorithm>

namespace ps::views {

QChartView* makeChartView(const QString& name, const QString& title)
{
  auto* chart = new QChart;
  chart->setTitle(title);
  chart->legend()->setAlignment(Qt::AlignBottom);
  chart->setMargins(QMargins(4, 4, 4, 4));
  chart->setAnimationOptions(QChart::NoAnimation);
  auto* view = new QChartView(chart);
  view->setObjectName(name);
  view->setRenderHint(QPainter::Antialiasing);
  view->setMinimumSize(320, 220);
  return view;
}

void resetChart(QChart* chart)
{
  chart->removeAllSeries(); // deletes the series
  for (auto* axis : chart->axes()) {
    chart->removeAxis(axis);
    delete axis;
  }
}

double timeScale(const std::vector<Curve>& curves, QString* unit)
{
  double top = 0;
  for (const auto& c : curves)
    for (const auto& [x, t] : c.points)
      top = std::max(top, t);
  const auto u = timeUnitFor(top);
  *unit = u.name;
  return u.factor;
}

} // namespace ps::views

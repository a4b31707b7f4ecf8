#include "views/chart-basics.h"

#include "views/time-units.h"

#include <QtCharts/QAbstractAxis>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QXYSeries>

#include <QPainter>

#include <algorithm>
#include <array>

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

void styleVariantSeries(QXYSeries* series, int index)
{
  // Tableau 10: distinct in hue and lightness, readable on white
  static constexpr std::array<QRgb, 10> kColors{0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                                0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};
  static constexpr std::array<Qt::PenStyle, 3> kStyles{Qt::SolidLine, Qt::DashLine, Qt::DotLine};
  const auto i = static_cast<std::size_t>(std::max(index, 0));
  QPen pen{QColor(kColors[i % kColors.size()])};
  pen.setWidthF(2);
  pen.setStyle(kStyles[(i / kColors.size()) % kStyles.size()]);
  series->setPen(pen);
  series->setColor(pen.color());
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

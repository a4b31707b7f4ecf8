#include "views/plan-charts.h"

#include "views/chart-basics.h"
#include "views/time-units.h"

#include <QtCharts/QChart>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <QPen>

#include <algorithm>
#include <cmath>

namespace ps::views {
namespace {

const QColor kStaticColor(0x21, 0x66, 0xac), kDynamicColor(0xe0, 0x6a, 0x10), kFlipColor(0xc0, 0x20, 0x20);

struct Axes {
  QAbstractAxis* x;
  QValueAxis* y;
  double yTop;
};

/// The best static and the dynamic total at every point (where static wins,
/// the dynamic one is the paper's alternative: each phase's preferred mapping).
std::vector<Curve> curvesOf(const ddt::DecisionSweep& sweep)
{
  Curve s{"static", {}}, d{"dynamic", {}};
  for (const auto& p : sweep.points) {
    s.points.emplace_back(p.x, p.staticTotal);
    d.points.emplace_back(p.x, p.dynamicTotal);
  }
  return {s, d};
}

QLineSeries* line(const QString& name, const QColor& color, const Curve& c, double xScale, double yScale)
{
  auto* s = new QLineSeries;
  s->setName(name);
  s->setPen(QPen(color, 2.5));
  s->setPointsVisible(true);
  for (const auto& [x, t] : c.points)
    s->append(x * xScale, t * yScale);
  return s;
}

/// A vertical line over the whole y range at x.
QLineSeries* vertical(const QString& name, double x, double yTop, const QPen& pen)
{
  auto* s = new QLineSeries;
  s->setName(name);
  s->setPen(pen);
  s->append(x, 0);
  s->append(x, yTop);
  return s;
}

/// The static total at x, linear between the samples (where the flip is).
double staticAt(const ddt::DecisionSweep& sweep, double x)
{
  const auto& pts = sweep.points;
  for (std::size_t k = 1; k < pts.size(); ++k)
    if ((pts[k - 1].x - x) * (pts[k].x - x) <= 0) {
      const double t = pts[k].x == pts[k - 1].x ? 0 : (x - pts[k - 1].x) / (pts[k].x - pts[k - 1].x);
      return pts[k - 1].staticTotal + t * (pts[k].staticTotal - pts[k - 1].staticTotal);
    }
  return pts.empty() ? 0 : pts.front().staticTotal;
}

/// The flip on the static curve; its value is in the legend (a point label would sit on the dashed line).
QScatterSeries* flipMarker(const QString& label, double x, double y)
{
  auto* s = new QScatterSeries;
  s->setName(label);
  s->setMarkerSize(12);
  s->setColor(kFlipColor);
  s->setBorderColor(Qt::black);
  s->append(x, y);
  return s;
}

QLogValueAxis* logAxis(int base, double lo, double hi, const QString& title)
{
  auto* axis = new QLogValueAxis;
  axis->setBase(base);
  axis->setLabelFormat("%g");
  axis->setTitleText(title);
  axis->setRange(lo, hi);
  axis->setMinorTickCount(base == 10 ? 8 : 0);
  return axis;
}

/// Fills the chart with the two totals, the flip and the machine's value.
void fillDecision(QChart* chart, const ddt::DecisionSweep& sweep, QAbstractAxis* xAxis, double xScale,
                  const QString& flipLabel, std::optional<std::pair<double, QString>> current)
{
  resetChart(chart);
  const auto curves = curvesOf(sweep);
  QString unit;
  const double scale = timeScale(curves, &unit);
  double top = 0;
  for (const auto& c : curves)
    for (const auto& [x, t] : c.points)
      top = std::max(top, t * scale);
  auto* y = new QValueAxis;
  y->setTitleText(QObject::tr("total time (%1)").arg(unit));
  y->setLabelFormat("%.3g");
  y->setRange(0, top > 0 ? top * 1.12 : 1);
  y->applyNiceNumbers();
  const double yTop = y->max();
  QList<QXYSeries*> series{line(QObject::tr("best static"), kStaticColor, curves[0], xScale, scale),
                           line(QObject::tr("dynamic"), kDynamicColor, curves[1], xScale, scale)};
  if (sweep.flip) {
    series << vertical(QObject::tr("flip"), *sweep.flip * xScale, yTop, QPen(kFlipColor, 1.5, Qt::DashLine));
    series << flipMarker(flipLabel, *sweep.flip * xScale, staticAt(sweep, *sweep.flip) * scale);
  }
  if (current)
    series << vertical(current->second, current->first * xScale, yTop, QPen(Qt::darkGray, 1.5, Qt::DotLine));
  chart->addAxis(xAxis, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  for (auto* s : series) {
    chart->addSeries(s);
    s->attachAxis(xAxis);
    s->attachAxis(y);
  }
  if (sweep.flip) // the dashed line and the marker are one thing in the legend
    for (auto* m : chart->legend()->markers(series[2]))
      m->setVisible(false);
}

} // namespace

QString flipSentence(const ddt::DecisionSweep& sweep, const QString& variable, const QString& unit, double scale)
{
  if (sweep.points.empty())
    return QObject::tr("No points");
  const auto side = [](bool dynamic) { return dynamic ? QObject::tr("dynamic") : QObject::tr("static"); };
  const bool first = sweep.points.front().dynamicChosen;
  if (!sweep.flip)
    return QObject::tr("%1 at every %2 shown").arg(side(first), variable);
  return QObject::tr("%1 below %2 ≈ %3%4, %5 above")
    .arg(side(first), variable)
    .arg(*sweep.flip * scale, 0, 'g', 3)
    .arg(unit, side(!first));
}

void fillProcessorDecision(QChart* chart, const ddt::DecisionSweep& sweep, int currentProcessors)
{
  double lo = 1, hi = 2;
  for (const auto& p : sweep.points) {
    lo = std::min(lo, p.x);
    hi = std::max(hi, p.x);
  }
  auto* x = logAxis(2, lo / 1.25, hi * 1.25, QObject::tr("processors p"));
  const auto label = sweep.flip ? QObject::tr("flip at p ≈ %1").arg(*sweep.flip, 0, 'g', 3) : QString();
  std::optional<std::pair<double, QString>> current;
  if (currentProcessors > 0)
    current = {{double(currentProcessors), QObject::tr("this plan: p = %1").arg(currentProcessors)}};
  fillDecision(chart, sweep, x, 1, label, current);
  chart->setTitle(QObject::tr("Best static vs dynamic: %1").arg(flipSentence(sweep, "p", "", 1)));
}

void fillByteTimeDecision(QChart* chart, const ddt::DecisionSweep& sweep, double currentByteTime)
{
  constexpr double kMicro = 1e6;
  double lo = 1, hi = 1;
  if (!sweep.points.empty()) {
    lo = sweep.points.front().x * kMicro;
    hi = sweep.points.back().x * kMicro;
  }
  // whole decades, a hair wider so the end samples (0.1 µs computed as 0.0999…) stay inside
  auto* x = logAxis(10, std::pow(10, std::floor(std::log10(lo) + 1e-9)) / 1.02,
                    std::pow(10, std::ceil(std::log10(hi) - 1e-9)) * 1.02,
                    QObject::tr("remote access time per byte β (µs)"));
  const auto label = sweep.flip ? QObject::tr("flip at %1 µs").arg(*sweep.flip * kMicro, 0, 'g', 3) : QString();
  std::optional<std::pair<double, QString>> current;
  if (currentByteTime > 0)
    current = {{currentByteTime, QObject::tr("machine: %1 µs").arg(currentByteTime * kMicro, 0, 'g', 3)}};
  fillDecision(chart, sweep, x, kMicro, label, current);
  chart->setTitle(
    QObject::tr("Best static vs dynamic: %1").arg(flipSentence(sweep, "β", QStringLiteral(" µs"), kMicro)));
}

} // namespace ps::views

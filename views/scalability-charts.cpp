#include "views/scalability-charts.h"

#include "views/chart-basics.h"

#include <QtCharts/QChart>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>
#include <QtCharts/QValueAxis>

#include <QPen>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ps::views {
namespace {

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v)
  {
    if (std::isfinite(v)) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  bool empty() const { return !(lo <= hi); }
};

/// An axis over every point of every series, padded so markers stay inside.
QValueAxis* axisOver(const Range& r, const QString& title, bool fromZero)
{
  auto* axis = new QValueAxis;
  axis->setTitleText(title);
  axis->setLabelFormat("%.3g");
  double lo = r.empty() ? 0 : r.lo, hi = r.empty() ? 1 : r.hi;
  if (fromZero)
    lo = std::min(0.0, lo);
  const double pad = hi > lo ? (hi - lo) * 0.08 : std::max(std::fabs(hi) * 0.1, 1.0);
  // sizes, processor counts and times are positive: no negative axis for the padding
  axis->setRange(lo >= 0 ? std::max(0.0, lo - pad) : lo - pad, hi + pad);
  axis->applyNiceNumbers();
  return axis;
}

/// A decimal log axis over a positive range, a decade boundary or more on each side.
QLogValueAxis* logAxisOver(const Range& r, const QString& title)
{
  auto* axis = new QLogValueAxis;
  axis->setTitleText(title);
  axis->setBase(10);
  axis->setLabelFormat("%g");
  // a hair beyond the decades, so that Qt Charts labels both end ticks
  axis->setRange(std::pow(10, std::floor(std::log10(r.lo) + 1e-9)) / 1.02,
                 std::pow(10, std::ceil(std::log10(r.hi) - 1e-9)) * 1.02);
  return axis;
}

/// Ratios spanning more than a decade and a half read better on a log axis.
bool wantsLog(const Range& r) { return !r.empty() && r.lo > 0 && r.hi / r.lo > 30; }

void attach(QChart* chart, const QList<QXYSeries*>& series, const Range& x, const Range& y, const QString& xTitle,
            const QString& yTitle, bool logY = false, bool logX = false)
{
  QAbstractAxis* ax = logX ? static_cast<QAbstractAxis*>(logAxisOver(x, xTitle)) : axisOver(x, xTitle, false);
  QAbstractAxis* ay = logY ? static_cast<QAbstractAxis*>(logAxisOver(y, yTitle)) : axisOver(y, yTitle, true);
  chart->addAxis(ax, Qt::AlignBottom);
  chart->addAxis(ay, Qt::AlignLeft);
  for (auto* s : series) {
    chart->addSeries(s);
    s->attachAxis(ax);
    s->attachAxis(ay);
  }
}

/// One labelled point ("p' = 8"): a series per point, so that each label shows its own rounded value.
QScatterSeries* marker(const QString& name, const QString& label, double x, double y)
{
  auto* s = new QScatterSeries;
  s->setName(name);
  s->setMarkerSize(13);
  s->setColor(QColor(0xd0, 0x20, 0x20));
  s->setBorderColor(Qt::black);
  s->setPointLabelsFormat(QString(label).replace('@', QStringLiteral("(at)")));
  s->setPointLabelsVisible(true);
  s->setPointLabelsClipping(false);
  s->append(x, y);
  return s;
}

/// Only the first marker of a kind in the legend.
void hideRepeatedLegendMarkers(QChart* chart, const QList<QXYSeries*>& markers)
{
  for (int i = 1; i < markers.size(); ++i)
    for (auto* m : chart->legend()->markers(markers[i]))
      m->setVisible(false);
}

/// Crossings (sorted by x) in groups whose neighbours lie within a
/// twentieth of the x range of each other: their labels would overlap
/// (A and C cross at n = 6.72 and 8.28 on an axis to 100), so a group gets
/// one label listing its values.
std::vector<std::vector<const CrossingMark*>> nearbyCrossings(const std::vector<CrossingMark>& sorted, const Range& x)
{
  const double close = x.empty() ? 0 : (x.hi - x.lo) / 20;
  std::vector<std::vector<const CrossingMark*>> groups;
  for (const auto& c : sorted) {
    if (groups.empty() || c.x - groups.back().back()->x > close)
      groups.emplace_back();
    groups.back().push_back(&c);
  }
  return groups;
}

} // namespace

void fillRatioChart(QChart* chart, const nlohmann::json& comparison)
{
  resetChart(chart);
  if (!comparison.is_object())
    return;
  Range x, y;
  auto* ratio = new QLineSeries;
  ratio->setName(QObject::tr("Φ/Ψ"));
  ratio->setPointsVisible(true);
  for (const auto& r : comparison["ratios"])
    if (r["ratio"].is_number()) {
      ratio->append(r["p_prime"].get<double>(), r["ratio"].get<double>());
      x.add(r["p_prime"].get<double>());
      y.add(r["ratio"].get<double>());
    }
  const double alpha = comparison.value("alpha", 1.0);
  y.add(alpha);
  auto* alphaLine = new QLineSeries;
  alphaLine->setName(QObject::tr("α = %1").arg(alpha, 0, 'f', 4));
  alphaLine->setPen(QPen(Qt::darkGray, 2, Qt::DashLine));
  alphaLine->append(x.empty() ? 0 : x.lo, alpha);
  alphaLine->append(x.empty() ? 1 : x.hi, alpha);
  QList<QXYSeries*> series{ratio, alphaLine};
  if (comparison["scaled_crossing_point"].is_number()) {
    const double at = comparison["scaled_crossing_point"].get<double>();
    for (const auto& r : comparison["ratios"])
      if (r["p_prime"].get<double>() == at && r["ratio"].is_number())
        series << marker(QObject::tr("scaled crossing"), QStringLiteral("p' = %1").arg(at, 0, 'g', 4), at,
                         r["ratio"].get<double>());
  }
  // p' = 8, 16, 64, 1024 crowd into a linear axis's corner: a log axis where they span decades
  attach(chart, series, x, y, QObject::tr("scaled processors p'"), QObject::tr("Φ/Ψ"), wantsLog(y), wantsLog(x));
}

void fillTimeChart(QChart* chart, const std::vector<Curve>& curves, const std::vector<CrossingMark>& crossings,
                   int pair, const QString& xTitle)
{
  resetChart(chart);
  QString unit;
  const double scale = timeScale(curves, &unit);
  Range x, y;
  QList<QXYSeries*> series;
  for (const auto& c : curves) {
    auto* s = new QLineSeries;
    s->setName(QString::fromStdString(c.variant));
    s->setPointsVisible(true);
    styleVariantSeries(s, static_cast<int>(series.size()));
    for (const auto& [px, t] : c.points) {
      s->append(px, t * scale);
      x.add(px);
      y.add(t * scale);
    }
    series << s;
  }
  std::vector<CrossingMark> shown;
  for (const auto& c : crossings)
    if (c.pair == pair) {
      shown.push_back(c);
      x.add(c.x);
      y.add(c.time * scale);
    }
  std::sort(shown.begin(), shown.end(), [](const auto& a, const auto& b) { return a.x < b.x; });
  QList<QXYSeries*> marks;
  for (const auto& group : nearbyCrossings(shown, x)) {
    const auto value = [](const CrossingMark* c) { return QString::number(c->x, 'g', 4); };
    auto label = xTitle.left(1) + " = " + value(group.front());
    if (group.size() == 2)
      label += ", " + value(group.back());
    else if (group.size() > 2) // the crossing table's tooltip lists them all
      label += QObject::tr(" … %1 (%2 crossings)").arg(value(group.back())).arg(group.size());
    // one label per group (they overlapped), on the member nearest the middle: a label is centred on
    // its point, and one on the leftmost of a group at the axis's start ran off the plot
    const double middle = (x.lo + x.hi) / 2;
    const auto* anchor = *std::min_element(group.begin(), group.end(), [&](const auto* a, const auto* b) {
      return std::abs(a->x - middle) < std::abs(b->x - middle);
    });
    for (const auto* c : group) {
      marks << marker(QObject::tr("equal-size crossing"), label, c->x, c->time * scale);
      marks.back()->setPointLabelsVisible(c == anchor);
    }
  }
  attach(chart, series + marks, x, y, xTitle, QObject::tr("time (%1)").arg(unit));
  hideRepeatedLegendMarkers(chart, marks);
}

} // namespace ps::views

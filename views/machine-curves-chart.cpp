#include "views/machine-curves-chart.h"

#include "views/chart-basics.h"
#include "views/time-units.h"

#include <QtCharts/QChart>
#include <QtCharts/QLegendMarker>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>

namespace ps::views {
namespace {

constexpr double kSamplesPerDecade = 24;
constexpr double kDefaultLo = 1, kDefaultHi = 1e6; // the linear model's sizes without measurements

const QColor kPalette[] = {QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
                           QColor(0xff, 0x7f, 0x0e), QColor(0x94, 0x67, 0xbd), QColor(0x8c, 0x56, 0x4b),
                           QColor(0xe3, 0x77, 0xc2), QColor(0x7f, 0x7f, 0x7f), QColor(0xbc, 0xbd, 0x22),
                           QColor(0x17, 0xbe, 0xcf)};

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v)
  {
    if (v > 0 && std::isfinite(v)) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  bool empty() const { return !(lo <= hi); }
};

using Key = std::tuple<std::string, int, std::int64_t>; // pattern, ranks, stride

/// The message sizes a profile's chart spans: its points and its curves' segments.
Range bytesRange(const ProfileCurves& pc)
{
  Range r;
  for (const auto& p : pc.points)
    r.add(static_cast<double>(p.bytes));
  for (const auto& c : pc.profile.curves)
    for (const auto& s : c.segments) {
      r.add(std::max(1.0, s.fromBytes));
      r.add(s.toBytes);
    }
  if (r.empty())
    r = {kDefaultLo, kDefaultHi};
  return r;
}

/// A decimal log axis over whole decades around `r`, a hair wider so that
/// Qt Charts labels both end ticks (as the other charts of the IDE).
QLogValueAxis* decadeAxis(Range r, const QString& title)
{
  if (r.empty())
    r = {1, 10};
  double lo = std::pow(10, std::floor(std::log10(r.lo) + 1e-9));
  double hi = std::pow(10, std::ceil(std::log10(r.hi) - 1e-9));
  if (hi <= lo)
    hi = lo * 10;
  auto* axis = new QLogValueAxis;
  axis->setBase(10);
  axis->setLabelFormat("%g");
  axis->setMinorTickCount(8);
  axis->setTitleText(title);
  axis->setRange(lo / 1.02, hi * 1.02);
  return axis;
}

struct Drawn {
  QList<QXYSeries*> series;
  Range x, y;
};

QLineSeries* lineOf(const QString& name, const QColor& color, bool dashed,
                    const std::vector<std::pair<double, double>>& samples, double scale, Drawn& out)
{
  auto* s = new QLineSeries;
  s->setName(name);
  s->setPen(QPen(color, 2, dashed ? Qt::DashLine : Qt::SolidLine));
  for (const auto& [x, t] : samples)
    if (x > 0 && t > 0) {
      s->append(x, t * scale);
      out.x.add(x);
      out.y.add(t * scale);
    }
  out.series << s;
  return s;
}

QScatterSeries* dotsOf(const QString& name, const QColor& color, bool hollow,
                       const std::vector<const machine::TrainingPoint*>& points, double scale, Drawn& out)
{
  auto* s = new QScatterSeries;
  s->setName(name);
  s->setMarkerSize(7);
  s->setColor(hollow ? QColor(Qt::white) : color);
  s->setBorderColor(color);
  for (const auto* p : points)
    if (p->bytes > 0 && p->medianSeconds > 0) {
      s->append(static_cast<double>(p->bytes), p->medianSeconds * scale);
      out.x.add(static_cast<double>(p->bytes));
      out.y.add(p->medianSeconds * scale);
    }
  out.series << s;
  return s;
}

/// The largest time any series of `profiles` will draw: it decides the unit.
double largestTime(const std::vector<ProfileCurves>& profiles)
{
  double top = 0;
  for (const auto& pc : profiles) {
    const auto r = bytesRange(pc);
    for (const auto& p : pc.points)
      top = std::max(top, p.medianSeconds);
    for (const auto& c : pc.profile.curves)
      top = std::max(top, c.seconds(r.hi));
    if (pc.profile.curves.empty())
      top = std::max(top, pc.profile.messageTime(r.hi, 0));
  }
  return top;
}

/// Draws one profile: a line per fitted curve (or the linear model) and the
/// raw points of each (pattern, ranks, stride) in the curve's colour.
void drawProfile(const ProfileCurves& pc, int index, bool prefix, double scale, Drawn& out)
{
  const auto range = bytesRange(pc);
  const bool dashed = index > 0;
  const auto name = QString::fromStdString(pc.profile.name);
  const auto label = [&](const QString& text) { return prefix ? name + ": " + text : text; };
  std::map<Key, std::vector<const machine::TrainingPoint*>> byCurve;
  for (const auto& p : pc.points)
    byCurve[{p.pattern, p.ranks, p.strideElements}].push_back(&p);
  std::map<Key, QColor> colors;
  int next = index * 3; // the second profile starts elsewhere in the palette
  const auto colorOf = [&](const Key& k) {
    auto [it, added] = colors.try_emplace(k, kPalette[next % std::size(kPalette)]);
    next += added ? 1 : 0;
    return it->second;
  };
  for (const auto& c : pc.profile.curves) {
    const Key k{c.pattern, c.ranks, c.strideElements};
    // drawn over the sizes it was fitted to, not extended past its last one
    const double hi = c.segments.empty() ? range.hi : std::max(range.lo, std::min(range.hi, c.segments.back().toBytes));
    lineOf(label(curveLabel(c.pattern, c.ranks, c.strideElements)), colorOf(k), dashed,
           sampleCurve(c, range.lo, hi), scale, out);
  }
  if (pc.profile.curves.empty())
    lineOf(label(QObject::tr("ρ + βx")), colorOf({"", 0, 0}), dashed, sampleLinearModel(pc.profile, range.lo, range.hi),
           scale, out);
  for (const auto& [k, points] : byCurve)
    dotsOf(label(QObject::tr("%1 measured").arg(curveLabel(std::get<0>(k), std::get<1>(k), std::get<2>(k)))),
           colorOf(k), dashed, points, scale, out);
}

/// The dots of a fitted curve share its colour: one legend entry (the line's)
/// is enough, and keeps the legend readable with many curves.
void hideDotsWithLine(QChart* chart, const QList<QXYSeries*>& series)
{
  QList<QRgb> lineColors;
  for (auto* s : series)
    if (!qobject_cast<QScatterSeries*>(s))
      lineColors << s->pen().color().rgb();
  for (auto* s : series)
    if (auto* dots = qobject_cast<QScatterSeries*>(s); dots && lineColors.contains(dots->borderColor().rgb()))
      for (auto* m : chart->legend()->markers(dots))
        m->setVisible(false);
}

} // namespace

ProfileCurves filterCurves(const ProfileCurves& pc, const CurveFilter& filter)
{
  std::map<std::string, int> most; // per pattern, the most ranks among the kept strides
  const auto patternKept = [&](const std::string& pattern, std::int64_t stride) {
    return (filter.pattern.empty() || pattern == filter.pattern) && (filter.strided || stride <= 1);
  };
  for (const auto& c : pc.profile.curves)
    if (patternKept(c.pattern, c.strideElements))
      most[c.pattern] = std::max(most[c.pattern], c.ranks);
  const auto kept = [&](const std::string& pattern, int ranks, std::int64_t stride) {
    if (!patternKept(pattern, stride))
      return false;
    return filter.ranks < 0 || ranks == (filter.ranks == 0 ? most[pattern] : filter.ranks);
  };
  if (pc.profile.curves.empty())
    return pc;
  ProfileCurves out{pc.profile, {}};
  out.profile.curves.clear();
  for (const auto& c : pc.profile.curves)
    if (kept(c.pattern, c.ranks, c.strideElements))
      out.profile.curves.push_back(c);
  for (const auto& p : pc.points)
    if (kept(p.pattern, p.ranks, p.strideElements))
      out.points.push_back(p);
  return out;
}

QString curveLabel(const std::string& pattern, int ranks, std::int64_t strideElements)
{
  auto text = QObject::tr("%1, %2 ranks").arg(QString::fromStdString(pattern)).arg(ranks);
  if (strideElements > 1)
    text += QObject::tr(", stride %1").arg(strideElements);
  return text;
}

std::vector<std::pair<double, double>> sampleCurve(const machine::CommCurve& curve, double lo, double hi)
{
  std::vector<double> xs;
  const double decades = std::log10(hi / lo);
  const int n = std::max(2, static_cast<int>(std::ceil(decades * kSamplesPerDecade)) + 1);
  for (int i = 0; i < n; ++i)
    xs.push_back(lo * std::pow(10, decades * i / (n - 1)));
  for (const auto& s : curve.segments) // both ends: the jump between segments is drawn where it is
    for (double x : {s.fromBytes, s.toBytes})
      if (x >= lo && x <= hi)
        xs.push_back(x);
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  std::vector<std::pair<double, double>> out;
  out.reserve(xs.size());
  for (double x : xs)
    out.emplace_back(x, curve.seconds(x));
  return out;
}

std::vector<std::pair<double, double>> sampleLinearModel(const machine::MachineProfile& profile, double lo, double hi)
{
  machine::CommCurve line;
  line.segments.push_back({lo, hi, profile.startup, profile.byteTime});
  return sampleCurve(line, lo, hi);
}

double fillCurvesChart(QChart* chart, const std::vector<ProfileCurves>& profiles)
{
  resetChart(chart);
  const auto unit = timeUnitFor(largestTime(profiles));
  Drawn drawn;
  for (int i = 0; i < static_cast<int>(profiles.size()); ++i)
    drawProfile(profiles[i], i, profiles.size() > 1, unit.factor, drawn);
  auto* x = decadeAxis(drawn.x, QObject::tr("message size (bytes)"));
  auto* y = decadeAxis(drawn.y, QObject::tr("time per call (%1)").arg(unit.name));
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  for (auto* s : drawn.series) {
    chart->addSeries(s);
    s->attachAxis(x);
    s->attachAxis(y);
  }
  hideDotsWithLine(chart, drawn.series);
  // a calibrated profile has a dozen curves: a column beside the plot keeps
  // each name whole, where a row under it cut them to "i..."
  const bool many = drawn.series.size() > 6;
  chart->legend()->setAlignment(many ? Qt::AlignRight : Qt::AlignBottom);
  auto font = chart->legend()->font();
  font.setPointSizeF(many ? 7.5 : 9);
  chart->legend()->setFont(font);
  QStringList names;
  for (const auto& pc : profiles)
    names << QString::fromStdString(pc.profile.name);
  const bool fitted = !profiles.empty() && !profiles[0].profile.curves.empty();
  chart->setTitle(profiles.size() > 1 ? QObject::tr("%1 (solid) vs %2 (dashed)").arg(names.value(0), names.value(1))
                  : fitted            ? QObject::tr("Communication time of %1: lines fitted, dots measured").arg(names.value(0))
                                      : QObject::tr("Communication time of %1: the linear model ρ + βx").arg(names.value(0)));
  return unit.factor;
}

} // namespace ps::views

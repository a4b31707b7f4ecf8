#include "views/chart-panel.h"

#include "views/chart-export.h"
#include "views/chart-basics.h"

#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>

#include <QCheckBox>
#include <QCursor>
#include <QHBoxLayout>
#include <QPainter>
#include <QPushButton>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace ps::views {
namespace {

/// The index of the point of `series` (not empty) whose x is nearest `x`:
/// by ratio on a log axis, by difference on a linear one.
int nearestPoint(const QLineSeries& series, double x, bool log)
{
  const auto distance = [&](double px) {
    return log && px > 0 && x > 0 ? std::abs(std::log(px / x)) : std::abs(px - x);
  };
  int best = 0;
  for (int i = 1; i < series.count(); ++i)
    if (distance(series.at(i).x()) < distance(series.at(best).x()))
      best = i;
  return best;
}

} // namespace

ChartPanel::ChartPanel(QWidget* parent) : QWidget(parent)
{
  setObjectName("chartPanel");
  m_tabs = new QTabWidget(this);
  m_processors = makeChartView("timeVsProcessors", tr("Predicted time vs processors"));
  m_values = makeChartView("timeVsValue", tr("Predicted time vs problem size"));
  m_tabs->addTab(m_processors, tr("Time vs P"));
  m_tabs->addTab(m_values, tr("Time vs N"));
  m_log = new QCheckBox(tr("Log axes"), this);
  m_log->setObjectName("logAxes");
  m_log->setChecked(true); // times fall like 1/P: a linear axis hides all but the first points
  auto* exportButton = new QPushButton(tr("Export…"), this);
  exportButton->setObjectName("exportChart");
  exportButton->setToolTip(tr("Save the visible chart as PNG, SVG or PDF, or both charts' data as CSV"));
  auto* bar = new QHBoxLayout;
  bar->addWidget(m_log);
  bar->addStretch();
  bar->addWidget(exportButton);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_tabs);
  layout->addLayout(bar);
  connect(m_log, &QCheckBox::toggled, this, &ChartPanel::setLogAxes);
  connect(exportButton, &QPushButton::clicked, this, &ChartPanel::exportWithDialog);
}

QChart* ChartPanel::processorsChart() const { return m_processors->chart(); }
QChart* ChartPanel::valuesChart() const { return m_values->chart(); }
QChart* ChartPanel::currentChart() const
{
  return m_tabs->currentIndex() == 0 ? processorsChart() : valuesChart();
}

void ChartPanel::setCurves(const std::vector<Curve>& timeVsP, const std::vector<Curve>& timeVsN,
                           const QString& variable)
{
  setProcessorCurves(timeVsP);
  setValueCurves(timeVsN, variable);
}

void ChartPanel::setProcessorCurves(const std::vector<Curve>& timeVsP, bool complete)
{
  m_timeVsP = timeVsP;
  fill(processorsChart(), m_timeVsP, tr("processors P"), true);
  setProcessorsPending(!complete);
}

void ChartPanel::setValueCurves(const std::vector<Curve>& timeVsN, const QString& variable)
{
  m_timeVsN = timeVsN;
  m_variable = variable;
  fill(valuesChart(), m_timeVsN, variable.isEmpty() ? tr("(no unknown to vary)") : variable, false);
}

void ChartPanel::clear() { setCurves({}, {}, m_variable); }

void ChartPanel::setProcessorsPending(bool on)
{
  processorsChart()->setTitle(on ? tr("Predicted time vs processors: computing…") : tr("Predicted time vs processors"));
}

void ChartPanel::setLogAxes(bool on)
{
  if (m_log->isChecked() != on)
    m_log->setChecked(on); // comes back here through toggled
  else
    setCurves(m_timeVsP, m_timeVsN, m_variable);
}

/// 2 while the processor counts span at most 2^6 (seven labels); 4 or 16
/// beyond, so that "1024" keeps room for its label in a narrow dock
/// instead of being elided to "1..."; beyond 2^16 (a variant on 2^20
/// processors), 2^k for at most four labels (1, 128, 16384, 2097152: with
/// six, "1048576" was elided to "104..."). The ticks stay on powers of two.
double ChartPanel::powerOfTwoBase(const std::vector<Curve>& curves)
{
  double lo = std::numeric_limits<double>::infinity(), hi = 0;
  for (const auto& c : curves)
    for (const auto& point : c.points)
      if (point.first > 0) {
        lo = std::min(lo, point.first);
        hi = std::max(hi, point.first);
      }
  const double octaves = hi > lo ? std::log2(hi / lo) : 0;
  if (octaves > 16)
    return std::exp2(std::ceil(octaves / 3));
  return octaves <= 6 ? 2 : octaves <= 12 ? 4 : 16;
}

void ChartPanel::fill(QChart* chart, const std::vector<Curve>& curves, const QString& xTitle, bool powersOfTwo)
{
  resetChart(chart);
  QString unit;
  const double scale = timeScale(curves, &unit);
  // log axes cannot draw a time of 0 (P = 1 has no communication, n = 2 may
  // have no work): such points are left out, and all-zero curves get linear axes
  const bool anyPositive = std::any_of(curves.begin(), curves.end(), [](const Curve& c) {
    return std::any_of(c.points.begin(), c.points.end(), [](const auto& p) { return p.first > 0 && p.second > 0; });
  });
  const bool log = m_log->isChecked() && anyPositive;
  QAbstractAxis* x = nullptr;
  QAbstractAxis* y = nullptr;
  if (log) {
    auto* lx = new QLogValueAxis;
    lx->setBase(powersOfTwo ? powerOfTwoBase(curves) : 10);
    lx->setLabelFormat(powersOfTwo ? "%.0f" : "%g"); // 1048576 processors, not 1.04858e+06
    auto* ly = new QLogValueAxis;
    ly->setLabelFormat("%g");
    x = lx;
    y = ly;
  } else {
    auto* vx = new QValueAxis;
    vx->setLabelFormat("%g");
    auto* vy = new QValueAxis;
    vy->setLabelFormat("%g");
    x = vx;
    y = vy;
  }
  x->setTitleText(xTitle);
  y->setTitleText(tr("time (%1)").arg(unit));
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const auto& c = curves[i];
    auto* series = new QLineSeries;
    series->setName(QString::fromStdString(c.variant));
    series->setPointsVisible(true);
    for (const auto& [px, t] : c.points)
      if (!log || (px > 0 && t > 0))
        series->append(px, t * scale);
    chart->addSeries(series);
    styleVariantSeries(series, static_cast<int>(i));
    series->attachAxis(x);
    series->attachAxis(y);
    connect(series, &QLineSeries::hovered, this, [series, xTitle, unit, log](const QPointF& p, bool state) {
      if (!state || series->count() == 0)
        return QToolTip::hideText();
      // the estimated point nearest the cursor, not the cursor's place on the line between two
      const auto point = series->at(nearestPoint(*series, p.x(), log));
      QToolTip::showText(QCursor::pos(), QStringLiteral("%1: %2 = %3, time = %4 %5")
                                           .arg(series->name(), xTitle, QString::number(point.x(), 'g', 10),
                                                QString::number(point.y(), 'g', 6), unit));
    });
  }
  fitAxes(curves, scale, log, x, y);
}

/// Qt Charts sizes an axis to the first series attached to it; the other
/// variants' points could fall outside it (a faster variant below a log
/// axis). The ranges here hold every point of every curve: whole decades (or
/// powers of two) on log axes, a hair wider, so that each has its tick label.
void ChartPanel::fitAxes(const std::vector<Curve>& curves, double scale, bool log, QAbstractAxis* x,
                         QAbstractAxis* y) const
{
  double x0 = std::numeric_limits<double>::infinity(), x1 = -x0, y0 = x0, y1 = -x0;
  for (const auto& c : curves)
    for (const auto& [px, t] : c.points) {
      if (log && (px <= 0 || t <= 0))
        continue; // not drawn (fill)
      x0 = std::min(x0, px);
      x1 = std::max(x1, px);
      y0 = std::min(y0, t * scale);
      y1 = std::max(y1, t * scale);
    }
  if (!(x0 <= x1))
    return;
  if (log) {
    const double xb = static_cast<QLogValueAxis*>(x)->base();
    const auto outward = [](double v, double base, bool up) {
      const double e = std::log(v) / std::log(base);
      return std::pow(base, up ? std::ceil(e - 1e-9) : std::floor(e + 1e-9));
    };
    // A hair beyond the powers: Qt Charts drops the label of an end tick
    // whose logarithm rounds to just inside the range (0.01 drew no "0.01").
    constexpr double kHair = 1.02;
    if (x0 > 0)
      x->setRange(outward(x0, xb, false) / kHair, std::max(outward(x1, xb, true), outward(x0, xb, false) * xb) * kHair);
    if (y0 > 0)
      y->setRange(outward(y0, 10, false) / kHair, std::max(outward(y1, 10, true), outward(y0, 10, false) * 10) * kHair);
    // one style per axis: %g wrote 100000 beside 1e+06 on one axis
    const auto decades = [](double lo, double hi) { return hi >= 1e5 || lo < 1e-4 ? "%.0e" : "%g"; };
    static_cast<QLogValueAxis*>(y)->setLabelFormat(decades(y0, y1));
    if (xb == 10)
      static_cast<QLogValueAxis*>(x)->setLabelFormat(decades(x0, x1));
    return;
  }
  auto* vx = static_cast<QValueAxis*>(x);
  vx->setRange(x0, x1 > x0 ? x1 : x0 + 1);
  vx->applyNiceNumbers(); // 0, 200, ... rather than 1, 256.75, 512.5
  auto* vy = static_cast<QValueAxis*>(y);
  vy->setRange(0, y1 > 0 ? y1 * 1.05 : 1);
  vy->applyNiceNumbers();
}

QString ChartPanel::csv() const
{
  QString out = "chart,variant,x,time_s\n";
  auto add = [&](const QString& chart, const std::vector<Curve>& curves) {
    for (const auto& c : curves)
      for (const auto& [x, t] : c.points)
        out += QStringLiteral("%1,%2,%3,%4\n")
                 .arg(chart, QString::fromStdString(c.variant), QString::number(x, 'g', 12), QString::number(t, 'g', 12));
  };
  add("P", m_timeVsP);
  add(m_variable.isEmpty() ? "value" : m_variable, m_timeVsN);
  return out;
}

bool ChartPanel::exportTo(const QString& path, QString* error) const
{
  return exportChartView(m_tabs->currentIndex() == 0 ? m_processors : m_values, path, csv(), error);
}

void ChartPanel::exportWithDialog()
{
  exportChartWithDialog(this, m_tabs->currentIndex() == 0 ? m_processors : m_values, csv(), "partscope-chart.png");
}

} // namespace ps::views

#pragma once
// The charts of predicted time: against the number of processors P (one
// curve per variant) and against one unknown such as N at each variant's
// arrangement. Log axes on demand, exact values on hover, export to PNG,
// SVG, PDF and CSV.

#include "views/analysis-job.h"

#include <QWidget>

class QAbstractAxis;
class QChart;
class QChartView;
class QCheckBox;
class QTabWidget;

namespace ps::views {

class ChartPanel : public QWidget {
  Q_OBJECT
public:
  explicit ChartPanel(QWidget* parent = nullptr);

  /// Replaces the curves; `variable` names the x axis of the second chart.
  void setCurves(const std::vector<Curve>& timeVsP, const std::vector<Curve>& timeVsN, const QString& variable);
  /// `complete` false: the curves so far of a sweep still computed (the
  /// title says so).
  void setProcessorCurves(const std::vector<Curve>& timeVsP, bool complete = true);
  void setValueCurves(const std::vector<Curve>& timeVsN, const QString& variable);
  void clear();
  /// On: the title says that the chart over P is being computed. Off: the
  /// title is restored. The curves stay as they are.
  void setProcessorsPending(bool on);

  QChart* processorsChart() const;
  QChart* valuesChart() const;
  /// The chart on the visible tab.
  QChart* currentChart() const;

  /// Writes the visible chart; the format follows the suffix (.png, .svg,
  /// .pdf, .csv). Returns false with `error` set when the file cannot be written.
  bool exportTo(const QString& path, QString* error) const;
  /// Both charts' curves as CSV: chart,variant,x,time_s.
  QString csv() const;

public slots:
  void setLogAxes(bool on);

private:
  void fill(QChart* chart, const std::vector<Curve>& curves, const QString& xTitle, bool powersOfTwo);
  static double powerOfTwoBase(const std::vector<Curve>& curves);
  void fitAxes(const std::vector<Curve>& curves, double scale, bool log, QAbstractAxis* x, QAbstractAxis* y) const;
  void exportWithDialog();

  QTabWidget* m_tabs;
  QChartView* m_processors;
  QChartView* m_values;
  QCheckBox* m_log;
  std::vector<Curve> m_timeVsP, m_timeVsN;
  QString m_variable;
};

} // namespace ps::views

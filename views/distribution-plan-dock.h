#pragma once
// The Distribution plan dock: Suggest Distribution (DDT) for the unit at the
// cursor. Controls (processors, machine profile, distributed dimensions,
// candidates per phase, a phase-times file) and Suggest / Cancel / Apply;
// then the decision per sequence, the phase timeline, the candidate table
// (the paper's Table 2), the remappings, the static-vs-dynamic charts over p
// and over the time per byte, the selected phase's alignment graph, the
// totals and the HPF directives. Apply writes the directives into the editor
// as one undoable edit and offers the mapping as a variant in the
// Distributions panel. The search runs on the EstimateController's worker.
// Source: DDT (Ayguade et al. 1997).

#include "views/distribute-job.h"

#include <QDockWidget>

#include <optional>

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QStandardItemModel;
class QTabWidget;
class QTableView;
class QTimer;
class QTreeView;

namespace ps::views {

class AlignmentGraphView;
class DistributionPanel;
class EstimateController;
class PlanTimeline;
class SourceEditor;

class DistributionPlanDock : public QDockWidget {
  Q_OBJECT
public:
  DistributionPlanDock(EstimateController* controller, SourceEditor* editor, DistributionPanel* panel,
                       QWidget* parent = nullptr);

  void setProcessors(int processors);
  int processors() const;
  /// A built-in profile name; unknown names are ignored.
  void setMachine(const QString& name);
  QString machine() const;
  /// The calibrated profiles the machine combo box lists after the built-ins.
  void setCalibratedMachines(const QStringList& names);
  void setMaxDistributedDims(int dims);
  void setCandidates(int k);
  /// Reads {"LINE": seconds} from `path` ("" forgets the file); false with
  /// `error` when it cannot be read.
  bool setPhaseTimesFile(const QString& path, QString* error = nullptr);

  /// The request Suggest would submit now (the editor's text and cursor,
  /// the Distributions panel's values, the dock's controls).
  DistributeJobInput snapshot() const;
  /// Shows the dock and submits the request (a running one is cancelled);
  /// once the plan is shown, the decision sweeps for the charts follow.
  void suggest();
  void cancel();
  /// True while the plan or its sweeps are computed.
  bool isRunning() const { return m_running || m_sweeping; }
  /// Writes the chosen solution's HPF directives into the editor (one undo
  /// step) and adds its mapping as variant "DDT" to the Distributions panel.
  /// False with `error` when there is no plan or the text changed since.
  bool apply(QString* error = nullptr);

  /// Selects phase `index` (into Plan::phases): timeline, table and graph.
  void selectPhase(int index, bool showGraph = true);
  int selectedPhase() const { return m_selectedPhase; }

  const std::optional<DistributeJobOutput>& lastOutput() const { return m_output; }
  QString statusText() const;
  PlanTimeline* timeline() const { return m_timeline; }
  AlignmentGraphView* alignmentGraph() const { return m_graph; }
  QStandardItemModel* candidatesModel() const { return m_candidates; }
  QStandardItemModel* remapsModel() const { return m_remaps; }
  QStandardItemModel* totalsModel() const { return m_totals; }
  QChart* processorsChart() const;
  QChart* byteTimeChart() const;

signals:
  /// The widgets show the newest plan, or its errors (the charts follow).
  void suggestFinished();
  /// The charts show the sweeps of the newest plan.
  void sweepsFinished();
  /// Apply changed the editor and the Distributions panel.
  void applied();

private:
  static constexpr int kResultsMinimumHeight = 320; // pixels: the tables and charts below the timeline
  static constexpr int kChartsMinimumWidth = 360;
  QWidget* createControls();
  QWidget* createResults();
  QWidget* createTables();
  QWidget* createSideTabs();
  void machineChanged();
  void choosePhaseTimes();
  void jobFinished(int generation, const DistributeJobOutput& output);
  void jobProgressed(const DistributeProgress& progress);
  void showPlan(const DistributeJobOutput& output);
  void showErrors(const DistributeJobOutput& output);
  void showSummary();
  void showSweeps();
  void sweepsArrived(const DistributeJobOutput& output);
  void setRunning(bool running, bool sweeping = false);
  void setStatus(const QString& text, bool error = false);
  void updateApply();
  void present();
  void fitTimelineHeight();
  QString variantSpec(QString* name) const;

  EstimateController* m_controller;
  SourceEditor* m_editor;
  DistributionPanel* m_panel;

  QSpinBox* m_processors = nullptr;
  QComboBox* m_machine = nullptr;
  QSpinBox* m_dims = nullptr;
  QSpinBox* m_k = nullptr;
  QPushButton* m_phaseTimesButton = nullptr;
  QLabel* m_phaseTimesLabel = nullptr;
  QPushButton* m_suggest = nullptr;
  QPushButton* m_cancel = nullptr;
  QPushButton* m_apply = nullptr;
  QProgressBar* m_progress = nullptr;
  QLabel* m_status = nullptr;
  QLabel* m_summary = nullptr;
  PlanTimeline* m_timeline = nullptr;
  QScrollArea* m_timelineScroll = nullptr;
  QTableView* m_candidatesView = nullptr;
  QTableView* m_remapsView = nullptr;
  QLabel* m_remapsTitle = nullptr;
  QTreeView* m_totalsView = nullptr;
  QStandardItemModel* m_candidates = nullptr;
  QStandardItemModel* m_remaps = nullptr;
  QStandardItemModel* m_totals = nullptr;
  QTabWidget* m_sideTabs = nullptr;
  QComboBox* m_sequence = nullptr;
  QChartView* m_pChart = nullptr;
  QChartView* m_betaChart = nullptr;
  AlignmentGraphView* m_graph = nullptr;
  QPlainTextEdit* m_hpf = nullptr;
  QTimer* m_staleTimer = nullptr;

  std::optional<DistributeJobOutput> m_output;
  DistributeJobInput m_request; // of the plan shown, for its sweeps
  std::map<int, double> m_phaseTimes;
  QString m_phaseTimesPath;
  QString m_planStatus; // the status line of the plan shown
  int m_generation = 0;
  bool m_running = false;  // the plan
  bool m_sweeping = false; // its sweeps
  bool m_processorsEdited = false;
  bool m_presented = false;
  int m_selectedPhase = -1;
};

} // namespace ps::views

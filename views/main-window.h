#pragma once
// The PartScope main window: the source editor in the middle, the Outline
// dock, the distribution panel, the results table with the estimator's
// notes, the charts and the Problems list. Actions live in one place with
// stable object names ("estimate", "fileOpen", ...) that menus, shortcuts and
// tests use. Parsing and estimating run on the EstimateController's worker.

#include "profile/coverage-counts.h"
#include "views/estimate-controller.h"
#include "views/machines-view.h"
#include "views/outline-snapshot.h"
#include "views/recovery-store.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>

class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QProgressBar;
class QProgressDialog;
class QStandardItemModel;
class QTableView;
class QScrollArea;
class QTabWidget;
class QTimer;
class QTreeView;
class QFrame;

namespace ps::views {

class CalibrateDialog;
class ChartPanel;
class ValidationDialog;
class ProfileJob;
class DistributionPanel;
class DistributionPlanDock;
class ResultsModel;
class ScalabilityPanel;
class SourceEditor;

class FormulasView;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  /// `recoveryFolder` (tests) replaces the application data folder.
  explicit MainWindow(const QString& recoveryFolder = {}, QWidget* parent = nullptr);
  ~MainWindow() override;

  /// Opens `path`; false with a message box (or `error`) when it cannot be
  /// read or is not a text file (the editor keeps what it had).
  bool openFile(const QString& path, QString* error = nullptr);
  bool saveFile(const QString& path);
  /// Selects the loop nest whose DO statement is on `line` (after the next analysis).
  void selectLoopAt(int line);
  /// Runs Estimate now and keeps re-estimating after every change.
  void estimate();
  /// Analysis ▸ Estimate Unit: the unit containing the cursor, whole.
  void estimateUnit();
  /// Analysis ▸ Estimate Program: the PROGRAM unit with every call.
  void estimateProgram();
  /// Analysis ▸ Keep Estimate…: stores the shown estimate (the JSON of
  /// `estimate --json` for the table's point) as `name` in the profile store
  /// (machineStorePath()); `partscope-cli kept` lists it. False with the
  /// store's one-sentence `error`, or when nothing is estimated yet.
  bool keepEstimate(const QString& name, QString* error);
  /// Analysis ▸ Profile Run: profiles the editor text in the background
  /// (progress dialog with Cancel), keeps the counts with the document
  /// (<file>.profile.json beside a saved program) and re-estimates with the
  /// measured branch probabilities. `inputFile` is the program's standard input.
  void profileRun(const QString& inputFile = {});
  /// The counts of the last profile run of this document, if any.
  const std::optional<profile::CoverageCounts>& profileCounts() const { return m_profileCounts; }
  /// The error of the last profile run; empty after a successful one.
  QString profileError() const { return m_profileError; }
  /// Where the counts of the program at `path` are kept.
  static QString profileCountsPath(const QString& path) { return path + ".profile.json"; }

  SourceEditor* editor() const { return m_editor; }
  DistributionPanel* distributionPanel() const { return m_panel; }
  /// The Distribution plan dock (Analysis ▸ Suggest Distribution, Ctrl+D).
  DistributionPlanDock* planDock() const { return m_planDock; }
  FormulasView* formulasView() const { return m_formulas; }
  /// The Machines dock (Machines ▸ Show Machines, Ctrl+Alt+M).
  MachinesView* machinesView() const { return m_machines; }
  /// Seam for the profile store (issue 11): where the calibrated profiles
  /// and their raw points come from. Reloads the Machines view, which adds
  /// the calibrated names to the machine combo boxes.
  void setMachineProviders(ProfilesProvider profiles, PointsProvider points);
  /// Shows and raises the Machines dock.
  void showMachines();
  /// Shows and raises `dock` in the bottom area, at least 3/5 of the window tall (560 px at most).
  void raiseTall(QDockWidget* dock);
  /// Machines ▸ Calibrate… (Ctrl+Alt+K): opens or raises the non-modal
  /// calibrate dialog; on success the Machines view reloads and selects the
  /// new profile.
  CalibrateDialog* calibrate();
  /// Analysis ▸ Validate… (Ctrl+Alt+V): opens or raises the validation
  /// dialog for the selected nest and the Distributions panel's variants.
  ValidationDialog* validate();
  ResultsModel* resultsModel() const { return m_results; }
  ChartPanel* chartPanel() const { return m_chart; }
  const EstimateController& controller() const { return m_controller; }
  ScalabilityPanel* scalabilityPanel() const { return m_scale; }
  /// Brings the Scalability tab to the front (it computes while visible).
  void showScalability();
  QStandardItemModel* problemsModel() const { return m_problems; }
  QStandardItemModel* outlineModel() const { return m_outline; }
  const OutlineSnapshot& outline() const { return m_snapshot; }
  QString filePath() const { return m_path; }
  /// Errors of the last estimate (missing values, bad specs), one per line.
  QStringList estimateErrors() const { return m_errors; }
  /// Milliseconds from the last change to the table and charts being updated.
  double lastUpdateMilliseconds() const { return m_lastUpdateMs; }
  /// True while the recovery banner offers text from an earlier session.
  bool recoveryOffered() const;
  void restoreRecovered();
  /// Writes the autosave file now (normally a second after the last edit).
  void autosaveNow();

signals:
  void analysisFinished();
  /// The table and the time-vs-P chart show the newest estimate.
  void estimateFinished();
  /// An estimate's table is shown while its chart over P is computed.
  void estimateTableShown();
  /// The time-vs-N chart shows the newest estimate (a second, slower pass).
  void valueSweepFinished();
  /// A profile run ended: counts stored, failed or cancelled.
  void profileRunFinished(bool measured);

protected:
  void closeEvent(QCloseEvent* event) override;

private:
  void createActions();
  void createMenus();
  void createDocks();
  QWidget* createCentral();
  QWidget* createFindBar();
  QWidget* createRecoveryBar();
  void readSettings();
  void writeSettings() const;
  void showRememberedMachines();

  void newFile();
  void openWithDialog();
  bool save();
  bool saveAs();
  bool maybeSave();
  void setCurrentPath(const QString& path);
  void addRecent(const QString& path);
  void rebuildRecentMenu();

  void textEdited();
  void settingsEdited();
  void submit();
  void submitValueSweep();
  void jobPartial(int generation, const JobOutput& output);
  void jobFinished(int generation, const JobOutput& output);
  void showAnalysis(const JobOutput& output);
  /// The table, notes, margin and formulas of an estimate (or its errors).
  void applyEstimate(const JobOutput& output);
  void finishEstimate(const JobOutput& output);
  /// Warning rows in the results and markers on the directives for what the
  /// analyser assumed about the nest's mapping.
  void showAssumptions(const std::vector<std::pair<int, std::string>>& assumptions);
  void updateSelection();
  void updateScaleProgram();
  void centralTabChanged();
  void selectDeeper(int delta);
  void jumpTo(const QModelIndex& index);
  void find(bool forward);
  void replaceOne();
  void replaceAll();
  void offerRecovery();
  void profileFinished();
  void showProfileError();
  void loadProfileCounts();
  void storeProfileCounts() const;
  void machinesReloaded(const QStringList& calibrated);
  void calibrationFinished(bool ok, const QString& name);

  SourceEditor* m_editor = nullptr;
  DistributionPanel* m_panel = nullptr;
  DistributionPlanDock* m_planDock = nullptr;
  FormulasView* m_formulas = nullptr;
  MachinesView* m_machines = nullptr;
  QPointer<CalibrateDialog> m_calibrate;
  QPointer<ValidationDialog> m_validate;
  QString m_pendingMachine; // the remembered machine, calibrated and not listed yet
  ResultsModel* m_results = nullptr;
  QTableView* m_resultsView = nullptr;
  QListWidget* m_notes = nullptr;
  ChartPanel* m_chart = nullptr;
  QTabWidget* m_centralTabs = nullptr;
  ScalabilityPanel* m_scale = nullptr;
  QScrollArea* m_scaleTab = nullptr; // the Scalability tab: m_scale, scrolled
  QList<QPointer<QWidget>> m_docksHiddenForScale; // the estimate's docks, back with the Source tab
  QStandardItemModel* m_outline = nullptr;
  QStandardItemModel* m_problems = nullptr;
  QTreeView* m_outlineView = nullptr;
  QTreeView* m_problemsView = nullptr;
  QWidget* m_findBar = nullptr;
  QLineEdit* m_findText = nullptr;
  QLineEdit* m_replaceText = nullptr;
  QFrame* m_recoveryBar = nullptr;
  QLabel* m_recoveryLabel = nullptr;
  QLabel* m_status = nullptr;
  QProgressBar* m_busy = nullptr;
  QMenu* m_recentMenu = nullptr;
  QTimer* m_analysisTimer = nullptr;
  QTimer* m_estimateTimer = nullptr;
  QTimer* m_autosaveTimer = nullptr;
  QTimer* m_chartPending = nullptr; // marks the chart as computing when the sweep outlasts the table

  EstimateController m_controller;
  RecoveryStore m_recovery;
  std::optional<RecoveredText> m_recovered;
  OutlineSnapshot m_snapshot;
  QString m_path;
  nlohmann::json m_shownTable; // the estimate the results table shows (Keep Estimate)
  bool m_estimating = false;     // after the first Estimate, changes re-estimate
  std::string m_scopeUnit;       // Estimate Unit: the unit estimated whole; "" for the selected nest
  bool m_scopeProgram = false;   // Estimate Program: the whole program
  int m_depth = 0;               // nesting depth of the selected loop
  int m_selectedLine = 0;        // DO line of the selected nest
  int m_pendingLoop = 0;         // --loop given before the first analysis
  QStringList m_errors;
  QElapsedTimer m_sinceChange;
  double m_lastUpdateMs = 0;
  int m_partialGeneration = 0;   // the request whose table (jobPartial) is shown
  bool m_loading = false;
  bool m_latin1 = false;         // the file is Latin-1 text: saved back as Latin-1
  bool m_fullyLoaded = true;     // the editor holds the whole file: saving over it loses nothing
  QPointer<ProfileJob> m_profileJob;
  QPointer<QProgressDialog> m_profileProgress;
  std::optional<profile::CoverageCounts> m_profileCounts;
  QString m_profileError;
};

} // namespace ps::views

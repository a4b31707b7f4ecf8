#pragma once
// The Scalability tab: the isospeed study of the distribution panel's
// program variants (or of analytic models the user types) from an initial
// state (p, n): a psi(p, p') table per variant, the range comparison's
// decision, the crossing points per machine profile and the charts of the
// psi ratio and of the equal-size crossings. Recomputes on the
// EstimateController's worker, debounced, while the tab is visible.
// Source: Sun-Pantano-Fahringer 1999; Sun 2002 (core/scaling).

#include "views/analysis-job.h"
#include "views/scale-job.h"

#include <QWidget>

#include <optional>

class QChartView;
class QComboBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QSpinBox;
class QStandardItemModel;
class QTabWidget;
class QTableView;
class QTimer;

namespace ps::views {

class EstimateController;
class PsiTableModel;
class ScalabilityModelEditor;

class ScalabilityPanel : public QWidget {
  Q_OBJECT
public:
  enum class Source { ProgramVariants, AnalyticModels };

  ScalabilityPanel(EstimateController* controller, QWidget* parent = nullptr);

  /// The program, loop and variants of the distribution panel; models stored
  /// for `path` are loaded into the editor when the path changes.
  void setProgram(const QString& path, const QString& text, const EstimateSettings& settings);
  void setSource(Source source);
  Source source() const;
  void setInitialState(qint64 p, qint64 n);
  /// "8,16"; empty: powers of two up to 4p.
  void setScaledProcessors(const QString& list);
  /// A profile name, "all" for every built-in profile side by side, or ""
  /// for the distribution panel's profile.
  void setMachine(const QString& name);
  /// Loads a model file into the editor and compares its models.
  bool loadModels(const QString& path, QString* error);

  /// What a recompute now would submit; nullopt with `error` when the inputs are incomplete.
  std::optional<ScaleJobInput> snapshot(QString* error) const;
  /// Submits now (the debounce timer calls this).
  void recompute();

  ScalabilityModelEditor* modelEditor() const { return m_editor; }
  int psiTableCount() const;
  PsiTableModel* psiModel(int variant) const;
  QString decision() const;
  QStandardItemModel* crossingModel() const { return m_crossings; }
  const std::optional<ScaleJobOutput>& lastOutput() const { return m_output; }

  /// The visible chart as PNG, SVG or PDF, or everything as CSV (by the suffix).
  bool exportTo(const QString& path, QString* error) const;
  QString csv() const;

signals:
  /// The widgets show the newest study.
  void studyFinished();
  /// No study can run (no loop selected, no model, a bad p' list): the
  /// status line says why.
  void studyRefused();
  /// Program variants or analytic models are now compared.
  void sourceChanged();

protected:
  void showEvent(QShowEvent* event) override;

private:
  QWidget* createControls();
  QWidget* createResults();
  QWidget* createCharts();
  void scheduleRecompute();
  void studyDone(int generation, const ScaleJobOutput& output);
  void showPsiTables(const nlohmann::json& report);
  void arrangePsiTables();
  void resizeEvent(QResizeEvent* event) override;
  void showDecision(const ScaleJobOutput& output);
  void showCharts();
  void storeModels() const;
  std::vector<double> scaledProcessors() const;
  QChartView* currentChartView() const;

  EstimateController* m_controller;
  QComboBox* m_source;
  QSpinBox* m_p;
  QSpinBox* m_n;
  QLineEdit* m_pPrimes;
  QComboBox* m_machine;
  QLabel* m_status;
  ScalabilityModelEditor* m_editor;
  QWidget* m_psiBox;
  QScrollArea* m_psiArea;
  std::vector<PsiTableModel*> m_psiModels;
  std::vector<QTableView*> m_psiViews;
  QLabel* m_initial;  // the times at (p, n)
  QLabel* m_decision;
  QStandardItemModel* m_crossings;
  QTableView* m_crossingView;
  QTabWidget* m_chartTabs;
  QChartView* m_ratioChart;
  QChartView* m_sizeChart;
  QChartView* m_processorChart;
  QTimer* m_timer;

  ScaleJobInput m_program; // the program part of the snapshot
  bool m_hasProgram = false;
  std::string m_programMachine = "paragon"; // the distribution panel's profile
  QString m_modelsPath;   // the document the editor's models belong to
  bool m_dirty = true;
  int m_generation = 0;
  int m_chartRow = 0;     // the crossing table row the charts show
  std::optional<ScaleJobOutput> m_output;
};

} // namespace ps::views

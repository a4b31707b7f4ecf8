#pragma once
// Analysis ▸ Validate…: compares the predicted transfer time TT of the
// selected loop nest under one distribution variant with a real MPI run and
// a SimGrid simulation, per processor count, by running `partscope-cli
// validate … --json` (issue 11, contract 5) in a QProcess with progress and
// Cancel. The table shows predicted, measured and simulated TT with units
// and the relative differences; an error row says why a number is missing.
// Source: P3T+ Def. 3.6 (transfer time TT).

#include "views/analysis-job.h"

#include <QDialog>
#include <QProcess>

#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QStandardItemModel;
class QTableView;
class QTemporaryDir;

namespace ps::views {

/// One processor count of `partscope-cli validate --json`.
struct ValidationPoint {
  qint64 procs = 0;
  double predictedSeconds = 0;
  std::optional<double> measuredSeconds;  // null: no real run (not asked, or it failed)
  std::optional<double> simulatedSeconds; // null: no simulation
  qint64 messages = 0;
  double bytes = 0;
};

struct ValidationResult {
  std::vector<ValidationPoint> points;
  QStringList notes;
};

/// Parses contract 5's JSON ({"points":[…],"notes":[…]}); nullopt with
/// `error` (one sentence) when it is not that shape.
std::optional<ValidationResult> parseValidationJson(const QByteArray& json, QString* error);

/// (other - predicted) / predicted as "+12.3 %"; "—" without both numbers.
QString relativeDifferenceText(double predicted, std::optional<double> other);

class ValidationDialog : public QDialog {
  Q_OBJECT
public:
  /// Columns of model().
  enum Column { Procs, Predicted, Measured, Simulated, MeasuredDiff, SimulatedDiff, Messages, Bytes, ColumnCount };

  explicit ValidationDialog(QWidget* parent = nullptr);
  ~ValidationDialog() override;

  /// The program and the nest to validate: `path` is the program file (the
  /// editor's text is written to a temporary copy when `text` is given, for
  /// an unsaved or modified program), `settings` the Distributions panel's.
  void setProgram(const QString& path, const std::optional<QString>& text, const EstimateSettings& settings);
  /// The partscope-cli to run; default: next to the running program.
  void setCliPath(const QString& path) { m_cli = path; }
  /// Selects the variant named `name`; false when there is none.
  bool setVariant(const QString& name);
  /// Processor counts, "2,4,8".
  void setProcessors(const QString& list);
  void setRealRun(bool on);
  void setSimulation(bool on);

  /// The arguments Run passes (contract 5), with the program file `file`.
  QStringList arguments(const QString& file) const;
  /// Runs partscope-cli validate; false when something is missing (shown as the error row).
  bool start();
  void cancel();
  bool isRunning() const;

  /// Shows a result as the table (also what start() does with the output).
  void showResult(const ValidationResult& result);
  /// Shows `message` as the table's error row.
  void showError(const QString& message);
  QStandardItemModel* model() const { return m_model; }
  QString statusText() const;

signals:
  void validationFinished(bool ok);

private:
  void processFinished(int exitCode, QProcess::ExitStatus status);
  void processFailed(QProcess::ProcessError error);
  void readStderr();
  void setRunning(bool running);
  QString programFile(QString* error);
  void readSettings();
  void writeSettings() const;

  QString m_cli;
  QString m_path;
  std::optional<QString> m_text;
  EstimateSettings m_settings;
  std::unique_ptr<QTemporaryDir> m_temp;
  QComboBox* m_variant = nullptr;
  QLineEdit* m_procs = nullptr;
  QCheckBox* m_real = nullptr;
  QCheckBox* m_simgrid = nullptr;
  QLabel* m_nest = nullptr;
  QProgressBar* m_progress = nullptr;
  QLabel* m_status = nullptr;
  QStandardItemModel* m_model = nullptr;
  QTableView* m_table = nullptr;
  QListWidget* m_notes = nullptr;
  QPushButton* m_run = nullptr;
  QPushButton* m_cancel = nullptr;
  QProcess* m_process = nullptr;
  QByteArray m_stdout;
  QByteArray m_stderrPending;
  QStringList m_stderrLines;
  bool m_cancelled = false;
};

} // namespace ps::views

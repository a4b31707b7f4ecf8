#pragma once
// Machines ▸ Calibrate…: runs the training set on this machine through
// `partscope-cli calibrate` in a QProcess (the GUI never blocks), shows its
// `progress DONE/TOTAL TEXT` lines (issue 11, contract 2) in a progress bar
// and a label, its stderr errors in the dialog; Cancel terminates the run
// (the profile store keeps the points measured so far). The controls are
// remembered in QSettings ("calibrate/...").
// Source: Balasundaram, Fox, Kennedy, Kremer 1991, Sec. 5 (training set).

#include <QDialog>
#include <QProcess>

#include <optional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace ps::views {

/// One `progress DONE/TOTAL TEXT` line of contract 2.
struct ProgressLine {
  int done = 0;
  int total = 0;
  QString text;
};

/// Parses a progress line (without its newline); nullopt for any other
/// line, for TOTAL <= 0 and for DONE outside 0..TOTAL.
std::optional<ProgressLine> parseProgressLine(const QString& line);

/// Feeds a process's stderr through parseProgressLine line by line, keeping
/// a partial last line for the next chunk; other lines are kept as errors.
class ProgressLineReader {
public:
  /// The progress lines completed by `chunk`; other lines go to errors().
  std::vector<ProgressLine> feed(const QByteArray& chunk);
  /// What is left when the process ended (a last line without newline).
  std::vector<ProgressLine> finish();
  QStringList errors() const { return m_errors; }

private:
  QByteArray m_pending;
  QStringList m_errors;
};

class CalibrateDialog : public QDialog {
  Q_OBJECT
public:
  /// A new name or a calibrated profile's (that calibrates the machine
  /// again); the store's rule (machine::checkStoredName) decides.
  explicit CalibrateDialog(QWidget* parent = nullptr);
  ~CalibrateDialog() override;

  /// The partscope-cli to run; default: next to the running program.
  void setProgram(const QString& path) { m_program = path; }
  QString program() const { return m_program; }
  /// The arguments Start passes (contract 2 / the train part's options).
  QStringList arguments() const;
  /// Empty when the controls are valid, else the sentence saying why not.
  QString validationError() const;

  void setName(const QString& name);
  void setRanks(int ranks);
  void setQuick(bool quick);
  void setHostfile(const QString& path);
  void setMpirun(const QString& command);
  /// Empty: run on this machine (mpirun). A profile name: run the training
  /// set under SimGrid on a platform generated from that profile
  /// (`calibrate --simgrid NAME`); hostfile and mpirun do not apply then.
  void setSimulated(const QString& profile);
  QString simulated() const;

  /// Starts the run; false (with the reason shown) when the controls are invalid.
  bool start();
  /// Terminates a running calibration (SIGTERM, then SIGKILL after 3 s).
  void cancel();
  bool isRunning() const;

  int progressValue() const;
  int progressMaximum() const;
  QString progressText() const;
  QString errorText() const;

  /// Escape and the window's close button do nothing while a run goes on:
  /// Cancel Run first (closing must not throw a calibration away by accident).
  void reject() override;

signals:
  /// The run ended: `ok` when partscope-cli exited 0; `name` is the profile's.
  void calibrationFinished(bool ok, const QString& name);

private:
  void readStderr();
  void processFinished(int exitCode, QProcess::ExitStatus status);
  void processFailed(QProcess::ProcessError error);
  void setRunning(bool running);
  void updateStart();
  void updateTarget();
  void chooseHostfile();
  void readSettings();
  void writeSettings() const;

  QString m_program;
  QSpinBox* m_ranks = nullptr;
  QCheckBox* m_quick = nullptr;
  QLineEdit* m_hostfile = nullptr;
  QLineEdit* m_mpirun = nullptr;
  QComboBox* m_simulate = nullptr;
  QLineEdit* m_name = nullptr;
  QLabel* m_nameError = nullptr;
  QProgressBar* m_progress = nullptr;
  QLabel* m_status = nullptr;
  QPlainTextEdit* m_errors = nullptr;
  QPushButton* m_start = nullptr;
  QPushButton* m_cancel = nullptr;
  QPushButton* m_close = nullptr;
  QProcess* m_process = nullptr;
  ProgressLineReader m_reader;
  bool m_cancelled = false;
  QString m_runName;
};

} // namespace ps::views

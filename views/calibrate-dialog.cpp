#include "views/calibrate-dialog.h"

#include "views/machine-store.h"

#include "machine/calibration-runner.h"
#include "machine/machine-profile.h"
#include "machine/profile-store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

namespace ps::views {
namespace {

constexpr int kKillAfterMs = 3000; // a run that ignores SIGTERM this long is killed

} // namespace

std::optional<ProgressLine> parseProgressLine(const QString& line)
{
  const auto p = machine::progressFromLine(line.trimmed().toStdString()); // the CLI's own reader
  if (!p)
    return std::nullopt;
  return ProgressLine{p->done, p->total, QString::fromStdString(p->text).trimmed()};
}

std::vector<ProgressLine> ProgressLineReader::feed(const QByteArray& chunk)
{
  m_pending += chunk;
  std::vector<ProgressLine> out;
  for (qsizetype nl = m_pending.indexOf('\n'); nl >= 0; nl = m_pending.indexOf('\n')) {
    const auto line = QString::fromUtf8(m_pending.left(nl)).trimmed();
    m_pending.remove(0, nl + 1);
    if (auto p = parseProgressLine(line))
      out.push_back(*p);
    else if (!line.isEmpty())
      m_errors << line;
  }
  return out;
}

std::vector<ProgressLine> ProgressLineReader::finish()
{
  return m_pending.isEmpty() ? std::vector<ProgressLine>{} : feed("\n");
}

CalibrateDialog::CalibrateDialog(QWidget* parent)
  : QDialog(parent),
    m_program(QCoreApplication::applicationDirPath() + "/partscope-cli")
{
  setObjectName("calibrateDialog");
  setWindowTitle(tr("Calibrate This Machine"));
  m_ranks = new QSpinBox(this);
  m_ranks->setObjectName("calibrateRanks");
  m_ranks->setRange(2, 4096);
  m_ranks->setValue(std::max(2, QThread::idealThreadCount()));
  m_ranks->setToolTip(tr("MPI ranks of the largest measurement (default: the cores of this machine)"));
  m_quick = new QCheckBox(tr("&Quick (fewer sizes and repetitions)"), this);
  m_quick->setObjectName("calibrateQuick");
  m_hostfile = new QLineEdit(this);
  m_hostfile->setObjectName("calibrateHostfile");
  m_hostfile->setPlaceholderText(tr("optional: the MPI hostfile of a cluster"));
  auto* browse = new QPushButton(tr("&Browse…"), this);
  browse->setObjectName("calibrateHostfileBrowse");
  auto* hostRow = new QHBoxLayout;
  hostRow->addWidget(m_hostfile, 1);
  hostRow->addWidget(browse);
  m_mpirun = new QLineEdit(this);
  m_mpirun->setObjectName("calibrateMpirun");
  m_mpirun->setPlaceholderText(tr("optional: mpirun command (default: mpirun)"));
  m_simulate = new QComboBox(this);
  m_simulate->setObjectName("calibrateSimulate");
  m_simulate->addItem(tr("No: measure this machine with mpirun"), QString());
  for (const auto& m : machine::builtinProfiles())
    m_simulate->addItem(tr("Under SimGrid, as '%1'").arg(QString::fromStdString(m.name)), QString::fromStdString(m.name));
  for (const auto& m : storedProfiles(machineStorePath()))
    m_simulate->addItem(tr("Under SimGrid, as '%1'").arg(QString::fromStdString(m.name)), QString::fromStdString(m.name));
  m_simulate->setToolTip(tr("Run the training set on a SimGrid platform generated from a profile (its latency, "
                            "bandwidth and topology) instead of this machine's MPI: what calibration would see there"));
  m_name = new QLineEdit(this);
  m_name->setObjectName("calibrateName");
  m_name->setPlaceholderText(tr("name of the new profile, e.g. mycluster"));
  m_nameError = new QLabel(this);
  m_nameError->setObjectName("calibrateNameError");
  m_nameError->setStyleSheet("color: #b02020;");
  auto* form = new QFormLayout;
  form->addRow(tr("&Name:"), m_name);
  form->addRow(QString(), m_nameError);
  form->addRow(tr("&Ranks:"), m_ranks);
  form->addRow(QString(), m_quick);
  auto* hostLabel = new QLabel(tr("&Hostfile:"), this); // a row of a layout gets no buddy by itself
  hostLabel->setBuddy(m_hostfile);
  form->addRow(hostLabel, hostRow);
  form->addRow(tr("&mpirun:"), m_mpirun);
  form->addRow(tr("Si&mulate:"), m_simulate);

  m_progress = new QProgressBar(this);
  m_progress->setObjectName("calibrateProgress");
  m_progress->setRange(0, 1);
  m_progress->setValue(0);
  m_status = new QLabel(tr("Not started"), this);
  m_status->setObjectName("calibrateStatus");
  m_errors = new QPlainTextEdit(this);
  m_errors->setObjectName("calibrateErrors");
  m_errors->setReadOnly(true);
  m_errors->setMaximumBlockCount(200);
  m_errors->setPlaceholderText(tr("Messages of partscope-cli calibrate"));
  m_errors->setMinimumHeight(80);

  auto* buttons = new QDialogButtonBox(this);
  m_start = buttons->addButton(tr("&Start"), QDialogButtonBox::ActionRole);
  m_start->setObjectName("calibrateStart");
  m_cancel = buttons->addButton(tr("Cancel Run"), QDialogButtonBox::ActionRole);
  m_cancel->setObjectName("calibrateCancel");
  m_close = buttons->addButton(QDialogButtonBox::Close);
  m_close->setObjectName("calibrateClose");
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(m_progress);
  layout->addWidget(m_status);
  layout->addWidget(m_errors, 1);
  layout->addWidget(buttons);

  connect(browse, &QPushButton::clicked, this, &CalibrateDialog::chooseHostfile);
  connect(m_name, &QLineEdit::textChanged, this, &CalibrateDialog::updateStart);
  connect(m_hostfile, &QLineEdit::textChanged, this, &CalibrateDialog::updateStart);
  connect(m_simulate, &QComboBox::currentIndexChanged, this, &CalibrateDialog::updateTarget);
  connect(m_start, &QPushButton::clicked, this, &CalibrateDialog::start);
  connect(m_cancel, &QPushButton::clicked, this, &CalibrateDialog::cancel);
  connect(m_close, &QPushButton::clicked, this, &QDialog::reject);
  readSettings();
  setRunning(false);
  updateStart();
  resize(520, 420);
}

CalibrateDialog::~CalibrateDialog()
{
  if (isRunning()) { // closing the IDE mid-run: the store keeps what was measured
    m_process->disconnect(this);
    // SIGTERM first: the CLI stops its mpirun's process group and keeps what it
    // measured; a SIGKILLed CLI leaves mpirun and every rank running
    m_process->terminate();
    if (!m_process->waitForFinished(kKillAfterMs)) {
      m_process->kill();
      m_process->waitForFinished(kKillAfterMs);
    }
  }
}

QStringList CalibrateDialog::arguments() const
{
  QStringList args{"calibrate", "--ranks", QString::number(m_ranks->value())};
  if (m_quick->isChecked())
    args << "--quick";
  if (!simulated().isEmpty())
    args << "--simgrid" << simulated();
  else if (!m_hostfile->text().trimmed().isEmpty())
    args << "--hostfile" << m_hostfile->text().trimmed();
  if (simulated().isEmpty() && !m_mpirun->text().trimmed().isEmpty())
    args << "--mpirun" << m_mpirun->text().trimmed();
  args << "--name" << m_name->text().trimmed() << "--db" << machineStorePath();
  return args;
}

QString CalibrateDialog::validationError() const
{
  std::string error; // the store's own rule, so that the name it gets is one it keeps
  if (!machine::checkStoredName(m_name->text().trimmed().toStdString(), &error))
    return QString::fromStdString(error);
  const auto hostfile = m_hostfile->text().trimmed();
  if (simulated().isEmpty() && !hostfile.isEmpty() && !QFileInfo(hostfile).isFile())
    return tr("Hostfile '%1' does not exist").arg(hostfile);
  return {};
}

void CalibrateDialog::setName(const QString& name) { m_name->setText(name); }
void CalibrateDialog::setRanks(int ranks) { m_ranks->setValue(ranks); }
void CalibrateDialog::setQuick(bool quick) { m_quick->setChecked(quick); }
void CalibrateDialog::setHostfile(const QString& path) { m_hostfile->setText(path); }
void CalibrateDialog::setMpirun(const QString& command) { m_mpirun->setText(command); }

void CalibrateDialog::setSimulated(const QString& profile)
{
  const int at = m_simulate->findData(profile);
  m_simulate->setCurrentIndex(at >= 0 ? at : 0);
}

QString CalibrateDialog::simulated() const { return m_simulate->currentData().toString(); }

/// The mpirun controls mean nothing for a simulated run; SimGrid platforms
/// go to 1024 ranks (simgrid-platform.h).
void CalibrateDialog::updateTarget()
{
  const bool real = simulated().isEmpty();
  m_hostfile->setEnabled(real && !isRunning());
  m_mpirun->setEnabled(real && !isRunning());
  m_ranks->setMaximum(real ? 4096 : 1024);
  updateStart();
}

bool CalibrateDialog::start()
{
  if (isRunning())
    return false;
  if (const auto why = validationError(); !why.isEmpty()) {
    m_nameError->setText(why);
    return false;
  }
  writeSettings();
  m_runName = m_name->text().trimmed();
  m_reader = {};
  m_cancelled = false;
  m_errors->clear();
  m_progress->setRange(0, 0); // busy until the first progress line says how many steps
  m_status->setText(tr("Starting %1…").arg(QFileInfo(m_program).fileName()));
  m_process = new QProcess(this);
  m_process->setProgram(m_program);
  m_process->setArguments(arguments());
  connect(m_process, &QProcess::readyReadStandardError, this, &CalibrateDialog::readStderr);
  connect(m_process, &QProcess::finished, this, &CalibrateDialog::processFinished);
  connect(m_process, &QProcess::errorOccurred, this, &CalibrateDialog::processFailed);
  setRunning(true);
  m_process->start();
  return true;
}

void CalibrateDialog::cancel()
{
  if (!isRunning())
    return;
  m_cancelled = true;
  m_status->setText(tr("Cancelling…"));
  m_process->terminate();
  QTimer::singleShot(kKillAfterMs, m_process, [p = m_process] {
    if (p->state() != QProcess::NotRunning)
      p->kill();
  });
}

void CalibrateDialog::reject()
{
  if (!isRunning())
    QDialog::reject();
}

bool CalibrateDialog::isRunning() const { return m_process && m_process->state() != QProcess::NotRunning; }

int CalibrateDialog::progressValue() const { return m_progress->value(); }
int CalibrateDialog::progressMaximum() const { return m_progress->maximum(); }
QString CalibrateDialog::progressText() const { return m_status->text(); }
QString CalibrateDialog::errorText() const { return m_errors->toPlainText(); }

void CalibrateDialog::readStderr()
{
  const auto before = m_reader.errors().size();
  for (const auto& p : m_reader.feed(m_process->readAllStandardError())) {
    m_progress->setRange(0, p.total);
    m_progress->setValue(p.done);
    m_status->setText(tr("%1 of %2: %3").arg(p.done).arg(p.total).arg(p.text));
  }
  for (const auto& e : m_reader.errors().mid(before))
    m_errors->appendPlainText(e);
}

void CalibrateDialog::processFinished(int exitCode, QProcess::ExitStatus status)
{
  readStderr();
  const auto before = m_reader.errors().size();
  m_reader.finish();
  for (const auto& e : m_reader.errors().mid(before))
    m_errors->appendPlainText(e);
  const bool ok = !m_cancelled && status == QProcess::NormalExit && exitCode == 0;
  if (ok) {
    m_progress->setRange(0, 1);
    m_progress->setValue(1);
    m_status->setText(tr("Calibrated '%1'").arg(m_runName));
  } else if (m_cancelled) {
    m_progress->setRange(0, std::max(1, m_progress->maximum()));
    m_status->setText(tr("Cancelled; the points measured so far are kept"));
  } else {
    m_progress->setRange(0, std::max(1, m_progress->maximum()));
    const auto last = m_reader.errors().value(m_reader.errors().size() - 1);
    m_status->setText(status == QProcess::CrashExit ? tr("partscope-cli calibrate crashed")
                      : last.isEmpty()              ? tr("partscope-cli calibrate failed with exit code %1").arg(exitCode)
                                                    : last);
  }
  m_process->deleteLater();
  m_process = nullptr;
  setRunning(false);
  emit calibrationFinished(ok, m_runName);
}

void CalibrateDialog::processFailed(QProcess::ProcessError error)
{
  if (error != QProcess::FailedToStart)
    return; // the other errors end in finished()
  m_errors->appendPlainText(tr("Cannot run '%1': %2").arg(m_program, m_process->errorString()));
  m_status->setText(tr("Cannot run '%1'").arg(QFileInfo(m_program).fileName()));
  m_progress->setRange(0, 1);
  m_progress->setValue(0);
  m_process->deleteLater();
  m_process = nullptr;
  setRunning(false);
  emit calibrationFinished(false, m_runName);
}

void CalibrateDialog::setRunning(bool running)
{
  for (QWidget* w : std::initializer_list<QWidget*>{m_ranks, m_quick, m_hostfile, m_mpirun, m_name, m_simulate})
    w->setEnabled(!running);
  if (!running)
    updateTarget();
  m_cancel->setEnabled(running);
  m_close->setEnabled(!running);
  updateStart();
}

void CalibrateDialog::updateStart()
{
  const auto why = validationError();
  m_nameError->setText(m_name->text().isEmpty() ? QString() : why);
  m_start->setEnabled(!isRunning() && why.isEmpty());
}

void CalibrateDialog::chooseHostfile()
{
  const auto path = QFileDialog::getOpenFileName(this, tr("MPI hostfile"), m_hostfile->text());
  if (!path.isEmpty())
    m_hostfile->setText(path);
}

void CalibrateDialog::readSettings()
{
  QSettings s;
  if (s.contains("calibrate/ranks"))
    m_ranks->setValue(s.value("calibrate/ranks").toInt());
  m_quick->setChecked(s.value("calibrate/quick", true).toBool());
  m_hostfile->setText(s.value("calibrate/hostfile").toString());
  m_mpirun->setText(s.value("calibrate/mpirun").toString());
}

void CalibrateDialog::writeSettings() const
{
  QSettings s;
  s.setValue("calibrate/ranks", m_ranks->value());
  s.setValue("calibrate/quick", m_quick->isChecked());
  s.setValue("calibrate/hostfile", m_hostfile->text().trimmed());
  s.setValue("calibrate/mpirun", m_mpirun->text().trimmed());
}

} // namespace ps::views

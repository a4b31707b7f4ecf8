#include "views/validation-dialog.h"

#include "views/calibrate-dialog.h"
#include "views/machine-store.h"
#include "views/statement-annotations.h"
#include "views/source-settings.h"
#include "views/time-units.h"

#include <nlohmann/json.hpp>

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardItemModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>

namespace ps::views {
namespace {

constexpr int kKillAfterMs = 3000;

std::optional<double> optionalNumber(const nlohmann::json& o, const char* key)
{
  const auto it = o.find(key);
  if (it == o.end() || it->is_null() || !it->is_number())
    return std::nullopt;
  return it->get<double>();
}

QString timeText(std::optional<double> seconds)
{
  return seconds ? formatSecondsSignificant(*seconds) : QObject::tr("—");
}

QStandardItem* cell(const QString& text, const QString& tip = {})
{
  auto* item = new QStandardItem(text);
  item->setEditable(false);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  if (!tip.isEmpty())
    item->setToolTip(tip);
  return item;
}

} // namespace

std::optional<ValidationResult> parseValidationJson(const QByteArray& json, QString* error)
{
  const auto doc = nlohmann::json::parse(json.toStdString(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("points") || !doc["points"].is_array()) {
    *error = QObject::tr("partscope-cli validate printed no result (expected JSON with 'points')");
    return std::nullopt;
  }
  ValidationResult r;
  for (const auto& p : doc["points"]) {
    const auto procs = optionalNumber(p, "procs");
    const auto predicted = optionalNumber(p, "predicted_tt_s");
    if (!procs || !predicted) {
      *error = QObject::tr("A point of partscope-cli validate lacks 'procs' or 'predicted_tt_s'");
      return std::nullopt;
    }
    r.points.push_back({static_cast<qint64>(*procs), *predicted, optionalNumber(p, "measured_tt_s"),
                        optionalNumber(p, "simulated_tt_s"), static_cast<qint64>(optionalNumber(p, "messages").value_or(0)),
                        optionalNumber(p, "bytes").value_or(0)});
  }
  if (doc.contains("notes") && doc["notes"].is_array())
    for (const auto& n : doc["notes"])
      if (n.is_string())
        r.notes << QString::fromStdString(n.get<std::string>());
  return r;
}

QString relativeDifferenceText(double predicted, std::optional<double> other)
{
  if (!other || predicted == 0)
    return QObject::tr("—");
  const double d = (*other - predicted) / predicted * 100;
  return (d >= 0 ? "+" : "") + QString::number(d, 'f', 1) + " %";
}

ValidationDialog::ValidationDialog(QWidget* parent)
  : QDialog(parent), m_cli(QCoreApplication::applicationDirPath() + "/partscope-cli")
{
  setObjectName("validationDialog");
  setWindowTitle(tr("Validate the Transfer Time"));
  m_nest = new QLabel(this);
  m_nest->setObjectName("validationNest");
  m_variant = new QComboBox(this);
  m_variant->setObjectName("validationVariant");
  m_procs = new QLineEdit("2,4", this);
  m_procs->setObjectName("validationProcs");
  m_procs->setToolTip(tr("Processor counts to run, comma-separated"));
  m_real = new QCheckBox(tr("&Real run (mpirun)"), this);
  m_real->setObjectName("validationReal");
  m_simgrid = new QCheckBox(tr("&Simulation (SimGrid)"), this);
  m_simgrid->setObjectName("validationSimgrid");
  auto* form = new QFormLayout;
  form->addRow(tr("Nest:"), m_nest);
  form->addRow(tr("&Variant:"), m_variant);
  form->addRow(tr("&Processors:"), m_procs);
  form->addRow(QString(), m_real);
  form->addRow(QString(), m_simgrid);
  m_progress = new QProgressBar(this);
  m_progress->setObjectName("validationProgress");
  m_progress->setRange(0, 1);
  m_status = new QLabel(this);
  m_status->setObjectName("validationStatus");
  m_status->setWordWrap(true);
  m_model = new QStandardItemModel(0, ColumnCount, this);
  m_model->setHorizontalHeaderLabels({tr("P"), tr("Predicted TT"), tr("Measured TT"), tr("Simulated TT"),
                                      tr("Measured vs predicted"), tr("Simulated vs predicted"), tr("Messages"),
                                      tr("Bytes")});
  m_table = new QTableView(this);
  m_table->setObjectName("validationTable");
  m_table->setModel(m_model);
  m_table->verticalHeader()->hide();
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_notes = new QListWidget(this);
  m_notes->setObjectName("validationNotes");
  m_notes->setWordWrap(true);
  m_notes->setMaximumHeight(90);
  auto* buttons = new QDialogButtonBox(this);
  m_run = buttons->addButton(tr("&Run"), QDialogButtonBox::ActionRole);
  m_run->setObjectName("validationRun");
  m_cancel = buttons->addButton(tr("Cancel Run"), QDialogButtonBox::ActionRole);
  m_cancel->setObjectName("validationCancel");
  auto* close = buttons->addButton(QDialogButtonBox::Close);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(m_progress);
  layout->addWidget(m_status);
  layout->addWidget(m_table, 1);
  layout->addWidget(m_notes);
  layout->addWidget(buttons);
  connect(m_run, &QPushButton::clicked, this, &ValidationDialog::start);
  connect(m_cancel, &QPushButton::clicked, this, &ValidationDialog::cancel);
  connect(close, &QPushButton::clicked, this, &QDialog::reject);
  readSettings();
  setRunning(false);
  m_notes->hide(); // until a result has notes
  resize(900, 420);
}

ValidationDialog::~ValidationDialog()
{
  if (isRunning()) {
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

void ValidationDialog::setProgram(const QString& path, const std::optional<QString>& text,
                                  const EstimateSettings& settings)
{
  m_path = path;
  m_text = text;
  m_settings = settings;
  const auto current = m_variant->currentText();
  m_variant->clear();
  for (const auto& v : settings.variants)
    m_variant->addItem(QString::fromStdString(v.name));
  setVariant(current);
  m_nest->setText(settings.loopLine > 0 ? tr("DO at line %1 of %2, machine %3")
                                            .arg(settings.loopLine)
                                            .arg(path.isEmpty() ? tr("the untitled program") : QFileInfo(path).fileName(),
                                                 QString::fromStdString(settings.machine))
                                        : tr("No loop nest selected"));
}

bool ValidationDialog::setVariant(const QString& name)
{
  const int i = m_variant->findText(name);
  if (i >= 0)
    m_variant->setCurrentIndex(i);
  return i >= 0;
}

void ValidationDialog::setProcessors(const QString& list) { m_procs->setText(list); }
void ValidationDialog::setRealRun(bool on) { m_real->setChecked(on); }
void ValidationDialog::setSimulation(bool on) { m_simgrid->setChecked(on); }

QStringList ValidationDialog::arguments(const QString& file) const
{
  QStringList args{"validate", file, "--loop", QString::number(m_settings.loopLine)};
  const int v = m_variant->currentIndex();
  if (v >= 0 && v < static_cast<int>(m_settings.variants.size()))
    if (const auto spec = m_settings.variants[v].spec(); !spec.empty())
      args << "--dist" << QString::fromStdString(spec);
  args << "--procs" << m_procs->text().remove(' ') << "--machine" << QString::fromStdString(m_settings.machine)
       << "--db" << machineStorePath();
  for (const auto& [name, value] : m_settings.values)
    args << "--set" << QStringLiteral("%1=%2").arg(QString::fromStdString(name)).arg(value);
  // the program is read as the IDE reads it; an unsaved copy lives in a
  // temporary folder, so its own folder is searched for INCLUDE files too
  if (m_text && !m_path.isEmpty())
    args << "--include-dir" << QFileInfo(m_path).absolutePath();
  const auto source = sourceSettings();
  for (const auto& dir : source.includeDirs)
    args << "--include-dir" << QString::fromStdString(dir);
  for (const auto& define : source.defines)
    args << "-D" << QString::fromStdString(define);
  if (m_real->isChecked())
    args << "--real";
  if (m_simgrid->isChecked())
    args << "--simgrid";
  args << "--json";
  return args;
}

/// The file partscope-cli reads: the saved program, or a temporary copy of
/// the editor's text (same file name, so fixed or free form is kept).
QString ValidationDialog::programFile(QString* error)
{
  if (!m_text)
    return m_path;
  m_temp = std::make_unique<QTemporaryDir>();
  const auto name = m_path.isEmpty() ? QStringLiteral("untitled.f90") : QFileInfo(m_path).fileName();
  QFile f(m_temp->filePath(name));
  if (!m_temp->isValid() || !f.open(QIODevice::WriteOnly | QIODevice::Text) || f.write(m_text->toUtf8()) < 0) {
    *error = tr("Cannot write a copy of the program for partscope-cli: %1").arg(f.errorString());
    return {};
  }
  return f.fileName();
}

bool ValidationDialog::start()
{
  if (isRunning())
    return false;
  m_model->removeRows(0, m_model->rowCount());
  m_notes->clear();
  if (m_settings.loopLine <= 0) {
    showError(tr("Select a loop nest first (put the cursor inside a DO loop)"));
    return false;
  }
  QString error;
  const auto file = programFile(&error);
  if (file.isEmpty()) {
    showError(error);
    return false;
  }
  writeSettings();
  m_stdout.clear();
  m_stderrPending.clear();
  m_stderrLines.clear();
  m_cancelled = false;
  m_process = new QProcess(this);
  m_process->setProgram(m_cli);
  m_process->setArguments(arguments(file));
  connect(m_process, &QProcess::readyReadStandardOutput, this, [this] { m_stdout += m_process->readAllStandardOutput(); });
  connect(m_process, &QProcess::readyReadStandardError, this, &ValidationDialog::readStderr);
  connect(m_process, &QProcess::finished, this, &ValidationDialog::processFinished);
  connect(m_process, &QProcess::errorOccurred, this, &ValidationDialog::processFailed);
  m_progress->setRange(0, 0);
  m_status->setText(tr("Running partscope-cli validate…"));
  setRunning(true);
  m_process->start();
  return true;
}

void ValidationDialog::cancel()
{
  if (!isRunning())
    return;
  m_cancelled = true;
  m_process->terminate();
  QProcess* p = m_process;
  QTimer::singleShot(kKillAfterMs, p, [p] {
    if (p->state() != QProcess::NotRunning)
      p->kill();
  });
}

bool ValidationDialog::isRunning() const { return m_process && m_process->state() != QProcess::NotRunning; }

QString ValidationDialog::statusText() const { return m_status->text(); }

/// Progress lines (as calibrate's, should validate print them) drive the
/// bar; the rest is kept for the error row.
void ValidationDialog::readStderr()
{
  m_stderrPending += m_process->readAllStandardError();
  for (qsizetype nl = m_stderrPending.indexOf('\n'); nl >= 0; nl = m_stderrPending.indexOf('\n')) {
    const auto line = QString::fromUtf8(m_stderrPending.left(nl)).trimmed();
    m_stderrPending.remove(0, nl + 1);
    if (const auto p = parseProgressLine(line)) {
      m_progress->setRange(0, p->total);
      m_progress->setValue(p->done);
      m_status->setText(tr("%1 of %2: %3").arg(p->done).arg(p->total).arg(p->text));
    } else if (!line.isEmpty()) {
      m_stderrLines << line;
    }
  }
}

void ValidationDialog::processFinished(int exitCode, QProcess::ExitStatus status)
{
  m_stdout += m_process->readAllStandardOutput();
  readStderr();
  if (!m_stderrPending.trimmed().isEmpty())
    m_stderrLines << QString::fromUtf8(m_stderrPending).trimmed();
  m_process->deleteLater();
  m_process = nullptr;
  setRunning(false);
  m_progress->setRange(0, 1);
  m_progress->setValue(m_cancelled ? 0 : 1);
  if (m_cancelled) {
    showError(tr("Cancelled"));
    emit validationFinished(false);
    return;
  }
  QString error;
  const auto result = status == QProcess::NormalExit && exitCode == 0 ? parseValidationJson(m_stdout, &error)
                                                                       : std::nullopt;
  if (!result) {
    const auto why = !m_stderrLines.isEmpty() ? m_stderrLines.last()
                     : !error.isEmpty()       ? error
                                              : tr("partscope-cli validate failed with exit code %1").arg(exitCode);
    showError(why);
    emit validationFinished(false);
    return;
  }
  showResult(*result);
  emit validationFinished(true);
}

void ValidationDialog::processFailed(QProcess::ProcessError error)
{
  if (error != QProcess::FailedToStart)
    return;
  const auto why = tr("Cannot run '%1': %2").arg(m_cli, m_process->errorString());
  m_process->deleteLater();
  m_process = nullptr;
  setRunning(false);
  m_progress->setRange(0, 1);
  m_progress->setValue(0);
  showError(why);
  emit validationFinished(false);
}

void ValidationDialog::showResult(const ValidationResult& result)
{
  m_table->clearSpans();
  m_model->removeRows(0, m_model->rowCount());
  const auto notes = result.notes.join("\n");
  for (const auto& p : result.points) {
    const auto missingTip = notes.isEmpty() ? QString() : notes;
    m_model->appendRow({cell(QString::number(p.procs)), cell(timeText(p.predictedSeconds)),
                        cell(timeText(p.measuredSeconds), p.measuredSeconds ? QString() : missingTip),
                        cell(timeText(p.simulatedSeconds), p.simulatedSeconds ? QString() : missingTip),
                        cell(relativeDifferenceText(p.predictedSeconds, p.measuredSeconds)),
                        cell(relativeDifferenceText(p.predictedSeconds, p.simulatedSeconds)),
                        cell(QString::number(p.messages)), cell(shortBytes(p.bytes))});
  }
  m_notes->clear();
  m_notes->addItems(result.notes);
  m_notes->setVisible(!result.notes.isEmpty());
  QStringList procs;
  for (const auto& p : result.points)
    procs << QString::number(p.procs);
  m_status->setText(procs.isEmpty() ? tr("partscope-cli validate returned no processor counts")
                                    : tr("Validated at P = %1").arg(procs.join(", ")));
}

void ValidationDialog::showError(const QString& message)
{
  m_model->removeRows(0, m_model->rowCount());
  auto* item = new QStandardItem(message);
  item->setEditable(false);
  item->setForeground(QColor(0xb0, 0x20, 0x20));
  QList<QStandardItem*> row{item};
  for (int c = 1; c < ColumnCount; ++c)
    row << cell(QString());
  m_model->appendRow(row);
  m_table->setSpan(0, 0, 1, ColumnCount);
  m_status->setText(message);
}

void ValidationDialog::setRunning(bool running)
{
  m_run->setEnabled(!running);
  m_cancel->setEnabled(running);
  for (QWidget* w : std::initializer_list<QWidget*>{m_variant, m_procs, m_real, m_simgrid})
    w->setEnabled(!running);
}

void ValidationDialog::readSettings()
{
  QSettings s;
  m_procs->setText(s.value("validate/procs", "2,4").toString());
  m_real->setChecked(s.value("validate/real", true).toBool());
  m_simgrid->setChecked(s.value("validate/simgrid", true).toBool());
}

void ValidationDialog::writeSettings() const
{
  QSettings s;
  s.setValue("validate/procs", m_procs->text());
  s.setValue("validate/real", m_real->isChecked());
  s.setValue("validate/simgrid", m_simgrid->isChecked());
}

} // namespace ps::views

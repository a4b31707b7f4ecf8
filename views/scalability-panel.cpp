#include "views/scalability-panel.h"
#include "views/source-settings.h"

#include "views/chart-basics.h"
#include "views/time-units.h"

#include "machine/machine-profile.h"
#include "scaling/scale-study.h"
#include "views/chart-export.h"
#include "views/estimate-controller.h"
#include "views/scalability-charts.h"
#include "views/scalability-model-editor.h"
#include "views/scalability-models.h"

#include <QtCharts/QChart>
#include <QtCharts/QChartView>

#include <QComboBox>
#include <QCryptographicHash>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace ps::views {
namespace {

constexpr int kDebounceMs = 200;
constexpr int kPsiMinimumHeight = 140; // two rows of a psi table and its header

/// Word wrap whose height does not follow the width: a label's height for
/// width makes the Scalability tab's scroll area size the panel for its
/// narrowest width, far beyond a 1400 x 900 window.
void wrapWithoutHeightForWidth(QLabel* label)
{
  label->setWordWrap(true);
  auto policy = label->sizePolicy();
  policy.setHeightForWidth(false);
  label->setSizePolicy(policy);
}

QSpinBox* spinBox(const char* name, int lo, int hi, int value, const QString& tip)
{
  auto* box = new QSpinBox;
  box->setObjectName(name);
  box->setRange(lo, hi);
  box->setValue(value);
  box->setToolTip(tip);
  box->setKeyboardTracking(false);
  return box;
}

/// The size variable of the program: n when it has one (the papers' name).
std::string sizeVariableOf(const EstimateSettings& s)
{
  if (s.values.count("n") || s.values.empty())
    return "n";
  return s.sweepVariable.empty() ? s.values.begin()->first : s.sweepVariable;
}

/// A psi table without inner scroll bars: as large as its contents.
void fitToContents(QTableView* view)
{
  view->resizeColumnsToContents();
  view->resizeRowsToContents();
  int w = view->verticalHeader()->sizeHint().width() + 2 * view->frameWidth();
  int h = view->horizontalHeader()->sizeHint().height() + 2 * view->frameWidth();
  for (int c = 0; c < view->model()->columnCount(); ++c)
    w += view->columnWidth(c);
  for (int r = 0; r < view->model()->rowCount(); ++r)
    h += view->rowHeight(r);
  view->setFixedSize(w, h);
}

QString settingsKey(const QString& path)
{
  return "scalability/models/" + QCryptographicHash::hash(path.toUtf8(), QCryptographicHash::Sha1).toHex();
}

} // namespace

ScalabilityPanel::ScalabilityPanel(EstimateController* controller, QWidget* parent)
  : QWidget(parent), m_controller(controller)
{
  setObjectName("scalabilityPanel");
  m_timer = new QTimer(this);
  m_timer->setSingleShot(true);
  m_timer->setInterval(kDebounceMs);
  m_crossings = new QStandardItemModel(this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(createControls());
  layout->addWidget(createResults(), 1);
  connect(m_timer, &QTimer::timeout, this, &ScalabilityPanel::recompute);
  connect(m_controller, &EstimateController::scaleFinished, this, &ScalabilityPanel::studyDone);
  connect(m_controller, &EstimateController::scaleProgressed, this, [this](int done, int total) {
    m_status->setText(tr("Computing… %1 of %2").arg(done).arg(total));
  });
  setSource(Source::ProgramVariants);
}

QWidget* ScalabilityPanel::createControls()
{
  m_source = new QComboBox;
  m_source->setObjectName("scaleSource");
  m_source->addItems({tr("Program variants"), tr("Analytic models")});
  m_p = spinBox("scaleP", 1, 1 << 20, 4, tr("Initial number of processors p"));
  m_n = spinBox("scaleN", 1, 2000000000, 20, tr("Initial problem size n"));
  m_pPrimes = new QLineEdit;
  m_pPrimes->setObjectName("scaleTo");
  m_pPrimes->setPlaceholderText(tr("powers of two up to 64 (4p when larger)"));
  m_pPrimes->setToolTip(tr("Scaled processor counts p', comma-separated, ascending, above p"));
  m_pPrimes->setMinimumWidth(m_pPrimes->fontMetrics().horizontalAdvance(m_pPrimes->placeholderText()) + 16);
  m_machine = new QComboBox;
  m_machine->setObjectName("scaleMachine");
  m_machine->addItem(tr("as in Distributions"), QString());
  for (const auto& m : machine::builtinProfiles())
    m_machine->addItem(QString::fromStdString(m.name), QString::fromStdString(m.name));
  m_machine->addItem(tr("All profiles"), QStringLiteral("all"));
  m_status = new QLabel;
  m_status->setObjectName("scaleStatus");
  auto* exportButton = new QPushButton(tr("Export…"));
  exportButton->setObjectName("exportScalability");
  exportButton->setToolTip(tr("Save the visible chart as PNG, SVG or PDF, or all tables and curves as CSV"));
  // two rows: in one, the tab would be wider than a 1400 px window with the docks open
  auto* bar = new QWidget;
  auto* rows = new QVBoxLayout(bar);
  rows->setContentsMargins(0, 0, 0, 0);
  auto* row = new QHBoxLayout;
  for (auto [label, widget] : std::initializer_list<std::pair<QString, QWidget*>>{
         {tr("Compare:"), m_source}, {tr("p ="), m_p}, {tr("n ="), m_n}, {tr("p' ="), m_pPrimes}}) {
    row->addWidget(new QLabel(label));
    row->addWidget(widget);
  }
  row->addStretch(1);
  auto* second = new QHBoxLayout;
  second->addWidget(new QLabel(tr("Machine:")));
  second->addWidget(m_machine);
  second->addWidget(m_status, 1);
  second->addWidget(exportButton);
  rows->addLayout(row);
  rows->addLayout(second);
  connect(m_source, &QComboBox::currentIndexChanged, this, [this] { setSource(source()); });
  connect(m_p, &QSpinBox::valueChanged, this, &ScalabilityPanel::scheduleRecompute);
  connect(m_n, &QSpinBox::valueChanged, this, &ScalabilityPanel::scheduleRecompute);
  connect(m_pPrimes, &QLineEdit::textEdited, this, &ScalabilityPanel::scheduleRecompute);
  connect(m_machine, &QComboBox::currentIndexChanged, this, &ScalabilityPanel::scheduleRecompute);
  connect(exportButton, &QPushButton::clicked, this,
          [this] { exportChartWithDialog(this, currentChartView(), csv(), "partscope-scalability.png"); });
  return bar;
}

QWidget* ScalabilityPanel::createResults()
{
  m_editor = new ScalabilityModelEditor;
  connect(m_editor, &ScalabilityModelEditor::modelsChanged, this, [this] {
    storeModels();
    scheduleRecompute();
  });
  m_psiBox = new QWidget;
  auto* psiLayout = new QGridLayout(m_psiBox);
  psiLayout->setContentsMargins(0, 0, 0, 0);
  psiLayout->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  m_psiArea = new QScrollArea;
  m_psiArea->setWidget(m_psiBox);
  m_psiArea->setWidgetResizable(true);
  m_psiArea->setFrameShape(QFrame::NoFrame);
  m_initial = new QLabel;
  m_initial->setObjectName("scaleInitial");
  wrapWithoutHeightForWidth(m_initial);
  m_decision = new QLabel;
  m_decision->setObjectName("scaleDecision");
  wrapWithoutHeightForWidth(m_decision);
  m_decision->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_decision->setStyleSheet("font-weight: bold; padding: 4px;");
  m_crossingView = new QTableView;
  m_crossingView->setObjectName("crossingTable");
  m_crossingView->setModel(m_crossings);
  m_crossingView->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_crossingView->setSelectionMode(QAbstractItemView::SingleSelection);
  m_crossingView->horizontalHeader()->setStretchLastSection(true);
  m_crossingView->verticalHeader()->hide();
  connect(m_crossingView, &QTableView::clicked, this, [this](const QModelIndex& index) {
    m_chartRow = index.row();
    showCharts();
  });
  auto* left = new QWidget;
  auto* leftLayout = new QVBoxLayout(left);
  leftLayout->setContentsMargins(0, 0, 0, 0);
  leftLayout->addWidget(m_editor, 3);
  leftLayout->addWidget(m_initial);
  leftLayout->addWidget(m_decision);
  leftLayout->addWidget(m_crossingView, 2);
  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(left);
  split->addWidget(createCharts());
  split->setSizes({1000, 1000});
  auto* caption = new QLabel(tr("ψ(p, p') per variant (Sun-Pantano-Fahringer 1999, Eq. 4); in each cell ψ, the "
                                "scaled size n' and the predicted time T(p', W')"));
  wrapWithoutHeightForWidth(caption);
  auto* results = new QWidget;
  auto* layout = new QVBoxLayout(results);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(caption);
  layout->addWidget(m_psiArea);
  layout->addWidget(split, 1);
  return results;
}

QWidget* ScalabilityPanel::createCharts()
{
  m_ratioChart = makeChartView("scaleRatioChart", tr("Range comparison: Φ/Ψ vs p'"));
  m_sizeChart = makeChartView("scaleTimeVsN", tr("Equal-size crossing: time vs n at p"));
  m_processorChart = makeChartView("scaleTimeVsP", tr("Equal-size crossing: time vs p at n"));
  m_chartTabs = new QTabWidget;
  m_chartTabs->setObjectName("scaleCharts");
  m_chartTabs->addTab(m_ratioChart, tr("Φ/Ψ vs p'"));
  m_chartTabs->addTab(m_sizeChart, tr("Time vs n"));
  m_chartTabs->addTab(m_processorChart, tr("Time vs p"));
  return m_chartTabs;
}

// ---- inputs -------------------------------------------------------------------

void ScalabilityPanel::setProgram(const QString& path, const QString& text, const EstimateSettings& settings)
{
  ScaleJobInput program;
  program.path = path.toStdString();
  program.text = text.toStdString();
  program.parse = sourceSettings();
  program.loopLine = settings.loopLine;
  for (const auto& v : settings.variants)
    program.variants.push_back({v.name, v.spec()});
  program.values = settings.values;
  program.sizeVariable = sizeVariableOf(settings);
  if (settings.machine != m_programMachine) {
    m_programMachine = settings.machine;
    scheduleRecompute();
  }
  if (path != m_modelsPath) {
    m_modelsPath = path;
    const auto stored = QSettings().value(settingsKey(path)).toString().toStdString();
    std::string error;
    if (auto file = stored.empty() ? std::nullopt : scaling::parseModelFile(stored, &error))
      m_editor->setModelFile(*file);
  }
  const bool same = m_hasProgram && program.path == m_program.path && program.text == m_program.text &&
                    program.loopLine == m_program.loopLine && program.variants == m_program.variants &&
                    program.values == m_program.values;
  m_program = std::move(program);
  m_hasProgram = true;
  if (!same && source() == Source::ProgramVariants)
    scheduleRecompute();
}

void ScalabilityPanel::setSource(Source s)
{
  const int index = s == Source::AnalyticModels ? 1 : 0;
  if (m_source->currentIndex() != index)
    m_source->setCurrentIndex(index); // comes back here through currentIndexChanged
  m_editor->setVisible(s == Source::AnalyticModels);
  scheduleRecompute();
  emit sourceChanged();
}

ScalabilityPanel::Source ScalabilityPanel::source() const
{
  return m_source->currentIndex() == 1 ? Source::AnalyticModels : Source::ProgramVariants;
}

void ScalabilityPanel::setInitialState(qint64 p, qint64 n)
{
  m_p->setValue(static_cast<int>(p));
  m_n->setValue(static_cast<int>(n));
}

void ScalabilityPanel::setScaledProcessors(const QString& list)
{
  m_pPrimes->setText(list);
  scheduleRecompute();
}

void ScalabilityPanel::setMachine(const QString& name)
{
  const int index = m_machine->findData(name.toLower());
  if (index >= 0)
    m_machine->setCurrentIndex(index);
}

bool ScalabilityPanel::loadModels(const QString& path, QString* error)
{
  if (!m_editor->loadFile(path, error))
    return false;
  const auto file = m_editor->modelFile();
  if (file.initialP && file.initialN)
    setInitialState(static_cast<qint64>(*file.initialP), static_cast<qint64>(*file.initialN));
  setSource(Source::AnalyticModels);
  return true;
}

void ScalabilityPanel::storeModels() const
{
  if (!m_modelsPath.isEmpty())
    QSettings().setValue(settingsKey(m_modelsPath), QString::fromStdString(scaling::modelFileJson(m_editor->modelFile())));
}

std::vector<double> ScalabilityPanel::scaledProcessors() const
{
  std::vector<double> out;
  for (const auto& item : m_pPrimes->text().split(QRegularExpression("[,; ]"), Qt::SkipEmptyParts)) {
    bool ok = false;
    const double p = item.toDouble(&ok);
    out.push_back(ok && p > 0 ? p : -1); // -1: not a count, refused by snapshot()
  }
  if (out.empty())
    out = scaling::scaledProcessors(m_p->value(), scaling::defaultScaledLimit(m_p->value()), 0);
  return out;
}

std::optional<ScaleJobInput> ScalabilityPanel::snapshot(QString* error) const
{
  ScaleJobInput input;
  if (source() == Source::AnalyticModels) {
    auto specs = m_editor->specs(error);
    if (!specs)
      return std::nullopt;
    if (specs->empty()) {
      *error = tr("Add an analytic model (name, time formula, work formula)");
      return std::nullopt;
    }
    input.models = std::move(*specs);
  } else {
    if (!m_hasProgram || m_program.loopLine <= 0 || m_program.variants.empty()) {
      *error = tr("Select a loop nest and its distribution variants in the Distributions panel");
      return std::nullopt;
    }
    input = m_program;
  }
  auto machine = m_machine->currentData().toString();
  if (machine.isEmpty())
    machine = QString::fromStdString(m_programMachine);
  input.machines.clear();
  for (const auto& m : machine::builtinProfiles())
    if (machine == "all" || QString::fromStdString(m.name) == machine)
      input.machines.push_back(m.name);
  input.p = m_p->value();
  input.n = m_n->value();
  input.pPrimes = scaledProcessors();
  if (std::find(input.pPrimes.begin(), input.pPrimes.end(), -1.0) != input.pPrimes.end()) {
    *error = tr("p' takes processor counts separated by commas, such as 8,16,32");
    return std::nullopt;
  }
  return input;
}

// ---- computing ----------------------------------------------------------------

void ScalabilityPanel::showEvent(QShowEvent* event)
{
  QWidget::showEvent(event);
  if (m_dirty)
    m_timer->start();
}

void ScalabilityPanel::scheduleRecompute()
{
  m_dirty = true;
  if (isVisible())
    m_timer->start();
}

void ScalabilityPanel::recompute()
{
  m_timer->stop();
  m_dirty = false;
  QString error;
  auto input = snapshot(&error);
  if (!input) {
    m_status->setText(error);
    emit studyRefused();
    return;
  }
  m_status->setText(tr("Computing…"));
  m_generation = m_controller->submitScale(std::move(*input));
}

void ScalabilityPanel::studyDone(int generation, const ScaleJobOutput& output)
{
  if (generation != m_generation)
    return;
  m_output = output;
  m_editor->setErrors(output.modelErrors);
  QStringList errors;
  for (const auto& e : output.errors)
    errors << QString::fromStdString(e);
  if (!output.modelErrors.empty())
    errors << tr("A model formula is wrong: see the red cell");
  m_status->setText(errors.isEmpty() ? tr("Computed in %1 s").arg(output.seconds, 0, 'f', 2) : errors.join("; "));
  m_status->setToolTip(errors.join('\n'));
  showPsiTables(output.machines.empty() ? nlohmann::json() : output.machines.front().report);
  showDecision(output);
  fillCrossingTable(*m_crossings, output.machines);
  m_crossingView->resizeColumnsToContents();
  m_chartRow = std::min(m_chartRow, std::max(0, m_crossings->rowCount() - 1));
  showCharts();
  emit studyFinished();
}

// ---- results ------------------------------------------------------------------

void ScalabilityPanel::showPsiTables(const nlohmann::json& report)
{
  const auto variants = report.is_object() ? report["variants"] : nlohmann::json::array();
  while (m_psiModels.size() < variants.size()) {
    auto* model = new PsiTableModel(this);
    auto* view = new QTableView;
    view->setObjectName(QStringLiteral("psiTable%1").arg(m_psiModels.size()));
    view->setModel(model);
    view->setWordWrap(true);
    view->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* title = new QLabel;
    auto* box = new QWidget;
    box->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred);
    auto* boxLayout = new QVBoxLayout(box);
    boxLayout->setContentsMargins(0, 0, 8, 0);
    boxLayout->addWidget(title);
    boxLayout->addWidget(view);
    boxLayout->addStretch();
    m_psiModels.push_back(model);
    m_psiViews.push_back(view);
  }
  for (std::size_t i = 0; i < m_psiModels.size(); ++i) {
    const bool used = i < variants.size();
    m_psiModels[i]->setVariant(used ? variants[i] : nlohmann::json());
    auto* box = m_psiViews[i]->parentWidget();
    box->setVisible(used);
    if (!used)
      continue;
    const auto& v = variants[i];
    auto title = tr("ψ(p, p') of <b>%1</b>").arg(QString::fromStdString(v.value("name", "")).toHtmlEscaped());
    if (v.contains("mapping"))
      title += ": " + QString::fromStdString(v["mapping"].get<std::string>()).toHtmlEscaped();
    if (v.contains("error"))
      title += "<br><span style='color:#b02020'>" + QString::fromStdString(v["error"].get<std::string>()).toHtmlEscaped() + "</span>";
    box->findChild<QLabel*>()->setText(title);
    fitToContents(m_psiViews[i]);
  }
  arrangePsiTables();
}

void ScalabilityPanel::arrangePsiTables()
{
  // As many tables side by side as the width allows, the rest in further
  // rows, so that no table is cut off at the edge.
  auto* grid = static_cast<QGridLayout*>(m_psiBox->layout());
  std::vector<QWidget*> boxes;
  for (auto* view : m_psiViews)
    if (view->parentWidget()->isVisibleTo(m_psiBox))
      boxes.push_back(view->parentWidget());
  const int available = std::max(1, m_psiArea->viewport()->width());
  int columns = 0, used = 0;
  for (auto* box : boxes) {
    used += box->sizeHint().width();
    if (columns > 0 && used > available)
      break;
    ++columns;
  }
  columns = std::max(1, columns);
  for (auto* view : m_psiViews)
    grid->removeWidget(view->parentWidget());
  int height = 0, rowHeight = 0;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const int row = static_cast<int>(i) / columns, column = static_cast<int>(i) % columns;
    grid->addWidget(boxes[i], row, column);
    rowHeight = std::max(rowHeight, boxes[i]->sizeHint().height());
    if (column == columns - 1 || i + 1 == boxes.size()) {
      height += rowHeight + grid->verticalSpacing();
      rowHeight = 0;
    }
  }
  // At most about a third of the tab (their own scroll bar beyond): the
  // curves and the crossing table below must stay visible at 1400 x 900.
  const auto* tab = parentWidget() ? parentWidget() : this;
  const int cap = std::max(kPsiMinimumHeight, tab->height() / 3);
  m_psiArea->setFixedHeight(std::min(cap, height + m_psiArea->horizontalScrollBar()->sizeHint().height() + 4));
}

void ScalabilityPanel::resizeEvent(QResizeEvent* event)
{
  QWidget::resizeEvent(event);
  if (!m_psiViews.empty())
    arrangePsiTables();
}

void ScalabilityPanel::showDecision(const ScaleJobOutput& output)
{
  QStringList initial;
  if (!output.machines.empty())
    for (const auto& v : output.machines.front().report["variants"])
      if (v.contains("time_s"))
        initial << QStringLiteral("%1 %2%3")
                     .arg(QString::fromStdString(v["name"].get<std::string>()), formatSeconds(v["time_s"].get<double>()),
                          v.contains("mapping") ? " (" + QString::fromStdString(v["mapping"].get<std::string>()) + ")" : QString());
  m_initial->setText(initial.isEmpty() ? QString()
                                       : tr("T(p, n) at p = %1, n = %2: %3").arg(m_p->value()).arg(m_n->value()).arg(initial.join("; ")));
  QStringList lines;
  const bool many = output.machines.size() > 1;
  for (const auto& m : output.machines) {
    for (const auto& c : m.report["comparisons"])
      lines << (many ? QString::fromStdString(m.machine) + ": " : QString()) +
                 QString::fromStdString(c.value("decision", ""));
    if (many)
      break; // the crossing table holds the other machines
  }
  m_decision->setText(lines.join('\n'));
}

void ScalabilityPanel::showCharts()
{
  const ScaleJobOutput empty;
  const auto& out = m_output ? *m_output : empty;
  // the crossing table's rows are the machines' comparisons in order
  int row = m_chartRow;
  const MachineScale* machine = out.machines.empty() ? nullptr : &out.machines.front();
  for (const auto& m : out.machines) {
    const int pairs = static_cast<int>(m.report["comparisons"].size());
    if (row < pairs) {
      machine = &m;
      break;
    }
    row -= pairs;
  }
  const bool ok = machine && row < static_cast<int>(machine->report["comparisons"].size());
  fillRatioChart(m_ratioChart->chart(), ok ? machine->report["comparisons"][row] : nlohmann::json());
  const auto suffix = machine && out.machines.size() > 1 ? QStringLiteral(" (%1)").arg(QString::fromStdString(machine->machine)) : QString();
  const auto pairTitle = ok ? tr("%1 against %2")
                               .arg(QString::fromStdString(machine->report["comparisons"][row].value("slower", "")),
                                    QString::fromStdString(machine->report["comparisons"][row].value("faster", "")))
                          : QString();
  m_ratioChart->chart()->setTitle(tr("Φ/Ψ vs p': %1").arg(pairTitle) + suffix);
  const auto p = QString::number(m_p->value()), n = QString::number(m_n->value());
  fillTimeChart(m_sizeChart->chart(), machine ? machine->timeVsN : std::vector<Curve>{},
                machine ? machine->sizeCrossings : std::vector<CrossingMark>{}, row, tr("n (at p = %1)").arg(p));
  m_sizeChart->chart()->setTitle(tr("Equal-size crossing: time vs n at p = %1").arg(p) + suffix);
  fillTimeChart(m_processorChart->chart(), machine ? machine->timeVsP : std::vector<Curve>{},
                machine ? machine->processorCrossings : std::vector<CrossingMark>{}, row, tr("p (at n = %1)").arg(n));
  m_processorChart->chart()->setTitle(tr("Equal-size crossing: time vs p at n = %1").arg(n) + suffix);
}

int ScalabilityPanel::psiTableCount() const
{
  int count = 0;
  for (auto* m : m_psiModels)
    count += m->variant().is_object() ? 1 : 0;
  return count;
}

PsiTableModel* ScalabilityPanel::psiModel(int variant) const
{
  return variant >= 0 && variant < static_cast<int>(m_psiModels.size()) ? m_psiModels[variant] : nullptr;
}

QString ScalabilityPanel::decision() const { return m_decision->text(); }

// ---- export -------------------------------------------------------------------

QChartView* ScalabilityPanel::currentChartView() const
{
  return static_cast<QChartView*>(m_chartTabs->currentWidget());
}

bool ScalabilityPanel::exportTo(const QString& path, QString* error) const
{
  return exportChartView(currentChartView(), path, csv(), error);
}

QString ScalabilityPanel::csv() const
{
  QString out = "table,machine,name,x,y,n_prime,time_s\n";
  auto line = [&out](const QString& table, const std::string& machine, const std::string& name, double x, double y,
                     const QString& nPrime, double time) {
    out += QStringLiteral("%1,%2,%3,%4,%5,%6,%7\n")
             .arg(table, QString::fromStdString(machine), QString::fromStdString(name), QString::number(x, 'g', 12),
                  QString::number(y, 'g', 12), nPrime, QString::number(time, 'g', 12));
  };
  for (const auto& m : m_output ? m_output->machines : std::vector<MachineScale>{}) {
    for (const auto& v : m.report["variants"])
      for (const auto& c : v.value("psi", nlohmann::json::array()))
        if (c.contains("psi"))
          line("psi", m.machine, v["name"], c["p"], c["p_prime"], QString::number(c["n_prime"].get<qint64>()),
               c["time_s"]);
    for (const auto& c : m.report["comparisons"])
      for (const auto& r : c["ratios"])
        if (r["ratio"].is_number())
          line("ratio", m.machine, c.value("a", "") + " vs " + c.value("b", ""), r["p_prime"], r["ratio"], {}, 0);
    for (const auto& curve : m.timeVsN)
      for (const auto& [x, t] : curve.points)
        line("time_vs_n", m.machine, curve.variant, x, t, {}, t);
    for (const auto& curve : m.timeVsP)
      for (const auto& [x, t] : curve.points)
        line("time_vs_p", m.machine, curve.variant, x, t, {}, t);
  }
  return out;
}

} // namespace ps::views

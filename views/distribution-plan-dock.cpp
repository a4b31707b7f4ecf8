#include "views/distribution-plan-dock.h"
#include "views/source-settings.h"

#include "ddt/phase-times.h"
#include "machine/machine-profile.h"
#include "views/machine-combo.h"
#include "views/alignment-graph-view.h"
#include "views/chart-basics.h"
#include "views/distribution-panel.h"
#include "views/estimate-controller.h"
#include "views/mapping-colors.h"
#include "views/plan-charts.h"
#include "views/plan-choice.h"
#include "views/plan-tables.h"
#include "views/plan-timeline.h"
#include "views/source-editor.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <QtCharts/QChart>
#include <QtCharts/QChartView>

#include <algorithm>

namespace ps::views {
namespace {

/// Replaces the editor's text by `text` as one undo step, touching only the
/// part that differs (the cursor and the view stay where they were).
void replaceAsOneEdit(QsciScintilla& editor, const QString& text)
{
  const QString old = editor.text();
  qsizetype prefix = 0;
  while (prefix < old.size() && prefix < text.size() && old[prefix] == text[prefix])
    ++prefix;
  qsizetype suffix = 0;
  while (suffix < old.size() - prefix && suffix < text.size() - prefix &&
         old[old.size() - 1 - suffix] == text[text.size() - 1 - suffix])
    ++suffix;
  auto bytes = [&editor](const QString& s) { return editor.isUtf8() ? s.toUtf8() : s.toLatin1(); };
  const auto start = bytes(old.left(prefix)).size();
  const auto end = start + bytes(old.mid(prefix, old.size() - prefix - suffix)).size();
  const auto replacement = bytes(text.mid(prefix, text.size() - prefix - suffix));
  editor.beginUndoAction();
  editor.SendScintilla(QsciScintillaBase::SCI_SETTARGETSTART, static_cast<unsigned long>(start));
  editor.SendScintilla(QsciScintillaBase::SCI_SETTARGETEND, static_cast<unsigned long>(end));
  editor.SendScintilla(QsciScintillaBase::SCI_REPLACETARGET, static_cast<unsigned long>(replacement.size()),
                       replacement.constData());
  editor.endUndoAction();
}

/// Scrolls its widget only below the widget's minimum size; otherwise the
/// widget fills the viewport. (QScrollArea's own resizing follows the
/// preferred height of word-wrapped labels and scrolls when it need not.)
class FitScrollArea : public QScrollArea {
public:
  using QScrollArea::QScrollArea;
  void fit()
  {
    if (auto* w = widget()) {
      const QSize min = w->minimumSizeHint().expandedTo(w->minimumSize());
      w->resize(std::max(viewport()->width(), min.width()), std::max(viewport()->height(), min.height()));
    }
  }

protected:
  bool viewportEvent(QEvent* event) override
  {
    if (event->type() == QEvent::Resize)
      fit();
    return QScrollArea::viewportEvent(event);
  }
};

QSpinBox* spinBox(QWidget* parent, const char* name, int lo, int hi, int value, const QString& tip)
{
  auto* box = new QSpinBox(parent);
  box->setObjectName(name);
  box->setRange(lo, hi);
  box->setValue(value);
  box->setToolTip(tip);
  return box;
}

QPushButton* button(QWidget* parent, const char* name, const QString& text, const QString& tip)
{
  auto* b = new QPushButton(text, parent);
  b->setObjectName(name);
  b->setToolTip(tip);
  return b;
}

QTableView* tableView(QWidget* parent, const char* name, QStandardItemModel* model)
{
  auto* view = new QTableView(parent);
  view->setObjectName(name);
  view->setModel(model);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->verticalHeader()->hide();
  view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
  view->horizontalHeader()->setStretchLastSection(true);
  view->setWordWrap(false);
  return view;
}

QString statsText(const ddt::SearchStats& s)
{
  return QObject::tr("%1 nodes explored, %2 pruned").arg(QLocale().toString(qlonglong(s.nodes)),
                                                            QLocale().toString(qlonglong(s.pruned)));
}

} // namespace

DistributionPlanDock::DistributionPlanDock(EstimateController* controller, SourceEditor* editor,
                                           DistributionPanel* panel, QWidget* parent)
  : QDockWidget(tr("Distribution plan"), parent), m_controller(controller), m_editor(editor), m_panel(panel)
{
  setObjectName("distributionPlanDock");
  m_candidates = new QStandardItemModel(this);
  m_remaps = new QStandardItemModel(this);
  m_totals = new QStandardItemModel(this);
  auto* body = new QWidget(this);
  auto* layout = new QVBoxLayout(body);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);
  layout->addWidget(createControls());
  m_summary = new QLabel(body);
  m_summary->setObjectName("planSummary");
  m_summary->setWordWrap(true);
  m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_summary);
  m_timeline = new PlanTimeline(body);
  m_timelineScroll = new QScrollArea(body);
  m_timelineScroll->setWidget(m_timeline);
  m_timelineScroll->setWidgetResizable(true);
  m_timelineScroll->setFrameShape(QFrame::NoFrame);
  m_timelineScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_timelineScroll->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  fitTimelineHeight();
  layout->addWidget(m_timelineScroll);
  layout->addWidget(createResults(), 1);
  auto* bodyScroll = new FitScrollArea(this); // a small dock scrolls instead of growing the window
  bodyScroll->setWidget(body);
  bodyScroll->setFrameShape(QFrame::NoFrame);
  setWidget(bodyScroll);

  m_staleTimer = new QTimer(this);
  m_staleTimer->setSingleShot(true);
  m_staleTimer->setInterval(250);
  connect(m_staleTimer, &QTimer::timeout, this, &DistributionPlanDock::updateApply);
  connect(m_editor, &QsciScintilla::textChanged, m_staleTimer, qOverload<>(&QTimer::start));
  connect(m_controller, &EstimateController::distributeFinished, this, &DistributionPlanDock::jobFinished);
  connect(m_controller, &EstimateController::distributeProgressed, this, &DistributionPlanDock::jobProgressed);
  connect(m_timeline, &PlanTimeline::phaseClicked, this, [this](int k) { selectPhase(k); });
  m_graph->clear();
  setRunning(false);
  setStatus(tr("Put the cursor in a program unit and press Suggest (Ctrl+D)."));
}

QWidget* DistributionPlanDock::createControls()
{
  auto* box = new QWidget(this);
  m_processors =
    spinBox(box, "planProcessors", 1, 1 << 16, 16, tr("Number of processors the arrays are distributed over"));
  connect(m_processors, &QSpinBox::valueChanged, this, [this] { m_processorsEdited = true; });
  m_machine = new QComboBox(box);
  m_machine->setObjectName("planMachine");
  for (const auto& m : machine::builtinProfiles()) {
    m_machine->addItem(QString::fromStdString(m.name));
    m_machine->setItemData(m_machine->count() - 1, QString::fromStdString(m.title + "\n" + m.source), Qt::ToolTipRole);
  }
  m_dims = spinBox(box, "planDims", 1, 2, 2, tr("Most array dimensions distributed at once (1: a 1-D processor grid)"));
  m_k = spinBox(box, "planCandidates", 1, 16, 4, tr("Candidate mappings kept per phase (k)"));
  m_phaseTimesButton = button(box, "planPhaseTimes", tr("Phase times…"),
                              tr("A JSON file {\"LINE\": seconds}: the sequential time of the phase containing LINE "
                                 "(phases not listed are estimated on the machine profile)"));
  m_phaseTimesLabel = new QLabel(tr("estimated"), box);
  m_phaseTimesLabel->setObjectName("planPhaseTimesFile");
  m_suggest =
    button(box, "planSuggest", tr("Suggest"), tr("Suggest a distribution for the unit at the cursor (Ctrl+D)"));
  m_cancel = button(box, "planCancel", tr("Cancel"), tr("Stop the search"));
  m_apply = button(box, "planApply", tr("Apply"),
                   tr("Write the plan's HPF directives into the program (one undo step) and add its mapping as a "
                      "variant in the Distributions panel"));
  auto* rows = new QVBoxLayout(box);
  rows->setContentsMargins(0, 0, 0, 0);
  rows->setSpacing(2);
  auto* row = new QHBoxLayout;
  for (auto [label, widget] : {std::pair{tr("Processors:"), static_cast<QWidget*>(m_processors)},
                               std::pair{tr("Machine:"), static_cast<QWidget*>(m_machine)},
                               std::pair{tr("Distributed dims:"), static_cast<QWidget*>(m_dims)},
                               std::pair{tr("Candidates k:"), static_cast<QWidget*>(m_k)}}) {
    row->addWidget(new QLabel(label, box));
    row->addWidget(widget);
    row->addSpacing(6);
  }
  row->addStretch(1);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_phaseTimesButton);
  buttons->addWidget(m_phaseTimesLabel, 1);
  buttons->addWidget(m_suggest);
  buttons->addWidget(m_cancel);
  buttons->addWidget(m_apply);
  rows->addLayout(row);
  rows->addLayout(buttons);
  connect(m_machine, &QComboBox::currentTextChanged, this, &DistributionPlanDock::machineChanged);
  connect(m_phaseTimesButton, &QPushButton::clicked, this, &DistributionPlanDock::choosePhaseTimes);
  connect(m_suggest, &QPushButton::clicked, this, &DistributionPlanDock::suggest);
  connect(m_cancel, &QPushButton::clicked, this, &DistributionPlanDock::cancel);
  connect(m_apply, &QPushButton::clicked, this, [this] { apply(); });
  setMachine(QStringLiteral("ddt"));
  machineChanged();

  auto* status = new QWidget(this);
  m_progress = new QProgressBar(status);
  m_progress->setObjectName("planProgress");
  m_progress->setMaximumWidth(160);
  m_progress->setTextVisible(false);
  m_status = new QLabel(status);
  m_status->setObjectName("planStatus");
  m_status->setWordWrap(true);
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* statusRow = new QHBoxLayout(status);
  statusRow->setContentsMargins(0, 0, 0, 0);
  statusRow->addWidget(m_progress);
  statusRow->addWidget(m_status, 1);

  auto* both = new QWidget(this);
  auto* column = new QVBoxLayout(both);
  column->setContentsMargins(0, 0, 0, 0);
  column->setSpacing(2);
  column->addWidget(box);
  column->addWidget(status);
  return both;
}

QWidget* DistributionPlanDock::createResults()
{
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->setObjectName("planSplitter");
  split->addWidget(createTables());
  split->addWidget(createSideTabs());
  split->setStretchFactor(0, 5);
  split->setStretchFactor(1, 4);
  // room for the candidates' rows and a chart with readable axis titles and
  // ticks: a low dock scrolls (FitScrollArea) rather than squeezing them
  split->setMinimumHeight(kResultsMinimumHeight);
  split->widget(1)->setMinimumWidth(kChartsMinimumWidth);
  return split;
}

QWidget* DistributionPlanDock::createTables()
{
  auto* split = new QSplitter(Qt::Vertical, this);
  m_candidatesView = tableView(split, "planCandidatesView", m_candidates);
  m_candidatesView->setToolTip(tr("Candidate mappings per phase (the paper's Table 2), cheapest first; the chosen "
                                  "one is bold. Click a row to see the phase's alignment graph."));
  connect(m_candidatesView, &QTableView::clicked, this, [this](const QModelIndex& index) {
    selectPhase(index.data(PlanPhaseRole).toInt());
  });
  auto* remaps = new QWidget(split);
  auto* column = new QVBoxLayout(remaps);
  column->setContentsMargins(0, 2, 0, 0);
  column->setSpacing(2);
  m_remapsTitle = new QLabel(tr("Remappings"), remaps);
  m_remapsTitle->setObjectName("planRemapsTitle");
  m_remapsView = tableView(remaps, "planRemapsView", m_remaps);
  column->addWidget(m_remapsTitle);
  column->addWidget(m_remapsView, 1);
  split->addWidget(m_candidatesView);
  split->addWidget(remaps);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  return split;
}

QWidget* DistributionPlanDock::createSideTabs()
{
  auto* side = new QWidget(this);
  m_sequence = new QComboBox(side);
  m_sequence->setObjectName("planSequence");
  m_sequence->setToolTip(tr("The sequence whose static and dynamic totals the charts show"));
  m_sequence->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  connect(m_sequence, &QComboBox::currentIndexChanged, this, &DistributionPlanDock::showSweeps);
  m_pChart = makeChartView("planProcessorsChart", tr("Static vs dynamic over p"));
  m_betaChart = makeChartView("planByteTimeChart", tr("Static vs dynamic over the time per byte"));
  for (auto* view : {m_pChart, m_betaChart})
    view->setMinimumSize(280, 170);
  m_graph = new AlignmentGraphView(side);
  m_graph->setMinimumSize(280, 170);
  m_totalsView = new QTreeView(side);
  m_totalsView->setObjectName("planTotalsView");
  m_totalsView->setModel(m_totals);
  m_totalsView->setRootIsDecorated(true);
  m_hpf = new QPlainTextEdit(side);
  m_hpf->setObjectName("planHpf");
  m_hpf->setReadOnly(true);
  m_hpf->setFont(m_editor->font());
  m_sideTabs = new QTabWidget(side);
  m_sideTabs->setObjectName("planTabs");
  m_sideTabs->addTab(m_pChart, tr("Over p"));
  m_sideTabs->addTab(m_betaChart, tr("Over time/byte"));
  m_sideTabs->addTab(m_graph, tr("Alignment graph"));
  m_sideTabs->addTab(m_totalsView, tr("Totals"));
  m_sideTabs->addTab(m_hpf, tr("HPF"));
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Charts for:"), side));
  top->addWidget(m_sequence, 1);
  auto* column = new QVBoxLayout(side);
  column->setContentsMargins(0, 0, 0, 0);
  column->setSpacing(2);
  column->addLayout(top);
  column->addWidget(m_sideTabs, 1);
  return side;
}

// ---- controls ---------------------------------------------------------------

void DistributionPlanDock::setProcessors(int processors)
{
  m_processors->setValue(processors);
  m_processorsEdited = true;
}

int DistributionPlanDock::processors() const { return m_processors->value(); }

void DistributionPlanDock::setMachine(const QString& name)
{
  if (m_machine->findText(name) >= 0)
    m_machine->setCurrentText(name);
}

QString DistributionPlanDock::machine() const { return m_machine->currentText(); }

void DistributionPlanDock::setCalibratedMachines(const QStringList& names)
{
  setCalibratedMachineItems(m_machine, names);
}
void DistributionPlanDock::setMaxDistributedDims(int dims) { m_dims->setValue(dims); }
void DistributionPlanDock::setCandidates(int k) { m_k->setValue(k); }

/// The profile's preferred processor count, until the user picks one.
void DistributionPlanDock::machineChanged()
{
  if (m_processorsEdited)
    return;
  int p = 16;
  for (const auto& m : machine::builtinProfiles())
    if (QString::fromStdString(m.name) == machine() && m.defaultProcessors > 0)
      p = m.defaultProcessors;
  const QSignalBlocker block(m_processors);
  m_processors->setValue(p);
}

bool DistributionPlanDock::setPhaseTimesFile(const QString& path, QString* error)
{
  if (path.isEmpty()) {
    m_phaseTimes.clear();
    m_phaseTimesPath.clear();
    m_phaseTimesLabel->setText(tr("estimated"));
    m_phaseTimesLabel->setToolTip({});
    return true;
  }
  std::string problem;
  auto times = ddt::readPhaseTimes(path.toStdString(), &problem);
  if (!times) {
    if (error)
      *error = QString::fromStdString(problem);
    setStatus(QString::fromStdString(problem), true);
    return false;
  }
  m_phaseTimes = std::move(*times);
  m_phaseTimesPath = path;
  m_phaseTimesLabel->setText(QFileInfo(path).fileName());
  m_phaseTimesLabel->setToolTip(tr("%1: the times of %2 phase lines").arg(path).arg(m_phaseTimes.size()));
  return true;
}

void DistributionPlanDock::choosePhaseTimes()
{
  const auto start = m_phaseTimesPath.isEmpty() ? QString() : QFileInfo(m_phaseTimesPath).absolutePath();
  const auto path = QFileDialog::getOpenFileName(this, tr("Phase times"), start, tr("JSON (*.json);;All files (*)"));
  if (!path.isEmpty())
    setPhaseTimesFile(path);
}

// ---- running ----------------------------------------------------------------

DistributeJobInput DistributionPlanDock::snapshot() const
{
  DistributeJobInput in;
  in.path = m_editor->fixedForm() ? "program.f" : "program.f90"; // the form follows the editor's
  in.text = m_editor->text().toStdString();
  in.parse = sourceSettings();
  in.cursorLine = m_editor->cursorLine();
  in.values = m_panel->settings().values;
  in.machine = machine().toStdString();
  in.processors = processors();
  in.maxDistributedDims = m_dims->value();
  in.candidates = m_k->value();
  in.phaseTimes = m_phaseTimes;
  return in;
}

void DistributionPlanDock::suggest()
{
  present();
  m_request = snapshot();
  m_generation = m_controller->submitDistribute(m_request);
  setRunning(true);
  setStatus(tr("Searching the remappings of the unit at line %1…").arg(m_editor->cursorLine()));
}

void DistributionPlanDock::cancel()
{
  if (!m_running)
    return;
  m_controller->cancelDistribute();
  m_generation = -1;
  const bool sweeping = m_sweeping;
  setRunning(false);
  setStatus(sweeping ? tr("Charts cancelled: the plan is complete, the static-vs-dynamic sweeps are not.")
                     : tr("Cancelled: the plan shown (if any) is the previous one."));
  emit sweeping ? sweepsFinished() : suggestFinished();
}

void DistributionPlanDock::setRunning(bool running, bool sweeping)
{
  m_running = running;
  m_sweeping = sweeping;
  m_progress->setVisible(running || sweeping);
  m_progress->setRange(0, 0);
  m_suggest->setEnabled(!running);
  m_cancel->setEnabled(running || sweeping);
  updateApply();
}

void DistributionPlanDock::setStatus(const QString& text, bool error)
{
  m_status->setText(text);
  m_status->setStyleSheet(error ? QStringLiteral("color: #b02020;") : QString());
}

QString DistributionPlanDock::statusText() const { return m_status->text(); }

void DistributionPlanDock::jobProgressed(const DistributeProgress& p)
{
  if (!isRunning())
    return;
  if (p.total > 0) {
    m_progress->setRange(0, p.total);
    m_progress->setValue(p.done);
    setStatus(tr("%1: %2 of %3 points (%4)")
                .arg(QString::fromStdString(p.stage))
                .arg(p.done)
                .arg(p.total)
                .arg(statsText({p.nodes, p.pruned, false})));
  } else {
    setStatus(tr("%1: %2").arg(QString::fromStdString(p.stage), statsText({p.nodes, p.pruned, false})));
  }
}

void DistributionPlanDock::jobFinished(int generation, const DistributeJobOutput& output)
{
  if (generation != m_generation)
    return;
  if (m_sweeping) {
    sweepsArrived(output);
    return;
  }
  m_output = output;
  if (output.plan) {
    m_request.part = DistributeJobInput::Part::Sweeps; // the charts follow on the worker
    m_generation = m_controller->submitDistribute(m_request);
  }
  setRunning(false, output.plan.has_value());
  if (output.plan)
    showPlan(output);
  else
    showErrors(output);
  emit suggestFinished();
}

void DistributionPlanDock::sweepsArrived(const DistributeJobOutput& output)
{
  setRunning(false);
  setStatus(m_planStatus);
  if (m_output && output.text == m_output->text)
    m_output->sweeps = output.sweeps;
  for (const auto& e : output.errors)
    setStatus(tr("Sweep: %1").arg(QString::fromStdString(e)), true);
  {
    const QSignalBlocker block(m_sequence);
    const int previous = m_sequence->currentIndex();
    m_sequence->clear();
    for (const auto& s : output.sweeps)
      m_sequence->addItem(QString::fromStdString(s.title));
    m_sequence->setCurrentIndex(previous >= 0 && previous < m_sequence->count() ? previous : 0);
  }
  showSweeps();
  emit sweepsFinished();
}

void DistributionPlanDock::showErrors(const DistributeJobOutput& output)
{
  QStringList lines;
  for (const auto& e : output.errors)
    lines << QString::fromStdString(e);
  if (!output.missing.empty()) {
    QStringList names;
    for (const auto& m : output.missing)
      names << QString::fromStdString(m).toUpper();
    lines << tr("Give %1 a value under Values in the Distributions panel, then Suggest again.").arg(names.join(", "));
    m_panel->setMissing(output.missing);
  }
  if (lines.isEmpty())
    lines << tr("No plan could be made.");
  setStatus(tr("No plan: %1").arg(lines.join(' ')), true);
  m_summary->clear();
  m_timeline->clear();
  fitTimelineHeight();
  m_candidates->clear();
  m_remaps->clear();
  m_totals->clear();
  m_sequence->clear();
  m_hpf->clear();
  m_graph->clear();
  m_selectedPhase = -1;
}

void DistributionPlanDock::showPlan(const DistributeJobOutput& output)
{
  const auto& plan = *output.plan;
  MappingColors colors(plan);
  fillCandidates(*m_candidates, plan, colors);
  fillRemaps(*m_remaps, plan);
  fillTotals(*m_totals, plan);
  m_timeline->setPlan(plan, colors);
  fitTimelineHeight();
  m_candidatesView->resizeColumnsToContents();
  m_remapsView->resizeColumnsToContents();
  m_totalsView->expandAll();
  for (int c = 0; c < m_totals->columnCount(); ++c)
    m_totalsView->resizeColumnToContents(c);
  const auto& seq = shownSequence(plan);
  m_remapsTitle->setText(seq.dynamicChosen ? tr("<b>Remappings</b> of the chosen dynamic solution")
                                           : tr("<b>Remappings</b>: none, the static solution is chosen"));
  for (auto* view : {m_pChart, m_betaChart}) { // the sweeps of this plan follow
    resetChart(view->chart());
    view->chart()->setTitle(tr("Sweeping static against dynamic…"));
  }
  QString hpf = QString::fromStdString(output.edit.text());
  for (const auto& n : output.edit.notes)
    hpf += QStringLiteral("! Note: ") + QString::fromStdString(n) + '\n';
  m_hpf->setPlainText(hpf);
  showSummary();
  QStringList notes;
  for (const auto& n : plan.notes)
    notes << QString::fromStdString(n);
  m_planStatus = tr("Plan for '%1' on %2 processors (%3), remapping search: %4; %5 s.%6")
                   .arg(QString::fromStdString(plan.unit))
                   .arg(plan.processors)
                   .arg(QString::fromStdString(plan.machine))
                   .arg(statsText(seq.dynamic.stats))
                   .arg(output.seconds, 0, 'f', 2)
                   .arg(notes.isEmpty() ? QString() : QStringLiteral("\nNote: ") + notes.join(QStringLiteral("\nNote: ")));
  setStatus(m_planStatus);
  const int keep = m_selectedPhase >= 0 && m_selectedPhase < static_cast<int>(plan.phases.size()) ? m_selectedPhase : 0;
  selectPhase(keep, false);
}

void DistributionPlanDock::showSummary()
{
  const auto& plan = *m_output->plan;
  QStringList lines;
  for (int r = -1; r < static_cast<int>(plan.regionPlans.size()); ++r) {
    const auto& s = r < 0 ? plan.whole : plan.regionPlans[r].plan;
    QStringList parts;
    for (const auto& st : s.statics)
      parts << tr("static %1 %2").arg(QString::fromStdString(mappingKey(st.mapping)), totalText(st.total()));
    parts << (s.dynamic.found ? tr("dynamic %1").arg(totalText(s.dynamic.total))
                              : tr("no dynamic sequence cheaper"));
    lines << tr("<b>%1</b>: %2 → <b>%3</b>")
               .arg(QString::fromStdString(sequenceTitle(plan, r)).toHtmlEscaped(), parts.join(", "),
                    s.dynamicChosen ? tr("dynamic") : tr("static"));
  }
  m_summary->setText(lines.join("<br>"));
}

void DistributionPlanDock::showSweeps()
{
  const int i = m_sequence->currentIndex();
  if (!m_output || i < 0 || i >= static_cast<int>(m_output->sweeps.size()))
    return;
  const auto& s = m_output->sweeps[i];
  fillProcessorDecision(m_pChart->chart(), s.overProcessors, m_output->plan ? m_output->plan->processors : 0);
  fillByteTimeDecision(m_betaChart->chart(), s.overByteTime, m_output->byteTime);
}

void DistributionPlanDock::selectPhase(int index, bool showGraph)
{
  if (!m_output || !m_output->plan || index < 0 || index >= static_cast<int>(m_output->plan->phases.size()))
    return;
  m_selectedPhase = index;
  m_timeline->setSelectedPhase(index);
  for (int row = 0; row < m_candidates->rowCount(); ++row)
    if (m_candidates->index(row, 0).data(PlanPhaseRole).toInt() == index) {
      m_candidatesView->selectRow(row);
      m_candidatesView->scrollTo(m_candidates->index(row, 0));
      break;
    }
  m_graph->setPhase(m_output->plan->phases[index]);
  if (showGraph)
    m_sideTabs->setCurrentWidget(m_graph);
}

/// The timeline's height, and room for a horizontal scroll bar when it is wider than the dock.
void DistributionPlanDock::fitTimelineHeight()
{
  m_timelineScroll->setFixedHeight(m_timeline->minimumSizeHint().height() +
                                   m_timelineScroll->horizontalScrollBar()->sizeHint().height());
  if (auto* scroll = dynamic_cast<FitScrollArea*>(widget()))
    QTimer::singleShot(0, scroll, [scroll] { scroll->fit(); }); // after the layout has taken the new height
}

QChart* DistributionPlanDock::processorsChart() const { return m_pChart->chart(); }
QChart* DistributionPlanDock::byteTimeChart() const { return m_betaChart->chart(); }

// ---- apply ------------------------------------------------------------------

void DistributionPlanDock::updateApply()
{
  m_apply->setEnabled(!m_running && m_output && m_output->plan && m_editor->text().toStdString() == m_output->text);
}

/// The static solution's mapping, or the selected phase's under a dynamic plan.
QString DistributionPlanDock::variantSpec(QString* name) const
{
  const auto& plan = *m_output->plan;
  const auto& seq = shownSequence(plan);
  if (seq.dynamicChosen || seq.statics.empty()) {
    const int k = std::max(0, m_selectedPhase);
    *name = tr("DDT phase %1").arg(plan.phases[k].phase.id);
    return QString::fromStdString(chosenMapping(plan, k).str());
  }
  *name = tr("DDT");
  return QString::fromStdString(seq.statics.front().mapping.str());
}

bool DistributionPlanDock::apply(QString* error)
{
  auto fail = [&](const QString& message) {
    if (error)
      *error = message;
    setStatus(message, true);
    return false;
  };
  if (!m_output || !m_output->plan)
    return fail(tr("Suggest a distribution first."));
  if (m_editor->text().toStdString() != m_output->text)
    return fail(tr("The program changed since the plan was made: Suggest again before applying."));
  replaceAsOneEdit(*m_editor, QString::fromStdString(m_output->appliedText));
  QString name, problem;
  const auto spec = variantSpec(&name);
  const auto& plan = *m_output->plan;
  const auto grid = QString::fromStdString(
    shownSequence(plan).dynamicChosen ? chosenMapping(plan, std::max(0, m_selectedPhase)).gridText()
                                      : shownSequence(plan).statics.front().mapping.gridText());
  const bool added = m_panel->addSpecVariant(name, spec, grid, &problem) >= 0;
  setStatus(added ? tr("Applied: HPF directives written (Ctrl+Z undoes them); variant '%1' = %2 on %3 added to the "
                       "Distributions panel.")
                      .arg(name, spec, grid)
                  : tr("Applied the HPF directives; the mapping %1 cannot be a variant: %2").arg(spec, problem),
            !added);
  updateApply();
  emit applied();
  return true;
}

void DistributionPlanDock::present()
{
  show();
  raise();
  auto* window = qobject_cast<QMainWindow*>(parentWidget());
  if (m_presented || !window || isFloating())
    return;
  m_presented = true; // once: afterwards the user's sizes stay
  QTimer::singleShot(0, this, [this, window] { // once the raised tab is laid out
    window->resizeDocks({this}, {window->height() * 56 / 100}, Qt::Vertical);
    // the docks beside it in the bottom area give up width (a lone dock in the list gets none)
    QList<QDockWidget*> row{this};
    QList<int> widths{window->width() * 70 / 100};
    for (auto* d : window->findChildren<QDockWidget*>())
      if (d != this && d->isVisible() && !d->isFloating() &&
          window->dockWidgetArea(d) == window->dockWidgetArea(this) && !window->tabifiedDockWidgets(this).contains(d)) {
        row << d;
        widths << window->width() * 30 / 100;
      }
    window->resizeDocks(row, widths, Qt::Horizontal);
  });
}

} // namespace ps::views

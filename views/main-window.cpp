#include "views/main-window.h"

#include "machine/profile-store.h"
#include "support/json-text.h"
#include "views/machine-store.h"
#include "views/source-settings.h"

#include "views/formulas-view.h"

#include "views/calibrate-dialog.h"
#include "views/chart-panel.h"
#include "views/distribution-panel.h"
#include "views/distribution-plan-dock.h"
#include "views/outline-model.h"
#include "views/program-file.h"
#include "views/profile-job.h"
#include "views/results-model.h"
#include "views/scalability-panel.h"
#include "views/source-editor.h"
#include "views/statement-annotations.h"
#include "views/validation-dialog.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QVBoxLayout>

#include <Qsci/qscicommand.h>
#include <Qsci/qscicommandset.h>

namespace ps::views {
namespace {

constexpr int kMaxRecent = 8;

bool isFixedFormPath(const QString& path)
{
  const auto suffix = QFileInfo(path).suffix().toLower();
  return suffix == "f" || suffix == "for" || suffix == "f77" || suffix == "ftn";
}

QString samplesFolder()
{
  for (const QString& candidate : {QApplication::applicationDirPath() + "/../share/partscope/sampleprograms",
                                   QStringLiteral(PS_SAMPLES_DIR)})
    if (QDir(candidate).exists())
      return QDir(candidate).canonicalPath();
  return {};
}

QDockWidget* addDock(QMainWindow* window, const QString& title, const char* name, QWidget* widget,
                     Qt::DockWidgetArea area)
{
  auto* dock = new QDockWidget(title, window);
  dock->setObjectName(name);
  dock->setWidget(widget);
  window->addDockWidget(area, dock);
  return dock;
}

QTimer* singleShotTimer(QObject* parent, int ms)
{
  auto* t = new QTimer(parent);
  t->setSingleShot(true);
  t->setInterval(ms);
  return t;
}

} // namespace

MainWindow::MainWindow(const QString& recoveryFolder, QWidget* parent)
  : QMainWindow(parent), m_recovery(recoveryFolder)
{
  setObjectName("mainWindow");
  m_results = new ResultsModel(this);
  m_outline = new QStandardItemModel(this);
  m_problems = new QStandardItemModel(this);
  m_analysisTimer = singleShotTimer(this, 250); // typing in the source
  m_estimateTimer = singleShotTimer(this, 20);  // N, P, formats, machine: live
  m_autosaveTimer = singleShotTimer(this, 1000);
  m_chartPending = singleShotTimer(this, 150); // the table is shown, the chart over P still computes
  setCentralWidget(createCentral());
  setCurrentPath({});
  createDocks();
  createActions();
  createMenus();
  m_status = new QLabel(tr("Ready"), this);
  m_busy = new QProgressBar(this);
  m_busy->setRange(0, 0);
  m_busy->setMaximumWidth(120);
  m_busy->setVisible(false);
  statusBar()->addWidget(m_status, 1);
  statusBar()->addPermanentWidget(m_busy);

  connect(m_editor, &QsciScintilla::textChanged, this, &MainWindow::textEdited);
  connect(m_editor, &QsciScintilla::modificationChanged, this, &QWidget::setWindowModified);
  connect(m_editor, &QsciScintilla::cursorPositionChanged, this, [this] { updateSelection(); });
  connect(m_panel, &DistributionPanel::settingsChanged, this, &MainWindow::settingsEdited);
  // a choice made before the remembered calibrated profile was listed wins over it
  connect(m_panel, &DistributionPanel::machineChosen, this, [this] { m_pendingMachine.clear(); });
  connect(m_analysisTimer, &QTimer::timeout, this, &MainWindow::submit);
  connect(m_estimateTimer, &QTimer::timeout, this, &MainWindow::submit);
  connect(m_autosaveTimer, &QTimer::timeout, this, &MainWindow::autosaveNow);
  connect(&m_controller, &EstimateController::jobFinished, this, &MainWindow::jobFinished);
  connect(&m_controller, &EstimateController::jobPartial, this, &MainWindow::jobPartial);
  // the old estimate's curves go: they would stand beside the new table
  connect(m_chartPending, &QTimer::timeout, this, [this] { m_chart->setProcessorCurves({}, false); });
  connect(&m_controller, &EstimateController::busyChanged, m_busy, &QWidget::setVisible);
  readSettings();
  offerRecovery();
  submit();
}

MainWindow::~MainWindow() = default;

// ---- layout -----------------------------------------------------------------

QWidget* MainWindow::createCentral()
{
  m_editor = new SourceEditor(this);
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(createRecoveryBar());
  layout->addWidget(m_editor, 1);
  layout->addWidget(createFindBar());
  m_scale = new ScalabilityPanel(&m_controller, this);
  m_centralTabs = new QTabWidget(this);
  m_centralTabs->setObjectName("centralTabs");
  m_centralTabs->setDocumentMode(true);
  m_centralTabs->addTab(central, tr("Source"));
  // in a scroll area: its tables and charts must not grow the window beyond the screen
  m_scaleTab = new QScrollArea(this);
  m_scaleTab->setObjectName("scalabilityTab");
  m_scaleTab->setWidget(m_scale);
  m_scaleTab->setWidgetResizable(true);
  m_scaleTab->setFrameShape(QFrame::NoFrame);
  m_centralTabs->addTab(m_scaleTab, tr("Scalability"));
  connect(m_centralTabs, &QTabWidget::currentChanged, this, &MainWindow::centralTabChanged);
  connect(m_scale, &ScalabilityPanel::sourceChanged, this, &MainWindow::centralTabChanged);
  return m_centralTabs;
}

/// The Scalability tab has its own tables and charts: it gets the room of
/// the estimate's docks while it is in front, and of the Outline and
/// Distributions docks too while it compares analytic models, which need
/// neither.
void MainWindow::centralTabChanged()
{
  for (const auto& dock : std::as_const(m_docksHiddenForScale))
    if (dock)
      dock->show();
  if (!m_docksHiddenForScale.isEmpty())
    if (auto* results = findChild<QDockWidget*>("resultsDock"); results && m_docksHiddenForScale.contains(results))
      results->raise(); // in front of its tabs again
  m_docksHiddenForScale.clear();
  if (m_centralTabs->currentWidget() != m_scaleTab)
    return;
  // the bottom area's docks all go: the Formulas and Machines tabs beside
  // Results would come to the front in its place and take the room
  QList<const char*> names{"resultsDock", "chartDock",    "problemsDock",
                           "formulasDock", "machinesDock", "distributionPlanDock"};
  if (m_scale->source() == ScalabilityPanel::Source::AnalyticModels)
    names << "outlineDock" << "distributionDock";
  for (const char* name : names)
    if (auto* dock = findChild<QDockWidget*>(name); dock && dock->toggleViewAction()->isChecked()) {
      dock->hide(); // open, in front or as a tab behind another
      m_docksHiddenForScale << dock;
    }
}

void MainWindow::showScalability() { m_centralTabs->setCurrentWidget(m_scaleTab); }

void MainWindow::updateScaleProgram()
{
  if (m_panel->hasSelection())
    m_scale->setProgram(m_path, m_editor->text(), m_panel->settings());
}

QWidget* MainWindow::createRecoveryBar()
{
  m_recoveryBar = new QFrame(this);
  m_recoveryBar->setObjectName("recoveryBar");
  m_recoveryBar->setStyleSheet("#recoveryBar { background: #fff4d6; border-bottom: 1px solid #e0c36a; }");
  m_recoveryLabel = new QLabel(m_recoveryBar);
  auto* restore = new QPushButton(tr("Restore"), m_recoveryBar);
  restore->setObjectName("restoreRecovered");
  auto* discard = new QPushButton(tr("Discard"), m_recoveryBar);
  discard->setObjectName("discardRecovered");
  auto* layout = new QHBoxLayout(m_recoveryBar);
  layout->addWidget(m_recoveryLabel, 1);
  layout->addWidget(restore);
  layout->addWidget(discard);
  connect(restore, &QPushButton::clicked, this, &MainWindow::restoreRecovered);
  connect(discard, &QPushButton::clicked, this, [this] {
    if (m_recovered)
      QFile::remove(m_recovered->recoveryFile);
    m_recovered.reset();
    m_recoveryBar->hide();
  });
  m_recoveryBar->hide();
  return m_recoveryBar;
}

QWidget* MainWindow::createFindBar()
{
  m_findBar = new QWidget(this);
  m_findText = new QLineEdit(m_findBar);
  m_findText->setObjectName("findText");
  m_findText->setPlaceholderText(tr("Find"));
  m_replaceText = new QLineEdit(m_findBar);
  m_replaceText->setObjectName("replaceText");
  m_replaceText->setPlaceholderText(tr("Replace with"));
  auto* next = new QPushButton(tr("Next"), m_findBar);
  auto* replace = new QPushButton(tr("Replace"), m_findBar);
  auto* all = new QPushButton(tr("Replace all"), m_findBar);
  auto* close = new QPushButton(tr("Close"), m_findBar);
  auto* layout = new QHBoxLayout(m_findBar);
  layout->setContentsMargins(4, 2, 4, 2);
  for (QWidget* w : std::initializer_list<QWidget*>{m_findText, next, m_replaceText, replace, all, close})
    layout->addWidget(w);
  connect(m_findText, &QLineEdit::returnPressed, this, [this] { find(true); });
  connect(next, &QPushButton::clicked, this, [this] { find(true); });
  connect(replace, &QPushButton::clicked, this, &MainWindow::replaceOne);
  connect(all, &QPushButton::clicked, this, &MainWindow::replaceAll);
  connect(close, &QPushButton::clicked, m_findBar, &QWidget::hide);
  m_findBar->hide();
  return m_findBar;
}

void MainWindow::createDocks()
{
  m_outlineView = new QTreeView(this);
  m_outlineView->setObjectName("outlineView");
  m_outlineView->setModel(m_outline);
  m_outlineView->setHeaderHidden(true);
  connect(m_outlineView, &QTreeView::clicked, this, &MainWindow::jumpTo);
  auto* outlineDock = addDock(this, tr("Outline"), "outlineDock", m_outlineView, Qt::LeftDockWidgetArea);

  m_panel = new DistributionPanel(this);
  auto* panelDock = addDock(this, tr("Distributions"), "distributionDock", m_panel, Qt::RightDockWidgetArea);

  m_resultsView = new QTableView(this);
  m_resultsView->setObjectName("resultsView");
  m_resultsView->setModel(m_results);
  m_resultsView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_resultsView->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_notes = new QListWidget(this);
  m_notes->setObjectName("notesList");
  m_notes->setWordWrap(true);
  auto* results = new QSplitter(Qt::Vertical, this);
  results->addWidget(m_resultsView);
  results->addWidget(m_notes);
  results->setStretchFactor(0, 3);
  results->setStretchFactor(1, 1);
  auto* resultsDock = addDock(this, tr("Results"), "resultsDock", results, Qt::BottomDockWidgetArea);

  m_chart = new ChartPanel(this);
  auto* chartDock = addDock(this, tr("Chart"), "chartDock", m_chart, Qt::BottomDockWidgetArea);
  splitDockWidget(resultsDock, chartDock, Qt::Horizontal);

  m_problemsView = new QTreeView(this);
  m_problemsView->setObjectName("problemsView");
  m_problemsView->setModel(m_problems);
  m_problemsView->setRootIsDecorated(false);
  connect(m_problemsView, &QTreeView::doubleClicked, this, &MainWindow::jumpTo);
  auto* problemsDock = addDock(this, tr("Problems"), "problemsDock", m_problemsView, Qt::BottomDockWidgetArea);
  tabifyDockWidget(resultsDock, problemsDock);
  m_planDock = new DistributionPlanDock(&m_controller, m_editor, m_panel, this);
  addDockWidget(Qt::BottomDockWidgetArea, m_planDock);
  tabifyDockWidget(resultsDock, m_planDock);
  m_formulas = new FormulasView(this);
  tabifyDockWidget(resultsDock, addDock(this, tr("Formulas"), "formulasDock", m_formulas, Qt::BottomDockWidgetArea));
  m_machines = new MachinesView(this);
  tabifyDockWidget(resultsDock, addDock(this, tr("Machines"), "machinesDock", m_machines, Qt::BottomDockWidgetArea));
  connect(m_machines, &MachinesView::profilesReloaded, this, &MainWindow::machinesReloaded);
  connect(m_machines, &MachinesView::calibrateRequested, this, &MainWindow::calibrate);
  resultsDock->raise();
  resizeDocks({outlineDock, panelDock}, {200, 340}, Qt::Horizontal);
  resizeDocks({resultsDock}, {330}, Qt::Vertical);
}

void MainWindow::createActions()
{
  auto make = [this](const char* name, const QString& text, const QKeySequence& key, auto slot) {
    auto* a = new QAction(text, this);
    a->setObjectName(name);
    a->setShortcut(key);
    connect(a, &QAction::triggered, this, slot);
    addAction(a);
    return a;
  };
  make("fileNew", tr("&New"), QKeySequence::New, &MainWindow::newFile);
  make("fileOpen", tr("&Open…"), QKeySequence::Open, &MainWindow::openWithDialog);
  make("fileSave", tr("&Save"), QKeySequence::Save, &MainWindow::save);
  make("fileSaveAs", tr("Save &As…"), QKeySequence::SaveAs, &MainWindow::saveAs);
  make("fileQuit", tr("&Quit"), QKeySequence::Quit, &QWidget::close);
  make("sourceSettings", tr("&Include Folders and Macros…"), QKeySequence(), [this] {
    SourceSettingsDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted)
      submit(); // re-read the program with the new folders and macros
  });
  make("editUndo", tr("&Undo"), QKeySequence::Undo, [this] { m_editor->undo(); });
  make("editRedo", tr("&Redo"), QKeySequence::Redo, [this] { m_editor->redo(); });
  make("editFind", tr("&Find…"), QKeySequence::Find, [this] {
    m_findBar->show();
    m_findText->setText(m_editor->selectedText());
    m_findText->setFocus();
    m_findText->selectAll();
  });
  make("editReplace", tr("&Replace…"), QKeySequence(tr("Ctrl+H")), [this] {
    m_findBar->show();
    m_replaceText->setFocus();
  });
  make("editFindNext", tr("Find &Next"), QKeySequence::FindNext, [this] { find(true); });
  auto* estimate = make("estimate", tr("&Estimate"), QKeySequence(tr("Ctrl+E")), &MainWindow::estimate);
  estimate->setToolTip(tr("Estimate the selected loop nest under every variant (Ctrl+E); "
                          "afterwards every change re-estimates"));
  auto* unit = make("estimateUnit", tr("Estimate &Unit"), QKeySequence(tr("Ctrl+Alt+U")), &MainWindow::estimateUnit);
  unit->setToolTip(tr("Estimate the whole unit containing the cursor: its loop nests, statements and calls "
                      "(Ctrl+Alt+U)"));
  auto* program = make("estimateProgram", tr("Estimate Pro&gram"), QKeySequence(tr("Ctrl+Alt+P")),
                       &MainWindow::estimateProgram);
  program->setToolTip(tr("Estimate the whole program: the PROGRAM unit with every call (Ctrl+Alt+P)"));
  auto* suggest = make("suggestDistribution", tr("Suggest &Distribution"), QKeySequence(tr("Ctrl+D")),
                       [this] {
                         raiseTall(m_planDock); // its charts were cut at the bottom in a results-sized dock
                         m_planDock->suggest();
                       });
  suggest->setToolTip(tr("Suggest static or dynamic distributions (DDT) for the unit at the cursor (Ctrl+D)"));
  if (auto* duplicate = m_editor->standardCommands()->boundTo((Qt::CTRL | Qt::Key_D).toCombined()))
    duplicate->setKey(0); // QScintilla's "duplicate selection" would take Ctrl+D from the action
  auto* profile = make("profileRun", tr("&Profile Run…"), QKeySequence(tr("Ctrl+Shift+P")), [this] { profileRun(); });
  profile->setToolTip(tr("Compile and run the program once with gfortran --coverage; estimates then use the "
                         "measured branch probabilities (Ctrl+Shift+P)"));
  make("selectInner", tr("Select &Inner Loop"), QKeySequence(tr("Ctrl+Shift+Down")), [this] { selectDeeper(1); });
  make("selectOuter", tr("Select &Outer Loop"), QKeySequence(tr("Ctrl+Shift+Up")), [this] { selectDeeper(-1); });
  make("showSource", tr("&Source"), QKeySequence(tr("Ctrl+1")), [this] { m_centralTabs->setCurrentIndex(0); });
  make("showScalability", tr("S&calability"), QKeySequence(tr("Ctrl+2")), &MainWindow::showScalability);
  auto* annotations = new QAction(tr("&Annotations"), this);
  annotations->setObjectName("viewAnnotations");
  annotations->setCheckable(true);
  annotations->setChecked(true);
  annotations->setToolTip(tr("After an estimate, show each statement's work share, messages, bytes and cache "
                             "misses under it (first variant, largest P)"));
  connect(annotations, &QAction::toggled, m_editor, &SourceEditor::setAnnotationsShown);
  addAction(annotations);
  auto* machines = make("showMachines", tr("Show &Machines"), QKeySequence(tr("Ctrl+Alt+M")), &MainWindow::showMachines);
  machines->setToolTip(tr("The machine profiles: parameters, communication curves, comparison (Ctrl+Alt+M)"));
  auto* calibrate = make("calibrateMachine", tr("&Calibrate…"), QKeySequence(tr("Ctrl+Alt+K")), &MainWindow::calibrate);
  calibrate->setToolTip(tr("Run the MPI training set on this machine and fit a new profile (Ctrl+Alt+K)"));
  auto* keep = make("keepEstimate", tr("&Keep Estimate…"), QKeySequence(tr("Ctrl+Shift+K")), [this] {
    bool ok = false;
    const auto name = QInputDialog::getText(this, tr("Keep Estimate"), tr("Name of the kept estimate:"),
                                            QLineEdit::Normal, QFileInfo(m_path).completeBaseName(), &ok);
    QString error;
    if (ok && !keepEstimate(name.trimmed(), &error))
      QMessageBox::warning(this, tr("Keep Estimate"), error);
  });
  keep->setToolTip(tr("Store the shown estimate in the profile store, beside the machine profiles "
                      "(partscope-cli kept lists them; Ctrl+Shift+K)"));
  keep->setEnabled(false);
  auto* validate = make("validate", tr("&Validate…"), QKeySequence(tr("Ctrl+Alt+V")), &MainWindow::validate);
  validate->setToolTip(tr("Compare the predicted transfer time of the selected nest with a real MPI run and a "
                          "SimGrid simulation (Ctrl+Alt+V)"));
  make("exportChart", tr("Export &Chart…"), QKeySequence(tr("Ctrl+Shift+E")), [this] {
    const auto path = QFileDialog::getSaveFileName(this, tr("Export chart"), "partscope-chart.png",
                                                   tr("PNG (*.png);;SVG (*.svg);;PDF (*.pdf);;CSV (*.csv)"));
    QString error;
    if (!path.isEmpty() && !m_chart->exportTo(path, &error))
      QMessageBox::warning(this, tr("Export chart"), error);
  });
}

void MainWindow::createMenus()
{
  auto action = [this](const char* name) { return findChild<QAction*>(name); };
  auto* file = menuBar()->addMenu(tr("&File"));
  file->addActions({action("fileNew"), action("fileOpen")});
  auto* samples = file->addMenu(tr("Open &Sample"));
  samples->setObjectName("samplesMenu");
  for (const auto& info : QDir(samplesFolder()).entryInfoList({"*.f", "*.f90", "*.hpf"}, QDir::Files, QDir::Name))
    samples->addAction(info.fileName(), this, [this, path = info.absoluteFilePath()] {
      if (maybeSave())
        openFile(path);
    });
  m_recentMenu = file->addMenu(tr("Open &Recent"));
  file->addSeparator();
  file->addActions({action("fileSave"), action("fileSaveAs"), action("exportChart")});
  file->addSeparator();
  file->addAction(action("fileQuit"));
  auto* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addActions({action("editUndo"), action("editRedo")});
  edit->addSeparator();
  edit->addActions({action("editFind"), action("editFindNext"), action("editReplace")});
  auto* analysis = menuBar()->addMenu(tr("&Analysis"));
  analysis->addActions({action("estimate"), action("estimateUnit"), action("estimateProgram"),
                        action("suggestDistribution"), action("profileRun"), action("selectOuter"),
                        action("selectInner")});
  analysis->addActions({action("keepEstimate"), action("validate")});
  analysis->addSeparator();
  analysis->addAction(action("sourceSettings"));
  auto* machines = menuBar()->addMenu(tr("&Machines"));
  machines->setObjectName("machinesMenu");
  machines->addActions({action("showMachines"), action("calibrateMachine")});
  auto* view = menuBar()->addMenu(tr("&View"));
  view->addActions({action("showSource"), action("showScalability")});
  view->addSeparator();
  view->addAction(action("viewAnnotations"));
  view->addSeparator();
  for (auto* dock : findChildren<QDockWidget*>())
    view->addAction(dock->toggleViewAction());
  auto* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About PartScope"), this, [this] {
    QMessageBox::about(this, tr("About PartScope"),
                       tr("PartScope explores the data partitioning of Fortran/HPF programs: select a loop nest, "
                          "choose distributions, press Ctrl+E, compare the predicted performance."));
  });
  auto* tools = addToolBar(tr("Main"));
  tools->setObjectName("mainToolBar");
  tools->addActions({action("fileNew"), action("fileOpen"), action("fileSave")});
  tools->addSeparator();
  tools->addActions({action("estimate"), action("suggestDistribution"), action("selectOuter"), action("selectInner")});
  rebuildRecentMenu();
}

// ---- settings ---------------------------------------------------------------

void MainWindow::readSettings()
{
  QSettings s;
  if (!restoreGeometry(s.value("window/geometry").toByteArray()))
    resize(1400, 900);
  restoreState(s.value("window/state").toByteArray());
  const auto machine = s.value("estimate/machine", "paragon").toString();
  m_panel->setMachine(machine);
  if (m_panel->machine() != machine) // a calibrated profile: listed once the store is connected
    m_pendingMachine = machine;
  showRememberedMachines();
  findChild<QAction*>("viewAnnotations")->setChecked(s.value("view/annotations", true).toBool());
}

void MainWindow::writeSettings() const
{
  QSettings s;
  s.setValue("window/geometry", saveGeometry());
  s.setValue("window/state", saveState());
  s.setValue("estimate/machine", m_pendingMachine.isEmpty() ? m_panel->machine() : m_pendingMachine);
  s.setValue("machines/selected", m_machines->selectedProfiles().mid(0, 2));
  s.setValue("view/annotations", findChild<QAction*>("viewAnnotations")->isChecked());
}

void MainWindow::closeEvent(QCloseEvent* event)
{
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  m_centralTabs->setCurrentIndex(0); // the docks' layout is saved as the Source tab shows it
  writeSettings();
  m_recovery.discard(m_path); // a clean close: nothing to recover
  event->accept();
}

// ---- files ------------------------------------------------------------------

void MainWindow::newFile()
{
  if (!maybeSave())
    return;
  m_loading = true;
  m_editor->setFixedForm(false);
  m_editor->setText("program main\n  implicit none\n\nend program main\n");
  m_editor->setModified(false);
  m_loading = false;
  m_latin1 = false;
  m_fullyLoaded = true;
  setCurrentPath({});
  m_profileCounts.reset();
  submit();
}

void MainWindow::openWithDialog()
{
  if (!maybeSave())
    return;
  const auto path = QFileDialog::getOpenFileName(this, tr("Open Fortran program"), QFileInfo(m_path).absolutePath(),
                                                 tr("Fortran/HPF (*.f *.for *.f77 *.f90 *.f95 *.hpf);;All files (*)"));
  if (!path.isEmpty())
    openFile(path);
}

bool MainWindow::openFile(const QString& path, QString* error)
{
  QString why;
  auto program = readProgramFile(path, &why); // a binary file is refused, not shown truncated
  if (!program) {
    if (error)
      *error = why;
    else
      QMessageBox::warning(this, tr("Open"), why);
    return false;
  }
  m_loading = true;
  m_editor->setFixedForm(isFixedFormPath(path));
  m_editor->setText(program->text);
  m_editor->setModified(false);
  m_loading = false;
  m_latin1 = program->latin1;
  // Whatever the editor did not take in whole must never be written back over the file.
  m_fullyLoaded = m_editor->text() == program->text;
  setCurrentPath(QFileInfo(path).absoluteFilePath());
  if (!m_fullyLoaded)
    QMessageBox::warning(this, tr("Open"), tr("'%1' did not load completely; it will not be saved over").arg(path));
  addRecent(m_path);
  m_selectedLine = 0;
  loadProfileCounts();
  submit();
  return true;
}

bool MainWindow::saveFile(const QString& path)
{
  if (!m_fullyLoaded && QFileInfo(path).absoluteFilePath() == m_path) {
    QMessageBox::warning(this, tr("Save"), tr("'%1' was not loaded completely; save the text under another name").arg(path));
    return false;
  }
  bool changed = false;
  const auto bytes = encodeProgramText(m_editor->text(), m_latin1, &changed);
  QSaveFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Text) || f.write(bytes) < 0 || !f.commit()) {
    QMessageBox::warning(this, tr("Save"), tr("Cannot save '%1': %2").arg(path, f.errorString()));
    return false;
  }
  m_latin1 = m_latin1 && !changed;
  m_fullyLoaded = true; // the file now holds exactly the editor's text
  m_recovery.discard(m_path);
  m_editor->setModified(false);
  setCurrentPath(QFileInfo(path).absoluteFilePath());
  addRecent(m_path);
  storeProfileCounts(); // Save As: the counts go along
  statusBar()->showMessage(changed ? tr("Saved %1 as UTF-8: the text has characters Latin-1 cannot hold").arg(path)
                                   : tr("Saved %1").arg(path),
                           3000);
  return true;
}

bool MainWindow::save() { return m_path.isEmpty() ? saveAs() : saveFile(m_path); }

bool MainWindow::saveAs()
{
  const auto path = QFileDialog::getSaveFileName(this, tr("Save As"), m_path.isEmpty() ? "untitled.f90" : m_path,
                                                 tr("Fortran/HPF (*.f *.f90 *.hpf);;All files (*)"));
  return !path.isEmpty() && saveFile(path);
}

bool MainWindow::maybeSave()
{
  if (!m_editor->isModified())
    return true;
  const auto answer = QMessageBox::warning(this, tr("PartScope"), tr("The program has unsaved changes. Save them?"),
                                           QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
  if (answer == QMessageBox::Save)
    return save();
  return answer == QMessageBox::Discard;
}

void MainWindow::setCurrentPath(const QString& path)
{
  m_path = path;
  setWindowTitle((path.isEmpty() ? QStringLiteral("untitled.f90") : QFileInfo(path).fileName()) + "[*] — PartScope");
  setWindowModified(m_editor->isModified());
}

void MainWindow::addRecent(const QString& path)
{
  QSettings s;
  auto recent = s.value("files/recent").toStringList();
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > kMaxRecent)
    recent.removeLast();
  s.setValue("files/recent", recent);
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
  m_recentMenu->clear();
  for (const auto& path : QSettings().value("files/recent").toStringList())
    m_recentMenu->addAction(QFileInfo(path).fileName(), this, [this, path] {
      if (maybeSave())
        openFile(path);
    })->setToolTip(path);
  m_recentMenu->setEnabled(!m_recentMenu->isEmpty());
}

// ---- recovery ---------------------------------------------------------------

void MainWindow::autosaveNow()
{
  if (m_editor->isModified() && !m_recovery.save(m_path, m_editor->text()))
    statusBar()->showMessage(tr("Autosave failed: cannot write to %1").arg(m_recovery.folder()), 5000);
}

void MainWindow::offerRecovery()
{
  m_recovered = m_recovery.leftBehind();
  if (!m_recovered)
    return;
  m_recoveryLabel->setText(tr("PartScope was not closed cleanly. Unsaved text of <b>%1</b> from %2 was recovered.")
                             .arg(m_recovered->path.isEmpty() ? tr("an untitled program") : QFileInfo(m_recovered->path).fileName(),
                                  m_recovered->savedAt));
  m_recoveryBar->show();
}

bool MainWindow::recoveryOffered() const { return m_recovered.has_value() && !m_recoveryBar->isHidden(); }

void MainWindow::restoreRecovered()
{
  if (!m_recovered)
    return;
  const auto recovered = *m_recovered;
  if (!recovered.path.isEmpty() && QFileInfo::exists(recovered.path))
    openFile(recovered.path);
  else
    setCurrentPath(recovered.path);
  m_editor->setText(recovered.text); // modified: the user decides whether to save
  QFile::remove(recovered.recoveryFile);
  m_recovered.reset();
  m_recoveryBar->hide();
}

// ---- profile run --------------------------------------------------------------

void MainWindow::profileRun(const QString& inputFile)
{
  if (m_profileJob)
    return; // one at a time; the progress dialog is up
  const auto name = m_path.isEmpty() ? QStringLiteral("untitled.f90") : QFileInfo(m_path).fileName();
  auto includeDirs = sourceSettings().includeDirs; // the document's folder first: the copy is compiled elsewhere
  if (!m_path.isEmpty())
    includeDirs.insert(includeDirs.begin(), QFileInfo(m_path).absolutePath().toStdString());
  m_profileJob = new ProfileJob(m_editor->text(), name, m_editor->fixedForm(), inputFile, std::move(includeDirs), this);
  m_profileProgress = new QProgressDialog(tr("Profile run of %1: starting…").arg(name), tr("Cancel"), 0, 0, this);
  m_profileProgress->setObjectName("profileProgress");
  m_profileProgress->setWindowTitle(tr("Profile Run"));
  m_profileProgress->setWindowModality(Qt::WindowModal);
  m_profileProgress->setMinimumDuration(0);
  m_profileProgress->setAutoClose(false);
  m_profileProgress->setAutoReset(false);
  connect(m_profileProgress, &QProgressDialog::canceled, m_profileJob, &ProfileJob::cancel);
  connect(m_profileJob, &ProfileJob::stepStarted, m_profileProgress, [this, name](const QString& step) {
    m_profileProgress->setLabelText(tr("Profile run of %1: %2…").arg(name, step.toLower()));
  });
  connect(m_profileJob, &ProfileJob::finished, this, &MainWindow::profileFinished);
  m_profileProgress->show();
  m_profileJob->start();
}

void MainWindow::profileFinished()
{
  const auto result = m_profileJob->result();
  m_profileJob->deleteLater();
  if (m_profileProgress)
    m_profileProgress->deleteLater();
  m_profileError = QString::fromStdString(result.error);
  if (result.cancelled) {
    statusBar()->showMessage(tr("Profile run cancelled"), 5000);
  } else if (!result.counts) {
    showProfileError();
  } else {
    m_profileCounts = result.counts;
    storeProfileCounts();
    statusBar()->showMessage(tr("Profile run done: estimates use the measured branch probabilities"), 5000);
    if (m_estimating)
      submit();
  }
  emit profileRunFinished(result.counts.has_value());
}

/// Not modal, so that tests and the user can go on; a program that reads
/// input gets a button to choose the input file and run again.
void MainWindow::showProfileError()
{
  statusBar()->showMessage(tr("Profile run failed"), 5000);
  auto* box = new QMessageBox(QMessageBox::Warning, tr("Profile Run"), m_profileError, QMessageBox::Close, this);
  box->setObjectName("profileErrorBox");
  box->setAttribute(Qt::WA_DeleteOnClose);
  if (m_profileError.contains("reads input")) {
    auto* choose = box->addButton(tr("Choose Input…"), QMessageBox::AcceptRole);
    connect(choose, &QPushButton::clicked, this, [this] {
      const auto input = QFileDialog::getOpenFileName(this, tr("Input of the program"), QFileInfo(m_path).absolutePath());
      if (!input.isEmpty())
        profileRun(input);
    });
  }
  box->open();
}

void MainWindow::loadProfileCounts()
{
  m_profileCounts.reset();
  const auto path = profileCountsPath(m_path);
  if (m_path.isEmpty() || !QFileInfo::exists(path))
    return;
  auto read = profile::readCounts(path.toStdString());
  m_profileCounts = std::move(read.counts);
  if (!m_profileCounts)
    statusBar()->showMessage(tr("Profile counts not used: %1").arg(QString::fromStdString(read.error)), 5000);
}

void MainWindow::storeProfileCounts() const
{
  if (m_path.isEmpty() || !m_profileCounts)
    return;
  QSaveFile f(profileCountsPath(m_path));
  const auto json = ps::jsonText(profile::toJson(*m_profileCounts, {}), 2) + "\n";
  if (!f.open(QIODevice::WriteOnly | QIODevice::Text) || f.write(json.c_str()) < 0 || !f.commit())
    statusBar()->showMessage(tr("Cannot save the profile counts: %1").arg(f.errorString()), 5000);
}

// ---- machines -------------------------------------------------------------------

void MainWindow::setMachineProviders(ProfilesProvider profiles, PointsProvider points)
{
  m_machines->setProviders(std::move(profiles), std::move(points));
  showRememberedMachines(); // a remembered calibrated profile is listed only now
}

/// The Machines dock shows the profiles it showed last, else the one the
/// estimates use (not the first of the list, which read as if the estimate
/// ran on it).
void MainWindow::showRememberedMachines()
{
  const auto shown = QSettings().value("machines/selected").toStringList();
  if (shown.size() >= 2)
    m_machines->compareProfiles(shown[0], shown[1]);
  else if (shown.size() == 1)
    m_machines->selectProfile(shown[0]);
  else
    m_machines->selectProfile(m_panel->machine());
}

void MainWindow::showMachines() { raiseTall(findChild<QDockWidget*>("machinesDock")); }

void MainWindow::raiseTall(QDockWidget* dock)
{
  dock->show();
  dock->raise();
  // the machines' curves and fits, or the plan's phases, candidates and
  // charts, need more height than the results table; after the layout has
  // placed the raised dock (before, its height is the hidden tab's and the
  // resize is lost)
  QTimer::singleShot(0, this, [this, dock] {
    const int wanted = std::min(560, height() * 3 / 5);
    if (!dock->isFloating() && dock->height() < wanted)
      resizeDocks({dock}, {wanted}, Qt::Vertical);
  });
}

void MainWindow::machinesReloaded(const QStringList& calibrated)
{
  m_panel->setCalibratedMachines(calibrated);
  m_planDock->setCalibratedMachines(calibrated);
  if (!m_pendingMachine.isEmpty() && calibrated.contains(m_pendingMachine)) {
    m_panel->setMachine(m_pendingMachine);
    m_pendingMachine.clear();
  }
}

CalibrateDialog* MainWindow::calibrate()
{
  if (!m_calibrate) {
    m_calibrate = new CalibrateDialog(this);
    m_calibrate->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_calibrate, &CalibrateDialog::calibrationFinished, this, &MainWindow::calibrationFinished);
  }
  m_calibrate->show();
  m_calibrate->raise();
  return m_calibrate;
}

void MainWindow::calibrationFinished(bool ok, const QString& name)
{
  if (!ok)
    return;
  m_machines->reload(); // the store has the new profile (the lead's calibrate = train -> fit -> store)
  m_machines->selectProfile(name);
  showMachines();
  statusBar()->showMessage(tr("Calibrated '%1': it is in the Machines view and the machine lists").arg(name), 5000);
}

ValidationDialog* MainWindow::validate()
{
  if (!m_validate) {
    m_validate = new ValidationDialog(this);
    m_validate->setAttribute(Qt::WA_DeleteOnClose);
  }
  const bool unsaved = m_path.isEmpty() || m_editor->isModified();
  m_validate->setProgram(m_path, unsaved ? std::optional<QString>(m_editor->text()) : std::nullopt, m_panel->settings());
  m_validate->show();
  m_validate->raise();
  return m_validate;
}

// ---- analysis and estimates ------------------------------------------------

void MainWindow::textEdited()
{
  m_editor->clearStatementAnnotations(); // they describe the text before the change
  if (m_loading)
    return;
  m_sinceChange.start();
  m_analysisTimer->start();
  m_autosaveTimer->start();
}

void MainWindow::settingsEdited()
{
  m_sinceChange.start();
  updateScaleProgram();
  if (m_estimating)
    m_estimateTimer->start();
}

void MainWindow::estimate()
{
  m_scopeUnit.clear();
  m_scopeProgram = false;
  m_estimating = true;
  m_sinceChange.start();
  submit();
}

void MainWindow::estimateUnit()
{
  const auto* unit = m_snapshot.unitAt(m_editor->cursorLine());
  if (!unit) {
    m_status->setText(tr("Not estimated: the cursor is not inside a unit"));
    return;
  }
  m_scopeUnit = unit->name;
  m_scopeProgram = false;
  m_estimating = true;
  m_sinceChange.start();
  submit();
}

void MainWindow::estimateProgram()
{
  m_scopeUnit.clear();
  m_scopeProgram = true;
  m_estimating = true;
  m_sinceChange.start();
  submit();
}

void MainWindow::selectLoopAt(int line)
{
  m_pendingLoop = line;
  if (const auto* loop = m_snapshot.loopOnLine(line)) {
    m_depth = loop->depth;
    m_editor->goTo(line, 1);
    m_pendingLoop = 0;
    updateSelection();
  }
}

void MainWindow::submit()
{
  m_analysisTimer->stop();
  m_estimateTimer->stop();
  JobInput input{m_path.toStdString(), m_editor->text().toStdString(), std::nullopt, m_profileCounts,
                 sourceSettings(), m_panel->settings().values};
  if (m_estimating && m_panel->hasSelection()) {
    input.estimate = m_panel->settings();
    input.estimate->unitName = m_scopeUnit;
    input.estimate->program = m_scopeProgram;
    input.estimate->sweepVariable.clear(); // the time-vs-N sweep follows as a second job
    input.estimate->sweepValues.clear();
  }
  if (!m_sinceChange.isValid())
    m_sinceChange.start();
  m_controller.submit(std::move(input));
}

void MainWindow::submitValueSweep()
{
  auto settings = m_panel->settings();
  if (settings.sweepVariable.empty()) {
    m_chart->setValueCurves({}, {});
    return;
  }
  settings.valueSweepOnly = true;
  settings.unitName = m_scopeUnit;
  settings.program = m_scopeProgram;
  m_controller.submit(
    {m_path.toStdString(), m_editor->text().toStdString(), settings, m_profileCounts, sourceSettings(), settings.values});
}

void MainWindow::jobPartial(int generation, const JobOutput& output)
{
  if (generation == m_partialGeneration) { // the table is shown: the curves over P so far
    m_chartPending->stop();
    m_chart->setProcessorCurves(output.timeVsP, false);
    return;
  }
  m_partialGeneration = generation;
  showAnalysis(output);
  applyEstimate(output);
  m_status->setText(tr("Table estimated; computing the chart over P…"));
  m_chartPending->start(); // a chart that follows within moments is not marked
  emit estimateTableShown();
}

namespace {

/// The Results dock's title: what the table estimates ("Results — loop at
/// line 26", "— unit 'relax'", "— program 'jacobi'"), since Ctrl+E, Estimate
/// Unit and Estimate Program share the table.
QString resultsTitle(const nlohmann::json& table)
{
  const auto name = [](const nlohmann::json& scope) { return QString::fromStdString(scope.value("name", std::string())); };
  if (table.contains("program"))
    return QObject::tr("Results — program '%1'").arg(name(table["program"]));
  if (table.contains("unit"))
    return QObject::tr("Results — unit '%1'").arg(name(table["unit"]));
  if (table.contains("loop"))
    return QObject::tr("Results — loop at line %1").arg(table["loop"].value("line", 0));
  return QObject::tr("Results");
}

} // namespace

void MainWindow::jobFinished(int generation, const JobOutput& output)
{
  if (output.valueSweepOnly) {
    m_chart->setValueCurves(output.timeVsN, QString::fromStdString(output.sweepVariable));
    emit valueSweepFinished();
    return;
  }
  m_chartPending->stop();
  m_chart->setProcessorsPending(false);
  if (generation != m_partialGeneration) { // else the analysis and the table are shown already
    showAnalysis(output);
    if (output.estimated || !output.errors.empty())
      applyEstimate(output);
  }
  if (output.estimated || !output.errors.empty())
    finishEstimate(output);
}

void MainWindow::showAnalysis(const JobOutput& output)
{
  m_snapshot = OutlineSnapshot::fromJson(output.outline);
  m_editor->setDiagnostics(m_snapshot.diagnostics);
  fillOutline(*m_outline, m_snapshot);
  m_outlineView->expandToDepth(2);
  fillProblems(*m_problems, m_snapshot);
  m_problemsView->resizeColumnToContents(1);
  if (m_pendingLoop > 0)
    selectLoopAt(m_pendingLoop);
  else
    updateSelection();
  updateScaleProgram();
  emit analysisFinished();
}

void MainWindow::applyEstimate(const JobOutput& output)
{
  m_errors.clear();
  for (const auto& e : output.errors)
    m_errors << QString::fromStdString(e);
  m_notes->clear();
  for (const auto& e : m_errors) {
    auto* item = new QListWidgetItem(e, m_notes);
    item->setForeground(QColor(0xb0, 0x20, 0x20));
  }
  showAssumptions(output.assumptions);
  m_panel->setMissing(output.missing, output.missingReasons);
  m_editor->clearStatementAnnotations();
  m_shownTable = output.estimated ? output.table : nlohmann::json();
  findChild<QAction*>("keepEstimate")->setEnabled(output.estimated);
  if (output.estimated) {
    m_results->setTable(output.table);
    if (auto* dock = findChild<QDockWidget*>("resultsDock"))
      dock->setWindowTitle(resultsTitle(output.table));
    m_formulas->setFormulas(QString::fromStdString(output.formulas), QString::fromStdString(output.formulasLatex));
    m_editor->setAnnotations(statementAnnotations(output.table));
    for (const auto& n : m_results->notes())
      m_notes->addItem(n);
    for (const auto& c : m_results->communication())
      m_notes->addItem(c);
  }
}

/// The curves over P, the status line, and the sweep over N that follows.
void MainWindow::finishEstimate(const JobOutput& output)
{
  if (output.estimated)
    m_chart->setProcessorCurves(output.timeVsP);
  for (const auto& n : output.chartNotes) {
    auto* item = new QListWidgetItem(style()->standardIcon(QStyle::SP_MessageBoxWarning),
                                     tr("Chart: %1").arg(QString::fromStdString(n)), m_notes);
    item->setForeground(QColor(0xa0, 0x60, 0x00));
  }
  m_lastUpdateMs = m_sinceChange.isValid() ? static_cast<double>(m_sinceChange.nsecsElapsed()) / 1e6 : 0;
  m_status->setText(output.estimated ? tr("Estimated in %1 ms (%2 ms since the change)")
                                         .arg(output.seconds * 1e3, 0, 'f', 1)
                                         .arg(m_lastUpdateMs, 0, 'f', 1)
                                     : tr("Not estimated: %1").arg(m_errors.value(0)));
  emit estimateFinished();
  if (output.estimated)
    submitValueSweep();
}

bool MainWindow::keepEstimate(const QString& name, QString* error)
{
  if (m_shownTable.is_null()) {
    *error = tr("Nothing is estimated yet: Estimate first");
    return false;
  }
  if (name.isEmpty()) {
    *error = tr("A kept estimate needs a name");
    return false;
  }
  std::string why;
  auto store = machine::ProfileStore::open(machineStorePath().toStdString(), &why);
  const auto id = store ? store->keepEstimate(name.toStdString(), m_path.toStdString(), ps::jsonText(m_shownTable), &why)
                        : std::nullopt;
  if (!id) {
    *error = QString::fromStdString(why);
    return false;
  }
  m_status->setText(tr("Kept estimate '%1' as #%2 in %3").arg(name).arg(*id).arg(machineStorePath()));
  return true;
}

void MainWindow::showAssumptions(const std::vector<std::pair<int, std::string>>& assumptions)
{
  auto diagnostics = m_snapshot.diagnostics;
  for (const auto& [line, note] : assumptions) {
    auto* item = new QListWidgetItem(style()->standardIcon(QStyle::SP_MessageBoxWarning),
                                     tr("Warning: %1").arg(QString::fromStdString(note)), m_notes);
    item->setData(Qt::UserRole, line); // the directive's line, 0 when there is none
    item->setForeground(QColor(0xa0, 0x60, 0x00));
    if (line > 0) // a marker on the directive that could not be read
      diagnostics.push_back({line, 1, line, 0, "warning", note});
  }
  m_editor->setDiagnostics(diagnostics);
}

void MainWindow::updateSelection()
{
  const int line = m_editor->cursorLine();
  const LoopInfo* loop = nullptr;
  for (int depth = m_depth; depth >= 0 && !loop; --depth)
    loop = m_snapshot.enclosingLoop(line, depth);
  if (!loop)
    return; // keep the last selection while the cursor is outside any nest
  const auto* unit = m_snapshot.unitAt(loop->line);
  m_editor->setSelectedNest(loop->line, loop->endLine);
  if (loop->line == m_selectedLine && m_panel->loopLine() == loop->line) {
    m_panel->showSizes(*unit, *loop); // a new value of a PARAMETER changes them
    return;
  }
  m_selectedLine = loop->line;
  m_editor->clearStatementAnnotations(); // they belong to the nest selected before
  m_panel->setSelection(*unit, *loop);
}

void MainWindow::selectDeeper(int delta)
{
  m_depth = std::max(0, m_depth + delta);
  const int line = m_editor->cursorLine();
  while (m_depth > 0 && !m_snapshot.enclosingLoop(line, m_depth))
    --m_depth;
  updateSelection();
}

void MainWindow::jumpTo(const QModelIndex& index)
{
  const int line = index.data(LineRole).toInt();
  if (line <= 0)
    return;
  const int depth = index.data(LoopDepthRole).toInt();
  if (depth >= 0)
    m_depth = depth;
  m_editor->goTo(line, std::max(1, index.data(ColumnRole).toInt()));
  updateSelection();
}

// ---- find and replace -------------------------------------------------------

void MainWindow::find(bool forward)
{
  if (!m_findText->text().isEmpty() &&
      !m_editor->findFirst(m_findText->text(), false, false, false, true, forward))
    statusBar()->showMessage(tr("'%1' not found").arg(m_findText->text()), 3000);
}

void MainWindow::replaceOne()
{
  if (m_editor->hasSelectedText() && m_editor->selectedText() == m_findText->text())
    m_editor->replace(m_replaceText->text());
  find(true);
}

void MainWindow::replaceAll()
{
  if (m_findText->text().isEmpty())
    return;
  int count = 0;
  m_editor->beginUndoAction(); // one undo step for the whole replacement
  m_editor->setCursorPosition(0, 0);
  while (m_editor->findFirst(m_findText->text(), false, false, false, false, true) && count < 100000) {
    m_editor->replace(m_replaceText->text());
    ++count;
  }
  m_editor->endUndoAction();
  statusBar()->showMessage(tr("Replaced %1 occurrences").arg(count), 3000);
}

} // namespace ps::views

// partscope: the IDE. Wires the command line to the main window:
//   partscope [FILE] [--loop LINE] [--dist SPEC]... [--procs LIST] [--set N=V]...
//             [--machine NAME] [--estimate] [--screenshot PNG] [--dock machines]
//             [--scale-p N] [--scale-n N] [--scale-to LIST] [--models FILE.json] [--tab scalability]
//             [--scale-chart ratio|n|p]
//             [--suggest] [--dims K] [--phase-times FILE.json] [--phase N]
#include "mapping/dist-spec.h"
#include "mapping/processors.h"
#include "views/distribution-panel.h"
#include "views/distribution-plan-dock.h"
#include "views/formulas-view.h"
#include "views/machine-store.h"
#include "views/main-window.h"
#include "views/source-editor.h"
#include "views/scalability-panel.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QDir>
#include <QTimer>

#include <cstdio>
#include <utility>

namespace {

struct StartupOptions {
  QString file, screenshot, machine;
  QString scaleTo, models, tab, dock;
  QString formulasAt; // --formulas-at: the Formulas dock's first visible line contains it
  int scaleChart = -1; // index of the Scalability tab's chart, -1: as it is
  qint64 scaleP = 0, scaleN = 0;
  int loop = 0;
  bool estimate = false;      // --estimate, or implied by --screenshot
  bool estimateAsked = false; // --estimate itself
  QStringList dists, procs, sets;
  bool suggest = false; // Suggest Distribution once the program is analysed
  int dims = 0, phase = 0;
  QString phaseTimes;
};

StartupOptions parseArguments(const QApplication& app)
{
  QCommandLineParser p;
  p.setApplicationDescription("PartScope: explore the data partitioning of Fortran/HPF programs");
  p.addHelpOption();
  p.addPositionalArgument("file", "Fortran/HPF program to open");
  p.addOption({"loop", "Select the loop nest whose DO statement is on LINE", "LINE"});
  p.addOption({"dist", "Distribution of a variant, as partscope-cli: 'a,b=(BLOCK,*)'; repeat per variant", "SPEC"});
  p.addOption({"procs", "Processors of the variants: one arrangement (16, 4x4) or one per variant, comma-separated", "LIST"});
  p.addOption({"set", "Value of an unknown or PARAMETER, NAME=VALUE; repeat for more", "NAME=VALUE"});
  p.addOption({"machine", "Machine profile: a built-in (paragon, sp2, ipsc860, ncube, ddt, teaching), a stored one or a JSON file", "NAME"});
  p.addOption({"estimate", "Run Estimate once the program is analysed"});
  p.addOption({"scale-p", "Scalability tab: the initial number of processors p", "N"});
  p.addOption({"scale-n", "Scalability tab: the initial problem size n", "N"});
  p.addOption({"scale-to", "Scalability tab: the scaled processor counts p', comma-separated", "LIST"});
  p.addOption({"models", "Scalability tab: compare the analytic models of a model file (JSON)", "FILE"});
  p.addOption({"tab", "Show a tab at start: 'source' or 'scalability'", "NAME"});
  p.addOption({"dock", "Raise a bottom dock at start: 'results', 'formulas', 'problems', 'chart' or 'machines' "
                      "(with --machine A or --machine A,B: the profile shown, or two compared)", "NAME"});
  p.addOption({"formulas-at", "Formulas dock: make it taller and scroll the first line containing TEXT to its top "
                              "(with --dock formulas; for screenshots of the communication formulas)", "TEXT"});
  p.addOption({"scale-chart", "Scalability tab: the chart shown, 'ratio', 'n' or 'p'", "NAME"});
  p.addOption({"suggest", "Run Suggest Distribution (DDT) on the unit once the program is analysed; "
                          "--procs (the first), --machine, --dims and --phase-times set its controls"});
  p.addOption({"dims", "Suggest Distribution: most distributed dimensions per mapping (1 or 2)", "K"});
  p.addOption({"phase-times", "Suggest Distribution: JSON {\"LINE\": seconds} of the phases' sequential times", "FILE"});
  p.addOption({"phase", "Suggest Distribution: show the alignment graph of phase N", "N"});
  p.addOption({"screenshot", "Save a screenshot of the main window to PNG after the estimate, then exit", "PNG"});
  p.process(app);
  StartupOptions o;
  o.file = p.positionalArguments().value(0);
  o.loop = p.value("loop").toInt();
  o.dists = p.values("dist");
  o.procs = p.value("procs").split(',', Qt::SkipEmptyParts);
  o.sets = p.values("set");
  o.machine = p.value("machine");
  o.estimate = p.isSet("estimate") || p.isSet("screenshot");
  o.estimateAsked = p.isSet("estimate");
  o.screenshot = p.value("screenshot");
  o.scaleP = p.value("scale-p").toLongLong();
  o.scaleN = p.value("scale-n").toLongLong();
  o.scaleTo = p.value("scale-to");
  o.models = p.value("models");
  o.tab = p.value("tab").toLower();
  o.dock = p.value("dock").toLower();
  o.formulasAt = p.value("formulas-at");
  o.scaleChart = QStringList{"ratio", "n", "p"}.indexOf(p.value("scale-chart").toLower());
  o.suggest = p.isSet("suggest");
  o.dims = p.value("dims").toInt();
  o.phase = p.value("phase").toInt();
  o.phaseTimes = p.value("phase-times");
  if (!o.models.isEmpty() && o.tab.isEmpty())
    o.tab = "scalability";
  return o;
}

/// Puts the command line's variants, processors and values into the panel.
/// The machine estimates use: A of "--machine A,B" (two profiles compared in
/// the Machines dock); "A,B" itself named no machine and left paragon on.
QString estimateMachine(const QString& machine) { return machine.section(',', 0, 0).trimmed(); }

/// Returns the problems (a --dist that does not parse, an unknown
/// --machine), also printed.
QStringList applyOptions(const StartupOptions& o, ps::views::DistributionPanel& panel)
{
  QStringList problems;
  for (int v = 0; v < o.dists.size(); ++v) {
    while (panel.variantCount() <= v)
      panel.addVariant();
    // as partscope-cli: the spec replaces the directives, the arrays it omits replicated (not the panel's prefill)
    const auto arrangement = o.procs.isEmpty() ? QString::fromStdString(panel.settings().variants[static_cast<std::size_t>(v)].arrangement)
                                               : o.procs.value(v, o.procs.last());
    QString error;
    if (panel.addSpecVariant(panel.variantName(v), o.dists[v], arrangement, &error) < 0) {
      std::fprintf(stderr, "partscope: --dist: %s\n", qPrintable(error));
      problems << QStringLiteral("--dist '%1': %2").arg(o.dists[v], error);
    }
  }
  while (!o.dists.isEmpty() && panel.variantCount() > o.dists.size()) // the document's own B would ride along
    panel.removeVariant(panel.variantCount() - 1);
  for (int v = 0; v < panel.variantCount() && !o.procs.isEmpty(); ++v)
    panel.setArrangement(v, o.procs.value(v, o.procs.last()));
  for (const auto& s : o.sets) {
    const auto eq = s.indexOf('=');
    if (eq > 0)
      panel.setValue(s.left(eq).trimmed().toLower(), s.mid(eq + 1).toLongLong());
  }
  if (!o.machine.isEmpty() && !panel.setMachine(estimateMachine(o.machine))) {
    std::fprintf(stderr, "partscope: --machine: no profile named '%s'\n", qPrintable(estimateMachine(o.machine)));
    problems << QStringLiteral("--machine '%1': no such profile; the estimates use %2")
                    .arg(estimateMachine(o.machine), panel.machine());
  }
  return problems;
}

/// The Scalability tab's options; false when the model file cannot be read.
bool applyScaleOptions(const StartupOptions& o, ps::views::ScalabilityPanel& panel)
{
  if (!o.models.isEmpty()) {
    QString error;
    if (!panel.loadModels(o.models, &error)) {
      std::fprintf(stderr, "partscope: --models: %s\n", qPrintable(error));
      return false;
    }
  }
  if (o.scaleP > 0 || o.scaleN > 0)
    panel.setInitialState(o.scaleP > 0 ? o.scaleP : 4, o.scaleN > 0 ? o.scaleN : 20);
  if (!o.scaleTo.isEmpty())
    panel.setScaledProcessors(o.scaleTo);
  if (!o.machine.isEmpty())
    panel.setMachine(estimateMachine(o.machine));
  return true;
}

/// The Distribution plan dock's controls; false when the phase-times file cannot be read.
bool applySuggestOptions(const StartupOptions& o, ps::views::DistributionPlanDock& dock)
{
  if (!o.machine.isEmpty())
    dock.setMachine(estimateMachine(o.machine));
  if (!o.procs.isEmpty())
    if (auto arrangement = ps::mapping::parseArrangement(o.procs.first().toStdString()))
      dock.setProcessors(static_cast<int>(arrangement->count()));
  if (o.dims > 0)
    dock.setMaxDistributedDims(o.dims);
  QString error;
  if (!o.phaseTimes.isEmpty() && !dock.setPhaseTimesFile(o.phaseTimes, &error)) {
    std::fprintf(stderr, "partscope: --phase-times: %s\n", qPrintable(error));
    return false;
  }
  return true;
}

/// After the plan: the alignment graph of phase `id` (the paper's numbering).
void showPhase(ps::views::DistributionPlanDock& dock, int id)
{
  if (!dock.lastOutput() || !dock.lastOutput()->plan)
    return;
  const auto& phases = dock.lastOutput()->plan->phases;
  for (int k = 0; k < static_cast<int>(phases.size()); ++k)
    if (phases[k].phase.id == id)
      dock.selectPhase(k);
}

/// --dock machines: the profile named by --machine, or the two of "A,B" compared.
void showMachines(ps::views::MainWindow& window, const QString& machines)
{
  window.showMachines();
  const auto names = machines.split(',', Qt::SkipEmptyParts);
  if (names.size() >= 2)
    window.machinesView()->compareProfiles(names[0].trimmed(), names[1].trimmed());
  else if (names.size() == 1)
    window.machinesView()->selectProfile(names[0].trimmed());
}

/// --formulas-at: a taller Formulas dock scrolled to the line with `text`.
void showFormulasAt(ps::views::MainWindow& window, const QString& text)
{
  if (auto* dock = window.findChild<QDockWidget*>("formulasDock"))
    window.resizeDocks({dock}, {window.height() * 3 / 5}, Qt::Vertical);
  QTimer::singleShot(0, &window, [&window, text] {
    if (!window.formulasView()->scrollToLineWith(text))
      std::fprintf(stderr, "partscope: no formula line contains '%s'\n", qPrintable(text));
  });
}

void takeScreenshot(ps::views::MainWindow& window, const QString& path)
{
  // a moment for the charts' animations and layout to settle
  QTimer::singleShot(400, &window, [&window, path] {
    const bool ok = window.grab().save(path);
    std::fprintf(ok ? stdout : stderr, ok ? "Saved screenshot %s\n" : "partscope: cannot write %s\n",
                 qPrintable(QDir::toNativeSeparators(path)));
    QApplication::exit(ok ? 0 : 1);
  });
}

} // namespace

int main(int argc, char** argv)
{
  QApplication app(argc, argv);
  QApplication::setOrganizationName("PartScope");
  QApplication::setApplicationName("PartScope");
  QApplication::setApplicationVersion("0.1.0");
  const auto options = parseArguments(app);

  ps::views::MainWindow window;
  // calibrated and imported profiles come from the profile store the CLI writes
  const auto store = ps::views::machineStorePath();
  window.setMachineProviders([store] { return ps::views::storedProfiles(store); },
                             [store](const std::string& name) { return ps::views::storedPoints(store, name); });
  if (!options.file.isEmpty()) {
    QString error;
    if (!window.openFile(options.file, &error)) {
      std::fprintf(stderr, "partscope: %s\n", qPrintable(error));
      return 1;
    }
  }
  if (options.loop > 0)
    window.selectLoopAt(options.loop);
  // the first analysis (of FILE) lists the arrays: then the command line can set variants
  QObject::connect(
    &window, &ps::views::MainWindow::analysisFinished, &window,
    [&window, options] {
      if (const auto problems = applyOptions(options, *window.distributionPanel()); !problems.isEmpty())
        window.statusBar()->showMessage(problems.join("; ")); // a typo must not pass as the document's variants
      if (!applyScaleOptions(options, *window.scalabilityPanel()))
        return QApplication::exit(1);
      if (options.suggest && !applySuggestOptions(options, *window.planDock()))
        return QApplication::exit(1);
      const bool scaling = options.tab == "scalability";
      const bool estimating = options.estimate && window.distributionPanel()->hasSelection();
      if (!window.distributionPanel()->hasSelection() && (options.loop > 0 || options.estimateAsked)) {
        // said where the user looks too: the window otherwise just showed "Ready" and empty tables
        const auto why = options.loop > 0
                           ? QObject::tr("--loop %1: no DO loop starts on line %1").arg(options.loop)
                           : QObject::tr("--estimate needs a loop: give --loop LINE, or put the cursor in a DO loop");
        std::fprintf(stderr, "partscope: %s\n", qPrintable(why));
        window.statusBar()->showMessage(why);
      }
      if (estimating)
        window.estimate();
      if (auto* dock = window.findChild<QDockWidget*>(options.dock + "Dock"); dock && !options.dock.isEmpty())
        dock->raise();
      if (options.dock == "machines")
        showMachines(window, options.machine);
      if (scaling)
        window.showScalability();
      if (options.suggest) {
        QObject::connect(
          window.planDock(), &ps::views::DistributionPlanDock::suggestFinished, &window,
          [&window, options] {
            if (options.phase > 0)
              showPhase(*window.planDock(), options.phase);
            if (options.screenshot.isEmpty())
              return;
            if (!window.planDock()->isRunning()) // no plan: the errors are the picture
              return takeScreenshot(window, options.screenshot);
            QObject::connect(
              window.planDock(), &ps::views::DistributionPlanDock::sweepsFinished, &window,
              [&window, options] { takeScreenshot(window, options.screenshot); }, Qt::SingleShotConnection);
          },
          Qt::SingleShotConnection);
        window.raiseTall(window.planDock());
        window.planDock()->suggest();
      }
      if (auto* charts = window.findChild<QTabWidget*>("scaleCharts"); charts && options.scaleChart >= 0)
        charts->setCurrentIndex(options.scaleChart);
      if (options.screenshot.isEmpty() || options.suggest)
        return;
      if (scaling) {
        // a study, or the reason there is none (no loop selected: the screenshot waited for ever)
        for (auto signal : {&ps::views::ScalabilityPanel::studyFinished, &ps::views::ScalabilityPanel::studyRefused})
          QObject::connect(
            window.scalabilityPanel(), signal, &window,
            [&window, options] {
              static bool taken = false;
              if (!std::exchange(taken, true))
                takeScreenshot(window, options.screenshot);
            },
            Qt::SingleShotConnection);
      }
      else if (estimating)
        QObject::connect(
          &window, &ps::views::MainWindow::estimateFinished, &window,
          [&window, options] {
            // the selected nest from its DO line, so its statement annotations show
            window.editor()->setFirstVisibleLine(std::max(0, options.loop - 3));
            if (!options.formulasAt.isEmpty())
              showFormulasAt(window, options.formulasAt);
            takeScreenshot(window, options.screenshot);
          },
          Qt::SingleShotConnection);
      else
        takeScreenshot(window, options.screenshot);
    },
    Qt::SingleShotConnection);
  window.show();
  return app.exec();
}

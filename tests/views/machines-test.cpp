// GUI tests of the machine profiles work of issue 11 on the offscreen
// platform: the Machines view (list, parameters, log-log curves chart with
// packet steps, fit table, comparison), Machines ▸ Calibrate… driven by a
// fake partscope-cli (a shell script printing progress lines), Cancel, and
// Analysis ▸ Validate…'s table from contract 5's JSON.
#include "machine/profile-store.h"
#include "views/calibrate-dialog.h"
#include "views/distribution-panel.h"
#include "views/machine-curves-chart.h"
#include "views/machine-store.h"
#include "views/machines-view.h"
#include "views/main-window.h"
#include "views/validation-dialog.h"
#include "work-timeout.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTest>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QScatterSeries>

#include <Qsci/qscicommandset.h>
#include <Qsci/qsciscintilla.h>

#include <signal.h>
#include <memory>

using namespace ps;
using namespace ps::views;

namespace {

/// A calibrated profile with a packet step in vSR at 1024 bytes (10 µs
/// below, 30 µs above, 1 ns per byte) and a one-piece ping-pong.
machine::MachineProfile testProfile(const std::string& name = "testbox")
{
  machine::MachineProfile m = *machine::findProfile("teaching", nullptr);
  m.name = name;
  m.title = "Test box";
  m.source = "calibrated by the test";
  machine::CommCurve vsr{"vSR", 4, 1, {{8, 1024, 10e-6, 1e-9}, {1025, 65536, 30e-6, 1e-9}}, 1024, 1.3, 0.04};
  machine::CommCurve ping{"pingpong", 2, 1, {{8, 65536, 5e-6, 2e-9}}, 0, 0.9, 0.02};
  m.curves = {vsr, ping};
  return m;
}

std::vector<machine::TrainingPoint> testPoints()
{
  std::vector<machine::TrainingPoint> points;
  for (std::int64_t b : {8, 64, 512, 1024, 2048, 16384, 65536}) {
    const double vsr = (b <= 1024 ? 10e-6 : 30e-6) + 1e-9 * b;
    points.push_back({"vSR", 4, 1, b, vsr * 1.01, vsr, vsr * 1.02, 20});
    points.push_back({"pingpong", 2, 1, b, 5e-6 + 2e-9 * b, 0, 0, 20});
  }
  return points;
}

QString cell(QStandardItemModel* m, int row, int column) { return m->index(row, column).data().toString(); }

/// The parameters table's value of `parameter` for the shown profile `column` (1, 2).
QString parameter(MachinesView& v, const QString& parameter, int column = 1)
{
  auto* m = v.parametersModel();
  for (int r = 0; r < m->rowCount(); ++r)
    if (cell(m, r, 0) == parameter)
      return cell(m, r, column);
  return "(no row " + parameter + ")";
}

QXYSeries* seriesNamed(QChart* chart, const QString& name)
{
  for (auto* s : chart->series())
    if (s->name() == name)
      return qobject_cast<QXYSeries*>(s);
  return nullptr;
}

/// Every point of every series inside both axes; an empty string when so.
QString pointOutsideAxes(QChart* chart)
{
  for (auto* s : chart->series())
    for (const auto& p : qobject_cast<QXYSeries*>(s)->points())
      for (auto* axis : chart->axes()) {
        auto* log = qobject_cast<QLogValueAxis*>(axis);
        if (!log)
          return "axis " + axis->titleText() + " is not logarithmic";
        const double v = axis->orientation() == Qt::Horizontal ? p.x() : p.y();
        if (!(log->min() <= v && v <= log->max()))
          return QString("%1 outside [%2, %3] in '%4'").arg(v).arg(log->min()).arg(log->max()).arg(s->name());
      }
  return {};
}

/// Both ends of a log axis just beyond powers of ten (so both get a label).
bool decadeEnds(QLogValueAxis* axis)
{
  const auto nearPower = [](double v) {
    const double e = std::log10(v);
    return std::fabs(e - std::round(e)) < std::log10(1.03);
  };
  return axis->base() == 10 && nearPower(axis->min()) && nearPower(axis->max());
}

/// A shell script standing in for partscope-cli.
QString writeScript(const QTemporaryDir& dir, const QString& name, const QString& body)
{
  const auto path = dir.filePath(name);
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly))
    return {};
  f.write(("#!/bin/sh\n" + body).toUtf8());
  f.close();
  f.setPermissions(f.permissions() | QFileDevice::ExeOwner);
  return path;
}

/// With PS_SCREENSHOTS=FOLDER the view is saved there as NAME.png, to look at
/// (under Xvfb for real fonts): there is no store yet to show a calibrated
/// profile through `partscope --dock machines`.
void maybeScreenshot(QWidget& w, const QString& name, QSize size = {1300, 560})
{
  const auto folder = qEnvironmentVariable("PS_SCREENSHOTS");
  if (folder.isEmpty())
    return;
  w.resize(size);
  w.show();
  QTest::qWait(200);
  w.grab().save(folder + "/" + name + ".png");
}

QByteArray readFile(const QString& path)
{
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
}

} // namespace

class MachinesTest : public QObject {
  Q_OBJECT

private slots:
  void initTestCase();
  void listShowsEveryBuiltin();
  void selectingShowsNumbers();
  void linearModelChart();
  void calibratedChartShowsStepsAndPoints();
  void compareShowsBothProfiles();
  void curveFilterKeepsTheChartReadable();
  void progressLinesParse();
  void calibrateUpdatesProgressAndReloads();
  void calibrateValidatesName();
  void calibrateShowsErrors();
  void cancelKillsTheRun();
  void validationParsesCannedJson();
  void validationRunsTheCli();
  void validationMissingTool();
  void shortcutsDoNotClash();
  void selectionIsRemembered();
  void storedProfilesReachTheJobs();
  void aChosenMachineReplacesAnUnlistedRememberedOne();

private:
  QTemporaryDir m_dir, m_recovery;
};

void MachinesTest::initTestCase()
{
  QStandardPaths::setTestModeEnabled(true);
  QSettings s; // what an earlier run remembered
  for (const char* group : {"machines", "calibrate", "validate"})
    s.remove(group);
  QVERIFY(m_dir.isValid());
}

void MachinesTest::listShowsEveryBuiltin()
{
  MachinesView v;
  QStringList builtins;
  for (const auto& m : machine::builtinProfiles())
    builtins << QString::fromStdString(m.name);
  QCOMPARE(builtins, (QStringList{"ddt", "ipsc860", "ncube", "paragon", "sp2", "teaching"}));
  QCOMPARE(v.profileNames(), builtins);
  QCOMPARE(v.profileList()->count(), 6);
  for (int i = 0; i < 6; ++i)
    QCOMPARE(v.profileList()->item(i)->text(), builtins[i]);
  QVERIFY(v.calibratedNames().isEmpty());
  QCOMPARE(v.selectedProfiles(), QStringList{"ddt"}); // something is always shown
}

void MachinesTest::selectingShowsNumbers()
{
  MachinesView v;
  QVERIFY(v.selectProfile("paragon"));
  QCOMPARE(v.selectedProfiles(), QStringList{"paragon"});
  QCOMPARE(v.parametersModel()->columnCount(), 2);
  QCOMPARE(parameter(v, "Title"), QString("Intel Paragon XP/S (i860 XP nodes, 2-D mesh)"));
  QVERIFY(parameter(v, "Source").startsWith("Sun 2002"));
  QCOMPARE(parameter(v, "Startup time ρ"), QString("46 µs"));
  QCOMPARE(parameter(v, "Time per byte β"), QString("12.5 ns/B")); // 80 MB/s
  QCOMPARE(parameter(v, "Time per hop γ"), QString("0 s"));
  QCOMPARE(parameter(v, "Topology"), QString("mesh2d"));
  QCOMPARE(parameter(v, "Cache line"), QString("32 B"));
  QCOMPARE(parameter(v, "Cache size"), QString("16.0 KiB"));
  QCOMPARE(parameter(v, "Add/subtract"), QString("0.1 µs"));
  QCOMPARE(parameter(v, "Divide"), QString("0.4 µs"));
  QCOMPARE(parameter(v, "Power"), QString("1 µs"));
  QCOMPARE(parameter(v, "Load"), QString("0.05 µs"));
  QCOMPARE(parameter(v, "Store"), QString("0.05 µs"));
  QVERIFY(parameter(v, "Assumptions").contains("wormhole routing"));
  QCOMPARE(parameter(v, "Assumptions").count('\n'), 2); // three assumptions, one per line
  auto* notes = v.findChild<QTextBrowser*>("machineNotes"); // the long texts whole
  QVERIFY(notes->toPlainText().contains("Intel Paragon XP/S"));
  QVERIFY(notes->toPlainText().contains("wormhole routing makes distance cheap"));
  // the fit table: the linear model of a profile without curves
  QCOMPARE(v.fitModel()->rowCount(), 1);
  QCOMPARE(cell(v.fitModel(), 0, 0), QString("paragon"));
  QCOMPARE(cell(v.fitModel(), 0, 3), QString("46 µs"));
  QCOMPARE(cell(v.fitModel(), 0, 4), QString("12.5 ns/B"));
  QVERIFY(!v.selectProfile("cray"));
}

void MachinesTest::linearModelChart()
{
  MachinesView v;
  QVERIFY(v.selectProfile("paragon"));
  auto* chart = v.curvesChart();
  QCOMPARE(chart->series().size(), 1);
  auto* line = seriesNamed(chart, "ρ + βx");
  QVERIFY(line);
  // 1 B to 1 MB: rho + beta*x, in ms (12.5 ms at 1 MB)
  const auto points = line->points();
  QCOMPARE(points.front().x(), 1.0);
  QCOMPARE(points.back().x(), 1e6);
  QVERIFY(qAbs(points.front().y() - (46e-6 + 1.25e-8) * 1e3) < 1e-9);
  QVERIFY(qAbs(points.back().y() - (46e-6 + 1.25e-8 * 1e6) * 1e3) < 1e-9);
  auto* x = qobject_cast<QLogValueAxis*>(chart->axes(Qt::Horizontal).front());
  QCOMPARE(x->min(), 1 / 1.02); // whole decades, a hair wider, so that 1 and 1e+06 are labelled
  QCOMPARE(x->max(), 1e6 * 1.02);
  QVERIFY(points.size() >= 6 * 24); // 24 samples per decade
  const auto outside = pointOutsideAxes(chart);
  QVERIFY2(outside.isEmpty(), qPrintable(outside));
  for (auto* axis : chart->axes())
    QVERIFY(decadeEnds(qobject_cast<QLogValueAxis*>(axis)));
  QVERIFY(chart->axes(Qt::Vertical).front()->titleText().contains("(ms)"));
}

void MachinesTest::calibratedChartShowsStepsAndPoints()
{
  MachinesView v;
  v.setProviders([] { return std::vector{testProfile()}; },
                 [](const std::string& name) { return name == "testbox" ? testPoints() : std::vector<machine::TrainingPoint>{}; });
  QCOMPARE(v.profileList()->count(), 7);
  QCOMPARE(v.profileList()->item(6)->text(), QString("testbox (stored)")); // imported: not "calibrated"
  QCOMPARE(v.calibratedNames(), QStringList{"testbox"});
  QVERIFY(v.selectProfile("testbox"));
  auto* chart = v.curvesChart();
  QVERIFY(chart->axes(Qt::Vertical).front()->titleText().contains("(µs)")); // 95.5 µs at most
  auto* vsr = seriesNamed(chart, "vSR, 4 ranks");
  auto* ping = seriesNamed(chart, "pingpong, 2 ranks");
  auto* vsrDots = qobject_cast<QScatterSeries*>(seriesNamed(chart, "vSR, 4 ranks measured"));
  auto* pingDots = qobject_cast<QScatterSeries*>(seriesNamed(chart, "pingpong, 2 ranks measured"));
  QVERIFY(vsr && ping && vsrDots && pingDots);
  QCOMPARE(chart->series().size(), 4);
  QCOMPARE(vsrDots->count(), 7);
  QCOMPARE(vsrDots->at(3), QPointF(1024, (10e-6 + 1024e-9) * 1.01 * 1e6)); // the median, in µs
  QCOMPARE(vsrDots->borderColor(), vsr->pen().color()); // the dots in their curve's colour
  // the step: the sampled curve ends the first segment at 1024 B and starts the second at 1025 B
  const auto pts = vsr->points();
  int at = -1;
  for (int i = 0; i + 1 < pts.size(); ++i)
    if (pts[i].x() == 1024 && pts[i + 1].x() == 1025)
      at = i;
  QVERIFY2(at >= 0, "no samples on both sides of the step");
  QVERIFY(qAbs(pts[at].y() - 11.024) < 1e-9);
  QVERIFY(qAbs(pts[at + 1].y() - 31.025) < 1e-9);
  // elsewhere the samples follow the slope b = 1 ns/B = 0.001 µs/B: the step is the only jump
  for (int i = 0; i + 1 < pts.size(); ++i) {
    const double jump = pts[i + 1].y() - pts[i].y() - 1e-3 * (pts[i + 1].x() - pts[i].x());
    if (i == at)
      QVERIFY(qAbs(jump - 20) < 1e-6);
    else if (pts[i].x() >= 8) // below the first segment the curve is flat at its first value
      QVERIFY2(qAbs(jump) < 1e-6, qPrintable(QString("jump of %1 µs at %2 B").arg(jump).arg(pts[i].x())));
  }
  const auto outside = pointOutsideAxes(chart);
  QVERIFY2(outside.isEmpty(), qPrintable(outside));
  for (auto* axis : chart->axes())
    QVERIFY(decadeEnds(qobject_cast<QLogValueAxis*>(axis)));
  // the fit table: two vSR segments (packet and errors on the first), one ping-pong segment
  auto* fits = v.fitModel();
  QCOMPARE(fits->rowCount(), 3);
  QCOMPARE(cell(fits, 0, 1), QString("vSR, 4 ranks"));
  QCOMPARE(cell(fits, 0, 2), QString("8 B – 1024 B"));
  QCOMPARE(cell(fits, 0, 3), QString("10 µs"));
  QCOMPARE(cell(fits, 0, 4), QString("1 ns/B"));
  QCOMPARE(cell(fits, 0, 5), QString("1024 B"));
  QCOMPARE(cell(fits, 0, 6), QString("1.3"));
  QCOMPARE(cell(fits, 0, 7), QString("4.0 %"));
  QCOMPARE(cell(fits, 1, 3), QString("30 µs"));
  QCOMPARE(cell(fits, 1, 5), QString());
  QCOMPARE(cell(fits, 2, 5), QString("no steps"));
  QCOMPARE(parameter(v, "Fitted curves"), QString("2"));
  maybeScreenshot(v, "machines-calibrated");
}

void MachinesTest::compareShowsBothProfiles()
{
  MachinesView v;
  v.setProviders([] { return std::vector{testProfile()}; }, [](const std::string&) { return testPoints(); });
  QSignalSpy shown(&v, &MachinesView::selectionShown);
  QVERIFY(v.compareProfiles("paragon", "testbox"));
  QCOMPARE(shown.last().first().toStringList(), (QStringList{"paragon", "testbox"}));
  auto* p = v.parametersModel();
  QCOMPARE(p->columnCount(), 3);
  QCOMPARE(p->headerData(1, Qt::Horizontal).toString(), QString("paragon"));
  QCOMPARE(p->headerData(2, Qt::Horizontal).toString(), QString("testbox"));
  QCOMPARE(parameter(v, "Startup time ρ", 1), QString("46 µs"));
  QCOMPARE(parameter(v, "Title", 2), QString("Test box"));
  auto* chart = v.curvesChart();
  QVERIFY(seriesNamed(chart, "paragon: ρ + βx"));
  QVERIFY(seriesNamed(chart, "testbox: vSR, 4 ranks"));
  QVERIFY(seriesNamed(chart, "testbox: pingpong, 2 ranks measured"));
  QCOMPARE(chart->series().size(), 5);
  QVERIFY(seriesNamed(chart, "testbox: vSR, 4 ranks")->pen().style() == Qt::DashLine); // the second profile
  QVERIFY(seriesNamed(chart, "paragon: ρ + βx")->pen().style() == Qt::SolidLine);
  const auto outside = pointOutsideAxes(chart);
  QVERIFY2(outside.isEmpty(), qPrintable(outside));
  QCOMPARE(v.fitModel()->rowCount(), 4); // paragon's linear model and testbox's three segments
  QCOMPARE(cell(v.fitModel(), 0, 0), QString("paragon"));
  QCOMPARE(cell(v.fitModel(), 3, 0), QString("testbox"));
  maybeScreenshot(v, "machines-compare");
  // the list's multi-selection compares too
  v.profileList()->clearSelection();
  v.profileList()->item(3)->setSelected(true);
  v.profileList()->item(4)->setSelected(true);
  QCOMPARE(v.parametersModel()->headerData(1, Qt::Horizontal).toString(), QString("paragon"));
  QCOMPARE(v.parametersModel()->headerData(2, Qt::Horizontal).toString(), QString("sp2"));
}

/// A run on 4 ranks fits patterns x {2, 3, 4} ranks x {contiguous, strided}:
/// the chart shows the most ranks, contiguous, unless asked for more.
void MachinesTest::curveFilterKeepsTheChartReadable()
{
  auto many = testProfile("manybox");
  many.title = "Simulated from 'ipsc860' (4 ranks, 2026-11-25T00:53:55Z)"; // as calibrate --simgrid titles it
  many.curves.clear();
  std::vector<machine::TrainingPoint> points;
  for (const char* pattern : {"vSR", "EXCH"})
    for (int ranks : {2, 3, 4})
      for (std::int64_t stride : {1, 2}) {
        many.curves.push_back({pattern, ranks, stride, {{8, 65536, ranks * 1e-6, 1e-9}}, 0, 1, 0.01});
        points.push_back({pattern, ranks, stride, 1024, ranks * 1e-6 + 1024e-9, 0, 0, 20});
      }
  many.curves.push_back({"pingpong", 2, 1, {{8, 65536, 5e-6, 2e-9}}, 0, 1, 0.01});
  MachinesView v;
  v.setProviders([many] { return std::vector{many}; }, [points](const std::string&) { return points; });
  QVERIFY(v.selectProfile("manybox"));
  QCOMPARE(v.profileList()->item(6)->text(), QString("manybox (simulated)"));
  auto names = [&] {
    QStringList out;
    for (auto* s : v.curvesChart()->series())
      if (!s->name().endsWith(" measured"))
        out << s->name();
    out.sort();
    return out;
  };
  QCOMPARE(names(), (QStringList{"EXCH, 4 ranks", "pingpong, 2 ranks", "vSR, 4 ranks"}));
  QVERIFY(seriesNamed(v.curvesChart(), "vSR, 4 ranks measured"));
  QVERIFY(!seriesNamed(v.curvesChart(), "vSR, 2 ranks measured"));
  v.setCurveFilter({"vSR", -1, false});
  QCOMPARE(names(), (QStringList{"vSR, 2 ranks", "vSR, 3 ranks", "vSR, 4 ranks"}));
  v.setCurveFilter({"", 3, true});
  QCOMPARE(names(), (QStringList{"EXCH, 3 ranks", "EXCH, 3 ranks, stride 2", "vSR, 3 ranks", "vSR, 3 ranks, stride 2"}));
  QCOMPARE(v.curveFilter().ranks, 3);
  v.setCurveFilter({"", -1, true});
  QCOMPARE(names().size(), 13);
  // a built-in profile has no curves: the filter has nothing to choose
  QVERIFY(v.selectProfile("paragon"));
  QCOMPARE(names(), QStringList{"ρ + βx"});
  QVERIFY(!v.findChild<QComboBox*>("machinesRanksFilter")->isEnabled());
}

void MachinesTest::progressLinesParse()
{
  const auto p = parseProgressLine("progress 12/96 vSR 4 ranks 65536 B");
  QVERIFY(p);
  QCOMPARE(p->done, 12);
  QCOMPARE(p->total, 96);
  QCOMPARE(p->text, QString("vSR 4 ranks 65536 B"));
  QVERIFY(parseProgressLine("progress 0/5"));
  QVERIFY(!parseProgressLine("progress 7/5 too far"));
  QVERIFY(!parseProgressLine("progress 1/0 nothing"));
  QVERIFY(!parseProgressLine("Error: mpirun was not found"));
  ProgressLineReader reader; // lines split across chunks
  QCOMPARE(reader.feed("progress 1/4 a\nprog").size(), std::size_t(1));
  const auto next = reader.feed("ress 2/4 b\nError: x\n");
  QCOMPARE(next.size(), std::size_t(1));
  QCOMPARE(next[0].done, 2);
  QCOMPARE(reader.errors(), QStringList{"Error: x"});
  QCOMPARE(reader.feed("progress 3/4 c").size(), std::size_t(0));
  QCOMPARE(reader.finish().size(), std::size_t(1));
}

void MachinesTest::calibrateUpdatesProgressAndReloads()
{
  // the fake CLI writes its arguments and a marker the test's "store" reads
  const auto script = writeScript(m_dir, "cli-ok", R"(d=$(dirname "$0")
echo "$@" > "$d/args.txt"
echo "progress 1/3 vSR 2 ranks 8 B" >&2
sleep 0.2
echo "progress 2/3 vSR 2 ranks 64 B" >&2
sleep 0.2
echo "progress 3/3 pingpong 2 ranks 1024 B" >&2
touch "$d/stored"
exit 0
)");
  const auto stored = m_dir.filePath("stored");
  MainWindow w(m_recovery.path());
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  w.setMachineProviders(
    [stored] { return QFile::exists(stored) ? std::vector{testProfile("mybox")} : std::vector<machine::MachineProfile>{}; },
    [](const std::string&) { return testPoints(); });
  QCOMPARE(w.machinesView()->calibratedNames(), QStringList{});
  auto* d = w.calibrate();
  QVERIFY(d->isVisible());
  d->setProgram(script);
  d->setName("mybox");
  d->setRanks(2);
  d->setQuick(true);
  d->setHostfile({});
  d->setMpirun({});
  QList<int> values;
  auto* bar = d->findChild<QProgressBar*>("calibrateProgress");
  connect(bar, &QProgressBar::valueChanged, this, [&](int v) {
    if (bar->maximum() == 3)
      values << v;
  });
  QSignalSpy finished(d, &CalibrateDialog::calibrationFinished);
  QVERIFY(d->start());
  QVERIFY(d->isRunning());
  QVERIFY(finished.wait(kWorkTimeoutMs));
  QCOMPARE(finished.first().at(0).toBool(), true);
  QCOMPARE(finished.first().at(1).toString(), QString("mybox"));
  QCOMPARE(values, (QList<int>{1, 2, 3}));
  // the CLI writes the store the IDE reads
  QCOMPARE(QString::fromUtf8(readFile(m_dir.filePath("args.txt"))),
           "calibrate --ranks 2 --quick --name mybox --db " + machineStorePath());
  QCOMPARE(d->progressText(), QString("Calibrated 'mybox'"));
  maybeScreenshot(*d, "calibrate-dialog", d->size());
  QVERIFY(d->errorText().isEmpty());
  // the list reloaded and shows the new profile; the machine lists offer it
  QCOMPARE(w.machinesView()->calibratedNames(), QStringList{"mybox"});
  QCOMPARE(w.machinesView()->selectedProfiles(), QStringList{"mybox"});
  QVERIFY(w.findChild<QDockWidget*>("machinesDock")->isVisible());
  for (const char* name : {"machine", "planMachine"}) {
    auto* combo = w.findChild<QComboBox*>(name);
    QVERIFY(combo);
    QCOMPARE(combo->itemText(combo->count() - 1), QString("mybox"));
  }
  w.distributionPanel()->setMachine("mybox");
  QCOMPARE(w.distributionPanel()->machine(), QString("mybox"));
  QFile::remove(stored);
}

void MachinesTest::calibrateValidatesName()
{
  CalibrateDialog d;
  d.setHostfile({});
  d.setName("");
  QCOMPARE(d.validationError(), QString("Machine name is empty; give the stored profile a name"));
  d.setName("Paragon");
  QCOMPARE(d.validationError(), QString("Machine 'Paragon' is a built-in profile; give the stored profile another name"));
  QVERIFY(!d.start());
  QVERIFY(!d.isRunning());
  d.setName("my box");
  QCOMPARE(d.validationError(), QString("Machine name 'my box' may hold only letters, digits, '_', '-' and '.'"));
  d.setName("cluster-2");
  QVERIFY(d.validationError().isEmpty());
  d.setHostfile("/nonexistent/hosts");
  QCOMPARE(d.validationError(), QString("Hostfile '/nonexistent/hosts' does not exist"));
  d.setHostfile(m_dir.filePath("hosts"));
  QFile hosts(m_dir.filePath("hosts"));
  QVERIFY(hosts.open(QIODevice::WriteOnly));
  hosts.close();
  d.setMpirun("mpirun --mca btl self,tcp");
  d.setRanks(8);
  d.setQuick(false);
  QCOMPARE(d.arguments(), (QStringList{"calibrate", "--ranks", "8", "--hostfile", m_dir.filePath("hosts"), "--mpirun",
                                       "mpirun --mca btl self,tcp", "--name", "cluster-2", "--db",
                                       machineStorePath()}));
  // simulated: the profile's platform under SimGrid; hostfile and mpirun do not apply
  d.setHostfile("/nonexistent/hosts");
  d.setSimulated("ipsc860");
  QCOMPARE(d.simulated(), QString("ipsc860"));
  QVERIFY(d.validationError().isEmpty());
  QVERIFY(!d.findChild<QLineEdit*>("calibrateMpirun")->isEnabled());
  QCOMPARE(d.findChild<QSpinBox*>("calibrateRanks")->maximum(), 1024);
  QCOMPARE(d.arguments(), (QStringList{"calibrate", "--ranks", "8", "--simgrid", "ipsc860", "--name", "cluster-2",
                                       "--db", machineStorePath()}));
  d.setSimulated({});
  QVERIFY(d.findChild<QLineEdit*>("calibrateMpirun")->isEnabled());
  QCOMPARE(d.validationError(), QString("Hostfile '/nonexistent/hosts' does not exist"));
}

void MachinesTest::calibrateShowsErrors()
{
  const auto script = writeScript(m_dir, "cli-fail", R"(echo "progress 1/10 vSR 2 ranks 8 B" >&2
echo "Cannot run 'mpirun': it is not installed" >&2
exit 2
)");
  CalibrateDialog d;
  d.setHostfile({});
  d.setProgram(script);
  d.setName("box");
  QSignalSpy finished(&d, &CalibrateDialog::calibrationFinished);
  QVERIFY(d.start());
  QVERIFY(finished.wait(kWorkTimeoutMs));
  QCOMPARE(finished.first().at(0).toBool(), false);
  QCOMPARE(d.errorText(), QString("Cannot run 'mpirun': it is not installed"));
  QCOMPARE(d.progressText(), QString("Cannot run 'mpirun': it is not installed"));
  // a CLI that is not there
  d.setProgram(m_dir.filePath("no-such-cli"));
  finished.clear();
  QVERIFY(d.start());
  QVERIFY(finished.wait(kWorkTimeoutMs));
  QCOMPARE(finished.first().at(0).toBool(), false);
  QVERIFY(d.errorText().startsWith("Cannot run '" + m_dir.filePath("no-such-cli") + "'"));
}

void MachinesTest::cancelKillsTheRun()
{
  const auto script = writeScript(m_dir, "cli-slow", R"(echo $$ > "$(dirname "$0")/pid.txt"
echo "progress 1/100 vSR 2 ranks 8 B" >&2
while true; do sleep 0.1; done
)");
  CalibrateDialog d;
  d.setHostfile({});
  d.setProgram(script);
  d.setName("slow");
  QSignalSpy finished(&d, &CalibrateDialog::calibrationFinished);
  QVERIFY(d.start());
  QTRY_COMPARE_WITH_TIMEOUT(d.progressValue(), 1, kWorkTimeoutMs);
  QCOMPARE(d.progressMaximum(), 100);
  const auto pid = readFile(m_dir.filePath("pid.txt")).toInt();
  QVERIFY(pid > 0);
  QCOMPARE(::kill(pid, 0), 0); // running
  d.cancel();
  QVERIFY(finished.wait(kWorkTimeoutMs));
  QCOMPARE(finished.first().at(0).toBool(), false);
  QVERIFY(!d.isRunning());
  QCOMPARE(d.progressText(), QString("Cancelled; the points measured so far are kept"));
  QVERIFY(::kill(pid, 0) != 0); // gone (and reaped by QProcess)
}

void MachinesTest::validationParsesCannedJson()
{
  const QByteArray json = R"({"points":[
    {"procs":2,"predicted_tt_s":1e-4,"measured_tt_s":1.1e-4,"simulated_tt_s":null,"messages":4,"bytes":8192},
    {"procs":4,"predicted_tt_s":2e-4,"measured_tt_s":null,"simulated_tt_s":1.9e-4,"messages":8,"bytes":16384}],
    "notes":["SimGrid was not run at P = 2: smpirun is not installed"]})";
  QString error;
  const auto result = parseValidationJson(json, &error);
  QVERIFY2(result, qPrintable(error));
  ValidationDialog d;
  d.showResult(*result);
  auto* m = d.model();
  QCOMPARE(m->rowCount(), 2);
  using C = ValidationDialog::Column;
  QCOMPARE(cell(m, 0, C::Procs), QString("2"));
  QCOMPARE(cell(m, 0, C::Predicted), QString("100 µs"));
  QCOMPARE(cell(m, 0, C::Measured), QString("110 µs"));
  QCOMPARE(cell(m, 0, C::Simulated), QString("—"));
  QCOMPARE(cell(m, 0, C::MeasuredDiff), QString("+10.0 %"));
  QCOMPARE(cell(m, 0, C::SimulatedDiff), QString("—"));
  QCOMPARE(cell(m, 0, C::Messages), QString("4"));
  QCOMPARE(cell(m, 0, C::Bytes), QString("8.0 KiB"));
  QCOMPARE(cell(m, 1, C::Measured), QString("—"));
  QCOMPARE(cell(m, 1, C::Simulated), QString("190 µs"));
  QCOMPARE(cell(m, 1, C::SimulatedDiff), QString("-5.0 %"));
  QVERIFY(m->item(0, C::Simulated)->toolTip().contains("smpirun is not installed"));
  QCOMPARE(d.statusText(), QString("Validated at P = 2, 4"));
  auto* notes = d.findChild<QListWidget*>("validationNotes");
  QVERIFY(!notes->isHidden());
  QCOMPARE(notes->item(0)->text(), QString("SimGrid was not run at P = 2: smpirun is not installed"));
  QVERIFY(!parseValidationJson("not json", &error));
  QCOMPARE(error, QString("partscope-cli validate printed no result (expected JSON with 'points')"));
  QVERIFY(!parseValidationJson(R"({"points":[{"procs":2}]})", &error));
}

void MachinesTest::validationRunsTheCli()
{
  const auto script = writeScript(m_dir, "cli-validate", R"(echo "$@" > "$(dirname "$0")/vargs.txt"
echo '{"points":[{"procs":4,"predicted_tt_s":2.5e-3,"measured_tt_s":3e-3,"simulated_tt_s":2.4e-3,"messages":6,"bytes":48000}],"notes":[]}'
)");
  ValidationDialog d;
  d.setCliPath(script);
  EstimateSettings s;
  s.loopLine = 12;
  s.variants = {{"A", {{"a", "(BLOCK)"}}, "4"}, {"B", {{"a", "(CYCLIC)"}}, "4"}};
  s.values = {{"n", 100}};
  s.machine = "sp2";
  d.setProgram("/somewhere/jacobi.f", std::nullopt, s);
  QVERIFY(d.setVariant("B"));
  d.setProcessors("4");
  d.setRealRun(true);
  d.setSimulation(false);
  QSignalSpy finished(&d, &ValidationDialog::validationFinished);
  QVERIFY(d.start());
  QVERIFY(finished.wait(kWorkTimeoutMs));
  QCOMPARE(finished.first().first().toBool(), true);
  QCOMPARE(QString::fromUtf8(readFile(m_dir.filePath("vargs.txt"))),
           "validate /somewhere/jacobi.f --loop 12 --dist a=(CYCLIC) --procs 4 --machine sp2 --db " +
             machineStorePath() + " --set n=100 --real --json");
  QCOMPARE(d.model()->rowCount(), 1);
  QCOMPARE(cell(d.model(), 0, ValidationDialog::Predicted), QString("2.5 ms"));
  QCOMPARE(cell(d.model(), 0, ValidationDialog::MeasuredDiff), QString("+20.0 %"));
  QCOMPARE(cell(d.model(), 0, ValidationDialog::SimulatedDiff), QString("-4.0 %"));
  maybeScreenshot(d, "validation-dialog", d.size());
  // an unsaved program goes to partscope-cli as a temporary copy with its name
  d.setProgram("/somewhere/jacobi.f", QString("      end\n"), s);
  QCOMPARE(d.arguments("/tmp/x/jacobi.f").mid(0, 2), (QStringList{"validate", "/tmp/x/jacobi.f"}));
  // ... read as the IDE reads it: INCLUDE beside the original, the include
  // folders and macros of Analysis > Include Folders and Macros
  QSettings().setValue("source/includeDirs", QStringList{"/opt/inc"});
  QSettings().setValue("source/defines", QStringList{"NX=64"});
  const auto args = d.arguments("/tmp/x/jacobi.f").join(' ');
  QSettings().remove("source");
  QVERIFY2(args.contains("--include-dir /somewhere --include-dir /opt/inc -D NX=64 --real --json"), qPrintable(args));
}

void MachinesTest::validationMissingTool()
{
  ValidationDialog d;
  d.setCliPath(m_dir.filePath("no-such-cli"));
  EstimateSettings s;
  s.loopLine = 5;
  s.variants = {{"A", {{"a", "(BLOCK)"}}, "4"}};
  d.setProgram("/somewhere/p.f90", std::nullopt, s);
  QSignalSpy finished(&d, &ValidationDialog::validationFinished);
  QVERIFY(d.start());
  QVERIFY(finished.wait(kWorkTimeoutMs));
  QCOMPARE(finished.first().first().toBool(), false);
  QCOMPARE(d.model()->rowCount(), 1);
  QVERIFY(cell(d.model(), 0, 0).startsWith("Cannot run '" + m_dir.filePath("no-such-cli") + "'"));
  // a tool missing inside validate: its stderr sentence is the error row
  const auto script = writeScript(m_dir, "cli-nompi", "echo \"Cannot run the replay: 'smpirun' is not installed\" >&2\nexit 1\n");
  d.setCliPath(script);
  finished.clear();
  QVERIFY(d.start());
  QVERIFY(finished.wait(kWorkTimeoutMs));
  QCOMPARE(cell(d.model(), 0, 0), QString("Cannot run the replay: 'smpirun' is not installed"));
  // no nest selected
  d.setProgram("/somewhere/p.f90", std::nullopt, EstimateSettings{});
  QVERIFY(!d.start());
  QCOMPARE(cell(d.model(), 0, 0), QString("Select a loop nest first (put the cursor inside a DO loop)"));
}

void MachinesTest::shortcutsDoNotClash()
{
  MainWindow w(m_recovery.path());
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QMap<QString, QString> owner;
  for (auto* a : w.findChildren<QAction*>()) {
    for (const auto& key : a->shortcuts()) {
      const auto text = key.toString();
      QVERIFY2(!owner.contains(text),
               qPrintable(QString("%1 is on both '%2' and '%3'").arg(text, owner.value(text), a->objectName())));
      owner[text] = a->objectName();
    }
  }
  for (const char* name : {"showMachines", "calibrateMachine", "validate", "keepEstimate"}) {
    auto* a = w.findChild<QAction*>(name);
    QVERIFY(a);
    QVERIFY(!a->shortcut().isEmpty());
    QVERIFY2(!w.findChild<QsciScintilla*>()->standardCommands()->boundTo(a->shortcut()[0].toCombined()),
             qPrintable(QString("the editor has %1 too").arg(a->shortcut().toString())));
  }
  w.findChild<QAction*>("showMachines")->trigger();
  QVERIFY(w.findChild<QDockWidget*>("machinesDock")->isVisible());
}

void MachinesTest::selectionIsRemembered()
{
  {
    MainWindow w(m_recovery.path());
    w.show();
    QVERIFY(w.machinesView()->compareProfiles("paragon", "sp2"));
    QVERIFY(w.close());
  }
  MainWindow w(m_recovery.path());
  QCOMPARE(w.machinesView()->selectedProfiles(), (QStringList{"paragon", "sp2"}));
  {
    CalibrateDialog d;
    d.setRanks(6);
    d.setQuick(false);
    d.setHostfile({});
    d.setName("x");
    d.setProgram(m_dir.filePath("no-such-cli"));
    QSignalSpy finished(&d, &CalibrateDialog::calibrationFinished);
    QVERIFY(d.start()); // Start remembers the controls
    QVERIFY(finished.wait(kWorkTimeoutMs));
  }
  CalibrateDialog again;
  QCOMPARE(again.arguments().mid(0, 3), (QStringList{"calibrate", "--ranks", "6"}));
  QVERIFY(!again.arguments().contains("--quick"));
}

// A profile imported into the store at $PARTSCOPE_DB is listed by the view's
// provider and found by name for the estimate, plan and scale jobs; a store
// file that does not exist is not created by listing it.
void MachinesTest::storedProfilesReachTheJobs()
{
  const auto path = m_dir.filePath("jobs-store.sqlite");
  QVERIFY(storedProfiles(path).empty());
  QVERIFY(!QFile::exists(path));
  std::string error;
  auto store = machine::ProfileStore::open(path.toStdString(), &error);
  QVERIFY2(store, error.c_str());
  auto profile = testProfile("labbox");
  QVERIFY2(store->importProfile(machine::profileToJson(profile), &error), error.c_str());
  const auto listed = storedProfiles(path);
  QCOMPARE(listed.size(), std::size_t{1});
  QCOMPARE(QString::fromStdString(listed[0].name), QString("labbox"));
  QCOMPARE(listed[0].curves.size(), profile.curves.size());
  qputenv("PARTSCOPE_DB", path.toUtf8());
  const auto found = findIdeMachine("labbox", &error);
  qunsetenv("PARTSCOPE_DB");
  QVERIFY2(found, error.c_str());
  QCOMPARE(found->startup, profile.startup);
  QVERIFY(!findIdeMachine("labbox", &error)); // the default store does not hold it
  QVERIFY2(QString::fromStdString(error).startsWith("Unknown machine 'labbox'"), error.c_str());
}

// A remembered calibrated profile that the store no longer lists must not be
// written back over the machine the user chose meanwhile.
void MachinesTest::aChosenMachineReplacesAnUnlistedRememberedOne()
{
  QSettings().setValue("estimate/machine", "gone-box");
  {
    MainWindow w(m_recovery.path());
    w.show();
    auto* combo = w.distributionPanel()->findChild<QComboBox*>("machine");
    QVERIFY(combo);
    const int sp2 = combo->findText("sp2");
    QVERIFY(sp2 >= 0);
    combo->setCurrentIndex(sp2);
    emit combo->activated(sp2); // what a click in the list sends
    QVERIFY(w.close());
  }
  QCOMPARE(QSettings().value("estimate/machine").toString(), QString("sp2"));
}

QTEST_MAIN(MachinesTest)
#include "machines-test.moc"

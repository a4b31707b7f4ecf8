// GUI tests of the IDE: the real main window on the offscreen platform,
// driven through its widgets, checked against partscope-cli --json.
#include "work-timeout.h"
#include "machine/profile-store.h"
#include "views/chart-panel.h"
#include "views/distribution-panel.h"
#include "views/formulas-view.h"
#include "views/main-window.h"
#include "views/results-model.h"
#include "views/source-editor.h"
#include "views/source-settings.h"
#include "views/statement-annotations.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QListWidget>
#include <QToolTip>
#include <QPointer>
#include <QLineSeries>
#include <QPlainTextEdit>
#include <QLogValueAxis>
#include <QDockWidget>
#include <QProcess>
#include <QSettings>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QLabel>
#include <QHeaderView>
#include <QTableWidget>
#include <QTest>

#include <QtCharts/QChart>

#include <Qsci/qscicommandset.h>

using ps::views::MainWindow;
using ps::views::ResultsModel;

namespace {

QString sample(const char* name) { return QStringLiteral(PS_SOURCE_DIR "/sampleprograms/") + name; }

/// The first point of the only variant of `partscope-cli estimate --json`.
nlohmann::json cliPoint(const QStringList& arguments)
{
  QProcess cli;
  cli.start(PS_CLI_PATH, QStringList{"estimate"} + arguments + QStringList{"--json", "--machine", "paragon"});
  if (!cli.waitForFinished(30000) || cli.exitCode() != 0)
    return nullptr;
  return nlohmann::json::parse(cli.readAllStandardOutput().toStdString())["variants"][0]["points"][0];
}

/// The text partscope-cli's JSON gives for statement `line` of `point`:
/// the busiest processor's share of its instances, the messages and bytes
/// of its communication records, its cache misses.
/// The rows of the notes list that start with `prefix` ("Warning: ", "Chart: ").
QStringList noteRows(MainWindow& w, const QString& prefix)
{
  QStringList rows;
  auto* notes = w.findChild<QListWidget*>("notesList");
  for (int i = 0; notes && i < notes->count(); ++i)
    if (notes->item(i)->text().startsWith(prefix))
      rows << notes->item(i)->text();
  return rows;
}

QStringList warningRows(MainWindow& w) { return noteRows(w, "Warning: "); }

QString expectedAnnotation(const nlohmann::json& point, int line)
{
  for (const auto& s : point["statements"]) {
    if (s["line"].get<int>() != line)
      continue;
    std::int64_t messages = 0;
    double bytes = 0;
    for (const auto& c : point["comm"])
      if (c["line"].get<int>() == line) {
        messages += c["messages"].get<std::int64_t>();
        bytes += c["bytes"].get<double>();
      }
    const double share = 100.0 * s["work_max"].get<double>() / s["instances"].get<double>();
    return QStringLiteral("work %1% · %2 msg · %3 MiB · CM %4") // groupedCount: results-display-test checks it
      .arg(share, 0, 'f', 1)
      .arg(ps::views::groupedCount(messages))
      .arg(bytes / (1 << 20), 0, 'f', 2)
      .arg(ps::views::groupedCount(std::llround(s["cm"].get<double>())));
  }
  return {};
}

/// Shows `w` with the program at `path`, puts the cursor at (line, column)
/// and waits until the Distributions panel shows the nest at `loopLine`.
void openAt(MainWindow& w, const QString& path, int line, int column, int loopLine)
{
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(path));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  w.editor()->goTo(line, column);
  QTRY_COMPARE(w.distributionPanel()->loopLine(), loopLine);
}

/// Types `value` into the spin box of an unknown, as a user would.
void typeValue(MainWindow& w, const char* name, int value)
{
  auto* box = w.distributionPanel()->findChild<QSpinBox*>(QStringLiteral("value-") + name);
  QVERIFY2(box, name);
  box->setFocus();
  box->selectAll();
  QTest::keyClicks(box, QString::number(value));
}

} // namespace

class IdeTest : public QObject {
  Q_OBJECT

private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void jacobiEstimateEqualsTheCli();
  void hoverShowsTheEstimatedPointNearest();
  void aCurveLeavesOutOnlyTheCountsItsMappingDoesNotFit();
  void processorCurveReachesAVariantOnMoreThan1024();
  void keepEstimateStoresTheShownEstimate();
  void changingNReestimatesWithoutAClick();
  void syntaxErrorShowsAMarkerAndALaterLoopStillEstimates();
  void aBrokenStatementInTheNestIsTheError();
  void longArrayNamesStayApartInTheDistributionsTable();
  void innerLoopSelection();
  void redistributeBetweenLoopsChangesThePrefill();
  void recoveryFileIsOfferedAfterAnAbort();
  void chartExports();
  void fetchOnceIsAModelSetting();
  void estimateUnitAndProgramEqualTheCli_data();
  void estimateUnitAndProgramEqualTheCli();
  void annotationsShowTheCliNumbers();
  void formulasViewShowsTheClosedForms();
  void reestimatingDeletesTheOldAxes();
  void binaryFilesAreRefusedAndNeverSavedOver();
  void latin1TextIsSavedBackUnchanged();
  void unreadableDirectiveShowsAWarningRowAndAMarker();
  void missingValuesSayWhereTheProgramSetsThem();
  void includeFoldersComeFromTheSourceSettings();
  void assumptionWarningsOnlyForVariantsThatKeepThem();
  void onlyTheUnknownsOfTheSelectedNestAreAsked();
  void aByteOrderMarkIsNotProgramText();
  void aSlowChartFollowsTheTableAndAnEditCancelsIt();
  void thePanelReadsTheDirectivesAsTheCliDoes();
  void theWindowFitsA1024By768Screen();
  void theChartVariesAnArraySizeByDefault();

private:
  /// Opens Jacobi, cursor in the relaxation loop, variants A (BLOCK,BLOCK)
  /// on 4x4 and B (*,BLOCK) on 16, N = 256, Ctrl+E.
  void estimateJacobi(MainWindow& w);
  /// Writes `text` to `name` in `dir`, shows `w` and opens it there, analysed.
  void openWritten(MainWindow& w, const QTemporaryDir& dir, const QString& name, const QByteArray& text);
  void compareWithCli(MainWindow& w, int n);
  QTemporaryDir m_recovery;
};

void IdeTest::openWritten(MainWindow& w, const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
  const auto path = dir.filePath(name);
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(text);
  f.close();
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(path));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
}

void IdeTest::estimateJacobi(MainWindow& w)
{
  w.show();
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(sample("jacobi.hpf")));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  w.editor()->goTo(30, 9); // the stencil statement, inside the DO iter nest
  auto* panel = w.distributionPanel();
  QTRY_COMPARE(panel->loopLine(), 26); // the cursor moves with the next UI update
  QCOMPARE(panel->variantCount(), 2);
  QCOMPARE(panel->format(0, "a"), QString("(BLOCK,BLOCK)")); // from the DISTRIBUTE directive
  panel->setFormat(1, "a", "(*,BLOCK)");
  panel->setFormat(1, "b", "(*,BLOCK)");
  panel->setArrangement(0, "4x4");
  panel->setArrangement(1, "16");
  typeValue(w, "n", 256);
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.activateWindow();
  QTest::keyClick(w.editor(), Qt::Key_E, Qt::ControlModifier);
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  QVERIFY2(w.estimateErrors().isEmpty(), qPrintable(w.estimateErrors().join('\n')));
}

void IdeTest::compareWithCli(MainWindow& w, int n)
{
  const auto set = QStringLiteral("n=%1").arg(n);
  const QList<QStringList> cli{
    {sample("jacobi.hpf"), "--loop", "26", "--dist", "a,b=(BLOCK,BLOCK)", "--procs", "4x4", "--set", set},
    {sample("jacobi.hpf"), "--loop", "26", "--dist", "a,b=(*,BLOCK)", "--procs", "16", "--set", set}};
  auto* model = w.resultsModel();
  QCOMPARE(model->columnCount(), 2);
  for (int column = 0; column < 2; ++column) {
    const auto point = cliPoint(cli[column]);
    QVERIFY(!point.is_null());
    auto value = [&](int row) { return model->index(row, column).data(ResultsModel::ValueRole).toDouble(); };
    QCOMPARE(value(ResultsModel::Time), point["time_s"].get<double>());
    QCOMPARE(value(ResultsModel::Computation), point["ct_s"].get<double>());
    QCOMPARE(value(ResultsModel::Transfer), point["tt_s"].get<double>());
    QCOMPARE(value(ResultsModel::Goodness), point["wd"].get<double>());
    QCOMPARE(value(ResultsModel::Transfers), point["nt"].get<double>());
    QCOMPARE(value(ResultsModel::Data), point["td_bytes"].get<double>());
    QCOMPARE(value(ResultsModel::WorkMax), point["work_max"].get<double>());
    QCOMPARE(value(ResultsModel::WorkMin), point["work_min"].get<double>());
    QCOMPARE(value(ResultsModel::CommShare), 100.0 * point["tt_s"].get<double>() / point["time_s"].get<double>());
  }
}

/// Analysis > Keep Estimate: the shown estimate goes into the profile store
/// ($PARTSCOPE_DB), as `estimate --keep` puts it there.
void IdeTest::keepEstimateStoresTheShownEstimate()
{
  QTemporaryDir dir;
  const auto db = dir.filePath("kept.sqlite");
  qputenv("PARTSCOPE_DB", db.toUtf8());
  MainWindow w(m_recovery.path());
  QString error;
  QVERIFY(!w.keepEstimate("early", &error));
  QCOMPARE(error, QString("Nothing is estimated yet: Estimate first"));
  QVERIFY(!w.findChild<QAction*>("keepEstimate")->isEnabled());
  estimateJacobi(w);
  QVERIFY(w.findChild<QAction*>("keepEstimate")->isEnabled());
  QVERIFY(!w.keepEstimate("", &error));
  QVERIFY2(w.keepEstimate("jacobi 256", &error), qPrintable(error));
  qunsetenv("PARTSCOPE_DB");
  std::string why;
  auto store = ps::machine::ProfileStore::open(db.toStdString(), &why);
  QVERIFY2(store, why.c_str());
  const auto kept = store->estimates(&why);
  QVERIFY2(kept, why.c_str());
  QCOMPARE(kept->size(), std::size_t{1});
  QCOMPARE(QString::fromStdString(kept->front().name), QString("jacobi 256"));
  QCOMPARE(QString::fromStdString(kept->front().programPath), sample("jacobi.hpf"));
  const auto json = nlohmann::json::parse(kept->front().json);
  QCOMPARE(json["variants"].size(), std::size_t{2});
  // the kept (*,BLOCK) variant on 16: two column shifts x 15 boundaries x 100 iterations
  QCOMPARE(json["variants"][1]["points"][0]["nt"].get<std::int64_t>(), std::int64_t{3000});
  QCOMPARE(QString::fromStdString(json["variants"][1]["points"][0]["arrangement"].get<std::string>()), QString("16"));
}

void IdeTest::processorCurveReachesAVariantOnMoreThan1024()
{
  // Jacobi's variant B on 4096: its time-vs-P curve goes on in powers of
  // two to 4096 (it stopped at 1024, the table's value nowhere on it),
  // and its last point is the table's time; A on 16 keeps 1 .. 1024.
  MainWindow w(m_recovery.path());
  estimateJacobi(w);
  auto* panel = w.distributionPanel();
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  panel->setArrangement(1, "4096");
  w.activateWindow();
  QTest::keyClick(w.editor(), Qt::Key_E, Qt::ControlModifier);
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  auto series = w.chartPanel()->processorsChart()->series();
  QCOMPARE(series.size(), 2);
  auto* a = qobject_cast<QLineSeries*>(series.at(0));
  auto* b = qobject_cast<QLineSeries*>(series.at(1));
  QCOMPARE(a->count(), 11);
  QCOMPARE(b->count(), 13); // 1 .. 1024, 2048, 4096
  QCOMPARE(b->at(12).x(), 4096.0);
  const double table = w.resultsModel()->index(ResultsModel::Time, 1).data(ResultsModel::ValueRole).toDouble();
  QVERIFY2(std::abs(b->at(12).y() - table) <= 1e-9 * table,
           qPrintable(QStringLiteral("%1 against %2").arg(b->at(12).y()).arg(table)));
}

void IdeTest::aCurveLeavesOutOnlyTheCountsItsMappingDoesNotFit()
{
  // B = (*,BLOCK(32)) of n = 256 columns needs P >= 8: its curve over P was empty (the sweep stopped at
  // P = 1) with nothing said; now P = 8 .. 1024 and a chart note naming 1, 2 and 4
  MainWindow w(m_recovery.path());
  estimateJacobi(w);
  auto* panel = w.distributionPanel();
  panel->setFormat(1, "a", "(*,BLOCK(32))");
  panel->setFormat(1, "b", "(*,BLOCK(32))");
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.activateWindow();
  QTest::keyClick(w.editor(), Qt::Key_E, Qt::ControlModifier);
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  QVERIFY2(w.estimateErrors().isEmpty(), qPrintable(w.estimateErrors().join('\n')));
  auto series = w.chartPanel()->processorsChart()->series();
  QCOMPARE(series.size(), 2);
  auto* b = qobject_cast<QLineSeries*>(series.at(1));
  QCOMPARE(b->count(), 8); // 8, 16, ..., 1024
  QCOMPARE(b->at(0).x(), 8.0);
  QCOMPARE(b->at(1).x(), 16.0);
  const double table = w.resultsModel()->index(ResultsModel::Time, 1).data(ResultsModel::ValueRole).toDouble();
  QVERIFY2(std::abs(b->at(1).y() - table) <= 1e-9 * table, qPrintable(QString::number(b->at(1).y())));
  const auto chartRows = noteRows(w, "Chart: ");
  QCOMPARE(chartRows.size(), 1);
  QVERIFY2(chartRows.front().startsWith("Chart: Variant B is not drawn at P = 1, 2, 4: its mapping does not fit them "
                                        "(at P = 1: BLOCK(32) of "),
           qPrintable(chartRows.front()));
}

void IdeTest::hoverShowsTheEstimatedPointNearest()
{
  // the tooltip showed the cursor's place on the line (P = 15.7619 and a time between two points)
  MainWindow w(m_recovery.path());
  estimateJacobi(w);
  auto* b = qobject_cast<QLineSeries*>(w.chartPanel()->processorsChart()->series().at(1));
  QVERIFY(b);
  QCOMPARE(b->at(4).x(), 16.0);
  emit b->hovered(QPointF(15.7619, 0.5 * (b->at(3).y() + b->at(4).y())), true);
  const auto text = QToolTip::text();
  QVERIFY2(text.startsWith("B: processors P = 16, time = " + QString::number(b->at(4).y(), 'g', 6) + " "),
           qPrintable(text));
  emit b->hovered(QPointF(11.0, b->at(3).y()), true); // nearer 8 than 16 by ratio (11/8 = 1.375 < 16/11 = 1.45)
  QVERIFY2(QToolTip::text().startsWith("B: processors P = 8, "), qPrintable(QToolTip::text()));
  emit b->hovered(QPointF(), false);
}

void IdeTest::jacobiEstimateEqualsTheCli()
{
  MainWindow w(m_recovery.path());
  estimateJacobi(w);
  compareWithCli(w, 256);
  // (*,BLOCK) on 16: two column shifts x 15 boundaries x 100 iterations
  QCOMPARE(w.resultsModel()->index(ResultsModel::Transfers, 1).data(ResultsModel::ValueRole).toDouble(), 3000.0);
  QVERIFY(w.resultsModel()->index(ResultsModel::Time, 1).data(ResultsModel::BestRole).toBool());
  auto series = w.chartPanel()->processorsChart()->series();
  QCOMPARE(series.size(), 2);
  for (auto* s : series) {
    auto* line = qobject_cast<QLineSeries*>(s);
    QVERIFY(line);
    QCOMPARE(line->count(), 11); // P = 1, 2, 4, ..., 1024
    QCOMPARE(line->at(0).x(), 1.0);
    QCOMPARE(line->at(6).x(), 64.0);
    QCOMPARE(line->at(10).x(), 1024.0);
    QVERIFY(line->at(6).y() < line->at(0).y()); // 64 processors beat one
    // every point of every variant inside the (log) axes, not only the first variant's
    for (auto* axis : w.chartPanel()->processorsChart()->axes()) {
      auto* log = qobject_cast<QLogValueAxis*>(axis);
      QVERIFY(log);
      for (const auto& point : line->points()) {
        const double v = axis->orientation() == Qt::Horizontal ? point.x() : point.y();
        QVERIFY2(log->min() <= v && v <= log->max(), qPrintable(QStringLiteral("%1 outside [%2, %3]")
                                                                  .arg(v).arg(log->min()).arg(log->max())));
      }
    }
  }
  QSignalSpy swept(&w, &MainWindow::valueSweepFinished);
  QVERIFY(swept.wait(kWorkTimeoutMs)); // the time-vs-N chart follows in a second pass
  QCOMPARE(w.chartPanel()->valuesChart()->series().size(), 2);
  QCOMPARE(qobject_cast<QLineSeries*>(w.chartPanel()->valuesChart()->series().at(0))->count(), 9); // N/4 .. 4N
}

void IdeTest::changingNReestimatesWithoutAClick()
{
  MainWindow w(m_recovery.path());
  estimateJacobi(w);
  const double before = w.resultsModel()->index(ResultsModel::Data, 1).data(ResultsModel::ValueRole).toDouble();
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  typeValue(w, "n", 128);
  QTRY_VERIFY_WITH_TIMEOUT(w.distributionPanel()->value("n") == 128 && !estimated.isEmpty(), kWorkTimeoutMs);
  // typing "128" re-estimates after each keystroke; wait for the last one
  QTRY_COMPARE_WITH_TIMEOUT(w.resultsModel()->index(ResultsModel::Data, 1).data(ResultsModel::ValueRole).toDouble(),
                            2.0 * 15 * 100 * 126 * 8, kWorkTimeoutMs);
  QVERIFY(before != 2.0 * 15 * 100 * 126 * 8);
  compareWithCli(w, 128);
}

/// Two long names that differ at their ends (velocity_component_x, _y)
/// must not elide to the same row header: the extents go first, then the
/// name's middle; the tool tip keeps the whole.
void IdeTest::longArrayNamesStayApartInTheDistributionsTable()
{
  QTemporaryDir dir;
  MainWindow w(m_recovery.path());
  openWritten(w, dir, "long.f90",
              "program long\n"
              "  integer, parameter :: n = 100000\n"
              "  real :: velocity_component_x(n, 8), velocity_component_y(n, 8)\n"
              "  integer :: i, j\n"
              "  do j = 1, 8\n"
              "    do i = 1, n\n"
              "      velocity_component_x(i, j) = velocity_component_y(i, j)\n"
              "    end do\n"
              "  end do\n"
              "end program long\n");
  if (QTest::currentTestFailed())
    return;
  w.editor()->goTo(7, 9);
  QTRY_COMPARE(w.distributionPanel()->loopLine(), 5);
  auto* formats = w.distributionPanel()->findChild<QTableWidget*>();
  QVERIFY(formats);
  QTRY_VERIFY(formats->rowCount() >= 2 && formats->verticalHeaderItem(1));
  const auto x = formats->verticalHeaderItem(0)->text(), y = formats->verticalHeaderItem(1)->text();
  QVERIFY2(x != y, qPrintable(x));
  QVERIFY2((x.contains("_x(") && y.contains("_y(")) || (x.contains("_y(") && y.contains("_x(")), qPrintable(x + " " + y));
  for (const auto& t : {x, y}) // DistributionPanel's header width, 120 pixels
    QVERIFY2(formats->verticalHeader()->fontMetrics().horizontalAdvance(t) <= 120, qPrintable(t));
  QVERIFY(formats->verticalHeaderItem(0)->toolTip().endsWith("(100000,8)"));
}

void IdeTest::syntaxErrorShowsAMarkerAndALaterLoopStillEstimates()
{
  QTemporaryDir dir;
  MainWindow w(m_recovery.path());
  openWritten(w, dir, "broken.f90",
              "program broken\n"
              "  integer, parameter :: n = 64\n"
              "  real :: u(n), v(n)\n"
              "  integer :: i\n"
              "  u(1) = = 2.0\n" // line 5: the syntax error
              "  do i = 2, n - 1\n"
              "    v(i) = u(i - 1) + u(i + 1)\n"
              "  end do\n"
              "end program broken\n");
  if (QTest::currentTestFailed())
    return;
  QVERIFY(w.editor()->hasDiagnosticMarker(5));
  QVERIFY(!w.editor()->hasDiagnosticMarker(6));
  QVERIFY(w.problemsModel()->rowCount() >= 1);
  QCOMPARE(w.problemsModel()->index(0, 1).data().toString().section(':', 0, 0), QString("5"));
  w.editor()->goTo(7, 5);
  QTRY_COMPARE(w.distributionPanel()->loopLine(), 6);
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.findChild<QAction*>("estimate")->trigger();
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  QVERIFY2(w.estimateErrors().isEmpty(), qPrintable(w.estimateErrors().join('\n')));
  QCOMPARE(w.resultsModel()->columnCount(), 2);
  QVERIFY(w.resultsModel()->index(ResultsModel::Time, 0).data(ResultsModel::ValueRole).toDouble() > 0);
  // the numbers read the program around the error, as partscope-cli estimate says (the notes said nothing)
  QCOMPARE(warningRows(w), QStringList{"Warning: The program has 1 error (Problems): the estimate reads the program "
                                       "around it; fix it before trusting the numbers"});
}

void IdeTest::aBrokenStatementInTheNestIsTheError()
{
  // the nest's only statement does not parse: its arrays are not in the Distributions panel, and every
  // variant said "No array is distributed" instead of what the CLI says
  QTemporaryDir dir;
  MainWindow w(m_recovery.path());
  openWritten(w, dir, "brokennest.f",
              "      PROGRAM BAD\n      INTEGER N, I\n      PARAMETER (N = 100)\n      REAL A(N), B(N)\n"
              "CHPF$ DISTRIBUTE A(BLOCK)\n      DO 10 I = 2, N\n         A(I) = B(I-1) * (2.0 + B(I)\n"
              "   10 CONTINUE\n      END\n");
  if (QTest::currentTestFailed())
    return;
  w.editor()->goTo(7, 12);
  QTRY_COMPARE(w.distributionPanel()->loopLine(), 6);
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.findChild<QAction*>("estimate")->trigger();
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  QCOMPARE(w.estimateErrors().size(), 1);
  QVERIFY2(w.estimateErrors().front().startsWith("Line 7 has an error ("), qPrintable(w.estimateErrors().front()));
  QVERIFY2(w.estimateErrors().front().endsWith(
               "): the loop at line 6 would be estimated without that statement; correct it first"),
           qPrintable(w.estimateErrors().front()));
}

void IdeTest::innerLoopSelection()
{
  MainWindow w(m_recovery.path());
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(sample("jacobi.hpf")));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  w.editor()->goTo(30, 9);
  QTRY_COMPARE(w.distributionPanel()->loopLine(), 26);
  w.findChild<QAction*>("selectInner")->trigger();
  QCOMPARE(w.distributionPanel()->loopLine(), 28);
  w.findChild<QAction*>("selectInner")->trigger();
  QCOMPARE(w.distributionPanel()->loopLine(), 29);
  w.findChild<QAction*>("selectOuter")->trigger();
  QCOMPARE(w.distributionPanel()->loopLine(), 28);
}

void IdeTest::redistributeBetweenLoopsChangesThePrefill()
{
  MainWindow w(m_recovery.path());
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(QStringLiteral(PS_SOURCE_DIR "/tests/data/adi-remap.f")));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  auto* panel = w.distributionPanel();
  w.editor()->goTo(38, 10); // phase 4, below CHPF$ REDISTRIBUTE T(BLOCK,*)
  w.findChild<QAction*>("selectInner")->trigger();
  QTRY_COMPARE(panel->loopLine(), 36);
  QCOMPARE(panel->format(0, "x"), QString("(BLOCK,*)"));
  panel->setFormat(0, "b", "(BLOCK,BLOCK)"); // the user's choice is kept
  w.editor()->goTo(52, 10); // phase 7, below CHPF$ REDISTRIBUTE T(*,BLOCK)
  QTRY_COMPARE(panel->loopLine(), 50);
  QCOMPARE(panel->format(0, "x"), QString("(*,BLOCK)"));
  QCOMPARE(panel->format(1, "x"), QString("(*,CYCLIC)"));
  QCOMPARE(panel->format(0, "b"), QString("(BLOCK,BLOCK)"));
}

void IdeTest::recoveryFileIsOfferedAfterAnAbort()
{
  QTemporaryDir folder;
  const QString edited = "program edited\n  integer :: k\n  k = 1\nend program edited\n";
  {
    auto* w = new MainWindow(folder.path());
    QVERIFY(w->openFile(sample("stencil1d.f90")));
    w->editor()->setText(edited);
    // the autosave timer writes the recovery file a moment after the edit
    QTRY_VERIFY_WITH_TIMEOUT(!QDir(folder.path()).entryList({"*.json"}, QDir::Files).isEmpty(), 5000);
    QTest::qWait(300);
    // no close event, no clean shutdown: what a kill leaves behind
    delete w;
  }
  MainWindow restarted(folder.path());
  QVERIFY(restarted.recoveryOffered());
  QTest::mouseClick(restarted.findChild<QPushButton*>("restoreRecovered"), Qt::LeftButton);
  QCOMPARE(restarted.editor()->text(), edited);
  QCOMPARE(restarted.filePath(), QFileInfo(sample("stencil1d.f90")).absoluteFilePath());
  QVERIFY(restarted.editor()->isModified());
  QVERIFY(!restarted.recoveryOffered());
  QVERIFY(QDir(folder.path()).entryList({"*.json"}, QDir::Files).isEmpty());
  restarted.editor()->setModified(false); // no save prompt at the end of the test
}

void IdeTest::chartExports()
{
  MainWindow w(m_recovery.path());
  estimateJacobi(w);
  QTemporaryDir dir;
  QString error;
  for (const char* name : {"chart.png", "chart.svg", "chart.pdf", "chart.csv"}) {
    QVERIFY2(w.chartPanel()->exportTo(dir.filePath(name), &error), qPrintable(error));
    QVERIFY(QFileInfo(dir.filePath(name)).size() > 100);
  }
  const auto csv = w.chartPanel()->csv().split('\n', Qt::SkipEmptyParts);
  QCOMPARE(csv.value(0), QString("chart,variant,x,time_s"));
  QCOMPARE(csv.filter(QRegularExpression("^P,")).size(), 22); // 2 variants x 11 values of P (1..1024)
}

void IdeTest::estimateUnitAndProgramEqualTheCli_data()
{
  QTest::addColumn<QString>("action");
  QTest::addColumn<QStringList>("scope"); // the partscope-cli options of the same estimate
  QTest::addRow("unit") << "estimateUnit" << QStringList{"--unit", "jacobi"};
  QTest::addRow("program") << "estimateProgram" << QStringList{"--program"};
}

void IdeTest::estimateUnitAndProgramEqualTheCli()
{
  QFETCH(QString, action);
  QFETCH(QStringList, scope);
  MainWindow w(m_recovery.path());
  estimateJacobi(w); // the relaxation nest alone first
  const double nest = w.resultsModel()->index(ResultsModel::Time, 0).data(ResultsModel::ValueRole).toDouble();
  QCOMPARE(w.findChild<QDockWidget*>("resultsDock")->windowTitle(), QStringLiteral("Results — loop at line 26"));
  auto* a = w.findChild<QAction*>(action);
  QVERIFY(a);
  QVERIFY(!w.editor()->standardCommands()->boundTo(a->shortcut()[0].toCombined())); // the editor keeps none of it
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  a->trigger();
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  QVERIFY2(w.estimateErrors().isEmpty(), qPrintable(w.estimateErrors().join('\n')));
  const QList<QStringList> variants{{"--dist", "a,b=(BLOCK,BLOCK)", "--procs", "4x4"},
                                    {"--dist", "a,b=(*,BLOCK)", "--procs", "16"}};
  for (int column = 0; column < 2; ++column) {
    const auto point =
        cliPoint(QStringList{sample("jacobi.hpf")} + scope + variants[column] + QStringList{"--set", "n=256"});
    QVERIFY(!point.is_null());
    QVERIFY(point.contains("parts"));
    const auto value = [&](int row) {
      return w.resultsModel()->index(row, column).data(ResultsModel::ValueRole).toDouble();
    };
    QCOMPARE(value(ResultsModel::Time), point["time_s"].get<double>());
    QCOMPARE(value(ResultsModel::Transfers), point["nt"].get<double>());
  }
  // the initialisation nests come on top of the relaxation
  QVERIFY(w.resultsModel()->index(ResultsModel::Time, 0).data(ResultsModel::ValueRole).toDouble() > nest);
  // and the dock says what the table is of (it read like the selected nest's)
  const auto* dock = w.findChild<QDockWidget*>("resultsDock");
  QVERIFY(dock);
  QCOMPARE(dock->windowTitle(), scope.contains("--program") ? QStringLiteral("Results — program 'jacobi'")
                                                            : QStringLiteral("Results — unit 'jacobi'"));
}

QTEST_MAIN(IdeTest)
void IdeTest::fetchOnceIsAModelSetting()
{
  // the check box reaches the estimator's options and re-estimates
  MainWindow w(m_recovery.path());
  auto* box = w.distributionPanel()->findChild<QCheckBox*>("fetchOnce");
  QVERIFY(box);
  QVERIFY(!w.distributionPanel()->settings().fetchIdenticalReadsOnce); // DDT's convention by default
  QSignalSpy changed(w.distributionPanel(), &ps::views::DistributionPanel::settingsChanged);
  QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(4, box->height() / 2));
  QCOMPARE(changed.count(), 1);
  QVERIFY(w.distributionPanel()->settings().fetchIdenticalReadsOnce);
}

void IdeTest::annotationsShowTheCliNumbers()
{
  MainWindow w(m_recovery.path());
  estimateJacobi(w);
  const auto point = cliPoint({sample("jacobi.hpf"), "--loop", "26", "--dist", "a,b=(BLOCK,BLOCK)", "--procs", "4x4",
                               "--set", "n=256"});
  QVERIFY(!point.is_null());
  const auto expected = expectedAnnotation(point, 30);
  // 4 shifts x 1200 messages of the stencil, the busiest of 16 processors runs 64x64 of 254x254 instances
  QCOMPARE(expected.left(26), QStringLiteral("work 6.3% · 4\u202F800 msg · 2."));
  auto* editor = w.editor();
  QCOMPARE(editor->annotationOn(30), expected);
  QCOMPARE(editor->annotation(29), expected); // what QScintilla draws under line 30
  QVERIFY(!editor->annotationOn(35).isEmpty()); // the copy statement: no messages
  QVERIFY(!editor->annotationOn(35).contains("msg"));
  QVERIFY(editor->annotationOn(29).isEmpty()); // a DO statement is no statement of the estimate
  auto* toggle = w.findChild<QAction*>("viewAnnotations");
  QVERIFY(toggle && toggle->isChecked());
  toggle->trigger(); // View > Annotations off: hidden, kept
  QVERIFY(editor->annotation(29).isEmpty());
  toggle->trigger();
  QCOMPARE(editor->annotation(29), expected);
  editor->goTo(18, 7); // another nest: the annotations belonged to the old one
  QTRY_VERIFY(editor->annotationOn(30).isEmpty());
  QVERIFY(editor->annotation(29).isEmpty());
  QTRY_VERIFY(!editor->annotationOn(18).isEmpty()); // the new nest is estimated and annotated
  editor->goTo(30, 9);
  QTRY_COMPARE_WITH_TIMEOUT(editor->annotationOn(30), expected, kWorkTimeoutMs);
  editor->insertAt(QStringLiteral(" "), 30, 0); // any edit makes them stale
  QVERIFY(editor->annotationOn(30).isEmpty());
}

void IdeTest::formulasViewShowsTheClosedForms()
{
  MainWindow w(m_recovery.path());
  estimateJacobi(w);
  auto* view = w.formulasView();
  auto* text = view->findChild<QPlainTextEdit*>("formulasText");
  QVERIFY(text);
  // the same closed form as partscope-cli estimate --formulas: W(S) of the
  // stencil in the PARAMETERs n and niter, for both variants
  QVERIFY2(text->toPlainText().contains("Variant A (a,b=(BLOCK,BLOCK) onto 4x4):\n  line 30:\n    W(S) =\n"
                                        "      if niter >= 1 and n >= 3: niter*(n - 2)^2"),
           qPrintable(text->toPlainText().left(400)));
  QVERIFY(text->toPlainText().contains("Variant B (a,b=(*,BLOCK) onto 16):"));
  QVERIFY(text->toPlainText().contains("where LB1 = 1 + 64*c1"));
  view->findChild<QCheckBox*>("formulasLatex")->setChecked(true);
  QVERIFY(text->toPlainText().contains("\\begin{aligned}"));
  QCOMPARE(view->shownText(), text->toPlainText());
}

/// Each log axis holds every point of every series and spans whole powers
/// of its base around them, a hair wider (at most 5%), so that every decade
/// (or power of two) has its tick label.
bool isDescendant(const QObject* o, const QObject* ancestor)
{
  for (; o; o = o->parent())
    if (o == ancestor)
      return true;
  return false;
}

void checkLogAxes(QChart* chart)
{
  const auto axes = chart->axes();
  QCOMPARE(axes.size(), 2);
  for (auto* axis : axes) {
    auto* log = qobject_cast<QLogValueAxis*>(axis);
    QVERIFY(log);
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (auto* s : chart->series())
      for (const auto& p : qobject_cast<QLineSeries*>(s)->points()) {
        const double v = axis->orientation() == Qt::Horizontal ? p.x() : p.y();
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    const double b = log->base();
    const double below = std::pow(b, std::floor(std::log(lo) / std::log(b) + 1e-9));
    const double above = std::pow(b, std::ceil(std::log(hi) / std::log(b) - 1e-9));
    QVERIFY2(log->min() <= below && below <= log->min() * 1.05,
             qPrintable(QStringLiteral("min %1, smallest point %2").arg(log->min()).arg(lo)));
    QVERIFY2(log->max() >= above && above * 1.05 >= log->max(),
             qPrintable(QStringLiteral("max %1, largest point %2").arg(log->max()).arg(hi)));
  }
}

void IdeTest::reestimatingDeletesTheOldAxes()
{
  MainWindow w(m_recovery.path());
  estimateJacobi(w);
  auto* chart = w.chartPanel()->processorsChart();
  for (int n : {200, 160, 128, 96}) {
    checkLogAxes(chart);
    std::vector<QPointer<QAbstractAxis>> old;
    for (auto* axis : chart->axes()) {
      QVERIFY(isDescendant(axis, chart)); // the chart owns its axes ...
      old.emplace_back(axis);
    }
    QSignalSpy estimated(&w, &MainWindow::estimateFinished);
    w.distributionPanel()->findChild<QSpinBox*>("value-n")->setValue(n);
    QVERIFY(estimated.wait(kWorkTimeoutMs));
    QCOMPARE(chart->axes().size(), 2);
    for (const auto& axis : old) // ... and deletes the ones it replaced (no leak per edit)
      QVERIFY(axis.isNull());
  }
  checkLogAxes(chart);
  w.chartPanel()->setLogAxes(false);
  w.chartPanel()->setLogAxes(true);
  checkLogAxes(chart);
}

void IdeTest::binaryFilesAreRefusedAndNeverSavedOver()
{
  QTemporaryDir dir;
  const auto program = dir.filePath("stencil.f90");
  QVERIFY(QFile::copy(sample("stencil1d.f90"), program));
  const auto binary = dir.filePath("core.f90");
  QByteArray bytes("program x\n");
  bytes.append('\0');
  bytes.append(QByteArray(300, '\x7f'));
  QFile f(binary);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
  f.close();
  MainWindow w(m_recovery.path());
  QVERIFY(w.openFile(program));
  const auto text = w.editor()->text();
  QString error;
  QVERIFY(!w.openFile(binary, &error));
  QCOMPARE(error, QStringLiteral("Cannot open '%1': it is not a text file (NUL byte at offset 10)").arg(binary));
  QCOMPARE(w.editor()->text(), text); // the editor keeps the program it had ...
  w.editor()->append("! edited\n");
  QVERIFY(w.saveFile(program)); // ... and saving writes it where it came from
  QFile back(binary);
  QVERIFY(back.open(QIODevice::ReadOnly));
  QCOMPARE(back.readAll(), bytes);
}

void IdeTest::latin1TextIsSavedBackUnchanged()
{
  QTemporaryDir dir;
  const auto path = dir.filePath("old.f");
  const QByteArray bytes("      PROGRAM OLD\n! r\xe9sum\xe9 of the method\n      END\n");
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
  f.close();
  MainWindow w(m_recovery.path());
  QVERIFY(w.openFile(path));
  QVERIFY(w.editor()->text().contains(QStringLiteral("r\u00e9sum\u00e9")));
  QVERIFY(w.saveFile(path));
  QVERIFY(f.open(QIODevice::ReadOnly));
  QCOMPARE(f.readAll(), bytes);
}

void IdeTest::unreadableDirectiveShowsAWarningRowAndAMarker()
{
  QTemporaryDir dir;
  const auto path = dir.filePath("unread.f90");
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write("program unread\n"
          "  integer, parameter :: n = 1000\n"
          "  real :: a(n), b(n), c(n)\n"
          "  integer :: i\n"
          "!hpf$ distribute a(block\n" // line 5: cannot be read
          "!hpf$ distribute c(cyclic)\n"
          "  do i = 2, n\n"
          "    a(i) = b(i - 1) + c(i)\n"
          "  end do\n"
          "end program unread\n");
  f.close();
  MainWindow w(m_recovery.path());
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(path));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  w.editor()->goTo(8, 5);
  QTRY_COMPARE(w.distributionPanel()->loopLine(), 7);
  // the panel prefills 'a' with a guess; clear it so a variant keeps the directives' replicated 'a'
  w.distributionPanel()->setFormat(0, "a", "");
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.findChild<QAction*>("estimate")->trigger();
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  auto* notes = w.findChild<QListWidget*>("notesList");
  QVERIFY(notes);
  QStringList warnings;
  for (int i = 0; i < notes->count(); ++i)
    if (notes->item(i)->data(Qt::UserRole).toInt() == 5)
      warnings << notes->item(i)->text();
  QCOMPARE(warnings, QStringList{"Warning: Array 'a' is assumed replicated (a copy on every processor): the directive at "
                                 "line 5 that maps it could not be read"});
  QVERIFY(w.editor()->hasDiagnosticMarker(5));
  QVERIFY(!w.editor()->hasDiagnosticMarker(6));
}

void IdeTest::missingValuesSayWhereTheProgramSetsThem()
{
  MainWindow w(m_recovery.path());
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(QStringLiteral(PS_SOURCE_DIR "/tests/data/guessed-values.f")));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  w.editor()->goTo(17, 11); // inside the DO k nest
  QTRY_COMPARE(w.distributionPanel()->loopLine(), 14);
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.findChild<QAction*>("estimate")->trigger();
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  QCOMPARE(w.estimateErrors().size(), 4); // n, l, m and mm in one answer; kp1 and nh substituted
  auto* n = w.distributionPanel()->findChild<QSpinBox*>("value-n");
  QVERIFY(n);
  QCOMPARE(n->toolTip(), QString("The estimate needs 'n', which is set by READ at line 6"));
  auto* l = w.distributionPanel()->findChild<QSpinBox*>("value-l");
  QVERIFY(l);
  QVERIFY(l->toolTip().endsWith("assigned differently on several paths (lines 10 and 12)"));
  QVERIFY(!w.distributionPanel()->findChild<QSpinBox*>("value-kp1"));
}

void IdeTest::includeFoldersComeFromTheSourceSettings()
{
  QTemporaryDir dir;
  QVERIFY(QDir(dir.path()).mkdir("inc"));
  QFile inc(dir.filePath("inc/params.inc"));
  QVERIFY(inc.open(QIODevice::WriteOnly));
  inc.write("      INTEGER NP\n      PARAMETER (NP = 64)\n");
  inc.close();
  const auto path = dir.filePath("main.f");
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write("      PROGRAM P\n      INCLUDE 'params.inc'\n      REAL A(NP)\n      DO 10 I = 1, NP\n   10 A(I) = 0\n      END\n");
  f.close();
  QSettings().remove("source");
  MainWindow w(m_recovery.path());
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(path));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  QVERIFY(w.editor()->hasDiagnosticMarker(2)); // Cannot find INCLUDE file 'params.inc'

  ps::views::SourceSettingsDialog dialog(&w);
  dialog.findChild<QPlainTextEdit*>("includeDirs")->setPlainText(dir.filePath("inc") + "\n\n");
  dialog.findChild<QPlainTextEdit*>("defines")->setPlainText("DEBUG\nN=4");
  dialog.accept();
  const auto options = ps::views::sourceSettings();
  QCOMPARE(options.includeDirs, std::vector<std::string>{dir.filePath("inc").toStdString()});
  QCOMPARE(options.defines, (std::vector<std::string>{"DEBUG", "N=4"}));
  QVERIFY(w.findChild<QAction*>("sourceSettings") != nullptr);
  QVERIFY(w.openFile(path));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  QVERIFY(!w.editor()->hasDiagnosticMarker(2));
  QSettings().remove("source");
}

namespace {

QString issue10(const char* name) { return QStringLiteral(PS_SOURCE_DIR "/tests/data/issue10/") + name; }

} // namespace

void IdeTest::assumptionWarningsOnlyForVariantsThatKeepThem()
{
  // baddir.f: line 5 misspells DISTRIBUT, line 6 has a bad format. The panel prefills (BLOCK) and
  // (CYCLIC) for 'a' and 'b' and the results use them: "assumed replicated" rows contradicted them.
  MainWindow w(m_recovery.path());
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(issue10("baddir.f")));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  w.editor()->goTo(8, 10);
  QTRY_COMPARE(w.distributionPanel()->loopLine(), 7);
  QCOMPARE(w.distributionPanel()->format(0, "a"), QString("(BLOCK)"));
  QCOMPARE(w.distributionPanel()->format(1, "b"), QString("(CYCLIC)"));
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.findChild<QAction*>("estimate")->trigger();
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  QVERIFY2(w.estimateErrors().isEmpty(), qPrintable(w.estimateErrors().join('\n')));
  const QString unread = "Warning: The program has 1 error (Problems): the estimate reads the program around it; "
                         "fix it before trusting the numbers"; // line 6's format (line 5 is a warning)
  QCOMPARE(warningRows(w), QStringList{unread});
  // a variant that leaves both replicated, as the directives do: the rows are true again
  w.distributionPanel()->setFormat(1, "a", "");
  w.distributionPanel()->setFormat(1, "b", "");
  w.findChild<QAction*>("estimate")->trigger();
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  QCOMPARE(warningRows(w),
           (QStringList{"Warning: Array 'a' is assumed replicated (a copy on every processor): the directive at line 5 "
                        "that maps it could not be read",
                        "Warning: Array 'b' is assumed replicated (a copy on every processor): the directive at line 6 "
                        "that maps it could not be read",
                        unread}));
}

void IdeTest::onlyTheUnknownsOfTheSelectedNestAreAsked()
{
  // spell.f: NITER bounds the time loop at line 18, not the nest at line 20 inside it
  MainWindow w(m_recovery.path());
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(issue10("spell.f")));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  w.editor()->goTo(21, 13);
  QTRY_COMPARE(w.distributionPanel()->loopLine(), 18); // the outermost nest first: it needs NITER
  QVERIFY(w.distributionPanel()->findChild<QSpinBox*>("value-niter"));
  w.findChild<QAction*>("selectInner")->trigger();
  QTRY_COMPARE(w.distributionPanel()->loopLine(), 20);
  QVERIFY(!w.distributionPanel()->findChild<QSpinBox*>("value-niter"));
  QVERIFY(w.distributionPanel()->findChild<QSpinBox*>("value-n")); // the PARAMETER is still offered
}

void IdeTest::aByteOrderMarkIsNotProgramText()
{
  MainWindow w(m_recovery.path());
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(issue10("errs/bom.f")));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  QVERIFY(w.editor()->text().startsWith("      PROGRAM BOM"));
  QVERIFY(!w.editor()->hasDiagnosticMarker(1)); // was a label-field error
}

#include "ide-test.moc"

/// Cholesky's step loop at n = 1001 under (CYCLIC,*): the table point takes
/// a fraction of a second, the chart over P = 1..1024 many seconds (the
/// copy of a(j,k) is done step by step, its cost growing with P). The table
/// is shown first, the chart says it is computing and draws its points as
/// they come, and a new value stops the old sweep inside the engine instead
/// of waiting for it.
void IdeTest::aSlowChartFollowsTheTableAndAnEditCancelsIt()
{
  MainWindow w(m_recovery.path());
  openAt(w, sample("cholesky.f90"), 19, 5, 18); // a(k, k) = sqrt(a(k, k)), inside the DO k nest
  QVERIFY(QTest::qWaitForWindowExposed(&w));
  auto* panel = w.distributionPanel();
  while (panel->variantCount() > 1)
    panel->removeVariant(1);
  panel->setFormat(0, "a", "(CYCLIC,*)");
  panel->setArrangement(0, "16");
  panel->setValue("n", 1001);
  QSignalSpy tableShown(&w, &MainWindow::estimateTableShown);
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.activateWindow();
  QTest::keyClick(w.editor(), Qt::Key_E, Qt::ControlModifier);
  QVERIFY(tableShown.wait(kWorkTimeoutMs));
  QVERIFY(estimated.isEmpty()); // the sweep over P is still running
  // the panel shows the sizes the estimate uses, not the declared n = 200
  auto* formats = panel->findChild<QTableWidget*>();
  QVERIFY(formats);
  QCOMPARE(formats->verticalHeaderItem(0)->text(), QString("a(1001,1001)"));
  const auto labels = panel->findChildren<QLabel*>();
  QVERIFY(std::any_of(labels.begin(), labels.end(), [](QLabel* l) { return l->text().contains("DO k = 1, 1001"); }));
  const auto value = [&](int row) { return w.resultsModel()->index(row, 0).data(ResultsModel::ValueRole).toDouble(); };
  const QStringList cli{sample("cholesky.f90"), "--loop", "18", "--dist", "a=(CYCLIC,*)", "--procs", "16"};
  auto point = cliPoint(cli + QStringList{"--set", "n=1001"});
  QVERIFY(!point.is_null());
  QCOMPARE(value(ResultsModel::Time), point["time_s"].get<double>());
  QCOMPARE(value(ResultsModel::Transfers), point["nt"].get<double>());
  auto* chart = w.chartPanel()->processorsChart();
  QTRY_VERIFY_WITH_TIMEOUT(chart->title().contains("computing"), kWorkTimeoutMs);
  // the curve grows point by point: P = 1..64 within moments, 128..1024 take seconds
  const auto points = [&] {
    return chart->series().isEmpty() ? 0 : qobject_cast<QLineSeries*>(chart->series().at(0))->count();
  };
  QTRY_VERIFY_WITH_TIMEOUT(points() >= 5, kWorkTimeoutMs);
  QVERIFY(points() < 11);
  QVERIFY(chart->title().contains("computing"));
  QVERIFY(estimated.isEmpty());

  const int interrupted = w.controller().interruptedJobs();
  panel->setValue("n", 60);
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  QCOMPARE(w.controller().interruptedJobs(), interrupted + 1); // stopped inside the sweep
  point = cliPoint(cli + QStringList{"--set", "n=60"});
  QVERIFY(!point.is_null());
  QCOMPARE(value(ResultsModel::Time), point["time_s"].get<double>());
  QCOMPARE(chart->title(), QString("Predicted time vs processors"));
  QCOMPARE(chart->series().size(), 1);
  QCOMPARE(qobject_cast<QLineSeries*>(chart->series().at(0))->count(), 11);
}

/// The panel's prefill is the mapping partscope-cli estimates: an array the
/// directives leave out is replicated (HPF), a --dist spec's omitted arrays
/// too, and a subroutine's directives are read before its sizes are known
/// (dummies a(m,m)).
void IdeTest::thePanelReadsTheDirectivesAsTheCliDoes()
{
  QTemporaryDir dir;
  const auto write = [&](const char* name, const char* text) {
    QFile f(dir.filePath(name));
    if (f.open(QIODevice::WriteOnly))
      f.write(text);
    return f.fileName();
  };
  const auto matvec = write("matvec.f90", "program matvec\n"
                                          "  integer, parameter :: n = 512\n"
                                          "  real :: a(n, n), x(n), y(n)\n"
                                          "  integer :: i, j\n"
                                          "!hpf$ distribute a(block, *)\n"
                                          "!hpf$ distribute y(block)\n"
                                          "  do i = 1, n\n"
                                          "    do j = 1, n\n"
                                          "      y(i) = y(i) + a(i, j) * x(j)\n"
                                          "    end do\n"
                                          "  end do\n"
                                          "end program matvec\n");
  const auto transpose = write("transp.f90", "subroutine transp(m, a, b)\n"
                                             "  integer :: m, i, j\n"
                                             "  real :: a(m, m), b(m, m)\n"
                                             "!hpf$ distribute a(block, *)\n"
                                             "!hpf$ distribute b(block, *)\n"
                                             "  do j = 1, m\n"
                                             "    do i = 1, m\n"
                                             "      b(i, j) = a(j, i)\n"
                                             "    end do\n"
                                             "  end do\n"
                                             "end subroutine transp\n");
  MainWindow w(m_recovery.path());
  openAt(w, matvec, 9, 7, 7);
  auto* panel = w.distributionPanel();
  QCOMPARE(panel->format(0, "a"), QString("(BLOCK,*)"));
  QCOMPARE(panel->format(0, "x"), QString("replicated")); // no directive names it
  QCOMPARE(panel->format(1, "x"), QString("replicated")); // nor in the CYCLIC twin
  QString error;
  const int spec = panel->addSpecVariant("C", "a=(*,BLOCK)", "16", &error);
  QVERIFY2(spec >= 0, qPrintable(error));
  panel->setArrangement(0, "16");
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.findChild<QAction*>("estimate")->trigger();
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  QCOMPARE(panel->format(spec, "x"), QString("replicated")); // the spec omits it
  QCOMPARE(panel->format(spec, "y"), QString("replicated"));
  const auto value = [&](int column) {
    return w.resultsModel()->index(ResultsModel::Time, column).data(ResultsModel::ValueRole).toDouble();
  };
  auto point = cliPoint({matvec, "--loop", "7", "--procs", "16"}); // the directives
  QVERIFY(!point.is_null());
  QCOMPARE(value(0), point["time_s"].get<double>());
  QCOMPARE(point["nt"].get<int>(), 0);
  point = cliPoint({matvec, "--loop", "7", "--procs", "16", "--dist", "a=(*,BLOCK)"});
  QVERIFY(!point.is_null());
  QCOMPARE(value(spec), point["time_s"].get<double>());

  MainWindow sub(m_recovery.path());
  openAt(sub, transpose, 8, 7, 6);
  QCOMPARE(sub.distributionPanel()->format(0, "a"), QString("(BLOCK,*)")); // m not given yet
  QCOMPARE(sub.distributionPanel()->format(0, "b"), QString("(BLOCK,*)"));

  // a program distributed CYCLIC gets a BLOCK twin, not a copy of itself
  const auto cyclic = write("cyc.f90", "program cyc\n"
                                       "  integer, parameter :: n = 64\n"
                                       "  real :: a(n, n)\n"
                                       "  integer :: i, j\n"
                                       "!hpf$ distribute a(cyclic(4), *)\n"
                                       "  do j = 1, n\n"
                                       "    do i = 1, n\n"
                                       "      a(i, j) = 0.0\n"
                                       "    end do\n"
                                       "  end do\n"
                                       "end program cyc\n");
  MainWindow cyc(m_recovery.path());
  openAt(cyc, cyclic, 8, 7, 6);
  QCOMPARE(cyc.distributionPanel()->format(0, "a"), QString("(CYCLIC(4),*)"));
  QCOMPARE(cyc.distributionPanel()->format(1, "a"), QString("(BLOCK,*)"));
}

void IdeTest::theWindowFitsA1024By768Screen()
{
  // A classroom projector's 1024x768: the window with its docks open, an
  // estimate shown and the Scalability tab built must shrink to it (its
  // minimum was wider than the screen, the right dock cut off).
  MainWindow w(m_recovery.path());
  estimateJacobi(w);
  w.resize(1024, 740);
  QTest::qWait(50);
  const auto minimum = w.minimumSizeHint().expandedTo(w.minimumSize());
  QVERIFY2(minimum.width() <= 1024 && minimum.height() <= 740,
           qPrintable(QStringLiteral("minimum %1x%2").arg(minimum.width()).arg(minimum.height())));
  QVERIFY2(w.width() <= 1024 && w.height() <= 740, qPrintable(QStringLiteral("%1x%2").arg(w.width()).arg(w.height())));
}

void IdeTest::theChartVariesAnArraySizeByDefault()
{
  // PARAMETERs NSTEP, NX, NY, NZ (listed alphabetically): Time vs N varies
  // NX, a size of the nest's arrays; it varied NSTEP, which the selected
  // sweep does not read (a flat curve).
  QTemporaryDir dir;
  MainWindow w(m_recovery.path());
  openWritten(w, dir, "heat3d.f",
              "      PROGRAM HEAT3D\n      INTEGER NX, NY, NZ, NSTEP, I, J, K, IT\n"
              "      PARAMETER (NX = 64, NY = 64, NZ = 64, NSTEP = 50)\n      REAL U(NX,NY,NZ), V(NX,NY,NZ)\n"
              "      DO 100 IT = 1, NSTEP\n      DO 20 K = 2, NZ - 1\n      DO 20 J = 2, NY - 1\n"
              "      DO 20 I = 2, NX - 1\n         V(I,J,K) = U(I-1,J,K) + U(I+1,J,K)\n   20 CONTINUE\n"
              "  100 CONTINUE\n      END\n");
  if (QTest::currentTestFailed())
    return;
  w.selectLoopAt(6);
  QTRY_COMPARE(w.distributionPanel()->loopLine(), 6);
  QCOMPARE(QString::fromStdString(w.distributionPanel()->settings().sweepVariable), QString("nx"));
}

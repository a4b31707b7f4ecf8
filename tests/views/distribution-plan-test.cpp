// GUI tests of the Distribution plan dock: Suggest Distribution (DDT) on the
// ADI sample in the real main window on the offscreen platform, 16
// processors, the ddt profile, 1-D distributions and the sample's phase
// times. What the widgets show is checked against the paper's numbers as
// partscope-cli prints them (Sec. 2.1: the iterative loop costs 5.479433 s
// or 5.755902 s statically and 2.516631 s with remapping), then Apply and
// one undo.
#include "work-timeout.h"
#include "views/alignment-graph-view.h"
#include "views/distribution-panel.h"
#include "views/distribution-plan-dock.h"
#include "views/main-window.h"
#include "views/plan-tables.h"
#include "views/plan-timeline.h"
#include "views/source-editor.h"

#include <nlohmann/json.hpp>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>

#include <memory>

using ps::views::AlignmentGraphView;
using ps::views::DistributionPlanDock;
using ps::views::MainWindow;
using nlohmann::json;

namespace {

QString sample(const char* name) { return QStringLiteral(PS_SOURCE_DIR "/sampleprograms/") + name; }

/// `partscope-cli distribute adi.f --procs 16 --dims 1 --machine ddt --phase-times ... --json`.
json cliPlan()
{
  QProcess cli;
  cli.start(PS_CLI_PATH, {"distribute", sample("adi.f"), "--procs", "16", "--dims", "1", "--machine", "ddt",
                          "--phase-times", sample("adi-phase-times.json"), "--json"});
  if (!cli.waitForFinished(30000) || cli.exitCode() != 0)
    return nullptr;
  return json::parse(cli.readAllStandardOutput().toStdString());
}

/// The top-level row of the totals whose title starts with `prefix`.
QStandardItem* sequenceRow(QStandardItemModel* totals, const QString& prefix)
{
  for (int r = 0; r < totals->rowCount(); ++r)
    if (totals->item(r, 0)->text().startsWith(prefix))
      return totals->item(r, 0);
  return nullptr;
}

/// The rows below `head` of kind `kind` ("static", "dynamic"), in order.
QList<int> solutionRows(QStandardItem* head, const QString& kind)
{
  QList<int> rows;
  for (int r = 0; r < head->rowCount(); ++r)
    if (head->child(r, 0)->data(ps::views::PlanKindRole).toString() == kind)
      rows << r;
  return rows;
}

double totalOf(QStandardItem* head, int row)
{
  return head->child(row, ps::views::TotalTime)->data(ps::views::PlanValueRole).toDouble();
}

} // namespace

class DistributionPlanTest : public QObject {
  Q_OBJECT

private slots:
  void initTestCase();
  void ctrlDSuggestsWithoutEditing();
  void iterativeLoopTotals_data();
  void iterativeLoopTotals();
  void totalsEqualTheCli();
  void remappings();
  void candidateTableMarksTheChosenMappings();
  void timelineShowsPhasesLoopAndColours();
  void alignmentGraphOfPhase4();
  void tableRowSelectsThePhase();
  void decisionCharts();
  void applyIsOneUndoStep();
  void missingValueIsAReadableError();
  void cancelStopsTheSearch();
  void cleanupTestCase();

private:
  /// The controls set as a user would, then Ctrl+D; waits for plan and charts.
  void suggestAdi(MainWindow& w);

  QTemporaryDir m_recovery;
  std::unique_ptr<MainWindow> m_window;
  DistributionPlanDock* m_dock = nullptr;
  QString m_original;
  std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

void DistributionPlanTest::initTestCase()
{
  QStandardPaths::setTestModeEnabled(true);
  m_window = std::make_unique<MainWindow>(m_recovery.path());
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  QSignalSpy analysed(m_window.get(), &MainWindow::analysisFinished);
  QVERIFY(m_window->openFile(sample("adi.f")));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  m_original = m_window->editor()->text();
  m_dock = m_window->planDock();
  QVERIFY(m_dock);
  for (auto* model : {m_dock->candidatesModel(), m_dock->remapsModel(), m_dock->totalsModel()})
    m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
      model, QAbstractItemModelTester::FailureReportingMode::QtTest));
  suggestAdi(*m_window);
}

void DistributionPlanTest::suggestAdi(MainWindow& w)
{
  auto* dock = w.planDock();
  dock->findChild<QComboBox*>("planMachine")->setCurrentText("ddt");
  dock->findChild<QSpinBox*>("planProcessors")->setValue(16);
  dock->findChild<QSpinBox*>("planDims")->setValue(1);
  QString error;
  QVERIFY2(dock->setPhaseTimesFile(sample("adi-phase-times.json"), &error), qPrintable(error));
  QCOMPARE(dock->findChild<QLabel*>("planPhaseTimesFile")->text(), QString("adi-phase-times.json"));
  QSignalSpy planned(dock, &DistributionPlanDock::suggestFinished);
  QSignalSpy swept(dock, &DistributionPlanDock::sweepsFinished);
  w.activateWindow();
  w.editor()->setFocus();
  QTest::keyClick(w.editor(), Qt::Key_D, Qt::ControlModifier);
  QVERIFY(planned.wait(kWorkTimeoutMs));
  QVERIFY2(dock->lastOutput() && dock->lastOutput()->plan, qPrintable(dock->statusText()));
  QVERIFY(swept.wait(kWorkTimeoutMs));
  QVERIFY(!dock->isRunning());
}

void DistributionPlanTest::ctrlDSuggestsWithoutEditing()
{
  // QScintilla binds Ctrl+D to "duplicate selection"; the action must win
  QCOMPARE(m_window->editor()->text(), m_original);
  QVERIFY(m_dock->isVisible());
  QCOMPARE(m_window->findChild<QAction*>("suggestDistribution")->shortcut(), QKeySequence("Ctrl+D"));
  QVERIFY(m_dock->statusText().contains("Plan for 'adi' on 16 processors (ddt)"));
}

void DistributionPlanTest::iterativeLoopTotals_data()
{
  QTest::addColumn<QString>("kind");
  QTest::addColumn<int>("index"); // among the rows of that kind, cheapest first
  QTest::addColumn<double>("total");
  QTest::addColumn<QString>("text");
  QTest::newRow("static (BLOCK,*)") << "static" << 0 << 5.479433 << "a,b,x=(BLOCK,*)";
  QTest::newRow("static (*,BLOCK)") << "static" << 1 << 5.755902 << "a,b,x=(*,BLOCK)";
  QTest::newRow("dynamic") << "dynamic" << 0 << 2.516631 << "dynamic, 2 remappings";
}

void DistributionPlanTest::iterativeLoopTotals()
{
  QFETCH(QString, kind);
  QFETCH(int, index);
  QFETCH(double, total);
  QFETCH(QString, text);
  auto* head = sequenceRow(m_dock->totalsModel(), "Iterative loop lines 33-60 (10 iterations)");
  QVERIFY(head);
  QVERIFY(head->text().endsWith("→ dynamic"));
  const auto rows = solutionRows(head, kind);
  QVERIFY(index < rows.size());
  const int row = rows[index];
  QVERIFY(std::fabs(totalOf(head, row) - total) < 1e-5);
  QCOMPARE(head->child(row, ps::views::TotalTime)->text(), QString::number(total, 'f', 6) + " s");
  QVERIFY2(head->child(row, 0)->text().contains(text), qPrintable(head->child(row, 0)->text()));
  QCOMPARE(head->child(row, 0)->data(ps::views::PlanChosenRole).toBool(), kind == "dynamic");
  // the one-line summary above the timeline says the same
  const auto summary = m_dock->findChild<QLabel*>("planSummary")->text();
  QVERIFY2(summary.contains(QString::number(total, 'f', 6)), qPrintable(summary));
}

void DistributionPlanTest::totalsEqualTheCli()
{
  const auto cli = cliPlan();
  QVERIFY(!cli.is_null());
  auto* whole = sequenceRow(m_dock->totalsModel(), "Whole unit 'adi'");
  QVERIFY(whole);
  QCOMPARE(whole->text().endsWith("→ dynamic"), cli["chosen"] == "dynamic");
  const auto statics = solutionRows(whole, "static");
  QCOMPARE(statics.size(), static_cast<qsizetype>(cli["static"].size()));
  for (int k = 0; k < statics.size(); ++k)
    QCOMPARE(totalOf(whole, statics[k]), cli["static"][k]["total_s"].get<double>());
  QCOMPARE(totalOf(whole, solutionRows(whole, "dynamic").value(0)), cli["dynamic"]["total_s"].get<double>());
  auto* loop = sequenceRow(m_dock->totalsModel(), "Iterative loop lines 33-60");
  QVERIFY(loop);
  const auto& region = cli["regions"][0];
  for (int k = 0; k < static_cast<int>(region["static"].size()); ++k)
    QCOMPARE(totalOf(loop, solutionRows(loop, "static")[k]), region["static"][k]["total_s"].get<double>());
  QCOMPARE(totalOf(loop, solutionRows(loop, "dynamic").value(0)), region["dynamic"]["total_s"].get<double>());
  // the HPF tab shows the directives partscope-cli prints
  QCOMPARE(m_dock->lastOutput()->edit.text(), cli["hpf"].get<std::string>());
}

void DistributionPlanTest::remappings()
{
  auto* remaps = m_dock->remapsModel();
  QCOMPARE(remaps->rowCount(), 2);
  auto value = [remaps](int row, int column) {
    return remaps->index(row, column).data(ps::views::PlanValueRole).toDouble();
  };
  // (BLOCK,*) -> (*,BLOCK) before phase 7 every iteration, back before phase 4 in the nine after the first
  QCOMPARE(value(0, ps::views::RemapPhase), 7.0);
  QCOMPARE(value(0, ps::views::RemapLine), 48.0);
  QCOMPARE(value(0, ps::views::RemapCount), 10.0);
  QCOMPARE(remaps->index(0, ps::views::RemapCount).data().toString(), QString("×10"));
  QCOMPARE(remaps->index(0, ps::views::RemapFrom).data().toString(), QString("(BLOCK,*)"));
  QCOMPARE(remaps->index(0, ps::views::RemapTo).data().toString(), QString("(*,BLOCK)"));
  QCOMPARE(value(1, ps::views::RemapPhase), 4.0);
  QCOMPARE(value(1, ps::views::RemapLine), 35.0);
  QCOMPARE(value(1, ps::views::RemapCount), 9.0);
  QCOMPARE(value(0, ps::views::RemapBytes), 98304.0); // as partscope-cli: 3 arrays x 32768 B
  QCOMPARE(remaps->index(0, ps::views::RemapBytes).data().toString(), QString("98,304 B"));
  QVERIFY(std::fabs(value(0, ps::views::RemapCost) + value(1, ps::views::RemapCost) - 1.867776) < 1e-6);
}

void DistributionPlanTest::candidateTableMarksTheChosenMappings()
{
  auto* model = m_dock->candidatesModel();
  QCOMPARE(model->rowCount(), 18); // nine phases, two candidates each
  QMap<int, QString> chosen;       // phase index -> chosen mapping
  for (int r = 0; r < model->rowCount(); ++r)
    if (model->index(r, 0).data(ps::views::PlanChosenRole).toBool()) {
      const int phase = model->index(r, 0).data(ps::views::PlanPhaseRole).toInt();
      QVERIFY2(!chosen.contains(phase), "one chosen candidate per phase");
      chosen[phase] = model->index(r, ps::views::CandMapping).data().toString();
    }
  QCOMPARE(chosen.size(), 9);
  for (int k : {3, 5})
    QCOMPARE(chosen[k], QString("a,b,x=(BLOCK,*)"));
  for (int k : {6, 8})
    QCOMPARE(chosen[k], QString("a,b,x=(*,BLOCK)"));
  // phase 4 under (*,BLOCK): the row sweep runs sequentially and moves data
  QCOMPARE(model->index(7, ps::views::CandExecution).data().toString(), QString("sequential"));
  QCOMPARE(model->index(7, ps::views::CandMovement).data(ps::views::PlanValueRole).toDouble(), 0.006144);
  QCOMPARE(model->index(6, ps::views::CandFrequency).data(ps::views::PlanValueRole).toDouble(), 10.0);
}

void DistributionPlanTest::timelineShowsPhasesLoopAndColours()
{
  auto* timeline = m_dock->timeline();
  QCOMPARE(timeline->phaseCount(), 9);
  QCOMPARE(timeline->regionLabel(0), QString("×10  iterative loop, lines 33–60"));
  QCOMPARE(timeline->legend().size(), static_cast<std::size_t>(2));
  QCOMPARE(timeline->legend()[0].first, QString("(BLOCK,*)"));
  QCOMPARE(timeline->legend()[1].first, QString("(*,BLOCK)"));
  for (int k = 0; k + 1 < 9; ++k) // program order, left to right, no overlap
    QVERIFY(timeline->phaseRect(k).right() < timeline->phaseRect(k + 1).left());
}

void DistributionPlanTest::alignmentGraphOfPhase4()
{
  auto* timeline = m_dock->timeline();
  QTest::mouseClick(timeline, Qt::LeftButton, {}, timeline->phaseRect(3).center());
  QCOMPARE(m_dock->selectedPhase(), 3);
  auto* graph = m_dock->alignmentGraph();
  QCOMPARE(graph->phaseId(), 4);
  QVERIFY(graph->isVisible()); // the click brings the graph's tab to the front
  QCOMPARE(graph->nodeCount(), 6); // x1 x2 a1 a2 b1 b2
  QVERIFY(graph->parallelEdgeCount() >= 1);
  QVERIFY(graph->edgeCount() > graph->parallelEdgeCount());
  for (const char* part : {"x: (1,2)", "a: (1,2)", "b: (1,2)"})
    QVERIFY2(graph->alignmentText().contains(part), qPrintable(graph->alignmentText()));
  QCOMPARE(AlignmentGraphView::weightText(1.001, false), QString("1+ε"));
  QCOMPARE(AlignmentGraphView::weightText(0.002, false), QString("2ε"));
  QCOMPARE(AlignmentGraphView::weightText(2, false), QString("2"));
  QCOMPARE(AlignmentGraphView::weightText(1e6, true), QString("10⁶"));
}

void DistributionPlanTest::tableRowSelectsThePhase()
{
  auto* view = m_dock->findChild<QTableView*>("planCandidatesView");
  QVERIFY(view);
  const auto index = m_dock->candidatesModel()->index(12, ps::views::CandMapping); // phase 7's first candidate
  QCOMPARE(index.data(ps::views::PlanPhaseRole).toInt(), 6);
  view->scrollTo(index);
  QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(index).center());
  QCOMPARE(m_dock->selectedPhase(), 6);
  QCOMPARE(m_dock->timeline()->selectedPhase(), 6);
  QCOMPARE(m_dock->alignmentGraph()->phaseId(), 7);
}

void DistributionPlanTest::decisionCharts()
{
  const auto& sweeps = m_dock->lastOutput()->sweeps;
  QCOMPARE(sweeps.size(), static_cast<std::size_t>(2)); // the unit and the iterative loop
  for (auto* chart : {m_dock->processorsChart(), m_dock->byteTimeChart()}) {
    QVERIFY(chart->series().size() >= 2);
    for (auto* s : chart->series()) {
      auto* xy = qobject_cast<QXYSeries*>(s);
      QVERIFY(xy);
      const auto axes = chart->axes();
      for (const auto& p : xy->points()) // every point inside its axes
        for (auto* axis : axes) {
          const double v = axis->orientation() == Qt::Horizontal ? p.x() : p.y();
          double lo = 0, hi = 0;
          if (auto* log = qobject_cast<QLogValueAxis*>(axis)) {
            lo = log->min();
            hi = log->max();
          } else if (auto* lin = qobject_cast<QValueAxis*>(axis)) {
            lo = lin->min();
            hi = lin->max();
          }
          QVERIFY2(lo <= v && v <= hi,
                   qPrintable(QString("%1 outside [%2, %3] in '%4'").arg(v).arg(lo).arg(hi).arg(chart->title())));
        }
    }
  }
  auto* best = qobject_cast<QLineSeries*>(m_dock->processorsChart()->series().at(0));
  QCOMPARE(best->count(), 7); // p = 1 .. 64
  QCOMPARE(best->at(6).x(), 64.0);
  const auto& overP = sweeps[0].overProcessors;
  QCOMPARE(best->at(4).y(), overP.points[4].staticTotal); // seconds: the totals are above 1 s
  // at p = 16 the chart agrees with the plan itself
  QCOMPARE(overP.points[4].x, 16.0);
  QVERIFY(std::fabs(overP.points[4].dynamicTotal - m_dock->lastOutput()->plan->whole.dynamic.total) < 1e-9);
  if (overP.flip)
    QVERIFY(m_dock->processorsChart()->title().contains("≈"));
}

void DistributionPlanTest::applyIsOneUndoStep()
{
  auto* editor = m_window->editor();
  QCOMPARE(editor->text(), m_original);
  auto* apply = m_dock->findChild<QPushButton*>("planApply");
  QTRY_VERIFY(apply->isEnabled());
  const int variants = m_window->distributionPanel()->variantCount();
  QSignalSpy applied(m_dock, &DistributionPlanDock::applied);
  QTest::mouseClick(apply, Qt::LeftButton);
  QCOMPARE(applied.size(), 1);
  const auto text = editor->text();
  QVERIFY(text.contains("REDISTRIBUTE"));
  QVERIFY(text.contains("DYNAMIC"));
  QCOMPARE(text.toStdString(), m_dock->lastOutput()->appliedText);
  QVERIFY(!text.contains("CHPF$ DISTRIBUTE T(BLOCK,*) ONTO PROCS")); // the old directives are replaced
  // the selected phase's mapping (phase 7, from the previous test) is offered as a variant
  auto* panel = m_window->distributionPanel();
  QCOMPARE(panel->variantCount(), variants + 1);
  QCOMPARE(panel->variantName(variants), QString("DDT phase 7"));
  QCOMPARE(panel->format(variants, "x"), QString("(*,BLOCK)"));
  QTRY_VERIFY(!apply->isEnabled()); // the plan is for the old text
  m_window->findChild<QAction*>("editUndo")->trigger();
  QCOMPARE(editor->text(), m_original);
  QTRY_VERIFY(apply->isEnabled()); // the text is the plan's again
}

void DistributionPlanTest::missingValueIsAReadableError()
{
  QTemporaryDir dir;
  const auto path = dir.filePath("unknown.f90");
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write("subroutine s(a, n)\n"
          "  integer :: n, i\n"
          "  real :: a(n)\n"
          "  do i = 2, n\n"
          "    a(i) = a(i - 1)\n"
          "  end do\n"
          "end subroutine s\n");
  f.close();
  MainWindow w(m_recovery.path());
  w.show();
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  QVERIFY(w.openFile(path));
  QVERIFY(analysed.wait(kWorkTimeoutMs));
  QSignalSpy planned(w.planDock(), &DistributionPlanDock::suggestFinished);
  w.findChild<QAction*>("suggestDistribution")->trigger();
  QVERIFY(planned.wait(kWorkTimeoutMs));
  QVERIFY(!w.planDock()->lastOutput()->plan);
  const auto status = w.planDock()->statusText();
  QVERIFY2(status.startsWith("No plan: ") && status.contains("N"), qPrintable(status));
  QVERIFY2(status.contains("Distributions panel"), qPrintable(status));
  QCOMPARE(w.planDock()->timeline()->phaseCount(), 0);
  QVERIFY(!w.planDock()->findChild<QPushButton*>("planApply")->isEnabled());
  QString error;
  QVERIFY(!w.planDock()->apply(&error));
  QVERIFY(!error.isEmpty());
  // a bad phase-times file is a sentence too
  QVERIFY(!w.planDock()->setPhaseTimesFile(path, &error));
  QVERIFY2(error.contains("not JSON"), qPrintable(error));
}

void DistributionPlanTest::cancelStopsTheSearch()
{
  QSignalSpy planned(m_dock, &DistributionPlanDock::suggestFinished);
  m_dock->suggest();
  QVERIFY(m_dock->isRunning());
  QVERIFY(m_dock->findChild<QPushButton*>("planCancel")->isEnabled());
  QTest::mouseClick(m_dock->findChild<QPushButton*>("planCancel"), Qt::LeftButton);
  QVERIFY(!m_dock->isRunning());
  QVERIFY(m_dock->statusText().startsWith("Cancelled"));
  QTest::qWait(300); // a result on its way must not replace the status
  QVERIFY(m_dock->statusText().startsWith("Cancelled"));
  QVERIFY(m_dock->findChild<QPushButton*>("planSuggest")->isEnabled());
}

void DistributionPlanTest::cleanupTestCase()
{
  m_testers.clear();
  if (m_window)
    m_window->editor()->setModified(false); // no save prompt
  m_window.reset();
}

QTEST_MAIN(DistributionPlanTest)
#include "distribution-plan-test.moc"

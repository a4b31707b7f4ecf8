// GUI test of Analysis ▸ Profile Run on the offscreen platform: the action
// runs in the background behind a progress dialog, stores the counts beside
// the program and re-estimates with the measured branch probability (the
// same CT as partscope-cli estimate --profile-run); Cancel leaves no counts.
#include "work-timeout.h"
#include "views/distribution-panel.h"
#include "views/main-window.h"
#include "views/results-model.h"
#include "views/source-editor.h"

#include <QAction>
#include <QFile>
#include <QListWidget>
#include <QProgressDialog>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using ps::views::MainWindow;
using ps::views::ResultsModel;

class ProfileRunTest : public QObject {
  Q_OBJECT

private slots:
  void initTestCase();
  void profileRunChangesTheEstimate();
  void cancelLeavesNoCounts();

private:
  /// Opens the copy of profile-branch.f, selects the DO at line 12 with a
  /// and b (BLOCK) on 1 processor, estimates; returns the CT in seconds.
  double openAndEstimate(MainWindow& w);
  QStringList notes(MainWindow& w) const;

  QTemporaryDir m_recovery, m_folder;
  QString m_program;
};

void ProfileRunTest::initTestCase()
{
  QStandardPaths::setTestModeEnabled(true);
  // a copy: the run writes profile-branch.f.profile.json beside the program
  m_program = m_folder.filePath("profile-branch.f");
  QVERIFY(QFile::copy(PS_SOURCE_DIR "/tests/data/profile-branch.f", m_program));
}

double ProfileRunTest::openAndEstimate(MainWindow& w)
{
  w.show();
  if (!QTest::qWaitForWindowExposed(&w))
    return -1;
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  w.openFile(m_program);
  analysed.wait(kWorkTimeoutMs);
  w.editor()->goTo(13, 9);
  auto* panel = w.distributionPanel();
  if (!QTest::qWaitFor([&] { return panel->loopLine() == 12; }, 5000))
    return -1;
  panel->setFormat(0, "a", "(BLOCK)");
  panel->setFormat(0, "b", "(BLOCK)");
  panel->setArrangement(0, "1");
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.estimate();
  if (!estimated.wait(kWorkTimeoutMs))
    return -1;
  return w.resultsModel()->index(ResultsModel::Computation, 0).data(ResultsModel::ValueRole).toDouble();
}

QStringList ProfileRunTest::notes(MainWindow& w) const
{
  QStringList out;
  auto* list = w.findChild<QListWidget*>("notesList");
  for (int i = 0; list && i < list->count(); ++i)
    out << list->item(i)->text();
  return out;
}

void ProfileRunTest::profileRunChangesTheEstimate()
{
  QFile::remove(MainWindow::profileCountsPath(m_program));
  MainWindow w(m_recovery.path());
  // paragon, P = 1: 100 * 1.3e-6 s (lines 13, 14) + 50 * 2.05e-6 s (lines 15, 16 at probability 0.5)
  QCOMPARE(openAndEstimate(w), 2.325e-4);
  QVERIFY(notes(w).join('\n').contains("under IF: assumed to execute with probability 0.50"));

  QSignalSpy profiled(&w, &MainWindow::profileRunFinished);
  QSignalSpy estimated(&w, &MainWindow::estimateFinished);
  w.findChild<QAction*>("profileRun")->trigger();
  QVERIFY(w.findChild<QProgressDialog*>("profileProgress"));
  QVERIFY(profiled.wait(kWorkTimeoutMs));
  QCOMPARE(profiled.first().first().toBool(), true);
  QVERIFY2(w.profileError().isEmpty(), qPrintable(w.profileError()));
  QVERIFY(w.profileCounts());
  QCOMPARE(w.profileCounts()->at(15)->count, 25);
  QVERIFY(QFile::exists(MainWindow::profileCountsPath(m_program)));
  QVERIFY(estimated.wait(kWorkTimeoutMs));
  // measured 0.25: 100 * 1.3e-6 + 25 * 2.05e-6 = 1.8125e-4 s
  const auto ct = w.resultsModel()->index(ResultsModel::Computation, 0).data(ResultsModel::ValueRole).toDouble();
  QVERIFY(qAbs(ct - 1.8125e-4) < 1e-12);
  QVERIFY(notes(w).contains("Branch probabilities of lines 15, 16 were measured by a profile run"));

  // the counts stay with the document: a new window reading the file uses them
  MainWindow again(m_recovery.path());
  QVERIFY(qAbs(openAndEstimate(again) - 1.8125e-4) < 1e-12);
  QCOMPARE(again.profileCounts()->at(14)->evaluations, 100);
}

void ProfileRunTest::cancelLeavesNoCounts()
{
  QFile::remove(MainWindow::profileCountsPath(m_program));
  MainWindow w(m_recovery.path());
  QVERIFY(w.openFile(m_program));
  QSignalSpy profiled(&w, &MainWindow::profileRunFinished);
  w.findChild<QAction*>("profileRun")->trigger();
  auto* progress = w.findChild<QProgressDialog*>("profileProgress");
  QVERIFY(progress);
  auto* cancel = progress->findChild<QPushButton*>();
  QVERIFY(cancel);
  cancel->click();
  QVERIFY(profiled.wait(kWorkTimeoutMs));
  QCOMPARE(profiled.first().first().toBool(), false);
  QVERIFY(w.profileError().isEmpty());
  QVERIFY(!w.profileCounts());
  QVERIFY(!QFile::exists(MainWindow::profileCountsPath(m_program)));
}

QTEST_MAIN(ProfileRunTest)
#include "profile-run-test.moc"

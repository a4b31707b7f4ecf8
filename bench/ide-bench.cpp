// Benchmarks of the IDE's live update on the Jacobi sample (issue: "from
// keystroke in N to updated table and chart under 100 ms"):
// - BM_AnalysisJob: the background job alone (parse, model, both variants at
//   their arrangement, the sweep over P = 1..maxP, the sweep over N), with
//   the second variant (*,BLOCK) on 16 or (CYCLIC,CYCLIC) on 4x4;
// - BM_KeystrokeToTableAndChart: the real main window, offscreen: one digit
//   typed into N until the results table and charts show the new estimate.
// Run: QT_QPA_PLATFORM=offscreen ./build/bench/ps_ide_bench
#include "views/analysis-job.h"
#include "views/distribution-panel.h"
#include "views/main-window.h"
#include "views/source-editor.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <sstream>

namespace {

const std::string kJacobi = std::string(PS_SOURCE_DIR) + "/sampleprograms/jacobi.hpf";

ps::views::EstimateSettings jacobiSettings(bool sweepN, bool cyclic, std::int64_t maxP)
{
  ps::views::EstimateSettings s;
  s.loopLine = 26;
  s.variants = {{"A", {{"a", "(BLOCK,BLOCK)"}, {"b", "(BLOCK,BLOCK)"}}, "4x4"},
                {"B", {{"a", "(*,BLOCK)"}, {"b", "(*,BLOCK)"}}, "16"}};
  if (cyclic)
    s.variants[1] = {"B", {{"a", "(CYCLIC,CYCLIC)"}, {"b", "(CYCLIC,CYCLIC)"}}, "4x4"};
  s.values = {{"n", 256}, {"niter", 100}};
  s.sweepProcessors.clear();
  for (std::int64_t p = 1; p <= maxP; p *= 2)
    s.sweepProcessors.push_back(p);
  if (sweepN) {
    s.sweepVariable = "n";
    s.sweepValues = {64, 91, 128, 181, 256, 362, 512, 724, 1024};
  }
  return s;
}

/// Arguments: sweepN (0/1), cyclic (0/1), maxP.
void BM_AnalysisJob(benchmark::State& state)
{
  std::ifstream in(kJacobi);
  std::stringstream text;
  text << in.rdbuf();
  const ps::views::JobInput input{kJacobi, text.str(),
                                  jacobiSettings(state.range(0) != 0, state.range(1) != 0, state.range(2)), {}, {}, {}};
  std::atomic<bool> cancelled{false};
  for (auto _ : state)
    benchmark::DoNotOptimize(ps::views::runJob(input, cancelled));
}
BENCHMARK(BM_AnalysisJob)
    ->ArgsProduct({{0, 1}, {0, 1}, {64, 1024}})
    ->ArgNames({"sweepN", "cyclic", "maxP"})
    ->Unit(benchmark::kMillisecond);

void BM_KeystrokeToTableAndChart(benchmark::State& state)
{
  QTemporaryDir recovery;
  ps::views::MainWindow w(recovery.path());
  w.show();
  QSignalSpy analysed(&w, &ps::views::MainWindow::analysisFinished);
  w.openFile(QString::fromStdString(kJacobi));
  analysed.wait(10000);
  w.editor()->goTo(30, 9);
  QTest::qWait(50);
  auto* panel = w.distributionPanel(); // the variants: (BLOCK,BLOCK) on 4x4 vs (*,BLOCK) on 16
  panel->setFormat(1, "a", "(*,BLOCK)");
  panel->setFormat(1, "b", "(*,BLOCK)");
  panel->setArrangement(0, "4x4");
  panel->setArrangement(1, state.range(0) ? "4x4" : "16");
  if (state.range(0)) { // or (CYCLIC,CYCLIC) on 4x4: every element moves
    panel->setFormat(1, "a", "(CYCLIC,CYCLIC)");
    panel->setFormat(1, "b", "(CYCLIC,CYCLIC)");
  }
  QSignalSpy estimated(&w, &ps::views::MainWindow::estimateFinished);
  w.estimate();
  estimated.wait(10000);
  auto* n = w.distributionPanel()->findChild<QSpinBox*>("value-n");
  int digit = 0;
  for (auto _ : state) {
    n->setFocus();
    n->selectAll();
    QElapsedTimer clock;
    clock.start();
    estimated.clear();
    QTest::keyClicks(n, QString("25%1").arg(digit++ % 10)); // N = 250..259
    while (estimated.isEmpty() || w.distributionPanel()->value("n") != 250 + (digit - 1) % 10) {
      estimated.wait(5000);
    }
    // the last estimate must be of the final value: wait for its update
    QTest::qWait(0);
    state.SetIterationTime(static_cast<double>(clock.nsecsElapsed()) / 1e9);
  }
  w.editor()->setModified(false);
}
BENCHMARK(BM_KeystrokeToTableAndChart)->Arg(0)->Arg(1)->ArgName("cyclic")->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(20);

} // namespace

int main(int argc, char** argv)
{
  qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
  QApplication app(argc, argv);
  QStandardPaths::setTestModeEnabled(true);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// GUI tests of the Scalability tab: the real widgets on the offscreen
// platform. Jacobi's sweep (line 28) under A (BLOCK,BLOCK) and B (*,BLOCK)
// compared from p = 4, n = 20 must show what the scaling engine computes for
// the same inputs (the JSON of `partscope-cli scale --json`); analytic models
// typed into the editor; wrong formulas; newer requests replacing older ones.
#include "fortran/parser.h"
#include "machine/machine-profile.h"
#include "mapping/dist-spec.h"
#include "scaling/analytic-model.h"
#include "scaling/model-file.h"
#include "scaling/program-time-model.h"
#include "scaling/scale-report.h"
#include "scaling/scale-study.h"
#include "work-timeout.h"
#include "views/distribution-panel.h"
#include "views/estimate-controller.h"
#include "views/main-window.h"
#include "views/scalability-model-editor.h"
#include "views/scalability-charts.h"
#include "views/scalability-models.h"
#include "views/scalability-panel.h"

#include <nlohmann/json.hpp>

#include <QAbstractItemModelTester>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtCharts/QChart>
#include <QtCharts/QChartView>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QXYSeries>
#include <QTest>

#include <memory>

using ps::views::EstimateController;
using ps::views::MainWindow;
using ps::views::PsiTableModel;
using ps::views::ScalabilityPanel;
using nlohmann::json;

namespace {

QString sample(const char* name) { return QStringLiteral(PS_SOURCE_DIR "/sampleprograms/") + name; }

std::string readText(const QString& path)
{
  QFile f(path);
  return f.open(QIODevice::ReadOnly | QIODevice::Text) ? f.readAll().toStdString() : std::string();
}

json study(const std::vector<const ps::scaling::TimeModel*>& models, double p, double n, std::vector<double> to,
           const std::string& machine)
{
  ps::scaling::ScaleRequest request;
  request.p = p;
  request.n = n;
  request.pPrimes = std::move(to);
  return ps::scaling::toJson(ps::scaling::runScaleStudy(models, request), machine);
}

/// The oracle for Jacobi: the engine called directly, as `partscope-cli scale
/// jacobi.hpf --loop 28 --dist ... --set n=20 --p 4 --n 20 --to 8,16 --json`.
json jacobiEngineJson(const ps::symbolic::Bindings& values)
{
  const auto path = sample("jacobi.hpf").toStdString();
  auto parsed = std::make_shared<const ps::fortran::ParsedFile>(ps::fortran::parseSource(path, readText(sample("jacobi.hpf"))));
  const auto machine = *ps::machine::findProfile("paragon", nullptr);
  std::vector<std::unique_ptr<ps::scaling::ProgramTimeModel>> models;
  std::vector<const ps::scaling::TimeModel*> pointers;
  for (const auto& [name, spec] : {std::pair{"A", "a,b=(BLOCK,BLOCK)"}, std::pair{"B", "a,b=(*,BLOCK)"}}) {
    ps::scaling::ProgramVariantSpec s{name, 28, {name, ps::mapping::parseDistSpec(spec, nullptr)}, "n", values, 20};
    models.push_back(std::make_unique<ps::scaling::ProgramTimeModel>(parsed, s, machine));
    pointers.push_back(models.back().get());
  }
  return study(pointers, 4, 20, {8, 16}, "paragon");
}

/// The oracle for the tridiagonal models on the SP2.
json tridiagonalEngineJson()
{
  const auto file = ps::scaling::parseModelFile(readText(sample("tridiagonal-models.json")), nullptr);
  const auto machine = *ps::machine::findProfile("sp2", nullptr);
  std::vector<std::unique_ptr<ps::scaling::AnalyticModel>> models;
  std::vector<const ps::scaling::TimeModel*> pointers;
  for (const auto& spec : file->models) {
    models.push_back(ps::scaling::AnalyticModel::create(spec, machine, nullptr));
    pointers.push_back(models.back().get());
  }
  return study(pointers, 2, 12800, {4, 8, 16, 32}, "sp2");
}

/// The same study through `partscope-cli scale --json` (null when it fails).
json cliJson(const QStringList& arguments)
{
  QProcess cli;
  cli.start(PS_CLI_PATH, QStringList{"scale"} + arguments + QStringList{"--json"});
  if (!cli.waitForFinished(60000) || cli.exitCode() != 0)
    return nullptr;
  return json::parse(cli.readAllStandardOutput().toStdString());
}

/// Every upper-triangle cell (diagonal of 1s included) of every psi table against the engine's.
void comparePsiTables(const ScalabilityPanel& panel, const json& expected)
{
  QCOMPARE(panel.psiTableCount(), static_cast<int>(expected["variants"].size()));
  for (std::size_t v = 0; v < expected["variants"].size(); ++v) {
    const auto* model = panel.psiModel(static_cast<int>(v));
    QCOMPARE(model->name().toStdString(), expected["variants"][v]["name"].get<std::string>());
    int compared = 0;
    for (int r = 0; r < model->rowCount(); ++r)
      for (int c = 0; c < model->columnCount(); ++c) {
        const auto index = model->index(r, c);
        const double p = model->headerData(r, Qt::Vertical).toString().section('=', 1).toDouble();
        const double pPrime = model->headerData(c, Qt::Horizontal).toString().section('=', 1).toDouble();
        const json* cell = nullptr;
        for (const auto& x : expected["variants"][v]["psi"])
          if (x["p"] == p && x["p_prime"] == pPrime)
            cell = &x;
        if (p > pPrime) {
          QVERIFY(!index.data().isValid());
          continue;
        }
        QVERIFY2(cell && cell->contains("psi"), qPrintable(QStringLiteral("psi(%1, %2)").arg(p).arg(pPrime)));
        QCOMPARE(index.data(PsiTableModel::PsiRole).toDouble(), (*cell)["psi"].get<double>());
        QCOMPARE(index.data(PsiTableModel::NPrimeRole).toLongLong(), (*cell)["n_prime"].get<qint64>());
        QCOMPARE(index.data(PsiTableModel::TimeRole).toDouble(), (*cell)["time_s"].get<double>());
        const auto lines = index.data().toString().split('\n');
        QCOMPARE(lines.value(0), QString::number((*cell)["psi"].get<double>(), 'f', 3));
        QCOMPARE(lines.value(1), QString::number((*cell)["n_prime"].get<qint64>()));
        ++compared;
      }
    QVERIFY(compared > 0);
  }
}

void compareCrossingRow(const ScalabilityPanel& panel, int row, const json& comparison, const QString& machine)
{
  const auto* m = panel.crossingModel();
  QCOMPARE(m->index(row, 0).data().toString(), machine);
  QCOMPARE(m->index(row, 2).data().toString(), QString::number(comparison["alpha"].get<double>(), 'f', 4));
  const auto scp = comparison["scaled_crossing_point"];
  QCOMPARE(m->index(row, 3).data().toString(),
           scp.is_number() ? QStringLiteral("p' = %1").arg(scp.get<double>()) : QStringLiteral("none"));
}

} // namespace

class ScalabilityTest : public QObject {
  Q_OBJECT

private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
  void jacobiTablesEqualTheEngine();
  void defaultScaledCountsAreTheClis();
  void tridiagonalModelsFromAFile();
  void formulaErrorShowsItsColumn_data();
  void formulaErrorShowsItsColumn();
  void newerRequestReplacesOlder();
  void modelsAreStoredWithTheDocument();
  void exports();
  void smallPsiAndNearbyCrossingsStayReadable();

private:
  ScalabilityPanel* studyJacobi(MainWindow& w, const QString& pPrimes);
  QTemporaryDir m_recovery;
};

/// Opens Jacobi, selects its sweep DO j with variants (BLOCK,BLOCK) and
/// (*,BLOCK) on 4 at n = 20 on paragon, and waits for the Scalability tab's
/// study from (p, n) = (4, 20) over `pPrimes` (empty: the default).
ScalabilityPanel* ScalabilityTest::studyJacobi(MainWindow& w, const QString& pPrimes)
{
  w.show();
  if (!QTest::qWaitForWindowExposed(&w))
    return nullptr;
  QSignalSpy analysed(&w, &MainWindow::analysisFinished);
  if (!w.openFile(sample("jacobi.hpf")) || !analysed.wait(kWorkTimeoutMs))
    return nullptr;
  w.selectLoopAt(28); // the sweep DO j; line 26 is the time loop
  auto* dist = w.distributionPanel();
  if (!QTest::qWaitFor([&] { return dist->loopLine() == 28; }, kWorkTimeoutMs))
    return nullptr;
  while (dist->variantCount() < 2)
    dist->addVariant();
  for (const auto* array : {"a", "b"}) {
    dist->setFormat(0, array, "(BLOCK,BLOCK)");
    dist->setFormat(1, array, "(*,BLOCK)");
  }
  dist->setArrangement(0, "4");
  dist->setArrangement(1, "4");
  dist->setValue("n", 20);
  dist->setMachine("paragon");
  auto* panel = w.scalabilityPanel();
  QSignalSpy finished(panel, &ScalabilityPanel::studyFinished);
  panel->setInitialState(4, 20);
  panel->setScaledProcessors(pPrimes);
  QTest::keyClick(&w, Qt::Key_2, Qt::ControlModifier); // View > Scalability
  if (!w.findChild<QTabWidget*>("centralTabs")->currentWidget()->isAncestorOf(panel)) // scrolled in its tab
    return nullptr;
  if (!QTest::qWaitFor([&] { return !finished.isEmpty(); }, kWorkTimeoutMs))
    return nullptr;
  return panel;
}

void ScalabilityTest::jacobiTablesEqualTheEngine()
{
  MainWindow w(m_recovery.path());
  auto* panel = studyJacobi(w, "8,16");
  QVERIFY(panel);
  auto* dist = w.distributionPanel();
  QVERIFY(panel->lastOutput() && panel->lastOutput()->errors.empty());
  const auto settings = dist->settings();
  QCOMPARE(settings.values.size(), 2u); // n and niter, as the CLI gets them below
  const auto expected = jacobiEngineJson(settings.values);
  comparePsiTables(*panel, expected);
  QCOMPARE(panel->decision().toStdString(), expected["comparisons"][0]["decision"].get<std::string>());
  QCOMPARE(panel->findChild<QLabel*>("scaleDecision")->text(), panel->decision());
  QCOMPARE(panel->crossingModel()->rowCount(), 1);
  compareCrossingRow(*panel, 0, expected["comparisons"][0], "paragon");
  const auto cli = cliJson({sample("jacobi.hpf"), "--loop", "28", "--dist", "a,b=(BLOCK,BLOCK)", "--dist",
                            "a,b=(*,BLOCK)", "--set", "n=20", "--set", "niter=100", "--machine", "paragon", "--p", "4",
                            "--n", "20", "--to", "8,16"});
  QVERIFY2(!cli.is_null(), "partscope-cli scale failed");
  comparePsiTables(*panel, cli);
  for (int v = 0; v < 2; ++v)
    QCOMPARE(panel->psiModel(v)->variant().value("mapping", ""), cli["variants"][v].value("mapping", "?"));
  QCOMPARE(panel->decision().toStdString(), cli["comparison"]["decision"].get<std::string>());

  // the models survive a second study (resets checked by the testers)
  QAbstractItemModelTester t0(panel->psiModel(0), QAbstractItemModelTester::FailureReportingMode::QtTest);
  QAbstractItemModelTester t1(panel->psiModel(1), QAbstractItemModelTester::FailureReportingMode::QtTest);
  QAbstractItemModelTester t2(panel->crossingModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
  QSignalSpy finished(panel, &ScalabilityPanel::studyFinished);
  panel->setMachine("all");
  QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), 120000);
  QCOMPARE(panel->crossingModel()->rowCount(), static_cast<int>(ps::machine::builtinProfiles().size()));
  int row = 0;
  for (const auto& m : ps::machine::builtinProfiles()) {
    QCOMPARE(panel->crossingModel()->index(row, 0).data().toString(), QString::fromStdString(m.name));
    if (m.name == "paragon")
      compareCrossingRow(*panel, row, expected["comparisons"][0], "paragon");
    ++row;
  }
}

void ScalabilityTest::defaultScaledCountsAreTheClis()
{
  // the tab's default p' went to 4p = 16 and the CLI's to 64, and the two drew different conclusions
  MainWindow w(m_recovery.path());
  auto* panel = studyJacobi(w, "");
  QVERIFY(panel);
  QVERIFY(panel->lastOutput() && panel->lastOutput()->errors.empty());
  QCOMPARE(panel->psiModel(0)->columnCount(), 5); // p' = 4 (the initial state), 8, 16, 32, 64
  const auto cli = cliJson({sample("jacobi.hpf"), "--loop", "28", "--dist", "a,b=(BLOCK,BLOCK)", "--dist",
                            "a,b=(*,BLOCK)", "--set", "n=20", "--set", "niter=100", "--machine", "paragon", "--p", "4",
                            "--n", "20"});
  QVERIFY2(!cli.is_null(), "partscope-cli scale failed");
  comparePsiTables(*panel, cli);
  QCOMPARE(panel->decision().toStdString(), cli["comparison"]["decision"].get<std::string>());
}

void ScalabilityTest::tridiagonalModelsFromAFile()
{
  EstimateController controller;
  ScalabilityPanel panel(&controller);
  panel.resize(1200, 700);
  panel.show();
  QSignalSpy finished(&panel, &ScalabilityPanel::studyFinished);
  QString error;
  QVERIFY2(panel.loadModels(sample("tridiagonal-models.json"), &error), qPrintable(error));
  QCOMPARE(panel.source(), ScalabilityPanel::Source::AnalyticModels);
  panel.setMachine("sp2");
  panel.setScaledProcessors("4,8,16,32");
  QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() && panel.lastOutput()->machines.size() == 1 &&
                             panel.lastOutput()->machines[0].machine == "sp2" &&
                             panel.lastOutput()->machines[0].report["variants"][0]["psi"].size() == 15,
                           60000);
  const auto expected = tridiagonalEngineJson();
  comparePsiTables(panel, expected);
  QCOMPARE(panel.psiModel(0)->rowCount(), 5); // p = 2 ... 32
  QCOMPARE(panel.psiModel(0)->columnCount(), 5);
  QCOMPARE(panel.psiModel(0)->index(0, 0).data(PsiTableModel::PsiRole).toDouble(), 1.0);
  QCOMPARE(panel.crossingModel()->rowCount(), 3); // PDD-PPT, PDD-RPDD, PPT-RPDD
  for (int i = 0; i < 3; ++i)
    compareCrossingRow(panel, i, expected["comparisons"][i], "sp2");
  QVERIFY(panel.decision().contains(QString::fromStdString(expected["comparisons"][0]["decision"].get<std::string>())));
}

void ScalabilityTest::formulaErrorShowsItsColumn_data()
{
  QTest::addColumn<QString>("time");
  QTest::addColumn<QString>("work");
  QTest::addColumn<int>("tableColumn");
  QTest::newRow("dangling operator") << "(9*n/p + 1)*n1*tc +" << "(5*n - 3)*n1" << 1;
  QTest::newRow("unbalanced parenthesis") << "(9*n/p + 1*n1*tc" << "(5*n - 3)*n1" << 1;
  QTest::newRow("unknown constant") << "9*n/p*n1*tc + zz" << "(5*n - 3)*n1" << 1;
  QTest::newRow("work uses p") << "9*n/p*n1*tc" << "5*n*p" << 2;
}

void ScalabilityTest::formulaErrorShowsItsColumn()
{
  QFETCH(QString, time);
  QFETCH(QString, work);
  QFETCH(int, tableColumn);
  EstimateController controller;
  ScalabilityPanel panel(&controller);
  panel.show();
  QSignalSpy finished(&panel, &ScalabilityPanel::studyFinished);
  ps::scaling::ModelFile file;
  file.models = {{"Good", "9*n/p*n1*tc + rho", "(5*n - 3)*n1", {{"n1", 1024}, {"tc", 1e-8}}},
                 {"Bad", time.toStdString(), work.toStdString(), {{"n1", 1024}, {"tc", 1e-8}}}};
  panel.modelEditor()->setModelFile(file);
  panel.setSource(ScalabilityPanel::Source::AnalyticModels);
  QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), kWorkTimeoutMs);
  ps::scaling::AnalyticModelError expected;
  QVERIFY(!ps::scaling::AnalyticModel::create(file.models[1], ps::machine::builtinProfiles().front(), &expected));
  const auto text = QString::fromStdString(expected.str());
  QVERIFY(text.contains(QStringLiteral("column %1").arg(expected.column)));
  auto* item = panel.modelEditor()->table()->item(1, tableColumn);
  QCOMPARE(item->toolTip(), text);
  QCOMPARE(item->background().color(), QColor(0xff, 0xd0, 0xd0));
  QVERIFY(!panel.modelEditor()->table()->item(0, 1)->background().style());
  QVERIFY(panel.modelEditor()->errorText().contains(text));
  QVERIFY(panel.lastOutput()->machines.empty()); // nothing compared with a wrong model
}

void ScalabilityTest::newerRequestReplacesOlder()
{
  auto controller = std::make_unique<EstimateController>();
  auto panel = std::make_unique<ScalabilityPanel>(controller.get());
  panel->show();
  QSignalSpy finished(panel.get(), &ScalabilityPanel::studyFinished);
  ps::views::EstimateSettings settings;
  settings.loopLine = 28;
  settings.variants = {{"A", {{"a", "(BLOCK,BLOCK)"}, {"b", "(BLOCK,BLOCK)"}}, "4"},
                       {"B", {{"a", "(*,BLOCK)"}, {"b", "(*,BLOCK)"}}, "4"}};
  settings.values = {{"n", 20}};
  panel->setProgram(sample("jacobi.hpf"), QString::fromStdString(readText(sample("jacobi.hpf"))), settings);
  for (int n : {16, 18, 24}) {
    panel->setInitialState(4, n);
    panel->recompute();
  }
  QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), kWorkTimeoutMs);
  QTest::qWait(500);
  QCOMPARE(finished.count(), 1); // the older studies were cancelled or dropped
  QCOMPARE(panel->lastOutput()->machines.at(0).report["initial"]["n"].get<double>(), 24.0);
  // a p' list that is not a list of counts is named, and nothing is submitted
  panel->setScaledProcessors("8,x");
  panel->recompute();
  QCOMPARE(panel->findChild<QLabel*>("scaleStatus")->text(),
           QStringLiteral("p' takes processor counts separated by commas, such as 8,16,32"));
  panel->setScaledProcessors("8,16");
  // closing while a study runs: the controller cancels and waits
  panel->setInitialState(4, 32);
  panel->recompute();
  panel.reset();
  controller.reset();
}

void ScalabilityTest::modelsAreStoredWithTheDocument()
{
  EstimateController controller;
  const auto path = sample("jacobi.hpf");
  ps::scaling::ModelFile file;
  file.models = {{"M1", "n/p*tc + rho", "n", {{"tc", 1e-8}}}, {"M2", "n/p*tc + p*rho", "n", {{"tc", 1e-8}}}};
  {
    ScalabilityPanel panel(&controller);
    panel.setProgram(path, {}, {});
    panel.modelEditor()->setModelFile(file);
  }
  ScalabilityPanel other(&controller);
  QCOMPARE(other.modelEditor()->table()->rowCount(), 0);
  other.setProgram(path, {}, {});
  QCOMPARE(other.modelEditor()->table()->rowCount(), 2);
  QCOMPARE(other.modelEditor()->table()->item(1, 1)->text(), QString("n/p*tc + p*rho"));
  QCOMPARE(other.modelEditor()->constantsEdit()->text(), QString("tc=1e-08"));
}

void ScalabilityTest::exports()
{
  EstimateController controller;
  ScalabilityPanel panel(&controller);
  panel.show();
  QSignalSpy finished(&panel, &ScalabilityPanel::studyFinished);
  QString error;
  QVERIFY(panel.loadModels(sample("tridiagonal-models.json"), &error));
  QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), kWorkTimeoutMs);
  QTemporaryDir dir;
  dir.setAutoRemove(qEnvironmentVariableIsEmpty("PS_KEEP_EXPORTS")); // to look at the charts
  if (!dir.autoRemove())
    qInfo() << "exports in" << dir.path();
  auto* charts = panel.findChild<QTabWidget*>("scaleCharts");
  QVERIFY(charts);
  // p' spanning decades gets a log axis (a new user saw 8, 16, 64 crowd into a corner)
  auto* ratio = panel.findChild<QChartView*>("scaleRatioChart");
  QVERIFY(ratio);
  double lo = 1e300, hi = 0;
  for (auto* s : ratio->chart()->series())
    if (auto* line = qobject_cast<QXYSeries*>(s); line && s->name() == QString("Φ/Ψ"))
      for (const auto& point : line->points()) {
        lo = std::min(lo, point.x());
        hi = std::max(hi, point.x());
      }
  QVERIFY(hi > 0);
  const auto horizontal = ratio->chart()->axes(Qt::Horizontal);
  QCOMPARE(horizontal.size(), 1);
  QCOMPARE(qobject_cast<QLogValueAxis*>(horizontal.front()) != nullptr, hi / lo > 30);
  for (int tab = 0; tab < charts->count(); ++tab) { // every chart, as the user picks it
    charts->setCurrentIndex(tab);
    const auto path = dir.filePath(QStringLiteral("chart%1.png").arg(tab));
    QVERIFY2(panel.exportTo(path, &error), qPrintable(error));
    QVERIFY(QFileInfo(path).size() > 0);
  }
  for (const auto* name : {"s.png", "s.svg", "s.pdf", "s.csv"}) {
    const auto path = dir.filePath(name);
    QVERIFY2(panel.exportTo(path, &error), qPrintable(error));
    QVERIFY(QFileInfo(path).size() > 0);
  }
  QFile csv(dir.filePath("s.csv"));
  QVERIFY(csv.open(QIODevice::ReadOnly));
  const auto text = QString::fromUtf8(csv.readAll());
  QVERIFY(text.startsWith("table,machine,name,x,y,n_prime,time_s\n"));
  QVERIFY(text.contains(",PDD,2,4,"));
  QVERIFY(text.contains("time_vs_n,"));
}

QTEST_MAIN(ScalabilityTest)
void ScalabilityTest::smallPsiAndNearbyCrossingsStayReadable()
{
  // A PPT's psi at p' = 256 is 0.000412: three significant digits, not
  // "0.000"; 0.884 keeps three decimals.
  PsiTableModel psi;
  const auto cell = [](double p, double pPrime, double value) {
    return nlohmann::json{{"p", p}, {"p_prime", pPrime}, {"psi", value}, {"n_prime", 40}, {"n_prime_real", 40.0},
                          {"w_prime", 1.0}, {"time_s", 1e-3}};
  };
  psi.setVariant({{"name", "A"}, {"psi", {cell(4, 4, 1.0), cell(4, 256, 0.000412), cell(256, 256, 1.0)}}});
  QCOMPARE(psi.index(0, 1).data().toString().section('\n', 0, 0), QString("0.000412"));
  psi.setVariant({{"name", "A"}, {"psi", {cell(4, 4, 1.0), cell(4, 16, 0.884), cell(16, 16, 1.0)}}});
  QCOMPARE(psi.index(0, 1).data().toString().section('\n', 0, 0), QString("0.884"));
  // Seven crossings between n = 6.7 and 18 on an axis to 80 are one label
  // (seven labels overlapped), on the marker nearest the middle; one at 60
  // keeps its own.
  QChart chart;
  std::vector<ps::views::CrossingMark> marks;
  for (const double x : {6.72222, 8.27586, 10.5, 12.1, 14.0, 16.2, 18.06, 60.0})
    marks.push_back({0, x, 1e-4});
  ps::views::fillTimeChart(&chart, {{"A", {{4, 1e-4}, {80, 1e-3}}}, {"B", {{4, 2e-4}, {80, 9e-4}}}}, marks, 0,
                           "n (at p = 4)");
  QStringList labels;
  int markers = 0;
  for (auto* s : chart.series())
    if (auto* xy = qobject_cast<QXYSeries*>(s); xy && xy->name() == "equal-size crossing") {
      ++markers;
      if (xy->pointLabelsVisible())
        labels << xy->pointLabelsFormat() + QStringLiteral(" @ %1").arg(xy->at(0).x());
    }
  QCOMPARE(markers, 8);
  QCOMPARE(labels, (QStringList{"n = 6.722 … 18.06 (7 crossings) @ 18.06", "n = 60 @ 60"}));
}

#include "scalability-test.moc"

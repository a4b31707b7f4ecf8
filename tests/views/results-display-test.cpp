// What the results table, the notes and the charts show for values a new
// user met (a trial against the CLI, issue 9): times of 0 and of years,
// terabytes, ties at the shown precision, notes of one variant among
// several, and curves of zeros on log axes.
#include "views/chart-panel.h"
#include "views/results-model.h"
#include "views/source-editor.h"
#include "views/statement-annotations.h"
#include "views/time-units.h"

#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>

#include <QTest>

#include <nlohmann/json.hpp>

using ps::views::ResultsModel;

namespace {

/// A table of variants with the given times (s) and cache misses, one note each.
nlohmann::json table(const std::vector<std::pair<double, double>>& timeAndCm, const std::vector<std::string>& notes)
{
  nlohmann::json variants = nlohmann::json::array();
  for (std::size_t i = 0; i < timeAndCm.size(); ++i) {
    const auto [time, cm] = timeAndCm[i];
    nlohmann::json point{{"time_s", time}, {"ct_s", time}, {"tt_s", 0.0}, {"wd", 0.0}, {"nt", 0}, {"td_bytes", 0},
                         {"work_max", 1}, {"work_min", 1}, {"cm", cm}, {"comm", nlohmann::json::array()},
                         {"notes", nlohmann::json::array({notes[i]})}};
    variants.push_back({{"name", std::string(1, static_cast<char>('A' + i))}, {"spec", ""}, {"mapping", ""},
                        {"points", nlohmann::json::array({point})}});
  }
  return {{"variants", variants}};
}

} // namespace

class ResultsDisplayTest : public QObject {
  Q_OBJECT

private slots:
  void timesAndBytesStayReadable()
  {
    QCOMPARE(ps::views::formatSeconds(0), QString("0 s"));
    QCOMPARE(ps::views::formatSeconds(0.0125), QString("12.500 ms"));
    QCOMPARE(ps::views::formatSeconds(84.68), QString("84.680 s"));
    QCOMPARE(ps::views::formatSeconds(25000096875.001), QString("2.500e+10 s"));
    QCOMPARE(ps::views::shortBytes(512), QString("512 B"));
    QCOMPARE(ps::views::shortBytes(2.5 * (1 << 20)), QString("2.50 MiB"));
    QCOMPARE(ps::views::shortBytes(2438400), QString("2.33 MiB")); // binary, so named: "2.33 MB" read as 2.33e6
    QCOMPARE(ps::views::shortBytes(114440917.97 * (1 << 20)), QString("109.14 TiB"));
    QCOMPARE(ps::views::shortBytes(3.0 * (1LL << 50)), QString("3.00 PiB"));
    QCOMPARE(ps::views::shortBytes(5000.0 * (1LL << 50)), QString("4.88 EiB")); // "5.000e+03 PB" before
    QCOMPARE(ps::views::shortBytes(5000.0 * (1LL << 60)), QString("5.000e+03 EiB"));
    const QChar thin(0x202F); // "25000000000000" was hard to read
    QCOMPARE(ps::views::groupedCount(25000000000000), "25" + QString(thin) + "000" + thin + "000" + thin + "000" + thin + "000");
    QCOMPARE(ps::views::groupedCount(999), QString("999"));
    QCOMPARE(ps::views::groupedCount(-1234), "-1" + QString(thin) + "234");
    QCOMPARE(ps::views::groupedCount(0), QString("0"));
  }

  void tiesAtTheShownPrecisionAreMarkedAlike()
  {
    ResultsModel m;
    // times shown alike (2.500e+10 s) but not equal; cache misses 64.4375 and 64.375 both shown "64"
    m.setTable(table({{25000096875.001, 64.4375}, {25000040625.0, 64.375}, {30000000000.0, 80}}, {"n", "n", "n"}));
    const auto best = [&](int row, int column) { return m.index(row, column).data(ResultsModel::BestRole).toBool(); };
    QVERIFY(best(ResultsModel::Time, 0)); // the same shown value as the least
    QVERIFY(best(ResultsModel::Time, 1));
    QVERIFY(!best(ResultsModel::Time, 2));
    QVERIFY(best(ResultsModel::CacheMisses, 0));
    QVERIFY(best(ResultsModel::CacheMisses, 1));
    m.setTable(table({{1.0, 64.4375}, {2.0, 64.375}}, {"n", "n"}));
    QVERIFY(!best(ResultsModel::CacheMisses, 0)); // every variant shows 64: nothing to choose
    QVERIFY(!best(ResultsModel::CacheMisses, 1));
    QVERIFY(best(ResultsModel::Time, 0));
    // a smaller share of communication is no merit of its own: the slower variant had it in green
    auto shares = table({{0.052, 1}, {7.4, 1}}, {"n", "n"});
    shares["variants"][0]["points"][0]["tt_s"] = 0.0373;
    shares["variants"][1]["points"][0]["tt_s"] = 7.29;
    m.setTable(shares);
    QVERIFY(best(ResultsModel::Time, 0));
    QVERIFY(!best(ResultsModel::CommShare, 0));
    QVERIFY(!best(ResultsModel::CommShare, 1));
  }

  void aNoteSaysWhichVariantsItConcerns()
  {
    ResultsModel m;
    m.setTable(table({{1, 1}, {2, 1}, {3, 1}}, {"shared", "serialized", "shared"}));
    QCOMPARE(m.notes(), (QStringList{"A, C: shared", "B: serialized"}));
    m.setTable(table({{1, 1}, {2, 1}}, {"every", "every"}));
    QCOMPARE(m.notes(), QStringList{"every"});
  }

  void aSingleMessageIsNoPlural()
  {
    auto t = table({{1, 1}}, {"note"});
    t["variants"][0]["points"][0]["comm"] = nlohmann::json::array(
        {{{"line", 9}, {"reference", "u(i+1)"}, {"pattern", "shift"}, {"messages", 1}, {"bytes", 4}},
         {{"line", 9}, {"reference", "u(i-1)"}, {"pattern", "shift"}, {"messages", 15000}, {"bytes", 60}}});
    ResultsModel m;
    m.setTable(t);
    QCOMPARE(m.communication().size(), 2);
    QCOMPARE(m.communication()[0], QString::fromUtf8("A: line 9 u(i+1) — shift, 1 message, 4 B"));
    QCOMPARE(m.communication()[1], QString::fromUtf8("A: line 9 u(i-1) — shift, 15\u202f000 messages, 60 B"));
  }

  void timesOfZeroLeaveTheLogAxes()
  {
    ps::views::ChartPanel panel;
    panel.setProcessorCurves({{"A", {{1, 0.0}, {4, 0.0}}}});
    auto* chart = panel.processorsChart();
    for (auto* axis : chart->axes())
      QVERIFY2(qobject_cast<QValueAxis*>(axis), "all zeros: linear axes, a flat line at 0");
    QCOMPARE(qobject_cast<QLineSeries*>(chart->series().at(0))->count(), 2);
    // P = 1 without communication beside positive times: the zero is left out on log axes
    panel.setProcessorCurves({{"A", {{1, 0.0}, {4, 2.0}, {16, 1.0}}}});
    QCOMPARE(qobject_cast<QLineSeries*>(chart->series().at(0))->count(), 2);
    for (auto* axis : chart->axes())
      QVERIFY(qobject_cast<QLogValueAxis*>(axis));
  }

  void processorAxisKeepsItsLabelsWhole()
  {
    // ticks on powers of two: 4 up to 1024 processors; from a variant on 2^20,
    // 128 (1, 128, 16384, 2097152), printed whole, not 1.04858e+06
    ps::views::ChartPanel panel;
    const auto xAxis = [&] {
      for (auto* axis : panel.processorsChart()->axes(Qt::Horizontal))
        return qobject_cast<QLogValueAxis*>(axis);
      return static_cast<QLogValueAxis*>(nullptr);
    };
    panel.setProcessorCurves({{"A", {{1, 2.0}, {1024, 0.01}}}});
    QVERIFY(xAxis());
    QCOMPARE(xAxis()->base(), 4.0);
    panel.setProcessorCurves({{"A", {{1, 2.0}, {1048576, 0.001}}}});
    QVERIFY(xAxis());
    QCOMPARE(xAxis()->base(), 128.0);
    QCOMPARE(xAxis()->labelFormat(), QString("%.0f"));
    // times from 10^4 to 10^9 s: every label with an exponent (%g wrote "100000" beside "1e+06")
    const auto yAxis = [&] { return qobject_cast<QLogValueAxis*>(panel.processorsChart()->axes(Qt::Vertical).at(0)); };
    panel.setProcessorCurves({{"A", {{1, 2.0e8}, {4096, 5.0e4}}}});
    QCOMPARE(yAxis()->labelFormat(), QString("%.0e"));
    panel.setProcessorCurves({{"A", {{1, 2.0}, {1024, 0.01}}}});
    QCOMPARE(yAxis()->labelFormat(), QString("%g"));
  }

  void sixVariantsKeepTheirLettersAndColours()
  {
    // The header is two lines (letter and P, then the spec; the one-line
    // header lost both ends with six variants), the whole line in its tooltip;
    // and no two of twelve curves share colour and line style (the theme has
    // five colours: F was drawn as A).
    ResultsModel m;
    auto t = table({{1, 1}, {2, 1}}, {"n", "n"});
    t["variants"][0]["spec"] = "a,b=(CYCLIC(4),CYCLIC(4))";
    t["variants"][0]["points"][0]["arrangement"] = "4x4";
    t["variants"][1]["points"][0]["arrangement"] = "16";
    m.setTable(t);
    QCOMPARE(m.headerData(0, Qt::Horizontal).toString(), QString("A on 4x4\na,b=(CYCLIC(4),CYCLIC(4))"));
    QCOMPARE(m.headerData(0, Qt::Horizontal, Qt::ToolTipRole).toString(), QString("A  a,b=(CYCLIC(4),CYCLIC(4)) on 4x4"));
    ps::views::ChartPanel panel;
    std::vector<ps::views::Curve> curves;
    for (int v = 0; v < 12; ++v)
      curves.push_back({std::string(1, static_cast<char>('A' + v)), {{1, 2.0 + v}, {4, 1.0 + v}}});
    panel.setProcessorCurves(curves);
    QSet<QString> looks;
    for (auto* s : panel.processorsChart()->series()) {
      const auto pen = qobject_cast<QLineSeries*>(s)->pen();
      looks.insert(pen.color().name() + QString::number(static_cast<int>(pen.style())));
    }
    QCOMPARE(looks.size(), 12);
  }

  void smallWorkSharesKeepTheirDigits()
  {
    // 1 of 4096 equal shares: 0.024 %, not "0.0%"; 1 of 16: 6.25 % shown 6.3 %
    const auto annotate = [](double max, double total) {
      auto estimate = nlohmann::json::parse(R"({"variants": [{"points": [{"P": 4, "comm": [],
          "statements": [{"line": 7, "work_total": 0, "work_max": 0, "cm": 3}]}]}]})");
      auto& s = estimate["variants"][0]["points"][0]["statements"][0];
      s["work_total"] = total;
      s["work_max"] = max;
      return ps::views::statementAnnotations(estimate).at(7);
    };
    QCOMPARE(annotate(1, 4096), QString("work 0.024% · CM 3"));
    QCOMPARE(annotate(1, 16), QString("work 6.3% · CM 3"));
    QCOMPARE(annotate(0, 16), QString("work 0.0% · CM 3"));
    QCOMPARE(annotate(1, 1e7), QString("work 0.000010% · CM 3")); // fixed point, not 1e-05
  }

  void aReplicatedStatementIsAllOfItsInstancesOnEachProcessor()
  {
    // T(K) = 0.5*T(K) with T replicated on 4: each processor runs the one
    // instance (work_total counts the 4 copies), so 100 %, not 25 %
    const auto estimate = nlohmann::json::parse(R"({"variants": [{"points": [{"P": 4, "comm": [],
        "statements": [{"line": 7, "work_total": 4, "work_max": 1, "instances": 1, "cm": 0}]}]}]})");
    QCOMPARE(ps::views::statementAnnotations(estimate).at(7), QString("work 100.0% · CM 0"));
  }

  void aCallLineSaysWhatItCalls()
  {
    // in a program's estimate the CALL statement has no work of its own (the callee's is a part):
    // "work 0.0%" read as if the call were free
    const auto estimate = nlohmann::json::parse(R"({"variants": [{"points": [{"P": 4, "comm": [],
        "statements": [{"line": 12, "work_total": 0, "work_max": 0, "instances": 254, "cm": 0}],
        "parts": [{"kind": "call", "line": 12, "callee": "relax", "frequency": 254.0}]}]}]})");
    QCOMPARE(ps::views::statementAnnotations(estimate).at(12), QString("calls 'relax' × 254 · CM 0"));
  }

  void annotationFollowsTheContinuationLines()
  {
    // the estimate's line is the statement's first; its annotation goes under
    // the last continuation line, not between the statement's lines
    ps::views::SourceEditor editor;
    editor.setFixedForm(true);
    editor.setText("      DO 10 I = 2, N\n      A(I) = B(I) +\n     &  C(I)\n     1  + D(I)\n   10 CONTINUE\n"
                   "C     comment\n\tX = 1\n\t1 + Y\n");
    QCOMPARE(editor.statementEnd(2), 4);
    QCOMPARE(editor.statementEnd(1), 1);
    QCOMPARE(editor.statementEnd(5), 5); // a comment line is no continuation
    QCOMPARE(editor.statementEnd(7), 8); // a tab and a digit 1-9
    editor.setAnnotations({{2, "work 25.0%"}});
    QCOMPARE(editor.annotation(3), QString("work 25.0%"));
    QVERIFY(editor.annotation(1).isEmpty());
    editor.setFixedForm(false);
    editor.setText("do i = 2, n\n  a(i) = b(i) + & ! the sum\n    c(i)\n  s = '&'\n  t = 1\nend do\n");
    QCOMPARE(editor.statementEnd(2), 3);
    QCOMPARE(editor.statementEnd(4), 4); // '&' in a string
  }
};

QTEST_MAIN(ResultsDisplayTest)
#include "results-display-test.moc"

#include "views/plan-tables.h"

#include "views/distribute-job.h"
#include "views/mapping-colors.h"
#include "views/plan-choice.h"
#include "views/time-units.h"

#include <QLocale>

namespace ps::views {
namespace {

const QColor kChosenBackground(0xff, 0xf3, 0xc4);

QStandardItem* item(const QString& text, const QVariant& value = {})
{
  auto* i = new QStandardItem(text);
  i->setEditable(false);
  if (value.isValid())
    i->setData(value, PlanValueRole);
  return i;
}

/// A time cell: readable units, the exact seconds on hover.
QStandardItem* secondsItem(double s)
{
  auto* i = item(formatSeconds(s), s);
  i->setToolTip(QStringLiteral("%1 s").arg(s, 0, 'g', 9));
  i->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return i;
}

QStandardItem* numberItem(double v, const QString& text)
{
  auto* i = item(text, v);
  i->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  return i;
}

void markChosen(const QList<QStandardItem*>& row)
{
  for (auto* i : row) {
    i->setData(true, PlanChosenRole);
    i->setBackground(kChosenBackground);
    auto f = i->font();
    f.setBold(true);
    i->setFont(f);
  }
}

QString frequencyText(double f) { return QLocale().toString(f, 'g', 6); }

QString joined(const std::vector<std::string>& names)
{
  QStringList out;
  for (const auto& n : names)
    out << QString::fromStdString(n);
  return out.join(',');
}

QList<QStandardItem*> candidateRow(const ddt::PhasePlan& pp, int phase, int c, MappingColors& colors)
{
  const auto& cand = pp.analysis.candidates[c];
  const bool first = c == 0;
  const auto grid = cand.mapping.distributedAxes() > 1
                      ? QStringLiteral(" on ") + QString::fromStdString(cand.mapping.gridText())
                      : QString();
  auto* mapping = item(QString::fromStdString(cand.mapping.str()) + grid);
  mapping->setToolTip(QObject::tr("%1 onto %2 processors (grid %3)")
                        .arg(QString::fromStdString(cand.mapping.str()))
                        .arg(cand.mapping.processors())
                        .arg(QString::fromStdString(cand.mapping.gridText())));
  mapping->setData(colors.colorOf(cand.mapping), Qt::DecorationRole);
  const auto execution = cand.cost.parallel()
                           ? QObject::tr("parallel (%1)").arg(joined(cand.cost.parallelLoops).toUpper())
                           : QObject::tr("sequential");
  QList<QStandardItem*> row{
    first ? numberItem(pp.phase.id, QString::number(pp.phase.id)) : item({}),
    first ? item(QStringLiteral("%1–%2").arg(pp.phase.firstLine).arg(pp.phase.lastLine)) : item({}),
    first ? numberItem(pp.frequency, frequencyText(pp.frequency)) : item({}),
    mapping,
    secondsItem(cand.cost.movement),
    secondsItem(cand.cost.computation),
    item(execution)};
  row[CandExecution]->setToolTip(cand.cost.parallel()
                                   ? QObject::tr("Loop %1 runs in parallel on %2 processors (owner computes)")
                                       .arg(joined(cand.cost.parallelLoops).toUpper())
                                       .arg(cand.cost.parallelism)
                                   : QObject::tr("No loop of the phase is distributed under this mapping: it runs "
                                                 "sequentially"));
  for (auto* i : row) {
    i->setData(phase, PlanPhaseRole);
    i->setData(c, PlanCandidateRole);
    i->setData(false, PlanChosenRole);
  }
  return row;
}

void setHeaders(QStandardItemModel& model, const QStringList& headers)
{
  model.clear();
  model.setColumnCount(static_cast<int>(headers.size()));
  model.setHorizontalHeaderLabels(headers);
}

QList<QStandardItem*> solutionRow(const QString& name, const QString& kind, double total, double movement,
                                  double computation, std::optional<double> remapping)
{
  QList<QStandardItem*> row{item(name), numberItem(total, totalText(total)), numberItem(movement, totalText(movement)),
                            numberItem(computation, totalText(computation)),
                            remapping ? numberItem(*remapping, totalText(*remapping)) : item(QStringLiteral("—"))};
  for (auto* i : row) {
    i->setData(kind, PlanKindRole);
    i->setData(false, PlanChosenRole);
  }
  row[TotalTime]->setData(total, PlanValueRole);
  return row;
}

QList<QStandardItem*> sequenceRows(const ddt::Plan& plan, int region)
{
  const auto& s = region < 0 ? plan.whole : plan.regionPlans[region].plan;
  const auto chosen = s.dynamicChosen ? QStringLiteral("dynamic") : QStringLiteral("static");
  auto* head = item(QString::fromStdString(sequenceTitle(plan, region)) + QStringLiteral(" → ") + chosen);
  auto f = head->font();
  f.setBold(true);
  head->setFont(f);
  head->setData(chosen, PlanKindRole);
  QList<QStandardItem*> row{head, numberItem(s.chosenTotal(), totalText(s.chosenTotal()))};
  for (std::size_t k = 0; k < s.statics.size(); ++k) {
    const auto& st = s.statics[k];
    const auto grid = st.mapping.distributedAxes() > 1
                        ? QStringLiteral(" on ") + QString::fromStdString(st.mapping.gridText())
                        : QString();
    auto child = solutionRow(QObject::tr("static %1%2").arg(QString::fromStdString(st.mapping.str()), grid),
                             QStringLiteral("static"), st.total(), st.movement, st.computation, std::nullopt);
    if (k == 0 && !s.dynamicChosen)
      markChosen(child);
    head->appendRow(child);
  }
  const auto& d = s.dynamic;
  // Not found: the dynamic solution is the paper's alternative (each phase
  // with its preferred mapping, remapped between them), dearer than static.
  const auto remaps = d.remaps.size() == 1 ? QObject::tr("1 remapping")
                                           : QObject::tr("%1 remappings").arg(d.remaps.size());
  const auto name = d.found ? QObject::tr("dynamic, %1").arg(remaps)
                            : QObject::tr("dynamic (preferred mapping per phase), %1: not cheaper").arg(remaps);
  auto child = solutionRow(name, QStringLiteral("dynamic"), d.total, d.movement, d.computation, d.remapping);
  if (s.dynamicChosen)
    markChosen(child);
  head->appendRow(child);

  return row;
}

} // namespace

QString totalText(double seconds) { return QString::number(seconds, 'f', 6) + QStringLiteral(" s"); }

void fillCandidates(QStandardItemModel& model, const ddt::Plan& plan, MappingColors& colors)
{
  setHeaders(model, {QObject::tr("Phase"), QObject::tr("Lines"), QObject::tr("Freq."), QObject::tr("Candidate mapping"),
                     QObject::tr("Movement"), QObject::tr("Computation"), QObject::tr("Execution")});
  for (int k = 0; k < static_cast<int>(plan.phases.size()); ++k) {
    const auto& pp = plan.phases[k];
    const int chosen = chosenCandidate(plan, k);
    for (int c = 0; c < static_cast<int>(pp.analysis.candidates.size()); ++c) {
      auto row = candidateRow(pp, k, c, colors);
      if (c == chosen)
        markChosen(row);
      model.appendRow(row);
    }
  }
}

void fillRemaps(QStandardItemModel& model, const ddt::Plan& plan)
{
  setHeaders(model, {QObject::tr("Before phase"), QObject::tr("Line"), QObject::tr("Arrays"), QObject::tr("From"),
                     QObject::tr("To"), QObject::tr("Bytes"), QObject::tr("Count"), QObject::tr("Cost")});
  if (!shownSequence(plan).dynamicChosen)
    return; // a static plan does not remap
  for (const auto& r : shownSequence(plan).dynamic.remaps) {
    QList<QStandardItem*> row{numberItem(r.beforePhase, QString::number(r.beforePhase)),
                              numberItem(r.line, QString::number(r.line)),
                              item(joined(r.arrays)),
                              item(QString::fromStdString(r.from)),
                              item(QString::fromStdString(r.to)),
                              numberItem(r.bytes, QLocale().toString(r.bytes, 'f', 0) + QStringLiteral(" B")),
                              numberItem(r.count, QStringLiteral("×") + frequencyText(r.count)),
                              secondsItem(r.cost)};
    row[RemapCost]->setToolTip(QObject::tr("%1 s = %2 × %3 s per %4")
                                 .arg(r.cost, 0, 'f', 6)
                                 .arg(frequencyText(r.count))
                                 .arg(r.count > 0 ? r.cost / r.count : 0, 0, 'f', 6)
                                 .arg(r.realign ? QObject::tr("realignment") : QObject::tr("redistribution")));
    model.appendRow(row);
  }
}

void fillTotals(QStandardItemModel& model, const ddt::Plan& plan)
{
  setHeaders(model, {QObject::tr("Solution"), QObject::tr("Total"), QObject::tr("Movement"), QObject::tr("Computation"),
                     QObject::tr("Remapping")});
  model.appendRow(sequenceRows(plan, -1));
  for (int r = 0; r < static_cast<int>(plan.regionPlans.size()); ++r)
    model.appendRow(sequenceRows(plan, r));
}

} // namespace ps::views

#include "views/outline-model.h"

#include <QIcon>
#include <QStyle>

#include <map>

namespace ps::views {
namespace {

QStandardItem* item(const QString& text, int line, int depth = -1)
{
  auto* i = new QStandardItem(text);
  i->setEditable(false);
  i->setData(line, LineRole);
  i->setData(1, ColumnRole);
  i->setData(depth, LoopDepthRole);
  i->setToolTip(QStringLiteral("line %1").arg(line));
  return i;
}

QStandardItem* loopsOf(const UnitInfo& unit)
{
  auto* loops = item(QObject::tr("Loop nests"), unit.line);
  std::map<int, QStandardItem*> open; // depth -> the last loop item at that depth
  for (const auto& l : unit.loops) {
    auto* i = item(QStringLiteral("%1: %2").arg(l.line).arg(QString::fromStdString(l.header)), l.line, l.depth);
    auto parent = l.depth > 0 && open.count(l.depth - 1) ? open[l.depth - 1] : loops;
    parent->appendRow(i);
    open[l.depth] = i;
  }
  return loops;
}

} // namespace

void fillOutline(QStandardItemModel& model, const OutlineSnapshot& outline)
{
  model.clear();
  model.setHorizontalHeaderLabels({QObject::tr("Program")});
  for (const auto& u : outline.units) {
    auto* unit = item(QStringLiteral("%1 %2").arg(QString::fromStdString(u.kind), QString::fromStdString(u.name)), u.line);
    auto* arrays = item(QObject::tr("Arrays"), u.line);
    for (const auto& [name, extents] : u.extents)
      arrays->appendRow(item(QStringLiteral("%1(%2)").arg(QString::fromStdString(name), QString::fromStdString(extents)), u.line));
    unit->appendRow(arrays);
    unit->appendRow(loopsOf(u));
    model.appendRow(unit);
  }
}

void fillProblems(QStandardItemModel& model, const OutlineSnapshot& outline)
{
  model.clear();
  model.setHorizontalHeaderLabels({QObject::tr("Severity"), QObject::tr("Line:Column"), QObject::tr("Message")});
  for (const auto& d : outline.diagnostics) {
    auto* severity = item(QString::fromStdString(d.severity), d.line);
    severity->setData(d.column, ColumnRole);
    auto* where = item(QStringLiteral("%1:%2").arg(d.line).arg(d.column), d.line);
    where->setData(d.column, ColumnRole);
    auto* message = item(QString::fromStdString(d.message), d.line);
    message->setData(d.column, ColumnRole);
    model.appendRow({severity, where, message});
  }
}

} // namespace ps::views

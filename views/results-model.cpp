#include "views/results-model.h"

#include "views/statement-annotations.h"
#include "views/time-units.h"

#include <QBrush>
#include <QColor>
#include <QFont>

#include <cmath>
#include <map>

namespace ps::views {
namespace {

const char* rowName(int row)
{
  static const char* names[] = {"Predicted time", "Computation CT", "Transfer TT", "Communication", "wd",
                                "NT (transfers)", "TD (data)", "Work max / proc", "Work min / proc",
                                "CM (cache misses)"};
  return names[row];
}

const char* rowTip(int row)
{
  static const char* tips[] = {
    "CT + TT of the selected nest, seconds",
    "Computation time of the slowest processor (P3T+ Def. 3.8)",
    "Transfer time: sum over exchanges of rho + beta*bytes + gamma*hops (P3T+ Def. 3.6)",
    "TT as a share of the predicted time",
    "Work distribution goodness: 0 is perfectly balanced (P3T+ Defs. 3.2-3.3)",
    "Number of transfers (messages), all processors (P3T+ Def. 3.4)",
    "Amount of data transferred (P3T+ Def. 3.5)",
    "Statement instances executed by the busiest processor",
    "Statement instances executed by the least busy processor",
    "Cache lines loaded per processor, mean over processors (P3T+ Def. 3.10); a separate parameter, not part of CT"};
  return tips[row];
}


} // namespace

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ResultsModel::setTable(const nlohmann::json& table)
{
  beginResetModel();
  m_variants = table.is_object() ? table.value("variants", nlohmann::json::array()) : nlohmann::json::array();
  m_notes.clear();
  m_communication.clear();
  QStringList texts;                   // first seen order
  std::map<QString, QStringList> whose; // note -> the variants that have it
  for (const auto& v : m_variants) {
    const auto name = QString::fromStdString(v["name"].get<std::string>());
    const auto& point = v["points"][0];
    for (const auto& n : point["notes"]) {
      const auto text = QString::fromStdString(n.get<std::string>());
      if (!whose.count(text))
        texts << text;
      if (!whose[text].contains(name))
        whose[text] << name;
    }
    for (const auto& c : point["comm"]) {
      const auto messages = c["messages"].get<std::int64_t>();
      m_communication << QStringLiteral("%1: line %2 %3 — %4, %5 %6, %7")
                           .arg(name)
                           .arg(c["line"].get<int>())
                           .arg(QString::fromStdString(c["reference"].get<std::string>()),
                                QString::fromStdString(c["pattern"].get<std::string>()), groupedCount(messages),
                                messages == 1 ? tr("message") : tr("messages"))
                           .arg(shortBytes(c["bytes"].get<double>()));
    }
  }
  for (const auto& text : texts) // "B: serialized ..." says whose it is; a note of every variant needs no names
    m_notes << (whose[text].size() == static_cast<int>(m_variants.size()) && m_variants.size() > 1
                  ? text
                  : whose[text].join(", ") + ": " + text);
  endResetModel();
}

int ResultsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : RowCount; }

int ResultsModel::columnCount(const QModelIndex& parent) const
{
  return parent.isValid() ? 0 : static_cast<int>(m_variants.size());
}

double ResultsModel::value(int row, int column) const
{
  const auto& p = m_variants[column]["points"][0];
  switch (row) {
  case Time: return p["time_s"].get<double>();
  case Computation: return p["ct_s"].get<double>();
  case Transfer: return p["tt_s"].get<double>();
  case CommShare: {
    const double t = p["time_s"].get<double>();
    return t > 0 ? 100.0 * p["tt_s"].get<double>() / t : 0.0;
  }
  case Goodness: return p["wd"].get<double>();
  case Transfers: return p["nt"].get<double>();
  case Data: return p["td_bytes"].get<double>();
  case WorkMax: return p["work_max"].get<double>();
  case WorkMin: return p["work_min"].get<double>();
  case CacheMisses: return p.value("cm", 0.0);
  default: return 0;
  }
}

int ResultsModel::best(int row) const
{
  // a larger minimum is not better in itself, nor a smaller share of communication (a variant can have it by
  // computing for longer: 98.5 % of 7.4 s against 71.8 % of 52 ms)
  if (columnCount() < 2 || row == WorkMin || row == CommShare)
    return -1;
  int bestColumn = 0;
  for (int c = 1; c < columnCount(); ++c)
    if (value(row, c) < value(row, bestColumn))
      bestColumn = c;
  for (int c = 0; c < columnCount(); ++c) // no highlight when all are equal
    if (c != bestColumn && value(row, c) != value(row, bestColumn))
      return bestColumn;
  return -1;
}

bool ResultsModel::isBest(int row, int column) const
{
  const int b = best(row);
  if (b < 0)
    return false;
  const auto shown = display(row, value(row, b));
  int ties = 0;
  for (int c = 0; c < columnCount(); ++c)
    ties += display(row, value(row, c)) == shown;
  return ties < columnCount() && display(row, value(row, column)) == shown;
}

QString ResultsModel::display(int row, double v) const
{
  switch (row) {
  case Time:
  case Computation:
  case Transfer: return formatSeconds(v);
  case CommShare: return QString::number(v, 'f', 1) + " %";
  case Goodness: return QString::number(v, 'f', 4);
  case Data: return shortBytes(v);
  default: return groupedCount(std::llround(v));
  }
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const
{
  if (!index.isValid())
    return {};
  const double v = value(index.row(), index.column());
  const bool highlighted = isBest(index.row(), index.column());
  switch (role) {
  case Qt::DisplayRole: return display(index.row(), v);
  case ValueRole: return v;
  case BestRole: return highlighted;
  case Qt::TextAlignmentRole: return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
  case Qt::BackgroundRole: return highlighted ? QBrush(QColor(0xd4, 0xf0, 0xd4)) : QVariant();
  case Qt::ToolTipRole: return QString(rowTip(index.row())) + (highlighted ? "\nBest of the variants" : "");
  case Qt::FontRole: {
    QFont f;
    f.setBold(highlighted);
    return f;
  }
  default: return {};
  }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
  if (orientation == Qt::Vertical) {
    if (role == Qt::DisplayRole)
      return rowName(section);
    if (role == Qt::ToolTipRole)
      return rowTip(section);
    return {};
  }
  if ((role != Qt::DisplayRole && role != Qt::ToolTipRole) || section >= columnCount())
    return {};
  const auto& v = m_variants[section];
  const auto name = QString::fromStdString(v["name"].get<std::string>());
  const auto spec = QString::fromStdString(v["spec"].get<std::string>());
  const auto procs = QString::fromStdString(v["points"][0]["arrangement"].get<std::string>());
  if (role == Qt::ToolTipRole)
    return QStringLiteral("%1  %2 on %3").arg(name, spec, procs);
  // two lines: with six variants a one-line header was clipped at both ends, letter and processors lost
  return tr("%1 on %2").arg(name, procs) + "\n" + spec;
}

} // namespace ps::views

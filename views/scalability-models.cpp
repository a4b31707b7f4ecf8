#include "views/scalability-models.h"

#include "views/time-units.h"

#include "views/scale-job.h"

#include <QStandardItemModel>

#include <algorithm>
#include <cmath>

namespace ps::views {
namespace {

void addSorted(std::vector<double>& into, double x)
{
  if (std::find(into.begin(), into.end(), x) == into.end()) {
    into.push_back(x);
    std::sort(into.begin(), into.end());
  }
}

QString number(const nlohmann::json& v, int precision = 6)
{
  return v.is_number() ? QString::number(v.get<double>(), 'g', precision) : QStringLiteral("–");
}

/// ψ with three decimals, or three significant digits below 0.01: a PPT's
/// ψ at p' = 256 is 0.000412, not "0.000".
QString psiText(double psi)
{
  return psi == 0 || std::abs(psi) >= 0.01 ? QString::number(psi, 'f', 3) : QString::number(psi, 'g', 3);
}

/// "n = 33.4 at p = 4 (B below, A above); p = 8 at n = 20 (...)"
QString equalSizeText(const nlohmann::json& comparison, bool shortened)
{
  constexpr int kShown = 3; // the rest in the tooltip
  QStringList parts;
  for (const auto& x : comparison.value("equal_size", nlohmann::json::array()))
    parts << QObject::tr("n = %1 at p = %2").arg(number(x["n_cross"], 4), number(x["p"]));
  for (const auto& x : comparison.value("equal_size_p", nlohmann::json::array()))
    parts << QObject::tr("p = %1 at n = %2").arg(number(x["p_cross"], 4), number(x["n"]));
  if (parts.isEmpty())
    return QObject::tr("none in range");
  if (parts.size() <= kShown || !shortened)
    return parts.join("; ");
  return QObject::tr("%1; … (%2 more)").arg(parts.mid(0, kShown).join("; ")).arg(parts.size() - kShown);
}

QList<QStandardItem*> crossingRow(const std::string& machine, const nlohmann::json& c)
{
  const auto pair = QString::fromStdString(c.value("a", "") + " vs " + c.value("b", ""));
  const auto scp = c["scaled_crossing_point"].is_number() ? QObject::tr("p' = %1").arg(number(c["scaled_crossing_point"]))
                                                           : QObject::tr("none");
  QList<QStandardItem*> row{new QStandardItem(QString::fromStdString(machine)), new QStandardItem(pair),
                            new QStandardItem(c["alpha"].is_number() ? QString::number(c["alpha"].get<double>(), 'f', 4) : QStringLiteral("–")), new QStandardItem(scp),
                            new QStandardItem(equalSizeText(c, true))};
  const auto tip = QString::fromStdString(c.value("decision", "")) + "\n" + QObject::tr("Equal-size crossings: ") +
                   equalSizeText(c, false);
  for (auto* item : row) {
    item->setEditable(false);
    item->setToolTip(tip);
  }
  return row;
}

} // namespace


PsiTableModel::PsiTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void PsiTableModel::setVariant(const nlohmann::json& variant)
{
  beginResetModel();
  m_variant = variant;
  m_rows.clear();
  m_columns.clear();
  const auto cells = m_variant.is_object() ? m_variant.value("psi", nlohmann::json::array()) : nlohmann::json::array();
  for (const auto& c : cells)
    if (c["p"].get<double>() <= c["p_prime"].get<double>()) { // with the diagonal of 1s, as the papers print
      addSorted(m_rows, c["p"].get<double>());
      addSorted(m_columns, c["p_prime"].get<double>());
    }
  endResetModel();
}

QString PsiTableModel::name() const
{
  return m_variant.is_object() ? QString::fromStdString(m_variant.value("name", "")) : QString();
}

int PsiTableModel::rowCount(const QModelIndex& parent) const
{
  return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int PsiTableModel::columnCount(const QModelIndex& parent) const
{
  return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

const nlohmann::json* PsiTableModel::cell(double p, double pPrime) const
{
  if (!m_variant.is_object() || !m_variant.contains("psi"))
    return nullptr;
  for (const auto& c : m_variant["psi"])
    if (c["p"].get<double>() == p && c["p_prime"].get<double>() == pPrime)
      return &c;
  return nullptr;
}

const nlohmann::json* PsiTableModel::cellAt(const QModelIndex& index) const
{
  if (!index.isValid() || !checkIndex(index, CheckIndexOption::IndexIsValid))
    return nullptr;
  const double p = m_rows[index.row()], pPrime = m_columns[index.column()];
  return p <= pPrime ? cell(p, pPrime) : nullptr; // the upper triangle
}

QVariant PsiTableModel::data(const QModelIndex& index, int role) const
{
  const auto* c = cellAt(index);
  if (!c)
    return {};
  const bool ok = !c->contains("error");
  switch (role) {
  case Qt::DisplayRole:
    if (!ok)
      return tr("no value");
    return QStringLiteral("%1\n%2\n%3")
      .arg(psiText((*c)["psi"].get<double>()), QString::number((*c)["n_prime"].get<qint64>()),
           formatSeconds((*c)["time_s"].get<double>()));
  case Qt::ToolTipRole:
    return ok ? tr("ψ(%1, %2) = %3, W' = %4, n' = %5 (first line ψ, then n' and the predicted time T(p', W'))").arg(number((*c)["p"]), number((*c)["p_prime"]),
                                                             number((*c)["psi"], 6), number((*c)["w_prime"], 6),
                                                             number((*c)["n_prime_real"], 6))
              : QString::fromStdString((*c)["error"].get<std::string>());
  case Qt::TextAlignmentRole:
    return int(Qt::AlignCenter);
  case PsiRole:
    return ok ? QVariant((*c)["psi"].get<double>()) : QVariant();
  case NPrimeRole:
    return ok ? QVariant((*c)["n_prime"].get<qint64>()) : QVariant();
  case TimeRole:
    return ok ? QVariant((*c)["time_s"].get<double>()) : QVariant();
  case ErrorRole:
    return ok ? QString() : QString::fromStdString((*c)["error"].get<std::string>());
  default:
    return {};
  }
}

QVariant PsiTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
  if (role != Qt::DisplayRole)
    return QAbstractTableModel::headerData(section, orientation, role);
  const auto& values = orientation == Qt::Horizontal ? m_columns : m_rows;
  if (section < 0 || section >= static_cast<int>(values.size()))
    return {};
  return (orientation == Qt::Horizontal ? QStringLiteral("p' = %1") : QStringLiteral("p = %1"))
    .arg(QString::number(values[section], 'g', 6));
}

Qt::ItemFlags PsiTableModel::flags(const QModelIndex& index) const
{
  return cellAt(index) ? Qt::ItemIsEnabled | Qt::ItemIsSelectable : Qt::NoItemFlags;
}

void fillCrossingTable(QStandardItemModel& model, const std::vector<MachineScale>& machines)
{
  model.clear();
  model.setHorizontalHeaderLabels({QObject::tr("Machine"), QObject::tr("Pair"), QObject::tr("α"),
                                   QObject::tr("Scaled crossing"), QObject::tr("Equal-size crossings")});
  for (const auto& m : machines)
    for (const auto& c : m.report.value("comparisons", nlohmann::json::array()))
      model.appendRow(crossingRow(m.machine, c));
}

} // namespace ps::views

#pragma once
// The item models of the Scalability tab, filled from the study's JSON
// (the layout of `partscope-cli scale --json`, see scaling/scale-report.h).
//  - PsiTableModel: one variant's psi(p, p') table as in the papers: rows p,
//    columns p' > p (upper triangle), each cell psi on the first line, the
//    scaled size n' and the predicted time T(p', W') under it.
//  - fillCrossingTable: one row per machine and pair (alpha, the scaled
//    crossing point, the equal-size crossings).

#include <nlohmann/json.hpp>

#include <QAbstractTableModel>

class QStandardItemModel;

namespace ps::views {

struct MachineScale;

class PsiTableModel : public QAbstractTableModel {
  Q_OBJECT
public:
  /// Roles beside Qt::DisplayRole ("0.812\n28\n1.23 ms": psi, n', time) and
  /// Qt::ToolTipRole (W' and the error, if any). Empty cells (p' <= p) have
  /// no data and no flags.
  enum Role {
    PsiRole = Qt::UserRole + 1, // double
    NPrimeRole,                 // qint64, the floor as the papers print it
    TimeRole,                   // double, seconds: T(p', W')
    ErrorRole,                  // QString, empty when the cell has a value
  };

  explicit PsiTableModel(QObject* parent = nullptr);

  /// One entry of the report's "variants".
  void setVariant(const nlohmann::json& variant);
  const nlohmann::json& variant() const { return m_variant; }
  QString name() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;

  /// The cell of (p, p'), null when there is none.
  const nlohmann::json* cell(double p, double pPrime) const;

private:
  const nlohmann::json* cellAt(const QModelIndex& index) const;

  nlohmann::json m_variant;
  std::vector<double> m_rows, m_columns; // p, p'
};

/// Columns: machine, pair, alpha, scaled crossing point, equal-size crossings.
void fillCrossingTable(QStandardItemModel& model, const std::vector<MachineScale>& machines);


} // namespace ps::views

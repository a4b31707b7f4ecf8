#pragma once
// The results table: one column per distribution variant at its processors
// arrangement, one row per performance parameter (P3T+ Defs. 3.1-3.8:
// predicted time, CT, TT, communication share, wd, NT, TD, work max/min;
// Def. 3.10: CM, the mean cache misses per processor).
// The best variant of each row is highlighted.

#include <nlohmann/json.hpp>

#include <QAbstractTableModel>
#include <QStringList>

namespace ps::views {

class ResultsModel : public QAbstractTableModel {
  Q_OBJECT
public:
  /// ValueRole: the raw number in core units (seconds, bytes, statement
  /// instances, percent for the communication share) as a double.
  /// BestRole: true on the best variant of the row and on those that show
  /// the same value (a tie at the shown precision: 2.500e+10 s beside
  /// 2.500e+10 s); false on every variant when they all show the same.
  enum Roles { ValueRole = Qt::UserRole + 1, BestRole };
  enum Row { Time, Computation, Transfer, CommShare, Goodness, Transfers, Data, WorkMax, WorkMin, CacheMisses, RowCount };

  explicit ResultsModel(QObject* parent = nullptr);

  /// Takes the table JSON of a job (estimate::toJson layout, one point per
  /// variant); a null JSON clears the table.
  void setTable(const nlohmann::json& table);
  /// Estimator notes of every variant, "B: ..." or "A, C: ..." (the
  /// variants that have it), without names when every variant has it.
  QStringList notes() const { return m_notes; }
  /// Communication records at the table point, one line each.
  QStringList communication() const { return m_communication; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
  double value(int row, int column) const;
  int best(int row) const; // column, or -1 when there is nothing to choose
  bool isBest(int row, int column) const; // BestRole
  QString display(int row, double v) const;

  nlohmann::json m_variants = nlohmann::json::array();
  QStringList m_notes, m_communication;
};

} // namespace ps::views

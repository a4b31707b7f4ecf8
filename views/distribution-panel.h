#pragma once
// The distribution panel: for the arrays of the selected loop nest, one
// column per variant with a distribution format per array ("(BLOCK,*)",
// "(*,CYCLIC(4))", ...) and the processors arrangement; the values of the
// program's unknowns (defaults from PARAMETER statements); the machine
// profile. Prefilled from the program's HPF directives when it has them.
// Every change emits settingsChanged (the IDE re-estimates, debounced).

#include "views/analysis-job.h"
#include "views/outline-snapshot.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace ps::views {

class DistributionPanel : public QWidget {
  Q_OBJECT
public:
  explicit DistributionPanel(QWidget* parent = nullptr);

  /// Shows the arrays of `loop`. Formats already chosen for an array name are
  /// kept; new arrays get the directives' format or a default. A format taken
  /// from the directives follows the mapping in force at `loop` (after
  /// REDISTRIBUTE / REALIGN, see LoopInfo::directiveFormats).
  void setSelection(const UnitInfo& unit, const LoopInfo& loop);
  /// The selected loop's header and its arrays' extents anew (the same
  /// loop, analysed with other PARAMETER values); formats and values stay.
  void showSizes(const UnitInfo& unit, const LoopInfo& loop);
  bool hasSelection() const { return m_loopLine > 0; }
  int loopLine() const { return m_loopLine; }

  /// The snapshot the estimator needs (loop, variants, values, machine, sweeps).
  EstimateSettings settings() const;

  int variantCount() const { return static_cast<int>(m_variants.size()); }
  QString variantName(int variant) const;
  void setFormat(int variant, const QString& array, const QString& format);
  QString format(int variant, const QString& array) const;
  void setArrangement(int variant, const QString& arrangement);
  void setValue(const QString& name, qint64 value);
  qint64 value(const QString& name) const;
  /// Selects the machine profile `name` for the estimates; false (and the
  /// selection kept) when the list has none of that name.
  bool setMachine(const QString& name);
  QString machine() const;
  /// The calibrated profiles the machine combo box lists after the built-ins.
  void setCalibratedMachines(const QStringList& names);
  /// Adds (or, when a variant has that name, replaces) variant `name` with
  /// the formats of `spec` ("x,a,b=(BLOCK,*)", groups separated by "; ") on
  /// `arrangement` ("16", "4x4"); arrays the spec omits are replicated.
  /// Returns the variant's index, or -1 with `error` when the spec is not valid.
  int addSpecVariant(const QString& name, const QString& spec, const QString& arrangement, QString* error);
  /// Unknowns the last estimate asked for: added to the values, highlighted.
  /// Marks the value boxes of `names` as needed; `reasons` (name -> "set by
  /// READ at line 6") become their tool tips.
  void setMissing(const std::vector<std::string>& names, const std::map<std::string, std::string>& reasons = {});

public slots:
  void addVariant();
  void removeVariant(int variant);
  void renameVariant(int variant, const QString& name);
  /// Copies formats and arrangement of `from` into `to` ("copy A to B").
  void copyVariant(int from, int to);

signals:
  void settingsChanged();
  /// The user picked a machine in the list (not a programmatic change).
  void machineChosen();

private:
  void rebuildTable();
  void setLoopLabel(const UnitInfo& unit, const LoopInfo& loop);
  void showArrayHeader(int row);
  static constexpr int kArrayHeaderWidth = 120; // pixels
  void rebuildValues(const UnitInfo& unit, const LoopInfo& loop);
  void addValueRow(const QString& name, qint64 value, bool missing);
  void cellEdited(int row, int column);
  void validateCell(int row, int column);
  QString defaultFormat(const QString& array, bool cyclic) const;
  int rankOf(const QString& array) const;

  QLabel* m_loopLabel;
  QTableWidget* m_table;
  QFormLayout* m_valuesForm;
  QComboBox* m_sweepVariable;
  QComboBox* m_machine;
  QCheckBox* m_fetchOnce;
  int m_loopLine = 0;
  QStringList m_arrays;                         // rows of the table, in order
  std::map<QString, QString> m_extents;         // array -> "n,n"
  std::map<QString, QString> m_directives;      // array -> directive format
  QString m_directiveProcessors;
  std::vector<VariantSetting> m_variants;       // the columns
  std::map<QString, QSpinBox*> m_valueBoxes;
  std::map<QString, qint64> m_userValues;       // remembered across selections
  bool m_updating = false;
  bool m_prefilled = false; // arrangements taken from the first selection's directives
};

} // namespace ps::views

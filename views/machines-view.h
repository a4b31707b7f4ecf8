#pragma once
// The Machines view (a dock): the machine profiles PartScope knows, the
// built-in ones and those calibrated on this machine, with the numbers of
// the selected profile (rho, beta, gamma, topology, cache, every operation
// cost, assumptions), its communication curves on log-log axes (measured
// points and fitted curves, or the linear model rho + beta*x) and the fitted
// parameters with their fit error. Selecting two profiles compares them: both
// sets of curves in one chart and the parameters side by side.
// Source: Balasundaram, Fox, Kennedy, Kremer 1991, Sec. 5 (training set);
// P3T+ Def. 3.4 (rho, beta); Sun-Pantano-Fahringer 1999, Sec. 3 (gamma, hops).

#include "machine/machine-profile.h"
#include "views/machine-curves-chart.h"
#include "machine/training-data.h"

#include <QWidget>

#include <functional>
#include <string>
#include <vector>

class QChart;
class QChartView;
class QCheckBox;
class QComboBox;
class QLabel;
class QListWidget;
class QStandardItemModel;
class QTableView;
class QTextBrowser;

namespace ps::views {

/// The calibrated profiles (the profile store; the built-ins come from
/// machine::builtinProfiles and need no provider).
using ProfilesProvider = std::function<std::vector<machine::MachineProfile>()>;
/// The raw points of the latest calibration of the profile named `name`.
using PointsProvider = std::function<std::vector<machine::TrainingPoint>(const std::string& name)>;

class MachinesView : public QWidget {
  Q_OBJECT
public:
  /// Roles of the list's items.
  enum Role { NameRole = Qt::UserRole + 1, CalibratedRole };

  explicit MachinesView(QWidget* parent = nullptr);

  /// Where calibrated profiles and their raw points come from; an empty
  /// function means none (the default). Reloads the list.
  void setProviders(ProfilesProvider profiles, PointsProvider points);
  /// Reads the profiles again (after a calibration); keeps the selection
  /// where the names still exist. Emits profilesReloaded.
  void reload();

  /// Selects the profile `name` alone; false when there is none of that name.
  bool selectProfile(const QString& name);
  /// Selects `a` and `b` for comparison; false when either is unknown.
  bool compareProfiles(const QString& a, const QString& b);
  /// The names selected, in list order (the first two are shown).
  QStringList selectedProfiles() const;
  /// Every name in the list, built-ins first.
  QStringList profileNames() const;
  /// The calibrated profiles' names (what the machine combo boxes add).
  QStringList calibratedNames() const;
  /// The profile `name` as the list holds it, or nullptr.
  const machine::MachineProfile* profile(const QString& name) const;

  QListWidget* profileList() const { return m_list; }
  /// Rows: the parameters; columns: "Parameter" then one per shown profile.
  QStandardItemModel* parametersModel() const { return m_parameters; }
  /// One row per fitted segment (or the linear model) of each shown profile.
  QStandardItemModel* fitModel() const { return m_fits; }
  QChart* curvesChart() const;
  /// The chart's series as CSV (profile, series, bytes, seconds).
  QString chartCsv() const;
  /// Which fitted curves the chart draws (default: every pattern on the most
  /// ranks it was measured on, contiguous only); the controls above the chart.
  void setCurveFilter(const CurveFilter& filter);
  CurveFilter curveFilter() const;

signals:
  /// The list was read again; `calibrated` are the calibrated profiles' names.
  void profilesReloaded(const QStringList& calibrated);
  /// The Calibrate… button (Machines ▸ Calibrate… in the main window).
  void calibrateRequested();
  /// The profiles shown changed.
  void selectionShown(const QStringList& names);

private:
  void showSelection();
  void fillParameters(const std::vector<const machine::MachineProfile*>& shown);
  void fillNotes(const std::vector<const machine::MachineProfile*>& shown);
  void fillFits(const std::vector<const machine::MachineProfile*>& shown);
  QWidget* makeFilterRow();
  void fillRanksChoices(const std::vector<const machine::MachineProfile*>& shown);

  QListWidget* m_list = nullptr;
  QLabel* m_hint = nullptr;
  QStandardItemModel* m_parameters = nullptr;
  QStandardItemModel* m_fits = nullptr;
  QTableView* m_parametersView = nullptr;
  QTextBrowser* m_notes = nullptr;
  QTableView* m_fitsView = nullptr;
  QChartView* m_chart = nullptr;
  QComboBox* m_patternFilter = nullptr;
  QComboBox* m_ranksFilter = nullptr;
  QCheckBox* m_stridedFilter = nullptr;
  ProfilesProvider m_profilesProvider;
  PointsProvider m_pointsProvider;
  std::vector<machine::MachineProfile> m_profiles; // built-ins, then calibrated
  int m_builtinCount = 0;
  double m_timeFactor = 1; // seconds to the chart's time unit
};

} // namespace ps::views

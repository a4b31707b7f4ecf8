#pragma once
// The Machines view's chart: per communication pattern the measured training
// points (dots) and the fitted piecewise-linear curve, or the linear model
// rho + beta*x of a profile without curves, on log-log axes (bytes against
// time). One or two profiles (compare mode: the second one dashed).
// Source: Balasundaram, Fox, Kennedy, Kremer 1991, Sec. 5 (training set
// curves with packet steps); P3T+ Def. 3.4 (rho, beta).

#include "machine/machine-profile.h"
#include "machine/training-data.h"

#include <QString>

#include <utility>
#include <vector>

class QChart;

namespace ps::views {

/// A profile and the raw points of its latest calibration (empty for a
/// built-in profile or when the store has none).
struct ProfileCurves {
  machine::MachineProfile profile;
  std::vector<machine::TrainingPoint> points;
};

/// Which curves of a calibrated profile the chart draws: a run on many
/// ranks fits dozens (patterns x rank counts x strides), more than a legend
/// can name or the eye can tell apart.
struct CurveFilter {
  std::string pattern;  // empty: every pattern
  int ranks = 0;        // 0: per pattern, the most ranks it was measured on; -1: every count; else that count
  bool strided = false; // also the non-contiguous (MPI vector) curves
};

/// `pc` with only the fitted curves and raw points `filter` keeps (a
/// profile without curves is returned as it is).
ProfileCurves filterCurves(const ProfileCurves& pc, const CurveFilter& filter);

/// (bytes, seconds) samples of `curve` over [lo, hi] bytes (lo > 0): 24 per
/// decade, plus both ends of every segment, so that a packet step between two
/// segments shows as a jump rather than being smoothed over. Sorted by bytes.
std::vector<std::pair<double, double>> sampleCurve(const machine::CommCurve& curve, double lo, double hi);

/// (bytes, seconds) samples of rho + beta * bytes over [lo, hi] bytes (no hops).
std::vector<std::pair<double, double>> sampleLinearModel(const machine::MachineProfile& profile, double lo, double hi);

/// "vSR, 4 ranks" (", stride 8" when the elements are not contiguous).
QString curveLabel(const std::string& pattern, int ranks, std::int64_t strideElements);

/// Empties `chart` and draws every profile of `profiles` (1 or 2 for a
/// readable chart): log10 axes over whole decades holding every drawn point,
/// the time axis in µs, ms or s. Points with bytes or time <= 0 cannot be on
/// a log axis and are left out. Returns the factor from seconds to the time
/// axis' unit.
double fillCurvesChart(QChart* chart, const std::vector<ProfileCurves>& profiles);

} // namespace ps::views

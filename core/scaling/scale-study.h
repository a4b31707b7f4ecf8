#pragma once
// The whole scalability study of two or more time models from one initial
// state (p, n): each model's time and average speed, its psi table with W',
// n' and the predicted scaled time, the pairwise range comparison (both
// algorithms) and the equal-size crossing points; measured times beside the
// predictions where the user gave them. What `partscope-cli scale` prints
// and the IDE's Scalability tab shows.
// Source: Sun-Pantano-Fahringer 1999 (Eqs. 1-4, Figs. 1-2); Sun 2002
// (Definition 2, Theorems 1-5, Figs. 1-2).

#include "scaling/crossing-points.h"
#include "scaling/isospeed.h"
#include "scaling/measured-times.h"
#include "scaling/range-comparison.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace ps::scaling {

struct ScaleRequest {
  double p = 4;                   // initial processor count
  double n = 64;                  // initial problem size
  std::vector<double> pPrimes;    // scaled processor counts, ascending, all > p
  double epsilon = 1e-2;          // of the iterative method, work units
  bool crossCheck = true;         // also run the iterative method (each step may cost an estimate)
  bool equalSize = true;          // also scan for equal-size crossing points
  double nLo = 0, nHi = 0;        // equal-size scan over n; 0 = n/4 .. 4n
  std::vector<double> sizeScanProcessors; // the fixed p of the scans over n; empty = the initial p
  std::vector<double> processors; // equal-size scan over p at the initial n; empty = 1, p, p'
};

/// The p' list of the papers: powers of two above p up to `limit`, or every
/// whole number when `step` is 1 (Sun 2002 R11: 4 against 3).
std::vector<double> scaledProcessors(double p, double limit, double step);

/// The largest p' when the user gives none: 64, or 4p when that is larger
/// (the CLI's `scale` and the IDE's Scalability tab alike).
double defaultScaledLimit(double p);

/// Cancellation and at most ~10 progress reports a second are the caller's
/// business; the study calls `progress(done, total)` after each p'.
struct StudyControl {
  const std::atomic<bool>* cancelled = nullptr;
  std::function<void(int done, int total)> progress;

  bool stop() const { return cancelled && cancelled->load(); }
};

/// A measured psi beside a predicted one (1999 Tables 1-3): from the
/// measured T at (p, n) and at (p', n') with n' the predicted floor(n'),
/// psi_measured = T(p, n)/T(p', n') (Eq. 2); diff in % of the measured.
struct MeasuredPsi {
  double pPrime = 0;
  std::int64_t nPrime = 0;
  double predicted = 0, measured = 0, differencePercent = 0;
};

struct MeasuredSpeed {
  std::int64_t p = 0;
  double n = 0, seconds = 0, work = 0, averageSpeed = 0; // work units per second
};

struct VariantScaling {
  std::string name;
  std::string mapping;               // TimeModel::mapping at the initial (p, n)
  double time = 0, work = 0, averageSpeed = 0; // at (p, n)
  std::optional<double> delta;
  std::vector<PsiCell> psi;          // rows p, p'...; see psiTable
  std::vector<MeasuredSpeed> measured;
  std::vector<MeasuredPsi> measuredPsi;
  std::string error;                 // the model has no value at (p, n)
};

struct SizeScan {
  double p = 0;
  CrossingScan scan;
};

struct PairScaling {
  std::string a, b;
  RangeComparison comparison;     // Fig. 1 (psi ratio)
  ExecutionTimeTest executionTime; // Fig. 2 of 2002
  std::vector<SizeScan> overSize;  // fixed p, varying n
  CrossingScan overProcessors;     // fixed n, varying p
  bool equalSizeScanned = false;   // false when the request turned the scans off
};

struct ScaleResult {
  ScaleRequest request;
  std::vector<VariantScaling> variants;
  std::vector<PairScaling> pairs;   // every pair i < j
  std::vector<std::string> errors;  // sentences; nothing compared when set
  bool cancelled = false;
};

/// Runs the study. `measured` may hold rows for some models (matched by the
/// row's variant name, or all rows when there is one model and the file has
/// no variant column). Errors: fewer than one model, p' not above p.
ScaleResult runScaleStudy(const std::vector<const TimeModel*>& models, const ScaleRequest& request,
                          const std::vector<Measurement>& measured = {}, const StudyControl& control = {});

} // namespace ps::scaling

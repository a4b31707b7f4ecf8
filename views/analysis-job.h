#pragma once
// One unit of background work for the IDE: parse the editor text, build the
// program model and, when asked, estimate every distribution variant of the
// selected loop nest (the table point, the sweep over P and the sweep over
// one unknown). Runs on the EstimateController's worker thread: it is the
// only code of the GUI that touches GiNaC (not thread-safe), so it takes a
// snapshot of its inputs and returns plain data.
// Source: the ParaScope interaction (Balasundaram et al. 1991, Section 2),
// the P3T+ parameters of core/estimate.

#include "fortran/parser.h"
#include "profile/coverage-counts.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ps::views {

/// One distribution variant as the user set it in the distribution panel.
struct VariantSetting {
  std::string name;                          // "A"
  std::map<std::string, std::string> formats; // array -> "(BLOCK,*)"; missing or "" = replicated
  std::string arrangement = "4";             // "16" or "4x4"
  /// Set from a --dist spec (DistributionPanel::addSpecVariant): the arrays
  /// it omits are replicated, as in partscope-cli, and its formats do not
  /// follow the directives of the next nest.
  bool fromSpec = false;

  /// The --dist spec of partscope-cli: arrays with equal formats grouped,
  /// "a,b=(BLOCK,BLOCK)"; empty when no array is distributed.
  std::string spec() const;
};

struct EstimateSettings {
  int loopLine = 0;
  std::string unitName;                        // estimate this unit whole instead of the loop
  bool program = false;                        // estimate the whole program instead of the loop
  std::vector<VariantSetting> variants;
  std::map<std::string, std::int64_t> values;  // unknowns and PARAMETER overrides
  std::string machine = "paragon";
  bool fetchIdenticalReadsOnce = false;        // estimate::EstimateOptions
  // P to 1024 (issue 9): box nests' work and messages cost O(P) per point (estimate/separable-exchange.h)
  /// The time-vs-P curve's processor counts (1-D), extended in powers of
  /// two to a variant's own count where that is larger.
  std::vector<std::int64_t> sweepProcessors{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
  std::string sweepVariable;                   // "" : no time-vs-N sweep
  std::vector<std::int64_t> sweepValues;
  /// Only the time-vs-N sweep: the IDE's second, slower pass, so that the
  /// table and the time-vs-P chart follow an edit without waiting for it.
  bool valueSweepOnly = false;
};

struct JobInput {
  std::string path;    // decides fixed or free form; empty: an untitled free-form program
  std::string text;
  std::optional<EstimateSettings> estimate;
  std::optional<profile::CoverageCounts> profileCounts; // measured branch probabilities for the estimates
  fortran::ParseOptions parse; // include folders and cpp macros (views/source-settings.h)
  /// The values the user set (EstimateSettings::values): the outline shows
  /// the shapes and bounds their PARAMETER overrides give (a(1001,1001)
  /// where the program declares n = 200), as the estimate uses them.
  std::map<std::string, std::int64_t> values;
};

/// A curve of one variant: x (P or N) against predicted time in seconds.
struct Curve {
  std::string variant;
  std::vector<std::pair<double, double>> points;
};

struct JobOutput {
  nlohmann::json outline;     // program::outlineJson, plus per unit "directives"
  bool estimated = false;
  nlohmann::json table;       // report::toJson layout, one point per variant at its arrangement
  std::vector<Curve> timeVsP; // sweepProcessors
  /// Why a curve over P leaves out some counts (a variant's mapping does not
  /// fit them: BLOCK(m) with m*P below the extent), one sentence per variant.
  std::vector<std::string> chartNotes;
  std::vector<Curve> timeVsN; // sweepValues of sweepVariable at each variant's arrangement
  std::string sweepVariable;  // the x of timeVsN, as requested
  std::vector<std::string> errors;  // sentences for the user
  std::vector<std::string> missing; // unknowns that need values
  std::map<std::string, std::string> missingReasons; // unknown -> "set by READ at line 6"
  /// What the analyser assumed about the selected nest's arrays because the
  /// directives do not say (estimate/mapping-assumptions.h): the directive's
  /// line (0: none to mark) and the note.
  std::vector<std::pair<int, std::string>> assumptions;
  double seconds = 0;         // wall time of the job
  bool valueSweepOnly = false; // only timeVsN is filled
  bool partial = false;        // the table before the sweeps end: timeVsP so far, no timeVsN
  std::string formulas, formulasLatex; // estimate::formulasText of each variant's point
};

/// Receives a job's table before its sweeps, then its curves over P as they
/// grow (JobOutput::partial), on the job's thread.
using PartialOutput = std::function<void(const JobOutput&)>;

/// Runs the job. Returns nullopt when `cancelled` became true on the way
/// (a newer request replaced this one). Units in JSON as in partscope-cli.
/// With `partial`, an estimate's table is handed to it as soon as every
/// variant's point is known: a sweep over P can take seconds where an
/// exchange is done instance by instance (a triangular factorization).
std::optional<JobOutput> runJob(const JobInput& input, const std::atomic<bool>& cancelled,
                                const PartialOutput& partial = {});

} // namespace ps::views

#pragma once
// One scalability study for the IDE's Scalability tab: the program variants
// of the distribution panel (or analytic models the user typed) compared
// from an initial state (p, n) on one or more machine profiles, plus the
// curves of the equal-size charts. Runs on the EstimateController's worker
// thread (GiNaC is not thread-safe): a snapshot in, plain data out.
// Source: Sun-Pantano-Fahringer 1999 and Sun 2002 via core/scaling.

#include "scaling/analytic-model.h"
#include "views/analysis-job.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ps::views {

/// A program variant to scale: its name and the --dist spec ("" = the HPF directives).
struct ScaleVariant {
  std::string name;
  std::string spec;
  bool operator==(const ScaleVariant&) const = default;
};

struct ScaleJobInput {
  // program variants (used when `models` is empty)
  std::string path, text;
  fortran::ParseOptions parse; // include folders and cpp macros (views/source-settings.h)
  int loopLine = 0;
  std::vector<ScaleVariant> variants;
  std::map<std::string, std::int64_t> values;
  std::string sizeVariable = "n";
  // analytic models instead of the program
  std::vector<scaling::AnalyticModelSpec> models;
  std::vector<std::string> machines{"paragon"};
  double p = 4, n = 20;
  std::vector<double> pPrimes; // ascending, all > p
};

/// Where an analytic model is wrong (row of the model table).
struct ScaleModelError {
  int row = 0;
  scaling::AnalyticModelError error;
};

/// A point where the first pair's equal-size curves cross: (n or p, time s).
struct CrossingMark {
  int pair = 0; // index into the report's "comparisons"
  double x = 0, time = 0;
};

struct MachineScale {
  std::string machine;
  nlohmann::json report;         // scaling::toJson, as `partscope-cli scale --json`
  std::vector<Curve> timeVsN;    // at the initial p
  std::vector<Curve> timeVsP;    // at the initial n
  std::vector<CrossingMark> sizeCrossings, processorCrossings; // of every pair
};

struct ScaleJobOutput {
  std::vector<MachineScale> machines;
  std::vector<std::string> errors;
  std::vector<ScaleModelError> modelErrors;
  double seconds = 0;
};

/// Runs the study on every machine of `input`. nullopt when `cancelled`
/// became true on the way; `progress(done, total)` after each model.
std::optional<ScaleJobOutput> runScaleJob(const ScaleJobInput& input, const std::atomic<bool>& cancelled,
                                          const std::function<void(int, int)>& progress = {});

} // namespace ps::views

#pragma once
// One Suggest Distribution request of the IDE: parse the editor text, run
// the DDT engine on the unit at the cursor, make the HPF edit of the chosen
// solution, and sweep static against dynamic over the processor count and
// the remote access time per byte (for the unit and each iterative loop).
// Runs on the EstimateController's worker thread (the estimator behind the
// phase times uses GiNaC, which is not thread-safe): a snapshot in, plain
// data out. Source: DDT (Ayguade et al. 1997) via core/ddt.

#include "ddt/decision-sweep.h"
#include "ddt/hpf-directives.h"
#include "ddt/plan.h"
#include "fortran/parser.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ps::views {

struct DistributeJobInput {
  /// The plan alone (fast), or the plan and the decision sweeps (a plan per sample).
  enum class Part { Plan, Sweeps } part = Part::Plan;
  std::string path;   // decides fixed or free form; empty: an untitled free-form program
  std::string text;
  fortran::ParseOptions parse; // include folders and cpp macros (views/source-settings.h)
  int cursorLine = 0; // the unit containing this line is distributed (else the first unit)
  std::map<std::string, std::int64_t> values; // unknowns and PARAMETER overrides
  std::string machine = "ddt";
  int processors = 16;
  int maxDistributedDims = 2;
  int candidates = 4;
  std::map<int, double> phaseTimes; // line -> sequential seconds of the phase containing it
  std::vector<int> sweepProcessors{1, 2, 4, 8, 16, 32, 64};
  /// Remote access times per byte (s); empty: 13 samples from a tenth to ten
  /// times the profile's, evenly on a log scale.
  std::vector<double> sweepByteTimes;
};

/// Static against dynamic for one sequence (the unit or one iterative loop).
struct SequenceSweeps {
  std::string title;                   // "Whole unit 'adi'", "Iterative loop lines 33-60 (10 iterations)"
  ddt::DecisionSweep overProcessors;   // x: processors
  ddt::DecisionSweep overByteTime;     // x: seconds per byte
};

struct DistributeJobOutput {
  std::optional<ddt::Plan> plan;       // Phase::statements are cleared (they pointed into the job's model)
  std::string text;                    // the program text the plan was made for
  std::string appliedText;             // `text` with the chosen solution's HPF directives
  ddt::HpfEdit edit;
  std::vector<std::string> errors;     // sentences for the user
  std::vector<std::string> missing;    // unknowns that need values
  std::vector<SequenceSweeps> sweeps;  // Part::Sweeps: [0] the unit, [1 + r] iterative loop r
  double byteTime = 0;                 // the profile's, s per byte
  double seconds = 0;                  // wall time of the job
};

/// Where the job is, for the progress line.
struct DistributeProgress {
  std::string stage;                   // "Searching remappings", "Sweeping processors", ...
  std::int64_t nodes = 0, pruned = 0;  // of the running search
  int done = 0, total = 0;             // sweep points
};

/// Runs the request; nullopt when `cancelled` became true on the way.
/// `output.sweeps` is filled only for Part::Sweeps.
std::optional<DistributeJobOutput>
runDistributeJob(const DistributeJobInput& input, const std::atomic<bool>& cancelled,
                 const std::function<void(const DistributeProgress&)>& progress = {});

/// The title of sequence `region` (-1: the unit) of `plan`.
std::string sequenceTitle(const ddt::Plan& plan, int region);

} // namespace ps::views

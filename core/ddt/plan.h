#pragma once
// The distribution plan: what Suggest Distribution answers. Phases with
// their candidate mappings, the static solutions, the dynamic solution
// with its remappings, totals per iterative loop, the search statistics
// and the HPF directives. Times in seconds, sizes in bytes.
// Source: DDT (Ayguade et al. 1997), Secs. 2.1, 4, 5.

#include "ddt/candidates.h"
#include "ddt/remapping-search.h"

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ps::ddt {

/// Phase::statements point into the program model the plan was made from;
/// they dangle once that model is gone.
struct PhasePlan {
  Phase phase;
  PhaseAnalysis analysis;
  double frequency = 1; // executions of the phase in one run of the unit
};

/// A static solution: one mapping for all arrays, for the whole sequence.
struct StaticSolution {
  LocalMapping mapping;
  double movement = 0, computation = 0; // totals over the sequence
  double total() const { return movement + computation; }
};

/// A remapping of the dynamic solution, merged over the steps where the
/// same arrays move before the same phase (9 before phase 4 = the copy).
struct PlannedRemap {
  int beforePhase = 0;                 // the paper's phase number (Phase::id)
  int line = 0;                        // the phase's first line
  std::vector<std::string> arrays;
  std::string from, to;                // mapping text of the arrays
  double bytes = 0;                    // per remapping, all arrays
  double count = 0;                    // how often it runs
  double cost = 0;                     // total seconds (count * per remap)
  bool realign = false;
};

/// The best sequence of mappings with remapping. When no sequence beats the
/// best static solution (found = false), it holds the paper's dynamic
/// alternative instead: each phase with its preferred (cheapest) candidate,
/// remapped where they differ, the best realignments chosen (Sec. 2.1, 3.).
struct DynamicSolution {
  bool found = false;         // cheaper than the best static solution
  double total = 0, computation = 0, movement = 0, remapping = 0;
  std::vector<int> candidate; // chosen candidate per phase index (-1: not in the sequence)
  std::vector<LocalMapping> mappings; // per phase index, as placed
  std::vector<PlannedRemap> remaps;
  SearchStats stats;
};

/// The solutions of one sequence: the unit, or one iterative loop alone.
struct SequencePlan {
  std::vector<StaticSolution> statics; // cheapest first
  DynamicSolution dynamic;
  bool dynamicChosen = false;
  double chosenTotal() const;
};

struct RegionPlan {
  Region region;
  SequencePlan plan;
};

struct Plan {
  std::string unit;
  int processors = 1;
  std::string machine;
  int maxDistributedDims = 2;
  std::vector<PhasePlan> phases;
  std::vector<Region> regions;
  SequencePlan whole;
  std::vector<RegionPlan> regionPlans;
  std::vector<std::string> notes;
};

struct DistributeOptions {
  int processors = 16;
  int maxDistributedDims = 2;
  int candidates = 4;       // kept per phase (k)
  bool staticOnly = false;
  /// Map the intra-dimensional offsets found by retiming (Find_Shift);
  /// off, candidates are perfectly aligned as in the paper's Table 1.
  bool offsetAlignment = false;
  /// Sequential seconds per execution of a phase, keyed by a line of the
  /// phase (its DO line or any line inside it). Phases not listed are
  /// estimated on the machine profile.
  std::map<int, double> phaseTimes;
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(const SearchStats&)> progress;
};

struct DistributeResult {
  std::optional<Plan> plan;
  std::vector<std::string> errors;
  std::vector<std::string> missing; // unknowns whose values are needed
};

/// Suggests static and dynamic distributions for `unit`.
/// Errors: no phases; trip counts, extents or phase times that cannot be
/// evaluated (listed with the unknowns); phase-time lines outside every
/// phase; processors < 1.
DistributeResult distribute(const program::Unit& unit, const machine::MachineProfile& machine,
                            const symbolic::Bindings& values, const DistributeOptions& options);

} // namespace ps::ddt

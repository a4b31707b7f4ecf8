#pragma once
// The remapping search: depth first over the phase sequence, each phase
// trying its candidate mappings and each candidate its realignment
// combinations, accumulating phase and remapping costs; a branch is cut
// when its cost reaches the bound, which starts at the best static solution
// and drops with every cheaper complete sequence. A phase appearing twice
// (the loop body and its copy) keeps one candidate, and a copy that runs
// more than once must end in the mapping it started from (it runs again
// after itself: the paper's unrolled sequence prices its remappings from
// the body's end every time). Source: DDT (Ayguade et al. 1997), Fig. 5
// (Analyze_Compatibility), Sec. 5.1.

#include "ddt/candidates.h"
#include "ddt/remapping.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

namespace ps::ddt {

/// The longest phase sequence searched: the search recurses once per step
/// (15 000 phases overflowed the stack after half a minute); a longer one
/// keeps its static solutions, with a note (Distributor).
inline constexpr std::size_t kMaxSearchedSteps = 2048;

struct SearchProblem {
  std::vector<SequenceStep> steps;
  std::vector<std::vector<Candidate>> candidates; // per phase index
  ArrayShapes shapes;
  machine::MachineProfile machine;
  GlobalMapping initial; // GM_0 (empty in the paper)
};

/// What happens at one step of the best sequence.
struct StepOutcome {
  int phase = 0;
  double count = 1;
  bool copy = false;
  int candidate = 0;
  LocalMapping mapping;              // the candidate as placed (relabelled by its combination)
  std::vector<RemapAction> remaps;   // before the phase, per execution
  double phaseCost = 0, remapCost = 0; // per execution, s
};

struct SearchStats {
  std::int64_t nodes = 0;  // (step, candidate, combination) triples costed
  std::int64_t pruned = 0; // of them cut by the bound
  bool cancelled = false;
};

struct SearchResult {
  bool found = false;               // a sequence cheaper than the initial bound
  double total = std::numeric_limits<double>::infinity();
  std::vector<StepOutcome> steps;
  SearchStats stats;
};

struct SearchControl {
  bool prune = true;                 // false: exhaustive (a test oracle)
  const std::atomic<bool>* cancel = nullptr;
  /// Called every few thousand nodes with the statistics so far.
  std::function<void(const SearchStats&)> progress;
};

/// The cheapest sequence costing less than `bound` (seconds).
SearchResult searchRemapping(const SearchProblem& problem, double bound, const SearchControl& control = {});

} // namespace ps::ddt

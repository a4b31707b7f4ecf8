#pragma once
// Static against dynamic as the machine changes: the best static and the
// best dynamic total of a unit (or of one iterative loop) over processor
// counts or over the remote access time per byte, and where the decision
// flips. Source: DDT (Ayguade et al. 1997), Sec. 7.1 (Table 5, Figs. 9-10).

#include "ddt/plan.h"

#include <optional>
#include <vector>

namespace ps::ddt {

struct DecisionPoint {
  double x = 0;             // processors, or seconds per byte
  double staticTotal = 0;   // best static solution, s
  double dynamicTotal = 0;  // best dynamic solution, s
  double staticMovement = 0, dynamicMovement = 0; // movement incl. remapping, s
  bool dynamicChosen = false;
};

struct DecisionSweep {
  std::vector<DecisionPoint> points;
  /// Where static - dynamic changes sign, interpolated linearly between the
  /// two samples around the first change (in x); nullopt when it never does.
  std::optional<double> flip;
};

/// The sweeps of every sequence a plan has: [0] the whole unit, [1 + r]
/// iterative loop r (Plan::regionPlans order); each point is one
/// distribute() run, which plans all sequences at once. The phases'
/// sequential times of the first run are reused at every later point, so
/// they are counted once. `errors` holds the first run's errors.
struct DecisionSweeps {
  std::vector<DecisionSweep> sequences;
  std::vector<std::string> errors;
};

/// Totals at each processor count.
DecisionSweeps sweepProcessors(const program::Unit& unit, const machine::MachineProfile& machine,
                               const symbolic::Bindings& values, DistributeOptions options,
                               const std::vector<int>& processors);

/// Totals at each remote access time per byte (the profile's beta replaced).
DecisionSweeps sweepByteTime(const program::Unit& unit, const machine::MachineProfile& machine,
                             const symbolic::Bindings& values, DistributeOptions options,
                             const std::vector<double>& byteTimes);

} // namespace ps::ddt

#pragma once
// The training set on a simulated machine: partscope-train-smpi (the
// communication part of partscope-train, built with SimGrid's smpicxx) run
// by smpirun on the platform generated from a machine profile
// (simgrid-platform.h), so that `calibrate --simgrid` fits the profile's own
// transfer time model back. Source: Balasundaram, Fox, Kennedy, Kremer 1991,
// Sec. 5 (the training set); P3T+ Def. 3.4 (rho + beta * bytes).

#include "machine/machine-profile.h"

#include <optional>
#include <string>
#include <vector>

namespace ps::machine {

/// The launcher of a simulated run and what the platform approximates.
struct SimulatedLauncher {
  std::string launcher;                    // for CalibrationRequest::launcher (split at blanks)
  std::vector<std::string> approximations; // sentences (SimgridPlatform::approximations)
};

/// Writes the platform of `machine` for `ranks` ranks into `folder`
/// ("platform.xml", "hosts") and returns the launcher that runs a program on
/// it, relative to that folder (the calibration's working folder):
///   smpirun -platform platform.xml -hostfile hosts --log=root.thres:warning
///     --cfg=...(the platform's model options)
/// calibrationCommand() appends "-n RANKS PROGRAM ...", which smpirun takes.
/// SimGrid's informational log lines are off, so the first line on stderr of
/// a failed run is its reason. Errors (nullopt, `error`): simgridPlatform's
/// (ranks out of range, no time per byte), the files cannot be written.
std::optional<SimulatedLauncher> writeSimulatedLauncher(const MachineProfile& machine, int ranks,
                                                        const std::string& folder, std::string* error);

} // namespace ps::machine

#include "machine/simulated-training.h"

#include "machine/simgrid-platform.h"

#include <fstream>

namespace ps::machine {
namespace {

bool writeText(const std::string& path, const std::string& text)
{
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

} // namespace

std::optional<SimulatedLauncher> writeSimulatedLauncher(const MachineProfile& machine, int ranks,
                                                        const std::string& folder, std::string* error)
{
  const auto platform = simgridPlatform(machine, ranks, error);
  if (!platform)
    return std::nullopt;
  if (!writeText(folder + "/platform.xml", platform->xml) || !writeText(folder + "/hosts", platform->hostfile)) {
    *error = "Cannot write the SimGrid platform into '" + folder + "'";
    return std::nullopt;
  }
  SimulatedLauncher l;
  l.launcher = "smpirun -platform platform.xml -hostfile hosts --log=root.thres:warning";
  for (const auto& option : platform->smpirunOptions)
    l.launcher += " " + option;
  l.approximations = platform->approximations;
  return l;
}

} // namespace ps::machine

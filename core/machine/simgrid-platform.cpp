#include "machine/simgrid-platform.h"

#include <cmath>
#include <cstdio>

namespace ps::machine {
namespace {

/// A number in SimGrid's notation with its unit ("1e-05s", "1e+08Bps").
std::string quantity(double value, const char* unit, int digits = 17)
{
  char text[64];
  std::snprintf(text, sizeof text, "%.*g%s", digits, value, unit);
  return text;
}

/// The torus dimensions of `ranks` hosts on the profile's topology (empty:
/// a flat cluster), and their host count.
std::vector<std::int64_t> torusDimensions(const MachineProfile& m, std::int64_t ranks)
{
  if (m.topology == "hypercube") {
    std::vector<std::int64_t> dims;
    for (std::int64_t hosts = 1; hosts < ranks; hosts *= 2)
      dims.push_back(2);
    return dims.empty() ? std::vector<std::int64_t>{1} : dims;
  }
  if (m.topology != "mesh2d" && m.topology != "torus2d")
    return {};
  auto cols = static_cast<std::int64_t>(std::floor(std::sqrt(static_cast<double>(ranks)))); // as hops()
  while (cols > 1 && ranks % cols != 0)
    --cols;
  cols = std::max<std::int64_t>(cols, 1);
  if (cols == 1)
    return {ranks}; // a line of ranks: one dimension
  return {cols, ranks / cols};
}

/// Levels of the 4-ary fat tree that holds `ranks` hosts (at least one).
int fatTreeLevels(std::int64_t ranks)
{
  int levels = 1;
  for (std::int64_t hosts = kFatTreeRadix; hosts < ranks; hosts *= kFatTreeRadix)
    ++levels;
  return levels;
}

/// SimGrid's FAT_TREE parameters "h;m1..mh;w1..wh;p1..ph" of a non-blocking
/// tree: 4 children per switch, 1 parent for a host and 4 for a switch above
/// the leaves, single links; every link has latency gamma (hops() counts links).
std::string fatTree(const MachineProfile& m, int levels, const std::string& head)
{
  std::string down, up, links;
  for (int l = 0; l < levels; ++l) {
    const char* sep = l == 0 ? "" : ",";
    down += sep + std::to_string(kFatTreeRadix);
    up += sep + std::string(l == 0 ? "1" : std::to_string(kFatTreeRadix));
    links += sep + std::string("1");
  }
  const auto bw = quantity(1.0 / m.byteTime, "Bps");
  return head + " lat=\"" + quantity(m.hopTime, "s") + "\" sharing_policy=\"SPLITDUPLEX\" topology=\"FAT_TREE\"" +
         " topo_parameters=\"" + std::to_string(levels) + ";" + down + ";" + up + ";" + links + "\" loopback_bw=\"" +
         bw + "\" loopback_lat=\"0s\"/>\n";
}

std::string cluster(const MachineProfile& m, const std::vector<std::int64_t>& dims, std::int64_t hosts, double speed)
{
  const auto bw = quantity(1.0 / m.byteTime, "Bps");
  std::string xml = "  <cluster id=\"partscope\" prefix=\"node-\" suffix=\".partscope\" radical=\"0-" +
                    std::to_string(hosts - 1) + "\" speed=\"" + quantity(speed, "f", 6) + "\" bw=\"" + bw + "\"";
  if (m.topology == "fattree")
    return fatTree(m, fatTreeLevels(hosts), xml);
  if (dims.empty()) // a message crosses its sender's and its receiver's private link: one hop
    return xml + " lat=\"" + quantity(m.hopTime / 2, "s") +
           "\" sharing_policy=\"SPLITDUPLEX\" topology=\"FLAT\" loopback_bw=\"" + bw + "\" loopback_lat=\"0s\"/>\n";
  std::string parameters;
  for (auto d : dims)
    parameters += (parameters.empty() ? "" : ",") + std::to_string(d);
  return xml + " lat=\"" + quantity(m.hopTime, "s") + "\" sharing_policy=\"SPLITDUPLEX\" topology=\"TORUS\"" +
         " topo_parameters=\"" + parameters + "\" loopback_bw=\"" + bw + "\" loopback_lat=\"0s\"/>\n";
}

std::vector<std::string> approximationsOf(const MachineProfile& m, std::int64_t ranks, std::int64_t hosts)
{
  std::vector<std::string> out;
  if (m.topology == "mesh2d")
    out.push_back("The 2-D mesh is simulated as a torus: a message between opposite edges takes the wraparound "
                  "link, fewer hops than the mesh");
  if (m.topology == "omega")
    out.push_back("The omega network is simulated as a crossbar: one hop between any two processors, as the "
                  "estimator counts it, without the switch stages' contention");
  if (hosts > ranks)
    out.push_back("The " + std::string(m.topology == "fattree" ? "fat tree" : "hypercube") + " has " +
                  std::to_string(hosts) + " nodes; ranks use the first " + std::to_string(ranks));
  out.push_back("Concurrent messages share a link's bandwidth in the simulation; the estimator charges each "
                "message its full rho + beta * bytes");
  return out;
}

} // namespace

std::optional<SimgridPlatform> simgridPlatform(const MachineProfile& machine, std::int64_t ranks, std::string* error)
{
  if (ranks < 1 || ranks > kMaxSimgridRanks) {
    *error = "A SimGrid platform holds 1 to " + std::to_string(kMaxSimgridRanks) + " ranks, not " +
             std::to_string(ranks);
    return std::nullopt;
  }
  if (!(machine.byteTime > 0)) {
    *error = "Machine profile '" + machine.name + "' has no time per byte: its bandwidth cannot be simulated";
    return std::nullopt;
  }
  const auto dims = torusDimensions(machine, ranks);
  std::int64_t hosts = 1;
  for (auto d : dims)
    hosts *= d;
  hosts = dims.empty() ? ranks : hosts;
  if (machine.topology == "fattree")
    hosts = static_cast<std::int64_t>(std::pow(kFatTreeRadix, fatTreeLevels(ranks)));
  const double flop = (machine.ops.addSub + machine.ops.mul) / 2;
  SimgridPlatform p;
  p.hosts = hosts;
  p.xml = "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
          "<!-- Generated by PartScope from machine profile '" + machine.name + "' for " + std::to_string(ranks) +
          " ranks -->\n<platform version=\"4.1\">\n" + cluster(machine, dims, hosts, flop > 0 ? 1.0 / flop : 1e9) +
          "</platform>\n";
  for (std::int64_t r = 0; r < ranks; ++r)
    p.hostfile += "node-" + std::to_string(r) + ".partscope\n";
  const auto overhead = "0:" + quantity(machine.startup, "") + ":0";
  p.smpirunOptions = {"--cfg=network/model:CM02",      "--cfg=network/crosstraffic:0",
                      "--cfg=smpi/simulate-computation:no", "--cfg=smpi/os:" + overhead,
                      "--cfg=smpi/ois:" + overhead,     "--cfg=smpi/or:0:0:0"};
  p.approximations = approximationsOf(machine, ranks, hosts);
  if (!(flop > 0))
    p.approximations.push_back("The profile has no operation costs: hosts compute 1 Gflop/s");
  return p;
}

} // namespace ps::machine

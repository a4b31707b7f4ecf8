#pragma once
// A SimGrid platform generated from a machine profile, on which SMPI
// (smpirun) runs MPI programs such as the message-list replay of
// `partscope-cli validate`. The platform reproduces the profile's transfer
// time model rho + beta * bytes + gamma * hops (P3T+ Def. 3.4;
// Sun-Pantano-Fahringer 1999 Sec. 3) for one message at a time:
//   - beta: every link has bandwidth 1/beta bytes/s;
//   - gamma: hops follow MachineProfile::hops(): crossbar and omega are a
//     flat cluster (one hop: two private links of gamma/2 each), mesh2d and
//     torus2d a TORUS cluster "cols,rows" laid out as hops() lays out ranks
//     (rank % cols is x), hypercube a TORUS 2x2x...x2 (hops = popcount),
//     fattree a non-blocking 4-ary FAT_TREE of 4^levels hosts (hops = links
//     up to the lowest common switch and down); every link has latency gamma;
//   - rho: the startup is a per-message send overhead of SMPI (smpi/os and
//     smpi/ois, in `smpirunOptions`): the sender spends rho before the
//     message leaves, as the estimator charges it to the sender.
// Measured with the replay (tests/machine/simgrid-platform-test.cpp): a
// ping-pong is within 2% of rho + bytes/bandwidth; SMPI adds about 17 bytes'
// worth of transfer time per message, which only shows when rho is 0 and
// messages are tiny (the 'ddt' profile's 8-byte stencil: 3x the prediction).
// SimGrid 3.32, platform DTD version 4.1 (<cluster> with topology FLAT,
// TORUS or FAT_TREE, lat/bw/speed with units s, Bps, f).

#include "machine/machine-profile.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps::machine {

struct SimgridPlatform {
  std::string xml;                          // the platform file's text
  std::string hostfile;                     // one host per line, rank r on line r
  std::vector<std::string> smpirunOptions;  // "--cfg=..." the model needs, before the program
  std::vector<std::string> approximations;  // sentences: where the platform is not the profile's model
  std::int64_t hosts = 0;                   // hosts in the platform (>= ranks: a hypercube or fat tree rounds up)
};

/// The most ranks a generated platform holds.
inline constexpr std::int64_t kMaxSimgridRanks = 1024;

/// The platform of `machine` for `ranks` MPI ranks (1..kMaxSimgridRanks).
/// Host speed is 1 / (the mean of the add/sub and mul costs) flop/s (1 Gf
/// when both are 0, said in approximations). SMPI options: network model
/// CM02 without cross traffic (the plain latency + size/bandwidth model, no
/// SMPI calibration factors), no simulated computation (SMPI would
/// otherwise charge the replay's own bookkeeping), rho as send overhead.
/// nullopt with `error` when `ranks` is out of range or beta is not > 0.
std::optional<SimgridPlatform> simgridPlatform(const MachineProfile& machine, std::int64_t ranks, std::string* error);

} // namespace ps::machine

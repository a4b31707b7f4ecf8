#pragma once
// Compatibility between the reaching global mapping GM_i and a candidate
// local mapping LM_i^k of the next phase: which arrays are added,
// redistributed or realigned, and the realignment combinations (keep one
// group of arrays by turn, move the rest so the local relative alignment
// holds). Source: DDT (Ayguade et al. 1997), Sec. 4.2; costs Sec. 4.3.

#include "ddt/local-mapping.h"
#include "ddt/movement.h"
#include "machine/machine-profile.h"

#include <map>
#include <string>
#include <vector>

namespace ps::ddt {

using GlobalMapping = std::map<std::string, ArrayLayout>;

/// One way of adapting GM_i to LM_i^k: the template axes of LM_i^k are
/// relabelled by `sigma` (axis of LM -> axis of GM) before it is applied.
struct Combination {
  std::vector<int> sigma;
  std::vector<std::string> added;          // not yet in GM: take LM's mapping
  std::vector<std::string> redistributed;  // different distributed dimensions
  std::vector<std::string> kept;           // realignment candidates that stay as they are
  std::vector<std::string> realigned;      // realignment candidates that move
};

/// The combinations of Sec. 4.2: one per group of realignment candidates
/// sharing the permutation that fits them into GM (one combination, the
/// identity, when there are none).
std::vector<Combination> analyzeCombinations(const GlobalMapping& gm, const LocalMapping& lm);

/// One array changing layout before a phase.
struct RemapAction {
  std::string array;
  ArrayLayout from, to;
  bool realign = false; // same distributed dimensions, permuted
  double elements = 0, bytes = 0, cost = 0; // per execution, s
};

/// Applies `combination` of `lm` to `gm` (in place) and returns the arrays
/// that move with their cost: elements by remapElements, time
/// bytes * beta + rho.
std::vector<RemapAction> applyCombination(GlobalMapping& gm, const LocalMapping& lm, const Combination& combination,
                                          const ArrayShapes& shapes, const machine::MachineProfile& machine);

} // namespace ps::ddt

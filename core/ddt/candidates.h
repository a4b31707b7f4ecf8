#pragma once
// Candidate mappings of a phase: the phase's alignment, every processor
// permutation (processors per template axis, powers of two), BLOCK or
// CYCLIC per distributed axis, priced as data movement plus computation.
// Source: DDT (Ayguade et al. 1997), Sec. 3.5 (the permutation loop,
// Decide_BLOCK_or_CYCLIC after Gupta, Select_Candidate_Permutations) and
// Sec. 2.1 (computation = sequential profile time / p when the phase runs
// in parallel under the mapping, the sequential time otherwise).

#include "ddt/alignment.h"
#include "ddt/movement.h"
#include "ddt/phases.h"
#include "machine/machine-profile.h"

#include <set>
#include <string>
#include <vector>

namespace ps::ddt {

/// What a phase costs under one mapping, seconds per execution.
struct PhaseCost {
  double movement = 0;
  double computation = 0;
  int parallelism = 1;            // effective: sequential time / computation, rounded
  std::vector<std::string> parallelLoops; // loop variables run in parallel (owner computes)
  std::vector<MovementTerm> movements;

  double total() const { return movement + computation; }
  bool parallel() const { return parallelism > 1; }
};

struct Candidate {
  LocalMapping mapping;
  PhaseCost cost;
};

/// Everything the search needs to know about one phase.
struct PhaseAnalysis {
  std::vector<ReferencePattern> patterns;
  std::vector<ArrayAccess> targets; // lhs of every assignment (owner computes)
  std::vector<ArrayAccess> owners;  // per statement: whose owner executes it
  std::vector<double> statementShare; // per statement: its share of the sequential time (sums to 1)
  std::set<std::string> parallelVariables;
  AlignmentGraph graph;
  Alignment alignment;
  double sequentialTime = 0;   // s per execution
  std::string timeSource;      // "given" or "estimated"
  std::vector<Candidate> candidates; // cheapest first
};

/// Prices `phase` under `mapping` (arrays of the mapping the phase does not
/// use are ignored). Movement = sum of the patterns' blocks * bytes * beta,
/// plus rho for each non-local routine (rho is 0 in the DDT profile).
/// Computation = sum over statements of share * sequential time / the
/// processors sharing that statement: the product of the distributed axes
/// on which its owner reference is subscripted by a parallel loop variable
/// (so in an imperfect nest each statement gets its own parallelism).
PhaseCost phaseCost(const PhaseAnalysis& analysis, const LocalMapping& mapping, const ArrayShapes& shapes,
                    const machine::MachineProfile& machine);

/// Processors per template axis: every vector of `rank` powers of two (any
/// divisors when `processors` is not a power of two) whose product is
/// `processors`, with at most `maxDistributed` entries above 1.
std::vector<std::vector<int>> processorPermutations(int processors, int rank, int maxDistributed);

/// The mapping of `arrays` by `alignment` over `grid`, with BLOCK or CYCLIC
/// per distributed axis decided from the patterns (Decide_BLOCK_or_CYCLIC):
/// BLOCK when the axis carries nearest-neighbour shifts, CYCLIC when a
/// triangular loop subscripts it, else BLOCK.
LocalMapping layoutMapping(const Alignment& alignment, const std::map<std::string, int>& ranks,
                           const std::vector<int>& grid, const std::vector<ReferencePattern>& patterns,
                           const std::vector<ArrayAccess>& targets, const std::set<std::string>& triangularVariables);

/// False when some array dimension would get more processors than it has
/// elements (DDT's valid(pi)).
bool fitsArrays(const LocalMapping& mapping, const ArrayShapes& shapes);

/// All permutations priced, cheapest first (ties by mapping text), the
/// first `keep` retained. Invalid permutations (more processors on an axis
/// than the extent of an array dimension on it) are skipped.
std::vector<Candidate> candidateMappings(const PhaseAnalysis& analysis, const std::map<std::string, int>& ranks,
                                         const std::set<std::string>& triangularVariables, const ArrayShapes& shapes,
                                         const machine::MachineProfile& machine, int processors, int maxDistributed,
                                         int keep);

} // namespace ps::ddt

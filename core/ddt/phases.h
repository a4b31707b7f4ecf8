#pragma once
// Phases of a unit and their control flow. A phase is the outermost loop of
// a nest whose own variable subscripts an array reference in its body (so
// the phase contains every loop that defines a subscripting induction
// variable), or a run of array assignments outside such loops. Loops whose
// variable subscripts nothing but that contain phases are iterative loops:
// their body is executed `iterations` times.
// Source: DDT (Ayguade et al. 1997), Sec. 4.1 (phase definition after
// Bixby, Kennedy and Kremer), Sec. 5.1 (iterative loops).

#include "program/model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ps::ddt {

struct Phase {
  int id = 0;                  // 1-based, program order (the paper's numbering)
  int loop = -1;               // the phase's loop, or -1 for a statement group
  int firstLine = 0, lastLine = 0;
  std::vector<const program::Statement*> statements;
  std::vector<std::string> arrays; // referenced, lower case, sorted
  double probability = 1.0;        // of executing, given its enclosing iterative loops
  std::vector<int> regions;        // enclosing iterative loops (indices into PhaseGraph::regions), outermost first
};

/// An iterative loop around phases (the paper's `do iter`).
struct Region {
  int loop = -1;
  int firstLine = 0, lastLine = 0;
  std::int64_t iterations = 0;
  int parent = -1;                 // enclosing region
  std::vector<int> items;          // body in program order: phase index (>= 0) or -(region index) - 1
};

/// The phase control flow: phases, iterative loops, and the top-level
/// sequence (same encoding as Region::items).
struct PhaseGraph {
  std::vector<Phase> phases;
  std::vector<Region> regions;
  std::vector<int> top;
};

struct PhaseGraphResult {
  PhaseGraph graph;
  std::vector<std::string> errors;  // trip counts that cannot be evaluated
  std::vector<std::string> missing; // their unknowns
  std::vector<std::string> notes;
};

/// Splits `unit` into phases. Iterative loops need their trip count, so
/// their bounds are evaluated with `values`.
PhaseGraphResult buildPhaseGraph(const program::Unit& unit, const symbolic::Bindings& values);

/// One step of the flattened phase sequence: a phase executed `count`
/// times. A phase appears more than once when it lies in an iterative loop
/// with several phases: the body once ({4..9}, count 1) and its copy
/// ({4'..9'}, count N-1); the copy must use the same candidate mapping.
struct SequenceStep {
  int phase = 0;      // index into PhaseGraph::phases
  double count = 1;   // executions this step stands for
  bool copy = false;  // the primed copy of the body
  /// The last step of a loop body's copy: the first step of each copy it
  /// ends (an inner loop's and an outer one's may end together). The copy
  /// runs again after itself, so the mapping after it must be the one it
  /// started from, or its next iteration's remappings differ from those
  /// priced.
  std::vector<int> closesCopyFrom;
};

/// The sequence of `items` (PhaseGraph::top or a region's body) as the
/// remapping search walks it. A phase in a branch counts with its branch
/// probability: one expected sequence instead of the paper's alternative
/// sequences of Sec. 5.2. Source: DDT, Sec. 5.1, Fig. 6c.
std::vector<SequenceStep> flattenSequence(const PhaseGraph& graph, const std::vector<int>& items, double count = 1);

} // namespace ps::ddt

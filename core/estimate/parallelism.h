#pragma once
// The parallelism a mapping leaves to a loop nest under the owner-computes
// rule: a flow dependence whose source and target iterations belong to
// different owners makes the target's processor wait for the source's
// (a recurrence carried across processors). Three outcomes:
//
// - parallel: no flow dependence crosses processors; every processor runs
//   its iterations at once (what the estimator assumed before).
// - serialized: a recurrence is carried by a loop outer to every loop that
//   could be strip-mined into stages (or nothing can be pipelined): the
//   processors along the crossed processors dimension(s) run one after
//   another. CT = the largest sum of the computation of one chain of such
//   processors (all processors for a 1-D arrangement: about the sequential
//   time); TT keeps every message, including one per stage between
//   consecutive owners (those messages are placed inside the carrying loop).
//   Source: DDT (Ayguade et al. 1997) Sec. 2 and Table 1: under (*,BLOCK)
//   the dependence in dimension 2 of x and b "forces DDT to sequentialize
//   the execution of the j loop" and the phase costs its sequential time.
// - pipelined: the carrying loop is distributed and the loops outer to it
//   (which carry no crossing dependence and subscript no distributed
//   dimension) are strip-mined into stages, the classic wavefront. The papers
//   are silent on pipelines; PartScope chooses the following schedule. With
//   M the iterations of the loops outer to the carrying loop, Q the
//   processors of the chain that have work, c1 = the busiest processor's CT
//   / M (computation per outer iteration) and a strip of b outer iterations
//   (b a divisor of M, S = M/b stages): processor q runs stage s after it
//   ran stage s-1 and received the strip's boundary data from q-1; a
//   received message costs its receiver m(b) = sum over the recurrence's
//   reads of (rho + beta*b*bytes + gamma) (the bytes of one boundary message
//   per outer iteration). Then processor q ends stage s at
//   (s+q+1)*b*c1 + (s+q)*m(b) for q >= 1, so the critical path is
//   CT = (S+Q-1)*b*c1 and TT = (S+Q-2)*m(b) (+ the messages outside the
//   recurrence), and b is the divisor of M that minimizes CT + TT
//   (b = M is one stage: the serialized order). Exact when every outer
//   iteration does the same work; otherwise a note says it is an average.
//   Under CYCLIC(k) the chain wraps around the processors: the carrying
//   loop has G > Q owner segments (G - 1 boundary messages per outer
//   iteration), r = G/Q per processor, each b*c1/r per stage. A processor
//   runs its S*r segment stages one after another once the pipeline is
//   full, and the chain itself is S + G - 1 steps long: steps =
//   max(S*r + Q - 1, S + G - 1), CT = steps * b*c1/r, TT = (steps - 1) *
//   m(b). Under BLOCK (G = Q, r = 1) this is the schedule above.
//   PartScope does not interchange loops: a recurrence carried by the
//   outermost loop (ADI's forward sweep under (*,BLOCK)) is serialized,
//   as an HPF compiler executing the source order does. So is one inside a
//   DO WHILE: its test decides the next iteration only once the last one
//   has ended on every processor, so its iterations are no stages.
//
// Flow dependences come from the exact (isl) analysis of
// symbolic/dependences.h; a non-affine reference makes a conservative
// dependence at every level, which serializes when it crosses processors.

#include "estimate/communication.h"
#include "estimate/iteration-space.h"
#include "estimate/reference-plan.h"
#include "machine/machine-profile.h"
#include "mapping/mapping.h"
#include "program/model.h"
#include "symbolic/dependences.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps::estimate {

enum class ParallelismKind { Parallel, Serialized, Pipelined };

/// "parallel", "serialized", "pipelined".
const char* parallelismName(ParallelismKind kind);

/// The outermost flow dependence carried across processors.
struct Recurrence {
  std::string array;     // the array whose value flows between owners
  int level = 0;         // nest level of the carrying loop (0: the selected loop)
  int loopLine = 0;      // line of its DO statement
  std::string variable;  // its variable
  int processorsDim = 0; // processors dimension crossed (0-based)
  int arrayDim = 0;      // dimension of `array` distributed onto it (1-based; 0 if not one of its dimensions)
  bool exact = true;     // false: assumed for a non-affine reference (see reason)
  std::string reason;
};

/// The decision for one nest under one mapping (no times yet).
struct ParallelismDecision {
  ParallelismKind kind = ParallelismKind::Parallel;
  std::optional<Recurrence> recurrence;
  std::vector<std::string> arrays;   // arrays of every crossing dependence (their reads are the stage messages)
  std::vector<int> crossedDims;      // processors dimensions crossed
  std::int64_t outerIterations = 0;  // pipelined: M, the iterations of the levels outer to the carrier
  bool uniformStages = true;         // pipelined: every outer iteration has the same inner bounds
  std::string whyNotPipelined;       // serialized: one clause ("the carrying loop is the outermost loop")
  /// Lines of INDEPENDENT loops that carry a crossing dependence the
  /// analysis found or could not rule out: set aside, as the assertion
  /// says there is none (HPF 2.0, Sec. 5.1).
  std::vector<int> assertedIndependent;
};

/// Decides whether the nest rooted at `nest` runs in parallel, serialized
/// or pipelined under `mapping` (values of the unknowns in `values`).
/// Statements whose owner is not distributed (replicated arrays, scalars)
/// execute everywhere and make no recurrence across processors.
ParallelismDecision decideParallelism(const program::Unit& unit, const program::Loop& nest,
                                      const mapping::Mapping& mapping, const symbolic::Bindings& values);

/// A statement of the nest as decideParallelism sees it at fixed values of
/// the unknowns: its space and the plan of its owner (distributed written)
/// reference; `owner` is empty when it executes everywhere, `space` when the
/// statement could not be analysed. Independent of the mapping's sizes.
struct OwnedStatement {
  const program::Statement* st = nullptr;
  std::optional<IterationSpace> space;
  std::optional<ReferencePlan> owner;
};

/// What decideParallelism reads of the nest at fixed values: its
/// statements (by increasing id) and flow dependences.
/// Built once per values (a compiled estimate keeps it across points); its
/// owner plans' `map` may point into any mapping of the same structure.
struct NestOwners {
  std::vector<OwnedStatement> statements;
  std::vector<symbolic::Dependence> dependences; // nestFlowDependences (a copy: that memo is bounded)
  const OwnedStatement& of(int statementId) const;
};

/// The owners of the nest rooted at `nest` at `values` under the structure of `mapping`.
NestOwners nestOwners(const program::Unit& unit, const program::Loop& nest, const mapping::Mapping& mapping,
                      const symbolic::Bindings& values);

/// decideParallelism from owners built once per values (`owners` from
/// nestOwners under a mapping of the same structure as `mapping`).
ParallelismDecision decideParallelism(const program::Unit& unit, const NestOwners& owners,
                                      const mapping::Mapping& mapping);

/// The exact flow dependences (symbolic/dependences.h) of the nest rooted at
/// `nest`, as program::loopNestOf describes it (a statement's accesses are
/// its reads, then its write), with the unknowns of `values` fixed.
/// Remembered per thread: the estimator asks again for every processor
/// count and mapping (isl takes ~1 ms per nest).
const std::vector<symbolic::Dependence>& nestFlowDependences(const program::Unit& unit, const program::Loop& nest,
                                                             const symbolic::Bindings& values);
/// The same for the nest as loopNestOf gave it (a compiled estimate builds it once).
const std::vector<symbolic::Dependence>& nestFlowDependences(const symbolic::LoopNest& nest,
                                                             const symbolic::Bindings& values);

/// Whether `record` is one of a pipelined or serialized decision's boundary
/// messages: a read of an array of a crossing dependence, placed inside the
/// carrying loop.
bool isStageRecord(const ParallelismDecision& decision, const CommRecord& record);

/// CT and TT of the nest under a decision, with the pipeline's stages.
struct Schedule {
  double ct = 0, tt = 0;  // seconds
  std::int64_t stages = 0; // pipelined: S
  std::int64_t strip = 0;  // pipelined: b, outer iterations per stage
  std::int64_t chain = 0;  // processors along the crossed dimension(s) that have work (Q)
};

/// The schedule of a decision from the owner-computes estimate: `ctPerProc`
/// (seconds per processor), the communication records and their TT sum
/// `tt`. Parallel: CT = max(ctPerProc), TT = tt unchanged.
Schedule scheduleOf(const ParallelismDecision& decision, const std::vector<double>& ctPerProc, const CommTotals& comm,
                    double tt, const mapping::Mapping& mapping, const machine::MachineProfile& machine);

} // namespace ps::estimate

#pragma once
// The first estimator: for a selected loop nest, a mapping and a machine
// profile, the P3T+ performance parameters at one point (values of the
// unknowns, processors arrangement). Numeric; closed forms come later.
// Source: P3T+ Defs. 3.1-3.3 (wd), 3.4-3.5 (nt, td, tt), 3.7-3.8 (ct),
// 3.10 (cm).

#include "estimate/cache-misses.h"
#include "estimate/communication.h"
#include "estimate/parallelism.h"
#include "estimate/work-distribution.h"
#include "machine/machine-profile.h"
#include "mapping/mapping.h"

#include <optional>
#include <string>
#include <vector>

namespace ps::estimate {

/// How the nest runs under the mapping (estimate/parallelism.h): kind is
/// "parallel", "serialized" or "pipelined"; the rest describes the
/// recurrence that limits it (empty/0 when parallel).
struct NestParallelism {
  std::string kind = "parallel";
  int loopLine = 0;          // the carrying loop's DO line
  std::string variable;      // its variable
  std::string array;         // the array whose values flow between owners
  int arrayDim = 0;          // its distributed dimension (1-based)
  std::int64_t stages = 0;   // pipelined: S stages ...
  std::int64_t strip = 0;    // ... of b iterations of the outer loops each
  std::int64_t chain = 0;    // processors that run one after another (serialized) or form the pipeline
};

/// One part of a unit estimate (unit-estimator.h): a top-level loop nest, a
/// run of statements outside loops, or a CALL with its callee's parameters
/// multiplied by the call's frequency. Seconds and bytes.
struct EstimatePart {
  enum class Kind { Loop, Statements, Call };
  Kind kind = Kind::Loop;
  int line = 0;              // the DO, the first statement, or the CALL
  std::string callee;        // Call only
  double frequency = 1;      // Loop: 1; Statements: expected statement executions; Call: expected calls
  double time = 0, ct = 0, tt = 0; // ct: the part's slowest processor
  std::int64_t nt = 0, tdBytes = 0;
  double cm = 0; // cache lines: frequency times the mean over processors (P3T+ Defs. 3.10-3.11); 0 for statements
};

/// The parameters of one loop nest (or, with `parts`, one unit) at one point.
struct Estimate {
  std::int64_t processors = 1;
  std::string arrangement;             // "16" or "4x4"
  std::vector<double> workPerProc;     // statement instances, processor order 0..P-1
  std::vector<double> ctPerProc;       // computation time per processor, s, processor order 0..P-1
  double workMax = 0, workMin = 0;
  double wd = 0;                       // Def. 3.3 over the nest's statements
  std::vector<StatementWork> statements;
  CommTotals comm;
  std::int64_t nt = 0;                 // number of transfers, all processors
  std::int64_t ntMaxPerProc = 0;       // the most any one processor receives
  std::int64_t tdBytes = 0;            // amount of data transferred, bytes
  double tt = 0;                       // transfer time, s
  double ct = 0;                       // computation time, s (slowest processor)
  double time = 0;                     // predicted time ct + tt, s
  NestParallelism parallelism;         // CT and TT above follow its schedule
  /// Cache lines each processor loads for one instance of the nest (cmL^p of
  /// cache-misses.h), processor order 0..P-1. A separate parameter, as in
  /// P3T+: it does not change ct.
  std::vector<double> cmPerProc;
  double cm = 0;     // Def. 3.10: freq(L) * mean_p cmL^p, with freq(L) = 1 (one instance, like nt and ct)
  double cmMax = 0;  // the most any one processor loads
  std::vector<std::string> notes;      // assumptions and what was not understood
  std::vector<EstimatePart> parts;     // a unit's breakdown; empty for a loop nest
};

struct EstimateResult {
  std::optional<Estimate> estimate;
  std::vector<std::string> errors;  // one sentence per missing value
  std::vector<std::string> missing; // the unknowns whose values are needed
};

/// Choices of the cost model that the papers make differently.
struct EstimateOptions {
  /// When several statements of the nest read the same element (the same
  /// array, subscripts and message placement, e.g. ADI's b(i,j-1) in its two
  /// statements), fetch it once. Off by default: DDT's phase costs count
  /// each statement's read (reproduction-targets, ADI Table 1).
  bool fetchIdenticalReadsOnce = false;
  /// Describe what LB_d and UB_d are under the mapping for each statement
  /// with a closed form (StatementWork::ownership): for --formulas and the
  /// Formulas view. compare() gives them to each variant's first point only,
  /// the one the CLI and the IDE print (they cost about 10 ms a point).
  bool formulas = false;
  /// Keep every charged exchange's messages (CommRecord::exchanges) for a
  /// message list (estimate/message-list.h). Off: costs memory.
  bool keepExchanges = false;
};

/// Estimates the nest rooted at `nest` of `unit`. Constructs the estimator
/// does not understand (non-affine references, calls, I/O) become notes and
/// conservative assumptions; only missing values of unknowns are errors.
EstimateResult estimateNest(const program::Unit& unit, const program::Loop& nest, const mapping::Mapping& mapping,
                            const machine::MachineProfile& machine, const symbolic::Bindings& values,
                            const EstimateOptions& options = {});

} // namespace ps::estimate

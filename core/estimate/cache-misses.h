#pragma once
// Cache misses per processor: the number of distinct cache lines the array
// references of a loop nest touch on each processor, counted from the
// processor's local loop trip counts without enumerating iterations.
// Source: P3T+, Defs. 3.10-3.11 (cm of a loop nest = freq(L) times the mean
// over processors of cmL^p). The paper defers cmL^p itself to Fahringer's
// array access classes (its ref. [17]; reproduction-targets, "Definitions
// (cache misses)"), so the per-processor model below is ours; it follows the
// paper's idea of array access classes and the line-counting loop cost model
// of Carr, McKinley and Tseng (ASPLOS 1994) with a capacity test per loop.

#include "estimate/reference-plan.h"

#include <optional>
#include <vector>

namespace ps::estimate {

/// One statement of the nest as the cache model sees it: its iteration
/// space, the reference whose owner executes it (none: every processor
/// executes every iteration) and its affine array references in source order.
struct CacheStatement {
  int statementId = 0;
  const IterationSpace* space = nullptr; // not null; outlives the call (not copied per point)
  std::optional<ReferencePlan> owner;
  std::vector<ReferencePlan> refs;
};

/// The cache of one processor of the machine profile, bytes (both > 0).
struct CacheGeometry {
  std::int64_t lineBytes = 64;
  std::int64_t capacityBytes = 32768;
};

struct CacheMisses {
  std::vector<double> perProc;     // cmL^p: lines loaded by processor p for one instance of the nest, order 0..P-1
  std::vector<double> perStatement; // mean over processors of the lines of the classes each statement leads, input order
  double mean = 0;                  // (1/|P|) sum_p cmL^p
  double max = 0;
  int classes = 0;                  // array access classes formed
};

/// What the model needs of a statement's iteration space alone, per loop
/// level: the mean trip count over the enclosing iterations, the range and
/// trip count at the first outer iteration (`first`: its loop values) and
/// the step. Depends on the values of the unknowns, not on the mapping: a
/// compiled estimate (compiled-estimate.h) keeps it across processor counts.
struct CacheTrips {
  std::vector<double> meanTrips;
  std::vector<std::int64_t> lo, hi, tripsAtFirst, steps, first;
};
CacheTrips cacheTrips(const IterationSpace& space);
/// The same into `out`, its vectors' storage reused.
void cacheTrips(const IterationSpace& space, CacheTrips& out);

/// A dimension's declared bounds at the values of the unknowns; nullopt
/// for a bound without a value (an assumed-size '*', an unknown).
struct DeclaredRange {
  std::optional<std::int64_t> first, last;
};

/// The declared lower bound and extent of each dimension of some arrays,
/// their declarations taken apart once into integer polynomials: what the
/// cache model lays an array out by, at new values of the unknowns without
/// GiNaC (a compiled estimate, compiled-estimate.h). A bound without a
/// value counts as 1 (lower) or 2^20 elements on (upper). Keeps a
/// reference to `unit`.
class DeclaredBounds {
public:
  DeclaredBounds(const program::Unit& unit, const std::vector<std::string>& arrays);

  /// Appends the bounds of `array` (one of the arrays given) at `values`.
  void at(const std::string& array, const symbolic::Bindings& values, std::vector<std::int64_t>& lower,
          std::vector<std::int64_t>& extent) const;

  /// The declared bounds of `array` (one of the arrays given) at `values`,
  /// one range per dimension, into `out` (its storage reused); a bound
  /// without a value stays nullopt, not 1 or 2^20 as at() has it.
  void ranges(const std::string& array, const symbolic::Bindings& values, std::vector<DeclaredRange>& out) const;

private:
  struct Dim {
    const program::Extent* extent;
    std::optional<symbolic::IntPolynomial> lower, upper; // nullopt: Expr::evaluate
  };
  std::vector<std::pair<std::string, std::vector<Dim>>> m_arrays;
};

/// The array access classes of a nest's statements (step 1 below): which
/// references group under which leader, and the leader array's declared
/// bounds. Depends on the references, their loops, the values of the
/// unknowns and the line size, not on the mapping's sizes: a compiled
/// estimate keeps it across processor counts.
struct AccessClassGroups {
  struct Group {
    int statement = 0, leader = 0;         // the leader: statements[statement].refs[leader]
    std::vector<std::vector<std::int64_t>> offsets; // per member, per dimension
    std::vector<int> countsIn;             // per level: the dimension whose index it moves (the highest), -1 none
    std::vector<std::int64_t> lower, extent; // per dimension: declared lower bound and extent
  };
  bool formed = false;
  std::vector<Group> groups;
  const DeclaredBounds* declared = nullptr; // when set, the leaders' bounds come from it (its arrays include them)
};

/// Counts cmL^p for every processor p of `mapping`.
///
/// The model. (1) Array access classes: references to the same array in the
/// same loops with the same linear part of their subscripts form one class
/// when their constant offsets differ by at most a cache line's elements in
/// the first dimension and at most two steps of the driving loop in the
/// others (a(i), a(i+1); a(i,j-1), a(i,j+1)): the class is counted once
/// (group reuse) as the bounding box of its members. (2) Layout: every array
/// is stored per processor as its local domain, column-major, starting at a
/// line boundary; a distributed dimension has the local extent ceil(N/P)
/// (BLOCK) or ceil(N/(P*k))*k (CYCLIC(k)) and a processor's own elements are
/// consecutive in it; elements read from other processors keep the local
/// coordinates of the reading processor (an overlap area, as HPF compilers
/// store shift halos). (3) Local iteration space: a loop that drives a
/// distributed dimension of the statement's owner reference runs over the
/// processor's owned indices (exact for unit coefficients and rectangular
/// bounds), other loops over their mean trip count. (4) Lines: the class's
/// elements over the inner loops k..m-1 form a box of arithmetic
/// progressions per dimension; its distinct lines are counted exactly
/// (floor sums over the start of each column, so columns sharing a line are
/// counted once) for up to two levels of strides, further levels multiply.
/// (5) Reuse across an outer loop k is kept when one iteration of k touches
/// no more lines, summed over every class inside k, than the capacity;
/// otherwise each iteration of k reloads its lines: cmL^p of a class is
/// prod_{j<k0} trip_j * lines(box over k0..m-1), k0 the outermost loop one
/// iteration of which fits. Branches are counted as taken (lines, not
/// instances); non-affine references are not counted.
/// Cost: O(P * classes * depth^2 * log n), independent of the trip counts;
/// processors whose runs and line offsets agree (the interior of a BLOCK
/// distribution, CYCLIC processors that own as much) are counted once, O(P)
/// lookups of a key; on a grid where every level and class dimension follows
/// one processors dimension the keys are built per dimension's coordinate
/// instead of per processor. Whether a working set fits is first asked of an
/// upper bound on its lines (counted only when the bound does not fit).
/// `trips`, when given, holds cacheTrips of each statement's space (same
/// order); `groups`, when given, the access classes of an earlier call
/// with the same statements at the same values (formed and kept there
/// when it is not yet `formed`). `everyProcessor` counts each processor on
/// its own and each working set asked for exactly (no bound decides that it
/// fits): the same numbers, slower (the oracle of the tests).
CacheMisses countCacheMisses(const std::vector<CacheStatement>& statements, const mapping::Mapping& mapping,
                             const program::Unit& unit, const symbolic::Bindings& values, CacheGeometry geometry,
                             const std::vector<const CacheTrips*>* trips = nullptr,
                             AccessClassGroups* groups = nullptr, bool everyProcessor = false);

/// Distinct lines of `lineBytes` bytes touched by the elements of
/// `elementBytes` bytes at byte addresses base + sum_i c_i * stride_i,
/// 0 <= c_i < count_i (`levels` as {count, stride} pairs, strides > 0).
/// Exact for up to two levels that do not interleave (the stride of the
/// outer is at least the span of the inner); further levels multiply.
double progressionLines(std::int64_t base, std::vector<std::pair<std::int64_t, std::int64_t>> levels,
                        std::int64_t elementBytes, std::int64_t lineBytes);

} // namespace ps::estimate

#pragma once
// Exact data dependences of an affine loop nest, computed with isl (the
// Integer Set Library). Only dependences.cpp touches isl: callers describe
// the nest with plain values (loops with symbolic bounds, statements with
// affine array references) and get distances per loop level back.
// Source: the standard dependence definitions (a flow dependence runs from a
// write to a later read of the same element; it is carried by the outermost
// loop level at which the two iterations differ); the papers take them as
// given (P3T+ Sec. 3.2 vectorizes communication out of loops that carry no
// dependence, DDT Sec. 3 sequentializes loops that carry one).

#include "symbolic/expr.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps::symbolic {

/// One DO loop of the nest, outermost first. `lower`, `upper` may use the
/// variables of enclosing loops of the nest and unknowns (isl parameters
/// unless `values` binds them). `step` is a non-zero integer.
struct NestLoop {
  std::string variable;
  Expr lower, upper;
  std::int64_t step = 1;
  bool boundsAffine = true; // false: the bounds are dropped (any value), a conservative superset
  int line = 0;
  /// The values are origin modulo step, between the bounds; absent: lower
  /// modulo step (a start 2 + MOD(J, 2) with step 2: origin 2 + J, lower 2).
  std::optional<Expr> origin;
  /// A step that names unknowns (an FFT stage's DO J = 1, N, 2*LS): `step`
  /// is its value at the values analysed (analyzeDependences), and the
  /// bounds count as not affine where it has none; CompiledDependences
  /// leaves such a nest to analyzeDependences.
  std::optional<Expr> stepExpr;
};

/// One array reference of a statement. `subscripts` holds one affine form
/// per dimension over the nest's loop variables (constants may hold
/// unknowns); nullopt when some subscript is not affine (or the whole array
/// is referenced), which makes every dependence on the array conservative.
struct NestAccess {
  std::string array;
  bool isWrite = false;
  std::optional<std::vector<AffineForm>> subscripts;
  /// Per subscript, true where it is not affine (the IP(I) of A(IP(I), J)):
  /// that dimension relates no iterations, the others still do (A(IP(I), J)
  /// and A(I, J) are the same element only in the same column J). Empty
  /// when every subscript is affine.
  std::vector<bool> anyValue;
  std::string text; // as written, for reasons: "a(ix(i))"
};

/// A statement of the nest: indices into NestLoopNest::loops of its
/// enclosing loops (outermost first) and its references in execution order
/// (the reads of a statement happen before its write).
struct NestStatement {
  int id = 0; // the caller's identifier (program::Statement::id); source order
  std::vector<int> loops;
  std::vector<NestAccess> accesses;
  /// Conditions over its loop variables (and unknowns) its iterations meet:
  /// the others execute nothing (program::Statement::guards).
  std::vector<AffineCondition> guards = {};
};

struct LoopNest {
  std::vector<NestLoop> loops;
  std::vector<NestStatement> statements; // in source order
};

enum class DependenceKind { Flow, Anti, Output };

/// What a dependence carried at one level does at every common level:
/// the range of the distance (target iteration minus source iteration, in
/// iterations of that loop, so a forward step counts +1 whatever the loop's
/// step sign is). nullopt bounds are unbounded (or unknown when !exact).
struct DistanceRange {
  std::optional<std::int64_t> min, max;
  bool uniform() const { return min && max && *min == *max; }
  bool zero() const { return uniform() && *min == 0; }
};

/// The part of a dependence carried by one level (the iterations of the
/// outer levels are equal and the carrying loop moves forward).
struct CarriedLevel {
  int level = 0;                       // index into the common loops (0 = outermost of the nest)
  std::vector<DistanceRange> distance; // one per common level; levels < `level` are exactly 0
};

/// A dependence between two references (source executes first).
struct Dependence {
  DependenceKind kind = DependenceKind::Flow;
  std::string array;
  int sourceStatement = 0, sourceAccess = 0; // NestStatement::id and index into its accesses
  int targetStatement = 0, targetAccess = 0;
  int commonLevels = 0;              // loops enclosing both statements
  std::vector<CarriedLevel> carried; // the levels that carry it, outermost first
  bool loopIndependent = false;      // also within one iteration of the common loops
  bool exact = true;                 // false: assumed at every level (see `reason`)
  std::string reason;                // why it is not exact: one sentence

  /// The carried part at `level`, or nullptr when that level does not carry it.
  const CarriedLevel* at(int level) const;
};

/// Flow, anti and output dependences (those of `kinds`) between every pair
/// of references to the same array in `nest` (at least one a write). Unknowns with a value in
/// `values` are fixed; the others are isl parameters, and a dependence is
/// reported when it exists for some value of them. A reference without an
/// affine subscript gives a conservative dependence carried at every common
/// level with unbounded distances and a reason; one with some (A(IP(I), J))
/// is related by those, not exact, with a reason. Never throws; isl failures become
/// conservative dependences with a reason. Cost: a few isl operations per
/// pair of references, about 0.3 ms per pair for ADI's forward sweep.
std::vector<Dependence> analyzeDependences(const LoopNest& nest, const Bindings& values = {},
                                           const std::vector<DependenceKind>& kinds = {DependenceKind::Flow,
                                                                                        DependenceKind::Anti,
                                                                                        DependenceKind::Output});

/// The dependences of `nest` (those of `kinds`) analysed once with every
/// unknown as an isl parameter: per pair of references, the values of the
/// unknowns at which each common level carries a dependence (and at which it
/// is loop-independent), and its distance bounds as piecewise affine
/// functions of them. at(values) then equals analyzeDependences(nest,
/// values, kinds) without isl: a sweep over N runs isl once, not per N.
/// Source: as analyzeDependences.
class CompiledDependences {
public:
  CompiledDependences(const LoopNest& nest, const std::vector<DependenceKind>& kinds);
  ~CompiledDependences();
  CompiledDependences(CompiledDependences&&) noexcept;
  CompiledDependences& operator=(CompiledDependences&&) noexcept;

  /// The dependences at `values`, or nullopt where the compiled form does
  /// not decide and analyzeDependences must: an unknown of the nest without
  /// a value, or some pair whose relation is affine only once the values are
  /// known (a product of unknowns, a non-affine bound or subscript), or whose
  /// distance bounds isl gives as unbounded or with a local variable it has
  /// no expression for (some loops of step 2). Floors of the unknowns
  /// (parities, n/2) are evaluated exactly.
  std::optional<std::vector<Dependence>> at(const Bindings& values) const;

  struct Pair; // one pair of references, compiled (dependences.cpp)

private:
  std::vector<Pair> m_pairs;
  bool m_decides = true; // false: some pair needs the values, so every call does
};

/// "flow", "anti", "output".
const char* kindName(DependenceKind kind);

} // namespace ps::symbolic

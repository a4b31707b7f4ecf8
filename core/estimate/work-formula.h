#pragma once
// work(S, k) as a closed form: the iterations of one statement that a
// processor executes under the owner-computes rule, as a piecewise
// polynomial in the program unknowns and the bounds LB_d, UB_d of the block
// of template indices processor k owns along processors dimension d.
// Analysis once (the symbolic sum algorithm with parameters), evaluation at
// every new (N, P) in microseconds: the loop bounds stay symbolic, the
// mapping only supplies each processor's LB_d and UB_d.
// Source: P3T+, Section 3.1: Eq. (4) (loop bounds plus LB <= J <= UB for
// processor k), Fig. 2 and Eq. (2); the paper's LB and UB are ours for
// BLOCK, BLOCK(m) and collapsed dimensions. Under CYCLIC(k) processor c
// owns the blocks LB = lb + k*(P*q + c), UB = LB + k - 1, q = 0, 1, ...
// (the last cut at the template's ub; coordinate 0 also owns what lies
// below lb, the owner of ub what lies above): work(c) is the same closed
// form summed along that progression (PiecewiseCount::sumAlong,
// O(pieces) whatever N), the cut block and the outer parts added as
// blocks. One CYCLIC dimension over more than one processor; two need a
// double sum and are counted per point (owned-iterations.h).

#include "estimate/reference-plan.h"
#include "symbolic/parametric-count.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ps::estimate {

/// The compiled work of one statement of a nest, owned by the processors
/// that own the elements of `owner` (nullptr: every processor executes).
class WorkFormula {
public:
  /// Builds the closed forms; nullopt with `why` when a loop has a step
  /// other than 1 or -1, a bound or subscript is not affine in the loop
  /// variables and unknowns, a coefficient is not unit after elimination,
  /// or there are more than 12 loop variables, unknowns and bounds.
  /// `mapping` gives the structure only (which template dimensions are
  /// distributed and the alignment); its sizes are read at evaluation.
  static std::optional<WorkFormula> compile(const program::Unit& unit, int nestLoop,
                                            const program::Statement& statement,
                                            const program::ArrayReference* owner, const mapping::Mapping& mapping,
                                            std::string* why);

  /// work(S, p) for p = 0..P-1 of `mapping` (same structure as compiled) at
  /// `values` of the unknowns and PARAMETER constants (the loop bounds are
  /// compiled as written: program::Loop::upperAsWritten). nullopt, with the
  /// reason in `why`, when a value is missing, a value or template bound is
  /// beyond +-2^38, or two dimensions are CYCLIC (then the work is counted
  /// per point instead).
  std::optional<std::vector<double>> perProcessor(const symbolic::Bindings& values, const mapping::Mapping& mapping,
                                                  std::string* why = nullptr) const;
  /// True when perProcessor would give the work at these arguments: the
  /// same checks, without evaluating work(k) (O(P1 + P2 + ...), not O(P)).
  bool applies(const symbolic::Bindings& values, const mapping::Mapping& mapping, std::string* why = nullptr) const;
  /// The statement's iterations in the sequential program, W(S).
  std::optional<double> total(const symbolic::Bindings& values) const;

  /// work(k) with the parameters' names: the unknowns, LB1, UB1, LB2, ...
  const symbolic::PiecewiseCount& workFormula() const { return *m_work; }
  /// W(S) in the unknowns.
  const symbolic::PiecewiseCount& totalFormula() const { return *m_total; }
  /// work(k) and W(S) printed as plain text and LaTeX, printed on first
  /// use and kept: every estimate's Formulas view and JSON show them
  /// again, and printing costs more than evaluating. Thread-safe.
  struct Printed {
    std::string workText, workLatex, totalText, totalLatex;
  };
  const Printed& printed() const;
  /// What LB_d and UB_d are under `mapping` for processor coordinate c_d
  /// (one line per owner dimension, e.g. "LB1 = 1 + 64*c1, UB1 = 64 + 64*c1
  /// (BLOCK over 4 processors; c1 = 0..3)").
  std::vector<std::string> ownership(const mapping::Mapping& mapping) const;

private:
  /// The distributions of the owner dimensions under `mapping`; nullopt with `why` if not the compiled structure.
  std::optional<std::vector<const mapping::DimensionDistribution*>> ownerDists(const mapping::Mapping& mapping,
                                                                              std::string* why) const;

  std::vector<std::string> m_unknowns;
  std::string m_ownerArray;     // empty: every processor executes
  std::vector<int> m_ownerDims; // processors dimensions that constrain the iterations
  std::shared_ptr<const symbolic::PiecewiseCount> m_work, m_total;
  struct LazyPrinted {
    std::once_flag once;
    Printed value;
  };
  std::shared_ptr<LazyPrinted> m_printed = std::make_shared<LazyPrinted>();
};

/// The formula of (unit, nest, statement, owner, mapping structure),
/// compiled on first use and kept: later estimates of the same code at
/// other sizes or processor counts only evaluate it. nullptr when it has no
/// closed form (`why` says why). Thread-safe.
std::shared_ptr<const WorkFormula> cachedWorkFormula(const program::Unit& unit, int nestLoop,
                                                     const program::Statement& statement,
                                                     const program::ArrayReference* owner,
                                                     const mapping::Mapping& mapping, std::string* why);

} // namespace ps::estimate

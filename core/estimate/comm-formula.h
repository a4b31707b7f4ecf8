#pragma once
// NT and TD of one charged communication record as closed forms in the
// program unknowns, the processors per dimension (P, or P1, P2) and the
// receiving processor's coordinates (p, or p1, p2): per processor NT(p),
// TD(p), and the totals as sums of those over the processors. Exact,
// floors, ceilings, min and max kept (symbolic/int-term.h).
// Covered: box nests (bounds affine in the unknowns, step 1) whose template
// indices follow one loop each with unit stride, under BLOCK, BLOCK(m),
// CYCLIC, CYCLIC(k) and '*': shifts by a constant (stencils), reads of a
// fixed row or column by every owner (broadcasts), replicated executors,
// and the reduction tree. Transposes, gathers and non-unit strides have no
// formula (`why` says so; the estimate counts them per point).
// Source: P3T+, Defs. 3.4-3.5 (nt, td per processor and in total; tt as
// the machine's rho + beta*bytes + gamma*hops per message); the owner
// functions of HPF 2.0, Sec. 3.3. The per-point count (communication.h)
// is the oracle (tests/estimate/comm-formula-test.cpp).

#include "estimate/communication.h"
#include "estimate/reference-plan.h"
#include "machine/machine-profile.h"
#include "symbolic/int-term-simplify.h"
#include "symbolic/int-term.h"

#include <optional>
#include <string>
#include <vector>

namespace ps::estimate {

/// Per-processor and total NT (messages) and TD (bytes) of one record.
struct CommCounts {
  std::vector<std::int64_t> nt, td; // receiving processor, linear order 0..P-1
  std::int64_t ntTotal = 0, tdTotal = 0;
  /// The printed closed totals (CommFormula::ntTotal) at this point, when
  /// the formula has them and their facts hold: equal to ntTotal, tdTotal.
  std::optional<std::int64_t> ntClosedTotal, tdClosedTotal;
};

class CommFormula {
public:
  /// The formula of the messages addReadMessages charges for `read` by
  /// the processors executing `exec` (nullptr or replicated: all) with
  /// placement `placement`; nullopt with a one-line `why` outside the
  /// covered shapes. `mapping` supplies the structure (formats, alignment,
  /// arrangement rank); sizes are symbols checked at evaluation.
  static std::optional<CommFormula> forRead(const program::Unit& unit, const IterationSpace& space,
                                            const ReferencePlan* exec, const ReferencePlan& read, int placement,
                                            const mapping::Mapping& mapping, const machine::MachineProfile& machine,
                                            std::string* why);
  /// The combine of a reduction of a `bytes`-sized scalar (addReduction's
  /// binary tree over the linear processor numbers).
  static CommFormula forReduction(int bytes, const mapping::Mapping& mapping, const machine::MachineProfile& machine);

  /// NT and TD at `values` of the unknowns (PARAMETER constants are added)
  /// on `mapping`'s arrangement; nullopt with `why` when a value is
  /// missing, the arrangement's rank or a template's bounds differ from
  /// the compiled ones, or the point is outside the formula's domain (an
  /// index leaves its template: the per-point count clamps it).
  std::optional<CommCounts> evaluate(const symbolic::Bindings& values, const mapping::Mapping& mapping,
                                     std::string* why = nullptr) const;

  /// Printed pieces, plain text and LaTeX.
  struct Text {
    std::string text, latex;
  };
  Text ntPerProcessor() const; // "NT(p) = ..."
  Text tdPerProcessor() const; // "TD(p) = ..." in bytes
  Text ntTotal() const;        // "NT = sum over p ... = closed form" (or the sum alone)
  Text tdTotal() const;
  /// NT(p) and TD(p) as compiled (`readable` false) or as printed: simplified
  /// (int-term-simplify.h) in the named block sizes b1 = ceil(N1/P1), ...,
  /// equal to the compiled ones wherever readableHolds.
  const symbolic::IntTerm& ntTerm(bool readable) const { return readable ? m_ntShown : m_nt; }
  const symbolic::IntTerm& tdTerm(bool readable) const { return readable ? m_tdShown : m_td; }
  /// The printed closed totals (sums of the printed NT(p), TD(p) over the
  /// processors), when the simplifier finds them.
  const std::optional<symbolic::IntTerm>& ntTotalTerm() const { return m_ntSum; }
  const std::optional<symbolic::IntTerm>& tdTotalTerm() const { return m_tdSum; }
  /// Adds the block sizes to `b` (which binds the unknowns, PARAMETERs and
  /// processor counts) and says whether the facts the simplified form
  /// assumes hold there (b >= 1, extents >= 1).
  bool readableHolds(symbolic::Bindings& b) const;
  /// The transfer time as the machine profile prices it (not a closed form
  /// of the per-point maximum over processors): the expression and its
  /// constants, or the calibrated curve it reads.
  Text tt() const { return m_tt; }
  /// Definitions the formulas use (block sizes, template bounds, the
  /// linear processor number) and the domain where they hold.
  const std::vector<std::string>& where() const { return m_where; }
  const std::string& pattern() const { return m_pattern; }

private:
  std::string m_pattern;
  std::vector<std::string> m_coords;      // symbols of the receiving processor's coordinates
  std::vector<std::string> m_procSymbols; // processors per dimension
  symbolic::IntTerm m_nt, m_td, m_domain;
  struct BoundCheck { // a template bound the formulas name, checked against the mapping at evaluation
    int templ = 0, dim = 0;
    bool upper = false;
    symbolic::IntTerm term;
  };
  std::vector<BoundCheck> m_boundChecks;
  symbolic::Bindings m_parameters;
  int m_rank = 1;
  bool m_linear = false; // formulas in the linear processor number p (the reduction)
  int m_reductionBytes = 0; // the reduction's scalar, bytes per message
  Text m_tt;
  std::vector<std::string> m_where;
  // the printed forms: simplified under m_facts, in the block sizes m_blocks
  symbolic::TermFacts m_facts;
  std::vector<std::pair<std::string, symbolic::IntTerm>> m_blocks;
  symbolic::IntTerm m_ntShown, m_tdShown, m_domainShown;
  std::optional<symbolic::IntTerm> m_ntSum, m_tdSum;
  struct BlockSite { // a BLOCK dimension's block size ceil((hi - lo + 1)/P) and bounds
    int dim = 0;
    symbolic::IntTerm block, lo, hi;
  };
  void makeReadable(const std::vector<BlockSite>& sites, const program::Unit& unit);
};

/// Sets `record`'s formula (or formulaWhy) from CommFormula::forRead.
void attachReadFormula(CommRecord& record, const program::Unit& unit, const IterationSpace& space,
                       const ReferencePlan* exec, const ReferencePlan& read, int placement,
                       const mapping::Mapping& mapping, const machine::MachineProfile& machine);

} // namespace ps::estimate

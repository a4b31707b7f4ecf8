#pragma once
// The HPF directives of a plan's chosen solution and the edit that puts
// them into the program: PROCESSORS, TEMPLATE (one per group of arrays of
// the same shape), ALIGN, DISTRIBUTE, DYNAMIC when the solution remaps, and
// REDISTRIBUTE / REALIGN before the phases that need another mapping
// (inside an iterative loop, before its first phase when the back edge
// arrives with another mapping). The unit's existing mapping directives
// are replaced. Source: HPF 2.0, Secs. 3.3-3.7 and 8 (approved extensions:
// DYNAMIC, REDISTRIBUTE, REALIGN); DDT (Ayguade et al. 1997), Fig. 6b.

#include "ddt/plan.h"
#include "fortran/ast-unit.h"

#include <string>
#include <vector>

namespace ps::ddt {

struct HpfInsertion {
  int beforeLine = 0;              // 1-based line the block goes in front of
  std::vector<std::string> lines;  // directive lines, with the sentinel
};

struct HpfEdit {
  std::vector<int> removedLines;   // 1-based lines of the unit's old mapping directives
  std::vector<HpfInsertion> insertions; // ascending by line
  std::vector<std::string> notes;  // what could not be expressed

  /// Every inserted line, each remapping preceded by a comment naming its line.
  std::string text() const;
};

/// The edit for `plan`'s chosen solution of its unit (`unit` of `parsed`),
/// written with "CHPF$ " in fixed form and "!HPF$ " in free form.
HpfEdit hpfEdit(const Plan& plan, const program::Unit& unit, const fortran::ParsedFile& parsed);

/// `source` with `edit` applied (lines removed, blocks inserted).
std::string applyHpfEdit(const std::string& source, const HpfEdit& edit);

} // namespace ps::ddt

#pragma once
// Reference patterns of a phase: A(i_1..i_m) <- B(j_1..j_n), one per pair of
// the left-hand side of an assignment and an array read on its right-hand
// side (self-references included; the alignment graph skips them, movement
// pricing does not). Subscripts are numeric affine forms in the loop
// variables, the program unknowns already bound.
// Source: DDT (Ayguade et al. 1997), Sec. 3.1.

#include "program/model.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ps::ddt {

/// One subscript: sum of coefficient * loop variable + constant, or not
/// affine (then only `text` is meaningful).
struct SubscriptForm {
  bool affine = false;
  std::map<std::string, std::int64_t> coefficients; // loop variable -> non-zero coefficient
  std::int64_t constant = 0;
  std::string text;

  /// const(exp) of DDT Table 3: affine without loop variables.
  bool isConstant() const { return affine && coefficients.empty(); }
  /// The single loop variable with coefficient +-1..k, or "" when there are none or several.
  std::string singleVariable() const;
  bool operator==(const SubscriptForm& o) const
  {
    return affine == o.affine && coefficients == o.coefficients && constant == o.constant;
  }
};

struct ReferencePattern {
  std::string lhs;                   // A, lower case
  std::vector<SubscriptForm> lhsSubs;
  std::string rhs;                   // B, lower case
  std::vector<SubscriptForm> rhsSubs;
  int statementId = -1;
  int line = 0;
  bool fromCondition = false;        // B appears in an IF condition guarding the assignment

  bool isSelf() const { return lhs == rhs; }
};

/// The left-hand side of an assignment to an array element.
struct ArrayAccess {
  std::string array;
  std::vector<SubscriptForm> subs;
  int line = 0;
};

/// The array element targets of the assignments among `statements`.
std::vector<ArrayAccess> assignmentTargets(const std::vector<const program::Statement*>& statements,
                                           const symbolic::Bindings& values);

/// Per statement, the reference whose owner executes it: the array element
/// assigned, else (a scalar reduction such as s = max(s, r(i,j)), or a
/// condition) the first array element read; empty `array` when the
/// statement touches no array element (every processor executes it).
std::vector<ArrayAccess> ownerReferences(const std::vector<const program::Statement*>& statements,
                                         const symbolic::Bindings& values);

/// The patterns of `statements` (assignments to array elements only; reads
/// in scalar assignments produce no pattern). Subscript constants are
/// evaluated with `values`; a subscript that does not evaluate is not affine.
std::vector<ReferencePattern> referencePatterns(const program::Unit& unit,
                                                const std::vector<const program::Statement*>& statements,
                                                const symbolic::Bindings& values);

} // namespace ps::ddt

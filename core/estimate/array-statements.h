#pragma once
// Statements on whole distributed arrays (Fortran 90 array syntax): which
// of them run where the elements are, so that each processor does its own
// elements and nothing moves. A reduction of whole arrays to a scalar
// (S = MAXVAL(D)) reduces each processor's own elements, then the values
// combine; an elementwise assignment of arrays mapped alike (P = R +
// BETA*P) updates each processor's own elements. Owner-computes as HPF
// 1.1, Sec. 3 defines it, for array assignments read element by element
// (Fortran 90, Sec. 7.5.1.5).

#include "mapping/mapping.h"
#include "program/model.h"
#include "symbolic/evaluation.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ps::estimate {

/// The right-hand side of an assignment's text, after its '=' (not one of
/// a logical IF's <=, >=, == or /=: IF (A(I) >= 0) S = S + A(I)); "" without.
std::string assignedValue(const std::string& text);

/// Whether every element of `a` lives where the same element of `b` does:
/// along each processors dimension, the same array dimension at the same
/// stride and offset of templates dimensions distributed alike (two arrays
/// of one spec have templates of their own).
bool mappedAlike(const mapping::Mapping& mapping, const mapping::ArrayMapping& a, const mapping::ArrayMapping& b);

/// For s = MAXVAL(D) (MINVAL, SUM, PRODUCT, COUNT, ANY, ALL, NORM2,
/// DOT_PRODUCT of whole arrays, or of an expression of them: MAXVAL(ABS(U -
/// V))), or an IF testing one of a whole array (IF (MAXVAL(D) > TOL)): the
/// first whole distributed array it reads, when every distributed array it
/// reads is whole and mapped as that one; nullptr otherwise. Each processor
/// reduces its own elements, then the values combine.
const program::ArrayReference* wholeArrayReduction(const program::Statement& st, const mapping::Mapping& mapping);

/// For A = expr or A(:,:) = expr, expr elementwise in arrays of A's shape
/// (whole, or every subscript a bare ':') and scalars, through elemental
/// intrinsics only (ABS, SQRT, MAX, ...; not CSHIFT, TRANSPOSE, MATMUL,
/// ...): A's reference, when A is distributed and every distributed array
/// read is mapped as A (mappedAlike, declared with the same bounds);
/// nullptr otherwise. Each processor assigns the elements it owns from
/// elements it owns.
const program::ArrayReference* elementwiseArrayAssignment(const program::Statement& st, const program::Unit& unit,
                                                          const mapping::Mapping& mapping);

/// For the mask of a WHERE (the Control statement of WHERE (A > 0.0) B =
/// SQRT(A), or of a WHERE construct): the write of its first masked
/// assignment, when every masked assignment (ELSEWHERE's too) is
/// elementwise (elementwiseArrayAssignment) onto arrays mapped as that one
/// and the mask is elementwise in whole arrays of that shape mapped alike
/// too; nullptr otherwise. Each processor evaluates the mask on the
/// elements it owns (Fortran 90, Sec. 7.5.3: the mask is evaluated for
/// every element, then the assignments run where it holds).
const program::ArrayReference* elementwiseMask(const program::Statement& st, const program::Unit& unit,
                                               const mapping::Mapping& mapping);

/// Whether `st` is the mask of a WHERE statement or construct (the Control
/// statement on its WHERE line).
bool isWhereMask(const program::Statement& st);

/// elementwiseArrayAssignment, or for a WHERE mask elementwiseMask: the
/// array whose owners run `st`, element by element.
const program::ArrayReference* elementwiseTarget(const program::Statement& st, const program::Unit& unit,
                                                 const mapping::Mapping& mapping);

/// Why a statement elementwiseTarget accepted has the work it has, for the
/// formulas: "an array assignment: each processor assigns the elements of
/// 'B' it owns", or the same of a WHERE mask.
std::string elementwiseWhy(const program::Statement& st, const std::string& array);

/// The part of elementwiseTarget that depends on the sizes (the owners'
/// bounds and blocks): every distributed array `st` reads is mapped as
/// `target`, the array it returned. For a statement elementwiseTarget
/// accepted under a mapping of the same structure (a new N or P).
bool readsAligned(const program::Statement& st, const mapping::Mapping& mapping, const std::string& target);

/// The elements one dimension of a reference reads: lower, lower +
/// stride, ... up to upper (stride > 0; none when upper < lower).
struct ElementRange {
  std::int64_t lower = 0, upper = -1, stride = 1;
  std::int64_t count() const;
};

/// How many elements of the distributed array `ref` names each processor
/// owns (processor order 0..P-1; a local copy counts where the array is
/// replicated along a processors dimension): all of them for a whole
/// reference, else those of its section (triplets with fixed bounds,
/// constant subscripts; clipped to the declared bounds), extents and
/// bounds evaluated at `values`; nullopt
/// when the array is not distributed, a bound has no value, a subscript
/// follows a loop, an alignment stride is not 1, or a distributed
/// dimension's triplet strides by more than 1.
std::optional<std::vector<double>> ownedElements(const program::Unit& unit, const mapping::Mapping& mapping,
                                                 const symbolic::Bindings& values, const program::ArrayReference& ref);

/// The elements `ref` names (its array's declared extents where it is
/// whole, its section's otherwise, clipped to the declared bounds, at
/// `values`; the product saturating at INT64_MAX); nullopt when a bound has
/// no value or a subscript follows a loop. `clipped`, when given, says
/// whether the section reaches outside its array (W(0:N) of W(1:N)).
std::optional<std::int64_t> elementCount(const program::Unit& unit, const symbolic::Bindings& values,
                                         const program::ArrayReference& ref, bool* clipped = nullptr);

} // namespace ps::estimate

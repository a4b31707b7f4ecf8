#pragma once
// The intrinsic procedures of Fortran 77 and 90 (specific and generic names)
// plus the common vendor ones gfortran knows (DFLOAT, DCONJG, DCMPLX, ZABS,
// CDABS, IARGC, ETIME, ...), with their result types, so that they need no
// declaration under IMPLICIT NONE.
// Source: ANSI X3.9-1978 (F77), Table 5; Fortran 90, Sec. 13.10-13.13;
// the GNU Fortran manual, "Intrinsic Procedures".

#include <string_view>

namespace ps::fortran {

/// The type of an intrinsic's result. SameAsArgument: the generic functions
/// (ABS, MAX, SQRT, SUM, ...); Subroutine: CALLed, no result.
enum class IntrinsicType {
  SameAsArgument,
  Integer,
  Real,
  DoublePrecision,
  Complex,
  DoubleComplex,
  Logical,
  Character,
  Subroutine
};

struct Intrinsic {
  std::string_view name; // lower case
  IntrinsicType type;
};

/// The intrinsic called `name` (lower case), or nullptr.
const Intrinsic* findIntrinsic(std::string_view name);

/// Whether the intrinsic `name` (lower case) is elemental: applied to
/// arrays element by element (ABS, SQRT, MAX, MOD, ...; not SUM, MATMUL,
/// CSHIFT, TRANSPOSE). Source: Fortran 90, Sec. 13.13, and the F77
/// specific names (DSQRT, AMAX1, ...).
bool isElemental(std::string_view name);

} // namespace ps::fortran

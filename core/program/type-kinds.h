#pragma once
// The kind of a type given by an expression: REAL(DP) with DP =
// KIND(1.0D0), COMPLEX(KIND=WP) with WP = SELECTED_REAL_KIND(12, 100).
// F90 codes of the 1990s name their kinds so; taken as the default kind,
// a REAL(DP) array counted half its bytes in every transfer. Kind numbers
// are gfortran's (the byte count of a REAL or INTEGER; a COMPLEX is a pair).
// Source: Fortran 90, Secs. 4.3.1, 13.13.52 (KIND), 13.13.93-94
// (SELECTED_INT_KIND, SELECTED_REAL_KIND).

#include "fortran/ast-declaration.h"

#include <functional>
#include <optional>
#include <string>

namespace ps::program {

/// The value of a named integer constant, or nullopt.
using ConstantLookup = std::function<std::optional<long long>(const std::string& name)>;

/// The kind `expr` (compacted, lower case: "8", "dp", "kind(1.0d0)",
/// "selected_real_kind(12,100)", "selected_int_kind(9)") stands for;
/// nullopt when it cannot be told (a name without a value, another
/// function). KIND(x) of a literal: 8 with a D exponent, else 4.
std::optional<int> kindOf(const std::string& expr, const ConstantLookup& constant);

/// Bytes of one element of `type`, its kindExpr resolved by kindOf
/// (fortran::elementBytes where it has none or it cannot be told).
int elementBytes(const fortran::TypeSpec& type, const ConstantLookup& constant);

} // namespace ps::program

#pragma once
// Expressions. Source: Fortran 90 standard, section 7.1 (expressions) and
// 6.2 (array elements and sections); F77 section 6.

#include "fortran/source.h"

#include <string>
#include <vector>

namespace ps::fortran {

enum class ExprKind {
  Missing,     // an absent optional part (e.g. the stride of a triplet)
  Integer,     // text: digits
  Real,        // text: as written
  Logical,     // text: ".true." / ".false."
  String,      // text: the characters
  Name,        // text: lower-case name (scalar, or a whole array)
  ArrayRef,    // text: array name; operands: subscripts (expressions or Triplet)
  FunctionRef, // text: function name; operands: actual arguments
  Unary,       // op: Neg, Plus, Not; operands[0]
  Binary,      // op; operands[0], operands[1]
  Triplet,     // section subscript lower:upper:stride; operands[0..2], Missing when absent
  Star,        // '*' in HPF alignment subscripts and assumed-size bounds
};

enum class Op { Add, Sub, Mul, Div, Pow, Concat, Neg, Plus, Lt, Le, Gt, Ge, Eq, Ne, And, Or, Not, Eqv, Neqv };

/// Fortran spelling of `op` (upper case for dotted operators).
const char* opSpelling(Op op);

struct Expr {
  ExprKind kind = ExprKind::Missing;
  SourceRange range;
  std::string text;
  Op op = Op::Add;
  std::vector<Expr> operands;

  bool missing() const { return kind == ExprKind::Missing; }
};

/// Fortran-like text of `e` (names lower case), for dumps and messages.
std::string toString(const Expr& e);

} // namespace ps::fortran

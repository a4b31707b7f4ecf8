#pragma once
// Expressions. Source: Fortran 90 standard, section 7.1 (expressions),
// 6.2 (array elements and sections), 6.1.2 (structure components) and 4.5
// (array constructors (/ ... /)); Fortran 2003, 4.8 ([ ... ], type-spec ::);
// F77 section 6.

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
  Component,   // parent%name[(subscripts)]: text: component name; operands[0]: the
               // parent (Name, ArrayRef or Component); operands[1..]: the component's
               // subscripts (none when it has no parentheses)
  ArrayConstructor, // (/ ... /) or [ ... ]: text: the type-spec before '::' as
                    // written in lower case ("" when none); operands: the values
  StructureConstructor, // type-name(values) of a derived type defined in the file
                        // (Fortran 90, R431): text: the type name; operands: values
  ImpliedDo,   // (values, var = lower, upper [, stride]) inside a constructor: text:
               // var; operands[0..2]: lower, upper, stride (Missing when absent);
               // operands[3..]: the values
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
  /// An actual argument passed by keyword (CSHIFT(U, DIM=2, SHIFT=1)): the
  /// keyword, lower case; empty otherwise.
  std::string keyword;

  bool missing() const { return kind == ExprKind::Missing; }
};

/// Fortran-like text of `e` (names lower case), for dumps and messages.
std::string toString(const Expr& e);

} // namespace ps::fortran

#pragma once
// Specification statements. Source: Fortran 90 standard, section 5 (type
// declarations with attributes, DIMENSION, PARAMETER, IMPLICIT, COMMON,
// EXTERNAL, INTRINSIC, SAVE, DATA; TYPE(name) entities, 5.1.1.7); F77 REAL*8
// style kinds.

#include "fortran/ast-expression.h"

#include <optional>
#include <vector>

namespace ps::fortran {

/// Derived: TYPE(name), the name in TypeSpec::derivedName (the definition
/// itself is skipped by the parser: components are not modelled).
enum class BaseType { Integer, Real, DoublePrecision, Complex, DoubleComplex, Logical, Character, Derived };

struct TypeSpec {
  BaseType base = BaseType::Real;
  /// Bytes of one element from *8 (COMPLEX*16: the pair) or (kind=8)
  /// (COMPLEX(8): twice the kind); 0 means the default or `kindExpr`.
  int kindBytes = 0;
  /// A kind given by an expression, compacted ("dp", "kind(1.0d0)",
  /// "selected_real_kind(12,100)"): resolved by the program model
  /// (program/type-kinds.h); empty otherwise.
  std::string kindExpr;
  SourceRange range;
  std::string derivedName; // Derived: the type's name, lower case
};

/// Bytes of one element of `type` (defaults: INTEGER/REAL/LOGICAL 4, DOUBLE
/// PRECISION 8, COMPLEX 8, DOUBLE COMPLEX 16, CHARACTER 1). A derived type
/// counts 8 bytes: its components are not read, so its size is unknown and
/// it is taken as one DOUBLE PRECISION word.
int elementBytes(const TypeSpec& type);
const char* baseTypeName(BaseType base);

/// lower:upper of one dimension; lower Missing means 1; upper Star means
/// assumed size; upper Missing means deferred shape (':').
struct DimSpec {
  Expr lower;
  Expr upper;
};

struct EntityDecl {
  std::string name;
  SourceRange range;
  std::vector<DimSpec> dims;
  Expr init; // PARAMETER value or initializer; Missing when none
};

/// StatementFunction: f(x, y) = expr before the first executable statement
/// (F77, Sec. 15.4); entities[0] is f with `init` = expr, `arguments` the dummies.
/// Use: USE module [, ONLY: list] [, renames] (F90, Sec. 11.3.2), in `use`.
enum class DeclKind {
  Type, Dimension, Parameter, Implicit, ImplicitNone, Common, External, Intrinsic, Save, Data, StatementFunction, Use,
  Other
};

struct ImplicitRule {
  TypeSpec type;
  char first = 'a';
  char last = 'z';
};

/// One name of a USE statement: `local => remote`, or `remote` alone (then
/// `local` equals it). Generic specs (OPERATOR(+), ASSIGNMENT(=)) are dropped.
struct UseName {
  std::string local;
  std::string remote;
};

/// USE m, ONLY: a, b => c  gives module "m", only = true, names {a, a}, {b, c}.
/// Without ONLY every public name of m is visible, `names` holds the renames.
struct UseSpec {
  std::string module;
  bool only = false;
  std::vector<UseName> names;
};

struct Declaration {
  DeclKind kind = DeclKind::Other;
  SourceRange range;
  std::optional<TypeSpec> type;        // Type
  bool parameterAttribute = false;     // Type with PARAMETER attribute
  std::vector<EntityDecl> entities;    // Type, Dimension, Parameter, Common, External, ...
  std::string commonName;              // Common ("" for blank common)
  std::vector<ImplicitRule> implicitRules;
  std::string keyword;                 // Other: the statement's keyword
  std::vector<std::string> arguments;  // StatementFunction: dummy names
  UseSpec use;                         // Use
};

} // namespace ps::fortran

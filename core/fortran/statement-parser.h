#pragma once
// Private to the parser: parses one logical statement into a ParsedLine, which
// the unit builder (parser.cpp) then nests into units and constructs.

#include "fortran/ast-unit.h"
#include "fortran/parse-cursor.h"

namespace ps::fortran::detail {

enum class LineKind {
  Exec, Declaration, Directive, UnitBegin, UnitEnd, EndDo, ForallBegin, EndForall, IfThen, ElseIf, Else, EndIf,
  WhereBegin, ElseWhere, EndWhere, SelectCase, Case, EndSelect, Contains, Empty
};

struct ParsedLine {
  LineKind kind = LineKind::Empty;
  int label = 0;
  SourceRange range;
  Stmt stmt;          // Exec; ForallBegin: the FORALL header; IfThen, WhereBegin, SelectCase: its constructName only
  Declaration decl;   // Declaration
  Directive dir;      // Directive
  Expr condition;     // IfThen, ElseIf; WhereBegin, ElseWhere: the mask (Missing for ELSEWHERE); SelectCase
  std::vector<Expr> caseValues; // Case (empty for CASE DEFAULT)
  bool isDefault = false;       // Case: CASE DEFAULT
  UnitKind unitKind = UnitKind::Program; // UnitBegin
  std::string name;   // UnitBegin: unit name; UnitEnd: "program", "subroutine", ... or ""
  std::vector<std::string> dummies;
  std::optional<TypeSpec> resultType;
  std::vector<std::string> prefixes; // UnitBegin: PURE, ELEMENTAL, ...
  std::string resultName; // FUNCTION ... RESULT(name)
  std::vector<std::string> warnings; // non-fatal remarks about this statement
};

/// Parses the tokens of one statement (label already consumed by the caller).
/// Throws StatementError on a syntax error.
ParsedLine parseStatement(Cursor& c);

/// Parses the body of an HPF directive line: one directive, or one per
/// attribute of a combined directive (TEMPLATE, DISTRIBUTE(BLOCK) :: t).
/// Throws StatementError.
std::vector<Directive> parseDirective(Cursor& c);

/// Parses a dimension list '(' d1, d2 ... ')' into DimSpecs.
std::vector<DimSpec> parseDimSpecs(Cursor& c);
/// The dimensions of an already parsed '(...)' list: `l:u` triplets give both
/// bounds, a single expression the upper bound.
std::vector<DimSpec> toDimSpecs(std::vector<Expr> list);

} // namespace ps::fortran::detail

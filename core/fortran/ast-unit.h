#pragma once
// Program units and the parse of a whole file. Source: Fortran 90 standard,
// section 11 (main program, external subprograms).

#include "fortran/ast-statement.h"
#include "fortran/diagnostic.h"
#include "fortran/prescanner.h"

#include <memory>

namespace ps::fortran {

/// Module: read (declarations kept), not modelled beyond them.
enum class UnitKind { Program, Subroutine, Function, BlockData, Module };

const char* unitKindName(UnitKind kind);

struct ProgramUnit {
  UnitKind kind = UnitKind::Program;
  std::string name;
  SourceRange range;                 // from the header (or first statement) to END
  std::vector<std::string> dummies;  // dummy arguments
  std::optional<TypeSpec> resultType;
  /// PURE, ELEMENTAL, RECURSIVE, EXTRINSIC(HPF_LOCAL)... in lower case, as
  /// written before SUBROUTINE or FUNCTION (HPF 1.1, Sec. 4.3; HPF 2.0, 6).
  std::vector<std::string> prefixes;
  std::string resultName;            // FUNCTION: RESULT(name), else the function's name
  /// Names of the generic interfaces the unit defines (`INTERFACE norm`):
  /// procedures to the units that see the unit; the blocks are not modelled.
  std::vector<std::string> genericNames;
  std::vector<Declaration> declarations;
  std::vector<Directive> directives; // all but INDEPENDENT (attached to DO)
  std::vector<Stmt> body;
  /// Index in ParsedFile::units of the unit whose CONTAINS part holds this
  /// one (an internal or module procedure; it sees the host's names, F90,
  /// Sec. 12.1.2.2.1); -1 for a unit of its own. Hosts come after the units
  /// they contain.
  int host = -1;
};

/// The result of parsing one file: the original text, the cooked text, the
/// units and every diagnostic. Movable; ranges stay valid with it.
struct ParsedFile {
  std::unique_ptr<SourceFile> file;
  SourceForm form = SourceForm::Free;
  std::unique_ptr<PrescanResult> prescan;
  std::vector<ProgramUnit> units;
  std::vector<Diagnostic> diagnostics;

  const CookedSource& cooked() const { return prescan->cooked; }
  /// Original 1-based line where a cooked range starts.
  int line(SourceRange range) const { return cooked().lineColumn(range).line; }
};

} // namespace ps::fortran

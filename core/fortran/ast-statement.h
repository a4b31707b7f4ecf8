#pragma once
// Executable statements and constructs. Source: Fortran 90 standard,
// sections 7.5 (assignment), 8.1 (IF and DO constructs), 8.2 (GO TO),
// 9 (I/O, kept opaque), 12.4 (CALL); labelled DO with shared terminal
// statements from F77 section 11.10; FORALL statement and construct from
// HPF 1.1 section 4.1 (Fortran 95, 7.5.4); WHERE statement and construct
// and SELECT CASE (8.1.3) from Fortran 90, 7.5.3 (Fortran 95 adds ELSEWHERE (mask) and names).

#include "fortran/ast-directive.h"
#include "fortran/ast-expression.h"

#include <optional>
#include <vector>

namespace ps::fortran {

enum class StmtKind {
  Assignment, // lhs = rhs
  Do,         // DO [label] var = lower, upper [, step]; body
  DoWhile,    // DO [label] WHILE (condition); body
  If,         // block IF construct; branches
  LogicalIf,  // IF (condition) action; body[0] is the action
  Continue,
  Call,       // name, args
  Goto,       // targets (unstructured: flagged by the program model)
  Return,
  Stop,
  Exit,
  Cycle,
  Io,         // READ/WRITE/PRINT/FORMAT/OPEN/CLOSE...: name holds the keyword
  Forall,     // FORALL (indices [, mask]) body: statement (one assignment) or construct
  SelectCase, // SELECT CASE (condition): branches, one per CASE; IfBranch::caseValues
  PointerAssignment, // lhs => rhs: no work; ignored by the model
  Where,      // WHERE (mask): branches like If, one per WHERE / ELSEWHERE (mask) /
              // ELSEWHERE (condition Missing); whereConstruct false for the statement
              // form, whose branches[0].body is the one assignment
};

/// One index of a FORALL header: name = lower : upper [: stride].
struct ForallIndex {
  std::string name;
  Expr lower, upper, stride; // stride Missing when absent
  SourceRange range;
};

struct Stmt;

/// One branch of a block IF (condition Missing for ELSE) or of a WHERE
/// (the mask; Missing for a plain ELSEWHERE), and its body.
struct IfBranch {
  Expr condition;
  SourceRange range;
  std::vector<Stmt> body;
  std::vector<Expr> caseValues = {}; // SELECT CASE: the CASE (values or ranges); empty for CASE DEFAULT
  bool isDefault = false;            // SELECT CASE: CASE DEFAULT
};

struct Stmt {
  StmtKind kind = StmtKind::Continue;
  SourceRange range; // the statement line (for constructs: the opening line)
  int label = 0;     // statement label, 0 if none

  Expr lhs, rhs;                   // Assignment
  std::string name;                // Do: variable; Call: subroutine; Io: keyword
  std::string constructName;       // a construct's name (DO, IF, SELECT, ...); Exit, Cycle: the construct named ("" if none)
  Expr lower, upper, step;         // Do (step Missing when absent)
  Expr condition;                  // DoWhile, LogicalIf; Forall: the mask (Missing if none)
  int doLabel = 0;                 // Do/DoWhile: terminal label, 0 for END DO form
  std::vector<Stmt> body;          // Do/DoWhile/Forall body; LogicalIf action
  std::vector<ForallIndex> forallIndices; // Forall, outermost first
  bool forallConstruct = false;    // Forall: FORALL ... END FORALL
  bool whereConstruct = false;     // Where: WHERE ... END WHERE
  std::vector<IfBranch> branches;  // If, Where
  std::vector<Expr> args;          // Call
  std::vector<int> targets;        // Goto
  SourceRange endRange;            // END DO / END IF / END FORALL / END WHERE / terminal statement
  int endLabel = 0;                // the label of its END DO / END IF / END SELECT line (a branch target), 0 if none
  std::optional<Directive> independent; // INDEPENDENT directive before a DO or FORALL
  std::vector<EntityDecl> allocations;   // Io "allocate": the objects and their shapes (dims empty: a scalar)
};

const char* stmtKindName(StmtKind kind);

} // namespace ps::fortran

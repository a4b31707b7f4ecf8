#pragma once
// HPF directives. Source: HPF 2.0 language specification, sections 3.3
// (DISTRIBUTE), 3.4 (ALIGN), 3.6 (PROCESSORS), 3.7 (TEMPLATE), 5.1
// (INDEPENDENT with NEW and REDUCTION); approved extensions 8.3
// (REDISTRIBUTE), 8.4 (REALIGN), 8.5 (DYNAMIC).

#include "fortran/ast-declaration.h"

namespace ps::fortran {

/// Redistribute and Realign are executable: they take effect where they
/// stand, in control-flow order. The other kinds are declarative.
enum class DirectiveKind {
  Processors,
  Template,
  Align,
  Distribute,
  Independent,
  Dynamic,
  Redistribute,
  Realign,
  Unsupported
};

enum class FormatKind { Block, Cyclic, Collapsed };

/// One dist-format: BLOCK, BLOCK(m), CYCLIC, CYCLIC(k) or '*'.
struct DistFormatSpec {
  FormatKind kind = FormatKind::Block;
  Expr size; // m or k; Missing when not written
  SourceRange range;
};

struct Directive {
  DirectiveKind kind = DirectiveKind::Unsupported;
  SourceRange range;
  std::string keyword; // the directive's keyword, lower case

  std::vector<EntityDecl> objects; // PROCESSORS / TEMPLATE: names with shapes

  // ALIGN alignee(dummies) WITH target(subscripts), or ALIGN (dummies) WITH
  // target(subscripts) :: alignees. Dummies are Name, Star or Triplet(':').
  // REALIGN has the same syntax and fields (HPF 2.0, Sec. 8.4).
  std::vector<std::string> alignees;
  std::vector<Expr> aligneeSubscripts;
  std::string target;
  std::vector<Expr> targetSubscripts;

  // DISTRIBUTE distributee(formats) [ONTO procs], or the '::' form;
  // REDISTRIBUTE has the same syntax and fields (HPF 2.0, Sec. 8.3).
  std::vector<std::string> distributees;
  std::vector<DistFormatSpec> formats;
  std::string onto;

  // DYNAMIC [::] alignee-or-distributee-list (HPF 2.0, Sec. 8.5)
  std::vector<std::string> dynamicNames;

  // INDEPENDENT [, NEW(vars)] [, REDUCTION(vars)]
  std::vector<std::string> newVariables;
  std::vector<std::string> reductionVariables;
};

const char* formatKindName(FormatKind kind);

} // namespace ps::fortran

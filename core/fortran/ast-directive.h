#pragma once
// HPF directives. Source: HPF 2.0 language specification, sections 3.3
// (DISTRIBUTE), 3.4 (ALIGN), 3.6 (PROCESSORS), 3.7 (TEMPLATE), 5.1
// (INDEPENDENT with NEW and REDUCTION).

#include "fortran/ast-declaration.h"

namespace ps::fortran {

enum class DirectiveKind { Processors, Template, Align, Distribute, Independent, Dynamic, Unsupported };

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
  std::vector<std::string> alignees;
  std::vector<Expr> aligneeSubscripts;
  std::string target;
  std::vector<Expr> targetSubscripts;

  // DISTRIBUTE distributee(formats) [ONTO procs], or the '::' form.
  std::vector<std::string> distributees;
  std::vector<DistFormatSpec> formats;
  std::string onto;

  // INDEPENDENT [, NEW(vars)] [, REDUCTION(vars)]
  std::vector<std::string> newVariables;
  std::vector<std::string> reductionVariables;
};

const char* formatKindName(FormatKind kind);

} // namespace ps::fortran

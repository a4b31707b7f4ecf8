#pragma once
// HPF directives. Source: HPF 2.0 language specification, sections 3.3
// (DISTRIBUTE, with transcriptive '*' and descriptive '*(...)' formats),
// 3.4 (ALIGN, also WITH *target), 3.6 (PROCESSORS), 3.7 (TEMPLATE), 3.8
// (INHERIT), 3.9 (combined directives: TEMPLATE, DISTRIBUTE(BLOCK) :: t),
// 4 (SEQUENCE / NO SEQUENCE), 5.1 (INDEPENDENT with NEW and REDUCTION);
// approved extensions 8.3 (REDISTRIBUTE), 8.4 (REALIGN), 8.5 (DYNAMIC),
// 8.7-8.8 (GEN_BLOCK, INDIRECT), 8.14 (RANGE), 8.15 (SHADOW), 9.2-9.3 (ON,
// RESIDENT), 9.4 (TASK_REGION).

#include "fortran/ast-declaration.h"

namespace ps::fortran {

/// Redistribute and Realign are executable: they take effect where they
/// stand, in control-flow order. On, EndOn, Resident, TaskRegion and
/// EndTaskRegion are kept as read, with no effect on the mapping. The other
/// kinds are declarative.
enum class DirectiveKind {
  Processors,
  Template,
  Align,
  Distribute,
  Independent,
  Dynamic,
  Redistribute,
  Realign,
  Inherit,
  Sequence,      // SEQUENCE or NO SEQUENCE (`noSequence`)
  On,            // ON HOME(...) / ON (procs) [, RESIDENT] [BEGIN]
  EndOn,
  Resident,
  TaskRegion,
  EndTaskRegion,
  Shadow,
  Range,
  Unsupported
};

/// GenBlock and Indirect are HPF 2.0 approved extensions (Sec. 8.7, 8.8).
enum class FormatKind { Block, Cyclic, Collapsed, GenBlock, Indirect };

/// One dist-format: BLOCK, BLOCK(m), CYCLIC, CYCLIC(k), '*', GEN_BLOCK(a) or
/// INDIRECT(a).
struct DistFormatSpec {
  FormatKind kind = FormatKind::Block;
  Expr size; // m or k, or the array of GEN_BLOCK / INDIRECT; Missing when not written
  SourceRange range;
};

/// How a dummy's mapping relates to the actual's (HPF 2.0, Sec. 3.3 and
/// 3.4): prescriptive (as written), descriptive ('*(BLOCK)', 'WITH *t':
/// the actual is asserted to be mapped so) or transcriptive ('*' alone: the
/// mapping is the actual's, whatever it is).
enum class MappingMode { Prescriptive, Descriptive, Transcriptive };

struct Directive {
  DirectiveKind kind = DirectiveKind::Unsupported;
  SourceRange range;
  std::string keyword; // the directive's keyword, lower case

  std::vector<EntityDecl> objects; // PROCESSORS / TEMPLATE: names with shapes

  // ALIGN alignee(dummies) [, alignee(dummies)] WITH [*]target(subscripts),
  // or ALIGN [(dummies)] WITH target(subscripts) :: alignee[(dummies)], ...
  // Dummies are Name, Star or Triplet(':'); alignees share one dummy list.
  // REALIGN has the same syntax and fields (HPF 2.0, Sec. 8.4).
  std::vector<std::string> alignees;
  std::vector<Expr> aligneeSubscripts;
  std::string target;
  std::vector<Expr> targetSubscripts;
  MappingMode alignMode = MappingMode::Prescriptive; // Descriptive for WITH *t

  // DISTRIBUTE distributee [*](formats) [ONTO [*]procs], or the '::' form;
  // REDISTRIBUTE has the same syntax and fields (HPF 2.0, Sec. 8.3).
  // `formatsWritten` is false for DISTRIBUTE a ONTO p (the implementation
  // chooses the formats) and for the transcriptive DISTRIBUTE a *.
  std::vector<std::string> distributees;
  std::vector<DistFormatSpec> formats;
  bool formatsWritten = false;
  MappingMode formatMode = MappingMode::Prescriptive;
  std::string onto;
  std::vector<Expr> ontoSubscripts; // ONTO p(1:2): a processors section (HPF 2.0, Sec. 8.9)

  // DYNAMIC [::] alignee-or-distributee-list (HPF 2.0, Sec. 8.5)
  std::vector<std::string> dynamicNames;
  // INHERIT [::] dummy-list (HPF 2.0, Sec. 3.8); SEQUENCE / NO SEQUENCE
  // [[::] names]; SHADOW, RANGE, RESIDENT: the names they apply to.
  std::vector<std::string> names;
  bool noSequence = false;

  // INDEPENDENT [(index-list)] [, NEW(vars)] [, REDUCTION(vars)]
  std::vector<std::string> indices;
  std::vector<std::string> newVariables;
  std::vector<std::string> reductionVariables;

  // ON HOME(ref) / ON (procs) [, RESIDENT] [BEGIN]: the home as written
  Expr home;
  bool begins = false; // ON ... BEGIN opens a block closed by END ON
};

const char* formatKindName(FormatKind kind);
const char* directiveKindName(DirectiveKind kind);

} // namespace ps::fortran

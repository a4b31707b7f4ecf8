#include "fortran/ast-unit.h"

namespace ps::fortran {

const char* opSpelling(Op op)
{
  switch (op) {
  case Op::Add: case Op::Plus: return "+";
  case Op::Sub: case Op::Neg: return "-";
  case Op::Mul: return "*";
  case Op::Div: return "/";
  case Op::Pow: return "**";
  case Op::Concat: return "//";
  case Op::Lt: return "<";
  case Op::Le: return "<=";
  case Op::Gt: return ">";
  case Op::Ge: return ">=";
  case Op::Eq: return "==";
  case Op::Ne: return "/=";
  case Op::And: return ".AND.";
  case Op::Or: return ".OR.";
  case Op::Not: return ".NOT.";
  case Op::Eqv: return ".EQV.";
  case Op::Neqv: return ".NEQV.";
  }
  return "?";
}

namespace {
int precedence(const Expr& e)
{
  if (e.kind == ExprKind::Unary)
    return e.op == Op::Not ? 2 : 5;
  if (e.kind != ExprKind::Binary)
    return 9;
  switch (e.op) {
  case Op::Pow: return 7;
  case Op::Mul: case Op::Div: return 6;
  case Op::Add: case Op::Sub: return 5;
  case Op::Concat: return 4;
  case Op::And: return 1;
  case Op::Or: case Op::Eqv: case Op::Neqv: return 0;
  default: return 3; // relational
  }
}

std::string operand(const Expr& e, int parent, bool right)
{
  const int p = precedence(e);
  const bool wrap = p < parent || (right && p == parent && parent != 7);
  return wrap ? "(" + toString(e) + ")" : toString(e);
}

std::string list(const std::vector<Expr>& items)
{
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i)
    s += (i ? "," : "") + toString(items[i]);
  return s;
}
} // namespace

std::string toString(const Expr& e)
{
  switch (e.kind) {
  case ExprKind::Missing: return "";
  case ExprKind::Integer: case ExprKind::Real: case ExprKind::Name: return e.text;
  case ExprKind::Logical: return e.text == ".true." ? ".TRUE." : ".FALSE.";
  case ExprKind::String: return "'" + e.text + "'";
  case ExprKind::Star: return "*";
  case ExprKind::ArrayRef:
  case ExprKind::FunctionRef:
  case ExprKind::StructureConstructor: return e.text + "(" + list(e.operands) + ")";
  case ExprKind::Unary: return std::string(opSpelling(e.op)) + operand(e.operands[0], precedence(e), false);
  case ExprKind::Binary:
    return operand(e.operands[0], precedence(e), e.op == Op::Pow) + opSpelling(e.op) +
           operand(e.operands[1], precedence(e), e.op != Op::Pow);
  case ExprKind::Component: {
    std::string s = toString(e.operands[0]) + "%" + e.text;
    if (e.operands.size() > 1)
      s += "(" + list({e.operands.begin() + 1, e.operands.end()}) + ")";
    return s;
  }
  case ExprKind::ArrayConstructor: return "[" + (e.text.empty() ? "" : e.text + " :: ") + list(e.operands) + "]";
  case ExprKind::ImpliedDo: {
    std::string s = "(" + list({e.operands.begin() + 3, e.operands.end()}) + "," + e.text + "=" +
                    toString(e.operands[0]) + "," + toString(e.operands[1]);
    if (!e.operands[2].missing())
      s += "," + toString(e.operands[2]);
    return s + ")";
  }
  case ExprKind::Triplet: {
    std::string s = toString(e.operands[0]) + ":" + toString(e.operands[1]);
    if (!e.operands[2].missing())
      s += ":" + toString(e.operands[2]);
    return s;
  }
  }
  return "?";
}

const char* stmtKindName(StmtKind kind)
{
  switch (kind) {
  case StmtKind::Assignment: return "assignment";
  case StmtKind::Do: return "do";
  case StmtKind::DoWhile: return "do-while";
  case StmtKind::If: return "if-construct";
  case StmtKind::LogicalIf: return "logical-if";
  case StmtKind::Continue: return "continue";
  case StmtKind::Call: return "call";
  case StmtKind::Goto: return "goto";
  case StmtKind::Return: return "return";
  case StmtKind::Stop: return "stop";
  case StmtKind::Exit: return "exit";
  case StmtKind::Cycle: return "cycle";
  case StmtKind::Io: return "io";
  case StmtKind::Forall: return "forall";
  case StmtKind::Where: return "where";
  case StmtKind::SelectCase: return "select-case";
  case StmtKind::PointerAssignment: return "pointer-assignment";
  }
  return "?";
}

const char* formatKindName(FormatKind kind)
{
  switch (kind) {
  case FormatKind::Block: return "BLOCK";
  case FormatKind::Cyclic: return "CYCLIC";
  case FormatKind::Collapsed: return "*";
  case FormatKind::GenBlock: return "GEN_BLOCK";
  case FormatKind::Indirect: return "INDIRECT";
  }
  return "?";
}

const char* directiveKindName(DirectiveKind kind)
{
  switch (kind) {
  case DirectiveKind::Processors: return "PROCESSORS";
  case DirectiveKind::Template: return "TEMPLATE";
  case DirectiveKind::Align: return "ALIGN";
  case DirectiveKind::Distribute: return "DISTRIBUTE";
  case DirectiveKind::Independent: return "INDEPENDENT";
  case DirectiveKind::Dynamic: return "DYNAMIC";
  case DirectiveKind::Redistribute: return "REDISTRIBUTE";
  case DirectiveKind::Realign: return "REALIGN";
  case DirectiveKind::Inherit: return "INHERIT";
  case DirectiveKind::Sequence: return "SEQUENCE";
  case DirectiveKind::On: return "ON";
  case DirectiveKind::EndOn: return "END ON";
  case DirectiveKind::Resident: return "RESIDENT";
  case DirectiveKind::TaskRegion: return "TASK_REGION";
  case DirectiveKind::EndTaskRegion: return "END TASK_REGION";
  case DirectiveKind::Shadow: return "SHADOW";
  case DirectiveKind::Range: return "RANGE";
  case DirectiveKind::Unsupported: return "unsupported";
  }
  return "?";
}

const char* unitKindName(UnitKind kind)
{
  switch (kind) {
  case UnitKind::Program: return "program";
  case UnitKind::Subroutine: return "subroutine";
  case UnitKind::Function: return "function";
  case UnitKind::BlockData: return "block data";
  case UnitKind::Module: return "module";
  }
  return "?";
}

const char* baseTypeName(BaseType base)
{
  switch (base) {
  case BaseType::Integer: return "INTEGER";
  case BaseType::Real: return "REAL";
  case BaseType::DoublePrecision: return "DOUBLE PRECISION";
  case BaseType::Complex: return "COMPLEX";
  case BaseType::DoubleComplex: return "DOUBLE COMPLEX";
  case BaseType::Logical: return "LOGICAL";
  case BaseType::Character: return "CHARACTER";
  case BaseType::Derived: return "TYPE";
  }
  return "?";
}

int elementBytes(const TypeSpec& type)
{
  switch (type.base) {
  case BaseType::DoublePrecision: return 8;
  case BaseType::DoubleComplex: return 16;
  case BaseType::Character: return 1;
  case BaseType::Derived: return 8;
  case BaseType::Complex: return type.kindBytes ? type.kindBytes : 8;
  default: return type.kindBytes ? type.kindBytes : 4;
  }
}

} // namespace ps::fortran

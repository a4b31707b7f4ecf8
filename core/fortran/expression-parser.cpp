#include "fortran/parse-cursor.h"

#include <cctype>
#include <initializer_list>
#include <iterator>
#include <optional>

namespace ps::fortran::detail {
namespace {

Expr binary(Op op, Expr lhs, Expr rhs)
{
  Expr e;
  e.kind = ExprKind::Binary;
  e.op = op;
  e.range = join(lhs.range, rhs.range);
  e.operands.push_back(std::move(lhs));
  e.operands.push_back(std::move(rhs));
  return e;
}

Expr unary(Op op, SourceRange at, Expr operand)
{
  Expr e;
  e.kind = ExprKind::Unary;
  e.op = op;
  e.range = join(at, operand.range);
  e.operands.push_back(std::move(operand));
  return e;
}

Expr parsePower(Cursor& c);

Expr missing(SourceRange at)
{
  Expr e;
  e.range = {at.begin, at.begin};
  return e;
}

/// True when the parenthesized group at the cursor is followed by '%': then
/// name(...) is an array element whose component is selected, not a call.
bool followsComponent(const Cursor& c)
{
  int depth = 0;
  for (std::size_t i = 0; c.peek(i).kind != TokenKind::End; ++i) {
    if (c.peek(i).isPunct("("))
      ++depth;
    else if (c.peek(i).isPunct(")") && --depth == 0)
      return c.peek(i + 1).isPunct("%");
  }
  return false;
}

using OpTable = std::initializer_list<std::pair<const char*, Op>>;

/// Consumes the next token if it is one of the operators in `ops`.
std::optional<Op> acceptAny(Cursor& c, OpTable ops)
{
  for (const auto& [spelling, op] : ops) {
    if (c.acceptOp(spelling))
      return op;
  }
  return std::nullopt;
}

/// operand (op operand)*, folded to the left.
Expr leftAssociative(Cursor& c, Expr (*operand)(Cursor&), OpTable ops)
{
  Expr lhs = operand(c);
  while (auto op = acceptAny(c, ops)) {
    c.countOperator();
    lhs = binary(*op, std::move(lhs), operand(c));
  }
  return lhs;
}

/// True when the '(' at the cursor opens an implied DO: a ", name =" at
/// depth 1 before its ')' (Fortran 90, R435).
bool opensImpliedDo(const Cursor& c)
{
  int depth = 0;
  for (std::size_t i = 0;; ++i) {
    const Token& t = c.peek(i);
    if (t.kind == TokenKind::End)
      return false;
    if (t.isPunct("(") || t.isPunct("["))
      ++depth;
    else if ((t.isPunct(")") || t.isPunct("]")) && --depth == 0)
      return false;
    else if (depth == 1 && t.isPunct(",") && c.peek(i + 1).kind == TokenKind::Identifier && c.peek(i + 2).isOp("="))
      return true;
  }
}

Expr parseAcValue(Cursor& c);

/// (values, var = lower, upper [, stride]); the '(' is next.
Expr parseImpliedDo(Cursor& c)
{
  NestingGuard level(c);
  Expr e;
  e.kind = ExprKind::ImpliedDo;
  e.range = c.next().range;
  std::vector<Expr> values;
  do {
    values.push_back(parseAcValue(c));
  } while (c.acceptPunct(",") && !(c.peek().kind == TokenKind::Identifier && c.peek(1).isOp("=")));
  e.text = c.expectName("an implied-DO variable");
  c.expectOp("=", "after the implied-DO variable");
  e.operands.push_back(parseExpr(c));
  c.expectPunct(",", "between the implied-DO bounds");
  e.operands.push_back(parseExpr(c));
  e.operands.push_back(missing(c.peek().range));
  if (c.acceptPunct(","))
    e.operands[2] = parseExpr(c);
  e.range.end = c.expectPunct(")", "to close the implied DO").range.end;
  for (auto& v : values)
    e.operands.push_back(std::move(v));
  return e;
}

Expr parseAcValue(Cursor& c)
{
  return c.peek().isPunct("(") && opensImpliedDo(c) ? parseImpliedDo(c) : parseExpr(c);
}

/// The type-spec of `[ type-spec :: ... ]` (Fortran 2003, R466) as written:
/// names and one parenthesized group before '::'; "" when there is none.
std::string parseAcTypeSpec(Cursor& c)
{
  std::size_t i = 0;
  while (c.peek(i).kind == TokenKind::Identifier)
    ++i;
  if (i > 0 && c.peek(i).isPunct("(")) {
    for (int depth = 0; c.peek(i).kind != TokenKind::End; ++i) {
      depth += c.peek(i).isPunct("(") ? 1 : c.peek(i).isPunct(")") ? -1 : 0;
      if (depth == 0)
        break;
    }
    ++i;
  }
  if (i == 0 || !c.peek(i).isPunct("::"))
    return {};
  std::string spec;
  while (!c.peek().isPunct("::")) {
    const Token& t = c.next();
    spec += (t.kind == TokenKind::Identifier && !spec.empty() && std::isalnum(static_cast<unsigned char>(spec.back())) ? " " : "") + t.text;
  }
  c.next();
  return spec;
}

/// (/ values /) or [ values ] (Fortran 90, R431; Fortran 2003, R465); the
/// opening token(s) are next; `brackets` tells which of the two forms.
Expr parseArrayConstructor(Cursor& c, bool brackets)
{
  NestingGuard level(c);
  Expr e;
  e.kind = ExprKind::ArrayConstructor;
  e.range = c.next().range;
  if (!brackets && c.acceptOp("//")) { // (//): the lexer read '/' '/' as one operator
    e.range.end = c.expectPunct(")", "to close the array constructor").range.end;
    return e;
  }
  if (!brackets)
    c.next(); // the '/'
  e.text = parseAcTypeSpec(c);
  const bool empty = brackets ? c.peek().isPunct("]") : c.peek().isOp("/") && c.peek(1).isPunct(")");
  if (!empty) {
    do {
      e.operands.push_back(parseAcValue(c));
    } while (c.acceptPunct(","));
  }
  if (brackets) {
    e.range.end = c.expectPunct("]", "to close the array constructor").range.end;
    return e;
  }
  c.expectOp("/", "to close the array constructor");
  e.range.end = c.expectPunct(")", "after '/' to close the array constructor").range.end;
  return e;
}

Expr parsePrimary(Cursor& c)
{
  const Token& t = c.peek();
  Expr e;
  e.range = t.range;
  switch (t.kind) {
  case TokenKind::Integer: e.kind = ExprKind::Integer; e.text = c.next().text; return e;
  case TokenKind::Real: e.kind = ExprKind::Real; e.text = c.next().text; return e;
  case TokenKind::Logical: e.kind = ExprKind::Logical; e.text = c.next().text; return e;
  case TokenKind::String: e.kind = ExprKind::String; e.text = c.next().text; return e;
  case TokenKind::Identifier: {
    e.text = c.next().text;
    if (!c.peek().isPunct("(")) {
      e.kind = ExprKind::Name;
      return parseComponents(c, std::move(e));
    }
    e.kind = c.isArray(e.text) || followsComponent(c) ? ExprKind::ArrayRef
             : c.isDerivedType(e.text)                 ? ExprKind::StructureConstructor
                                                       : ExprKind::FunctionRef;
    NestingGuard level(c);
    e.operands = parseParenList(c);
    e.range.end = c.peek().range.begin;
    return parseComponents(c, std::move(e));
  }
  case TokenKind::Punct:
    if (t.text == "[" || (t.text == "(" && (c.peek(1).isOp("/") || c.peek(1).isOp("//"))))
      return parseArrayConstructor(c, t.text == "[");
    if (t.text == "(") {
      NestingGuard level(c);
      c.next();
      Expr inner = parseExpr(c);
      if (c.acceptPunct(",")) { // complex constant (re, im)
        Expr im = parseExpr(c);
        Expr call;
        call.kind = ExprKind::FunctionRef;
        call.text = "cmplx";
        call.range = join(inner.range, im.range);
        call.operands.push_back(std::move(inner));
        call.operands.push_back(std::move(im));
        inner = std::move(call);
      }
      c.expectPunct(")", "to close the parenthesis");
      return inner;
    }
    break;
  case TokenKind::Bad:
    c.fail(t.text == "unterminated character string" ? "Character string is not terminated"
                                                      : "Unexpected character '" + t.text + "'");
  default: break;
  }
  c.fail("Expected an expression but found '" + Cursor::describe(t) + "'");
}

/// The operand after a binary operator, `operand`'s, or a sign then it:
/// a*-b and a+-b, two operators in a row, a common extension.
Expr signedOperand(Cursor& c, Expr (*operand)(Cursor&))
{
  if (!c.peek().isOp("-") && !c.peek().isOp("+"))
    return operand(c);
  const Token& sign = c.next();
  const Op op = sign.text == "-" ? Op::Neg : Op::Plus;
  const auto at = sign.range;
  return unary(op, at, operand(c));
}

Expr parsePower(Cursor& c)
{
  Expr base = parsePrimary(c);
  if (c.peek().isOp("**")) {
    c.next();
    c.countOperator();
    NestingGuard level(c); // right-associative: one recursion per operator
    return binary(Op::Pow, std::move(base), signedOperand(c, parsePower)); // a**-b, accepted by gfortran
  }
  return base;
}

Expr parseMultiplicative(Cursor& c)
{
  Expr lhs = parsePower(c);
  // a '/' before ')' closes an array constructor (/ ... /)
  while (c.peek().isOp("*") || (c.peek().isOp("/") && !c.peek(1).isPunct(")"))) {
    const Op op = c.next().text == "*" ? Op::Mul : Op::Div;
    c.countOperator();
    lhs = binary(op, std::move(lhs), signedOperand(c, parsePower)); // a*-b, a common extension
  }
  return lhs;
}

Expr parseAdditive(Cursor& c)
{
  Expr lhs;
  if (c.peek().isOp("-") || c.peek().isOp("+")) {
    const Token& sign = c.next();
    lhs = unary(sign.text == "-" ? Op::Neg : Op::Plus, sign.range, parseMultiplicative(c));
  } else {
    lhs = parseMultiplicative(c);
  }
  while (c.peek().isOp("+") || c.peek().isOp("-")) {
    const Op op = c.next().text == "+" ? Op::Add : Op::Sub;
    c.countOperator();
    lhs = binary(op, std::move(lhs), signedOperand(c, parseMultiplicative)); // a+-b (gfortran: a warning)
  }
  return lhs;
}

Expr parseConcat(Cursor& c) { return leftAssociative(c, parseAdditive, {{"//", Op::Concat}}); }

Expr parseRelational(Cursor& c)
{
  Expr lhs = parseConcat(c); // relational operators do not chain
  if (auto op = acceptAny(c, {{"<", Op::Lt}, {"<=", Op::Le}, {">", Op::Gt}, {">=", Op::Ge}, {"==", Op::Eq}, {"/=", Op::Ne}})) {
    c.countOperator();
    return binary(*op, std::move(lhs), parseConcat(c));
  }
  return lhs;
}

Expr parseNot(Cursor& c)
{
  if (c.peek().isOp(".not.")) {
    NestingGuard level(c);
    const auto at = c.next().range;
    return unary(Op::Not, at, parseNot(c));
  }
  return parseRelational(c);
}

Expr parseAnd(Cursor& c) { return leftAssociative(c, parseNot, {{".and.", Op::And}}); }
Expr parseOr(Cursor& c) { return leftAssociative(c, parseAnd, {{".or.", Op::Or}}); }

bool endsSubscriptPart(const Token& t)
{
  return t.isPunct(":") || t.isPunct(",") || t.isPunct(")");
}

} // namespace

Expr parseComponents(Cursor& c, Expr base)
{
  while (c.acceptPunct("%")) {
    Expr e;
    e.kind = ExprKind::Component;
    e.range = base.range;
    e.text = c.expectName("a component name after '%'");
    e.operands.push_back(std::move(base));
    if (c.peek().isPunct("(")) {
      NestingGuard level(c);
      auto subscripts = parseParenList(c);
      std::move(subscripts.begin(), subscripts.end(), std::back_inserter(e.operands));
    }
    e.range.end = c.peek().range.begin;
    base = std::move(e);
  }
  return base;
}

Expr parseDesignator(Cursor& c)
{
  Expr e;
  e.range = c.peek().range;
  e.text = c.expectName("a variable name");
  e.kind = ExprKind::Name;
  if (c.peek().isPunct("(")) {
    e.kind = ExprKind::ArrayRef;
    e.operands = parseParenList(c);
    if (c.peek().isPunct("(")) // substring of an array element
      parseParenList(c);
    e.range.end = c.peek().range.begin;
  }
  e = parseComponents(c, std::move(e));
  if (e.kind == ExprKind::Component && c.peek().isPunct("(")) // substring of a component
    parseParenList(c);
  return e;
}

Expr parseExpr(Cursor& c)
{
  return leftAssociative(c, parseOr, {{".eqv.", Op::Eqv}, {".neqv.", Op::Neqv}});
}

Expr parseSubscript(Cursor& c)
{
  const auto start = c.peek().range;
  if (c.peek().isOp("*") && (c.peek(1).isPunct(",") || c.peek(1).isPunct(")"))) {
    Expr star;
    star.kind = ExprKind::Star;
    star.range = c.next().range;
    return star;
  }
  // alternate return specifier *label of a CALL (F77, Sec. 15.9.3.5): a Star
  // holding the label
  if (c.peek().isOp("*") && c.peek(1).kind == TokenKind::Integer &&
      (c.peek(2).isPunct(",") || c.peek(2).isPunct(")"))) {
    Expr label;
    label.kind = ExprKind::Star;
    label.range = c.next().range;
    label.text = c.next().text;
    label.range.end = c.peek().range.begin;
    return label;
  }
  // keyword argument (name = value): the value, which keeps the name
  std::string keyword;
  if (c.peek().kind == TokenKind::Identifier && c.peek(1).isOp("=")) {
    keyword = c.next().text; // lower case, as every name
    c.next();
  }
  // the lexer reads A(::2) and A(1::2) with one '::' token: an upper bound omitted
  const auto doubleColon = [&] { return c.peek().isPunct("::"); };
  Expr lower = endsSubscriptPart(c.peek()) || doubleColon() ? missing(start) : parseExpr(c);
  lower.keyword = keyword;
  if (!c.peek().isPunct(":") && !doubleColon())
    return lower;
  lower.keyword.clear();
  Expr triplet;
  triplet.kind = ExprKind::Triplet;
  triplet.range = start;
  const bool noUpper = doubleColon();
  c.next();
  Expr upper = noUpper || endsSubscriptPart(c.peek()) ? missing(c.peek().range) : parseExpr(c);
  Expr stride = missing(c.peek().range);
  if (noUpper || c.acceptPunct(":"))
    stride = parseExpr(c);
  triplet.range.end = c.peek().range.begin;
  triplet.keyword = keyword;
  triplet.operands.push_back(std::move(lower));
  triplet.operands.push_back(std::move(upper));
  triplet.operands.push_back(std::move(stride));
  return triplet;
}

std::vector<Expr> parseParenList(Cursor& c)
{
  std::vector<Expr> items;
  c.expectPunct("(", "before the subscript list");
  if (c.acceptPunct(")"))
    return items;
  do {
    items.push_back(parseSubscript(c));
  } while (c.acceptPunct(","));
  c.expectPunct(")", "to close the list");
  return items;
}

} // namespace ps::fortran::detail

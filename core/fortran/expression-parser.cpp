#include "fortran/parse-cursor.h"

#include <initializer_list>
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
      return e;
    }
    e.kind = c.isArray(e.text) ? ExprKind::ArrayRef : ExprKind::FunctionRef;
    NestingGuard level(c);
    e.operands = parseParenList(c);
    e.range.end = c.peek().range.begin;
    return e;
  }
  case TokenKind::Punct:
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

Expr parsePower(Cursor& c)
{
  Expr base = parsePrimary(c);
  if (c.peek().isOp("**")) {
    c.next();
    c.countOperator();
    NestingGuard level(c); // right-associative: one recursion per operator
    const Token& sign = c.peek();
    if (sign.isOp("-") || sign.isOp("+")) { // a**-b, accepted by gfortran
      const auto at = c.next().range;
      return binary(Op::Pow, std::move(base), unary(sign.text == "-" ? Op::Neg : Op::Plus, at, parsePower(c)));
    }
    return binary(Op::Pow, std::move(base), parsePower(c)); // right-associative
  }
  return base;
}

Expr parseMultiplicative(Cursor& c)
{
  Expr lhs = parsePower(c);
  while (c.peek().isOp("*") || c.peek().isOp("/")) {
    const Op op = c.next().text == "*" ? Op::Mul : Op::Div;
    c.countOperator();
    if (c.peek().isOp("-") || c.peek().isOp("+")) { // a*-b, a common extension
      const Token& sign = c.next();
      lhs = binary(op, std::move(lhs), unary(sign.text == "-" ? Op::Neg : Op::Plus, sign.range, parsePower(c)));
      continue;
    }
    lhs = binary(op, std::move(lhs), parsePower(c));
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
    lhs = binary(op, std::move(lhs), parseMultiplicative(c));
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

Expr missing(SourceRange at)
{
  Expr e;
  e.range = {at.begin, at.begin};
  return e;
}

bool endsSubscriptPart(const Token& t)
{
  return t.isPunct(":") || t.isPunct(",") || t.isPunct(")");
}

} // namespace

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
  // keyword argument (name = value): keep the value
  if (c.peek().kind == TokenKind::Identifier && c.peek(1).isOp("=")) {
    c.next();
    c.next();
  }
  Expr lower = endsSubscriptPart(c.peek()) ? missing(start) : parseExpr(c);
  if (!c.peek().isPunct(":"))
    return lower;
  Expr triplet;
  triplet.kind = ExprKind::Triplet;
  triplet.range = start;
  c.next();
  Expr upper = endsSubscriptPart(c.peek()) ? missing(c.peek().range) : parseExpr(c);
  Expr stride = missing(c.peek().range);
  if (c.acceptPunct(":"))
    stride = parseExpr(c);
  triplet.range.end = c.peek().range.begin;
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

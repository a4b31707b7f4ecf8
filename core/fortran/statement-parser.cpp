#include "fortran/statement-parser.h"

#include "fortran/fixed-form-keywords.h"
#include "support/text.h"

#include <algorithm>
#include <charconv>

namespace ps::fortran::detail {
namespace {

bool isIoKeyword(const std::string& k)
{
  static const char* const io[] = {"read", "write", "print", "format", "open", "close", "rewind",
                                   "backspace", "inquire", "endfile", "pause"};
  return std::find(std::begin(io), std::end(io), k) != std::end(io);
}

/// Index after the parenthesized group at peek(i) (a '('), or 0 when the
/// statement ends inside it.
std::size_t skipGroup(const Cursor& c, std::size_t i)
{
  int depth = 0;
  do {
    const Token& t = c.peek(i);
    if (t.kind == TokenKind::End)
      return 0;
    if (t.isPunct("("))
      ++depth;
    else if (t.isPunct(")"))
      --depth;
    ++i;
  } while (depth > 0);
  return i;
}

/// name [(...) [(...)]] {% [name] [(...) [(...)]]} '=' : an assignment
/// whatever the name is. A '%' without a name counts too, so that `g% = 1`
/// is reported where the component name is missing.
bool looksLikeAssignment(const Cursor& c, std::string_view op = "=")
{
  if (c.peek().kind != TokenKind::Identifier)
    return false;
  std::size_t i = 1;
  while (true) {
    for (int group = 0; group < 2 && c.peek(i).isPunct("("); ++group) {
      i = skipGroup(c, i);
      if (i == 0)
        return false;
    }
    if (!c.peek(i).isPunct("%"))
      break;
    i += c.peek(i + 1).kind == TokenKind::Identifier ? 2 : 1;
  }
  return c.peek(i).isOp(op);
}

/// Statements that may carry a construct name (Fortran 90, R817, R802).
bool isConstructKeyword(const Token& t)
{
  return t.isName("do") || t.isName("if") || t.isName("forall") || t.isName("where") || t.isName("select") ||
         t.isName("selectcase");
}

int parseLabelValue(Cursor& c)
{
  if (c.peek().kind != TokenKind::Integer)
    c.fail("Expected a statement label");
  return Cursor::labelValue(c.next());
}

// ---- types and declarations ----------------------------------------------

/// The integer token at the cursor as a kind or length; a value beyond int
/// is an error, not an exception.
int kindValue(Cursor& c)
{
  const auto& t = c.peek();
  int v = 0;
  const auto [end, ec] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), v);
  if (ec != std::errc() || end != t.text.data() + t.text.size())
    c.fail("Kind or length '" + t.text + "' is too large");
  c.next();
  return v;
}

/// *8, (8), (KIND=8): the number; (dp), (KIND=wp), (KIND(1.0D0)): 0, the
/// expression's compacted text in `expr`.
int parseKindSelector(Cursor& c, std::string* expr)
{
  if (c.acceptOp("*")) {
    if (c.acceptPunct("(")) { // CHARACTER*(*) or *(len)
      while (!c.atEnd() && !c.peek().isPunct(")"))
        c.next();
      c.expectPunct(")", "after the length");
      return 0;
    }
    if (c.peek().kind != TokenKind::Integer)
      c.fail("Expected a kind or length after '*'");
    return kindValue(c);
  }
  if (c.peek().isPunct("(")) {
    c.next();
    if (c.peek().kind == TokenKind::Identifier && c.peek(1).isOp("=")) {
      c.next();
      c.next();
    }
    int kind = 0;
    if (c.peek().kind == TokenKind::Integer && c.peek(1).isPunct(")")) {
      kind = kindValue(c);
    } else { // an expression, parentheses balanced: KIND(1.0D0), SELECTED_REAL_KIND(12, 100)
      for (int depth = 0; !c.atEnd() && !(depth == 0 && c.peek().isPunct(")"));) {
        depth += c.peek().isPunct("(") ? 1 : c.peek().isPunct(")") ? -1 : 0;
        *expr += toLower(c.next().text);
      }
    }
    c.expectPunct(")", "after the kind");
    return kind;
  }
  return 0;
}

/// In IMPLICIT, `REAL (A-H)` has letter ranges where `REAL(8) (A-H)` has a
/// kind: the group is a kind selector only when another '(' follows it.
bool parenIsKind(const Cursor& c)
{
  int depth = 0;
  for (std::size_t i = 0;; ++i) {
    const Token& t = c.peek(i);
    if (t.kind == TokenKind::End)
      return false;
    if (t.isPunct("("))
      ++depth;
    else if (t.isPunct(")") && --depth == 0)
      return c.peek(i + 1).isPunct("(");
  }
}

/// TYPE(name) of a declaration (Fortran 90, R502); the TYPE is next.
TypeSpec parseDerivedTypeSpec(Cursor& c)
{
  TypeSpec spec;
  spec.base = BaseType::Derived;
  spec.range = c.next().range;
  c.expectPunct("(", "after TYPE");
  spec.derivedName = c.expectName("a derived type name after TYPE(");
  spec.range.end = c.expectPunct(")", "after the derived type name").range.end;
  return spec;
}

std::optional<TypeSpec> parseTypeSpec(Cursor& c, bool inImplicit = false)
{
  const Token& t = c.peek();
  if (t.kind != TokenKind::Identifier)
    return std::nullopt;
  if (t.text == "type" && c.peek(1).isPunct("(") && !inImplicit)
    return parseDerivedTypeSpec(c);
  TypeSpec spec;
  spec.range = t.range;
  const auto& k = t.text;
  if (k == "integer") spec.base = BaseType::Integer;
  else if (k == "real") spec.base = BaseType::Real;
  else if (k == "logical") spec.base = BaseType::Logical;
  else if (k == "complex") spec.base = BaseType::Complex;
  else if (k == "character") spec.base = BaseType::Character;
  else if (k == "doubleprecision") spec.base = BaseType::DoublePrecision;
  else if (k == "doublecomplex") spec.base = BaseType::DoubleComplex;
  else if (k == "double" && c.peek(1).isName("precision")) { spec.base = BaseType::DoublePrecision; c.next(); }
  else if (k == "double" && c.peek(1).isName("complex")) { spec.base = BaseType::DoubleComplex; c.next(); }
  else return std::nullopt;
  c.next();
  const bool letterRangesNext = inImplicit && c.peek().isPunct("(") && !parenIsKind(c);
  if (spec.base != BaseType::DoublePrecision && spec.base != BaseType::DoubleComplex && !letterRangesNext) {
    const bool star = c.peek().isOp("*");
    spec.kindBytes = parseKindSelector(c, &spec.kindExpr);
    if (spec.base == BaseType::Complex && !star)
      spec.kindBytes *= 2; // COMPLEX(8) is a pair of REAL(8); COMPLEX*16 names the pair's bytes
  }
  spec.range.end = c.peek().range.begin;
  if (spec.base == BaseType::Character) { // a length, not a kind
    spec.kindBytes = 0;
    spec.kindExpr.clear();
  }
  return spec;
}

EntityDecl parseEntity(Cursor& c, bool allowInit)
{
  EntityDecl e;
  e.range = c.peek().range;
  e.name = c.expectName("a name");
  if (c.peek().isPunct("("))
    e.dims = parseDimSpecs(c);
  if (c.peek().isOp("*")) { // CHARACTER name*len
    std::string ignored;
    parseKindSelector(c, &ignored);
  }
  if (allowInit && c.acceptOp("="))
    e.init = parseExpr(c);
  e.range.end = c.peek().range.begin;
  return e;
}

std::vector<EntityDecl> parseEntityList(Cursor& c, bool allowInit)
{
  std::vector<EntityDecl> list;
  do {
    list.push_back(parseEntity(c, allowInit));
  } while (c.acceptPunct(","));
  return list;
}

Declaration parseTypeDeclaration(Cursor& c, TypeSpec type)
{
  Declaration d;
  d.kind = DeclKind::Type;
  d.type = type;
  std::vector<DimSpec> dimensionAttribute;
  while (c.acceptPunct(",")) { // F90 attributes
    const auto attr = c.expectName("an attribute");
    if (attr == "parameter")
      d.parameterAttribute = true;
    else if (attr == "dimension")
      dimensionAttribute = parseDimSpecs(c);
    else if (c.peek().isPunct("(")) // intent(in) and friends
      parseParenList(c);
  }
  c.acceptPunct("::");
  d.entities = parseEntityList(c, true);
  for (auto& e : d.entities) {
    if (e.dims.empty())
      e.dims = dimensionAttribute;
  }
  return d;
}

std::vector<ImplicitRule> parseImplicitRules(Cursor& c)
{
  std::vector<ImplicitRule> rules;
  do {
    auto type = parseTypeSpec(c, true);
    if (!type)
      c.fail("Expected a type in IMPLICIT");
    c.expectPunct("(", "before the letter ranges");
    do {
      const auto from = c.expectName("a letter");
      char last = from[0];
      if (c.acceptOp("-"))
        last = c.expectName("a letter")[0];
      if (from.size() != 1)
        c.fail("Expected a single letter in IMPLICIT");
      rules.push_back({*type, from[0], last});
    } while (c.acceptPunct(","));
    c.expectPunct(")", "after the letter ranges");
  } while (c.acceptPunct(","));
  return rules;
}

/// COMMON [/name/] list [[,] /name/ list]...; entities of several blocks on
/// one line are kept together under the first block's name.
Declaration parseCommon(Cursor& c)
{
  Declaration d;
  d.kind = DeclKind::Common;
  bool first = true;
  do {
    std::string name;
    if (c.acceptOp("/")) {
      name = c.expectName("a COMMON block name");
      c.expectOp("/", "after the COMMON block name");
    } else {
      c.acceptOp("//");
    }
    if (first)
      d.commonName = name;
    first = false;
    d.entities.push_back(parseEntity(c, false));
  } while (c.acceptPunct(",") || c.peek().isOp("/") || c.peek().isOp("//"));
  return d;
}

/// OPERATOR(op) or ASSIGNMENT(=) in a USE list, with `=> OPERATOR(op)` after
/// it: a generic spec names no variable or function. True when skipped.
bool skipGenericSpec(Cursor& c)
{
  if (!(c.peek().isName("operator") || c.peek().isName("assignment")) || !c.peek(1).isPunct("("))
    return false;
  while (!c.atEnd() && !c.peek().isPunct(","))
    c.next();
  return true;
}

/// The list after USE m, or after ONLY: `local => remote` or `name`.
std::vector<UseName> parseUseNames(Cursor& c)
{
  std::vector<UseName> names;
  do {
    if (c.atEnd() || skipGenericSpec(c))
      continue;
    UseName n;
    n.local = c.expectName("a name in the USE list");
    n.remote = c.acceptOp("=>") ? c.expectName("a module entity name after '=>'") : n.local;
    names.push_back(std::move(n));
  } while (c.acceptPunct(","));
  return names;
}

/// USE [[, INTRINSIC | NON_INTRINSIC] ::] m [, ONLY: list | , renames]
/// (F90, Sec. 11.3.2; the module nature is F2003).
Declaration parseUse(Cursor& c)
{
  Declaration d;
  d.kind = DeclKind::Use;
  d.range = c.next().range;
  if (c.acceptPunct(","))
    c.expectName("INTRINSIC or NON_INTRINSIC");
  c.acceptPunct("::");
  d.use.module = c.expectName("a module name after USE");
  if (c.acceptPunct(",")) {
    if (c.peek().isName("only") && c.peek(1).isPunct(":")) {
      c.next();
      c.next();
      d.use.only = true;
    }
    d.use.names = parseUseNames(c);
  }
  c.expectEnd();
  return d;
}

std::optional<Declaration> parseSpecification(Cursor& c, const std::string& k)
{
  if (k == "use" && !c.peek(1).isOp("=") && !c.peek(1).isPunct("(")) // not USE = 1 in F77
    return parseUse(c);
  Declaration d;
  d.range = c.peek().range;
  if (k == "dimension") {
    c.next();
    c.acceptPunct("::");
    d.kind = DeclKind::Dimension;
    d.entities = parseEntityList(c, false);
  } else if (k == "parameter") {
    c.next();
    d.kind = DeclKind::Parameter;
    c.expectPunct("(", "after PARAMETER");
    d.entities = parseEntityList(c, true);
    c.expectPunct(")", "to close PARAMETER");
  } else if (k == "implicit") {
    c.next();
    if (c.acceptName("none")) {
      d.kind = DeclKind::ImplicitNone;
    } else {
      d.kind = DeclKind::Implicit;
      d.implicitRules = parseImplicitRules(c);
    }
  } else if (k == "external" || k == "intrinsic" || k == "save") {
    c.next();
    c.acceptPunct("::");
    d.kind = k == "external" ? DeclKind::External : k == "intrinsic" ? DeclKind::Intrinsic : DeclKind::Save;
    if (c.atEnd())
      return d;
    if (d.kind == DeclKind::Save) { // SAVE /blk/ is fine: skip the rest
      while (!c.atEnd())
        c.next();
      return d;
    }
    d.entities = parseEntityList(c, false);
  } else if (k == "data" || k == "equivalence" || k == "namelist" || k == "allocatable" ||
             k == "intent" || k == "optional" || k == "target" || k == "pointer" || k == "entry" ||
             k == "private" || k == "public" || k == "sequence") {
    d.kind = k == "data" ? DeclKind::Data : DeclKind::Other;
    d.keyword = k;
    while (!c.atEnd())
      c.next();
    return d;
  } else {
    return std::nullopt;
  }
  c.expectEnd();
  return d;
}

// ---- units ------------------------------------------------------------------

std::vector<std::string> parseDummyList(Cursor& c)
{
  std::vector<std::string> dummies;
  if (!c.acceptPunct("("))
    return dummies;
  if (c.acceptPunct(")"))
    return dummies;
  do {
    if (c.acceptOp("*"))
      dummies.push_back("*");
    else
      dummies.push_back(c.expectName("a dummy argument name"));
  } while (c.acceptPunct(","));
  c.expectPunct(")", "to close the dummy argument list");
  return dummies;
}

ParsedLine unitHeader(Cursor& c, UnitKind kind, std::optional<TypeSpec> type)
{
  ParsedLine line;
  line.kind = LineKind::UnitBegin;
  line.unitKind = kind;
  line.resultType = type;
  if (kind == UnitKind::BlockData) {
    if (c.peek().kind == TokenKind::Identifier)
      line.name = c.next().text;
    c.expectEnd();
    return line;
  }
  line.name = c.expectName("a program unit name");
  if (kind != UnitKind::Program && kind != UnitKind::Module)
    line.dummies = parseDummyList(c);
  if (kind == UnitKind::Function && c.acceptName("result")) {
    const auto result = parseDummyList(c);
    if (result.size() != 1 || result[0] == "*")
      c.fail("Expected one result name after RESULT");
    line.resultName = result[0];
  }
  c.expectEnd();
  return line;
}

ParsedLine parseEnd(Cursor& c, std::string rest)
{
  ParsedLine line;
  if (rest.empty() && c.peek().kind == TokenKind::Identifier)
    rest = c.next().text;
  if (rest == "do") {
    line.kind = LineKind::EndDo;
    if (c.peek().kind == TokenKind::Identifier) // END DO construct-name
      c.next();
  } else if (rest == "forall") {
    line.kind = LineKind::EndForall;
    if (c.peek().kind == TokenKind::Identifier) // END FORALL construct-name
      c.next();
  } else if (rest == "if") {
    line.kind = LineKind::EndIf;
    if (c.peek().kind == TokenKind::Identifier) // END IF construct-name
      c.next();
  } else if (rest == "select") {
    line.kind = LineKind::EndSelect;
    if (c.peek().kind == TokenKind::Identifier) // END SELECT construct-name
      c.next();
  } else if (rest == "where") {
    line.kind = LineKind::EndWhere;
    if (c.peek().kind == TokenKind::Identifier) // END WHERE construct-name
      c.next();
  } else if (rest.empty() || rest == "program" || rest == "subroutine" || rest == "function" || rest == "blockdata" ||
             rest == "block" || rest == "module") {
    if (rest == "block")
      c.acceptName("data");
    line.kind = LineKind::UnitEnd;
    line.name = rest;
    if (c.peek().kind == TokenKind::Identifier)
      c.next();
  } else {
    c.fail("Unexpected END " + rest);
  }
  c.expectEnd();
  return line;
}

// ---- executable statements ----------------------------------------------

Stmt parseAssignment(Cursor& c)
{
  Stmt s;
  s.kind = StmtKind::Assignment;
  s.lhs = parseDesignator(c);
  c.expectOp("=", "in the assignment");
  s.rhs = parseExpr(c);
  c.expectEnd();
  return s;
}

Stmt parseDo(Cursor& c)
{
  Stmt s;
  s.kind = StmtKind::Do;
  if (c.peek().kind == TokenKind::Integer)
    s.doLabel = parseLabelValue(c);
  c.acceptPunct(",");
  if (c.atEnd()) { // DO forever
    s.kind = StmtKind::DoWhile;
    return s;
  }
  if (c.peek().isName("while") && c.peek(1).isPunct("(")) {
    c.next();
    s.kind = StmtKind::DoWhile;
    c.expectPunct("(", "after WHILE");
    s.condition = parseExpr(c);
    c.expectPunct(")", "after the WHILE condition");
    c.expectEnd();
    return s;
  }
  s.name = c.expectName("a DO variable");
  c.expectOp("=", "after the DO variable");
  s.lower = parseExpr(c);
  c.expectPunct(",", "between the DO bounds");
  s.upper = parseExpr(c);
  if (c.acceptPunct(","))
    s.step = parseExpr(c);
  c.expectEnd();
  return s;
}

Stmt parseGoto(Cursor& c)
{
  Stmt s;
  s.kind = StmtKind::Goto;
  if (c.acceptPunct("(")) { // computed GO TO
    do {
      s.targets.push_back(parseLabelValue(c));
    } while (c.acceptPunct(","));
    c.expectPunct(")", "after the labels");
    c.acceptPunct(",");
    s.condition = parseExpr(c);
  } else if (c.peek().kind == TokenKind::Integer) {
    s.targets.push_back(parseLabelValue(c));
  } else { // assigned GO TO
    s.condition.kind = ExprKind::Name;
    s.condition.text = c.expectName("a label after GO TO");
    while (!c.atEnd())
      c.next();
  }
  c.expectEnd();
  return s;
}

Stmt parseCall(Cursor& c)
{
  Stmt s;
  s.kind = StmtKind::Call;
  s.name = c.expectName("a subroutine name after CALL");
  if (c.peek().isPunct("("))
    s.args = parseParenList(c);
  c.expectEnd();
  return s;
}

Stmt simple(Cursor& c, StmtKind kind)
{
  Stmt s;
  s.kind = kind;
  while (!c.atEnd()) // STOP 'msg', RETURN 1: the rest is not needed
    c.next();
  return s;
}

/// EXIT [name] or CYCLE [name]: the name of the DO construct it leaves or
/// continues (Fortran 90, R835, R834), "" for the innermost.
Stmt parseLoopJump(Cursor& c, StmtKind kind)
{
  Stmt s;
  s.kind = kind;
  if (c.peek().kind == TokenKind::Identifier)
    s.constructName = c.next().text;
  c.expectEnd();
  return s;
}

Stmt parseIo(Cursor& c, const std::string& keyword)
{
  Stmt s;
  s.kind = StmtKind::Io;
  s.name = keyword;
  // Its items are skipped, not read, but a parenthesis left open or closed
  // twice is a typo the user should hear of (gfortran refuses it), not a
  // statement silently taken as I/O. FORMAT is left alone: a Hollerith
  // edit descriptor may hold a parenthesis.
  const bool balance = keyword != "format";
  int depth = 0;
  while (!c.atEnd()) {
    const auto& t = c.peek();
    if (t.kind == TokenKind::Bad)
      c.fail(t.text == "unterminated character string" ? "Character string is not terminated"
                                                       : "Unexpected character '" + t.text + "'");
    if (balance && t.isPunct("("))
      ++depth;
    if (balance && t.isPunct(")") && --depth < 0)
      c.fail("Unmatched ')' in the " + toUpper(keyword) + " statement");
    c.next();
  }
  if (depth > 0)
    c.fail("Missing ')' at the end of the " + toUpper(keyword) + " statement");
  return s;
}

/// ALLOCATE (name(shape), ... [, STAT=var]) (F90, Sec. 6.3.1): the objects
/// and their shapes, which give deferred-shape arrays their extents in the
/// model. Any other form (a component, a type-spec ::) is skipped like I/O.
Stmt parseAllocate(Cursor& c)
{
  const auto start = c.position();
  try {
    Stmt s;
    s.kind = StmtKind::Io;
    s.name = "allocate";
    c.expectPunct("(", "after ALLOCATE");
    do {
      const auto range = c.peek().range;
      auto name = c.expectName("an array to allocate");
      if (c.acceptOp("=")) { // STAT=, ERRMSG=, SOURCE=, MOLD=
        parseExpr(c);
        continue;
      }
      EntityDecl e;
      e.name = std::move(name);
      e.range = range;
      if (c.peek().isPunct("("))
        e.dims = parseDimSpecs(c);
      s.allocations.push_back(std::move(e));
    } while (c.acceptPunct(","));
    c.expectPunct(")", "to close the ALLOCATE list");
    c.expectEnd();
    return s;
  } catch (const StatementError&) {
    c.reset(start);
    return parseIo(c, "allocate");
  }
}

/// ASSIGN label TO name (F77, Sec. 10.3): no work; kept as a CONTINUE.
Stmt parseAssign(Cursor& c)
{
  parseLabelValue(c);
  c.expectName("TO after the label");
  c.expectName("a variable after TO");
  c.expectEnd();
  Stmt s;
  s.kind = StmtKind::Continue;
  return s;
}

ParsedLine parseExecutable(Cursor& c);

/// name = lower : upper [: stride] of a FORALL header.
ForallIndex parseForallIndex(Cursor& c)
{
  ForallIndex index;
  index.range = c.peek().range;
  index.name = c.expectName("a FORALL index name");
  c.expectOp("=", "after the FORALL index");
  index.lower = parseExpr(c);
  c.expectPunct(":", "between the FORALL bounds");
  index.upper = parseExpr(c);
  if (c.acceptPunct(":"))
    index.stride = parseExpr(c);
  index.range.end = c.peek().range.begin;
  return index;
}

/// The assignment a FORALL or WHERE statement controls, `after` naming what
/// it follows in the error ("Expected an assignment after the WHERE mask").
Stmt parseActionAssignment(Cursor& c, const char* after)
{
  const auto start = c.peek().range;
  if (!looksLikeAssignment(c))
    c.fail(std::string("Expected an assignment after ") + after);
  Stmt action = parseAssignment(c);
  action.range = {start.begin, c.peek().range.begin};
  return action;
}

/// FORALL (triplet-spec [, triplet-spec]... [, mask]) followed by an
/// assignment (the statement) or by nothing (the construct, closed by END
/// FORALL). Source: HPF 1.1, Sec. 4.1; Fortran 95, 7.5.4.
ParsedLine parseForall(Cursor& c)
{
  ParsedLine line;
  line.stmt.kind = StmtKind::Forall;
  c.expectPunct("(", "after FORALL");
  do {
    if (c.peek().kind == TokenKind::Identifier && c.peek(1).isOp("=")) {
      line.stmt.forallIndices.push_back(parseForallIndex(c));
    } else if (line.stmt.forallIndices.empty()) {
      c.fail("Expected a FORALL index name");
    } else {
      line.stmt.condition = parseExpr(c);
      break;
    }
  } while (c.acceptPunct(","));
  c.expectPunct(")", "after the FORALL header");
  if (c.atEnd()) {
    line.kind = LineKind::ForallBegin;
    line.stmt.forallConstruct = true;
    return line;
  }
  line.kind = LineKind::Exec;
  line.stmt.body.push_back(parseActionAssignment(c, "the FORALL header"));
  return line;
}

/// WHERE (mask) followed by an assignment (the statement) or by nothing
/// (the construct, closed by END WHERE). Source: Fortran 90, 7.5.3.
ParsedLine parseWhere(Cursor& c)
{
  ParsedLine line;
  c.expectPunct("(", "after WHERE");
  Expr mask = parseExpr(c);
  c.expectPunct(")", "after the WHERE mask");
  if (c.atEnd()) {
    line.kind = LineKind::WhereBegin;
    line.condition = std::move(mask);
    return line;
  }
  Stmt action = parseActionAssignment(c, "the WHERE mask");
  line.kind = LineKind::Exec;
  line.stmt.kind = StmtKind::Where;
  line.stmt.condition = mask;
  line.stmt.branches.push_back({std::move(mask), {}, {}});
  line.stmt.branches.back().body.push_back(std::move(action));
  return line;
}

/// SELECT CASE (expr) (Fortran 90, 8.1.3); SELECT CASE is consumed.
ParsedLine parseSelectCase(Cursor& c)
{
  ParsedLine line;
  line.kind = LineKind::SelectCase;
  c.expectPunct("(", "after SELECT CASE");
  line.condition = parseExpr(c);
  c.expectPunct(")", "after the SELECT CASE expression");
  c.expectEnd();
  return line;
}

/// CASE (value-or-range, ...) or CASE DEFAULT, then an optional construct
/// name; CASE is consumed, `isDefault` when it was spelled CASEDEFAULT.
ParsedLine parseCase(Cursor& c, bool isDefault)
{
  ParsedLine line;
  line.kind = LineKind::Case;
  line.isDefault = isDefault || c.acceptName("default");
  if (!line.isDefault)
    line.caseValues = parseParenList(c);
  if (c.peek().kind == TokenKind::Identifier)
    c.next();
  c.expectEnd();
  return line;
}

/// The part of ELSEWHERE after the keyword(s): [(mask)] [construct-name].
ParsedLine parseElseWhereRest(Cursor& c)
{
  ParsedLine line;
  line.kind = LineKind::ElseWhere;
  if (c.acceptPunct("(")) {
    line.condition = parseExpr(c);
    c.expectPunct(")", "after the ELSEWHERE mask");
  }
  if (c.peek().kind == TokenKind::Identifier)
    c.next();
  c.expectEnd();
  return line;
}

ParsedLine parseIf(Cursor& c)
{
  ParsedLine line;
  c.expectPunct("(", "after IF");
  Expr condition = parseExpr(c);
  c.expectPunct(")", "after the IF condition");
  if (c.acceptName("then")) {
    c.expectEnd();
    line.kind = LineKind::IfThen;
    line.condition = std::move(condition);
    return line;
  }
  line.kind = LineKind::Exec;
  if (c.peek().kind == TokenKind::Integer) { // arithmetic IF: unstructured
    line.stmt.kind = StmtKind::Goto;
    line.stmt.condition = std::move(condition);
    do {
      line.stmt.targets.push_back(parseLabelValue(c));
    } while (c.acceptPunct(","));
    c.expectEnd();
    return line;
  }
  if (c.atEnd())
    c.fail("Expected THEN or a statement after the IF condition");
  const auto actionStart = c.peek().range;
  ParsedLine action = parseExecutable(c);
  if (action.kind != LineKind::Exec || action.stmt.kind == StmtKind::Do || action.stmt.kind == StmtKind::DoWhile)
    throw StatementError{actionStart, "This statement cannot be the action of a logical IF"};
  action.stmt.range = {actionStart.begin, c.peek().range.begin};
  line.stmt.kind = StmtKind::LogicalIf;
  line.stmt.condition = std::move(condition);
  line.stmt.body.push_back(std::move(action.stmt));
  return line;
}

/// The part of ELSE IF after the keywords: (condition) THEN.
ParsedLine parseElseIfRest(Cursor& c)
{
  ParsedLine line;
  line.kind = LineKind::ElseIf;
  c.expectPunct("(", "after ELSE IF");
  line.condition = parseExpr(c);
  c.expectPunct(")", "after the ELSE IF condition");
  c.expectName("THEN after the ELSE IF condition");
  if (c.peek().kind == TokenKind::Identifier) // construct name
    c.next();
  c.expectEnd();
  return line;
}

ParsedLine parseElse(Cursor& c)
{
  if (c.acceptName("if"))
    return parseElseIfRest(c);
  if (c.acceptName("where"))
    return parseElseWhereRest(c);
  ParsedLine line;
  line.kind = LineKind::Else;
  if (c.peek().kind == TokenKind::Identifier) // ELSE construct-name
    c.next();
  c.expectEnd();
  return line;
}

ParsedLine execLine(Stmt s)
{
  ParsedLine line;
  line.kind = LineKind::Exec;
  line.stmt = std::move(s);
  return line;
}

/// pointer => target (Fortran 90, 7.5.2): no work and no array reference
/// the model follows; the target is still parsed for its syntax.
Stmt parsePointerAssignment(Cursor& c)
{
  Stmt s;
  s.kind = StmtKind::PointerAssignment;
  s.lhs = parseDesignator(c);
  c.expectOp("=>", "in the pointer assignment");
  s.rhs = parseExpr(c);
  c.expectEnd();
  return s;
}

ParsedLine parseExecutable(Cursor& c)
{
  if (looksLikeAssignment(c))
    return execLine(parseAssignment(c));
  if (looksLikeAssignment(c, "=>"))
    return execLine(parsePointerAssignment(c));
  const Token& t = c.peek();
  if (t.kind != TokenKind::Identifier)
    c.fail("Expected a statement but found '" + Cursor::describe(t) + "'");
  const std::string k = t.text;
  if (k == "do") { c.next(); return execLine(parseDo(c)); }
  if (k == "if") { c.next(); return parseIf(c); }
  if (k == "forall") { c.next(); return parseForall(c); }
  if (k == "where" && c.peek(1).isPunct("(")) { c.next(); return parseWhere(c); }
  if (k == "continue") { c.next(); c.expectEnd(); return execLine(simple(c, StmtKind::Continue)); }
  if (k == "call") { c.next(); return execLine(parseCall(c)); }
  if (k == "goto") { c.next(); return execLine(parseGoto(c)); }
  if (k == "go" && c.peek(1).isName("to")) { c.next(); c.next(); return execLine(parseGoto(c)); }
  if (k == "return") { c.next(); return execLine(simple(c, StmtKind::Return)); }
  if (k == "stop") { c.next(); return execLine(simple(c, StmtKind::Stop)); }
  if (k == "exit") { c.next(); return execLine(parseLoopJump(c, StmtKind::Exit)); }
  if (k == "cycle") { c.next(); return execLine(parseLoopJump(c, StmtKind::Cycle)); }
  if (isIoKeyword(k)) { c.next(); return execLine(parseIo(c, k)); }
  if (k == "assign") { c.next(); return execLine(parseAssign(c)); }
  if (k == "allocate") { c.next(); return execLine(parseAllocate(c)); }
  if (k == "deallocate" || k == "nullify") { c.next(); return execLine(parseIo(c, k)); }
  const auto meant = misspeltKeyword(k);
  c.fail("Unrecognized statement starting with '" + k + "'" +
         (meant.empty() ? "" : " (a misspelt " + toUpper(std::string(meant)) + "?)"));
}

/// PURE, ELEMENTAL, RECURSIVE or EXTRINSIC(...) starting a unit header
/// (HPF 1.1, Sec. 4.3; HPF 2.0, Sec. 6.2): a prefix name followed by
/// another prefix, a type, SUBROUTINE or FUNCTION (REAL PURE declares a
/// variable named 'pure').
bool isUnitPrefix(const Cursor& c)
{
  const auto& t = c.peek();
  if (t.kind != TokenKind::Identifier)
    return false;
  if (t.text == "extrinsic")
    return c.peek(1).isPunct("(");
  if (t.text != "pure" && t.text != "elemental" && t.text != "recursive")
    return false;
  const auto& n = c.peek(1);
  return n.kind == TokenKind::Identifier && !c.peek(2).isOp("=");
}

/// Reads one prefix: "pure", "extrinsic(hpf_local)", ...
std::string unitPrefix(Cursor& c)
{
  std::string prefix = c.next().text;
  if (prefix != "extrinsic")
    return prefix;
  c.expectPunct("(", "after EXTRINSIC");
  prefix += "(";
  while (!c.atEnd() && !c.peek().isPunct(")"))
    prefix += c.next().text;
  c.expectPunct(")", "after the EXTRINSIC kind");
  return prefix + ")";
}

/// prefix... [type] SUBROUTINE | FUNCTION name(...)
ParsedLine prefixedUnit(Cursor& c)
{
  std::vector<std::string> prefixes;
  while (isUnitPrefix(c))
    prefixes.push_back(unitPrefix(c));
  const auto at = c.peek().range;
  ParsedLine line = parseStatement(c);
  if (line.kind != LineKind::UnitBegin || line.unitKind == UnitKind::Program || line.unitKind == UnitKind::BlockData)
    throw StatementError{at, "Expected SUBROUTINE or FUNCTION after " + toUpper(prefixes.back())};
  prefixes.insert(prefixes.end(), line.prefixes.begin(), line.prefixes.end());
  line.prefixes = std::move(prefixes);
  return line;
}

} // namespace

std::vector<DimSpec> parseDimSpecs(Cursor& c)
{
  return toDimSpecs(parseParenList(c));
}

std::vector<DimSpec> toDimSpecs(std::vector<Expr> list)
{
  std::vector<DimSpec> dims;
  for (auto& s : list) {
    DimSpec d;
    if (s.kind == ExprKind::Triplet) {
      d.lower = std::move(s.operands[0]);
      d.upper = std::move(s.operands[1]);
    } else {
      d.upper = std::move(s);
    }
    dims.push_back(std::move(d));
  }
  return dims;
}

ParsedLine parseStatement(Cursor& c)
{
  if (looksLikeAssignment(c))
    return parseExecutable(c);
  const Token& t = c.peek();
  const std::string k = t.kind == TokenKind::Identifier ? t.text : std::string();
  if (k == "program") { c.next(); return unitHeader(c, UnitKind::Program, std::nullopt); }
  if (k == "subroutine") { c.next(); return unitHeader(c, UnitKind::Subroutine, std::nullopt); }
  if (k == "function") { c.next(); return unitHeader(c, UnitKind::Function, std::nullopt); }
  if (k == "blockdata") { c.next(); return unitHeader(c, UnitKind::BlockData, std::nullopt); }
  if (k == "block" && c.peek(1).isName("data")) { c.next(); c.next(); return unitHeader(c, UnitKind::BlockData, std::nullopt); }
  if (isUnitPrefix(c))
    return prefixedUnit(c);
  if (c.peek(1).isPunct(":") && isConstructKeyword(c.peek(2))) { // construct name: DO, IF, FORALL, WHERE, SELECT
    std::string name = c.next().text;
    c.next();
    auto line = parseStatement(c);
    line.stmt.constructName = std::move(name); // EXIT and CYCLE name a DO, EXIT an IF or SELECT too (F2008)
    return line;
  }
  if (k == "end") { c.next(); return parseEnd(c, ""); }
  if (k.size() > 3 && k.compare(0, 3, "end") == 0 && k != "endfile") { c.next(); return parseEnd(c, k.substr(3)); }
  if (k == "else") { c.next(); return parseElse(c); }
  if (k == "elseif") { c.next(); return parseElseIfRest(c); }
  if (k == "elsewhere") { c.next(); return parseElseWhereRest(c); }
  if (k == "select" && c.peek(1).isName("case")) { c.next(); c.next(); return parseSelectCase(c); }
  if (k == "selectcase") { c.next(); return parseSelectCase(c); } // blanks are optional there
  if (k == "case" && (c.peek(1).isPunct("(") || c.peek(1).isName("default"))) { c.next(); return parseCase(c, false); }
  if (k == "casedefault") { c.next(); return parseCase(c, true); }
  if (auto type = parseTypeSpec(c)) {
    std::vector<std::string> prefixes;
    while (isUnitPrefix(c))
      prefixes.push_back(unitPrefix(c));
    if (!prefixes.empty() && !c.peek().isName("function"))
      c.fail("Expected FUNCTION after " + toUpper(prefixes.back()));
    if (c.acceptName("function")) {
      auto line = unitHeader(c, UnitKind::Function, type);
      line.prefixes = std::move(prefixes);
      return line;
    }
    ParsedLine line;
    line.kind = LineKind::Declaration;
    line.decl = parseTypeDeclaration(c, *type);
    c.expectEnd();
    return line;
  }
  if (k == "common") {
    c.next();
    ParsedLine line;
    line.kind = LineKind::Declaration;
    line.decl = parseCommon(c);
    c.expectEnd();
    return line;
  }
  if (auto decl = parseSpecification(c, k)) {
    ParsedLine line;
    line.kind = LineKind::Declaration;
    line.decl = std::move(*decl);
    return line;
  }
  if (k == "module" && !c.peek(1).isName("procedure")) {
    c.next();
    return unitHeader(c, UnitKind::Module, std::nullopt);
  }
  if (k == "contains") {
    c.next();
    c.expectEnd();
    ParsedLine line;
    line.kind = LineKind::Contains;
    return line;
  }
  return parseExecutable(c);
}

} // namespace ps::fortran::detail

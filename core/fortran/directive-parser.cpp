// HPF directive lines. Source: HPF 2.0 specification, sections 3.3-3.7, 5.1
// and 8.3-8.5 (REDISTRIBUTE, REALIGN, DYNAMIC).
#include "fortran/statement-parser.h"
#include "support/text.h"

namespace ps::fortran::detail {
namespace {

std::vector<EntityDecl> parseObjects(Cursor& c)
{
  std::vector<DimSpec> dimensionAttribute; // TEMPLATE, DIMENSION(n, n) :: t
  if (c.acceptPunct(",")) {
    if (!c.acceptName("dimension"))
      c.fail("Expected DIMENSION after ','");
    dimensionAttribute = parseDimSpecs(c);
    c.expectPunct("::", "after the DIMENSION attribute");
  }
  c.acceptPunct("::");
  std::vector<EntityDecl> objects;
  do {
    EntityDecl e;
    e.range = c.peek().range;
    e.name = c.expectName("a name");
    e.dims = c.peek().isPunct("(") ? parseDimSpecs(c) : dimensionAttribute;
    e.range.end = c.peek().range.begin;
    objects.push_back(std::move(e));
  } while (c.acceptPunct(","));
  c.expectEnd();
  return objects;
}

std::vector<std::string> parseNameList(Cursor& c, const char* what)
{
  std::vector<std::string> names;
  do {
    names.push_back(c.expectName(what));
  } while (c.acceptPunct(","));
  return names;
}

/// ALIGN and REALIGN (HPF 2.0, Sec. 3.4 and 8.4); `d.keyword` names the
/// directive in messages.
void parseAlign(Cursor& c, Directive& d)
{
  // ALIGN alignee[(dummies)] WITH target[(subscripts)]
  // ALIGN [(dummies)] WITH target[(subscripts)] :: alignees
  const auto keyword = toUpper(d.keyword);
  if (c.peek().kind == TokenKind::Identifier && !c.peek().isName("with"))
    d.alignees.push_back(c.next().text);
  if (c.peek().isPunct("("))
    d.aligneeSubscripts = parseParenList(c);
  if (!c.acceptName("with"))
    c.fail("Expected WITH in " + keyword);
  c.acceptOp("*");
  d.target = c.expectName("an align target after WITH");
  if (c.peek().isPunct("("))
    d.targetSubscripts = parseParenList(c);
  if (c.acceptPunct("::")) {
    if (!d.alignees.empty())
      c.fail(keyword + " names its alignees twice");
    d.alignees = parseNameList(c, "an alignee name");
  }
  if (d.alignees.empty())
    c.fail(keyword + " needs an alignee");
  c.expectEnd();
}

DistFormatSpec parseFormat(Cursor& c)
{
  DistFormatSpec f;
  f.range = c.peek().range;
  if (c.acceptOp("*")) {
    f.kind = FormatKind::Collapsed;
    return f;
  }
  const auto name = c.expectName("BLOCK, CYCLIC or '*'");
  if (name == "block")
    f.kind = FormatKind::Block;
  else if (name == "cyclic")
    f.kind = FormatKind::Cyclic;
  else
    throw StatementError{f.range, "Unknown distribution format '" + name + "'; expected BLOCK, CYCLIC or '*'"};
  if (c.acceptPunct("(")) {
    f.size = parseExpr(c);
    c.expectPunct(")", "after the block size");
  }
  f.range.end = c.peek().range.begin;
  return f;
}

/// DISTRIBUTE and REDISTRIBUTE (HPF 2.0, Sec. 3.3 and 8.3); `d.keyword`
/// names the directive in messages.
void parseDistribute(Cursor& c, Directive& d)
{
  const auto keyword = toUpper(d.keyword);
  if (c.peek().kind == TokenKind::Identifier && !c.peek().isName("onto"))
    d.distributees.push_back(c.next().text);
  if (c.acceptPunct("(")) {
    do {
      d.formats.push_back(parseFormat(c));
    } while (c.acceptPunct(","));
    c.expectPunct(")", "after the distribution formats");
  }
  if (c.acceptName("onto"))
    d.onto = c.expectName("a processors arrangement after ONTO");
  if (c.acceptPunct("::")) {
    if (!d.distributees.empty())
      c.fail(keyword + " names its distributees twice");
    d.distributees = parseNameList(c, "a distributee name");
  }
  if (d.distributees.empty())
    c.fail(keyword + " needs a distributee");
  c.expectEnd();
}

/// DYNAMIC [::] alignee-or-distributee-list (HPF 2.0, Sec. 8.5).
void parseDynamic(Cursor& c, Directive& d)
{
  c.acceptPunct("::");
  d.dynamicNames = parseNameList(c, "an array or template name");
  c.expectEnd();
}

void parseIndependent(Cursor& c, Directive& d)
{
  while (c.acceptPunct(",")) {
    const auto clause = c.expectName("NEW or REDUCTION");
    c.expectPunct("(", "after the clause");
    auto names = parseNameList(c, "a variable name");
    c.expectPunct(")", "after the variable list");
    if (clause == "new")
      d.newVariables = std::move(names);
    else if (clause == "reduction")
      d.reductionVariables = std::move(names);
    else
      c.fail("Unknown INDEPENDENT clause '" + clause + "'");
  }
  c.expectEnd();
}

} // namespace

Directive parseDirective(Cursor& c)
{
  Directive d;
  d.range = c.peek().range;
  d.keyword = c.expectName("an HPF directive");
  if (d.keyword == "processors") {
    d.kind = DirectiveKind::Processors;
    d.objects = parseObjects(c);
  } else if (d.keyword == "template") {
    d.kind = DirectiveKind::Template;
    d.objects = parseObjects(c);
  } else if (d.keyword == "align") {
    d.kind = DirectiveKind::Align;
    parseAlign(c, d);
  } else if (d.keyword == "distribute") {
    d.kind = DirectiveKind::Distribute;
    parseDistribute(c, d);
  } else if (d.keyword == "independent") {
    d.kind = DirectiveKind::Independent;
    parseIndependent(c, d);
  } else if (d.keyword == "redistribute") {
    d.kind = DirectiveKind::Redistribute;
    parseDistribute(c, d);
  } else if (d.keyword == "realign") {
    d.kind = DirectiveKind::Realign;
    parseAlign(c, d);
  } else if (d.keyword == "dynamic") {
    d.kind = DirectiveKind::Dynamic;
    parseDynamic(c, d);
  } else {
    d.kind = DirectiveKind::Unsupported;
    while (!c.atEnd())
      c.next();
  }
  d.range.end = c.peek().range.begin;
  return d;
}

} // namespace ps::fortran::detail

// HPF directive lines. Source: HPF 2.0 specification, sections 3.3-3.9
// (mapping directives, their '::' attributed forms and the combined form),
// 4 (SEQUENCE), 5.1 (INDEPENDENT) and the approved extensions of sections
// 8 (REDISTRIBUTE, REALIGN, DYNAMIC, GEN_BLOCK, INDIRECT, SHADOW, RANGE) and
// 9 (ON, RESIDENT, TASK_REGION).
#include "fortran/statement-parser.h"
#include "support/text.h"

#include <algorithm>

namespace ps::fortran::detail {
namespace {

std::vector<std::string> parseNameList(Cursor& c, const char* what)
{
  std::vector<std::string> names;
  do {
    names.push_back(c.expectName(what));
  } while (c.acceptPunct(","));
  return names;
}

/// Whether the statement has a '::' outside parentheses (the attributed
/// form of a mapping directive).
bool hasDoubleColon(const Cursor& c)
{
  int depth = 0;
  for (std::size_t i = 0; c.peek(i).kind != TokenKind::End; ++i) {
    const Token& t = c.peek(i);
    if (t.isPunct("("))
      ++depth;
    else if (t.isPunct(")"))
      --depth;
    else if (depth == 0 && t.isPunct("::"))
      return true;
  }
  return false;
}

// ---- ALIGN and DISTRIBUTE specifications ----------------------------------

/// WITH [*]target[(subscripts)] (HPF 2.0, Sec. 3.4).
void parseAlignWith(Cursor& c, Directive& d)
{
  if (!c.acceptName("with"))
    c.fail("Expected WITH in " + toUpper(d.keyword));
  if (c.acceptOp("*"))
    d.alignMode = MappingMode::Descriptive;
  d.target = c.expectName("an align target after WITH");
  if (c.peek().isPunct("("))
    d.targetSubscripts = parseParenList(c);
}

/// One alignee [(dummies)]; alignees of one directive share a dummy list.
void parseAlignee(Cursor& c, Directive& d)
{
  const auto at = c.peek().range;
  d.alignees.push_back(c.expectName("an alignee name"));
  if (!c.peek().isPunct("("))
    return;
  auto dummies = parseParenList(c);
  if (d.aligneeSubscripts.empty()) {
    d.aligneeSubscripts = std::move(dummies);
    return;
  }
  bool same = dummies.size() == d.aligneeSubscripts.size();
  for (std::size_t k = 0; same && k < dummies.size(); ++k)
    same = toString(dummies[k]) == toString(d.aligneeSubscripts[k]);
  if (!same)
    throw StatementError{at, "Alignees of one " + toUpper(d.keyword) + " must have the same dummy list"};
}

/// ALIGN alignee[(dummies)] [, alignee[(dummies)]]... WITH target (the
/// alignee-first form; REALIGN alike).
void parseAlignPlain(Cursor& c, Directive& d)
{
  if (c.peek().isName("with"))
    c.fail(toUpper(d.keyword) + " needs an alignee");
  do {
    parseAlignee(c, d);
  } while (c.acceptPunct(","));
  parseAlignWith(c, d);
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
  else if (name == "gen_block")
    f.kind = FormatKind::GenBlock;
  else if (name == "indirect")
    f.kind = FormatKind::Indirect;
  else
    throw StatementError{f.range, "Unknown distribution format '" + toUpper(name) + "'; expected BLOCK, CYCLIC or '*'"};
  const bool needsArgument = f.kind == FormatKind::GenBlock || f.kind == FormatKind::Indirect;
  if (needsArgument && !c.peek().isPunct("("))
    c.fail(toUpper(name) + " needs an array argument");
  if (c.acceptPunct("(")) {
    f.size = parseExpr(c);
    c.expectPunct(")", "after the block size");
    if (f.size.kind == ExprKind::Integer && std::stoll(f.size.text.substr(0, 18)) <= 0)
      throw StatementError{f.size.range, toUpper(name) + " block size must be positive"};
    if (f.size.kind == ExprKind::Unary && f.size.op == Op::Neg)
      throw StatementError{f.size.range, toUpper(name) + " block size must be positive"};
  }
  f.range.end = c.peek().range.begin;
  return f;
}

/// [*][(formats)] [ONTO [*]procs[(section)]], or '*' alone (HPF 2.0, Sec. 3.3).
void parseDistributeSpec(Cursor& c, Directive& d)
{
  if (c.acceptOp("*")) {
    d.formatMode = c.peek().isPunct("(") ? MappingMode::Descriptive : MappingMode::Transcriptive;
  }
  if (c.acceptPunct("(")) {
    d.formatsWritten = true;
    do {
      d.formats.push_back(parseFormat(c));
    } while (c.acceptPunct(","));
    c.expectPunct(")", "after the distribution formats");
  }
  if (c.acceptName("onto")) {
    if (c.acceptOp("*") && (c.atEnd() || c.peek().isPunct(",") || c.peek().isPunct("::")))
      return; // ONTO *: the actual's processors
    d.onto = c.expectName("a processors arrangement after ONTO");
    if (c.peek().isPunct("("))
      d.ontoSubscripts = parseParenList(c);
  }
}

/// DISTRIBUTE distributee [*][(formats)] [ONTO procs] (REDISTRIBUTE alike).
void parseDistributePlain(Cursor& c, Directive& d)
{
  if (c.peek().kind == TokenKind::Identifier && !c.peek().isName("onto"))
    d.distributees.push_back(c.next().text);
  parseDistributeSpec(c, d);
  if (d.distributees.empty())
    c.fail(toUpper(d.keyword) + " needs a distributee");
  c.expectEnd();
}

// ---- the attributed and combined form (HPF 2.0, Sec. 3.9) ------------------

bool isAttribute(const std::string& k)
{
  return k == "processors" || k == "template" || k == "align" || k == "distribute" || k == "dynamic" ||
         k == "inherit" || k == "dimension" || k == "realign" || k == "redistribute" || k == "sequence";
}

DirectiveKind kindOf(const std::string& k)
{
  if (k == "processors") return DirectiveKind::Processors;
  if (k == "template") return DirectiveKind::Template;
  if (k == "align") return DirectiveKind::Align;
  if (k == "realign") return DirectiveKind::Realign;
  if (k == "distribute") return DirectiveKind::Distribute;
  if (k == "redistribute") return DirectiveKind::Redistribute;
  if (k == "dynamic") return DirectiveKind::Dynamic;
  if (k == "inherit") return DirectiveKind::Inherit;
  return DirectiveKind::Sequence;
}

struct Entity {
  std::string name;
  SourceRange range;
  std::vector<Expr> list; // the '(...)' after the name: a shape or align dummies
};

/// Gives each attribute's directive the entities after '::'.
void distributeEntities(std::vector<Directive>& attrs, const std::vector<DimSpec>& dimension,
                        std::vector<Entity>& entities)
{
  const bool shaped = std::any_of(attrs.begin(), attrs.end(), [](const Directive& d) {
    return d.kind == DirectiveKind::Template || d.kind == DirectiveKind::Processors;
  });
  for (auto& d : attrs) {
    for (auto& e : entities) {
      switch (d.kind) {
      case DirectiveKind::Processors:
      case DirectiveKind::Template:
        d.objects.push_back({e.name, e.range, e.list.empty() ? dimension : toDimSpecs(e.list), {}});
        break;
      case DirectiveKind::Align:
      case DirectiveKind::Realign:
        d.alignees.push_back(e.name);
        if (!shaped && d.aligneeSubscripts.empty())
          d.aligneeSubscripts = e.list;
        break;
      case DirectiveKind::Distribute:
      case DirectiveKind::Redistribute: d.distributees.push_back(e.name); break;
      case DirectiveKind::Dynamic: d.dynamicNames.push_back(e.name); break;
      default: d.names.push_back(e.name); break;
      }
    }
  }
}

/// attribute [, attribute]... :: entity [, entity]...; one directive per
/// attribute (DIMENSION only gives the shape), all with the line's range.
std::vector<Directive> parseAttributed(Cursor& c, const std::string& first)
{
  std::vector<Directive> attrs;
  std::vector<DimSpec> dimension;
  std::string k = first;
  while (true) {
    if (k == "dimension") {
      dimension = toDimSpecs(parseParenList(c));
    } else {
      Directive d;
      d.keyword = k;
      d.kind = kindOf(k);
      if (d.kind == DirectiveKind::Align || d.kind == DirectiveKind::Realign) {
        if (c.peek().isPunct("("))
          d.aligneeSubscripts = parseParenList(c);
        parseAlignWith(c, d);
      } else if (d.kind == DirectiveKind::Distribute || d.kind == DirectiveKind::Redistribute) {
        parseDistributeSpec(c, d);
      }
      attrs.push_back(std::move(d));
    }
    if (!c.acceptPunct(","))
      break;
    const auto at = c.peek().range;
    k = c.expectName("an attribute after ','");
    if (!isAttribute(k))
      throw StatementError{at, "Unknown attribute '" + toUpper(k) + "' in a combined HPF directive"};
  }
  c.expectPunct("::", "before the names of the combined directive");
  std::vector<Entity> entities;
  do {
    Entity e{{}, c.peek().range, {}};
    e.name = c.expectName("a name");
    if (c.peek().isPunct("("))
      e.list = parseParenList(c);
    e.range.end = c.peek().range.begin;
    entities.push_back(std::move(e));
  } while (c.acceptPunct(","));
  c.expectEnd();
  if (attrs.empty())
    c.fail("A combined HPF directive needs an attribute besides DIMENSION");
  distributeEntities(attrs, dimension, entities);
  return attrs;
}

/// PROCESSORS / TEMPLATE name[(shape)] [, name[(shape)]]... without '::'.
void parseObjects(Cursor& c, Directive& d)
{
  do {
    EntityDecl e;
    e.range = c.peek().range;
    e.name = c.expectName("a name");
    if (c.peek().isPunct("("))
      e.dims = parseDimSpecs(c);
    e.range.end = c.peek().range.begin;
    d.objects.push_back(std::move(e));
  } while (c.acceptPunct(","));
  c.expectEnd();
}

// ---- INDEPENDENT and the HPF 2.0 extensions kept as read --------------------

/// REDUCTION items may name their operator first (REDUCTION(MAX: x)), as
/// several HPF compilers accept; the operator is dropped.
std::vector<std::string> parseClauseVariables(Cursor& c, bool reduction)
{
  std::vector<std::string> names;
  do {
    if (reduction && (c.peek().kind == TokenKind::Operator || c.peek(1).isPunct(":"))) {
      c.next();
      c.expectPunct(":", "after the reduction operator");
    }
    names.push_back(c.expectName("a variable name"));
  } while (c.acceptPunct(","));
  return names;
}

/// INDEPENDENT [(index-list)] [, NEW(vars)] [, REDUCTION(vars)] (HPF 2.0,
/// Sec. 5.1); the commas between clauses may be left out.
void parseIndependent(Cursor& c, Directive& d)
{
  if (c.acceptPunct("(")) {
    d.indices = parseNameList(c, "a loop index name");
    c.expectPunct(")", "after the index list");
  }
  while (!c.atEnd()) {
    c.acceptPunct(",");
    const auto at = c.peek().range;
    const auto clause = c.expectName("NEW or REDUCTION");
    if (clause == "on" || clause == "resident") { // HPF 2.0, Sec. 9: kept as read
      while (!c.atEnd())
        c.next();
      return;
    }
    if (clause != "new" && clause != "reduction")
      throw StatementError{at, "Unknown INDEPENDENT clause '" + toUpper(clause) + "'"};
    c.expectPunct("(", "after the clause");
    auto names = parseClauseVariables(c, clause == "reduction");
    c.expectPunct(")", "after the variable list");
    auto& list = clause == "new" ? d.newVariables : d.reductionVariables;
    list.insert(list.end(), names.begin(), names.end());
  }
}

/// ON HOME(ref) | ON procs[(section)] | ON (procs), then [, RESIDENT[(...)]]
/// and [BEGIN]: the home is kept, the rest read over (HPF 2.0, Sec. 9.2).
void parseOn(Cursor& c, Directive& d)
{
  c.acceptName("home");
  if (c.peek().isPunct("(")) {
    auto list = parseParenList(c);
    if (!list.empty())
      d.home = std::move(list.front());
  } else {
    d.home = parseExpr(c);
  }
  while (!c.atEnd()) {
    if (c.peek().isName("begin") && c.peek(1).kind == TokenKind::End)
      d.begins = true;
    c.next();
  }
}

/// Names after the keyword of SEQUENCE, RESIDENT, SHADOW, RANGE: every
/// identifier outside parentheses and slashes, the rest read over.
void parseLooseNames(Cursor& c, Directive& d)
{
  int depth = 0;
  while (!c.atEnd()) {
    const Token& t = c.next();
    if (t.isPunct("("))
      ++depth;
    else if (t.isPunct(")"))
      --depth;
    else if (depth == 0 && t.kind == TokenKind::Identifier)
      d.names.push_back(t.text);
  }
}

/// Joins the two-word spellings: NO SEQUENCE, END ON, END TASK_REGION.
std::string readKeyword(Cursor& c)
{
  auto k = c.expectName("an HPF directive");
  if ((k == "no" && c.peek().isName("sequence")) ||
      (k == "end" && (c.peek().isName("on") || c.peek().isName("task_region"))))
    k += c.next().text;
  return k;
}

void parseSingle(Cursor& c, Directive& d)
{
  const auto& k = d.keyword;
  if (k == "processors" || k == "template") {
    d.kind = kindOf(k);
    parseObjects(c, d);
  } else if (k == "align" || k == "realign") {
    d.kind = kindOf(k);
    parseAlignPlain(c, d);
  } else if (k == "distribute" || k == "redistribute") {
    d.kind = kindOf(k);
    parseDistributePlain(c, d);
  } else if (k == "dynamic" || k == "inherit") {
    d.kind = kindOf(k);
    auto names = parseNameList(c, "an array or template name");
    (k == "dynamic" ? d.dynamicNames : d.names) = std::move(names);
    c.expectEnd();
  } else if (k == "independent") {
    d.kind = DirectiveKind::Independent;
    parseIndependent(c, d);
  } else if (k == "sequence" || k == "nosequence") {
    d.kind = DirectiveKind::Sequence;
    d.noSequence = k == "nosequence";
    parseLooseNames(c, d);
  } else if (k == "on") {
    d.kind = DirectiveKind::On;
    parseOn(c, d);
  } else {
    static const std::pair<const char*, DirectiveKind> kept[] = {
        {"endon", DirectiveKind::EndOn}, {"resident", DirectiveKind::Resident},
        {"task_region", DirectiveKind::TaskRegion}, {"endtask_region", DirectiveKind::EndTaskRegion},
        {"shadow", DirectiveKind::Shadow}, {"range", DirectiveKind::Range}};
    d.kind = DirectiveKind::Unsupported;
    for (const auto& [name, kind] : kept)
      if (k == name)
        d.kind = kind;
    parseLooseNames(c, d);
  }
}

} // namespace

std::vector<Directive> parseDirective(Cursor& c)
{
  const auto begin = c.peek().range;
  const auto keyword = readKeyword(c);
  std::vector<Directive> out;
  if (isAttribute(keyword) && keyword != "sequence" && hasDoubleColon(c)) {
    out = parseAttributed(c, keyword);
  } else {
    Directive d;
    d.keyword = keyword;
    parseSingle(c, d);
    out.push_back(std::move(d));
  }
  for (auto& d : out)
    d.range = {begin.begin, c.peek().range.begin};
  return out;
}

} // namespace ps::fortran::detail

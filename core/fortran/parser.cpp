#include "fortran/parser.h"

#include "fortran/fixed-form-keywords.h"
#include "fortran/include-expander.h"
#include "fortran/preprocessor.h"
#include "fortran/statement-parser.h"
#include "support/text.h"

#include <algorithm>
#include <map>
#include <set>

namespace ps::fortran {
namespace {

using detail::LineKind;
using detail::ParsedLine;

bool isLoop(const Stmt& s) { return s.kind == StmtKind::Do || s.kind == StmtKind::DoWhile; }

/// IF and WHERE constructs keep their statements in branches.
bool hasBranches(const Stmt& s)
{
  return s.kind == StmtKind::If || s.kind == StmtKind::Where || s.kind == StmtKind::SelectCase;
}

/// How messages name an open construct.
std::string constructName(const Stmt& s)
{
  if (isLoop(s))
    return "DO loop";
  switch (s.kind) {
  case StmtKind::Forall: return "FORALL construct";
  case StmtKind::Where: return "WHERE construct";
  case StmtKind::SelectCase: return "SELECT CASE construct";
  default: return "IF construct";
  }
}

/// Deepest nesting of DO, IF, FORALL, WHERE and SELECT CASE constructs read
/// (compilers have such limits too); real code stays far below it.
constexpr std::size_t kMaxConstructDepth = 256;

/// Nests parsed statements into program units, DO loops, IF, FORALL and
/// WHERE constructs.
class UnitBuilder {
public:
  explicit UnitBuilder(ParsedFile& out) : m_out(out) {}

  void statement(const LogicalStatement& logical)
  {
    auto tokens = tokenize(m_out.cooked(), logical.range);
    if (logical.isDirective) {
      detail::Cursor c(tokens, m_arrays);
      directive(c, logical.range);
      return;
    }
    int label = 0;
    if (tokens[0].kind == TokenKind::Integer && !tokens[1].isOp("=")) {
      label = detail::Cursor::labelValue(tokens[0]);
      tokens.erase(tokens.begin());
      if (tokens[0].kind == TokenKind::End) {
        error(logical.range, "Statement label " + std::to_string(label) + " has no statement");
        return;
      }
    }
    if (m_out.form == SourceForm::Fixed)
      splitFixedFormKeywords(tokens);
    if (skipBlock(tokens))
      return;
    detail::Cursor c(tokens, m_arrays, &m_typeNames);
    try {
      ParsedLine line = detail::parseStatement(c);
      line.label = label;
      line.range = logical.range;
      apply(std::move(line));
    } catch (const detail::StatementError& e) {
      error(e.range, e.message);
      if (logical.truncated)
        m_out.diagnostics.back().addNote(*logical.truncated, "Text after column 72 is ignored in fixed form");
      recover(tokens, label, logical.range);
    }
  }

  void finish()
  {
    if (!m_unit && !m_hosts.empty())
      resumeHost();
    if (!m_unit)
      return;
    if (m_hasHeader)
      error({m_unit->range.begin, m_unit->range.begin}, "Program unit '" + m_unit->name + "' has no END statement");
    endUnit(static_cast<std::uint32_t>(m_out.cooked().text().size()));
  }

private:
  void error(SourceRange range, std::string message, Severity severity = Severity::Error)
  {
    m_out.diagnostics.push_back(Diagnostic::at(m_out.cooked(), range, severity, std::move(message)));
  }

  int line(SourceRange range) const { return m_out.line(range); }

  ProgramUnit& unit(SourceRange at)
  {
    if (!m_unit) { // F77 allows a main program without a PROGRAM statement
      m_unit.emplace();
      m_unit->name = "main";
      m_unit->range = at;
      m_hasHeader = false;
    }
    return *m_unit;
  }

  void directive(detail::Cursor& c, SourceRange range)
  {
    try {
      for (auto& d : detail::parseDirective(c)) {
        d.range = range;
        if (d.kind == DirectiveKind::Unsupported)
          error(range, "HPF directive '" + toUpper(d.keyword) + "' is not supported and is ignored", Severity::Warning);
        if (d.kind == DirectiveKind::Independent)
          m_pendingIndependent = std::move(d);
        else
          unit(range).directives.push_back(std::move(d));
      }
    } catch (const detail::StatementError& e) {
      error(e.range, e.message);
    }
  }

  /// INTERFACE blocks and derived-type definitions are read, not modelled:
  /// everything up to their END is skipped. True when `tokens` was skipped.
  bool skipBlock(const std::vector<Token>& tokens)
  {
    if (tokens.size() < 2)
      return m_skipDepth > 0;
    const Token& k = tokens[0];
    const bool opens = k.isName("interface") || (k.isName("abstract") && tokens[1].isName("interface")) ||
                       (k.isName("type") && (tokens[1].kind == TokenKind::Identifier || tokens[1].isPunct("::") ||
                                             tokens[1].isPunct(",")));
    const bool closes = k.isName("endinterface") || k.isName("endtype") ||
                        (k.isName("end") && (tokens[1].isName("interface") || tokens[1].isName("type")));
    if (m_skipDepth > 0) {
      m_skipDepth += opens ? 1 : closes ? -1 : 0;
      return true;
    }
    if (!opens)
      return false;
    if (k.isName("type"))
      m_typeNames.insert(tokens[tokens.size() - 2].text); // TYPE [[, attr] ::] name
    else if (k.isName("interface") && tokens[1].kind == TokenKind::Identifier && m_unit)
      m_unit->genericNames.push_back(tokens[1].text); // INTERFACE name
    m_skipDepth = 1;
    return true;
  }

  /// CONTAINS: the host's own statements end; its internal or module
  /// procedures follow as units of their own, and the host ends at its END.
  void contains(const ParsedLine& line)
  {
    if (!m_unit) {
      error(line.range, "CONTAINS is outside a program unit");
      return;
    }
    closeOpenConstructs("CONTAINS");
    m_hosts.push_back({std::move(*m_unit), m_out.units.size(), m_arrays});
    m_unit.reset();
  }

  /// At the host's END: its contained units (those without a host yet) get
  /// the index the host is about to take, and the host becomes current.
  void resumeHost()
  {
    auto& h = m_hosts.back();
    for (auto i = h.firstContained; i < m_out.units.size(); ++i)
      if (m_out.units[i].host < 0)
        m_out.units[i].host = static_cast<int>(m_out.units.size());
    m_unit = std::move(h.unit);
    m_arrays = std::move(h.arrays);
    m_hosts.pop_back();
  }

  /// USE m: the arrays of module m (read earlier in the file) are arrays here
  /// too, under their local names, so m's a(i) is an array element.
  void useArrays(const UseSpec& use)
  {
    auto it = m_moduleArrays.find(use.module);
    if (it == m_moduleArrays.end())
      return;
    std::set<std::string> renamed;
    for (const auto& n : use.names) {
      renamed.insert(n.remote);
      if (it->second.count(n.remote))
        m_arrays.insert(n.local);
    }
    if (!use.only)
      for (const auto& a : it->second)
        if (!renamed.count(a))
          m_arrays.insert(a);
  }

  void apply(ParsedLine&& line)
  {
    switch (line.kind) {
    case LineKind::Contains: contains(line); break;
    case LineKind::UnitBegin: beginUnit(std::move(line)); break;
    case LineKind::UnitEnd:
      if (!m_unit && !m_hosts.empty())
        resumeHost();
      endUnit(line.range.end);
      break;
    case LineKind::Declaration: declaration(std::move(line)); break;
    case LineKind::Exec: executable(std::move(line)); break;
    case LineKind::IfThen: ifThen(std::move(line)); break;
    case LineKind::ElseIf:
    case LineKind::Else: elseBranch(std::move(line)); break;
    case LineKind::EndIf: endIf(line); break;
    case LineKind::EndDo: endDo(line); break;
    case LineKind::ForallBegin: forallBegin(std::move(line)); break;
    case LineKind::EndForall: endForall(line); break;
    case LineKind::WhereBegin: whereBegin(std::move(line)); break;
    case LineKind::ElseWhere: elseWhere(std::move(line)); break;
    case LineKind::EndWhere: endWhere(line); break;
    case LineKind::SelectCase: selectCase(std::move(line)); break;
    case LineKind::Case: caseBranch(std::move(line)); break;
    case LineKind::EndSelect: endSelect(line); break;
    case LineKind::Directive:
    case LineKind::Empty: break;
    }
  }

  void beginUnit(ParsedLine&& line)
  {
    if (m_unit) {
      error(line.range, "Program unit '" + m_unit->name + "' has no END statement before this one");
      endUnit(line.range.begin);
    }
    m_unit.emplace();
    m_unit->kind = line.unitKind;
    m_unit->name = line.name;
    m_unit->dummies = std::move(line.dummies);
    m_unit->resultType = line.resultType;
    m_unit->prefixes = std::move(line.prefixes);
    if (line.unitKind == UnitKind::Function)
      m_unit->resultName = line.resultName.empty() ? line.name : line.resultName;
    m_unit->range = line.range;
    m_hasHeader = true;
  }

  void endUnit(std::uint32_t end)
  {
    if (!m_unit)
      return;
    closeOpenConstructs("END");
    m_overDepth = 0;
    m_unit->range.end = end;
    if (m_unit->kind == UnitKind::Module)
      m_moduleArrays[m_unit->name] = m_arrays;
    m_out.units.push_back(std::move(*m_unit));
    m_unit.reset();
    if (m_hosts.empty()) // a contained unit ends: the host's arrays are visible again
      m_arrays.clear();
    else
      m_arrays = m_hosts.back().arrays;
    m_pendingIndependent.reset();
  }

  void closeOpenConstructs(const char* before)
  {
    while (!m_stack.empty()) {
      const Stmt& open = m_stack.back();
      error(open.range, constructName(open) + " starting at line " +
                            std::to_string(line(open.range)) + " is not closed before " + before);
      closeTop(open.range);
    }
  }

  void declaration(ParsedLine&& line)
  {
    line.decl.range = line.range;
    if (line.decl.kind == DeclKind::Use)
      useArrays(line.decl.use);
    for (const auto& e : line.decl.entities) {
      if (!e.dims.empty())
        m_arrays.insert(e.name);
    }
    unit(line.range).declarations.push_back(std::move(line.decl));
  }

  /// f(x, y) = expr where f is no array and no executable statement came
  /// before: a statement function definition (F77, Sec. 15.4).
  bool statementFunction(const ParsedLine& line)
  {
    const Stmt& s = line.stmt;
    if (s.kind != StmtKind::Assignment || s.lhs.kind != ExprKind::ArrayRef || m_arrays.count(s.lhs.text) ||
        !m_stack.empty() || (m_unit && !m_unit->body.empty()))
      return false;
    Declaration d;
    d.kind = DeclKind::StatementFunction;
    d.range = line.range;
    for (const auto& a : s.lhs.operands) {
      if (a.kind != ExprKind::Name)
        return false;
      d.arguments.push_back(a.text);
    }
    EntityDecl e;
    e.name = s.lhs.text;
    e.range = s.lhs.range;
    e.init = s.rhs;
    d.entities.push_back(std::move(e));
    unit(line.range).declarations.push_back(std::move(d));
    return true;
  }

  void executable(ParsedLine&& line)
  {
    if (statementFunction(line))
      return;
    Stmt s = std::move(line.stmt);
    s.label = line.label;
    s.range = line.range;
    unit(line.range);
    if (isLoop(s)) {
      s.independent = std::move(m_pendingIndependent);
      m_pendingIndependent.reset();
      openConstruct(std::move(s));
      return;
    }
    if (s.kind == StmtKind::Forall) {
      s.independent = std::move(m_pendingIndependent);
      m_pendingIndependent.reset();
    }
    append(std::move(s));
    closeLabel(line.label, line.range);
  }

  /// Opens a DO, IF or FORALL construct. Beyond kMaxConstructDepth levels
  /// the construct is an error and is read as a plain statement, and its end
  /// is skipped: every walker of the tree (model builder, printer, the tree's
  /// own destructor) recurses once per level.
  void openConstruct(Stmt s)
  {
    if (m_stack.size() < kMaxConstructDepth) {
      m_stack.push_back(std::move(s));
      return;
    }
    if (m_overDepth++ == 0)
      error(s.range, "Constructs nested deeper than " + std::to_string(kMaxConstructDepth) + " levels");
  }

  /// Whether an END DO, END IF, END FORALL or ELSE belongs to a construct
  /// read beyond the depth limit (and is then skipped).
  bool overDepth(bool closes)
  {
    if (m_overDepth == 0)
      return false;
    if (closes)
      --m_overDepth;
    return true;
  }

  void append(Stmt s)
  {
    if (m_stack.empty()) {
      unit(s.range).body.push_back(std::move(s));
      return;
    }
    Stmt& top = m_stack.back();
    if (hasBranches(top) && top.branches.empty()) {
      error(s.range, "Statement between SELECT CASE and its first CASE");
      return;
    }
    if (hasBranches(top))
      top.branches.back().body.push_back(std::move(s));
    else
      top.body.push_back(std::move(s));
  }

  void closeTop(SourceRange endRange, int endLabel = 0)
  {
    Stmt s = std::move(m_stack.back());
    m_stack.pop_back();
    s.endRange = endRange;
    s.endLabel = endLabel;
    if (hasBranches(s) && !s.branches.empty())
      s.branches.back().range.end = endRange.begin;
    append(std::move(s));
  }

  /// A statement labelled `label` ends every DO loop whose terminal label it is.
  void closeLabel(int label, SourceRange range)
  {
    if (label == 0)
      return;
    while (true) {
      auto it = std::find_if(m_stack.rbegin(), m_stack.rend(),
                             [label](const Stmt& s) { return isLoop(s) && s.doLabel == label; });
      if (it == m_stack.rend())
        return;
      while (&m_stack.back() != &*it) {
        const Stmt& inner = m_stack.back();
        error(inner.range, constructName(inner) + " starting at line " +
                               std::to_string(line(inner.range)) + " is not closed before label " +
                               std::to_string(label) + " ends the enclosing DO loop");
        closeTop(range);
      }
      closeTop(range);
    }
  }

  /// FORALL (...) opening a construct; its INDEPENDENT applies to it.
  void forallBegin(ParsedLine&& line)
  {
    unit(line.range);
    Stmt s = std::move(line.stmt);
    s.range = line.range;
    s.label = line.label;
    s.independent = std::move(m_pendingIndependent);
    m_pendingIndependent.reset();
    openConstruct(std::move(s));
  }

  void endForall(const ParsedLine& line)
  {
    if (overDepth(true))
      return;
    if (m_stack.empty() || m_stack.back().kind != StmtKind::Forall) {
      error(line.range, "END FORALL has no matching FORALL");
      return;
    }
    closeTop(line.range, line.label);
    closeLabel(line.label, line.range);
  }

  /// WHERE (mask) opening a construct (Fortran 90, 7.5.3).
  void whereBegin(ParsedLine&& line)
  {
    unit(line.range);
    Stmt s;
    s.kind = StmtKind::Where;
    s.whereConstruct = true;
    s.constructName = std::move(line.stmt.constructName);
    s.range = line.range;
    s.label = line.label;
    s.condition = line.condition;
    s.branches.push_back({std::move(line.condition), line.range, {}});
    openConstruct(std::move(s));
  }

  void elseWhere(ParsedLine&& line)
  {
    if (overDepth(false))
      return;
    if (m_stack.empty() || m_stack.back().kind != StmtKind::Where) {
      error(line.range, "ELSEWHERE has no matching WHERE (...)");
      return;
    }
    auto& branches = m_stack.back().branches;
    branches.back().range.end = line.range.begin;
    branches.push_back({std::move(line.condition), line.range, {}});
  }

  void endWhere(const ParsedLine& line)
  {
    if (overDepth(true))
      return;
    if (m_stack.empty() || m_stack.back().kind != StmtKind::Where) {
      error(line.range, "END WHERE has no matching WHERE (...)");
      return;
    }
    closeTop(line.range, line.label);
    closeLabel(line.label, line.range);
  }

  /// SELECT CASE (expr) opening a construct (Fortran 90, 8.1.3).
  void selectCase(ParsedLine&& line)
  {
    unit(line.range);
    Stmt s;
    s.kind = StmtKind::SelectCase;
    s.constructName = std::move(line.stmt.constructName);
    s.range = line.range;
    s.label = line.label;
    s.condition = std::move(line.condition);
    openConstruct(std::move(s));
  }

  void caseBranch(ParsedLine&& line)
  {
    if (overDepth(false))
      return;
    if (m_stack.empty() || m_stack.back().kind != StmtKind::SelectCase) {
      error(line.range, "CASE has no matching SELECT CASE");
      return;
    }
    auto& branches = m_stack.back().branches;
    if (!branches.empty())
      branches.back().range.end = line.range.begin;
    IfBranch b;
    b.range = line.range;
    b.caseValues = std::move(line.caseValues);
    b.isDefault = line.isDefault;
    branches.push_back(std::move(b));
  }

  void endSelect(const ParsedLine& line)
  {
    if (overDepth(true))
      return;
    if (m_stack.empty() || m_stack.back().kind != StmtKind::SelectCase) {
      error(line.range, "END SELECT has no matching SELECT CASE");
      return;
    }
    closeTop(line.range, line.label);
    closeLabel(line.label, line.range);
  }

  void ifThen(ParsedLine&& line)
  {
    unit(line.range);
    Stmt s;
    s.kind = StmtKind::If;
    s.constructName = std::move(line.stmt.constructName);
    s.range = line.range;
    s.label = line.label;
    s.branches.push_back({std::move(line.condition), line.range, {}});
    openConstruct(std::move(s));
  }

  void elseBranch(ParsedLine&& line)
  {
    if (overDepth(false))
      return;
    const bool isElseIf = line.kind == LineKind::ElseIf;
    if (m_stack.empty() || m_stack.back().kind != StmtKind::If) {
      error(line.range, std::string(isElseIf ? "ELSE IF" : "ELSE") + " has no matching IF (...) THEN");
      return;
    }
    auto& branches = m_stack.back().branches;
    branches.back().range.end = line.range.begin;
    branches.push_back({std::move(line.condition), line.range, {}});
  }

  void endIf(const ParsedLine& line)
  {
    if (overDepth(true))
      return;
    if (m_stack.empty() || m_stack.back().kind != StmtKind::If) {
      error(line.range, "END IF has no matching IF (...) THEN");
      return;
    }
    closeTop(line.range, line.label);
    closeLabel(line.label, line.range);
  }

  void endDo(const ParsedLine& line)
  {
    if (overDepth(true))
      return;
    if (m_stack.empty() || !isLoop(m_stack.back()) ||
        (m_stack.back().doLabel != 0 && m_stack.back().doLabel != line.label)) {
      error(line.range, "END DO has no matching DO");
      closeLabel(line.label, line.range);
      return;
    }
    closeTop(line.range, line.label);
    closeLabel(line.label, line.range);
  }

  /// After a syntax error keep the construct structure intact: a broken DO or
  /// IF-THEN header still opens its construct, and a label still closes loops.
  void recover(const std::vector<Token>& tokens, int label, SourceRange range)
  {
    const std::size_t first = 0;
    const Token& keyword = tokens[first];
    if (keyword.isName("do")) {
      Stmt s;
      s.kind = StmtKind::DoWhile;
      s.range = range;
      s.label = label;
      if (tokens[first + 1].kind == TokenKind::Integer)
        s.doLabel = detail::Cursor::labelValue(tokens[first + 1]);
      unit(range);
      openConstruct(std::move(s));
      return;
    }
    if (keyword.isName("if") && tokens.size() >= 2 && tokens[tokens.size() - 2].isName("then")) {
      ParsedLine line;
      line.range = range;
      line.label = label;
      ifThen(std::move(line));
      return;
    }
    if (keyword.isName("where") && opensConstruct(tokens)) {
      ParsedLine line;
      line.range = range;
      line.label = label;
      whereBegin(std::move(line));
      return;
    }
    if (label != 0 && m_unit)
      closeLabel(label, range);
  }

  /// A broken WHERE whose mask parenthesis is not closed, or is the last
  /// token: most likely a construct header, so its END WHERE still matches.
  static bool opensConstruct(const std::vector<Token>& tokens)
  {
    int depth = 0;
    for (std::size_t i = 1; i < tokens.size(); ++i) {
      if (tokens[i].isPunct("("))
        ++depth;
      else if (tokens[i].isPunct(")") && --depth == 0)
        return tokens[i + 1].kind == TokenKind::End;
    }
    return true;
  }

  ParsedFile& m_out;
  std::optional<ProgramUnit> m_unit;
  /// A unit whose CONTAINS part is being read, the index its first contained
  /// unit takes, and its arrays (visible in the contained units).
  struct Host {
    ProgramUnit unit;
    std::size_t firstContained = 0;
    std::set<std::string> arrays;
  };
  std::vector<Host> m_hosts;
  std::map<std::string, std::set<std::string>> m_moduleArrays; // module name -> its arrays
  int m_skipDepth = 0;              // nesting of skipped INTERFACE / TYPE blocks
  bool m_hasHeader = false;
  std::vector<Stmt> m_stack;
  int m_overDepth = 0; // constructs opened beyond kMaxConstructDepth, not yet ended
  std::set<std::string> m_arrays;
  std::set<std::string> m_typeNames; // derived types defined so far in the file
  std::optional<Directive> m_pendingIndependent;
};

/// Keeps the first kMaxErrors errors (and everything before the last of
/// them) and ends with one "Too many errors" at the next: a binary file or a
/// file in the wrong source form would otherwise bury the first, useful ones.
void capErrors(std::vector<Diagnostic>& diagnostics)
{
  constexpr int kMaxErrors = 50;
  int errors = 0;
  for (std::size_t i = 0; i < diagnostics.size(); ++i) {
    if (diagnostics[i].severity() != Severity::Error || ++errors <= kMaxErrors)
      continue;
    const auto at = diagnostics[i].range();
    diagnostics.erase(diagnostics.begin() + static_cast<std::ptrdiff_t>(i), diagnostics.end());
    diagnostics.emplace_back(at, Severity::Error,
                             "Too many errors (more than " + std::to_string(kMaxErrors) + "); stopping");
    return;
  }
}

/// The file's lines, through the C preprocessor when it needs one.
std::vector<SourceLine> readLines(SourceFile& file, const ParseOptions& options, std::vector<Diagnostic>& diagnostics)
{
  if (!options.preprocess.value_or(needsPreprocessing(file.path(), file.text())))
    return splitSourceLines(file.text());
  auto result = preprocess(file, {options.includeDirs, options.defines});
  diagnostics = std::move(result.diagnostics);
  return std::move(result.lines);
}

} // namespace

ParsedFile parseSource(std::string path, std::string text, const ParseOptions& options)
{
  ParsedFile out;
  out.form = options.form.value_or(formFromPath(path).value_or(SourceForm::Free));
  out.file = std::make_unique<SourceFile>(std::move(path), std::move(text));
  std::vector<Diagnostic> early;
  auto lines = readLines(*out.file, options, early);
  lines = expandIncludes(*out.file, lines, out.form, options.includeDirs, early);
  out.prescan = std::make_unique<PrescanResult>(prescan(*out.file, lines, out.form));
  out.diagnostics = std::move(early);
  out.diagnostics.insert(out.diagnostics.end(), out.prescan->diagnostics.begin(), out.prescan->diagnostics.end());
  UnitBuilder builder(out);
  for (const auto& statement : out.prescan->statements)
    builder.statement(statement);
  builder.finish();
  std::stable_sort(out.diagnostics.begin(), out.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) { return a.range().begin < b.range().begin; });
  capErrors(out.diagnostics);
  return out;
}

ParseFileResult parseFile(const std::string& path, const ParseOptions& options)
{
  ParseFileResult result;
  auto text = ps::readTextFile(path, &result.error);
  if (text)
    result.parsed = parseSource(path, std::move(*text), options);
  return result;
}

} // namespace ps::fortran

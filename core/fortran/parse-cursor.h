#pragma once
// Private to the parser: a cursor over one statement's tokens. A syntax error
// throws StatementError, which the statement loop turns into a diagnostic and
// then resumes at the next statement (the exception never leaves the parser).

#include "fortran/ast-expression.h"
#include "fortran/token.h"

#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace ps::fortran::detail {

struct StatementError {
  SourceRange range;
  std::string message;
};

class Cursor {
public:
  /// `arrays`: names declared with dimensions; `types`: derived types
  /// defined so far in the file (optional), whose name(...) is a structure
  /// constructor.
  Cursor(const std::vector<Token>& tokens, const std::set<std::string>& arrays,
         const std::set<std::string>* types = nullptr)
    : m_tokens(tokens), m_arrays(arrays), m_types(types) {}

  const Token& peek(std::size_t ahead = 0) const
  {
    const auto i = std::min(m_pos + ahead, m_tokens.size() - 1);
    return m_tokens[i];
  }
  const Token& next()
  {
    const Token& t = peek();
    if (m_pos + 1 < m_tokens.size())
      ++m_pos;
    return t;
  }
  bool atEnd() const { return peek().kind == TokenKind::End; }
  std::size_t position() const { return m_pos; }
  void reset(std::size_t pos) { m_pos = pos; }

  bool acceptPunct(std::string_view p)
  {
    if (!peek().isPunct(p))
      return false;
    next();
    return true;
  }
  bool acceptOp(std::string_view op)
  {
    if (!peek().isOp(op))
      return false;
    next();
    return true;
  }
  bool acceptName(std::string_view name)
  {
    if (!peek().isName(name))
      return false;
    next();
    return true;
  }

  const Token& expectPunct(std::string_view p, const char* what)
  {
    if (!peek().isPunct(p))
      fail(std::string("Expected '") + std::string(p) + "' " + what);
    return next();
  }
  const Token& expectOp(std::string_view op, const char* what)
  {
    if (!peek().isOp(op))
      fail(std::string("Expected '") + std::string(op) + "' " + what);
    return next();
  }
  std::string expectName(const char* what)
  {
    if (peek().kind != TokenKind::Identifier)
      fail(std::string("Expected ") + what);
    return next().text;
  }
  void expectEnd()
  {
    if (!atEnd())
      fail("Unexpected '" + describe(peek()) + "' at the end of the statement");
  }

  [[noreturn]] void fail(std::string message) const { throw StatementError{peek().range, std::move(message)}; }

  bool isArray(const std::string& name) const { return m_arrays.count(name) != 0; }
  bool isDerivedType(const std::string& name) const { return m_types && m_types->count(name) != 0; }

  /// Deepest nesting of parentheses, argument lists and prefix operators in
  /// one expression. The parser recurses once per level, so a limit keeps
  /// 3,000 nested parentheses from overflowing the stack (compilers limit it
  /// too: Clang's -fbracket-depth is 256).
  static constexpr int kMaxNesting = 256;
  /// Most binary operators in one statement. A chain of N operators is a
  /// tree N deep, and every walker of expressions (printer, model builder,
  /// symbolic conversion, copies) recurses over it; the limit keeps them on
  /// the stack. 4096 operands fill more than the 255 continuation lines of
  /// the standard's longest statement.
  static constexpr int kMaxOperators = 4096;

  /// Enters one nesting level; fails past kMaxNesting.
  void enterNesting()
  {
    if (++m_nesting > kMaxNesting) {
      m_nesting = 0; // the statement is abandoned; the cursor may be reused
      fail("Expression nesting deeper than " + std::to_string(kMaxNesting) + " levels");
    }
  }
  void leaveNesting() { --m_nesting; }
  /// Counts one binary operator; fails past kMaxOperators.
  void countOperator()
  {
    if (++m_operators > kMaxOperators)
      fail("Expression with more than " + std::to_string(kMaxOperators) + " operators; split the statement");
  }

  /// The value of a statement label token (digits beyond the 5 that Fortran
  /// allows are cut off rather than overflowing).
  static int labelValue(const Token& t) { return std::stoi(t.text.substr(0, 9)); }

  static std::string describe(const Token& t)
  {
    switch (t.kind) {
    case TokenKind::End: return "end of statement";
    case TokenKind::String: return "'" + t.text + "'";
    case TokenKind::Bad: return t.text;
    default: return t.text;
    }
  }

private:
  const std::vector<Token>& m_tokens;
  const std::set<std::string>& m_arrays;
  const std::set<std::string>* m_types;
  std::size_t m_pos = 0;
  int m_nesting = 0;
  int m_operators = 0;
};

/// Holds one nesting level of `c` for its lifetime (a failure unwinds it).
class NestingGuard {
public:
  explicit NestingGuard(Cursor& c) : m_cursor(c) { c.enterNesting(); }
  ~NestingGuard() { m_cursor.leaveNesting(); }
  NestingGuard(const NestingGuard&) = delete;
  NestingGuard& operator=(const NestingGuard&) = delete;

private:
  Cursor& m_cursor;
};

/// Parses an expression (Fortran 90 precedence, section 7.1.1.8).
Expr parseExpr(Cursor& c);
/// Parses a subscript or actual argument: expression, triplet or '*'.
Expr parseSubscript(Cursor& c);
/// Parses the %name[(subscripts)] selectors after `base` into Component
/// expressions (Fortran 90, R612); returns `base` when no '%' follows.
Expr parseComponents(Cursor& c, Expr base);
/// Parses a variable as the left side of an assignment: name, name(...)
/// (always an ArrayRef), an optional substring, then components.
Expr parseDesignator(Cursor& c);
/// Parses '(' list ')' of subscripts after a name; the '(' is next.
std::vector<Expr> parseParenList(Cursor& c);

} // namespace ps::fortran::detail

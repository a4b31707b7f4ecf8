#include "fortran/token.h"

#include "support/text.h"

#include <array>
#include <cctype>
#include <set>

namespace ps::fortran {
namespace {

bool isLetter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool isNameChar(char c) { return isLetter(c) || isDigit(c) || c == '_' || c == '$'; }

/// Maps the letters between dots to a normalized operator, or "" if none.
std::string dotOperator(const std::string& word)
{
  static const std::array<std::pair<const char*, const char*>, 13> table{{
      {"lt", "<"}, {"le", "<="}, {"gt", ">"}, {"ge", ">="}, {"eq", "=="}, {"ne", "/="},
      {"and", ".and."}, {"or", ".or."}, {"not", ".not."}, {"eqv", ".eqv."}, {"neqv", ".neqv."},
      {"true", ".true."}, {"false", ".false."},
  }};
  for (const auto& [w, op] : table) {
    if (word == w)
      return op;
  }
  return {};
}

class Lexer {
public:
  Lexer(std::string_view text, std::uint32_t base) : m_text(text), m_base(base) {}

  std::vector<Token> run()
  {
    std::vector<Token> out;
    while (true) {
      skipBlanks();
      if (m_pos >= m_text.size())
        break;
      if (lengthAfterType(out) && isDigit(peek()))
        out.push_back(digits()); // REAL*8 E1: blanks gone in fixed form, 8E1 is no real literal here
      else
        out.push_back(next(out.empty() ? nullptr : &out.back()));
    }
    const auto end = m_base + static_cast<std::uint32_t>(m_text.size());
    out.push_back({TokenKind::End, "", {end, end}});
    return out;
  }

private:
  void skipBlanks()
  {
    while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t'))
      ++m_pos;
  }

  char peek(std::size_t ahead = 0) const
  {
    return m_pos + ahead < m_text.size() ? m_text[m_pos + ahead] : '\0';
  }

  Token make(TokenKind kind, std::string text, std::size_t begin) const
  {
    return {kind, std::move(text), {m_base + static_cast<std::uint32_t>(begin), m_base + static_cast<std::uint32_t>(m_pos)}};
  }

  /// Length of a ".word." operator starting at m_pos, or 0.
  std::size_t dotWordLength(std::string* op) const
  {
    std::size_t i = m_pos + 1;
    while (i < m_text.size() && isLetter(m_text[i]))
      ++i;
    if (i == m_pos + 1 || i >= m_text.size() || m_text[i] != '.')
      return 0;
    auto found = dotOperator(toLower(m_text.substr(m_pos + 1, i - m_pos - 1)));
    if (found.empty())
      return 0;
    if (op)
      *op = found;
    return i + 1 - m_pos;
  }

  /// nH after '(' ',' '/' or '=' is a Hollerith constant (F77 Appendix C;
  /// the prescanner kept its blanks): n characters of data, a String token.
  bool startsHollerith(const Token* previous) const
  {
    if (previous == nullptr || !(previous->isPunct("(") || previous->isPunct(",") || previous->isOp("/") ||
                                 previous->isOp("=")))
      return false;
    std::size_t i = m_pos;
    while (isDigit(m_text[i]) && i + 1 < m_text.size())
      ++i;
    return i > m_pos && (m_text[i] == 'h' || m_text[i] == 'H') && std::stoi(std::string(m_text.substr(m_pos, std::min<std::size_t>(i - m_pos, 6)))) > 0;
  }

  Token hollerith()
  {
    const auto begin = m_pos;
    std::size_t n = 0;
    while (isDigit(peek()))
      n = std::min<std::size_t>(n * 10 + static_cast<std::size_t>(peek() - '0'), 100000), ++m_pos;
    ++m_pos; // the H
    const auto length = std::min(n, m_text.size() - m_pos);
    std::string value(m_text.substr(m_pos, length));
    m_pos += length;
    return make(TokenKind::String, std::move(value), begin);
  }

  Token next(const Token* previous)
  {
    const auto begin = m_pos;
    const char c = peek();
    if (isDigit(c) && startsHollerith(previous))
      return hollerith();
    if (isLetter(c) || c == '_') {
      while (isNameChar(peek()))
        ++m_pos;
      return make(TokenKind::Identifier, toLower(m_text.substr(begin, m_pos - begin)), begin);
    }
    if (isDigit(c) || (c == '.' && isDigit(peek(1))))
      return number();
    if (c == '\'' || c == '"')
      return string(c);
    if (c == '.') {
      std::string op;
      if (const auto n = dotWordLength(&op)) {
        m_pos += n;
        const bool logical = op == ".true." || op == ".false.";
        return make(logical ? TokenKind::Logical : TokenKind::Operator, op, begin);
      }
    }
    return punctuation();
  }

  /// Whether the next token is the length of a type: `*` right after the
  /// statement's type keyword (REAL*8, INTEGER*4, COMPLEX*16, LOGICAL*1,
  /// CHARACTER*8, also after IMPLICIT).
  static bool lengthAfterType(const std::vector<Token>& out)
  {
    const auto n = out.size();
    if (n < 2 || !out[n - 1].isOp("*") || out[n - 2].kind != TokenKind::Identifier)
      return false;
    static const std::set<std::string, std::less<>> types = {"integer", "real", "complex", "logical", "character", "byte"};
    return types.count(out[n - 2].text) > 0 && (n == 2 || (n == 3 && out[0].text == "implicit"));
  }

  /// A digit string alone, as an Integer token.
  Token digits()
  {
    const auto begin = m_pos;
    while (isDigit(peek()))
      ++m_pos;
    return make(TokenKind::Integer, std::string(m_text.substr(begin, m_pos - begin)), begin);
  }

  Token number()
  {
    const auto begin = m_pos;
    bool real = false;
    while (isDigit(peek()))
      ++m_pos;
    if (peek() == '.' && dotWordLength(nullptr) == 0) {
      real = true;
      ++m_pos;
      while (isDigit(peek()))
        ++m_pos;
    }
    const char e = static_cast<char>(std::tolower(static_cast<unsigned char>(peek())));
    if ((e == 'e' || e == 'd' || e == 'q') &&
        (isDigit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
      real = true;
      m_pos += 2;
      while (isDigit(peek()))
        ++m_pos;
    }
    auto text = std::string(m_text.substr(begin, m_pos - begin));
    if (peek() == '_' && isNameChar(peek(1))) { // kind parameter, e.g. 1.0_8
      ++m_pos;
      while (isNameChar(peek()))
        ++m_pos;
    }
    return make(real ? TokenKind::Real : TokenKind::Integer, text, begin);
  }

  Token string(char quote)
  {
    const auto begin = m_pos++;
    std::string value;
    while (m_pos < m_text.size()) {
      const char c = m_text[m_pos++];
      if (c == quote) {
        if (peek() == quote) {
          value.push_back(quote);
          ++m_pos;
          continue;
        }
        return make(TokenKind::String, value, begin);
      }
      value.push_back(c);
    }
    return make(TokenKind::Bad, "unterminated character string", begin);
  }

  Token punctuation()
  {
    const auto begin = m_pos;
    static const std::array<const char*, 8> twoChar{"**", "//", "<=", ">=", "==", "/=", "=>", "::"};
    for (const char* op : twoChar) {
      if (peek() == op[0] && peek(1) == op[1]) {
        m_pos += 2;
        const bool punct = std::string_view(op) == "::";
        return make(punct ? TokenKind::Punct : TokenKind::Operator, op, begin);
      }
    }
    const char c = m_text[m_pos++];
    switch (c) {
    case '+': case '-': case '*': case '/': case '<': case '>': case '=':
      return make(TokenKind::Operator, std::string(1, c), begin);
    case '(': case ')': case ',': case ':': case '%': case '[': case ']':
      return make(TokenKind::Punct, std::string(1, c), begin);
    default:
      return make(TokenKind::Bad, std::string(1, c), begin);
    }
  }

  std::string_view m_text;
  std::uint32_t m_base;
  std::size_t m_pos = 0;
};

} // namespace

std::vector<Token> tokenize(const CookedSource& cooked, SourceRange range)
{
  return Lexer(cooked.slice(range), range.begin).run();
}

} // namespace ps::fortran

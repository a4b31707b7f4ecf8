#pragma once
// Tokens of one logical statement. Identifiers and keywords are lower-cased;
// operators are normalized (".LT." and "<" both become "<").

#include "fortran/source.h"

#include <string>
#include <vector>

namespace ps::fortran {

enum class TokenKind {
  Identifier, // names and keywords, lower case
  Integer,    // digit string
  Real,       // 1.0, .5, 1e3, 2.5d0 (text as written, kind suffix dropped)
  String,     // text without the quotes, doubled quotes undone
  Logical,    // ".true." or ".false."
  Operator,   // + - * / ** // < <= > >= == /= .and. .or. .not. .eqv. .neqv. and = =>
  Punct,      // ( ) , : :: % [ ]
  End,        // end of statement
  Bad,        // a character that starts no token
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;
  SourceRange range;

  bool is(TokenKind k, std::string_view t) const { return kind == k && text == t; }
  bool isName(std::string_view t) const { return kind == TokenKind::Identifier && text == t; }
  bool isPunct(std::string_view t) const { return kind == TokenKind::Punct && text == t; }
  bool isOp(std::string_view t) const { return kind == TokenKind::Operator && text == t; }
};

/// Splits the cooked text of `range` into tokens; the last one is End.
/// Unterminated strings and stray characters become Bad tokens.
std::vector<Token> tokenize(const CookedSource& cooked, SourceRange range);

} // namespace ps::fortran

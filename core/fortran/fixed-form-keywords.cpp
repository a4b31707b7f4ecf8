#include "fortran/fixed-form-keywords.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

namespace ps::fortran {
namespace {

using Tokens = std::vector<Token>;

bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// Statement keywords that may be glued to a name, a label or another keyword;
// the longest match wins (`endfile` before `end`, `doubleprecision` before `double`).
// TYPE opens a derived-type definition (TYPEGRID); TYPE(GRID) X needs no split.
constexpr std::array<std::string_view, 53> kKeywords{
    "allocatable", "assign", "backspace", "blockdata", "call", "character", "close", "common", "complex",
    "contains", "continue", "data", "deallocate", "dimension", "doublecomplex", "doubleprecision", "do",
    "elseif", "else", "endfile", "end", "entry", "equivalence", "external", "format", "function", "goto",
    "if", "implicit", "include", "inquire", "integer", "interface", "intrinsic", "logical", "module",
    "namelist", "open", "parameter", "pause", "print", "program", "read", "real", "return", "rewind", "save",
    "stop", "subroutine", "use", "write", "allocate", "type"};

constexpr std::array<std::string_view, 7> kTypes{"integer", "real", "doubleprecision", "doublecomplex", "complex",
                                                 "logical", "character"};

// Prefixes of SUBROUTINE and FUNCTION statements (F95 R1224; HPF 1.1, Sec. 4.3).
constexpr std::array<std::string_view, 3> kUnitPrefixes{"pure", "elemental", "recursive"};

constexpr std::array<std::string_view, 6> kUnitKeywords{"subroutine", "function", "program", "blockdata", "module",
                                                        "interface"};

std::string_view longestKeyword(std::string_view text)
{
  std::string_view best;
  for (auto k : kKeywords) {
    if (startsWith(text, k) && k.size() > best.size())
      best = k;
  }
  return best;
}

Token piece(const Token& t, std::size_t from, std::size_t length, TokenKind kind)
{
  const auto begin = t.range.begin + static_cast<std::uint32_t>(from);
  return {kind, t.text.substr(from, length), {begin, begin + static_cast<std::uint32_t>(length)}};
}

/// Replaces tokens[i] by its first `length` characters and the rest: a label
/// (digits) and then a name, as far as each is present.
void splitAt(Tokens& tokens, std::size_t i, std::size_t length)
{
  const Token t = tokens[i];
  Tokens parts{piece(t, 0, length, TokenKind::Identifier)};
  std::size_t digits = length;
  while (digits < t.text.size() && isDigit(t.text[digits]))
    ++digits;
  if (digits > length)
    parts.push_back(piece(t, length, digits - length, TokenKind::Integer));
  if (digits < t.text.size())
    parts.push_back(piece(t, digits, t.text.size() - digits, TokenKind::Identifier));
  tokens.erase(tokens.begin() + static_cast<std::ptrdiff_t>(i));
  tokens.insert(tokens.begin() + static_cast<std::ptrdiff_t>(i), parts.begin(), parts.end());
}

/// Splits `prefix` off tokens[i] when the token starts with it and is longer.
bool splitPrefix(Tokens& tokens, std::size_t i, std::string_view prefix)
{
  if (i >= tokens.size() || tokens[i].kind != TokenKind::Identifier || tokens[i].text.size() <= prefix.size() ||
      !startsWith(tokens[i].text, prefix))
    return false;
  splitAt(tokens, i, prefix.size());
  return true;
}

/// Index after the parenthesized group starting at `i` (a '('), or npos.
std::size_t skipGroup(const Tokens& tokens, std::size_t i)
{
  int depth = 0;
  for (; i < tokens.size() && tokens[i].kind != TokenKind::End; ++i) {
    if (tokens[i].isPunct("("))
      ++depth;
    else if (tokens[i].isPunct(")") && --depth == 0)
      return i + 1;
  }
  return std::string_view::npos;
}

/// The length of the unit prefixes `text` starts with (`purerecursive...`),
/// when what follows them starts with one of `heads`; else 0.
template <std::size_t N>
std::size_t prefixChain(std::string_view text, const std::array<std::string_view, N>& heads)
{
  std::size_t at = 0;
  for (bool more = true; more;) {
    more = false;
    for (auto p : kUnitPrefixes)
      if (startsWith(text.substr(at), p)) {
        at += p.size();
        more = true;
      }
  }
  const auto rest = text.substr(at);
  const bool head = std::any_of(heads.begin(), heads.end(), [&](auto h) { return startsWith(rest, h); });
  return at > 0 && head ? at : 0;
}

/// Splits PURE, ELEMENTAL and RECURSIVE off the start of tokens[i] when a
/// unit statement follows them; true when it did.
template <std::size_t N>
bool splitUnitPrefixes(Tokens& tokens, std::size_t i, const std::array<std::string_view, N>& heads)
{
  if (i >= tokens.size() || tokens[i].kind != TokenKind::Identifier)
    return false;
  const auto chain = prefixChain(tokens[i].text, heads);
  if (chain == 0)
    return false;
  for (std::size_t done = 0; done < chain; ++i) {
    const auto p = *std::find_if(kUnitPrefixes.begin(), kUnitPrefixes.end(),
                                 [&](auto k) { return startsWith(tokens[i].text, k); });
    done += p.size();
    if (tokens[i].text.size() > p.size())
      splitAt(tokens, i, p.size());
  }
  return true;
}

/// name [(...) [(...)]] {%name [(...) [(...)]]} = ..., except `DO10I=1,N`
/// (a comma at depth 0 after '=').
bool isAssignment(const Tokens& tokens, std::size_t i)
{
  std::size_t j = i + 1;
  while (true) {
    for (int group = 0; group < 2 && j < tokens.size() && tokens[j].isPunct("("); ++group) {
      j = skipGroup(tokens, j);
      if (j == std::string_view::npos)
        return false;
    }
    if (j + 1 >= tokens.size() || !tokens[j].isPunct("%") || tokens[j + 1].kind != TokenKind::Identifier)
      break;
    j += 2;
  }
  if (j >= tokens.size() || !tokens[j].isOp("="))
    return false;
  if (!startsWith(tokens[i].text, "do") || j != i + 1)
    return true;
  int depth = 0;
  for (std::size_t k = j + 1; k < tokens.size(); ++k) {
    if (tokens[k].isPunct("("))
      ++depth;
    else if (tokens[k].isPunct(")"))
      --depth;
    else if (depth == 0 && tokens[k].isPunct(","))
      return false;
  }
  return true;
}

/// After a type keyword: skip *len, *(len) or (kind), then split FUNCTION.
void splitAfterType(Tokens& tokens, std::size_t i)
{
  if (tokens[i].isOp("*")) {
    ++i;
    if (i < tokens.size() && tokens[i].isPunct("("))
      i = skipGroup(tokens, i);
    else if (i < tokens.size() && tokens[i].kind == TokenKind::Integer)
      ++i;
  } else if (tokens[i].isPunct("(")) {
    i = skipGroup(tokens, i);
  }
  if (i == std::string_view::npos)
    return;
  constexpr std::array<std::string_view, 1> function{"function"};
  while (i < tokens.size() && tokens[i].kind == TokenKind::Identifier && splitUnitPrefixes(tokens, i, function))
    ++i; // REAL PURE FUNCTION F
  splitPrefix(tokens, i, "function");
}

void splitStatement(Tokens& tokens, std::size_t i);

/// Splits what follows keyword `k`, now at tokens[i].
void splitFollowers(Tokens& tokens, std::size_t i, std::string_view k)
{
  const std::size_t next = i + 1;
  if (std::find(kTypes.begin(), kTypes.end(), k) != kTypes.end()) {
    splitAfterType(tokens, next);
  } else if (k == "implicit") {
    for (auto t : kTypes) {
      if (splitPrefix(tokens, next, t))
        break;
    }
  } else if (k == "end") {
    for (auto u : kUnitKeywords) {
      if (splitPrefix(tokens, next, u))
        break;
    }
  } else if (k == "do") {
    // DO10WHILE(...): the label is split already; split WHILE off a name.
    const std::size_t name = next < tokens.size() && tokens[next].kind == TokenKind::Integer ? next + 1 : next;
    if (name + 1 < tokens.size() && !tokens[name + 1].isOp("="))
      splitPrefix(tokens, name, "while");
  } else if (k == "assign") {
    splitPrefix(tokens, next + 1, "to");
  } else if (k == "if" || k == "elseif") {
    // The action of a logical IF is a statement of its own.
    if (next < tokens.size() && tokens[next].isPunct("(")) {
      const auto after = skipGroup(tokens, next);
      if (after != std::string_view::npos && after < tokens.size() && !tokens[after].isName("then"))
        splitStatement(tokens, after);
    }
  }
}

void splitStatement(Tokens& tokens, std::size_t i)
{
  if (i >= tokens.size() || tokens[i].kind != TokenKind::Identifier || isAssignment(tokens, i))
    return;
  if (tokens[i].text == "extrinsic" && i + 1 < tokens.size() && tokens[i + 1].isPunct("(")) {
    splitStatement(tokens, skipGroup(tokens, i + 1)); // EXTRINSIC(HPF_LOCAL) SUBROUTINE L
    return;
  }
  constexpr std::array<std::string_view, 9> heads{"subroutine", "function", "integer", "real", "double",
                                                  "complex", "logical", "character", "extrinsic"};
  if (splitUnitPrefixes(tokens, i, heads)) {
    while (std::find(kUnitPrefixes.begin(), kUnitPrefixes.end(), tokens[i].text) != kUnitPrefixes.end())
      ++i;
    splitStatement(tokens, i);
    return;
  }
  const auto k = longestKeyword(tokens[i].text);
  if (k.empty())
    return;
  if (k == "if" && tokens[i].text != "if")
    return; // IFX(...) is no statement; leave the error to the parser
  if (tokens[i].text.size() > k.size())
    splitAt(tokens, i, k.size());
  splitFollowers(tokens, i, k);
}

} // namespace

void splitFixedFormKeywords(std::vector<Token>& tokens)
{
  splitStatement(tokens, 0);
}

std::string_view misspeltKeyword(std::string_view word)
{
  std::string_view best;
  std::size_t bestEdits = 3;
  for (auto k : kKeywords) {
    const std::size_t allowed = k.size() >= 6 ? 2 : k.size() >= 4 ? 1 : 0;
    if (allowed == 0 || word.size() + 1 < k.size())
      continue;
    // edits between k and each prefix of word (Levenshtein, one row at a time)
    std::vector<std::size_t> row(word.size() + 1);
    for (std::size_t j = 0; j <= word.size(); ++j)
      row[j] = j;
    for (std::size_t i = 1; i <= k.size(); ++i) {
      std::size_t diagonal = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= word.size(); ++j) {
        const auto above = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (k[i - 1] == word[j - 1] ? 0 : 1)});
        diagonal = above;
      }
    }
    std::size_t edits = 3;
    for (std::size_t j = k.size() - 1; j <= k.size() + 1 && j <= word.size(); ++j)
      edits = std::min(edits, row[j]);
    if (edits == 0 && word.substr(0, k.size()) == k)
      return {}; // spelt right: the statement is wrong elsewhere
    if (edits <= allowed && (edits < bestEdits || (edits == bestEdits && k.size() > best.size())))
      best = k, bestEdits = edits;
  }
  return best;
}

} // namespace ps::fortran

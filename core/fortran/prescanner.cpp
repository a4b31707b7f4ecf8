#include "fortran/prescanner.h"

#include "support/text.h"

#include <algorithm>
#include <cctype>

namespace ps::fortran {
namespace {

constexpr std::size_t kFixedFormLastColumn = 72;

/// A physical line as the scanners see it: a view of a SourceLine.
struct PhysicalLine {
  std::string_view text;
  std::uint32_t offset = 0;
  std::uint32_t limit = UINT32_MAX;
};

bool isBlank(std::string_view s)
{
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t'; });
}

bool startsWithNoCase(std::string_view s, std::string_view prefix)
{
  if (s.size() < prefix.size())
    return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(s[i])) != prefix[i])
      return false;
  }
  return true;
}

/// Accumulates the characters of one logical statement, tracking character
/// strings so that '!' and ';' inside them are kept.
class StatementBuilder {
public:
  explicit StatementBuilder(PrescanResult& out) : m_out(out) {}

  bool active() const { return m_active; }
  bool directive() const { return m_directive; }
  bool inString() const { return m_quote != 0; }
  /// The quote of the character string the statement is inside, or 0.
  char quote() const { return m_quote; }

  void start(bool directive)
  {
    flush();
    m_truncated.reset();
    m_active = true;
    m_directive = directive;
    m_quote = 0;
    m_count = -1;
    m_hollerith = 0;
  }

  /// Fixed form: blanks outside character strings and Hollerith constants
  /// are insignificant and dropped (F77, Sec. 3.1.6; `D O 1 0 I = 1, N`).
  void setDropBlanks(bool drop) { m_dropBlanks = drop; }
  /// Provenance never goes beyond `limit` (see SourceLine).
  void setLimit(std::uint32_t limit) { m_limit = limit; }

  /// Adds body characters; stops at a '!' comment.
  void add(std::string_view text, std::uint32_t origin)
  {
    for (std::size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      const auto at = std::min(origin + static_cast<std::uint32_t>(i), m_limit);
      if (m_hollerith > 0) {
        --m_hollerith;
      } else if (m_quote != 0) {
        if (c == m_quote)
          m_quote = 0;
      } else if (c == '\'' || c == '"') {
        m_quote = c;
      } else if (c == '!') {
        return;
      } else if (c == ';' && !m_directive) {
        flush();
        start(false);
        continue;
      } else if ((c == ' ' || c == '\t') && m_dropBlanks && !m_directive) {
        continue;
      } else {
        trackHollerith(c);
      }
      m_chars.push_back({c, at});
    }
  }

  /// Records that text of the statement was cut off after column 72.
  void markTruncated(FileRange range)
  {
    if (!m_truncated)
      m_truncated = range;
  }

  /// Adds `c` as is (the blank that keeps a label apart from its statement).
  void addRaw(char c, std::uint32_t origin) { m_chars.push_back({c, std::min(origin, m_limit)}); }

  void flush()
  {
    if (!m_active)
      return;
    m_active = false;
    const auto first = std::find_if(m_chars.begin(), m_chars.end(), [](auto& p) { return p.first != ' ' && p.first != '\t'; });
    if (first == m_chars.end()) {
      m_chars.clear();
      return;
    }
    const auto begin = static_cast<std::uint32_t>(m_out.cooked.text().size());
    for (auto it = first; it != m_chars.end(); ++it)
      m_out.cooked.put(it->first == '\t' ? ' ' : it->first, it->second);
    const auto end = static_cast<std::uint32_t>(m_out.cooked.text().size());
    m_out.cooked.put('\n', m_chars.back().second + 1);
    m_out.statements.push_back({{begin, end}, m_directive, m_truncated});
    m_chars.clear();
  }

private:
  /// nH starts a Hollerith constant of n characters (F77 Appendix C) when the
  /// digits follow '(' ',' '/' or '=': the characters after the H are data.
  void trackHollerith(char c)
  {
    if (std::isdigit(static_cast<unsigned char>(c))) {
      if (m_count < 0 && !m_chars.empty() && std::string_view("(,/=").find(m_chars.back().first) != std::string_view::npos)
        m_count = 0;
      if (m_count >= 0)
        m_count = std::min(m_count * 10 + (c - '0'), 100000);
      return;
    }
    if ((c == 'h' || c == 'H') && m_count > 0)
      m_hollerith = m_count;
    m_count = -1;
  }

  PrescanResult& m_out;
  std::vector<std::pair<char, std::uint32_t>> m_chars;
  bool m_dropBlanks = false;
  std::optional<FileRange> m_truncated;
  std::uint32_t m_limit = UINT32_MAX;
  int m_count = -1;     // value of the digits that may start a Hollerith constant
  int m_hollerith = 0;  // characters of a Hollerith constant still to come
  bool m_active = false;
  bool m_directive = false;
  char m_quote = 0;
};

// ---- fixed form ---------------------------------------------------------

bool isFixedDirectiveSentinel(std::string_view line)
{
  return startsWithNoCase(line, "CHPF$") || startsWithNoCase(line, "*HPF$") || startsWithNoCase(line, "!HPF$");
}

bool isFixedComment(std::string_view line)
{
  if (line.empty() || isBlank(line))
    return true;
  const char c = line[0];
  if (c == 'C' || c == 'c' || c == '*' || c == '!')
    return true;
  // A '!' as the first non-blank character in columns 1-5 also starts a comment.
  const auto first = line.find_first_not_of(" \t");
  return first < 5 && line[first] == '!' && line.find('\t') > first;
}

struct FixedFields {
  std::string_view label;
  bool continuation = false;
  std::string_view body;
  std::uint32_t labelOffset = 0;
  std::uint32_t bodyOffset = 0;
  std::size_t bodyColumn = 7;  // 1-based column of the body's first character
  std::string_view overflow;   // text after column 72, ignored
  std::uint32_t overflowOffset = 0;
};

FixedFields splitFixedFields(std::string_view line)
{
  FixedFields f;
  const auto tab = line.find('\t');
  if (tab != std::string_view::npos && tab < 6) {
    // DEC tab form: label before the tab, a digit 1-9 after it continues.
    f.label = line.substr(0, tab);
    auto rest = line.substr(tab + 1);
    f.bodyOffset = static_cast<std::uint32_t>(tab + 1);
    if (!rest.empty() && rest[0] >= '1' && rest[0] <= '9') {
      f.continuation = true;
      rest.remove_prefix(1);
      ++f.bodyOffset;
    }
    f.body = rest;
    f.bodyColumn = 7; // the tab stands for columns up to 6
  } else {
    f.label = line.substr(0, std::min<std::size_t>(5, line.size()));
    f.continuation = line.size() > 5 && line[5] != ' ' && line[5] != '0';
    f.bodyOffset = 6;
    f.body = line.size() > 6 ? line.substr(6) : std::string_view{};
  }
  const std::size_t room = kFixedFormLastColumn + 1 - f.bodyColumn;
  if (f.body.size() > room) {
    f.overflow = f.body.substr(room);
    f.overflowOffset = f.bodyOffset + static_cast<std::uint32_t>(room);
    f.body = f.body.substr(0, room);
  }
  return f;
}

/// Adds the body of a fixed-form line; text after column 72 is dropped, and
/// remembered so that a syntax error in the statement can say so.
void addFixedBody(const PhysicalLine& line, const FixedFields& fields, StatementBuilder& builder)
{
  builder.add(fields.body, line.offset + fields.bodyOffset);
  if (!isBlank(fields.overflow)) {
    const auto first = fields.overflow.find_first_not_of(" \t");
    const auto at = line.offset + fields.overflowOffset + static_cast<std::uint32_t>(first);
    builder.markTruncated({at, at + static_cast<std::uint32_t>(fields.overflow.size() - first)});
  }
}

std::size_t trailingAmpersand(std::string_view text, char quote);

/// Whether `text` starts with an HPF directive keyword: `!HPF$ALIGN` has
/// its keyword in column 6, where a continuation mark would otherwise be.
bool startsDirectiveKeyword(std::string_view text)
{
  static const char* const keywords[] = {"ALIGN", "DISTRIBUTE", "PROCESSORS", "TEMPLATE", "INDEPENDENT", "DYNAMIC",
                                         "REDISTRIBUTE", "REALIGN", "INHERIT", "SEQUENCE", "NOSEQUENCE", "NO ",
                                         "ON ", "RESIDENT", "TASK_REGION", "END", "SHADOW", "RANGE"};
  return std::any_of(std::begin(keywords), std::end(keywords), [&](const char* k) { return startsWithNoCase(text, k); });
}

/// HPF directive lines of fixed form: the sentinel in columns 1-5 and a
/// continuation mark in column 6 (`CHPF$&`), and, as HPF code also writes
/// them, a keyword right after the sentinel, a `!HPF$` indented past column
/// 1, and a trailing '&' continuing onto the next directive line.
/// Source: HPF 2.0, Sec. 3.2.
FixedFields directiveFields(const PhysicalLine& line, StatementBuilder& builder, bool& ampersand)
{
  const auto at = line.text.find_first_not_of(" \t");
  FixedFields f;
  if (at > 0) { // an indented !HPF$: the body follows the sentinel
    f.bodyOffset = static_cast<std::uint32_t>(at + 5);
    f.body = line.text.substr(at + 5);
    const auto first = f.body.find_first_not_of(" \t");
    f.continuation = first != std::string_view::npos && f.body[first] == '&';
    if (f.continuation) {
      f.bodyOffset += static_cast<std::uint32_t>(first + 1);
      f.body.remove_prefix(first + 1);
    }
  } else {
    f = splitFixedFields(line.text);
    if (f.continuation && line.text.size() > 5 && startsDirectiveKeyword(line.text.substr(5))) {
      f.body = line.text.substr(5, kFixedFormLastColumn - 5);
      f.bodyOffset = 5;
      f.continuation = false;
    }
  }
  if (ampersand && builder.active() && builder.directive() && !f.continuation) {
    f.continuation = true;
    const auto first = f.body.find_first_not_of(" \t");
    if (first != std::string_view::npos && f.body[first] == '&') {
      f.bodyOffset += static_cast<std::uint32_t>(first + 1);
      f.body.remove_prefix(first + 1);
    }
  }
  const auto amp = trailingAmpersand(f.body, 0);
  ampersand = amp != std::string_view::npos;
  if (ampersand)
    f.body = f.body.substr(0, amp);
  return f;
}

bool isIndentedDirective(std::string_view line)
{
  const auto first = line.find_first_not_of(" \t");
  return first != std::string_view::npos && first > 0 && startsWithNoCase(line.substr(first), "!HPF$");
}

void prescanFixedLine(const PhysicalLine& line, StatementBuilder& builder, PrescanResult& out, bool& ampersand)
{
  const bool directive = isFixedDirectiveSentinel(line.text) || isIndentedDirective(line.text);
  if (!directive && isFixedComment(line.text))
    return;
  builder.setLimit(line.limit);
  if (!directive)
    ampersand = false;
  const auto fields = directive ? directiveFields(line, builder, ampersand) : splitFixedFields(line.text);
  if (fields.continuation) {
    if (!builder.active() || builder.directive() != directive) {
      out.diagnostics.emplace_back(FileRange{line.offset, line.offset + 6}, Severity::Error,
                                   "Continuation line has no statement to continue");
      return;
    }
    addFixedBody(line, fields, builder);
    return;
  }
  builder.start(directive);
  if (!directive) {
    const auto label = fields.label;
    const auto first = label.find_first_not_of(" \t");
    if (first != std::string_view::npos) {
      for (std::size_t i = first; i < label.size(); ++i) {
        const char c = label[i];
        if (c != ' ' && !std::isdigit(static_cast<unsigned char>(c))) {
          const auto at = line.offset + static_cast<std::uint32_t>(i);
          out.diagnostics.emplace_back(FileRange{at, at + 1}, Severity::Error,
                                       "Statement label field (columns 1-5) may contain only digits");
          break;
        }
      }
      // The label goes first in the cooked statement, separated by a blank.
      builder.add(label.substr(first), line.offset + static_cast<std::uint32_t>(first));
      builder.addRaw(' ', line.offset + static_cast<std::uint32_t>(label.size()));
    }
  }
  addFixedBody(line, fields, builder);
}

// ---- free form ----------------------------------------------------------

/// Position of a continuation '&' ending `text` (outside strings and before a
/// '!' comment), or npos.
std::size_t trailingAmpersand(std::string_view text, char quote)
{
  std::size_t last = std::string_view::npos;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '\'' || c == '"')
      quote = c;
    else if (c == '!')
      break;
    else if (c == '&')
      last = i;
    else if (c != ' ' && c != '\t')
      last = std::string_view::npos;
  }
  return last;
}

class FreeFormScanner {
public:
  FreeFormScanner(StatementBuilder& builder, PrescanResult& out) : m_builder(builder), m_out(out) {}

  void line(const PhysicalLine& line)
  {
    auto text = line.text;
    std::uint32_t offset = line.offset;
    m_builder.setLimit(line.limit);
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
      return;
    bool directive = false;
    if (text[first] == '!') {
      if (!startsWithNoCase(text.substr(first), "!HPF$"))
        return; // comment line; a pending continuation stays pending
      directive = true;
      text.remove_prefix(first + 5);
      offset += static_cast<std::uint32_t>(first + 5);
    }
    if (m_continuing) {
      continueWith(text, offset, directive, line);
      return;
    }
    m_builder.start(directive);
    addBody(text, offset);
  }

  void finish() { m_builder.flush(); }

private:
  void continueWith(std::string_view text, std::uint32_t offset, bool directive, const PhysicalLine& line)
  {
    if (directive != m_builder.directive()) {
      m_out.diagnostics.emplace_back(FileRange{line.offset, line.offset + 1}, Severity::Error,
                                     "Continued statement is followed by a line of another kind");
      m_continuing = false;
      m_builder.start(directive);
      addBody(text, offset);
      return;
    }
    const auto first = text.find_first_not_of(" \t");
    if (first != std::string_view::npos && text[first] == '&') {
      text.remove_prefix(first + 1);
      offset += static_cast<std::uint32_t>(first + 1);
    } else if (!m_builder.inString() && first != std::string_view::npos) {
      text.remove_prefix(first);
      offset += static_cast<std::uint32_t>(first);
      m_builder.add(" ", offset); // tokens on two lines stay apart
    }
    addBody(text, offset);
  }

  void addBody(std::string_view text, std::uint32_t offset)
  {
    const auto amp = trailingAmpersand(text, m_builder.quote());
    m_continuing = amp != std::string_view::npos;
    m_builder.add(m_continuing ? text.substr(0, amp) : text, offset);
    if (!m_continuing)
      m_builder.flush();
  }

  StatementBuilder& m_builder;
  PrescanResult& m_out;
  bool m_continuing = false;
};

} // namespace

std::optional<SourceForm> formFromPath(std::string_view path)
{
  const auto dot = path.rfind('.');
  if (dot == std::string_view::npos)
    return std::nullopt;
  const std::string ext = toLower(path.substr(dot + 1));
  if (ext == "f" || ext == "for" || ext == "f77" || ext == "ftn")
    return SourceForm::Fixed;
  if (ext == "f90" || ext == "f95" || ext == "f03" || ext == "hpf")
    return SourceForm::Free;
  return std::nullopt;
}

const char* formName(SourceForm form)
{
  return form == SourceForm::Fixed ? "fixed" : "free";
}

PrescanResult prescan(const SourceFile& file, const std::vector<SourceLine>& sourceLines, SourceForm form)
{
  PrescanResult out{CookedSource(file), {}, {}};
  StatementBuilder builder(out);
  std::vector<PhysicalLine> lines;
  lines.reserve(sourceLines.size());
  for (const auto& l : sourceLines)
    lines.push_back({l.text, l.origin, l.limit});
  if (form == SourceForm::Fixed) {
    bool ampersand = false; // a directive line ended with '&'
    builder.setDropBlanks(true);
    for (const auto& line : lines)
      prescanFixedLine(line, builder, out, ampersand);
    builder.flush();
  } else {
    FreeFormScanner scanner(builder, out);
    for (const auto& line : lines)
      scanner.line(line);
    scanner.finish();
  }
  return out;
}

PrescanResult prescan(const SourceFile& file, SourceForm form)
{
  return prescan(file, splitSourceLines(file.text()), form);
}

} // namespace ps::fortran

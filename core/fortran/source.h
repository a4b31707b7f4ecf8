#pragma once
// Source files, byte ranges into the prescanned ("cooked") text, and the map
// back to original file:line:column (Flang's provenance model, simplified).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ps::fortran {

/// A half-open byte range [begin, end) into a CookedSource's text.
struct SourceRange {
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool operator==(const SourceRange&) const = default;
};

/// Joins two ranges into the smallest range covering both.
SourceRange join(SourceRange a, SourceRange b);

/// 1-based line and column in the original file.
struct LineColumn {
  int line = 0;
  int column = 0;
};

/// A place in a real file: the path and 1-based line and column.
struct FileLocation {
  const std::string* path = nullptr;
  LineColumn at;
};

/// An original source file: its path (as given by the user) and its text,
/// plus the files it INCLUDEs (or cpp #includes). Offsets [0, text().size()]
/// are this file's; an included file's text lives at offsets from its base
/// upward, so one 32-bit offset names a byte of any file of the translation.
class SourceFile {
public:
  SourceFile(std::string path, std::string text);
  SourceFile(const SourceFile&) = delete;
  SourceFile& operator=(const SourceFile&) = delete;
  const std::string& path() const { return m_path; }
  const std::string& text() const { return m_text; }
  /// Line and column (1-based) in THIS file of byte `offset`; an offset in an
  /// included file gives the place of its INCLUDE line (what the editor marks).
  LineColumn lineColumn(std::uint32_t offset) const;
  /// The real file, line and column of `offset` (an included file's own line).
  FileLocation locate(std::uint32_t offset) const;
  /// The chain of INCLUDE lines that brought `offset` in, innermost first;
  /// empty for an offset of this file.
  std::vector<FileLocation> includedFrom(std::uint32_t offset) const;

  /// Registers the text of an included file, brought in by the line at
  /// `includedAt` (an offset of this file or of an included one); returns the
  /// base offset of its text.
  std::uint32_t addIncluded(std::string path, std::string text, std::uint32_t includedAt);
  /// The included file whose text starts at `base`; CHECKs that there is one.
  const SourceFile& included(std::uint32_t base) const;
  /// The text of 1-based line `line`, without its newline.
  std::string lineText(int line) const;
  int lineCount() const { return static_cast<int>(m_lineStarts.size()); }
  /// Byte offset where 1-based line `line` starts.
  std::uint32_t lineStart(int line) const;

private:
  struct Included {
    std::uint32_t base = 0;
    std::uint32_t includedAt = 0;
    std::unique_ptr<SourceFile> file;
  };
  /// The included file holding `offset`, or nullptr for this file's own text.
  const Included* segment(std::uint32_t offset) const;
  LineColumn ownLineColumn(std::uint32_t offset) const;

  std::string m_path;
  std::string m_text;
  std::vector<std::uint32_t> m_lineStarts;
  std::vector<Included> m_included; // ascending base
};

/// One physical line handed to the prescanner (after INCLUDE expansion and
/// cpp): its text without the newline, and the provenance of byte i, which is
/// `origin + i` but never beyond `limit` (a cpp line whose macros grew longer
/// than the original line still maps into that line).
struct SourceLine {
  std::string text;
  std::uint32_t origin = 0;
  std::uint32_t limit = UINT32_MAX;
};

/// The physical lines of `text`, whose byte 0 has provenance `base`.
std::vector<SourceLine> splitSourceLines(std::string_view text, std::uint32_t base = 0);

/// The prescanner's output: statements as one buffer (one statement per line,
/// continuations joined, comments removed) and, for every byte of it, the byte
/// offset in the original file it came from.
class CookedSource {
public:
  explicit CookedSource(const SourceFile& file) : m_file(&file) {}
  const SourceFile& file() const { return *m_file; }
  const std::string& text() const { return m_text; }
  /// Appends `c` that came from original offset `origin`.
  void put(char c, std::uint32_t origin);
  /// Original byte offset of cooked offset `offset` (clamped to the text).
  std::uint32_t origin(std::uint32_t offset) const;
  /// Original line and column where `range` starts.
  LineColumn lineColumn(SourceRange range) const;
  /// The cooked text of `range`.
  std::string_view slice(SourceRange range) const;

private:
  const SourceFile* m_file;
  std::string m_text;
  std::vector<std::uint32_t> m_origin;
};

} // namespace ps::fortran

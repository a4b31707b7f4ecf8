#pragma once
// Source files, byte ranges into the prescanned ("cooked") text, and the map
// back to original file:line:column (Flang's provenance model, simplified).

#include <cstdint>
#include <string>
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

/// An original source file: its path (as given by the user) and its text.
class SourceFile {
public:
  SourceFile(std::string path, std::string text);
  const std::string& path() const { return m_path; }
  const std::string& text() const { return m_text; }
  /// Line and column (1-based) of byte `offset` of the original text.
  LineColumn lineColumn(std::uint32_t offset) const;
  /// The text of 1-based line `line`, without its newline.
  std::string lineText(int line) const;
  int lineCount() const { return static_cast<int>(m_lineStarts.size()); }
  /// Byte offset where 1-based line `line` starts.
  std::uint32_t lineStart(int line) const;

private:
  std::string m_path;
  std::string m_text;
  std::vector<std::uint32_t> m_lineStarts;
};

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

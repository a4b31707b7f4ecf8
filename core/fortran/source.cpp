#include "fortran/source.h"

#include "support/check.h"

#include <algorithm>

namespace ps::fortran {

SourceRange join(SourceRange a, SourceRange b)
{
  return {std::min(a.begin, b.begin), std::max(a.end, b.end)};
}

SourceFile::SourceFile(std::string path, std::string text) : m_path(std::move(path)), m_text(std::move(text))
{
  m_lineStarts.push_back(0);
  for (std::uint32_t i = 0; i < m_text.size(); ++i) {
    if (m_text[i] == '\n' && i + 1 < m_text.size())
      m_lineStarts.push_back(i + 1);
  }
}

const SourceFile::Included* SourceFile::segment(std::uint32_t offset) const
{
  auto it = std::upper_bound(m_included.begin(), m_included.end(), offset,
                             [](std::uint32_t o, const Included& s) { return o < s.base; });
  return it == m_included.begin() ? nullptr : &*(it - 1);
}

std::uint32_t SourceFile::addIncluded(std::string path, std::string text, std::uint32_t includedAt)
{
  // One spare offset after every text: a range's end may point past its last byte.
  std::uint32_t base = static_cast<std::uint32_t>(m_text.size()) + 1;
  if (!m_included.empty())
    base = m_included.back().base + static_cast<std::uint32_t>(m_included.back().file->text().size()) + 1;
  m_included.push_back({base, includedAt, std::make_unique<SourceFile>(std::move(path), std::move(text))});
  return base;
}

const SourceFile& SourceFile::included(std::uint32_t base) const
{
  const Included* s = segment(base);
  PS_CHECK(s != nullptr && s->base == base);
  return *s->file;
}

FileLocation SourceFile::locate(std::uint32_t offset) const
{
  if (const Included* s = segment(offset))
    return {&s->file->path(), s->file->ownLineColumn(offset - s->base)};
  return {&m_path, ownLineColumn(offset)};
}

std::vector<FileLocation> SourceFile::includedFrom(std::uint32_t offset) const
{
  std::vector<FileLocation> chain;
  for (const Included* s = segment(offset); s != nullptr; s = segment(s->includedAt))
    chain.push_back(locate(s->includedAt));
  return chain;
}

LineColumn SourceFile::lineColumn(std::uint32_t offset) const
{
  const Included* s = segment(offset);
  while (s != nullptr) {
    offset = s->includedAt;
    s = segment(offset);
  }
  return ownLineColumn(offset);
}

LineColumn SourceFile::ownLineColumn(std::uint32_t offset) const
{
  auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
  const auto index = static_cast<int>(it - m_lineStarts.begin()) - 1;
  return {index + 1, static_cast<int>(offset - m_lineStarts[index]) + 1};
}

std::uint32_t SourceFile::lineStart(int line) const
{
  if (line < 1)
    return 0;
  if (line > lineCount())
    return static_cast<std::uint32_t>(m_text.size());
  return m_lineStarts[line - 1];
}

std::string SourceFile::lineText(int line) const
{
  if (line < 1 || line > lineCount())
    return {};
  const auto begin = m_lineStarts[line - 1];
  auto end = m_text.find('\n', begin);
  if (end == std::string::npos)
    end = m_text.size();
  std::string s = m_text.substr(begin, end - begin);
  if (!s.empty() && s.back() == '\r')
    s.pop_back();
  return s;
}

std::vector<SourceLine> splitSourceLines(std::string_view text, std::uint32_t base)
{
  std::vector<SourceLine> lines;
  std::size_t begin = 0;
  while (begin < text.size()) {
    auto end = text.find('\n', begin);
    if (end == std::string_view::npos)
      end = text.size();
    auto line = text.substr(begin, end - begin);
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    const auto origin = base + static_cast<std::uint32_t>(begin);
    lines.push_back({std::string(line), origin, origin + static_cast<std::uint32_t>(line.size())});
    begin = end + 1;
  }
  return lines;
}

void CookedSource::put(char c, std::uint32_t origin)
{
  m_text.push_back(c);
  m_origin.push_back(origin);
}

std::uint32_t CookedSource::origin(std::uint32_t offset) const
{
  if (m_origin.empty())
    return 0;
  return m_origin[std::min<std::size_t>(offset, m_origin.size() - 1)];
}

LineColumn CookedSource::lineColumn(SourceRange range) const
{
  return m_file->lineColumn(origin(range.begin));
}

std::string_view CookedSource::slice(SourceRange range) const
{
  const auto end = std::min<std::size_t>(range.end, m_text.size());
  const auto begin = std::min<std::size_t>(range.begin, end);
  return std::string_view(m_text).substr(begin, end - begin);
}

} // namespace ps::fortran

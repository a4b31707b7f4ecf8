#include "fortran/source.h"

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

LineColumn SourceFile::lineColumn(std::uint32_t offset) const
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

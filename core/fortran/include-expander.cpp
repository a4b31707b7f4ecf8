#include "fortran/include-expander.h"

#include "support/text.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

namespace ps::fortran {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxDepth = 50;

/// The file name of an INCLUDE line and where it stands in the line.
struct IncludeLine {
  std::string name;
  std::size_t nameBegin = 0; // offset of the opening quote
  std::size_t nameEnd = 0;   // offset after the closing quote
};

bool isFixedComment(std::string_view text)
{
  return !text.empty() && std::string_view("cC*!").find(text[0]) != std::string_view::npos;
}

/// Recognizes `INCLUDE 'name'` (blanks anywhere before the name in fixed
/// form, an optional '!' comment after it).
std::optional<IncludeLine> includeLine(std::string_view text, SourceForm form)
{
  if (form == SourceForm::Fixed && isFixedComment(text))
    return std::nullopt;
  constexpr std::string_view keyword = "include";
  std::size_t i = 0, k = 0;
  for (; i < text.size() && k < keyword.size(); ++i) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    if (c == keyword[k])
      ++k;
    else if (!(c == ' ' || c == '\t') || (form == SourceForm::Free && k > 0))
      return std::nullopt;
  }
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
    ++i;
  if (k < keyword.size() || i >= text.size() || (text[i] != '\'' && text[i] != '"'))
    return std::nullopt;
  const char quote = text[i];
  const auto close = text.find(quote, i + 1);
  if (close == std::string_view::npos)
    return std::nullopt;
  const auto rest = trim(text.substr(close + 1));
  if (!rest.empty() && rest[0] != '!')
    return std::nullopt;
  return IncludeLine{std::string(text.substr(i + 1, close - i - 1)), i, close + 1};
}

class Expander {
public:
  Expander(SourceFile& file, SourceForm form, const std::vector<std::string>& dirs, std::vector<Diagnostic>& diags)
    : m_file(file), m_form(form), m_dirs(dirs), m_diags(diags)
  {
    std::error_code ec;
    m_open.push_back(fs::weakly_canonical(file.path(), ec).string());
  }

  void expand(const std::vector<SourceLine>& lines, const std::string& currentPath)
  {
    for (const auto& line : lines) {
      const auto include = includeLine(line.text, m_form);
      if (!include) {
        m_out.push_back(line);
        continue;
      }
      const FileRange at{line.origin + static_cast<std::uint32_t>(include->nameBegin),
                         line.origin + static_cast<std::uint32_t>(include->nameEnd)};
      include1(*include, at, currentPath);
    }
  }

  std::vector<SourceLine> take() { return std::move(m_out); }

private:
  std::optional<std::string> find(const std::string& name, const std::string& currentPath) const
  {
    std::vector<fs::path> candidates;
    if (fs::path(name).is_absolute())
      candidates.emplace_back(name);
    else {
      candidates.push_back(fs::path(currentPath).parent_path() / name);
      candidates.push_back(fs::path(m_file.path()).parent_path() / name);
      for (const auto& d : m_dirs)
        candidates.push_back(fs::path(d) / name);
    }
    std::error_code ec;
    for (const auto& c : candidates) {
      if (fs::is_regular_file(c, ec))
        return c.lexically_normal().string();
    }
    return std::nullopt;
  }

  void include1(const IncludeLine& include, FileRange at, const std::string& currentPath)
  {
    const auto path = find(include.name, currentPath);
    if (!path) {
      m_diags.emplace_back(at, Severity::Error, "Cannot find INCLUDE file '" + include.name + "'");
      return;
    }
    std::error_code ec;
    const auto canonical = fs::weakly_canonical(*path, ec).string();
    if (const auto open = std::find(m_open.begin(), m_open.end(), canonical); open != m_open.end()) {
      m_diags.emplace_back(at, Severity::Error, cycleMessage(include.name, open));
      return;
    }
    if (static_cast<int>(m_open.size()) >= kMaxDepth) {
      m_diags.emplace_back(at, Severity::Error, "INCLUDE files are nested more than 50 deep");
      return;
    }
    std::string error;
    auto text = readTextFile(*path, &error);
    if (!text) {
      m_diags.emplace_back(at, Severity::Error, "Cannot read INCLUDE file '" + include.name + "'");
      return;
    }
    const auto base = m_file.addIncluded(*path, std::move(*text), at.begin);
    m_open.push_back(canonical);
    expand(splitSourceLines(m_file.included(base).text(), base), *path);
    m_open.pop_back();
  }

  /// "INCLUDE file 'a.h' includes itself through 'a.h' -> 'b.h' -> 'a.h'":
  /// the chain from the first open copy of the file, so the user sees which
  /// INCLUDE closes the cycle ("includes itself" alone when it is direct).
  std::string cycleMessage(const std::string& name, std::vector<std::string>::const_iterator first) const
  {
    std::string text = "INCLUDE file '" + name + "' includes itself";
    if (first + 1 == m_open.end())
      return text;
    text += " through ";
    for (auto it = first; it != m_open.end(); ++it)
      text += "'" + fs::path(*it).filename().string() + "' -> ";
    return text + "'" + fs::path(*first).filename().string() + "'";
  }

  SourceFile& m_file;
  SourceForm m_form;
  const std::vector<std::string>& m_dirs;
  std::vector<Diagnostic>& m_diags;
  std::vector<std::string> m_open; // canonical paths of the files being expanded
  std::vector<SourceLine> m_out;
};

} // namespace

std::vector<SourceLine> expandIncludes(SourceFile& file, const std::vector<SourceLine>& lines, SourceForm form,
                                       const std::vector<std::string>& includeDirs,
                                       std::vector<Diagnostic>& diagnostics)
{
  Expander expander(file, form, includeDirs, diagnostics);
  expander.expand(lines, file.path());
  return expander.take();
}

} // namespace ps::fortran

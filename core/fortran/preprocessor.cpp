#include "fortran/preprocessor.h"

#include "profile/child-process.h"
#include "support/text.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <regex>
#include <unistd.h>

namespace ps::fortran {
namespace {

namespace fs = std::filesystem;

/// A scratch folder removed with its contents when the object goes.
class ScratchFolder {
public:
  ScratchFolder()
  {
    std::string pattern = (fs::temp_directory_path() / "partscope-cpp-XXXXXX").string();
    if (mkdtemp(pattern.data()) != nullptr)
      m_path = pattern;
  }
  ~ScratchFolder()
  {
    std::error_code ec;
    if (!m_path.empty())
      fs::remove_all(m_path, ec);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const std::string& path() const { return m_path; }

private:
  std::string m_path;
};

std::vector<std::string> cppCommand(const SourceFile& file, const PreprocessOptions& options)
{
  std::vector<std::string> argv{"cpp", "-traditional-cpp", "-nostdinc", "-D_LANGUAGE_FORTRAN"};
  const auto folder = fs::path(file.path()).parent_path();
  argv.push_back("-I" + (folder.empty() ? std::string(".") : folder.string()));
  for (const auto& d : options.includeDirs)
    argv.push_back("-I" + d);
  for (const auto& d : options.defines)
    argv.push_back("-D" + d);
  argv.push_back("-"); // the buffer comes on stdin: its marker name is <stdin>
  return argv;
}

/// A line or column number cpp printed; 0 (no such line) beyond int, as
/// `#line 4000000000` makes it print (std::stoi threw out_of_range).
int lineNumber(const std::string& digits)
{
  int value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  return error == std::errc{} && end == digits.data() + digits.size() ? value : 0;
}

/// Turns cpp's output into lines with provenance, following the line markers.
class MarkerReader {
public:
  explicit MarkerReader(SourceFile& file) : m_file(file) {}

  std::vector<SourceLine> read(const std::string& output)
  {
    static const std::regex marker(R"re(^# (\d+) "([^"]*)".*)re");
    std::vector<SourceLine> lines;
    for (const auto& raw : splitSourceLines(output)) {
      std::smatch m;
      if (raw.text.size() > 2 && raw.text[0] == '#' && std::regex_match(raw.text, m, marker)) {
        m_line = lineNumber(m[1].str());
        m_name = m[2].str();
        continue;
      }
      if (auto origin = originOf(m_name, m_line))
        lines.push_back({raw.text, origin->first, origin->second});
      m_line = m_line < std::numeric_limits<int>::max() ? m_line + 1 : 0;
    }
    return lines;
  }

  /// The provenance of line `line` of `name` (<stdin> is the buffer itself):
  /// its first byte and its end; nullopt for cpp's built-in pseudo files.
  std::optional<std::pair<std::uint32_t, std::uint32_t>> originOf(const std::string& name, int line)
  {
    if (name.empty() || name[0] == '<') {
      if (name != "<stdin>")
        return std::nullopt;
      m_lastMain = m_file.lineStart(line);
      return std::pair{m_lastMain, m_lastMain + static_cast<std::uint32_t>(m_file.lineText(line).size())};
    }
    const SourceFile* included = includedFile(name);
    if (included == nullptr)
      return std::pair{m_lastMain, m_lastMain};
    const auto base = m_bases.at(name);
    const auto start = base + included->lineStart(line);
    return std::pair{start, start + static_cast<std::uint32_t>(included->lineText(line).size())};
  }

private:
  const SourceFile* includedFile(const std::string& name)
  {
    if (auto it = m_bases.find(name); it != m_bases.end())
      return &m_file.included(it->second);
    std::string error;
    auto text = readTextFile(name, &error);
    if (!text)
      return nullptr;
    m_bases[name] = m_file.addIncluded(name, std::move(*text), m_lastMain);
    return &m_file.included(m_bases[name]);
  }

  SourceFile& m_file;
  std::string m_name = "<stdin>";
  int m_line = 1;
  std::uint32_t m_lastMain = 0;
  std::map<std::string, std::uint32_t> m_bases;
};

/// cpp's "<stdin>:8:2: error: #error bad thing" lines as diagnostics.
void readMessages(const std::string& stderrText, MarkerReader& reader, std::vector<Diagnostic>& out)
{
  static const std::regex message(R"(^(.*?):(\d+):(\d+): (fatal error|error|warning): (.*)$)");
  for (const auto& raw : splitSourceLines(stderrText)) {
    std::smatch m;
    if (!std::regex_match(raw.text, m, message))
      continue;
    const auto origin = reader.originOf(m[1].str(), lineNumber(m[2].str()));
    const auto column = static_cast<std::uint32_t>(std::max(1, lineNumber(m[3].str())) - 1);
    const auto at = origin ? std::min(origin->first + column, origin->second) : 0u;
    const auto severity = m[4].str() == "warning" ? Severity::Warning : Severity::Error;
    out.emplace_back(FileRange{at, at + 1}, severity, "C preprocessor: " + m[5].str());
  }
}

std::string readAll(const std::string& path)
{
  std::string error;
  return readTextFile(path, &error).value_or(std::string());
}

} // namespace

bool needsPreprocessing(std::string_view path, std::string_view text)
{
  const auto dot = path.rfind('.');
  if (dot != std::string_view::npos) {
    const auto ext = path.substr(dot + 1);
    for (const char* e : {"F", "F90", "F95", "F03", "F08", "FOR", "FPP", "fpp"}) {
      if (ext == e)
        return true;
    }
  }
  return (!text.empty() && text[0] == '#') || text.find("\n#") != std::string_view::npos;
}

PreprocessResult preprocess(SourceFile& file, const PreprocessOptions& options)
{
  PreprocessResult result;
  result.lines = splitSourceLines(file.text());
  ScratchFolder scratch;
  if (scratch.path().empty() || !profile::findProgram("cpp")) {
    result.diagnostics.emplace_back(FileRange{0, 0}, Severity::Error,
                                    "The C preprocessor 'cpp' is not installed, so '#' lines are not preprocessed");
    return result;
  }
  const auto input = scratch.path() + "/input";
  std::ofstream(input, std::ios::binary) << file.text();
  profile::ChildRequest request;
  request.argv = cppCommand(file, options);
  request.folder = fs::current_path().string();
  request.stdinPath = input;
  request.stdoutPath = scratch.path() + "/output";
  request.stderrPath = scratch.path() + "/errors";
  request.timeoutSeconds = options.timeoutSeconds;
  const auto run = profile::runChild(request);
  if (run.outcome != profile::ChildResult::Outcome::Exited) {
    result.diagnostics.emplace_back(FileRange{0, 0}, Severity::Error, "The C preprocessor did not finish");
    return result;
  }
  MarkerReader reader(file);
  auto lines = reader.read(readAll(request.stdoutPath));
  readMessages(readAll(request.stderrPath), reader, result.diagnostics);
  result.ran = true;
  if (!lines.empty() || run.code == 0)
    result.lines = std::move(lines);
  return result;
}

} // namespace ps::fortran

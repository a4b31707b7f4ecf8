#include "profile/profile-run.h"

#include "profile/child-process.h"
#include "support/temp-folder.h"
#include "support/text.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace ps::profile {
namespace {

namespace fs = std::filesystem;

std::string readAll(const std::string& path)
{
  std::string error;
  return readTextFile(path, &error).value_or("");
}

std::string withoutFinalPeriod(std::string s)
{
  s = trim(s);
  while (!s.empty() && s.back() == '.')
    s.pop_back();
  return s;
}

/// The steps of one run; each returns an error sentence or "" to go on.
class ProfileRun {
public:
  ProfileRun(const std::string& sourcePath, const ProfileOptions& options)
    : m_source(sourcePath), m_options(options)
  {
    const auto form = options.form ? options.form : fortran::formFromPath(sourcePath);
    m_fixed = form == fortran::SourceForm::Fixed; // free form when neither says
    // a lower-case .f/.f90 name: gfortran knows the language and skips the preprocessor
    m_compiled = fs::path(sourcePath).stem().string() + (m_fixed ? ".f" : ".f90");
  }

  ProfileRunResult run()
  {
    ProfileRunResult result;
    result.error = prepare();
    if (result.error.empty())
      result.error = step("Compiling", [this] { return compile(); });
    if (result.error.empty())
      result.error = step("Running", [this] { return execute(); });
    std::string gcovOut;
    if (result.error.empty())
      result.error = step("Reading counts", [&] { return gcov(&gcovOut); });
    result.cancelled = m_cancelled;
    if (m_cancelled) {
      result.error.clear();
      return result;
    }
    if (!result.error.empty())
      return result;
    auto counts = countsFromGcov(gcovOut, m_compiled);
    result.error = counts.error;
    result.counts = std::move(counts.counts);
    if (result.counts)
      result.counts->file = fs::path(m_source).filename().string();
    return result;
  }

private:
  template <typename Work>
  std::string step(const char* name, Work work)
  {
    if (m_options.progress)
      m_options.progress(name);
    // a cancel asked for while a step ran cancels even when the step ended
    // first (a short program exits before the child's poll sees the flag)
    m_cancelled = m_cancelled || cancelRequested();
    if (m_cancelled)
      return "";
    auto error = work();
    m_cancelled = m_cancelled || cancelRequested();
    return m_cancelled ? "" : error;
  }

  bool cancelRequested() const { return m_options.cancelled && m_options.cancelled->load(); }

  std::string prepare()
  {
    if (!findProgram("gfortran"))
      return "gfortran is not installed (or not on PATH); install it to run a profile "
             "(Debian: apt-get install gfortran)";
    if (!findProgram("gcov"))
      return "gcov is not installed (or not on PATH); it comes with gcc";
    if (m_folder.path().empty())
      return "Cannot create a temporary folder in '" + fs::temp_directory_path().string() + "'";
    std::error_code error;
    fs::copy_file(m_source, m_folder.file(m_compiled), error);
    if (error)
      return "Cannot read '" + m_source + "': " + error.message();
    if (!m_options.inputFile.empty() && !fs::is_regular_file(m_options.inputFile, error))
      return "Cannot read the input file '" + m_options.inputFile + "'";
    return "";
  }

  ChildResult child(std::vector<std::string> argv, double timeout, const std::string& stdinPath = "/dev/null")
  {
    ChildRequest r{std::move(argv), m_folder.path(), stdinPath, m_folder.file("stdout.txt"),
                   m_folder.file("stderr.txt"), timeout, m_options.cancelled, {}};
    auto result = runChild(r);
    m_cancelled = m_cancelled || result.outcome == ChildResult::Outcome::Cancelled;
    return result;
  }

  /// The source file's folder, then the options' include folders.
  std::vector<std::string> includeFolders() const
  {
    std::vector<std::string> dirs{fs::path(m_source).parent_path().string()};
    if (dirs.front().empty())
      dirs.front() = ".";
    dirs.insert(dirs.end(), m_options.includeDirs.begin(), m_options.includeDirs.end());
    return dirs;
  }

  std::string compile()
  {
    const std::string form = m_fixed ? "-ffixed-form" : "-ffree-form";
    const auto object = fs::path(m_compiled).stem().string() + ".o";
    std::vector<std::string> argv{"gfortran", "-c", "--coverage", "-O0", form, "-std=legacy"};
    std::error_code error;
    for (const auto& dir : includeFolders()) // the copy is compiled elsewhere: its INCLUDE files are here
      argv.push_back("-I" + fs::absolute(dir, error).string());
    argv.insert(argv.end(), {m_compiled, "-o", object});
    auto c = child(std::move(argv), 300);
    if (c.outcome == ChildResult::Outcome::Exited && c.code == 0)
      c = child({"gfortran", "--coverage", object, "-o", "profiled"}, 300);
    if (c.outcome == ChildResult::Outcome::Exited && c.code == 0)
      return "";
    if (c.outcome == ChildResult::Outcome::NotStarted)
      return c.error;
    return "The program does not compile: " +
           firstCompilerError(readAll(m_folder.file("stderr.txt")), m_compiled, m_source);
  }

  std::string execute()
  {
    const auto& in = m_options.inputFile;
    const auto c = child({m_folder.file("profiled")}, m_options.timeoutSeconds,
                         in.empty() ? std::string("/dev/null") : fs::absolute(in).string());
    switch (c.outcome) {
    case ChildResult::Outcome::Exited:
      return c.code == 0 ? "" : failure("stopped with exit status " + std::to_string(c.code));
    case ChildResult::Outcome::Signalled:
      return failure("was killed by signal " + std::to_string(c.code) + " (" + strsignal(c.code) + ")");
    case ChildResult::Outcome::TimedOut:
      return "The program did not finish within " + formatNumber(m_options.timeoutSeconds) +
             " s and was stopped; give a longer --timeout or a smaller problem";
    case ChildResult::Outcome::NotStarted: return c.error;
    case ChildResult::Outcome::Cancelled: return "";
    }
    return "";
  }

  /// A failed run: input that was not given, else the runtime's message.
  std::string failure(const std::string& how) const
  {
    const auto err = readAll(m_folder.file("stderr.txt"));
    std::smatch at;
    const bool endOfFile = err.find("Fortran runtime error: End of file") != std::string::npos;
    std::string where; // gfortran's runtime: "At line 3 of file prog.f (unit = 5, file = 'stdin')"
    if (std::regex_search(err, at, std::regex("At line ([0-9]+) of file")))
      where = " at line " + at[1].str();
    if (endOfFile && m_options.inputFile.empty())
      return "The program reads input" + where + " but none was given; pass the input with --input FILE";
    if (endOfFile)
      return "The program reached the end of its input" + where + "; the file given with --input is too short";
    std::smatch message;
    if (std::regex_search(err, message, std::regex("Fortran runtime error: ([^\n]*)")))
      return "The program " + how + where + ": " + withoutFinalPeriod(message[1].str());
    return "The program " + how;
  }

  std::string gcov(std::string* out)
  {
    const auto c = child({"gcov", "--branch-probabilities", "--json-format", "--stdout", m_compiled}, 120);
    if (c.outcome == ChildResult::Outcome::NotStarted)
      return c.error;
    if (m_cancelled)
      return "";
    if (c.outcome != ChildResult::Outcome::Exited || c.code != 0)
      return "gcov failed: " + withoutFinalPeriod(readAll(m_folder.file("stderr.txt")));
    *out = readAll(m_folder.file("stdout.txt"));
    return "";
  }

  std::string m_source;
  const ProfileOptions& m_options;
  bool m_fixed = true;
  std::string m_compiled;
  TempFolder m_folder{"partscope-profile"};
  bool m_cancelled = false;
};

} // namespace

ProfileRunResult runProfile(const std::string& sourcePath, const ProfileOptions& options)
{
  return ProfileRun(sourcePath, options).run();
}

std::string firstCompilerError(const std::string& compilerOutput, const std::string& compiledName,
                               const std::string& shownPath)
{
  // gfortran: "name.f:4:12:", a quoted source line and a caret, then "Error: message"
  std::istringstream lines(compilerOutput);
  std::string location, first;
  const std::regex at("^(.*):([0-9]+):([0-9]+):\\s*$");
  for (std::string line; std::getline(lines, line);) {
    if (first.empty() && !trim(line).empty())
      first = trim(line);
    std::smatch m;
    if (std::regex_match(line, m, at)) {
      const auto file = fs::path(m[1].str()).filename() == compiledName ? shownPath : m[1].str();
      location = file + ":" + m[2].str() + ":" + m[3].str();
    } else if (line.rfind("Error: ", 0) == 0 || line.rfind("Fatal Error: ", 0) == 0) {
      const auto message = withoutFinalPeriod(line.substr(line.find(':') + 2));
      return location.empty() ? message : location + ": " + message;
    }
  }
  return first.empty() ? "gfortran gave no message" : withoutFinalPeriod(first);
}

} // namespace ps::profile

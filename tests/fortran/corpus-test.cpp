// The parser corpus (tests/corpus/): whole 1990s-style F77, F90, cpp and HPF
// programs, each listed in tests/corpus/MANIFEST.md with the gfortran options
// that accept it. Every file the real compiler accepts must parse with no
// error diagnostic (parser and model builder, as `partscope-cli parse`),
// except the files listed in tests/corpus/KNOWN_FAILURES; a listed file that
// parses cleanly fails too, so the list only ever shrinks.
#include <gtest/gtest.h>

#include "skip-missing-tool.h"

#include "fortran/parser.h"
#include "program/model.h"
#include "program/outline.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(PS_SOURCE_DIR) / "tests" / "corpus";

/// One row of MANIFEST.md: `| file | form | gfortran options | contents |`.
struct CorpusFile {
  std::string name;
  std::string form;     // "fixed" or "free"
  std::string options;  // extra gfortran options (-cpp, -D...)
};

std::string trim(std::string s)
{
  const auto b = s.find_first_not_of(" \t`");
  const auto e = s.find_last_not_of(" \t`");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

std::vector<std::string> cells(const std::string& row)
{
  std::vector<std::string> out;
  std::stringstream in(row.substr(1));
  std::string cell;
  while (std::getline(in, cell, '|'))
    out.push_back(trim(cell));
  return out;
}

bool isSource(const fs::path& p)
{
  static const std::array<const char*, 5> exts{".f", ".F", ".f90", ".F90", ".hpf"};
  for (const char* e : exts)
    if (p.extension() == e)
      return true;
  return false;
}

std::vector<CorpusFile> manifest()
{
  std::vector<CorpusFile> out;
  std::ifstream in(kCorpus / "MANIFEST.md");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| ", 0) != 0)
      continue;
    const auto c = cells(line);
    if (c.size() >= 3 && isSource(c[0]))
      out.push_back({c[0], c[1], c[2] == "-" ? "" : c[2]});
  }
  return out;
}

/// KNOWN_FAILURES: `file: first error diagnostic`, '#' starts a comment line.
std::map<std::string, std::string> knownFailures()
{
  std::map<std::string, std::string> out;
  std::ifstream in(kCorpus / "KNOWN_FAILURES");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    const auto colon = line.find(':');
    out[trim(line.substr(0, colon))] = colon == std::string::npos ? "" : trim(line.substr(colon + 1));
  }
  return out;
}

/// Error diagnostics of parsing and model building, "line:column: message",
/// read as gfortran reads the file: the corpus's include folder (-I), its
/// -D macros, and cpp when the manifest asks for -cpp.
std::vector<std::string> parseErrors(const CorpusFile& file)
{
  ps::fortran::ParseOptions options;
  options.includeDirs = {(kCorpus / "include").string()};
  std::istringstream words(file.options);
  for (std::string w; words >> w;) {
    if (w == "-cpp")
      options.preprocess = true;
    else if (w.rfind("-D", 0) == 0)
      options.defines.push_back(w.substr(2));
  }
  options.form = file.form == "fixed" ? ps::fortran::SourceForm::Fixed : ps::fortran::SourceForm::Free;
  auto result = ps::fortran::parseFile((kCorpus / file.name).string(), options);
  if (!result.parsed)
    return {result.error};
  const auto& parsed = *result.parsed;
  const auto model = ps::program::buildModel(parsed);
  std::vector<std::string> out;
  for (const auto& d : ps::program::allDiagnostics(parsed, model)) {
    if (d.severity() != ps::fortran::Severity::Error)
      continue;
    const auto lc = parsed.file->lineColumn(d.range().begin);
    out.push_back(std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": " + d.message());
  }
  return out;
}

std::string gfortranCommand(const CorpusFile& file)
{
  const std::string form = file.form == "fixed" ? "-ffixed-form" : "-ffree-form";
  // .hpf is no extension gfortran knows: name the language for it.
  const std::string lang = fs::path(file.name).extension() == ".hpf" ? "-x f95 " : "";
  // -J: the .mod files of MODULEs go to the temporary directory, not the cwd.
  return "gfortran -fsyntax-only -std=legacy " + lang + form + " " + file.options + " -J '" + testing::TempDir() +
         "' -I '" +
         (kCorpus / "include").string() + "' '" + (kCorpus / file.name).string() + "' 2>&1";
}

std::pair<int, std::string> run(const std::string& command)
{
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe)
    return {-1, "popen failed"};
  std::array<char, 4096> buf{};
  while (auto n = fread(buf.data(), 1, buf.size(), pipe))
    out.append(buf.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

bool haveGfortran() { return run("gfortran --version >/dev/null 2>&1").first == 0; }

std::string testName(const testing::TestParamInfo<CorpusFile>& info)
{
  std::string name = info.param.name;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

class Corpus : public testing::TestWithParam<CorpusFile> {};

TEST(CorpusManifest, ListsEveryFileAndOnlyThose)
{
  std::vector<std::string> listed;
  for (const auto& f : manifest())
    listed.push_back(f.name);
  std::vector<std::string> present;
  for (const auto& entry : fs::directory_iterator(kCorpus))
    if (entry.is_regular_file() && isSource(entry.path()))
      present.push_back(entry.path().filename().string());
  std::sort(listed.begin(), listed.end());
  std::sort(present.begin(), present.end());
  EXPECT_EQ(listed, present);
  EXPECT_GE(present.size(), 40u) << "the issue asks for at least 40 corpus files";
  for (const auto& [name, first] : knownFailures())
    EXPECT_TRUE(std::count(present.begin(), present.end(), name)) << "KNOWN_FAILURES names a missing file " << name;
}

TEST_P(Corpus, GfortranAccepts)
{
  if (!haveGfortran())
    PS_SKIP_MISSING_TOOL("gfortran is not installed");
  const auto [status, out] = run(gfortranCommand(GetParam()));
  EXPECT_EQ(status, 0) << gfortranCommand(GetParam()) << "\n" << out;
}

TEST_P(Corpus, ParsesWithoutErrorsUnlessKnown)
{
  const auto errors = parseErrors(GetParam());
  const auto known = knownFailures();
  const bool listed = known.count(GetParam().name) > 0;
  std::string first;
  for (std::size_t i = 0; i < errors.size() && i < 3; ++i)
    first += "\n  " + errors[i];
  if (!errors.empty())
    std::cout << "[corpus] " << GetParam().name << ": " << errors.size() << " errors" << first << "\n";
  if (listed)
    EXPECT_FALSE(errors.empty()) << GetParam().name << " parses cleanly now: remove it from KNOWN_FAILURES";
  else
    EXPECT_TRUE(errors.empty()) << GetParam().name << " has " << errors.size() << " errors:" << first;
}

INSTANTIATE_TEST_SUITE_P(Files, Corpus, testing::ValuesIn(manifest()), testName);

} // namespace

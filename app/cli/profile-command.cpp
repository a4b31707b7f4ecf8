#include "profile-command.h"

#include "fortran/parser.h"
#include "profile/profile-run.h"
#include "support/json-text.h"

#include <iostream>

namespace ps::cli {
namespace {

std::optional<fortran::SourceForm> formOf(const std::string& form)
{
  if (form == "fixed")
    return fortran::SourceForm::Fixed;
  if (form == "free")
    return fortran::SourceForm::Free;
  return std::nullopt;
}

profile::ProfileRunResult measure(const ProfileCommandOptions& o)
{
  profile::ProfileOptions options;
  options.form = formOf(o.form);
  options.inputFile = o.input;
  options.timeoutSeconds = o.timeout;
  options.includeDirs = o.source.includeDirs;
  return profile::runProfile(o.file, options);
}

} // namespace

CLI::App* addProfileCommand(CLI::App& app, ProfileCommandOptions& o)
{
  auto* cmd = app.add_subcommand(
      "profile", "Run the program once under gcov: execution count per line and measured branch probabilities");
  cmd->add_option("FILE", o.file, "Fortran source file")->required();
  cmd->add_option("--input", o.input, "File to give the program as standard input (default: none, /dev/null)");
  cmd->add_option("--timeout", o.timeout, "Stop the program after this many seconds (default 60)")
      ->check(greaterThanZero("a number of seconds"));
  cmd->add_option("--form", o.form, "Source form: auto (by extension), fixed or free")
      ->check(CLI::IsMember({"auto", "fixed", "free"}));
  cmd->add_flag("--json", o.json, "Print JSON (the counts file for estimate --profile)");
  addSourceOptions(cmd, o.source);
  return cmd;
}

int runProfileCommand(const ProfileCommandOptions& o)
{
  auto run = measure(o);
  if (!run.counts) {
    std::cerr << "partscope-cli profile: " << run.error << "\n";
    return 1;
  }
  auto parsed = fortran::parseFile(o.file, parseOptions(o.form, o.source));
  if (!parsed.parsed) {
    std::cerr << "partscope-cli profile: " << parsed.error << "\n";
    return 2;
  }
  auto model = program::buildModel(*parsed.parsed);
  const auto rows = profile::applyCounts(model, *run.counts);
  if (o.json)
    std::cout << ps::jsonText(profile::toJson(*run.counts, rows), 2) << "\n";
  else
    std::cout << profile::toText(*run.counts, rows);
  return 0;
}

std::optional<profile::CoverageCounts> loadCounts(const std::string& countsFile, const ProfileCommandOptions& o,
                                                  std::string* error)
{
  if (!countsFile.empty()) {
    auto read = profile::readCounts(countsFile);
    *error = read.error;
    return std::move(read.counts);
  }
  auto run = measure(o);
  *error = run.error;
  return std::move(run.counts);
}

} // namespace ps::cli

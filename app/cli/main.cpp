// partscope-cli: the headless face of PartScope. Thin wiring only: every
// result comes from ps_core.
#include "calibrate-command.h"
#include "distribute-command.h"
#include "kept-command.h"
#include "machines-command.h"
#include "profile-command.h"
#include "scale-command.h"
#include "source-options.h"
#include "support/json-text.h"
#include "validate-command.h"

#include "estimate/formulas-report.h"
#include "estimate/report.h"
#include "fortran/parser.h"
#include "machine/machine-lookup.h"
#include "machine/profile-store.h"
#include "mapping/mapping-builder.h"
#include "program/outline.h"
#include "support/text.h"
#include "symbolic/evaluation.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <iostream>

namespace {

struct Options {
  std::string file;
  std::string form = "auto";
  bool json = false;
  int loop = 0;
  std::string unit;         // estimate --unit NAME
  bool program = false;     // estimate --program
  std::vector<std::string> dists;
  std::vector<std::string> sets;
  std::string procs;
  std::string machine = "paragon";
  std::string db;           // --db FILE: the profile store for --machine
  std::string profile;      // estimate --profile COUNTS.json
  bool profileRun = false;  // estimate --profile-run
  std::string input;        // the program's input for --profile-run
  double timeout = 60;      // s, for --profile-run
  bool fetchOnce = false;   // estimate --fetch-once
  bool formulas = false;    // estimate --formulas
  bool latex = false;       // estimate --latex (with --formulas)
  std::string keep;         // estimate --keep NAME: store the estimate in the profile store
  ps::cli::SourceOptions source; // --include-dir, -D
};

int fail(const std::string& message)
{
  std::cerr << "partscope-cli: " << message << "\n";
  return 2;
}

std::optional<ps::fortran::ParsedFile> load(const Options& o, int* status)
{
  auto result = ps::fortran::parseFile(o.file, ps::cli::parseOptions(o.form, o.source));
  if (!result.parsed)
    *status = fail(result.error);
  return std::move(result.parsed);
}

int runParse(const Options& o)
{
  int status = 0;
  auto parsed = load(o, &status);
  if (!parsed)
    return status;
  const auto model = ps::program::buildModel(*parsed);
  if (o.json)
    std::cout << ps::jsonText(ps::program::outlineJson(*parsed, model), 2) << "\n";
  else
    std::cout << ps::program::outlineText(*parsed, model);
  return ps::fortran::hasErrors(ps::program::allDiagnostics(*parsed, model)) ? 1 : 0;
}

bool parseRequest(const Options& o, ps::estimate::ComparisonRequest& request, std::string* error)
{
  request.loopLine = o.loop;
  request.unitName = o.unit;
  request.program = o.program;
  request.options.fetchIdenticalReadsOnce = o.fetchOnce;
  request.options.formulas = o.formulas;
  for (std::size_t i = 0; i < o.dists.size(); ++i) {
    auto spec = ps::mapping::parseDistSpec(o.dists[i], error);
    if (!spec)
      return false;
    request.variants.push_back({ps::letterName(i), spec});
  }
  if (request.variants.empty())
    request.variants.push_back({"A", std::nullopt});
  for (const auto& s : o.sets) {
    const auto eq = s.find('=');
    try {
      if (eq == std::string::npos || eq == 0)
        throw std::invalid_argument(s);
      std::size_t used = 0;
      const auto value = std::stoll(s.substr(eq + 1), &used);
      if (used != s.size() - eq - 1)
        throw std::invalid_argument(s);
      request.values[ps::toLower(s.substr(0, eq))] = value;
    } catch (const std::exception&) {
      *error = "--set expects NAME=INTEGER, got '" + s + "'";
      return false;
    }
  }
  std::stringstream list(o.procs);
  for (std::string item; std::getline(list, item, ',');) {
    auto a = ps::mapping::parseArrangement(item);
    if (!a) {
      *error = "--procs expects processor counts from 1 to 1048576 (2^20) or arrangements like 1,2,4 or 2x2,4x4, got '" + item + "'";
      return false;
    }
    request.procs.push_back(*a);
  }
  return true;
}

/// Adds "formulas" to each variant (the closed forms behind its first point).
nlohmann::json withFormulas(nlohmann::json j, const ps::estimate::ComparisonResult& result, bool formulas)
{
  for (std::size_t i = 0; formulas && i < result.variants.size(); ++i)
    if (!result.variants[i].points.empty())
      j["variants"][i]["formulas"] = ps::estimate::formulasJson(result.variants[i].points.front());
  return j;
}

std::string formulasText(const ps::estimate::ComparisonResult& result, const Options& o)
{
  std::string out;
  for (const auto& v : result.variants)
    if (o.formulas && !v.points.empty())
      out += "\nFormulas of variant " + v.name + " (" + v.mapping + "):\n" +
             ps::estimate::formulasText(v.points.front(), o.latex);
  return out;
}

/// The unit whose PROCESSORS directive the request's variants would use.
const ps::program::Unit* requestedUnit(const ps::program::ProgramModel& model, const Options& o)
{
  if (o.loop != 0) {
    auto found = model.loopAtLine(o.loop);
    return found ? found->first : nullptr;
  }
  for (const auto& u : model.units)
    if (o.program ? u.kind == ps::fortran::UnitKind::Program : ps::toLower(u.name) == ps::toLower(o.unit))
      return &u;
  return nullptr;
}

/// Without --procs, a --dist variant would run on one processor and show no
/// communication: use the program's PROCESSORS arrangement, else the sweep
/// the IDE uses, and say which.
void chooseDefaultProcs(const ps::program::ProgramModel& model, const Options& o,
                        ps::estimate::ComparisonRequest& request)
{
  const bool anySpec = std::any_of(request.variants.begin(), request.variants.end(),
                                   [](const auto& v) { return v.spec.has_value(); });
  if (!o.procs.empty() || !anySpec)
    return;
  const auto* unit = requestedUnit(model, o);
  if (auto declared = unit ? ps::mapping::declaredArrangement(*unit, request.values) : std::nullopt) {
    request.procs.push_back(*declared);
    if (!o.json) // the JSON names every point's arrangement
      std::cerr << o.file << ": note: no --procs: using PROCESSORS '" << declared->name << "' ("
              << declared->str() << ") of '" << unit->name << "'\n";
    return;
  }
  for (std::int64_t p = 1; p <= 64; p *= 2)
    request.procs.push_back(ps::mapping::ProcessorsArrangement{"procs", {p}});
  if (!o.json)
    std::cerr << o.file << ": note: no --procs and no PROCESSORS directive: sweeping P = 1,2,4,8,16,32,64\n";
}

/// A program without distribution directives estimated without --dist runs
/// everything replicated: say how to give a mapping.
void hintWithoutDirectives(const ps::estimate::ComparisonResult& result, const Options& o)
{
  for (const auto& v : result.variants)
    if (v.spec == "HPF directives" && v.mapping.rfind("all arrays replicated onto ", 0) == 0) // no array is mapped
      std::cerr << o.file << ": note: the program has no DISTRIBUTE directive in force here; give a mapping with "
                << "--dist 'a=(BLOCK)' and processors with --procs\n";
}

/// The INCLUDE lines of the main file whose file could not be found or read
/// (the include expander's errors), with the included name: values missing
/// from the estimate may well be declared there.
std::vector<std::pair<int, std::string>> unreadIncludes(const ps::fortran::ParsedFile& parsed)
{
  std::vector<std::pair<int, std::string>> out;
  for (const auto& d : parsed.diagnostics)
    for (const char* prefix : {"Cannot find INCLUDE file ", "Cannot read INCLUDE file "})
      if (d.severity() == ps::fortran::Severity::Error && d.message().rfind(prefix, 0) == 0)
        out.emplace_back(parsed.file->lineColumn(d.range().begin).line, d.message().substr(std::strlen(prefix)));
  return out;
}

/// The line of the loop enclosing the one on `line` whose variable is
/// `name`, or 0: a nest selected inside its own step loop needs that
/// loop's variable.
int enclosingLoopOf(const ps::program::ProgramModel& model, int line, const std::string& name)
{
  const auto found = model.loopAtLine(line);
  if (!found)
    return 0;
  const auto& [unit, loop] = *found;
  for (auto id = loop->parent; id >= 0;) {
    const auto it = std::find_if(unit->loops.begin(), unit->loops.end(), [&](const auto& l) { return l.id == id; });
    if (it == unit->loops.end())
      return 0;
    if (ps::toLower(it->variable) == name)
      return it->line;
    id = it->parent;
  }
  return 0;
}

/// How to give the missing values: point at an unread INCLUDE first, since
/// `--set` would only paper over it, and at the enclosing loop whose
/// variable a selected inner loop needs.
void adviseMissing(const ps::estimate::ComparisonResult& result, const ps::fortran::ParsedFile& parsed,
                   const ps::program::ProgramModel& model, const Options& o)
{
  if (result.missing.empty())
    return;
  std::vector<std::string> rest; // the names that are not an enclosing loop's variable
  for (const auto& name : result.missing) {
    const auto outer = o.loop ? enclosingLoopOf(model, o.loop, name) : 0;
    if (outer == 0)
      rest.push_back(name);
    else
      std::cerr << o.file << ":" << o.loop << ": note: '" << name << "' is the variable of the enclosing loop at line "
                << outer << ": estimate that loop (--loop " << outer << ") for all its values, or fix one with --set "
                << name << "=VALUE\n";
  }
  if (rest.empty())
    return;
  const auto names = ps::symbolic::quotedList(rest);
  for (const auto& [line, name] : unreadIncludes(parsed))
    std::cerr << o.file << ":" << line << ": note: " << names << " may"
              << " come from the INCLUDE file " << name << " at line " << line
              << " that could not be read; give its folder with -I DIR\n";
  std::string sets;
  for (const auto& name : rest)
    sets += " --set " + name + "=VALUE";
  std::cerr << o.file << ": note: give " << names << (rest.size() == 1 ? " a value" : " values") << " with" << sets
            << "\n";
}

/// The warnings that bear on what is estimated (a GO TO the estimate
/// ignores, a statement it leaves out as never executed), each message once
/// with the other lines it repeats on: `parse` lists them all, but a user
/// who only estimates would otherwise not learn how the numbers read them.
void warnInScope(const ps::fortran::ParsedFile& parsed, const ps::program::ProgramModel& model, const Options& o)
{
  std::vector<std::vector<int>> repeats;
  const auto warnings = ps::program::warningsInScope(parsed, model, {o.loop, o.unit}, &repeats);
  for (std::size_t i = 0; i < warnings.size(); ++i) {
    std::cerr << ps::fortran::format(warnings[i], *parsed.file) << "\n";
    if (repeats[i].empty())
      continue;
    std::cerr << o.file << ": note: the same warning at line" << (repeats[i].size() == 1 ? " " : "s ");
    for (std::size_t k = 0; k < repeats[i].size(); ++k)
      std::cerr << (k == 0 ? "" : ", ") << repeats[i][k];
    std::cerr << "\n";
  }
}

int runEstimate(const Options& o)
{
  if ((o.loop != 0) + !o.unit.empty() + o.program != 1)
    return fail("estimate needs exactly one of --loop LINE, --unit NAME and --program");
  std::string error;
  auto machine = ps::machine::findMachine(o.machine, ps::machine::storePath(o.db), &error);
  if (!machine)
    return fail(error);
  ps::estimate::ComparisonRequest request;
  if (!parseRequest(o, request, &error))
    return fail(error);
  int status = 0;
  auto parsed = load(o, &status);
  if (!parsed)
    return status;
  auto model = ps::program::buildModel(*parsed, request.values); // --set also overrides PARAMETERs
  for (const auto& e : ps::estimate::unusedValues(model, request.values))
    return fail(e);
  for (const auto& w : ps::estimate::ignoredValues(model, request.values))
    std::cerr << o.file << ": warning: " << w << "\n";
  if (o.loop != 0)
    for (const auto& w : ps::estimate::nestVariableValues(model, o.loop, request.values))
      std::cerr << o.file << ": warning: " << w << "\n";
  chooseDefaultProcs(model, o, request);
  if (!o.profile.empty() || o.profileRun) {
    const ps::cli::ProfileCommandOptions run{o.file, o.form, o.input, o.timeout, false, o.source};
    auto counts = ps::cli::loadCounts(o.profile, run, &error);
    if (!counts)
      return fail(error);
    const auto name = std::filesystem::path(o.file).filename().string();
    if (!counts->file.empty() && counts->file != name)
      std::cerr << o.file << ": warning: the profile counts are of '" << counts->file << "', not of '" << name << "'\n";
    ps::profile::applyCounts(model, *counts, request.values); // --set wins over a measured DO WHILE
  }
  int sourceErrors = 0;
  for (const auto& d : ps::program::allDiagnostics(*parsed, model))
    if (d.severity() == ps::fortran::Severity::Error) {
      std::cerr << ps::fortran::format(d, *parsed->file) << "\n";
      ++sourceErrors;
    }
  warnInScope(*parsed, model, o);
  const auto result = ps::estimate::compare(model, request, *machine);
  std::optional<nlohmann::json> json; // built once for --keep and --json
  if (o.json || (!o.keep.empty() && result.errors.empty()))
    json = withFormulas(ps::estimate::toJson(result, o.file, *machine), result, o.formulas);
  if (!o.keep.empty() && result.errors.empty() && !ps::cli::keepEstimate(o.keep, o.file, *json, o.db, &error))
    return fail(error);
  if (o.json)
    std::cout << ps::jsonText(*json, 2) << "\n";
  else if (result.errors.empty())
    std::cout << ps::estimate::toText(result, o.file, *machine) << formulasText(result, o);
  for (const auto& e : result.errors)
    std::cerr << o.file << ": error: " << e << "\n";
  for (const auto& m : result.missingDetails) // where the program sets what PartScope could not follow
    if (!m.reason.empty() && !(o.loop && enclosingLoopOf(model, o.loop, m.name))) // adviseMissing says that one
      std::cerr << o.file << ":" << m.line << ": note: '" << m.name << "' is " << m.reason << "\n";
  if (result.errors.empty() && !o.json) // JSON readers get the mapping and every point's P instead
    hintWithoutDirectives(result, o);
  adviseMissing(result, *parsed, model, o);
  if (result.errors.empty() && sourceErrors > 0) // the numbers are printed, but a script must not take them as sound
    std::cerr << o.file << ": error: the estimate reads the program around the " << sourceErrors
              << (sourceErrors == 1 ? " error above" : " errors above") << "; fix " << (sourceErrors == 1 ? "it" : "them")
              << " before trusting it\n";
  return result.errors.empty() && sourceErrors == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
  CLI::App app{"PartScope: performance estimates of data distributions for Fortran/HPF loop nests"};
  app.require_subcommand(1);
  Options o;

  auto* parse = app.add_subcommand("parse", "Parse a program; print diagnostics and an outline of units and loops");
  parse->add_option("FILE", o.file, "Fortran/HPF source file")->required();
  parse->add_option("--form", o.form, "Source form: auto (by extension), fixed or free")
      ->check(CLI::IsMember({"auto", "fixed", "free"}));
  parse->add_flag("--json", o.json, "Print JSON");
  ps::cli::addSourceOptions(parse, o.source);

  auto* estimate = app.add_subcommand("estimate", "Estimate a loop nest, a unit or the program under one or more distributions");
  estimate->add_option("FILE", o.file, "Fortran/HPF source file")->required();
  estimate->add_option("--loop", o.loop, "Line of the DO statement of the loop nest")
      ->check(ps::cli::atLeastOne("a line number"));
  estimate->add_option("--unit", o.unit, "Name of the unit (subroutine, function, program) to estimate whole");
  estimate->add_flag("--program", o.program, "Estimate the whole program (its PROGRAM unit)");
  estimate->add_option("--dist", o.dists, "A variant, e.g. 'x,a,b=(BLOCK,*)'; repeat for more (default: HPF directives)");
  estimate->add_option("--set", o.sets, "Value of an unknown or a new value for an integer PARAMETER, NAME=VALUE; repeat or separate with commas (n=100,m=50)")->delimiter(',');
  estimate->add_option("--procs", o.procs, "Processor counts or arrangements, e.g. 1,2,4,8 or 2x2,4x4")
      ->check([](const std::string& s) {
        return s.empty() ? std::string("needs at least one processor count or arrangement (4, or 1,2,4, or 2x2)")
                         : std::string();
      });
  estimate->add_option("--machine", o.machine, "Machine profile name (built-in or stored) or JSON file (default paragon)");
  estimate->add_option("--db", o.db, "The profile store for --machine (default: $PARTSCOPE_DB, else the user's data folder)");
  estimate->add_option("--form", o.form, "Source form: auto, fixed or free")
      ->check(CLI::IsMember({"auto", "fixed", "free"}));
  estimate->add_flag("--json", o.json, "Print JSON");
  estimate->add_option("--keep", o.keep, "Also keep the estimate as NAME in the profile store ('kept' lists them)")
      ->check(ps::cli::notEmpty("a name for the kept estimate"));
  ps::cli::addSourceOptions(estimate, o.source);
  estimate->add_flag("--fetch-once", o.fetchOnce,
                     "Fetch an element that several statements of the nest read once (default: once per statement)");
  auto* formulas = estimate->add_flag("--formulas", o.formulas,
                     "Print the closed forms: work(k) and W(S) per statement in the unknowns and LB/UB, and CT(k)");
  estimate->add_flag("--latex", o.latex, "With --formulas: print the formulas in LaTeX")->needs(formulas);
  auto* profileFile = estimate->add_option("--profile", o.profile,
                                           "Branch probabilities from a counts file written by 'profile --json'");
  auto* profileRun = estimate->add_flag("--profile-run", o.profileRun, "Run the profile first; branch probabilities from its counts")
      ->excludes(profileFile);
  estimate->add_option("--input", o.input, "With --profile-run: the program's standard input")->needs(profileRun);
  estimate->add_option("--timeout", o.timeout, "With --profile-run: stop the program after this many seconds")
      ->check(ps::cli::greaterThanZero("a number of seconds"))
      ->needs(profileRun);

  ps::cli::ProfileCommandOptions profileOptions;
  auto* profile = ps::cli::addProfileCommand(app, profileOptions);

  ps::cli::ScaleOptions scaleOptions;
  auto* scale = ps::cli::addScaleCommand(app, scaleOptions);

  ps::cli::DistributeOptions distributeOptions;
  auto* distribute = ps::cli::addDistributeCommand(app, distributeOptions);

  ps::cli::MachinesOptions machinesOptions;
  auto* machines = ps::cli::addMachinesCommand(app, machinesOptions);

  ps::cli::ValidateOptions validateOptions;
  auto* validate = ps::cli::addValidateCommand(app, validateOptions);

  ps::cli::CalibrateOptions calibrateOptions;
  auto* calibrate = ps::cli::addCalibrateCommand(app, calibrateOptions);

  ps::cli::KeptOptions keptOptions;
  auto* kept = ps::cli::addKeptCommand(app, keptOptions);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e); // 0 for --help
    return status == 0 ? 0 : 2;     // a usage error, like our own checks (CLI11 says 105, 106, ...)
  }
  if (*parse)
    return runParse(o);
  if (*estimate)
    return runEstimate(o);
  if (*scale)
    return ps::cli::runScale(scaleOptions);
  if (*distribute)
    return ps::cli::runDistribute(distributeOptions);
  if (*profile)
    return ps::cli::runProfileCommand(profileOptions);
  if (*machines)
    return ps::cli::runMachines(machinesOptions);
  if (*validate)
    return ps::cli::runValidate(validateOptions);
  if (*calibrate)
    return ps::cli::runCalibrate(calibrateOptions);
  if (*kept)
    return ps::cli::runKept(keptOptions);
  return 2; // require_subcommand(1) makes this unreachable
}

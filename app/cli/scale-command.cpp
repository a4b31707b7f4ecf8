#include "scale-command.h"

#include "estimate/comparison.h"
#include "fortran/parser.h"
#include "program/model.h"
#include "machine/machine-lookup.h"
#include "machine/machine-profile.h"
#include "machine/profile-store.h"
#include "mapping/dist-spec.h"
#include "scaling/model-file.h"
#include "scaling/program-time-model.h"
#include "scaling/scale-report.h"
#include "support/json-text.h"
#include "support/text.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <iterator>
#include <set>
#include <memory>
#include <sstream>

namespace ps::cli {
namespace {

struct Failure {
  std::string message;
};

[[noreturn]] void fail(std::string message) { throw Failure{std::move(message)}; }

double toNumber(const std::string& text, const std::string& what)
{
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(v))
    fail(what + " expects a number, got '" + text + "'");
  return v;
}

std::pair<std::string, std::string> splitAssignment(const std::string& item, const std::string& option)
{
  const auto eq = item.find('=');
  if (eq == std::string::npos || eq == 0)
    fail(option + " expects NAME=" + (option == "--model" ? "FORMULA" : "VALUE") + ", got '" + item + "'");
  return {trim(item.substr(0, eq)), trim(item.substr(eq + 1))};
}

std::vector<double> numberList(const std::string& text, const std::string& option)
{
  std::vector<double> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    out.push_back(toNumber(trim(item), option));
  return out;
}

std::string caretLine(const std::string& formula, int column)
{
  return "    " + formula + "\n    " + std::string(static_cast<std::size_t>(std::max(0, column - 1)), ' ') + "^";
}

std::map<std::string, double> constants(const ScaleOptions& o)
{
  std::map<std::string, double> values;
  for (const auto& c : o.consts) {
    auto [name, value] = splitAssignment(c, "--const");
    values[toLower(name)] = toNumber(value, "--const " + name);
  }
  return values;
}

// Analytic models from --models FILE and --model NAME=FORMULA.
std::vector<scaling::AnalyticModelSpec> analyticSpecs(const ScaleOptions& o)
{
  std::vector<scaling::AnalyticModelSpec> specs;
  const auto given = constants(o);
  if (!o.modelsFile.empty()) {
    std::string error;
    auto text = readTextFile(o.modelsFile, &error);
    auto file = text ? scaling::parseModelFile(*text, &error) : std::nullopt;
    if (!file)
      fail(o.modelsFile + ": " + error);
    for (auto spec : file->models) {
      for (const auto& [k, v] : given)
        spec.constants[k] = v; // the command line wins
      specs.push_back(std::move(spec));
    }
  }
  for (const auto& m : o.models) {
    auto [name, formula] = splitAssignment(m, "--model");
    if (o.work.empty())
      fail("--model " + name + " needs --work FORMULA (the work W(n) of the problem)");
    specs.push_back({name, formula, o.work, given});
  }
  return specs;
}

std::vector<std::unique_ptr<scaling::TimeModel>> analyticModels(const ScaleOptions& o,
                                                                const machine::MachineProfile& machine)
{
  std::vector<std::unique_ptr<scaling::TimeModel>> models;
  for (const auto& spec : analyticSpecs(o)) {
    scaling::AnalyticModelError error;
    auto model = scaling::AnalyticModel::create(spec, machine, &error);
    if (!model)
      fail("model '" + spec.name + "', " + error.str() + "\n" +
           caretLine(error.formula == "time" ? spec.time : spec.work, error.column));
    models.push_back(std::move(model));
  }
  return models;
}

symbolic::Bindings bindings(const ScaleOptions& o)
{
  symbolic::Bindings values;
  for (const auto& s : o.sets) {
    auto [name, value] = splitAssignment(s, "--set");
    const double v = toNumber(value, "--set " + name);
    if (v != std::floor(v))
      fail("--set expects NAME=INTEGER, got '" + s + "'");
    values[toLower(name)] = static_cast<std::int64_t>(v);
  }
  return values;
}

// Program files by path, parsed once for all machines of a run.
using ProgramFiles = std::map<std::string, std::shared_ptr<const fortran::ParsedFile>>;

std::shared_ptr<const fortran::ParsedFile> parseProgram(const std::string& path, ProgramFiles& files,
                                                        const ScaleOptions& o)
{
  if (auto it = files.find(path); it != files.end())
    return it->second;
  auto parsed = fortran::parseFile(path, parseOptions(o.form, o.source));
  if (!parsed.parsed)
    fail(parsed.error);
  return files[path] = std::make_shared<const fortran::ParsedFile>(std::move(*parsed.parsed));
}

std::optional<mapping::DistSpec> distSpec(const std::string& text)
{
  std::string error;
  auto spec = mapping::parseDistSpec(text, &error);
  if (!spec)
    fail(error);
  return spec;
}

/// Fails when --size-var names nothing in one of the programs (its times
/// would not change with n) or a --set names nothing in any of them.
void checkNames(const ScaleOptions& o, const ProgramFiles& files)
{
  const auto values = bindings(o);
  const auto size = toLower(o.sizeVariable);
  std::set<std::string> unused;
  for (const auto& [name, value] : values)
    unused.insert(name);
  for (const auto& [path, file] : files) {
    const auto model = program::buildModel(*file, values);
    const auto sized = [&](const program::Unit& u) {
      const auto* s = u.symbol(size);
      return std::count(u.unknowns.begin(), u.unknowns.end(), size) > 0 || (s && s->isParameter);
    };
    if (std::none_of(model.units.begin(), model.units.end(), sized)) // an array or a REAL would leave n out too
      fail("--size-var '" + size + "' names no unknown or PARAMETER of " + path);
    for (auto it = unused.begin(); it != unused.end();)
      it = estimate::unusedValues(model, {{*it, values.at(*it)}}).empty() ? unused.erase(it) : std::next(it);
  }
  if (!unused.empty())
    fail("A value is given for '" + *unused.begin() + "', which no program has");
}

std::unique_ptr<scaling::TimeModel> programModel(const ScaleOptions& o, std::shared_ptr<const fortran::ParsedFile> file,
                                                 const std::string& name, int loop,
                                                 std::optional<mapping::DistSpec> dist,
                                                 const machine::MachineProfile& machine)
{
  scaling::ProgramVariantSpec spec{name, loop, {name, std::move(dist)}, o.sizeVariable, bindings(o),
                                   static_cast<std::int64_t>(o.n)};
  return std::make_unique<scaling::ProgramTimeModel>(std::move(file), spec, machine);
}

// --program NAME=FILE:LINE[:SPEC]: a nest of another program (Jacobi against Redblack).
std::unique_ptr<scaling::TimeModel> otherProgram(const ScaleOptions& o, const std::string& item, ProgramFiles& files,
                                                 const machine::MachineProfile& machine)
{
  auto [name, rest] = splitAssignment(item, "--program");
  const auto colon = rest.find(':');
  const auto second = colon == std::string::npos ? std::string::npos : rest.find(':', colon + 1);
  const auto line = colon == std::string::npos ? std::string() : rest.substr(colon + 1, second - colon - 1);
  if (line.empty() || line.find_first_not_of("0123456789") != std::string::npos)
    fail("--program expects NAME=FILE:LINE[:SPEC], got '" + item + "'");
  const auto dist = second == std::string::npos ? std::nullopt : distSpec(rest.substr(second + 1));
  return programModel(o, parseProgram(rest.substr(0, colon), files, o), name, std::stoi(line), dist, machine);
}

std::vector<std::unique_ptr<scaling::TimeModel>> programModels(const ScaleOptions& o, ProgramFiles& files,
                                                               const machine::MachineProfile& machine)
{
  std::vector<std::unique_ptr<scaling::TimeModel>> models;
  if (!o.file.empty() || !o.programs.empty()) { // a program runs on whole processors: a usage error, before any estimate
    const auto most = static_cast<double>(mapping::kMaxProcessors);
    if (o.p != std::floor(o.p) || o.p > most)
      fail("--p expects a whole processor count from 1 to 1048576 (2^20) for a program, got " + formatNumber(o.p));
    for (const double pPrime : o.to.empty() ? std::vector<double>{} : numberList(o.to, "--to"))
      if (pPrime != std::floor(pPrime) || pPrime > most)
        fail("--to expects whole processor counts from 1 to 1048576 (2^20) for a program, got " + formatNumber(pPrime));
    if (o.limit > most)
      fail("--limit expects at most 1048576 (2^20) processors for a program, got " + formatNumber(o.limit));
  }
  if (!o.file.empty()) {
    if (o.loop <= 0)
      fail("A program needs --loop LINE (the DO statement of the nest to scale)");
    const auto file = parseProgram(o.file, files, o);
    std::vector<std::optional<mapping::DistSpec>> specs;
    for (const auto& d : o.dists)
      specs.push_back(distSpec(d));
    if (specs.empty())
      specs.push_back(std::nullopt); // the program's HPF directives
    for (std::size_t i = 0; i < specs.size(); ++i)
      models.push_back(programModel(o, file, ps::letterName(i), o.loop, specs[i], machine));
  }
  for (const auto& p : o.programs)
    models.push_back(otherProgram(o, p, files, machine));
  if (!files.empty())
    checkNames(o, files);
  return models;
}

std::vector<scaling::Measurement> measurements(const ScaleOptions& o)
{
  if (o.measured.empty())
    return {};
  std::string error;
  auto text = readTextFile(o.measured, &error);
  if (!text)
    fail(error);
  scaling::CsvError csv;
  auto rows = scaling::parseMeasurements(*text, &csv);
  if (!rows)
    fail(o.measured + ":" + std::to_string(csv.line) + ":" + std::to_string(csv.column) + ": " + csv.message);
  return *rows;
}

// Measured rows whose variant names no model become measured models.
void addMeasuredModels(const ScaleOptions& o, const std::vector<scaling::Measurement>& rows,
                       std::vector<std::unique_ptr<scaling::TimeModel>>& models)
{
  std::map<std::string, std::vector<scaling::Measurement>> orphans;
  for (const auto& r : rows) {
    bool owned = false;
    for (const auto& m : models)
      owned = owned || m->name() == r.variant || (r.variant.empty() && models.size() == 1);
    if (!owned)
      orphans[r.variant.empty() ? "measured" : r.variant].push_back(r);
  }
  if (orphans.empty())
    return;
  if (o.work.empty())
    fail("Measured times need --work FORMULA (the work W(n), e.g. '(5*n - 3)*1024 + 3*n - 4')");
  symbolic::FormulaError error;
  auto work = symbolic::Formula::parse(o.work, &error);
  std::string missing;
  auto bound = work ? work->bind({"n"}, constants(o), &missing) : std::nullopt;
  if (!work)
    fail("--work, column " + std::to_string(error.column) + ": " + error.message + "\n" + caretLine(o.work, error.column));
  if (!bound)
    fail("--work for measured times uses '" + missing + "', which has no value; give it with --const " + missing +
         "=VALUE");
  for (auto& [name, mine] : orphans)
    models.push_back(std::make_unique<scaling::MeasuredModel>(name, mine, *bound, o.interpolate));
}

scaling::ScaleRequest request(const ScaleOptions& o)
{
  scaling::ScaleRequest r;
  r.p = o.p;
  r.n = o.n;
  r.epsilon = o.epsilon;
  r.crossCheck = !o.noCrossCheck;
  if (o.step != 0 && o.step < 1)
    fail("--step expects a step of at least 1 (0 doubles p'), got " + formatNumber(o.step));
  if (o.limit < 0)
    fail("--limit expects the largest p' (0: the default), got " + formatNumber(o.limit));
  const bool programs = !o.file.empty() || !o.programs.empty();
  const double limit = o.limit > 0 ? o.limit
                       : programs  ? std::min(scaling::defaultScaledLimit(o.p), static_cast<double>(mapping::kMaxProcessors))
                                   : scaling::defaultScaledLimit(o.p);
  r.pPrimes = o.to.empty() ? scaling::scaledProcessors(o.p, limit, o.step) : numberList(o.to, "--to");
  for (std::size_t i = 0; !o.to.empty() && i < r.pPrimes.size(); ++i) // a bad option value: exit 2, before any output
    if (r.pPrimes[i] <= (i ? r.pPrimes[i - 1] : o.p))
      fail("--to expects counts above --p = " + formatNumber(o.p) + " in ascending order, got '" + o.to + "'");
  if (!o.crossP.empty())
    r.sizeScanProcessors = numberList(o.crossP, "--cross-p");
  if (!o.nRange.empty()) {
    const auto colon = o.nRange.find(':');
    if (colon == std::string::npos)
      fail("--n-range expects LOW:HIGH, got '" + o.nRange + "'");
    r.nLo = toNumber(o.nRange.substr(0, colon), "--n-range");
    r.nHi = toNumber(o.nRange.substr(colon + 1), "--n-range");
    if (!(r.nLo > 0 && r.nHi > r.nLo))
      fail("--n-range needs 0 < LOW < HIGH, got '" + o.nRange + "'");
  }
  return r;
}

std::vector<machine::MachineProfile> machines(const std::string& list, const std::string& db)
{
  if (list == "all")
    return machine::builtinProfiles();
  std::vector<machine::MachineProfile> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    std::string error;
    auto m = machine::findMachine(trim(item), machine::storePath(db), &error);
    if (!m)
      fail(error);
    out.push_back(*m);
  }
  return out;
}

scaling::ScaleResult studyOn(const ScaleOptions& o, ProgramFiles& files, const machine::MachineProfile& m,
                             const std::vector<scaling::Measurement>& rows)
{
  auto models = programModels(o, files, m);
  for (auto& a : analyticModels(o, m))
    models.push_back(std::move(a));
  addMeasuredModels(o, rows, models);
  if (models.empty())
    fail("Nothing to compare: give FILE --loop LINE, --program NAME=FILE:LINE, --model NAME=FORMULA, --models FILE.json "
         "or --measured FILE.csv");
  std::vector<const scaling::TimeModel*> view;
  for (const auto& model : models)
    view.push_back(model.get());
  return scaling::runScaleStudy(view, request(o), rows);
}

bool hasErrors(const scaling::ScaleResult& r)
{
  bool any = !r.errors.empty();
  for (const auto& v : r.variants)
    any = any || !v.error.empty();
  return any;
}

} // namespace

CLI::App* addScaleCommand(CLI::App& app, ScaleOptions& o)
{
  auto* c = app.add_subcommand("scale", "Isospeed scalability, range comparison and crossing points");
  c->add_option("FILE", o.file, "Fortran/HPF source file (program variants)");
  c->add_option("--loop", o.loop, "Line of the DO statement of the loop nest")->check(atLeastOne("a line number"));
  c->add_option("--dist", o.dists, "A program variant, e.g. 'a,b=(BLOCK,BLOCK)'; repeat for more");
  c->add_option("--set", o.sets, "Value of another unknown, NAME=VALUE; repeat or separate with commas")->delimiter(',');
  c->add_option("--program", o.programs,
                 "A nest of another program, NAME=FILE:LINE[:SPEC] (its HPF directives without SPEC); repeat for more");
  c->add_option("--size-var", o.sizeVariable, "The unknown or PARAMETER that is the problem size n (default n)");
  c->add_option("--model", o.models, "An analytic model NAME=FORMULA over p and n; repeat for more");
  c->add_option("--models", o.modelsFile, "A JSON file of analytic models (see sampleprograms/tridiagonal-models.json)");
  addSourceOptions(c, o.source);
  c->add_option("--work", o.work, "The work W(n) of --model and --measured, a formula over n");
  c->add_option("--const", o.consts, "A constant of the formulas, NAME=VALUE; repeat for more");
  c->add_option("--measured", o.measured, "Measured times, CSV rows p,n,seconds[,variant]");
  c->add_flag("--interpolate", o.interpolate, "Interpolate measured times between measured sizes (never beyond)");
  c->add_option("--machine", o.machine,
                "Machine profile name (built-in or stored), JSON file, comma list, or 'all' built-in (default paragon)");
  c->add_option("--db", o.db, "The profile store for --machine (default: $PARTSCOPE_DB, else the user's data folder)");
  c->add_option("--p", o.p, "Initial processor count (default 4)");
  c->add_option("--n", o.n, "Initial problem size (default 64)");
  c->add_option("--to", o.to, "Scaled processor counts p', e.g. 8,16 (default powers of two up to --limit)");
  c->add_option("--step", o.step, "Step p' by this amount instead of doubling");
  c->add_option("--limit", o.limit, "Largest p' (default 64, or 4p when that is larger)");
  c->add_option("--epsilon", o.epsilon, "Tolerance of the iterative W' method, work units (default 0.01)");
  c->add_option("--n-range", o.nRange, "Sizes scanned for equal-size crossing points, LOW:HIGH (default n/4:4n)");
  c->add_flag("--no-cross-check", o.noCrossCheck,
              "Skip the iterative W' method (it re-estimates program variants at every step)");
  c->add_option("--cross-p", o.crossP, "Processor counts at which to scan n for equal-size crossings (default --p)");
  c->add_flag("--json", o.json, "Print JSON");
  return c;
}

int runScale(const ScaleOptions& o)
{
  try {
    if (!(o.p >= 1) || !(o.n >= 1)) // a bad option value, as --to 0 is: exit 2
      throw Failure{"--p and --n must be at least 1 (the initial state's processors and size)"};
    const auto rows = measurements(o);
    ProgramFiles files;
    nlohmann::json all = nlohmann::json::array();
    bool errors = false;
    for (const auto& m : machines(o.machine, o.db)) {
      const auto result = studyOn(o, files, m, rows);
      errors = errors || hasErrors(result);
      if (o.json)
        all.push_back(scaling::toJson(result, m.name));
      else
        std::cout << scaling::toText(result, m.name);
    }
    if (o.json)
      std::cout << ps::jsonText(all.size() == 1 ? all.front() : nlohmann::json{{"machines", all}}, 2) << "\n";
    return errors ? 1 : 0;
  } catch (const Failure& f) {
    std::cerr << "partscope-cli: " << f.message << "\n";
    return 2;
  }
}

} // namespace ps::cli

#include "distribute-command.h"

#include "ddt/hpf-directives.h"
#include "ddt/phase-times.h"
#include "ddt/plan-report.h"
#include "estimate/comparison.h"
#include "fortran/parser.h"
#include "machine/machine-lookup.h"
#include "machine/profile-store.h"
#include "program/outline.h"
#include "support/json-text.h"
#include "support/text.h"
#include "symbolic/evaluation.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>

namespace ps::cli {
namespace {

struct Failure {
  std::string message;
};

int fail(const std::string& message)
{
  std::cerr << "partscope-cli distribute: " << message << "\n";
  return 2;
}

symbolic::Bindings readSets(const std::vector<std::string>& sets)
{
  symbolic::Bindings values;
  for (const auto& s : sets) {
    const auto eq = s.find('=');
    std::size_t used = 0;
    long long v = 0;
    try {
      if (eq != std::string::npos && eq > 0)
        v = std::stoll(s.substr(eq + 1), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (eq == std::string::npos || eq == 0 || used == 0 || used != s.size() - eq - 1)
      throw Failure{"--set expects NAME=INTEGER, got '" + s + "'"};
    values[toLower(s.substr(0, eq))] = v;
  }
  return values;
}

/// The unit named `name`; without a name the main program, else the first
/// unit with a loop (a module of constants has no phases to distribute).
const program::Unit* findUnit(const program::ProgramModel& model, const std::string& name)
{
  for (const auto& u : model.units)
    if (!name.empty() && toLower(u.name) == toLower(name))
      return &u;
  if (!name.empty())
    return nullptr;
  for (const auto& u : model.units)
    if (u.kind == fortran::UnitKind::Program)
      return &u;
  for (const auto& u : model.units)
    if (!u.loops.empty())
      return &u;
  return model.units.empty() ? nullptr : &model.units.front();
}

int run(const DistributeOptions& o)
{
  std::string error;
  auto machine = machine::findMachine(o.machine, machine::storePath(o.db), &error);
  if (!machine)
    return fail(error);
  const auto values = readSets(o.sets);
  ddt::DistributeOptions options;
  options.processors = o.procs > 0 ? o.procs : (machine->defaultProcessors > 0 ? machine->defaultProcessors : 16);
  options.maxDistributedDims = o.dims;
  options.candidates = o.candidates;
  options.staticOnly = o.staticOnly;
  if (!o.phaseTimes.empty()) {
    auto times = ddt::readPhaseTimes(o.phaseTimes, &error);
    if (!times)
      return fail(error);
    options.phaseTimes = *times;
  }
  auto loaded = fortran::parseFile(o.file, parseOptions(o.form, o.source));
  if (!loaded.parsed)
    return fail(loaded.error);
  const auto& parsed = *loaded.parsed;
  const auto model = program::buildModel(parsed, values);
  for (const auto& e : estimate::unusedValues(model, values)) // a typo would otherwise plan without it
    return fail(e);
  for (const auto& w : estimate::ignoredValues(model, values))
    std::cerr << o.file << ": warning: " << w << "\n";
  int syntaxErrors = 0;
  for (const auto& d : program::allDiagnostics(parsed, model))
    if (d.severity() == fortran::Severity::Error) {
      std::cerr << fortran::format(d, *parsed.file) << "\n";
      ++syntaxErrors;
    }
  if (syntaxErrors > 0) { // a statement the parser skipped would silently leave its phase out of the plan
    std::cerr << o.file << ": error: fix the " << syntaxErrors
              << (syntaxErrors == 1 ? " error above" : " errors above")
              << " first: the plan would leave out the statements they hide\n";
    return 1;
  }
  const auto* unit = findUnit(model, o.unit);
  if (!unit)
    return fail(o.unit.empty() ? o.file + " has no program unit" : "no unit named '" + o.unit + "' in " + o.file);
  const auto result = ddt::distribute(*unit, *machine, values, options);
  for (const auto& e : result.errors)
    std::cerr << o.file << ": error: " << e << "\n";
  if (!result.missing.empty())
    std::cerr << o.file << ": note: give " << symbolic::quotedList(result.missing) << " a value with --set "
              << result.missing.front() << "=VALUE\n";
  if (!result.plan)
    return 1;
  const auto edit = ddt::hpfEdit(*result.plan, *unit, parsed);
  if (!o.apply.empty()) {
    std::ofstream out(o.apply);
    out << ddt::applyHpfEdit(parsed.file->text(), edit);
    if (!out)
      return fail("cannot write '" + o.apply + "'");
  }
  if (o.json)
    std::cout << ps::jsonText(ddt::planToJson(*result.plan, edit.text()), 2) << "\n";
  else
    std::cout << ddt::planToText(*result.plan) << "\nHPF directives:\n" << edit.text();
  return 0;
}

} // namespace

CLI::App* addDistributeCommand(CLI::App& app, DistributeOptions& o)
{
  auto* c = app.add_subcommand("distribute",
                               "Suggest data distributions (DDT): phases, candidate mappings, static and dynamic "
                               "solutions with remapping, HPF directives");
  c->add_option("FILE", o.file, "Fortran/HPF source file")->required();
  c->add_option("--unit", o.unit, "Program unit to distribute (default: the main program, else the first unit with a loop)");
  c->add_option("--procs", o.procs, "Number of processors (default: the machine profile's, else 16)")
      ->check(CLI::Range(1, 1 << 20));
  c->add_option("--machine", o.machine,
                "Machine profile name (built-in or stored) or JSON file (default ddt: 1 us per byte)");
  c->add_option("--db", o.db, "The profile store for --machine (default: $PARTSCOPE_DB, else the user's data folder)");
  c->add_option("--phase-times", o.phaseTimes,
                "JSON {\"LINE\": seconds}: sequential time of the phase containing LINE (others are estimated)");
  c->add_option("--candidates", o.candidates, "Candidate mappings kept per phase (default 4)")
      ->check(CLI::Range(1, 64));
  c->add_option("--dims", o.dims, "Most distributed dimensions per mapping (default 2)")->check(CLI::Range(1, 7));
  c->add_option("--set", o.sets, "Value of an unknown or a new value for an integer PARAMETER, NAME=VALUE; repeat or separate with commas")->delimiter(',');
  c->add_option("--apply", o.apply, "Write the program with the plan's HPF directives to this file");
  c->add_option("--form", o.form, "Source form: auto, fixed or free")->check(CLI::IsMember({"auto", "fixed", "free"}));
  addSourceOptions(c, o.source);
  c->add_flag("--static-only", o.staticOnly, "Only static solutions (no remapping search)");
  c->add_flag("--json", o.json, "Print JSON");
  return c;
}

int runDistribute(const DistributeOptions& options)
{
  try {
    return run(options);
  } catch (const Failure& f) {
    return fail(f.message);
  }
}

} // namespace ps::cli

#include "validate-command.h"

#include "estimate/comparison.h"
#include "estimate/message-list.h"
#include "machine/calibration-runner.h"
#include "machine/machine-lookup.h"
#include "machine/profile-store.h"
#include "machine/simgrid-platform.h"
#include "mapping/mapping-builder.h"
#include "profile/child-process.h"
#include "support/json-text.h"
#include "support/temp-folder.h"
#include "support/text.h"

#include "stop-signals.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace ps::cli {
namespace {


namespace fs = std::filesystem;

int fail(const std::string& message)
{
  std::cerr << "partscope-cli: " << message << "\n";
  return 2;
}

bool writeFile(const fs::path& path, const std::string& text)
{
  std::ofstream out(path);
  out << text;
  return static_cast<bool>(out);
}

std::string readFile(const fs::path& path)
{
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The replay binary `name`: $PARTSCOPE_REPLAY_DIR, else next to this program.
std::optional<std::string> replayProgram(const std::string& name, std::string* error)
{
  std::error_code ec;
  const char* dir = std::getenv("PARTSCOPE_REPLAY_DIR");
  const auto folder = dir ? fs::path(dir) : fs::read_symlink("/proc/self/exe", ec).parent_path();
  const auto path = folder / name;
  if (fs::exists(path, ec))
    return path.string();
  *error = "Cannot find the replay program '" + path.string() + "'; build the target '" + name +
           "' or set PARTSCOPE_REPLAY_DIR";
  return std::nullopt;
}

/// Runs one replay; its measured_tt_s, or nullopt with `error`.
std::optional<double> runReplay(std::vector<std::string> argv, const fs::path& folder, double timeout,
                                const std::string& tool, std::string* error,
                                std::vector<std::string> environment = {})
{
  profile::ChildRequest request;
  request.argv = std::move(argv);
  request.environment = std::move(environment);
  request.folder = folder.string();
  request.stdoutPath = (folder / (tool + ".out")).string();
  request.stderrPath = (folder / (tool + ".err")).string();
  request.timeoutSeconds = timeout;
  request.cancelled = &g_stopRequested;
  const auto result = profile::runChild(request);
  using Outcome = profile::ChildResult::Outcome;
  if (result.outcome == Outcome::Cancelled) {
    *error = "'" + tool + "' was stopped (SIGINT or SIGTERM)";
    return std::nullopt;
  }
  if (result.outcome == Outcome::NotStarted) {
    *error = result.error;
    return std::nullopt;
  }
  if (result.outcome == Outcome::TimedOut) {
    std::ostringstream seconds;
    seconds << timeout;
    *error = "'" + tool + "' did not finish within " + seconds.str() + " s (raise --timeout)";
    return std::nullopt;
  }
  const auto out = readFile(request.stdoutPath);
  const auto line = out.substr(0, out.find('\n'));
  auto json = nlohmann::json::parse(line, nullptr, false);
  if (result.outcome != Outcome::Exited || result.code != 0 || !json.is_object() || !json.contains("measured_tt_s") ||
      !json["measured_tt_s"].is_number()) { // a replay that printed null or text is a failure, not a crash
    auto why = readFile(request.stderrPath);
    const auto lastLine = why.find_last_not_of('\n');
    why = lastLine == std::string::npos ? "" : why.substr(0, lastLine + 1);
    why = why.substr(why.find_last_of('\n') == std::string::npos ? 0 : why.find_last_of('\n') + 1);
    *error = "'" + tool + "' failed" + (result.outcome == Outcome::Exited ? " with status " + std::to_string(result.code)
                                                                          : std::string(" (killed by a signal)")) +
             (why.empty() ? "" : ": " + why);
    return std::nullopt;
  }
  return json["measured_tt_s"].get<double>();
}

std::optional<double> runReal(const fs::path& folder, std::int64_t procs, double timeout, std::vector<std::string>& notes,
                              std::string* error)
{
  const auto replay = replayProgram("partscope-replay", error);
  if (!replay)
    return std::nullopt;
  std::vector<std::string> argv{"mpirun", "-np", std::to_string(procs)};
  const auto cores = static_cast<std::int64_t>(std::max(1u, std::thread::hardware_concurrency())); // 0: unknown
  if (procs > machine::kMaxRanksPerCore * cores) { // as calibrate: 100000 ranks on a laptop is a fork storm
    *error = "A real run of " + std::to_string(procs) + " ranks would start that many processes on this machine's " +
             std::to_string(cores) + " cores (at most " + std::to_string(machine::kMaxRanksPerCore * cores) +
             " here); leave out --real for that many processors";
    return std::nullopt;
  }
  if (procs > cores) {
    argv.push_back("--oversubscribe");
    notes.push_back("The real run of " + std::to_string(procs) + " ranks oversubscribed " + std::to_string(cores) +
                    " cores: its time includes waiting for a core");
  }
  argv.insert(argv.end(), {*replay, "list.json"});
  std::vector<std::string> environment; // mpirun refuses root without them (CI runs as root)
  if (geteuid() == 0)
    environment = {"OMPI_ALLOW_RUN_AS_ROOT=1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1"};
  return runReplay(argv, folder, timeout, "mpirun", error, std::move(environment));
}

std::optional<double> runSimgrid(const fs::path& folder, std::int64_t procs, const machine::MachineProfile& m,
                                 double timeout, std::vector<std::string>& notes, std::string* error)
{
  const auto replay = replayProgram("partscope-replay-smpi", error);
  if (!replay)
    return std::nullopt;
  const auto platform = machine::simgridPlatform(m, procs, error);
  if (!platform)
    return std::nullopt;
  if (!writeFile(folder / "platform.xml", platform->xml) || !writeFile(folder / "hosts", platform->hostfile)) {
    *error = "Cannot write the SimGrid platform into '" + folder.string() + "'";
    return std::nullopt;
  }
  for (const auto& a : platform->approximations)
    if (std::find(notes.begin(), notes.end(), a) == notes.end())
      notes.push_back(a);
  std::vector<std::string> argv{"smpirun", "-np", std::to_string(procs), "-platform", "platform.xml", "-hostfile",
                                "hosts"};
  argv.insert(argv.end(), platform->smpirunOptions.begin(), platform->smpirunOptions.end());
  argv.insert(argv.end(), {*replay, "list.json", "--global-clock"}); // simulated time: one clock
  return runReplay(argv, folder, timeout, "smpirun", error);
}

bool parseValues(const std::vector<std::string>& sets, symbolic::Bindings& values, std::string* error)
{
  for (const auto& s : sets) {
    const auto eq = s.find('=');
    std::size_t used = 0;
    long long value = 0;
    try {
      value = eq == std::string::npos || eq == 0 ? 0 : std::stoll(s.substr(eq + 1), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (eq == std::string::npos || eq == 0 || used == 0 || used != s.size() - eq - 1) {
      *error = "--set expects NAME=INTEGER, got '" + s + "'";
      return false;
    }
    values[toLower(s.substr(0, eq))] = value;
  }
  return true;
}

/// The request of one variant; the arrangements of --procs or the unit's PROCESSORS.
std::optional<estimate::ComparisonRequest> makeRequest(const ValidateOptions& o, const program::ProgramModel& model,
                                                       symbolic::Bindings values, std::string* error)
{
  estimate::ComparisonRequest request;
  request.loopLine = o.loop;
  request.values = std::move(values);
  request.options.keepExchanges = true;
  std::optional<mapping::DistSpec> spec;
  if (!o.dist.empty() && !(spec = mapping::parseDistSpec(o.dist, error)))
    return std::nullopt;
  request.variants.push_back({"A", spec});
  std::stringstream list(o.procs);
  for (std::string item; std::getline(list, item, ',');) {
    auto a = mapping::parseArrangement(item);
    if (!a) {
      *error = "--procs expects processor counts from 1 to 1048576 (2^20) or arrangements like 4 or 2x2, got '" + item + "'";
      return std::nullopt;
    }
    request.procs.push_back(*a);
  }
  const auto found = model.loopAtLine(o.loop);
  if (request.procs.empty() && found) {
    if (auto declared = mapping::declaredArrangement(*found->first, request.values))
      request.procs.push_back(*declared);
  }
  if (request.procs.empty()) {
    *error = "validate needs --procs (the unit declares no PROCESSORS arrangement)";
    return std::nullopt;
  }
  return request;
}

struct PointResult {
  nlohmann::json json;
  bool ok = true;
};

PointResult validatePoint(const estimate::Estimate& e, const ValidateOptions& o, const machine::MachineProfile& m,
                          std::vector<std::string>& notes)
{
  const auto list = estimate::messageList(e);
  for (const auto& n : list.notes)
    notes.push_back("P = " + std::to_string(e.processors) + ": " + n);
  PointResult r;
  r.json = {{"procs", e.processors},        {"arrangement", e.arrangement}, {"predicted_tt_s", e.tt},
            {"measured_tt_s", nullptr},     {"simulated_tt_s", nullptr},    {"messages", e.nt},
            {"bytes", e.tdBytes}};
  const auto listText = ps::jsonText(estimate::messageListJson(list));
  if (!o.messageList.empty() && !writeFile(o.messageList, listText)) {
    std::cerr << "partscope-cli: error: Cannot write the message list to '" << o.messageList << "'\n";
    r.ok = false;
  }
  if (!o.real && !o.simgrid)
    return r;
  TempFolder folder("partscope-validate");
  if (folder.path().empty() || !writeFile(folder.path() / "list.json", listText)) {
    std::cerr << "partscope-cli: error: Cannot create a temporary folder for the replay\n";
    r.ok = false;
    return r;
  }
  std::string error;
  if (o.real) {
    if (auto t = runReal(folder.path(), e.processors, o.timeout, notes, &error)) {
      r.json["measured_tt_s"] = *t;
    } else {
      std::cerr << "partscope-cli: error: " << error << "\n";
      r.ok = false;
    }
  }
  if (o.simgrid) {
    if (auto t = runSimgrid(folder.path(), e.processors, m, o.timeout, notes, &error)) {
      r.json["simulated_tt_s"] = *t;
    } else {
      std::cerr << "partscope-cli: error: " << error << "\n";
      r.ok = false;
    }
  }
  return r;
}

std::string optionalSeconds(const nlohmann::json& v)
{
  if (v.is_null())
    return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", v.get<double>());
  return text;
}

void printText(const nlohmann::json& out)
{
  std::printf("%-8s %-10s %14s %14s %14s %10s %14s\n", "procs", "arrangement", "predicted_s", "measured_s",
              "simulated_s", "messages", "bytes");
  for (const auto& p : out["points"])
    std::printf("%-8lld %-10s %14s %14s %14s %10lld %14lld\n", p["procs"].get<long long>(),
                p["arrangement"].get<std::string>().c_str(), optionalSeconds(p["predicted_tt_s"]).c_str(),
                optionalSeconds(p["measured_tt_s"]).c_str(), optionalSeconds(p["simulated_tt_s"]).c_str(),
                p["messages"].get<long long>(), p["bytes"].get<long long>());
  for (const auto& n : out["notes"])
    std::printf("note: %s\n", n.get<std::string>().c_str());
}

/// Checks up front that the tools exist, so a missing one costs no estimate.
bool toolsPresent(const ValidateOptions& o)
{
  for (const auto& [wanted, tool, package] : {std::tuple{o.real, "mpirun", "openmpi-bin"},
                                              std::tuple{o.simgrid, "smpirun", "libsimgrid-dev"}})
    if (wanted && !profile::findProgram(tool)) {
      std::cerr << "partscope-cli: error: '" << tool << "' is not on PATH; install " << package
                << " or leave out --" << (std::string(tool) == "mpirun" ? "real" : "simgrid") << "\n";
      return false;
    }
  return true;
}

} // namespace

CLI::App* addValidateCommand(CLI::App& app, ValidateOptions& o)
{
  auto* c = app.add_subcommand("validate", "Compare the predicted transfer time TT of a loop nest with a replay of "
                                           "its messages: real (mpirun) and simulated (SimGrid)");
  c->add_option("FILE", o.file, "Fortran/HPF source file")->required();
  c->add_option("--loop", o.loop, "Line of the DO statement of the loop nest")->required()->check(atLeastOne("a line number"));
  c->add_option("--dist", o.dist, "The mapping, e.g. 'a,b=(BLOCK,BLOCK)' (default: HPF directives)");
  c->add_option("--procs", o.procs, "Processor counts or arrangements, e.g. 4 or 2,4 or 2x2 (default: PROCESSORS)");
  c->add_option("--machine", o.machine, "Machine profile name or JSON file (default paragon)");
  c->add_option("--db", o.db, "Profile store holding --machine (default: $PARTSCOPE_DB or the user's data folder)");
  c->add_option("--set", o.sets, "Value of an unknown, NAME=VALUE; repeat or separate with commas")->delimiter(',');
  c->add_option("--form", o.form, "Source form: auto, fixed or free")->check(CLI::IsMember({"auto", "fixed", "free"}));
  c->add_flag("--real", o.real, "Replay the messages with mpirun on this machine (measured_tt_s)");
  c->add_flag("--simgrid", o.simgrid, "Replay the messages with SimGrid on a platform built from the profile (simulated_tt_s)");
  c->add_option("--timeout", o.timeout, "Seconds each replay may run (default 600)")->check(greaterThanZero("a number of seconds"));
  c->add_option("--message-list", o.messageList, "Write the message list (JSON, the replay's input) to this file");
  c->add_flag("--json", o.json, "Print JSON");
  addSourceOptions(c, o.source);
  return c;
}

int runValidate(const ValidateOptions& o)
{
  stopOnSignals(); // the IDE's Cancel sends SIGTERM: stop mpirun/smpirun's process group too
  std::string error;
  auto machine = machine::findMachine(o.machine, machine::storePath(o.db), &error);
  symbolic::Bindings values;
  if (!machine || !parseValues(o.sets, values, &error))
    return fail(error);
  if (!toolsPresent(o))
    return 1;
  auto parsed = fortran::parseFile(o.file, parseOptions(o.form, o.source));
  if (!parsed.parsed)
    return fail(parsed.error);
  const auto model = program::buildModel(*parsed.parsed, values);
  auto request = makeRequest(o, model, values, &error);
  if (!request)
    return fail(error);
  const auto result = estimate::compare(model, *request, *machine);
  for (const auto& e : result.errors)
    std::cerr << o.file << ": error: " << e << "\n";
  if (!result.errors.empty())
    return 1;
  nlohmann::json out{{"points", nlohmann::json::array()}, {"notes", nlohmann::json::array()}};
  std::vector<std::string> notes;
  bool ok = true;
  for (const auto& e : result.variants.front().points) {
    auto point = validatePoint(e, o, *machine, notes);
    ok = ok && point.ok;
    out["points"].push_back(std::move(point.json));
  }
  out["notes"] = notes;
  if (o.json)
    std::cout << ps::jsonText(out, 2) << "\n";
  else
    printText(out);
  return ok ? 0 : 1;
}

} // namespace ps::cli

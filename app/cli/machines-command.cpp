#include "machines-command.h"

#include "machine/builtin-machines.h"
#include "machine/machine-profile.h"
#include "machine/profile-store.h"
#include "support/json-text.h"
#include "support/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <tuple>

namespace ps::cli {
namespace {

using machine::MachineProfile;
using machine::ProfileStore;

struct Failure {
  std::string message;
};

int fail(const std::string& message)
{
  std::cerr << "partscope-cli machines: " << message << "\n";
  return 2;
}

/// Throws the store's one-sentence error when `value` is empty.
template <class T>
T need(std::optional<T> value, const std::string& error)
{
  if (!value)
    throw Failure{error};
  return std::move(*value);
}

bool storeExists(const std::string& path)
{
  std::error_code ec;
  return !path.empty() && std::filesystem::exists(path, ec);
}

/// The store at `path`; a missing file is created only when `create`.
ProfileStore openStore(const std::string& path, bool create, const std::string& missingName)
{
  if (!create && !storeExists(path))
    throw Failure{"No machine '" + missingName + "' in the profile store '" + path + "' (there is no such file)"};
  std::string error;
  return need(ProfileStore::open(path, &error), error);
}

const char* builtinJson(const std::string& name)
{
  for (const auto& t : machine::builtinMachineTexts())
    if (name == t.name)
      return t.json;
  return nullptr;
}

nlohmann::json profileSummary(const MachineProfile& m, const std::string& origin)
{
  return {{"name", m.name},
          {"title", m.title},
          {"origin", origin},
          {"source", m.source},
          {"startup_s", m.startup},
          {"byte_time_s", m.byteTime},
          {"hop_time_s", m.hopTime},
          {"topology", m.topology},
          {"cache_line_bytes", m.cacheLineBytes},
          {"cache_bytes", m.cacheBytes},
          {"assumptions", m.assumptions}};
}

/// "8 B", "16 KB", "1.5 MB": a cache of a few bytes (a node without one) must not read as 0 KB.
std::string cacheSizeText(std::int64_t bytes)
{
  char text[32];
  if (bytes < 1024)
    std::snprintf(text, sizeof text, "%lld B", static_cast<long long>(bytes));
  else if (bytes < 1024 * 1024)
    std::snprintf(text, sizeof text, "%.4g KB", static_cast<double>(bytes) / 1024);
  else
    std::snprintf(text, sizeof text, "%.4g MB", static_cast<double>(bytes) / (1024 * 1024));
  return text;
}

void printProfile(const MachineProfile& m, const std::string& mark)
{
  std::printf("%-10s %s%s\n           rho = %.3g us, beta = %.3g ns/byte (%.1f MB/s), gamma = %.3g us/hop, "
              "topology %s, cache %s with %lld-byte lines\n           source: %s\n",
              m.name.c_str(), m.title.c_str(), mark.c_str(), m.startup * 1e6, m.byteTime * 1e9,
              m.byteTime > 0 ? 1e-6 / m.byteTime : 0.0, m.hopTime * 1e6, m.topology.c_str(),
              cacheSizeText(m.cacheBytes).c_str(), static_cast<long long>(m.cacheLineBytes), m.source.c_str());
}

/// The stored profiles as (summary, origin, created) rows; none without a store file.
std::vector<std::pair<MachineProfile, machine::StoredMachine>> storedProfiles(const std::string& path)
{
  std::vector<std::pair<MachineProfile, machine::StoredMachine>> out;
  if (!storeExists(path))
    return out;
  std::string error;
  auto store = need(ProfileStore::open(path, &error), error);
  for (const auto& m : need(store.machines(&error), error))
    out.emplace_back(need(store.loadProfile(m.name, &error), error), m);
  return out;
}

int list(const MachinesOptions& o, const std::string& path)
{
  const auto stored = storedProfiles(path);
  nlohmann::json all = nlohmann::json::array();
  if (!o.json)
    std::printf("Built-in profiles:\n");
  for (const auto& m : machine::builtinProfiles()) {
    if (o.json)
      all.push_back(profileSummary(m, "built-in"));
    else
      printProfile(m, "");
  }
  if (!o.json)
    std::printf("Stored profiles (%s):%s\n", path.empty() ? "no location" : path.c_str(),
                stored.empty() ? " none" : "");
  for (const auto& [profile, row] : stored) {
    if (o.json) {
      all.push_back(profileSummary(profile, row.origin));
      all.back()["created_at"] = row.createdAt;
    } else {
      printProfile(profile, " [" + row.origin + " " + row.createdAt + "]");
    }
  }
  if (o.json)
    std::cout << ps::jsonText(all, 2) << "\n";
  return 0;
}

nlohmann::json curveJson(const machine::CommCurve& c)
{
  auto segments = nlohmann::json::array();
  for (const auto& s : c.segments)
    segments.push_back({{"from_bytes", s.fromBytes}, {"to_bytes", s.toBytes}, {"a_s", s.a}, {"b_s_per_byte", s.b}});
  return {{"pattern", c.pattern},           {"ranks", c.ranks},
          {"stride_elements", c.strideElements}, {"packet_bytes", c.packetBytes},
          {"chi_square_per_dof", c.chiSquarePerDof}, {"max_relative_error", c.maxRelativeError},
          {"segments", segments}};
}

nlohmann::json runJson(const machine::StoredRun& stored)
{
  const auto& r = stored.run;
  auto points = nlohmann::json::array();
  for (const auto& p : r.points)
    points.push_back({{"pattern", p.pattern}, {"ranks", p.ranks}, {"stride_elements", p.strideElements},
                      {"bytes", p.bytes}, {"median_s", p.medianSeconds}, {"low_s", p.lowSeconds},
                      {"high_s", p.highSeconds}, {"repetitions", p.repetitions}});
  auto operations = nlohmann::json::object();
  for (const auto& op : r.operations)
    operations[op.operation] = op.seconds;
  return {{"host", r.host},   {"mpi_library", r.mpiLibrary},     {"started_at", r.startedAt},
          {"ranks", r.ranks}, {"oversubscribed", r.oversubscribed}, {"quick", r.quick},
          {"complete", r.complete}, {"points", points},          {"operations", operations}};
}

void showText(const MachineProfile& m, const std::string& origin, const std::vector<machine::CommCurve>& fits,
              const std::optional<machine::StoredRun>& run)
{
  printProfile(m, " [" + origin + "]");
  for (const auto& a : m.assumptions)
    std::printf("           assumption: %s\n", a.c_str());
  if (run)
    std::printf("Latest calibration run: %s on '%s' with %s, %d ranks%s%s, %s: %s, %s\n", run->run.startedAt.c_str(),
                run->run.host.c_str(), run->run.mpiLibrary.c_str(), run->run.ranks, run->run.quick ? ", quick" : "",
                run->run.oversubscribed ? ", oversubscribed" : "", run->run.complete ? "complete" : "interrupted",
                counted(static_cast<long long>(run->run.points.size()), "raw point").c_str(),
                counted(static_cast<long long>(run->run.operations.size()), "operation").c_str());
  for (const auto& c : fits)
    std::printf("Fit %s, %d ranks, stride %lld: %s, packet %s B, chi-square/dof %s, max relative error %s\n",
                c.pattern.c_str(), c.ranks, static_cast<long long>(c.strideElements),
                counted(static_cast<long long>(c.segments.size()), "segment").c_str(),
                formatNumber(c.packetBytes).c_str(), formatNumber(c.chiSquarePerDof).c_str(),
                formatNumber(c.maxRelativeError).c_str());
}

int show(const MachinesOptions& o, const std::string& path)
{
  std::string error, text, origin = "built-in", createdAt;
  std::vector<machine::CommCurve> fits;
  std::optional<machine::StoredRun> run;
  if (const char* json = builtinJson(o.show)) {
    text = json;
  } else {
    auto store = openStore(path, false, o.show);
    if (!store.latestRun(o.show, &run, &error))
      throw Failure{error};
    const auto stored = store.profileJson(o.show, &error);
    if (!stored && run && !run->run.complete) // an interrupted calibration: its points are there, no profile yet
      throw Failure{"Machine '" + o.show + "' has no profile yet: its calibration of " + run->run.startedAt +
                    " was interrupted after " + counted(static_cast<long long>(run->run.points.size()), "raw point") +
                    ", which the store keeps; calibrate again to fit it"};
    text = need(stored, error);
    fits = need(store.fits(o.show, &error), error);
    for (const auto& m : need(store.machines(&error), error))
      if (m.name == o.show)
        std::tie(origin, createdAt) = std::pair{m.origin, m.createdAt};
  }
  const auto profile = machine::profileFromJson(text, &error);
  if (!profile)
    throw Failure{"Machine '" + o.show + "': " + error};
  if (!o.json) {
    showText(*profile, origin, fits, run);
    return 0;
  }
  nlohmann::json j{{"name", profile->name}, {"title", profile->title}, {"origin", origin},
                   {"profile", nlohmann::json::parse(text)}, {"fits", nlohmann::json::array()}};
  if (!createdAt.empty())
    j["created_at"] = createdAt;
  for (const auto& c : fits)
    j["fits"].push_back(curveJson(c));
  j["run"] = run ? runJson(*run) : nlohmann::json(nullptr);
  std::cout << ps::jsonText(j, 2) << "\n";
  return 0;
}

int importProfile(const MachinesOptions& o, const std::string& path)
{
  std::string error;
  const auto text = need(readTextFile(o.importFile, &error), error);
  auto store = openStore(path, true, "");
  const auto before = need(store.machines(&error), error);
  const auto name = store.importProfile(text, &error);
  if (!name)
    throw Failure{o.importFile + ": " + error};
  const bool replaced =
      std::any_of(before.begin(), before.end(), [&](const machine::StoredMachine& m) { return m.name == *name; });
  std::cout << (replaced ? "Replaced" : "Imported") << " machine '" << *name << "' in '" << path << "'\n";
  return 0;
}

int exportProfile(const MachinesOptions& o, const std::string& path)
{
  std::string error, text;
  if (const char* json = builtinJson(o.exportName))
    text = json;
  else
    text = need(openStore(path, false, o.exportName).profileJson(o.exportName, &error), error);
  if (o.output.empty()) {
    std::cout << text << (text.empty() || text.back() != '\n' ? "\n" : "");
    return 0;
  }
  std::ofstream out(o.output, std::ios::binary);
  out << text;
  if (!out.flush())
    throw Failure{"Cannot write '" + o.output + "'"};
  return 0;
}

int removeProfile(const MachinesOptions& o, const std::string& path)
{
  if (builtinJson(o.remove))
    throw Failure{"Machine '" + o.remove + "' is a built-in profile and cannot be removed"};
  std::string error;
  if (!openStore(path, false, o.remove).removeMachine(o.remove, &error))
    throw Failure{error};
  std::cout << "Removed machine '" << o.remove << "' from '" << path << "'\n";
  return 0;
}

int run(const MachinesOptions& o)
{
  const auto path = machine::storePath(o.db);
  if (!o.show.empty())
    return show(o, path);
  if (!o.importFile.empty())
    return importProfile(o, path);
  if (!o.exportName.empty())
    return exportProfile(o, path);
  if (!o.remove.empty())
    return removeProfile(o, path);
  return list(o, path);
}

} // namespace

CLI::App* addMachinesCommand(CLI::App& app, MachinesOptions& o)
{
  auto* c = app.add_subcommand("machines", "List the machine profiles (built-in and stored); show, import, export "
                                           "or remove one");
  auto* show = c->add_option("--show", o.show, "Show one profile (with its fits and latest calibration run)");
  auto* import = c->add_option("--import", o.importFile, "Store a profile from a JSON file (replaces one of its name)");
  auto* exportName = c->add_option("--export", o.exportName, "Print a profile's JSON (or write it with -o)");
  auto* remove = c->add_option("--remove", o.remove, "Remove a stored profile and its calibration runs");
  c->add_option("-o,--output", o.output, "With --export: write the JSON to this file")->needs(exportName);
  show->excludes(import)->excludes(exportName)->excludes(remove);
  import->excludes(exportName)->excludes(remove);
  exportName->excludes(remove);
  c->add_option("--db", o.db, "The profile store (default: $PARTSCOPE_DB, else the user's data folder)");
  c->add_flag("--json", o.json, "Print JSON (the list, or with --show)");
  return c;
}

int runMachines(const MachinesOptions& options)
{
  try {
    return run(options);
  } catch (const Failure& f) {
    return fail(f.message);
  }
}

} // namespace ps::cli

#include "kept-command.h"

#include "machine/profile-store.h"

#include "source-options.h"
#include "support/json-text.h"

#include <filesystem>
#include <iostream>

namespace ps::cli {
namespace {

std::optional<std::vector<machine::KeptEstimate>> keptIn(const std::string& path, std::string* error)
{
  if (!std::filesystem::exists(path))
    return std::vector<machine::KeptEstimate>{};
  auto store = machine::ProfileStore::open(path, error);
  if (!store)
    return std::nullopt;
  return store->estimates(error);
}

std::string machineOf(const machine::KeptEstimate& k)
{
  const auto j = nlohmann::json::parse(k.json, nullptr, false);
  return j.is_object() && j.contains("machine") && j["machine"].is_string() ? j["machine"].get<std::string>() : "?";
}

} // namespace

bool keepEstimate(const std::string& name, const std::string& programFile, const nlohmann::json& estimate,
                  const std::string& db, std::string* error)
{
  if (name.empty()) {
    *error = "An estimate to keep needs a name (--keep NAME)";
    return false;
  }
  const auto path = machine::storePath(db);
  auto store = machine::ProfileStore::open(path, error);
  if (!store)
    return false;
  std::error_code ec;
  const auto program = std::filesystem::absolute(programFile, ec).string();
  const auto id = store->keepEstimate(name, ec ? programFile : program, ps::jsonText(estimate), error);
  if (!id)
    return false;
  std::cerr << "Kept estimate '" << name << "' as #" << *id << " in '" << path << "'\n";
  return true;
}

CLI::App* addKeptCommand(CLI::App& app, KeptOptions& o)
{
  auto* cmd = app.add_subcommand("kept", "The estimates kept with 'estimate --keep NAME' (in the profile store)");
  cmd->add_flag("--json", o.json, "Print JSON");
  cmd->add_option("--show", o.show, "Print the kept estimate with this id (its 'estimate --json' output)")
      ->check(atLeastOne("an estimate id"));
  cmd->add_option("--db", o.db, "The profile store (default: $PARTSCOPE_DB, else the user's data folder)");
  return cmd;
}

int runKept(const KeptOptions& o)
{
  std::string error;
  const auto path = machine::storePath(o.db);
  const auto kept = keptIn(path, &error);
  if (!kept) {
    std::cerr << "partscope-cli: " << error << "\n";
    return 2;
  }
  if (o.show > 0) {
    for (const auto& k : *kept)
      if (k.id == o.show) {
        const auto json = nlohmann::json::parse(k.json, nullptr, false); // a damaged row must not abort
        if (json.is_discarded()) {
          std::cerr << "partscope-cli: Kept estimate #" << k.id << " in '" << path << "' is not valid JSON\n";
          return 2;
        }
        std::cout << ps::jsonText(json, 2) << "\n";
        return 0;
      }
    std::cerr << "partscope-cli: No kept estimate #" << o.show << " in '" << path << "'; 'partscope-cli kept' lists them\n";
    return 2;
  }
  if (o.json) {
    auto out = nlohmann::json::array();
    for (const auto& k : *kept)
      out.push_back({{"id", k.id}, {"name", k.name}, {"program", k.programPath}, {"machine", machineOf(k)},
                     {"created_at", k.createdAt}});
    std::cout << ps::jsonText(out, 2) << "\n";
    return 0;
  }
  std::cout << "Kept estimates (" << path << "):" << (kept->empty() ? " none" : "") << "\n";
  for (const auto& k : *kept)
    std::cout << "#" << k.id << "  " << k.createdAt << "  " << k.name << "  " << k.programPath << "  machine "
              << machineOf(k) << "\n";
  return 0;
}

} // namespace ps::cli

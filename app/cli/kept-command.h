#pragma once
// Estimates a user chose to keep (`estimate --keep NAME`) in the profile
// store, beside the machine profiles they were made with, and
// `partscope-cli kept` that lists and shows them.

#include <CLI/CLI.hpp>

#include <nlohmann/json.hpp>

#include <string>

namespace ps::cli {

/// Stores `estimate` (the JSON `estimate --json` prints) of `programFile` as
/// `name` in the store at `db` (default path when empty); prints "Kept
/// estimate 'NAME' as #ID in 'DB'" on stderr. False with a one-sentence
/// `error` when the name is empty or the store cannot be used.
bool keepEstimate(const std::string& name, const std::string& programFile, const nlohmann::json& estimate,
                  const std::string& db, std::string* error);

struct KeptOptions {
  bool json = false;
  std::int64_t show = 0; // --show ID
  std::string db;
};

/// Adds `kept [--db FILE] [--json] [--show ID]` to `app`.
CLI::App* addKeptCommand(CLI::App& app, KeptOptions& options);

/// Lists the kept estimates (id, date, name, program, machine), or prints
/// one's JSON with --show: 0, or 2 for an unknown id or a store that cannot
/// be used. A store that does not exist has none (and is not created).
int runKept(const KeptOptions& options);

} // namespace ps::cli

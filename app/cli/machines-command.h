#pragma once
// `partscope-cli machines`: the built-in machine profiles and those of the
// profile store (list, show, import, export, remove).

#include <CLI/CLI.hpp>

#include <string>

namespace ps::cli {

struct MachinesOptions {
  bool json = false;
  std::string show, importFile, exportName, output, remove;
  std::string db; // --db FILE: the profile store (default: machine::defaultStorePath())
};

/// Adds the subcommand and its options to `app`.
CLI::App* addMachinesCommand(CLI::App& app, MachinesOptions& options);

/// Runs it: 0 on success, 2 for a bad option, an unknown machine, a bad
/// profile file or a profile store that cannot be used.
int runMachines(const MachinesOptions& options);

} // namespace ps::cli

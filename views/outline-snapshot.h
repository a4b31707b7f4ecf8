#pragma once
// The GUI's copy of a program's outline (units, arrays, loop nests,
// diagnostics, HPF directive mapping), read from the JSON of
// program::outlineJson so the GUI thread never touches the program model.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ps::views {

struct DiagnosticInfo {
  int line = 0, column = 0, endLine = 0, endColumn = 0; // 1-based, as partscope-cli prints them
  std::string severity;                                 // "error", "warning", "note"
  std::string message;
};

struct LoopInfo {
  int line = 0, endLine = 0, depth = 0;
  std::string header;               // "DO j = 2, n - 1"
  std::vector<std::string> arrays;  // arrays the nest references
  std::vector<std::string> unknowns; // the unit's unknowns the nest needs
  std::map<std::string, std::string> directiveFormats; // in force at the DO when the unit has REDISTRIBUTE
                                                       // or REALIGN; empty: the unit's directiveFormats
};

struct UnitInfo {
  std::string kind, name;
  int line = 0, endLine = 0;
  std::vector<std::string> unknowns;                         // need a value
  std::vector<std::pair<std::string, std::int64_t>> parameters; // integer PARAMETERs and their values
  std::map<std::string, std::string> extents;                // array -> "n,n"
  std::vector<LoopInfo> loops;                               // in source order
  std::map<std::string, std::string> directiveFormats;       // array -> "(BLOCK,BLOCK)" from DISTRIBUTE
  std::string directiveProcessors;                           // "4x4", or "" without directives
};

struct OutlineSnapshot {
  std::string form;
  std::vector<DiagnosticInfo> diagnostics;
  std::vector<UnitInfo> units;

  static OutlineSnapshot fromJson(const nlohmann::json& outline);

  const UnitInfo* unitAt(int line) const;
  /// The loop whose DO statement is on `line`, or nullptr.
  const LoopInfo* loopOnLine(int line) const;
  /// The loop of nesting depth `depth` (0 = outermost) that encloses `line`;
  /// nullptr when `line` is not inside such a loop.
  const LoopInfo* enclosingLoop(int line, int depth = 0) const;
};

} // namespace ps::views

#pragma once
// The outline of a parsed program: units, their arrays and their loop nests
// with lines, and the diagnostics. Shown by `partscope-cli parse` and the
// GUI's Outline dock.

#include "program/model.h"

#include <nlohmann/json.hpp>

namespace ps::program {

/// {"file", "form", "diagnostics": [{"line","column","end_line","end_column",
///  "severity","message","text"}], "units": [{"kind","name","line","end_line",
///  "unknowns", "parameters": [{"name","value"}] (integer PARAMETERs),
///  "arrays": [{"name","type","element_bytes","extents"}],
///  "loops": [{"line","end_line","depth","variable","lower","upper","step",
///  "while","independent","header","arrays","unknowns"}]}]} where "header" reads
///  "DO i = 1, n", a loop's "arrays" are the
///  arrays its nest references and its "unknowns" those of the unit's
///  unknowns that estimating the nest needs.
nlohmann::json outlineJson(const fortran::ParsedFile& parsed, const ProgramModel& model);

/// Diagnostics (file:line:column: severity: message) then an indented outline;
/// "no program units" for a file without any (empty, or only comments).
std::string outlineText(const fortran::ParsedFile& parsed, const ProgramModel& model);

/// Parser and model diagnostics together, in source order.
std::vector<fortran::Diagnostic> allDiagnostics(const fortran::ParsedFile& parsed, const ProgramModel& model);

/// What an estimate is of: `loopLine` (a DO's line), `unit` (a unit's
/// name, any case) or, when both are empty, the whole program.
struct SelectionScope {
  int loopLine = 0;
  std::string unit;
};

/// The warnings of allDiagnostics that bear on an estimate of `scope`: those
/// on its lines and, for a loop, those of its unit's specification part
/// (declarations and directives: a DISTRIBUTE ONTO no PROCESSORS, a kind
/// counted as the default one). Most say how the estimate reads what it
/// warns of ("estimates ignore the jump"), which a user reading only the
/// numbers would not otherwise learn. A message that repeats is given once,
/// with `repeats` the lines of the others (in source order, parallel to the
/// result). Empty when the scope names no loop or unit of the model.
std::vector<fortran::Diagnostic> warningsInScope(const fortran::ParsedFile& parsed, const ProgramModel& model,
                                                 const SelectionScope& scope,
                                                 std::vector<std::vector<int>>* repeats = nullptr);

} // namespace ps::program

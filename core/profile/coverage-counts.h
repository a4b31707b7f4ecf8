#pragma once
// Measured line counts of one profile run (gcov's JSON intermediate format)
// and how they replace the default branch probabilities of the program model.
// Source: P3T+, Section 3.1, frequencies and branch probabilities from a
// profile run.

#include "program/model.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ps::profile {

/// What gcov measured for one source line.
struct LineCount {
  int line = 0;
  std::int64_t count = 0;             // executions of the line, as gcov counts them
  // The line's first branch point (an IF test, a DO test): the fall-through
  // arc (the THEN side of an IF, the body of a DO) and both arcs together
  // (evaluations of the test). Exact where `count` is not: gcov puts a DO
  // loop's latch on the body's last line, whose count is then one too high.
  std::optional<std::int64_t> taken;
  std::optional<std::int64_t> evaluations;
  // The line's second branch point, the same two counts: a bottom-tested
  // DO whose body ends in an IF has its latch there, after the head's
  // zero-trip test (DO I = 1 + MOD(J,2), N, 2 around `IF (...) S = 0`).
  std::optional<std::int64_t> secondTaken;
  std::optional<std::int64_t> secondEvaluations;
};

/// The counts of one source file, by line.
struct CoverageCounts {
  std::string file; // the source file's name as profiled (no folder)
  std::map<int, LineCount> lines;

  /// The count of `line`, or nullptr when gcov reported none (comments, declarations).
  const LineCount* at(int line) const;
};

/// Counts or a sentence saying why there are none.
struct CountsResult {
  std::optional<CoverageCounts> counts;
  std::string error;
};

/// Reads the output of `gcov --branch-probabilities --json-format --stdout`
/// and keeps the lines of the file named `sourceName` (compared without
/// folders). Several entries for one line (two functions on an END line)
/// keep the largest count. Errors: not JSON, or no such file in the output.
CountsResult countsFromGcov(const std::string& gcovJson, const std::string& sourceName);

/// Reads counts written by `toJson` (the `"lines"` array of
/// `partscope-cli profile --json`). Errors: missing or ill-typed fields.
CountsResult countsFromJson(const nlohmann::json& j);

/// Reads a counts file written by `partscope-cli profile --json`.
/// Errors: unreadable file, not JSON, or `countsFromJson`'s.
CountsResult readCounts(const std::string& path);

/// One statement of the model with its measured count and, inside an IF
/// branch, the measured probability that the branch is taken.
struct StatementProfile {
  std::string unit;
  int line = 0;
  std::optional<std::int64_t> executions;
  int branchLine = 0;                  // the enclosing IF, 0 outside IF
  std::optional<double> branchProbability; // count(line) / count(IF line), in [0, 1]
  double probability = 1.0;            // the model's probability after applying the counts
};

/// Applies `counts` to every unit of `model`: each statement gets its
/// measured `executions` (at a loop's body level at most the loop's measured
/// iterations); a statement inside an IF branch at the IF's loop level gets
/// probability = count(statement) / count(enclosing IF test),
/// times the probability of the IF test itself (1 when the IF sits directly
/// in the loop body), and `probabilityMeasured`. A logical IF's action shares
/// the IF's line, so its branch probability is the THEN arc's share of the
/// line. A statement of a DO loop inside an IF branch gets the share of the
/// IF's evaluations that entered the loop (the model weights the whole loop
/// by the branch). A DO WHILE gets the share from its entries. IFs never executed
/// keep their default. A DO WHILE (or DO without control) gets its
/// measured iterations per entry (Loop::measuredTrips: iterations over the
/// exits by its test and its EXITs, rounded; 0 when never entered) as its
/// upper bound in place of its unknown, unless `given` (the user's values)
/// has that unknown. Returns one row per statement (IF tests included), in
/// source order. Source: P3T+, Section 3.1, frequencies and branch
/// probabilities from a profile run.
std::vector<StatementProfile> applyCounts(program::ProgramModel& model, const CoverageCounts& counts,
                                          const symbolic::Bindings& given = {});

/// The lines whose probability was measured, ascending, without repeats.
std::vector<int> measuredLines(const program::Unit& unit);

/// Counts and statement rows as JSON: {"file", "lines": [{"line", "count",
/// "taken"?, "evaluations"?}], "statements": [{"unit", "line", "count"?, "branch_line"?,
/// "branch_probability"?, "probability"}]}. Counts are executions in the
/// whole run; probabilities are in [0, 1]. `countsFromJson` reads it back.
nlohmann::json toJson(const CoverageCounts& counts, const std::vector<StatementProfile>& rows);

/// A text table: line, count, branch probability (blank when not in a branch).
std::string toText(const CoverageCounts& counts, const std::vector<StatementProfile>& rows);

} // namespace ps::profile

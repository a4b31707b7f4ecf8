#pragma once
// Compares distribution variants of one loop nest over processor counts:
// the work behind `partscope-cli estimate` and the GUI's Estimate button.

#include "estimate/estimator.h"
#include "mapping/dist-spec.h"
#include "program/model.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ps::estimate {

struct VariantRequest {
  std::string name;                   // "A", "B", ...
  std::optional<mapping::DistSpec> spec; // nullopt: the program's HPF directives
};

struct VariantResult {
  std::string name;
  std::string spec;                    // as given, or "HPF directives"
  std::string mapping;                 // Mapping::str() at the first point
  std::vector<Estimate> points;        // one per processors arrangement
  /// With ComparisonRequest::skipUnfitArrangements: the processor counts
  /// left out, each with why its mapping could not be built.
  std::vector<std::pair<std::int64_t, std::string>> skipped = {};
};

struct ComparisonRequest {
  int loopLine = 0;                    // line of the DO statement (0 with unitName or program)
  std::vector<VariantRequest> variants;
  std::vector<mapping::ProcessorsArrangement> procs; // empty: the directives' arrangement
  symbolic::Bindings values;           // values of unknowns given by the user
  EstimateOptions options;
  std::string unitName;                // estimate this unit instead of a loop (unit-estimator.h)
  bool program = false;                // estimate the main PROGRAM unit instead of a loop
  /// An arrangement on which a variant's mapping cannot be built (BLOCK(64)
  /// of 512 elements on fewer than 8 processors; for a unit, any error
  /// other than a missing value) is left out, in VariantResult::skipped,
  /// instead of ending the variant with an error: a sweep over P draws the
  /// counts that fit.
  bool skipUnfitArrangements = false;
  /// Called after each estimated point with the variant's points so far (a
  /// sweep that shows its curve as it grows); may be empty.
  std::function<void(const VariantResult&)> onPoint;
};

/// What was estimated: one loop nest, one unit, or the whole program.
enum class EstimateScope { Loop, Unit, Program };

/// An unknown the estimate needs, and where the program sets it when the
/// analyser could not follow that (program::UnknownOrigin).
struct MissingValue {
  std::string name;
  std::string unit;   // the unit whose unknown it is
  int line = 0;       // the line that sets it; 0 when the program does not set it
  std::string reason; // "set by READ at line 6"; empty when the program does not set it
};

struct ComparisonResult {
  EstimateScope scope = EstimateScope::Loop;
  const program::Unit* unit = nullptr;
  const program::Loop* loop = nullptr; // Loop scope only
  symbolic::Bindings values;           // the values used
  std::vector<VariantResult> variants;
  std::vector<std::string> errors;     // fatal: nothing was estimated
  std::vector<std::string> missing;    // unknowns whose values are needed, all in one answer
  std::vector<MissingValue> missingDetails; // one per `missing`, same order
};

/// Runs every variant at every arrangement. Errors (no loop on that line,
/// missing values, a spec naming unknown arrays) are sentences for the user.
/// When values are missing, `missing` names every unknown the nest's bounds
/// and subscripts need, not only those the estimate met before stopping.
/// With `request.unitName` or `request.program`, estimates a whole unit
/// (compareUnit in unit-estimator.h).
ComparisonResult compare(const program::ProgramModel& model, const ComparisonRequest& request,
                         const machine::MachineProfile& machine);

/// One sentence per name in `values` that no unit declares or uses (as a
/// symbol, unknown or loop variable): `--set zz=5` is a typo, not a no-op.
/// Also one per DO WHILE iterations unknown given a negative value. Empty
/// when every value names something it can be.
std::vector<std::string> unusedValues(const program::ProgramModel& model, const symbolic::Bindings& values);

/// One sentence per name in `values` that the program has but an estimate
/// never reads: a REAL, LOGICAL or array symbol (`--set tol=3` for a REAL
/// PARAMETER). The estimate goes on; the CLI prints them as warnings.
std::vector<std::string> ignoredValues(const program::ProgramModel& model, const symbolic::Bindings& values);

/// One sentence per name in `values` that is the variable of a DO in the
/// nest at `loopLine` (its own or an inner one): the estimate counts that
/// loop's iterations, so the value is not read (`--set k=3` for the DO K
/// selected); and one per name a statement of the nest assigns (K =
/// 2**(L-1) in the DO L selected): the value is used for every iteration.
/// Empty where no DO starts on `loopLine`.
std::vector<std::string> nestVariableValues(const program::ProgramModel& model, int loopLine,
                                            const symbolic::Bindings& values);

} // namespace ps::estimate

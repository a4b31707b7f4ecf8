#pragma once
// Reports of a scalability study: JSON (the stable interface of
// `partscope-cli scale --json`, the IDE and tests) and text tables laid out
// like the papers' (upper-triangular psi tables with n' and the predicted
// time under each cell). Units: seconds, work units as the model gives them,
// average speed in work units per second.

#include "scaling/scale-study.h"

#include <nlohmann/json.hpp>

#include <string>

namespace ps::scaling {

/// {"machine", "initial": {"p", "n"}, "variants": [{"name", "mapping",
///  "time_s", "work", "avg_speed", "delta_s", "psi": [{"p", "p_prime", "n",
///  "psi", "w_prime", "n_prime", "n_prime_real", "time_s", "iterations",
///  "w_prime_iterative", "iterative_error", "error"}], "measured": [{"p",
///  "n", "time_s", "work", "avg_speed"}], "measured_psi": [{"p_prime",
///  "n_prime", "predicted", "measured", "diff_percent"}], "error"}],
///  "comparison": (the first pair, as in "comparisons"), "comparisons":
///  [{"a", "b", "alpha", "slower", "faster", "ratios": [{"p_prime", "ratio",
///  "crossing"}], "scaled_crossing_point" (null: none), "superior_ranges":
///  [{"variant", "from", "to"}], "decision", "theorem",
///  "execution_time_test": {"scaled_crossing_point" (Theorem 3),
///  "equal_work_crossing_point" (Fig. 2 as printed), "points": [{"p_prime",
///  "slower_at_own_s", "faster_at_slower_work_s", "slower_at_faster_work_s",
///  "faster_at_own_s"}]}, "equal_size": [{"p",
///  "n_cross", "faster_below", "faster_above"}], "equal_size_scans": [{"p",
///  "n_from", "n_to", "crossings", "note"}], "equal_size_p": [{"n", "p_cross",
///  "p_before", "faster_below", "faster_above"}], "equal_size_p_note"}],
///  "equal_size": (the first pair's), "errors"}
nlohmann::json toJson(const ScaleResult& result, const std::string& machine);

/// The same as text tables.
std::string toText(const ScaleResult& result, const std::string& machine);

} // namespace ps::scaling

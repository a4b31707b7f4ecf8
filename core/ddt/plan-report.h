#pragma once
// Reports of a distribution plan: JSON (the stable interface of
// `partscope-cli distribute --json`, the IDE and tests) and text laid out
// like the paper's Table 2 and Sec. 2.1 totals. Seconds and bytes.

#include "ddt/plan.h"

#include <nlohmann/json.hpp>

#include <string>

namespace ps::ddt {

/// {"unit", "processors", "machine", "max_distributed_dims",
///  "phases": [{"id", "lines": [first, last], "frequency", "sequential_s",
///   "time_source", "parallel_loops", "alignment": {array: {"axes", "offsets"}},
///   "candidates": [{"mapping", "grid", "movement_s", "computation_s",
///   "parallel", "parallelism"}]}],
///  "static": [{"mapping", "movement_s", "computation_s", "total_s"}],
///  "dynamic": {"searched" (false with --static-only, then nothing else), "total_s", "computation_s", "movement_s", "remapping_s",
///   "cheaper_than_static", "mappings": [{"phase", "mapping"}],
///   "remaps": [{"before_phase", "line", "arrays", "from", "to", "bytes",
///   "count", "cost_s", "realign"}]},
///  "chosen": "static" | "dynamic", "chosen_total_s",
///  "regions": [{"lines", "iterations", "phases", "static", "dynamic", "chosen"}],
///  "search": {"nodes", "pruned", "cancelled"}, "notes", "hpf"}
/// `hpf` is the directive text (plan HPF, see hpf-directives.h); pass "" to omit.
nlohmann::json planToJson(const Plan& plan, const std::string& hpf);

/// Phases with their candidates (Table 2 style), static and dynamic totals,
/// remappings and the decision, for the unit and each iterative loop.
std::string planToText(const Plan& plan);

} // namespace ps::ddt

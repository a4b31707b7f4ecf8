#pragma once
// Reports of a comparison: JSON (the stable interface of partscope-cli
// --json, the GUI and tests) and a human-readable table.

#include "estimate/comparison.h"

#include <nlohmann/json.hpp>

#include <string>

namespace ps::estimate {

/// {"file", "loop": {"line", "variables"}, "machine", "values",
///  (a unit estimate: "unit": {"name", "line", "end_line", "kind"} or
///  "program": {...} instead of "loop", and per point "parts": [{"kind":
///  "loop"|"statements"|"call", "line", "callee" (calls), "frequency",
///  "time_s", "ct_s", "tt_s", "nt", "td_bytes"}]),
///  "variants": [{"name", "spec", "mapping", "points": [{"P", "arrangement",
///  "params", "work_per_proc", "work_max", "work_min", "wd", "nt",
///  "nt_max_per_proc", "nt_per_proc", "td_bytes", "tt_s", "ct_s", "time_s",
///  "cm" (P3T+ Def. 3.10: mean over processors of the cache lines loaded),
///  "cm_per_proc", "cm_max", "statements": [{"line", "work_max",
///  "work_total", "instances", "wd", "cm"}] (work in instances on the busiest processor
///  and over all processors; "instances" those of the sequential program, which a
///  replicated statement's total counts P times), "comm": [{"array", "reference", "pattern", "line", "placement",
///  "instances", "messages", "bytes", "time_s"}], "notes"}]}]}.
/// Times in seconds, data in bytes, work in statement instances.
nlohmann::json toJson(const ComparisonResult& result, const std::string& file, const machine::MachineProfile& machine);

/// A table per variant (time, CT, TT, comm %, wd, NT, TD, work, CM) plus the
/// communication records at the largest P and the notes; for a unit also its
/// parts at the largest P.
std::string toText(const ComparisonResult& result, const std::string& file, const machine::MachineProfile& machine);

} // namespace ps::estimate

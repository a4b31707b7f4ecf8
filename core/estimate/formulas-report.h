#pragma once
// The closed forms behind an estimate, for `partscope-cli estimate
// --formulas` and the IDE's Formulas view: per statement work(k) and W(S)
// as piecewise polynomials in the unknowns and each processor's LB/UB, and
// CT(k) as their weighted sum. Source: P3T+, Section 3.1 (Eqs. 2 and 4),
// Def. 3.2 (wd over work(k)), Defs. 3.7-3.8 (ct as sum of statement costs).

#include "estimate/estimator.h"

#include <nlohmann/json.hpp>

#include <string>

namespace ps::estimate {

/// {"statements": [{"line", "closed_form", "why", "work": {"text", "latex"},
///  "total": {"text", "latex"}, "ownership", "cost_s", "probability"}],
///  "ct": {"text", "latex"}, "nt"/"td": [{"record", "closed_form", "why" |
///  "per_processor": {"text", "latex"}, "total": {...}, "where"}],
///  "tt": [{"record", "closed_form", "why" | "expression": {...}}],
///  "evaluated_per_point"} of the estimate's statements and communication
/// records (seconds; counts in statement instances; NT in messages, TD in
/// bytes). Source: P3T+ Defs. 3.4-3.5 for nt, td and tt.
nlohmann::json formulasJson(const Estimate& e);

/// The same as readable text (`latex`: LaTeX instead of plain formulas).
std::string formulasText(const Estimate& e, bool latex);

} // namespace ps::estimate

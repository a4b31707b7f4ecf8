#pragma once
// The short per-statement summary the source editor shows under each
// statement of the selected nest after an estimate: its work share, its
// messages and bytes and its cache misses, for the first variant at its
// largest processors count. Built from the estimate JSON (estimate::toJson
// layout), so the editor, the CLI and the tests read the same numbers.
// Source: P3T+ Defs. 3.1 (work), 3.4-3.5 (NT, TD), 3.10 (CM).

#include <nlohmann/json.hpp>

#include <QString>

#include <map>

namespace ps::views {

/// One line of text per statement line (1-based), e.g.
/// "work 6.3% · 2 msg · 1.0 KB · CM 128": the busiest processor's share of
/// the statement's instances (1/P is perfect balance), the messages and
/// bytes of the communication records with that line (left out when there
/// are none) and the statement's cache misses (mean over processors,
/// rounded). Uses variants[0] and its point with the largest P; empty when
/// the JSON has no point.
std::map<int, QString> statementAnnotations(const nlohmann::json& estimate);

/// "512 B", "1.0 KiB", "2.50 MiB", "109.14 TiB" (binary prefixes, named as
/// IEC 80000-13 names them, as the CLI's "TD KiB"); beyond 1024 EiB in EiB
/// with an exponent.
QString shortBytes(double bytes);

/// A count with its digits in groups of three, set apart by narrow
/// no-break spaces (SI: 25 000 000 000 000), not a locale's comma or
/// point, which other locales read as a decimal separator.
QString groupedCount(long long count);

} // namespace ps::views

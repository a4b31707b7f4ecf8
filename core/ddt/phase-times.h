#pragma once
// The sequential phase times a user gives (DDT takes them from a profile
// of the sequential run, Sec. 2): a JSON file {"LINE": seconds, ...} or
// [{"line": L, "seconds": s}, ...], LINE any line of the phase.

#include <map>
#include <optional>
#include <string>

namespace ps::ddt {

/// Line -> seconds; nullopt with `error` set to a sentence naming the file
/// and the entry ("'t.json': the time of line 35 is not a number of seconds").
std::optional<std::map<int, double>> readPhaseTimes(const std::string& path, std::string* error);

} // namespace ps::ddt

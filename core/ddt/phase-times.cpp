#include "ddt/phase-times.h"

#include "support/json-text.h"
#include "support/text.h"

#include <nlohmann/json.hpp>

namespace ps::ddt {
namespace {

/// Adds one entry; false with `error` when it is not a line and a time.
bool addEntry(const std::string& path, const std::string& key, const nlohmann::json& v, std::map<int, double>& out,
              std::string* error)
{
  std::size_t used = 0;
  int line = 0;
  try {
    line = std::stoi(key, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used == 0 || used != key.size() || line < 1) {
    *error = "'" + path + "': '" + key + "' is not a line number";
    return false;
  }
  if (!v.is_number() || !(v.get<double>() >= 0)) {
    *error = "'" + path + "': the time of line " + key + " is not a number of seconds (at least 0)";
    return false;
  }
  out[line] = v.get<double>();
  return true;
}

} // namespace

std::optional<std::map<int, double>> readPhaseTimes(const std::string& path, std::string* error)
{
  auto text = readTextFile(path, error);
  if (!text)
    return std::nullopt;
  const auto j = nlohmann::json::parse(*text, nullptr, false);
  std::map<int, double> out;
  if (j.is_discarded()) {
    *error = "'" + path + "' is not JSON";
    return std::nullopt;
  }
  if (j.is_object()) {
    for (const auto& [k, v] : j.items())
      if (!addEntry(path, k, v, out, error))
        return std::nullopt;
    return out;
  }
  if (!j.is_array()) {
    *error = "'" + path + "' should hold {\"LINE\": seconds, ...}";
    return std::nullopt;
  }
  for (const auto& e : j) {
    if (!e.is_object() || !e.contains("line") || !e.contains("seconds")) {
      *error = "Each entry of '" + path + "' needs \"line\" and \"seconds\"";
      return std::nullopt;
    }
    if (!addEntry(path, ps::jsonText(e["line"]), e["seconds"], out, error))
      return std::nullopt;
  }
  return out;
}

} // namespace ps::ddt

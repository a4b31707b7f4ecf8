#include "machine/machine-profile.h"

#include "machine/builtin-machines.h"
#include "support/check.h"
#include "support/text.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>

namespace ps::machine {

double OperationCosts::time(const program::OperationCounts& o) const
{
  return addSub * static_cast<double>(o.addSub) + mul * static_cast<double>(o.mul) +
         div * static_cast<double>(o.div) + pow * static_cast<double>(o.pow) +
         intrinsic * static_cast<double>(o.intrinsic) + load * static_cast<double>(o.load) +
         store * static_cast<double>(o.store);
}

int MachineProfile::hops(std::int64_t a, std::int64_t b, std::int64_t count) const
{
  if (a == b)
    return 0;
  if (topology == "mesh2d" || topology == "torus2d") {
    auto cols = static_cast<std::int64_t>(std::floor(std::sqrt(static_cast<double>(count))));
    while (cols > 1 && count % cols != 0)
      --cols;
    cols = std::max<std::int64_t>(cols, 1);
    auto dx = std::llabs(a % cols - b % cols);
    auto dy = std::llabs(a / cols - b / cols);
    if (topology == "torus2d") {
      dx = std::min(dx, cols - dx);
      dy = std::min(dy, count / cols - dy);
    }
    return static_cast<int>(dx + dy);
  }
  if (topology == "hypercube")
    return __builtin_popcountll(static_cast<unsigned long long>(a ^ b));
  return 1;
}

namespace {

/// The cache fields of Sec. 3.4's parameter; a profile written before they
/// existed gets a typical L1 data cache and says so.
bool readCache(const nlohmann::json& j, MachineProfile& p, std::string* error)
{
  if (!j.contains("cache_line_bytes") || !j.contains("cache_bytes"))
    p.assumptions.push_back("Cache not given: assumed " + std::to_string(p.cacheLineBytes) + "-byte lines and " +
                            std::to_string(p.cacheBytes / 1024) + " KB per processor");
  p.cacheLineBytes = j.value("cache_line_bytes", p.cacheLineBytes);
  p.cacheBytes = j.value("cache_bytes", p.cacheBytes);
  for (const auto& [field, value] : {std::pair{"cache_line_bytes", p.cacheLineBytes}, {"cache_bytes", p.cacheBytes}}) {
    if (value <= 0) {
      *error = std::string("Machine profile field '") + field + "' must be greater than 0";
      return false;
    }
  }
  if (p.cacheLineBytes > p.cacheBytes) {
    *error = "Machine profile field 'cache_line_bytes' must not exceed 'cache_bytes'";
    return false;
  }
  return true;
}

} // namespace

std::optional<MachineProfile> profileFromJson(const std::string& text, std::string* error)
{
  auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    *error = "Machine profile is not a JSON object";
    return std::nullopt;
  }
  try {
    MachineProfile p;
    p.name = j.at("name").get<std::string>();
    p.title = j.value("title", p.name);
    p.source = j.value("source", "");
    p.startup = j.at("startup_s").get<double>();
    p.byteTime = j.at("byte_time_s").get<double>();
    p.hopTime = j.value("hop_time_s", 0.0);
    p.topology = j.value("topology", "crossbar");
    p.defaultProcessors = j.value("default_processors", 0);
    const auto& ops = j.at("op_costs_s");
    p.ops = {ops.at("add_sub").get<double>(), ops.at("mul").get<double>(), ops.at("div").get<double>(),
             ops.at("pow").get<double>(), ops.at("intrinsic").get<double>(), ops.at("load").get<double>(),
             ops.at("store").get<double>()};
    p.assumptions = j.value("assumptions", std::vector<std::string>{});
    if (!readCache(j, p, error))
      return std::nullopt;
    return p;
  } catch (const nlohmann::json::exception& e) {
    *error = std::string("Machine profile is missing a field or has a wrong type: ") + e.what();
    return std::nullopt;
  }
}

const std::vector<MachineProfile>& builtinProfiles()
{
  static const std::vector<MachineProfile> profiles = [] {
    std::vector<MachineProfile> out;
    for (const auto& t : builtinMachineTexts()) {
      std::string error;
      auto p = profileFromJson(t.json, &error);
      PS_CHECK(p.has_value()); // built-in data is checked by the tests
      out.push_back(*p);
    }
    return out;
  }();
  return profiles;
}

std::optional<MachineProfile> findProfile(const std::string& nameOrPath, std::string* error)
{
  for (const auto& p : builtinProfiles()) {
    if (p.name == nameOrPath)
      return p;
  }
  if (nameOrPath.find('/') == std::string::npos && nameOrPath.find(".json") == std::string::npos) {
    std::string names;
    for (const auto& p : builtinProfiles())
      names += (names.empty() ? "" : ", ") + p.name;
    *error = "Unknown machine '" + nameOrPath + "'; built-in profiles are " + names + ", or give a JSON file";
    return std::nullopt;
  }
  auto text = readTextFile(nameOrPath, error);
  if (!text)
    return std::nullopt;
  auto p = profileFromJson(*text, error);
  if (!p)
    *error = nameOrPath + ": " + *error;
  return p;
}

} // namespace ps::machine

#include "machine/machine-profile.h"

#include "machine/builtin-machines.h"
#include "support/check.h"
#include "support/json-text.h"
#include "support/text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iterator>

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
  return HopCounter(*this, count)(a, b);
}

namespace {

constexpr std::int64_t kMaxGridTable = std::int64_t{1} << 20;

/// The grid of the last shape asked for on this thread: a sweep builds its
/// counters at one processor count many times, the table once.
std::shared_ptr<const HopCounter::Grid> gridOf(std::int64_t count, std::int64_t cols)
{
  thread_local std::shared_ptr<const HopCounter::Grid> last;
  thread_local std::int64_t lastCount = 0, lastCols = 0;
  if (count > kMaxGridTable)
    return nullptr;
  if (!last || lastCount != count || lastCols != cols) {
    auto grid = std::make_shared<HopCounter::Grid>();
    for (std::int64_t p = 0; p < count; ++p) {
      grid->col.push_back(static_cast<std::int32_t>(p % cols));
      grid->row.push_back(static_cast<std::int32_t>(p / cols));
    }
    last = std::move(grid);
    lastCount = count;
    lastCols = cols;
  }
  return last;
}

} // namespace

HopCounter::HopCounter(const MachineProfile& machine, std::int64_t count) : m_count(count)
{
  const auto& t = machine.topology;
  m_kind = t == "mesh2d" ? Kind::Mesh : t == "torus2d" ? Kind::Torus : t == "hypercube" ? Kind::Hypercube
         : t == "fattree" ? Kind::FatTree : Kind::Other;
  if (m_kind == Kind::Mesh || m_kind == Kind::Torus) { // as square as possible
    auto cols = static_cast<std::int64_t>(std::floor(std::sqrt(static_cast<double>(count))));
    while (cols > 1 && count % cols != 0)
      --cols;
    m_cols = std::max<std::int64_t>(cols, 1);
    m_grid = gridOf(count, m_cols);
  }
}

const CommCurve* MachineProfile::curveFor(const std::string& pattern, std::int64_t processors) const
{
  const auto pick = [&](const char* trained) -> const CommCurve* {
    const CommCurve *below = nullptr, *smallest = nullptr;
    for (const auto& c : curves) {
      if (c.pattern != trained || c.strideElements != 1)
        continue;
      if (c.ranks <= processors && (!below || c.ranks > below->ranks))
        below = &c;
      if (!smallest || c.ranks < smallest->ranks)
        smallest = &c;
    }
    return below ? below : smallest;
  };
  if (curves.empty())
    return nullptr;
  if (pattern == "shift") {
    const auto* exchange = pick("EXCH");
    return exchange ? exchange : pick("vSR");
  }
  if (pattern == "broadcast")
    return pick("BCAST");
  if (pattern == "reduction")
    return pick("COMBN");
  return pattern == "copy" ? pick("pingpong") : nullptr;
}

double MachineProfile::transferTime(const std::string& pattern, double bytes, int hops, std::int64_t processors) const
{
  const auto* curve = curveFor(pattern, processors);
  return curve ? curve->seconds(bytes) : messageTime(bytes, hops);
}

double MachineProfile::collectiveTime(const std::string& pattern, double bytes, double steps,
                                      std::int64_t processors) const
{
  const auto* curve = curveFor(pattern, processors);
  return curve ? curve->seconds(bytes) : steps * messageTime(bytes, 1);
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

/// "Machine profile is not valid JSON at line 3, column 14: <the parser's reason>".
std::string syntaxError(const std::string& text, const nlohmann::json::parse_error& e)
{
  const auto end = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(end), '\n');
  const auto lineStart = text.rfind('\n', end > 0 ? end - 1 : 0);
  const auto column = end - (lineStart == std::string::npos || end == 0 ? 0 : lineStart + 1) + 1;
  std::string reason = e.what();
  const auto colon = reason.find(": ", reason.find("column"));
  reason = colon == std::string::npos ? reason : reason.substr(colon + 2);
  return "Machine profile is not valid JSON at line " + std::to_string(line) + ", column " + std::to_string(column) +
         ": " + reason;
}

/// The largest sane value of a field: no machine takes more than a second
/// per operation, byte or hop, or more than 1000 s to start a message (1e308
/// printed times of "inf" and a comm share of "-nan").
double upperBound(const std::string& field)
{
  if (field == "startup_s" || field == "a_s")
    return 1000;
  if (field == "default_processors" || field == "ranks" || field == "stride_elements")
    return 1e9;
  if (field == "from_bytes" || field == "to_bytes" || field == "packet_bytes")
    return 1e18;
  if (field == "chi_square_per_dof" || field == "max_relative_error")
    return 1e300; // any finite value
  return 1;
}

/// The unit of a field's upper bound, for the message.
std::string boundUnit(const std::string& field)
{
  if (field == "default_processors" || field == "ranks")
    return "processors";
  if (field == "stride_elements")
    return "elements";
  if (field == "from_bytes" || field == "to_bytes" || field == "packet_bytes")
    return "bytes";
  if (field == "chi_square_per_dof" || field == "max_relative_error")
    return "a finite number";
  if (field == "startup_s" || field == "a_s")
    return "seconds per message";
  if (field == "byte_time_s" || field == "b_s_per_byte")
    return "second per byte";
  return field == "hop_time_s" ? "second per hop" : "second per operation";
}

/// Reads number `field` of `j` into `value`. Required fields must be present;
/// every value must be a finite number satisfying `rule` (">= 0", "> 0" or
/// ">= 1") and at most upperBound(field).
bool readNumber(const nlohmann::json& j, const char* field, bool required, const std::string& rule, double& value,
                std::string* error, const std::string& prefix = "")
{
  const auto name = prefix + field;
  if (!j.contains(field)) {
    if (required)
      *error = "Machine profile is missing the field '" + name + "'";
    return !required;
  }
  if (!j.at(field).is_number()) {
    *error = "Machine profile field '" + name + "' must be a number";
    return false;
  }
  value = j.at(field).get<double>();
  const double lowest = rule == ">= 1" ? 1 : rule == ">= -1000" ? -1000 : 0;
  if (std::isnan(value) || (rule == "> 0" ? value <= 0 : value < lowest)) {
    *error = "Machine profile field '" + name + "' must be " +
             (rule == "> 0" ? "greater than 0" : "at least " + formatNumber(lowest)) + ", got " + formatNumber(value);
    return false;
  }
  if (const double bound = upperBound(field); !(value <= bound)) { // also inf
    *error = "Machine profile field '" + name + "' must be at most " + formatNumber(bound) + " (" + boundUnit(field) +
             "), got " + formatNumber(value);
    return false;
  }
  return true;
}

/// A whole number >= 1 (processors, ranks, a stride).
bool readWhole(const nlohmann::json& j, const char* field, bool required, double& value, std::string* error,
               const std::string& prefix = "")
{
  if (!readNumber(j, field, required, ">= 1", value, error, prefix))
    return false;
  if (value != std::floor(value)) {
    *error = "Machine profile field '" + prefix + field + "' must be a whole number, got " + formatNumber(value);
    return false;
  }
  return true;
}

/// A misspelled key ("mull", "startupp_s") would silently keep a default or
/// fail as "missing": name it and the keys that are read.
bool onlyKnownKeys(const nlohmann::json& j, std::initializer_list<const char*> known, const std::string& where,
                   std::string* error)
{
  for (const auto& [key, value] : j.items()) {
    if (std::find_if(known.begin(), known.end(), [&](const char* k) { return key == k; }) != known.end())
      continue;
    std::string list;
    for (const char* k : known)
      list += (list.empty() ? "'" : ", '") + std::string(k) + "'";
    *error = "Unknown field '" + key + "' in " + where + "; expected one of " + list;
    return false;
  }
  return true;
}

bool readOperationCosts(const nlohmann::json& j, OperationCosts& ops, std::string* error)
{
  if (!j.contains("op_costs_s") || !j.at("op_costs_s").is_object()) {
    *error = "Machine profile is missing the object 'op_costs_s'";
    return false;
  }
  const auto& o = j.at("op_costs_s");
  if (!onlyKnownKeys(o, {"add_sub", "mul", "div", "pow", "intrinsic", "load", "store"}, "machine profile 'op_costs_s'",
                     error))
    return false;
  const std::pair<const char*, double*> fields[] = {{"add_sub", &ops.addSub}, {"mul", &ops.mul},
                                                    {"div", &ops.div},        {"pow", &ops.pow},
                                                    {"intrinsic", &ops.intrinsic}, {"load", &ops.load},
                                                    {"store", &ops.store}};
  for (const auto& [field, value] : fields)
    if (!readNumber(o, field, true, "> 0", *value, error, "op_costs_s."))
      return false;
  return true;
}

/// The topologies hops() knows (omega: every pair one stage apart).
bool knownTopology(const std::string& topology)
{
  for (const char* t : {"crossbar", "mesh2d", "torus2d", "hypercube", "fattree", "omega"})
    if (topology == t)
      return true;
  return false;
}

/// Segment `where` ("curves[2].segments[0]") of a curve, after `previous`.
bool readSegment(const nlohmann::json& s, const std::string& where, const CurveSegment* previous, CurveSegment& out,
                 std::string* error)
{
  if (!s.is_object()) {
    *error = "Machine profile field '" + where + "' must be an object";
    return false;
  }
  const auto prefix = where + ".";
  if (!onlyKnownKeys(s, {"from_bytes", "to_bytes", "a_s", "b_s_per_byte"}, "machine profile '" + where + "'", error) ||
      !readNumber(s, "from_bytes", true, ">= 0", out.fromBytes, error, prefix) ||
      !readNumber(s, "to_bytes", true, ">= 0", out.toBytes, error, prefix) ||
      !readNumber(s, "a_s", true, ">= -1000", out.a, error, prefix) ||
      !readNumber(s, "b_s_per_byte", true, ">= 0", out.b, error, prefix))
    return false;
  // a steep segment far from 0 bytes may have a negative intercept; only
  // the time over its own range must not be negative
  if (out.a + out.b * out.fromBytes < 0) {
    *error = "Machine profile field '" + where + "' gives a negative time at its 'from_bytes' (a_s + b_s_per_byte * " +
             "from_bytes = " + formatNumber(out.a + out.b * out.fromBytes) + " s)";
    return false;
  }
  if (out.toBytes < out.fromBytes) {
    *error = "Machine profile field '" + prefix + "to_bytes' must not be below its 'from_bytes'";
    return false;
  }
  if (previous && out.fromBytes <= previous->toBytes) {
    *error = "Machine profile field '" + prefix + "from_bytes' must be above the previous segment's 'to_bytes'";
    return false;
  }
  return true;
}

/// The fields of curve `where` ("curves[2]") but its segments.
bool readCurveHeader(const nlohmann::json& c, const std::string& where, CommCurve& out, std::string* error)
{
  const auto prefix = where + ".";
  if (!c.contains("pattern") || !c.at("pattern").is_string() ||
      std::find(std::begin(kTrainingPatterns), std::end(kTrainingPatterns), c.at("pattern").get<std::string>()) ==
          std::end(kTrainingPatterns)) {
    *error = "Machine profile field '" + prefix + "pattern' must be iSR, vSR, EXCH, BCAST, COMBN or pingpong";
    return false;
  }
  out.pattern = c.at("pattern").get<std::string>();
  double ranks = 0, stride = 1;
  if (!readWhole(c, "ranks", true, ranks, error, prefix) || !readWhole(c, "stride_elements", false, stride, error, prefix) ||
      !readNumber(c, "packet_bytes", false, ">= 0", out.packetBytes, error, prefix) ||
      !readNumber(c, "chi_square_per_dof", false, ">= 0", out.chiSquarePerDof, error, prefix) ||
      !readNumber(c, "max_relative_error", false, ">= 0", out.maxRelativeError, error, prefix))
    return false;
  out.ranks = static_cast<int>(ranks);
  out.strideElements = static_cast<std::int64_t>(stride);
  return true;
}

bool readCurve(const nlohmann::json& c, const std::string& where, CommCurve& out, std::string* error)
{
  if (!c.is_object()) {
    *error = "Machine profile field '" + where + "' must be an object";
    return false;
  }
  if (!onlyKnownKeys(c,
                     {"pattern", "ranks", "stride_elements", "packet_bytes", "chi_square_per_dof", "max_relative_error",
                      "segments"},
                     "machine profile '" + where + "'", error) ||
      !readCurveHeader(c, where, out, error))
    return false;
  if (!c.contains("segments") || !c.at("segments").is_array() || c.at("segments").empty()) {
    *error = "Machine profile field '" + where + ".segments' must be a non-empty array";
    return false;
  }
  const auto& segments = c.at("segments");
  for (std::size_t k = 0; k < segments.size(); ++k) {
    CurveSegment s;
    if (!readSegment(segments[k], where + ".segments[" + std::to_string(k) + "]",
                     out.segments.empty() ? nullptr : &out.segments.back(), s, error))
      return false;
    out.segments.push_back(s);
  }
  return true;
}

/// The optional "curves" array: one curve per pattern, ranks and stride.
bool readCurves(const nlohmann::json& j, std::vector<CommCurve>& curves, std::string* error)
{
  if (!j.contains("curves"))
    return true;
  if (!j.at("curves").is_array()) {
    *error = "Machine profile field 'curves' must be an array";
    return false;
  }
  for (std::size_t i = 0; i < j.at("curves").size(); ++i) {
    CommCurve c;
    const auto where = "curves[" + std::to_string(i) + "]";
    if (!readCurve(j.at("curves")[i], where, c, error))
      return false;
    for (const auto& other : curves) {
      if (other.pattern == c.pattern && other.ranks == c.ranks && other.strideElements == c.strideElements) {
        *error = "Machine profile field '" + where + "' repeats the curve of '" + c.pattern + "' on " +
                 std::to_string(c.ranks) + " ranks with stride " + std::to_string(c.strideElements);
        return false;
      }
    }
    curves.push_back(std::move(c));
  }
  return true;
}

/// Every field but the cache's, validated: a profile with a negative cost
/// would predict negative times.
bool readProfile(const nlohmann::json& j, MachineProfile& p, std::string* error)
{
  if (!onlyKnownKeys(j,
                     {"name", "title", "source", "startup_s", "byte_time_s", "hop_time_s", "topology",
                      "default_processors", "cache_line_bytes", "cache_bytes", "op_costs_s", "assumptions", "curves"},
                     "machine profile", error))
    return false;
  if (!j.contains("name") || !j.at("name").is_string() || j.at("name").get<std::string>().empty()) {
    *error = "Machine profile is missing the field 'name' (a non-empty string)";
    return false;
  }
  p.name = j.at("name").get<std::string>();
  p.title = j.value("title", p.name);
  p.source = j.value("source", "");
  if (!readNumber(j, "startup_s", true, ">= 0", p.startup, error) ||
      !readNumber(j, "byte_time_s", true, "> 0", p.byteTime, error) ||
      !readNumber(j, "hop_time_s", false, ">= 0", p.hopTime, error) || !readOperationCosts(j, p.ops, error))
    return false;
  p.topology = j.value("topology", "crossbar");
  if (!knownTopology(p.topology)) {
    *error = "Machine profile field 'topology' must be crossbar, mesh2d, torus2d, hypercube, fattree or omega, got '" +
             p.topology + "'";
    return false;
  }
  double processors = 0; // absent: no preferred count
  if (!readWhole(j, "default_processors", false, processors, error))
    return false;
  p.defaultProcessors = static_cast<int>(processors);
  p.assumptions = j.value("assumptions", std::vector<std::string>{});
  return readCurves(j, p.curves, error);
}

} // namespace

std::optional<MachineProfile> profileFromJson(const std::string& text, std::string* error)
{
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    *error = syntaxError(text, e);
    return std::nullopt;
  }
  if (!j.is_object()) {
    *error = "Machine profile is not a JSON object";
    return std::nullopt;
  }
  try {
    MachineProfile p;
    if (!readProfile(j, p, error) || !readCache(j, p, error))
      return std::nullopt;
    return p;
  } catch (const nlohmann::json::exception&) { // a wrong type inside an array or string field
    *error = "Machine profile has a field of the wrong type ('title', 'source' and 'assumptions' hold text)";
    return std::nullopt;
  }
}

namespace {

nlohmann::ordered_json curveToJson(const CommCurve& c)
{
  nlohmann::ordered_json segments = nlohmann::ordered_json::array();
  for (const auto& s : c.segments)
    segments.push_back({{"from_bytes", s.fromBytes}, {"to_bytes", s.toBytes}, {"a_s", s.a}, {"b_s_per_byte", s.b}});
  return {{"pattern", c.pattern},
          {"ranks", c.ranks},
          {"stride_elements", c.strideElements},
          {"packet_bytes", c.packetBytes},
          {"chi_square_per_dof", c.chiSquarePerDof},
          {"max_relative_error", c.maxRelativeError},
          {"segments", segments}};
}

} // namespace

std::string profileToJson(const MachineProfile& p)
{
  nlohmann::ordered_json j = {{"name", p.name},       {"title", p.title},         {"source", p.source},
                              {"startup_s", p.startup}, {"byte_time_s", p.byteTime}, {"hop_time_s", p.hopTime},
                              {"topology", p.topology}};
  if (p.defaultProcessors > 0)
    j["default_processors"] = p.defaultProcessors;
  j["cache_line_bytes"] = p.cacheLineBytes;
  j["cache_bytes"] = p.cacheBytes;
  j["op_costs_s"] = {{"add_sub", p.ops.addSub}, {"mul", p.ops.mul},   {"div", p.ops.div},
                     {"pow", p.ops.pow},        {"intrinsic", p.ops.intrinsic}, {"load", p.ops.load},
                     {"store", p.ops.store}};
  j["assumptions"] = p.assumptions;
  if (!p.curves.empty()) {
    j["curves"] = nlohmann::ordered_json::array();
    for (const auto& c : p.curves)
      j["curves"].push_back(curveToJson(c));
  }
  return ps::jsonText(j, 2) + "\n";
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

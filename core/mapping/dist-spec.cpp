#include "mapping/dist-spec.h"

#include "support/text.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace ps::mapping {
namespace {

/// Splits at `sep` outside parentheses.
std::vector<std::string> splitTop(const std::string& s, char sep)
{
  std::vector<std::string> parts;
  int depth = 0;
  std::string current;
  for (char c : s) {
    if (c == '(')
      ++depth;
    else if (c == ')')
      --depth;
    if (c == sep && depth == 0) {
      parts.push_back(current);
      current.clear();
    } else {
      current.push_back(c);
    }
  }
  parts.push_back(current);
  return parts;
}

bool isName(const std::string& s)
{
  return !s.empty() && std::isalpha(static_cast<unsigned char>(s[0])) &&
         std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

/// The IDE's spelling of an array left undistributed: "replicated" (also in
/// parentheses).
bool isReplicated(const std::string& formats)
{
  const auto f = toLower(compact(formats));
  return f == "replicated" || f == "(replicated)";
}

/// Why BLOCK(m) or CYCLIC(k) with an integer argument is invalid ("needs a
/// size of at least 1"), or nullopt when it is no such format or is valid.
std::optional<std::string> sizeProblem(const std::string& format)
{
  const auto f = toUpper(compact(format));
  const auto open = f.find('(');
  const auto keyword = f.substr(0, open);
  if (open == std::string::npos || (keyword != "BLOCK" && keyword != "CYCLIC") || f.back() != ')')
    return std::nullopt;
  const auto digits = f.substr(open + 1, f.size() - open - 2);
  const auto first = digits.find_first_not_of('-');
  if (digits.empty() || first == std::string::npos ||
      !std::all_of(digits.begin() + static_cast<std::ptrdiff_t>(first), digits.end(), ::isdigit))
    return std::nullopt;
  if (first > 0 || digits.find_first_not_of('0') == std::string::npos)
    return std::string("needs ") + (keyword == "BLOCK" ? "m" : "k") + " of at least 1";
  if (digits.size() > 12) // 13 digits: 10^12 or more
    return std::string("has ") + (keyword == "BLOCK" ? "m" : "k") + " of 10^12 or more (at most 999999999999)";
  return std::nullopt;
}

/// Each array may appear in one group of a spec only.
bool findDuplicate(const DistSpec& spec, std::string* error)
{
  std::set<std::string> seen;
  for (const auto& g : spec.groups)
    for (const auto& a : g.arrays)
      if (!seen.insert(a).second) {
        *error = "Distribution '" + spec.text + "' names '" + a + "' twice";
        return true;
      }
  return false;
}

std::optional<DistSpecGroup> parseGroup(const std::string& text, const std::string& whole, std::string* error)
{
  const auto eq = text.find('=');
  if (eq != std::string::npos && text.find('=', eq + 1) != std::string::npos) { // u=(BLOCK) v=(BLOCK)
    *error = "Distribution '" + whole + "' has two '=' in one group; separate the groups with ';', e.g. "
             "'u=(BLOCK); v=(CYCLIC)'";
    return std::nullopt;
  }
  if (eq == std::string::npos) {
    *error = "Distribution '" + whole + "' needs the form ARRAYS=(FORMAT,...), e.g. 'x,a=(BLOCK,*)'";
    return std::nullopt;
  }
  DistSpecGroup group;
  for (const auto& name : splitTop(text.substr(0, eq), ',')) {
    const auto n = toLower(trim(name));
    if (!isName(n)) {
      *error = "Distribution '" + whole + "' has an invalid array name '" + trim(name) + "'";
      return std::nullopt;
    }
    group.arrays.push_back(n);
  }
  auto formats = trim(text.substr(eq + 1));
  if (isReplicated(formats)) {
    group.replicated = true;
    return group;
  }
  if (formats.size() < 2 || formats.front() != '(' || formats.back() != ')') {
    *error = "Distribution '" + whole + "' needs its formats in parentheses, e.g. '(BLOCK,*)'";
    return std::nullopt;
  }
  for (const auto& f : splitTop(formats.substr(1, formats.size() - 2), ',')) {
    auto format = parseFormat(f);
    if (!format && sizeProblem(f)) {
      *error = "Distribution format '" + trim(f) + "' in '" + whole + "' " + *sizeProblem(f);
      return std::nullopt;
    }
    if (!format) {
      *error = "Unknown distribution format '" + trim(f) + "' in '" + whole + "'; use BLOCK, BLOCK(m), CYCLIC, CYCLIC(k), * or replicated";
      return std::nullopt;
    }
    group.formats.push_back(*format);
  }
  return group;
}

} // namespace

int DistSpec::distributedRank() const
{
  int rank = 0;
  for (const auto& g : groups)
    rank = std::max(rank, static_cast<int>(std::count_if(g.formats.begin(), g.formats.end(),
                                                         [](const DistributionFormat& f) { return f.distributed(); })));
  return rank;
}

std::optional<DistSpec> parseDistSpec(const std::string& text, std::string* error)
{
  DistSpec spec;
  spec.text = trim(text);
  std::string ignored;
  if (!error)
    error = &ignored;
  for (const auto& part : splitTop(text, ';')) {
    if (trim(part).empty())
      continue;
    auto group = parseGroup(part, spec.text, error);
    if (!group)
      return std::nullopt;
    spec.groups.push_back(std::move(*group));
  }
  if (spec.groups.empty()) {
    *error = "Distribution spec is empty";
    return std::nullopt;
  }
  if (findDuplicate(spec, error))
    return std::nullopt;
  return spec;
}

} // namespace ps::mapping

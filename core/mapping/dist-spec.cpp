#include "mapping/dist-spec.h"

#include "support/text.h"

#include <algorithm>
#include <cctype>

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

std::optional<DistSpecGroup> parseGroup(const std::string& text, const std::string& whole, std::string* error)
{
  const auto eq = text.find('=');
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
  if (formats.size() < 2 || formats.front() != '(' || formats.back() != ')') {
    *error = "Distribution '" + whole + "' needs its formats in parentheses, e.g. '(BLOCK,*)'";
    return std::nullopt;
  }
  for (const auto& f : splitTop(formats.substr(1, formats.size() - 2), ',')) {
    auto format = parseFormat(f);
    if (!format) {
      *error = "Unknown distribution format '" + trim(f) + "' in '" + whole + "'; use BLOCK, CYCLIC, CYCLIC(k) or *";
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
  return spec;
}

} // namespace ps::mapping

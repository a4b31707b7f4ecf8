#include "views/plan-choice.h"

#include <set>

namespace ps::views {

const ddt::SequencePlan& shownSequence(const ddt::Plan& plan) { return plan.whole; }

ddt::LocalMapping restrictedTo(const ddt::LocalMapping& mapping, const std::vector<std::string>& arrays)
{
  ddt::LocalMapping out;
  out.grid = mapping.grid;
  for (const auto& a : arrays)
    if (auto it = mapping.arrays.find(a); it != mapping.arrays.end())
      out.arrays.insert(*it);
  return out;
}

ddt::LocalMapping chosenMapping(const ddt::Plan& plan, int phase)
{
  const auto& s = shownSequence(plan);
  const auto k = static_cast<std::size_t>(phase);
  if (s.dynamicChosen && k < s.dynamic.candidate.size() && s.dynamic.candidate[k] >= 0)
    return s.dynamic.mappings[k];
  if (s.statics.empty())
    return {};
  return restrictedTo(s.statics.front().mapping, plan.phases[k].phase.arrays);
}

int chosenCandidate(const ddt::Plan& plan, int phase)
{
  const auto& s = shownSequence(plan);
  const auto k = static_cast<std::size_t>(phase);
  if (s.dynamicChosen && k < s.dynamic.candidate.size())
    return s.dynamic.candidate[k];
  const auto mapping = chosenMapping(plan, phase);
  const auto& candidates = plan.phases[k].analysis.candidates;
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    bool same = !mapping.arrays.empty();
    for (const auto& [array, layout] : mapping.arrays) {
      const auto it = candidates[c].mapping.arrays.find(array);
      same = same && it != candidates[c].mapping.arrays.end() && ddt::samePlacement(layout, it->second);
    }
    if (same)
      return static_cast<int>(c);
  }
  return -1;
}

std::string mappingKey(const ddt::LocalMapping& mapping)
{
  std::set<std::string> layouts;
  for (const auto& [array, layout] : mapping.arrays)
    layouts.insert(ddt::formatsText(layout));
  std::string key = layouts.size() == 1 ? *layouts.begin() : mapping.str();
  if (mapping.distributedAxes() > 1)
    key += " " + mapping.gridText();
  return key;
}

} // namespace ps::views

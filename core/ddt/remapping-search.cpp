#include "ddt/remapping-search.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <unordered_map>

namespace ps::ddt {
namespace {

class Search {
public:
  Search(const SearchProblem& problem, double bound, const SearchControl& control)
      : m_p(problem), m_bound(bound), m_control(control), m_choice(problem.candidates.size(), -1),
        m_current(problem.steps.size()), m_entry(problem.steps.size())
  {
    // Phases chosen before step s that come again from s on: their choice
    // is part of the state the rest of the search depends on.
    m_pending.resize(m_p.steps.size() + 1);
    for (std::size_t s = 0; s <= m_p.steps.size(); ++s) {
      std::set<int> before, after;
      for (std::size_t t = 0; t < m_p.steps.size(); ++t)
        (t < s ? before : after).insert(m_p.steps[t].phase);
      for (int ph : before)
        if (after.count(ph))
          m_pending[s].push_back(ph);
    }
    // Loop copies begun before step s whose closing is checked at s or later (visit(t + 1) checks the
    // copy ending at step t): where they began is part of the state too
    m_openCopies.resize(m_p.steps.size() + 1);
    for (std::size_t t = 0; t < m_p.steps.size(); ++t)
      for (const int first : m_p.steps[t].closesCopyFrom)
        for (std::size_t s = static_cast<std::size_t>(first) + 1; s <= t + 1; ++s)
          m_openCopies[s].push_back(first);
  }

  SearchResult run()
  {
    visit(0, m_p.initial, 0.0);
    m_result.stats = m_stats;
    return m_result;
  }

private:
  void visit(std::size_t s, const GlobalMapping& gm, double cost)
  {
    if (s > 0 && !closes(s - 1, gm))
      return;
    if (s < m_p.steps.size())
      m_entry[s] = gm;
    if (s == m_p.steps.size()) {
      if (cost < m_bound) {
        m_bound = cost;
        m_result.found = true;
        m_result.total = cost;
        m_result.steps = m_current;
      }
      return;
    }
    const auto& step = m_p.steps[s];
    const auto& candidates = m_p.candidates[step.phase];
    const int fixed = m_choice[step.phase];
    for (int k = 0; k < static_cast<int>(candidates.size()); ++k) {
      if (fixed >= 0 && k != fixed)
        continue;
      if (cancelled())
        return;
      m_choice[step.phase] = k;
      for (const auto& combination : analyzeCombinations(gm, candidates[k].mapping))
        tryCombination(s, gm, cost, k, combination);
      m_choice[step.phase] = fixed;
    }
  }

  void tryCombination(std::size_t s, const GlobalMapping& gm, double cost, int k, const Combination& combination)
  {
    const auto& step = m_p.steps[s];
    const auto& candidate = m_p.candidates[step.phase][k];
    GlobalMapping next = gm;
    auto remaps = applyCombination(next, candidate.mapping, combination, m_p.shapes, m_p.machine);
    double remapCost = 0;
    for (const auto& r : remaps)
      remapCost += r.cost;
    const double newCost = cost + step.count * (candidate.cost.total() + remapCost);
    ++m_stats.nodes;
    if (m_control.progress && m_stats.nodes % 4096 == 0)
      m_control.progress(m_stats);
    if (m_control.prune && (newCost + lowerBound(s + 1, next) >= m_bound || dominated(s + 1, next, newCost))) {
      ++m_stats.pruned;
      return;
    }
    m_current[s] = {step.phase, step.count, step.copy, k, permuted(candidate.mapping, combination.sigma),
                    std::move(remaps), candidate.cost.total(), remapCost};
    visit(s + 1, next, newCost);
  }

  /// Whether the mapping `gm` after step `last` is the one each loop copy
  /// ending there started from (SequenceStep::closesCopyFrom): else the
  /// copy's next iteration would start elsewhere than priced (a plan that
  /// realigns V into the transpose each iteration and never back).
  bool closes(std::size_t last, const GlobalMapping& gm)
  {
    for (const int first : m_p.steps[last].closesCopyFrom)
      if (placementKey(gm) != placementKey(m_entry[static_cast<std::size_t>(first)])) {
        ++m_stats.pruned;
        return false;
      }
    return true;
  }

  /// The cheapest completion from step s with mapping `gm` when copies of
  /// a phase may choose freely: a relaxation of the search, so a lower
  /// bound that counts the remappings ahead (memoized per state). When the
  /// relaxed optimum happens to respect the copies it is the optimum, and
  /// the search ends after one descent.
  double lowerBound(std::size_t s, const GlobalMapping& gm)
  {
    if (s == m_p.steps.size())
      return 0;
    auto key = placementKey(gm);
    key.append(reinterpret_cast<const char*>(&s), sizeof s);
    if (auto it = m_lower.find(key); it != m_lower.end())
      return it->second;
    const auto& step = m_p.steps[s];
    double best = std::numeric_limits<double>::infinity();
    for (const auto& candidate : m_p.candidates[step.phase])
      for (const auto& combination : analyzeCombinations(gm, candidate.mapping)) {
        GlobalMapping next = gm;
        double remapCost = 0;
        for (const auto& r : applyCombination(next, candidate.mapping, combination, m_p.shapes, m_p.machine))
          remapCost += r.cost;
        const double here = step.count * (candidate.cost.total() + remapCost);
        if (here < best)
          best = std::min(best, here + lowerBound(s + 1, next));
      }
    m_lower.emplace(key, best);
    return best;
  }

  /// Binary key of the placement of every array (collapsed dimensions
  /// have no axis): hashed millions of times, so no text formatting.
  static std::string placementKey(const GlobalMapping& gm)
  {
    std::string key;
    for (const auto& [array, layout] : gm) {
      const auto length = array.size();
      key.append(reinterpret_cast<const char*>(&length), sizeof length);
      key += array;
      for (const auto& p : layout) {
        const std::int64_t fields[4] = {p.distributed() ? p.axis : -1, p.distributed() ? p.offset : 0,
                                        p.distributed() ? static_cast<std::int64_t>(p.format) : 0, p.procs};
        key.append(reinterpret_cast<const char*>(fields), sizeof fields);
      }
    }
    return key;
  }

  /// True when the same state (step, placement of every array, pending
  /// choices, where the open loop copies began) was reached before at no
  /// higher cost: the rest of the search from it is the same, so this
  /// branch cannot do better.
  bool dominated(std::size_t s, const GlobalMapping& gm, double cost)
  {
    auto key = placementKey(gm);
    key.append(reinterpret_cast<const char*>(&s), sizeof s);
    for (int ph : m_pending[s])
      key.append(reinterpret_cast<const char*>(&m_choice[ph]), sizeof(int));
    for (const int first : m_openCopies[s])
      key += placementKey(m_entry[static_cast<std::size_t>(first)]);
    auto [it, inserted] = m_seen.emplace(std::move(key), cost);
    if (inserted)
      return false;
    if (it->second <= cost)
      return true;
    it->second = cost;
    return false;
  }

  bool cancelled()
  {
    if (m_control.cancel && m_control.cancel->load()) {
      m_stats.cancelled = true;
      return true;
    }
    return false;
  }

  const SearchProblem& m_p;
  double m_bound;
  SearchControl m_control;
  std::vector<int> m_choice;
  std::vector<StepOutcome> m_current;
  std::vector<GlobalMapping> m_entry; // per step: the mapping reaching it on the current branch
  std::vector<std::vector<int>> m_pending;
  std::vector<std::vector<int>> m_openCopies; // per step: the first steps of the loop copies open there
  std::unordered_map<std::string, double> m_seen;
  std::unordered_map<std::string, double> m_lower;
  SearchStats m_stats;
  SearchResult m_result;
};

} // namespace

SearchResult searchRemapping(const SearchProblem& problem, double bound, const SearchControl& control)
{
  return Search(problem, bound, control).run();
}

} // namespace ps::ddt

#include "ddt/remapping-search.h"

#include <algorithm>
#include <cmath>

namespace ps::ddt {
namespace {

class Search {
public:
  Search(const SearchProblem& problem, double bound, const SearchControl& control)
      : m_p(problem), m_bound(bound), m_control(control), m_choice(problem.candidates.size(), -1),
        m_current(problem.steps.size())
  {
    // The cheapest each remaining step can cost: a bound that never cuts
    // an optimal branch (remapping costs are never negative).
    m_rest.assign(m_p.steps.size() + 1, 0.0);
    for (std::size_t s = m_p.steps.size(); s-- > 0;) {
      double best = std::numeric_limits<double>::infinity();
      for (const auto& c : m_p.candidates[m_p.steps[s].phase])
        best = std::min(best, c.cost.total());
      m_rest[s] = m_rest[s + 1] + (std::isfinite(best) ? best * m_p.steps[s].count : 0.0);
    }
  }

  SearchResult run()
  {
    visit(0, m_p.initial, 0.0, false);
    m_result.stats = m_stats;
    return m_result;
  }

private:
  void visit(std::size_t s, const GlobalMapping& gm, double cost, bool remapped)
  {
    if (s == m_p.steps.size()) {
      if (cost < m_bound && (remapped || !m_control.requireRemap)) {
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
        tryCombination(s, gm, cost, remapped, k, combination);
      m_choice[step.phase] = fixed;
    }
  }

  void tryCombination(std::size_t s, const GlobalMapping& gm, double cost, bool remapped, int k,
                      const Combination& combination)
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
    if (m_control.prune && newCost + m_rest[s + 1] >= m_bound) {
      ++m_stats.pruned;
      return;
    }
    const bool remapsHere = remapCost > 0;
    m_current[s] = {step.phase, step.count, step.copy, k, permuted(candidate.mapping, combination.sigma),
                    std::move(remaps), candidate.cost.total(), remapCost};
    visit(s + 1, next, newCost, remapped || remapsHere);
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
  std::vector<double> m_rest;
  SearchStats m_stats;
  SearchResult m_result;
};

} // namespace

SearchResult searchRemapping(const SearchProblem& problem, double bound, const SearchControl& control)
{
  return Search(problem, bound, control).run();
}

} // namespace ps::ddt

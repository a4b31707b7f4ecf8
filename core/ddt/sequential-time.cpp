#include "ddt/sequential-time.h"

#include "symbolic/evaluation.h"

#include <algorithm>
#include <cmath>

namespace ps::ddt {
namespace {

constexpr std::int64_t kBudget = 2'000'000; // loop values summed one by one, per phase
constexpr std::int64_t kSamples = 1024;     // values of a triangular loop sampled beyond the budget

class Counter {
public:
  Counter(const program::Unit& unit, const symbolic::Bindings& values, SequentialTime& out)
      : m_unit(unit), m_values(values), m_out(out)
  {
  }

  /// Instances of the innermost of `loops` (outermost first) from `k` on.
  std::optional<double> count(const std::vector<int>& loops, std::size_t k)
  {
    if (k == loops.size())
      return 1.0;
    const auto& loop = m_unit.loops[loops[k]];
    const auto trip = bounds(loop);
    if (!trip)
      return std::nullopt;
    const auto [lo, step, n] = *trip; // first value, step, iterations
    if (n <= 0)
      return 0.0;
    if (!usedBelow(loops, k)) {
      auto inner = count(loops, k + 1);
      return inner ? std::optional<double>(*inner * static_cast<double>(n)) : std::nullopt;
    }
    // Summing every value costs n times what the triangular loops below cost;
    // beyond the budget, fewer samples the deeper the triangle goes.
    const int below = triangularBelow(loops, k);
    const double cost = static_cast<double>(n) * std::pow(static_cast<double>(kSamples), below);
    const bool sample = static_cast<double>(m_spent) + cost > static_cast<double>(kBudget);
    const std::int64_t samples = sample ? std::min<std::int64_t>(n, std::max<std::int64_t>(8, kSamples >> (5 * below))) : n;
    if (sample)
      note("The triangular loop at line " + std::to_string(loop.line) + " has " + std::to_string(n) +
           " iterations; its instances are summed over " + std::to_string(samples) + " sampled values");
    double total = 0;
    for (std::int64_t s = 0; s < samples; ++s) {
      const std::int64_t index = sample ? (s * (n - 1)) / std::max<std::int64_t>(1, samples - 1) : s;
      m_values[loop.variable] = lo + index * step;
      ++m_spent;
      auto inner = count(loops, k + 1);
      if (!inner)
        return std::nullopt;
      total += *inner;
    }
    m_values.erase(loop.variable);
    return sample ? total * static_cast<double>(n) / static_cast<double>(samples) : total;
  }

private:
  std::optional<symbolic::LoopRange> bounds(const program::Loop& loop)
  {
    if (!loop.boundsKnown || program::whileTripsUnset(loop, m_values)) {
      note("The loop at line " + std::to_string(loop.line) + " has no countable trip count" + program::unsetTripsClause(loop) +
           "; taken as one iteration");
      return symbolic::LoopRange{0, 1, 1};
    }
    symbolic::EvaluationError error;
    const std::string what = program::boundsWhat(loop);
    auto range = symbolic::loopRangeFor(loop.lower, loop.upper, loop.step, m_values, what, &error);
    if (!range && !error.missingValues()) { // a zero step: the loop does not run
      note(error.message + "; the loop is taken as not running");
      return symbolic::LoopRange{0, 1, 0};
    }
    symbolic::addMissing(m_out.missing, error.missing);
    return range;
  }

  /// How many loops below `k` are triangular (their variable bounds an inner loop).
  int triangularBelow(const std::vector<int>& loops, std::size_t k) const
  {
    int n = 0;
    for (std::size_t j = k + 1; j < loops.size(); ++j)
      n += usedBelow(loops, j) ? 1 : 0;
    return n;
  }

  bool usedBelow(const std::vector<int>& loops, std::size_t k) const
  {
    const auto& v = m_unit.loops[loops[k]].variable;
    for (std::size_t j = k + 1; j < loops.size(); ++j) {
      const auto& l = m_unit.loops[loops[j]];
      for (const auto* e : {&l.lower, &l.upper, &l.step})
        if (e->symbols().count(v))
          return true;
    }
    return false;
  }

  void note(const std::string& n)
  {
    if (std::find(m_out.notes.begin(), m_out.notes.end(), n) == m_out.notes.end())
      m_out.notes.push_back(n);
  }

  const program::Unit& m_unit;
  symbolic::Bindings m_values;
  SequentialTime& m_out;
  std::int64_t m_spent = 0;
};

} // namespace

SequentialTime sequentialTime(const program::Unit& unit, const Phase& phase, const machine::MachineProfile& machine,
                              const symbolic::Bindings& values)
{
  SequentialTime out;
  Counter counter(unit, values, out);
  const int depth = phase.loop >= 0 ? unit.loops[phase.loop].depth : 1 << 30;
  double seconds = 0;
  bool ok = true;
  for (const auto* s : phase.statements) {
    std::vector<int> loops; // the phase's own loops: enclosing iterative loops are counted by the plan
    for (int l : s->loops)
      if (unit.loops[l].depth >= depth)
        loops.push_back(l);
    auto n = counter.count(loops, 0);
    if (!n) {
      ok = false;
      continue;
    }
    // Per execution of the phase: the plan weights the phase by its own
    // probability, so a statement counts with its probability within it.
    const double within = phase.probability > 0 ? std::min(1.0, s->probability / phase.probability) : 1.0;
    out.statementSeconds.push_back(*n * within * machine.ops.time(s->ops));
    seconds += out.statementSeconds.back();
  }
  if (ok)
    out.seconds = seconds;
  return out;
}

} // namespace ps::ddt

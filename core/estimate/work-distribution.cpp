#include "estimate/work-distribution.h"

#include "estimate/owned-iterations.h"
#include "estimate/separable-exchange.h"
#include "support/check.h"

#include <cmath>
#include <cstdlib>

namespace ps::estimate {
namespace {

/// The outer levels the work does not depend on: counted once and multiplied.
int invariantLevels(const IterationSpace& space, const ReferencePlan* owner, int inner)
{
  int fold = inner;
  while (fold > 0 && !independentOfOuter(space, fold, {owner}))
    --fold;
  return fold;
}

class WorkCounter {
public:
  WorkCounter(const IterationSpace& space, const ReferencePlan* owner, const mapping::Mapping& mapping,
              std::vector<double>& work, double weight)
    : m_space(space), m_owner(owner && owner->map ? owner : nullptr), m_mapping(mapping), m_work(work),
      m_weight(weight), m_coords(mapping.procs.rank())
  {
  }

  void run()
  {
    PS_CHECK(m_space.depth() > 0); // a statement of a nest is inside its loop
    const int inner = m_space.depth() - 1;
    const int fold = invariantLevels(m_space, m_owner, inner);
    std::vector<std::int64_t> values;
    m_weight *= static_cast<double>(m_space.outerCount(fold, &values));
    if (m_weight == 0)
      return;
    m_space.walk(fold, inner, values, [&](std::vector<std::int64_t>& v) { innermost(v, inner); });
  }

private:
  void add(const std::int64_t* coords, double amount)
  {
    forEachProcessor(m_mapping.procs, coords, [&](std::int64_t p) { m_work[p] += amount; });
  }

  void innermost(std::vector<std::int64_t>& values, int level)
  {
    std::int64_t first, last;
    if (!m_space.range(level, values, &first, &last))
      return;
    const auto step = m_space.levels()[level].step;
    const auto trips = tripCount(first, last, step);
    const auto line = ownerLine(m_owner, m_mapping, values, level);
    int varying = -1, count = 0;
    for (int pd = 0; pd < m_mapping.procs.rank(); ++pd) {
      if (line.dims[pd].a != 0) {
        varying = pd;
        ++count;
      }
    }
    if (count == 1 && std::llabs(line.dims[varying].a) == 1 && std::llabs(step) == 1)
      return closedForm(line, varying, first, last);
    segments(line, first, step, trips);
  }

  /// One varying dimension at unit stride: the ownership count of its format.
  void closedForm(const OwnerLine& line, int varying, std::int64_t first, std::int64_t last)
  {
    line.coordsAt(first, m_coords.data());
    const auto& dim = line.dims[varying];
    const auto x = dim.a * first + dim.b, y = dim.a * last + dim.b;
    for (std::int64_t c = 0; c < dim.dist->procs(); ++c) {
      m_coords[varying] = c;
      const auto n = dim.dist->countOwned(std::min(x, y), std::max(x, y), c);
      if (n > 0)
        add(m_coords.data(), m_weight * static_cast<double>(n));
    }
  }

  /// Strided, diagonal or invariant owners: runs of iterations with one owner.
  void segments(const OwnerLine& line, std::int64_t first, std::int64_t step, std::int64_t trips)
  {
    for (std::int64_t n = 0; n < trips;) {
      const auto v = first + n * step;
      const auto run = std::min(line.sameOwnerRun(v, step), trips - 1 - n);
      line.coordsAt(v, m_coords.data());
      add(m_coords.data(), m_weight * static_cast<double>(run + 1));
      n += run + 1;
    }
  }

  const IterationSpace& m_space;
  const ReferencePlan* m_owner; // nullptr: every processor executes
  const mapping::Mapping& m_mapping;
  std::vector<double>& m_work;
  double m_weight;
  std::vector<std::int64_t> m_coords;
};

} // namespace

StatementWork countWork(const IterationSpace& space, const ReferencePlan* owner, const mapping::Mapping& mapping,
                        double probability, const WorkFormula* formula, const symbolic::Bindings* values)
{
  StatementWork w;
  w.replicated = !owner || !owner->map;
  std::string why;
  std::optional<std::vector<double>> closed;
  if (formula && values && formula->applies(*values, mapping, &w.formulaWhy)) {
    // the closed form's values: a box nest's are the separable product's (both exact counts of
    // the same owned iterations), which costs O(P) products instead of P piecewise evaluations
    closed = countSeparableWork(space, owner, mapping, nullptr);
    if (!closed)
      closed = formula->perProcessor(*values, mapping, &w.formulaWhy);
  }
  auto iterations = closed ? formula->total(*values) : std::nullopt;
  if (closed && iterations) {
    w.work = std::move(*closed);
    w.closedForm = true;
  } else if (auto separable = countSeparableWork(space, owner, mapping, nullptr)) {
    w.work = std::move(*separable); // a box nest (CYCLIC included): O(P) per loop
  } else if (auto counted = countOwnedIterations(space, owner, mapping, &why)) {
    w.work = std::move(*counted);
  } else {
    w.work = enumerateWork(space, owner, mapping);
    w.note = why;
  }
  for (auto& x : w.work)
    x *= probability;
  if (!iterations)
    iterations = countIterations(space, &why);
  w.frequency = probability * (iterations ? *iterations : static_cast<double>(space.size()));
  w.wd = workDistributionGoodness(w.work);
  return w;
}

std::vector<double> enumerateWork(const IterationSpace& space, const ReferencePlan* owner,
                                  const mapping::Mapping& mapping)
{
  std::vector<double> work(static_cast<std::size_t>(mapping.procs.count()), 0.0);
  WorkCounter(space, owner, mapping, work, 1.0).run();
  return work;
}

double workDistributionGoodness(const std::vector<double>& work)
{
  if (work.empty())
    return 0;
  double total = 0;
  for (double w : work)
    total += w;
  const double owork = total / static_cast<double>(work.size()); // Def. 3.1
  if (owork <= 0)
    return 0;
  double squares = 0;
  for (double w : work)
    squares += (w - owork) * (w - owork);
  return std::sqrt(squares / static_cast<double>(work.size())) / owork;
}

double loopGoodness(const std::vector<StatementWork>& statements)
{
  double total = 0, weighted = 0;
  for (const auto& s : statements) {
    total += s.frequency;
    weighted += s.frequency * s.wd;
  }
  return total > 0 ? weighted / total : 0;
}

} // namespace ps::estimate

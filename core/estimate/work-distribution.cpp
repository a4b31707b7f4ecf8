#include "estimate/work-distribution.h"

#include <cmath>
#include <cstdlib>

namespace ps::estimate {
namespace {

/// Owner coordinates of the owning reference as affine functions A*v + B of
/// the innermost loop variable v (outer values fixed).
struct InnermostOwner {
  struct Dim {
    int procDim = -1;
    const mapping::DimensionDistribution* dist = nullptr;
    std::int64_t a = 0, b = 0; // template index = a*v + b
    std::int64_t fixed = -1;   // coordinate when a == 0 (or -1 for replicated)
  };
  std::vector<Dim> dims; // per processors dimension
};

InnermostOwner innermostOwner(const ReferencePlan& plan, const mapping::Mapping& mapping,
                              std::vector<std::int64_t> values, int level)
{
  InnermostOwner out;
  out.dims.resize(mapping.procs.rank());
  const auto& t = mapping.templates[plan.map->templateIndex];
  values[level] = 0;
  for (std::size_t d = 0; d < t.dims.size(); ++d) {
    const int pd = t.procDim[d];
    if (pd < 0)
      continue;
    auto& dim = out.dims[pd];
    dim.procDim = pd;
    dim.dist = &t.dims[d];
    const auto& axis = plan.map->axes[d];
    if (axis.kind == mapping::TemplateAxis::Kind::ArrayDim) {
      const auto& sub = plan.subscripts[axis.arrayDim];
      dim.a = axis.stride * sub.coef[level];
      dim.b = axis.stride * sub.at(values) + axis.offset;
      if (dim.a == 0)
        dim.fixed = t.dims[d].owner(dim.b);
    } else if (axis.kind == mapping::TemplateAxis::Kind::Constant) {
      dim.fixed = t.dims[d].owner(axis.offset);
    }
  }
  return out;
}

class WorkCounter {
public:
  WorkCounter(const IterationSpace& space, const ReferencePlan* owner, const mapping::Mapping& mapping,
              std::vector<double>& work, double weight)
    : m_space(space), m_owner(owner), m_mapping(mapping), m_work(work), m_weight(weight),
      m_coords(mapping.procs.rank())
  {
  }

  void run()
  {
    if (m_space.depth() == 0) {
      std::vector<std::int64_t> none;
      enumerateOne(none);
      return;
    }
    const int inner = m_space.depth() - 1;
    m_space.forEachOuter(inner, [&](std::vector<std::int64_t>& values) { innermost(values, inner); });
  }

private:
  void add(const std::int64_t* coords, double amount)
  {
    forEachProcessor(m_mapping.procs, coords, [&](std::int64_t p) { m_work[p] += amount; });
  }

  void enumerateOne(std::vector<std::int64_t>& values)
  {
    if (!m_owner || !m_owner->map) {
      std::fill(m_coords.begin(), m_coords.end(), -1);
      add(m_coords.data(), m_weight);
      return;
    }
    std::int64_t index[8];
    m_owner->element(values, index);
    m_mapping.ownerCoords(*m_owner->map, index, m_coords.data());
    add(m_coords.data(), m_weight);
  }

  void innermost(std::vector<std::int64_t>& values, int level)
  {
    std::int64_t first, last;
    if (!m_space.range(level, values, &first, &last))
      return;
    const auto step = m_space.levels()[level].step;
    const auto trips = tripCount(first, last, step);
    if (!m_owner || !m_owner->map) {
      std::fill(m_coords.begin(), m_coords.end(), -1);
      add(m_coords.data(), m_weight * static_cast<double>(trips));
      return;
    }
    const auto owner = innermostOwner(*m_owner, m_mapping, values, level);
    int varying = -1, count = 0;
    for (int pd = 0; pd < m_mapping.procs.rank(); ++pd) {
      const auto& dim = owner.dims[pd];
      m_coords[pd] = dim.a != 0 ? 0 : dim.fixed;
      if (dim.a != 0) {
        varying = pd;
        ++count;
      }
    }
    if (count == 0) {
      add(m_coords.data(), m_weight * static_cast<double>(trips));
      return;
    }
    const auto& dim = owner.dims[varying];
    if (count == 1 && std::llabs(dim.a) == 1 && std::llabs(step) == 1) {
      const auto x = dim.a * first + dim.b, y = dim.a * last + dim.b;
      for (std::int64_t c = 0; c < dim.dist->procs(); ++c) {
        m_coords[varying] = c;
        const auto n = dim.dist->countOwned(std::min(x, y), std::max(x, y), c);
        if (n > 0)
          add(m_coords.data(), m_weight * static_cast<double>(n));
      }
      return;
    }
    for (auto v = first;; v += step) { // strided or diagonal: enumerate
      values[level] = v;
      enumerateOne(values);
      if (v == last)
        break;
    }
  }

  const IterationSpace& m_space;
  const ReferencePlan* m_owner;
  const mapping::Mapping& m_mapping;
  std::vector<double>& m_work;
  double m_weight;
  std::vector<std::int64_t> m_coords;
};

} // namespace

StatementWork countWork(const IterationSpace& space, const ReferencePlan* owner, const mapping::Mapping& mapping,
                        double probability)
{
  StatementWork w;
  w.work.assign(static_cast<std::size_t>(mapping.procs.count()), 0.0);
  w.replicated = !owner || !owner->map;
  WorkCounter(space, owner, mapping, w.work, probability).run();
  w.frequency = probability * static_cast<double>(space.size());
  w.wd = workDistributionGoodness(w.work);
  return w;
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

#include "estimate/exchange-pieces.h"

#include "support/integer-division.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace ps::estimate {
namespace {

struct Overflow {};

std::int64_t plus(std::int64_t a, std::int64_t b)
{
  std::int64_t s = 0;
  if (__builtin_add_overflow(a, b, &s))
    throw Overflow{};
  return s;
}

std::int64_t times(std::int64_t a, std::int64_t b)
{
  std::int64_t p = 0;
  if (__builtin_mul_overflow(a, b, &p))
    throw Overflow{};
  return p;
}

/// The least (greatest) value of `f` over the loop levels level+1..depth-1,
/// as an affine function of the levels 0..level: each inner variable, the
/// innermost first, replaced by the bound where f is least (greatest).
/// Exact for unit steps; a step s leaves the last value up to s - 1 short.
NumericAffine extreme(const IterationSpace& space, int level, NumericAffine f, bool greatest)
{
  const auto& levels = space.levels();
  f.coef.resize(static_cast<std::size_t>(space.depth()), 0);
  for (int l = space.depth() - 1; l > level; --l) {
    const auto c = f.coef[l];
    if (c == 0)
      continue;
    const bool largestValue = (c > 0) == greatest;
    // a loop with a negative step runs from its lower bound down to its upper one
    const auto& bound = largestValue == (levels[l].step > 0) ? levels[l].upper : levels[l].lower;
    f.coef[l] = 0;
    for (int k = 0; k < l && k < static_cast<int>(bound.coef.size()); ++k)
      f.coef[k] = plus(f.coef[k], times(c, bound.coef[k]));
    f.constant = plus(f.constant, times(c, bound.constant));
  }
  return f;
}

/// f at the outer values as slope * x + offset in the variable x of `level`.
struct Line {
  std::int64_t slope = 0, offset = 0;
};

Line along(const NumericAffine& f, int level, const std::vector<std::int64_t>& values)
{
  Line line{f.coef[level], f.constant};
  for (int k = 0; k < level; ++k)
    line.offset = plus(line.offset, times(f.coef[k], values[k]));
  return line;
}

class PiecesBuilder {
public:
  PiecesBuilder(const IterationSpace& space, int level, const std::vector<std::int64_t>& values, std::int64_t first,
                std::int64_t step, std::int64_t trips)
    : m_space(space), m_level(level), m_values(values), m_first(first), m_step(step), m_trips(trips)
  {
    for (int l = level + 1; l < space.depth(); ++l)
      m_window = std::max<std::int64_t>(m_window, 2 + std::llabs(space.levels()[l].step));
  }

  /// Where the template index `index` (under `dist`) changes owners.
  void templateIndex(const NumericAffine& index, const mapping::DimensionDistribution& dist)
  {
    const auto least = along(extreme(m_space, m_level, index, false), m_level, m_values);
    const auto most = along(extreme(m_space, m_level, index, true), m_level, m_values);
    if (least.slope == 0 && most.slope == 0)
      return; // its owners do not change with this level's variable: no period, no crossing
    if (dist.format().kind == mapping::FormatKind::Cyclic) {
      cyclic(least, most, times(dist.blockSize(), dist.procs()));
    } else if (dist.format().kind == mapping::FormatKind::Block) {
      for (std::int64_t j = 1; j < dist.procs(); ++j) {
        const auto boundary = plus(dist.lower(), times(j, dist.blockSize()));
        crossing(least, boundary);
        crossing(most, boundary);
      }
    }
  }

  /// Where an inner loop's range runs empty.
  void innerRanges()
  {
    for (int l = m_level + 1; l < m_space.depth(); ++l) {
      const auto& b = m_space.levels()[l];
      NumericAffine extent = b.step > 0 ? b.upper : b.lower;
      const auto& start = b.step > 0 ? b.lower : b.upper;
      extent.coef.resize(static_cast<std::size_t>(m_space.depth()), 0);
      for (std::size_t k = 0; k < start.coef.size(); ++k)
        extent.coef[k] = plus(extent.coef[k], -start.coef[k]);
      extent.constant = plus(extent.constant, -start.constant);
      for (const bool greatest : {false, true})
        crossing(along(extreme(m_space, m_level, extent, greatest), m_level, m_values), 0);
    }
  }

  InstancePieces done() const
  {
    InstancePieces pieces = m_pieces;
    pieces.period = m_cycle / std::gcd(m_cycle, std::llabs(m_step));
    return pieces;
  }

private:
  /// Under CYCLIC(k) with cycle c: the instance's place in the cycle is the
  /// period, and where the indices span fewer than two cycles the owners
  /// they reach thin out instance by instance.
  void cyclic(const Line& least, const Line& most, std::int64_t cycle)
  {
    m_cycle = std::lcm(m_cycle, cycle);
    if (m_cycle > (std::int64_t{1} << 40))
      throw Overflow{};
    const auto slope = plus(most.slope, -least.slope), span = plus(most.offset, -least.offset);
    if (slope == 0)
      return;
    const auto at = floorDiv(plus(times(2, cycle), -span), slope); // span(x) = 2 cycles
    constexpr auto far = std::int64_t{1} << 61;
    if (slope < 0)
      values(at - m_window, far);
    else
      values(-far, at + m_window + 1);
  }

  /// Where line(x) reaches `boundary`.
  void crossing(const Line& line, std::int64_t boundary)
  {
    if (line.slope == 0)
      return;
    const auto at = floorDiv(plus(boundary, -line.offset), line.slope);
    values(at - m_window, at + m_window + 1);
  }

  /// The instances whose variable lies in [lo, hi], done one by one.
  void values(std::int64_t lo, std::int64_t hi)
  {
    const auto a = floorDiv(plus(lo, -m_first), m_step), b = floorDiv(plus(hi, -m_first), m_step);
    const auto from = std::clamp<std::int64_t>(std::min(a, b) - 1, 0, m_trips);
    const auto to = std::clamp<std::int64_t>(std::max(a, b) + 2, 0, m_trips);
    if (from < to)
      m_pieces.direct.emplace_back(from, to);
  }

  const IterationSpace& m_space;
  const int m_level;
  const std::vector<std::int64_t>& m_values;
  const std::int64_t m_first, m_step, m_trips;
  std::int64_t m_window = 2; // instances either side of a crossing (more where inner steps round the extremes)
  std::int64_t m_cycle = 1;
  InstancePieces m_pieces;
};

} // namespace

std::optional<InstancePieces> exchangePieces(const IterationSpace& space, int level,
                                             const std::vector<std::int64_t>& values, std::int64_t first,
                                             std::int64_t step, std::int64_t trips, const ReferencePlan* exec,
                                             const ReferencePlan& read, const mapping::Mapping& mapping)
{
  try {
    PiecesBuilder builder(space, level, values, first, step, trips);
    for (const auto* plan : {exec, &read}) {
      if (!plan || !plan->map)
        continue;
      for (int pd = 0; pd < mapping.procs.rank(); ++pd) {
        const auto t = templateIndex(*plan, mapping, pd);
        if (t.defined && t.dist)
          builder.templateIndex(t.index, *t.dist);
      }
    }
    builder.innerRanges();
    return builder.done();
  } catch (const Overflow&) {
    return std::nullopt;
  }
}

} // namespace ps::estimate

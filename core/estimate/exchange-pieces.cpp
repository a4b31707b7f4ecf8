#include "estimate/exchange-pieces.h"

#include "support/integer-division.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <optional>

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

  /// Where the template index `index` (under `dist`, processors dimension
  /// `pd`) changes owners.
  void templateIndex(const NumericAffine& index, const mapping::DimensionDistribution& dist, int pd)
  {
    const auto least = along(extreme(m_space, m_level, index, false), m_level, m_values);
    const auto most = along(extreme(m_space, m_level, index, true), m_level, m_values);
    if (least.slope == 0 && most.slope == 0)
      return; // its owners do not change with this level's variable: no period, no crossing
    if (dist.format().kind == mapping::FormatKind::Cyclic) {
      turn(pd, dist, least.slope, most.slope);
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

  /// The pieces; `shape`: the processors per dimension.
  InstancePieces done(const std::vector<std::int64_t>& shape) const
  {
    InstancePieces pieces = m_pieces;
    pieces.period = m_cycle / std::gcd(m_cycle, std::llabs(m_step));
    pieces.rotation = rotation(shape);
    return pieces;
  }

private:
  /// How the CYCLIC owners along one processors dimension move with the
  /// instance: the template indices' moving ends (least and greatest over
  /// the inner loops), per unit of this level's variable.
  struct Turn {
    const mapping::DimensionDistribution* dist = nullptr;
    std::int64_t slope = 0;
    bool uneven = false; // ends moving at different slopes, or two distributions: no turn
  };

  void turn(int pd, const mapping::DimensionDistribution& dist, std::int64_t leastSlope, std::int64_t mostSlope)
  {
    if (m_turns.size() <= static_cast<std::size_t>(pd))
      m_turns.resize(static_cast<std::size_t>(pd) + 1);
    auto& t = m_turns[static_cast<std::size_t>(pd)];
    if (t.dist && !t.dist->sameOwners(dist))
      t.uneven = true;
    t.dist = &dist;
    for (const auto slope : {leastSlope, mostSlope}) {
      if (slope == 0)
        continue;
      t.uneven = t.uneven || (t.slope != 0 && t.slope != slope);
      t.slope = slope;
    }
  }

  /// The turn of the counts where some dimension's owners all move at one
  /// slope u (InstanceRotation): its classes are those of b / gcd(b, u)
  /// instances, the other CYCLIC dimensions' keep their cycle. nullopt
  /// when no dimension turns.
  std::optional<InstanceRotation> rotation(const std::vector<std::int64_t>& shape) const
  {
    InstanceRotation r;
    r.shape = shape;
    r.shift.assign(shape.size(), 0);
    r.every.assign(shape.size(), 1);
    bool turns = false;
    for (std::size_t pd = 0; pd < m_turns.size() && pd < shape.size(); ++pd) {
      const auto& t = m_turns[pd];
      if (!t.dist)
        continue;
      const auto block = t.dist->blockSize();
      if (t.uneven || shape[pd] == 1) { // this dimension's cycle stays in the classes
        const auto cycle = times(block, t.dist->procs());
        r.period = std::lcm(r.period, cycle / std::gcd(cycle, std::llabs(m_step)));
        continue;
      }
      r.shift[pd] = times(t.slope, m_step); // template indices per instance
      r.every[pd] = block;
      r.period = std::lcm(r.period, block / std::gcd(block, std::llabs(r.shift[pd])));
      turns = true;
    }
    if (!turns)
      return std::nullopt;
    return r;
  }

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
  std::vector<Turn> m_turns; // per processors dimension
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
          builder.templateIndex(t.index, *t.dist, pd);
      }
    }
    builder.innerRanges();
    return builder.done(mapping.procs.shape);
  } catch (const Overflow&) {
    return std::nullopt;
  }
}

} // namespace ps::estimate

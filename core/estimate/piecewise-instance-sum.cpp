#include "estimate/piecewise-instance-sum.h"

#include "estimate/saturating-count.h"
#include "support/integer-division.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <optional>

namespace ps::estimate {
namespace {

constexpr int kMaxDegree = 3;
constexpr int kChecks = 5;
constexpr int kPoints = kMaxDegree + 1 + kChecks;
constexpr long double kSecondsTolerance = 1e-9L; // relative to the largest seconds seen in the piece

/// Where a piece's interpolation nodes and checks lie, in the order they
/// are taken (degree d: the first d + 1 are nodes, the next kChecks
/// checks): nested, so a higher degree reuses the lower one's instances;
/// spread over the piece, next to both ends (where a range runs out), and
/// of both parities (a period the caller missed shows). Distinct for len >=
/// kShortestFittedPiece.
std::array<std::int64_t, kPoints> pointsOf(std::int64_t len)
{
  return {0, len - 1, len / 2, len / 4, 3 * len / 4, 1, len - 2, len / 8 + 1, 5 * len / 8 + 1};
}

/// Sums of t^e over t = 0..len-1, e = 0..3 (Faulhaber).
std::array<long double, kMaxDegree + 1> powerSums(std::int64_t len)
{
  const long double n = static_cast<long double>(len);
  const long double s1 = n * (n - 1) / 2;
  return {n, s1, (n - 1) * n * (2 * n - 1) / 6, s1 * s1};
}

/// The Lagrange basis of nodes x: basis(i, t), and the sum of each basis
/// polynomial over the piece 0..len-1.
class Lagrange {
public:
  Lagrange(const std::int64_t* x, int count, std::int64_t len) : m_x(x), m_count(count)
  {
    const auto sums = powerSums(len);
    for (int i = 0; i < count; ++i) {
      // the coefficients of prod_{j != i} (t - x_j), lowest first
      std::array<long double, kMaxDegree + 1> c{1};
      int degree = 0;
      long double denominator = 1;
      for (int j = 0; j < count; ++j) {
        if (j == i)
          continue;
        const auto xj = static_cast<long double>(x[j]);
        for (int e = ++degree; e >= 0; --e)
          c[e] = (e > 0 ? c[e - 1] : 0) - xj * c[e];
        denominator *= static_cast<long double>(x[i] - x[j]);
      }
      long double total = 0;
      for (int e = 0; e <= degree; ++e) {
        total += c[e] * sums[e];
        m_coef[i][e] = c[e] / denominator;
      }
      m_weights[i] = total / denominator;
    }
  }

  /// The sum of basis polynomial i over the points whose power sums are
  /// `sums` (sums[e] = sum of t^e over them).
  long double sumOver(int i, const std::array<long double, kMaxDegree + 1>& sums) const
  {
    long double total = 0;
    for (int e = 0; e < m_count; ++e)
      total += m_coef[i][e] * sums[e];
    return total;
  }

  long double basis(int i, std::int64_t t) const
  {
    long double v = 1;
    for (int j = 0; j < m_count; ++j)
      if (j != i)
        v *= static_cast<long double>(t - m_x[j]) / static_cast<long double>(m_x[i] - m_x[j]);
    return v;
  }

  long double weight(int i) const { return m_weights[i]; }

private:
  const std::int64_t* m_x;
  int m_count;
  std::array<long double, kMaxDegree + 1> m_weights{};
  std::array<std::array<long double, kMaxDegree + 1>, kMaxDegree + 1> m_coef{}; // basis i's, lowest power first
};

/// Sums of t^e, e = 0..3, over t = tau + stride * s, s = 0..count-1.
std::array<long double, kMaxDegree + 1> progressionSums(std::int64_t tau, std::int64_t stride, std::int64_t count)
{
  const auto s = powerSums(count);
  const long double a = static_cast<long double>(tau), d = static_cast<long double>(stride);
  return {s[0], a * s[0] + d * s[1], a * a * s[0] + 2 * a * d * s[1] + d * d * s[2],
          a * a * a * s[0] + 3 * a * a * d * s[1] + 3 * a * d * d * s[2] + d * d * d * s[3]};
}

/// Where instance m's per-processor counts are seen from its turning owner
/// (InstanceRotation): entry c of a block holds processor c + sigma(m)'s.
class Rotator {
public:
  explicit Rotator(const InstanceRotation& r) : m_r(r)
  {
    for (const auto extent : r.shape)
      m_procs *= extent;
  }

  std::int64_t procs() const { return m_procs; }

  /// sigma(m): per dimension floor(shift * m / b), modulo its processors.
  std::vector<std::int64_t> sigma(std::int64_t m) const
  {
    std::vector<std::int64_t> out(m_r.shape.size(), 0);
    for (std::size_t d = 0; d < out.size(); ++d)
      out[d] = floorMod(floorDiv(m_r.shift[d] * m, m_r.every[d]), m_r.shape[d]);
    return out;
  }

  /// The linear number of processor c + s (coordinates added modulo the shape).
  std::int64_t plus(std::int64_t c, const std::vector<std::int64_t>& s) const
  {
    std::int64_t out = 0, stride = 1;
    for (std::size_t d = 0; d < s.size(); ++d) {
      const auto extent = m_r.shape[d];
      out += (c % extent + s[d]) % extent * stride;
      c /= extent;
      stride *= extent;
    }
    return out;
  }

  /// Instance m's tally seen from its turning owner.
  InstanceTally turned(InstanceTally t, std::int64_t m) const
  {
    const auto s = sigma(m);
    std::vector<std::int64_t> block(static_cast<std::size_t>(m_procs));
    for (const auto first : m_r.blocks) {
      for (std::int64_t c = 0; c < m_procs; ++c)
        block[static_cast<std::size_t>(c)] = t.counts[first + static_cast<std::size_t>(plus(c, s))];
      std::copy(block.begin(), block.end(), t.counts.begin() + static_cast<std::ptrdiff_t>(first));
    }
    return t;
  }

  /// How many steps of `stride` instances bring sigma back to where it was.
  std::int64_t cycleOf(std::int64_t stride) const
  {
    std::int64_t cycle = 1;
    for (std::size_t d = 0; d < m_r.shape.size(); ++d) {
      const auto extent = m_r.shape[d];
      const auto move = floorMod(m_r.shift[d] * stride / m_r.every[d], extent); // every[d] divides shift * stride
      cycle = std::lcm(cycle, extent / std::gcd(extent, move));
    }
    return cycle;
  }

  /// Whether tally entry e is in a per-processor block.
  bool inBlock(std::size_t e) const
  {
    return std::any_of(m_r.blocks.begin(), m_r.blocks.end(),
                       [&](std::size_t first) { return e >= first && e < first + static_cast<std::size_t>(m_procs); });
  }

private:
  const InstanceRotation& m_r;
  std::int64_t m_procs = 1;
};

/// Exact sums of the counts (beyond int64 kept until the end) and the seconds.
struct Accumulator {
  std::vector<WideInt> counts;
  long double seconds = 0;

  explicit Accumulator(std::size_t width = 0) : counts(width, 0) {}

  void add(const InstanceTally& t)
  {
    for (std::size_t c = 0; c < counts.size(); ++c)
      counts[c] += t.counts[c];
    seconds += t.seconds;
  }

  void add(const Accumulator& more)
  {
    for (std::size_t c = 0; c < counts.size(); ++c)
      counts[c] += more.counts[c];
    seconds += more.seconds;
  }
};

class PiecewiseSummer {
public:
  PiecewiseSummer(std::size_t width, const std::function<InstanceTally(std::int64_t)>& tally, PiecewiseSumStats& stats)
    : m_tally(tally), m_stats(stats), m_sum(width)
  {
  }

  /// Instances first, first + stride, ... (len of them) one by one.
  void direct(std::int64_t first, std::int64_t stride, std::int64_t len)
  {
    for (std::int64_t t = 0; t < len; ++t)
      m_sum.add(evaluate(first + t * stride));
  }

  /// Instances first + t * stride, t = 0..len-1: one polynomial piece if an
  /// interpolant predicts its checks, else two halves. `head` and `tail`
  /// are the first and last instance's tallies when already done (a half
  /// gets its parent's: the first instance, the middle, the last).
  void piece(std::int64_t first, std::int64_t stride, std::int64_t len, std::optional<InstanceTally> head = {},
             std::optional<InstanceTally> tail = {})
  {
    if (len < kShortestFittedPiece) {
      for (std::int64_t t = 0; t < len; ++t) {
        if (t == 0 && head)
          m_sum.add(*head);
        else if (t == len - 1 && tail)
          m_sum.add(*tail);
        else
          m_sum.add(evaluate(first + t * stride));
      }
      return;
    }
    const auto at = pointsOf(len);
    std::array<std::optional<InstanceTally>, kPoints> seen;
    seen[0] = std::move(head);
    seen[1] = std::move(tail);
    const auto value = [&](int k) -> const InstanceTally& {
      if (!seen[k])
        seen[k] = evaluate(first + at[k] * stride);
      return *seen[k];
    };
    for (int degree = 1; degree <= kMaxDegree; ++degree) {
      if (fits(degree, at, len, value)) {
        ++m_stats.fittedPieces;
        return;
      }
    }
    const auto half = len / 2; // at[2]: the right half's first instance
    piece(first, stride, half, std::move(seen[0]));
    piece(first + half * stride, stride, len - half, std::move(seen[2]), std::move(seen[1]));
  }

  /// The instances from..to-1 by `rotation`'s classes: true, with their
  /// sum added, when in every class the turned counts (Rotator) are one
  /// polynomial per entry that predicts its checks; false, with nothing
  /// added, otherwise (or when a class is too short to fit).
  bool turning(std::int64_t from, std::int64_t to, const InstanceRotation& rotation)
  {
    const auto period = rotation.period;
    if ((to - from) / period < kShortestFittedPiece)
      return false;
    const Rotator rotator(rotation);
    Accumulator sums(m_sum.counts.size());
    for (std::int64_t r = 0; r < period; ++r) {
      const auto first = from + r, len = ceilDiv(to - first, period);
      const auto at = pointsOf(len);
      std::array<std::optional<InstanceTally>, kPoints> seen;
      const auto value = [&](int k) -> const InstanceTally& {
        const auto m = first + at[k] * period;
        if (!seen[k])
          seen[k] = rotator.turned(evaluate(m), m);
        return *seen[k];
      };
      bool fitted = false;
      for (int degree = 1; degree <= kMaxDegree && !fitted; ++degree) {
        const Lagrange lagrange(at.data(), degree + 1, len);
        Accumulator piece(m_sum.counts.size()); // this degree's sums, kept only where all of them are whole
        fitted = predicts(degree + 1, lagrange, at, value) &&
                 addWhole(piece, degree + 1, lagrange, value, [&](std::size_t e) { return !rotator.inBlock(e); }) &&
                 addTurned(piece, degree + 1, lagrange, value, rotator, rotation, first, len);
        if (fitted)
          sums.add(piece);
      }
      if (!fitted)
        return false;
      ++m_stats.fittedPieces;
    }
    m_sum.add(sums);
    return true;
  }

  InstanceTally result() const
  {
    InstanceTally out;
    out.counts.reserve(m_sum.counts.size());
    for (const auto c : m_sum.counts)
      out.counts.push_back(fitsInt64(c) ? static_cast<std::int64_t>(c) : kCountBound);
    out.seconds = static_cast<double>(m_sum.seconds);
    return out;
  }

private:
  InstanceTally evaluate(std::int64_t m)
  {
    ++m_stats.evaluations;
    return m_tally(m);
  }

  /// True, with the piece's sum added, when the interpolant of `degree`
  /// through the first nodes predicts the next kChecks instances and sums
  /// to whole counts.
  template <typename Value>
  bool fits(int degree, const std::array<std::int64_t, kPoints>& at, std::int64_t len, const Value& value)
  {
    const int nodes = degree + 1;
    const Lagrange lagrange(at.data(), nodes, len);
    if (!predicts(nodes, lagrange, at, value))
      return false;
    Accumulator sums(m_sum.counts.size());
    if (!addWhole(sums, nodes, lagrange, value, [](std::size_t) { return true; }))
      return false;
    m_sum.add(sums);
    return true;
  }

  /// Whether the interpolant through the first `nodes` points predicts the
  /// next kChecks: every count to 1e-3, the seconds to kSecondsTolerance.
  template <typename Value>
  bool predicts(int nodes, const Lagrange& lagrange, const std::array<std::int64_t, kPoints>& at, const Value& value)
  {
    const auto width = m_sum.counts.size();
    long double secondsScale = 0;
    for (int k = 0; k < nodes + kChecks; ++k)
      secondsScale = std::max(secondsScale, std::fabs(static_cast<long double>(value(k).seconds)));
    for (int k = nodes; k < nodes + kChecks; ++k) {
      const auto& actual = value(k);
      std::array<long double, kMaxDegree + 1> basis{};
      for (int i = 0; i < nodes; ++i)
        basis[i] = lagrange.basis(i, at[k]);
      for (std::size_t c = 0; c < width; ++c) {
        long double predicted = 0;
        for (int i = 0; i < nodes; ++i)
          predicted += basis[i] * static_cast<long double>(value(i).counts[c]);
        const auto exact = static_cast<long double>(actual.counts[c]);
        if (std::fabs(predicted - exact) > 1e-3L + 1e-17L * std::fabs(exact))
          return false;
      }
      long double predicted = 0;
      for (int i = 0; i < nodes; ++i)
        predicted += basis[i] * static_cast<long double>(value(i).seconds);
      if (std::fabs(predicted - static_cast<long double>(actual.seconds)) > kSecondsTolerance * secondsScale)
        return false;
    }
    return true;
  }

  /// Adds to `into` the interpolant's sum over the piece of the entries
  /// `wanted` names, and of the seconds; false when a sum is not whole (no
  /// polynomial with whole values after all).
  template <typename Value, typename Wanted>
  static bool addWhole(Accumulator& into, int nodes, const Lagrange& lagrange, const Value& value, const Wanted& wanted)
  {
    for (std::size_t c = 0; c < into.counts.size(); ++c) {
      if (!wanted(c))
        continue;
      long double total = 0;
      for (int i = 0; i < nodes; ++i)
        total += lagrange.weight(i) * static_cast<long double>(value(i).counts[c]);
      if (!addRounded(into.counts[c], total))
        return false;
    }
    for (int i = 0; i < nodes; ++i)
      into.seconds += lagrange.weight(i) * static_cast<long double>(value(i).seconds);
    return true;
  }

  /// Adds to `into` the per-processor blocks' sums over the class first,
  /// first + period, ... (len instances): the turned entry c at instance t
  /// is processor c + sigma(t)'s, and sigma repeats every cycleOf(period)
  /// instances, so each entry's polynomial is summed over each residue of
  /// that cycle and added to the processor it is there.
  template <typename Value>
  static bool addTurned(Accumulator& into, int nodes, const Lagrange& lagrange, const Value& value,
                        const Rotator& rotator, const InstanceRotation& rotation, std::int64_t first, std::int64_t len)
  {
    const auto cycle = rotator.cycleOf(rotation.period);
    std::array<long double, kMaxDegree + 1> weight{};
    for (std::int64_t tau = 0; tau < std::min(cycle, len); ++tau) {
      const auto sums = progressionSums(tau, cycle, ceilDiv(len - tau, cycle));
      for (int i = 0; i < nodes; ++i)
        weight[i] = lagrange.sumOver(i, sums);
      const auto sigma = rotator.sigma(first + tau * rotation.period);
      for (const auto block : rotation.blocks) {
        for (std::int64_t c = 0; c < rotator.procs(); ++c) {
          const auto e = block + static_cast<std::size_t>(c);
          long double total = 0;
          for (int i = 0; i < nodes; ++i)
            total += weight[i] * static_cast<long double>(value(i).counts[e]);
          if (!addRounded(into.counts[block + static_cast<std::size_t>(rotator.plus(c, sigma))], total))
            return false;
        }
      }
    }
    return true;
  }

  /// Adds `total` to `into` when it is whole (to rounding).
  static bool addRounded(WideInt& into, long double total)
  {
    const auto whole = std::round(total);
    if (std::fabs(total - whole) > 1e-2L + 1e-17L * std::fabs(total))
      return false;
    if (std::fabs(whole) < 9e18L) // the common case, without the slow conversion to 128 bits
      into += static_cast<std::int64_t>(whole);
    else
      into += std::fabs(whole) < 1e30L ? static_cast<WideInt>(whole) : static_cast<WideInt>(kCountBound);
    return true;
  }

  const std::function<InstanceTally(std::int64_t)>& m_tally;
  PiecewiseSumStats& m_stats;
  Accumulator m_sum;
};

} // namespace

namespace {

/// Calls between(from, to) for the gaps between `pieces`' direct ranges,
/// direct(from, to) for those ranges (clipped to the instances, each
/// instance in one call).
template <typename Between, typename Direct>
void forEachRange(std::int64_t instances, const InstancePieces& pieces, const Between& between, const Direct& direct)
{
  auto ranges = pieces.direct;
  std::sort(ranges.begin(), ranges.end());
  std::int64_t from = 0; // the first instance not yet visited
  for (const auto& [first, last] : ranges) {
    const auto lo = std::clamp(first, from, instances), hi = std::clamp(last, lo, instances);
    if (from < lo)
      between(from, lo);
    if (lo < hi)
      direct(lo, hi);
    from = std::max(from, hi);
  }
  if (from < instances)
    between(from, instances);
}

/// Whether the ranges between the direct ones are tried by the rotation's classes first.
bool turnsFirst(const InstancePieces& pieces)
{
  return pieces.rotation && !pieces.rotation->blocks.empty() && pieces.rotation->period < pieces.period;
}

} // namespace

std::int64_t leastEvaluations(std::int64_t instances, const InstancePieces& pieces)
{
  const auto period = std::max<std::int64_t>(pieces.period, 1);
  const bool turns = turnsFirst(pieces);
  std::int64_t least = 0;
  forEachRange(
      instances, pieces,
      [&](std::int64_t from, std::int64_t to) {
        if (turns && (to - from) / pieces.rotation->period >= kShortestFittedPiece) {
          least += pieces.rotation->period * (2 + kChecks);
          return;
        }
        for (std::int64_t r = 0; r < period && from + r < to; ++r) {
          const auto len = ceilDiv(to - from - r, period);
          least += len < kShortestFittedPiece ? len : std::int64_t{2 + kChecks}; // a line: two nodes, the checks
        }
      },
      [&](std::int64_t from, std::int64_t to) { least += to - from; });
  return least;
}

InstanceTally sumPiecewise(std::int64_t instances, std::size_t width, const InstancePieces& pieces,
                           const std::function<InstanceTally(std::int64_t)>& tally, PiecewiseSumStats* stats)
{
  PiecewiseSumStats own;
  PiecewiseSummer summer(width, tally, stats ? *stats : own);
  const auto period = std::max<std::int64_t>(pieces.period, 1);
  const bool turns = turnsFirst(pieces);
  forEachRange(
      instances, pieces,
      [&](std::int64_t from, std::int64_t to) { // by residue class
        if (turns && summer.turning(from, to, *pieces.rotation))
          return;
        for (std::int64_t r = 0; r < period && from + r < to; ++r)
          summer.piece(from + r, period, ceilDiv(to - from - r, period));
      },
      [&](std::int64_t from, std::int64_t to) { summer.direct(from, 1, to - from); });
  return summer.result();
}

} // namespace ps::estimate

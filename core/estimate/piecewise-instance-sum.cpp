#include "estimate/piecewise-instance-sum.h"

#include "estimate/saturating-count.h"
#include "support/integer-division.h"

#include <algorithm>
#include <array>
#include <cmath>
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
      for (int e = 0; e <= degree; ++e)
        total += c[e] * sums[e];
      m_weights[i] = total / denominator;
    }
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
};

/// Exact sums of the counts (beyond int64 kept until the end) and the seconds.
struct Accumulator {
  std::vector<WideInt> counts;
  long double seconds = 0;

  void add(const InstanceTally& t)
  {
    for (std::size_t c = 0; c < counts.size(); ++c)
      counts[c] += t.counts[c];
    seconds += t.seconds;
  }
};

class PiecewiseSummer {
public:
  PiecewiseSummer(std::size_t width, const std::function<InstanceTally(std::int64_t)>& tally, PiecewiseSumStats& stats)
    : m_tally(tally), m_stats(stats)
  {
    m_sum.counts.assign(width, 0);
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
    std::vector<WideInt> sums(width);
    for (std::size_t c = 0; c < width; ++c) {
      long double total = 0;
      for (int i = 0; i < nodes; ++i)
        total += lagrange.weight(i) * static_cast<long double>(value(i).counts[c]);
      const auto whole = std::round(total);
      if (std::fabs(total - whole) > 1e-2L + 1e-17L * std::fabs(total))
        return false; // not a polynomial with whole sums after all
      sums[c] = std::fabs(whole) < 1e30L ? static_cast<WideInt>(whole) : static_cast<WideInt>(kCountBound);
    }
    for (std::size_t c = 0; c < width; ++c)
      m_sum.counts[c] += sums[c];
    for (int i = 0; i < nodes; ++i)
      m_sum.seconds += lagrange.weight(i) * static_cast<long double>(value(i).seconds);
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

} // namespace

std::int64_t leastEvaluations(std::int64_t instances, const InstancePieces& pieces)
{
  const auto period = std::max<std::int64_t>(pieces.period, 1);
  std::int64_t least = 0;
  forEachRange(
      instances, pieces,
      [&](std::int64_t from, std::int64_t to) {
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
  forEachRange(
      instances, pieces,
      [&](std::int64_t from, std::int64_t to) { // by residue class
        for (std::int64_t r = 0; r < period && from + r < to; ++r)
          summer.piece(from + r, period, ceilDiv(to - from - r, period));
      },
      [&](std::int64_t from, std::int64_t to) { summer.direct(from, 1, to - from); });
  return summer.result();
}

} // namespace ps::estimate

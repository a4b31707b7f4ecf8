#include "machine/curve-fit.h"

#include "support/check.h"
#include "support/text.h"

#include <gsl/gsl_fit.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>
#include <map>
#include <tuple>

namespace ps::machine {

namespace {

/// Index of `pattern` in kTrainingPatterns, or -1.
int patternIndex(const std::string& pattern)
{
  const auto it = std::find_if(std::begin(kTrainingPatterns), std::end(kTrainingPatterns),
                               [&](const char* p) { return pattern == p; });
  return it == std::end(kTrainingPatterns) ? -1 : static_cast<int>(it - std::begin(kTrainingPatterns));
}

/// "'vSR' on 4 ranks (stride 1)", the group's name in messages.
std::string groupName(const TrainingPoint& p)
{
  return "'" + p.pattern + "' on " + std::to_string(p.ranks) + (p.ranks == 1 ? " rank" : " ranks") + " (stride " +
         std::to_string(p.strideElements) + ")";
}

/// A point the fit cannot use is the training program's or the user's mistake.
bool checkPoint(const TrainingPoint& p, std::string* error)
{
  if (patternIndex(p.pattern) < 0) {
    *error = "Training point has the unknown pattern '" + p.pattern +
             "'; expected iSR, vSR, EXCH, BCAST, COMBN or pingpong";
    return false;
  }
  if (p.ranks < 1 || p.strideElements < 1) {
    *error = "Training point of " + groupName(p) + " needs at least 1 rank and a stride of at least 1";
    return false;
  }
  const auto at = " at " + std::to_string(p.bytes) + " bytes";
  if (p.bytes < 0) {
    *error = "Training point of " + groupName(p) + " has the negative size " + std::to_string(p.bytes) + " bytes";
    return false;
  }
  if (!(p.medianSeconds > 0) || !std::isfinite(p.medianSeconds)) {
    *error = "Training point of " + groupName(p) + at + " has a time that is not positive and finite, " +
             formatNumber(p.medianSeconds) + " s";
    return false;
  }
  if (!(p.highSeconds >= p.lowSeconds) || !std::isfinite(p.highSeconds - p.lowSeconds)) {
    *error = "Training point of " + groupName(p) + at + " has a spread with its high below its low";
    return false;
  }
  return true;
}

/// The points of one group as columns, sorted by size (gsl wants arrays).
struct Samples {
  std::vector<double> x, y, w;
  std::size_t size() const { return x.size(); }
};

Samples samplesOf(std::vector<TrainingPoint> group)
{
  std::sort(group.begin(), group.end(), [](const auto& l, const auto& r) { return l.bytes < r.bytes; });
  Samples s;
  for (const auto& p : group) {
    const double sigma = std::max({(p.highSeconds - p.lowSeconds) / 1.349, 1e-3 * p.medianSeconds, 1e-9});
    s.x.push_back(static_cast<double>(p.bytes));
    s.y.push_back(p.medianSeconds);
    s.w.push_back(1.0 / (sigma * sigma));
  }
  return s;
}

struct Line {
  double a = 0, b = 0, chiSquare = 0;
};

double chiSquareOf(const Samples& s, std::size_t first, std::size_t last, double a, double b)
{
  double sum = 0;
  for (std::size_t i = first; i <= last; ++i)
    sum += s.w[i] * (s.y[i] - a - b * s.x[i]) * (s.y[i] - a - b * s.x[i]);
  return sum;
}

/// Weighted least squares over points first..last (at least 2), clamped to
/// b >= 0 (a monotone segment) and then to a line through the origin when
/// the fitted one is negative at the segment's first size (a negative
/// intercept alone is fine: a steep segment far from 0 bytes has one).
Line fitLine(const Samples& s, std::size_t first, std::size_t last)
{
  PS_CHECK(last > first && last < s.size());
  const auto n = last - first + 1;
  Line l;
  double cov00 = 0, cov01 = 0, cov11 = 0;
  gsl_fit_wlinear(&s.x[first], 1, &s.w[first], 1, &s.y[first], 1, n, &l.a, &l.b, &cov00, &cov01, &cov11,
                  &l.chiSquare);
  if (l.b < 0) { // the weighted mean
    double sw = 0, swy = 0;
    for (std::size_t i = first; i <= last; ++i)
      sw += s.w[i], swy += s.w[i] * s.y[i];
    l = {swy / sw, 0, 0};
  }
  if (l.a + l.b * s.x[first] < 0) { // through the origin
    double swxx = 0, swxy = 0;
    for (std::size_t i = first; i <= last; ++i)
      swxx += s.w[i] * s.x[i] * s.x[i], swxy += s.w[i] * s.x[i] * s.y[i];
    l = {0, swxx > 0 ? std::max(swxy / swxx, 0.0) : 0, 0};
  }
  l.chiSquare = chiSquareOf(s, first, last, l.a, l.b);
  return l;
}

/// Optimal partitioning: the first index of every segment. best[j] is the
/// cheapest cost of the first j points; O(n^3) fits, small for the
/// training set's tens of sizes per group.
std::vector<std::size_t> segmentStarts(const Samples& s, double penalty)
{
  const auto n = s.size();
  std::vector<double> best(n + 1, std::numeric_limits<double>::infinity());
  std::vector<std::size_t> from(n + 1, 0);
  best[0] = 0;
  for (std::size_t j = 2; j <= n; ++j) {
    for (std::size_t i = 0; i + 2 <= j; ++i) {
      if (!std::isfinite(best[i]))
        continue;
      const double cost = best[i] + fitLine(s, i, j - 1).chiSquare + (i == 0 ? 0 : penalty);
      if (cost < best[j])
        best[j] = cost, from[j] = i;
    }
  }
  std::vector<std::size_t> starts;
  for (std::size_t j = n; j > 0; j = from[j])
    starts.push_back(from[j]);
  std::reverse(starts.begin(), starts.end());
  return starts;
}

/// The median spacing of the breaks when they share it (see fitCurves).
double packetSize(const std::vector<CurveSegment>& segments)
{
  if (segments.size() < 2)
    return 0;
  std::vector<double> spacings, slack;
  double previous = 0, previousGap = 0;
  for (std::size_t k = 0; k + 1 < segments.size(); ++k) {
    const double gap = segments[k + 1].fromBytes - segments[k].toBytes;
    spacings.push_back(segments[k].toBytes - previous);
    slack.push_back(previousGap + gap);
    previous = segments[k].toBytes;
    previousGap = gap;
  }
  auto sorted = spacings;
  std::sort(sorted.begin(), sorted.end());
  const double median = sorted[sorted.size() / 2];
  for (std::size_t k = 0; k < spacings.size(); ++k)
    if (std::abs(spacings[k] - median) > std::max(slack[k], 0.1 * median))
      return 0;
  return median;
}

/// The curve of the partition found with `penalty` per extra segment.
CommCurve curveWithPenalty(const TrainingPoint& key, const Samples& s, double penalty)
{
  CommCurve c;
  c.pattern = key.pattern;
  c.ranks = key.ranks;
  c.strideElements = key.strideElements;
  const auto starts = segmentStarts(s, penalty);
  double chiSquare = 0;
  for (std::size_t k = 0; k < starts.size(); ++k) {
    const auto first = starts[k];
    const auto last = k + 1 < starts.size() ? starts[k + 1] - 1 : s.size() - 1;
    const auto line = fitLine(s, first, last);
    chiSquare += line.chiSquare;
    c.segments.push_back({s.x[first], s.x[last], line.a, line.b});
    for (std::size_t i = first; i <= last; ++i)
      c.maxRelativeError = std::max(c.maxRelativeError, std::abs(line.a + line.b * s.x[i] - s.y[i]) / s.y[i]);
  }
  const auto dof = static_cast<double>(s.size()) - 2.0 * static_cast<double>(starts.size());
  c.chiSquarePerDof = dof > 0 ? chiSquare / dof : 0;
  c.packetBytes = packetSize(c.segments);
  return c;
}

/// The penalised partition, refined while a median lies more than
/// kMaxRelativeError from its line (see fitCurves).
CommCurve fitGroup(const TrainingPoint& key, const Samples& s)
{
  constexpr double kMaxRelativeError = 0.2;
  double penalty = 6.0 * std::log(static_cast<double>(s.size()));
  auto c = curveWithPenalty(key, s, penalty);
  for (int round = 0; round < 8 && c.maxRelativeError > kMaxRelativeError; ++round) {
    penalty = round == 7 ? 0 : penalty / 4;
    c = curveWithPenalty(key, s, penalty);
  }
  return c;
}

/// A group's points as samples, or an error for too few or repeated sizes.
bool groupSamples(const std::vector<TrainingPoint>& group, Samples& out, std::string* error)
{
  out = samplesOf(group);
  const auto repeat = std::adjacent_find(out.x.begin(), out.x.end());
  if (repeat != out.x.end()) {
    *error = "Pattern " + groupName(group.front()) + " has the size " + formatNumber(*repeat) +
             " bytes measured twice; points of two runs are mixed";
    return false;
  }
  if (out.size() < 2) {
    *error = "Pattern " + groupName(group.front()) + " has 1 measured size; a fit needs at least 2";
    return false;
  }
  return true;
}

} // namespace

std::vector<CommCurve> fitCurves(const std::vector<TrainingPoint>& points, std::string* error)
{
  if (points.empty()) {
    *error = "No training points to fit";
    return {};
  }
  std::map<std::tuple<int, int, std::int64_t>, std::vector<TrainingPoint>> groups;
  for (const auto& p : points) {
    if (!checkPoint(p, error))
      return {};
    groups[{patternIndex(p.pattern), p.ranks, p.strideElements}].push_back(p);
  }
  std::vector<CommCurve> curves;
  for (const auto& [key, group] : groups) {
    Samples s;
    if (!groupSamples(group, s, error))
      return {};
    curves.push_back(fitGroup(group.front(), s));
  }
  return curves;
}

} // namespace ps::machine

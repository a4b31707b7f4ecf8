#pragma once
// Fitting the training set's raw communication points to piecewise-linear
// curves. Source: Balasundaram, Fox, Kennedy, Kremer 1991, Sec. 5: "the
// chi-squared fit can only be applied to continuous linear functions ... we
// use the chi-squared fit to fit a function of the form y = a + bx only to
// the continuous linear segments of the piecewise linear curve. In addition,
// the step size between the adjacent linear line segments is also
// determined" (the steps come from padding a message to whole packets).

#include "machine/comm-curve.h"
#include "machine/training-data.h"

#include <string>
#include <vector>

namespace ps::machine {

/// Fits one CommCurve per (pattern, ranks, strideElements) group of
/// `points`, the curves sorted by pattern (kTrainingPatterns order), ranks,
/// then stride.
///
/// Per group, sorted by bytes:
/// - Weights: sigma_i = (high_i - low_i) / 1.349 (the interquartile range
///   of a normal distribution is 1.349 sigma), floored at 1e-3 * median_i
///   and 1e-9 s (timer resolution) so a point with no spread cannot take
///   all the weight; w_i = 1 / sigma_i^2.
/// - Segment breaks: optimal partitioning by dynamic programming over every
///   break position. The cost of a partition is the sum over its segments
///   of the weighted chi-square of their straight-line fit, plus a penalty
///   of 6 ln(n) per extra segment (twice the BIC's 3 ln(n) for the three
///   parameters a, b and the break: the spread of single calls is not the
///   error of their median, and a spurious break is worse than a missed
///   one). A step between neighbouring sizes well beyond what the line and
///   the spread predict pays for the penalty; noise does not. Every
///   segment holds at least 2 points (a lone last point joins the segment
///   before it).
/// - Accuracy: when that partition leaves a median more than 20 % from its
///   segment's line (the spread of a loaded machine can make the chi-square
///   tolerate it), the penalty is divided by 4 until none is, at most 7
///   times, then set to 0: the curve must reproduce what was measured.
/// - Each segment: y = a + b * bytes by weighted least squares
///   (gsl_fit_wlinear). Segments are monotone non-decreasing in bytes and
///   never negative over their range: a negative slope is clamped to b = 0
///   (a is then the weighted mean); a line negative at the segment's first
///   size becomes the weighted fit through the origin (a = 0). A negative
///   intercept alone is kept (a steep segment far from 0 bytes).
/// - packetBytes: the breaks are the last sizes of every segment but the
///   last; their spacings (from 0 to the first, then between neighbours)
///   give the packet size, their median, when every spacing lies within the
///   sampling gap at its break (or 10 %) of it; else 0 (no common spacing,
///   e.g. one protocol switch). 0 when there is no break.
/// - chiSquarePerDof: the total weighted chi-square over n - 2 * segments
///   (0 when that is not positive); maxRelativeError: the largest
///   |line - median| / median over the group's points.
///
/// Errors (empty result, one sentence in `error`): no points; a pattern
/// outside kTrainingPatterns; ranks < 1 or stride < 1; a group with fewer
/// than 2 distinct sizes; a size measured twice in one group (two runs
/// mixed); a negative size; a median time that is not positive and finite
/// or a spread with high < low.
std::vector<CommCurve> fitCurves(const std::vector<TrainingPoint>& points, std::string* error);

} // namespace ps::machine

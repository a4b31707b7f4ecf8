#include "estimate/subscript-bounds.h"

#include "support/wide-int.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>

namespace ps::estimate {
namespace {

/// Which end of each level's range extremizes an affine function: +1 the
/// greatest value, -1 the least, 0 either (the function does not move with it).
using Ends = boost::container::small_vector<int, 4>;

/// The ends that make `f` least (`greatest` false) or greatest over the
/// space, found by substituting each level's bound, innermost first, into
/// the coefficients of the levels outside it.
Ends extremeEnds(const IterationSpace& space, const NumericAffine& f, bool greatest)
{
  const auto& levels = space.levels();
  boost::container::small_vector<WideInt, 4> coef(levels.size(), 0);
  for (std::size_t k = 0; k < f.coef.size() && k < coef.size(); ++k)
    coef[k] = f.coef[k];
  Ends ends(levels.size(), 0);
  for (std::size_t k = levels.size(); k-- > 0;) {
    if (coef[k] == 0)
      continue;
    const bool up = (coef[k] > 0) == greatest;
    const auto ascending = levels[k].step > 0;
    const auto& bound = up == ascending ? levels[k].upper : levels[k].lower; // the value the range reaches that way
    ends[k] = up ? 1 : -1;
    for (std::size_t j = 0; j < k && j < bound.coef.size(); ++j)
      coef[j] += coef[k] * bound.coef[j];
  }
  return ends;
}

/// The iteration `ends` names, built outside in from the real ranges;
/// false when a range runs empty on the way.
bool iterationAt(const IterationSpace& space, const Ends& ends, std::vector<std::int64_t>& values)
{
  values.assign(static_cast<std::size_t>(space.depth()), 0);
  for (int k = 0; k < space.depth(); ++k) {
    std::int64_t first = 0, last = 0;
    if (!space.range(k, values, &first, &last))
      return false;
    const auto lo = std::min(first, last), hi = std::max(first, last);
    values[static_cast<std::size_t>(k)] = ends[static_cast<std::size_t>(k)] > 0 ? hi : lo;
  }
  return true;
}

} // namespace

std::optional<BoundsViolation> subscriptOutside(const IterationSpace& space, const ReferencePlan& plan,
                                                const std::vector<DeclaredRange>& declared)
{
  std::vector<std::int64_t> values;
  for (std::size_t d = 0; d < plan.subscripts.size() && d < declared.size(); ++d) {
    const auto& f = plan.subscripts[d];
    for (const bool greatest : {false, true}) {
      const auto& bound = greatest ? declared[d].last : declared[d].first;
      if (!bound || !iterationAt(space, extremeEnds(space, f, greatest), values))
        continue;
      WideInt v = f.constant;
      for (std::size_t k = 0; k < f.coef.size() && k < values.size(); ++k)
        v += WideInt{f.coef[k]} * values[k];
      if (greatest ? v > *bound : v < *bound)
        return BoundsViolation{d, static_cast<std::int64_t>(std::clamp<WideInt>(v, INT64_MIN, INT64_MAX)), *bound,
                               !greatest, values};
    }
  }
  return std::nullopt;
}

} // namespace ps::estimate

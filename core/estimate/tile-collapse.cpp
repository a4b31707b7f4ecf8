#include "estimate/tile-collapse.h"

#include "estimate/guard-fold.h"

#include <algorithm>

namespace ps::estimate {
namespace {

std::int64_t coefAt(const NumericAffine& f, int k)
{
  return static_cast<std::size_t>(k) < f.coef.size() ? f.coef[static_cast<std::size_t>(k)] : 0;
}

bool constant(const NumericAffine& f)
{
  return std::all_of(f.coef.begin(), f.coef.end(), [](auto c) { return c == 0; });
}

/// f = v_t + offset exactly.
bool followsOnly(const NumericAffine& f, int t, std::int64_t offset)
{
  for (int k = 0; k < static_cast<int>(f.coef.size()); ++k)
    if (f.coef[static_cast<std::size_t>(k)] != (k == t ? 1 : 0))
      return false;
  return coefAt(f, t) == 1 && f.constant == offset;
}

bool readsLevel(const ReferencePlan* plan, int t)
{
  return plan && std::any_of(plan->subscripts.begin(), plan->subscripts.end(),
                             [&](const NumericAffine& s) { return coefAt(s, t) != 0; });
}

/// The element loop of tile loop t (tiles from `first` to `last`, step s),
/// or -1: the one level whose bounds read t, as t .. t+s-1 with step 1, or
/// as t .. c with c a constant at least last - 1 (a clip folded in already,
/// guard-fold.h: the tiles' ranges still meet), and the end of the union of
/// its ranges in `end`.
int elementLoop(const IterationSpace& space, int t, std::int64_t last, std::int64_t* end)
{
  const auto& levels = space.levels();
  const auto s = levels[static_cast<std::size_t>(t)].step;
  int element = -1;
  for (int k = 0; k < space.depth(); ++k) {
    const auto& l = levels[static_cast<std::size_t>(k)];
    if (k == t || (coefAt(l.lower, t) == 0 && coefAt(l.upper, t) == 0))
      continue;
    if (element >= 0 || k < t || l.step != 1 || !followsOnly(l.lower, t, 0))
      return -1;
    if (followsOnly(l.upper, t, s - 1)) {
      if (__builtin_add_overflow(last, s - 1, end))
        return -1;
    } else if (constant(l.upper) && l.upper.constant >= last - 1) {
      *end = l.upper.constant;
    } else {
      return -1;
    }
    element = k;
  }
  return element;
}

} // namespace

std::optional<CollapsedTiles> collapseTiles(const IterationSpace& space, int from, const ReferencePlan* exec,
                                            const ReferencePlan& read, const program::Unit& unit,
                                            const symbolic::Bindings& values)
{
  std::optional<CollapsedTiles> out;
  for (int t = std::max(from, 0); t < space.depth(); ++t) {
    const auto& tile = space.levels()[static_cast<std::size_t>(t)];
    if (tile.step < 2 || !constant(tile.lower) || !constant(tile.upper) || tile.upper.constant < tile.lower.constant ||
        readsLevel(exec, t) || readsLevel(&read, t))
      continue;
    const auto first = tile.lower.constant;
    std::int64_t span = 0;
    if (__builtin_sub_overflow(tile.upper.constant, first, &span))
      continue;
    const auto last = first + span / tile.step * tile.step; // the last tile's start
    std::int64_t end = 0;
    const int e = elementLoop(space, t, last, &end);
    if (e < 0)
      continue;
    const auto loop = space.levels()[static_cast<std::size_t>(e)].loopId;
    const auto& clips = unit.loops[static_cast<std::size_t>(loop)].boundGuards;
    if (std::any_of(clips.begin(), clips.end(), [&](const symbolic::AffineCondition& c) {
          return c.form.coefficients.count(tile.variable) > 0; // MIN(JJ+NB-1, 2*JJ): the clip moves with the tile
        }))
      continue;
    if (!out)
      out = CollapsedTiles{space, {}};
    auto& collapsed = out->space;
    NumericAffine at = tile.lower; // all coefficients 0
    collapsed.setBound(t, true, at);
    collapsed.setBound(e, false, at);
    at.constant = end;
    collapsed.setBound(e, true, at);
    if (auto clipped = clips.empty() ? std::nullopt : foldGuards(collapsed, clips, values)) {
      collapsed = std::move(*clipped);
      out->clippedLoops.push_back(loop);
    }
  }
  return out;
}

} // namespace ps::estimate

#include "estimate/guard-fold.h"

#include <cstdlib>
#include <stdexcept>

namespace ps::estimate {
namespace {

using Relation = symbolic::AffineCondition::Relation;

std::int64_t coefAt(const NumericAffine& f, std::size_t k)
{
  return k < f.coef.size() ? f.coef[k] : 0;
}

NumericAffine scaled(const NumericAffine& f, std::int64_t by, std::int64_t plus)
{
  NumericAffine g = f;
  for (auto& c : g.coef)
    c *= by;
  g.constant = g.constant * by + plus;
  return g;
}

NumericAffine minus(const NumericAffine& a, const NumericAffine& b)
{
  NumericAffine d = a;
  d.coef.resize(std::max(a.coef.size(), b.coef.size()), 0);
  for (std::size_t k = 0; k < b.coef.size(); ++k)
    d.coef[k] -= b.coef[k];
  d.constant -= b.constant;
  return d;
}

/// The least and greatest value of `d` over the space's iterations, or
/// nullopt: d follows at most one level, whose bounds are constants.
std::optional<std::pair<std::int64_t, std::int64_t>> rangeOf(const NumericAffine& d, const IterationSpace& space)
{
  int level = -1;
  for (std::size_t k = 0; k < d.coef.size(); ++k) {
    if (d.coef[k] == 0)
      continue;
    if (level >= 0)
      return std::nullopt;
    level = static_cast<int>(k);
  }
  if (level < 0)
    return std::pair{d.constant, d.constant};
  const auto& l = space.levels()[static_cast<std::size_t>(level)];
  for (const auto& bound : {l.lower, l.upper})
    for (const auto c : bound.coef)
      if (c != 0)
        return std::nullopt;
  std::int64_t first = 0, last = 0;
  const std::vector<std::int64_t> none(static_cast<std::size_t>(space.depth()), 0);
  if (!space.range(level, none, &first, &last))
    return std::nullopt;
  std::vector<std::int64_t> at = none;
  at[static_cast<std::size_t>(level)] = first;
  const auto a = d.at(at);
  at[static_cast<std::size_t>(level)] = last;
  const auto b = d.at(at);
  return std::pair{std::min(a, b), std::max(a, b)};
}

/// Folds v_k <= bound (`upper`) or v_k >= bound into level k of `space`;
/// false where that is not exact.
bool fold(IterationSpace& space, int k, bool upper, const NumericAffine& bound)
{
  const auto& l = space.levels()[static_cast<std::size_t>(k)];
  const bool up = l.step > 0;
  const bool end = upper == up; // the values' greatest bound is the end of an upward loop, the start of a downward one
  const auto& old = end ? l.upper : l.lower;
  const auto range = rangeOf(minus(bound, old), space);
  if (!range)
    return false;
  const auto [lo, hi] = *range;
  const bool tighter = upper ? hi <= 0 : lo >= 0, looser = upper ? lo >= 0 : hi <= 0;
  if (!tighter)
    return looser;
  const auto step = std::llabs(l.step);
  if (end || step == 1) {
    space.setBound(k, end, bound);
    return true;
  }
  // a new start keeps the loop's values only when it moves by whole steps: a constant distance d,
  // rounded up to steps (DO I = 1, N, 3 under IF (I .GT. 100) starts at 103)
  if (lo != hi)
    return false;
  auto start = old;
  start.constant += (up ? 1 : -1) * ((std::llabs(lo) + step - 1) / step) * step;
  space.setBound(k, false, start);
  return true;
}

} // namespace

std::optional<IterationSpace> foldGuards(const IterationSpace& space,
                                         const std::vector<symbolic::AffineCondition>& guards,
                                         const symbolic::Bindings& values)
{
  auto out = space;
  try {
    for (const auto& g : guards) {
      symbolic::EvaluationError error;
      const auto f = space.numeric(g.form, values, "a guard", &error);
      if (!f || g.relation == Relation::Ne)
        return std::nullopt;
      int k = -1; // the innermost level it names
      for (std::size_t j = 0; j < f->coef.size(); ++j)
        if (f->coef[j] != 0)
          k = static_cast<int>(j);
      if (k < 0) { // a constant condition
        if (!conditionHolds(g.relation, f->constant))
          return std::nullopt; // never runs: left to the probability
        continue;
      }
      const auto a = coefAt(*f, static_cast<std::size_t>(k));
      if (std::llabs(a) != 1)
        return std::nullopt;
      // a*v + rest REL 0  =>  v REL' -rest/a, with rest = f - a*v
      auto rest = *f;
      rest.coef[static_cast<std::size_t>(k)] = 0;
      const auto bound = [&](std::int64_t shift) { return scaled(rest, -a, shift); }; // -rest/a + shift
      const bool flips = a < 0;
      bool ok = true;
      switch (g.relation) {
      case Relation::Le:
        ok = fold(out, k, !flips, bound(0));
        break;
      case Relation::Lt:
        ok = fold(out, k, !flips, bound(flips ? 1 : -1));
        break;
      case Relation::Ge:
        ok = fold(out, k, flips, bound(0));
        break;
      case Relation::Gt:
        ok = fold(out, k, flips, bound(flips ? -1 : 1));
        break;
      case Relation::Eq:
        ok = fold(out, k, true, bound(0)) && fold(out, k, false, bound(0));
        break;
      case Relation::Ne:
        ok = false;
        break;
      }
      if (!ok)
        return std::nullopt;
    }
  } catch (const std::overflow_error&) {
    return std::nullopt;
  }
  return out;
}

} // namespace ps::estimate

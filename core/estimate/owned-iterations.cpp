#include "estimate/owned-iterations.h"

#include "support/wide-int.h"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace ps::estimate {
namespace {

std::int64_t fit(WideInt v)
{
  if (!fitsInt64(v))
    throw std::overflow_error("an ownership bound does not fit in 64 bits");
  return static_cast<std::int64_t>(v);
}

} // namespace

NumericAffine composeLoops(const NumericAffine& f, const std::vector<NumericAffine>& loopValue, int vars)
{
  NumericAffine out;
  out.coef.assign(static_cast<std::size_t>(vars), 0);
  WideInt constant = f.constant;
  for (std::size_t k = 0; k < f.coef.size() && k < loopValue.size(); ++k) {
    if (f.coef[k] == 0)
      continue;
    const auto& v = loopValue[k];
    for (std::size_t j = 0; j < v.coef.size(); ++j)
      out.coef[j] = fit(out.coef[j] + static_cast<WideInt>(f.coef[k]) * v.coef[j]);
    constant += static_cast<WideInt>(f.coef[k]) * v.constant;
  }
  out.constant = fit(constant);
  return out;
}

OwnedParts ownedParts(const mapping::DimensionDistribution& d, std::int64_t c)
{
  if (d.procs() == 1)
    return {OwnedPart{}};
  const auto lb = d.lower(), ub = d.upper(), m = d.blockSize();
  const auto last = d.owner(ub);
  if (d.format().kind == mapping::FormatKind::Block) {
    if (c > last)
      return {};
    OwnedPart part;
    if (c > 0)
      part.lo = fit(lb + static_cast<WideInt>(c) * m);
    if (c != last)
      part.hi = fit(lb + static_cast<WideInt>(c + 1) * m - 1);
    return {part};
  }
  OwnedParts parts{OwnedPart{lb, ub, true}};
  if (c == 0)
    parts.push_back({std::nullopt, lb - 1, false});
  if (c == last)
    parts.push_back({ub + 1, std::nullopt, false});
  return parts;
}

struct OwnerDimension {
  int pd = 0;
  NumericAffine index; // template index over the loop variables
  const mapping::DimensionDistribution* dist = nullptr;
};

namespace {

class OwnedCounter {
public:
  OwnedCounter(const LoopSystem& loops, std::vector<OwnerDimension> dims)
    : m_loops(loops), m_dims(std::move(dims)), m_coords(m_dims.size(), 0)
  {
  }

  /// Iterations owned by the coordinates `coords` (one per owner dimension).
  double count(const std::vector<std::int64_t>& coords, std::string* why)
  {
    double total = 0;
    std::vector<OwnedPart> chosen;
    bool ok = true;
    forEachCombination(coords, 0, chosen, [&] {
      if (!ok)
        return;
      auto c = countCombination(coords, chosen, why);
      ok = c.has_value();
      total += c.value_or(0);
    });
    if (!ok)
      throw std::string(why ? *why : "");
    return total;
  }

private:
  template <typename F>
  void forEachCombination(const std::vector<std::int64_t>& coords, std::size_t d, std::vector<OwnedPart>& chosen,
                          const F& f)
  {
    if (d == m_dims.size())
      return f();
    for (const auto& part : ownedParts(*m_dims[d].dist, coords[d])) {
      chosen.push_back(part);
      forEachCombination(coords, d + 1, chosen, f);
      chosen.pop_back();
    }
  }

  std::optional<double> countCombination(const std::vector<std::int64_t>& coords,
                                         const std::vector<OwnedPart>& parts, std::string* why)
  {
    const int depth = m_loops.system.variables;
    int vars = depth;
    for (const auto& p : parts)
      vars += p.cyclic;
    symbolic::IntegerSystem s;
    s.variables = vars;
    for (const auto& row : m_loops.system.constraints)
      s.atLeastZero(row.coef, row.constant);
    int q = depth;
    for (std::size_t d = 0; d < parts.size(); ++d) {
      const auto f = composeLoops(m_dims[d].index, m_loops.loopValue, vars);
      constrainToPart(s, f, parts[d], *m_dims[d].dist, coords[d], parts[d].cyclic ? q++ : -1);
    }
    auto c = symbolic::countPoints(s, {}, why);
    if (!c)
      return std::nullopt;
    return c->value;
  }

  const LoopSystem& m_loops;
  std::vector<OwnerDimension> m_dims;
  std::vector<std::int64_t> m_coords;
};

} // namespace

void constrainToPart(symbolic::IntegerSystem& s, const NumericAffine& f, const OwnedPart& part,
                     const mapping::DimensionDistribution& d, std::int64_t c, int q)
{
  s.between(f.coefVector(), f.constant, part.lo, part.hi);
  if (!part.cyclic)
    return;
  // 0 <= t - lb - k*P*q - k*c <= k - 1
  const auto k = d.blockSize();
  auto coef = f.coefVector();
  coef[q] = fit(-static_cast<WideInt>(k) * d.procs());
  const auto constant = fit(f.constant - static_cast<WideInt>(d.lower()) - static_cast<WideInt>(k) * c);
  s.between(coef, constant, 0, k - 1);
}

std::optional<LoopSystem> loopSystem(const IterationSpace& space, std::string* why)
{
  try {
    LoopSystem out;
    const int depth = space.depth();
    out.system.variables = depth;
    for (int k = 0; k < depth; ++k) {
      const auto& level = space.levels()[k];
      const auto lo = composeLoops(level.lower, out.loopValue, depth);
      const auto hi = composeLoops(level.upper, out.loopValue, depth);
      std::vector<std::int64_t> unit(depth, 0);
      unit[k] = 1;
      if (level.step == 1 || level.step == -1) {
        out.loopValue.push_back({{unit.begin(), unit.end()}, 0});
        const auto s = level.step;
        NumericAffine fromLo = lo, toHi = hi; // s*(v - lo) >= 0 and s*(hi - v) >= 0
        for (int j = 0; j < depth; ++j) {
          fromLo.coef[j] = fit(s * (static_cast<WideInt>(unit[j]) - lo.coef[j]));
          toHi.coef[j] = fit(s * (static_cast<WideInt>(hi.coef[j]) - unit[j]));
        }
        out.system.atLeastZero(fromLo.coefVector(), fit(-s * static_cast<WideInt>(lo.constant)));
        out.system.atLeastZero(toHi.coefVector(), fit(s * static_cast<WideInt>(hi.constant)));
        continue;
      }
      // v = lo + step * x with x >= 0 and step * x between 0 and hi - lo
      NumericAffine value = lo;
      value.coef[k] = level.step;
      out.loopValue.push_back(value);
      out.system.atLeastZero(unit, 0);
      const auto sign = level.step > 0 ? 1 : -1;
      std::vector<std::int64_t> room(depth);
      for (int j = 0; j < depth; ++j)
        room[j] = fit(sign * (static_cast<WideInt>(hi.coef[j]) - lo.coef[j]) - (j == k ? sign * level.step : 0));
      out.system.atLeastZero(room, fit(sign * (static_cast<WideInt>(hi.constant) - lo.constant)));
    }
    return out;
  } catch (const std::overflow_error&) {
    if (why)
      *why = "a loop bound coefficient does not fit in 64 bits";
    return std::nullopt;
  }
}

namespace {

bool constantBound(const NumericAffine& f)
{
  return std::all_of(f.coef.begin(), f.coef.end(), [](std::int64_t c) { return c == 0; });
}

/// The iterations of levels 0..count-1 when none of their bounds follows
/// another loop (a box): the product of their trip counts, without the
/// symbolic sum (which a sweep over N would redo at every point).
std::optional<symbolic::PointCount> boxCount(const IterationSpace& space, int count)
{
  symbolic::PointCount c{1, 1};
  WideInt product = 1;
  for (int k = 0; k < count; ++k) {
    const auto& level = space.levels()[k];
    if (!constantBound(level.lower) || !constantBound(level.upper))
      return std::nullopt;
    const auto trips = tripCount(level.lower.constant, level.upper.constant, level.step);
    c.value *= static_cast<double>(trips);
    if (__builtin_mul_overflow(product, static_cast<WideInt>(trips), &product) || !fitsInt64(product))
      product = -1; // stays negative: beyond 64 bits
  }
  c.exact = product >= 0 ? std::optional<std::int64_t>(static_cast<std::int64_t>(product)) : std::nullopt;
  return c;
}

} // namespace

std::optional<double> countIterations(const IterationSpace& space, std::string* why)
{
  if (const auto box = boxCount(space, space.depth()))
    return box->value;
  auto loops = loopSystem(space, why);
  if (!loops)
    return std::nullopt;
  auto c = symbolic::countPoints(loops->system, {}, why);
  if (!c)
    return std::nullopt;
  return c->value;
}

namespace {

/// The systems whose signed counts sum to the iterations of levels
/// 0..levels-1 of `space` where the guards on those levels hold: the
/// comparisons added as rows, each `.NE.` by inclusion-exclusion over its
/// equality (parts[0] keeps them all, sign +1). `base` is the system without
/// guards. Guards on deeper levels are left out. nullopt as
/// guardedIterationShare.
struct GuardedSystems {
  LoopSystem base;
  std::vector<std::pair<symbolic::IntegerSystem, int>> parts;
};

std::optional<GuardedSystems> guardedSystems(const IterationSpace& space,
                                             const std::vector<symbolic::AffineCondition>& guards,
                                             const symbolic::Bindings& values, int levels)
{
  using Relation = symbolic::AffineCondition::Relation;
  auto loops = loopSystem(space, nullptr);
  if (!loops)
    return std::nullopt;
  GuardedSystems out;
  out.base.loopValue = loops->loopValue;
  const int vars = loops->system.variables;
  const auto outer = [&](const std::vector<std::int64_t>& coef) {
    return std::all_of(coef.begin() + std::min<std::ptrdiff_t>(levels, vars), coef.end(), [](auto c) { return c == 0; });
  };
  out.base.system.variables = std::min(levels, vars);
  for (const auto& row : loops->system.constraints)
    if (outer(row.coef))
      out.base.system.atLeastZero({row.coef.begin(), row.coef.begin() + out.base.system.variables}, row.constant);
  auto kept = out.base.system;
  std::vector<std::pair<std::vector<std::int64_t>, std::int64_t>> unequal; // h = 0 excluded
  try {
    for (const auto& g : guards) {
      symbolic::EvaluationError error;
      const auto f = space.numeric(g.form, values, "a guard", &error);
      if (!f)
        return std::nullopt;
      const auto h = composeLoops(*f, loops->loopValue, vars); // the guard is h REL 0
      auto coef = h.coefVector();
      if (!outer(coef))
        continue; // a deeper level's: not this count's
      coef.resize(static_cast<std::size_t>(kept.variables));
      switch (g.relation) {
      case Relation::Lt: kept.between(coef, h.constant, std::nullopt, -1); break;
      case Relation::Le: kept.between(coef, h.constant, std::nullopt, 0); break;
      case Relation::Gt: kept.between(coef, h.constant, 1, std::nullopt); break;
      case Relation::Ge: kept.between(coef, h.constant, 0, std::nullopt); break;
      case Relation::Eq: kept.between(coef, h.constant, 0, 0); break;
      case Relation::Ne: unequal.emplace_back(std::move(coef), h.constant); break;
      }
    }
  } catch (const std::overflow_error&) {
    return std::nullopt;
  }
  if (unequal.size() > 3)
    return std::nullopt;
  for (unsigned subset = 0; subset < (1u << unequal.size()); ++subset) {
    auto part = kept;
    int sign = 1;
    for (std::size_t k = 0; k < unequal.size(); ++k)
      if (subset & (1u << k)) {
        part.between(unequal[k].first, unequal[k].second, 0, 0);
        sign = -sign;
      }
    out.parts.emplace_back(std::move(part), sign);
  }
  return out;
}

} // namespace

std::optional<double> guardedIterationShare(const IterationSpace& space,
                                            const std::vector<symbolic::AffineCondition>& guards,
                                            const symbolic::Bindings& values, int levels)
{
  const auto systems = guardedSystems(space, guards, values, levels < 0 ? space.depth() : levels);
  if (!systems)
    return std::nullopt;
  const auto total = symbolic::countPoints(systems->base.system);
  if (!total || total->value <= 0)
    return std::nullopt;
  double inside = 0;
  for (const auto& [part, sign] : systems->parts) {
    const auto c = symbolic::countPoints(part);
    if (!c)
      return std::nullopt;
    inside += sign * c->value;
  }
  return std::clamp(inside / total->value, 0.0, 1.0);
}

namespace {

/// The iterations of levels 0..count-1 counted in closed form (nullopt
/// when the count fails).
std::optional<symbolic::PointCount> countOuter(const IterationSpace& space, int count)
{
  if (count > 0)
    if (auto box = boxCount(space, count))
      return box;
  auto loops = count > 0 ? loopSystem(space, nullptr) : std::nullopt;
  if (!loops)
    return std::nullopt;
  symbolic::IntegerSystem outer; // the rows of a level hold its own variable and outer ones only
  outer.variables = count;
  for (const auto& row : loops->system.constraints)
    if (std::all_of(row.coef.begin() + count, row.coef.end(), [](auto c) { return c == 0; }))
      outer.atLeastZero({row.coef.begin(), row.coef.begin() + count}, row.constant);
  return symbolic::countPoints(outer);
}

} // namespace

double outerIterations(const IterationSpace& space, int count)
{
  if (count == 0)
    return 1;
  if (const auto c = countOuter(space, count))
    return c->value;
  std::vector<std::int64_t> first;
  return static_cast<double>(space.outerCount(count, &first));
}

std::int64_t countOuterIterations(const IterationSpace& space, int count, std::vector<std::int64_t>* first)
{
  if (count == 0) { // no outer loop: one instance (the walk's, without its std::function and buffers)
    first->assign(static_cast<std::size_t>(space.depth()), 0);
    return 1;
  }
  const auto c = countOuter(space, count);
  if (!c)
    return space.outerCount(count, first);
  // Beyond 2^63 iterations a walk would never end: saturate instead.
  const auto total = c->exact ? *c->exact : std::numeric_limits<std::int64_t>::max();
  if (total == 0) {
    first->assign(static_cast<std::size_t>(space.depth()), 0);
    return 0;
  }
  space.firstOuter(count, first);
  return total;
}

namespace {

/// countOwnedIterations over `loops` (the space's system, or a part of it).
std::optional<std::vector<double>> countOwnedIn(const LoopSystem* loops, const ReferencePlan* owner,
                                                const mapping::Mapping& mapping, std::string* why)
{
  const auto procs = mapping.procs.count();
  std::vector<OwnerDimension> dims;
  for (int pd = 0; owner && pd < mapping.procs.rank(); ++pd) {
    const auto f = templateIndex(*owner, mapping, pd);
    if (f.defined)
      dims.push_back({pd, f.index, f.dist});
  }
  std::vector<double> work(static_cast<std::size_t>(procs), 0.0);
  try {
    OwnedCounter counter(*loops, dims);
    std::vector<std::int64_t> coords(dims.size(), 0), all(static_cast<std::size_t>(mapping.procs.rank()), -1);
    while (true) { // every combination of the owner dimensions' coordinates
      const double n = counter.count(coords, why);
      for (std::size_t d = 0; d < dims.size(); ++d)
        all[dims[d].pd] = coords[d];
      if (n != 0)
        forEachProcessor(mapping.procs, all.data(), [&](std::int64_t p) { work[p] += n; });
      std::size_t d = 0;
      while (d < dims.size() && ++coords[d] == dims[d].dist->procs())
        coords[d++] = 0;
      if (d == dims.size())
        break;
    }
  } catch (const std::overflow_error& e) {
    if (why)
      *why = e.what();
    return std::nullopt;
  } catch (const std::string&) {
    return std::nullopt; // `why` was set by the count
  }
  return work;
}

} // namespace

std::optional<std::vector<double>> countOwnedIterations(const IterationSpace& space, const ReferencePlan* owner,
                                                        const mapping::Mapping& mapping, std::string* why)
{
  auto loops = loopSystem(space, why);
  if (!loops)
    return std::nullopt;
  return countOwnedIn(&*loops, owner, mapping, why);
}

std::optional<std::vector<double>> countGuardedOwnedIterations(const IterationSpace& space, const ReferencePlan* owner,
                                                               const mapping::Mapping& mapping,
                                                               const std::vector<symbolic::AffineCondition>& guards,
                                                               const symbolic::Bindings& values)
{
  const auto systems = guardedSystems(space, guards, values, space.depth());
  if (!systems)
    return std::nullopt;
  std::vector<double> work(static_cast<std::size_t>(mapping.procs.count()), 0.0);
  for (const auto& [part, sign] : systems->parts) {
    const LoopSystem loops{part, systems->base.loopValue};
    const auto counted = countOwnedIn(&loops, owner, mapping, nullptr);
    if (!counted)
      return std::nullopt;
    for (std::size_t p = 0; p < work.size(); ++p)
      work[p] += sign * (*counted)[p];
  }
  return work;
}

} // namespace ps::estimate

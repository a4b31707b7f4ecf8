#include "estimate/triangle-exchange.h"

#include "support/integer-division.h"
#include "support/wide-int.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <tuple>

namespace ps::estimate {
namespace {

constexpr std::int64_t kForever = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMaxRuns = std::int64_t{1} << 22;        // runs of one axis's key
constexpr std::int64_t kMaxKeyPairs = std::int64_t{1} << 22;    // (outer key, inner key) counts kept
constexpr std::int64_t kMaxSteps = std::int64_t{1} << 27;       // (outer run, inner key) sums
constexpr std::int64_t kMaxOccurrences = std::int64_t{1} << 16; // a wide band's runs, listed one by one

struct Refused {
  std::string why;
};

std::int64_t narrow(WideInt v)
{
  if (!fitsInt64(v))
    throw Refused{"a count does not fit in 64 bits"};
  return static_cast<std::int64_t>(v);
}

std::int64_t coefAt(const NumericAffine& f, int k)
{
  return k < static_cast<int>(f.coef.size()) ? f.coef[k] : 0;
}

/// f's constant with the levels 0..count-1 at `outer`.
std::int64_t fixedPart(const NumericAffine& f, int count, const std::vector<std::int64_t>& outer)
{
  WideInt s = f.constant;
  for (int k = 0; k < count; ++k)
    s += WideInt{coefAt(f, k)} * outer[static_cast<std::size_t>(k)];
  return narrow(s);
}

/// The owner of template index c + a*x as x = 0, 1, ... walks an axis.
struct Track {
  const mapping::DimensionDistribution* dist = nullptr;
  std::int64_t c = 0, a = 0;
  bool exec = false; // the executing reference's (a destination's coordinate), else the read's
  int pd = 0;

  std::int64_t owner(std::int64_t x) const { return dist->owner(c + a * x); }

  /// The first x' > x whose owner may differ from x's (kForever: none).
  std::int64_t next(std::int64_t x) const
  {
    const auto index = c + a * x;
    if (a > 0) {
      const auto end = dist->runEnd(index);
      return end == kForever ? kForever : floorDiv(end - c, a) + 1;
    }
    const auto start = dist->runStart(index);
    return start == std::numeric_limits<std::int64_t>::min() ? kForever : ceilDiv(c - start + 1, -a);
  }

  /// The owners' period in x: 1 when they never change, 0 when they never
  /// repeat (BLOCK).
  std::int64_t period() const
  {
    const auto kind = dist->format().kind;
    if (kind == mapping::FormatKind::Collapsed || dist->procs() == 1)
      return 1;
    if (kind == mapping::FormatKind::Block)
      return 0;
    const auto cycle = dist->procs() * dist->blockSize();
    return cycle / std::gcd(std::llabs(a), cycle);
  }
};

struct Run {
  std::int64_t first = 0, last = 0, key = 0;
};

/// The tracks that follow one loop: their owners as one key (mixed radix),
/// walked in runs.
class Axis {
public:
  explicit Axis(std::int64_t length) : m_length(length) {}

  void add(const Track& t)
  {
    // outside the template the owner is the nearest bound's: no period, no run arithmetic
    const auto first = t.c, last = t.c + t.a * (m_length - 1);
    if (std::min(first, last) < t.dist->lower() || std::max(first, last) > t.dist->upper())
      throw Refused{"a template index leaves its template"};
    m_stride.push_back(m_keys);
    m_keys = narrow(WideInt{m_keys} * t.dist->procs());
    m_tracks.push_back(t);
  }

  std::int64_t length() const { return m_length; }
  /// True when an executing reference's owner follows this loop.
  bool hasExec() const
  {
    return std::any_of(m_tracks.begin(), m_tracks.end(), [](const Track& t) { return t.exec; });
  }

  std::int64_t key(std::int64_t x) const
  {
    std::int64_t k = 0;
    for (std::size_t i = 0; i < m_tracks.size(); ++i)
      k += m_tracks[i].owner(x) * m_stride[i];
    return k;
  }

  /// The common period of the owners, 0 when they do not repeat within
  /// the axis.
  std::int64_t period() const
  {
    std::int64_t p = 1;
    for (const auto& t : m_tracks) {
      const auto q = t.period();
      if (q == 0)
        return 0;
      p = p / std::gcd(p, q) * q;
      if (p >= m_length)
        return 0;
    }
    return p;
  }

  /// The runs of constant key over x in [0, end).
  std::vector<Run> runs(std::int64_t end) const
  {
    std::vector<Run> out;
    for (std::int64_t x = 0; x < end;) {
      auto next = end;
      for (const auto& t : m_tracks)
        next = std::min(next, t.next(x));
      const auto k = key(x);
      if (!out.empty() && out.back().key == k)
        out.back().last = next - 1;
      else
        out.push_back({x, next - 1, k});
      if (static_cast<std::int64_t>(out.size()) > kMaxRuns)
        throw Refused{"the owners change too often along a loop"};
      x = next;
    }
    return out;
  }

  /// Writes key's owner coordinates into `dest` (the executing tracks') and
  /// `source` (the read's).
  void decode(std::int64_t key, std::int64_t* dest, std::int64_t* source) const
  {
    for (std::size_t i = 0; i < m_tracks.size(); ++i) {
      const auto& t = m_tracks[i];
      (t.exec ? dest : source)[t.pd] = key / m_stride[i] % t.dist->procs();
    }
  }

private:
  std::int64_t m_length;
  std::int64_t m_keys = 1;
  std::vector<Track> m_tracks;
  std::vector<std::int64_t> m_stride;
};

/// The distinct keys of `runs`, sorted; a run's index into them by lookup.
struct KeyIndex {
  std::vector<std::int64_t> keys;
  KeyIndex() = default;
  explicit KeyIndex(const std::vector<Run>& runs)
  {
    for (const auto& r : runs)
      keys.push_back(r.key);
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  }
  std::size_t of(std::int64_t key) const
  {
    return static_cast<std::size_t>(std::lower_bound(keys.begin(), keys.end(), key) - keys.begin());
  }
};

/// Along the inner axis (offsets u = v - V0), per key: g(u), the offsets in
/// [0, u-1] the key owns, and S(u) = g(0) + ... + g(u), from the key's runs
/// in one period B (or over the whole hull when the owners do not repeat):
/// with c owned per period, g(u + B) = g(u) + c, so both are closed forms.
class InnerCounts {
public:
  InnerCounts(const Axis& axis) : m_period(axis.period()), m_base(m_period ? m_period : axis.length())
  {
    const auto runs = axis.runs(m_base);
    keys = KeyIndex(runs);
    m_runs.resize(keys.keys.size());
    for (const auto& r : runs) {
      auto& list = m_runs[keys.of(r.key)];
      const auto before = list.empty() ? Prefix{} : list.back().after();
      list.push_back({r.first, r.last, before.count, before.sum});
    }
  }

  KeyIndex keys; // the inner keys, sorted

  bool periodic() const { return m_period > 0; }
  std::int64_t base() const { return m_base; }
  /// Offsets key q owns per period.
  std::int64_t perPeriod(std::size_t q) const { return m_runs[q].empty() ? 0 : m_runs[q].back().after().count; }

  /// g(u) for u >= 0.
  WideInt owned(std::size_t q, std::int64_t u) const
  {
    if (!periodic())
      return upTo(q, u - 1).count;
    const auto periods = u / m_base;
    return WideInt{periods} * perPeriod(q) + upTo(q, u % m_base - 1).count;
  }

  /// S(u) for u >= -1 (S(-1) = 0).
  WideInt runningSum(std::size_t q, std::int64_t u) const
  {
    if (u < 0)
      return 0;
    if (!periodic())
      return withinBase(q, u);
    const WideInt periods = u / m_base, rest = u % m_base, c = perPeriod(q);
    return periods * withinBase(q, m_base - 1) + c * m_base * periods * (periods - 1) / 2 +
           withinBase(q, static_cast<std::int64_t>(rest)) + (rest + 1) * periods * c;
  }

private:
  struct Prefix {
    WideInt count = 0, sum = 0; // owned offsets and their sum
  };
  struct KeyRun {
    std::int64_t first = 0, last = 0;
    WideInt countBefore = 0, sumBefore = 0;
    Prefix after() const { return upTo(last); }
    Prefix upTo(std::int64_t y) const // with this run cut at y >= first
    {
      const auto end = std::min(y, last);
      const WideInt n = end - first + 1;
      return {countBefore + n, sumBefore + n * (WideInt{first} + end) / 2};
    }
  };

  /// The offsets in [0, y] key q owns, and their sum (y within the base).
  Prefix upTo(std::size_t q, std::int64_t y) const
  {
    const auto& list = m_runs[q];
    auto it =
        std::upper_bound(list.begin(), list.end(), y, [](std::int64_t v, const KeyRun& r) { return v < r.first; });
    if (it == list.begin())
      return {};
    return std::prev(it)->upTo(y);
  }

  /// g(0) + ... + g(r) = sum over owned w <= r-1 of (r - w).
  WideInt withinBase(std::size_t q, std::int64_t r) const
  {
    const auto p = upTo(q, r - 1);
    return p.count * r - p.sum;
  }

  std::int64_t m_period, m_base;
  std::vector<std::vector<KeyRun>> m_runs; // per key, in order
};

/// low(s) or high(s) of the inner range at outer trip s: c0 + slope*s.
struct Line {
  std::int64_t c0 = 0, slope = 0;
  std::int64_t at(std::int64_t s) const { return narrow(WideInt{c0} + WideInt{slope} * s); }
};

class TriangleExchange {
public:
  TriangleExchange(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read, int placement,
                   const std::vector<std::int64_t>& outer, const mapping::Mapping& mapping)
    : m_mapping(mapping), m_rank(mapping.procs.rank())
  {
    // a replicated executor (x(i) = x(i) - l(i,j)*x(j) with x on every processor): every coordinate along every
    // processors dimension executes each iteration, as along the dimensions a grid copy is replicated on
    static const ReferencePlan everyProcessor; // no map
    if (!exec || !exec->map)
      exec = &everyProcessor;
    m_placement = placement;
    walkedLevels(space, *exec, read);
    if (!ranges(space, outer))
      return;
    elementsOf(read);
    tracks(space, *exec, read, outer);
  }

  /// The messages into each destination in turn, by source (see
  /// forEachTrianglePair). When the executing owners follow one loop only,
  /// a destination's counts are those of its keys on that loop against
  /// every key of the other, computed and visited one destination at a
  /// time; otherwise every count is kept until all are done. Where the
  /// executing reference is replicated along some processors dimensions,
  /// each key's counts serve every combination of those coordinates, and
  /// are kept.
  void visit(FunctionRef<void(std::span<const PairTraffic>)> visitor)
  {
    if (m_empty)
      return;
    const InnerCounts inner(*m_innerAxis);
    m_repeat = repeatOf(inner);
    const auto runs = m_outerAxis->runs(m_repeat > 0 ? m_repeat : m_trips);
    const KeyIndex outerKeys(runs);
    const auto innerKeys = inner.keys.keys.size();
    const auto keyCount = [](std::size_t n) { return static_cast<std::int64_t>(n); };
    if (WideInt{keyCount(runs.size())} * keyCount(innerKeys) > kMaxSteps)
      throw Refused{"the owner tables exceed their budget"};
    const Counter counter(*this, inner, runs, outerKeys);
    // every coordinate along the free dimensions executes: the counts repeat, so keep them
    std::vector<std::int64_t> kept;
    const bool bothSides = m_innerAxis->hasExec() && m_outerAxis->hasExec();
    if (bothSides || m_freeCombos > 1) {
      if (WideInt{keyCount(outerKeys.keys.size())} * keyCount(innerKeys) * (bothSides ? m_freeCombos : 1) >
          kMaxKeyPairs)
        throw Refused{"too many owner pairs"};
      for (std::size_t tk = 0; tk < outerKeys.keys.size(); ++tk)
        for (std::size_t vk = 0; vk < innerKeys; ++vk)
          kept.push_back(counter.elements(tk, vk));
    }
    const auto elements = [&](std::size_t tk, std::size_t vk) {
      return kept.empty() ? counter.elements(tk, vk) : kept[tk * innerKeys + vk];
    };
    std::vector<PairTraffic> into;
    if (!bothSides) { // one side's keys and the free coordinates name the destination
      const bool byOuter = !m_innerAxis->hasExec();
      const auto& mine = byOuter ? outerKeys.keys : inner.keys.keys;
      const auto& theirs = byOuter ? inner.keys.keys : outerKeys.keys;
      std::vector<std::tuple<std::int64_t, std::size_t, std::int64_t>> order; // (destination, key, free)
      for (std::size_t k = 0; k < mine.size(); ++k)
        for (std::int64_t f = 0; f < m_freeCombos; ++f)
          order.push_back({destinationOf(byOuter ? mine[k] : 0, byOuter ? 0 : mine[k], f), k, f});
      std::sort(order.begin(), order.end());
      for (std::size_t g = 0; g < order.size();) {
        into.clear();
        auto h = g;
        for (; h < order.size() && std::get<0>(order[h]) == std::get<0>(order[g]); ++h)
          for (std::size_t other = 0; other < theirs.size(); ++other) {
            const auto [to, key, free] = order[h];
            const auto tk = byOuter ? key : other, vk = byOuter ? other : key;
            addPair(outerKeys.keys[tk], inner.keys.keys[vk], free, elements(tk, vk), into);
          }
        flush(into, visitor);
        g = h;
      }
      return;
    }
    for (std::int64_t f = 0; f < m_freeCombos; ++f)
      for (std::size_t tk = 0; tk < outerKeys.keys.size(); ++tk)
        for (std::size_t vk = 0; vk < innerKeys; ++vk)
          addPair(outerKeys.keys[tk], inner.keys.keys[vk], f, elements(tk, vk), into);
    std::sort(into.begin(), into.end(),
              [](const auto& a, const auto& b) { return std::tie(a.to, a.from) < std::tie(b.to, b.from); });
    for (std::size_t i = 0; i < into.size();) {
      auto j = i;
      while (j < into.size() && into[j].to == into[i].to)
        ++j;
      visitor(std::span<const PairTraffic>(into.data() + i, j - i));
      i = j;
    }
  }

private:
  /// The two walked loops the count runs over, the inner one's range
  /// following the outer one; every other walked loop must be a selector.
  void walkedLevels(const IterationSpace& space, const ReferencePlan& exec, const ReferencePlan& read)
  {
    std::vector<int> rest;
    m_selector.assign(static_cast<std::size_t>(space.depth()), false);
    for (int k = m_placement; k < space.depth(); ++k)
      if (selects(space, exec, read, k))
        m_selector[static_cast<std::size_t>(k)] = true;
      else
        rest.push_back(k);
    if (rest.size() != 2)
      throw Refused{"not two walked loops besides those only the executing owners follow"};
    m_outer = rest[0];
    m_inner = rest[1];
  }

  /// A selector: a walked loop whose range follows no walked loop and no
  /// walked loop's range follows, that the read's subscripts do not name,
  /// and that each executing template index naming it names alone (trsm's
  /// DO J over the right-hand sides in B(I,J) = B(I,J) - A(I,K)*B(K,J), read
  /// A(I,K)): it only chooses which coordinates execute, each reading the
  /// same elements.
  bool selects(const IterationSpace& space, const ReferencePlan& exec, const ReferencePlan& read, int k) const
  {
    const auto& levels = space.levels();
    for (int j = m_placement; j < space.depth(); ++j) {
      const auto& l = levels[static_cast<std::size_t>(j)];
      if (j != k && (coefAt(l.lower, k) != 0 || coefAt(l.upper, k) != 0))
        return false;
      if (j != k && (coefAt(levels[static_cast<std::size_t>(k)].lower, j) != 0 ||
                     coefAt(levels[static_cast<std::size_t>(k)].upper, j) != 0))
        return false;
    }
    for (const auto& sub : read.subscripts)
      if (coefAt(sub, k) != 0)
        return false;
    for (int pd = 0; pd < m_rank; ++pd) {
      const auto e = templateIndex(exec, m_mapping, pd);
      if (!e.defined || coefAt(e.index, k) == 0)
        continue;
      for (int j = m_placement; j < space.depth(); ++j)
        if (j != k && coefAt(e.index, j) != 0)
          return false;
    }
    return true;
  }

  /// The coordinates that own some value of executing template index `t`
  /// along selector level k (its only walked loop).
  std::vector<std::int64_t> selectedCoordinates(const IterationSpace& space, const TemplateIndex& t, int k,
                                                const std::vector<std::int64_t>& outer) const
  {
    std::int64_t first = 0, last = 0;
    if (!space.range(k, outer, &first, &last))
      return {};
    const auto step = space.levels()[static_cast<std::size_t>(k)].step;
    const auto c0 = fixedPart(t.index, m_placement, outer), a = coefAt(t.index, k);
    Axis axis((last - first) / step + 1);
    axis.add({t.dist, narrow(WideInt{c0} + WideInt{a} * first), narrow(WideInt{a} * step), true, 0});
    const auto period = axis.period();
    std::vector<std::int64_t> coords;
    for (const auto& r : axis.runs(period > 0 ? period : axis.length()))
      coords.push_back(r.key);
    std::sort(coords.begin(), coords.end());
    coords.erase(std::unique(coords.begin(), coords.end()), coords.end());
    return coords;
  }

  /// The outer loop's trips where the inner range has a value (an affine
  /// condition on the trip: an interval), and the range's ends as lines
  /// in the trip. False when no trip runs.
  bool ranges(const IterationSpace& space, const std::vector<std::int64_t>& outer)
  {
    const auto& levels = space.levels();
    const auto& in = levels[static_cast<std::size_t>(m_inner)];
    if (std::llabs(in.step) != 1)
      throw Refused{"the inner loop's step is not 1"};
    std::int64_t first = 0, last = 0;
    const auto stepT = levels[static_cast<std::size_t>(m_outer)].step;
    m_empty = !space.range(m_outer, outer, &first, &last);
    if (m_empty)
      return false;
    auto trips = (last - first) / stepT + 1;
    const auto line = [&](const NumericAffine& bound) {
      const auto c = coefAt(bound, m_outer);
      return Line{narrow(WideInt{fixedPart(bound, m_placement, outer)} + WideInt{c} * first),
                  narrow(WideInt{c} * stepT)};
    };
    m_low = line(in.lower);
    m_high = line(in.upper);
    if (in.step < 0) // runs from its upper bound down to its lower one
      std::swap(m_low, m_high);
    // high(s) - low(s) >= 0: an interval of trips
    const Line size{narrow(WideInt{m_high.c0} - m_low.c0), narrow(WideInt{m_high.slope} - m_low.slope)};
    std::int64_t s0 = 0, s1 = trips - 1;
    if (size.slope > 0)
      s0 = std::max(s0, ceilDiv(-size.c0, size.slope));
    else if (size.slope < 0)
      s1 = std::min(s1, floorDiv(size.c0, -size.slope));
    else if (size.c0 < 0)
      s1 = -1;
    m_empty = s0 > s1;
    if (m_empty)
      return false;
    m_low.c0 = m_low.at(s0);
    m_high.c0 = m_high.at(s0);
    m_firstTrip = narrow(WideInt{first} + WideInt{s0} * stepT);
    m_stepT = stepT;
    m_trips = s1 - s0 + 1;
    m_v0 = std::min(m_low.at(0), m_low.at(m_trips - 1));
    m_hullSize = narrow(WideInt{std::max(m_high.at(0), m_high.at(m_trips - 1))} - m_v0 + 1);
    return true;
  }

  /// Distinct per iteration (counted as iterations), or following the
  /// inner loop alone (counted as the union of each processor's ranges).
  void elementsOf(const ReferencePlan& read)
  {
    // each iteration its own element where two subscripts are independent in the two loops (a non-zero 2x2
    // determinant): each loop driving one alone, or the band storage's AB(KU+1+I-J, J)
    const auto distinct = [&] {
      for (const auto& a : read.subscripts)
        for (const auto& b : read.subscripts)
          if (coefAt(a, m_outer) * coefAt(b, m_inner) != coefAt(a, m_inner) * coefAt(b, m_outer))
            return true;
      return false;
    };
    if (distinct()) {
      if (std::llabs(m_low.slope) > 1 || std::llabs(m_high.slope) > 1)
        throw Refused{"the inner range moves by more than one per outer trip"};
      return;
    }
    bool inner = false;
    for (const auto& sub : read.subscripts) {
      if (coefAt(sub, m_outer) != 0)
        throw Refused{"the read's elements follow both loops but are not distinct"};
      inner = inner || coefAt(sub, m_inner) != 0;
    }
    m_band = m_low.slope != 0 && m_low.slope == m_high.slope;
    // a run's ranges are one interval only where each trip's range reaches the next one's
    if (m_band && std::llabs(m_low.slope) > m_high.c0 - m_low.c0 + 1)
      throw Refused{"a band that moves by more than its width per outer trip"};
    if (!inner || (m_low.slope != 0 && m_high.slope != 0 && !m_band))
      throw Refused{"the read's elements are not distinct per iteration and the ranges neither nested nor a band"};
    m_hull = true;
  }

  void tracks(const IterationSpace& space, const ReferencePlan& exec, const ReferencePlan& read,
              const std::vector<std::int64_t>& outer)
  {
    m_outerAxis.emplace(m_trips);
    m_innerAxis.emplace(m_hullSize);
    m_fixedDest.assign(static_cast<std::size_t>(m_rank), 0);
    m_fixedSource.assign(static_cast<std::size_t>(m_rank), 0);
    m_sourceIsDest.assign(static_cast<std::size_t>(m_rank), false);
    std::vector<int> selectorsUsed;
    for (int pd = 0; pd < m_rank; ++pd) {
      const auto e = templateIndex(exec, m_mapping, pd);
      const auto selector = e.defined ? selectorOf(e.index) : -1;
      if (selector >= 0 && std::find(selectorsUsed.begin(), selectorsUsed.end(), selector) != selectorsUsed.end())
        throw Refused{"two processors dimensions follow one selector loop"}; // only their diagonal executes
      if (selector >= 0)
        selectorsUsed.push_back(selector);
      if (e.defined && selector < 0) {
        place(e, true, pd, outer, m_fixedDest);
      } else { // replicated along pd, or a selector's: each of these coordinates executes the iteration
        auto& free = m_free.emplace_back();
        free.pd = pd;
        if (e.defined)
          free.coords = selectedCoordinates(space, e, selector, outer);
        else
          for (std::int64_t c = 0; c < m_mapping.procs.shape[static_cast<std::size_t>(pd)]; ++c)
            free.coords.push_back(c);
        m_freeCombos = narrow(WideInt{m_freeCombos} * static_cast<std::int64_t>(free.coords.size()));
      }
      const auto r = templateIndex(read, m_mapping, pd);
      if (r.defined)
        place(r, false, pd, outer, m_fixedSource);
      else
        m_sourceIsDest[static_cast<std::size_t>(pd)] = true; // a copy on every coordinate: read the own one
    }
  }

  /// The selector level a template index follows, -1 for none.
  int selectorOf(const NumericAffine& index) const
  {
    for (std::size_t k = 0; k < m_selector.size(); ++k)
      if (m_selector[k] && coefAt(index, static_cast<int>(k)) != 0)
        return static_cast<int>(k);
    return -1;
  }

  void place(const TemplateIndex& t, bool exec, int pd, const std::vector<std::int64_t>& outer,
             std::vector<std::int64_t>& fixed)
  {
    const auto c0 = fixedPart(t.index, m_placement, outer);
    const auto a = coefAt(t.index, m_outer), b = coefAt(t.index, m_inner);
    if (a != 0 && b != 0)
      throw Refused{"a template index follows both loops"};
    if (a != 0)
      m_outerAxis->add(
          {t.dist, narrow(WideInt{c0} + WideInt{a} * m_firstTrip), narrow(WideInt{a} * m_stepT), exec, pd});
    else if (b != 0)
      m_innerAxis->add({t.dist, narrow(WideInt{c0} + WideInt{b} * m_v0), b, exec, pd});
    else
      fixed[static_cast<std::size_t>(pd)] = t.dist->owner(c0);
  }

  /// The common period L of both sides' owners when it repeats within the
  /// outer trips (each run of one period then stands for itself L, 2L, ...
  /// trips later), 0 when it does not: the outer owners' period, made a
  /// multiple of the inner one's where the ranges move (a later repeat
  /// reads ranges shifted by whole inner periods).
  std::int64_t repeatOf(const InnerCounts& inner) const
  {
    const auto period = m_outerAxis->period();
    if (period == 0 || (m_hull && !m_band) || (m_low.slope == 0 && m_high.slope == 0))
      return period;
    if (!inner.periodic())
      return 0;
    const WideInt l = WideInt{period} / std::gcd(period, inner.base()) * inner.base();
    return l < m_trips ? static_cast<std::int64_t>(l) : 0;
  }

  /// Iterations of outer run r (and its repeats) whose inner values key q
  /// owns: the sum over its trips of those in [low(s), high(s)].
  WideInt runElements(const InnerCounts& inner, const Run& r, std::size_t q) const
  {
    const auto [full, partial] = repeats(r);
    WideInt n = 0;
    if (full > 0) {
      n += WideInt{full} * trips(inner, q, r.first, r.last);
      if (full > 1) // each repeat shifts the range by slope * L values: L / B periods each
        n += WideInt{r.last - r.first + 1} * (m_high.slope - m_low.slope) * (m_repeat / inner.base()) *
             inner.perPeriod(q) * full * (full - 1) / 2;
    }
    if (partial.first <= partial.last)
      n += trips(inner, q, partial.first, partial.last);
    return n;
  }

  /// The elements of each (outer key, inner key): iterations, summed over
  /// the outer key's runs; or distinct values, those of the union of its
  /// trips' ranges (nested: the range at its first or last trip).
  class Counter {
  public:
    Counter(const TriangleExchange& x, const InnerCounts& inner, const std::vector<Run>& runs, const KeyIndex& keys)
      : m_x(x), m_inner(inner), m_runs(runs), m_byKey(keys.keys.size()), m_first(keys.keys.size(), kForever),
        m_last(keys.keys.size(), -1)
    {
      for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto k = keys.of(runs[i].key);
        m_byKey[k].push_back(i);
        const auto [full, partial] = x.repeats(runs[i]);
        m_first[k] = std::min(m_first[k], runs[i].first);
        m_last[k] =
            std::max(m_last[k], partial.first <= partial.last ? partial.last : runs[i].last + (full - 1) * x.m_repeat);
      }
      if (x.m_band)
        for (std::size_t k = 0; k < m_byKey.size(); ++k)
          m_bands.push_back(band(k));
    }

    std::int64_t elements(std::size_t tk, std::size_t q) const
    {
      WideInt n = 0;
      if (m_x.m_band) {
        const auto& b = m_bands[tk];
        for (const auto& [lo, hi] : b.repeated)
          n += WideInt{b.repeats} * owned(q, lo, hi);
        for (const auto& [lo, hi] : b.trailing)
          n += owned(q, lo, hi);
      } else if (m_x.m_hull) {
        n = owned(q, std::min(m_x.m_low.at(m_first[tk]), m_x.m_low.at(m_last[tk])),
                  std::max(m_x.m_high.at(m_first[tk]), m_x.m_high.at(m_last[tk])));
      } else {
        for (const auto i : m_byKey[tk])
          n += m_x.runElements(m_inner, m_runs[i], q);
      }
      return narrow(n);
    }

  private:
    using Intervals = std::vector<std::pair<std::int64_t, std::int64_t>>;
    /// The values an outer key's trips read along a band: the union of
    /// its runs' ranges in the first period, the same in each of the
    /// `repeats` periods all its runs have (shifted by whole inner periods:
    /// the same owned values), then the trailing repeats and cut runs.
    struct Band {
      Intervals repeated, trailing;
      std::int64_t repeats = 1;
    };

    /// Values in [lo, hi] key q owns.
    WideInt owned(std::size_t q, std::int64_t lo, std::int64_t hi) const
    {
      return m_x.ownedBelow(m_inner, q, hi + 1) - m_x.ownedBelow(m_inner, q, lo);
    }

    /// The range read over trips [a, b]: the ends move alike, by at most
    /// the range's width plus one a trip (elementsOf), so the trips' ranges
    /// make one interval.
    std::pair<std::int64_t, std::int64_t> rangeOver(std::int64_t a, std::int64_t b) const
    {
      return {std::min(m_x.m_low.at(a), m_x.m_low.at(b)), std::max(m_x.m_high.at(a), m_x.m_high.at(b))};
    }

    static Intervals merged(Intervals v)
    {
      std::sort(v.begin(), v.end());
      Intervals out;
      for (const auto& i : v)
        if (!out.empty() && i.first <= out.back().second + 1)
          out.back().second = std::max(out.back().second, i.second);
        else
          out.push_back(i);
      return out;
    }

    /// The union of every run of key k in every repeat, merged: where the
    /// repeats of a band overlap and their union has gaps (a run of CYCLIC(k)
    /// cut by the period's start), within a budget of occurrences.
    Band everyOccurrence(std::size_t k) const
    {
      Band b;
      for (const auto i : m_byKey[k]) {
        const auto& r = m_runs[i];
        const auto [full, partial] = m_x.repeats(r);
        if (static_cast<std::int64_t>(b.trailing.size()) + full > kMaxOccurrences)
          throw Refused{"a band wider than the owners' common period, over too many periods"};
        for (std::int64_t j = 0; j < full; ++j)
          b.trailing.push_back(rangeOver(r.first + j * m_x.m_repeat, r.last + j * m_x.m_repeat));
        if (partial.first <= partial.last)
          b.trailing.push_back(rangeOver(partial.first, partial.last));
      }
      b.trailing = merged(b.trailing);
      return b;
    }

    Band band(std::size_t k) const
    {
      Band b;
      b.repeats = kForever;
      for (const auto i : m_byKey[k])
        b.repeats = std::min(b.repeats, m_x.repeats(m_runs[i]).first);
      Intervals first, trailing;
      for (const auto i : m_byKey[k]) {
        const auto& r = m_runs[i];
        const auto [full, partial] = m_x.repeats(r);
        first.push_back(rangeOver(r.first, r.last));
        for (auto j = b.repeats; j < full; ++j)
          trailing.push_back(rangeOver(r.first + j * m_x.m_repeat, r.last + j * m_x.m_repeat));
        if (partial.first <= partial.last)
          trailing.push_back(rangeOver(partial.first, partial.last));
      }
      if (b.repeats <= 1) { // no period repeats whole: one union
        first.insert(first.end(), trailing.begin(), trailing.end());
        b.repeated = merged(first);
        b.repeats = 1;
        return b;
      }
      b.repeated = merged(first);
      b.trailing = merged(trailing);
      const auto span = b.repeated.back().second - b.repeated.front().first + 1;
      const auto shift = m_x.m_low.slope * m_x.m_repeat; // of the values, from one repeat to the next
      if (WideInt{span} <= WideInt{std::llabs(shift)})
        return b; // the repeats do not overlap, nor the trailing ones the last of them
      if (b.repeated.size() > 1)
        return everyOccurrence(k);
      // one interval reaching into the next repeat's: together they are one interval
      auto [lo, hi] = b.repeated.front();
      const auto last = WideInt{shift} * (b.repeats - 1);
      b.trailing.push_back({narrow(lo + std::min<WideInt>(0, last)), narrow(hi + std::max<WideInt>(0, last))});
      b.repeated.clear();
      b.repeats = 1;
      b.trailing = merged(b.trailing);
      return b;
    }

    const TriangleExchange& m_x;
    const InnerCounts& m_inner;
    const std::vector<Run>& m_runs;
    std::vector<Band> m_bands;                     // per outer key, of a band
    std::vector<std::vector<std::size_t>> m_byKey; // the runs of each outer key
    std::vector<std::int64_t> m_first, m_last;     // each outer key's first and last trip
  };

  /// A run's whole repeats (trips first + jL .. last + jL inside the outer
  /// loop, j = 0..full-1) and the cut one after them ([first, last] empty:
  /// none).
  std::pair<std::int64_t, Run> repeats(const Run& r) const
  {
    if (m_repeat == 0)
      return {1, Run{1, 0, r.key}};
    const auto full = r.last <= m_trips - 1 ? (m_trips - 1 - r.last) / m_repeat + 1 : 0;
    const auto start = r.first + full * m_repeat;
    return {full, Run{start, std::min(r.last + full * m_repeat, m_trips - 1), r.key}};
  }

  /// The values below v that inner key q owns (v >= V0).
  WideInt ownedBelow(const InnerCounts& inner, std::size_t q, std::int64_t v) const { return inner.owned(q, v - m_v0); }

  /// Sum over trips s = a..b of the values q owns in [low(s), high(s)].
  WideInt trips(const InnerCounts& inner, std::size_t q, std::int64_t a, std::int64_t b) const
  {
    return sumBelow(inner, q, Line{m_high.c0 + 1, m_high.slope}, a, b) - sumBelow(inner, q, m_low, a, b);
  }

  /// Sum over s = a..b of the values below line(s) that q owns.
  WideInt sumBelow(const InnerCounts& inner, std::size_t q, const Line& line, std::int64_t a, std::int64_t b) const
  {
    if (line.slope == 0)
      return WideInt{b - a + 1} * ownedBelow(inner, q, line.c0);
    const auto lo = std::min(line.at(a), line.at(b)), hi = std::max(line.at(a), line.at(b));
    // owned(u) summed over u = lo - V0 .. hi - V0: S(hi - V0) - S(lo - V0 - 1)
    return inner.runningSum(q, hi - m_v0) - inner.runningSum(q, lo - m_v0 - 1);
  }

  /// The linear number of the processor executing the iterations of the
  /// keys, at combination `free` of the coordinates along which every
  /// coordinate executes.
  std::int64_t destinationOf(std::int64_t outerKey, std::int64_t innerKey, std::int64_t free) const
  {
    std::vector<PairTraffic> one;
    addPair(outerKey, innerKey, free, 1, one, true);
    return one.front().to;
  }

  /// `into`, one destination's messages, by source, to the visitor.
  static void flush(std::vector<PairTraffic>& into, FunctionRef<void(std::span<const PairTraffic>)> visitor)
  {
    std::sort(into.begin(), into.end(), [](const auto& a, const auto& b) { return a.from < b.from; });
    if (!into.empty())
      visitor(std::span<const PairTraffic>(into.data(), into.size()));
  }

  /// Appends the message of the keys' owners with `elements` (none when
  /// zero, or when source and destination are one processor, unless `local`).
  void addPair(std::int64_t outerKey, std::int64_t innerKey, std::int64_t free, std::int64_t elements,
               std::vector<PairTraffic>& out, bool local = false) const
  {
    if (elements == 0)
      return;
    std::int64_t dest[8], source[8];
    std::copy(m_fixedDest.begin(), m_fixedDest.end(), dest);
    std::copy(m_fixedSource.begin(), m_fixedSource.end(), source);
    m_outerAxis->decode(outerKey, dest, source);
    m_innerAxis->decode(innerKey, dest, source);
    for (const auto& f : m_free) { // the free coordinates' combination, first dimension fastest
      const auto extent = static_cast<std::int64_t>(f.coords.size());
      dest[f.pd] = f.coords[static_cast<std::size_t>(free % extent)];
      free /= extent;
    }
    std::int64_t to = 0, from = 0, stride = 1;
    for (int pd = 0; pd < m_rank; ++pd) { // column-major, as ProcessorsArrangement::linear
      if (m_sourceIsDest[static_cast<std::size_t>(pd)])
        source[pd] = dest[pd];
      to += dest[pd] * stride;
      from += source[pd] * stride;
      stride *= m_mapping.procs.shape[pd];
    }
    if (from != to || local)
      out.push_back({from, to, elements});
  }

  const mapping::Mapping& m_mapping;
  int m_rank = 0, m_outer = 0, m_inner = 0;
  bool m_empty = false, m_hull = false;
  bool m_band = false; // a hull whose range's ends move alike (j = i-2..i+3): a union of run intervals
  Line m_low, m_high;
  std::int64_t m_firstTrip = 0, m_stepT = 1, m_trips = 0, m_v0 = 0, m_hullSize = 0;
  std::optional<Axis> m_outerAxis, m_innerAxis;
  std::vector<std::int64_t> m_fixedDest, m_fixedSource;
  std::vector<bool> m_sourceIsDest;
  /// A processors dimension along which several coordinates execute each
  /// iteration: the executing reference is replicated along it (all of
  /// them), or its template index there follows a selector (its owners).
  struct FreeDimension {
    int pd = 0;
    std::vector<std::int64_t> coords;
  };
  std::vector<FreeDimension> m_free;
  std::int64_t m_freeCombos = 1; // their coordinates' combinations
  std::vector<bool> m_selector;  // per level: a walked loop that only selects executing coordinates
  int m_placement = 0;
  std::int64_t m_repeat = 0; // see repeatOf
};

} // namespace

bool forEachTrianglePair(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read,
                         int placement, const std::vector<std::int64_t>& outer, const mapping::Mapping& mapping,
                         FunctionRef<void(std::span<const PairTraffic>)> visit, std::string* why)
{
  try {
    if (mapping.procs.rank() > 8)
      throw Refused{"more than 8 processors dimensions"};
    TriangleExchange(space, exec, read, placement, outer, mapping).visit(visit);
  } catch (const Refused& r) {
    if (why)
      *why = r.why;
    return false;
  }
  return true;
}

std::optional<std::vector<PairTraffic>> countTriangleExchange(const IterationSpace& space, const ReferencePlan* exec,
                                                              const ReferencePlan& read, int placement,
                                                              const std::vector<std::int64_t>& outer,
                                                              const mapping::Mapping& mapping, std::string* why)
{
  std::vector<PairTraffic> out;
  if (!forEachTrianglePair(
          space, exec, read, placement, outer, mapping,
          [&](std::span<const PairTraffic> into) { out.insert(out.end(), into.begin(), into.end()); }, why))
    return std::nullopt;
  std::sort(out.begin(), out.end(),
            [](const auto& a, const auto& b) { return std::tie(a.from, a.to) < std::tie(b.from, b.to); });
  return out;
}

} // namespace ps::estimate

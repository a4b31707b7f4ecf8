#include "estimate/separable-exchange.h"
#include "support/integer-division.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <optional>
#include <tuple>
#include <unordered_map>

namespace ps::estimate {
namespace {

constexpr std::int64_t kForever = std::numeric_limits<std::int64_t>::max();
// Beyond this the owners' common period is walked by the other counters.
constexpr std::int64_t kMaxPeriod = std::int64_t{1} << 20;

// An estimate point builds a few exchanges per read: their loops, tracks and
// per-key tables are small, so they live inline, not on the heap.
template <class T, std::size_t N = 4>
using Small = boost::container::small_vector<T, N>;
using KeyTrips = std::pair<std::int64_t, std::int64_t>;
using Coords = Small<std::int64_t>; // one per processors dimension
/// The trips of a key: the first, the last and their sum.
struct Span {
  std::int64_t first = 0, last = 0, sum = 0;
};
/// One (exec key, read key)'s trips and the first and last of them.
struct KeyCount {
  KeyTrips key;
  std::int64_t trips = 0;
  Span span;
};
using KeyCounts = Small<KeyCount, 16>;

struct NotSeparable {
  std::string why;
};

std::int64_t coefAt(const NumericAffine& f, int k)
{
  return k < static_cast<int>(f.coef.size()) ? f.coef[k] : 0;
}

std::int64_t checkedMul(std::int64_t a, std::int64_t b)
{
  std::int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r))
    throw NotSeparable{"a count does not fit in 64 bits"};
  return r;
}

std::int64_t checkedAdd(std::int64_t a, std::int64_t b)
{
  std::int64_t r = 0;
  if (__builtin_add_overflow(a, b, &r))
    throw NotSeparable{"a count does not fit in 64 bits"};
  return r;
}

/// c0 + slope * n: a loop bound at trip n of the loop it follows.
struct TripLine {
  std::int64_t c0 = 0, slope = 0;
  std::int64_t at(std::int64_t n) const { return checkedAdd(c0, checkedMul(slope, n)); }
};

/// The range [low, high] of a walked level whose bounds follow another
/// walked loop, at that loop's trip n; every range has a value.
struct NestedRange {
  TripLine low, high;
  /// The distinct values over a key's trips when one end is fixed (slope
  /// 0): the ranges are nested, so the values are those from the least low
  /// to the greatest high, reached at the first or last trip (the lines are
  /// monotone).
  std::int64_t hull(const Span& trips) const
  {
    const auto lo = std::min(low.at(trips.first), low.at(trips.last));
    const auto hi = std::max(high.at(trips.first), high.at(trips.last));
    return checkedAdd(checkedAdd(hi, -lo), 1);
  }
  /// The values of every range over a key's trips, each trip's apart (the
  /// followed loop is read along too): sum of high - low + 1, affine in n.
  std::int64_t total(std::int64_t trips, const Span& span) const
  {
    const auto width = checkedAdd(checkedAdd(high.c0, -low.c0), 1);
    return checkedAdd(checkedMul(trips, width), checkedMul(checkedAdd(high.slope, -low.slope), span.sum));
  }
};

/// The owner coordinate, along one processors dimension, of the template
/// index t0 + slope*n at trip n of one loop.
struct OwnerTrack {
  OwnerTrack(const mapping::DimensionDistribution* d, std::int64_t t0_, std::int64_t slope_, int pd_)
    : dist(d), t0(t0_), slope(slope_), pd(pd_),
      moving(slope != 0 && dist->format().distributed() && dist->procs() > 1),
      cyclic(dist->format().kind == mapping::FormatKind::Cyclic)
  {
  }

  const mapping::DimensionDistribution* dist = nullptr;
  std::int64_t t0 = 0, slope = 0;
  int pd = 0;
  bool moving = false, cyclic = false; // decided once: the counters ask at every run
  bool inside = false; // the index stays inside the template over the loop's trips: no template edge

  std::int64_t index(std::int64_t n) const { return t0 + slope * n; }
  std::int64_t at(std::int64_t n) const { return dist->owner(index(n)); }
  bool moves() const { return moving; }
  bool inTemplate(std::int64_t n) const { return index(n) >= dist->lower() && index(n) <= dist->upper(); }

  /// Trips from n on (n included) that keep the owner of trip n.
  std::int64_t sameOwner(std::int64_t n) const
  {
    if (!moves())
      return kForever;
    const auto t = index(n);
    if (slope > 0) {
      const auto end = dist->runEnd(t);
      return end == kForever ? kForever : floorDiv(end - t, slope) + 1; // end >= t: floor is '/'
    }
    const auto start = dist->runStart(t);
    return start == std::numeric_limits<std::int64_t>::min() ? kForever : floorDiv(t - start, -slope) + 1;
  }

  /// The first trip after n at which the index enters or leaves the
  /// template (outside it the owner is the nearest bound's, constant).
  std::int64_t templateEdge(std::int64_t n) const
  {
    if (!moves() || inside)
      return kForever;
    const auto t = index(n), lo = dist->lower(), hi = dist->upper();
    const auto s = std::llabs(slope);
    if (slope > 0)
      return t < lo ? n + ceilDiv(lo - t, s) : t <= hi ? n + (hi - t) / s + 1 : kForever;
    return t > hi ? n + ceilDiv(t - hi, s) : t >= lo ? n + (t - lo) / s + 1 : kForever;
  }

  /// Trips after which the owners repeat, inside the template under
  /// CYCLIC(k); 0 when the owner does not cycle.
  std::int64_t period(std::int64_t n) const
  {
    if (!moves() || !cyclic || !inTemplate(n))
      return 0;
    const auto cycle = dist->blockSize() * dist->procs();
    return cycle / std::gcd(cycle, std::llabs(slope));
  }
};

/// (read key, trips) entries of one executing key: a slice of
/// LoopFactor::entries, with the slice of their source offsets.
struct KeyList {
  const KeyTrips* first = nullptr;
  const std::int64_t* offsets = nullptr;
  const Span* spans = nullptr;
  std::size_t size = 0;
  bool empty() const { return size == 0; }
  const KeyTrips& front() const { return *first; }
  const KeyTrips* begin() const { return first; }
  const KeyTrips* end() const { return first + size; }
};

/// A factor's counts per (executing owners, reading owners), as linear keys
/// over the tracks' processors dimensions.
struct FactorTable {
  Small<KeyTrips, 16> entries; // (read key, trips), by exec key then read key
  Small<std::int64_t, 16> offsets; // per entry: its read owners' part of the source's linear number
  Small<Span, 16> spans;           // per entry: its first and last trip
  Small<std::size_t, 17> start; // exec key -> its first entry; one more than the keys

  void clear()
  {
    entries.clear();
    offsets.clear();
    spans.clear();
    start.clear();
  }
};

/// One walked loop: its trips, the owners that follow it and its table
/// (the thread's memo's, or its own).
struct LoopFactor {
  // User-provided: value-initializing (emplace_back()) would otherwise zero
  // the inline tables, a kilobyte, before the members' initializers run.
  LoopFactor() {}

  std::int64_t trips = 0;
  bool inRead = false; // some read subscript follows the loop: its trips are distinct elements
  std::optional<NestedRange> nestedRead; // a read subscript follows a loop nested in this one
  int nestedExec = -1; // the executing owners follow a loop nested in this one (SeparableExchange::m_nested)
  Small<OwnerTrack, 2> exec, read;
  const FactorTable* table = nullptr;
  FactorTable own; // the table when the memo does not hold it
  Small<std::pair<int, std::int64_t>, 2> keyDims; // (processors dimension, stride) of the exec key

  KeyList byExecKey(std::int64_t key) const
  {
    const auto k = static_cast<std::size_t>(key);
    const auto& t = *table;
    return {t.entries.data() + t.start[k], t.offsets.data() + t.start[k], t.spans.data() + t.start[k],
            t.start[k + 1] - t.start[k]};
  }
};

/// The last factor tables counted on this thread, by what a table depends
/// on: the factor's trips, the processors shape and its tracks by value
/// (distribution, first index, slope, dimension). A point's reads share their
/// executing side (a stencil's neighbours along j walk the executed i loop's
/// owners alone, as does the work count), and a repeated point meets the
/// tables of the last one. An exchange's factors point at the entries they
/// found or filled: those are pinned until the next exchange begins.
class FactorTableMemo {
public:
  static constexpr std::size_t kSize = 16;

  /// A new exchange: the last one's entries may be replaced.
  void begin() { ++m_epoch; }

  const FactorTable* find(const LoopFactor& f, const mapping::ProcessorsArrangement& procs)
  {
    const auto h = hash(f, procs);
    for (std::size_t i = 0; i < m_used; ++i) {
      if (m_entries[i].hash == h && m_entries[i].same(f, procs)) {
        m_entries[i].epoch = m_epoch;
        return &m_entries[i].table;
      }
    }
    return nullptr;
  }

  /// The table of the next entry not pinned by this exchange, forgotten, for
  /// the caller to count into (an exchange pins fewer than kSize); commit
  /// then keys it.
  FactorTable& slot()
  {
    while (m_entries[m_next].epoch == m_epoch)
      m_next = (m_next + 1) % kSize;
    auto& e = m_entries[m_next];
    e.epoch = m_epoch;
    e.hash = 0;
    e.trips = -1; // matches no factor until committed (a count may throw)
    e.table.clear();
    return e.table;
  }

  void commit(const LoopFactor& f, const mapping::ProcessorsArrangement& procs)
  {
    auto& e = m_entries[m_next];
    e.hash = hash(f, procs);
    e.trips = f.trips;
    e.execTracks = f.exec.size();
    e.tracks.clear();
    for (const auto* tracks : {&f.exec, &f.read})
      for (const auto& t : *tracks)
        e.tracks.push_back({*t.dist, t.t0, t.slope, t.pd, t.inside});
    e.shape.assign(procs.shape.begin(), procs.shape.end());
    m_next = (m_next + 1) % kSize;
    m_used = std::max(m_used, m_next == 0 ? kSize : m_next);
  }

private:
  struct Track {
    mapping::DimensionDistribution dist;
    std::int64_t t0 = 0, slope = 0;
    int pd = 0;
    bool inside = false;
    bool same(const OwnerTrack& t) const
    {
      return t0 == t.t0 && slope == t.slope && pd == t.pd && inside == t.inside && dist.sameOwners(*t.dist);
    }
  };
  struct Entry {
    std::uint64_t epoch = 0; // the exchange that last used it
    std::uint64_t hash = 0;
    std::int64_t trips = -1;
    std::size_t execTracks = 0;
    Small<Track, 4> tracks; // the exec tracks, then the read ones
    Small<std::int64_t> shape;
    FactorTable table;

    bool same(const LoopFactor& f, const mapping::ProcessorsArrangement& procs) const
    {
      if (trips != f.trips || execTracks != f.exec.size() || tracks.size() != f.exec.size() + f.read.size() ||
          !std::equal(shape.begin(), shape.end(), procs.shape.begin(), procs.shape.end()))
        return false;
      for (std::size_t i = 0; i < tracks.size(); ++i)
        if (!tracks[i].same(i < execTracks ? f.exec[i] : f.read[i - execTracks]))
          return false;
      return true;
    }
  };

  /// A quick reject: mixes what most often differs (trips, first indices, slopes).
  static std::uint64_t hash(const LoopFactor& f, const mapping::ProcessorsArrangement& procs)
  {
    std::uint64_t h = static_cast<std::uint64_t>(f.trips) * 0x9E3779B97F4A7C15ULL + procs.shape.size();
    const auto mix = [&](std::int64_t v) { h = (h ^ static_cast<std::uint64_t>(v)) * 0x100000001B3ULL; };
    for (const auto* tracks : {&f.exec, &f.read}) {
      mix(static_cast<std::int64_t>(tracks->size()));
      for (const auto& t : *tracks) {
        mix(t.t0);
        mix(t.slope);
        mix(t.pd);
        mix(t.dist->upper());
      }
    }
    return h;
  }

  std::array<Entry, kSize> m_entries;
  std::size_t m_next = 0, m_used = 0;
  std::uint64_t m_epoch = 1;
};

FactorTableMemo& factorTables()
{
  thread_local FactorTableMemo memo;
  return memo;
}

/// FactorCounter's lists, kept on the thread across counts: a step loop on
/// 1024 processors counts a thousand-entry list per instance, and growing a
/// fresh one each time (copies, then pages from the kernel) took three
/// quarters of its time.
struct CounterScratch {
  KeyCounts counts, sorted;
};

CounterScratch& counterScratch()
{
  thread_local CounterScratch scratch;
  return scratch;
}

/// Counts, per owner key, the trips of one loop: segments where every
/// owner is constant or cycles, one period of each walked and multiplied.
/// One at a time per thread (its lists are the thread's scratch).
class FactorCounter {
public:
  FactorCounter(const LoopFactor& f, const mapping::ProcessorsArrangement& procs)
    : m_f(f), m_procs(procs), m_counts(counterScratch().counts), m_sorted(counterScratch().sorted)
  {
    m_counts.clear();
  }

  /// The trips per (exec key, read key), in increasing key order.
  const KeyCounts& count()
  {
    const bool cycles = std::any_of(m_f.exec.begin(), m_f.exec.end(), movesCyclic) ||
                        std::any_of(m_f.read.begin(), m_f.read.end(), movesCyclic);
    if (!cycles)
      blocks();
    for (std::int64_t n = 0; n < m_f.trips && cycles;) {
      const auto end = segmentEnd(n);
      const auto period = periodAt(n);
      if (period > 0 && end - n >= 2 * period) {
        const auto full = (end - n) / period;
        runs(n, n + period, full);
        n += full * period;
      }
      runs(n, end, 1);
      n = end;
    }
    sortByKey();
    std::size_t out = 0; // merge the runs of equal keys
    for (std::size_t i = 0; i < m_counts.size(); ++i) {
      if (out > 0 && m_counts[out - 1].key == m_counts[i].key)
        merge(m_counts[out - 1], m_counts[i]);
      else
        m_counts[out++] = m_counts[i];
    }
    m_counts.resize(out);
    return m_counts;
  }

private:
  static bool movesCyclic(const OwnerTrack& t) { return t.moves() && t.cyclic; }

  /// m_counts in increasing key order. BLOCK owners walked upwards come in
  /// order already; CYCLIC ones come as a rotation of the owners, and each
  /// key is a processor coordinate pair: a counting sort over their range
  /// (the step loops of a solve on 4096 processors spent a third of their
  /// time in std::sort here).
  void sortByKey()
  {
    const auto byKey = [](const KeyCount& a, const KeyCount& b) { return a.key < b.key; };
    if (std::is_sorted(m_counts.begin(), m_counts.end(), byKey))
      return;
    std::int64_t lo[2] = {m_counts[0].key.first, m_counts[0].key.second}, hi[2] = {lo[0], lo[1]};
    for (const auto& c : m_counts) {
      lo[0] = std::min(lo[0], c.key.first), hi[0] = std::max(hi[0], c.key.first);
      lo[1] = std::min(lo[1], c.key.second), hi[1] = std::max(hi[1], c.key.second);
    }
    const auto width = hi[1] - lo[1] + 1, range = (hi[0] - lo[0] + 1) * width; // no overflow: coordinates below 2^31
    if (range > 4 * static_cast<std::int64_t>(m_counts.size()) + 64) {
      std::sort(m_counts.begin(), m_counts.end(), byKey);
      return;
    }
    thread_local std::vector<std::size_t> start; // scratch: a step loop sorts once per instance
    start.assign(static_cast<std::size_t>(range) + 1, 0);
    const auto bucket = [&](const KeyCount& c) {
      return static_cast<std::size_t>((c.key.first - lo[0]) * width + (c.key.second - lo[1]));
    };
    for (const auto& c : m_counts)
      ++start[bucket(c) + 1];
    std::partial_sum(start.begin(), start.end(), start.begin());
    m_sorted.resize(m_counts.size());
    for (const auto& c : m_counts) // equal keys are merged after: their order does not matter
      m_sorted[start[bucket(c)]++] = c;
    std::swap(m_counts, m_sorted);
  }

  /// No owner cycles: owners change only at segment ends (a BLOCK boundary
  /// or a template bound), and only the moving tracks' part of a key does.
  /// Each mover's owner is divided out once, at trip 0, and then follows the
  /// blocks it enters.
  void blocks()
  {
    struct Mover {
      const OwnerTrack* track;
      std::int64_t stride;
      bool exec;
      std::int64_t owner; // in the current segment
    };
    Small<Mover, 4> movers;
    std::int64_t fixed[2] = {0, 0}; // exec, read: the keys' constant part
    for (const bool exec : {true, false}) {
      std::int64_t stride = 1;
      for (const auto& t : exec ? m_f.exec : m_f.read) {
        if (t.moves())
          movers.push_back({&t, stride, exec, t.at(0)});
        else
          fixed[exec ? 0 : 1] += t.at(0) * stride;
        stride *= m_procs.shape[t.pd];
      }
    }
    Small<OwnerChange, 16> changes;
    for (std::size_t m = 0; m < movers.size(); ++m)
      ownerChanges(*movers[m].track, m, changes);
    std::sort(changes.begin(), changes.end(), [](const auto& a, const auto& b) { return a.trip < b.trip; });
    std::int64_t from = 0; // the segment's first trip
    for (std::size_t i = 0;;) {
      const auto to = i < changes.size() ? changes[i].trip : m_f.trips;
      std::int64_t keys[2] = {fixed[0], fixed[1]};
      for (const auto& m : movers)
        keys[m.exec ? 0 : 1] += m.owner * m.stride;
      add({keys[0], keys[1]}, to - from, spanOf(from, to - from, 1, 0));
      if (i == changes.size())
        return;
      for (; i < changes.size() && changes[i].trip == to; ++i) // every mover that changes there
        movers[changes[i].mover].owner = changes[i].owner;
      from = to;
    }
  }

  /// From trip `trip` on, mover `mover` has owner `owner`.
  struct OwnerChange {
    std::int64_t trip;
    std::size_t mover;
    std::int64_t owner;
  };

  /// Appends the trips 1..trips-1 at which a BLOCK track's owner changes,
  /// with the owner from there on: where its index first passes the first
  /// index of a block (upwards: into it; downwards: below it), the owner of
  /// the index there (a step longer than a block skips blocks). Outside the
  /// template the owner is the nearest bound's, so only the boundaries
  /// inside it count.
  void ownerChanges(const OwnerTrack& t, std::size_t mover, Small<OwnerChange, 16>& out) const
  {
    const auto& d = *t.dist;
    const auto last = t.index(m_f.trips - 1);
    const auto first = d.owner(std::min(t.t0, last)), final = d.owner(std::max(t.t0, last));
    for (auto b = first + 1; b <= final; ++b) { // the blocks the index range covers: O(segments)
      const auto boundary = d.lower() + b * d.blockSize(); // block b's first index
      const auto n = t.slope > 0 ? ceilDiv(boundary - t.t0, t.slope) : ceilDiv(t.t0 - boundary + 1, -t.slope);
      if (n > 0 && n < m_f.trips) // the owner there, not the block's: a step longer than a block skips blocks
        out.push_back({n, mover, d.owner(t.index(n))});
    }
  }

  /// Where a BLOCK owner changes or an index crosses its template's bound.
  std::int64_t segmentEnd(std::int64_t n) const
  {
    auto end = m_f.trips;
    for (const auto* tracks : {&m_f.exec, &m_f.read}) {
      for (const auto& t : *tracks) {
        end = std::min(end, t.templateEdge(n));
        if (t.moves() && !t.cyclic)
          end = std::min(end, n + std::min(t.sameOwner(n), m_f.trips)); // kForever: no overflow
      }
    }
    return end;
  }

  std::int64_t periodAt(std::int64_t n) const
  {
    std::int64_t period = 0;
    for (const auto* tracks : {&m_f.exec, &m_f.read}) {
      for (const auto& t : *tracks) {
        const auto p = t.period(n);
        if (p == 0)
          continue;
        period = period == 0 ? p : checkedMul(period / std::gcd(period, p), p);
        if (period > kMaxPeriod)
          throw NotSeparable{"the owners' common period exceeds 2^20 iterations"};
      }
    }
    return period;
  }

  std::int64_t key(const Small<OwnerTrack, 2>& tracks, std::int64_t n) const
  {
    std::int64_t k = 0, stride = 1;
    for (const auto& t : tracks) {
      k += t.at(n) * stride;
      stride *= m_procs.shape[t.pd];
    }
    return k;
  }

  /// The runs of trips from..to-1, each `times` times, one period (to - from) apart.
  void runs(std::int64_t from, std::int64_t to, std::int64_t times)
  {
    for (std::int64_t n = from; n < to;) {
      auto run = to - n;
      for (const auto* tracks : {&m_f.exec, &m_f.read})
        for (const auto& t : *tracks)
          run = std::min(run, t.sameOwner(n));
      add({key(m_f.exec, n), key(m_f.read, n)}, run * times, spanOf(n, run, times, to - from));
      n += run;
    }
  }

  /// One run's trips; equal keys are merged once at the end (a flat list, not a tree).
  void add(KeyTrips key, std::int64_t trips, Span span)
  {
    if (!m_counts.empty() && m_counts.back().key == key)
      return merge(m_counts.back(), {key, trips, span});
    m_counts.push_back({key, trips, span});
  }

  static void merge(KeyCount& into, const KeyCount& c)
  {
    into.trips += c.trips;
    into.span = {std::min(into.span.first, c.span.first), std::max(into.span.last, c.span.last),
                 checkedAdd(into.span.sum, c.span.sum)};
  }

  /// The trips n..n+run-1, `times` times, each time `period` later.
  static Span spanOf(std::int64_t n, std::int64_t run, std::int64_t times, std::int64_t period)
  {
    const auto later = (times - 1) * period; // the last time's offset
    // times * (n + ... + n+run-1) + run * period * (0 + ... + times-1)
    const auto once = run % 2 == 0 ? checkedMul(run / 2, checkedAdd(2 * n, run - 1)) : checkedMul(run, n + (run - 1) / 2);
    const auto shifts = times % 2 == 0 ? checkedMul(times / 2, times - 1) : checkedMul(times, (times - 1) / 2);
    return {n, n + run - 1 + later, checkedAdd(checkedMul(times, once), checkedMul(checkedMul(run, period), shifts))};
  }

  const LoopFactor& m_f;
  const mapping::ProcessorsArrangement& m_procs;
  KeyCounts &m_counts, &m_sorted;
};

/// How one side (executing or read reference) constrains a processors
/// dimension: every coordinate, one fixed coordinate, or the owner
/// along one walked loop.
struct SideDim {
  enum class Kind { Every, Fixed, Loop } kind = Kind::Every;
  std::int64_t coord = 0;
  int factor = -1;
};

/// A walked level whose bounds follow the loop of factor `factor`.
struct Nested {
  int level = 0, factor = 0;
  NestedRange range;
  bool inRead = false;        // a read subscript follows it
  bool nestedRanges = false;  // unit step, one end fixed: NestedRange's hulls hold
  std::int64_t hullFirst = 0; // the least value any trip's range has
  LoopFactor hull;            // over every value of the ranges: the executing owners along it
};

/// The factors restricted to the trips a destination executes
/// (SeparableExchange::restricted), by trip range, in storage kept on the
/// thread across exchanges: a step loop on 256 processors restricts a
/// 256-entry table per destination and instance, and allocating them
/// afresh (and the heap shrinking and growing back) took most of its time.
struct RestrictedFactors {
  struct RangeHash {
    std::size_t operator()(const std::pair<std::int64_t, std::int64_t>& r) const
    {
      return std::hash<std::uint64_t>()(static_cast<std::uint64_t>(r.first) * 1000003u + static_cast<std::uint64_t>(r.second));
    }
  };
  static constexpr std::size_t kMostRanges = 4096; // then forgotten, between two destinations
  std::deque<LoopFactor> factors; // the first `used` hold the ranges of `index`
  std::size_t used = 0;
  std::unordered_map<std::pair<std::int64_t, std::int64_t>, std::size_t, RangeHash> index;
  bool busy = false; // an exchange on this thread uses them

  void forget()
  {
    used = 0;
    index.clear();
  }
};

/// The thread's RestrictedFactors while no other exchange holds them, else
/// `own` (made on demand): an exchange counted inside another's visit gets
/// its own.
class RestrictedLease {
public:
  RestrictedLease()
  {
    thread_local RestrictedFactors shared;
    if (!shared.busy) {
      m_factors = &shared;
      shared.busy = true;
      shared.forget();
    } else {
      m_own = std::make_unique<RestrictedFactors>();
      m_factors = m_own.get();
    }
  }
  ~RestrictedLease()
  {
    if (!m_own)
      m_factors->busy = false;
  }
  RestrictedLease(const RestrictedLease&) = delete;
  RestrictedLease& operator=(const RestrictedLease&) = delete;

  RestrictedFactors& operator*() const { return *m_factors; }
  RestrictedFactors* operator->() const { return m_factors; }

private:
  RestrictedFactors* m_factors = nullptr;
  std::unique_ptr<RestrictedFactors> m_own;
};

class SeparableExchange {
public:
  /// `read` nullptr: only the executed iterations are counted (work()).
  SeparableExchange(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan* read,
                    int placement, const std::vector<std::int64_t>& outer, const mapping::Mapping& mapping)
    : m_procs(mapping.procs), m_placement(placement), m_outer(outer)
  {
    for (std::int64_t pd = 0, stride = 1; pd < m_procs.rank(); stride *= m_procs.shape[pd++])
      m_stride.push_back(stride);
    factors(space, read);
    const bool execMapped = exec && exec->map;
    for (int pd = 0; pd < m_procs.rank(); ++pd) {
      m_exec.push_back(execMapped ? side(templateIndex(*exec, mapping, pd), pd, false) : SideDim{});
      m_read.push_back(read ? side(templateIndex(*read, mapping, pd), pd, true) : SideDim{});
    }
    factorTables().begin();
    for (auto& f : m_factors)
      tabulate(f);
    nestedOwners(read);
    destinationRules();
  }

  /// Every message, by destination, then by source.
  template <class Visit>
  void visitPairs(const Visit& visit) const
  {
    if (m_empty)
      return;
    Coords dest(static_cast<std::size_t>(m_procs.rank()), 0);
    Small<PairTraffic, 8> into; // one destination's messages
    const auto procs = m_procs.count();
    for (std::int64_t d = 0; d < procs; ++d, nextCoords(dest)) {
      into.clear();
      destination(d, dest, into);
      const auto bySource = [](const auto& a, const auto& b) { return a.from < b.from; };
      if (!std::is_sorted(into.begin(), into.end(), bySource)) // one read owner per factor: in order already
        std::sort(into.begin(), into.end(), bySource);
      if (!into.empty())
        visit(std::span<const PairTraffic>(into.data(), into.size()));
    }
  }

  std::vector<PairTraffic> pairs() const
  {
    std::vector<PairTraffic> out;
    visitPairs([&](std::span<const PairTraffic> into) { out.insert(out.end(), into.begin(), into.end()); });
    return bySource(out);
  }

  /// The iterations each processor executes: the product of its trips
  /// in every walked loop.
  std::vector<double> work() const
  {
    std::vector<double> out(static_cast<std::size_t>(m_procs.count()), 0.0);
    Coords dest(static_cast<std::size_t>(m_procs.rank()), 0);
    for (std::int64_t d = 0; d < static_cast<std::int64_t>(out.size()) && !m_empty; ++d, nextCoords(dest)) {
      double product = executes(dest) ? 1.0 : 0.0;
      for (std::size_t fi = 0; fi < m_factors.size() && product > 0; ++fi) {
        const auto list = m_factors[fi].byExecKey(execKey(m_factors[fi], dest));
        product *= list.empty() ? 0.0 : static_cast<double>(list.front().second); // no read owners: one entry
      }
      out[static_cast<std::size_t>(d)] = product;
    }
    return out;
  }

private:
  /// One factor per walked loop whose bounds follow only the fixed outer
  /// loops (a box); of an exchange, a walked loop may also be nested in one
  /// of those (nestedLevel).
  void factors(const IterationSpace& space, const ReferencePlan* read)
  {
    const auto depth = space.depth();
    m_levelFactor.assign(static_cast<std::size_t>(depth), -1);
    Small<int> follows(static_cast<std::size_t>(depth), -1); // the walked level a level's bounds follow
    for (int k = m_placement; k < depth; ++k) {
      const auto& level = space.levels()[k];
      for (int j = m_placement; j < depth; ++j) {
        if (j == k || (coefAt(level.lower, j) == 0 && coefAt(level.upper, j) == 0))
          continue;
        if (!read || follows[k] >= 0)
          throw NotSeparable{"a loop bound follows another walked loop"};
        follows[k] = j;
      }
    }
    for (int k = m_placement; k < depth; ++k) {
      if (follows[k] >= 0)
        continue;
      const auto& level = space.levels()[k];
      std::int64_t first = 0, last = 0;
      m_levelFactor[k] = static_cast<int>(m_factors.size());
      auto& f = m_factors.emplace_back(); // in place: a factor's tables are inline, a move copies them
      f.trips = space.range(k, m_outer, &first, &last) ? tripCount(first, last, level.step) : 0;
      m_empty = m_empty || f.trips == 0;
      m_first.push_back(first);
      m_step.push_back(level.step);
    }
    if (!read)
      return;
    for (const auto& sub : read->subscripts) {
      const auto level = walkedLevel(sub);
      if (level >= 0 && follows[level] < 0)
        m_factors[m_levelFactor[level]].inRead = true;
    }
    trimToNonempty(space, follows);
    for (int k = m_placement; k < depth; ++k)
      if (follows[k] >= 0)
        nestedLevel(space, k, follows, *read);
  }

  /// The range of a nested level (i = j+1..n) runs empty at some trips of
  /// the loop it follows (j = n): those trips execute nothing, and as the
  /// range's size is affine in the trip they are a prefix or a suffix, left
  /// out of that loop's factor.
  void trimToNonempty(const IterationSpace& space, const Small<int>& follows)
  {
    for (int j = m_placement; j < static_cast<int>(follows.size()); ++j) {
      if (m_levelFactor[j] < 0)
        continue;
      const auto fi = static_cast<std::size_t>(m_levelFactor[j]);
      auto& f = m_factors[fi];
      std::int64_t first = 0, last = f.trips - 1; // the trips where every nested range has a value
      for (int k = j + 1; k < static_cast<int>(follows.size()); ++k) {
        if (follows[k] != j)
          continue;
        const auto range = rangeOf(space.levels()[k], j, fi);
        const auto c = checkedAdd(range.high.c0, -range.low.c0), slope = checkedAdd(range.high.slope, -range.low.slope);
        if (slope > 0) // c + slope * n >= 0
          first = std::max(first, ceilDiv(-c, slope));
        else if (slope < 0)
          last = std::min(last, floorDiv(c, -slope));
        else if (c < 0)
          last = -1;
      }
      if (first > last) {
        m_empty = true;
        f.trips = 0;
        continue;
      }
      m_first[fi] = checkedAdd(m_first[fi], checkedMul(first, m_step[fi]));
      f.trips = last - first + 1;
    }
  }

  /// The range [low, high] of nested level `level` at the trips of factor fi (level j's).
  NestedRange rangeOf(const LevelBounds& level, int j, std::size_t fi) const
  {
    const auto line = [&](const NumericAffine& bound) {
      const auto c = coefAt(bound, j);
      return TripLine{checkedAdd(bound.atWithout(m_outer, j), checkedMul(c, m_first[fi])), checkedMul(c, m_step[fi])};
    };
    NestedRange range{line(level.lower), line(level.upper)};
    if (level.step < 0) // runs from its upper bound down to its lower one
      std::swap(range.low, range.high);
    return range;
  }

  /// Walked level k, whose bounds follow walked level j (a triangle, as
  /// Cholesky's i = j..n; j's trips trimmed to those where k's range has a
  /// value). k matters only through the values a read subscript takes along
  /// it (with a unit step): none; each key's hull of nested ranges (one end
  /// fixed) in place of j's trips; or, read along j too, the ranges' sizes
  /// summed. A template index may follow k only where nothing is read along
  /// it and one end is fixed (nestedSide).
  void nestedLevel(const IterationSpace& space, int k, const Small<int>& follows, const ReferencePlan& read)
  {
    const int j = follows[k];
    if (follows[j] >= 0 || std::find(follows.begin(), follows.end(), k) != follows.end())
      throw NotSeparable{"a loop bound follows a loop whose own bounds follow another"};
    const auto fi = static_cast<std::size_t>(m_levelFactor[j]);
    auto& f = m_factors[fi];
    const auto& level = space.levels()[k];
    const auto range = rangeOf(level, j, fi); // a value at every trip (trimToNonempty)
    const bool inRead = std::any_of(read.subscripts.begin(), read.subscripts.end(),
                                    [&](const NumericAffine& s) { return walkedLevel(s) == k; });
    const bool nested = std::llabs(level.step) == 1 && (range.low.slope == 0 || range.high.slope == 0);
    auto& n = m_nested.emplace_back();
    n.level = k;
    n.factor = static_cast<int>(fi);
    n.range = range;
    n.inRead = inRead;
    n.nestedRanges = nested;
    if (f.trips > 0) { // the values every trip's range covers
      n.hullFirst = std::min(range.low.at(0), range.low.at(f.trips - 1));
      n.hull.trips = checkedAdd(checkedAdd(std::max(range.high.at(0), range.high.at(f.trips - 1)), -n.hullFirst), 1);
    }
    if (!inRead)
      return;
    // read along both loops, each trip's range adds its own elements: any unit-step ranges
    if (std::llabs(level.step) != 1 || !(nested || f.inRead))
      throw NotSeparable{"the read follows a loop whose ranges are not nested"};
    if (f.nestedRead)
      throw NotSeparable{"the read follows two loops whose bounds follow the same loop"};
    f.nestedRead = range;
  }

  /// A template index that follows nested level `level` (b its fixed
  /// part): only the executing reference's, once, on nested ranges with
  /// nothing read along them; its owners then decide which trips of the
  /// loop the level follows each processor executes (executedTrips).
  SideDim nestedSide(const TemplateIndex& t, int pd, bool read, int level, std::int64_t b)
  {
    auto n = std::find_if(m_nested.begin(), m_nested.end(), [&](const Nested& x) { return x.level == level; });
    if (read || n->inRead || !n->nestedRanges)
      throw NotSeparable{"a template index follows a loop whose bounds follow another"};
    const auto a = t.index.coef[level];
    OwnerTrack track{t.dist, checkedAdd(checkedMul(a, n->hullFirst), b), a, pd};
    track.inside = n->hull.trips > 0 && track.inTemplate(0) && track.inTemplate(n->hull.trips - 1);
    n->hull.exec.push_back(track);
    return {SideDim::Kind::Loop, 0, -2}; // no factor's: the read never follows it
  }

  /// Tabulates the owners along the nested levels the executing reference
  /// follows: at most one, in a loop with no other nested level read along.
  void nestedOwners(const ReferencePlan* read)
  {
    for (std::size_t i = 0; i < m_nested.size(); ++i) {
      auto& n = m_nested[i];
      if (n.hull.exec.empty())
        continue;
      auto& f = m_factors[static_cast<std::size_t>(n.factor)];
      if (!read || f.nestedRead || f.nestedExec >= 0 || m_nestedExecs++ > 0)
        throw NotSeparable{"the executing owners follow several loops whose bounds follow another"};
      f.nestedExec = static_cast<int>(i);
      count(n.hull, n.hull.own);
      n.hull.table = &n.hull.own;
    }
  }

  /// The trips [first, last] of factor f's loop at which the processor at
  /// `dest` executes some value of the nested loop n: where its range
  /// [low(t), H] reaches down to the processor's last owned value up to H,
  /// or [L, high(t)] up to its first from L on; a prefix or a suffix, the
  /// lines being monotone. first > last: none.
  std::pair<std::int64_t, std::int64_t> executedTrips(const Nested& n, const LoopFactor& f, const Coords& dest) const
  {
    const auto list = n.hull.byExecKey(execKey(n.hull, dest));
    const auto last = f.trips - 1;
    if (list.empty())
      return {0, -1};
    const bool fixedHigh = n.range.high.slope == 0;
    const auto& moving = fixedHigh ? n.range.low : n.range.high;
    const auto owned = n.hullFirst + (fixedHigh ? list.spans[0].last : list.spans[0].first);
    // fixed high: moving(t) <= owned; fixed low: moving(t) >= owned
    const bool prefix = (moving.slope > 0) == fixedHigh;
    if (prefix) {
      const auto t = fixedHigh ? floorDiv(owned - moving.c0, moving.slope) : floorDiv(moving.c0 - owned, -moving.slope);
      return {0, std::min(last, t)};
    }
    const auto t = fixedHigh ? ceilDiv(moving.c0 - owned, -moving.slope) : ceilDiv(owned - moving.c0, moving.slope);
    return {std::max<std::int64_t>(0, t), last};
  }

  /// Factor f (the one whose trips the executing owners choose) over its
  /// trips first..last only, counted once per range: the destinations with
  /// the same owner along the nested loop share it (64 ranges for 4096
  /// destinations on 64x64).
  const LoopFactor& restricted(const LoopFactor& f, std::int64_t first, std::int64_t last) const
  {
    auto& pool = *m_restricted;
    if (const auto it = pool.index.find({first, last}); it != pool.index.end())
      return pool.factors[it->second];
    if (pool.used == pool.factors.size())
      pool.factors.emplace_back();
    auto& r = pool.factors[pool.used];
    pool.index.emplace(std::pair{first, last}, pool.used++);
    r.trips = last - first + 1;
    r.inRead = f.inRead;
    r.nestedRead.reset(); // a factor of the pool may have been another's
    r.nestedExec = -1;
    r.exec = f.exec;
    r.read = f.read;
    r.keyDims = f.keyDims;
    for (auto* tracks : {&r.exec, &r.read})
      for (auto& t : *tracks)
        t.t0 = checkedAdd(t.t0, checkedMul(t.slope, first));
    r.own.clear();
    count(r, r.own);
    r.table = &r.own;
    return r;
  }

  /// The one walked level `f` follows, -1 for none.
  int walkedLevel(const NumericAffine& f) const
  {
    int found = -1;
    for (int k = m_placement; k < static_cast<int>(f.coef.size()); ++k) {
      if (f.coef[k] == 0)
        continue;
      if (found >= 0)
        throw NotSeparable{"a subscript or template index follows two walked loops"};
      found = k;
    }
    return found;
  }

  SideDim side(const TemplateIndex& t, int pd, bool read)
  {
    if (!t.defined)
      return {};
    const auto level = walkedLevel(t.index);
    const auto b = t.index.atWithout(m_outer, level); // the fixed part: the outer loops at their values
    if (level < 0)
      return {SideDim::Kind::Fixed, t.dist->owner(b), -1};
    const auto fi = m_levelFactor[level];
    if (fi < 0)
      return nestedSide(t, pd, read, level, b);
    const auto& step = m_step[static_cast<std::size_t>(fi)];
    const auto a = t.index.coef[level];
    OwnerTrack track{t.dist, checkedMul(a, m_first[static_cast<std::size_t>(fi)]) + b, checkedMul(a, step), pd};
    if (read && followsExecutor(track, fi))
      return {}; // every read along pd is the executing processor's own: the source keeps its coordinate
    const auto trips = m_factors[fi].trips; // an affine index is inside at both ends, or leaves
    track.inside = trips > 0 && track.inTemplate(0) && track.inTemplate(trips - 1);
    (read ? m_factors[fi].read : m_factors[fi].exec).push_back(track);
    return {SideDim::Kind::Loop, 0, fi};
  }

  /// True when the executing reference's owner along the track's processors
  /// dimension follows the same loop with the same template indices: a(i,j-1)
  /// read by the owner of b(i,j) moves along j only, and its i factor then
  /// needs no read owners (one key fewer to count and combine per destination).
  bool followsExecutor(const OwnerTrack& track, int factor) const
  {
    const auto& e = m_exec[static_cast<std::size_t>(track.pd)];
    if (e.kind != SideDim::Kind::Loop || e.factor != factor)
      return false;
    const auto& tracks = m_factors[factor].exec;
    return std::any_of(tracks.begin(), tracks.end(), [&](const OwnerTrack& x) {
      return x.pd == track.pd && x.dist->sameOwners(*track.dist) && x.t0 == track.t0 && x.slope == track.slope;
    });
  }

  /// Points the factor at its table: the thread's memo's, found or counted
  /// into it (no copy; an exchange uses its tables before the next one is
  /// built, and has fewer factors than the memo's entries), else its own.
  void tabulate(LoopFactor& f) const
  {
    auto& memo = factorTables();
    if (m_factors.size() > FactorTableMemo::kSize / 2) {
      count(f, f.own);
      f.table = &f.own;
    } else if (const auto* known = memo.find(f, m_procs)) {
      f.table = known;
    } else {
      auto& table = memo.slot();
      count(f, table);
      memo.commit(f, m_procs);
      f.table = &table;
    }
  }

  void count(const LoopFactor& f, FactorTable& out) const
  {
    std::int64_t keys = 1;
    for (const auto& t : f.exec)
      keys *= m_procs.shape[t.pd];
    out.start.assign(static_cast<std::size_t>(keys) + 1, 0);
    if (f.trips == 0)
      return;
    FactorCounter counter(f, m_procs);
    const auto& counts = counter.count(); // sorted by (exec key, read key)
    out.entries.reserve(counts.size());
    out.offsets.reserve(counts.size());
    out.spans.reserve(counts.size());
    for (const auto& c : counts) {
      out.entries.emplace_back(c.key.second, c.trips);
      out.offsets.push_back(sourceOffset(f, c.key.second));
      out.spans.push_back(c.span);
      ++out.start[static_cast<std::size_t>(c.key.first) + 1];
    }
    std::partial_sum(out.start.begin(), out.start.end(), out.start.begin());
  }

  /// The part of a source's linear number that read key `key` of `f` sets:
  /// its coordinates along the factor's read tracks (no other factor's
  /// read track has their processors dimensions).
  std::int64_t sourceOffset(const LoopFactor& f, std::int64_t key) const
  {
    if (f.read.size() == 1) // the key is the one track's coordinate: no division
      return key * m_stride[static_cast<std::size_t>(f.read.front().pd)];
    std::int64_t offset = 0;
    for (const auto& t : f.read) {
      offset += key % m_procs.shape[t.pd] * m_stride[static_cast<std::size_t>(t.pd)];
      key /= m_procs.shape[t.pd];
    }
    return offset;
  }

  /// The messages into destination d (coordinates `dest`).
  void destination(std::int64_t d, const Coords& dest, Small<PairTraffic, 8>& out) const
  {
    if (!executes(dest))
      return;
    if (m_restricted->used >= RestrictedFactors::kMostRanges) // none is pointed at between destinations
      m_restricted->forget();
    std::int64_t scalar = 1;
    auto& sourced = m_sourced; // per factor with read owners (kept across destinations)
    sourced.clear();
    for (const auto& factor : m_factors) {
      const auto* f = &factor;
      if (factor.nestedExec >= 0) { // the trips where dest executes some of the nested loop
        const auto [first, last] = executedTrips(m_nested[static_cast<std::size_t>(factor.nestedExec)], factor, dest);
        if (first > last)
          return;
        f = &restricted(factor, first, last);
      }
      const auto list = f->byExecKey(execKey(*f, dest));
      if (list.empty())
        return;
      if (!f->read.empty())
        sourced.push_back({list, f});
      else
        scalar = checkedMul(scalar, elementsOf(*f, list, 0)); // one read key: 0
    }
    std::int64_t source = m_fixedSource; // the dimensions no read track sets: fixed or d's own
    for (const int pd : m_ownSource)
      source += dest[pd] * m_stride[pd];
    combine(0, source, scalar, d, out);
  }

  /// What destination() and work() ask of every processor, decided once:
  /// the dimensions an exec side fixes, each factor's key dimensions, and the
  /// source's part no read track sets (a fixed coordinate, or the destination's own).
  void destinationRules()
  {
    for (int pd = 0; pd < m_procs.rank(); ++pd) {
      if (m_exec[pd].kind == SideDim::Kind::Fixed)
        m_execFixed.emplace_back(pd, m_exec[pd].coord);
      if (m_read[pd].kind == SideDim::Kind::Fixed)
        m_fixedSource += m_read[pd].coord * m_stride[pd];
      else if (m_read[pd].kind == SideDim::Kind::Every)
        m_ownSource.push_back(pd);
    }
    const auto keyDims = [&](LoopFactor& f) {
      std::int64_t stride = 1;
      for (const auto& t : f.exec) {
        f.keyDims.emplace_back(t.pd, stride);
        stride *= m_procs.shape[t.pd];
      }
    };
    for (auto& f : m_factors)
      keyDims(f);
    for (auto& n : m_nested)
      keyDims(n.hull);
  }

  /// Whether the processor at `dest` executes any iteration (every fixed exec coordinate is its own).
  bool executes(const Coords& dest) const
  {
    for (const auto& [pd, coord] : m_execFixed)
      if (dest[pd] != coord)
        return false;
    return true;
  }

  static std::int64_t execKey(const LoopFactor& f, const Coords& dest)
  {
    std::int64_t key = 0;
    for (const auto& [pd, stride] : f.keyDims)
      key += dest[pd] * stride;
    return key;
  }

  /// Every choice of read owners of the sourced factors i..: the source's
  /// linear number is `source` plus each choice's offset.
  void combine(std::size_t i, std::int64_t source, std::int64_t elements, std::int64_t d,
               Small<PairTraffic, 8>& out) const
  {
    if (i == m_sourced.size()) {
      if (source != d && elements > 0)
        out.push_back({source, d, elements});
      return;
    }
    const auto& [list, factor] = m_sourced[i];
    for (std::size_t e = 0; e < list.size; ++e)
      combine(i + 1, source + list.offsets[e], checkedMul(elements, elementsOf(*factor, list, e)), d, out);
  }

  /// The distinct values the read's subscripts take along factor f (and
  /// the level nested in it) over entry e of `list`: its trips, its nested
  /// level's hull, both (the nested ranges' sizes summed), or one.
  static std::int64_t elementsOf(const LoopFactor& f, const KeyList& list, std::size_t e)
  {
    if (f.nestedRead)
      return f.inRead ? f.nestedRead->total(list.first[e].second, list.spans[e]) : f.nestedRead->hull(list.spans[e]);
    return f.inRead ? list.first[e].second : 1;
  }

  /// Pairs ordered by (to, from) reordered by (from, to): a stable counting
  /// sort on the source, O(pairs + P) where one sort of the P(P-1) pairs of
  /// a broadcast on 1024 processors took most of the estimate's time.
  std::vector<PairTraffic> bySource(const std::vector<PairTraffic>& byDestination) const
  {
    std::vector<std::size_t> next(static_cast<std::size_t>(m_procs.count()) + 1, 0);
    for (const auto& t : byDestination)
      ++next[static_cast<std::size_t>(t.from) + 1];
    std::partial_sum(next.begin(), next.end(), next.begin());
    std::vector<PairTraffic> out(byDestination.size());
    for (const auto& t : byDestination)
      out[next[static_cast<std::size_t>(t.from)]++] = t;
    return out;
  }

  /// The next processor's coordinates, column-major as ProcessorsArrangement::linear.
  void nextCoords(Coords& coords) const
  {
    for (std::size_t pd = 0; pd < coords.size(); ++pd) {
      if (++coords[pd] < m_procs.shape[pd])
        return;
      coords[pd] = 0;
    }
  }

  const mapping::ProcessorsArrangement& m_procs;
  const int m_placement;
  const std::vector<std::int64_t>& m_outer;
  bool m_empty = false;
  Small<LoopFactor, 3> m_factors;
  Small<int> m_levelFactor;            // per level: its factor, -1 for the fixed outer levels
  Small<std::int64_t> m_first, m_step; // per factor
  Small<SideDim> m_exec, m_read;       // per processors dimension
  Small<std::pair<int, std::int64_t>, 2> m_execFixed; // (processors dimension, coordinate) the exec side fixes
  std::int64_t m_fixedSource = 0;      // the read side's fixed coordinates' part of a source's number
  Small<int> m_ownSource;              // dimensions where the source has the destination's coordinate
  Coords m_stride;                     // per processors dimension: its step in a linear number
  struct Sourced {
    KeyList list;
    const LoopFactor* factor = nullptr;
  };
  mutable Small<Sourced> m_sourced; // destination's, kept across destinations
  Small<Nested, 1> m_nested;
  int m_nestedExecs = 0;
  /// The factor over the trips destinations execute, by trip range (restricted()).
  RestrictedLease m_restricted;
};

} // namespace

std::optional<std::vector<PairTraffic>> countSeparableExchange(const IterationSpace& space, const ReferencePlan* exec,
                                                               const ReferencePlan& read, int placement,
                                                               const std::vector<std::int64_t>& outer,
                                                               const mapping::Mapping& mapping, std::string* why)
{
  try {
    return SeparableExchange(space, exec, &read, placement, outer, mapping).pairs();
  } catch (const NotSeparable& n) {
    if (why)
      *why = n.why;
  }
  return std::nullopt;
}

bool forEachSeparablePair(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read,
                          int placement, const std::vector<std::int64_t>& outer, const mapping::Mapping& mapping,
                          FunctionRef<void(std::span<const PairTraffic>)> visit, std::string* why)
{
  try {
    SeparableExchange(space, exec, &read, placement, outer, mapping).visitPairs(visit);
    return true;
  } catch (const NotSeparable& n) {
    if (why)
      *why = n.why;
  }
  return false;
}

} // namespace ps::estimate

namespace ps::estimate {

std::optional<std::vector<double>> countSeparableWork(const IterationSpace& space, const ReferencePlan* owner,
                                                      const mapping::Mapping& mapping, std::string* why)
{
  try {
    const std::vector<std::int64_t> outer(static_cast<std::size_t>(space.depth()), 0);
    return SeparableExchange(space, owner, nullptr, 0, outer, mapping).work();
  } catch (const NotSeparable& n) {
    if (why)
      *why = n.why;
  }
  return std::nullopt;
}

} // namespace ps::estimate

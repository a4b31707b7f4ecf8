#include "estimate/communication.h"

#include "estimate/closed-communication.h"
#include "estimate/element-runs.h"
#include "estimate/exchange-pieces.h"
#include "estimate/instance-sample.h"
#include "estimate/owned-iterations.h"
#include "estimate/piecewise-instance-sum.h"
#include "estimate/saturating-count.h"
#include "estimate/separable-exchange.h"
#include "estimate/triangle-exchange.h"
#include "support/cancellation.h"
#include "support/integer-division.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <map>
#include <numeric>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <utility>

namespace ps::estimate {
namespace {

// ---- dependence test (uniform distances) -----------------------------------

constexpr std::int64_t kAnyDistance = std::numeric_limits<std::int64_t>::min();
/// A level whose variable no subscript of either reference has: every
/// distance, 0 among them (a time loop around a sweep).
constexpr std::int64_t kEveryDistance = kAnyDistance + 1;

/// Iteration distances (read iteration minus write iteration) per common
/// level, kEveryDistance where no subscript follows the level's loop;
/// nullopt when there is provably no dependence. A subscript that follows
/// a loop the statements do not share constrains none of their levels.
/// Where the test cannot decide a subscript (not affine, other
/// coefficients) it stops: the levels not yet decided are kAnyDistance.
std::optional<std::vector<std::int64_t>> distances(const program::ArrayReference& write,
                                                   const program::ArrayReference& read, const IterationSpace& space,
                                                   int common, const symbolic::Bindings& values)
{
  std::vector<std::int64_t> d(common, kAnyDistance);
  if (!write.allAffine() || !read.allAffine() || write.subscripts.size() != read.subscripts.size())
    return d;
  const auto vars = space.variables();
  for (std::size_t k = 0; k < write.subscripts.size(); ++k) {
    const auto& w = write.subscripts[k].affine;
    const auto& r = read.subscripts[k].affine;
    auto cw = w.constant.evaluate(values), cr = r.constant.evaluate(values);
    if (!cw || !cr || w.coefficients != r.coefficients)
      return d;
    if (w.coefficients.empty()) {
      if (*cw != *cr)
        return std::nullopt; // different constant elements: never the same
      continue;
    }
    if (w.coefficients.size() > 1)
      return d;
    const auto& [var, a] = *w.coefficients.begin();
    const auto level = std::find(vars.begin(), vars.end(), var) - vars.begin();
    if (level >= common)
      continue; // a loop the statements do not share: it says nothing of the shared levels' distances
    if ((*cw - *cr) % a != 0)
      return std::nullopt;
    const auto valueDistance = (*cw - *cr) / a;
    const auto step = space.levels()[level].step;
    if (valueDistance % step != 0)
      return std::nullopt;
    const auto iterationDistance = valueDistance / step;
    if (d[level] != kAnyDistance && d[level] != iterationDistance)
      return std::nullopt;
    d[level] = iterationDistance;
  }
  std::replace(d.begin(), d.end(), kAnyDistance, kEveryDistance);
  return d;
}

/// The first FORALL level of `space`, or its depth: an assignment of a
/// FORALL construct completes for every index before the next one starts,
/// so what it writes is exchanged once per FORALL, not per iteration.
int forallStart(const IterationSpace& space)
{
  const auto& levels = space.levels();
  const auto it = std::find_if(levels.begin(), levels.end(), [](const LevelBounds& l) { return l.forall; });
  return static_cast<int>(it - levels.begin());
}

int commonLevels(const program::Statement& a, const program::Statement& b, int nestLoop)
{
  auto ia = std::find(a.loops.begin(), a.loops.end(), nestLoop);
  auto ib = std::find(b.loops.begin(), b.loops.end(), nestLoop);
  int n = 0;
  while (ia != a.loops.end() && ib != b.loops.end() && *ia == *ib) {
    ++n;
    ++ia;
    ++ib;
  }
  return n;
}

// ---- simulation -------------------------------------------------------------

/// A bounded simulation went past its budget (ReadSimulator::simulateWithin).
struct BudgetExceeded {};

/// Rows and runs the simulation visits in the time of one closed count of
/// a processor's messages (countExchange, about 1 ms; a run about 50 ns):
/// the unit in which an exchange's work is measured.
constexpr std::int64_t kRowsPerCount = 20000;

/// One exchange's per-processor tally (ReadSimulator::startTally .. commit).
/// A sweep tallies thousands of exchanges, so the buffers are kept across
/// them, one set per thread, instead of allocated for each.
struct TallyBuffers {
  std::vector<double> send, recv;           // seconds each processor sends, receives
  std::vector<std::int64_t> messages, bytes; // received, per processor
};

TallyBuffers& tallyBuffers()
{
  thread_local TallyBuffers buffers;
  return buffers;
}

class ReadSimulator {
public:
  ReadSimulator(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read, int placement,
                const mapping::Mapping& mapping, const machine::MachineProfile& machine, std::string pattern,
                CommunicationMethod method, CommTotals& totals)
    : m_keep(totals.keepExchanges), m_closed(method != CommunicationMethod::Simulated), m_space(space), m_exec(exec), m_read(read), m_placement(placement), m_mapping(mapping), m_machine(machine),
      m_pattern(std::move(pattern)), m_broadcast(m_pattern == "broadcast"), m_distinct(readsDistinctElements(read, placement, space.depth())),
      m_execCoords(static_cast<std::size_t>(mapping.procs.rank())),
      m_readCoords(static_cast<std::size_t>(mapping.procs.rank())), m_procs(mapping.procs.count()), m_totals(totals),
      m_runs(read, space.depth() - 1, space.depth() > 0 ? space.levels().back().step : 1, mapping.procs.count()),
      m_curve(machine.curveFor(m_pattern, mapping.procs.count())), m_hops(machine, mapping.procs.count())
  {
  }

  /// Simulates one vectorized exchange with the outer `placement` levels
  /// fixed. In closed form where possible; with `simulateBudget` > 0 an
  /// exchange that is not separable is first simulated within that many rows
  /// and runs (simulateWithin), and counted in closed form only if it is not.
  void instance(std::vector<std::int64_t>& values, std::int64_t repeat, std::int64_t simulateBudget = 0)
  {
    if (m_closed) {
      if (m_separable && !m_keep && tallySeparable(values)) {
        if (m_tally.count > 0)
          commit(repeat);
        return;
      }
      if (!m_separable && m_triangle && !m_keep && tallyTriangle(values)) {
        if (m_tally.count > 0)
          commit(repeat);
        return;
      }
      std::string why;
      std::optional<std::vector<PairTraffic>> traffic;
      if (m_separable) // refused once, refused for every instance: the reasons are the nest's shape
        traffic = countSeparableExchange(m_space, m_exec, m_read, m_placement, values, m_mapping, nullptr);
      m_separable = traffic.has_value();
      if (!traffic && m_triangle) {
        traffic = countTriangleExchange(m_space, m_exec, m_read, m_placement, values, m_mapping, nullptr);
        m_triangle = traffic.has_value();
      }
      if (!traffic && simulateBudget > 0 && simulateWithinBackingOff(values, repeat, simulateBudget))
        return;
      if (!traffic) { // not a product of one-loop counts: the projection count
        traffic = countExchange(m_space, m_exec, m_read, m_placement, values, m_mapping, &why);
        m_work += kRowsPerCount * m_procs;
      }
      if (traffic) {
        if (!traffic->empty())
          account(*traffic, repeat);
        return;
      }
      m_closed = false; // simulate this and every further instance
      record.simulatedBecause = why;
    }
    simulate(values, repeat);
  }

  void simulateOnly() { m_closed = false; }

  /// What instance(values, 1, simulateBudget) would add, left out of the
  /// record and the totals: messages, bytes and instances, then each
  /// processor's messages and bytes (probeWidth() counts), and seconds.
  InstanceTally probe(std::vector<std::int64_t>& values, std::int64_t simulateBudget)
  {
    // the instance tallies into zeroed totals and record fields, put back after
    const auto procs = static_cast<std::size_t>(m_procs);
    m_probeMessages.assign(procs, 0);
    m_probeBytes.assign(procs, 0);
    std::swap(m_totals.messagesPerProc, m_probeMessages);
    std::swap(m_totals.bytesPerProc, m_probeBytes);
    const auto kept = std::tuple{record.messages, record.bytes, record.instances, record.time};
    record.messages = record.bytes = record.instances = 0;
    record.time = 0;
    const auto restore = [&] {
      std::swap(m_totals.messagesPerProc, m_probeMessages);
      std::swap(m_totals.bytesPerProc, m_probeBytes);
      std::tie(record.messages, record.bytes, record.instances, record.time) = kept;
    };
    try {
      instance(values, 1, simulateBudget);
    } catch (...) {
      restore();
      throw;
    }
    InstanceTally t{{record.messages, record.bytes, record.instances}, record.time};
    t.counts.insert(t.counts.end(), m_totals.messagesPerProc.begin(), m_totals.messagesPerProc.end());
    t.counts.insert(t.counts.end(), m_totals.bytesPerProc.begin(), m_totals.bytesPerProc.end());
    restore();
    return t;
  }

  std::size_t probeWidth() const { return 3 + 2 * static_cast<std::size_t>(m_procs); }
  /// Where probe()'s per-processor messages and bytes start.
  std::vector<std::size_t> perProcessorBlocks() const { return {3, 3 + static_cast<std::size_t>(m_procs)}; }

  /// Adds a sum of probe() tallies to the record and the totals.
  void addProbed(const InstanceTally& sum)
  {
    record.messages = saturatingAdd(record.messages, sum.counts[0]);
    record.bytes = saturatingAdd(record.bytes, sum.counts[1]);
    record.instances = saturatingAdd(record.instances, sum.counts[2]);
    record.time += sum.seconds;
    const auto procs = static_cast<std::size_t>(m_procs);
    for (std::size_t p = 0; p < procs; ++p) {
      m_totals.messagesPerProc[p] = saturatingAdd(m_totals.messagesPerProc[p], sum.counts[3 + p]);
      m_totals.bytesPerProc[p] = saturatingAdd(m_totals.bytesPerProc[p], sum.counts[3 + procs + p]);
    }
  }

  const ReferencePlan* exec() const { return m_exec; }
  const ReferencePlan& read() const { return m_read; }
  bool keepsExchanges() const { return m_keep; }

  /// The work done so far, in rows and runs simulated, messages tallied
  /// and processors committed (a closed count of every processor's
  /// messages counts kRowsPerCount per processor).
  std::int64_t work() const { return m_work; }

  /// How many processors execute each iteration: all of them without an
  /// executing reference, the coordinates of the dimensions it is
  /// replicated along otherwise; the simulation walks each one's reads.
  std::int64_t executorsPerIteration() const
  {
    if (!m_exec || !m_exec->map)
      return m_procs;
    std::int64_t n = 1;
    for (int pd = 0; pd < m_mapping.procs.rank(); ++pd)
      if (!templateIndex(*m_exec, m_mapping, pd).defined)
        n *= m_mapping.procs.shape[static_cast<std::size_t>(pd)];
    return n;
  }

  CommRecord record;

private:
  /// Simulates one exchange unless that visits more than `budget` rows and
  /// runs; false (nothing added) when it would. A closed count costs about
  /// the same whatever the nest's size, the simulation its rows: the cheaper
  /// one is known only by trying, within the other's cost.
  bool simulateWithin(std::vector<std::int64_t>& values, std::int64_t repeat, std::int64_t budget)
  {
    m_budget = budget;
    try {
      simulate(values, repeat);
    } catch (const BudgetExceeded&) {
      m_budget = -1;
      return false;
    }
    m_budget = -1;
    return true;
  }

  /// simulateWithin, tried again only after 1, 2, 4, ... instances once it
  /// failed: where no exchange fits the budget, the attempts cost at most a
  /// logarithmic share of the closed counts.
  bool simulateWithinBackingOff(std::vector<std::int64_t>& values, std::int64_t repeat, std::int64_t budget)
  {
    if (m_skipSimulations > 0) {
      --m_skipSimulations;
      return false;
    }
    if (simulateWithin(values, repeat, budget)) {
      m_failedSimulations = 0;
      return true;
    }
    m_skipSimulations = std::int64_t{1} << std::min(m_failedSimulations++, 30);
    return false;
  }

  /// One exchange walked iteration by iteration (in runs) and flushed; again
  /// element by element where a segment's line key overflows.
  void simulate(std::vector<std::int64_t>& values, std::int64_t repeat)
  {
    try {
      walkExchange(values);
    } catch (const std::overflow_error&) {
      m_runs.elementByElement();
      walkExchange(values);
    }
    flush(repeat);
  }

  void walkExchange(std::vector<std::int64_t>& values)
  {
    m_runs.clear();
    m_pairs.clear();
    const int inner = m_space.depth() - 1;
    if (m_placement > inner)
      iteration(values);
    else
      m_space.walk(m_placement, inner, values, [&](std::vector<std::int64_t>& v) { row(v, inner); });
  }

  /// Counts `units` rows, runs or spans against the budget of simulateWithin.
  void spend(std::int64_t units = 1)
  {
    if (--m_untilCancelCheck == 0) { // one exchange can be long: a cancel is seen within ~1 ms
      m_untilCancelCheck = kSpendsPerCancelCheck;
      throwIfCancelled();
    }
    m_work += units;
    if (m_budget >= 0 && (m_budget -= units) < 0)
      throw BudgetExceeded{};
  }

  /// The innermost loop with the outer values fixed, in runs of iterations
  /// whose read and executing owners stay the same: each remote run is one
  /// segment of elements (ElementRuns), so the cost follows the owner
  /// changes rather than the iteration count.
  void row(std::vector<std::int64_t>& values, int level)
  {
    spend();
    std::int64_t first, last;
    if (!m_space.range(level, values, &first, &last))
      return;
    const auto step = m_space.levels()[level].step;
    const auto trips = tripCount(first, last, step);
    const Row r{ownerLine(&m_read, m_mapping, values, level), ownerLine(m_exec, m_mapping, values, level), first,
                step, level};
    if (!m_periodKnown) { // the same for every row: the coefficients of `level` and the distributions
      m_runs.setPeriod(ownersPeriod(r));
      m_periodKnown = true;
    }
    std::int64_t from = 0, to = 0, period = 0;
    if (periodicRange(r, trips, &from, &to, &period) && to - from >= 2 * period) {
      // CYCLIC owners repeat: one period's runs, counted (or, when reads
      // repeat, kept as segments) `full` times
      const auto full = (to - from) / period;
      walkRuns(values, r, 0, from, 1);
      walkRuns(values, r, from, from + period, full);
      // where every iteration reads one element, the rest of the owners'
      // range repeats the period's pairs: only what lies beyond it is new
      const auto tail = from + full * period;
      walkRuns(values, r, !m_distinct && m_runs.constantAlongLoop() ? std::max(tail, to) : tail, trips, 1);
    } else {
      walkRuns(values, r, 0, trips, 1);
    }
  }

  struct Row {
    OwnerLine read, exec;
    std::int64_t first, step;
    int level;
  };

  /// Iterations n0..n1-1 of the row, each remote run `times` times (n1 - n0
  /// at most one period when times > 1): shifted by a period each time.
  void walkRuns(std::vector<std::int64_t>& values, const Row& r, std::int64_t n0, std::int64_t n1, std::int64_t times)
  {
    for (std::int64_t n = n0; n < n1;) {
      spend();
      const auto v = r.first + n * r.step;
      const auto run = std::min({r.read.sameOwnerRun(v, r.step), r.exec.sameOwnerRun(v, r.step), n1 - 1 - n});
      r.read.coordsAt(v, m_readCoords.data());
      r.exec.coordsAt(v, m_execCoords.data());
      if (!isLocalToExecutor()) {
        values[r.level] = v;
        remote(values, run, times);
      }
      n += run + 1;
    }
  }

  /// Calls f(d, slope) for each owner dimension of the row that moves along
  /// it (slope: its template index's move per iteration); false, stopping,
  /// at the first that is not CYCLIC(k).
  template <typename F>
  static bool forEachMovingCyclic(const Row& r, const F& f)
  {
    for (const auto* line : {&r.read, &r.exec}) {
      for (const auto& d : line->dims) {
        const auto slope = d.a * r.step;
        if (slope == 0)
          continue;
        if (d.dist->format().kind != mapping::FormatKind::Cyclic)
          return false;
        f(d, slope);
      }
    }
    return true;
  }

  static std::int64_t periodAlong(const OwnerLine::Dim& d, std::int64_t slope)
  {
    const auto cycle = d.dist->blockSize() * d.dist->procs();
    return cycle / std::gcd(cycle, std::llabs(slope));
  }

  /// The period of the row's owners where they move and every moving one is
  /// CYCLIC(k); 1 otherwise (BLOCK rows have few runs anyway).
  static std::int64_t ownersPeriod(const Row& r)
  {
    std::int64_t period = 1;
    const bool cyclic =
        forEachMovingCyclic(r, [&](const OwnerLine::Dim& d, std::int64_t slope) { period = std::lcm(period, periodAlong(d, slope)); });
    return cyclic ? period : 1;
  }

  /// The iterations [from, to) of a row whose template indices all stay
  /// inside their templates, and the period of the owners there
  /// (ownersPeriod); false unless some owner moves and every moving owner
  /// is CYCLIC(k).
  static bool periodicRange(const Row& r, std::int64_t trips, std::int64_t* from, std::int64_t* to,
                            std::int64_t* period)
  {
    *from = 0;
    *to = trips;
    *period = 1;
    bool moving = false;
    const bool cyclic = forEachMovingCyclic(r, [&](const OwnerLine::Dim& d, std::int64_t slope) {
      moving = true;
      *period = std::lcm(*period, periodAlong(d, slope));
      const auto t0 = d.a * r.first + d.b;
      const auto lo = slope > 0 ? ceilDiv(d.dist->lower() - t0, slope) : ceilDiv(t0 - d.dist->upper(), -slope);
      const auto hi = slope > 0 ? floorDiv(d.dist->upper() - t0, slope) : floorDiv(t0 - d.dist->lower(), -slope);
      *from = std::max(*from, lo);
      *to = std::min(*to, hi + 1);
    });
    return cyclic && moving && *from < *to;
  }

  /// One iteration (all levels fixed).
  void iteration(const std::vector<std::int64_t>& values)
  {
    std::int64_t index[8];
    m_read.element(values, index);
    m_mapping.ownerCoords(*m_read.map, index, m_readCoords.data());
    if (m_exec && m_exec->map) {
      m_exec->element(values, index);
      m_mapping.ownerCoords(*m_exec->map, index, m_execCoords.data());
    } else {
      std::fill(m_execCoords.begin(), m_execCoords.end(), -1);
    }
    if (!isLocalToExecutor())
      remote(values, 0, 1);
  }

  /// Records the run of `run` + 1 iterations from `values`, and its `times`
  /// - 1 repeats a period apart, for every executing processor
  /// (m_readCoords and m_execCoords hold the owners): their number when
  /// every iteration reads another element, else their elements' segments.
  void remote(const std::vector<std::int64_t>& values, std::int64_t run, std::int64_t times)
  {
    if (!m_distinct) { // the run's elements taken apart once, for every destination
      ElementRuns::Element element{};
      m_read.element(values, element.data());
      m_runs.prepare(element, run, times);
    }
    forEachProcessor(m_mapping.procs, m_execCoords.data(), [&](std::int64_t p) {
      const auto source = sourceFor(p);
      if (source < 0)
        return;
      if (m_distinct) {
        m_pairs[source * m_procs + p] += (run + 1) * times; // no duplicates to remove: count
      } else {
        m_runs.addPrepared(source, p);
        spend(m_runs.prepared()); // a run under CYCLIC(k) may be many spans
      }
    });
  }

  /// True when every executing processor owns (a copy of) the element.
  bool isLocalToExecutor() const
  {
    for (std::size_t d = 0; d < m_readCoords.size(); ++d) {
      if (m_readCoords[d] >= 0 && m_readCoords[d] != m_execCoords[d])
        return false;
    }
    return true;
  }

  /// The processor that sends p its element (-1: p holds it).
  std::int64_t sourceFor(std::int64_t p) const
  {
    // Walk p's column-major coordinates and build the source's number alongside
    // (no allocation: this runs for every remote run).
    const auto& shape = m_mapping.procs.shape;
    std::int64_t rest = p, source = 0, stride = 1;
    bool local = true;
    for (std::size_t d = 0; d < shape.size(); ++d) {
      const auto own = rest % shape[d];
      rest /= shape[d];
      const auto from = m_readCoords[d] < 0 ? own : m_readCoords[d]; // nearest copy of replicated data
      local = local && from == own;
      source += from * stride;
      stride *= shape[d];
    }
    return local ? -1 : source;
  }

  /// Messages of one exchange: per (source, destination) pair, its elements.
  void flush(std::int64_t repeat)
  {
    std::vector<PairTraffic> messages;
    if (m_distinct) {
      const auto procs = m_mapping.procs.count();
      for (const auto& [pair, count] : m_pairs)
        messages.push_back({pair / procs, pair % procs, count});
      std::sort(messages.begin(), messages.end(), [](const auto& a, const auto& b) { // a fixed order of the time sums
        return std::tie(a.from, a.to, a.elements) < std::tie(b.from, b.to, b.elements);
      });
    } else {
      m_runs.pairs(messages);
    }
    if (!messages.empty())
      account(messages, repeat);
  }

  /// The separable count's messages tallied one by one (no list of the
  /// P(P-1) pairs of a broadcast); false, with the tally dropped, when the
  /// exchange is not separable.
  bool tallySeparable(std::vector<std::int64_t>& values)
  {
    startTally();
    m_separable = forEachSeparablePair(m_space, m_exec, m_read, m_placement, values, m_mapping,
                                       [&](std::span<const PairTraffic> into) { tally(into); }, nullptr);
    return m_separable;
  }

  /// tallySeparable for an exchange over a triangle whose executing and
  /// read owners follow different loops (triangle-exchange.h).
  bool tallyTriangle(std::vector<std::int64_t>& values)
  {
    startTally();
    m_triangle = forEachTrianglePair(m_space, m_exec, m_read, m_placement, values, m_mapping,
                                     [&](std::span<const PairTraffic> into) { tally(into); }, nullptr);
    return m_triangle;
  }

  void account(const std::vector<PairTraffic>& messages, std::int64_t repeat)
  {
    startTally();
    for (const auto& m : messages)
      tally(m);
    commit(repeat);
    if (m_keep)
      keep(messages, repeat);
  }

  /// One exchange, tallied message by message, then committed `repeat` times.
  void startTally()
  {
    const auto procs = static_cast<std::size_t>(m_procs);
    m_t.send.assign(procs, 0.0);
    m_t.recv.assign(procs, 0.0);
    m_t.messages.assign(procs, 0);
    m_t.bytes.assign(procs, 0);
    m_tally = {};
    m_work += m_procs;
  }

  /// Messages in (from, to) or (to, from) order give the same sums: each
  /// processor's send and receive times add up in the same order either way.
  void tally(const PairTraffic& m) { tally(std::span<const PairTraffic>(&m, 1)); }

  /// One destination's messages (all into one processor, by source), its
  /// receiving side summed in a local in the same order as tally() would.
  void tally(std::span<const PairTraffic> into)
  {
    const auto to = into.front().to;
    double received = m_t.recv[to];
    std::int64_t bytesTo = m_t.bytes[to];
    for (const auto& m : into) {
      const auto bytes = saturatingMul(m.elements, m_read.elementBytes);
      const double t = seconds(bytes, m.from, to);
      m_t.send[m.from] += t;
      received += t;
      bytesTo = saturatingAdd(bytesTo, bytes);
      m_tally.bytes = saturatingAdd(m_tally.bytes, bytes);
      m_tally.maxBytes = std::max(m_tally.maxBytes, bytes);
    }
    const auto count = static_cast<std::int64_t>(into.size());
    m_work += count;
    m_t.recv[to] = received;
    m_t.messages[to] += count;
    m_t.bytes[to] = bytesTo;
    m_tally.count += count;
  }

  /// One message's time (MachineProfile::transferTime): the pattern's
  /// fitted curve, its segment looked up once per size (an exchange's
  /// messages mostly have one), or rho + beta * bytes + gamma * hops.
  double seconds(std::int64_t bytes, std::int64_t from, std::int64_t to)
  {
    if (!m_curve)
      return m_machine.messageTime(static_cast<double>(bytes), m_hops(from, to));
    if (bytes != m_lastBytes) {
      m_lastBytes = bytes;
      m_lastSeconds = m_curve->seconds(static_cast<double>(bytes));
    }
    return m_lastSeconds;
  }

  /// Adds the tally `repeat` times to the record and, per receiving
  /// processor, to the totals (saturating sums of non-negative counts do not
  /// depend on their order).
  void commit(std::int64_t repeat)
  {
    const auto procs = m_procs;
    double slowest = 0;
    for (std::int64_t p = 0; p < procs; ++p) {
      slowest = std::max({slowest, m_t.send[p], m_t.recv[p]});
      m_totals.messagesPerProc[p] = saturatingAdd(m_totals.messagesPerProc[p], saturatingMul(m_t.messages[p], repeat));
      m_totals.bytesPerProc[p] = saturatingAdd(m_totals.bytesPerProc[p], saturatingMul(m_t.bytes[p], repeat));
    }
    if (m_broadcast) // a tree broadcast instead of the root sending to each
      slowest = m_machine.collectiveTime(m_pattern, static_cast<double>(m_tally.maxBytes),
                                         std::ceil(std::log2(static_cast<double>(m_tally.count) + 1.0)), procs);
    record.bytes = saturatingAdd(record.bytes, saturatingMul(m_tally.bytes, repeat));
    record.messages = saturatingAdd(record.messages, saturatingMul(m_tally.count, repeat));
    record.instances = saturatingAdd(record.instances, repeat);
    record.time += slowest * static_cast<double>(repeat);
  }

  /// Appends the exchange to record.exchanges, merged into the previous one
  /// when the messages are the same (a uniform loop keeps one entry).
  void keep(const std::vector<PairTraffic>& messages, std::int64_t repeat)
  {
    std::vector<ExchangeMessage> list;
    for (const auto& [from, to, elements] : messages)
      list.push_back({from, to, saturatingMul(elements, m_read.elementBytes)});
    std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
      return std::tie(a.from, a.to) < std::tie(b.from, b.to);
    });
    auto& kept = record.exchanges;
    if (!kept.empty() && kept.back().messages == list) {
      kept.back().repeat = saturatingAdd(kept.back().repeat, repeat);
      return;
    }
    m_kept += static_cast<std::int64_t>(list.size());
    if (m_kept > kMaxKeptMessages) {
      record.exchangesTruncated = true;
      return;
    }
    kept.push_back({repeat, std::move(list)});
  }

  const bool m_keep; // keep the exchanges for a message list
  std::int64_t m_kept = 0;
  bool m_closed; // count in closed form until a count fails
  bool m_separable = true; // try the product of one-loop counts until it is refused
  bool m_triangle = true;  // then the triangle's run sums, until they are refused
  const IterationSpace& m_space;
  const ReferencePlan* m_exec;
  const ReferencePlan& m_read;
  const int m_placement;
  const mapping::Mapping& m_mapping;
  const machine::MachineProfile& m_machine;
  const std::string m_pattern; // shift, copy or broadcast: the curve that prices a message
  const bool m_broadcast;
  const bool m_distinct; // no element is read twice in an exchange: count pairs, skip the dedupe
  boost::container::small_vector<std::int64_t, 4> m_execCoords, m_readCoords; // per processors dimension
  const std::int64_t m_procs;
  CommTotals& m_totals; // the receiving processors' counts are added here
  ElementRuns m_runs;                                   // the remote runs' elements, when reads may repeat
  std::int64_t m_budget = -1;                           // rows and runs simulateWithin may still visit (-1: any)
  std::int64_t m_work = 0;                              // work(): rows, runs and counts so far
  static constexpr int kSpendsPerCancelCheck = 1 << 14;
  int m_untilCancelCheck = kSpendsPerCancelCheck;       // spend() calls to the next throwIfCancelled()
  std::int64_t m_skipSimulations = 0;                   // instances counted without trying simulateWithin
  int m_failedSimulations = 0;                          // simulateWithin's failures in a row
  bool m_periodKnown = false;                           // m_runs has the rows' owner period
  std::unordered_map<std::int64_t, std::int64_t> m_pairs; // source*P + destination -> elements
  std::vector<std::int64_t> m_probeMessages, m_probeBytes; // the totals probe() sets aside
  // One exchange's tally (startTally, tally, commit), its buffers kept across instances.
  struct Tally {
    std::int64_t count = 0, bytes = 0, maxBytes = 0;
  } m_tally;
  TallyBuffers& m_t = tallyBuffers();
  const machine::CommCurve* m_curve;                   // the pattern's fitted curve, or nullptr: rho + beta*D + gamma*h
  const machine::HopCounter m_hops;
  std::int64_t m_lastBytes = -1; // seconds()'s last size and its time on the curve
  double m_lastSeconds = 0;
};

} // namespace

/// Whether `st` is a CALL whose callee may assign `array`, passed whole or
/// as an element or section (CallArgument::written).
static bool callAssigns(const program::Statement& st, const std::string& array)
{
  return st.kind == program::StatementKind::Call &&
         std::any_of(st.arguments.begin(), st.arguments.end(), [&](const program::CallArgument& a) {
           const auto& name = a.reference >= 0 ? st.refs[static_cast<std::size_t>(a.reference)].array : a.name;
           return a.written && name == array;
         });
}

int placementOf(const program::Statement& statement, const program::ArrayReference& read,
                const std::vector<const program::Statement*>& nestStatements, const IterationSpace& space,
                const symbolic::Bindings& values)
{
  const int nestLoop = space.levels().empty() ? -1 : space.levels().front().loopId;
  int placement = 0;
  for (const auto* other : nestStatements) {
    if (callAssigns(*other, read.array)) { // any element, at every iteration of the CALL's loops
      const int common = commonLevels(statement, *other, nestLoop);
      placement = std::max(placement, other->id < statement.id ? std::min(common, forallStart(space)) : common);
      continue;
    }
    const auto* write = other->write();
    if (!write || write->array != read.array)
      continue;
    const int common = commonLevels(statement, *other, nestLoop);
    auto d = distances(*write, read, space, common, values);
    if (!d)
      continue;
    // the deepest level that may carry it: a level of every distance (a time loop) carries it, and with a
    // distance of 0 there the levels inside it may carry it too (Gauss-Seidel's U(I-1,J) in DO IT: the
    // value comes from this sweep's I-1, not from the last sweep)
    int carrier = -1;
    for (int k = 0; k < common; ++k) {
      if (space.levels()[k].forall && (*d)[k] != 0)
        break; // FORALL reads every element before it writes any (HPF 1.1, Sec. 4.1)
      if ((*d)[k] == kEveryDistance) {
        carrier = k;
        continue;
      }
      if ((*d)[k] == kAnyDistance || (*d)[k] > 0) {
        carrier = k;
        break;
      }
      if ((*d)[k] < 0)
        break; // the read happens first: an anti-dependence, no message needed later
    }
    // written earlier in the same iteration of the common loops: the distances there are all 0 (or may be),
    // whatever a subscript in a loop they do not share takes (A(I,J) written in one DO J and read in a sibling
    // DO J: the same row i, any column)
    if (other->id < statement.id &&
        std::all_of(d->begin(), d->end(), [](auto x) { return x == 0 || x == kEveryDistance; }))
      placement = std::max(placement, std::min(common, forallStart(space)));
    else if (carrier >= 0)
      placement = std::max(placement, carrier + 1);
  }
  return placement;
}

const char* classifyPattern(const ReferencePlan* exec, const ReferencePlan& read, const mapping::Mapping& mapping,
                            int placement, int depth)
{
  if (!exec || !exec->map)
    return "broadcast";
  int rank = 0; // 0 same, 1 shift, 2 broadcast, 3 copy
  for (int pd = 0; pd < mapping.procs.rank(); ++pd) {
    const auto w = templateIndex(*exec, mapping, pd);
    const auto r = templateIndex(read, mapping, pd);
    if (!r.defined)
      continue; // read replicated along this dimension
    if (!w.defined) {
      rank = std::max(rank, 2);
      continue;
    }
    const bool sameDistribution = w.dist && r.dist && w.dist->sameOwners(*r.dist);
    bool readInvariant = true, writeVaries = false;
    for (int k = placement; k < depth; ++k) {
      readInvariant = readInvariant && r.index.coef[k] == 0;
      writeVaries = writeVaries || w.index.coef[k] != 0;
    }
    if (w.index.coef == r.index.coef && sameDistribution)
      rank = std::max(rank, w.index.constant == r.index.constant ? 0 : 1);
    else if (readInvariant && writeVaries)
      rank = std::max(rank, 2);
    else
      rank = 3;
  }
  static const char* names[] = {"local", "shift", "broadcast", "copy"};
  return names[rank];
}

/// The piecewise sum went past its work budget (PiecewiseExchangeSum).
struct PiecesTooCostly {};

/// Exchanges whose instances differ, summed over the instances of the outer
/// levels by polynomial pieces (sumPiecewise, pieces from exchangePieces).
/// The last outer level's instances ("a row") are counted or simulated as
/// instance() chooses, a few per piece and residue class; each level above
/// sums the sums of the level below it the same way (a row's sum is a
/// polynomial in the outer variable between the places where the inner
/// extremes of the indices cross a block boundary, P3T+ Sec. 3.1), so a
/// Gauss-Seidel sweep's per-iteration messages cost a few rows, not n.
class PiecewiseExchangeSum {
public:
  /// Work past `maxWork` (ReadSimulator::work) gives up with PiecesTooCostly.
  PiecewiseExchangeSum(const IterationSpace& space, int placement, const mapping::Mapping& mapping,
                       ReadSimulator& sim, std::int64_t simulateBudget, double maxWork)
    : m_space(space), m_mapping(mapping), m_sim(sim), m_last(std::min(placement, space.depth()) - 1),
      m_simulateBudget(simulateBudget), m_maxWork(maxWork), m_start(sim.work())
  {
  }

  /// The last outer level (-1: none).
  int last() const { return m_last; }

  /// Every instance: levels from `level` down, the outer ones fixed in `v`.
  InstanceTally sumFrom(int level, std::vector<std::int64_t>& v)
  {
    std::int64_t lo, hi;
    if (!m_space.range(level, v, &lo, &hi))
      return InstanceTally{std::vector<std::int64_t>(m_sim.probeWidth(), 0), 0};
    const auto step = m_space.levels()[level].step;
    const auto trips = tripCount(lo, hi, step);
    auto pieces = exchangePieces(m_space, level, v, lo, step, trips, m_sim.exec(), m_sim.read(), m_mapping);
    if (!pieces)
      throw PiecesTooCostly{};
    if (pieces->rotation) // the probe's per-processor messages and bytes (ReadSimulator::probe)
      pieces->rotation->blocks = m_sim.perProcessorBlocks();
    if (level == m_last)
      return row(v, lo, step, trips, *pieces);
    if (m_firstRow) // on the way down to the first row: the fewest rows the sum takes
      m_leastRows *= static_cast<double>(leastEvaluations(trips, *pieces));
    return sumPiecewise(trips, m_sim.probeWidth(), *pieces, [&](std::int64_t m) {
      v[level] = lo + m * step;
      return sumFrom(level + 1, v);
    });
  }

  /// Each row on its own within maxWork (a sample of rows), not all of them
  /// together.
  void budgetEachRow() { m_eachRow = true; }

  /// The instances done (probed) so far.
  std::int64_t evaluations() const { return m_rowStats.evaluations; }
  /// The work spent so far.
  std::int64_t spent() const { return m_sim.work() - m_start; }

private:
  InstanceTally row(std::vector<std::int64_t>& v, std::int64_t lo, std::int64_t step, std::int64_t trips,
                    const InstancePieces& pieces)
  {
    // where the pieces are too short to fit (a cycle as long as the loop), doing
    // each instance costs the same, and beyond a budget sampling is cheaper
    const auto least = leastEvaluations(trips, pieces);
    const bool firstRow = std::exchange(m_firstRow, false);
    if (firstRow && 2 * least > trips)
      throw PiecesTooCostly{};
    const auto rowStart = m_sim.work();
    std::int64_t done = 0;
    // past maxWork, or bound to pass it: the row's fewest instances left at their mean cost so far
    // (giving up after a few instances, not at the budget, leaves the sampling its time)
    const auto tooCostly = [&] {
      const auto spentNow = static_cast<double>(m_sim.work() - (m_eachRow ? rowStart : m_start));
      if (done < 3)
        return spentNow > m_maxWork;
      const auto mean = static_cast<double>(m_sim.work() - rowStart) / static_cast<double>(done);
      return spentNow + mean * static_cast<double>(std::max<std::int64_t>(least - done, 0)) > m_maxWork;
    };
    auto sum = sumPiecewise(trips, m_sim.probeWidth(), pieces, [&](std::int64_t m) {
      throwIfCancelled();
      if (tooCostly())
        throw PiecesTooCostly{};
      ++done;
      v[m_last] = lo + m * step;
      return m_sim.probe(v, m_simulateBudget);
    }, &m_rowStats);
    // the fewest rows at this one's cost: give up now, not when the budget is spent
    if (firstRow && !m_eachRow && static_cast<double>(m_sim.work() - rowStart) * m_leastRows > m_maxWork)
      throw PiecesTooCostly{};
    return sum;
  }

  const IterationSpace& m_space;
  const mapping::Mapping& m_mapping;
  ReadSimulator& m_sim;
  const int m_last;
  const std::int64_t m_simulateBudget;
  const double m_maxWork;
  const std::int64_t m_start;
  bool m_firstRow = true, m_eachRow = false;
  double m_leastRows = 1;
  PiecewiseSumStats m_rowStats;
};

/// Every instance summed by PiecewiseExchangeSum. False, with nothing added,
/// when the pieces overflow, when the first row's pieces are too short to
/// save half its instances, or when the instances done cost more than
/// `maxWork` (then sampling is cheaper).
bool sumInstancesByPieces(const IterationSpace& space, int placement, const mapping::Mapping& mapping,
                          ReadSimulator& sim, std::int64_t simulateBudget, double maxWork)
{
  PiecewiseExchangeSum sum(space, placement, mapping, sim, simulateBudget, maxWork);
  if (sum.last() < 0 || sim.keepsExchanges())
    return false;
  std::vector<std::int64_t> values(static_cast<std::size_t>(space.depth()), 0);
  try {
    sim.addProbed(sum.sumFrom(0, values));
  } catch (const PiecesTooCostly&) {
    return false;
  }
  sim.record.instancesDone = sum.evaluations();
  return true;
}

/// Where every row is too many to sum: one row in s summed whole by
/// pieces (PiecewiseExchangeSum), its block's middle counted s times
/// (InstanceSample over the rows, s growing as the rows done predict the
/// cost of the rest). Rows change slowly (polynomially between block
/// boundaries) where single instances do not: a shift's one message per
/// block boundary of a row is a sparse event a sample of instances misses
/// or multiplies. False, with nothing added, when a row alone costs more
/// than `maxWork`.
bool sampleRowsByPieces(const IterationSpace& space, int placement, const mapping::Mapping& mapping,
                        ReadSimulator& sim, std::int64_t simulateBudget, double maxWork)
{
  PiecewiseExchangeSum sum(space, placement, mapping, sim, simulateBudget, maxWork);
  sum.budgetEachRow();
  const int last = sum.last();
  if (last < 1 || sim.keepsExchanges())
    return false;
  std::vector<std::int64_t> first;
  const auto rows = countOuterIterations(space, last, &first);
  InstanceSample sample(rows, 1);
  InstanceTally total{std::vector<std::int64_t>(sim.probeWidth(), 0), 0};
  std::vector<std::int64_t> values(static_cast<std::size_t>(space.depth()), 0);
  std::int64_t index = 0, done = 0; // rows before this one; rows summed
  try {
    space.walk(0, last - 1, values, [&](std::vector<std::int64_t>& v) {
      std::int64_t lo, hi;
      if (!space.range(last - 1, v, &lo, &hi))
        return;
      const auto step = space.levels()[last - 1].step;
      const auto trips = tripCount(lo, hi, step);
      for (auto pick = sample.next(); pick - index < trips; pick = sample.next()) {
        v[last - 1] = lo + (pick - index) * step;
        const auto rowSum = sum.sumFrom(last, v);
        const auto repeat = sample.take();
        for (std::size_t c = 0; c < total.counts.size(); ++c)
          total.counts[c] = saturatingAdd(total.counts[c], saturatingMul(rowSum.counts[c], repeat));
        total.seconds += rowSum.seconds * static_cast<double>(repeat);
        // the rows left at the mean cost so far, in what is left of maxWork
        const auto spent = static_cast<double>(sum.spent());
        const auto left = static_cast<double>(rows - sample.covered()) * spent / static_cast<double>(++done);
        sample.atLeast(static_cast<std::int64_t>(std::ceil(left / std::max(maxWork - spent, maxWork / 10))));
      }
      index += trips;
    });
  } catch (const PiecesTooCostly&) {
    return false;
  }
  sim.addProbed(total);
  sim.record.sampledEvery = sample.largest();
  sim.record.sampledRows = sample.largest() > 1;
  return true;
}

/// Exchanges whose instances differ. A small nest is simulated (cheaper
/// than one closed count per instance); a large one summed by polynomial
/// pieces (sumInstancesByPieces) where its pieces are long enough, else
/// instance by instance, each simulated if that visits fewer rows and runs
/// than its P closed counts would cost, else counted in closed form, so the
/// cost follows the instances, their rows and P, not the iterations. Where
/// the instances done so far predict more than kMaxWork for all of them,
/// only one instance in s is done, s times (InstanceSample), s growing as
/// the prediction does (bounded time; the record says so).
/// EachInstanceClosed never simulates, and samples where instances x P
/// exceeds kMaxInstanceCounts; PiecewiseInstances sums by pieces whatever
/// the nest's size. `iterations`: the space's, when the caller knows them.
void exchangeEachInstance(const IterationSpace& space, int placement, const mapping::Mapping& mapping,
                          CommunicationMethod method, ReadSimulator& sim, std::optional<double> iterations)
{
  constexpr double kSimulateUpTo = 4e6;      // iterations walked at most by the simulation
  constexpr double kMaxInstanceCounts = 2e5; // instances x processors counted at most (EachInstanceClosed)
  constexpr double kMaxWork = 2e8;           // rows, runs, spans and messages at most (a few seconds)
  std::string why;
  if (!iterations)
    iterations = countIterations(space, &why);
  // a statement every processor executes (AMAX = ABS(A(K,K)) in a step loop) reads once per processor
  const bool small =
      iterations && static_cast<double>(*iterations) * static_cast<double>(sim.executorsPerIteration()) <= kSimulateUpTo;
  const auto procs = mapping.procs.count();
  const auto begin = sim.work();
  if (method == CommunicationMethod::PiecewiseInstances ||
      (method == CommunicationMethod::Closed && !small && space.depth() > 0)) {
    if (sumInstancesByPieces(space, placement, mapping, sim, kRowsPerCount * procs, kMaxWork / 2))
      return;
    if (sampleRowsByPieces(space, placement, mapping, sim, kRowsPerCount * procs, kMaxWork / 2))
      return;
  }
  if (method == CommunicationMethod::Simulated || (method == CommunicationMethod::Closed && small)) {
    sim.simulateOnly();
    space.forEachOuter(placement, [&](std::vector<std::int64_t>& v) {
      throwIfCancelled();
      sim.instance(v, 1);
    });
    return;
  }
  std::vector<std::int64_t> first;
  const auto instances = countOuterIterations(space, placement, &first);
  const bool closed = method == CommunicationMethod::Closed || method == CommunicationMethod::PiecewiseInstances;
  const auto stride = closed ? std::int64_t{1}
                       : std::max<std::int64_t>(1, static_cast<std::int64_t>(std::ceil(
                                                       static_cast<double>(instances) * static_cast<double>(procs) /
                                                       kMaxInstanceCounts)));
  const auto budget = closed ? kRowsPerCount * procs : 0;
  const auto start = sim.work();
  InstanceSample sample(instances, stride);
  std::int64_t index = 0, done = 0; // instances before the row; instances done
  // The last outer level is not walked: the instances to do are found on
  // it by arithmetic, so the cost follows them and the rows of instances.
  const int last = std::min(placement, space.depth()) - 1;
  std::vector<std::int64_t> values(static_cast<std::size_t>(space.depth()), 0);
  if (last < 0) { // no outer loop: one exchange (readInstances calls it the same instance)
    sim.instance(values, 1, budget);
    return;
  }
  space.walk(0, last, values, [&](std::vector<std::int64_t>& v) {
    std::int64_t lo, hi;
    if (!space.range(last, v, &lo, &hi))
      return;
    const auto step = space.levels()[last].step;
    const auto trips = tripCount(lo, hi, step);
    for (auto pick = sample.next(); pick - index < trips; pick = sample.next()) {
      v[last] = lo + (pick - index) * step;
      throwIfCancelled();
      sim.instance(v, sample.take(), budget);
      ++done;
      if (!closed)
        continue;
      // the work of the instances left at the mean cost so far, in what is left of kMaxWork
      const auto spent = static_cast<double>(sim.work() - start);
      const auto left = static_cast<double>(instances - sample.covered()) * spent / static_cast<double>(done);
      const auto piecesSpent = static_cast<double>(start - begin); // a sum by pieces given up
      const auto room = std::max(kMaxWork - piecesSpent - spent, kMaxWork / 10);
      sample.atLeast(static_cast<std::int64_t>(std::ceil(left / room)));
    }
    index += trips;
  });
  sim.record.sampledEvery = sample.largest();
}

ReadInstances readInstances(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read,
                            int placement)
{
  ReadInstances out;
  out.same = independentOfOuter(space, placement, {exec, &read});
  if (out.same)
    out.count = countOuterIterations(space, placement, &out.first);
  return out;
}

void addReadMessages(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read, int placement,
                     int line, const mapping::Mapping& mapping, const machine::MachineProfile& machine,
                     CommTotals& totals, CommunicationMethod method, const ReadInstances* known,
                     const std::string* text)
{
  if (!read.map || mapping.procs.count() < 2)
    return; // a replicated array is local everywhere, and one processor has nothing to exchange
  const std::string pattern = classifyPattern(exec, read, mapping, placement, space.depth());
  if (pattern == "local")
    return; // the same owner function as the executing reference: every read is local
  ReadSimulator sim(space, exec, read, placement, mapping, machine, pattern, method, totals);
  std::optional<ReadInstances> own;
  if (!known)
    own = readInstances(space, exec, read, placement);
  const auto& instances = known ? *known : *own;
  if (instances.same) { // every instance is the same
    thread_local std::vector<std::int64_t> first; // instance() writes into it: a copy, in storage kept across reads
    first = instances.first;
    // by default first simulated within what its closed counts would cost (a small nest's
    // exchange over P^2 pairs), EachInstanceClosed counting whatever the cost
    const auto budget = method == CommunicationMethod::Closed ? kRowsPerCount * mapping.procs.count() : 0;
    if (instances.count > 0)
      sim.instance(first, instances.count, budget);
  } else {
    exchangeEachInstance(space, placement, mapping, method, sim, instances.iterations);
  }
  if (sim.record.messages == 0)
    return;
  CommRecord& r = totals.records.emplace_back(std::move(sim.record));
  r.array = read.ref->array;
  r.reference = text ? *text : read.ref->text();
  r.pattern = pattern;
  r.line = line;
  r.placement = placement;
}

void scaleLastRecord(CommTotals& totals, double probability, int branchLine,
                     const std::vector<std::int64_t>& messagesBefore, const std::vector<std::int64_t>& bytesBefore)
{
  const auto scaled = [probability](std::int64_t n) { return saturatingScale(n, probability); };
  auto& r = totals.records.back();
  r.messages = scaled(r.messages);
  r.bytes = scaled(r.bytes);
  r.time *= probability;
  r.probability = probability;
  r.branchLine = branchLine;
  for (std::size_t p = 0; p < totals.messagesPerProc.size(); ++p) {
    totals.messagesPerProc[p] = saturatingAdd(messagesBefore[p], scaled(totals.messagesPerProc[p] - messagesBefore[p]));
    totals.bytesPerProc[p] = saturatingAdd(bytesBefore[p], scaled(totals.bytesPerProc[p] - bytesBefore[p]));
  }
}

namespace {

/// The messages processor `rank` of a binary tree over `size` receives
/// (one per level it survives; rank 0 is the root).
std::int64_t treeReceives(std::int64_t rank, std::int64_t size)
{
  std::int64_t received = 0;
  for (std::int64_t stride = 1; stride < size; stride *= 2) {
    if (rank % (2 * stride) != 0)
      break;
    if (rank + stride < size)
      ++received;
  }
  return received;
}

/// A reduction's record of `variable` at `line`, placed at `placement`, with no counts yet.
CommRecord reductionRecord(const std::string& variable, int line, int placement)
{
  CommRecord r;
  r.array = variable;
  r.reference = variable;
  r.pattern = "reduction";
  r.line = line;
  r.placement = placement;
  return r;
}

} // namespace

void addReduction(const std::string& variable, int line, int bytes, std::int64_t instances, std::int64_t values,
                  int placement, const mapping::Mapping& mapping, const machine::MachineProfile& machine,
                  CommTotals& totals)
{
  const auto procs = mapping.procs.count();
  if (procs < 2 || instances < 1 || values < 1)
    return;
  const auto perCombine = saturatingScale(saturatingMul(bytes, values), 1.0 / static_cast<double>(instances)); // on average
  const auto steps = static_cast<std::int64_t>(std::ceil(std::log2(static_cast<double>(procs))));
  auto r = reductionRecord(variable, line, placement);
  r.instances = instances;
  r.messages = saturatingMul(procs - 1, instances); // a binary tree combines P values with P-1 messages
  r.bytes = saturatingMul(saturatingMul(procs - 1, values), bytes);
  r.time = static_cast<double>(instances) *
           machine.collectiveTime("reduction", static_cast<double>(values) * bytes / static_cast<double>(instances),
                                  static_cast<double>(steps), procs);
  if (totals.keepExchanges) { // the tree's messages, level by level (stride 1, 2, 4, ...)
    ChargedExchange tree{instances, {}};
    for (std::int64_t stride = 1; stride < procs; stride *= 2)
      for (std::int64_t p = 0; p + stride < procs; p += 2 * stride)
        tree.messages.push_back({p + stride, p, perCombine});
    r.exchanges.push_back(std::move(tree));
  }
  totals.records.push_back(r);
  // in the tree, processor p receives one message per level it survives
  for (std::int64_t p = 0; p < procs; ++p) {
    const auto received = treeReceives(p, procs);
    totals.messagesPerProc[p] = saturatingAdd(totals.messagesPerProc[p], saturatingMul(received, instances));
    totals.bytesPerProc[p] = saturatingAdd(totals.bytesPerProc[p], saturatingMul(received * bytes, values));
  }
}


void addGroupReduction(const std::string& variable, int line, int bytes, const std::vector<std::int64_t>& instancesAt,
                       const std::vector<bool>& along, int placement, const mapping::Mapping& mapping,
                       const machine::MachineProfile& machine, CommTotals& totals)
{
  const auto& procs = mapping.procs;
  std::int64_t size = 1;
  for (int pd = 0; pd < procs.rank(); ++pd)
    if (along[static_cast<std::size_t>(pd)])
      size *= procs.shape[static_cast<std::size_t>(pd)];
  if (size < 2)
    return;
  // rank in the group: the coordinates along `along`, first dimension fastest (column-major, as linear())
  const auto rankOf = [&](const std::vector<std::int64_t>& coords) {
    std::int64_t rank = 0, scale = 1;
    for (int pd = 0; pd < procs.rank(); ++pd)
      if (along[static_cast<std::size_t>(pd)]) {
        rank += coords[static_cast<std::size_t>(pd)] * scale;
        scale *= procs.shape[static_cast<std::size_t>(pd)];
      }
    return rank;
  };
  auto r = reductionRecord(variable, line, placement);
  std::int64_t busiest = 0;
  std::map<std::int64_t, std::vector<std::int64_t>> groups; // root -> members by rank (message lists only)
  for (std::int64_t p = 0; p < procs.count(); ++p) {
    const auto coords = procs.coordinates(p);
    const auto rank = rankOf(coords);
    const auto n = instancesAt[static_cast<std::size_t>(p)];
    if (rank == 0) {
      r.instances = saturatingAdd(r.instances, n);
      r.messages = saturatingAdd(r.messages, saturatingMul(size - 1, n));
      busiest = std::max(busiest, n);
    }
    const auto received = treeReceives(rank, size);
    totals.messagesPerProc[p] = saturatingAdd(totals.messagesPerProc[p], saturatingMul(received, n));
    totals.bytesPerProc[p] = saturatingAdd(totals.bytesPerProc[p], saturatingMul(received * bytes, n));
    if (totals.keepExchanges && n > 0) {
      auto root = coords;
      for (int pd = 0; pd < procs.rank(); ++pd)
        if (along[static_cast<std::size_t>(pd)])
          root[static_cast<std::size_t>(pd)] = 0;
      auto& members = groups[procs.linear(root)];
      members.resize(static_cast<std::size_t>(size));
      members[static_cast<std::size_t>(rank)] = p;
    }
  }
  if (r.instances == 0)
    return;
  r.bytes = saturatingMul(r.messages, bytes);
  r.time = static_cast<double>(busiest) *
           machine.collectiveTime("reduction", bytes, std::ceil(std::log2(static_cast<double>(size))), size);
  for (const auto& [root, members] : groups) { // each group's tree, level by level
    ChargedExchange tree{instancesAt[static_cast<std::size_t>(root)], {}};
    for (std::int64_t stride = 1; stride < size; stride *= 2)
      for (std::int64_t k = 0; k + stride < size; k += 2 * stride)
        tree.messages.push_back({members[static_cast<std::size_t>(k + stride)], members[static_cast<std::size_t>(k)], bytes});
    r.exchanges.push_back(std::move(tree));
  }
  totals.records.push_back(std::move(r));
}

} // namespace ps::estimate

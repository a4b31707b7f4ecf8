#include "estimate/element-runs.h"

#include "support/integer-division.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <tuple>

namespace ps::estimate {
namespace {

std::int64_t checkedSub(std::int64_t a, std::int64_t b)
{
  std::int64_t r;
  if (__builtin_sub_overflow(a, b, &r))
    throw std::overflow_error("an element's line key does not fit in 64 bits");
  return r;
}

std::int64_t checkedMul(std::int64_t a, std::int64_t b)
{
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    throw std::overflow_error("an element's line key does not fit in 64 bits");
  return r;
}

std::uint64_t mix(std::uint64_t h, std::int64_t x)
{
  return (h ^ static_cast<std::uint64_t>(x)) * 0xff51afd7ed558ccdu;
}

} // namespace

ElementRuns::ElementRuns(const ReferencePlan& read, int level, std::int64_t step, std::int64_t procs)
  : m_rank(static_cast<int>(read.subscripts.size())), m_procs(procs <= kMaxIndexedProcs ? procs : 0)
{
  for (int d = 0; d < m_rank && level >= 0; ++d) {
    m_delta[d] = read.subscripts[d].coef[level] * step;
    if (m_lineDim < 0 && m_delta[d] != 0)
      m_lineDim = d;
  }
}

void ElementRuns::clear()
{
  for (std::size_t i = 0; i < m_tracksUsed; ++i)
    m_tracks[i].spans.clear();
  m_tracksUsed = 0;
  if (++m_stamp == 0) { // after 2^32 exchanges: no stale stamp may match
    for (auto& slot : m_slots)
      slot.stamp = 0;
    for (auto& slot : m_pairSlots)
      slot.stamp = 0;
    for (auto& slot : m_lineSlots)
      slot.stamp = 0;
    m_stamp = 1;
  }
  m_lineKeys.clear();
  m_lastLine = -1;
}

void ElementRuns::elementByElement()
{
  m_lines = false;
  clear();
}

void ElementRuns::setPeriod(std::int64_t period)
{
  m_period = std::max<std::int64_t>(period, 1);
  clear();
}

std::size_t ElementRuns::Hash::operator()(const Element& e) const
{
  std::uint64_t h = 0x9e3779b97f4a7c15u;
  for (const auto x : e)
    h = mix(h, x);
  return static_cast<std::size_t>(h ^ (h >> 32));
}

std::size_t ElementRuns::Hash::operator()(const TrackKey& k) const
{
  const auto h = mix(mix(mix(mix(0x9e3779b97f4a7c15u, k.from), k.to), k.line), k.phase);
  return static_cast<std::size_t>(h ^ (h >> 29));
}

std::int64_t ElementRuns::lineNumber(const Element& key)
{
  const auto same = [&] { // the array's entries only (a loop, not the 64-byte memcmp of ==)
    for (int d = 0; d < m_rank; ++d)
      if (key[d] != m_lastKey[d])
        return false;
    return true;
  };
  if (m_lastLine >= 0 && same()) // the runs of a row mostly read one line
    return m_lastLine;
  m_lastKey = key;
  if (2 * (m_lineKeys.size() + 1) > m_lineSlots.size())
    growLineSlots();
  const auto mask = m_lineSlots.size() - 1;
  for (auto i = Hash{}(key) & mask;; i = (i + 1) & mask) {
    auto& slot = m_lineSlots[i];
    if (slot.stamp != m_stamp) { // a new line
      if (m_lineKeys.size() >= std::numeric_limits<std::uint32_t>::max())
        throw std::overflow_error("more than 2^32 lines in one exchange");
      slot = {m_stamp, static_cast<std::uint32_t>(m_lineKeys.size())};
      m_lineKeys.push_back(key);
      return m_lastLine = slot.line;
    }
    if (m_lineKeys[slot.line] == key)
      return m_lastLine = slot.line;
  }
}

void ElementRuns::growLineSlots()
{
  std::vector<LineSlot> slots(std::max<std::size_t>(64, 2 * m_lineSlots.size()));
  const auto mask = slots.size() - 1;
  for (std::size_t line = 0; line < m_lineKeys.size(); ++line) {
    auto i = Hash{}(m_lineKeys[line]) & mask;
    while (slots[i].stamp == m_stamp)
      i = (i + 1) & mask;
    slots[i] = {m_stamp, static_cast<std::uint32_t>(line)};
  }
  m_lineSlots = std::move(slots);
}

ElementRuns::Track& ElementRuns::track(const TrackKey& key)
{
  if (2 * (m_tracksUsed + 1) > m_slots.size())
    growSlots();
  const auto mask = m_slots.size() - 1;
  for (auto i = Hash{}(key) & mask;; i = (i + 1) & mask) {
    auto& slot = m_slots[i];
    if (slot.stamp == m_stamp && slot.key == key)
      return m_tracks[slot.track];
    if (slot.stamp != m_stamp) {
      slot = {key, m_stamp, addTrack(key)};
      return m_tracks[slot.track];
    }
  }
}

ElementRuns::Track& ElementRuns::pointTrack(std::int64_t from, std::int64_t to)
{
  if (m_pairSlots.empty())
    m_pairSlots.resize(static_cast<std::size_t>(m_procs * m_procs));
  auto& slot = m_pairSlots[static_cast<std::size_t>(from * m_procs + to)];
  if (slot.stamp != m_stamp)
    slot = {m_stamp, addTrack({from, to, -1, 0})};
  return m_tracks[slot.track];
}

std::uint32_t ElementRuns::addTrack(const TrackKey& key)
{
  if (m_tracksUsed == m_tracks.size())
    m_tracks.emplace_back();
  m_tracks[m_tracksUsed].key = key;
  return static_cast<std::uint32_t>(m_tracksUsed++);
}

void ElementRuns::growSlots()
{
  std::vector<Slot> slots(std::max<std::size_t>(64, 2 * m_slots.size()));
  const auto mask = slots.size() - 1;
  for (std::size_t t = 0; t < m_tracksUsed; ++t) {
    auto i = Hash{}(m_tracks[t].key) & mask;
    while (slots[i].stamp == m_stamp)
      i = (i + 1) & mask;
    slots[i] = {m_tracks[t].key, m_stamp, static_cast<std::uint32_t>(t)};
  }
  m_slots = std::move(slots);
}

void ElementRuns::addPrepared(std::int64_t from, std::int64_t to)
{
  for (const auto& s : m_prepared) {
    auto& t = s.line < 0 && m_procs > 0 ? pointTrack(from, to) : track({from, to, s.line, s.phase});
    t.spans.emplace_back(s.lo, s.hi);
  }
}

void ElementRuns::prepare(const Element& first, std::int64_t run, std::int64_t repeats)
{
  m_prepared.clear();
  if (m_lineDim < 0) { // every iteration reads `first`: one point, numbered as a line
    const auto point = lineNumber(first);
    m_prepared.push_back({-1, 0, point, point});
    return;
  }
  if (m_lines)
    return prepareLine(first, run, repeats);
  for (std::int64_t m = 0; m < repeats; ++m)
    for (std::int64_t j = 0; j <= run; ++j) {
      Element e = first;
      for (int d = 0; d < m_rank; ++d)
        e[d] += (j + m * m_period) * m_delta[d];
      const auto point = lineNumber(e);
      m_prepared.push_back({-1, 0, point, point});
    }
}

/// The elements first + j*delta lie on the line through `first` along the
/// move u (delta or -delta, positive in the line dimension L). An element e
/// of that line is e = r + t*u with r's L entry in [0, u_L): t = floor(e_L /
/// u_L) is its position and r its key, the same for every element of the
/// line. Iteration j + m*Q of the run is at position t + sign*(j + m*Q):
/// for each phase j < Q, the positions j, j + Q, ... of the run and their
/// repeats are consecutive multiples of Q.
void ElementRuns::prepareLine(const Element& first, std::int64_t run, std::int64_t repeats)
{
  const auto L = m_lineDim;
  const std::int64_t sign = m_delta[L] > 0 ? 1 : -1;
  const auto uL = sign * m_delta[L];
  const auto t = floorDiv(first[L], uL);
  Element key{};
  for (int d = 0; d < m_rank; ++d)
    key[d] = d == L ? first[L] - t * uL : checkedSub(first[d], checkedMul(t, sign * m_delta[d]));
  const auto line = lineNumber(key);
  const auto Q = m_period;
  for (std::int64_t j = 0; j <= run && j < Q; ++j) {
    const auto p = checkedSub(t, -sign * j);
    const auto count = (run - j) / Q + repeats; // positions p, p + sign*Q, ...
    const auto index = floorDiv(p, Q);
    const auto end = checkedSub(index, -sign * (count - 1));
    m_prepared.push_back({line, p - index * Q, std::min(index, end), std::max(index, end)});
  }
}

void ElementRuns::pairs(std::vector<PairTraffic>& out)
{
  const auto first = out.size();
  for (std::size_t i = 0; i < m_tracksUsed; ++i) {
    auto& spans = m_tracks[i].spans;
    if (!std::is_sorted(spans.begin(), spans.end()))
      std::sort(spans.begin(), spans.end());
    std::int64_t elements = 0;
    auto [lo, hi] = spans.front();
    for (const auto& [l, h] : spans) { // the union of the spans
      if (l > hi) {
        elements += hi - lo + 1;
        lo = l;
      }
      hi = std::max(hi, h);
    }
    elements += hi - lo + 1;
    out.push_back({m_tracks[i].key.from, m_tracks[i].key.to, elements});
  }
  // one message per pair: its tracks' elements add up
  const auto begin = out.begin() + static_cast<std::ptrdiff_t>(first);
  std::sort(begin, out.end(), [](const auto& a, const auto& b) { return std::tie(a.from, a.to) < std::tie(b.from, b.to); });
  auto kept = begin;
  for (auto it = begin; it != out.end(); ++it) {
    if (kept != begin && std::prev(kept)->from == it->from && std::prev(kept)->to == it->to)
      std::prev(kept)->elements += it->elements;
    else
      *kept++ = *it;
  }
  out.erase(kept, out.end());
}

} // namespace ps::estimate

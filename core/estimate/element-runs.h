#pragma once
// The distinct elements a simulated exchange moves, gathered run by run
// instead of element by element. Along the innermost loop a read's element
// moves by a constant step (the subscripts' coefficients of that loop times
// its step), so a run of iterations with the same source and destination
// reads a segment of one line of the element space: the union of such
// segments, per (source, destination) pair, is the number of distinct
// elements the pair exchanges. Cholesky's column read a(i,k) over the
// rows j of step k then costs one segment per row, not one entry per
// element (O(n^2) per step). A read whose element does not move along the
// loop (a(j,k) in an i loop) gives one element per run. Where CYCLIC owners
// repeat along the loop with period Q, the iterations a pair exchanges
// recur every Q: positions are kept as (phase t mod Q, index t div Q), so
// one period's runs, repeated, are one segment each (Cholesky under
// (CYCLIC,CYCLIC) on a grid: Q segments per row, not n).
// Source: P3T+, Section 3.2.2 (the run-time system simulated per
// processor: td counts distinct elements, Def. 3.5).

#include "estimate/closed-communication.h"

#include <array>
#include <cstdint>
#include <cstddef>
#include <utility>
#include <vector>

namespace ps::estimate {

class ElementRuns {
public:
  /// The element tuple of a read (ReferencePlan::element fills one).
  using Element = std::array<std::int64_t, 8>;

  /// Runs of `read` along loop level `level` whose iterations advance the
  /// loop variable by `step` (level -1: no loop, every run one element),
  /// between `procs` processors (0: unknown; up to kMaxIndexedProcs the
  /// tracks of single elements are found by their pair, not hashed).
  ElementRuns(const ReferencePlan& read, int level, std::int64_t step, std::int64_t procs = 0);

  /// Processor counts whose P^2 pairs index the single elements' tracks (8 MB at most).
  static constexpr std::int64_t kMaxIndexedProcs = 1024;

  /// True when the element does not move along the loop: every run reads
  /// one element.
  bool constantAlongLoop() const { return m_lineDim < 0; }

  /// The period Q >= 1 of the owners along the loop (1: none), fixed for
  /// the exchanges to come. Clears the runs gathered.
  void setPeriod(std::int64_t period);

  /// Takes the elements first + (j + m*Q) * delta of a run apart into
  /// spans of lines, j = 0..run and m = 0..repeats-1 (run >= 0, repeats >=
  /// 1; with repeats > 1, run < Q), once, for addPrepared to add for each
  /// destination. Throws std::overflow_error
  /// when a line key does not fit in 64 bits; after elementByElement() it
  /// never throws.
  void prepare(const Element& first, std::int64_t run, std::int64_t repeats = 1);

  /// The prepared run's elements go from processor `from` to processor `to`.
  void addPrepared(std::int64_t from, std::int64_t to);

  /// The spans each addPrepared adds (the cost of one).
  std::int64_t prepared() const { return static_cast<std::int64_t>(m_prepared.size()); }

  /// Keys every element by itself (one entry per element) from now on:
  /// the fallback where line keys overflow. Clears the runs gathered.
  void elementByElement();

  /// Drops the runs of the last exchange (keeps the storage).
  void clear();

  /// The distinct elements per (from, to) pair of the runs added since
  /// clear(), sorted by (from, to), appended to `out`.
  void pairs(std::vector<PairTraffic>& out);

private:
  /// The positions phase + Q*lo .. phase + Q*hi (step Q) of one line
  /// (lineNumber). Single elements are all on line -1, their positions
  /// their own numbers.
  struct Span {
    std::int64_t line, phase, lo, hi;
  };
  /// The spans of one line and phase that go from one processor to another.
  struct TrackKey {
    std::int64_t from, to, line, phase;
    bool operator==(const TrackKey& o) const // field by field: the defaulted one compiles to memcmp
    {
      return from == o.from && to == o.to && line == o.line && phase == o.phase;
    }
  };
  struct Track {
    TrackKey key{};
    std::vector<std::pair<std::int64_t, std::int64_t>> spans; // (lo, hi), mostly added in increasing order
  };
  /// An open-addressing table from track keys to track numbers; a slot is
  /// in use when its stamp is the current one (clear() moves the stamp on).
  struct Slot {
    TrackKey key{};
    std::uint32_t stamp = 0, track = 0;
  };
  struct Hash {
    std::size_t operator()(const Element& e) const;
    std::size_t operator()(const TrackKey& k) const;
  };

  void prepareLine(const Element& first, std::int64_t run, std::int64_t repeats);

  /// The number of the line whose key is `key` (a line is an element tuple
  /// with the line dimension's entry replaced by its residue; one entry per
  /// element when not on lines), numbered in the order first seen; the
  /// previous key is checked first.
  std::int64_t lineNumber(const Element& key);

  /// The track of `key`, added if new.
  Track& track(const TrackKey& key);
  /// The track of the single elements (line -1) from `from` to `to`, added
  /// if new: found by the pair in m_pairSlots (a copy of a(j,k) to each of
  /// P rows' owners looks up P tracks per row).
  Track& pointTrack(std::int64_t from, std::int64_t to);
  /// A new track for `key`; its number.
  std::uint32_t addTrack(const TrackKey& key);
  void growSlots();

  Element m_delta{};      // the element's move per iteration
  int m_rank = 0;         // array dimensions
  int m_lineDim = -1;     // the first dimension that moves (-1: none)
  bool m_lines = true;    // segments on lines, or one entry per element
  std::int64_t m_period = 1;
  /// Line numbers by key in an open-addressing table like m_slots: a point
  /// read (a(j,k) along a row of i) is a new line every row, and a hash
  /// map's node per line was an allocation per row.
  struct LineSlot {
    std::uint32_t stamp = 0;
    std::uint32_t line = 0;
  };
  std::vector<LineSlot> m_lineSlots; // a power of two of them, at most half in use
  std::vector<Element> m_lineKeys;   // by line number (cleared, not freed, between exchanges)
  void growLineSlots();
  Element m_lastKey{};         // lineNumber's last key and its number (-1: none)
  std::int64_t m_lastLine = -1;
  std::vector<Span> m_prepared;  // the run prepare() took apart
  std::vector<Slot> m_slots;     // a power of two of them, at most half in use
  struct PairSlot {
    std::uint32_t stamp = 0, track = 0;
  };
  std::int64_t m_procs = 0;          // pairs of m_pairSlots per source (0: single elements hashed too)
  std::vector<PairSlot> m_pairSlots; // from * m_procs + to, allocated at the first single element
  std::uint32_t m_stamp = 1;
  std::size_t m_tracksUsed = 0;
  std::vector<Track> m_tracks;   // the first m_tracksUsed in use; the rest keep their storage
};

} // namespace ps::estimate

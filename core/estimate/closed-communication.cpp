#include "estimate/closed-communication.h"

#include "estimate/owned-iterations.h"

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <tuple>

namespace ps::estimate {
namespace {

struct Failed {
  std::string why;
};

// Beyond this the simulation is cheaper than the case analysis.
constexpr symbolic::CountLimits kLimits{20000};

/// Variables: the loop levels, one element index per array dimension,
/// then one cycle number per processors dimension for the executing and
/// for the read reference. Only the element indices and the read's cycle
/// numbers (functions of the element) are counted.
class ExchangeCounter {
public:
  ExchangeCounter(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read, int placement,
                  const std::vector<std::int64_t>& outer, const mapping::Mapping& mapping)
    : m_mapping(mapping), m_depth(space.depth()), m_rank(static_cast<int>(read.subscripts.size())),
      m_procRank(mapping.procs.rank())
  {
    std::string why;
    auto loops = loopSystem(space, &why);
    if (!loops)
      throw Failed{why};
    m_loops = std::move(*loops);
    m_vars = m_depth + m_rank + 2 * m_procRank;
    if (m_vars > 12)
      throw Failed{"the exchange needs more than 12 variables"};
    m_base.variables = m_vars;
    for (const auto& row : m_loops.system.constraints)
      m_base.atLeastZero(row.coef, row.constant);
    for (int k = 0; k < placement && k < m_depth; ++k) {
      const auto v = composeLoops(unitOf(k), m_loops.loopValue, m_vars);
      m_base.between(v.coefVector(), v.constant, outer[k], outer[k]);
    }
    for (int d = 0; d < m_rank; ++d) { // e_d = subscript_d
      auto f = composeLoops(read.subscripts[d], m_loops.loopValue, m_vars);
      for (auto& c : f.coef)
        c = -c;
      f.coef[m_depth + d] = 1;
      m_base.between(f.coefVector(), -f.constant, 0, 0);
    }
    // Where every walked loop drives a subscript alone, each iteration
    // reads its own element: count iterations (cheap), not the projection.
    m_existential.assign(m_vars, !readsDistinctElements(read, placement, m_depth));
    for (int v = m_depth; v < m_depth + m_rank; ++v)
      m_existential[v] = false;
    for (int pd = 0; pd < m_procRank; ++pd) {
      m_exec.push_back(exec && exec->map ? templateIndex(*exec, mapping, pd) : TemplateIndex{});
      m_read.push_back(templateIndex(read, mapping, pd));
      if (m_read.back().defined)
        m_read.back().index = composeLoops(m_read.back().index, m_loops.loopValue, m_vars);
      if (m_exec.back().defined)
        m_exec.back().index = composeLoops(m_exec.back().index, m_loops.loopValue, m_vars);
    }
  }

  std::vector<PairTraffic> count()
  {
    std::vector<PairTraffic> out;
    const auto procs = m_mapping.procs.count();
    std::vector<std::int64_t> dest(m_procRank), source(m_procRank);
    for (std::int64_t d = 0; d < procs; ++d) {
      coordsOf(d, dest.data());
      auto executed = m_base;
      if (!constrainExecutor(executed, dest))
        continue;
      source = dest;
      const auto candidates = candidateSources(executed);
      forEachSource(0, dest, candidates, source, [&] {
        const auto s = linear(source);
        if (s == d)
          return;
        if (const auto n = elementsFrom(executed, source); n > 0)
          out.push_back({s, d, n});
      });
    }
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
      return std::tie(a.from, a.to) < std::tie(b.from, b.to);
    });
    return out;
  }

private:
  NumericAffine unitOf(int k) const
  {
    NumericAffine f;
    f.coef.assign(static_cast<std::size_t>(m_depth), 0);
    f.coef[k] = 1;
    return f;
  }

  /// Adds "dest executes the iteration"; false when it executes none. The
  /// iterations must fall in one ownership part per dimension: the loop
  /// variables are existential, so the projections of several parts could
  /// overlap and their counts would not add.
  bool constrainExecutor(symbolic::IntegerSystem& s, const std::vector<std::int64_t>& dest) const
  {
    for (int pd = 0; pd < m_procRank; ++pd) {
      const auto& e = m_exec[pd];
      if (!e.defined)
        continue;
      std::optional<symbolic::IntegerSystem> chosen;
      for (const auto& part : ownedParts(*e.dist, dest[pd])) {
        auto candidate = s;
        constrainToPart(candidate, e.index, part, *e.dist, dest[pd], m_depth + m_rank + pd);
        if (countOf(candidate, 0, false) == 0)
          continue;
        if (chosen)
          throw Failed{"a processor executes iterations in several parts of its ownership"};
        chosen = std::move(candidate);
      }
      if (!chosen)
        return false;
      s = std::move(*chosen);
    }
    return true;
  }

  /// Per processors dimension, the coordinates that may own an element the
  /// executed iterations read: the owners of the range of template indices
  /// the read spans over the box of those iterations (a superset, so no pair
  /// is missed). Under BLOCK that keeps a shift's pairs to the neighbours
  /// instead of all P^2; under CYCLIC(k) a range within one cycle that does
  /// not wrap (a column k broadcast in Cholesky's step k: one owner) does the
  /// same. Every coordinate otherwise.
  std::vector<std::pair<std::int64_t, std::int64_t>> candidateSources(const symbolic::IntegerSystem& executed) const
  {
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    for (int pd = 0; pd < m_procRank; ++pd) {
      std::pair<std::int64_t, std::int64_t> all{0, m_mapping.procs.shape[pd] - 1};
      const auto& r = m_read[pd];
      const auto kind = r.defined ? r.dist->format().kind : mapping::FormatKind::Collapsed;
      const auto range = kind == mapping::FormatKind::Block || kind == mapping::FormatKind::Cyclic
                             ? symbolic::affineRange(executed, r.index.coefVector(), r.index.constant)
                             : std::nullopt;
      if (range && kind == mapping::FormatKind::Block) {
        if (range->lo)
          all.first = std::max(all.first, r.dist->owner(*range->lo));
        if (range->hi)
          all.second = std::min(all.second, r.dist->owner(*range->hi));
      } else if (range && range->lo && range->hi) {
        all = cyclicOwners(*r.dist, *range->lo, *range->hi).value_or(all);
      }
      out.push_back(all);
    }
    return out;
  }

  /// The owners lo..hi of the template indices first..last under CYCLIC(k)
  /// when they are consecutive coordinates: the indices lie inside the
  /// template, span fewer than P blocks and do not wrap past the last
  /// coordinate; nullopt otherwise.
  static std::optional<std::pair<std::int64_t, std::int64_t>> cyclicOwners(const mapping::DimensionDistribution& d,
                                                                           std::int64_t first, std::int64_t last)
  {
    if (first > last || first < d.lower() || last > d.upper())
      return std::nullopt;
    const auto blocks = (last - d.lower()) / d.blockSize() - (first - d.lower()) / d.blockSize();
    const auto lo = d.owner(first), hi = d.owner(last);
    if (blocks >= d.procs() || lo > hi)
      return std::nullopt;
    return std::pair{lo, hi};
  }

  template <typename F>
  void forEachSource(int pd, const std::vector<std::int64_t>& dest,
                     const std::vector<std::pair<std::int64_t, std::int64_t>>& candidates,
                     std::vector<std::int64_t>& source, const F& f)
  {
    if (pd == m_procRank)
      return f();
    if (!m_read[pd].defined) { // a copy on every coordinate: read the own one
      source[pd] = dest[pd];
      return forEachSource(pd + 1, dest, candidates, source, f);
    }
    for (std::int64_t c = candidates[pd].first; c <= candidates[pd].second; ++c) {
      source[pd] = c;
      forEachSource(pd + 1, dest, candidates, source, f);
    }
  }

  /// Distinct elements of the executed iterations that `source` owns: the
  /// read's ownership parts are disjoint sets of elements, so they add.
  std::int64_t elementsFrom(const symbolic::IntegerSystem& executed, const std::vector<std::int64_t>& source)
  {
    std::int64_t total = 0;
    forEachReadPart(0, executed, source, 0, total);
    return total;
  }

  /// `cycles` marks the processors dimensions whose read part is cyclic
  /// (their cycle number is a function of the element: counted with it).
  void forEachReadPart(int pd, const symbolic::IntegerSystem& s, const std::vector<std::int64_t>& source,
                       unsigned cycles, std::int64_t& total)
  {
    if (pd == m_procRank) {
      total += countOf(s, cycles, true);
      return;
    }
    const auto& r = m_read[pd];
    if (!r.defined)
      return forEachReadPart(pd + 1, s, source, cycles, total);
    for (const auto& part : ownedParts(*r.dist, source[pd])) {
      auto next = s;
      constrainToPart(next, r.index, part, *r.dist, source[pd], readCycle(pd));
      forEachReadPart(pd + 1, next, source, part.cyclic ? cycles | 1u << pd : cycles, total);
    }
  }

  int readCycle(int pd) const { return m_depth + m_rank + m_procRank + pd; }

  /// The distinct elements of `s` (`elements`), or 1 when `s` has a point
  /// and 0 otherwise.
  std::int64_t countOf(const symbolic::IntegerSystem& s, unsigned cycles, bool elements) const
  {
    std::string why;
    auto existential = m_existential;
    if (!elements)
      existential.assign(m_vars, true);
    for (int pd = 0; elements && pd < m_procRank; ++pd)
      existential[readCycle(pd)] = !(cycles >> pd & 1u);
    for (int v = 0; v < m_vars; ++v) { // unused cycle numbers have no bounds: nothing to count
      bool occurs = false;
      for (const auto& row : s.constraints)
        occurs = occurs || row.coef[v] != 0;
      existential[v] = existential[v] || !occurs;
    }
    auto c = symbolic::countProjection(s, existential, kLimits, &why);
    if (!c || !c->exact)
      throw Failed{c ? "a count does not fit in 64 bits" : why};
    return *c->exact;
  }

  void coordsOf(std::int64_t p, std::int64_t* coords) const
  {
    for (int pd = 0; pd < m_procRank; ++pd) { // column-major, as ProcessorsArrangement::linear
      coords[pd] = p % m_mapping.procs.shape[pd];
      p /= m_mapping.procs.shape[pd];
    }
  }

  std::int64_t linear(const std::vector<std::int64_t>& coords) const
  {
    std::int64_t p = 0, stride = 1;
    for (int pd = 0; pd < m_procRank; ++pd) {
      p += coords[pd] * stride;
      stride *= m_mapping.procs.shape[pd];
    }
    return p;
  }

  const mapping::Mapping& m_mapping;
  const int m_depth, m_rank, m_procRank;
  int m_vars = 0;
  LoopSystem m_loops;
  symbolic::IntegerSystem m_base;
  std::vector<bool> m_existential;
  std::vector<TemplateIndex> m_exec, m_read; // per processors dimension, over the system's variables
};

} // namespace

std::optional<std::vector<PairTraffic>> countExchange(const IterationSpace& space, const ReferencePlan* exec,
                                                      const ReferencePlan& read, int placement,
                                                      const std::vector<std::int64_t>& outer,
                                                      const mapping::Mapping& mapping, std::string* why)
{
  try {
    return ExchangeCounter(space, exec, read, placement, outer, mapping).count();
  } catch (const Failed& f) {
    if (why)
      *why = f.why;
  } catch (const std::overflow_error& e) {
    if (why)
      *why = e.what();
  }
  return std::nullopt;
}

} // namespace ps::estimate

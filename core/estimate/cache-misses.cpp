#include "estimate/cache-misses.h"

#include "estimate/owned-iterations.h"
#include "support/check.h"
#include "support/wide-int.h"
#include "support/integer-division.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <set>
#include <string>

namespace ps::estimate {
namespace {

using i64 = std::int64_t;
using i128 = WideInt;

i64 floorMod(i64 a, i64 b) { return a - floorDiv(a, b) * b; }

/// v modulo the line size, dividing in 64 bits when v fits.
inline i64 modLine(i128 v, i64 line)
{
  return fitsInt64(v) ? floorMod(static_cast<i64>(v), line) : static_cast<i64>(floorModWide(v, line));
}

/// Lines below this many bytes: a translation key sums its address terms in 64 bits.
constexpr i64 kSmallLine = i64{1} << 24;

/// Addresses and strides beyond this many bytes (an array larger than any
/// machine's memory, from a huge --set) are not laid out: each element is
/// counted on lines of its own.
constexpr i128 kMaxAddress = i128{1} << 62;

/// sum_{c=0}^{n-1} floor((a + b*c) / m) for m > 0 and b >= 0, in
/// O(log m) (the Euclid-like reduction of AtCoder's floor_sum). The sum is
/// kept in 128 bits; the reduction's terms fit in 64 (coef and constant stay
/// below mod, count at most n), so only a step whose top does not fit
/// divides in 128 bits (a library call per division).
i128 floorSum(i64 n, i64 m, i64 a, i64 b)
{
  if (n <= 0)
    return 0;
  i128 ans = static_cast<i128>(n) * floorDiv(a, m);
  i64 coef = b, constant = floorMod(a, m), mod = m, count = n;
  while (true) {
    if (coef >= mod) {
      const i128 pairs = static_cast<i128>(count) * (count - 1) / 2;
      ans += pairs * (coef / mod);
      coef %= mod;
    }
    if (constant >= mod) {
      ans += static_cast<i128>(count) * (constant / mod);
      constant %= mod;
    }
    const i128 top = static_cast<i128>(coef) * count + constant;
    if (top < mod)
      break;
    if (fitsInt64(top)) {
      count = static_cast<i64>(top) / mod;
      constant = static_cast<i64>(top) % mod;
    } else {
      count = static_cast<i64>(top / mod); // at most the old count (coef < mod): fits
      constant = static_cast<i64>(top % mod);
    }
    std::swap(mod, coef);
  }
  return ans;
}

/// Lines of the contiguous bytes x .. x+bytes-1.
i64 rangeLines(i64 x, i64 bytes, i64 line) { return floorDiv(x + bytes - 1, line) - floorDiv(x, line) + 1; }

/// Lines that run c (at base + c*stride, its last byte `last` bytes after
/// its first) shares with run c+1, over c = 0..count-2: run c+1 starts less
/// than a line after run c ends, so the difference of the two floors is 0
/// (shared) or 1 -- a difference of floor sums.
double sharedLines(i64 base, i64 last, i64 count, i64 stride, i64 line)
{
  if (count < 2 || stride - last >= line || stride <= last)
    return 0;
  return static_cast<double>((count - 1) - (floorSum(count - 1, line, base + stride, stride) -
                                            floorSum(count - 1, line, base + last, stride)));
}

/// Distinct lines of `count` contiguous runs of `run` bytes, one every
/// `stride` >= `run` bytes from `base`.
double runLines(i64 base, i64 run, i64 count, i64 stride, i64 line)
{
  const i128 total = floorSum(count, line, base + run - 1, stride) - floorSum(count, line, base, stride) + count;
  return static_cast<double>(total) - sharedLines(base, run - 1, count, stride, line);
}

/// How an array dimension is stored on a processor (see countCacheMisses).
struct DimLayout {
  enum class Kind { Plain, Block, Cyclic } kind = Kind::Plain;
  i64 extent = 1;     // local extent, elements
  i64 lower = 1;      // Plain: the array's lower bound
  i64 stride = 1, offset = 0, templateLower = 1, block = 1, procs = 1; // alignment and distribution
  int pd = -1;        // processors dimension

  /// Local index of global index g on processors coordinate c, in 128 bits:
  /// a declared bound near 2^63 must not overflow (the caller checks the size).
  i128 local(i64 g, i64 c) const
  {
    constexpr i64 kSmall = i64{1} << 30; // below it the 64-bit arithmetic cannot overflow
    return small && g > -kSmall && g < kSmall && c < kSmall ? local64(g, c) : localWide(g, c);
  }

  /// local() in 128-bit arithmetic (out of line: the common case is local64).
  [[gnu::noinline]] i128 localWide(i64 g, i64 c) const
  {
    if (kind == Kind::Plain)
      return static_cast<i128>(g) - lower;
    const i128 t = static_cast<i128>(stride) * g + offset - templateLower;
    const i64 s = std::max<i64>(std::llabs(stride), 1);
    if (kind == Kind::Block) {
      const i128 u = t - static_cast<i128>(c) * block;
      return fitsInt64(u) ? floorDiv(static_cast<i64>(u), s) : floorDivWide(u, s); // 128-bit division: a library call
    }
    const i128 cycle = static_cast<i128>(procs) * block;
    if (fitsInt64(t) && fitsInt64(cycle)) {
      const auto u = static_cast<i64>(t);
      return floorDiv(floorDiv(u, static_cast<i64>(cycle)) * block + floorMod(u, block), s);
    }
    return floorDivWide(floorDivWide(t, cycle) * block + (t - floorDivWide(t, block) * block), s);
  }

  /// local() when every term is below 2^30 (`small`, set by arrayLayout).
  [[gnu::always_inline]] i64 local64(i64 g, i64 c) const
  {
    if (kind == Kind::Plain)
      return g - lower;
    const i64 t = stride * g + offset - templateLower;
    const i64 s = std::max<i64>(std::llabs(stride), 1);
    if (kind == Kind::Block)
      return floorDiv(t - c * block, s);
    return floorDiv(floorDiv(t, procs * block) * block + floorMod(t, block), s);
  }

  bool small = false; // every bound, stride and offset below 2^30 in magnitude
};

/// Appends the lower bound and extent of a dimension declared lo:hi; a
/// bound without a value counts as 1 (lo) or 2^20 elements on (hi).
void appendDimension(std::optional<i64> lo, std::optional<i64> hi, std::vector<i64>& lower, std::vector<i64>& extent)
{
  lower.push_back(lo.value_or(1));
  const i128 last = hi ? i128{*hi} : i128{lower.back()} + (1 << 20); // 128 bits: bounds near 2^63 (a huge --set)
  const i128 n = last - lower.back() + 1;
  extent.push_back(static_cast<i64>(std::clamp<i128>(n, 1, std::numeric_limits<i64>::max())));
}

/// The declared lower bound and extent of each dimension of `plan`'s array.
void declaredBounds(const ReferencePlan& plan, const program::Unit& unit, const symbolic::Bindings& values,
                    std::vector<i64>& lower, std::vector<i64>& extent)
{
  const auto* symbol = unit.symbol(plan.ref->array);
  PS_CHECK(symbol && symbol->dims.size() == plan.subscripts.size()); // planReference checked it
  for (const auto& dim : symbol->dims)
    appendDimension(dim.lower.evaluate(values), dim.upper.evaluate(values), lower, extent);
}

void distributedLayout(const ReferencePlan& plan, const mapping::Mapping& mapping, std::vector<DimLayout>& out);

/// The local layout of each dimension of `plan`'s array, declared as `lower`
/// and `extent`, in `out` (its storage reused).
void arrayLayout(const ReferencePlan& plan, const mapping::Mapping& mapping, const std::vector<i64>& lower,
                 const std::vector<i64>& extent, std::vector<DimLayout>& out)
{
  out.assign(lower.size(), DimLayout{});
  for (std::size_t d = 0; d < out.size(); ++d) {
    out[d].lower = lower[d];
    out[d].extent = extent[d];
  }
  if (plan.map && plan.map->templateIndex >= 0)
    distributedLayout(plan, mapping, out);
  for (auto& l : out) {
    constexpr i64 kSmall = i64{1} << 30;
    const i64 terms[] = {l.lower, l.stride, l.offset, l.templateLower, l.block, l.procs};
    l.small = std::all_of(std::begin(terms), std::end(terms), [](i64 v) { return v > -kSmall && v < kSmall; });
  }
}

/// arrayLayout's distributed dimensions.
void distributedLayout(const ReferencePlan& plan, const mapping::Mapping& mapping, std::vector<DimLayout>& out)
{
  const auto& t = mapping.templates[plan.map->templateIndex];
  for (std::size_t td = 0; td < t.dims.size(); ++td) {
    const auto& axis = plan.map->axes[td];
    const auto& dist = t.dims[td];
    if (axis.kind != mapping::TemplateAxis::Kind::ArrayDim || t.procDim[td] < 0 || !dist.format().distributed())
      continue;
    auto& l = out[static_cast<std::size_t>(axis.arrayDim)];
    const bool block = dist.format().kind == mapping::FormatKind::Block;
    l.kind = block ? DimLayout::Kind::Block : DimLayout::Kind::Cyclic;
    l.stride = axis.stride;
    l.offset = axis.offset;
    l.templateLower = dist.lower();
    l.block = std::max<i64>(dist.blockSize(), 1);
    l.procs = dist.procs();
    l.pd = t.procDim[td];
    const i64 n = dist.upper() - dist.lower() + 1, cycle = l.procs * l.block;
    l.extent = block ? l.block : (n + cycle - 1) / cycle * l.block;
  }
}

/// What processor p runs of one loop level: the trip count and the least
/// and greatest value of the loop variable.
struct LevelRun {
  i64 trips = 0;
  i64 vmin = 0, vmax = 0;
  int restrictedPd = -1; // the processors dimension that restricts it
};

/// The first and last template index of tlo..thi that coordinate c owns
/// (only used to place the box in the local layout).
std::pair<i64, i64> ownedEnds(const mapping::DimensionDistribution& d, i64 tlo, i64 thi, i64 c)
{
  const i64 k = std::max<i64>(d.blockSize(), 1);
  if (d.format().kind == mapping::FormatKind::Block) {
    const i64 start = c == 0 ? tlo : d.lower() + c * k;
    const i64 end = c == d.owner(d.upper()) ? thi : d.lower() + (c + 1) * k - 1;
    return {std::max(tlo, start), std::min(thi, end)};
  }
  const i64 cycle = d.procs() * k, lo = tlo - d.lower(), hi = thi - d.lower();
  i64 first = floorDiv(lo, cycle) * cycle + c * k;
  if (lo > first + k - 1)
    first += cycle;
  i64 last = floorDiv(hi, cycle) * cycle + c * k;
  if (hi < last)
    last -= cycle;
  return {std::max(lo, first) + d.lower(), std::min(hi, last + k - 1) + d.lower()};
}

/// A level run or key part that depends on more than one processors dimension.
constexpr int kSeveral = -2;

/// The parts of a statement that do not depend on the processor.
struct StatementShape {
  std::vector<double> meanTrips;                // per level, over the enclosing iterations
  std::vector<i64> lo, hi, tripsAtFirst, steps; // the level's range at the first outer iteration
  std::vector<OwnerLine> owner;                 // per level
  std::vector<i64> fixedCoord;                  // per processors dimension; -1: any or varying
  std::vector<int> levelPd; // per level: the one processors dimension its run depends on, -1 none, kSeveral
};

/// A declared bound at `values`: its integer polynomial, or the Expr past
/// an overflow (which finds the value, or has none either).
std::optional<i64> valueOf(const std::optional<symbolic::IntPolynomial>& p, const symbolic::Expr& e,
                           const symbolic::Bindings& values)
{
  auto v = p ? p->evaluate(values) : std::nullopt;
  return v ? v : e.evaluate(values);
}

} // namespace

DeclaredBounds::DeclaredBounds(const program::Unit& unit, const std::vector<std::string>& arrays)
{
  for (const auto& name : arrays) {
    const auto* symbol = unit.symbol(name);
    if (!symbol || std::any_of(m_arrays.begin(), m_arrays.end(), [&](const auto& a) { return a.first == name; }))
      continue;
    std::vector<Dim> dims;
    for (const auto& e : symbol->dims)
      dims.push_back({&e, symbolic::IntPolynomial::from(e.lower), symbolic::IntPolynomial::from(e.upper)});
    m_arrays.emplace_back(name, std::move(dims));
  }
}

void DeclaredBounds::at(const std::string& array, const symbolic::Bindings& values, std::vector<std::int64_t>& lower,
                        std::vector<std::int64_t>& extent) const
{
  const auto it = std::find_if(m_arrays.begin(), m_arrays.end(), [&](const auto& a) { return a.first == array; });
  PS_CHECK(it != m_arrays.end());
  lower.reserve(lower.size() + it->second.size());
  extent.reserve(extent.size() + it->second.size());
  for (const auto& d : it->second)
    appendDimension(valueOf(d.lower, d.extent->lower, values), valueOf(d.upper, d.extent->upper, values), lower, extent);
}

void DeclaredBounds::ranges(const std::string& array, const symbolic::Bindings& values,
                            std::vector<DeclaredRange>& out) const
{
  const auto it = std::find_if(m_arrays.begin(), m_arrays.end(), [&](const auto& a) { return a.first == array; });
  PS_CHECK(it != m_arrays.end());
  out.clear();
  for (const auto& d : it->second)
    out.push_back({valueOf(d.lower, d.extent->lower, values), valueOf(d.upper, d.extent->upper, values)});
}

CacheTrips cacheTrips(const IterationSpace& space)
{
  CacheTrips out;
  cacheTrips(space, out);
  return out;
}

void cacheTrips(const IterationSpace& space, CacheTrips& out)
{
  for (auto* v : {&out.lo, &out.hi, &out.tripsAtFirst, &out.steps, &out.first})
    v->clear();
  out.meanTrips.clear();
  const int depth = space.depth();
  countOuterIterations(space, depth, &out.first);
  double before = 1;
  for (int k = 0; k < depth; ++k) {
    const auto upTo = outerIterations(space, k + 1);
    out.meanTrips.push_back(before > 0 ? upTo / before : 0);
    before = upTo;
    i64 a = 0, b = -1;
    const auto step = space.levels()[k].step;
    if (!out.first.empty() && !space.range(k, out.first, &a, &b))
      b = a - step; // empty
    out.lo.push_back(std::min(a, b));
    out.hi.push_back(std::max(a, b));
    out.tripsAtFirst.push_back(out.first.empty() ? 0 : tripCount(a, b, step));
    out.steps.push_back(step);
  }
}

namespace {

/// The shape of `s` under `mapping` in `out` (whose buffers are reused).
void shapeOf(const CacheStatement& s, const mapping::Mapping& mapping, const CacheTrips* known, StatementShape& out)
{
  const int depth = s.space->depth();
  std::optional<CacheTrips> own;
  if (!known)
    own = cacheTrips(*s.space);
  const auto& trips = known ? *known : *own;
  out.meanTrips.assign(trips.meanTrips.begin(), trips.meanTrips.end());
  out.lo.assign(trips.lo.begin(), trips.lo.end());
  out.hi.assign(trips.hi.begin(), trips.hi.end());
  out.tripsAtFirst.assign(trips.tripsAtFirst.begin(), trips.tripsAtFirst.end());
  out.steps.assign(trips.steps.begin(), trips.steps.end());
  out.owner.clear();
  std::vector<i64> zeros; // the first iteration's values when there is none (allocated only then)
  if (trips.first.empty())
    zeros.assign(static_cast<std::size_t>(depth), 0);
  const auto& first = trips.first.empty() ? zeros : trips.first;
  for (int k = 0; k < depth; ++k)
    out.owner.push_back(ownerLine(s.owner ? &*s.owner : nullptr, mapping, first, k));
  out.fixedCoord.assign(static_cast<std::size_t>(mapping.procs.rank()), -1);
  for (int pd = 0; depth > 0 && pd < mapping.procs.rank(); ++pd) {
    bool varies = false;
    for (const auto& line : out.owner)
      varies = varies || line.dims[pd].a != 0;
    if (!varies)
      out.fixedCoord[pd] = out.owner[0].dims[pd].fixed;
  }
  out.levelPd.assign(static_cast<std::size_t>(depth), -1);
  for (int k = 0; k < depth; ++k)
    for (int pd = 0; pd < mapping.procs.rank(); ++pd)
      if (out.owner[k].dims[pd].a != 0)
        out.levelPd[k] = out.levelPd[k] == -1 ? pd : kSeveral;
}

/// The level as processor p (coordinates `coords`) runs it.
LevelRun levelRun(const StatementShape& shape, int k, const std::vector<i64>& coords)
{
  LevelRun run;
  run.vmin = shape.lo[k];
  run.vmax = shape.hi[k];
  const double mean = shape.meanTrips[k];
  run.trips = std::llround(mean);
  const auto& line = shape.owner[k];
  for (std::size_t pd = 0; pd < line.dims.size(); ++pd) {
    const auto& dim = line.dims[pd];
    if (dim.a == 0)
      continue;
    const i64 x = dim.a * shape.lo[k] + dim.b, y = dim.a * shape.hi[k] + dim.b;
    const i64 tlo = std::min(x, y), thi = std::max(x, y), c = coords[pd];
    const i64 visit = std::llabs(dim.a * shape.steps[k]);
    double owned = static_cast<double>((dim.dist->countOwned(tlo, thi, c) + visit - 1) / visit);
    if (shape.tripsAtFirst[k] > 0) // a triangular level: its mean trip, shared the same way
      owned *= mean / static_cast<double>(shape.tripsAtFirst[k]);
    run.trips = std::min<i64>(run.trips, std::llround(owned));
    run.restrictedPd = static_cast<int>(pd);
    const auto [first, last] = ownedEnds(*dim.dist, tlo, thi, c);
    if (std::llabs(dim.a) == 1 && first <= last) {
      run.vmin = dim.a > 0 ? first - dim.b : dim.b - last;
      run.vmax = dim.a > 0 ? last - dim.b : dim.b - first;
    }
  }
  return run;
}

/// levelRun of each level of one statement, remembered per coordinate of
/// the one processors dimension the level depends on (BLOCK rows and
/// columns share their runs), for one arrangement.
class LevelRunMemo {
public:
  void reset(const StatementShape& shape, const mapping::ProcessorsArrangement& procs)
  {
    const auto depth = shape.levelPd.size();
    m_start.assign(depth + 1, 0);
    for (std::size_t k = 0; k < depth; ++k) {
      const int pd = shape.levelPd[k];
      m_start[k + 1] = m_start[k] + static_cast<std::size_t>(pd >= 0 ? procs.shape[pd] : 1);
    }
    m_known.assign(m_start.back(), false);
    m_runs.resize(m_start.back());
  }

  /// The run of level k on `coords` (computed afresh when it depends on several dimensions).
  LevelRun at(const StatementShape& shape, int k, const std::vector<i64>& coords)
  {
    const int pd = shape.levelPd[k];
    if (pd == kSeveral)
      return levelRun(shape, k, coords);
    const auto at = m_start[k] + static_cast<std::size_t>(pd >= 0 ? coords[pd] : 0);
    if (!m_known[at]) {
      m_runs[at] = levelRun(shape, k, coords);
      m_known[at] = true;
    }
    return m_runs[at];
  }

private:
  std::vector<std::size_t> m_start; // per level: its first entry; one more than the levels
  std::vector<bool> m_known;
  std::vector<LevelRun> m_runs;
};

void levelRuns(const StatementShape& shape, const std::vector<i64>& coords, LevelRunMemo& memo,
               std::vector<LevelRun>& runs)
{
  runs.clear();
  for (std::size_t pd = 0; pd < shape.fixedCoord.size(); ++pd)
    if (shape.fixedCoord[pd] >= 0 && shape.fixedCoord[pd] != coords[pd])
      return runs.resize(shape.meanTrips.size()); // another processor executes it
  for (int k = 0; k < static_cast<int>(shape.meanTrips.size()); ++k)
    runs.push_back(memo.at(shape, k, coords));
}

/// The members' constant offsets in one dimension: least, greatest and the
/// gcd of their distances from the least (boxDim reads them per box).
struct OffsetSpan {
  i64 lo = 0, hi = 0, spacing = 0;
};

/// An array access class: references with the leader's linear part and
/// offsets close to the leader's, and the leader array's layout here.
struct AccessClass {
  const AccessClassGroups::Group* group = nullptr;
  int statement = 0; // index of the leader's statement
  const ReferencePlan* leader = nullptr;
  const std::vector<std::vector<i64>>& offsets() const { return group->offsets; }
  const std::vector<int>& countsIn() const { return group->countsIn; }
  std::vector<DimLayout> layout;
  boost::container::small_vector<OffsetSpan, 4> spans; // per dimension
  bool compact = false; // compactLayout(layout, element): boxLinesBound may bound its boxes
};

boost::container::small_vector<OffsetSpan, 4> offsetSpans(const AccessClassGroups::Group& g)
{
  boost::container::small_vector<OffsetSpan, 4> out;
  for (std::size_t d = 0; d < g.offsets.front().size(); ++d) {
    OffsetSpan span{g.offsets.front()[d], g.offsets.front()[d], 0};
    for (const auto& o : g.offsets) {
      span.lo = std::min(span.lo, o[d]);
      span.hi = std::max(span.hi, o[d]);
    }
    for (const auto& o : g.offsets)
      span.spacing = std::gcd(span.spacing, o[d] - span.lo);
    out.push_back(span);
  }
  return out;
}

bool sameLinearPart(const ReferencePlan& a, const ReferencePlan& b)
{
  if (a.ref->array != b.ref->array || a.subscripts.size() != b.subscripts.size())
    return false;
  for (std::size_t d = 0; d < a.subscripts.size(); ++d)
    if (a.subscripts[d].coef != b.subscripts[d].coef)
      return false;
  return true;
}

/// Group reuse: within a line's elements in the first dimension, within
/// two steps of the driving loop in the others.
bool closeEnough(const AccessClassGroups::Group& c, const ReferencePlan& r, const IterationSpace& space, i64 lineBytes)
{
  for (std::size_t d = 0; d < r.subscripts.size(); ++d) {
    i64 step = 1;
    for (int k = 0; k < space.depth(); ++k)
      step = std::max<i64>(step, std::llabs(r.subscripts[d].coef[k] * space.levels()[k].step));
    const i64 allowed = d == 0 ? std::max(lineBytes / std::max(r.elementBytes, 1), 2 * step) : 2 * step;
    if (std::llabs(r.subscripts[d].constant - c.offsets.front()[d]) > allowed)
      return false;
  }
  return true;
}

bool sameLoops(const IterationSpace& a, const IterationSpace& b)
{
  return std::equal(a.levels().begin(), a.levels().end(), b.levels().begin(), b.levels().end(),
                    [](const auto& x, const auto& y) { return x.loopId == y.loopId; });
}

const ReferencePlan& leaderOf(const AccessClassGroups::Group& g, const std::vector<CacheStatement>& statements)
{
  return statements[static_cast<std::size_t>(g.statement)].refs[static_cast<std::size_t>(g.leader)];
}

/// Appends the constant offsets of `ref`'s subscripts as member `member` of
/// `g` (its storage from earlier values reused).
void addMember(AccessClassGroups::Group& g, std::size_t member, const ReferencePlan& ref)
{
  if (g.offsets.size() <= member)
    g.offsets.emplace_back();
  auto& offsets = g.offsets[member];
  offsets.clear();
  for (const auto& sub : ref.subscripts)
    offsets.push_back(sub.constant);
}

/// Step 1 of countCacheMisses: the references grouped into classes, in
/// `groups`, whose storage (from the last values of a compiled estimate) is
/// reused: a sweep over N forms the same groups at every point.
void formGroups(const std::vector<CacheStatement>& statements, const program::Unit& unit,
                const symbolic::Bindings& values, i64 lineBytes, const DeclaredBounds* declared,
                std::vector<AccessClassGroups::Group>& groups)
{
  std::size_t formed = 0;
  boost::container::small_vector<std::size_t, 8> members; // per group formed
  for (std::size_t s = 0; s < statements.size(); ++s) {
    const auto& st = statements[s];
    for (std::size_t r = 0; r < st.refs.size(); ++r) {
      const auto& ref = st.refs[r];
      const auto end = groups.begin() + static_cast<std::ptrdiff_t>(formed);
      auto found = std::find_if(groups.begin(), end, [&](const AccessClassGroups::Group& g) {
        return sameLoops(*statements[g.statement].space, *st.space) && sameLinearPart(leaderOf(g, statements), ref) &&
               closeEnough(g, ref, *st.space, lineBytes);
      });
      if (found != end) {
        const auto at = static_cast<std::size_t>(found - groups.begin());
        addMember(*found, members[at]++, ref);
        continue;
      }
      if (groups.size() <= formed)
        groups.emplace_back();
      auto& g = groups[formed++];
      g.statement = static_cast<int>(s);
      g.leader = static_cast<int>(r);
      addMember(g, 0, ref);
      members.push_back(1);
      g.countsIn.clear();
      g.lower.clear();
      g.extent.clear();
      for (int k = 0; k < st.space->depth(); ++k) {
        int highest = -1;
        for (std::size_t d = 0; d < ref.subscripts.size(); ++d)
          if (ref.subscripts[d].coef[k] != 0)
            highest = static_cast<int>(d);
        g.countsIn.push_back(highest);
      }
      if (declared)
        declared->at(ref.ref->array, values, g.lower, g.extent);
      else
        declaredBounds(ref, unit, values, g.lower, g.extent);
    }
  }
  groups.resize(formed);
  for (std::size_t i = 0; i < formed; ++i)
    groups[i].offsets.resize(members[i]);
}

/// True when every dimension's terms are below 2^30 and the local array
/// below 2^50 bytes: a box whose least indices are below 2^30 and spacings
/// below 2^12 is then laid out by boxLines (no address beyond kMaxAddress).
bool compactLayout(const std::vector<DimLayout>& layout, i64 elementBytes)
{
  double bytes = static_cast<double>(std::max<i64>(elementBytes, 1));
  for (const auto& l : layout)
    bytes *= static_cast<double>(l.extent);
  return bytes < 0x1p50 && std::all_of(layout.begin(), layout.end(), [](const DimLayout& l) { return l.small; });
}

/// The classes of `groups` with their layouts under `mapping`, in `classes`
/// (whose storage, kept across a sweep's points, is reused).
void formClasses(const std::vector<CacheStatement>& statements, const mapping::Mapping& mapping,
                 const std::vector<AccessClassGroups::Group>& groups, std::vector<AccessClass>& classes)
{
  classes.resize(groups.size());
  for (std::size_t i = 0; i < groups.size(); ++i) {
    const auto& g = groups[i];
    auto& c = classes[i];
    c.group = &g;
    c.statement = g.statement;
    c.leader = &leaderOf(g, statements);
    arrayLayout(*c.leader, mapping, g.lower, g.extent, c.layout);
    c.spans = offsetSpans(g);
    c.compact = compactLayout(c.layout, c.leader->elementBytes);
  }
}

/// progressionLines when the smallest stride exceeds a line: each element
/// has lines of its own within a column; consecutive columns of the next
/// level can share one line at their boundary.
double sparseLines(i64 base, const std::vector<std::pair<i64, i64>>& levels, i64 element, i64 line)
{
  const auto [n1, s1] = levels[0];
  const double perElement = static_cast<double>(rangeLines(0, element, line)); // aligned elements
  double lines = static_cast<double>(n1) * perElement;
  if (levels.size() > 1) {
    const auto [n2, s2] = levels[1];
    lines = lines * static_cast<double>(n2) - sharedLines(base, (n1 - 1) * s1 + element - 1, n2, s2, line);
  }
  for (std::size_t k = 2; k < levels.size(); ++k)
    lines *= static_cast<double>(levels[k].first);
  return lines;
}

/// progressionLines on `levels`, which it reorders and shortens.
double progressionLinesIn(i64 base, std::vector<std::pair<i64, i64>>& levels, i64 elementBytes, i64 lineBytes)
{
  PS_CHECK(lineBytes > 0 && elementBytes > 0);
  // a box has a level per array dimension, a handful: drop the levels that add
  // no element and sort the rest by stride in place (insertion, not std::sort)
  std::size_t kept = 0;
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const auto level = levels[i];
    if (level.first <= 0)
      return 0;
    if (level.first <= 1 || level.second == 0)
      continue;
    std::size_t at = kept++;
    for (; at > 0 && levels[at - 1].second > level.second; --at)
      levels[at] = levels[at - 1];
    levels[at] = level;
  }
  levels.resize(kept);
  if (!levels.empty() && levels[0].second > lineBytes) // every element on lines of its own
    return sparseLines(base, levels, elementBytes, lineBytes);
  std::size_t next = 0;
  i128 run = elementBytes;
  if (!levels.empty()) { // no line is skipped between its elements
    run = static_cast<i128>(levels[0].first - 1) * levels[0].second + elementBytes;
    next = 1;
  }
  while (next < levels.size() && levels[next].second <= run) { // runs that touch or overlap merge
    run += static_cast<i128>(levels[next].first - 1) * levels[next].second;
    ++next;
  }
  if (run > kMaxAddress) { // beyond any memory: lines of its own per element
    double elements = 1;
    for (const auto& [count, stride] : levels)
      elements *= static_cast<double>(count);
    return elements * static_cast<double>(rangeLines(0, elementBytes, lineBytes));
  }
  if (next == levels.size())
    return static_cast<double>(rangeLines(base, static_cast<i64>(run), lineBytes));
  double lines = runLines(base, static_cast<i64>(run), levels[next].first, levels[next].second, lineBytes);
  for (++next; next < levels.size(); ++next)
    lines *= static_cast<double>(levels[next].first);
  return lines;
}

/// One dimension of a class's box: distinct indices, their spacing and the
/// least index, for the loops first..depth-1 running on processor p.
struct BoxDim {
  i64 count = 1, spacing = 1, least = 0;
};

BoxDim boxDim(const AccessClass& c, std::size_t d, int first, const std::vector<LevelRun>& runs,
              const std::vector<i64>& steps)
{
  const auto& sub = c.leader->subscripts[d];
  const auto& layout = c.layout[d];
  const auto [lo, hi, offsetSpacing] = c.spans[d];
  BoxDim box;
  i64 span = hi - lo, spacing = offsetSpacing;
  double combinations = static_cast<double>(c.offsets().size());
  box.least = lo;
  for (int k = 0; k < static_cast<int>(runs.size()); ++k) {
    const i64 a = sub.coef[k];
    const bool moves = k >= first && c.countsIn()[k] == static_cast<int>(d);
    box.least += moves && a < 0 ? a * runs[k].vmax : a * runs[k].vmin;
    if (!moves)
      continue;
    i64 u = std::llabs(a * steps[k]);
    // a processor's own elements of a CYCLIC(k) dimension are consecutive in its local domain
    if (layout.kind == DimLayout::Kind::Cyclic && runs[k].restrictedPd == layout.pd && u > layout.block)
      u = 1;
    span += (runs[k].trips - 1) * u;
    spacing = std::gcd(spacing, u);
    combinations *= static_cast<double>(runs[k].trips);
  }
  box.spacing = std::max<i64>(spacing, 1);
  box.count = std::min<i64>(span / box.spacing + 1, static_cast<i64>(std::min(combinations, 9e18)));
  return box;
}

/// Distinct lines of class c's members in one iteration (the first of
/// processor p's): their own lines, not their bounding box, which for a
/// 5-point stencil's class is a 3x3 square of nine elements around four.
double memberLines(const AccessClass& c, const std::vector<LevelRun>& runs, const std::vector<i64>& coords,
                   i64 element, i64 lineBytes, std::vector<i64>& lines)
{
  lines.clear(); // a handful: sorted and made unique below
  for (const auto& offsets : c.offsets()) {
    i128 address = 0, stride = element;
    for (std::size_t d = 0; d < c.layout.size(); ++d) {
      i64 index = offsets[d];
      for (std::size_t k = 0; k < runs.size(); ++k)
        index += c.leader->subscripts[d].coef[k] * runs[k].vmin;
      const auto& layout = c.layout[d];
      const i128 local = layout.local(index, layout.pd >= 0 ? coords[layout.pd] : 0);
      if (local > kMaxAddress || local < -kMaxAddress || stride > kMaxAddress)
        return static_cast<double>(c.offsets().size()) * static_cast<double>(rangeLines(0, element, lineBytes));
      address += local * stride;
      stride *= layout.extent;
    }
    if (address > kMaxAddress || address < -kMaxAddress)
      return static_cast<double>(c.offsets().size()) * static_cast<double>(rangeLines(0, element, lineBytes));
    const auto a = static_cast<i64>(address);
    for (i64 line = floorDiv(a, lineBytes); line <= floorDiv(a + element - 1, lineBytes); ++line)
      lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  return static_cast<double>(std::unique(lines.begin(), lines.end()) - lines.begin());
}

/// Buffers of boxLines, kept across its calls so that counting allocates once.
struct LineScratch {
  std::vector<std::pair<i64, i64>> levels;
  std::vector<i64> lines;
};

/// At least boxLines(c, first, ...), without counting the box's lines:
/// each of its elements on lines of its own, or, when the first dimension
/// has the box's least stride and it is at most a line (progressionLinesIn
/// then starts its runs there), each row along that dimension on the lines
/// its bytes span and one more. A row's run only grows by merging the
/// levels after it (by at most their counts' product in lines), so
/// progressionLinesIn counts no more. Infinite where boxLines might not lay
/// the box out (it then counts each element's lines): beyond compact
/// layouts, or a box that spans 2^60 bytes.
double boxLinesBound(const AccessClass& c, int first, const std::vector<LevelRun>& runs, const std::vector<i64>& steps,
                     i64 lineBytes)
{
  constexpr double kUnknown = std::numeric_limits<double>::infinity();
  for (const auto& r : runs)
    if (r.trips <= 0)
      return 0;
  const double element = static_cast<double>(std::max(c.leader->elementBytes, 1)), line = static_cast<double>(lineBytes);
  const double perElement = std::floor((element - 1) / line) + 2;
  if (first >= static_cast<int>(runs.size()))
    return static_cast<double>(c.offsets().size()) * perElement;
  if (!c.compact)
    return kUnknown;
  double others = 1, stride = element, span = element, count0 = 1, stride0 = 0;
  bool firstLeast = true; // no other dimension has a smaller stride
  for (std::size_t d = 0; d < c.layout.size(); ++d) {
    const auto box = boxDim(c, d, first, runs, steps);
    if (std::llabs(box.least) >= (i64{1} << 30) || box.spacing >= (i64{1} << 12))
      return kUnknown;
    const double count = static_cast<double>(box.count), levelStride = static_cast<double>(box.spacing) * stride;
    span += (count - 1) * levelStride;
    if (d == 0) {
      count0 = count;
      stride0 = levelStride;
    } else {
      others *= count;
      firstLeast = firstLeast && (count <= 1 || levelStride >= stride0);
    }
    stride *= static_cast<double>(c.layout[d].extent);
  }
  if (span >= 0x1p60)
    return kUnknown;
  double row = count0 * perElement;
  if (firstLeast && count0 > 1 && stride0 <= line)
    row = std::min(row, std::floor(((count0 - 1) * stride0 + element - 1) / line) + 2);
  return others * row;
}

/// Distinct lines of class c's elements over loops first..depth-1 on p.
double boxLines(const AccessClass& c, int first, const std::vector<LevelRun>& runs, const std::vector<i64>& steps,
                const std::vector<i64>& coords, i64 lineBytes, LineScratch& scratch)
{
  for (const auto& r : runs)
    if (r.trips <= 0)
      return 0;
  const i64 element = std::max(c.leader->elementBytes, 1);
  if (first >= static_cast<int>(runs.size()))
    return memberLines(c, runs, coords, element, lineBytes, scratch.lines);
  i128 base = 0, stride = element;
  double elements = 1;
  bool laidOut = true; // every address and stride within kMaxAddress
  auto& levels = scratch.levels;
  levels.clear();
  for (std::size_t d = 0; d < c.layout.size(); ++d) {
    const auto box = boxDim(c, d, first, runs, steps);
    elements *= static_cast<double>(box.count);
    const auto& layout = c.layout[d];
    const i128 local = layout.local(box.least, layout.pd >= 0 ? coords[layout.pd] : 0);
    laidOut = laidOut && stride <= kMaxAddress && local <= kMaxAddress && local >= -kMaxAddress &&
              static_cast<i128>(box.spacing) * stride <= kMaxAddress;
    if (!laidOut)
      continue;
    base += local * stride; // below 2^125: exact
    levels.emplace_back(box.count, static_cast<i64>(box.spacing * stride));
    stride *= layout.extent;
  }
  if (!laidOut)
    return elements * static_cast<double>(rangeLines(0, element, lineBytes));
  // the lines counted do not change when the base moves by whole lines
  return progressionLinesIn(modLine(base, lineBytes), levels, element, lineBytes);
}

void coordinatesOf(const mapping::ProcessorsArrangement& procs, i64 p, std::vector<i64>& coords)
{
  coords.clear();
  for (int d = 0; d < procs.rank(); ++d) { // column-major, as ProcessorsArrangement::linear
    coords.push_back(p % procs.shape[d]);
    p /= procs.shape[d];
  }
}

/// The processors dimension two key parts depending on `a` and `b` depend on together.
int joinPd(int a, int b) { return a == -1 ? b : (b == -1 || b == a) ? a : kSeveral; }

/// What translationKey asks of one class dimension, the same on every
/// processor (decided once per count): its stride in bytes modulo the line
/// and, CYCLIC, the levels whose boxes start at their greatest value.
struct KeyDim {
  i64 strideMod = 0; // bytes, in [0, line)
  bool cyclic = false;
  int pd = -1; // the processors dimension its least element depends on: -1 none, kSeveral more than one
  boost::container::small_vector<int, 2> startsHigh; // innermost first: move in d with a negative coefficient
};

/// What classMisses needs per processor, kept across processors so that
/// one count allocates once, not P times.
struct ProcessorScratch {
  std::vector<std::vector<LevelRun>> runs;      // [statement][level]
  std::vector<LevelRunMemo> runMemo;            // [statement]
  std::vector<std::vector<double>> lines;       // [class][k]: the box over loops k..depth-1
  std::vector<std::pair<int, double>> workingSet; // loop id -> lines of one of its iterations
  std::vector<double> misses;                   // [class]
  std::vector<i64> coords;
  std::vector<i64> key; // translationKey's
  std::vector<KeyDim> keyDims; // keyDims(classes)
  std::vector<std::vector<int>> levelPd; // [statement][level]: levelDependence's
  LineScratch lineScratch;
};

/// The levels every statement runs on processor `x.coords`, in `x.runs`.
void processorRuns(const std::vector<StatementShape>& shapes, ProcessorScratch& x)
{
  x.runs.resize(shapes.size());
  for (std::size_t s = 0; s < shapes.size(); ++s)
    levelRuns(shapes[s], x.coords, x.runMemo[s], x.runs[s]);
}

/// Whether dimension d of class c is stored CYCLIC(k) here.
bool cyclicDim(const AccessClass& c, std::size_t d) { return c.layout[d].kind == DimLayout::Kind::Cyclic; }

/// True when what a processor counts depends only on translationKey: every
/// layout is affine in the global index with the same slope on every
/// processor (BLOCK, plain) or, CYCLIC, coordinate-free with all of a
/// class's members at one offset in that dimension (a(i), not a(i), a(i+1):
/// the local distance of two offsets depends on where the cycle starts).
bool translatable(const std::vector<AccessClass>& classes)
{
  return std::all_of(classes.begin(), classes.end(), [](const AccessClass& c) {
    for (std::size_t d = 0; d < c.layout.size(); ++d)
      for (const auto& o : c.offsets())
        if (cyclicDim(c, d) && o[d] != c.offsets().front()[d])
          return false;
    return true;
  });
}

/// Per statement and level, the processors dimension its run depends on
/// (-1 none, kSeveral more than one): the one its owner follows, joined with
/// any its statement's executing coordinate is fixed in (another coordinate
/// runs none of it).
void levelDependence(const std::vector<StatementShape>& shapes, std::vector<std::vector<int>>& out)
{
  out.resize(shapes.size());
  for (std::size_t s = 0; s < shapes.size(); ++s) {
    int fixed = -1;
    for (std::size_t pd = 0; pd < shapes[s].fixedCoord.size(); ++pd)
      if (shapes[s].fixedCoord[pd] >= 0)
        fixed = joinPd(fixed, static_cast<int>(pd));
    out[s].clear();
    for (const int pd : shapes[s].levelPd)
      out[s].push_back(joinPd(pd, fixed));
  }
}

/// The KeyDims of every class, dimension by dimension, in `out`; `levelPd`
/// is levelDependence's.
void keyDims(const std::vector<AccessClass>& classes, const std::vector<std::vector<int>>& levelPd, i64 lineBytes,
             std::vector<KeyDim>& out)
{
  out.clear();
  for (const auto& c : classes) {
    const auto& levels = levelPd[static_cast<std::size_t>(c.statement)];
    i64 stride = floorMod(std::max(c.leader->elementBytes, 1), lineBytes);
    for (std::size_t d = 0; d < c.layout.size(); ++d) {
      auto& k = out.emplace_back();
      k.strideMod = stride;
      k.cyclic = cyclicDim(c, d);
      k.pd = c.layout[d].pd;
      const auto& coef = c.leader->subscripts[d].coef;
      for (std::size_t l = coef.size(); l-- > 0;) {
        if (coef[l] != 0)
          k.pd = joinPd(k.pd, levels[l]);
        if (k.cyclic && coef[l] < 0 && c.countsIn()[l] == static_cast<int>(d))
          k.startsHigh.push_back(static_cast<int>(l));
      }
      const i64 extent = floorMod(c.layout[d].extent, lineBytes);
      stride = lineBytes < kSmallLine ? stride * extent % lineBytes
                                      : static_cast<i64>(static_cast<i128>(stride) * extent % lineBytes);
    }
  }
}

/// Appends to `key` the local index (both halves: exact for any bounds) of
/// the least element class c's boxes over the loops first..depth-1 touch in
/// CYCLIC dimension d, for first = depth..0 (boxDim's `least`) where it
/// changes: `local` is the box's over no loop (every level at its vmin), and
/// going outwards a level that moves in d with a negative coefficient starts
/// at its vmax instead. A CYCLIC local index does not depend on the coordinate.
void pushCyclicLeasts(const AccessClass& c, std::size_t d, const KeyDim& dim, i64 least, i128 local,
                      const std::vector<LevelRun>& runs, std::vector<i64>& key)
{
  const auto push = [&](i128 v) {
    key.push_back(static_cast<i64>(v >> 64));
    key.push_back(static_cast<i64>(v & ~std::uint64_t{0}));
  };
  push(local);
  for (const int k : dim.startsHigh) {
    least += c.leader->subscripts[d].coef[k] * (runs[k].vmax - runs[k].vmin);
    push(c.layout[d].local(least, 0));
  }
}

/// A level run's part of a translation key.
void pushRun(const LevelRun& r, std::vector<i64>& key)
{
  key.push_back(r.trips); // push_back: an initializer-list insert costs a generic range insert
  key.push_back(r.vmax - r.vmin);
  key.push_back(r.restrictedPd);
}

/// Class c's dimension d's part of a translation key on the processor at
/// `coords` running `runs`: the CYCLIC least elements, pushed, and returned
/// the term of the least element's address, congruent modulo the line (below
/// 2^54 in magnitude when the line is below 2^24, else in [0, line)).
i64 pushClassDim(const AccessClass& c, std::size_t d, const KeyDim& dim, const std::vector<LevelRun>& runs,
                 const std::vector<i64>& coords, i64 lineBytes, std::vector<i64>& key)
{
  constexpr i64 kSmall = i64{1} << 30;
  const auto& coef = c.leader->subscripts[d].coef;
  i64 least = c.spans[d].lo;
  for (std::size_t k = 0; k < runs.size(); ++k)
    least += coef[k] * runs[k].vmin;
  const auto& layout = c.layout[d];
  const i128 local = layout.local(least, layout.pd >= 0 ? coords[layout.pd] : 0);
  if (dim.cyclic) // translatable: every member at spans[d].lo in d
    pushCyclicLeasts(c, d, dim, least, local, runs, key);
  const i64 reduced = local > -kSmall && local < kSmall ? static_cast<i64>(local) : modLine(local, lineBytes);
  if (lineBytes < kSmallLine)
    return reduced * dim.strideMod;
  return static_cast<i64>(floorModWide(i128{reduced} * dim.strideMod, lineBytes));
}

/// What classMisses depends on for processor `x.coords` when the layouts are
/// translatable: per level its trips and extent (vmax - vmin), per class the
/// byte offset within a line of its first iteration's least element. Every
/// address classMisses forms in a BLOCK or plain dimension is that element's
/// address plus a function of these; in a CYCLIC dimension the local index is
/// not affine in the global one, so the key holds the local index of each box's
/// least element there. Two processors with one key count the same lines:
/// interior BLOCK processors, and CYCLIC ones that own as much, are counted once.
/// `dims` are keyDims(classes).
void translationKey(const std::vector<AccessClass>& classes, const std::vector<KeyDim>& dims,
                    const ProcessorScratch& x, i64 lineBytes, std::vector<i64>& key)
{
  key.clear();
  for (const auto& runs : x.runs)
    for (const auto& r : runs)
      pushRun(r, key);
  auto dim = dims.begin();
  for (const auto& c : classes) {
    const auto& runs = x.runs[static_cast<std::size_t>(c.statement)];
    i64 base = 0; // congruent to the least element's address modulo the line
    for (std::size_t d = 0; d < c.layout.size(); ++d, ++dim) {
      const auto term = pushClassDim(c, d, *dim, runs, x.coords, lineBytes, key);
      base = lineBytes < kSmallLine ? base + term : static_cast<i64>(floorModWide(i128{base} + term, lineBytes));
    }
    key.push_back(floorMod(base, lineBytes));
  }
}

/// Each processors dimension's coordinates numbered by their part of the
/// translation keys, when every part depends on one dimension at most (a
/// level's run, a class dimension's least element and its address term):
/// a processor's key is then a function of its coordinates' numbers. A 4x4
/// BLOCK grid computes 8 parts instead of 16 keys.
class CoordinateClasses {
public:
  /// Numbers the coordinates of `procs`; false when some part depends on
  /// several dimensions or the arrangement has one (the keys are as cheap).
  bool build(const std::vector<AccessClass>& classes, const std::vector<StatementShape>& shapes,
             const mapping::ProcessorsArrangement& procs, i64 lineBytes, ProcessorScratch& x)
  {
    const auto rank = static_cast<std::size_t>(procs.rank());
    const auto several = [](int pd) { return pd == kSeveral; };
    if (rank < 2 || std::any_of(x.keyDims.begin(), x.keyDims.end(), [&](const KeyDim& k) { return several(k.pd); }))
      return false;
    for (const auto& levels : x.levelPd)
      if (std::any_of(levels.begin(), levels.end(), several))
        return false;
    m_number.resize(rank);
    m_radix.assign(rank, 1);
    m_count = 1;
    for (std::size_t pd = 0; pd < rank; ++pd) {
      m_radix[pd] = m_count;
      m_count *= static_cast<std::size_t>(numberCoordinates(classes, shapes, procs, static_cast<int>(pd), lineBytes, x));
    }
    return true;
  }

  /// The number of the processor at `coords`, in [0, size()).
  std::size_t at(const std::vector<i64>& coords) const
  {
    std::size_t at = 0;
    for (std::size_t pd = 0; pd < coords.size(); ++pd)
      at += static_cast<std::size_t>(m_number[pd][static_cast<std::size_t>(coords[pd])]) * m_radix[pd];
    return at;
  }

  std::size_t size() const { return m_count; }

private:
  /// Numbers the coordinates along pd; returns how many numbers.
  int numberCoordinates(const std::vector<AccessClass>& classes, const std::vector<StatementShape>& shapes,
                        const mapping::ProcessorsArrangement& procs, int pd, i64 lineBytes, ProcessorScratch& x)
  {
    auto& number = m_number[static_cast<std::size_t>(pd)];
    number.clear();
    m_parts.clear();
    x.coords.assign(static_cast<std::size_t>(procs.rank()), 0);
    std::size_t length = 0;
    int distinct = 0;
    for (i64 c = 0; c < procs.shape[pd]; ++c) {
      x.coords[pd] = c;
      processorRuns(shapes, x);
      const auto start = m_parts.size();
      for (std::size_t s = 0; s < x.runs.size(); ++s)
        for (std::size_t k = 0; k < x.runs[s].size(); ++k)
          if (x.levelPd[s][k] == pd)
            pushRun(x.runs[s][k], m_parts);
      auto dim = x.keyDims.begin();
      for (const auto& cl : classes)
        for (std::size_t d = 0; d < cl.layout.size(); ++d, ++dim)
          if (dim->pd == pd) {
            const auto term = pushClassDim(cl, d, *dim, x.runs[static_cast<std::size_t>(cl.statement)], x.coords,
                                           lineBytes, m_parts);
            m_parts.push_back(floorMod(term, lineBytes));
          }
      length = m_parts.size() - start; // the same for every coordinate: what is pushed follows the structure
      const auto own = m_parts.begin() + static_cast<std::ptrdiff_t>(start);
      int same = -1;
      for (std::size_t e = 0; e < number.size() && same < 0; ++e)
        if (std::equal(own, m_parts.end(), m_parts.begin() + static_cast<std::ptrdiff_t>(e * length)))
          same = number[e];
      number.push_back(same >= 0 ? same : distinct++);
    }
    return distinct;
  }

  std::vector<std::vector<int>> m_number; // [pd][coordinate]
  std::vector<std::size_t> m_radix;       // [pd]
  std::size_t m_count = 1;
  std::vector<i64> m_parts; // one dimension's coordinates' parts, one after the other
};

/// The misses per class of the translation keys counted so far at one point,
/// flat: a point meets a handful of keys, all of one length.
class CountedKeys {
public:
  void clear(std::size_t classes)
  {
    m_classes = classes;
    m_keys.clear();
    m_misses.clear();
  }

  /// The misses counted for `key`, or nullptr (valid until the next add).
  const double* find(const std::vector<i64>& key) const
  {
    for (std::size_t at = 0, n = 0; at < m_keys.size(); at += key.size(), ++n)
      if (std::equal(key.begin(), key.end(), m_keys.begin() + static_cast<std::ptrdiff_t>(at)))
        return m_misses.data() + n * m_classes;
    return nullptr;
  }

  const double* add(const std::vector<i64>& key, const std::vector<double>& misses)
  {
    m_keys.insert(m_keys.end(), key.begin(), key.end());
    return add(misses);
  }

  /// Adds misses numbered by the caller (CoordinateClasses): no key.
  const double* add(const std::vector<double>& misses)
  {
    m_misses.insert(m_misses.end(), misses.begin(), misses.end());
    return m_misses.data() + m_misses.size() - m_classes;
  }

  /// How many were added; the misses of the n-th.
  std::size_t size() const { return m_classes == 0 ? 0 : m_misses.size() / m_classes; }
  const double* misses(std::size_t n) const { return m_misses.data() + n * m_classes; }

private:
  std::size_t m_classes = 0;
  std::vector<i64> m_keys;      // every key's entries, one key after the other
  std::vector<double> m_misses; // m_classes per key
};

/// cmL^p of every class for processor p (see countCacheMisses, step 5), in
/// `x.misses`, from its runs (processorRuns). A class's box over loops
/// k..depth-1 and a loop's working set are counted when first asked for: a
/// nest whose outer working set fits never counts its inner boxes.
/// `exactWorkingSets` (the oracle's) counts every working set asked for.
void classMisses(const std::vector<AccessClass>& classes, const std::vector<CacheStatement>& statements,
                 const std::vector<StatementShape>& shapes, ProcessorScratch& x, CacheGeometry geometry,
                 bool exactWorkingSets)
{
  x.lines.resize(classes.size());
  for (std::size_t c = 0; c < classes.size(); ++c)
    x.lines[c].assign(static_cast<std::size_t>(statements[classes[c].statement].space->depth()) + 1, -1.0);
  const auto lines = [&](std::size_t c, int k) {
    auto& counted = x.lines[c][static_cast<std::size_t>(k)];
    if (counted < 0) {
      const int s = classes[c].statement;
      counted = boxLines(classes[c], k, x.runs[s], shapes[s].steps, x.coords, geometry.lineBytes, x.lineScratch);
    }
    return counted;
  };
  const double capacity = static_cast<double>(geometry.capacityBytes / geometry.lineBytes);
  // Only whether a loop's working set fits is asked: when a bound on it
  // fits, its boxes are not counted (a stencil's columns fit at any block
  // a sweep meets); else they are, exactly.
  const auto sumOver = [&](int loopId, const auto& boxes) {
    double total = 0;
    for (std::size_t c = 0; c < classes.size(); ++c) {
      const auto& levels = statements[classes[c].statement].space->levels();
      for (std::size_t k = 0; k < levels.size(); ++k)
        if (levels[k].loopId == loopId)
          total += boxes(c, static_cast<int>(k) + 1);
    }
    return total;
  };
  x.workingSet.clear();
  const auto working = [&](int loopId) { // the lines one iteration of the loop touches, or a bound that fits
    for (const auto& [id, total] : x.workingSet)
      if (id == loopId)
        return total;
    double total = exactWorkingSets ? capacity + 1 : sumOver(loopId, [&](std::size_t c, int k) {
      const auto counted = x.lines[c][static_cast<std::size_t>(k)];
      const int s = classes[c].statement;
      return counted >= 0 ? counted : boxLinesBound(classes[c], k, x.runs[s], shapes[s].steps, geometry.lineBytes);
    });
    if (total > capacity)
      total = sumOver(loopId, lines);
    x.workingSet.emplace_back(loopId, total);
    return total;
  };
  x.misses.clear();
  for (std::size_t c = 0; c < classes.size(); ++c) {
    const int s = classes[c].statement;
    const auto& levels = statements[s].space->levels();
    double repeats = 1;
    int k = 0;
    for (; k < static_cast<int>(levels.size()) && working(levels[k].loopId) > capacity; ++k)
      repeats *= static_cast<double>(x.runs[s][k].trips); // one iteration of loop k overflows: reloaded each time
    x.misses.push_back(repeats * lines(c, k));
  }
}

/// Each processor's cmL^p per class for one count (countCacheMisses, step
/// 5): counted for every processor (the oracle, or layouts that are not
/// translatable), once per translation key, or once per combination of
/// coordinate numbers (CoordinateClasses). Its buffers are kept across
/// counts: one per thread.
class ProcessorMisses {
public:
  void start(const std::vector<AccessClass>& classes, const std::vector<CacheStatement>& statements,
             const std::vector<StatementShape>& shapes, const mapping::ProcessorsArrangement& procs,
             CacheGeometry geometry, bool everyProcessor)
  {
    m_classes = &classes;
    m_statements = &statements;
    m_shapes = &shapes;
    m_procs = &procs;
    m_geometry = geometry;
    m_everyProcessor = everyProcessor;
    m_x.runMemo.resize(shapes.size());
    for (std::size_t s = 0; s < shapes.size(); ++s)
      m_x.runMemo[s].reset(shapes[s], procs);
    m_symmetric = !everyProcessor && procs.count() > 1 && translatable(classes); // one processor: no key to share
    m_separable = false;
    if (m_symmetric) {
      levelDependence(shapes, m_x.levelPd);
      keyDims(classes, m_x.levelPd, geometry.lineBytes, m_x.keyDims);
      m_separable = m_coordinateClasses.build(classes, shapes, procs, geometry.lineBytes, m_x);
    }
    m_counted.clear(classes.size());
    m_countedAt.assign(m_separable ? m_coordinateClasses.size() : 0, -1);
  }

  /// Processor p's misses per class (valid until the next call).
  const double* at(i64 p)
  {
    coordinatesOf(*m_procs, p, m_x.coords);
    if (m_separable) {
      auto& at = m_countedAt[m_coordinateClasses.at(m_x.coords)];
      if (at < 0) {
        at = static_cast<int>(m_counted.size());
        m_counted.add(count());
      }
      return m_counted.misses(static_cast<std::size_t>(at));
    }
    if (!m_symmetric)
      return count().data();
    processorRuns(*m_shapes, m_x);
    translationKey(*m_classes, m_x.keyDims, m_x, m_geometry.lineBytes, m_x.key);
    const double* known = m_counted.find(m_x.key);
    return known ? known : m_counted.add(m_x.key, missesOfRuns());
  }

private:
  /// The misses of the processor at m_x.coords, counted.
  const std::vector<double>& count()
  {
    processorRuns(*m_shapes, m_x);
    return missesOfRuns();
  }

  /// classMisses of the runs in m_x.
  const std::vector<double>& missesOfRuns()
  {
    classMisses(*m_classes, *m_statements, *m_shapes, m_x, m_geometry, m_everyProcessor);
    return m_x.misses;
  }

  const std::vector<AccessClass>* m_classes = nullptr;
  const std::vector<CacheStatement>* m_statements = nullptr;
  const std::vector<StatementShape>* m_shapes = nullptr;
  const mapping::ProcessorsArrangement* m_procs = nullptr;
  CacheGeometry m_geometry{};
  bool m_everyProcessor = false, m_symmetric = false, m_separable = false;
  ProcessorScratch m_x;
  CountedKeys m_counted;
  CoordinateClasses m_coordinateClasses;
  std::vector<int> m_countedAt; // per coordinate class: its entry in m_counted, -1 before
};

} // namespace

double progressionLines(std::int64_t base, std::vector<std::pair<std::int64_t, std::int64_t>> levels,
                        std::int64_t elementBytes, std::int64_t lineBytes)
{
  return progressionLinesIn(base, levels, elementBytes, lineBytes);
}

CacheMisses countCacheMisses(const std::vector<CacheStatement>& statements, const mapping::Mapping& mapping,
                             const program::Unit& unit, const symbolic::Bindings& values, CacheGeometry geometry,
                             const std::vector<const CacheTrips*>* trips, AccessClassGroups* groups,
                             bool everyProcessor)
{
  PS_CHECK(!trips || trips->size() == statements.size());
  PS_CHECK(geometry.lineBytes > 0 && geometry.capacityBytes > 0); // profiles are validated on load
  CacheMisses out;
  const auto procs = mapping.procs.count();
  out.perProc.assign(static_cast<std::size_t>(procs), 0.0);
  out.perStatement.assign(statements.size(), 0.0);
  AccessClassGroups own;
  auto& kept = groups ? *groups : own;
  if (!kept.formed) {
    formGroups(statements, unit, values, geometry.lineBytes, kept.declared, kept.groups);
    kept.formed = true;
  }
  thread_local std::vector<AccessClass> formed;
  formClasses(statements, mapping, kept.groups, formed);
  const auto& classes = formed;
  out.classes = static_cast<int>(classes.size());
  // A sweep counts thousands of points: the shapes and per-processor buffers
  // are kept across calls (one set per thread) instead of allocated each time.
  thread_local std::vector<StatementShape> shapes;
  shapes.resize(statements.size());
  for (std::size_t i = 0; i < statements.size(); ++i)
    shapeOf(statements[i], mapping, trips ? (*trips)[i] : nullptr, shapes[i]);
  thread_local ProcessorMisses perProcessor;
  perProcessor.start(classes, statements, shapes, mapping.procs, geometry, everyProcessor);
  for (i64 p = 0; p < procs; ++p) {
    const double* misses = perProcessor.at(p);
    for (std::size_t c = 0; c < classes.size(); ++c) {
      out.perProc[p] += misses[c];
      out.perStatement[classes[c].statement] += misses[c]; // summed here, the mean below
    }
  }
  for (auto& s : out.perStatement)
    s /= static_cast<double>(procs);
  for (double m : out.perProc) {
    out.mean += m;
    out.max = std::max(out.max, m);
  }
  out.mean /= static_cast<double>(procs);
  return out;
}

} // namespace ps::estimate

#include "estimate/work-formula.h"

#include "estimate/owned-iterations.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <map>
#include <mutex>

namespace ps::estimate {
namespace {

constexpr std::int64_t kLimit = std::int64_t{1} << 38; // values and bounds beyond this are counted per point
constexpr std::int64_t kNoBound = std::int64_t{1} << 40; // an absent LB or UB: beyond every real bound

/// An affine function of the nest's loop variables and the unknowns.
struct Affine {
  std::vector<std::int64_t> vars;
  std::map<std::string, std::int64_t> unknowns;
  std::int64_t constant = 0;
};

struct Failed {
  std::string why;
};

/// `e` as an affine function of `vars` and of the symbols it holds;
/// throws Failed when it is not one with integer coefficients.
Affine affineOf(const symbolic::Expr& e, const std::vector<std::string>& vars, const std::string& what)
{
  auto form = e.affineIn(vars);
  if (!form)
    throw Failed{what + " is not affine in the loop variables"};
  Affine a;
  for (const auto& v : vars)
    a.vars.push_back(form->coefficient(v));
  const auto names = form->constant.symbols();
  auto rest = form->constant.affineIn({names.begin(), names.end()});
  const auto c = rest ? rest->constant.asInteger() : std::nullopt;
  if (!c)
    throw Failed{what + " is not affine in the unknowns"};
  if (std::llabs(*c) > kLimit) // the absent-bound stand-ins (kNoBound) must stay beyond every real bound
    throw Failed{what + " has a constant beyond 2^38"};
  a.unknowns = rest->coefficients;
  a.constant = *c;
  return a;
}

/// A subscript's affine form (loop variables outside the nest are unknowns).
Affine affineOf(const symbolic::AffineForm& f, const std::vector<std::string>& vars, const std::string& what)
{
  symbolic::Expr e = f.constant;
  for (const auto& [name, c] : f.coefficients)
    e = e + symbolic::Expr::integer(c) * symbolic::Expr::symbol(name);
  return affineOf(e, vars, what);
}

Affine scaled(Affine a, std::int64_t k, std::int64_t shift)
{
  for (auto& c : a.vars)
    c *= k;
  for (auto& [n, c] : a.unknowns)
    c *= k;
  a.constant = a.constant * k + shift;
  return a;
}

/// Collects rows over [loop variables | unknowns | LB1, UB1, ...].
class SystemBuilder {
public:
  explicit SystemBuilder(int depth) : m_depth(depth) {}

  /// sign * (a - b) >= 0.
  void atLeast(const Affine& a, int sign, const Affine& b) { push({sign, a, b, -1, 0}); }
  /// a + columnSign * (parameter `column` of the LB/UB pairs) >= 0.
  void withBound(const Affine& a, int column, int columnSign) { push({+1, a, Affine{}, column, columnSign}); }

  std::vector<std::string> unknowns() const
  {
    auto u = m_unknowns;
    std::sort(u.begin(), u.end());
    return u;
  }

  /// The system with `bounds` LB/UB column pairs (0: the sequential count).
  symbolic::ParametricSystem system(const std::vector<std::string>& unknowns, int bounds) const
  {
    symbolic::ParametricSystem s;
    s.variables = m_depth;
    s.parameters = unknowns;
    for (int d = 1; d <= bounds; ++d) {
      s.parameters.push_back("LB" + std::to_string(d));
      s.parameters.push_back("UB" + std::to_string(d));
    }
    for (const auto& r : m_rows) {
      if (r.column >= 0 && bounds == 0)
        continue;
      symbolic::LinearConstraint c{std::vector<std::int64_t>(m_depth + s.parameters.size(), 0), 0};
      add(c, r.a, unknowns, r.sign);
      add(c, r.b, unknowns, -r.sign);
      if (r.column >= 0)
        c.coef[m_depth + unknowns.size() + r.column] += r.columnSign;
      s.constraints.push_back(std::move(c));
    }
    return s;
  }

private:
  struct PendingRow {
    int sign;
    Affine a, b;
    int column;     // LB/UB parameter added to the row (-1: none)
    int columnSign; // its coefficient
  };

  void push(PendingRow r)
  {
    m_rows.push_back(r);
    for (const auto* f : {&r.a, &r.b})
      for (const auto& [n, c] : f->unknowns)
        if (std::find(m_unknowns.begin(), m_unknowns.end(), n) == m_unknowns.end())
          m_unknowns.push_back(n);
  }

  void add(symbolic::LinearConstraint& c, const Affine& f, const std::vector<std::string>& unknowns, int sign) const
  {
    for (std::size_t k = 0; k < f.vars.size(); ++k)
      c.coef[k] += sign * f.vars[k];
    for (const auto& [n, v] : f.unknowns)
      c.coef[m_depth + (std::find(unknowns.begin(), unknowns.end(), n) - unknowns.begin())] += sign * v;
    c.constant += sign * f.constant;
  }

  int m_depth;
  std::vector<PendingRow> m_rows;
  std::vector<std::string> m_unknowns;
};

/// The loop rows of the nest from `nestLoop` inwards to `statement`.
std::vector<std::string> addLoops(SystemBuilder& b, const program::Unit& unit, int nestLoop,
                                  const program::Statement& statement)
{
  auto root = std::find(statement.loops.begin(), statement.loops.end(), nestLoop);
  if (root == statement.loops.end())
    throw Failed{"the statement is not inside the nest"};
  std::vector<std::string> vars;
  for (auto it = root; it != statement.loops.end(); ++it)
    vars.push_back(unit.loops[*it].variable);
  for (std::size_t k = 0; k < vars.size(); ++k) {
    const auto& loop = unit.loops[statement.loops[root - statement.loops.begin() + k]];
    const auto what = "a bound of the loop at line " + std::to_string(loop.line);
    const auto step = loop.step.asInteger();
    if (!loop.boundsKnown || vars[k].empty() || !step || (*step != 1 && *step != -1))
      throw Failed{"the loop at line " + std::to_string(loop.line) + " has a step other than 1 or -1"};
    Affine v;
    v.vars.assign(vars.size(), 0);
    v.vars[k] = 1;
    const auto lower = affineOf(loop.lowerAsWritten, vars, what), upper = affineOf(loop.upperAsWritten, vars, what);
    b.atLeast(v, static_cast<int>(*step), lower); // step 1: v >= lower; step -1: v <= lower
    b.atLeast(upper, static_cast<int>(*step), v); // step 1: upper >= v; step -1: upper <= v
  }
  return vars;
}

const mapping::TemplateDistribution* ownerTemplate(const std::string& array, const mapping::Mapping& mapping)
{
  const auto* a = array.empty() ? nullptr : mapping.array(array);
  return a && a->templateIndex >= 0 ? &mapping.templates[a->templateIndex] : nullptr;
}

/// What one coordinate owns along an owner dimension: the template indices
/// lb..ub (an absent bound: beyond every real one), and when `blocks` > 0
/// the progression of that block and its `blocks` - 1 followers, each
/// `stride` further (CYCLIC(k): stride k*P).
struct OwnedRange {
  std::int64_t lb = 0, ub = 0;
  std::int64_t blocks = 0;
  std::int64_t stride = 0;
};
using OwnedRanges = boost::container::small_vector<OwnedRange, 4>;

bool cyclicOver(const mapping::DimensionDistribution& d)
{
  return d.format().kind == mapping::FormatKind::Cyclic && d.procs() > 1;
}

/// The ranges coordinate c owns along `d`: a BLOCK part as it is, a CYCLIC
/// part as the progression of its whole blocks lb + k*(P*q + c) and the
/// last block cut at the template's upper bound. False, with `why`, when a
/// bound is beyond 2^38 (the absent-bound stand-ins must stay beyond every
/// real one).
bool ownedRanges(const mapping::DimensionDistribution& d, std::int64_t c, OwnedRanges& out, std::string* why)
{
  out.clear();
  const auto beyond = [](std::int64_t v) { return std::llabs(v) > kLimit; };
  for (const auto& part : ownedParts(d, c)) {
    if ((part.lo && beyond(*part.lo)) || (part.hi && beyond(*part.hi))) {
      *why = "a template bound is beyond 2^38";
      return false;
    }
    if (!part.cyclic) {
      out.push_back({part.lo.value_or(-kNoBound), part.hi.value_or(kNoBound)});
      continue;
    }
    const auto k = d.blockSize(), period = k * d.procs(), first = *part.lo + k * c, last = *part.hi;
    if (first > last)
      continue;
    const auto whole = first + k - 1 <= last ? (last - (first + k - 1)) / period + 1 : 0;
    if (whole > 0)
      out.push_back({first, first + k - 1, whole, period});
    if (const auto cut = first + whole * period; cut <= last)
      out.push_back({cut, last});
  }
  return true;
}

/// Everything the formula depends on: the loops' bounds as written, the
/// owner reference and how its array sits on the processors.
std::string formulaKey(const program::Unit& unit, int nestLoop, const program::Statement& statement,
                       const program::ArrayReference* owner, const mapping::Mapping& mapping)
{
  std::string key = unit.name + "|" + std::to_string(statement.line) + "|" + statement.text;
  for (auto it = std::find(statement.loops.begin(), statement.loops.end(), nestLoop); it != statement.loops.end(); ++it) {
    const auto& l = unit.loops[*it];
    key += "|" + l.variable + "=" + l.lowerAsWritten.str() + "," + l.upperAsWritten.str() + "," + l.step.str();
  }
  const auto* a = owner ? mapping.array(owner->array) : nullptr;
  const auto* t = ownerTemplate(owner ? owner->array : "", mapping);
  key += "|" + (owner ? owner->text() : std::string("-")) + "|" + std::to_string(mapping.procs.rank());
  for (int pd = 0; t && pd < mapping.procs.rank(); ++pd) {
    const int d = t->dimOn(pd);
    if (d < 0)
      continue;
    const auto& axis = a->axes[d];
    key += "|" + std::to_string(pd) + ":" + std::to_string(d) + ":" + std::to_string(static_cast<int>(axis.kind)) + ":" +
           std::to_string(axis.arrayDim) + ":" + std::to_string(axis.stride) + ":" + std::to_string(axis.offset);
  }
  return key;
}

} // namespace

std::optional<WorkFormula> WorkFormula::compile(const program::Unit& unit, int nestLoop,
                                                const program::Statement& statement,
                                                const program::ArrayReference* owner,
                                                const mapping::Mapping& mapping, std::string* why)
{
  try {
    const auto root = std::find(statement.loops.begin(), statement.loops.end(), nestLoop);
    SystemBuilder b(static_cast<int>(statement.loops.end() - root));
    const auto vars = addLoops(b, unit, nestLoop, statement);
    WorkFormula f;
    f.m_ownerArray = owner ? owner->array : "";
    const auto* t = ownerTemplate(f.m_ownerArray, mapping);
    const auto& axes = t ? mapping.array(owner->array)->axes : std::vector<mapping::TemplateAxis>{};
    for (int pd = 0; t && pd < mapping.procs.rank(); ++pd) {
      const int d = t->dimOn(pd);
      if (d < 0 || axes[d].kind == mapping::TemplateAxis::Kind::Replicated)
        continue;
      const auto& axis = axes[d];
      Affine index;
      index.vars.assign(vars.size(), 0);
      index.constant = axis.offset;
      if (axis.kind == mapping::TemplateAxis::Kind::ArrayDim)
        index = scaled(affineOf(owner->subscripts[axis.arrayDim].affine, vars, "a subscript of '" + owner->text() + "'"),
                       axis.stride, axis.offset);
      const int column = 2 * static_cast<int>(f.m_ownerDims.size());
      b.withBound(index, column, -1);                   // index - LB >= 0
      b.withBound(scaled(index, -1, 0), column + 1, +1); // UB - index >= 0
      f.m_ownerDims.push_back(pd);
    }
    f.m_unknowns = b.unknowns();
    auto work = symbolic::countParametric(b.system(f.m_unknowns, static_cast<int>(f.m_ownerDims.size())), {}, why);
    auto total = symbolic::countParametric(b.system(f.m_unknowns, 0), {}, why);
    if (!work || !total)
      return std::nullopt;
    f.m_work = std::make_shared<symbolic::PiecewiseCount>(std::move(*work));
    f.m_total = std::make_shared<symbolic::PiecewiseCount>(std::move(*total));
    return f;
  } catch (const Failed& e) {
    if (why)
      *why = e.why;
    return std::nullopt;
  }
}

namespace {

/// True when every unknown has a value within 2^38; else false, with `why`.
bool unknownsHaveValues(const std::vector<std::string>& names, const symbolic::Bindings& values, std::string* why)
{
  for (const auto& n : names) {
    const auto it = values.find(n);
    if (it == values.end() || std::llabs(it->second) > kLimit) {
      *why = "'" + n + (it == values.end() ? "' has no value" : "' is beyond 2^38");
      return false;
    }
  }
  return true;
}

std::optional<std::vector<std::int64_t>> unknownValues(const std::vector<std::string>& names,
                                                       const symbolic::Bindings& values, std::string* why)
{
  if (!unknownsHaveValues(names, values, why))
    return std::nullopt;
  std::vector<std::int64_t> out;
  out.reserve(names.size());
  for (const auto& n : names)
    out.push_back(values.find(n)->second);
  return out;
}

} // namespace

std::optional<double> WorkFormula::total(const symbolic::Bindings& values) const
{
  std::string why;
  const auto params = unknownValues(m_unknowns, values, &why);
  if (!params)
    return std::nullopt;
  return m_total->at(*params).value;
}

std::optional<std::vector<const mapping::DimensionDistribution*>>
WorkFormula::ownerDists(const mapping::Mapping& mapping, std::string* why) const
{
  std::vector<const mapping::DimensionDistribution*> dists;
  const mapping::TemplateDistribution* t = nullptr;
  for (int pd : m_ownerDims) {
    t = t ? t : ownerTemplate(m_ownerArray, mapping);
    const int d = t ? t->dimOn(pd) : -1;
    if (d < 0) {
      *why = "the mapping is not the one compiled"; // unreachable: the cache key holds the structure
      return std::nullopt;
    }
    dists.push_back(&t->dims[d]);
  }
  return dists;
}

bool WorkFormula::applies(const symbolic::Bindings& values, const mapping::Mapping& mapping, std::string* why) const
{
  std::string reason;
  why = why ? why : &reason;
  const auto dists = unknownsHaveValues(m_unknowns, values, why) ? ownerDists(mapping, why) : std::nullopt;
  if (!dists)
    return false;
  if (std::count_if(dists->begin(), dists->end(), [](const auto* d) { return cyclicOver(*d); }) > 1) {
    *why = "two CYCLIC dimensions need a double sum over their blocks";
    return false;
  }
  OwnedRanges ranges;
  for (const auto* d : *dists)
    for (std::int64_t c = 0; c < d->procs(); ++c)
      if (!ownedRanges(*d, c, ranges, why))
        return false;
  return true;
}

namespace {

/// work(k) of one choice of a range per owner dimension: Eq. (2) at its
/// LB and UB, or summed along the one progression among them.
double rangeWork(const symbolic::PiecewiseCount& work, std::vector<std::int64_t>& params, std::size_t first,
                 const std::vector<const OwnedRange*>& chosen)
{
  const OwnedRange* progression = nullptr;
  std::size_t along = 0;
  for (std::size_t d = 0; d < chosen.size(); ++d) {
    params[first + 2 * d] = chosen[d]->lb;
    params[first + 2 * d + 1] = chosen[d]->ub;
    if (chosen[d]->blocks > 0) {
      progression = chosen[d];
      along = first + 2 * d;
    }
  }
  if (!progression)
    return work.at(params).value;
  std::vector<std::int64_t> step(params.size(), 0);
  step[along] = step[along + 1] = progression->stride;
  return work.sumAlong(params, step, progression->blocks).value;
}

} // namespace

std::optional<std::vector<double>> WorkFormula::perProcessor(const symbolic::Bindings& values,
                                                             const mapping::Mapping& mapping, std::string* why) const
{
  std::string reason;
  why = why ? why : &reason;
  auto params = unknownValues(m_unknowns, values, why);
  if (!params || !applies(values, mapping, why))
    return std::nullopt;
  const auto dists = *ownerDists(mapping, why);
  std::vector<double> work(static_cast<std::size_t>(mapping.procs.count()), 0.0);
  std::vector<std::int64_t> coords(dists.size(), 0), all(static_cast<std::size_t>(mapping.procs.rank()), -1);
  std::vector<OwnedRanges> ranges(dists.size());
  std::vector<const OwnedRange*> chosen(dists.size());
  const auto first = params->size();
  params->resize(first + 2 * dists.size());
  while (true) { // every combination of the owner dimensions' coordinates, then of their ranges
    for (std::size_t d = 0; d < dists.size(); ++d) {
      ownedRanges(*dists[d], coords[d], ranges[d], why);
      all[m_ownerDims[d]] = coords[d];
    }
    double n = 0;
    std::vector<std::size_t> pick(dists.size(), 0);
    while (std::all_of(ranges.begin(), ranges.end(), [](const auto& r) { return !r.empty(); })) {
      for (std::size_t d = 0; d < dists.size(); ++d)
        chosen[d] = &ranges[d][pick[d]];
      n += rangeWork(*m_work, *params, first, chosen);
      std::size_t d = 0;
      while (d < dists.size() && ++pick[d] == ranges[d].size())
        pick[d++] = 0;
      if (d == dists.size())
        break;
    }
    if (n != 0)
      forEachProcessor(mapping.procs, all.data(), [&](std::int64_t p) { work[p] += n; });
    std::size_t d = 0;
    while (d < dists.size() && ++coords[d] == dists[d]->procs())
      coords[d++] = 0;
    if (d == dists.size())
      return work;
  }
}

const WorkFormula::Printed& WorkFormula::printed() const
{
  std::call_once(m_printed->once, [this] {
    m_printed->value = {m_work->text(), m_work->latex(), m_total->text(), m_total->latex()};
  });
  return m_printed->value;
}

std::vector<std::string> WorkFormula::ownership(const mapping::Mapping& mapping) const
{
  std::vector<std::string> out;
  const auto* t = ownerTemplate(m_ownerArray, mapping);
  for (std::size_t k = 0; t && k < m_ownerDims.size(); ++k) {
    const int d = t->dimOn(m_ownerDims[k]);
    if (d < 0)
      continue;
    const auto& dist = t->dims[d];
    const auto i = std::to_string(k + 1), m = std::to_string(dist.blockSize()), lb = std::to_string(dist.lower());
    if (cyclicOver(dist)) {
      const auto procs = std::to_string(dist.procs());
      const auto blocks = dist.blockSize() == 1 ? "LB" + i + " = UB" + i + " = " + lb + " + " + procs + "*q + c" + i
                                                : "LB" + i + " = " + lb + " + " + m + "*(" + procs + "*q + c" + i +
                                                      "), UB" + i + " = LB" + i + " + " +
                                                      std::to_string(dist.blockSize() - 1);
      out.push_back("work(k) summed over the blocks q = 0, 1, ... of c" + i + ": " + blocks + " (" +
                    dist.format().str() + " of " + lb + ".." +
                    std::to_string(dist.upper()) + " over " + std::to_string(dist.procs()) + " processors, c" + i +
                    " = 0.." + std::to_string(dist.procs() - 1) + "; the last block ends at " +
                    std::to_string(dist.upper()) + "), in closed form along q");
      continue;
    }
    out.push_back("LB" + i + " = " + lb + " + " + m + "*c" + i + ", UB" + i + " = LB" + i + " + " +
                  std::to_string(dist.blockSize() - 1) + " (" + dist.format().str() + " of " + lb + ".." +
                  std::to_string(dist.upper()) + " over " + std::to_string(dist.procs()) + " processors, c" + i +
                  " = 0.." + std::to_string(dist.procs() - 1) + "; the first has no LB" + i + ", the last no UB" +
                  i + ")");
  }
  return out;
}

std::shared_ptr<const WorkFormula> cachedWorkFormula(const program::Unit& unit, int nestLoop,
                                                     const program::Statement& statement,
                                                     const program::ArrayReference* owner,
                                                     const mapping::Mapping& mapping, std::string* why)
{
  static std::mutex lock;
  static std::map<std::string, std::pair<std::shared_ptr<const WorkFormula>, std::string>> cache;
  const auto key = formulaKey(unit, nestLoop, statement, owner, mapping);
  std::lock_guard guard(lock);
  if (auto it = cache.find(key); it != cache.end()) {
    if (why)
      *why = it->second.second;
    return it->second.first;
  }
  if (cache.size() > 4096) // programs edited for hours: keep the cache bounded
    cache.clear();
  std::string reason;
  auto f = WorkFormula::compile(unit, nestLoop, statement, owner, mapping, &reason);
  auto shared = f ? std::make_shared<const WorkFormula>(std::move(*f)) : nullptr;
  cache.emplace(key, std::pair{shared, reason});
  if (why)
    *why = reason;
  return shared;
}

} // namespace ps::estimate

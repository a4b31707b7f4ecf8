#include "estimate/comm-formula.h"

#include "estimate/communication.h"
#include "support/text.h"

#include <algorithm>
#include <memory>

namespace ps::estimate {

using symbolic::IntTerm;

namespace {

/// The owner function of one template dimension with symbolic bounds.
struct Dist {
  bool cyclic = false;
  IntTerm lo, hi, procs, block; // block: elements per block (ceil(n/P) for BLOCK)
  bool blockM = false;          // BLOCK(m): owned by the last processor beyond m*P
  bool numericBounds = true;    // lo, hi are the template's values at this point, not the declaration's
  const mapping::DimensionDistribution* numeric = nullptr;

  IntTerm extent() const { return hi - lo + IntTerm::constant(1); }
  /// Owner coordinate of template index t; indices outside lo..hi belong to the nearest bound's owner.
  IntTerm owner(const IntTerm& t) const
  {
    const auto q = IntTerm::floorDiv(IntTerm::min(IntTerm::max(t, lo), hi) - lo, block);
    return cyclic ? IntTerm::mod(q, procs) : IntTerm::min(q, procs - IntTerm::constant(1));
  }
};

/// What a reference's template index does along one processors dimension.
struct Side {
  enum class Kind { Any, Fixed, Follow } kind = Kind::Any; // Any: every coordinate (replicated, undistributed)
  int level = -1;   // Follow: the walked loop level; the index is v + c
  IntTerm c;        // Fixed: the index
  Dist dist;
};

struct Context {
  const program::Unit& unit;
  const IterationSpace& space;
  const mapping::Mapping& mapping;
  int placement;
  std::vector<IntTerm> lower, upper; // per level, affine in the unknowns
  std::string* why;
  CommFormula::Text text{};
};

bool refuse(std::string* why, const std::string& reason)
{
  if (why)
    *why = reason;
  return false;
}

std::optional<IntTerm> boundTerm(const symbolic::Expr& e, const std::vector<std::string>& loopVars)
{
  const auto form = e.affineIn(loopVars);
  if (!form || !form->coefficients.empty())
    return std::nullopt; // depends on another loop's variable
  return IntTerm::fromAffine(form->constant);
}

/// The bounds of the nest's levels; false for a step other than 1 or a bound
/// that is not affine in the unknowns alone.
bool levelBounds(Context& cx)
{
  const auto vars = cx.space.variables();
  for (const auto& level : cx.space.levels()) {
    const auto& loop = cx.unit.loops[static_cast<std::size_t>(level.loopId)];
    const auto lo = boundTerm(loop.lowerAsWritten, vars), hi = boundTerm(loop.upperAsWritten, vars);
    if (level.step != 1 || loop.step.asInteger() != 1 || !lo || !hi)
      return refuse(cx.why, "the loop at line " + std::to_string(level.line) +
                                " has a step other than 1 or a bound that is not affine in the unknowns alone");
    cx.lower.push_back(*lo);
    cx.upper.push_back(*hi);
  }
  return true;
}

std::string procSymbol(int rank, int pd) { return rank == 1 ? "P" : "P" + std::to_string(pd + 1); }
std::string coordSymbol(int rank, int pd) { return rank == 1 ? "p" : "p" + std::to_string(pd + 1); }

} // namespace

namespace {

/// The symbolic owner function of template dimension `td` of template `t`;
/// its bounds come from the declaration of `array` when the array is
/// aligned with it identically, else the values at compile time (both are
/// checked at evaluation).
Dist distOf(const Context& cx, const mapping::ArrayMapping& am, int td, const mapping::TemplateAxis& axis,
            std::vector<std::tuple<int, int, bool, IntTerm>>& checks)
{
  const auto& tpl = cx.mapping.templates[static_cast<std::size_t>(am.templateIndex)];
  const auto& dd = tpl.dims[static_cast<std::size_t>(td)];
  const int pd = tpl.procDim[static_cast<std::size_t>(td)];
  Dist d;
  d.numeric = &dd;
  d.cyclic = dd.format().kind == mapping::FormatKind::Cyclic;
  d.lo = IntTerm::constant(dd.lower());
  d.hi = IntTerm::constant(dd.upper());
  const auto* sym = cx.unit.symbol(am.array);
  if (axis.kind == mapping::TemplateAxis::Kind::ArrayDim && axis.stride == 1 && axis.offset == 0 && sym &&
      axis.arrayDim < static_cast<int>(sym->dims.size())) {
    const auto& extent = sym->dims[static_cast<std::size_t>(axis.arrayDim)];
    // as written: t(n, n) stays n, not its value (checked at evaluation)
    if (auto lo = IntTerm::fromAffine(extent.lowerAsWritten), hi = IntTerm::fromAffine(extent.upperAsWritten); lo && hi) {
      d.lo = *lo;
      d.hi = *hi;
      d.numericBounds = false;
    }
  }
  checks.emplace_back(am.templateIndex, td, false, d.lo);
  checks.emplace_back(am.templateIndex, td, true, d.hi);
  d.procs = IntTerm::symbol(procSymbol(cx.mapping.procs.rank(), pd));
  d.blockM = !d.cyclic && dd.format().size > 0;
  d.block = dd.format().size > 0 ? IntTerm::constant(dd.format().size) : IntTerm::ceilDiv(d.extent(), d.procs);
  return d;
}

/// The template index of `plan` along processors dimension `pd`.
std::optional<Side> sideOf(const Context& cx, const ReferencePlan* plan, int pd,
                           std::vector<std::tuple<int, int, bool, IntTerm>>& checks)
{
  Side s;
  if (!plan || !plan->map || plan->map->templateIndex < 0)
    return s;
  const auto& tpl = cx.mapping.templates[static_cast<std::size_t>(plan->map->templateIndex)];
  const int td = tpl.dimOn(pd);
  if (td < 0)
    return s;
  const auto& axis = plan->map->axes[static_cast<std::size_t>(td)];
  if (axis.kind == mapping::TemplateAxis::Kind::Replicated)
    return s;
  s.dist = distOf(cx, *plan->map, td, axis, checks);
  if (axis.kind == mapping::TemplateAxis::Kind::Constant) {
    s.kind = Side::Kind::Fixed;
    s.c = IntTerm::constant(axis.offset);
    return s;
  }
  const auto& sub = plan->ref->subscripts[static_cast<std::size_t>(axis.arrayDim)];
  if (sub.kind != program::SubscriptKind::Affine)
    return std::nullopt;
  const auto constant = IntTerm::fromAffine(sub.affine.constant);
  if (!constant)
    return std::nullopt;
  s.kind = Side::Kind::Fixed;
  s.c = IntTerm::constant(axis.stride) * *constant + IntTerm::constant(axis.offset);
  const auto vars = cx.space.variables();
  for (const auto& [var, coef] : sub.affine.coefficients) {
    const auto level = static_cast<int>(std::find(vars.begin(), vars.end(), var) - vars.begin());
    if (level < cx.placement || level >= cx.space.depth() || s.kind == Side::Kind::Follow || coef * axis.stride != 1)
      return std::nullopt; // an enclosing loop's variable, two loops, or a stride
    s.kind = Side::Kind::Follow;
    s.level = level;
  }
  return s;
}

/// For each walked level, whether the read element depends on it; nullopt
/// when the element does not determine the walked iteration's values of the
/// levels it depends on (two loops in one subscript, a coefficient other
/// than +-1, one loop in two subscripts): then repeated reads would need
/// removing.
std::optional<std::vector<bool>> readDependence(const Context& cx, const ReferencePlan& read)
{
  std::vector<bool> depends(static_cast<std::size_t>(cx.space.depth()), false);
  const auto vars = cx.space.variables();
  for (const auto& sub : read.ref->subscripts) {
    if (sub.kind != program::SubscriptKind::Affine)
      return std::nullopt;
    int used = 0;
    for (const auto& [var, coef] : sub.affine.coefficients) {
      const auto level = static_cast<std::size_t>(std::find(vars.begin(), vars.end(), var) - vars.begin());
      if (level >= depends.size())
        continue;
      if (static_cast<int>(level) < cx.placement || std::abs(coef) != 1 || depends[level] || ++used > 1)
        return std::nullopt;
      depends[level] = true;
    }
  }
  return depends;
}

} // namespace

namespace {

using Checks = std::vector<std::tuple<int, int, bool, IntTerm>>;
const IntTerm kZero = IntTerm::constant(0), kOne = IntTerm::constant(1);

/// One possible source coordinate along a processors dimension.
struct Candidate {
  IntTerm local = kOne; // 1 when the source coordinate is the receiver's
  IntTerm factor = kOne;
  int level = -1;       // the walked level whose iterations the receiver's coordinate selects
  IntTerm r0, r1;       // ... those at offsets r0..r1 of each of its blocks
  const Side* exec = nullptr;
  int dim = 0;          // the processors dimension
};

/// Iterations v of `level` (lower..upper) whose executing index v + a lies at
/// offsets r0..r1 of a block that coordinate `d` owns. Exact: BLOCK blocks
/// are one interval, CYCLIC(k) ones repeat every k*P indices (count the
/// residues in [alpha, beta] below each end and subtract).
IntTerm windowCount(const Context& cx, const Candidate& c, const IntTerm& d)
{
  const auto& dist = c.exec->dist;
  const auto& a = c.exec->c;
  const auto uA = cx.lower[c.level] + a - dist.lo, uB = cx.upper[c.level] + a - dist.lo;
  const auto alpha = d * dist.block + c.r0, beta = d * dist.block + c.r1;
  if (!dist.cyclic)
    return IntTerm::max(kZero, IntTerm::min(uB, beta) - IntTerm::max(uA, alpha) + kOne);
  const auto period = dist.block * dist.procs;
  const auto width = IntTerm::max(kZero, c.r1 - c.r0 + kOne);
  const auto below = [&](const IntTerm& x) {
    return IntTerm::floorDiv(x - alpha, period) * width + IntTerm::min(IntTerm::mod(x - alpha, period) + kOne, width);
  };
  return IntTerm::max(kZero, below(uB) - below(uA - kOne));
}

/// The shift's sources along one dimension: blocks delta1 = floor(c/k) and
/// delta2 = floor((c+k-1)/k) away from the receiver's (mod P for CYCLIC).
std::vector<Candidate> shiftCandidates(const Side& exec, const Side& read, const IntTerm& d)
{
  const auto& dist = exec.dist;
  const auto k = dist.block, c = read.c - exec.c;
  const auto d1 = IntTerm::floorDiv(c, k), d2 = IntTerm::floorDiv(c + k - kOne, k);
  Candidate one{kOne, kOne, exec.level, kZero, IntTerm::min(k - kOne, k * (d1 + kOne) - c - kOne), &exec};
  Candidate two{kOne, IntTerm::ne(d1, d2), exec.level, IntTerm::max(kZero, k * d2 - c), k - kOne, &exec};
  if (!dist.cyclic) {
    one.local = IntTerm::eq(d1, kZero);
    two.local = IntTerm::eq(d2, kZero);
  } else { // one processor: both blocks are its own, counted once
    const auto single = IntTerm::eq(dist.procs, kOne);
    one.r1 = one.r1 + single * (k - kOne - one.r1);
    two.factor = two.factor * (kOne - single);
    one.local = IntTerm::eq(IntTerm::mod(d1, dist.procs), kZero);
    two.local = IntTerm::eq(IntTerm::mod(d2, dist.procs), kZero);
  }
  (void)d;
  return {one, two};
}

bool sameDistribution(const Side& a, const Side& b)
{
  return a.dist.numeric->sameOwners(*b.dist.numeric);
}

/// [lo <= lower + c] * [upper + c <= hi] (* [n <= m*P] for BLOCK(m)): the
/// walked indices of a following side stay inside its template.
IntTerm inside(const Context& cx, const Side& s)
{
  auto cond = IntTerm::le(s.dist.lo, cx.lower[s.level] + s.c) * IntTerm::le(cx.upper[s.level] + s.c, s.dist.hi);
  if (s.dist.blockM)
    cond = cond * IntTerm::le(s.dist.extent(), s.dist.block * s.dist.procs);
  return cond;
}

} // namespace

namespace {

/// TT of one record as the profile prices it. Source: P3T+ Def. 3.5 and
/// Sec. 3.2.3 (T_o = rho + beta*D + gamma*h per message).
CommFormula::Text ttText(const std::string& pattern, const mapping::Mapping& mapping,
                         const machine::MachineProfile& machine)
{
  const auto procs = mapping.procs.count();
  const bool curve = machine.curveFor(pattern, procs) != nullptr;
  const std::string message = curve ? "curve('" + pattern + "', bytes)" : "rho + beta*bytes + gamma*hops";
  const std::string messageTex = curve ? "\\mathrm{curve}(\\mathrm{" + pattern + "}, b)" : "\\rho + \\beta b + \\gamma h";
  const std::string constants = curve ? "curve of machine '" + machine.name + "' fitted to the training set"
                                      : "rho = " + formatNumber(machine.startup) + " s, beta = " + formatNumber(machine.byteTime) +
                                          " s/B, gamma = " + formatNumber(machine.hopTime) + " s/hop (machine '" +
                                          machine.name + "')";
  if (pattern == "broadcast" || pattern == "reduction") {
    const std::string steps = pattern == "reduction" ? "ceil(log2 P)" : "ceil(log2(m + 1))";
    return {"TT = sum over instances of " + (curve ? message : steps + " * (rho + beta*bytes)") +
              " (a tree; m messages, bytes the largest); " + constants,
            "\\mathit{TT} = \\sum_{\\mathrm{inst}} " +
              (curve ? messageTex : std::string(pattern == "reduction" ? "\\lceil\\log_2 P\\rceil" : "\\lceil\\log_2(m+1)\\rceil") +
                                      "\\,(\\rho + \\beta b)")};
  }
  return {"TT = sum over instances of max over processors q of sum over the messages q sends or receives of " +
            message + "; " + constants,
          "\\mathit{TT} = \\sum_{\\mathrm{inst}} \\max_q \\sum_{m \\ni q} \\left(" + messageTex + "\\right)"};
}

} // namespace

std::optional<CommFormula> CommFormula::forRead(const program::Unit& unit, const IterationSpace& space,
                                                const ReferencePlan* exec, const ReferencePlan& read, int placement,
                                                const mapping::Mapping& mapping,
                                                const machine::MachineProfile& machine, std::string* why)
{
  Context cx{unit, space, mapping, placement, {}, {}, why};
  const int rank = mapping.procs.rank();
  for (int pd = 0; pd < rank; ++pd) {
    for (const auto& name : {procSymbol(rank, pd), coordSymbol(rank, pd)})
      if (std::find_if(unit.unknowns.begin(), unit.unknowns.end(), [&](const std::string& u) {
            return u == name || u == toLower(name.substr(0, 1)) + name.substr(1);
          }) != unit.unknowns.end()) {
        refuse(why, "the unknown '" + name + "' has the name of a processor symbol");
        return std::nullopt;
      }
  }
  if (!read.map || !read.ref || !levelBounds(cx))
    return std::nullopt;
  const auto depends = readDependence(cx, read);
  if (!depends) {
    refuse(why, "the read's subscripts repeat elements or use an enclosing loop of the exchange");
    return std::nullopt;
  }
  Checks checks;
  std::vector<Side> execs(static_cast<std::size_t>(rank)), reads(static_cast<std::size_t>(rank));
  std::vector<bool> windowed(static_cast<std::size_t>(space.depth()), false);
  IntTerm domain = kOne;
  std::vector<std::vector<Candidate>> perDim;
  for (int pd = 0; pd < rank; ++pd) {
    auto e = sideOf(cx, exec, pd, checks), r = sideOf(cx, &read, pd, checks);
    if (!e || !r) {
      refuse(why, "a template index is not a loop variable plus a constant or depends on an enclosing loop");
      return std::nullopt;
    }
    execs[pd] = *e;
    reads[pd] = *r;
    const auto& E = execs[pd];
    const auto& R = reads[pd];
    const auto d = IntTerm::symbol(coordSymbol(rank, pd));
    if (E.kind == Side::Kind::Follow) {
      if (windowed[E.level]) {
        refuse(why, "two distributed dimensions follow one loop");
        return std::nullopt;
      }
      windowed[E.level] = true;
      domain = domain * inside(cx, E);
    }
    if (R.kind == Side::Kind::Follow) {
      if (E.kind != Side::Kind::Follow || E.level != R.level || !sameDistribution(E, R)) {
        refuse(why, "the read follows a loop that the executing reference's distribution does not (a gather or transpose)");
        return std::nullopt;
      }
      domain = domain * inside(cx, R);
      perDim.push_back(shiftCandidates(E, R, d));
      for (auto& c : perDim.back())
        c.dim = pd;
      continue;
    }
    Candidate c{kOne, kOne, -1, kZero, kZero, &E, pd};
    if (R.kind == Side::Kind::Fixed)
      c.local = IntTerm::eq(R.dist.owner(R.c), d);
    if (E.kind == Side::Kind::Follow) {
      c.level = E.level;
      c.r1 = E.dist.block - kOne;
    } else if (E.kind == Side::Kind::Fixed) {
      c.factor = IntTerm::eq(E.dist.owner(E.c), d);
    }
    perDim.push_back({c});
  }
  CommFormula f;
  f.m_rank = rank;
  for (int pd = 0; pd < rank; ++pd) {
    f.m_procSymbols.push_back(procSymbol(rank, pd));
    f.m_coords.push_back(coordSymbol(rank, pd));
  }
  for (const auto& [templ, dim, upper, term] : checks)
    f.m_boundChecks.push_back({templ, dim, upper, term});
  // every combination of one candidate per dimension is one source
  IntTerm nt = kZero, td = kZero, nonEmpty = kOne, instances = kOne;
  for (int k = 0; k < space.depth(); ++k) {
    const auto trip = IntTerm::max(kZero, cx.upper[k] - cx.lower[k] + kOne);
    if (k < placement)
      instances = instances * trip;
    nonEmpty = nonEmpty * IntTerm::min(trip, kOne);
  }
  std::vector<std::size_t> pick(perDim.size(), 0);
  while (true) {
    IntTerm elements = kOne, local = kOne;
    std::vector<const Candidate*> bylevel(static_cast<std::size_t>(space.depth()), nullptr);
    for (std::size_t pd = 0; pd < perDim.size(); ++pd) {
      const auto& c = perDim[pd][pick[pd]];
      elements = elements * c.factor;
      local = local * c.local;
      if (c.level >= 0)
        bylevel[c.level] = &c;
    }
    for (int k = placement; k < space.depth(); ++k) {
      const auto count = bylevel[k] ? windowCount(cx, *bylevel[k], IntTerm::symbol(f.m_coords[static_cast<std::size_t>(bylevel[k]->dim)]))
                                    : IntTerm::max(kZero, cx.upper[k] - cx.lower[k] + kOne);
      elements = elements * ((*depends)[k] ? count : IntTerm::min(count, kOne));
    }
    nt = nt + (kOne - local) * IntTerm::min(elements, kOne);
    td = td + (kOne - local) * elements;
    std::size_t pd = 0;
    while (pd < pick.size() && ++pick[pd] == perDim[pd].size())
      pick[pd++] = 0;
    if (pd == pick.size())
      break;
  }
  f.m_nt = instances * nt;
  f.m_td = instances * IntTerm::constant(read.elementBytes) * td;
  f.m_domain = IntTerm::max(kOne - nonEmpty, domain); // an empty nest moves nothing
  f.m_pattern = classifyPattern(exec, read, mapping, placement, space.depth());
  f.m_tt = ttText(f.m_pattern, mapping, machine);
  f.m_parameters = program::parameterValues(unit);
  std::vector<BlockSite> sites;
  bool numericBounds = false;
  for (int pd = 0; pd < rank; ++pd)
    for (const auto* side : {&execs[pd], &reads[pd]}) {
      if (side->kind == Side::Kind::Any)
        continue;
      numericBounds = numericBounds || side->dist.numericBounds;
      if (!side->dist.cyclic && !side->dist.blockM)
        sites.push_back({pd, side->dist.block, side->dist.lo, side->dist.hi});
    }
  f.makeReadable(sites, unit);
  std::string coords;
  for (int pd = 0; pd < rank; ++pd)
    coords += (pd ? ", " : "") + f.m_coords[pd] + " = 0.." + f.m_procSymbols[pd] + "-1";
  f.m_where.push_back(coords + ": the receiving processor (linear number " +
                      (rank == 1 ? std::string("p") : "p1 + P1*p2") + ")");
  if (!f.m_domainShown.asConstant())
    f.m_where.push_back("valid where " + f.m_domainShown.str() + " = 1 (else counted per point)");
  if (numericBounds)
    f.m_where.push_back("template bounds as numbers: their values at this estimate's point (the template is not aligned identically with a declared array)");
  return f;
}


/// The printed form: block sizes named (b1 = ceil(n/P1)), the terms
/// simplified under b >= 1, P >= 1, p >= 0 and extents >= 1, and the totals
/// summed over the coordinates where the simplifier can.
void CommFormula::makeReadable(const std::vector<BlockSite>& sites, const program::Unit& unit)
{
  constexpr auto kU = symbolic::TermRange::kUnbounded;
  for (std::size_t pd = 0; pd < m_procSymbols.size(); ++pd) {
    m_facts[m_procSymbols[pd]] = {1, kU, {}};
    m_facts[m_coords[pd]] = {0, kU, m_procSymbols[pd]}; // 0 <= p < P
  }
  const auto taken = [&](const std::string& name) {
    return m_parameters.count(name) || m_facts.count(name) ||
           std::find(unit.unknowns.begin(), unit.unknowns.end(), name) != unit.unknowns.end();
  };
  auto nt = m_nt, td = m_td, domain = m_domain;
  std::string named;
  for (const auto& site : sites) {
    if (site.hi.kind() == IntTerm::Kind::Sym && site.lo.asConstant() && !m_facts.count(site.hi.name()))
      m_facts[site.hi.name()] = {*site.lo.asConstant(), kU, {}}; // a declared extent hi - lo + 1 >= 1
    const auto name = m_rank == 1 ? std::string("b") : "b" + std::to_string(site.dim + 1);
    const bool known = std::any_of(m_blocks.begin(), m_blocks.end(),
                                   [&](const auto& b) { return symbolic::sameTerm(b.second, site.block); });
    if (known || taken(name))
      continue;
    m_blocks.emplace_back(name, site.block);
    m_facts[name] = {1, kU, {}};
    const auto sym = IntTerm::symbol(name);
    nt = symbolic::substitute(nt, site.block, sym);
    td = symbolic::substitute(td, site.block, sym);
    domain = symbolic::substitute(domain, site.block, sym);
    named += (named.empty() ? "" : ", ") + name + " = " + site.block.str();
  }
  m_ntShown = symbolic::simplify(nt, m_facts);
  m_tdShown = symbolic::simplify(td, m_facts);
  m_domainShown = symbolic::simplify(domain, m_facts);
  std::optional<IntTerm> ntSum = m_ntShown, tdSum = m_tdShown;
  for (std::size_t pd = 0; pd < m_coords.size(); ++pd) {
    const auto procs = IntTerm::symbol(m_procSymbols[pd]);
    if (ntSum)
      ntSum = symbolic::sumOverCoordinate(*ntSum, m_coords[pd], procs, m_facts);
    if (tdSum)
      tdSum = symbolic::sumOverCoordinate(*tdSum, m_coords[pd], procs, m_facts);
  }
  m_ntSum = ntSum;
  m_tdSum = tdSum;
  if (!named.empty())
    m_where.push_back(named + (m_blocks.size() == 1 ? ": the block size" : ": the block sizes") +
                      " (the forms above assume block sizes and extents >= 1; elsewhere the count is per point)");
}

bool CommFormula::readableHolds(symbolic::Bindings& b) const
{
  for (const auto& [name, definition] : m_blocks) {
    const auto v = definition.evaluate(b);
    if (!v)
      return false;
    b[name] = *v;
  }
  for (const auto& [name, range] : m_facts) {
    if (std::find(m_coords.begin(), m_coords.end(), name) != m_coords.end())
      continue; // 0 <= p by construction
    const auto it = b.find(name);
    if (it == b.end() || !range.contains(it->second))
      return false;
  }
  return true;
}

CommFormula CommFormula::forReduction(int bytes, const mapping::Mapping& mapping,
                                      const machine::MachineProfile& machine)
{
  CommFormula f;
  f.m_pattern = "reduction";
  f.m_linear = true;
  f.m_rank = mapping.procs.rank();
  f.m_coords = {"p"};
  f.m_procSymbols = {"P"};
  const auto P = IntTerm::symbol("P"), p = IntTerm::symbol("p"), j = IntTerm::symbol("j");
  // p receives at level j when p is a multiple of 2^(j+1) and p + 2^j < P (addReduction's tree)
  const auto level = IntTerm::eq(IntTerm::mod(p, IntTerm::pow2(j + kOne)), kZero) * IntTerm::lt(p + IntTerm::pow2(j), P);
  f.m_nt = IntTerm::sum("j", kZero, IntTerm::ceilLog2(P) - kOne, level);
  f.m_td = IntTerm::constant(bytes) * f.m_nt;
  f.m_reductionBytes = bytes;
  f.m_domain = kOne;
  f.m_ntShown = f.m_nt;
  f.m_tdShown = f.m_td;
  f.m_domainShown = f.m_domain;
  f.m_tt = ttText("reduction", mapping, machine);
  if (f.m_rank > 1)
    f.m_where.push_back("p = p1 + P1*p2 (the linear processor number), P = P1*P2");
  return f;
}

std::optional<CommCounts> CommFormula::evaluate(const symbolic::Bindings& values, const mapping::Mapping& mapping,
                                                std::string* why) const
{
  if (mapping.procs.rank() != m_rank) {
    refuse(why, "the arrangement's rank differs from the formula's");
    return std::nullopt;
  }
  auto b = m_parameters;
  for (const auto& [name, value] : values)
    b[name] = value;
  if (m_linear)
    b["P"] = mapping.procs.count();
  else
    for (int pd = 0; pd < m_rank; ++pd)
      b[m_procSymbols[static_cast<std::size_t>(pd)]] = mapping.procs.shape[static_cast<std::size_t>(pd)];
  for (const auto& c : m_boundChecks) {
    const auto& dd = mapping.templates[static_cast<std::size_t>(c.templ)].dims[static_cast<std::size_t>(c.dim)];
    const auto v = c.term.evaluate(b);
    if (!v || *v != (c.upper ? dd.upper() : dd.lower())) {
      refuse(why, v ? "a template's bounds differ from the array's declaration" : "a value of an unknown is missing");
      return std::nullopt;
    }
  }
  const bool readable = readableHolds(b); // the printed form where its facts hold: what the oracle tests check
  const auto& ntTerm = readable ? m_ntShown : m_nt;
  const auto& tdTerm = readable ? m_tdShown : m_td;
  const auto inDomain = (readable ? m_domainShown : m_domain).evaluate(b);
  if (!inDomain || *inDomain != 1) {
    refuse(why, inDomain ? "an index leaves its template here (the per-point count clamps it)"
                         : "a value of an unknown is missing");
    return std::nullopt;
  }
  CommCounts out;
  const auto procs = mapping.procs.count();
  for (std::int64_t p = 0; p < procs; ++p) {
    if (m_linear) {
      b["p"] = p;
    } else {
      auto rest = p; // column-major, as ProcessorsArrangement::linear
      for (int pd = 0; pd < m_rank; ++pd) {
        const auto extent = mapping.procs.shape[static_cast<std::size_t>(pd)];
        b[m_coords[static_cast<std::size_t>(pd)]] = rest % extent;
        rest /= extent;
      }
    }
    const auto nt = ntTerm.evaluate(b), td = tdTerm.evaluate(b);
    if (!nt || !td) {
      refuse(why, "a value of an unknown is missing or a count exceeds 2^62");
      return std::nullopt;
    }
    out.nt.push_back(*nt);
    out.td.push_back(*td);
    out.ntTotal += *nt;
    out.tdTotal += *td;
  }
  if (readable && m_ntSum && m_tdSum) {
    out.ntClosedTotal = m_ntSum->evaluate(b);
    out.tdClosedTotal = m_tdSum->evaluate(b);
  }
  return out;
}

namespace {

std::string latexSymbol(const std::string& name) { return IntTerm::symbol(name).latex(); }

std::string argumentList(const std::vector<std::string>& coords, bool latex)
{
  std::string out;
  for (const auto& c : coords)
    out += (out.empty() ? "" : ", ") + (latex ? latexSymbol(c) : c);
  return out;
}

/// "sum over p1 = 0..P1-1, p2 = 0..P2-1 of X(p1, p2)".
CommFormula::Text totalOf(const std::string& what, const std::vector<std::string>& coords,
                          const std::vector<std::string>& procs)
{
  std::string text = what + " = sum over ", latex = "\\mathit{" + what + "} = ";
  for (std::size_t i = 0; i < coords.size(); ++i) {
    text += (i ? ", " : "") + coords[i] + " = 0.." + procs[i] + "-1";
    latex += "\\sum_{" + latexSymbol(coords[i]) + "=0}^{" + procs[i] + "-1} ";
  }
  text += " of " + what + "(" + argumentList(coords, false) + ")";
  latex += "\\mathit{" + what + "}(" + argumentList(coords, true) + ")";
  return {text, latex};
}

/// "X = sum ... = closed" when the sum has a closed form.
CommFormula::Text withClosed(CommFormula::Text sum, const std::optional<IntTerm>& closed, const std::string& unit)
{
  if (!closed)
    return sum;
  return {sum.text + " = " + closed->str() + unit,
          sum.latex + " = " + closed->latex() + (unit.empty() ? "" : "\\ \\mathrm{B}")};
}

} // namespace

CommFormula::Text CommFormula::ntPerProcessor() const
{
  return {"NT(" + argumentList(m_coords, false) + ") = " + m_ntShown.str(),
          "\\mathit{NT}(" + argumentList(m_coords, true) + ") = " + m_ntShown.latex()};
}

CommFormula::Text CommFormula::tdPerProcessor() const
{
  return {"TD(" + argumentList(m_coords, false) + ") = " + m_tdShown.str() + " bytes",
          "\\mathit{TD}(" + argumentList(m_coords, true) + ") = " + m_tdShown.latex() + "\\ \\mathrm{B}"};
}

CommFormula::Text CommFormula::ntTotal() const
{
  if (m_linear)
    return {"NT = P - 1", "\\mathit{NT} = P - 1"};
  return withClosed(totalOf("NT", m_coords, m_procSymbols), m_ntSum, "");
}

CommFormula::Text CommFormula::tdTotal() const
{
  if (m_linear) {
    const auto bytes = std::to_string(m_reductionBytes); // not parsed from m_td: 1*x prints as x
    return {"TD = " + bytes + "*(P - 1) bytes", "\\mathit{TD} = " + bytes + "\\,(P - 1)\\ \\mathrm{B}"};
  }
  return withClosed(totalOf("TD", m_coords, m_procSymbols), m_tdSum, " bytes");
}

void attachReadFormula(CommRecord& record, const program::Unit& unit, const IterationSpace& space,
                       const ReferencePlan* exec, const ReferencePlan& read, int placement,
                       const mapping::Mapping& mapping, const machine::MachineProfile& machine)
{
  std::string why;
  if (auto f = CommFormula::forRead(unit, space, exec, read, placement, mapping, machine, &why))
    record.formula = std::make_shared<const CommFormula>(std::move(*f));
  else
    record.formulaWhy = why.empty() ? "no closed form for this pattern" : why;
}

} // namespace ps::estimate

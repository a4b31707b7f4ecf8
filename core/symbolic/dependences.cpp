#include "symbolic/dependences.h"

#include "support/check.h"
#include "support/integer-division.h"
#include "support/wide-int.h"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/ctx.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/options.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <algorithm>
#include <map>
#include <memory>

namespace ps::symbolic {
namespace {

// ---- isl ownership: nothing isl leaves this file -----------------------------

struct IslFree {
  void operator()(isl_ctx* p) const { isl_ctx_free(p); }
  void operator()(isl_set* p) const { isl_set_free(p); }
  void operator()(isl_map* p) const { isl_map_free(p); }
  void operator()(isl_val* p) const { isl_val_free(p); }
  void operator()(isl_aff* p) const { isl_aff_free(p); }
  void operator()(isl_pw_aff* p) const { isl_pw_aff_free(p); }
};
using Ctx = std::unique_ptr<isl_ctx, IslFree>;
using Set = std::unique_ptr<isl_set, IslFree>;
using Map = std::unique_ptr<isl_map, IslFree>;
using Val = std::unique_ptr<isl_val, IslFree>;

Set copy(const Set& s) { return Set(isl_set_copy(s.get())); }

/// Empty, or nullopt when isl failed.
std::optional<bool> isEmpty(const Set& s)
{
  if (!s)
    return std::nullopt;
  const auto r = isl_set_is_empty(s.get());
  if (r == isl_bool_error)
    return std::nullopt;
  return r == isl_bool_true;
}

/// Beyond this magnitude a distance bound counts as unknown (toInteger, boundedInteger).
constexpr std::int64_t kBoundLimit = std::int64_t{1} << 62;

/// An isl value as an integer; nullopt for infinities, NaN or overflow.

std::optional<std::int64_t> toInteger(const Val& v)
{
  if (!v || isl_val_is_int(v.get()) != isl_bool_true)
    return std::nullopt;
  Val lo(isl_val_int_from_si(isl_val_get_ctx(v.get()), -kBoundLimit));
  Val hi(isl_val_int_from_si(isl_val_get_ctx(v.get()), kBoundLimit));
  if (isl_val_lt(v.get(), lo.get()) == isl_bool_true || isl_val_gt(v.get(), hi.get()) == isl_bool_true)
    return std::nullopt;
  return isl_val_get_num_si(v.get());
}

// ---- the nest as isl constraints -------------------------------------------------
// Built with isl's constraint API: its text parser takes ~0.5 ms per relation.

/// A column of the relation: a parameter, a source (in) or target (out) dimension.
struct Column {
  isl_dim_type type;
  int pos;
};

/// sum(coefficient * column) + constant.
struct Linear {
  std::vector<std::pair<Column, std::int64_t>> terms;
  std::int64_t constant = 0;

  Linear& add(const Linear& o, std::int64_t factor)
  {
    for (const auto& [c, v] : o.terms)
      terms.emplace_back(c, v * factor);
    constant += o.constant * factor;
    return *this;
  }
};

/// Collects the constraints of a same-element relation; unknowns without a
/// value become parameters, bound ones their values.
class RelationBuilder {
public:
  RelationBuilder(const Bindings& values, int in, int out) : m_values(values), m_in(in), m_out(out) {}

  /// `e` over the loop variables in `dims`, or nullopt when it is not affine
  /// with integer coefficients in them and the unknowns.
  std::optional<Linear> linear(const Expr& e, const std::map<std::string, Column>& dims)
  {
    std::map<std::string, Expr> bound;
    for (const auto& s : e.symbols())
      if (!dims.count(s) && m_values.count(s))
        bound[s] = Expr::integer(m_values.at(s));
    const Expr f = bound.empty() ? e : e.substitute(bound);
    const auto symbols = f.symbols();
    const auto form = f.affineIn(std::vector<std::string>(symbols.begin(), symbols.end()));
    const auto constant = form ? form->constant.asInteger() : std::nullopt;
    if (!constant)
      return std::nullopt;
    Linear out;
    out.constant = *constant;
    for (const auto& [name, c] : form->coefficients)
      out.terms.emplace_back(column(name, dims), c);
    return out;
  }

  std::optional<Linear> linear(const AffineForm& a, const std::map<std::string, Column>& dims)
  {
    Expr e = a.constant;
    for (const auto& [v, c] : a.coefficients)
      e = e + Expr::integer(c) * Expr::symbol(v);
    return linear(e, dims);
  }

  /// A fresh existential variable (projected out by build()).
  Column existential() { return {isl_dim_out, m_out + m_exists++}; }

  /// expr == 0 (equality) or expr >= 0.
  void require(Linear expr, bool equality) { m_constraints.emplace_back(std::move(expr), equality); }

  Map build(isl_ctx* ctx) const
  {
    auto* space = isl_space_alloc(ctx, static_cast<unsigned>(m_params.size()), m_in, m_out + m_exists);
    for (std::size_t i = 0; i < m_params.size(); ++i) // named: compiled dependences read them back
      space = isl_space_set_dim_name(space, isl_dim_param, static_cast<unsigned>(i), m_params[i].c_str());
    auto* bmap = isl_basic_map_universe(isl_space_copy(space));
    auto* ls = isl_local_space_from_space(space);
    for (const auto& [expr, equality] : m_constraints) {
      auto* c = equality ? isl_constraint_alloc_equality(isl_local_space_copy(ls))
                         : isl_constraint_alloc_inequality(isl_local_space_copy(ls));
      c = isl_constraint_set_constant_val(c, isl_val_int_from_si(ctx, expr.constant));
      std::map<std::pair<int, int>, std::int64_t> sums; // a column may appear in several terms
      for (const auto& [col, v] : expr.terms)
        sums[{col.type, col.pos}] += v;
      for (const auto& [col, v] : sums)
        c = isl_constraint_set_coefficient_val(c, static_cast<isl_dim_type>(col.first), col.second,
                                               isl_val_int_from_si(ctx, v));
      bmap = isl_basic_map_add_constraint(bmap, c);
    }
    isl_local_space_free(ls);
    bmap = isl_basic_map_project_out(bmap, isl_dim_out, m_out, m_exists);
    return Map(isl_map_from_basic_map(bmap));
  }

private:
  Column column(const std::string& name, const std::map<std::string, Column>& dims)
  {
    if (auto it = dims.find(name); it != dims.end())
      return it->second;
    auto it = std::find(m_params.begin(), m_params.end(), name);
    if (it == m_params.end())
      it = m_params.insert(m_params.end(), name);
    return {isl_dim_param, static_cast<int>(it - m_params.begin())};
  }

  const Bindings& m_values;
  int m_in, m_out, m_exists = 0;
  std::vector<std::string> m_params; // unknowns without a value, in order of first use
  std::vector<std::pair<Linear, bool>> m_constraints;
};

/// Adds the iteration domain of `st` over the dimensions of `type`.
/// Non-affine bounds are left out (a superset; `reason` says so).
void addDomain(const LoopNest& nest, const NestStatement& st, isl_dim_type type, std::map<std::string, Column>& dims,
               RelationBuilder& rel, std::string* reason)
{
  for (std::size_t l = 0; l < st.loops.size(); ++l) {
    const auto& loop = nest.loops[st.loops[l]];
    const auto lo = loop.boundsAffine ? rel.linear(loop.lower, dims) : std::nullopt;
    const auto hi = loop.boundsAffine ? rel.linear(loop.upper, dims) : std::nullopt;
    const Column v{type, static_cast<int>(l)};
    dims[loop.variable] = v;
    if (!lo || !hi) {
      *reason = "The bounds of loop '" + loop.variable + "' at line " + std::to_string(loop.line) + " are not affine";
      continue;
    }
    const Linear var{{{v, 1}}, 0};
    const std::int64_t sign = loop.step > 0 ? 1 : -1; // a backward loop runs from lo down to hi
    rel.require(Linear().add(var, sign).add(*lo, -sign), false); // sign*(v - lo) >= 0
    rel.require(Linear().add(*hi, sign).add(var, -sign), false); // sign*(hi - v) >= 0
    const auto origin = loop.origin ? rel.linear(*loop.origin, dims) : lo;
    if (loop.step != 1 && loop.step != -1 && origin) // v = origin + step*e
      rel.require(Linear(var).add(*origin, -1).add(Linear{{{rel.existential(), 1}}, 0}, -loop.step), true);
  }
}

/// Adds `st`'s guards over `dims` to `rel`; a .NE. guard holds on one side
/// or the other, the side chosen by the next bit of `sides` (the caller
/// builds one relation per choice and unites them), while `sidesLeft` > 0.
/// Guards that are not affine in the dimensions and parameters, and .NE.
/// guards past `sidesLeft`, are left out (a superset).
void addGuards(const NestStatement& st, const std::map<std::string, Column>& dims, RelationBuilder& rel,
               unsigned& sides, int& sidesLeft)
{
  using Relation = AffineCondition::Relation;
  for (const auto& g : st.guards) {
    const auto f = rel.linear(g.form, dims);
    if (!f)
      continue;
    switch (g.relation) {
    case Relation::Lt: rel.require(Linear().add(*f, -1).add(Linear{{}, -1}, 1), false); break; // -f - 1 >= 0
    case Relation::Le: rel.require(Linear().add(*f, -1), false); break;
    case Relation::Gt: rel.require(Linear(*f).add(Linear{{}, -1}, 1), false); break; // f - 1 >= 0
    case Relation::Ge: rel.require(*f, false); break;
    case Relation::Eq: rel.require(*f, true); break;
    case Relation::Ne:
      if (sidesLeft-- <= 0)
        break;
      if (sides & 1u)
        rel.require(Linear(*f).add(Linear{{}, -1}, 1), false);
      else
        rel.require(Linear().add(*f, -1).add(Linear{{}, -1}, 1), false);
      sides >>= 1;
      break;
    }
  }
}

/// The .NE. guards of two statements: the relations to unite (at most 8; a
/// pair with more leaves the further ones out, a superset).
int notEqualGuards(const NestStatement& a, const NestStatement& b)
{
  int n = 0;
  for (const auto* st : {&a, &b})
    for (const auto& g : st->guards)
      n += g.relation == AffineCondition::Relation::Ne;
  return std::min(n, 3);
}

/// The same-element relation between two references (each statement's
/// iterations restricted by its guards), or nullopt (with `reason`) when a
/// reference says nothing of where (no affine subscript). A non-affine
/// subscript (NestAccess::anyValue) relates every pair along its dimension,
/// with `reason` set: the relation is then a superset.
std::optional<Map> sameElement(isl_ctx* ctx, const LoopNest& nest, const NestStatement& a, const NestAccess& x,
                               const NestStatement& b, const NestAccess& y, const Bindings& values,
                               std::string* reason)
{
  for (const auto* r : {&x, &y})
    if (!r->subscripts) {
      *reason = "The reference " + r->text + " is not affine";
      return std::nullopt;
    }
  if (x.subscripts->size() != y.subscripts->size()) {
    *reason = "The references " + x.text + " and " + y.text + " have different ranks";
    return std::nullopt;
  }
  const int choices = 1 << notEqualGuards(a, b);
  Map united;
  for (int choice = 0; choice < choices; ++choice) {
    RelationBuilder rel(values, static_cast<int>(a.loops.size()), static_cast<int>(b.loops.size()));
    std::map<std::string, Column> sdims, tdims;
    addDomain(nest, a, isl_dim_in, sdims, rel, reason);
    addDomain(nest, b, isl_dim_out, tdims, rel, reason);
    auto sides = static_cast<unsigned>(choice);
    int sidesLeft = notEqualGuards(a, b);
    addGuards(a, sdims, rel, sides, sidesLeft);
    addGuards(b, tdims, rel, sides, sidesLeft);
    for (std::size_t k = 0; k < x.subscripts->size(); ++k) {
      const auto any = [k](const NestAccess& r) { return k < r.anyValue.size() && r.anyValue[k]; };
      if (any(x) || any(y)) { // every value: the same element as far as this dimension knows
        if (reason->empty())
          *reason = "A subscript of " + (any(x) ? x.text : y.text) +
                    " is not affine: any element along its dimension is assumed";
        continue;
      }
      const auto sx = rel.linear((*x.subscripts)[k], sdims), ty = rel.linear((*y.subscripts)[k], tdims);
      if (!sx || !ty) {
        *reason = "A subscript of " + (sx ? y.text : x.text) + " is not affine in the loop variables and unknowns";
        return std::nullopt;
      }
      rel.require(Linear(*sx).add(*ty, -1), true);
    }
    auto map = rel.build(ctx);
    united = united ? Map(isl_map_union(united.release(), map.release())) : std::move(map);
  }
  return united;
}

// ---- distances ---------------------------------------------------------------

int commonLevels(const NestStatement& a, const NestStatement& b)
{
  std::size_t n = 0;
  while (n < a.loops.size() && n < b.loops.size() && a.loops[n] == b.loops[n])
    ++n;
  return static_cast<int>(n);
}

/// The value differences t - s over the common levels of a same-element relation.
Set deltas(Map map, int common)
{
  const auto in = isl_map_dim(map.get(), isl_dim_in), out = isl_map_dim(map.get(), isl_dim_out);
  if (in < 0 || out < 0)
    return nullptr;
  auto* m = isl_map_project_out(map.release(), isl_dim_in, common, in - common);
  m = isl_map_project_out(m, isl_dim_out, common, out - common);
  return Set(isl_map_deltas(m));
}

/// Value differences lo..hi of a loop with `step` as forward distances in
/// its iterations (an unknown bound stays unknown).
DistanceRange distanceRange(std::optional<std::int64_t> lo, std::optional<std::int64_t> hi, std::int64_t step)
{
  DistanceRange r;
  if (step > 0) {
    r.min = lo ? std::optional(ceilDiv(*lo, step)) : std::nullopt;
    r.max = hi ? std::optional(floorDiv(*hi, step)) : std::nullopt;
  } else { // a backward loop: a negative value difference is a forward distance
    r.min = hi ? std::optional(ceilDiv(*hi, step)) : std::nullopt;
    r.max = lo ? std::optional(floorDiv(*lo, step)) : std::nullopt;
  }
  return r;
}

/// Range of dimension `l` of `d` (parameters projected out), in iterations of a loop with `step`.
DistanceRange rangeOf(const Set& d, int l, std::int64_t step)
{
  Set s(isl_set_project_out(isl_set_copy(d.get()), isl_dim_param, 0, isl_set_dim(d.get(), isl_dim_param)));
  if (!s)
    return {};
  auto* ls = isl_local_space_from_space(isl_set_get_space(s.get()));
  std::unique_ptr<isl_aff, IslFree> obj(isl_aff_var_on_domain(ls, isl_dim_set, l));
  return distanceRange(toInteger(Val(isl_set_min_val(s.get(), obj.get()))),
                       toInteger(Val(isl_set_max_val(s.get(), obj.get()))), step);
}

/// The value differences `d` where level k carries them: zero at the levels
/// outside it, a forward step of level k (steps: per common level).
Set carriedAt(const Set& d, int k, const std::vector<std::int64_t>& steps)
{
  Set dk = copy(d);
  for (int l = 0; l < k; ++l)
    dk.reset(isl_set_fix_si(dk.release(), isl_dim_set, l, 0));
  dk.reset(steps[k] > 0 ? isl_set_lower_bound_si(dk.release(), isl_dim_set, k, 1)
                        : isl_set_upper_bound_si(dk.release(), isl_dim_set, k, -1));
  return dk;
}

/// The value differences `d` within one iteration of the `common` levels.
Set sameIteration(const Set& d, int common)
{
  Set zero = copy(d);
  for (int l = 0; l < common; ++l)
    zero.reset(isl_set_fix_si(zero.release(), isl_dim_set, l, 0));
  return zero;
}

/// Fills `dep` from the value differences `d`; false when isl failed.
bool carriedLevels(const Set& d, const std::vector<std::int64_t>& steps, bool mayBeIndependent, Dependence& dep)
{
  const int common = static_cast<int>(steps.size());
  for (int k = 0; k < common; ++k) {
    const Set dk = carriedAt(d, k, steps);
    const auto empty = isEmpty(dk);
    if (!empty)
      return false;
    if (*empty)
      continue;
    CarriedLevel c{k, {}};
    for (int l = 0; l < common; ++l)
      c.distance.push_back(l < k ? DistanceRange{0, 0} : rangeOf(dk, l, steps[l]));
    dep.carried.push_back(std::move(c));
  }
  if (mayBeIndependent) {
    const auto empty = isEmpty(sameIteration(d, common));
    if (!empty)
      return false;
    dep.loopIndependent = !*empty;
  }
  return true;
}

/// Assumed at every level, forward, with any distance (a non-affine reference).
void conservative(Dependence& dep, bool mayBeIndependent, std::string reason)
{
  dep.exact = false;
  dep.reason = std::move(reason);
  dep.carried.clear();
  for (int k = 0; k < dep.commonLevels; ++k) {
    CarriedLevel c{k, {}};
    for (int l = 0; l < dep.commonLevels; ++l)
      c.distance.push_back(l < k ? DistanceRange{0, 0} : l == k ? DistanceRange{1, std::nullopt} : DistanceRange{});
    dep.carried.push_back(std::move(c));
  }
  dep.loopIndependent = mayBeIndependent;
}

std::optional<DependenceKind> kindOf(const NestAccess& source, const NestAccess& target)
{
  if (source.array != target.array || (!source.isWrite && !target.isWrite))
    return std::nullopt;
  if (source.isWrite && target.isWrite)
    return DependenceKind::Output;
  return source.isWrite ? DependenceKind::Flow : DependenceKind::Anti;
}

struct Endpoint {
  const NestStatement* st;
  int access;
};

/// Within one iteration of the common loops the source must come first: an
/// earlier statement, or the read of a statement before its write.
bool mayBeIndependent(Endpoint src, Endpoint dst)
{
  return src.st->id < dst.st->id || (src.st == dst.st && src.access < dst.access);
}

/// The steps of the first `common` loops of `st`.
std::vector<std::int64_t> stepsOf(const LoopNest& nest, const NestStatement& st, int common)
{
  std::vector<std::int64_t> steps;
  for (int l = 0; l < common; ++l)
    steps.push_back(nest.loops[st.loops[l]].step);
  return steps;
}

/// f(source, target, kind) for every ordered pair of accesses to one array
/// (at least one a write) whose kind is among `kinds`, in a fixed order.
template <class F>
void forEachPair(const LoopNest& nest, const std::vector<DependenceKind>& kinds, F&& f)
{
  for (const auto& a : nest.statements)
    for (int i = 0; i < static_cast<int>(a.accesses.size()); ++i)
      for (const auto& b : nest.statements)
        for (int j = 0; j < static_cast<int>(b.accesses.size()); ++j) {
          const auto kind = kindOf(a.accesses[i], b.accesses[j]);
          if (!kind || (&a == &b && i == j && *kind != DependenceKind::Output) ||
              std::find(kinds.begin(), kinds.end(), *kind) == kinds.end())
            continue;
          f(Endpoint{&a, i}, Endpoint{&b, j}, *kind);
        }
}

/// The dependence from `src` to `dst` (src's instance first), or nullopt when there is none.
std::optional<Dependence> dependenceBetween(isl_ctx* ctx, const LoopNest& nest, Endpoint src, Endpoint dst,
                                            DependenceKind kind, const Bindings& values)
{
  const auto& x = src.st->accesses[src.access];
  const auto& y = dst.st->accesses[dst.access];
  Dependence dep{kind, x.array, src.st->id, src.access, dst.st->id, dst.access, commonLevels(*src.st, *dst.st),
                 {}, false, true, {}};
  const bool independent = mayBeIndependent(src, dst);
  std::string reason;
  auto relation = sameElement(ctx, nest, *src.st, x, *dst.st, y, values, &reason);
  if (!relation) {
    conservative(dep, independent, reason);
    return dep;
  }
  const auto steps = stepsOf(nest, *src.st, dep.commonLevels);
  const Set d = deltas(std::move(*relation), dep.commonLevels);
  if (!d || !carriedLevels(d, steps, independent, dep)) {
    conservative(dep, independent, "isl could not analyze " + x.text + " and " + y.text);
    return dep;
  }
  if (!reason.empty()) { // bounds were dropped: the distances are a superset
    dep.exact = false;
    dep.reason = reason;
  }
  if (dep.carried.empty() && !dep.loopIndependent)
    return std::nullopt;
  return dep;
}


// ---- compiled over the unknowns ---------------------------------------------

/// (sum(param[i] * parameter i) + sum(div[j] * local j) + constant) /
/// denominator: an isl affine expression over the parameters and the
/// integer divisions (locals) of its set, numerators kept as integers.
struct ParamAffine {
  std::vector<std::int64_t> param, div;
  std::int64_t constant = 0, denominator = 1;
};

/// f >= 0, or f == 0 (f's denominator is 1).
struct ParamConstraint {
  ParamAffine f;
  bool equality = false;
};

/// A basic set of parameter values: its locals (local j = floor(divs[j]),
/// which may use the earlier locals) and its constraints.
struct ParamConjunction {
  std::vector<ParamAffine> divs;
  std::vector<ParamConstraint> constraints;
};
using ParamSet = std::vector<ParamConjunction>; // a union

/// `value` (with its own locals `divs`) where `domain` holds.
struct ParamPiece {
  ParamSet domain;
  std::vector<ParamAffine> divs;
  ParamAffine value;
};
using ParamFunction = std::vector<ParamPiece>;

bool smallInteger(isl_val* v, std::int64_t* out) // takes v
{
  const auto r = toInteger(Val(v));
  if (r)
    *out = *r;
  return r.has_value();
}

/// The parameters of the parameter-only isl objects, by position.
std::vector<std::string> paramNames(isl_space* space) // takes space
{
  std::vector<std::string> out;
  const auto n = isl_space_dim(space, isl_dim_param);
  for (int i = 0; i < n; ++i) {
    const char* name = isl_space_get_dim_name(space, isl_dim_param, static_cast<unsigned>(i));
    out.emplace_back(name ? name : "");
  }
  isl_space_free(space);
  return out;
}

/// An isl affine expression over parameters and locals (no set dimensions)
/// with integer numerators; false when it is not one.
bool paramAffine(isl_aff* aff, int params, ParamAffine& out) // takes aff
{
  std::unique_ptr<isl_aff, IslFree> owned(aff);
  if (!aff || isl_aff_dim(aff, isl_dim_in) != 0 || isl_aff_is_nan(aff) != isl_bool_false)
    return false;
  Val denominator(isl_aff_get_denominator_val(aff));
  if (!smallInteger(isl_val_copy(denominator.get()), &out.denominator) || out.denominator <= 0)
    return false;
  const auto numerator = [&](isl_val* v, std::int64_t* n) { // v * denominator
    return smallInteger(isl_val_mul(v, isl_val_copy(denominator.get())), n);
  };
  bool ok = numerator(isl_aff_get_constant_val(aff), &out.constant);
  for (int i = 0; i < params && ok; ++i)
    ok = numerator(isl_aff_get_coefficient_val(aff, isl_dim_param, i), &out.param.emplace_back());
  const auto divs = isl_aff_dim(aff, isl_dim_div);
  for (int j = 0; j < divs && ok; ++j)
    ok = numerator(isl_aff_get_coefficient_val(aff, isl_dim_div, j), &out.div.emplace_back());
  return ok && divs >= 0;
}

/// The locals of a local space, in order; false when one has no expression.
bool localDivs(isl_local_space* ls, int params, std::vector<ParamAffine>& out) // takes ls
{
  const auto n = isl_local_space_dim(ls, isl_dim_div);
  bool ok = n >= 0;
  for (int j = 0; j < n && ok; ++j) {
    auto& div = out.emplace_back();
    ok = paramAffine(isl_local_space_get_div(ls, j), params, div) &&
         std::all_of(div.div.begin() + std::min<std::ptrdiff_t>(j, std::ssize(div.div)), div.div.end(),
                     [](std::int64_t c) { return c == 0; }); // a local uses the earlier ones only
    if (ok)
      div.div.resize(static_cast<std::size_t>(j));
  }
  isl_local_space_free(ls);
  return ok;
}

/// A constraint over the parameters and locals.
bool paramConstraint(isl_constraint* c, int params, int divs, ParamConstraint& out) // takes c
{
  bool ok = smallInteger(isl_constraint_get_constant_val(c), &out.f.constant);
  out.equality = isl_constraint_is_equality(c) == isl_bool_true;
  for (int i = 0; i < params && ok; ++i)
    ok = smallInteger(isl_constraint_get_coefficient_val(c, isl_dim_param, i), &out.f.param.emplace_back());
  for (int j = 0; j < divs && ok; ++j)
    ok = smallInteger(isl_constraint_get_coefficient_val(c, isl_dim_div, j), &out.f.div.emplace_back());
  isl_constraint_free(c);
  return ok;
}

struct SetCollector {
  int params, divs = 0;
  ParamSet* out;
  bool ok = true;
};

isl_stat collectConstraint(isl_constraint* c, void* user)
{
  auto& x = *static_cast<SetCollector*>(user);
  ParamConstraint pc;
  x.ok = paramConstraint(c, x.params, x.divs, pc) && x.ok;
  if (x.ok)
    x.out->back().constraints.push_back(std::move(pc));
  return x.ok ? isl_stat_ok : isl_stat_error;
}

isl_stat collectBasicSet(isl_basic_set* b, void* user)
{
  auto& x = *static_cast<SetCollector*>(user);
  x.ok = x.ok && isl_basic_set_dim(b, isl_dim_set) == 0;
  if (x.ok) {
    auto& conj = x.out->emplace_back();
    x.ok = localDivs(isl_basic_set_get_local_space(b), x.params, conj.divs);
    x.divs = static_cast<int>(conj.divs.size());
    x.ok = x.ok && isl_basic_set_foreach_constraint(b, collectConstraint, user) == isl_stat_ok && x.ok;
  }
  isl_basic_set_free(b);
  return x.ok ? isl_stat_ok : isl_stat_error;
}

/// A parameter set as plain constraints over the parameters and its locals.
bool paramSet(isl_set* set, int params, ParamSet& out) // takes set
{
  Set s(isl_set_coalesce(set));
  if (!s)
    return false;
  SetCollector x{params, 0, &out};
  return isl_set_foreach_basic_set(s.get(), collectBasicSet, &x) == isl_stat_ok && x.ok;
}

struct FunctionCollector {
  int params;
  ParamFunction* out;
  bool ok = true;
};

isl_stat collectPiece(isl_set* set, isl_aff* aff, void* user) // takes both
{
  auto& x = *static_cast<FunctionCollector*>(user);
  ParamPiece piece;
  x.ok = x.ok && localDivs(isl_aff_get_domain_local_space(aff), x.params, piece.divs);
  x.ok = paramAffine(aff, x.params, piece.value) && x.ok;
  x.ok = paramSet(set, x.params, piece.domain) && x.ok;
  if (x.ok)
    x.out->push_back(std::move(piece));
  return x.ok ? isl_stat_ok : isl_stat_error;
}

/// A piecewise affine function of the parameters; false where isl gives NaN.
bool paramFunction(isl_pw_aff* f, int params, ParamFunction& out) // takes f
{
  std::unique_ptr<isl_pw_aff, IslFree> owned(f);
  if (!owned)
    return false;
  FunctionCollector x{params, &out};
  return isl_pw_aff_foreach_piece(owned.get(), collectPiece, &x) == isl_stat_ok && x.ok;
}

/// The numerator of `f` at parameters `p` and locals `locals`.
WideInt numeratorAt(const ParamAffine& f, const std::vector<std::int64_t>& p, const std::vector<WideInt>& locals)
{
  WideInt v = f.constant;
  for (std::size_t i = 0; i < f.param.size(); ++i)
    v += static_cast<WideInt>(f.param[i]) * p[i];
  for (std::size_t j = 0; j < f.div.size(); ++j)
    v += static_cast<WideInt>(f.div[j]) * locals[j];
  return v;
}

/// The locals' values, each the floor of its expression over the earlier ones.
std::vector<WideInt> localsAt(const std::vector<ParamAffine>& divs, const std::vector<std::int64_t>& p)
{
  std::vector<WideInt> locals;
  for (const auto& d : divs)
    locals.push_back(floorDivWide(numeratorAt(d, p, locals), d.denominator));
  return locals;
}

bool holds(const ParamSet& set, const std::vector<std::int64_t>& p)
{
  return std::any_of(set.begin(), set.end(), [&](const ParamConjunction& conj) {
    const auto locals = localsAt(conj.divs, p);
    return std::all_of(conj.constraints.begin(), conj.constraints.end(), [&](const ParamConstraint& c) {
      const auto v = numeratorAt(c.f, p, locals);
      return c.equality ? v == 0 : v >= 0;
    });
  });
}

/// f at `p`; nullopt outside its pieces or where a piece is not integral.
std::optional<WideInt> valueAt(const ParamFunction& f, const std::vector<std::int64_t>& p)
{
  for (const auto& piece : f) {
    if (!holds(piece.domain, p))
      continue;
    const auto n = numeratorAt(piece.value, p, localsAt(piece.divs, p));
    if (n % piece.value.denominator != 0)
      return std::nullopt;
    return n / piece.value.denominator;
  }
  return std::nullopt;
}

/// A bound as toInteger gives it: beyond 2^62 in magnitude, unknown.
std::optional<std::int64_t> boundedInteger(WideInt v)
{
  return v < -kBoundLimit || v > kBoundLimit ? std::nullopt : std::optional(static_cast<std::int64_t>(v));
}

/// One common level as a function of the parameters.
struct CompiledLevel {
  int level = 0;
  ParamSet carries;                     // where it carries the dependence
  std::vector<ParamFunction> min, max;  // value differences of levels level.. (index l - level)
};

} // namespace

struct CompiledDependences::Pair {
  Dependence base; // kind, array, endpoints and common levels; no levels yet
  std::vector<std::string> params;
  std::vector<std::int64_t> steps;
  std::vector<CompiledLevel> levels;
  bool mayBeIndependent = false;
  ParamSet independent;
};

namespace {

/// The parametric form of dependenceBetween; nullopt when it needs the values.
std::optional<CompiledDependences::Pair> compilePair(isl_ctx* ctx, const LoopNest& nest, Endpoint src, Endpoint dst,
                                                     DependenceKind kind)
{
  const auto& x = src.st->accesses[src.access];
  const auto& y = dst.st->accesses[dst.access];
  CompiledDependences::Pair out;
  out.base = {kind, x.array, src.st->id, src.access, dst.st->id, dst.access, commonLevels(*src.st, *dst.st),
              {}, false, true, {}};
  out.mayBeIndependent = mayBeIndependent(src, dst);
  std::string reason;
  auto relation = sameElement(ctx, nest, *src.st, x, *dst.st, y, {}, &reason);
  if (!relation || !reason.empty())
    return std::nullopt; // affine only at given values, or bounds dropped: per values
  const int common = out.base.commonLevels;
  out.steps = stepsOf(nest, *src.st, common);
  const Set d = deltas(std::move(*relation), common);
  if (!d)
    return std::nullopt;
  out.params = paramNames(isl_set_get_space(d.get()));
  const int np = static_cast<int>(out.params.size());
  for (int k = 0; k < common; ++k) {
    const Set dk = carriedAt(d, k, out.steps);
    CompiledLevel level{k, {}, {}, {}};
    if (!paramSet(isl_set_params(isl_set_copy(dk.get())), np, level.carries))
      return std::nullopt;
    if (level.carries.empty())
      continue; // never carried
    for (int l = k; l < common; ++l)
      if (!paramFunction(isl_set_dim_min(isl_set_copy(dk.get()), l), np, level.min.emplace_back()) ||
          !paramFunction(isl_set_dim_max(isl_set_copy(dk.get()), l), np, level.max.emplace_back()))
        return std::nullopt;
    out.levels.push_back(std::move(level));
  }
  if (out.mayBeIndependent) {
    if (!paramSet(isl_set_params(sameIteration(d, common).release()), np, out.independent))
      return std::nullopt;
  }
  return out;
}

/// The pair's dependence at parameter values `p` (dependenceBetween's result).
std::optional<std::optional<Dependence>> pairAt(const CompiledDependences::Pair& pair, const std::vector<std::int64_t>& p)
{
  Dependence dep = pair.base;
  for (const auto& level : pair.levels) {
    if (!holds(level.carries, p))
      continue;
    CarriedLevel c{level.level, std::vector<DistanceRange>(static_cast<std::size_t>(level.level), DistanceRange{0, 0})};
    for (std::size_t i = 0; i < level.min.size(); ++i) {
      const auto lo = valueAt(level.min[i], p), hi = valueAt(level.max[i], p);
      if (!lo || !hi)
        return std::nullopt; // a piece isl left out: let isl decide
      c.distance.push_back(distanceRange(boundedInteger(*lo), boundedInteger(*hi), pair.steps[static_cast<std::size_t>(level.level) + i]));
    }
    dep.carried.push_back(std::move(c));
  }
  dep.loopIndependent = pair.mayBeIndependent && holds(pair.independent, p);
  if (dep.carried.empty() && !dep.loopIndependent)
    return std::optional<Dependence>{};
  return std::optional<Dependence>{std::move(dep)};
}

} // namespace

const CarriedLevel* Dependence::at(int level) const
{
  for (const auto& c : carried)
    if (c.level == level)
      return &c;
  return nullptr;
}

const char* kindName(DependenceKind kind)
{
  switch (kind) {
  case DependenceKind::Flow: return "flow";
  case DependenceKind::Anti: return "anti";
  case DependenceKind::Output: return "output";
  }
  PS_DIE("unknown dependence kind");
}

namespace {

/// `nest` with each symbolic step (NestLoop::stepExpr) replaced by its
/// value at `values`; a loop whose step has no nonzero value there keeps
/// its bounds out (boundsAffine false: a superset, with a reason).
LoopNest withSteps(const LoopNest& nest, const Bindings& values)
{
  LoopNest out = nest;
  for (auto& loop : out.loops) {
    if (!loop.stepExpr)
      continue;
    const auto step = loop.stepExpr->evaluate(values);
    loop.boundsAffine = loop.boundsAffine && step && *step != 0;
    loop.step = loop.boundsAffine ? *step : 1;
    loop.stepExpr.reset();
  }
  return out;
}

} // namespace

std::vector<Dependence> analyzeDependences(const LoopNest& given, const Bindings& values,
                                           const std::vector<DependenceKind>& kinds)
{
  const bool symbolicSteps = std::any_of(given.loops.begin(), given.loops.end(), [](const auto& l) { return l.stepExpr; });
  const auto resolved = symbolicSteps ? withSteps(given, values) : LoopNest{};
  const auto& nest = symbolicSteps ? resolved : given;
  Ctx ctx(isl_ctx_alloc()); // one context per call: callers may run on several threads
  PS_CHECK(ctx);
  isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_CONTINUE); // failures come back as null, quietly
  std::vector<Dependence> out;
  forEachPair(nest, kinds, [&](Endpoint src, Endpoint dst, DependenceKind kind) {
    if (auto dep = dependenceBetween(ctx.get(), nest, src, dst, kind, values))
      out.push_back(std::move(*dep));
  });
  return out;
}

CompiledDependences::CompiledDependences(const LoopNest& nest, const std::vector<DependenceKind>& kinds)
{
  if (std::any_of(nest.loops.begin(), nest.loops.end(), [](const auto& l) { return l.stepExpr; })) {
    m_decides = false; // a step of 2*LS is no affine relation in LS: each values' own analysis
    return;
  }
  Ctx ctx(isl_ctx_alloc());
  PS_CHECK(ctx);
  isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_CONTINUE);
  forEachPair(nest, kinds, [&](Endpoint src, Endpoint dst, DependenceKind kind) {
    auto pair = m_decides ? compilePair(ctx.get(), nest, src, dst, kind) : std::nullopt; // one refusal decides
    m_decides = pair.has_value();
    if (pair)
      m_pairs.push_back(std::move(*pair));
  });
  if (!m_decides)
    m_pairs.clear();
}

CompiledDependences::~CompiledDependences() = default;
CompiledDependences::CompiledDependences(CompiledDependences&&) noexcept = default;
CompiledDependences& CompiledDependences::operator=(CompiledDependences&&) noexcept = default;

std::optional<std::vector<Dependence>> CompiledDependences::at(const Bindings& values) const
{
  if (!m_decides)
    return std::nullopt;
  std::vector<Dependence> out;
  std::vector<std::int64_t> p;
  for (const auto& pair : m_pairs) {
    p.clear();
    for (const auto& name : pair.params) {
      const auto it = values.find(name);
      if (it == values.end())
        return std::nullopt; // a parameter for analyzeDependences too: it reports "for some value"
      p.push_back(it->second);
    }
    auto dep = pairAt(pair, p);
    if (!dep)
      return std::nullopt;
    if (*dep)
      out.push_back(std::move(**dep));
  }
  return out;
}

} // namespace ps::symbolic

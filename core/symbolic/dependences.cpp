#include "symbolic/dependences.h"

#include "support/check.h"

#include <isl/aff.h>
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

/// An isl value as an integer; nullopt for infinities, NaN or overflow.
std::optional<std::int64_t> toInteger(const Val& v)
{
  if (!v || isl_val_is_int(v.get()) != isl_bool_true)
    return std::nullopt;
  Val lo(isl_val_int_from_si(isl_val_get_ctx(v.get()), -(1L << 62)));
  Val hi(isl_val_int_from_si(isl_val_get_ctx(v.get()), 1L << 62));
  if (isl_val_lt(v.get(), lo.get()) == isl_bool_true || isl_val_gt(v.get(), hi.get()) == isl_bool_true)
    return std::nullopt;
  return isl_val_get_num_si(v.get());
}

// ---- the nest as isl text ------------------------------------------------------

/// " + 3*v" or " - 3*v": isl reads a constant times a name, not (-3)*v.
std::string term(std::int64_t c, const std::string& name)
{
  return (c < 0 ? " - " : " + ") + std::to_string(c < 0 ? -c : c) + "*" + name;
}

/// Writes affine expressions over renamed dimensions and parameters; names
/// of the program never reach isl (a loop variable called 'and' would).
class IslText {
public:
  explicit IslText(const Bindings& values) : m_values(values) {}

  /// `e` over the loop variables `dims` (program name -> isl name), or
  /// nullopt when it is not affine with integer coefficients.
  std::optional<std::string> expr(const Expr& e, const std::map<std::string, std::string>& dims)
  {
    std::map<std::string, Expr> bound;
    for (const auto& s : e.symbols())
      if (!dims.count(s) && m_values.count(s))
        bound[s] = Expr::integer(m_values.at(s));
    const Expr f = bound.empty() ? e : e.substitute(bound);
    const auto symbols = f.symbols();
    const std::vector<std::string> names(symbols.begin(), symbols.end());
    const auto form = f.affineIn(names);
    if (!form)
      return std::nullopt;
    const auto constant = form->constant.asInteger();
    if (!constant)
      return std::nullopt;
    std::string out = std::to_string(*constant);
    for (const auto& [name, c] : form->coefficients)
      out += term(c, islName(name, dims));
    return out;
  }

  /// An affine form whose coefficients are over loop variables.
  std::optional<std::string> form(const AffineForm& a, const std::map<std::string, std::string>& dims)
  {
    Expr e = a.constant;
    for (const auto& [v, c] : a.coefficients)
      e = e + Expr::integer(c) * Expr::symbol(v);
    return expr(e, dims);
  }

  /// "[p0, p1] -> " for the parameters used so far.
  std::string paramsPrefix() const
  {
    std::string out = "[";
    for (std::size_t k = 0; k < m_params.size(); ++k)
      out += (k ? ", p" : "p") + std::to_string(k);
    return out + "] -> ";
  }

private:
  std::string islName(const std::string& name, const std::map<std::string, std::string>& dims)
  {
    if (auto it = dims.find(name); it != dims.end())
      return it->second;
    auto it = std::find(m_params.begin(), m_params.end(), name);
    if (it == m_params.end())
      it = m_params.insert(m_params.end(), name);
    return "p" + std::to_string(it - m_params.begin());
  }

  const Bindings& m_values;
  std::vector<std::string> m_params; // unknowns without a value, in order of first use
};

/// The iteration domain of `st` over dimensions named prefix0, prefix1, ...
/// Non-affine bounds are left out (`*exact` becomes false).
std::string domainText(const LoopNest& nest, const NestStatement& st, const std::string& prefix,
                       std::map<std::string, std::string>& dims, IslText& text, std::string* reason)
{
  std::string out;
  for (std::size_t l = 0; l < st.loops.size(); ++l) {
    const auto& loop = nest.loops[st.loops[l]];
    const auto lo = loop.boundsAffine ? text.expr(loop.lower, dims) : std::nullopt;
    const auto hi = loop.boundsAffine ? text.expr(loop.upper, dims) : std::nullopt;
    const auto v = prefix + std::to_string(l);
    dims[loop.variable] = v;
    if (!lo || !hi) {
      *reason = "The bounds of loop '" + loop.variable + "' at line " + std::to_string(loop.line) + " are not affine";
      continue;
    }
    out += out.empty() ? "" : " and ";
    out += loop.step > 0 ? *lo + " <= " + v + " <= " + *hi : *hi + " <= " + v + " <= " + *lo;
    if (loop.step != 1 && loop.step != -1)
      out += " and exists (e" + v + " : " + v + " = " + *lo + term(loop.step, "e" + v) + ")";
  }
  return out;
}

/// The same-element relation between two references as isl text, or
/// nullopt (with `reason`) when a subscript is not affine.
std::optional<std::string> relationText(const LoopNest& nest, const NestStatement& a, const NestAccess& x,
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
  IslText text(values);
  std::map<std::string, std::string> sdims, tdims;
  std::vector<std::string> parts{domainText(nest, a, "s", sdims, text, reason),
                                 domainText(nest, b, "t", tdims, text, reason)};
  for (std::size_t k = 0; k < x.subscripts->size(); ++k) {
    const auto sx = text.form((*x.subscripts)[k], sdims), ty = text.form((*y.subscripts)[k], tdims);
    if (!sx || !ty) {
      *reason = "A subscript of " + (sx ? y.text : x.text) + " is not affine in the loop variables and unknowns";
      return std::nullopt;
    }
    parts.push_back(*sx + " = " + *ty);
  }
  auto tuple = [](const std::string& prefix, std::size_t n) {
    std::string out = "[";
    for (std::size_t l = 0; l < n; ++l)
      out += (l ? ", " : "") + prefix + std::to_string(l);
    return out + "]";
  };
  std::string constraints;
  for (const auto& p : parts)
    if (!p.empty())
      constraints += (constraints.empty() ? "" : " and ") + p;
  return text.paramsPrefix() + "{ " + tuple("s", a.loops.size()) + " -> " + tuple("t", b.loops.size()) +
         (constraints.empty() ? "" : " : " + constraints) + " }";
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

/// Range of dimension `l` of `d` (parameters projected out), in iterations of a loop with `step`.
DistanceRange rangeOf(const Set& d, int l, std::int64_t step)
{
  Set s(isl_set_project_out(isl_set_copy(d.get()), isl_dim_param, 0, isl_set_dim(d.get(), isl_dim_param)));
  if (!s)
    return {};
  auto* ls = isl_local_space_from_space(isl_set_get_space(s.get()));
  std::unique_ptr<isl_aff, IslFree> obj(isl_aff_var_on_domain(ls, isl_dim_set, l));
  const auto lo = toInteger(Val(isl_set_min_val(s.get(), obj.get())));
  const auto hi = toInteger(Val(isl_set_max_val(s.get(), obj.get())));
  auto floorDiv = [](std::int64_t a, std::int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); };
  auto ceilDiv = [&](std::int64_t a, std::int64_t b) { return -floorDiv(-a, b); };
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

/// Fills `dep` from the value differences `d`; false when isl failed.
bool carriedLevels(const Set& d, const std::vector<std::int64_t>& steps, bool mayBeIndependent, Dependence& dep)
{
  const int common = static_cast<int>(steps.size());
  for (int k = 0; k < common; ++k) {
    Set dk = copy(d);
    for (int l = 0; l < k; ++l)
      dk.reset(isl_set_fix_si(dk.release(), isl_dim_set, l, 0));
    dk.reset(steps[k] > 0 ? isl_set_lower_bound_si(dk.release(), isl_dim_set, k, 1)
                          : isl_set_upper_bound_si(dk.release(), isl_dim_set, k, -1));
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
    Set zero = copy(d);
    for (int l = 0; l < common; ++l)
      zero.reset(isl_set_fix_si(zero.release(), isl_dim_set, l, 0));
    const auto empty = isEmpty(zero);
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

struct Endpoint {
  const NestStatement* st;
  int access;
};

/// The dependence from `src` to `dst` (src's instance first), or nullopt when there is none.
std::optional<Dependence> dependenceBetween(isl_ctx* ctx, const LoopNest& nest, Endpoint src, Endpoint dst,
                                            DependenceKind kind, const Bindings& values)
{
  const auto& x = src.st->accesses[src.access];
  const auto& y = dst.st->accesses[dst.access];
  Dependence dep{kind, x.array, src.st->id, src.access, dst.st->id, dst.access, commonLevels(*src.st, *dst.st),
                 {}, false, true, {}};
  // Within one iteration of the common loops, the source must come first:
  // an earlier statement, or the read of a statement before its write.
  const bool mayBeIndependent = src.st->id < dst.st->id || (src.st == dst.st && src.access < dst.access);
  std::string reason;
  const auto text = relationText(nest, *src.st, x, *dst.st, y, values, &reason);
  if (!text) {
    conservative(dep, mayBeIndependent, reason);
    return dep;
  }
  std::vector<std::int64_t> steps;
  for (int l = 0; l < dep.commonLevels; ++l)
    steps.push_back(nest.loops[src.st->loops[l]].step);
  const Set d = deltas(Map(isl_map_read_from_str(ctx, text->c_str())), dep.commonLevels);
  if (!d || !carriedLevels(d, steps, mayBeIndependent, dep)) {
    conservative(dep, mayBeIndependent, "isl could not analyze " + x.text + " and " + y.text);
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

std::optional<DependenceKind> kindOf(const NestAccess& source, const NestAccess& target)
{
  if (source.array != target.array || (!source.isWrite && !target.isWrite))
    return std::nullopt;
  if (source.isWrite && target.isWrite)
    return DependenceKind::Output;
  return source.isWrite ? DependenceKind::Flow : DependenceKind::Anti;
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

std::vector<Dependence> analyzeDependences(const LoopNest& nest, const Bindings& values)
{
  Ctx ctx(isl_ctx_alloc()); // one context per call: callers may run on several threads
  PS_CHECK(ctx);
  isl_options_set_on_error(ctx.get(), ISL_ON_ERROR_CONTINUE); // failures come back as null, quietly
  std::vector<Dependence> out;
  for (const auto& a : nest.statements)
    for (int i = 0; i < static_cast<int>(a.accesses.size()); ++i)
      for (const auto& b : nest.statements)
        for (int j = 0; j < static_cast<int>(b.accesses.size()); ++j) {
          const auto kind = kindOf(a.accesses[i], b.accesses[j]);
          if (!kind || (&a == &b && i == j && *kind != DependenceKind::Output))
            continue;
          if (auto dep = dependenceBetween(ctx.get(), nest, {&a, i}, {&b, j}, *kind, values))
            out.push_back(std::move(*dep));
        }
  return out;
}

} // namespace ps::symbolic

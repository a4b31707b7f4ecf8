#include "estimate/array-statements.h"

#include "estimate/reference-plan.h"
#include "estimate/saturating-count.h"
#include "fortran/intrinsics.h"
#include "support/wide-int.h"
#include "symbolic/evaluation.h"
#include "support/text.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iterator>
#include <set>

namespace ps::estimate {
namespace {

/// The intrinsics that reduce whole arrays to a scalar.
constexpr const char* kArrayReductions[] = {"maxval", "minval", "sum", "product", "count", "any", "all", "norm2",
                                            "dot_product"};

/// A reference to a whole array: no subscripts, or a bare ':' in each.
bool whole(const program::ArrayReference& ref)
{
  return std::all_of(ref.subscripts.begin(), ref.subscripts.end(),
                     [](const auto& s) { return s.kind == program::SubscriptKind::Triplet && s.text == ":"; });
}

/// The rank a whole reference has: its subscripts, or its declaration's.
std::size_t rankOf(const program::ArrayReference& ref, const program::Unit& unit)
{
  if (!ref.subscripts.empty())
    return ref.subscripts.size();
  const auto* s = unit.symbol(ref.array);
  return s ? s->dims.size() : 0;
}

bool sameBounds(const program::Symbol& a, const program::Symbol& b)
{
  return a.dims.size() == b.dims.size() &&
         std::equal(a.dims.begin(), a.dims.end(), b.dims.begin(),
                    [](const auto& x, const auto& y) { return x.lower == y.lower && x.upper == y.upper; });
}

/// Whether every name called in `rhs` ("name(") is an array it references
/// or an elemental intrinsic.
bool onlyElementalCalls(const std::string& rhs, const program::Statement& st)
{
  for (std::size_t i = 0; i < rhs.size();) {
    if (!std::isalpha(static_cast<unsigned char>(rhs[i]))) {
      ++i;
      continue;
    }
    const auto begin = i;
    while (i < rhs.size() && (std::isalnum(static_cast<unsigned char>(rhs[i])) || rhs[i] == '_'))
      ++i;
    if (begin > 0 && rhs[begin - 1] == '.')
      continue; // .and., 1.5d0's exponent letters are not calls
    const auto name = rhs.substr(begin, i - begin);
    const bool call = i < rhs.size() && rhs[i] == '(';
    const bool array = std::any_of(st.refs.begin(), st.refs.end(), [&](const auto& r) { return r.array == name; });
    if (call && !array && !fortran::isElemental(name))
      return false;
  }
  return true;
}

/// `lower`:`upper`:`stride` (stride != 0) as ascending elements by a
/// positive stride, clipped to the declared `first`..`last` (a section
/// reaching outside its array, W(-M:M) of W(N), counts the elements there
/// are); `clipped` is set when elements were left out. In 128 bits: the
/// bounds may be anything a user sets.
ElementRange clippedRange(std::int64_t lower, std::int64_t upper, std::int64_t stride, std::int64_t first,
                          std::int64_t last, bool* clipped)
{
  using Wide = WideInt;
  const Wide step = stride > 0 ? stride : -Wide{stride};
  Wide lo = lower, hi = upper;
  if (stride < 0) { // lo:hi:-s reads hi' .. lo by s, hi' the last element it reaches
    if (lower < upper)
      return {};
    hi = lower;
    lo = lower - (Wide{lower} - upper) / step * step;
  }
  if (lo > hi)
    return {};
  Wide from = lo, to = hi;
  if (from < first)
    from += (Wide{first} - from + step - 1) / step * step;
  if (to > last)
    to = last;
  if (from > to) {
    *clipped = true;
    return {};
  }
  to = from + (to - from) / step * step; // the last element reached
  *clipped = *clipped || from != lo || to < hi - (hi - lo) % step;
  return {static_cast<std::int64_t>(from), static_cast<std::int64_t>(to), static_cast<std::int64_t>(step)};
}

/// The elements `ref` reads, one ascending range per dimension, at
/// `values`: the declared bounds where it is whole, else its triplets'
/// fixed bounds and strides and its constant subscripts (one element),
/// clipped to the declared bounds (`clipped` says whether that left
/// elements out); nullopt when a bound has no value or a subscript
/// follows a loop.
std::optional<std::vector<ElementRange>> elementBox(const program::Unit& unit, const symbolic::Bindings& values,
                                                    const program::ArrayReference& ref, bool* clipped = nullptr)
{
  const auto* sym = unit.symbol(ref.array);
  if (!sym || (!ref.subscripts.empty() && ref.subscripts.size() != sym->dims.size()))
    return std::nullopt;
  bool outside = false;
  std::vector<ElementRange> box;
  for (std::size_t d = 0; d < sym->dims.size(); ++d) {
    symbolic::EvaluationError error;
    const auto value = [&](const std::optional<symbolic::Expr>& e) {
      return e ? symbolic::evaluateFor(*e, values, "", &error) : std::nullopt;
    };
    const auto first = value(sym->dims[d].lower), last = value(sym->dims[d].upper);
    const auto* sub = ref.subscripts.empty() ? nullptr : &ref.subscripts[d];
    auto lo = first, hi = last;
    std::int64_t stride = 1;
    if (sub && sub->kind == program::SubscriptKind::Triplet) {
      lo = value(sub->lower), hi = value(sub->upper), stride = sub->stride;
    } else if (sub && sub->kind == program::SubscriptKind::Affine && sub->affine.coefficients.empty()) {
      lo = hi = value(sub->affine.constant);
    } else if (sub) {
      return std::nullopt;
    }
    if (!first || !last || !lo || !hi || stride == 0)
      return std::nullopt;
    box.push_back(clippedRange(*lo, *hi, stride, *first, *last, &outside));
  }
  if (clipped)
    *clipped = outside;
  return box;
}

/// Whether every array `st` reads (its write aside) is whole, of `shape`'s
/// rank, and, where distributed, declared with `shape`'s bounds: P(1,1), a
/// section or a scalar function of an array is not element by element.
bool readsWholeAlike(const program::Statement& st, const program::Unit& unit, const mapping::Mapping& mapping,
                     const program::Symbol& shape)
{
  return std::all_of(st.refs.begin(), st.refs.end(), [&](const program::ArrayReference& ref) {
    if (ref.isWrite)
      return true;
    const auto* sym = unit.symbol(ref.array);
    return whole(ref) && sym && sym->isArray() && rankOf(ref, unit) == shape.dims.size() &&
           (!mapping.array(ref.array) || sameBounds(shape, *sym));
  });
}

/// The mask of "where(mask)..." (compacted text), "" when `text` is no WHERE.
std::string whereMask(const std::string& text)
{
  if (text.rfind("where(", 0) != 0)
    return {};
  int depth = 0;
  for (std::size_t i = 5; i < text.size(); ++i) {
    depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
    if (depth == 0)
      return text.substr(6, i - 6);
  }
  return {};
}

} // namespace

std::string assignedValue(const std::string& text)
{
  for (std::size_t i = 0; i < text.size(); ++i) {
    const bool relational = (i > 0 && std::string_view("<>=/").find(text[i - 1]) != std::string_view::npos) ||
                            (i + 1 < text.size() && text[i + 1] == '=');
    if (text[i] == '=' && !relational)
      return text.substr(i + 1);
  }
  return {};
}

bool mappedAlike(const mapping::Mapping& mapping, const mapping::ArrayMapping& a, const mapping::ArrayMapping& b)
{
  if (a.templateIndex < 0 || b.templateIndex < 0)
    return false;
  const auto& ta = mapping.templates[static_cast<std::size_t>(a.templateIndex)];
  const auto& tb = mapping.templates[static_cast<std::size_t>(b.templateIndex)];
  for (int pd = 0; pd < mapping.procs.rank(); ++pd) {
    const int da = ta.dimOn(pd), db = tb.dimOn(pd);
    if ((da < 0) != (db < 0))
      return false;
    if (da < 0)
      continue;
    const auto &x = a.axes[static_cast<std::size_t>(da)], &y = b.axes[static_cast<std::size_t>(db)];
    if (x.kind != y.kind || x.arrayDim != y.arrayDim || x.stride != y.stride || x.offset != y.offset ||
        !ta.dims[static_cast<std::size_t>(da)].sameOwners(tb.dims[static_cast<std::size_t>(db)]))
      return false;
  }
  return true;
}

/// The subscripts' texts of a reference, ':' for each dimension of a
/// whole one: two reads of arrays mapped alike with equal keys have their
/// elements where each other's are.
std::vector<std::string> sectionKey(const program::ArrayReference& ref)
{
  std::vector<std::string> key;
  for (const auto& sub : ref.subscripts)
    key.push_back(sub.text);
  return key.empty() ? std::vector<std::string>{":"} : key;
}

/// Whether each processor can reduce the elements of `ref` it owns: a whole
/// array, or a section (a triplet at least) whose triplets have fixed
/// bounds and constant strides and whose other subscripts are constants,
/// its distributed dimensions strided by 1 (ownedElements).
bool reducibleSection(const program::ArrayReference& ref, const mapping::ArrayMapping& a, const mapping::Mapping& mapping)
{
  if (whole(ref))
    return true;
  bool triplet = false;
  for (std::size_t d = 0; d < ref.subscripts.size(); ++d) {
    const auto& sub = ref.subscripts[d];
    const bool distributed = distributedDimension(mapping, &a, static_cast<int>(d));
    if (sub.kind == program::SubscriptKind::Triplet) {
      triplet = true;
      if (!sub.lower || !sub.upper || sub.stride == 0 || (distributed && std::llabs(sub.stride) != 1))
        return false;
    } else if (sub.kind != program::SubscriptKind::Affine || !sub.affine.coefficients.empty()) {
      return false; // SUM(A(1:N,J)) in DO J: another section each iteration
    }
  }
  return triplet;
}

const program::ArrayReference* wholeArrayReduction(const program::Statement& st, const mapping::Mapping& mapping)
{
  const bool assigns = st.kind == program::StatementKind::Assignment && !st.scalarTarget.empty();
  if (!assigns && st.kind != program::StatementKind::Control)
    return nullptr;
  const auto text = compact(st.text);
  const auto rhs = assigns ? assignedValue(text) : text;
  const bool intrinsic = std::any_of(std::begin(kArrayReductions), std::end(kArrayReductions), [&](const char* fn) {
    const auto call = std::string(fn) + "(";
    return assigns ? rhs.rfind(call, 0) == 0 && rhs.back() == ')' // s = MAXVAL(...)
                   : std::any_of(st.refs.begin(), st.refs.end(), [&](const auto& ref) { // IF (MAXVAL(D) > TOL)
                       const auto at = rhs.find(call + ref.array + ")");
                       return ref.subscripts.empty() && at != std::string::npos && at > 0 &&
                              !std::isalnum(static_cast<unsigned char>(rhs[at - 1])) && rhs[at - 1] != '_';
                     });
  });
  const program::ArrayReference* first = nullptr;
  for (const auto& ref : st.refs) {
    const auto* a = ref.isWrite ? nullptr : mapping.array(ref.array);
    if (!a)
      continue;
    if (!reducibleSection(ref, *a, mapping))
      return nullptr;
    if (std::any_of(a->axes.begin(), a->axes.end(), [](const auto& x) { return x.stride != 1; }))
      return nullptr; // ALIGN D(I) WITH T(2*I): owned elements not counted (ownedElements)
    if (first && (!mappedAlike(mapping, *mapping.array(first->array), *a) || sectionKey(*first) != sectionKey(ref)))
      return nullptr; // SUM(A(1:N-1)*B(2:N)): elements of other processors meet
    first = first ? first : &ref;
  }
  return intrinsic ? first : nullptr;
}

const program::ArrayReference* elementwiseArrayAssignment(const program::Statement& st, const program::Unit& unit,
                                                          const mapping::Mapping& mapping)
{
  const auto* w = st.write();
  const auto* target = w ? mapping.array(w->array) : nullptr;
  const auto* shape = w ? unit.symbol(w->array) : nullptr;
  if (st.kind != program::StatementKind::Assignment || !target || !shape || !whole(*w) ||
      std::any_of(target->axes.begin(), target->axes.end(), [](const auto& x) { return x.stride != 1; }) ||
      !onlyElementalCalls(assignedValue(compact(st.text)), st))
    return nullptr;
  return readsWholeAlike(st, unit, mapping, *shape) && readsAligned(st, mapping, w->array) ? w : nullptr;
}

const program::ArrayReference* elementwiseMask(const program::Statement& st, const program::Unit& unit,
                                               const mapping::Mapping& mapping)
{
  if (st.kind != program::StatementKind::Control)
    return nullptr;
  const auto mask = whereMask(compact(st.text));
  if (mask.empty() || !onlyElementalCalls(mask, st))
    return nullptr;
  const program::ArrayReference* target = nullptr;
  for (const auto& body : unit.statements) {
    if (&body == &st || body.branchLine != st.line || body.loops != st.loops)
      continue;
    const auto* w = elementwiseArrayAssignment(body, unit, mapping);
    if (!w || (target && !mappedAlike(mapping, *mapping.array(target->array), *mapping.array(w->array))))
      return nullptr; // a masked scalar or a section: the mask's values must reach it
    target = target ? target : w;
  }
  const auto* shape = target ? unit.symbol(target->array) : nullptr;
  return shape && readsWholeAlike(st, unit, mapping, *shape) && readsAligned(st, mapping, target->array) ? target
                                                                                                         : nullptr;
}

bool isWhereMask(const program::Statement& st)
{
  return st.kind == program::StatementKind::Control && !whereMask(compact(st.text)).empty();
}

const program::ArrayReference* elementwiseTarget(const program::Statement& st, const program::Unit& unit,
                                                 const mapping::Mapping& mapping)
{
  const auto* target = elementwiseArrayAssignment(st, unit, mapping);
  return target ? target : elementwiseMask(st, unit, mapping);
}

std::string elementwiseWhy(const program::Statement& st, const std::string& array)
{
  return st.kind == program::StatementKind::Control
           ? "a WHERE mask: each processor evaluates it on the elements of '" + array + "' it owns"
           : "an array assignment: each processor assigns the elements of '" + array + "' it owns";
}

bool readsAligned(const program::Statement& st, const mapping::Mapping& mapping, const std::string& array)
{
  const auto* target = mapping.array(array);
  return std::all_of(st.refs.begin(), st.refs.end(), [&](const program::ArrayReference& ref) {
    const auto* a = ref.isWrite ? nullptr : mapping.array(ref.array);
    return !a || mappedAlike(mapping, *target, *a);
  });
}

std::int64_t ElementRange::count() const
{
  return stride <= 0 || upper < lower ? 0 : (upper - lower) / stride + 1;
}

std::optional<std::vector<double>> ownedElements(const program::Unit& unit, const mapping::Mapping& mapping,
                                                 const symbolic::Bindings& values, const program::ArrayReference& ref)
{
  const auto* a = mapping.array(ref.array);
  const auto box = a && a->templateIndex >= 0 ? elementBox(unit, values, ref) : std::nullopt;
  if (!box)
    return std::nullopt;
  const auto& t = mapping.templates[static_cast<std::size_t>(a->templateIndex)];
  std::vector<double> out(static_cast<std::size_t>(mapping.procs.count()), 0.0);
  for (std::int64_t p = 0; p < mapping.procs.count(); ++p) {
    const auto coords = mapping.procs.coordinates(p);
    std::vector<bool> counted(box->size(), false);
    double n = 1;
    for (std::size_t td = 0; td < t.dims.size() && td < a->axes.size(); ++td) {
      const auto& axis = a->axes[td];
      const int pd = t.procDim[td];
      if (pd < 0 || axis.kind == mapping::TemplateAxis::Kind::Replicated)
        continue;
      const auto c = coords[static_cast<std::size_t>(pd)];
      if (axis.kind == mapping::TemplateAxis::Kind::Constant) {
        n *= t.dims[td].owner(axis.offset) == c ? 1.0 : 0.0;
        continue;
      }
      const auto k = static_cast<std::size_t>(axis.arrayDim);
      const auto range = k < box->size() ? (*box)[k] : ElementRange{};
      if (axis.stride != 1 || k >= box->size() || (range.stride != 1 && range.count() > 1))
        return std::nullopt;
      n *= range.count() == 0 ? 0.0
                              : static_cast<double>(t.dims[td].countOwned(range.lower + axis.offset, range.upper + axis.offset, c));
      counted[k] = true;
    }
    for (std::size_t k = 0; k < box->size(); ++k)
      if (!counted[k])
        n *= static_cast<double>((*box)[k].count());
    out[static_cast<std::size_t>(p)] = n;
  }
  return out;
}

std::optional<std::int64_t> elementCount(const program::Unit& unit, const symbolic::Bindings& values,
                                         const program::ArrayReference& ref, bool* clipped)
{
  const auto box = elementBox(unit, values, ref, clipped);
  if (!box)
    return std::nullopt;
  std::int64_t elements = 1;
  for (const auto& range : *box)
    elements = saturatingMul(elements, range.count());
  return elements;
}

} // namespace ps::estimate

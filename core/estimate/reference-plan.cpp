#include "estimate/reference-plan.h"
#include "symbolic/evaluation.h"

#include <algorithm>
#include <limits>

namespace ps::estimate {

void ReferencePlan::element(const std::vector<std::int64_t>& values, std::int64_t* index) const
{
  for (std::size_t d = 0; d < subscripts.size(); ++d)
    index[d] = subscripts[d].at(values);
}

bool distributedDimension(const mapping::Mapping& mapping, const mapping::ArrayMapping* a, int dim)
{
  if (!a || a->templateIndex < 0)
    return false;
  const auto& t = mapping.templates[static_cast<std::size_t>(a->templateIndex)];
  for (std::size_t td = 0; td < a->axes.size() && td < t.procDim.size(); ++td)
    if (a->axes[td].kind == mapping::TemplateAxis::Kind::ArrayDim && a->axes[td].arrayDim == dim && t.procDim[td] >= 0)
      return true;
  return false;
}

std::optional<ReferencePlan> planReference(const program::ArrayReference& ref, const program::Unit& unit,
                                           const IterationSpace& space, const mapping::Mapping& mapping,
                                           const symbolic::Bindings& values, symbolic::EvaluationError* error)
{
  ReferencePlan plan;
  plan.ref = &ref;
  plan.map = mapping.array(ref.array);
  const auto* symbol = unit.symbol(ref.array);
  const auto notAffine = [&] {
    *error = {{}, "Reference '" + ref.text() + "' at line " + std::to_string(ref.line) + " is not affine"};
    return std::nullopt;
  };
  if (!symbol || ref.subscripts.size() != symbol->dims.size() || symbol->dims.size() > 8)
    return notAffine();
  plan.elementBytes = symbol->elementBytes;
  for (std::size_t d = 0; d < symbol->dims.size(); ++d) {
    const auto& s = ref.subscripts[d];
    const auto what = "the subscripts of '" + ref.text() + "' at line " + std::to_string(ref.line);
    if (s.kind == program::SubscriptKind::NonAffine) { // a stand-in where it does not decide the owner
      if (distributedDimension(mapping, plan.map, static_cast<int>(d)))
        return notAffine();
      const auto lower = symbolic::evaluateFor(symbol->dims[d].lower, values, what, error);
      if (!lower)
        return std::nullopt;
      NumericAffine standIn;
      standIn.coef.assign(static_cast<std::size_t>(space.depth()), 0);
      standIn.constant = *lower;
      plan.subscripts.push_back(std::move(standIn));
      plan.standIn = true;
      continue;
    }
    if (s.kind != program::SubscriptKind::Affine)
      return notAffine();
    auto sub = space.numeric(s.affine, values, what, error);
    if (!sub)
      return std::nullopt;
    plan.subscripts.push_back(*sub);
  }
  return plan;
}

CompiledPlan::CompiledPlan(const program::ArrayReference& ref, const program::Unit& unit, const CompiledSpace& space)
  : m_ref(&ref), m_unit(&unit)
{
  const auto* symbol = unit.symbol(ref.array);
  if (!symbol || ref.subscripts.size() != symbol->dims.size() || !ref.allAffine() || symbol->dims.size() > 8)
    return; // planReference says why
  m_elementBytes = symbol->elementBytes;
  for (const auto& sub : ref.subscripts) {
    auto c = space.compile(sub.affine);
    if (!c) {
      m_subscripts.clear();
      return;
    }
    m_subscripts.push_back(std::move(*c));
  }
  m_compiled = true;
}

std::optional<ReferencePlan> CompiledPlan::plan(const IterationSpace& space, const mapping::Mapping& mapping,
                                                const symbolic::Bindings& values,
                                                symbolic::EvaluationError* error) const
{
  ReferencePlan plan;
  if (!planInto(space, mapping, values, plan, error))
    return std::nullopt;
  return plan;
}

bool CompiledPlan::planInto(const IterationSpace& space, const mapping::Mapping& mapping,
                            const symbolic::Bindings& values, ReferencePlan& out,
                            symbolic::EvaluationError* error) const
{
  const auto fallBack = [&] { // planReference finds the value past an overflow, or says why
    auto plan = planReference(*m_ref, *m_unit, space, mapping, values, error);
    if (plan)
      out = std::move(*plan);
    return plan.has_value();
  };
  if (!m_compiled)
    return fallBack();
  out.ref = m_ref;
  out.map = mapping.array(m_ref->array);
  out.elementBytes = m_elementBytes;
  out.subscripts.resize(m_subscripts.size());
  for (std::size_t d = 0; d < m_subscripts.size(); ++d)
    if (!m_subscripts[d].into(values, out.subscripts[d]))
      return fallBack();
  return true;
}

TemplateIndex templateIndex(const ReferencePlan& plan, const mapping::Mapping& mapping, int pd)
{
  TemplateIndex f;
  if (!plan.map || plan.map->templateIndex < 0)
    return f;
  const auto& t = mapping.templates[plan.map->templateIndex];
  const auto depth = plan.subscripts.empty() ? 0 : plan.subscripts[0].coef.size();
  for (std::size_t d = 0; d < t.dims.size(); ++d) {
    if (t.procDim[d] != pd)
      continue;
    const auto& axis = plan.map->axes[d];
    f.dist = &t.dims[d];
    if (axis.kind == mapping::TemplateAxis::Kind::ArrayDim) {
      const auto& sub = plan.subscripts[axis.arrayDim];
      f.defined = true;
      for (auto c : sub.coef)
        f.index.coef.push_back(axis.stride * c);
      f.index.constant = axis.stride * sub.constant + axis.offset;
    } else if (axis.kind == mapping::TemplateAxis::Kind::Constant) {
      f.defined = true;
      f.index.coef.assign(depth, 0);
      f.index.constant = axis.offset;
    }
  }
  return f;
}

bool independentOfOuter(const IterationSpace& space, int count, std::initializer_list<const ReferencePlan*> plans)
{
  if (!space.innerBoundsIndependentOf(count))
    return false;
  for (const auto* plan : plans)
    if (plan && std::any_of(plan->subscripts.begin(), plan->subscripts.end(),
                            [&](const NumericAffine& sub) { return usesLevelsBelow(sub, count); }))
      return false;
  return true;
}

OwnerLine ownerLine(const ReferencePlan* plan, const mapping::Mapping& mapping, const std::vector<std::int64_t>& values,
                    int level)
{
  OwnerLine out;
  out.dims.resize(mapping.procs.rank());
  if (!plan || !plan->map || plan->map->templateIndex < 0)
    return out;
  const auto& t = mapping.templates[plan->map->templateIndex];
  for (std::size_t d = 0; d < t.dims.size(); ++d) {
    const int pd = t.procDim[d];
    if (pd < 0)
      continue;
    auto& dim = out.dims[pd];
    dim.dist = &t.dims[d];
    const auto& axis = plan->map->axes[d];
    if (axis.kind == mapping::TemplateAxis::Kind::ArrayDim) {
      const auto& sub = plan->subscripts[axis.arrayDim];
      dim.a = axis.stride * sub.coef[level];
      dim.b = axis.stride * sub.atWithout(values, level) + axis.offset;
      dim.fixed = dim.a == 0 ? t.dims[d].owner(dim.b) : -1;
    } else if (axis.kind == mapping::TemplateAxis::Kind::Constant) {
      dim.fixed = t.dims[d].owner(axis.offset);
    }
  }
  return out;
}

void OwnerLine::coordsAt(std::int64_t v, std::int64_t* coords) const
{
  for (std::size_t pd = 0; pd < dims.size(); ++pd)
    coords[pd] = dims[pd].a == 0 ? dims[pd].fixed : dims[pd].dist->owner(dims[pd].a * v + dims[pd].b);
}

std::int64_t OwnerLine::sameOwnerRun(std::int64_t v, std::int64_t step) const
{
  constexpr auto forever = std::numeric_limits<std::int64_t>::max();
  std::int64_t run = forever;
  for (const auto& d : dims) {
    const auto slope = d.a * step; // template index change per iteration
    if (slope == 0)
      continue;
    const auto t = d.a * v + d.b;
    if (slope > 0) {
      const auto end = d.dist->runEnd(t);
      if (end != forever)
        run = std::min(run, (end - t) / slope);
    } else {
      const auto start = d.dist->runStart(t);
      if (start != std::numeric_limits<std::int64_t>::min())
        run = std::min(run, (t - start) / -slope);
    }
  }
  return run;
}

bool readsDistinctElements(const ReferencePlan& read, int first, int depth)
{
  for (int k = first; k < depth; ++k) {
    bool own = false;
    for (const auto& sub : read.subscripts) {
      bool alone = sub.coef[k] != 0;
      for (int other = first; other < depth && alone; ++other)
        alone = other == k || sub.coef[other] == 0;
      own = own || alone;
    }
    if (!own)
      return false;
  }
  return true;
}

} // namespace ps::estimate

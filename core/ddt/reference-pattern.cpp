#include "ddt/reference-pattern.h"

namespace ps::ddt {
namespace {


SubscriptForm numericForm(const program::Subscript& sub, const symbolic::Bindings& values)
{
  SubscriptForm f;
  f.text = sub.text;
  if (sub.kind != program::SubscriptKind::Affine)
    return f;
  auto constant = sub.affine.constant.evaluate(values);
  if (!constant)
    return f;
  f.affine = true;
  f.coefficients = sub.affine.coefficients;
  f.constant = *constant;
  return f;
}

std::vector<SubscriptForm> numericForms(const program::ArrayReference& r, const symbolic::Bindings& values)
{
  std::vector<SubscriptForm> out;
  for (const auto& s : r.subscripts)
    out.push_back(numericForm(s, values));
  return out;
}

} // namespace

std::string SubscriptForm::singleVariable() const
{
  return affine && coefficients.size() == 1 ? coefficients.begin()->first : std::string();
}

std::vector<ArrayAccess> assignmentTargets(const std::vector<const program::Statement*>& statements,
                                           const symbolic::Bindings& values)
{
  std::vector<ArrayAccess> out;
  for (const auto* s : statements)
    if (const auto* w = s->write(); s->kind == program::StatementKind::Assignment && w && !w->subscripts.empty())
      out.push_back({w->array, numericForms(*w, values), s->line});
  return out;
}

std::vector<ArrayAccess> ownerReferences(const std::vector<const program::Statement*>& statements,
                                         const symbolic::Bindings& values)
{
  std::vector<ArrayAccess> out;
  for (const auto* s : statements) {
    ArrayAccess owner{"", {}, s->line};
    for (const auto& r : s->refs)
      if (!r.subscripts.empty()) { // the write comes first when there is one
        owner = {r.array, numericForms(r, values), s->line};
        break;
      }
    out.push_back(std::move(owner));
  }
  return out;
}

std::vector<ReferencePattern> referencePatterns(const program::Unit& /*unit*/,
                                                const std::vector<const program::Statement*>& statements,
                                                const symbolic::Bindings& values)
{
  std::vector<ReferencePattern> out;
  for (const auto* s : statements) {
    const auto* w = s->write();
    if (s->kind != program::StatementKind::Assignment || !w || w->subscripts.empty())
      continue;
    const auto lhsSubs = numericForms(*w, values);
    for (std::size_t k = 1; k < s->refs.size(); ++k) {
      const auto& r = s->refs[k];
      if (r.isWrite || r.subscripts.empty())
        continue;
      out.push_back({w->array, lhsSubs, r.array, numericForms(r, values), s->id, s->line, false});
    }
  }
  return out;
}

} // namespace ps::ddt

#include "mapping/mapping.h"

#include <algorithm>

namespace ps::mapping {

const ArrayMapping* Mapping::array(const std::string& name) const
{
  auto it = arrays.find(name);
  return it == arrays.end() || it->second.templateIndex < 0 ? nullptr : &it->second;
}

void Mapping::ownerCoords(const ArrayMapping& a, const std::int64_t* index, std::int64_t* coords) const
{
  std::fill(coords, coords + procs.rank(), -1);
  if (a.templateIndex < 0)
    return;
  const auto& t = templates[a.templateIndex];
  for (std::size_t d = 0; d < t.dims.size(); ++d) {
    const int pd = t.procDim[d];
    if (pd < 0)
      continue;
    const auto& axis = a.axes[d];
    switch (axis.kind) {
    case TemplateAxis::Kind::ArrayDim:
      coords[pd] = t.dims[d].owner(axis.stride * index[axis.arrayDim] + axis.offset);
      break;
    case TemplateAxis::Kind::Constant: coords[pd] = t.dims[d].owner(axis.offset); break;
    case TemplateAxis::Kind::Replicated: break;
    }
  }
}

std::string Mapping::describe(const std::string& name) const
{
  const ArrayMapping* a = array(name);
  if (!a)
    return "replicated";
  const auto& t = templates[a->templateIndex];
  std::string s = "(";
  for (std::size_t d = 0; d < t.dims.size(); ++d)
    s += (d ? "," : "") + t.dims[d].format().str();
  s += ")";
  if (t.name != name)
    s += " via template " + t.name;
  // a 1-D X aligned WITH U(*,J) is not distributed like U's rows: say where it sits along them
  for (std::size_t k = 0; k < t.dims.size() && k < a->axes.size(); ++k) {
    const auto& axis = a->axes[k];
    if (axis.kind == TemplateAxis::Kind::ArrayDim || !t.dims[k].format().distributed())
      continue;
    s += axis.kind == TemplateAxis::Kind::Replicated
             ? ", replicated along its dimension " + std::to_string(k + 1)
             : ", at index " + std::to_string(axis.offset) + " of its dimension " + std::to_string(k + 1);
  }
  return s;
}

std::string Mapping::formatsOf(const std::string& name, int rank) const
{
  const ArrayMapping* a = array(name);
  if (!a)
    return "replicated";
  const auto& t = templates[a->templateIndex];
  std::string s = "(";
  for (int d = 0; d < rank; ++d) {
    std::string f = "*";
    for (std::size_t k = 0; k < a->axes.size() && k < t.dims.size(); ++k)
      if (a->axes[k].kind == TemplateAxis::Kind::ArrayDim && a->axes[k].arrayDim == d)
        f = t.dims[k].format().str();
    s += (d ? "," : "") + f;
  }
  return s + ")";
}

std::string Mapping::str() const
{
  // group arrays with the same description
  std::map<std::string, std::vector<std::string>> groups;
  for (const auto& [name, a] : arrays)
    groups[describe(name)].push_back(name);
  std::string s;
  for (const auto& [desc, names] : groups) {
    if (!s.empty())
      s += "; ";
    for (std::size_t i = 0; i < names.size(); ++i)
      s += (i ? "," : "") + names[i];
    s += "=" + desc;
  }
  // " onto 4" read as a blank: say that nothing is distributed
  return (s.empty() ? "all arrays replicated" : s) + " onto " + procs.str();
}

} // namespace ps::mapping

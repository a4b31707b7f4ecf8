#include "ddt/local-mapping.h"

#include <algorithm>

namespace ps::ddt {

bool DimPlacement::samePlacement(const DimPlacement& o) const
{
  if (procs != o.procs)
    return false;
  if (!distributed())
    return true;
  return axis == o.axis && offset == o.offset && format == o.format;
}

bool samePlacement(const ArrayLayout& a, const ArrayLayout& b)
{
  if (a.size() != b.size())
    return false;
  for (std::size_t d = 0; d < a.size(); ++d)
    if (!a[d].samePlacement(b[d]))
      return false;
  return true;
}

std::vector<int> distributedDims(const ArrayLayout& layout)
{
  std::vector<int> dims;
  for (std::size_t d = 0; d < layout.size(); ++d)
    if (layout[d].distributed())
      dims.push_back(static_cast<int>(d));
  return dims;
}

std::string formatsText(const ArrayLayout& layout)
{
  // The axis is shown only when dimensions are not on their own axes in order.
  bool inOrder = true;
  int last = -1;
  for (const auto& p : layout)
    if (p.distributed()) {
      inOrder = inOrder && p.axis > last;
      last = p.axis;
    }
  std::string s = "(";
  for (std::size_t d = 0; d < layout.size(); ++d) {
    const auto& p = layout[d];
    if (d)
      s += ",";
    if (!p.distributed()) {
      s += "*";
      continue;
    }
    s += mapping::DistributionFormat{p.format, p.format == mapping::FormatKind::Cyclic ? 1 : 0}.str();
    if (!inOrder)
      s += "@" + std::to_string(p.axis + 1);
  }
  return s + ")";
}

int LocalMapping::processors() const
{
  int p = 1;
  for (int g : grid)
    p *= g;
  return p;
}

int LocalMapping::distributedAxes() const
{
  return static_cast<int>(std::count_if(grid.begin(), grid.end(), [](int g) { return g > 1; }));
}

std::string LocalMapping::str() const
{
  std::vector<std::pair<std::string, std::string>> groups; // formats -> arrays
  for (const auto& [name, layout] : arrays) {
    const auto f = formatsText(layout);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == f; });
    if (it == groups.end())
      groups.push_back({f, name});
    else
      it->second += "," + name;
  }
  std::string s;
  for (const auto& [f, names] : groups)
    s += (s.empty() ? "" : "; ") + names + "=" + f;
  return s;
}

std::string LocalMapping::gridText() const
{
  std::string s;
  for (int g : grid)
    if (g > 1)
      s += (s.empty() ? "" : "x") + std::to_string(g);
  return s.empty() ? "1" : s;
}

LocalMapping permuted(const LocalMapping& m, const std::vector<int>& sigma)
{
  LocalMapping out;
  out.grid.assign(m.grid.size(), 1);
  for (std::size_t a = 0; a < m.grid.size(); ++a)
    out.grid[sigma[a]] = m.grid[a];
  for (const auto& [name, layout] : m.arrays) {
    auto l = layout;
    for (auto& p : l)
      p.axis = sigma[p.axis];
    out.arrays[name] = l;
  }
  return out;
}

} // namespace ps::ddt

#include "ddt/movement.h"

#include <cmath>
#include <cstdlib>

namespace ps::ddt {
namespace {

/// Index of the array dimension placed on `axis` (distributed), or -1.
int dimOnAxis(const ArrayLayout& layout, int axis)
{
  for (std::size_t d = 0; d < layout.size(); ++d)
    if (layout[d].distributed() && layout[d].axis == axis)
      return static_cast<int>(d);
  return -1;
}

double pos(double c) { return c > 0 ? 1.0 : 0.0; }

struct AxisMatch {
  Routine routine = Routine::Local;
  double s = 0;
};

/// Table 3 and Table 4 for subscripts i (lhs) and j (rhs), offsets applied.
AxisMatch matchAxis(const SubscriptForm& i, std::int64_t si, const SubscriptForm& j, std::int64_t sj,
                    mapping::FormatKind format, double dimOverN, int procs, std::int64_t extent)
{
  if (!i.affine || !j.affine)
    return {Routine::AllToAll, dimOverN};
  const std::int64_t ci = i.constant + si, cj = j.constant + sj;
  if (i.coefficients == j.coefficients) {
    const std::int64_t d = ci - cj;
    if (d == 0)
      return {Routine::Local, 0};
    const bool cyclic = format == mapping::FormatKind::Cyclic;
    if (i.isConstant()) { // Copy: local when both indices have one owner
      const std::int64_t block = (extent + procs - 1) / procs;
      const bool same = cyclic ? (d % procs == 0) : ((ci - 1) / block == (cj - 1) / block);
      return {Routine::Copy, same ? 0.0 : 1.0};
    }
    if (cyclic)
      return {Routine::Shift, d % procs == 0 ? 0.0 : dimOverN};
    return {Routine::Shift, static_cast<double>(std::llabs(d))};
  }
  if (j.isConstant())
    return {Routine::OneToAll, 1};
  if (i.isConstant())
    return {Routine::AllToOne, dimOverN};
  return {Routine::AllToAll, dimOverN};
}

} // namespace

const char* routineName(Routine r)
{
  switch (r) {
  case Routine::Local: return "Local_Memory_Access";
  case Routine::Copy: return "Copy";
  case Routine::Shift: return "Shift";
  case Routine::OneToAll: return "One_to_All";
  case Routine::AllToOne: return "All_to_One";
  case Routine::AllToAll: return "All_to_All";
  }
  return "?";
}

std::vector<MovementTerm> patternMovement(const ReferencePattern& pattern, const LocalMapping& mapping,
                                          const ArrayShapes& shapes)
{
  std::vector<MovementTerm> out;
  const auto lhs = mapping.arrays.find(pattern.lhs);
  const auto rhs = mapping.arrays.find(pattern.rhs);
  const auto shape = shapes.find(pattern.rhs);
  if (rhs == mapping.arrays.end() || shape == shapes.end())
    return out; // a replicated rhs is everywhere
  const auto& to = rhs->second;
  for (std::size_t axis = 0; axis < mapping.grid.size(); ++axis) {
    const int p = dimOnAxis(to, static_cast<int>(axis));
    if (p < 0 || p >= static_cast<int>(pattern.rhsSubs.size()))
      continue;
    const int procs = to[p].procs;
    const double dimOverN = static_cast<double>(shape->second.extents[p]) / procs;
    const int q = lhs == mapping.arrays.end() ? -1 : dimOnAxis(lhs->second, static_cast<int>(axis));
    AxisMatch m;
    if (q < 0 || q >= static_cast<int>(pattern.lhsSubs.size()))
      m = {Routine::AllToAll, dimOverN}; // the lhs is replicated along this axis: everyone needs it
    else
      m = matchAxis(pattern.lhsSubs[q], lhs->second[q].offset, pattern.rhsSubs[p], to[p].offset, to[p].format,
                    dimOverN, procs, shape->second.extents[p]);
    if (m.s == 0)
      continue;
    double b = m.s * pos(procs - 1);
    for (std::size_t i = 0; i < to.size(); ++i)
      if (static_cast<int>(i) != p)
        b *= pattern.rhsSubs[i].isConstant() ? 1.0 : static_cast<double>(shape->second.extents[i]) / to[i].procs;
    out.push_back({m.routine, static_cast<int>(axis), b, b * shape->second.elementBytes});
  }
  return out;
}

double remapElements(const ArrayLayout& from, const ArrayLayout& to, const ArrayShape& shape)
{
  if (samePlacement(from, to) || from.size() != to.size())
    return 0;
  const ArrayLayout& target = distributedDims(to).empty() ? from : to;
  int p = -1;
  for (std::size_t d = 0; d < target.size() && p < 0; ++d)
    if (target[d].distributed() && !from[d].samePlacement(to[d]))
      p = static_cast<int>(d);
  if (p < 0)
    p = distributedDims(target).front();
  double b = static_cast<double>(shape.extents[p]) / target[p].procs * pos(target[p].procs - 1);
  for (std::size_t i = 0; i < target.size(); ++i)
    if (static_cast<int>(i) != p)
      b *= static_cast<double>(shape.extents[i]) / target[i].procs;
  return b;
}

} // namespace ps::ddt

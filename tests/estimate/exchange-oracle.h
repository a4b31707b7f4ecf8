#pragma once
// Oracles and generators shared by the exchange-count tests
// (separable-exchange-test.cpp, triangle-exchange-test.cpp): brute force
// over every iteration, random mappings, random triangular nests, and the
// plans of a nest's last statement.
#include "estimate/closed-communication.h"
#include "estimate/owned-iterations.h"
#include "estimate/random-nest.h"
#include "estimate/run-estimate.h"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>

namespace ps::test {

/// Distinct (source, destination, element) of every iteration of levels
/// placement.. with the outer ones at `outer`: the simulation's definition.
inline std::vector<estimate::PairTraffic> bruteForce(const estimate::IterationSpace& space,
                                                     const estimate::ReferencePlan& exec,
                                                     const estimate::ReferencePlan& read, int placement,
                                                     std::vector<std::int64_t> outer, const mapping::Mapping& mapping)
{
  const auto rank = mapping.procs.rank();
  std::set<std::tuple<std::int64_t, std::int64_t, std::array<std::int64_t, 8>>> moved;
  auto visit = [&](std::vector<std::int64_t>& v) {
    std::array<std::int64_t, 8> element{}, index{};
    std::vector<std::int64_t> readOwner(rank), execOwner(rank, -1);
    read.element(v, element.data());
    mapping.ownerCoords(*read.map, element.data(), readOwner.data());
    if (exec.map) {
      exec.element(v, index.data());
      mapping.ownerCoords(*exec.map, index.data(), execOwner.data());
    }
    estimate::forEachProcessor(mapping.procs, execOwner.data(), [&](std::int64_t p) {
      const auto coords = mapping.procs.coordinates(p);
      std::vector<std::int64_t> source(rank);
      for (int d = 0; d < rank; ++d)
        source[d] = readOwner[d] < 0 ? coords[d] : readOwner[d];
      const auto s = mapping.procs.linear(source);
      if (s != p)
        moved.insert({s, p, element});
    });
  };
  if (placement >= space.depth())
    visit(outer);
  else
    space.walk(placement, space.depth(), outer, visit);
  std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> pairs;
  for (const auto& [s, p, e] : moved)
    ++pairs[{s, p}];
  std::vector<estimate::PairTraffic> out;
  for (const auto& [sp, n] : pairs)
    out.push_back({sp.first, sp.second, n});
  return out;
}

inline std::optional<mapping::Mapping> randomMapping(test::RandomNest& r, const test::Program& p, std::string* context)
{
  const bool grid = r.pick(0, 1) == 1;
  const auto procs =
      grid ? std::to_string(r.pick(1, 3)) + "x" + std::to_string(r.pick(2, 4)) : std::to_string(r.pick(2, 7));
  std::string f[4];
  for (auto& s : f)
    s = r.format();
  for (int a = 0; a < 2; ++a) { // as many distributed dimensions as the arrangement
    auto& x = f[2 * a];
    auto& y = f[2 * a + 1];
    if (grid && (x == "*" || y == "*"))
      x = y = "CYCLIC";
    if (!grid && x != "*" && y != "*")
      (r.pick(0, 1) ? x : y) = "*";
    if (!grid && x == "*" && y == "*")
      x = "CYCLIC(2)";
  }
  const auto spec = "a=(" + f[0] + "," + f[1] + "); b=(" + f[2] + "," + f[3] + ")";
  *context = spec + " onto " + procs;
  std::string error;
  auto mapped =
      mapping::mappingFromSpec(*mapping::parseDistSpec(spec, &error), p.unit(), {}, *mapping::parseArrangement(procs));
  return mapped.mapping;
}

/// The iteration space of the nest's last statement and the plans of its
/// write and of its last read (each failure reported with `context`).
struct LastStatement {
  std::optional<estimate::IterationSpace> space;
  std::optional<estimate::ReferencePlan> exec, read;
};

inline LastStatement planLastStatement(const test::Program& p, const mapping::Mapping& mapping,
                                       const std::string& context)
{
  const auto& unit = p.unit();
  const auto& st = unit.statements.back();
  symbolic::EvaluationError error;
  LastStatement out;
  out.space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, {}, &error);
  EXPECT_TRUE(out.space) << error.message << context;
  if (!out.space)
    return out;
  out.exec = estimate::planReference(*st.write(), unit, *out.space, mapping, {}, &error);
  out.read = estimate::planReference(st.refs.back(), unit, *out.space, mapping, {}, &error);
  EXPECT_TRUE(out.exec && out.read) << error.message << context;
  return out;
}

struct TriangularNest {
  std::string text, nestedVariable;
};

inline TriangularNest triangularProgram(test::RandomNest& r)
{
  const char* vars[] = {"i", "j", "k"};
  const int depth = r.pick(2, 3);
  const int nested = r.pick(1, depth - 1), outer = r.pick(0, nested - 1);
  std::string body;
  for (int d = 0; d < depth; ++d) {
    std::string lo = std::to_string(r.pick(1, 5)), hi = std::to_string(r.pick(12, 20));
    if (d == nested) {
      const int shift = r.pick(-1, 2);
      const auto follow = std::string(vars[outer]) + (shift < 0 ? " - " : " + ") + std::to_string(std::abs(shift));
      (r.pick(0, 1) ? lo : hi) = follow;
      if (r.pick(0, 5) == 0) // a band: both ends follow
        (lo == follow ? hi : lo) = std::string(vars[outer]) + (lo == follow ? " + 4" : " - 3");
    }
    int step = d == nested && r.pick(0, 4) == 0 ? 2 : 1;
    if (r.pick(0, 4) == 0) {
      std::swap(lo, hi);
      step = -step;
    }
    body += std::string(d * 2 + 2, ' ') + "do " + vars[d] + " = " + lo + ", " + hi + ", " + std::to_string(step) + "\n";
  }
  auto subscript = [&](bool read) {
    if (r.pick(0, 5) == 0)
      return std::to_string(r.pick(1, 24));
    const int v = read && r.pick(0, 1) ? nested : r.pick(0, depth - 1);
    const int c = r.pick(0, 3) == 0 ? -1 : 1;
    return std::to_string(c < 0 ? 25 + r.pick(-2, 0) : r.pick(-2, 3)) + " + (" + std::to_string(c) + ") * " + vars[v];
  };
  const std::string lhs = "a(" + subscript(false) + ", " + subscript(false) + ")";
  const std::string rhs = "b(" + subscript(true) + ", " + subscript(true) + ")";
  body += std::string(depth * 2 + 2, ' ') + lhs + " = " + rhs + "\n";
  for (int d = depth - 1; d >= 0; --d)
    body += std::string(d * 2 + 2, ' ') + "end do\n";
  return {"program nest\n  integer :: i, j, k\n  double precision :: a(24, "
          "24), b(24, 24)\n" +
              body + "end program nest\n",
          std::string(") * ") + vars[nested] + ")"};
}

} // namespace ps::test

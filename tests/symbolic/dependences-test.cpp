// Exact dependences with isl: hand-derived distance vectors, and a
// brute-force oracle that enumerates every pair of iterations of small nests.
#include "program/loop-nest.h"
#include "symbolic/dependences.h"
#include "test-support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <random>
#include <set>

using namespace ps;
using symbolic::Dependence;

namespace {

std::string rangeText(const symbolic::DistanceRange& r)
{
  if (r.uniform())
    return std::to_string(*r.min);
  return (r.min ? std::to_string(*r.min) : "") + ".." + (r.max ? std::to_string(*r.max) : "");
}

/// "flow a 1->1 L0(1,0) L1(0,1) indep", one line per dependence, sorted;
/// statements by their line in the snippet, "~" when not exact.
std::string summary(const std::vector<Dependence>& deps, const program::Unit& unit, const std::string& kind = "")
{
  auto lineOf = [&](int id) { return std::to_string(unit.statements[id].line); };
  std::vector<std::string> lines;
  for (const auto& d : deps) {
    if (!kind.empty() && kind != symbolic::kindName(d.kind))
      continue;
    std::string s = std::string(symbolic::kindName(d.kind)) + " " + d.array + " " + lineOf(d.sourceStatement) +
                    "->" + lineOf(d.targetStatement);
    for (const auto& c : d.carried) {
      s += " L" + std::to_string(c.level) + "(";
      for (std::size_t l = 0; l < c.distance.size(); ++l)
        s += (l ? "," : "") + rangeText(c.distance[l]);
      s += ")";
    }
    s += d.loopIndependent ? " indep" : "";
    s += d.exact ? "" : " ~";
    lines.push_back(s);
  }
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const auto& l : lines)
    out += l + "\n";
  return out;
}

std::string analyze(const std::string& body, const symbolic::Bindings& values, const std::string& kind = "flow",
                    const std::string& decls = "")
{
  const auto text = "program t\n  integer :: n, i, j, k, ix(100)\n  real :: a(100), b(100), x(100,100), y(100,100)\n" + decls +
                    body + "end program t\n";
  auto p = test::build(text);
  EXPECT_TRUE(p.model.diagnostics.empty());
  const auto* root = &p.unit().loops.at(0);
  auto deps = symbolic::analyzeDependences(program::loopNestOf(p.unit(), *root), values);
  return summary(deps, p.unit(), kind);
}

// ---- brute force ---------------------------------------------------------------

struct Instance {
  int statement;        // index into nest.statements
  std::vector<std::int64_t> iv; // loop values, statement depth
  std::int64_t order;   // position in execution order
};

/// Every statement instance of `nest` in execution order (bounds evaluated at `values`).
std::vector<Instance> enumerate(const symbolic::LoopNest& nest, const symbolic::Bindings& values)
{
  std::vector<Instance> out;
  // Walk the loop tree: children of loop l are the loops and statements whose path continues below l.
  std::function<void(std::size_t, std::vector<int>, symbolic::Bindings, std::vector<std::int64_t>)> walk =
    [&](std::size_t depth, std::vector<int> path, symbolic::Bindings b, std::vector<std::int64_t> iv) {
      std::set<int> seen;
      for (std::size_t s = 0; s < nest.statements.size(); ++s) {
        const auto& st = nest.statements[s];
        if (!std::equal(path.begin(), path.end(), st.loops.begin(), st.loops.begin() + std::min(path.size(), st.loops.size())) ||
            st.loops.size() < depth)
          continue;
        if (st.loops.size() == depth) {
          out.push_back({static_cast<int>(s), iv, static_cast<std::int64_t>(out.size())});
          continue;
        }
        const int l = st.loops[depth];
        if (!seen.insert(l).second)
          continue;
        const auto& loop = nest.loops[l];
        const auto lo = *loop.lower.evaluate(b), hi = *loop.upper.evaluate(b);
        for (auto v = lo; loop.step > 0 ? v <= hi : v >= hi; v += loop.step) {
          auto b2 = b;
          b2[loop.variable] = v;
          auto p2 = path;
          p2.push_back(l);
          auto iv2 = iv;
          iv2.push_back(v);
          // only this loop's subtree: statements listed in source order under it
          walk(depth + 1, p2, b2, iv2);
        }
      }
    };
  walk(0, {}, values, {});
  return out;
}

std::vector<std::int64_t> element(const symbolic::NestAccess& a, const symbolic::LoopNest& nest,
                                  const symbolic::NestStatement& st, const std::vector<std::int64_t>& iv,
                                  symbolic::Bindings b)
{
  for (std::size_t l = 0; l < iv.size(); ++l)
    b[nest.loops[st.loops[l]].variable] = iv[l];
  std::vector<std::int64_t> e;
  for (const auto& f : *a.subscripts) {
    auto v = *f.constant.evaluate(b);
    for (const auto& [var, c] : f.coefficients)
      v += c * b.at(var);
    e.push_back(v);
  }
  return e;
}

/// The summary the analysis must produce, from every pair of instances.
std::string bruteForce(const std::string& body, const symbolic::Bindings& values, const std::string& kind)
{
  const auto text = "program t\n  integer :: n, i, j, k, ix(100)\n  real :: a(100), b(100), x(100,100), y(100,100)\n" + body +
                    "end program t\n";
  auto p = test::build(text);
  const auto nest = program::loopNestOf(p.unit(), p.unit().loops.at(0));
  const auto instances = enumerate(nest, values);
  // (kind, array, src stmt, src access, dst stmt, dst access) -> level -> per-level min/max
  using Key = std::tuple<int, int, int, int>;
  std::map<Key, std::map<int, std::vector<std::pair<std::int64_t, std::int64_t>>>> carried;
  std::map<Key, bool> indep;
  for (const auto& s : instances)
    for (const auto& t : instances) {
      if (t.order < s.order)
        continue;
      const auto& ss = nest.statements[s.statement];
      const auto& ts = nest.statements[t.statement];
      for (int i = 0; i < static_cast<int>(ss.accesses.size()); ++i)
        for (int j = 0; j < static_cast<int>(ts.accesses.size()); ++j) {
          const auto& x = ss.accesses[i];
          const auto& y = ts.accesses[j];
          const bool match = kind == "flow" ? x.isWrite && !y.isWrite : kind == "anti" ? !x.isWrite && y.isWrite : x.isWrite && y.isWrite;
          if (!match || x.array != y.array)
            continue;
          if (t.order == s.order && !(i < j))
            continue; // one instance: reads (listed first) before the write
          if (element(x, nest, ss, s.iv, values) != element(y, nest, ts, t.iv, values))
            continue;
          int common = 0;
          while (common < static_cast<int>(std::min(ss.loops.size(), ts.loops.size())) && ss.loops[common] == ts.loops[common])
            ++common;
          int level = 0;
          while (level < common && s.iv[level] == t.iv[level])
            ++level;
          const Key key{ss.id, i, ts.id, j};
          if (level == common) {
            indep[key] = true;
            continue;
          }
          auto& ranges = carried[key][level];
          if (ranges.empty())
            ranges.assign(common, {INT64_MAX, INT64_MIN});
          for (int l = 0; l < common; ++l) {
            const auto d = (t.iv[l] - s.iv[l]) / nest.loops[ss.loops[l]].step;
            ranges[l] = {std::min(ranges[l].first, d), std::max(ranges[l].second, d)};
          }
        }
    }
  std::vector<Dependence> deps;
  std::set<Key> keys;
  for (const auto& [k, v] : carried)
    keys.insert(k);
  for (const auto& [k, v] : indep)
    keys.insert(k);
  for (const auto& k : keys) {
    Dependence d;
    d.kind = kind == "flow" ? symbolic::DependenceKind::Flow : kind == "anti" ? symbolic::DependenceKind::Anti : symbolic::DependenceKind::Output;
    d.sourceStatement = std::get<0>(k);
    d.targetStatement = std::get<2>(k);
    d.array = nest.statements[d.sourceStatement].accesses[std::get<1>(k)].array;
    d.loopIndependent = indep.count(k) > 0;
    for (const auto& [level, ranges] : carried[k]) {
      symbolic::CarriedLevel c{level, {}};
      for (const auto& [lo, hi] : ranges)
        c.distance.push_back({lo, hi});
      d.carried.push_back(c);
    }
    deps.push_back(d);
  }
  return summary(deps, p.unit());
}

const char* kAdiForward = "  do j = 2, n\n"
                          "    do i = 1, n\n"
                          "      x(i,j) = x(i,j) - x(i,j-1) * a(i) / y(i,j-1)\n"
                          "      y(i,j) = y(i,j) - a(i) * a(i) / y(i,j-1)\n"
                          "    end do\n"
                          "  end do\n";

} // namespace

TEST(Dependences, UniformRecurrence)
{
  // a(i) is read one iteration after it is written: distance 1, level 0
  EXPECT_EQ(analyze("  do i = 2, n\n    a(i) = a(i-1) + 1\n  end do\n", {}), "flow a 5->5 L0(1)\n");
  EXPECT_EQ(analyze("  do i = 2, n\n    a(i) = a(i-1) + 1\n  end do\n", {}, "anti"), "");
}

TEST(Dependences, NoDependenceAndLoopIndependentAnti)
{
  EXPECT_EQ(analyze("  do i = 1, n\n    b(i) = a(i)\n  end do\n", {}, ""), "");
  // the read of a(i) comes before the write of a(i) in the same iteration
  EXPECT_EQ(analyze("  do i = 1, n\n    a(i) = a(i) + 1\n  end do\n", {}, ""), "anti a 5->5 indep\n");
}

TEST(Dependences, TwoStatementsCarriedByTheOuterLoop)
{
  // ADI's forward sweep (line 35 of sampleprograms/adi.f, y for b): column
  // j-1 feeds column j, distance (1,0) for x and y, in both statements.
  const auto flow = analyze(kAdiForward, {{"n", 8}});
  EXPECT_EQ(flow, "flow x 6->6 L0(1,0)\n"
                  "flow y 7->6 L0(1,0)\n"
                  "flow y 7->7 L0(1,0)\n");
  EXPECT_EQ(flow, bruteForce(kAdiForward, {{"n", 8}}, "flow"));
  EXPECT_EQ(analyze(kAdiForward, {}), flow); // n unknown: an isl parameter
  // x(i,j) and y(i,j) are read before they are written in one iteration
  EXPECT_EQ(analyze(kAdiForward, {}, "anti"), "anti x 6->6 indep\nanti y 7->7 indep\n");
}

TEST(Dependences, DistancesOverAParameterAreUnbounded)
{
  // y(j) is written by every i: read y(j-1) one j later at any i distance;
  // with n unknown the i distance has no bound, with n = 8 it is -7..7
  const char* nest = "  do j = 2, n\n    do i = 1, n\n      b(j) = b(j-1) + a(i)\n    end do\n  end do\n";
  EXPECT_EQ(analyze(nest, {}), "flow b 6->6 L0(1,..)\n");
  EXPECT_EQ(analyze(nest, {{"n", 8}}), "flow b 6->6 L0(1,-7..7)\n");
  EXPECT_EQ(analyze(nest, {{"n", 8}}), bruteForce(nest, {{"n", 8}}, "flow"));
  // the output dependence of b(j) over i is carried by the inner loop
  EXPECT_EQ(analyze(nest, {{"n", 8}}, "output"), "output b 6->6 L1(0,1..7)\n");
}

TEST(Dependences, CoupledSubscriptTheUniformTestCannotDecide)
{
  // a(i+j) = a(i+j-1): a read at (i',j') sees the write at (i,j) when
  // i'+j' = i+j+1. Level 0: i' - i = d in 1..n-1 and j' - j = 1 - d; level 1:
  // i' = i, j' = j + 1. With n = 4: d in 1..3, j distance -2..0.
  const char* nest = "  do i = 1, n\n    do j = 1, n\n      a(i+j) = a(i+j-1)\n    end do\n  end do\n";
  EXPECT_EQ(analyze(nest, {{"n", 4}}), "flow a 6->6 L0(1..3,-2..0) L1(0,1)\n");
  EXPECT_EQ(analyze(nest, {{"n", 4}}), bruteForce(nest, {{"n", 4}}, "flow"));
  // anti: the write at (i',j') with i'+j' = i+j-1 later: only at level 0,
  // d >= 1 with j distance -1-d >= 1-4: d in 1..2, j distance -3..-2
  EXPECT_EQ(analyze(nest, {{"n", 4}}, "anti"), "anti a 6->6 L0(1..2,-3..-2)\n");
  EXPECT_EQ(analyze(nest, {{"n", 4}}, "anti"), bruteForce(nest, {{"n", 4}}, "anti"));
  EXPECT_EQ(analyze(nest, {{"n", 4}}, "output"), bruteForce(nest, {{"n", 4}}, "output"));
}

TEST(Dependences, NonUniformDistance)
{
  // a(2*i) = a(i): the write at i is read at i' = 2i, distance i; with
  // n = 10 the read a(i') exists for i' <= 10 so i <= 5: distances 1..5.
  const char* nest = "  do i = 1, n\n    a(2*i) = a(i)\n  end do\n";
  EXPECT_EQ(analyze(nest, {{"n", 10}}), "flow a 5->5 L0(1..5)\n");
  EXPECT_EQ(analyze(nest, {{"n", 10}}), bruteForce(nest, {{"n", 10}}, "flow"));
  EXPECT_EQ(analyze(nest, {{"n", 10}}, "anti"), ""); // a(i) is overwritten only by i' = i/2, earlier
}

TEST(Dependences, StepsCountIterations)
{
  // a backward loop: x(i+1) was written one iteration earlier
  const char* back = "  do i = n - 1, 1, -1\n    a(i) = a(i+1)\n  end do\n";
  EXPECT_EQ(analyze(back, {{"n", 9}}), "flow a 5->5 L0(1)\n");
  EXPECT_EQ(analyze(back, {{"n", 9}}), bruteForce(back, {{"n", 9}}, "flow"));
  // step 2: a(i+2) is read by the next iteration
  const char* strided = "  do i = 1, n, 2\n    a(i+2) = a(i)\n  end do\n";
  EXPECT_EQ(analyze(strided, {{"n", 9}}), "flow a 5->5 L0(1)\n");
  // step 2 over odd i never reads the even elements it writes
  EXPECT_EQ(analyze("  do i = 1, n, 2\n    a(i+1) = a(i)\n  end do\n", {{"n", 9}}, ""), "");
}

TEST(Dependences, NonAffineIsConservativeWithAReason)
{
  auto p = test::build("program t\n  integer :: n, i, ix(100)\n  real :: a(100)\n  do i = 1, n\n"
                       "    a(ix(i)) = a(i)\n  end do\nend program t\n");
  const auto deps = symbolic::analyzeDependences(program::loopNestOf(p.unit(), p.unit().loops.at(0)));
  ASSERT_FALSE(deps.empty());
  EXPECT_EQ(summary(deps, p.unit(), "flow"), "flow a 5->5 L0(1..) ~\n");
  EXPECT_FALSE(deps.front().exact);
  EXPECT_NE(deps.front().reason.find("a(ix(i))"), std::string::npos) << deps.front().reason;
}

TEST(Dependences, TriangularNestAgainstBruteForce)
{
  const char* nest = "  do i = 1, n\n    do j = i, n\n      x(i,j) = x(j,i) + x(i,j-1)\n    end do\n  end do\n";
  for (const char* kind : {"flow", "anti", "output"})
    EXPECT_EQ(analyze(nest, {{"n", 6}}, kind), bruteForce(nest, {{"n", 6}}, kind)) << kind;
}

namespace {

/// A random 1-3 deep nest over i, j, k with bounds in n, m and the outer
/// variables, steps 1, -1 or 2, and two statements reading and writing
/// x and y with affine subscripts (constants, n, the loop variables).
std::string randomNestBody(std::mt19937& rng)
{
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const char* vars[] = {"i", "j", "k"};
  const int depth = pick(1, 3);
  std::string body, close;
  for (int d = 0; d < depth; ++d) {
    const auto outer = [&] { return d > 0 && pick(0, 2) == 0 ? std::string(vars[pick(0, d - 1)]) : std::string("1"); };
    std::string lo = outer(), hi = pick(0, 1) ? "n" : "m + " + std::to_string(pick(0, 3));
    const int step = pick(0, 4) == 0 ? 2 : pick(0, 5) == 0 ? -1 : 1;
    if (step < 0)
      std::swap(lo, hi);
    body += "do " + std::string(vars[d]) + " = " + lo + ", " + hi + (step == 1 ? "" : ", " + std::to_string(step)) + "\n";
    close += "end do\n";
  }
  const auto subscript = [&] {
    const int kind = pick(0, 5);
    if (kind == 0)
      return std::to_string(pick(1, 3));
    if (kind == 1)
      return std::string("n - ") + vars[pick(0, depth - 1)];
    return std::string(vars[pick(0, depth - 1)]) + (pick(0, 1) ? " + " : " - ") + std::to_string(pick(0, 2));
  };
  const auto ref = [&](const char* array) { return std::string(array) + "(" + subscript() + ", " + subscript() + ")"; };
  body += ref("x") + " = " + ref("x") + " + " + ref("y") + "\n";
  body += ref("y") + " = " + ref("x") + " * 2.0\n";
  return body + close;
}

} // namespace

TEST(Dependences, CompiledOverTheUnknownsEqualsTheAnalysisAtValues)
{
  // CompiledDependences analyses once with n and m as isl parameters; at
  // given values it must report what analyzeDependences reports with them
  // bound (levels, distances, loop independence), small sizes included.
  std::mt19937 rng(7);
  int decided = 0, compared = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const auto body = randomNestBody(rng);
    auto p = test::build("program t\n  integer :: n, m, i, j, k\n  real :: x(100,100), y(100,100)\n" + body +
                         "end program t\n");
    const auto nest = program::loopNestOf(p.unit(), p.unit().loops.at(0));
    const std::vector<symbolic::DependenceKind> kinds{symbolic::DependenceKind::Flow, symbolic::DependenceKind::Anti,
                                                      symbolic::DependenceKind::Output};
    const symbolic::CompiledDependences compiled(nest, kinds);
    for (std::int64_t n : {1, 2, 3, 7, 12})
      for (std::int64_t m : {1, 4}) {
        const symbolic::Bindings values{{"n", n}, {"m", m}};
        const auto at = compiled.at(values);
        ++compared;
        if (!at)
          continue;
        ++decided;
        ASSERT_EQ(summary(*at, p.unit()), summary(symbolic::analyzeDependences(nest, values, kinds), p.unit()))
          << body << "n = " << n << ", m = " << m;
      }
    if (body.find('m') != std::string::npos) { // m has no value: the analysis keeps it a parameter
      EXPECT_FALSE(compiled.at({{"n", 5}})) << body;
    }
  }
  // the compiled form decides nearly always (not where a step-2 loop's parity
  // leaves isl an existential without an expression): the comparison is not vacuous
  EXPECT_GT(decided, compared * 4 / 5);
}

TEST(Dependences, CompiledBroadcastRecurrenceAtEveryN)
{
  // x(i) = x(i) + a(i,k)*b(k): the flow on x(i) is carried by k with
  // distance 1..n-1 and none along i; with n = 1 there is no k step to carry it.
  auto p = test::build("program t\n  integer :: n, i, k\n  real :: x(100), a(100,100), b(100)\n"
                       "  do k = 1, n\n    do i = 1, n\n      x(i) = x(i) + a(i,k) * b(k)\n    end do\n  end do\n"
                       "end program t\n");
  const auto nest = program::loopNestOf(p.unit(), p.unit().loops.at(0));
  const symbolic::CompiledDependences compiled(nest, {symbolic::DependenceKind::Flow});
  for (std::int64_t n : {1, 2, 64, 1000000}) {
    const auto at = compiled.at({{"n", n}});
    ASSERT_TRUE(at) << n;
    if (n == 1) {
      EXPECT_TRUE(at->empty());
      continue;
    }
    ASSERT_EQ(at->size(), 1u) << n;
    ASSERT_EQ(at->front().carried.size(), 1u);
    EXPECT_EQ(at->front().carried[0].level, 0);
    EXPECT_EQ(at->front().carried[0].distance[0].min, 1);
    EXPECT_EQ(at->front().carried[0].distance[0].max, n - 1);
    EXPECT_TRUE(at->front().carried[0].distance[1].zero());
  }
}

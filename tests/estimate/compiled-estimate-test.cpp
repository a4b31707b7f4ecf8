// A compiled estimate (CompiledNestEstimate) evaluated at a list of (N, P)
// points equals a fresh estimateNest at each point, field by field, in any
// order and when a point is evaluated again: nothing of one evaluation
// leaks into the next.
#include "estimate/compiled-estimate.h"
#include "estimate/run-estimate.h"

#include <gtest/gtest.h>

using namespace ps;

namespace {

const char* kJacobi = "program jac\n"
                      "  integer :: n, i, j\n"
                      "  double precision :: a(n, n), b(n, n)\n"
                      "  do j = 2, n - 1\n"
                      "    do i = 2, n - 1\n"
                      "      b(i, j) = 0.25d0 * (a(i-1, j) + a(i+1, j) + a(i, j-1) + a(i, j+1))\n"
                      "    end do\n"
                      "  end do\n"
                      "end program jac\n";

const char* kTriangular = "program tri\n"
                          "  integer :: n, i, j\n"
                          "  double precision :: a(n, n), x(n)\n"
                          "  do i = 1, n\n"
                          "    do j = 1, i\n"
                          "      a(i, j) = a(i, j) * x(j)\n"
                          "    end do\n"
                          "  end do\n"
                          "end program tri\n";

/// A recurrence across owners: the nest is serialized or pipelined, with notes naming the point's numbers.
const char* kRecurrence = "program rec\n"
                          "  integer :: n, m, i, j\n"
                          "  double precision :: a(n, n)\n"
                          "  do j = 1, m\n"
                          "    do i = 2, n\n"
                          "      a(i, j) = a(i - 1, j) + 1.0d0\n"
                          "    end do\n"
                          "  end do\n"
                          "end program rec\n";

struct Point {
  symbolic::Bindings values;
  std::string procs;
};

mapping::Mapping mapped(const test::Program& p, const std::string& spec, const Point& at)
{
  std::string error;
  auto s = mapping::parseDistSpec(spec, &error);
  EXPECT_TRUE(s) << error;
  auto m = mapping::mappingFromSpec(*s, p.unit(), at.values, *mapping::parseArrangement(at.procs));
  EXPECT_TRUE(m.mapping);
  return *m.mapping;
}

void expectSame(const estimate::EstimateResult& got, const estimate::EstimateResult& want, const std::string& where)
{
  SCOPED_TRACE(where);
  EXPECT_EQ(got.errors, want.errors);
  EXPECT_EQ(got.missing, want.missing);
  ASSERT_EQ(got.estimate.has_value(), want.estimate.has_value());
  if (!want.estimate)
    return;
  const auto &g = *got.estimate, &w = *want.estimate;
  EXPECT_EQ(g.processors, w.processors);
  EXPECT_EQ(g.arrangement, w.arrangement);
  EXPECT_EQ(g.workPerProc, w.workPerProc); // the same arithmetic in the same order: bitwise equal
  EXPECT_EQ(g.ctPerProc, w.ctPerProc);
  EXPECT_EQ(g.wd, w.wd);
  EXPECT_EQ(g.nt, w.nt);
  EXPECT_EQ(g.ntMaxPerProc, w.ntMaxPerProc);
  EXPECT_EQ(g.tdBytes, w.tdBytes);
  EXPECT_EQ(g.tt, w.tt);
  EXPECT_EQ(g.ct, w.ct);
  EXPECT_EQ(g.time, w.time);
  EXPECT_EQ(g.cmPerProc, w.cmPerProc);
  EXPECT_EQ(g.cm, w.cm);
  EXPECT_EQ(g.cmMax, w.cmMax);
  EXPECT_EQ(g.notes, w.notes);
  EXPECT_EQ(g.parallelism.kind, w.parallelism.kind);
  EXPECT_EQ(g.parallelism.stages, w.parallelism.stages);
  EXPECT_EQ(g.comm.messagesPerProc, w.comm.messagesPerProc);
  EXPECT_EQ(g.comm.bytesPerProc, w.comm.bytesPerProc);
  ASSERT_EQ(g.statements.size(), w.statements.size());
  for (std::size_t s = 0; s < w.statements.size(); ++s) {
    EXPECT_EQ(g.statements[s].work, w.statements[s].work);
    EXPECT_EQ(g.statements[s].cm, w.statements[s].cm);
    EXPECT_EQ(g.statements[s].formulaWhy, w.statements[s].formulaWhy);
  }
}

/// Evaluates `points` in order, then in reverse order, against fresh
/// estimates; returns how many points had an estimate (so a test of
/// nothing fails).
int checkPoints(const char* source, const std::string& spec, const std::vector<Point>& points)
{
  auto p = test::build(source);
  const auto& nest = *p.unit().loopAtLine(4);
  const auto machine = test::unitMachine();
  estimate::CompiledNestEstimate compiled(p.unit(), nest, mapped(p, spec, points.front()), machine);
  int estimated = 0;
  std::vector<std::size_t> order(points.size());
  for (std::size_t i = 0; i < points.size(); ++i)
    order[i] = i;
  for (int pass = 0; pass < 2; ++pass) {
    for (auto i : order) {
      const auto& at = points[i];
      const auto m = mapped(p, spec, at);
      const auto want = estimate::estimateNest(p.unit(), nest, m, machine, at.values);
      expectSame(compiled.evaluate(at.values, m), want,
                 spec + " on " + at.procs + ", point " + std::to_string(i) + ", pass " + std::to_string(pass));
      estimated += want.estimate ? 1 : 0;
    }
    std::reverse(order.begin(), order.end());
  }
  return estimated;
}

} // namespace

TEST(CompiledEstimate, JacobiBlockEqualsFreshEstimates)
{
  const std::vector<Point> points{{{{"n", 16}}, "2x2"}, {{{"n", 33}}, "3x3"}, {{{"n", 16}}, "2x2"},
                                  {{{"n", 64}}, "4x4"}, {{{"n", 33}}, "2x2"}, {{{"n", 64}}, "4x4"}};
  EXPECT_EQ(checkPoints(kJacobi, "a,b=(BLOCK,BLOCK)", points), 12);
}

TEST(CompiledEstimate, JacobiCyclicEqualsFreshEstimates)
{
  const std::vector<Point> points{{{{"n", 20}}, "4"}, {{{"n", 20}}, "2"}, {{{"n", 41}}, "5"}, {{{"n", 20}}, "4"}};
  EXPECT_EQ(checkPoints(kJacobi, "a,b=(CYCLIC,*)", points), 8);
  EXPECT_EQ(checkPoints(kJacobi, "a,b=(CYCLIC(2),CYCLIC(3))", {{{{"n", 30}}, "2x3"}, {{{"n", 17}}, "3x2"}}), 4);
}

TEST(CompiledEstimate, TriangularEqualsFreshEstimates)
{
  const std::vector<Point> points{{{{"n", 10}}, "4"}, {{{"n", 100}}, "8"}, {{{"n", 10}}, "3"}, {{{"n", 100}}, "8"}};
  EXPECT_EQ(checkPoints(kTriangular, "a=(BLOCK,*); x=(BLOCK)", points), 8);
  EXPECT_EQ(checkPoints(kTriangular, "a=(CYCLIC,*)", points), 8);
}

TEST(CompiledEstimate, RecurrenceNotesFollowThePoint)
{
  // (BLOCK,*) carries the recurrence on i across processors: the notes name
  // the point's stages; they must not stay from the previous point.
  const std::vector<Point> points{{{{"n", 12}, {"m", 6}}, "3"}, {{{"n", 40}, {"m", 9}}, "4"}, {{{"n", 12}, {"m", 6}}, "3"}};
  EXPECT_EQ(checkPoints(kRecurrence, "a=(BLOCK,*)", points), 6);
  auto p = test::build(kRecurrence);
  const auto e = test::run(p, 4, "a=(BLOCK,*)", "3", points[0].values);
  EXPECT_EQ(e.parallelism.kind, "pipelined"); // the case whose notes carry numbers of the point
}

TEST(CompiledEstimate, ParallelismOwnersFollowTheValues)
{
  // The parallelism decision's spaces, owner plans and dependences are
  // remembered per values: the pipeline's outer iterations M = m must
  // follow m (6, then 9, then 6) at one arrangement, and survive a change
  // of arrangement at the same values (3, 4, 2 processors).
  const std::vector<Point> points{{{{"n", 12}, {"m", 6}}, "3"}, {{{"n", 12}, {"m", 6}}, "4"},
                                  {{{"n", 12}, {"m", 9}}, "4"}, {{{"n", 12}, {"m", 9}}, "2"},
                                  {{{"n", 12}, {"m", 6}}, "2"}, {{{"n", 12}, {"m", 6}}, "1"}};
  EXPECT_EQ(checkPoints(kRecurrence, "a=(BLOCK,*)", points), 12);
  auto p = test::build(kRecurrence);
  const auto six = test::run(p, 4, "a=(BLOCK,*)", "4", points[1].values);
  const auto nine = test::run(p, 4, "a=(BLOCK,*)", "4", points[2].values);
  EXPECT_EQ(six.parallelism.kind, "pipelined");
  EXPECT_NE(six.parallelism.stages * six.parallelism.strip, nine.parallelism.stages * nine.parallelism.strip)
    << "the points must differ in M for the check above to mean something";
}

TEST(CompiledEstimate, MissingValueThenValuesEqualFreshEstimates)
{
  // A point without m stops with the same error; the next point estimates as if fresh.
  const std::vector<Point> points{{{{"n", 12}, {"m", 6}}, "3"}, {{{"n", 12}}, "3"}, {{{"n", 20}, {"m", 4}}, "2"}};
  EXPECT_EQ(checkPoints(kRecurrence, "a=(*,BLOCK)", points), 4);
  auto p = test::build(kRecurrence);
  const auto m = mapped(p, "a=(*,BLOCK)", points[1]);
  const auto missing = estimate::estimateNest(p.unit(), *p.unit().loopAtLine(4), m, test::unitMachine(), points[1].values);
  EXPECT_EQ(missing.missing, std::vector<std::string>{"m"}); // the point checked above is an error
}

TEST(CompiledEstimate, AnotherMappingStructureRecompiles)
{
  auto p = test::build(kJacobi);
  const auto& nest = *p.unit().loopAtLine(4);
  const auto machine = test::unitMachine();
  const Point at{{{"n", 24}}, "4"};
  const auto rows = mapped(p, "a,b=(BLOCK,*)", at), columns = mapped(p, "a,b=(*,BLOCK)", at);
  estimate::CompiledNestEstimate compiled(p.unit(), nest, rows, machine);
  EXPECT_TRUE(compiled.compiledFor(rows));
  EXPECT_FALSE(compiled.compiledFor(columns));
  expectSame(compiled.evaluate(at.values, columns), estimate::estimateNest(p.unit(), nest, columns, machine, at.values),
             "columns");
  expectSame(compiled.evaluate(at.values, rows), estimate::estimateNest(p.unit(), nest, rows, machine, at.values), "rows");
}

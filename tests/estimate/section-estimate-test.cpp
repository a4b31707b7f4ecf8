// An assignment to an array section (A(2:N-1,J) = B(2:N-1,J-1) + ...) is
// estimated as the FORALL over its triplets: one instance per element, the
// references element by element, each one as the DO loop written out. The
// oracle is that DO loop in the same program: equal work per processor, NT,
// TD, TT and CT. Before, a section was one instance per iteration of the
// enclosing loops with every reference "not affine" (each processor
// fetched all of B).
// Source: Fortran 90, Secs. 6.2.2.3 and 7.5.1.5; HPF 1.1, Sec. 4.1.
#include "program/outline.h"
#include "run-estimate.h"

using namespace ps;

namespace {

const char* kColumns = "program c\n"                                                  // 1
                       "  integer, parameter :: n = 40\n"                             // 2
                       "  real :: a(n, n), b(n, n), x(n), y(n), z(n)\n"               // 3
                       "  integer :: i, j\n"                                          // 4
                       "  do j = 2, n - 1\n"                                          // 5
                       "    a(2:n-1, j) = b(2:n-1, j-1) + b(2:n-1, j+1)\n"            // 6
                       "  end do\n"                                                   // 7
                       "  do j = 2, n - 1\n"                                          // 8
                       "    do i = 2, n - 1\n"                                        // 9
                       "      a(i, j) = b(i, j-1) + b(i, j+1)\n"                      // 10
                       "    end do\n"                                                 // 11
                       "  end do\n"                                                   // 12
                       "  a(2:n-1, 3:n) = b(1:n-2, 1:n-2) * 0.5\n"                    // 13
                       "  forall (j = 3:n, i = 2:n-1) a(i, j) = b(i-1, j-2) * 0.5\n"   // 14
                       "  x(1:n:2) = y(2:n:2)\n"                                      // 15
                       "  do i = 1, n, 2\n"                                           // 16
                       "    x(i) = y(i+1)\n"                                          // 17
                       "  end do\n"                                                   // 18
                       "  x(n:1:-1) = y\n"                                            // 19
                       "  do i = n, 1, -1\n"                                          // 20
                       "    x(i) = y(n+1-i)\n"                                        // 21
                       "  end do\n"                                                   // 22
                       "  x(2:n) = x(1:n-1)\n"                                        // 23
                       "  x(1:n) = y(1:n) / sum(z(1:n))\n"                            // 24
                       "  where (y(1:n) > 0.0) x(1:n) = y(1:n)\n"                     // 25
                       "end program c\n";

void expectSameEstimate(const estimate::Estimate& section, const estimate::Estimate& loop)
{
  EXPECT_EQ(section.workPerProc, loop.workPerProc);
  EXPECT_EQ(section.nt, loop.nt);
  EXPECT_EQ(section.tdBytes, loop.tdBytes);
  EXPECT_DOUBLE_EQ(section.tt, loop.tt);
  EXPECT_DOUBLE_EQ(section.ct, loop.ct);
  EXPECT_EQ(section.parallelism.kind, loop.parallelism.kind);
}

} // namespace

TEST(SectionEstimate, AColumnSectionInALoopIsTheInnerDoLoop)
{
  auto p = test::build(kColumns);
  ASSERT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  const std::pair<const char*, const char*> variants[] = {
      {"a,b=(*,BLOCK)", "4"}, {"a,b=(BLOCK,*)", "4"}, {"a,b=(CYCLIC,BLOCK)", "2x2"}, {"a,b=(*,CYCLIC(3))", "3"}};
  for (const auto& [spec, procs] : variants) {
    SCOPED_TRACE(std::string(spec) + " on " + procs);
    expectSameEstimate(test::run(p, 5, spec, procs, {}), test::run(p, 8, spec, procs, {}));
  }
  // by hand: 38 x 38 updates, columns 2..39 over column blocks 1-10, 11-20, 21-30, 31-40: 9, 10, 10, 9
  // columns, each 38 elements; the two shifted columns cross each of the 3 boundaries both ways, 38
  // elements of 4 bytes each: 6 messages of 152 bytes
  const auto blocks = test::run(p, 5, "a,b=(*,BLOCK)", "4", {});
  EXPECT_EQ(blocks.workPerProc, (std::vector<double>{38 * 9, 38 * 10, 38 * 10, 38 * 9}));
  EXPECT_EQ(blocks.nt, 6);
  EXPECT_EQ(blocks.tdBytes, 6 * 152);
}

TEST(SectionEstimate, TwoDimensionalStridedAndReversedSectionsAreTheirLoops)
{
  auto p = test::build(kColumns);
  for (const auto& [spec, procs] : {std::pair{"a,b=(BLOCK,BLOCK)", "2x2"}, std::pair{"a,b=(CYCLIC,*)", "4"}}) {
    SCOPED_TRACE(spec);
    expectSameEstimate(test::run(p, 13, spec, procs, {}), test::run(p, 14, spec, procs, {}));
  }
  for (const auto* spec : {"x,y=(BLOCK)", "x,y=(CYCLIC)", "x=(BLOCK);y=(CYCLIC)"}) {
    SCOPED_TRACE(spec);
    expectSameEstimate(test::run(p, 15, spec, "4", {}), test::run(p, 16, spec, "4", {}));
    expectSameEstimate(test::run(p, 19, spec, "4", {}), test::run(p, 20, spec, "4", {}));
  }
  // x(n:1:-1) = y under BLOCK on 4: x(i) reads y(41-i), so blocks 1 and 4 swap, 2 and 3 swap: 4 messages of 10 elements
  const auto reversed = test::run(p, 19, "x,y=(BLOCK)", "4", {});
  EXPECT_EQ(reversed.nt, 4);
  EXPECT_EQ(reversed.tdBytes, 4 * 40);
}

TEST(SectionEstimate, ASectionReadsItsRightSideBeforeAssigning)
{
  auto p = test::build(kColumns);
  // x(2:n) = x(1:n-1) is no recurrence: one element across each of the 3 block boundaries
  const auto shift = test::run(p, 23, "x=(BLOCK)", "4", {});
  EXPECT_EQ(shift.parallelism.kind, "parallel");
  EXPECT_EQ(shift.nt, 3);
  EXPECT_EQ(shift.tdBytes, 12);
  EXPECT_EQ(shift.workPerProc, (std::vector<double>{9, 10, 10, 10}));
}

TEST(SectionEstimate, AReductionInsideKeepsItsArgumentWhole)
{
  auto p = test::build(kColumns);
  const auto& unit = p.unit();
  const auto* loop = unit.loopAtLine(24);
  ASSERT_NE(loop, nullptr);
  EXPECT_TRUE(loop->isSection);
  const auto st = std::find_if(unit.statements.begin(), unit.statements.end(), [](const auto& s) { return s.line == 24; });
  ASSERT_NE(st, unit.statements.end());
  ASSERT_EQ(st->refs.size(), 3u);
  EXPECT_EQ(st->refs[0].subscripts[0].kind, program::SubscriptKind::Affine); // x(1:n)
  EXPECT_EQ(st->refs[1].subscripts[0].kind, program::SubscriptKind::Affine); // y(1:n)
  EXPECT_EQ(st->refs[2].subscripts[0].kind, program::SubscriptKind::Triplet); // z(1:n), SUM's
  // 40 instances, owner computes: 10 on each of 4 blocks
  const auto e = test::run(p, 24, "x,y,z=(BLOCK)", "4", {});
  EXPECT_EQ(e.workPerProc, (std::vector<double>{10, 10, 10, 10}));
}

TEST(SectionEstimate, TheModelNamesTheSectionLoops)
{
  auto p = test::build(kColumns);
  const auto& unit = p.unit();
  const auto* outer = unit.loopAtLine(13);
  ASSERT_NE(outer, nullptr);
  ASSERT_EQ(outer->children.size(), 1u);
  const auto& inner = unit.loops[outer->children[0]];
  // the first triplet innermost, as Fortran's array element order
  std::vector<std::string> headers;
  const auto outline = program::outlineJson(*p.parsed, p.model);
  for (const auto& l : outline["units"][0]["loops"])
    if (l["line"] == 13)
      headers.push_back(l["header"]);
  EXPECT_EQ(headers, (std::vector<std::string>{"array section i2_ = 3:40", "array section i1_ = 2:39"}));
  EXPECT_TRUE(outer->isForall && inner.isSection);
  // a WHERE's assignment stays an array assignment
  EXPECT_EQ(unit.loopAtLine(25), nullptr);
}

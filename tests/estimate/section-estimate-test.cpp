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

/// The first statement on `line` (the test programs have one there).
const program::Statement& statementAt(const program::Unit& unit, int line)
{
  return *std::find_if(unit.statements.begin(), unit.statements.end(), [&](const auto& s) { return s.line == line; });
}

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
  const auto& st = statementAt(unit, 24);
  ASSERT_EQ(st.refs.size(), 3u);
  EXPECT_EQ(st.refs[0].subscripts[0].kind, program::SubscriptKind::Affine); // x(1:n)
  EXPECT_EQ(st.refs[1].subscripts[0].kind, program::SubscriptKind::Affine); // y(1:n)
  EXPECT_EQ(st.refs[2].subscripts[0].kind, program::SubscriptKind::Triplet); // z(1:n), SUM's
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
  // a WHERE of sections runs over the first assignment's elements, its mask in the same loop
  const auto* masked = unit.loopAtLine(25);
  ASSERT_NE(masked, nullptr);
  EXPECT_TRUE(masked->isSection);
  EXPECT_EQ(statementAt(unit, 25).kind, program::StatementKind::Control);
  EXPECT_EQ(statementAt(unit, 25).loops.back(), masked->id);
  const auto e = test::run(p, 25, "x,y=(BLOCK)", "4", {});
  EXPECT_EQ(e.nt, 0); // y(1:n) is x(1:n)'s own
  EXPECT_EQ(e.tdBytes, 0);
}

namespace {

const char* kEdges = "program e\n"                                                   // 1
                     "  integer, parameter :: n = 40, m = 8\n"                       // 2
                     "  real :: a(m, n), b(n * m), x(0:n), y(n), w(m, n)\n"          // 3
                     "  integer :: ioff(n), idx(m), i, k, i1_\n"                     // 4
                     "  do i = 1, n\n"                                               // 5
                     "    k = ioff(i)\n"                                             // 6
                     "    a(1:m, i) = b(k+1:k+m)\n"                                  // 7
                     "  end do\n"                                                    // 8
                     "  do i1_ = 1, n\n"                                             // 9
                     "    a(1:m, i1_) = w(1:m, i1_)\n"                               // 10
                     "  end do\n"                                                    // 11
                     "  a(idx, 1:n) = 0.0\n"                                         // 12
                     "  x(:n-1) = y(1:)\n"                                           // 13
                     "  do i = 0, n - 1\n"                                           // 14
                     "    x(i) = y(i+1)\n"                                           // 15
                     "  end do\n"                                                    // 16
                     "  y(1:n) = alog(y(1:n)) + amax1(y(1:n), 0.0)\n"                // 17
                     "  y(1:39:2) = x(0:19)\n"                                       // 18
                     "  do i = 0, 19\n"                                              // 19
                     "    y(1+2*i) = x(i)\n"                                         // 20
                     "  end do\n"                                                    // 21
                     "  y(1:37:4) = x(0:27:3)\n"                                     // 22
                     "  do i = 0, 9\n"                                               // 23
                     "    y(1+4*i) = x(3*i)\n"                                       // 24
                     "  end do\n"                                                    // 25
                     "end program e\n";

} // namespace

TEST(SectionEstimate, EdgesOfTheSectionModel)
{
  auto p = test::build(kEdges);
  const auto& unit = p.unit();
  // a lower bound set from data in the loop (K = IOFF(I)) is no fixed shift, and asks for no value of K
  const auto& gather = statementAt(unit, 7);
  EXPECT_EQ(gather.refs[0].subscripts[0].kind, program::SubscriptKind::Affine);
  EXPECT_NE(gather.refs[1].subscripts[0].kind, program::SubscriptKind::Affine);
  EXPECT_EQ(std::count(unit.unknowns.begin(), unit.unknowns.end(), "k"), 0);
  // the user's own I1_ is not the section's variable: A(1:M, I1_) is no diagonal
  const auto& copy = statementAt(unit, 10);
  ASSERT_EQ(copy.loops.size(), 2u);
  const auto& section = unit.loops[copy.loops[1]];
  EXPECT_TRUE(section.isSection);
  EXPECT_NE(section.variable, "i1_");
  EXPECT_EQ(copy.refs[0].subscripts[0].affine.coefficients.count(section.variable), 1u);
  EXPECT_EQ(copy.refs[0].subscripts[1].affine.coefficients.count("i1_"), 1u);
  // a vector subscript on the target has its own extent: left as an array assignment
  EXPECT_EQ(unit.loopAtLine(12), nullptr);
  // omitted bounds are the declared ones, X(0:N): X(0:39) = Y(1:40)
  for (const auto* spec : {"x,y=(BLOCK)", "x=(CYCLIC);y=(BLOCK)"})
    expectSameEstimate(test::run(p, 13, spec, "4", {}), test::run(p, 14, spec, "4", {}));
  // the F77 specific names are elemental too
  for (const auto& r : statementAt(unit, 17).refs)
    EXPECT_EQ(r.subscripts[0].kind, program::SubscriptKind::Affine) << r.text();
  // strides that do not divide the target's: the loop runs over element positions
  for (const auto* spec : {"x,y=(BLOCK)", "x=(CYCLIC);y=(BLOCK)", "x,y=(CYCLIC(3))"}) {
    SCOPED_TRACE(spec);
    expectSameEstimate(test::run(p, 18, spec, "4", {}), test::run(p, 19, spec, "4", {}));
    expectSameEstimate(test::run(p, 22, spec, "4", {}), test::run(p, 23, spec, "4", {}));
  }
  // by hand, BLOCK on 4 (x(0:40) in blocks of 11, y(1:40) of 10): y(1+2i) = x(i) sends x(5:9) from
  // the first to the second, x(10) and x(11:14) to the third, x(15:19) to the fourth: 15 elements
  const auto spread = test::run(p, 18, "x,y=(BLOCK)", "4", {});
  EXPECT_EQ(spread.nt, 4);
  EXPECT_EQ(spread.tdBytes, 60);
}

TEST(SectionEstimate, ColonsOnlyAreTheirLoopsToo)
{
  // A(:) = B(:) + 1.0 with B mapped otherwise was one instance with all of B fetched, while
  // A(1:N) = B(1:N) + 1.0 was its loop (a new user's w1/w2 pair): both are the loop now
  auto p = test::build("program w\n"                        // 1
                       "  integer, parameter :: n = 100\n"  // 2
                       "  real :: a(n), b(n)\n"             // 3
                       "  integer :: i\n"                   // 4
                       "  a(:) = b(:) + 1.0\n"              // 5
                       "  a(1:n) = b(1:n) + 1.0\n"          // 6
                       "  do i = 1, n\n"                    // 7
                       "    a(i) = b(i) + 1.0\n"            // 8
                       "  end do\n"                         // 9
                       "end program w\n");
  for (const auto* spec : {"a=(BLOCK);b=(CYCLIC)", "a,b=(BLOCK)"}) {
    SCOPED_TRACE(spec);
    const auto loop = test::run(p, 7, spec, "4", {});
    expectSameEstimate(test::run(p, 5, spec, "4", {}), loop);
    expectSameEstimate(test::run(p, 6, spec, "4", {}), loop);
  }
}

TEST(SectionEstimate, ARankMismatchIsAWarning)
{
  auto p = test::build("program r\n"
                       "  integer, parameter :: n = 10\n"
                       "  real :: a(n), c(n, n)\n"
                       "  a(1:n) = c(1:n, 1:n)\n"
                       "end program r\n");
  const auto diagnostics = program::allDiagnostics(*p.parsed, p.model);
  ASSERT_EQ(diagnostics.size(), 1u);
  EXPECT_EQ(diagnostics[0].severity(), fortran::Severity::Warning);
  EXPECT_EQ(diagnostics[0].message(), "Section 'c(1:n,1:n)' has rank 2 and the assigned one rank 1: they are not "
                                      "conformable; it is read whole");
}

TEST(SectionEstimate, AZeroStrideIsAnError)
{
  auto p = test::build("program z\n"
                       "  integer, parameter :: n = 10, s = 0\n"
                       "  real :: a(n), b(n)\n"
                       "  a(1:n:s) = b(1:n:s)\n"
                       "end program z\n");
  const auto diagnostics = program::allDiagnostics(*p.parsed, p.model);
  ASSERT_EQ(diagnostics.size(), 2u); // once per reference, at its stride
  for (const auto& d : diagnostics) {
    EXPECT_EQ(d.severity(), fortran::Severity::Error);
    EXPECT_EQ(d.message(), "The stride of a section must not be zero (Fortran 90, 6.2.2.3.1)");
  }
  EXPECT_EQ(p.unit().loopAtLine(4), nullptr); // no loop over it
}

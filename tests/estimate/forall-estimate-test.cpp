// A FORALL is estimated as the perfect DO nest over its indices: the same
// work, NT and TD under BLOCK distributions, in statement and construct
// form. What FORALL adds is its semantics: every right-hand side is read
// before any element is assigned, so a shift through one array is a
// parallel nest with one message per boundary, not a recurrence.
// Source: HPF 1.1, Sec. 4.1; P3T+, Defs. 3.1-3.6.
#include "run-estimate.h"

using namespace ps;

namespace {

const char* kStencils = "program f\n"                                                                      // 1
                        "  integer, parameter :: n = 64\n"                                                 // 2
                        "  real :: a(n, n), b(n, n)\n"                                                     // 3
                        "  integer :: i, j\n"                                                              // 4
                        "  do j = 2, n - 1\n"                                                              // 5
                        "    do i = 2, n - 1\n"                                                            // 6
                        "      b(i, j) = a(i-1, j) + a(i+1, j) + a(i, j-1) + a(i, j+1)\n"                  // 7
                        "    end do\n"                                                                     // 8
                        "  end do\n"                                                                       // 9
                        "  forall (j = 2:n-1, i = 2:n-1) b(i, j) = a(i-1, j) + a(i+1, j) + a(i, j-1) + a(i, j+1)\n" // 10
                        "  forall (j = 2:n-1)\n"                                                           // 11
                        "    forall (i = 2:n-1)\n"                                                         // 12
                        "      b(i, j) = a(i-1, j) + a(i+1, j) + a(i, j-1) + a(i, j+1)\n"                  // 13
                        "    end forall\n"                                                                 // 14
                        "  end forall\n"                                                                   // 15
                        "end program f\n";

} // namespace

TEST(ForallEstimate, SameParametersAsTheDoNest)
{
  auto p = test::build(kStencils);
  ASSERT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  const std::pair<const char*, const char*> variants[] = {
      {"a,b=(*,BLOCK)", "4"}, {"a,b=(BLOCK,*)", "4"}, {"a,b=(BLOCK,BLOCK)", "2x2"}, {"a,b=(CYCLIC,BLOCK)", "2x2"}};
  for (const auto& [spec, procs] : variants) {
    SCOPED_TRACE(std::string(spec) + " on " + procs);
    const auto loop = test::run(p, 5, spec, procs, {});
    ASSERT_GT(loop.nt, 0);
    for (const int line : {10, 11}) {
      const auto forall = test::run(p, line, spec, procs, {});
      EXPECT_EQ(forall.workPerProc, loop.workPerProc) << line;
      EXPECT_EQ(forall.nt, loop.nt) << line;
      EXPECT_EQ(forall.tdBytes, loop.tdBytes) << line;
      EXPECT_DOUBLE_EQ(forall.tt, loop.tt) << line;
      EXPECT_DOUBLE_EQ(forall.ct, loop.ct) << line;
      EXPECT_EQ(forall.parallelism.kind, "parallel") << line;
    }
  }
  // 62 x 62 updates over 4 column blocks of 16: 15, 16, 16, 15 columns
  const auto blocks = test::run(p, 10, "a,b=(*,BLOCK)", "4", {});
  EXPECT_EQ(blocks.workPerProc, (std::vector<double>{62 * 15, 62 * 16, 62 * 16, 62 * 15}));
}

TEST(ForallEstimate, AShiftIsParallelUnderForallAndARecurrenceUnderDo)
{
  auto p = test::build("program s\n"
                       "  integer, parameter :: n = 16\n"
                       "  real :: x(n)\n"
                       "  integer :: i\n"
                       "  forall (i = 2:n) x(i) = x(i-1)\n"
                       "  do i = 2, n\n"
                       "    x(i) = x(i-1)\n"
                       "  end do\n"
                       "end program s\n");
  const auto forall = test::run(p, 5, "x=(BLOCK)", "4", {});
  const auto loop = test::run(p, 6, "x=(BLOCK)", "4", {});
  EXPECT_EQ(forall.parallelism.kind, "parallel");
  EXPECT_EQ(loop.parallelism.kind, "serialized");
  // one element of 4 bytes across each of the 3 block boundaries, hoisted out of the FORALL
  EXPECT_EQ(forall.nt, 3);
  EXPECT_EQ(forall.tdBytes, 12);
  EXPECT_EQ(forall.workPerProc, (std::vector<double>{3, 4, 4, 4}));
}

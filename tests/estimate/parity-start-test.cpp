// A loop that starts at A + MOD(E, M) with step M (red-black and odd-even
// sweeps): counted from A with step M, with a note; it was left out (0 ms).
#include "estimate/run-estimate.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ps;

namespace {

// Red-black SOR on 16 x 16 under (*,BLOCK): hand-checked, every colour of
// every inner column has 7 points (I = 2..14 or 3..15, step 2).
const char* kRedBlack = "program redblk\n"
                        "  integer, parameter :: n = 16\n"
                        "  real :: u(n, n), f(n, n)\n"
                        "  integer :: i, j, is\n"
                        "  ! the red points, then the black ones\n"
                        "  do is = 0, 1\n"
                        "    do j = 2, n - 1\n"
                        "      do i = 2 + mod(j + is, 2), n - 1, 2\n"
                        "        u(i, j) = 0.25 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1) - f(i, j))\n"
                        "      end do\n"
                        "    end do\n"
                        "  end do\n"
                        "end program redblk\n";

} // namespace

TEST(ParityStart, RedBlackSweepIsCountedFromItsFirstColourWithANote)
{
  const auto p = test::build(kRedBlack, "redblk.f90");
  const auto* loop = p.unit().loopAtLine(8);
  ASSERT_NE(loop, nullptr);
  EXPECT_TRUE(loop->boundsKnown);
  EXPECT_EQ(loop->lower.asInteger(), 2);
  EXPECT_EQ(loop->step.asInteger(), 2);
  const auto e = test::run(p, 6, "u=(*,BLOCK); f=(*,BLOCK)", "4", {});
  // columns 2..15 over blocks of 4: 3, 4, 4, 3 columns, 2 colours x 7 points each
  const std::vector<double> points{42, 56, 56, 42};
  ASSERT_EQ(e.workPerProc.size(), 4u);
  for (std::size_t q = 0; q < 4; ++q)
    EXPECT_DOUBLE_EQ(e.workPerProc[q] / e.workPerProc[0], points[q] / points[0]) << "processor " << q;
  // the same as the sweep written from 2 with step 2, which has as many points per column
  std::string twin = kRedBlack;
  twin.replace(twin.find("2 + mod(j + is, 2)"), 18, "2");
  const auto fromTwo = test::run(test::build(twin, "twin.f90"), 6, "u=(*,BLOCK); f=(*,BLOCK)", "4", {});
  EXPECT_EQ(e.workPerProc, fromTwo.workPerProc);
  // but not its recurrence: U(I,J-1) is the other colour, so one colour's sweep runs in parallel
  EXPECT_EQ(e.parallelism.kind, "parallel");
  EXPECT_NE(fromTwo.parallelism.kind, "parallel");
  EXPECT_GT(e.comm.messagesPerProc[1], 0); // U(I,J-1) and U(I,J+1) across the block edges
  EXPECT_NE(std::find_if(e.notes.begin(), e.notes.end(),
                         [](const auto& n) {
                           return n.find("The loop at line 8 starts at 2 + mod(j + is, 2) with step 2: it is "
                                         "counted from 2") != std::string::npos;
                         }),
            e.notes.end());
}

TEST(ParityStart, AnotherModulusThanTheStepIsStillNotCounted)
{
  const auto p = test::build("program t\n  integer :: i, j\n  real :: a(20, 20)\n  do j = 1, 20\n"
                             "    do i = 1 + mod(j, 3), 20, 2\n      a(i, j) = 0.0\n    end do\n  end do\n"
                             "end program t\n");
  EXPECT_FALSE(p.unit().loopAtLine(5)->boundsKnown);
}

TEST(ParityStart, ACyclicDimensionThatSplitsTheColoursSaysTheWorkPerProcessorIsApproximate)
{
  // (CYCLIC,*) on 2: a column's red points are on one processor, the next
  // column's on the other; counted from 2 they all land on processor 1
  // (rows 2, 4, ...), where each processor runs half. The estimate says so.
  const auto p = test::build(kRedBlack, "redblk.f90");
  const auto cyclic = test::run(p, 6, "u=(CYCLIC,*); f=(CYCLIC,*)", "2", {});
  const std::string clause = "under CYCLIC along its dimension the points of one start lie on other processors";
  EXPECT_TRUE(std::any_of(cyclic.notes.begin(), cyclic.notes.end(),
                          [&](const auto& n) { return n.find(clause) != std::string::npos; }));
  // under BLOCK, CYCLIC(2) and along the columns the colours share their processors: no clause
  for (const auto* spec : {"u=(BLOCK,*); f=(BLOCK,*)", "u=(CYCLIC(2),*); f=(CYCLIC(2),*)", "u=(*,CYCLIC); f=(*,CYCLIC)"}) {
    const auto e = test::run(p, 6, spec, "2", {});
    EXPECT_TRUE(std::none_of(e.notes.begin(), e.notes.end(),
                             [&](const auto& n) { return n.find(clause) != std::string::npos; }))
        << spec;
  }
}

TEST(ParityStart, UnderBlockTheNoteSaysTheMessagesAreApproximate)
{
  // odd-even transposition sort (a trial): DO I = 1 + MOD(IT,2), N-1, 2 counted from 1 under BLOCK of 16 on
  // 4 puts every pair (i, i+1) inside a block (the blocks end on even i), so no message is counted where
  // the even phases send 3 a phase; the note said nothing about BLOCK
  const auto p = test::build("      SUBROUTINE OESORT(X, N)\n      INTEGER N, I, IT\n      REAL X(N), T\n"
                             "      DO 100 IT = 1, N\n         DO 10 I = 1 + MOD(IT,2), N-1, 2\n"
                             "            IF (X(I) .GT. X(I+1)) THEN\n               T = X(I)\n"
                             "               X(I) = X(I+1)\n               X(I+1) = T\n            END IF\n"
                             "   10    CONTINUE\n  100 CONTINUE\n      END\n",
                             "oesort.f");
  const auto e = test::run(p, 4, "x=(BLOCK)", "4", {{"n", 16}});
  EXPECT_TRUE(test::hasNote(e, "under BLOCK along its dimension whether a point's neighbours lie across a block "
                               "boundary depends on the start: the messages are only approximate"));
}

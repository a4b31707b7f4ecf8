// Where a scalar temporary is computed when its user sits in an inner loop,
// and how many processors a fetch of a whole array comes from: numbers a
// new user found wrong in Gaussian elimination and in a gather through an
// index array. Hand counts in the comments; machine of round numbers
// (run-estimate.h).
#include "estimate/run-estimate.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

using namespace ps;

namespace {

using ps::test::hasNote;

using test::underDirectives;
using test::workOfLine;

// One elimination step k of Gaussian elimination (line 7) with the
// multiplier in a temporary (line 8) used inside DO I (line 10).
const char* kStep = "subroutine step(a, n, k)\n"
                    "  integer :: n, k, i, j\n"
                    "  double precision :: a(n, n), f\n"
                    "!hpf$ processors pr(4)\n"
                    "!hpf$ distribute a(%s) onto pr\n"
                    "  integer :: ip\n"
                    "  do j = k + 1, n\n"
                    "    f = a(k, j) / a(k, k)\n"
                    "    do i = k + 1, n\n"
                    "      a(i, j) = a(i, j) - a(i, k) * f\n"
                    "    end do\n"
                    "  end do\n"
                    "end subroutine step\n";

std::string stepUnder(const char* formats)
{
  std::string text = kStep;
  text.replace(text.find("%s"), 2, formats);
  return text;
}

// A pivot row found by a search loop (line 10) and used by the swap (line 14):
// IP = K at line 8 is not the value every use sees.
const char* kPivot = "subroutine pivot(a, n, k)\n"
                     "  integer :: n, k, i, j, ip\n"
                     "  double precision :: a(n, n), t\n"
                     "!hpf$ processors pr(4)\n"
                     "!hpf$ distribute a(*, cyclic) onto pr\n"
                     "  integer :: m\n"
                     "  do m = 1, 1\n"
                     "    ip = k\n"
                     "    do i = k + 1, n\n"
                     "      if (abs(a(i, k)) > abs(a(ip, k))) ip = i\n"
                     "    end do\n"
                     "    do j = k, n\n"
                     "      t = a(k, j)\n"
                     "      a(k, j) = a(ip, j)\n"
                     "      a(ip, j) = t\n"
                     "    end do\n"
                     "  end do\n"
                     "end subroutine pivot\n";

// y(i) = x(idx(i)) with x(10) BLOCK on 16: 10 processors own one element, 6 none.
const char* kGather = "program gather\n"
                      "  integer, parameter :: n = 10, m = 64\n"
                      "  real :: x(n), y(m)\n"
                      "  integer :: idx(m), i\n"
                      "!hpf$ processors pr(16)\n"
                      "!hpf$ distribute (block) onto pr :: x, y\n"
                      "!hpf$ align idx(i) with y(i)\n"
                      "  do i = 1, m\n"
                      "    y(i) = x(idx(i))\n"
                      "  end do\n"
                      "end program gather\n";

// x(16) on the rows of a 2x2 grid, a copy along its columns: two pieces.
const char* kGatherGrid = "program grid\n"
                          "  integer, parameter :: n = 16\n"
                          "  real :: x(n), y(n, n)\n"
                          "  integer :: idx(n), i, j\n"
                          "!hpf$ processors pr(2, 2)\n"
                          "!hpf$ distribute y(block, block) onto pr\n"
                          "!hpf$ align x(i) with y(i, *)\n"
                          "!hpf$ align idx(j) with y(*, j)\n"
                          "  do j = 1, n\n"
                          "    do i = 1, n\n"
                          "      y(i, j) = x(idx(j))\n"
                          "    end do\n"
                          "  end do\n"
                          "end program grid\n";

bool hasRecord(const estimate::Estimate& e, const std::string& reference)
{
  return std::any_of(e.comm.records.begin(), e.comm.records.end(),
                     [&](const auto& r) { return r.reference == reference; });
}

} // namespace

TEST(TemporaryOwner, AMultiplierUsedInAnInnerLoopIsComputedWhereItsColumnIs)
{
  const auto p = test::build(stepUnder("*, cyclic"));
  const auto e = underDirectives(p, 7, {{"n", 32}, {"k", 1}});
  // columns 2..32, column j on processor (j-1) mod 4: 7, 8, 8, 8 of them
  EXPECT_EQ(workOfLine(e, 8), (std::vector<double>{7, 8, 8, 8}));
  EXPECT_TRUE(hasNote(e, "Scalar temporary 'f' at line 8 is computed by the owners of 'a(i,j)' at line 10"));
  EXPECT_FALSE(hasNote(e, "not affine")); // the owner's row is no reference the program makes
  // a(k,j) is each column owner's own; a(k,k) and a(i,k) go from processor 0 to the 3 others
  EXPECT_FALSE(hasRecord(e, "a(k,j)"));
  EXPECT_EQ(e.nt, 6);
}

TEST(TemporaryOwner, AMultiplierWhoseUsersOwnersMoveWithTheInnerLoopStaysOnEveryProcessor)
{
  const auto p = test::build(stepUnder("cyclic, *"));
  const auto e = underDirectives(p, 7, {{"n", 32}, {"k", 1}});
  // a(i,j)'s rows are on every processor: each needs f, and computes it
  EXPECT_EQ(workOfLine(e, 8), (std::vector<double>{31, 31, 31, 31}));
  EXPECT_FALSE(hasNote(e, "Scalar temporary 'f'"));
}

TEST(TemporaryOwner, AValueASiblingLoopMayReassignIsNotTakenForTheEnclosingOne)
{
  const auto p = test::build(kPivot);
  const auto e = underDirectives(p, 7, {{"n", 32}, {"k", 1}, {"ip", 5}}); // the search is not followed
  EXPECT_FALSE(hasNote(e, "Scalar temporary 'ip' at line 8"));
  EXPECT_TRUE(hasNote(e, "Scalar temporary 't' at line 13")); // the swap's own temporary still is one
}

TEST(WholeArrayCopy, EachProcessorHearsFromThePiecesItLacks)
{
  const auto e = underDirectives(test::build(kGather), 8, {});
  // the 10 owners get 9 elements in 9 messages, the 6 others 10 in 10: 150 messages, 600 bytes
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].messages, 150);
  EXPECT_EQ(e.comm.records[0].bytes, 600);
  EXPECT_EQ(e.comm.messagesPerProc[0], 9);
  EXPECT_EQ(e.comm.messagesPerProc[15], 10);
}

TEST(WholeArrayCopy, ProcessorsHoldingTheSamePieceSendItOnce)
{
  const auto e = underDirectives(test::build(kGatherGrid), 9, {});
  // x's rows 1..8 on grid row 0, 9..16 on row 1: each processor lacks the other 8 elements, one message
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].messages, 4);
  EXPECT_EQ(e.comm.records[0].bytes, 4 * 8 * 4);
  EXPECT_EQ(e.comm.messagesPerProc, (std::vector<std::int64_t>{1, 1, 1, 1}));
}

// A reviewer's cases where the inner user's owner moves with the inner loop,
// or another statement there needs the temporary too: it stays on every
// processor, as before, and the estimate goes on (the first two stopped
// with "The value of 'i' is needed", the third charged no fetch for c).
TEST(TemporaryOwner, UsersWhoseOwnerMovesOrWhoAreSeveralKeepItEverywhere)
{
  const char* through = "subroutine thr(a, x, n)\n  integer :: n, i, j\n  real :: a(n, n), x(n), f, g\n"
                        "!hpf$ processors pr(4)\n!hpf$ distribute (block, *) onto pr :: a\n!hpf$ distribute (block) onto pr :: x\n"
                        "  do j = 1, n\n    f = x(j) * 2.0\n    do i = 1, n\n      g = f * a(i, j)\n"
                        "      a(i, j) = g + 1.0\n    end do\n  end do\nend subroutine thr\n";
  const char* renamed = "subroutine gs(a, x, n)\n  integer :: n, i, j, ii\n  real :: a(n, n), x(n), f\n"
                        "!hpf$ processors pr(4)\n!hpf$ distribute (block, *) onto pr :: a\n!hpf$ distribute (block) onto pr :: x\n"
                        "  do j = 1, n\n    f = x(j) * 2.0\n    do i = 1, n\n      ii = i\n"
                        "      a(ii, j) = a(ii, j) + f\n    end do\n  end do\nend subroutine gs\n";
  for (const char* text : {through, renamed}) {
    const auto e = underDirectives(test::build(text), 7, {{"n", 32}});
    EXPECT_EQ(workOfLine(e, 8), (std::vector<double>{32, 32, 32, 32})) << text; // f on every processor
    ASSERT_EQ(e.comm.records.size(), 1u) << text;
    EXPECT_EQ(e.comm.records[0].reference, "x(j)") << text; // each processor fetches the x(j) it lacks
  }
  const char* two = "subroutine two(a, c, n, k)\n  integer :: n, k, i, j\n  real :: a(n, n), c(n, n), f\n"
                    "!hpf$ processors pr(4)\n!hpf$ distribute (*, cyclic) onto pr :: a\n!hpf$ distribute (block, *) onto pr :: c\n"
                    "  do j = k + 1, n\n    f = a(k, j) / a(k, k)\n    do i = k + 1, n\n"
                    "      a(i, j) = a(i, j) - a(i, k) * f\n      c(i, j) = f\n    end do\n  end do\n"
                    "end subroutine two\n";
  const auto e = underDirectives(test::build(two), 7, {{"n", 32}, {"k", 1}});
  EXPECT_EQ(workOfLine(e, 8), (std::vector<double>{31, 31, 31, 31}));
  EXPECT_TRUE(std::any_of(e.comm.records.begin(), e.comm.records.end(), [](const auto& r) { return r.reference == "a(k,j)"; }));
}

TEST(TemporaryOwner, AUserAtItsLevelDoesNotTakeItFromAUserWhoseOwnerMoves)
{
  // F = A(K,K) is used by A(K,J) = A(K,J)*F inside DO J (column j's owner,
  // which moves with J under (*,CYCLIC)) and by A(K,K) = F after it. F went
  // to column k's owner only, and nothing reached the owners of the columns
  // j: no message at all. Computed on every processor, each fetches the
  // diagonal it lacks, hoisted (nothing in the nest writes a(k,k) before
  // its step reads it): n = 8 on 4, each processor lacks the 6 diagonal
  // elements of the others' columns, 2 from each: 12 messages, 192 bytes.
  const std::string text = "subroutine r1(a, n)\n  integer :: n, j, k\n  double precision :: a(n, n), f\n"
                     "!hpf$ processors pr(4)\n!hpf$ distribute a(*, cyclic) onto pr\n"
                     "  do k = 1, n\n    f = a(k, k)\n    do j = k + 1, n\n      a(k, j) = a(k, j) * f\n"
                     "    end do\n    a(k, k) = f\n  end do\nend subroutine r1\n";
  const auto e = underDirectives(test::build(text), 6, {{"n", 8}});
  EXPECT_EQ(workOfLine(e, 7), (std::vector<double>{8, 8, 8, 8})); // f on every processor
  EXPECT_EQ(e.nt, 12);
  EXPECT_EQ(e.tdBytes, 192);
  // the same through a second temporary in DO J, G = F*2 for A(K,J)*G: the review found NT 0 again
  std::string through = text;
  through.replace(through.find("      a(k, j) = a(k, j) * f\n"), 28, "      g = f * 2\n      a(k, j) = a(k, j) * g\n");
  through.replace(through.find("a(n, n), f\n"), 11, "a(n, n), f, g\n");
  const auto chained = underDirectives(test::build(through), 6, {{"n", 8}});
  EXPECT_EQ(workOfLine(chained, 7), (std::vector<double>{8, 8, 8, 8}));
  EXPECT_EQ(chained.nt, 12);
  EXPECT_EQ(chained.tdBytes, 192);
}

TEST(WholeArrayCopy, ProcessorsThatRunNoIterationFetchNothing)
{
  // y(6) BLOCK on 4 is 2, 2, 2, 0 elements: processor 3 runs no y(i) = x(idx(i)) and needs no x;
  // the others lack 4 of x's 6 in 2 messages each (from the other two owners)
  const auto p = test::build("program g\n  integer, parameter :: n = 6\n  real :: x(n), y(n)\n  integer :: idx(n), i\n"
                             "!hpf$ processors pr(4)\n!hpf$ distribute (block) onto pr :: x, y\n"
                             "!hpf$ align idx(i) with y(i)\n  do i = 1, n\n    y(i) = x(idx(i))\n  end do\n"
                             "end program g\n");
  const auto e = underDirectives(p, 8, {});
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.messagesPerProc, (std::vector<std::int64_t>{2, 2, 2, 0}));
  EXPECT_EQ(e.comm.records[0].bytes, 3 * 4 * 4);
}

// A row sum under A (BLOCK,*) with x BLOCK (line 11) runs on the row's owner,
// which fetches the 48 of x's 64 reals it lacks in 3 pieces: 12 messages,
// 768 bytes, no combine. It ran on x(j)'s owners: all of A moved (12288
// bytes) and 192 combine messages.
TEST(PrivateAccumulator, ARowSumRunsWhereTheRowIsAndFetchesTheVector)
{
  const auto p = test::build("      subroutine rowacc(a, x, y)\n      integer n, i, j\n      parameter (n = 64)\n"
                             "      real a(n, n), x(n), y(n), s\n!hpf$ processors pr(4)\n"
                             "!hpf$ distribute a(block, *) onto pr\n!hpf$ distribute (block) onto pr :: x, y\n"
                             "      do 20 i = 1, n\n        s = 0.0\n        do 10 j = 1, n\n"
                             "          s = s + a(i, j) * x(j)\n   10   continue\n        y(i) = s\n   20 continue\n"
                             "      end\n",
                             "rowacc.f");
  const auto e = underDirectives(p, 8, {});
  EXPECT_EQ(workOfLine(e, 11), (std::vector<double>{1024, 1024, 1024, 1024}));
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].reference, "x(j)");
  EXPECT_EQ(e.comm.records[0].messages, 12);
  EXPECT_EQ(e.comm.records[0].bytes, 768);
  EXPECT_TRUE(hasNote(e, "The sum into 's' at line 11 is computed by one processor per combine, the owner of its "
                         "operand, which also uses it: no combine"));
}

// Two sums into S in one row body (ELL storage, two matrices): Y(I) = S
// (line 13) reads the first, so the second (line 16) has Z(I) alone as its
// user and no combine either. It was charged a reduction of 192 messages.
TEST(PrivateAccumulator, ASecondSumIntoTheSameScalarHasItsOwnUsers)
{
  const auto p = test::build("program ell2\n  integer, parameter :: n = 64, nz = 5\n"
                             "  real :: val(n, nz), val2(n, nz), x(n), y(n), z(n), s\n"
                             "  integer :: col(n, nz), col2(n, nz), i, k\n!hpf$ processors pr(4)\n"
                             "!hpf$ distribute (block, *) onto pr :: val, val2, col, col2\n"
                             "!hpf$ distribute (block) onto pr :: x, y, z\n  do i = 1, n\n    s = 0.0\n"
                             "    do k = 1, nz\n      s = s + val(i, k) * x(col(i, k))\n    end do\n    y(i) = s\n"
                             "    s = 0.0\n    do k = 1, nz\n      s = s + val2(i, k) * x(col2(i, k))\n    end do\n"
                             "    z(i) = s\n  end do\nend program ell2\n");
  const auto e = underDirectives(p, 8, {});
  EXPECT_FALSE(hasRecord(e, "s"));
  EXPECT_TRUE(hasNote(e, "The sum into 's' at line 16 is computed by one processor per combine, the owner of its "
                         "operand, which also uses it: no combine"));
  EXPECT_EQ(e.nt, 24); // all of x fetched for each gather: 3 pieces on each of 4
}

// A row sum under A (BLOCK,BLOCK) (line 12, x aligned with A's columns, y
// with its rows): each row's partial sums lie in one processor row, so each
// combine is a tree over that row alone, the rows at the same time. On 2x2:
// one message per row of 64, received by the row's first processor (linear
// 0 and 1); on 4x4: 3 per row, the first receiving 2 per combine and the
// third 1, 16 rows per processor row. It was P - 1 per row over all P.
TEST(PrivateAccumulator, ARowSumOnAGridCombinesWithinEachProcessorRow)
{
  const char* text = "      subroutine grid(a, x, y)\n      integer n, i, j\n      parameter (n = 64)\n"
                     "      real a(n, n), x(n), y(n), s\n!hpf$ processors pr(%s)\n"
                     "!hpf$ distribute a(block, block) onto pr\n!hpf$ align y(i) with a(i, *)\n"
                     "!hpf$ align x(j) with a(*, j)\n      do 20 i = 1, n\n        s = 0.0\n"
                     "        do 10 j = 1, n\n          s = s + a(i, j) * x(j)\n   10   continue\n"
                     "        y(i) = s\n   20 continue\n      end\n";
  const auto on = [&](const char* shape) {
    std::string source = text;
    source.replace(source.find("%s"), 2, shape);
    return underDirectives(test::build(source, "grid.f"), 9, {});
  };
  const auto small = on("2, 2");
  ASSERT_EQ(small.comm.records.size(), 1u);
  EXPECT_EQ(small.comm.records[0].pattern, "reduction");
  EXPECT_EQ(small.comm.records[0].messages, 64);
  EXPECT_EQ(small.comm.records[0].bytes, 256);
  EXPECT_EQ(small.comm.messagesPerProc, (std::vector<std::int64_t>{32, 32, 0, 0}));
  EXPECT_TRUE(hasNote(small, "combines among the 2 processors along dimension 2 of the arrangement"));
  const auto large = on("4, 4");
  ASSERT_EQ(large.comm.records.size(), 1u);
  EXPECT_EQ(large.comm.records[0].messages, 192);
  EXPECT_EQ(large.comm.messagesPerProc,
            (std::vector<std::int64_t>{32, 32, 32, 32, 0, 0, 0, 0, 16, 16, 16, 16, 0, 0, 0, 0}));
  // the busiest group's combines one after another, a tree level 1 s + 4 bytes * 0.01 s each (run-estimate.h):
  // 32 of one level on 2x2, 16 of two on 4x4 (over all P: 64 of two, 133.12 s)
  EXPECT_NEAR(small.comm.records[0].time, 32 * 1.04, 1e-9);
  EXPECT_NEAR(large.comm.records[0].time, 16 * 2 * 1.04, 1e-9);
}

// A histogram, K = INT(X(I)*NB) + 1 then H(K) = H(K) + 1 with H
// replicated and X (BLOCK) on 4: each processor counts its own 250 values
// (K computed where X(I) is: no X moves), and the 4 copies of H combine
// once after the loop, the whole array (10 integers, 40 bytes) per message
// of the tree: 3 messages, 120 bytes. It ran all 1000 iterations on every
// processor and broadcast X (12 messages, 12000 bytes).
TEST(TemporaryOwner, AHistogramCountsWhereItsDataIsAndCombinesTheCounts)
{
  const auto p = test::build("program hist\n  integer, parameter :: n = 1000, nb = 10\n  real :: x(n)\n"
                             "  integer :: h(nb), i, k\n!hpf$ processors pr(4)\n!hpf$ distribute (block) onto pr :: x\n"
                             "  h = 0\n  do i = 1, n\n    k = int(x(i) * nb) + 1\n    h(k) = h(k) + 1\n  end do\n"
                             "end program hist\n");
  const auto e = underDirectives(p, 8, {});
  EXPECT_EQ(workOfLine(e, 9), (std::vector<double>{250, 250, 250, 250}));
  EXPECT_EQ(workOfLine(e, 10), (std::vector<double>{250, 250, 250, 250}));
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].reference, "h(k)");
  EXPECT_EQ(e.comm.records[0].messages, 3);
  EXPECT_EQ(e.comm.records[0].bytes, 120);
  // K = IDX(I) with IDX (BLOCK) for H(K) = H(K) + X(I) with X (CYCLIC): the sum runs where X(I) is,
  // and K with it: each processor gets the 3/4 of its 250 IDX(I) it lacks from the 3 others (12
  // messages, 750 integers). A review found K used where it was never sent; then IDX went to all.
  const auto moved = test::build("program hist\n  integer, parameter :: n = 1000, nb = 10\n  real :: x(n)\n"
                                 "  integer :: h(nb), i, k, idx(n)\n!hpf$ processors pr(4)\n"
                                 "!hpf$ distribute x(cyclic) onto pr\n!hpf$ distribute idx(block) onto pr\n"
                                 "  do i = 1, n\n    k = idx(i)\n    h(k) = h(k) + x(i)\n  end do\nend program hist\n");
  const auto m = underDirectives(moved, 8, {});
  EXPECT_EQ(workOfLine(m, 9), (std::vector<double>{250, 250, 250, 250}));
  const auto idx = std::find_if(m.comm.records.begin(), m.comm.records.end(),
                                [](const auto& r) { return r.reference == "idx(i)"; });
  ASSERT_NE(idx, m.comm.records.end());
  EXPECT_EQ(idx->messages, 12);
  EXPECT_EQ(idx->bytes, 750 * 4);
}

// A column sum S read by a later loop of the same step (A(I,J) = A(I,J)/S,
// or B(I,J) = A(I,J)/S) on 4: under (*,CYCLIC) column J is on one
// processor, which has the whole sum and uses it: no combine (it was 3
// tree messages per column, 24). Where B's column J is elsewhere
// (*,BLOCK: columns 2..7 of 8), the sum is sent there: 6 messages of 8
// bytes. Under (CYCLIC,*) the column is spread: 3 combine messages per column.
TEST(PrivateAccumulator, ASumReadByALaterLoopOfItsStepIsCompleteWhereItsOperandIs)
{
  const std::string head = "      program colsum\n      integer n\n      parameter (n = 8)\n"
                           "      double precision a(n, n), b(n, n), s\n      integer i, j\n      do 20 j = 1, n\n"
                           "         s = 0.0d0\n         do 10 i = 1, n\n            s = s + a(i, j)\n   10    continue\n"
                           "         do 15 i = 1, n\n";
  const auto scale = test::build(head + "            a(i, j) = a(i, j) / s\n   15    continue\n   20 continue\n      end\n",
                                 "colsum.f");
  EXPECT_TRUE(test::run(scale, 6, "a=(*,CYCLIC)", "4", {}).comm.records.empty());
  const auto spread = test::run(scale, 6, "a=(CYCLIC,*)", "4", {});
  ASSERT_EQ(spread.comm.records.size(), 1u);
  EXPECT_EQ(spread.comm.records[0].messages, 24);
  const auto copy = test::build(head + "            b(i, j) = a(i, j) / s\n   15    continue\n   20 continue\n      end\n",
                                "colsum.f");
  const auto sent = test::run(copy, 6, "a=(*,CYCLIC); b=(*,BLOCK)", "4", {});
  const auto s = std::find_if(sent.comm.records.begin(), sent.comm.records.end(), [](const auto& r) { return r.array == "s"; });
  ASSERT_NE(s, sent.comm.records.end());
  EXPECT_EQ(s->messages, 6);
  EXPECT_EQ(s->bytes, 48);
}

TEST(TemporaryOwner, APivotRowFoundByASearchIsDataNotAValueToAskFor)
{
  // IP = K, then IP = I under the search's IF: the row changes from step to
  // step. It was "assigned differently on several paths" and asked for with
  // --set ip; as an indirect row subscript in a dimension (*,CYCLIC) does not
  // distribute, the swap's elements are where their column is, the same
  // numbers as with any value given.
  const char* text = "subroutine lup(a, n)\n  integer :: n, i, j, k, ip\n  double precision :: a(n, n), t, amax\n"
                     "!hpf$ processors pr(4)\n!hpf$ distribute a(*, cyclic) onto pr\n"
                     "  do k = 1, n - 1\n    amax = 0.0d0\n    ip = k\n    do i = k, n\n"
                     "      if (abs(a(i, k)) > amax) then\n        amax = abs(a(i, k))\n        ip = i\n      end if\n"
                     "    end do\n    do j = 1, n\n      t = a(k, j)\n      a(k, j) = a(ip, j)\n      a(ip, j) = t\n"
                     "    end do\n  end do\nend subroutine lup\n";
  const auto searched = underDirectives(test::build(text), 6, {{"n", 12}});
  // the same swap with a fixed row k+1 instead of the pivot's: the same owners, the same counts
  std::string fixed = text;
  for (auto at = fixed.find("a(ip, j)"); at != std::string::npos; at = fixed.find("a(ip, j)"))
    fixed.replace(at, 8, "a(k + 1, j)");
  const auto given = underDirectives(test::build(fixed), 6, {{"n", 12}});
  EXPECT_EQ(searched.nt, given.nt);
  EXPECT_EQ(searched.tdBytes, given.tdBytes);
  EXPECT_EQ(searched.workPerProc, given.workPerProc);
  EXPECT_GT(searched.nt, 0); // the search's MAXLOC combine
  EXPECT_TRUE(hasNote(searched, "Reference 'a(ip,j)' at line 17 has a subscript that is not affine in a dimension "
                                "that is not distributed"));
}

// A banded product whose band limits are scalars set in the row loop
// (JLO = MAX(1, I-KB) before DO J = JLO, JHI): the limits are computed by the
// row's owner, as the sum they bound is, not by every processor. n = 16,
// KB = 2, a and q (BLOCK,*)/(BLOCK) on 4: each processor owns 4 rows, so
// each limit statement runs 4 times on each (16 on one processor before).
TEST(TemporaryOwner, BandLimitsAreComputedByTheRowsOwner)
{
  const auto p = test::build("      SUBROUTINE BAND(A, P, Q, N, KB)\n      INTEGER N, KB, I, J, JLO, JHI\n" // 1-2
                             "      DOUBLE PRECISION A(N,N), P(N), Q(N), S\n"                                // 3
                             "      DO 40 I = 1, N\n        S = 0.0D0\n        JLO = MAX(1, I-KB)\n"       // 4-6
                             "        JHI = MIN(N, I+KB)\n        DO 35 J = JLO, JHI\n"                    // 7-8
                             "          S = S + A(I,J)*P(J)\n   35   CONTINUE\n        Q(I) = S\n"          // 9-11
                             "   40 CONTINUE\n      END\n",
                             "band.f");
  const auto e = test::run(p, 4, "a=(BLOCK,*); p,q=(BLOCK)", "4", {{"n", 16}, {"kb", 2}});
  for (int line : {6, 7}) {
    const auto work = workOfLine(e, line);
    EXPECT_EQ(work, std::vector<double>(4, 4.0)) << line;
  }
  EXPECT_TRUE(hasNote(e, "Scalar temporary 'jlo' at line 6 is computed by the owners of 'q(i)' at line 11, which uses it "
                         "through the bounds of the loops it sets"));
}

// An index array read inside a subscript (RHO(ICELL(I))) is a read like any
// other: its executor fetches it. ICELL(16) and RHO(8) (BLOCK) on 4: line
// 5 runs on every processor (its subscript is not affine), each needing the
// 12 ICELL elements it does not own, 4 from each other processor: 12
// messages of 16 bytes; line 8 runs on RHO(1)'s owner: 3 messages of 16.
TEST(TemporaryOwner, AnIndexArrayInASubscriptIsFetched)
{
  const auto p = test::build("      SUBROUTINE HIST(RHO, ICELL)\n      INTEGER I, ICELL(16)\n      REAL RHO(8)\n" // 1-3
                             "      DO 30 I = 1, 16\n        RHO(ICELL(I)) = RHO(ICELL(I)) + 1.0\n"            // 4-5
                             "   30 CONTINUE\n      DO 40 I = 1, 16\n        RHO(1) = RHO(ICELL(I)) + 1.0\n"   // 6-8
                             "   40 CONTINUE\n      END\n",
                             "hist.f");
  const auto fetched = [](const estimate::Estimate& e) {
    std::int64_t messages = 0, bytes = 0;
    for (const auto& r : e.comm.records)
      if (r.reference == "icell(i)")
        messages += r.messages, bytes += r.bytes;
    return std::pair{messages, bytes};
  };
  EXPECT_EQ(fetched(test::run(p, 4, "rho,icell=(BLOCK)", "4", {})), (std::pair<std::int64_t, std::int64_t>{12, 192}));
  EXPECT_EQ(fetched(test::run(p, 7, "rho,icell=(BLOCK)", "4", {})), (std::pair<std::int64_t, std::int64_t>{3, 48}));
}

// A stage loop whose statement rewrites the array it reads through a
// subscript that is not affine (an FFT's butterflies, X(I1) = X(I1) +
// X(I1+H), I1 a temporary): each stage reads what the last one wrote on
// other processors, so the whole-array fetch (12 messages: X(16) BLOCK on
// 4, each processor lacking 4 elements from each of 3 others) is
// made at every one of the 3 stages, 36 messages, not once before them;
// a single stage fetches once.
TEST(TemporaryOwner, AStatementRewritingItsArrayFetchesItEveryStage)
{
  const auto p = test::build("      SUBROUTINE FFT(X)\n      INTEGER L, K, I1, H\n      REAL X(16)\n"   // 1-3
                             "      DO 20 L = 1, 3\n        H = 2**(L-1)\n        DO 10 K = 0, 7\n"       // 4-6
                             "          I1 = (K/H)*2*H + MOD(K, H) + 1\n"                                  // 7
                             "          X(I1) = X(I1) + X(I1+H)\n   10   CONTINUE\n   20 CONTINUE\n      END\n",
                             "fft.f");
  const auto messages = [](const estimate::Estimate& e, const std::string& reference) {
    std::int64_t n = 0;
    for (const auto& r : e.comm.records)
      if (r.reference == reference)
        n += r.messages;
    return n;
  };
  const auto stages = test::run(p, 4, "x=(BLOCK)", "4", {});
  EXPECT_EQ(messages(stages, "x(i1+h)"), 36);
  const auto one = test::run(p, 6, "x=(BLOCK)", "4", {{"l", 1}, {"h", 1}});
  EXPECT_EQ(messages(one, "x(i1+h)"), 12);
}

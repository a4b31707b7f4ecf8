// WHERE statements and constructs that shift (CSHIFT, EOSHIFT) or name
// sections run in FORALL loops over their first assignment's elements,
// shared by the mask and every masked assignment (ModelBuilder's where):
// the mask is evaluated where the element it guards is, and its reads and
// the assignments' are fetched element by element. Counts by hand.
#include "estimate/run-estimate.h"

using namespace ps;

namespace {

// U, V, H of n elements (or n x n with `rank` 2); `body` from line 5 on.
test::Program masked(const std::string& body, int rank = 1)
{
  const std::string shape = rank == 1 ? "(n)" : "(n, n)";
  return test::build("subroutine wh(n, u, v, h)\n  integer :: n\n  real :: u" + shape + ", v" + shape + ", h" + shape +
                         "\n  real :: s\n" + body + "end subroutine\n",
                     "wh.f90");
}

} // namespace

TEST(WhereEstimate, AShiftUnderAMaskIsTheRingsExchange)
{
  const auto p = masked("  where (h > 0.0) v = cshift(u, 1)\n");
  const auto* loop = p.unit().loopAtLine(5);
  ASSERT_NE(loop, nullptr);
  EXPECT_TRUE(loop->isSection);
  // n = 16 on 4 blocks of 4: u(i+1) crosses 3 block boundaries, and u(1) wraps round to the last block
  const auto block = test::run(p, 5, "u,v,h=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(block.nt, 4);
  EXPECT_EQ(block.tdBytes, 4 * 4);
  // under CYCLIC each processor's 4 elements read their right neighbours' (15 elements in 4 messages)
  // and u(1) goes to v(16)'s owner
  const auto cyclic = test::run(p, 5, "u,v,h=(CYCLIC)", "4", {{"n", 16}});
  EXPECT_EQ(cyclic.nt, 5);
  EXPECT_EQ(cyclic.tdBytes, 16 * 4);
  // the mask is evaluated on each processor's own elements, the assignment half the time
  ASSERT_EQ(block.workPerProc.size(), 4u);
  EXPECT_DOUBLE_EQ(block.workPerProc[0], block.workPerProc[3]);
  EXPECT_GT(block.workPerProc[0], 0.0);
  const bool underWhere = std::any_of(block.notes.begin(), block.notes.end(), [](const std::string& n) {
    return n.find("is under WHERE: assumed to execute with probability 0.50") != std::string::npos;
  });
  EXPECT_TRUE(underWhere);
}

TEST(WhereEstimate, AShiftedMaskIsFetchedWhereItsAssignmentRuns)
{
  // the mask reads h(i+1) where v(i) is: the same shift as the ring's, and u is v's own
  const auto p = masked("  where (cshift(h, 1) > 0.0) v = u\n");
  const auto block = test::run(p, 5, "u,v,h=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(block.nt, 4);
  EXPECT_EQ(block.tdBytes, 4 * 4);
}

TEST(WhereEstimate, SectionsUnderAMaskReadElementByElement)
{
  // v(1:n-1) = u(2:n) where h(2:n) > 0: h and u each one element across each of 3 block boundaries
  const auto p = masked("  where (h(2:n) > 0.0) v(1:n-1) = u(2:n)\n");
  const auto block = test::run(p, 5, "u,v,h=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(block.nt, 6);
  EXPECT_EQ(block.tdBytes, 6 * 4);
}

TEST(WhereEstimate, AConstructSharesItsLoopsWithElsewhere)
{
  // n = 8 on 2x2 (blocks of 4x4): each CSHIFT along dimension 2 moves one column of 4 between the
  // two column blocks of each row block, the bulk and the wrap-around each: 8 messages of 16 bytes;
  // the ELSEWHERE's assignment and the second one read their own elements
  const auto p = masked("  where (h > 0.0)\n    v = cshift(u, 1, 2) + cshift(u, -1, 2)\n    h = v\n"
                        "  elsewhere\n    v = u\n  end where\n",
                        2);
  const auto* loop = p.unit().loopAtLine(5);
  ASSERT_NE(loop, nullptr);
  ASSERT_EQ(loop->children.size(), 1u);
  EXPECT_EQ(loop->endLine, 10); // END WHERE
  const auto e = test::run(p, 5, "u,v,h=(BLOCK,BLOCK)", "2x2", {{"n", 8}});
  EXPECT_EQ(e.nt, 8);
  EXPECT_EQ(e.tdBytes, 8 * 16);
  int masked = 0;
  for (const auto& st : p.unit().statements)
    masked += st.kind == program::StatementKind::Assignment && st.loops.size() == 2 ? 1 : 0;
  EXPECT_EQ(masked, 3);
}

TEST(WhereEstimate, WholeArraysOfOneShapeStayArrayAssignments)
{
  // nothing shifts and nothing is a section: each processor does its own elements (elementwiseMask)
  const auto p = masked("  where (h > 0.0) v = sqrt(u)\n");
  EXPECT_EQ(p.unit().loopAtLine(5), nullptr);
  // a scalar target leaves a WHERE as it is (not conformable: the compiler rejects it)
  const auto scalar = masked("  where (h(2:n) > 0.0) s = 1.0\n");
  EXPECT_EQ(scalar.unit().loopAtLine(5), nullptr);
}

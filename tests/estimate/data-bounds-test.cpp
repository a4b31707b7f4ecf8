// A DO whose bounds read array elements (CSR's DO K = ROWPTR(I),
// ROWPTR(I+1) - 1) runs an unknown number of times per entry, as a DO
// WHILE does: the user sets it or a profile run measures it, and the row's
// accumulator runs where the row's result is. Hand counts in the comments;
// machine of round numbers (run-estimate.h).
#include "cli/cli-run.h"
#include "estimate/run-estimate.h"
#include "profile/profile-run.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ps;

namespace {

using ps::test::hasNote;

using test::underDirectives;

// A CSR product q = A p over 12 rows on 4 (line 18); row i has mod(i,3)+1
// entries, 24 in all, which the assembly loop (line 9) builds.
const char* kCsr = "program csr\n"
                   "  integer, parameter :: n = 12\n"
                   "  integer :: rowptr(n + 1), colidx(3 * n), i, k, nnz\n"
                   "  real :: val(3 * n), p(n), q(n), s\n"
                   "!hpf$ processors pr(4)\n"
                   "!hpf$ distribute (block) onto pr :: p, q\n"
                   "  nnz = 0\n"
                   "  rowptr(1) = 1\n"
                   "  do i = 1, n\n"                                     // 9
                   "    do k = 1, mod(i, 3) + 1\n"
                   "      nnz = nnz + 1\n"
                   "      colidx(nnz) = mod(i + k, n) + 1\n"
                   "      val(nnz) = 1.0\n"
                   "    end do\n"
                   "    rowptr(i + 1) = nnz + 1\n"
                   "  end do\n"
                   "  p = 1.0\n"
                   "  do i = 1, n\n"                                     // 18
                   "    s = 0.0\n"                                       // 19
                   "    do k = rowptr(i), rowptr(i + 1) - 1\n"           // 20
                   "      s = s + val(k) * p(colidx(k))\n"               // 21
                   "    end do\n"
                   "    q(i) = s\n"                                      // 23
                   "  end do\n"
                   "  print *, q(1)\n"
                   "end program csr\n";

// An ELLPACK-like count per column: the start is no data, so K keeps its values.
const char* kCounted = "subroutine cols(a, cnt, n)\n"
                       "  integer :: n, cnt(n), j, k\n"
                       "  real :: a(n, n)\n"
                       "  do j = 1, n\n"                                 // 4
                       "    do k = 1, cnt(j)\n"                          // 5
                       "      a(k, j) = 0.0\n"                           // 6
                       "    end do\n"
                       "  end do\n"
                       "end subroutine cols\n";

/// The statement on `line`; fails the test (no crash) when there is none.
const program::Statement& statementAt(const program::Unit& u, int line)
{
  static const program::Statement none;
  const auto it = std::find_if(u.statements.begin(), u.statements.end(), [&](const auto& st) { return st.line == line; });
  EXPECT_NE(it, u.statements.end()) << line;
  return it == u.statements.end() ? none : *it;
}

} // namespace

TEST(DataBounds, ARowLoopRunsAnUnknownNumberOfTimesFromAnUnknownStart)
{
  const auto p = test::build(kCsr);
  const auto& u = p.unit();
  const auto* row = u.loopAtLine(20);
  ASSERT_NE(row, nullptr);
  EXPECT_FALSE(row->isWhile);
  EXPECT_TRUE(row->boundsKnown);
  EXPECT_EQ(row->tripsUnknown, "ntrips_20");
  EXPECT_EQ(row->lower.asInteger(), 1);
  EXPECT_EQ(row->upper.str(), "ntrips_20");
  EXPECT_EQ(row->variable, "k");
  ASSERT_TRUE(u.unknownOrigins.count("ntrips_20"));
  EXPECT_EQ(u.unknownOrigins.at("ntrips_20").reason,
            "the number of iterations per entry of the DO k at line 20 with bounds from data (a profile run measures it)");
  // k's values are data: val(k) is an indirect subscript, as after k = rowptr(i)
  const auto& sum = statementAt(u, 21);
  const auto val = std::find_if(sum.refs.begin(), sum.refs.end(), [](const auto& r) { return r.array == "val"; });
  ASSERT_NE(val, sum.refs.end());
  EXPECT_EQ(val->subscripts[0].kind, program::SubscriptKind::NonAffine);
  // MOD in the assembly's bound is no data: that loop is still not counted
  EXPECT_FALSE(u.loopAtLine(10)->boundsKnown);
}

TEST(DataBounds, ARowWalkedBackwardsCountsUpFromOne)
{
  auto text = std::string(kCsr);
  const std::string forwards = "do k = rowptr(i), rowptr(i + 1) - 1";
  text.replace(text.find(forwards), forwards.size(), "do k = rowptr(i + 1) - 1, rowptr(i), -1");
  const auto p = test::build(text);
  const auto* row = p.unit().loopAtLine(20);
  ASSERT_NE(row, nullptr);
  EXPECT_EQ(row->tripsUnknown, "ntrips_20");
  EXPECT_EQ(row->lower.asInteger(), 1);
  EXPECT_EQ(row->step.asInteger(), 1);
  EXPECT_EQ(row->upper.str(), "ntrips_20");
  const auto e = underDirectives(p, 18, {{"ntrips_20", 5}});
  EXPECT_EQ(e.workPerProc, (std::vector<double>{21, 21, 21, 21})); // as forwards
}

TEST(DataBounds, AStartThatIsNoDataKeepsTheLoopVariableAffine)
{
  const auto p = test::build(kCounted);
  const auto& u = p.unit();
  const auto* k = u.loopAtLine(5);
  ASSERT_NE(k, nullptr);
  EXPECT_EQ(k->tripsUnknown, "ntrips_5");
  EXPECT_EQ(k->lower.asInteger(), 1);
  EXPECT_EQ(k->upper.str(), "ntrips_5");
  const auto& clear = statementAt(u, 6);
  ASSERT_FALSE(clear.refs.empty());
  EXPECT_EQ(clear.refs[0].subscripts[0].kind, program::SubscriptKind::Affine);
  const auto e = test::run(p, 4, "a=(BLOCK,*)", "4", {{"n", 40}, {"ntrips_5", 20}});
  // rows 1..20 of each column: processors 0 and 1 (rows 1..10, 11..20) 40 columns x 10 each, 2 and 3 none
  EXPECT_EQ(e.workPerProc, (std::vector<double>{400, 400, 0, 0}));
}

TEST(DataBounds, TheRowsSumRunsWhereItsResultIsAndFetchesTheVector)
{
  const auto p = test::build(kCsr);
  const auto e = underDirectives(p, 18, {{"ntrips_20", 5}});
  // 3 rows per processor: s = 0, 5 sums, q(i) = s each
  EXPECT_EQ(e.workPerProc, (std::vector<double>{21, 21, 21, 21}));
  EXPECT_TRUE(hasNote(e, "The sum into 's' at line 21 is accumulated by the owners of 'q(i)' at line 23"));
  EXPECT_TRUE(hasNote(e, "The DO k at line 20 with bounds from data runs 5 times per entry, the value given to 'ntrips_20'"));
  // p(colidx(k)) is indirect: all of p, 3 pieces of 3 reals to each processor
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].messages, 12);
  EXPECT_EQ(e.comm.records[0].bytes, 4 * 9 * 4);
  EXPECT_TRUE(e.comm.records[0].pattern == "copy");
}

TEST(DataBounds, AProfileRunMeasuresTheEntriesPerRow)
{
  auto run = profile::runProfile(test::writeTemp("csr.f90", kCsr), {});
  ASSERT_TRUE(run.counts) << run.error;
  auto p = test::build(kCsr);
  profile::applyCounts(p.model, *run.counts);
  const auto* row = p.unit().loopAtLine(20);
  // 24 entries over 12 rows
  EXPECT_EQ(row->measuredTrips, 2);
  EXPECT_DOUBLE_EQ(row->measuredMean, 2.0);
  const auto e = underDirectives(p, 18, {});
  EXPECT_EQ(e.workPerProc, (std::vector<double>{12, 12, 12, 12}));
  EXPECT_TRUE(hasNote(e, "The DO k at line 20 with bounds from data runs 2 times per entry, as the profile run measured"));
}

// Statements after IF (C) CYCLE, or its F77 form IF (C) GO TO <the DO's
// terminal label>, run only where C fails: the model visits them as the
// ELSE of that IF (default share 0.5, or exactly the iterations the
// negated C keeps), and the IF's test runs on their owners. Before, they
// counted in every iteration and the test ran on every processor for every
// iteration. An IF (C) EXIT is evaluated everywhere, with what each
// processor lacks of C fetched. Hand counts in the comments; machine of
// round numbers (run-estimate.h).
#include "cli/cli-run.h"
#include "estimate/formulas-report.h"
#include "estimate/run-estimate.h"
#include "profile/profile-run.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ps;

namespace {

using test::underDirectives;
using test::workOfLine;

// Line 10's IF skips i = 5 (affine: its negation is a guard) and line 15's a
// data-dependent half; line 13 is the first loop's terminal statement.
const char* kSkips = "      program skips\n"
                     "      integer n, i\n"
                     "      parameter (n = 64)\n"
                     "      real a(n), b(n), c(n)\n"
                     "!hpf$ processors pr(4)\n"
                     "!hpf$ distribute a(block) onto pr\n"
                     "!hpf$ align b(i) with a(i)\n"
                     "!hpf$ align c(i) with a(i)\n"
                     "      do 10 i = 1, n\n"
                     "        if (i .eq. 5) goto 10\n"
                     "        a(i) = b(i) * 2.0\n"
                     "        c(i) = a(i) + 1.0\n"
                     "   10 continue\n"
                     "      do i = 1, n\n"
                     "        if (b(i) < 0.0) cycle\n"
                     "        a(i) = b(i) * 2.0\n"
                     "      end do\n"
                     "      end\n";

const program::Statement* assignmentAt(const program::Unit& u, int line)
{
  const auto it = std::find_if(u.statements.begin(), u.statements.end(), [&](const auto& st) {
    return st.line == line && st.kind == program::StatementKind::Assignment;
  });
  return it == u.statements.end() ? nullptr : &*it;
}

/// `text` (file `name`) built and given the counts of a real profile run
/// (gfortran, gcov) with `input` as its standard input (none: /dev/null).
test::Program profiled(const std::string& name, const char* text, const char* input = nullptr)
{
  profile::ProfileOptions options;
  if (input)
    options.inputFile = test::writeTemp(name + ".in", input);
  auto run = profile::runProfile(test::writeTemp(name, text), options);
  EXPECT_TRUE(run.counts) << run.error;
  auto p = test::build(text, name);
  profile::applyCounts(p.model, run.counts.value_or(profile::CoverageCounts{}));
  return p;
}

TEST(CycleSkip, StatementsAfterAnAffineGoToCycleRunWhereItsNegationHolds)
{
  const auto p = test::build(kSkips, "skips.f");
  for (const auto& d : p.model.diagnostics) // the F77 CYCLE is no unstructured jump
    EXPECT_EQ(d.message().find("GO TO"), std::string::npos) << d.message();
  EXPECT_TRUE(p.unit().gotoLines.empty());
  const auto* eleven = assignmentAt(p.unit(), 11);
  ASSERT_NE(eleven, nullptr);
  EXPECT_EQ(eleven->branchLine, 10);
  ASSERT_EQ(eleven->guards.size(), 1u); // i /= 5
  const auto e = underDirectives(p, 9, {});
  // 64 under BLOCK on 4: 16 each, i = 5 on processor 0 skipped
  EXPECT_EQ(workOfLine(e, 11), (std::vector<double>{15, 16, 16, 16}));
  EXPECT_EQ(workOfLine(e, 12), (std::vector<double>{15, 16, 16, 16}));
  // the test runs on the owners of a(i), 16 each (it ran 64 times on each)
  EXPECT_EQ(workOfLine(e, 10), (std::vector<double>{16, 16, 16, 16}));
  EXPECT_EQ(e.nt, 0); // and needs nothing it does not own
}

TEST(CycleSkip, StatementsAfterADataCycleRunHalfTheIterationsByDefault)
{
  const auto p = test::build(kSkips, "skips.f");
  const auto e = underDirectives(p, 14, {});
  EXPECT_EQ(workOfLine(e, 16), (std::vector<double>{8, 8, 8, 8}));
  EXPECT_EQ(workOfLine(e, 15), (std::vector<double>{16, 16, 16, 16}));
  EXPECT_TRUE(test::hasNote(e, "Statement at line 16 is under IF: assumed to execute with probability 0.50"));
}

// The same skip by CYCLE, taken where mod(i, 4) /= 0 (48 of 64): lines 12
// and 13 run 16 times. gcov gives line 13, the body's last, 17 (the loop
// latch), so the branch's count is the least of its statements'.
const char* kQuarter = "program quarter\n"
                       "  integer, parameter :: n = 64\n"
                       "  real :: a(n), b(n)\n"
                       "  integer :: i\n"
                       "!hpf$ processors pr(4)\n"
                     "!hpf$ distribute a(block) onto pr\n"
                       "!hpf$ align b(i) with a(i)\n"
                       "  b = 1.0\n"
                       "  a = 0.0\n"
                       "  do i = 1, n\n"
                       "    if (mod(i, 4) /= 0) cycle\n"
                       "    a(i) = b(i) * 2.0\n"
                       "    a(i) = a(i) + 1.0\n"
                       "  end do\n"
                       "  print *, a(4)\n"
                       "end program quarter\n";

TEST(CycleSkip, AProfileRunMeasuresTheStatementsACycleSkips)
{
  const auto p = profiled("quarter.f90", kQuarter);
  for (int line : {12, 13}) {
    const auto* st = assignmentAt(p.unit(), line);
    ASSERT_NE(st, nullptr);
    EXPECT_TRUE(st->probabilityMeasured) << line;
    EXPECT_DOUBLE_EQ(st->probability, 0.25) << line;
    EXPECT_EQ(st->executions, 16) << line;
  }
  const auto e = underDirectives(p, 10, {});
  EXPECT_EQ(workOfLine(e, 13), (std::vector<double>{4, 4, 4, 4}));
}

// In an inner loop, gcov adds one to the body's last line per entry (its
// latch): line 10, run 128 times (half of 256), reads 136; the test's arcs
// say 128. And IF (I > K) CYCLE keeps its exact count per processor with a
// profile run: i = 1..7 all on processor 0 of 4 (32 under BLOCK), where the
// measured 7/32 would spread evenly.
const char* kInner = "program inner\n  integer, parameter :: n = 32, m = 8\n  real :: x(n, m), y(n, m)\n"
                     "  integer :: i, j, k\n!hpf$ processors pr(4)\n!hpf$ distribute (block, *) onto pr :: x, y\n"
                     "  do j = 1, m\n    do i = 1, n\n"          // 7, 8
                     "      if (mod(i + j, 2) == 0) cycle\n"      // 9
                     "      y(i, j) = x(i, j) * 2.0\n"            // 10
                     "    end do\n  end do\n  k = 7\n"
                     "  do i = 1, n\n"                            // 14
                     "    if (i > k) cycle\n"                     // 15
                     "    x(i, 1) = 0.0\n"                        // 16
                     "  end do\n  print *, y(1, 1), x(1, 1)\nend program inner\n";

TEST(CycleSkip, AProfileRunReadsAnInnerLoopsSkipFromTheTestsArcsAndKeepsExactCounts)
{
  const auto p = profiled("inner.f90", kInner);
  const auto* ten = assignmentAt(p.unit(), 10);
  ASSERT_NE(ten, nullptr);
  EXPECT_TRUE(ten->probabilityMeasured);
  EXPECT_DOUBLE_EQ(ten->probability, 0.5);
  EXPECT_EQ(ten->executions, 128);
  const auto* sixteen = assignmentAt(p.unit(), 16);
  ASSERT_NE(sixteen, nullptr);
  EXPECT_FALSE(sixteen->probabilityMeasured);
  EXPECT_EQ(workOfLine(underDirectives(p, 14, {{"k", 7}}), 16), (std::vector<double>{7, 0, 0, 0}));
}

// CYCLE OUTER from the inner loop ends the inner loop too: the statements
// after it run in half the iterations by default, not where i /= j (all but
// one of n), the negation of its condition.
TEST(CycleSkip, ACycleOfTheOuterLoopGetsNoGuardFromItsCondition)
{
  const auto p = test::build("subroutine tri(c, n)\n  integer :: n, i, j\n  real :: c(n, n)\n"
                             "  outer: do j = 1, n\n    do i = 1, n\n      if (i == j) cycle outer\n"
                             "      c(i, j) = c(i, j) * 2.0\n    end do\n  end do outer\nend subroutine tri\n");
  const auto* seven = assignmentAt(p.unit(), 7);
  ASSERT_NE(seven, nullptr);
  EXPECT_EQ(seven->branchLine, 6);
  EXPECT_TRUE(seven->guards.empty());
  EXPECT_DOUBLE_EQ(seven->probability, 0.5);
}

// A block IF whose first of three arms (no ELSE) ends with GO TO the DO's
// end: what follows its END IF runs where the other two arms do, 2/3 of
// the iterations by default; a profile run measures 4 of 16 (i = 1..4).
const char* kArms = "      program arms\n      integer n, i\n      parameter (n = 16)\n      real x(n)\n"
                    "      do 50 i = 1, n\n"          // 5
                    "         if (i .gt. 4) then\n"  // 6
                    "            goto 50\n"
                    "         else if (i .gt. 2) then\n"
                    "            x(i) = 5.0\n"
                    "         end if\n"
                    "         x(i) = x(i) + 1.0\n"   // 11
                    "   50 continue\n      print *, x(1)\n      end\n";

TEST(CycleSkip, WhatFollowsAnIfWithOneJumpingArmOfSeveralRunsWhereTheOthersDo)
{
  const auto p = test::build(kArms, "arms.f");
  const auto* eleven = assignmentAt(p.unit(), 11);
  ASSERT_NE(eleven, nullptr);
  EXPECT_EQ(eleven->branchLine, 6);
  EXPECT_EQ(eleven->branchArm, 3);
  EXPECT_EQ(eleven->branchArms, 4);
  EXPECT_NEAR(eleven->probability, 2.0 / 3.0, 1e-12);
  const auto e = test::run(p, 5, "x=(BLOCK)", "4", {});
  EXPECT_TRUE(test::hasNote(e, "Statement at line 11 is under IF: assumed to execute with probability 0.67"));
  const auto measured = profiled("arms.f", kArms);
  EXPECT_DOUBLE_EQ(assignmentAt(measured.unit(), 11)->probability, 0.25);
}

// GO TO the label of an END DO is a CYCLE too; one to a label no statement
// has is reported (an END IF's label is one).
TEST(CycleSkip, AGoToAnEndDoLabelCyclesAndOneToNoLabelIsReported)
{
  const auto p = test::build("program enddo\n  integer :: i\n  real :: a(10)\n  do i = 1, 10\n"
                             "    if (i > 5) goto 10\n    a(i) = 1.0\n10 end do\n  if (a(1) > 0) then\n"
                             "    goto 20\n20 end if\n  goto 99\nend program enddo\n");
  const auto* six = assignmentAt(p.unit(), 6);
  ASSERT_NE(six, nullptr);
  EXPECT_EQ(six->branchLine, 5);
  std::vector<std::string> warnings;
  for (const auto& d : p.model.diagnostics)
    warnings.push_back(std::to_string(p.parsed->file->lineColumn(d.range().begin).line) + ": " + d.message());
  EXPECT_EQ(warnings, (std::vector<std::string>{
                          "9: GO TO makes the control flow unstructured; estimates ignore the jump",
                          "11: GO TO 99: no statement of 'enddo' has label 99",
                          "11: GO TO makes the control flow unstructured; estimates ignore the jump"}));
}

// GO TO 10 where 10 is a terminal statement that does work is no CYCLE:
// line 11 runs after the jump too, in every iteration.
TEST(CycleSkip, AGoToATerminalStatementThatDoesWorkIsNoCycle)
{
  const auto p = test::build("      program term\n      integer n, i\n      parameter (n = 64)\n"
                             "      real a(n), b(n)\n      do 10 i = 1, n\n        if (b(i) .lt. 0.0) goto 10\n"
                             "        a(i) = b(i) * 2.0\n   10 b(i) = a(i) + 1.0\n      end\n",
                             "term.f");
  EXPECT_EQ(p.unit().gotoLines, (std::vector<int>{6}));
  const auto* eight = assignmentAt(p.unit(), 8);
  ASSERT_NE(eight, nullptr);
  EXPECT_EQ(eight->branchLine, 0);
  EXPECT_DOUBLE_EQ(eight->probability, 1.0);
}

// With K read from input the estimate cannot count IF (I <= K): the profile
// run's 7 of 32 stands in (it kept the default 0.5 once the exact count
// was preferred); with --set k=7 the count is exact, all on processor 0.
TEST(CycleSkip, AMeasuredShareStandsInWhereTheGuardsCannotBeCounted)
{
  const char* text = "program kin2\n  integer, parameter :: n = 32\n  real :: x(n)\n  integer :: i, k\n"
                     "!hpf$ processors pr(4)\n!hpf$ distribute (block) onto pr :: x\n  read *, k\n  x = 1.0\n"
                     "  do i = 1, n\n    if (i <= k) then\n      x(i) = 0.0\n    end if\n  end do\n"
                     "  print *, x(1)\nend program kin2\n";
  const auto p = profiled("kin2.f90", text, "7\n");
  const auto unknown = underDirectives(p, 9, {});
  EXPECT_EQ(workOfLine(unknown, 11), (std::vector<double>{1.75, 1.75, 1.75, 1.75}));
  EXPECT_TRUE(test::hasNote(unknown, "The branch probability of line 11 was measured by a profile run"));
  EXPECT_FALSE(test::hasNote(unknown, "without a value"));
  EXPECT_EQ(workOfLine(underDirectives(p, 9, {{"k", 7}}), 11), (std::vector<double>{7, 0, 0, 0}));
}

// A temporary after IF (C) CYCLE stays private when it is used in an IF
// nested in that ELSE: T runs on a(i)'s owners (8 of their 16 by
// default) and nothing moves. It ran everywhere, a broadcast of a.
TEST(CycleSkip, ATemporaryAfterACycleUsedInANestedIfStaysPrivate)
{
  const auto p = test::build("subroutine priv(a, b, m)\n  integer, parameter :: n = 64\n  real :: a(n), b(n), t\n"
                             "  integer :: m(n), i\n!hpf$ processors pr(4)\n!hpf$ distribute (block) onto pr :: a, b, m\n"
                             "  do i = 1, n\n    if (m(i) == 0) cycle\n    t = a(i) * 3.0\n"
                             "    if (t > 0.0) b(i) = t\n  end do\nend subroutine priv\n");
  const auto e = underDirectives(p, 7, {});
  EXPECT_EQ(workOfLine(e, 9), (std::vector<double>{8, 8, 8, 8}));
  EXPECT_EQ(e.nt, 0);
}

// An ELSE IF's test runs where the IF's condition fails: i <= 12 of 16
// under BLOCK on 4, processor 3 (i = 13..16) never. It ran in every iteration.
TEST(CycleSkip, AnElseIfTestRunsWhereTheEarlierConditionsFail)
{
  const auto p = test::build("program elif\n  integer, parameter :: n = 16\n  real :: x(n)\n  integer :: i\n"
                             "!hpf$ processors pr(4)\n!hpf$ distribute (block) onto pr :: x\n  x = 0.0\n"
                             "  do i = 1, n\n    if (i > 12) then\n      x(i) = 1.0\n    else if (i > 4) then\n"
                             "      x(i) = 2.0\n    else\n      x(i) = 3.0\n    end if\n  end do\nend program elif\n");
  const auto e = underDirectives(p, 8, {});
  // each: 4 IF tests, 4 ELSE IF tests (none on processor 3), 4 assignments
  EXPECT_EQ(e.workPerProc, (std::vector<double>{12, 12, 12, 8}));
}

// GO TO 20 from the inner loop is a CYCLE of the outer one: it leaves the inner.
TEST(CycleSkip, AGoToTheOuterLoopsEndLeavesTheInnerLoop)
{
  const auto p = test::build("      subroutine rows(a, n)\n"
                             "      integer n, i, j\n"
                             "      real a(n, n)\n"
                             "      do 20 j = 1, n\n"
                             "        do 10 i = 1, n\n"
                             "          if (a(i, j) .lt. 0.0) goto 20\n"
                             "          a(i, j) = 1.0\n"
                             "   10   continue\n"
                             "   20 continue\n"
                             "      end\n",
                             "rows.f");
  EXPECT_TRUE(p.unit().gotoLines.empty());
  EXPECT_EQ(p.unit().loopAtLine(5)->exitLines, (std::vector<int>{6}));
  EXPECT_TRUE(p.unit().loopAtLine(4)->exitLines.empty());
  const auto* seven = assignmentAt(p.unit(), 7);
  ASSERT_NE(seven, nullptr);
  EXPECT_EQ(seven->branchLine, 6);
  EXPECT_DOUBLE_EQ(seven->probability, 0.5);
}

// IF (A(I) < 0) EXIT decides for every processor whether the loop goes on:
// each evaluates it for all 64 iterations and fetches the 48 elements of a
// it lacks in 3 pieces (12 messages, 768 bytes). It fetched nothing.
TEST(CycleSkip, AnExitTestRunsEverywhereWithWhatEachLacks)
{
  const auto p = test::build("program ex\n  integer, parameter :: n = 64\n  real :: a(n), b(n)\n  integer :: i\n"
                             "!hpf$ processors pr(4)\n!hpf$ distribute (block) onto pr :: a, b\n  do i = 1, n\n"
                             "    if (a(i) < 0.0) exit\n    b(i) = a(i) * 2.0\n  end do\nend program ex\n");
  const auto e = underDirectives(p, 7, {});
  EXPECT_EQ(workOfLine(e, 8), (std::vector<double>{64, 64, 64, 64}));
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].reference, "a(i)");
  EXPECT_EQ(e.comm.records[0].messages, 12);
  EXPECT_EQ(e.comm.records[0].bytes, 768);
}

// The same test as a block IF whose arm holds the EXIT (line 9), one whose
// ELSE writes a distributed array, and one nested in another IF (lines 8
// and 9 decide whether line 10 exits): each test whose outcome decides
// whether the loop goes on runs everywhere, fetching what it lacks (the
// nested one's b(i) too: a read under a data-dependent IF is fetched for
// every iteration, vectorized out of the loop).
TEST(CycleSkip, ABlockIfAroundAnExitRunsEverywhereToo)
{
  const std::string head = "program ex\n  integer, parameter :: n = 64\n  real :: a(n), b(n)\n  integer :: i\n"
                           "!hpf$ processors pr(4)\n!hpf$ distribute (block) onto pr :: a, b\n  do i = 1, n\n";
  const struct {
    const char* body;
    int exitLine;
    std::size_t records; // of 12 messages, 768 bytes each
  } cases[] = {
      {"    if (a(i) < 0.0) then\n      exit\n    end if\n    b(i) = a(i) * 2.0\n", 9, 1},
      {"    if (a(i) < 0.0) then\n      exit\n    else\n      b(i) = 1.0\n    end if\n", 9, 1},
      {"    if (a(i) < 0.0) then\n      if (b(i) > 1.0) exit\n    end if\n    b(i) = a(i) * 2.0\n", 9, 2},
  };
  for (const auto& c : cases) {
    const auto p = test::build(head + c.body + "  end do\nend program ex\n");
    EXPECT_EQ(p.unit().loopAtLine(7)->exitLines, (std::vector<int>{c.exitLine})) << c.body;
    EXPECT_EQ(p.unit().loopAtLine(7)->exitTestLines, (std::vector<int>{8})) << c.body;
    const auto e = underDirectives(p, 7, {});
    EXPECT_EQ(workOfLine(e, 8), (std::vector<double>{64, 64, 64, 64})) << c.body;
    ASSERT_EQ(e.comm.records.size(), c.records) << c.body;
    EXPECT_EQ(e.comm.records[0].reference, "a(i)");
    for (const auto& r : e.comm.records) {
      EXPECT_EQ(r.messages, 12) << c.body << r.reference;
      EXPECT_EQ(r.bytes, 768) << c.body << r.reference;
    }
  }
}

// --formulas' CT(k) = sum_S weight_S * work_S(k), work_S(k) the counts of
// the iterations (here no IF but the counted one, so they are the
// estimate's work), holds for the estimate's own CT per processor: for line
// 11, whose IF (I .EQ. 5) GO TO 10 was counted per processor, the weight is
// its cost alone, 3 s (it was 63/64 of that, the share counted twice).
TEST(CycleSkip, TheFormulasCtWeighsEachStatementsCountsOnce)
{
  const auto p = test::build(kSkips, "skips.f");
  auto m = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, 9);
  ASSERT_TRUE(m.mapping);
  estimate::EstimateOptions options;
  options.formulas = true;
  const auto r = estimate::estimateNest(p.unit(), *p.unit().loopAtLine(9), *m.mapping, test::unitMachine(), {}, options);
  ASSERT_TRUE(r.estimate);
  const auto& e = *r.estimate;
  for (const auto& s : e.statements)
    ASSERT_DOUBLE_EQ(s.probability, s.countedShare) << s.line; // the premise: no other IF
  for (std::size_t proc = 0; proc < e.ctPerProc.size(); ++proc) {
    double ct = 0;
    for (const auto& s : e.statements)
      ct += s.cost * s.probability / s.countedShare * s.work[proc];
    EXPECT_NEAR(ct, e.ctPerProc[proc], 1e-9) << proc;
  }
  const auto text = estimate::formulasText(e, false);
  EXPECT_NE(text.find("+ 3 s * work_11(k)"), std::string::npos) << text;
}

// A GO TO elsewhere stays an unstructured jump with its warning; one out of
// the loop is an exit of it.
TEST(CycleSkip, OtherGoTosKeepTheirWarning)
{
  const auto p = test::build("      subroutine jump(a, n)\n"
                             "      integer n, i\n"
                             "      real a(n)\n"
                             "      do 10 i = 1, n\n"
                             "        if (a(i) .lt. 0.0) goto 30\n"
                             "        a(i) = 1.0\n"
                             "   10 continue\n"
                             "   30 continue\n"
                             "      end\n",
                             "jump.f");
  EXPECT_EQ(p.unit().gotoLines, (std::vector<int>{5}));
  EXPECT_DOUBLE_EQ(assignmentAt(p.unit(), 6)->probability, 1.0);
  // GO TO 30 leaves the loop, as EXIT would: the estimate says both what it assumes
  EXPECT_EQ(p.unit().loopAtLine(4)->exitLines, (std::vector<int>{5}));
  const auto e = test::run(p, 4, "a=(BLOCK)", "4", {{"n", 16}});
  EXPECT_TRUE(test::hasNote(e, "The DO i at line 4 may be left early (line 5): it is counted with all its iterations"));
  EXPECT_TRUE(test::hasNote(e, "The GO TO at line 5 is not followed: what it jumps over is counted as if executed"));
  EXPECT_EQ(e.comm.records.size(), 1u); // every processor tests a(i): the fetch of what it lacks
}

} // namespace

// IF (C(I) > 0) CYCLE inside IF (A(I) > 0) THEN ... END IF: the inner
// test jumps in half the runs of the arm, so half of half the iterations
// skip what follows the END IF too: line 11 runs in 3/4 of them (it ran in
// all). Line 9, after the CYCLE in the arm, runs in a quarter. With an
// ELSE arm that always cycles, line 11 runs only where the THEN arm did
// not jump: 1/2 * 1/2.
TEST(CycleSkip, ACycleInANestedIfSkipsWhatFollowsTheEnclosingEndIf)
{
  const std::string head = "program nest\n  integer, parameter :: n = 64\n  real :: a(n), b(n), c(n), d(n), e(n)\n"
                           "  integer :: i\n  do i = 1, n\n    if (a(i) > 0.0) then\n      b(i) = 1.0\n"
                           "      if (c(i) > 0.0) cycle\n      d(i) = 2.0\n";
  const auto p = test::build(head + "    end if\n    e(i) = 3.0\n  end do\nend program nest\n");
  ASSERT_NE(assignmentAt(p.unit(), 9), nullptr);
  EXPECT_DOUBLE_EQ(assignmentAt(p.unit(), 9)->probability, 0.25);
  ASSERT_NE(assignmentAt(p.unit(), 11), nullptr);
  EXPECT_DOUBLE_EQ(assignmentAt(p.unit(), 11)->probability, 0.75);
  EXPECT_EQ(assignmentAt(p.unit(), 11)->branchLine, 6);
  const auto e = test::run(p, 5, "a,b,c,d,e=(BLOCK)", "4", {});
  EXPECT_EQ(workOfLine(e, 11), (std::vector<double>{12, 12, 12, 12}));

  const auto withElse = test::build(head + "    else\n      cycle\n    end if\n    e(i) = 3.0\n  end do\nend program nest\n");
  ASSERT_NE(assignmentAt(withElse.unit(), 13), nullptr);
  EXPECT_DOUBLE_EQ(assignmentAt(withElse.unit(), 13)->probability, 0.25);
}

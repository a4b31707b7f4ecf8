// DO WHILE loops (and DO without control, left by EXIT) in estimates: the
// model counts them as DO w = 1, ntrips_L over an unknown that the user sets
// or a profile run measures (iterations per entry), so a convergence loop's
// body is estimated like the counted time loop it stands for.
// Source: P3T+, Sec. 3.1 (iteration counts from a profile run or the user).
#include "cli/cli-run.h"
#include "estimate/comparison.h"
#include "estimate/run-estimate.h"
#include "estimate/unit-estimator.h"
#include "profile/profile-run.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ps;

namespace {

using ps::test::hasNote;

// The same sweep under a convergence test (line 10) and a counted loop (line 10).
const char* kWhileSweep = "program relax\n"
                          "  integer, parameter :: n = 64\n"
                          "  real :: u(n), v(n), err\n"
                          "  integer :: i\n"
                          "!hpf$ processors pr(4)\n"
                          "!hpf$ distribute (block) onto pr :: u, v\n"
                          "  u = 1.0\n"
                          "  v = 0.0\n"
                          "  err = 1.0\n"
                          "  do while (err > 1.0e-6)\n"
                          "    do i = 2, n - 1\n"
                          "      v(i) = 0.5 * (u(i - 1) + u(i + 1))\n"
                          "    end do\n"
                          "    err = maxval(abs(v - u))\n"
                          "    u = v\n"
                          "  end do\n"
                          "end program relax\n";
/// kWhileSweep with a counted loop of niter iterations in place of its test.
std::string countedSweep()
{
  std::string text = kWhileSweep;
  text.replace(text.find("integer :: i\n"), 13, "integer :: i, it, niter\n");
  text.replace(text.find("do while (err > 1.0e-6)"), 23, "do it = 1, niter");
  return text;
}

// A DO WHILE run 3 times for 10 iterations each, and a DO left by EXIT after 7.
const char* kLoops = "program loops\n"
                     "  integer :: k, m, j\n"
                     "  real :: a(100)\n"
                     "  do j = 1, 3\n"
                     "    k = 0\n"
                     "    do while (k < 10)\n"
                     "      k = k + 1\n"
                     "      a(k + 10 * (j - 1)) = 1.0\n"
                     "    end do\n"
                     "  end do\n"
                     "  m = 0\n"
                     "  do\n"
                     "    m = m + 1\n"
                     "    if (m >= 7) exit\n"
                     "  end do\n"
                     "  print *, a(1), m\n"
                     "end program loops\n";

// gfortran lays out the first test's arcs the other way round from K < 10's;
// the second loop is entered in one outer iteration in four.
const char* kPow = "program pow\n"
                   "  integer :: j, k, s\n"
                   "  s = 0\n"
                   "  do j = 1, 40\n"
                   "    k = 0\n"
                   "    do while (2**k < j)\n"
                   "      k = k + 1\n"
                   "    end do\n"
                   "    s = s + k\n"
                   "    if (mod(j, 4) == 0) then\n"
                   "      k = 0\n"
                   "      do while (k < j)\n"
                   "        k = k + 2\n"
                   "      end do\n"
                   "    end if\n"
                   "  end do\n"
                   "  print *, s, k\n"
                   "end program pow\n";

// Loops left through a construct name (line numbers in the comments): the
// search (6) by EXIT search from the DO at 9 after ceil(2j/3) iterations, the
// DO WHILE at 14 by CYCLE outer after j.
const char* kNamed = "program named\n"
                     "  integer :: i, j, k, m, s\n"
                     "  s = 0\n"
                     "  outer: do j = 1, 5\n"
                     "    k = 0\n"
                     "    search: do while (k < 100)\n"              // 6
                     "      k = k + 1\n"
                     "      s = s + k\n"
                     "      do i = 1, 3\n"                           // 9
                     "        if (i * k >= 2 * j) exit search\n"     // 10
                     "      end do\n"
                     "    end do search\n"
                     "    m = 0\n"
                     "    do while (m < 50)\n"                       // 14
                     "      m = m + 1\n"
                     "      if (m >= j) cycle outer\n"               // 16
                     "    end do\n"
                     "  end do outer\n"
                     "  print *, s, m\n"
                     "end program named\n";

// An unnamed EXIT inside a named loop, an IF's name, RETURN and STOP.
const char* kLeaving = "subroutine leave(a, n)\n"
                       "  integer :: n, i, j\n"
                       "  real :: a(n)\n"
                       "  rows: do j = 1, n\n"
                       "    do i = 1, n\n"                              // 5
                       "      if (a(i) < 0.0) exit\n"                   // 6
                       "      test: if (a(i) > 9.0) then\n"
                       "        exit test\n"                            // 8
                       "      end if test\n"
                       "      if (a(i) == 5.0) return\n"                // 10
                       "      if (a(i) == 6.0) cycle rows\n"            // 11
                       "      if (a(i) == 7.0) cycle\n"                 // 12
                       "      if (a(i) == 8.0) stop\n"                  // 13
                       "    end do\n"
                       "  end do rows\n"
                       "end subroutine leave\n";

// A statement after an inner loop that CYCLE solve skips (line 12 runs 6 of
// the 12 iterations): the iterations are counted before the first jump.
const char* kSkipped = "program skip\n"
                       "  integer :: it, k, total, m\n"
                       "  total = 0\n"
                       "  do m = 1, 3\n"
                       "    it = 0\n"
                       "    solve: do while (.true.)\n"                          // 6
                       "      it = it + 1\n"
                       "      do k = 1, 4\n"
                       "        if (k == 2 .and. mod(it, 2) == 0) cycle solve\n"  // 9
                       "        if (it >= 2 * m) exit solve\n"                    // 10
                       "      end do\n"
                       "      total = total + 1\n"                                // 12
                       "    end do solve\n"
                       "  end do\n"
                       "  print *, total\n"
                       "end program skip\n";

estimate::Estimate unitEstimate(const test::Program& p, const symbolic::Bindings& values)
{
  auto r = estimate::estimateUnit(p.model, p.unit(), std::nullopt, std::nullopt, test::unitMachine(), values);
  EXPECT_TRUE(r.estimate) << (r.errors.empty() ? "" : r.errors[0]);
  return r.estimate.value_or(estimate::Estimate{});
}

/// `text` built and given the counts of a real profile run (gfortran, gcov).
test::Program profiled(const std::string& name, const char* text)
{
  auto run = profile::runProfile(test::writeTemp(name, text), {});
  EXPECT_TRUE(run.counts) << run.error;
  auto p = test::build(text);
  profile::applyCounts(p.model, run.counts.value_or(profile::CoverageCounts{}));
  return p;
}

/// The assignment on `line`, or nullptr.
const program::Statement* statementAt(const program::Unit& u, int line)
{
  for (const auto& st : u.statements)
    if (st.line == line && st.kind == program::StatementKind::Assignment)
      return &st;
  return nullptr;
}

} // namespace

TEST(WhileLoop, IsACountedLoopOverAnUnknownOfTheUnit)
{
  const auto p = test::build(kLoops);
  const auto& u = p.unit();
  const auto* w = u.loopAtLine(6);
  ASSERT_NE(w, nullptr);
  EXPECT_TRUE(w->isWhile);
  EXPECT_TRUE(w->boundsKnown);
  EXPECT_EQ(w->tripsUnknown, "ntrips_6");
  EXPECT_EQ(w->lower.asInteger(), 1);
  EXPECT_EQ(w->upper.str(), "ntrips_6");
  EXPECT_EQ(w->variable, "w6_");
  const auto* bare = u.loopAtLine(12);
  ASSERT_NE(bare, nullptr);
  EXPECT_EQ(bare->tripsUnknown, "ntrips_12");
  EXPECT_EQ(bare->exitLines, std::vector<int>{14});
  EXPECT_TRUE(w->exitLines.empty());
  EXPECT_NE(std::find(u.unknowns.begin(), u.unknowns.end(), "ntrips_6"), u.unknowns.end());
  ASSERT_TRUE(u.unknownOrigins.count("ntrips_12"));
  EXPECT_EQ(u.unknownOrigins.at("ntrips_12").line, 12);
  EXPECT_EQ(u.unknownOrigins.at("ntrips_12").reason,
            "the number of iterations per entry of the DO loop without control at line 12 (a profile run measures it)");
}

TEST(WhileLoop, ExitLinesAreTheStatementsThatLeaveEachLoop)
{
  const auto p = test::build(kLeaving);
  const auto& u = p.unit();
  EXPECT_EQ(u.loopAtLine(5)->exitLines, (std::vector<int>{6, 10, 11, 13}));
  EXPECT_EQ(u.loopAtLine(4)->exitLines, (std::vector<int>{10, 13}));
  const auto named = test::build(kNamed);
  EXPECT_EQ(named.unit().loopAtLine(4)->exitLines, std::vector<int>{});
  EXPECT_EQ(named.unit().loopAtLine(6)->exitLines, std::vector<int>{10});
  EXPECT_EQ(named.unit().loopAtLine(9)->exitLines, std::vector<int>{10});
  EXPECT_EQ(named.unit().loopAtLine(14)->exitLines, std::vector<int>{16});
  EXPECT_TRUE(p.model.diagnostics.empty()); // EXIT test leaves the IF named test (Fortran 2008)
  const auto bogus = test::build("program b\n  integer :: i\n  do i = 1, 3\n    cycle bogus\n  end do\nend program b\n");
  ASSERT_EQ(bogus.model.diagnostics.size(), 1u);
  EXPECT_EQ(bogus.model.diagnostics[0].message(),
            "CYCLE names 'bogus', which is no DO construct around it (Fortran 90, 8.1.4.4.3)");
  EXPECT_TRUE(bogus.unit().loopAtLine(3)->exitLines.empty());
  // EXIT naming neither a DO nor an IF around it: a warning, and no loop left
  const auto exitBogus = test::build("program b\n  integer :: i\n  do i = 1, 3\n    exit bogus\n  end do\nend program b\n");
  ASSERT_EQ(exitBogus.model.diagnostics.size(), 1u);
  EXPECT_EQ(exitBogus.model.diagnostics[0].message(),
            "EXIT names 'bogus', which is no construct around it (Fortran 2008, 8.1.10); it is taken to leave no loop");
  EXPECT_EQ(exitBogus.model.diagnostics[0].severity(), ps::fortran::Severity::Warning);
  EXPECT_TRUE(exitBogus.unit().loopAtLine(3)->exitLines.empty());
  // EXIT naming an IF construct around the loop leaves the loops inside it (Fortran 2008, 8.1.10)
  const auto exitIf = test::build("program b\n  integer :: i, j\n  logical :: go\n  blk: if (go) then\n"
                                  "    do j = 1, 3\n      do i = 1, 3\n        if (i == j) exit blk\n      end do\n"
                                  "    end do\n  end if blk\nend program b\n");
  EXPECT_TRUE(exitIf.model.diagnostics.empty());
  EXPECT_EQ(exitIf.unit().loopAtLine(5)->exitLines, std::vector<int>{7});
  EXPECT_EQ(exitIf.unit().loopAtLine(6)->exitLines, std::vector<int>{7});
}

TEST(WhileLoop, ItsUnknownDoesNotTakeAProgramsName)
{
  const auto p = test::build("program t\n  integer :: ntrips_3, k\n  do while (k < ntrips_3)\n    k = k + 1\n"
                             "  end do\nend program t\n");
  EXPECT_EQ(p.unit().loopAtLine(3)->tripsUnknown, "ntrips_3_");
}

TEST(WhileLoop, WithoutItsIterationsTheUnitAsksForThem)
{
  const auto p = test::build(kWhileSweep);
  auto r = estimate::estimateUnit(p.model, p.unit(), std::nullopt, std::nullopt, test::unitMachine(), {});
  EXPECT_FALSE(r.estimate);
  EXPECT_EQ(r.missing, std::vector<std::string>{"ntrips_10"});
  ASSERT_FALSE(r.errors.empty());
  EXPECT_EQ(r.errors[0], "The value of 'ntrips_10' is needed for the iterations of the DO WHILE at line 10");
}

TEST(WhileLoop, EstimatesAsTheCountedLoopOfAsManyIterations)
{
  const auto w = unitEstimate(test::build(kWhileSweep), {{"ntrips_10", 250}});
  const auto d = unitEstimate(test::build(countedSweep()), {{"niter", 250}});
  ASSERT_EQ(w.workPerProc.size(), 4u);
  ASSERT_EQ(d.workPerProc.size(), 4u);
  for (std::size_t q = 0; q < 4; ++q) // and its test, one comparison an iteration on every processor
    EXPECT_EQ(w.workPerProc[q], d.workPerProc[q] + 250) << "processor " << q;
  EXPECT_EQ(w.comm.messagesPerProc, d.comm.messagesPerProc);
  EXPECT_EQ(w.comm.bytesPerProc, d.comm.bytesPerProc);
  EXPECT_DOUBLE_EQ(w.ct, d.ct + 250);
  EXPECT_GE(w.comm.messagesPerProc[1], 2 * 250); // its halo and the reduction, every iteration
  EXPECT_TRUE(hasNote(w, "The DO WHILE at line 10 runs 250 times per entry, the value given to 'ntrips_10'"));
}

TEST(WhileLoop, ProfileCountsGiveTheIterationsPerEntry)
{
  auto p = test::build(kLoops);
  profile::CoverageCounts counts; // as gfortran 12 measures kLoops (partscope-cli profile --json)
  counts.lines[4] = {4, 4, 3, 4, std::nullopt, std::nullopt};
  counts.lines[5] = {5, 3, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  counts.lines[6] = {6, 34, 3, 33, std::nullopt, std::nullopt}; // a DO WHILE's taken arc is its exit: 33 tests, 3 exits
  counts.lines[7] = {7, 30, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  counts.lines[8] = {8, 30, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  counts.lines[12] = {12, 6, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  counts.lines[13] = {13, 7, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  counts.lines[14] = {14, 7, 1, 7, std::nullopt, std::nullopt}; // IF (M >= 7) EXIT: taken once
  profile::applyCounts(p.model, counts);
  const auto& u = p.unit();
  EXPECT_EQ(u.loopAtLine(6)->measuredTrips, 10);
  EXPECT_EQ(u.loopAtLine(6)->upper.asInteger(), 10);
  EXPECT_EQ(u.loopAtLine(12)->measuredTrips, 7);
  EXPECT_EQ(std::count(u.unknowns.begin(), u.unknowns.end(), "ntrips_6"), 0);
  EXPECT_EQ(u.unknownOrigins.count("ntrips_12"), 0u);
  const auto* seven = statementAt(u, 7);
  ASSERT_NE(seven, nullptr);
  EXPECT_EQ(seven->executions, 30); // not clamped to the DO WHILE's 3 exits
}

TEST(WhileLoop, ARealProfileRunMeasuresThemAndTheEstimateUsesThem)
{
  const auto measured = profiled("while-loops.f90", kLoops);
  EXPECT_EQ(measured.unit().loopAtLine(6)->measuredTrips, 10);
  EXPECT_EQ(measured.unit().loopAtLine(12)->measuredTrips, 7);
  const symbolic::Bindings k{{"k", 10}}; // a(k + ...) after the loop has set k: not followed
  const auto e = unitEstimate(measured, k);
  const auto given = unitEstimate(test::build(kLoops), {{"k", 10}, {"ntrips_6", 10}, {"ntrips_12", 7}});
  EXPECT_EQ(e.workPerProc, given.workPerProc);
  EXPECT_DOUBLE_EQ(e.ct, given.ct);
  EXPECT_TRUE(hasNote(e, "The DO WHILE at line 6 runs 10 times per entry, as the profile run measured"));
}

TEST(WhileLoop, MeanIterationsAndEntriesUnderAnIfAreMeasuredWhicheverWayTheArcsRun)
{
  const auto p = profiled("while-pow.f90", kPow);
  const auto& u = p.unit();
  // ceil(log2 j) for j = 1..40: 0 + 1 + 2*2 + 4*3 + 8*4 + 16*5 + 8*6 = 177 over 40 entries
  EXPECT_EQ(u.loopAtLine(6)->measuredTrips, 4);
  EXPECT_DOUBLE_EQ(u.loopAtLine(6)->measuredMean, 177.0 / 40.0);
  // j = 4, 8, ..., 40: j/2 iterations each, 110 over 10 entries
  EXPECT_EQ(u.loopAtLine(12)->measuredTrips, 11);
  const auto* thirteen = statementAt(u, 13);
  ASSERT_NE(thirteen, nullptr);
  EXPECT_TRUE(thirteen->probabilityMeasured);
  EXPECT_DOUBLE_EQ(thirteen->probability, 0.25); // entered in 10 of the IF's 40 evaluations
  const auto e = unitEstimate(p, {});
  EXPECT_TRUE(hasNote(e, "The DO WHILE at line 6 runs 4 times per entry, the profile run's mean of 4.425 rounded"));
}

TEST(WhileLoop, ExitsAndCyclesThroughAConstructNameEndItsEntries)
{
  const auto p = profiled("while-named.f90", kNamed);
  const auto& u = p.unit();
  // ceil(2j/3) for j = 1..5: 1 + 2 + 2 + 3 + 4 = 12 over 5 entries, each left by EXIT search
  EXPECT_EQ(u.loopAtLine(6)->measuredTrips, 2);
  EXPECT_DOUBLE_EQ(u.loopAtLine(6)->measuredMean, 12.0 / 5.0);
  // j for j = 1..5: 15 over 5 entries, each left by CYCLE outer
  EXPECT_EQ(u.loopAtLine(14)->measuredTrips, 3);
  EXPECT_DOUBLE_EQ(u.loopAtLine(14)->measuredMean, 3.0);
}

TEST(WhileLoop, StatementsAJumpMaySkipDoNotCountItsIterations)
{
  const auto p = profiled("while-skip.f90", kSkipped);
  // 2m iterations for m = 1..3: 12 over 3 entries (line 12's 6 gave a mean of 2)
  EXPECT_EQ(p.unit().loopAtLine(6)->measuredTrips, 4);
  EXPECT_DOUBLE_EQ(p.unit().loopAtLine(6)->measuredMean, 4.0);
}

TEST(WhileLoop, AValueTheUserGivesWinsOverTheProfileAndMustNotBeNegative)
{
  auto p = test::build(kLoops);
  profile::CoverageCounts counts;
  counts.lines[6] = {6, 34, 3, 33, std::nullopt, std::nullopt};
  counts.lines[7] = {7, 30, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  profile::applyCounts(p.model, counts, {{"ntrips_6", 9}});
  EXPECT_FALSE(p.unit().loopAtLine(6)->measuredTrips);
  EXPECT_EQ(p.unit().loopAtLine(6)->upper.str(), "ntrips_6");
  const auto errors = estimate::unusedValues(p.model, {{"ntrips_6", -5}});
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "'ntrips_6' = -5 is not a number of iterations (the DO WHILE at line 6 runs 0 or more times "
                       "per entry)");
}

TEST(WhileLoop, ALoopTheProfileNeverEnteredRunsNoTimes)
{
  auto p = test::build(kLoops);
  profile::CoverageCounts counts;
  counts.lines[6] = {6, 0, 0, 0, std::nullopt, std::nullopt};
  counts.lines[7] = {7, 0, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  profile::applyCounts(p.model, counts);
  EXPECT_EQ(p.unit().loopAtLine(6)->measuredTrips, 0);
}

TEST(WhileLoop, AReductionItsTestReadsIsCombinedEveryIteration)
{
  // the test reads s before every iteration: the sum cannot wait for the loop's end
  const auto p = test::build("program search\n"
                             "  integer, parameter :: n = 64\n"
                             "  real :: v(n), s\n"
                             "  integer :: i\n"
                             "!hpf$ processors pr(4)\n"
                             "!hpf$ distribute v(block) onto pr\n"
                             "  s = 0.0\n"
                             "  do while (s < 100.0)\n"
                             "    do i = 1, n\n"
                             "      s = s + v(i)\n"
                             "    end do\n"
                             "  end do\n"
                             "end program search\n");
  const auto messages = [&](std::int64_t trips) {
    const auto e = unitEstimate(p, {{"ntrips_8", trips}});
    std::int64_t total = 0;
    for (auto m : e.comm.messagesPerProc)
      total += m;
    return total;
  };
  EXPECT_GT(messages(1), 0);
  EXPECT_EQ(messages(5), 5 * messages(1));
}

TEST(WhileLoop, InflatedLineCountsAndABodyWithoutStatementsDoNotMisleadTheProfile)
{
  // gcov counts an array expression's inner loop on its line: 816 for 48 iterations
  auto p = test::build(kWhileSweep);
  profile::CoverageCounts counts;
  counts.lines[10] = {10, 50, 1, 49, std::nullopt, std::nullopt};  // 49 tests, 1 exit
  counts.lines[14] = {14, 816, std::nullopt, std::nullopt, std::nullopt, std::nullopt}; // err = maxval(abs(v - u))
  counts.lines[15] = {15, 48, std::nullopt, std::nullopt, std::nullopt, std::nullopt};  // u = v
  profile::applyCounts(p.model, counts);
  EXPECT_EQ(p.unit().loopAtLine(10)->measuredTrips, 48);
  // a body of nothing but a nested loop: the test's arcs alone do not say which is which
  auto nested = test::build("program t\n  integer :: j, k, i\n  real :: a(8)\n  j = 40\n  k = 0\n"
                            "  do while (2**k < j)\n    do i = 1, 8\n      a(i) = k\n    end do\n"
                            "    k = k + 1\n  end do\nend program t\n");
  profile::CoverageCounts flipped;
  flipped.lines[6] = {6, 7, 7, 7, std::nullopt, std::nullopt}; // the line's first branch belongs to 2**K
  profile::applyCounts(nested.model, flipped);
  EXPECT_FALSE(nested.unit().loopAtLine(6)->measuredTrips); // k = k + 1 has no count: still asked for
}

TEST(WhileLoop, ALoopThatRanRunsAtLeastOncePerEntry)
{
  auto p = test::build(kLoops);
  profile::CoverageCounts counts;
  counts.lines[6] = {6, 13, 10, 13, std::nullopt, std::nullopt}; // 3 iterations over 10 entries
  counts.lines[7] = {7, 3, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  counts.lines[8] = {8, 3, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
  profile::applyCounts(p.model, counts);
  EXPECT_EQ(p.unit().loopAtLine(6)->measuredTrips, 1);
  EXPECT_DOUBLE_EQ(p.unit().loopAtLine(6)->measuredMean, 0.3);
}

TEST(WhileLoop, ItsIterationsAreNotStagesOfAPipeline)
{
  // a recurrence along the distributed i: a counted time loop overlaps its
  // iterations as a wavefront, a DO WHILE waits for its test every iteration
  const std::string whileText = "program rec\n"
                                "  integer, parameter :: n = 64\n"
                                "  real :: u(n), v(n), err\n"
                                "  integer :: i\n"
                                "  err = 1.0\n"
                                "  do while (err > 1.0e-6)\n"
                                "    do i = 2, n\n"
                                "      u(i) = v(i) + u(i-1)\n"
                                "    end do\n"
                                "    err = u(n)\n"
                                "  end do\n"
                                "end program rec\n";
  const auto w = test::run(test::build(whileText), 6, "u=(BLOCK); v=(BLOCK)", "4", {{"ntrips_6", 10}});
  EXPECT_EQ(w.parallelism.kind, "serialized");
  EXPECT_TRUE(hasNote(w, "not pipelined: the DO WHILE at line 6 decides its next iteration once the last one has ended"));
  std::string counted = whileText;
  counted.replace(counted.find("do while (err > 1.0e-6)"), 23, "do it = 1, 10");
  counted.replace(counted.find("integer :: i\n"), 13, "integer :: i, it\n");
  EXPECT_EQ(test::run(test::build(counted), 6, "u=(BLOCK); v=(BLOCK)", "4", {}).parallelism.kind, "pipelined");
  // the counted loop left by a convergence EXIT waits for its test as the DO WHILE does (it was pipelined)
  std::string exits = counted;
  exits.replace(exits.find("    err = u(n)\n"), 15, "    err = u(n)\n    if (err < 1.0e-6) exit\n");
  const auto e = test::run(test::build(exits), 6, "u=(BLOCK); v=(BLOCK)", "4", {});
  EXPECT_EQ(e.parallelism.kind, "serialized");
  EXPECT_TRUE(hasNote(e, "not pipelined: the DO it at line 6 may be left at line 11, which decides its next iteration"));
  EXPECT_DOUBLE_EQ(e.ct, w.ct); // ten iterations, as the DO WHILE's
  // an error check on a value set before the loop does not wait for the iteration: still pipelined
  std::string checks = counted;
  checks.replace(checks.find("    do i = 2, n\n"), 16, "    if (m < 2) stop\n    do i = 2, n\n");
  checks.replace(checks.find("integer :: i, it\n"), 17, "integer :: i, it, m\n");
  checks.replace(checks.find("  err = 1.0\n"), 12, "  err = 1.0\n  m = 3\n");
  EXPECT_EQ(test::run(test::build(checks), 7, "u=(BLOCK); v=(BLOCK)", "4", {}).parallelism.kind, "pipelined");
}

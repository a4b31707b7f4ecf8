// Numbers a new user found wrong (tests/data/user/, the colleague's
// programs): conditions counted on every processor, byte totals that
// wrapped, a read of never-written elements messaged inside the loop.
// Machine of round numbers (run-estimate.h): 1 s per operation.
#include "estimate/comparison.h"
#include "estimate/run-estimate.h"
#include "estimate/saturating-count.h"
#include "support/text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <span>

namespace {

using ps::test::hasNote;

using ps::estimate::Estimate;

ps::test::Program load(const char* name)
{
  std::string error;
  const auto text = ps::readTextFile(std::string(PS_SOURCE_DIR) + "/tests/data/user/" + name, &error);
  EXPECT_TRUE(text) << error;
  return ps::test::build(text.value_or(""), name);
}

/// The nest on `line` under the unit's directives, on `procs` ("4", "2x2").
Estimate directives(const ps::test::Program& p, int line, const std::string& procs,
                    const ps::symbolic::Bindings& values = {})
{
  const auto& unit = p.unit();
  auto m = ps::mapping::mappingFromDirectives(unit, values, *ps::mapping::parseArrangement(procs), line);
  EXPECT_TRUE(m.mapping) << (m.errors.empty() ? "" : m.errors[0]);
  if (!m.mapping)
    return {};
  auto e = ps::estimate::estimateNest(unit, *unit.loopAtLine(line), *m.mapping, ps::test::unitMachine(), values);
  EXPECT_TRUE(e.estimate) << (e.errors.empty() ? "" : e.errors[0]);
  return e.estimate.value_or(Estimate{});
}

const ps::estimate::StatementWork& workOfLine(const Estimate& e, int line)
{
  const auto it = std::find_if(e.statements.begin(), e.statements.end(), [&](const auto& w) { return w.line == line; });
  EXPECT_NE(it, e.statements.end()) << line;
  return *it;
}

/// The work of the line's statement summed over the processors.
double totalWorkOfLine(const Estimate& e, int line)
{
  double total = 0;
  for (double w : workOfLine(e, line).work)
    total += w;
  return total;
}

} // namespace

// FORALL (i = 2:199, j = 2:199, mod(i+j,2) == 0) under (BLOCK,BLOCK) on 2x2
// (blocks of 100): each processor owns 99 x 99 = 9801 of the 198^2 = 39204
// points and evaluates the mask only there, then assigns half of them
// (probability 0.5): 9801 + 4900.5 = 14701.5. Before: the mask's 39204 on
// every processor (44104.5).
TEST(UserReported, ForallMaskIsEvaluatedByTheOwnersOfWhatItGuards)
{
  const auto p = load("rbsor.hpf");
  const auto e = directives(p, 19, "2x2");
  ASSERT_EQ(e.workPerProc.size(), 4u);
  for (double w : e.workPerProc)
    EXPECT_DOUBLE_EQ(w, 14701.5);
  const auto& mask = workOfLine(e, 19);
  EXPECT_FALSE(mask.replicated);
  EXPECT_DOUBLE_EQ(mask.work[0], 9801.0);
  // 4 processors each do a quarter: about 4x faster than 1
  const auto one = directives(p, 19, "1");
  EXPECT_DOUBLE_EQ(one.workPerProc[0], 39204 + 19602);
}

// The same nest as DO + logical IF, serialized by the recurrence on u under
// (BLOCK,BLOCK): the chain's CT is the sequential CT (each processor's
// share of conditions and assignments once), not 3.4 times it.
TEST(UserReported, SerializedNestWithIfTakesAboutTheSequentialTime)
{
  const auto p = load("maskdo.f90");
  const auto seq = directives(p, 6, "1");
  const auto par = directives(p, 6, "2x2");
  EXPECT_DOUBLE_EQ(seq.workPerProc[0], 39204 + 19602);
  for (double w : par.workPerProc)
    EXPECT_DOUBLE_EQ(w, 14701.5);
  EXPECT_EQ(par.parallelism.kind, "serialized");
  EXPECT_NEAR(par.ct, seq.ct, 1e-9 * seq.ct);
}

// A condition that guards only a scalar assignment stays replicated: every
// processor evaluates all 10 iterations.
TEST(UserReported, ConditionGuardingNoDistributedWriteStaysReplicated)
{
  const auto p = ps::test::build("program c\n"
                                 "  real :: a(10), s\n"
                                 "  integer :: i\n"
                                 "!hpf$ distribute a(block)\n"
                                 "  do i = 1, 10\n"
                                 "    if (i > 5) s = 1.0\n"
                                 "  end do\n"
                                 "end program\n");
  const auto e = directives(p, 5, "2");
  const auto& cond = workOfLine(e, 6);
  ASSERT_EQ(cond.work.size(), 2u);
  EXPECT_GE(cond.work[0], 10.0);
  EXPECT_GE(cond.work[1], 10.0);
}

// B(I) = A(N-I+1) under BLOCK on 4 with N/4 even: every element is remote,
// 4 * N bytes per iteration of K (the read is placed inside K: A is written
// at line 13). N = 8, M = 10: 40 messages, 320 bytes (hand count).
// N = 2^40, M = 2^20: 2^62 bytes exactly; M = 2^21 would be 2^64, which
// wrapped to a small number before: now the bound with a note.
TEST(UserReported, ByteTotalsDoNotWrap)
{
  const auto p = load("td-bound.f");
  const auto small = directives(p, 8, "4", {{"n", 8}, {"m", 10}});
  EXPECT_EQ(small.nt, 40);
  EXPECT_EQ(small.tdBytes, 320);
  const std::int64_t n = std::int64_t{1} << 40;
  const auto exact = directives(p, 8, "4", {{"n", n}, {"m", std::int64_t{1} << 20}});
  EXPECT_EQ(exact.tdBytes, std::int64_t{1} << 62);
  EXPECT_FALSE(hasNote(exact, "exceeds 2^63"));
  const auto beyond = directives(p, 8, "4", {{"n", n}, {"m", std::int64_t{1} << 21}});
  EXPECT_EQ(beyond.tdBytes, ps::estimate::kCountBound);
  EXPECT_TRUE(hasNote(beyond, "The data transferred (TD) exceeds 2^63 - 1"));
}

TEST(UserReported, SaturatingCountsStopAtTheBound)
{
  using namespace ps::estimate;
  // both at the bound: the note names both (it named TD alone)
  EXPECT_EQ(saturationNote(kCountBound, kCountBound).rfind("The number of transfers (NT) and the data transferred "
                                                           "(TD) exceed 2^63 - 1 (about 9.2e18) and are shown",
                                                           0),
            0u);
  EXPECT_EQ(saturationNote(kCountBound, 5).rfind("The number of transfers (NT) exceeds 2^63 - 1", 0), 0u);
  EXPECT_TRUE(saturationNote(5, 5).empty());
  EXPECT_EQ(saturatingAdd(kCountBound - 1, 1), kCountBound);
  EXPECT_EQ(saturatingAdd(kCountBound, 5), kCountBound);
  EXPECT_EQ(saturatingMul(std::int64_t{1} << 32, std::int64_t{1} << 31), kCountBound);
  EXPECT_EQ(saturatingMul(std::int64_t{1} << 31, std::int64_t{1} << 31), std::int64_t{1} << 62);
  EXPECT_EQ(saturatingScale(std::int64_t{1} << 62, 4.0), kCountBound);
  EXPECT_EQ(saturatingScale(10, 2.5), 25);
}

// A(I,J) = A(I,J) - A(I,1) * A(1,J), J = 2..256 under (*,CYCLIC) on 4:
// column 1 is never written (no flow dependence into A(I,1)), so its 255
// elements I = 2..256 are broadcast once, before the nest, to the 3
// processors that do not own column 1: 3 messages, 3 * 255 * 4 = 3060 bytes
// (before: 192 messages inside the J loop). A(1,J) is the executor's own
// column: no message.
TEST(UserReported, ReadOfNeverWrittenElementsIsHoisted)
{
  const auto p = load("lu_col1.f");
  const auto e = directives(p, 6, "4");
  ASSERT_EQ(e.comm.records.size(), 1u);
  const auto& r = e.comm.records[0];
  EXPECT_EQ(r.reference, "a(i,1)");
  EXPECT_EQ(r.placement, 0);
  EXPECT_EQ(r.messages, 3);
  EXPECT_EQ(r.bytes, 3060);
  EXPECT_EQ(e.nt, 3);
}

// The read A(I-1,J) of A(I,J) = A(I-1,J) + 1 is written by the previous
// iteration of I: it keeps its place inside the loops (a real flow dependence).
TEST(UserReported, ReadOfWrittenElementsStaysInsideTheLoop)
{
  const auto p = ps::test::build("program r\n"
                                 "  real :: a(16,16)\n"
                                 "  integer :: i, j\n"
                                 "!hpf$ distribute a(block,*)\n"
                                 "  do i = 2, 16\n"
                                 "    do j = 1, 16\n"
                                 "      a(i,j) = a(i-1,j) + 1.0\n"
                                 "    end do\n"
                                 "  end do\n"
                                 "end program\n");
  const auto e = directives(p, 5, "4");
  ASSERT_FALSE(e.comm.records.empty());
  EXPECT_GE(e.comm.records[0].placement, 1);
}

TEST(UserReported, ASyntaxErrorInsideTheNestRefusesItsEstimate)
{
  // The parser drops a statement it cannot read: the nest's estimate was all
  // zeros with no error (a new user's broken_body.f). A nest without the
  // error, in the same file, still estimates.
  const auto p = ps::test::build("program brk\n"                // 1
                                 "  integer, parameter :: n = 100\n"
                                 "  real :: a(n), b(n)\n"
                                 "  integer :: i\n"
                                 "  do i = 2, n\n"              // 5
                                 "    a(i) = b(i - 1) + (b(i\n" // 6: no closing parentheses
                                 "  end do\n"
                                 "  do i = 1, n\n"              // 8
                                 "    b(i) = 1.0\n"
                                 "  end do\n"
                                 "end program brk\n");
  const auto estimate = [&](int line, bool program) {
    ps::estimate::ComparisonRequest request;
    request.loopLine = program ? 0 : line;
    request.program = program;
    request.variants = {{"A", ps::mapping::parseDistSpec("a,b=(BLOCK)", nullptr)}};
    ps::mapping::ProcessorsArrangement procs;
    procs.shape = {4};
    request.procs = {procs};
    return ps::estimate::compare(p.model, request, ps::test::unitMachine());
  };
  auto r = estimate(5, false);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0], "Line 6 has an error (Expected ')' to close the list): the loop at line 5 would be estimated "
                         "without that statement; correct it first");
  EXPECT_TRUE(r.variants.empty());
  r = estimate(0, true);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_NE(r.errors[0].find("unit 'brk' would be estimated without that statement"), std::string::npos);
  r = estimate(8, false);
  EXPECT_TRUE(r.errors.empty()) << r.errors[0];
  ASSERT_EQ(r.variants.size(), 1u);
  EXPECT_EQ(r.variants[0].points[0].workMax, 25); // 100 iterations on 4 processors
}

TEST(UserReported, IndirectReadOfAnArrayRewrittenEveryStepIsFetchedEveryStep)
{
  // A new user's particle code: rho is zeroed and e recomputed in every
  // step of the time loop, then read through idx. The whole-array fetch of
  // a read that is not affine was charged once, before the time loop.
  const auto p = ps::test::build("program pic\n"                         // 1
                                 "  integer, parameter :: np = 400, ng = 40, nstep = 10\n"
                                 "  real :: x(np), rho(ng), e(ng)\n"
                                 "  integer :: idx(np), i, step\n"
                                 "  do step = 1, nstep\n"                // 5
                                 "    do i = 1, ng\n"
                                 "      rho(i) = 0.0\n"
                                 "    end do\n"
                                 "    do i = 1, np\n"
                                 "      x(i) = x(i) + rho(idx(i))\n"     // 10
                                 "    end do\n"
                                 "  end do\n"
                                 "  do i = 1, np\n"                      // 13
                                 "    x(i) = x(i) + rho(idx(i))\n"
                                 "  end do\n"
                                 "end program pic\n");
  const auto steps = ps::test::run(p, 5, "x,idx,rho=(BLOCK)", "4", {});
  const auto fetch = std::find_if(steps.comm.records.begin(), steps.comm.records.end(),
                                  [](const auto& r) { return r.reference == "rho(idx(i))"; });
  ASSERT_NE(fetch, steps.comm.records.end());
  EXPECT_EQ(fetch->placement, 1);
  EXPECT_EQ(fetch->instances, 10);
  EXPECT_EQ(fetch->messages, 10 * 4 * 3);       // every step, every processor from every other
  EXPECT_EQ(fetch->bytes, 10 * 4 * (40 - 10) * 4); // each the 30 elements it does not own
  // without a write of rho in the nest, one fetch before it
  const auto once = ps::test::run(p, 13, "x,idx,rho=(BLOCK)", "4", {});
  ASSERT_EQ(once.comm.records.size(), 1u);
  EXPECT_EQ(once.comm.records[0].placement, 0);
  EXPECT_EQ(once.comm.records[0].instances, 1);
  EXPECT_EQ(once.comm.records[0].messages, 4 * 3);
  // a writer in the reading loop itself does not fetch the whole array every
  // iteration (a reviewer's case: 120000 messages, 1.2 GB for a 40 KB array)
  const auto same = ps::test::build("program p\n"
                                    "  integer, parameter :: n = 10000\n"
                                    "  real :: a(n), b(n)\n"
                                    "  integer :: idx(n), i\n"
                                    "  do i = 1, n\n" // 5
                                    "    a(i) = b(i) * 2.0\n"
                                    "    b(i) = a(idx(i)) + 1.0\n"
                                    "  end do\n"
                                    "end program p\n");
  const auto inLoop = ps::test::run(same, 5, "a,b,idx=(BLOCK)", "4", {});
  const auto whole = std::find_if(inLoop.comm.records.begin(), inLoop.comm.records.end(),
                                  [](const auto& r) { return r.reference == "a(idx(i))"; });
  ASSERT_NE(whole, inLoop.comm.records.end());
  EXPECT_EQ(whole->placement, 0);
  EXPECT_EQ(whole->instances, 1);
  EXPECT_EQ(whole->messages, 4 * 3);
}

TEST(UserReported, AStatementFunctionIsEstimatedAsItsBodyAtTheUse)
{
  // A new user's red-black SOR computed its residual through a statement
  // function RESID(I,J): its references were invisible (no halo, every
  // processor all iterations). It must estimate as the body written out.
  const std::string head = "      PROGRAM SOR\n"
                           "      INTEGER N, I, J\n"
                           "      PARAMETER (N = 64)\n"
                           "      REAL U(0:N+1,0:N+1), R(N,N), RESID\n"
                           "CHPF$ DISTRIBUTE U(BLOCK,BLOCK)\n"
                           "CHPF$ ALIGN R(I,J) WITH U(I,J)\n";
  const auto withFunction = ps::test::build(head +
                                                "      RESID(I,J) = U(I-1,J)+U(I+1,J)+U(I,J-1)+U(I,J+1)-4.0*U(I,J)\n"
                                                "      DO 40 J = 1, N\n" // line 8
                                                "         DO 40 I = 1, N\n"
                                                "            R(I,J) = 0.5*RESID(I,J)\n"
                                                "   40 CONTINUE\n"
                                                "      END\n",
                                            "sor.f");
  const auto written = ps::test::build(head + "      CONTINUE\n"
                                              "      DO 40 J = 1, N\n"
                                              "         DO 40 I = 1, N\n"
                                              "            R(I,J) = 0.5*(U(I-1,J)+U(I+1,J)+U(I,J-1)\n"
                                              "     &                    +U(I,J+1)-4.0*U(I,J))\n"
                                              "   40 CONTINUE\n"
                                              "      END\n",
                                       "sor.f");
  const auto a = directives(withFunction, 8, "2x2");
  const auto b = directives(written, 8, "2x2");
  EXPECT_EQ(a.comm.records.size(), 4u); // the four shifted neighbours
  EXPECT_EQ(a.nt, b.nt);
  EXPECT_EQ(a.tdBytes, b.tdBytes);
  EXPECT_DOUBLE_EQ(a.ct, b.ct);
  EXPECT_DOUBLE_EQ(a.tt, b.tt);
  EXPECT_EQ(a.workMax, 32 * 32); // owner computes: a quarter of the grid
}

TEST(UserReported, StatementFunctionsCallingEachOtherAreWrittenOutWithinABudget)
{
  // Each statement function calls the one before twice: written out whole,
  // F24 would be 2^23 copies of F1 (the fuzzer's version ran for minutes).
  // The model writes out at most 100000 nodes per unit and says so.
  std::string text = "      PROGRAM CHAIN\n      REAL A(100), B(100)\n      INTEGER I\n"
                     "      F1(X) = X + 1.0\n";
  for (int k = 2; k <= 24; ++k)
    text += "      F" + std::to_string(k) + "(X) = F" + std::to_string(k - 1) + "(X) * F" + std::to_string(k - 1) +
            "(X + 1.0)\n";
  text += "      DO 10 I = 1, 100\n         B(I) = F24(A(I))\n   10 CONTINUE\n      END\n";
  const auto p = ps::test::build(text, "chain.f");
  const auto& st = p.unit().statements.back();
  EXPECT_LT(st.refs.size(), 200000u); // bounded: not 2^23 copies of A(I)
  EXPECT_GT(st.refs.size(), 1000u);   // the budget's worth was written out
  const auto notes = std::count_if(p.model.diagnostics.begin(), p.model.diagnostics.end(), [](const auto& d) {
    return d.message().find("Statement functions are written out up to 100000 expression nodes per unit") !=
           std::string::npos;
  });
  EXPECT_EQ(notes, 1);
}

TEST(UserReported, AStepLoopWithAStepOfZeroIsNotedNotACrash)
{
  // DO K = 1, N-1, 0 around LU's updates on 4 processors: its statements
  // are left out with a note, but the recurrence check then read their
  // iteration spaces, which did not exist (a segmentation fault).
  const auto p = ps::test::build("program lu\n  integer :: i, j, k, n\n  double precision :: a(n, n)\n"
                             "  do k = 1, n - 1, 0\n    do i = k + 1, n\n      a(i, k) = a(i, k) / a(k, k)\n"
                             "    end do\n    do j = k + 1, n\n      do i = k + 1, n\n"
                             "        a(i, j) = a(i, j) - a(i, k) * a(k, j)\n      end do\n    end do\n"
                             "  end do\nend program lu\n");
  for (const char* format : {"a=(*,CYCLIC)", "a=(BLOCK,*)"}) {
    const auto e = ps::test::run(p, 4, format, "4", {{"n", 50}});
    EXPECT_TRUE(hasNote(e, "Loop at line 4 has a step of zero; the statement at line 6 is not estimated")) << format;
    EXPECT_TRUE(hasNote(e, "the statement at line 10 is not estimated")) << format;
    EXPECT_EQ(e.nt, 0) << format;
  }
}

TEST(UserReported, AMaximumFoundUnderAnIfIsAReduction)
{
  // IF (A(I) .GT. AMAX) AMAX = A(I), the pivot search of 1990s codes, was
  // executed by every processor on every element: a(i) broadcast to all
  // (12 messages of 250 reals on 4) and no processor's work shared. An HPF
  // compiler makes it a MAX reduction: each processor its own 250
  // elements, then the tree's 3 messages. The block-IF MIN is the same; an
  // action that is not the compared value stays as it was.
  const auto p = ps::test::build("program piv\n"                                  // 1
                                 "  integer :: i, n\n  real :: a(n), amax, amin\n" // 2-3
                                 "  do i = 1, n\n"                                 // 4
                                 "    if (a(i) .gt. amax) amax = a(i)\n"           // 5
                                 "  end do\n"                                      // 6
                                 "  do i = 1, n\n"                                 // 7
                                 "    if (amin >= a(i)) then\n"                    // 8
                                 "      amin = a(i)\n"                             // 9
                                 "    end if\n"                                    // 10
                                 "  end do\n"                                      // 11
                                 "  do i = 1, n\n"                                 // 12
                                 "    if (a(i) .gt. amax) amax = a(i) + 1.0\n"     // 13
                                 "  end do\n"                                      // 14
                                 "end program piv\n");
  for (const int loop : {4, 7}) {
    const auto e = ps::test::run(p, loop, "a=(BLOCK)", "4", {{"n", 1000}});
    ASSERT_EQ(e.comm.records.size(), 1u) << loop;
    EXPECT_EQ(e.comm.records[0].pattern, "reduction") << loop;
    EXPECT_EQ(e.comm.records[0].array, loop == 4 ? "amax" : "amin");
    EXPECT_EQ(e.nt, 3) << loop;
    EXPECT_DOUBLE_EQ(e.wd, 0) << loop; // 250 elements each
  }
  const auto other = ps::test::run(p, 12, "a=(BLOCK)", "4", {{"n", 1000}});
  ASSERT_EQ(other.comm.records.size(), 1u);
  EXPECT_EQ(other.comm.records[0].pattern, "broadcast");
  EXPECT_EQ(other.nt, 12);
}

TEST(UserReported, LeftLookingLuWhoseFirstColumnHasNoUpdatesIsEstimatedAtALargeSize)
{
  // LU in jki form: column j is updated by the columns k = 1..j-1, so at
  // j = 1 the k loop is empty. Finding the nest's first iteration (for the
  // cache misses) walked every (j, k, i) until it met one: at n = 10^5,
  // 3 * 10^14 of them, past two minutes. Column j gets a(i,k) from the
  // owners of columns 1..j-1 other than its own: j - 1 of them up to
  // j = 16, then 15 under (*,CYCLIC) on 16.
  const auto p = ps::test::build("program lujki\n"                           // 1
                                 "  integer :: i, j, k, n\n"                  // 2
                                 "  double precision :: a(n, n)\n"           // 3
                                 "  do j = 1, n\n"                            // 4
                                 "    do k = 1, j - 1\n"                      // 5
                                 "      do i = k + 1, n\n"                    // 6
                                 "        a(i, j) = a(i, j) - a(i, k) * a(k, j)\n"
                                 "      end do\n    end do\n"
                                 "    do i = j + 1, n\n      a(i, j) = a(i, j) / a(j, j)\n    end do\n"
                                 "  end do\nend program lujki\n");
  const std::int64_t n = 100000;
  const auto e = ps::test::run(p, 4, "a=(*,CYCLIC)", "16", {{"n", n}});
  ASSERT_FALSE(e.comm.records.empty());
  const auto& r = e.comm.records.front();
  EXPECT_EQ(r.reference, "a(i,k)");
  EXPECT_EQ(r.messages, 15 * (n - 16) + 120);
  EXPECT_EQ(r.sampledEvery, 1);
  EXPECT_GT(e.cm, 0);
}

TEST(UserReported, GaussJordansUpdateSkippingThePivotRowRunsInParallel)
{
  // Gauss-Jordan elimination: every row but the pivot row K is updated
  // with row K. Without its guard the I loop would write row K while later
  // iterations read it (a recurrence carried by I, which under (CYCLIC,*)
  // crosses the processors); with IF (I .NE. K) no iteration writes row K,
  // so the update is parallel over the rows. An always-true guard keeps the
  // recurrence, and one on an array's value restricts nothing.
  const auto nest = [](const std::string& guard) {
    return ps::test::build("program gj\n"                                            // 1
                           "  integer :: i, j, k, n\n  double precision :: a(n, n), c(n)\n" // 2-3
                           "  do k = 1, n\n"                                          // 4
                           "    do j = 1, n\n"                                        // 5
                           "      do i = 1, n\n"                                      // 6
                           "        " + guard + "a(i, j) = a(i, j) - c(i) * a(k, j)\n"
                           "      end do\n    end do\n  end do\nend program gj\n");
  };
  const std::map<std::string, std::string> expected{{"if (i .ne. k) ", "parallel"},
                                                    {"if (k /= i .and. j >= 1) ", "parallel"},
                                                    {"", "pipelined"},
                                                    {"if (i .ge. 1) ", "pipelined"},
                                                    {"if (c(i) .ne. 0.0) ", "pipelined"}};
  for (const auto& [guard, kind] : expected) {
    const auto p = nest(guard);
    const auto e = ps::test::run(p, 4, "a=(CYCLIC,*); c=(CYCLIC)", "4", {{"n", 64}});
    EXPECT_EQ(e.parallelism.kind, kind) << guard;
  }
}

TEST(UserReported, APivotSearchKeepingItsRowIsAMaxlocReduction)
{
  // LU's partial pivoting: the search keeps the row of the largest element
  // too (IF (...) THEN; AMAX = ...; IP = I; END IF, in either order). Each
  // processor searches its own rows, then the tree combines (value, row)
  // pairs: 3 messages on 4 processors, 8 + 4 bytes each, and no processor
  // reads another's rows.
  for (const char* body : {"      amax = abs(a(i))\n      ip = i\n", "      ip = i\n      amax = abs(a(i))\n"}) {
    const auto p = ps::test::build(std::string("program piv\n"                        // 1
                                               "  integer :: i, ip, n\n  double precision :: a(n), amax\n" // 2-3
                                               "  do i = 1, n\n"                      // 4
                                               "    if (abs(a(i)) .gt. amax) then\n") + // 5
                                   body + "    end if\n  end do\nend program piv\n");
    const auto e = ps::test::run(p, 4, "a=(CYCLIC)", "4", {{"n", 1000}});
    ASSERT_EQ(e.comm.records.size(), 1u) << body;
    EXPECT_EQ(e.comm.records[0].pattern, "reduction");
    EXPECT_EQ(e.comm.records[0].array, "amax");
    EXPECT_EQ(e.nt, 3);
    EXPECT_EQ(e.comm.records[0].bytes, 3 * (8 + 4));
  }
}

TEST(UserReported, AReductionInAStepLoopCombinesOncePerStep)
{
  // s starts over every step k: 63 combines of 3 messages on 4 processors,
  // not one after the nest. beta sums v, which every processor holds whole:
  // each computes it alone and nothing is combined.
  const auto p = ps::test::build("program redstep\n"                                  // 1
                                 "  integer :: i, k, n\n"                              // 2
                                 "  double precision :: a(n, n), v(n), s, beta\n"      // 3
                                 "  do k = 1, n - 1\n"                                 // 4
                                 "    s = 0.0d0\n"                                     // 5
                                 "    do i = k, n\n"                                   // 6
                                 "      s = s + a(i, k) * a(i, k)\n"                   // 7
                                 "    end do\n"                                        // 8
                                 "    beta = 0.0d0\n"                                  // 9
                                 "    do i = k, n\n"                                   // 10
                                 "      beta = beta + v(i) * v(i)\n"                   // 11
                                 "    end do\n"                                        // 12
                                 "    a(k, k) = s + beta\n"                            // 13
                                 "  end do\n"                                          // 14
                                 "end program redstep\n");
  const auto e = ps::test::run(p, 4, "a=(CYCLIC,*)", "4", {{"n", 64}});
  ASSERT_EQ(e.comm.records.size(), 1u);
  const auto& r = e.comm.records[0];
  EXPECT_EQ(r.array, "s");
  EXPECT_EQ(r.pattern, "reduction");
  EXPECT_EQ(r.placement, 1);
  EXPECT_EQ(r.instances, 63);
  EXPECT_EQ(r.messages, 63 * 3);
  EXPECT_EQ(r.bytes, 63 * 3 * 8);
  EXPECT_EQ(e.nt, 63 * 3);
  // the tree's root receives log2(4) = 2 of each step's 3 messages
  EXPECT_EQ(e.comm.messagesPerProc[0], 63 * 2);
}

TEST(UserReported, ASumOverARowIsSentFromItsOwnerNotCombined)
{
  // s sums row k, which one processor owns under (BLOCK,*), and c(k) = s
  // runs there too: the sum is complete where it is used. It was charged
  // a combine of 3 messages per step. Where c(k) is elsewhere, the sum
  // goes there as one value.
  const auto p = ps::test::build("program rowsum\n"                                   // 1
                                 "  integer :: j, k, n\n"                             // 2
                                 "  double precision :: a(n, n), c(n), s\n"           // 3
                                 "  do k = 1, n\n"                                    // 4
                                 "    s = 0.0d0\n"                                    // 5
                                 "    do j = 1, n\n"                                  // 6
                                 "      s = s + a(k, j)\n"                            // 7
                                 "    end do\n"                                       // 8
                                 "    c(k) = s\n"                                     // 9
                                 "  end do\n"                                         // 10
                                 "end program rowsum\n");
  const auto local = ps::test::run(p, 4, "a=(BLOCK,*); c=(BLOCK)", "4", {{"n", 64}});
  EXPECT_TRUE(local.comm.records.empty());
  EXPECT_EQ(local.nt, 0);
  EXPECT_TRUE(hasNote(local, "The sum into 's' at line 7 is computed by one processor per combine"));
  // the row spread over the processors: combined every step
  const auto spread = ps::test::run(p, 4, "a=(*,BLOCK); c=(BLOCK)", "4", {{"n", 64}});
  ASSERT_EQ(spread.comm.records.size(), 1u);
  EXPECT_EQ(spread.comm.records[0].pattern, "reduction");
  EXPECT_EQ(spread.nt, 64 * 3);
  // c(k) CYCLIC: sent where its owner is not row k's, 12 of each block's 16
  const auto elsewhere = ps::test::run(p, 4, "a=(BLOCK,*); c=(CYCLIC)", "4", {{"n", 64}});
  ASSERT_EQ(elsewhere.comm.records.size(), 1u);
  EXPECT_EQ(elsewhere.comm.records[0].pattern, "copy");
  EXPECT_EQ(elsewhere.comm.records[0].array, "s");
  EXPECT_EQ(elsewhere.nt, 4 * 12);
  EXPECT_EQ(elsewhere.comm.records[0].bytes, 4 * 12 * 8);
  // c(k) = s before the sum: it reads the previous step's sum, which this is no way to send (the review's
  // red.f): combined as before
  const auto before = ps::test::build("program rowsum\n"                    // 1
                                      "  integer :: j, k, n\n"              // 2
                                      "  double precision :: a(n, n), c(n), s\n" // 3
                                      "  do k = 1, n\n"                     // 4
                                      "    c(k) = s\n"                      // 5
                                      "    s = 0.0d0\n"                     // 6
                                      "    do j = 1, n\n"                   // 7
                                      "      s = s + a(k, j)\n"             // 8
                                      "    end do\n"                        // 9
                                      "  end do\n"                          // 10
                                      "end program rowsum\n");
  const auto earlier = ps::test::run(before, 4, "a=(BLOCK,*); c=(BLOCK)", "4", {{"n", 64}});
  ASSERT_EQ(earlier.comm.records.size(), 1u);
  EXPECT_EQ(earlier.comm.records[0].pattern, "reduction");
  // c replicated: every processor stores it, from row k's owner
  const auto everywhere = ps::test::run(p, 4, "a=(BLOCK,*)", "4", {{"n", 64}});
  ASSERT_EQ(everywhere.comm.records.size(), 1u);
  EXPECT_EQ(everywhere.comm.records[0].pattern, "broadcast");
  EXPECT_EQ(everywhere.nt, 64 * 3);
}

TEST(UserReported, APivotThatTheGuardedRowScalingNeverWritesIsFetchedOncePerStep)
{
  // a(k,k) is read by every j of the row scaling, whose write skips j = k:
  // nothing in the j loop writes it, so it is fetched once per step k
  // (3 messages on 4 processors), not once per (k, j) as the write's
  // uniform distance alone said (180 messages).
  const auto p = ps::test::build("program gj\n"                                        // 1
                                 "  integer :: i, j, k, n\n"                          // 2
                                 "  double precision :: a(n, n)\n"                    // 3
                                 "  do k = 1, n\n"                                    // 4
                                 "    do j = 1, n\n"                                  // 5
                                 "      if (j .ne. k) a(k, j) = a(k, j) / a(k, k)\n"  // 6
                                 "    end do\n"                                       // 7
                                 "    do j = 1, n\n"                                  // 8
                                 "      do i = 1, n\n"                                // 9
                                 "        if (i .ne. k) a(i, j) = a(i, j) - a(i, k) * a(k, j)\n" // 10
                                 "      end do\n"                                     // 11
                                 "    end do\n"                                       // 12
                                 "  end do\n"                                         // 13
                                 "end program gj\n");
  const auto e = ps::test::run(p, 4, "a=(*,BLOCK)", "4", {{"n", 16}});
  const auto pivot = std::find_if(e.comm.records.begin(), e.comm.records.end(),
                                  [](const auto& r) { return r.line == 6 && r.reference == "a(k,k)"; });
  ASSERT_NE(pivot, e.comm.records.end());
  EXPECT_EQ(pivot->placement, 1);
  EXPECT_EQ(pivot->instances, 16);
  EXPECT_EQ(pivot->messages, 16 * 3);
}

TEST(UserReported, ACountUnderAnIfIsKeptByTheOwnersOfItsConditionAndCombined)
{
  // IF (A(I,J) > 0) NPOS = NPOS + 1 under (BLOCK,*) on 4, n = 8: each
  // processor tests its own 16 elements (the condition was counted on every
  // processor, 64 each, though nothing was fetched), counts its hits (8 at
  // the default 0.5), and the counts combine once after the nest (3
  // messages of 4 bytes).
  const auto p = ps::test::build("program cnt\n"                                       // 1
                                 "  integer :: i, j, n, npos\n"                       // 2
                                 "  double precision :: a(n, n)\n"                    // 3
                                 "  npos = 0\n"                                       // 4
                                 "  do j = 1, n\n"                                    // 5
                                 "    do i = 1, n\n"                                  // 6
                                 "      if (a(i, j) .gt. 0.0d0) npos = npos + 1\n"    // 7
                                 "    end do\n"                                       // 8
                                 "  end do\n"                                         // 9
                                 "end program cnt\n");
  const auto e = ps::test::run(p, 5, "a=(BLOCK,*)", "4", {{"n", 8}});
  std::vector<const ps::estimate::StatementWork*> line7;
  for (const auto& w : e.statements)
    if (w.line == 7)
      line7.push_back(&w);
  ASSERT_EQ(line7.size(), 2u); // the condition, then the count
  for (std::size_t q = 0; q < 4; ++q) {
    EXPECT_DOUBLE_EQ(line7[0]->work[q], 16) << q;
    EXPECT_DOUBLE_EQ(line7[1]->work[q], 8) << q;
  }
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].pattern, "reduction");
  EXPECT_EQ(e.comm.records[0].array, "npos");
  EXPECT_EQ(e.comm.records[0].messages, 3);
  EXPECT_EQ(e.comm.records[0].bytes, 12);
}

TEST(UserReported, ARowSwapThroughATemporaryCopiesTwoRowsWhenTheBranchIsTaken)
{
  // T = A(K,J) is private to each J iteration: the owner of row P (which
  // uses it) computes it, so row K is copied to it, not broadcast to all.
  // Rows are CYCLIC on 4; row P = 5 is on processor 0; the 47 steps k in
  // 1..63 whose row is elsewhere copy 64 elements each way, every step
  // (step 5 reads row 5, which steps 1..4 wrote). The IF at line 5 encloses
  // the J loop the copy is vectorized out of: half of them (probability
  // 0.5): 23.5 messages, rounded to 24, and 23.5 x 512 bytes. (IF (IP .NE. K) would be a
  // guard: without step IP no step reads a row another wrote, and the copies
  // are hoisted before the nest.)
  const auto p = ps::test::build("program swap\n"                             // 1
                                 "  integer :: j, k, n, ip\n"                  // 2
                                 "  double precision :: a(n, n), t\n"          // 3
                                 "  do k = 1, n - 1\n"                         // 4
                                 "    if (a(ip, k) .ne. 0.0d0) then\n"         // 5
                                 "      do j = 1, n\n"                         // 6
                                 "        t = a(k, j)\n"                       // 7
                                 "        a(k, j) = a(ip, j)\n"                // 8
                                 "        a(ip, j) = t\n"                      // 9
                                 "      end do\n"                              // 10
                                 "    end if\n"                                // 11
                                 "  end do\n"                                  // 12
                                 "end program swap\n");
  const auto e = ps::test::run(p, 4, "a=(CYCLIC,*)", "4", {{"n", 64}, {"ip", 5}});
  ASSERT_EQ(e.comm.records.size(), 3u);
  // every processor evaluates the IF: A(IP,K), which the swaps change, is broadcast every step
  EXPECT_EQ(e.comm.records[0].reference, "a(ip,k)");
  EXPECT_EQ(e.comm.records[0].messages, 63 * 3);
  EXPECT_DOUBLE_EQ(e.comm.records[0].probability, 1.0);
  for (const auto& r : std::span(e.comm.records).subspan(1)) {
    EXPECT_EQ(r.pattern, "copy") << r.reference;
    EXPECT_EQ(r.messages, 24) << r.reference;
    EXPECT_EQ(r.bytes, 47 * 512 / 2) << r.reference;
    EXPECT_DOUBLE_EQ(r.probability, 0.5);
    EXPECT_EQ(r.branchLine, 5);
  }
  EXPECT_EQ(e.comm.records[1].line, 7);
  EXPECT_TRUE(hasNote(e, "Scalar temporary 't' at line 7 is computed by the owners of 'a(ip,j)' at line 9"));
}

TEST(UserReported, AnIfInsideTheVectorizedLoopDoesNotScaleItsExchange)
{
  // The shift b(i+1) is fetched before the loop whatever the IF in it says:
  // one message per block boundary (3 on 4), not half of them.
  const auto p = ps::test::build("program shift\n"                               // 1
                                 "  integer :: i, n\n"                            // 2
                                 "  double precision :: a(n), b(n)\n"             // 3
                                 "  do i = 1, n - 1\n"                            // 4
                                 "    if (b(i) .gt. 0.0d0) a(i) = b(i + 1)\n"     // 5
                                 "  end do\n"                                     // 6
                                 "end program shift\n");
  const auto e = ps::test::run(p, 4, "a=(BLOCK); b=(BLOCK)", "4", {{"n", 100}});
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].messages, 3);
  EXPECT_DOUBLE_EQ(e.comm.records[0].probability, 1.0);
}

TEST(UserReported, SumsIntoAReplicatedVectorAreAReductionNotABroadcast)
{
  // QR's W(J) = W(J) + V(I)*A(I,J) with W replicated and A's rows CYCLIC on
  // 4: each processor sums its own rows, then the copies of W(K:N) combine,
  // once per step k in one message: 16 combines of 3 messages, carrying
  // sum over k of (17 - k) = 136 elements of 8 bytes. Before, every
  // processor computed every sum and A was broadcast to all.
  const auto p = ps::test::build("program qrw\n"                                    // 1
                                 "  integer :: i, j, k, n\n"                         // 2
                                 "  double precision :: a(n, n), v(n), w(n)\n"       // 3
                                 "  do k = 1, n\n"                                   // 4
                                 "    do j = k, n\n"                                 // 5
                                 "      w(j) = 0.0d0\n"                              // 6
                                 "      do i = k, n\n"                               // 7
                                 "        w(j) = w(j) + v(i) * a(i, j)\n"            // 8
                                 "      end do\n"                                    // 9
                                 "    end do\n"                                      // 10
                                 "  end do\n"                                        // 11
                                 "end program qrw\n");
  const auto e = ps::test::run(p, 4, "a=(CYCLIC,*)", "4", {{"n", 16}});
  ASSERT_EQ(e.comm.records.size(), 1u);
  const auto& r = e.comm.records[0];
  EXPECT_EQ(r.pattern, "reduction");
  EXPECT_EQ(r.reference, "w(j)");
  EXPECT_EQ(r.instances, 16);
  EXPECT_EQ(r.messages, 16 * 3);
  EXPECT_EQ(r.bytes, 3 * 136 * 8);
  // the owners of A's rows share the sums: processor 0 owns rows 1, 5, 9, 13
  // and adds sum over k of |{1,5,9,13} ∩ [k,16]| * (17-k) of them
  double rows0 = 0;
  for (int k = 1; k <= 16; ++k)
    for (int i : {1, 5, 9, 13})
      rows0 += i >= k ? 17 - k : 0;
  EXPECT_DOUBLE_EQ(workOfLine(e, 8).work[0], rows0);
  EXPECT_TRUE(hasNote(e, "The sums into 'w(j)' at line 8 are a reduction"));
}

TEST(UserReported, ASignAfterAnAdditiveOperatorIsRead)
{
  // N + -1 and I + -1 (two operators in a row, an extension gfortran
  // accepts): the bounds are 2..99 and the read is the shift b(i+(-1)), one
  // message per block boundary on 4 processors.
  const auto p = ps::test::build("      PROGRAM NEGOP\n"                 // 1
                                 "      INTEGER N, I\n"                   // 2
                                 "      REAL A(N), B(N)\n"                // 3
                                 "      DO 10 I = 2, N + -1\n"            // 4
                                 "        A(I) = B(I + -1) - -2.0\n"      // 5
                                 "   10 CONTINUE\n"                       // 6
                                 "      END\n",
                                 "negop.f");
  const auto e = ps::test::run(p, 4, "a=(BLOCK); b=(BLOCK)", "4", {{"n", 100}});
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].reference, "b(i+(-1))");
  EXPECT_EQ(e.comm.records[0].messages, 3);
  EXPECT_DOUBLE_EQ(totalWorkOfLine(e, 5), 98);
}

TEST(UserReported, AnIfOfTheLoopVariablesExecutesInTheShareOfIterationsItKeeps)
{
  // IF (I .NE. K) holds in 7 of every 8 iterations, not in half: line 8
  // executes 8 * 7 * 8 = 448 times, and so does line 9's condition. Its
  // assignment is under a second IF, on data, which keeps its default half:
  // 224. Line 13's IF (I .GT. K) ... ELSE
  // holds in 28 of the 64 (k, i) pairs: 28 * 8 = 224, its ELSE in the other
  // 36 (the negated comparison guards it): 288.
  const auto p = ps::test::build("program gj\n"                                            // 1
                                 "  integer :: i, j, k, n\n"                                // 2
                                 "  double precision :: a(n, n), c(n)\n"                    // 3
                                 "  do k = 1, n\n"                                          // 4
                                 "    do i = 1, n\n"                                        // 5
                                 "      if (i .ne. k) then\n"                               // 6
                                 "        do j = 1, n\n"                                    // 7
                                 "          a(i, j) = a(i, j) - c(i) * a(k, j)\n"           // 8
                                 "          if (c(i) .gt. 0.0d0) a(i, j) = 0.0d0\n"         // 9
                                 "        end do\n"                                         // 10
                                 "      end if\n"                                           // 11
                                 "      do j = 1, n\n"                                      // 12
                                 "        if (i .gt. k) then\n"                             // 13
                                 "          a(i, j) = 1.0d0\n"                              // 14
                                 "        else\n"                                           // 15
                                 "          a(i, j) = 2.0d0\n"                              // 16
                                 "        end if\n"                                         // 17
                                 "      end do\n"                                           // 18
                                 "    end do\n"                                             // 19
                                 "  end do\n"                                               // 20
                                 "end program gj\n");
  const auto e = ps::test::run(p, 4, "a=(CYCLIC,*); c=(CYCLIC)", "4", {{"n", 8}});
  const auto total = [&](int line) { // of the line's last statement (line 9's assignment, not its condition)
    const auto it = std::find_if(e.statements.rbegin(), e.statements.rend(), [&](const auto& w) { return w.line == line; });
    if (it == e.statements.rend()) {
      ADD_FAILURE() << "no statement at line " << line;
      return -1.0;
    }
    double sum = 0;
    for (double w : it->work)
      sum += w;
    return sum;
  };
  EXPECT_DOUBLE_EQ(total(8), 448);
  EXPECT_DOUBLE_EQ(total(9), 224);
  EXPECT_DOUBLE_EQ(total(14), 224);
  EXPECT_DOUBLE_EQ(total(16), 288); // the ELSE: I .LE. K, 36 pairs
  EXPECT_TRUE(hasNote(e, "Statement at line 8 is under IF: executes in 87.5% of its iterations"));
  // per processor, the rows each owns: rows p+1 and p+5 keep i-1 steps k each
  const auto s14 = std::find_if(e.statements.rbegin(), e.statements.rend(), [](const auto& w) { return w.line == 14; });
  ASSERT_NE(s14, e.statements.rend());
  const auto& w14 = s14->work;
  ASSERT_EQ(w14.size(), 4u);
  EXPECT_DOUBLE_EQ(w14[0], 8 * (0 + 4));
  EXPECT_DOUBLE_EQ(w14[1], 8 * (1 + 5));
  EXPECT_DOUBLE_EQ(w14[2], 8 * (2 + 6));
  EXPECT_DOUBLE_EQ(w14[3], 8 * (3 + 7));
}

TEST(UserReported, ABandLoopWithMaxAndMinBoundsIsEstimated)
{
  // DO J = MAX0(1, I-KL), MIN(N, I+KU) with N = 40, KL = 2, KU = 1: the
  // band has 4 per row, less 2 + 1 at the top and 1 at the bottom: 156
  // iterations, counted over I-2..I+1 and scaled by 156/160. Rows in
  // blocks of 10 on 4: each boundary sends X's 2 elements up and 1 down,
  // 6 messages of 72 bytes in all. Before, the statement was not estimated.
  const auto p = ps::test::build("program band\n"                                     // 1
                                 "  integer :: i, j, n, kl, ku\n"                      // 2
                                 "  double precision :: a(n, n), x(n), y(n)\n"         // 3
                                 "  do i = 1, n\n"                                     // 4
                                 "    do j = max0(1, i - kl), min(n, i + ku)\n"        // 5
                                 "      y(i) = y(i) + a(i, j) * x(j)\n"                // 6
                                 "    end do\n"                                        // 7
                                 "  end do\n"                                          // 8
                                 "end program band\n");
  const auto e = ps::test::run(p, 4, "a=(BLOCK,*); x=(BLOCK); y=(BLOCK)", "4", {{"n", 40}, {"kl", 2}, {"ku", 1}});
  EXPECT_NEAR(totalWorkOfLine(e, 6), 156, 1e-9);
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].reference, "x(j)");
  EXPECT_EQ(e.comm.records[0].messages, 6);
  EXPECT_EQ(e.comm.records[0].bytes, 72);
  EXPECT_TRUE(hasNote(e, "The loop at line 5 runs from max0(1, i - kl) to min(n, i + ku)"));
}

TEST(UserReported, ADistributionThatLeavesOutAnAlignedArraySaysItIsReplicated)
{
  const auto p = ps::test::build("program al\n"                            // 1
                                 "  integer :: i, n\n"                      // 2
                                 "  double precision :: a(n), x(n), y(n)\n" // 3
                                 "!hpf$ distribute a(block)\n"              // 4
                                 "!hpf$ align x(i) with a(i)\n"             // 5
                                 "!hpf$ align y(i) with a(i)\n"             // 6
                                 "  do i = 1, n\n"                          // 7
                                 "    a(i) = x(i)\n"                        // 8
                                 "  end do\n"                               // 9
                                 "end program al\n");
  // y is left out too, but the nest does not use it: not named
  const auto e = ps::test::run(p, 7, "a=(CYCLIC)", "4", {{"n", 100}});
  EXPECT_TRUE(hasNote(e, "The distribution 'a=(CYCLIC)' replaces the source's directives, which also map 'x': it is "
                         "replicated here"));
  const auto named = ps::test::run(p, 7, "a,x=(CYCLIC)", "4", {{"n", 100}});
  EXPECT_FALSE(hasNote(named, "replaces the source's directives"));
}

TEST(UserReported, AnIfOnTheStepVariableKeepsTheStepsExchangesOfTheStepsItRuns)
{
  // IF (K .LE. 4) around a step's update holds in 4 of the 7 steps: the
  // broadcast of row k (BLOCK of 2 rows on 4) happens in steps 1..4 only,
  // to the owners of rows k+1..8 but its own: 3, 3, 2, 2 messages of
  // 8 - k elements (the guard folded into the k loop; charging 4/7 of all
  // 7 steps was an average). The statement runs in (8-k)^2 iterations of
  // those steps.
  const auto p = ps::test::build("program st\n"                                  // 1
                                 "  integer :: i, j, k, n\n"                      // 2
                                 "  double precision :: a(n, n)\n"                // 3
                                 "  do k = 1, n - 1\n"                            // 4
                                 "    if (k .le. 4) then\n"                       // 5
                                 "      do i = k + 1, n\n"                        // 6
                                 "        do j = k + 1, n\n"                      // 7
                                 "          a(i, j) = a(i, j) - a(k, j)\n"        // 8
                                 "        end do\n"                               // 9
                                 "      end do\n"                                 // 10
                                 "    end if\n"                                   // 11
                                 "  end do\n"                                     // 12
                                 "end program st\n");
  const auto e = ps::test::run(p, 4, "a=(BLOCK,*)", "4", {{"n", 8}});
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].probability, 1.0);
  EXPECT_EQ(e.comm.records[0].instances, 4);
  EXPECT_EQ(e.comm.records[0].messages, 3 + 3 + 2 + 2);
  EXPECT_EQ(e.comm.records[0].bytes, 8 * (3 * 7 + 3 * 6 + 2 * 5 + 2 * 4));
  EXPECT_DOUBLE_EQ(totalWorkOfLine(e, 8), 49 + 36 + 25 + 16); // (8-k)^2 for k = 1..4
}

TEST(UserReported, SumsIntoAReplicatedVectorCombineWhereTheyAreRead)
{
  // W(J) = W(J) + V(I)*A(I,J) with I outside J and A's rows BLOCK on 4: a
  // reduction over I, each combine carrying all 16 elements of W (8 bytes
  // each). Steps K read W after the sums (V(I) = V(I) + W(I)): one combine
  // per step, 4 x 3 messages of 128 bytes. The same sums never read in the
  // nest combine once after it. AMAX = DMAX1(AMAX, ...) is a max reduction.
  const auto p = ps::test::build("      SUBROUTINE WRED(A, V, W, N, AMAX)\n"        // 1
                                 "      INTEGER N, I, J, K\n"                       // 2
                                 "      DOUBLE PRECISION A(N,N), V(N), W(N), AMAX\n" // 3
                                 "      DO 80 K = 1, 4\n"                           // 4
                                 "         DO 70 I = 1, N\n"                        // 5
                                 "            DO 60 J = 1, N\n"                     // 6
                                 "               W(J) = W(J) + V(I)*A(I,J)\n"       // 7
                                 "   60       CONTINUE\n"                           // 8
                                 "   70    CONTINUE\n"                              // 9
                                 "         DO 75 I = 1, N\n"                        // 10
                                 "            V(I) = V(I) + W(I)\n"                 // 11
                                 "   75    CONTINUE\n"                              // 12
                                 "   80 CONTINUE\n"                                 // 13
                                 "      DO 95 I = 1, N\n"                           // 14
                                 "         DO 90 J = 1, N\n"                        // 15
                                 "            W(J) = W(J) + A(I,J)\n"               // 16
                                 "            AMAX = DMAX1(AMAX, DABS(A(I,J)))\n"   // 17
                                 "   90    CONTINUE\n"                              // 18
                                 "   95 CONTINUE\n"                                 // 19
                                 "      END\n",
                                 "wred.f");
  const auto steps = ps::test::run(p, 4, "a=(BLOCK,*); v=(BLOCK)", "4", {{"n", 16}});
  ASSERT_EQ(steps.comm.records.size(), 1u);
  EXPECT_EQ(steps.comm.records[0].pattern, "reduction");
  EXPECT_EQ(steps.comm.records[0].placement, 1);
  EXPECT_EQ(steps.comm.records[0].messages, 12);
  EXPECT_EQ(steps.comm.records[0].bytes, 12 * 128);
  const auto once = ps::test::run(p, 14, "a=(BLOCK,*); v=(BLOCK)", "4", {{"n", 16}});
  ASSERT_EQ(once.comm.records.size(), 2u);
  EXPECT_EQ(once.comm.records[0].reference, "w(j)");
  EXPECT_EQ(once.comm.records[0].messages, 3);
  EXPECT_EQ(once.comm.records[0].bytes, 3 * 128);
  EXPECT_EQ(once.comm.records[1].reference, "amax");
  EXPECT_EQ(once.comm.records[1].messages, 3);
  EXPECT_EQ(once.comm.records[1].bytes, 3 * 8);
  EXPECT_DOUBLE_EQ(workOfLine(once, 17).work[0], 4 * 16); // each processor its own rows, not all
}

TEST(UserReported, AConditionOnDataTheNestChangesIsFetchedByItsEvaluators)
{
  // IF (A(K,N) .GT. 0) around the update of column N, rows BLOCK on 4:
  // every processor evaluates the IF, and A(K,N) changes every step (rows
  // below K are updated), so its owner broadcasts it each step: 15 x 3
  // messages of 8 bytes. A condition whose element the guarded statement
  // reads too (IF (B(I) > 0) C(I) = B(I)) is fetched once, for both.
  const auto p = ps::test::build("program cnd\n"                                    // 1
                                 "  integer :: i, k, n\n"                            // 2
                                 "  double precision :: a(n, n), b(n), c(n)\n"       // 3
                                 "  do k = 1, n - 1\n"                               // 4
                                 "    if (a(k, n) .gt. 0.0d0) then\n"                // 5
                                 "      do i = k + 1, n\n"                           // 6
                                 "        a(i, n) = a(i, n) - 1.0d0\n"               // 7
                                 "      end do\n"                                    // 8
                                 "    end if\n"                                      // 9
                                 "  end do\n"                                        // 10
                                 "  do i = 2, n\n"                                   // 11
                                 "    if (b(i - 1) .gt. 0.0d0) c(i) = b(i - 1)\n"    // 12
                                 "  end do\n"                                        // 13
                                 "end program cnd\n");
  const auto e = ps::test::run(p, 4, "a=(BLOCK,*)", "4", {{"n", 16}});
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].reference, "a(k,n)");
  EXPECT_EQ(e.comm.records[0].pattern, "broadcast");
  EXPECT_EQ(e.comm.records[0].messages, 15 * 3);
  EXPECT_EQ(e.comm.records[0].bytes, 15 * 3 * 8);
  const auto once = ps::test::run(p, 11, "b=(BLOCK); c=(BLOCK)", "4", {{"n", 16}});
  ASSERT_EQ(once.comm.records.size(), 1u);
  EXPECT_EQ(once.comm.records[0].line, 12);
  EXPECT_EQ(once.comm.records[0].messages, 3); // the shift b(i-1), once
}

TEST(UserReported, ABandLoopBoundedByScalarsSetToMaxAndMinIsEstimated)
{
  // JLO = MAX(1, I-KL); JHI = MIN(N, I+KU); DO J = JLO, JHI: the same band
  // as DO J = MAX(1, I-KL), MIN(N, I+KU), 156 iterations at N = 40, KL = 2,
  // KU = 1. Before, JLO and JHI were asked for as unknowns.
  const auto p = ps::test::build("program band\n"                                     // 1
                                 "  integer :: i, j, n, kl, ku, jlo, jhi\n"            // 2
                                 "  double precision :: a(n, n), x(n), y(n)\n"         // 3
                                 "  do i = 1, n\n"                                     // 4
                                 "    jlo = max(1, i - kl)\n"                          // 5
                                 "    jhi = min(n, i + ku)\n"                          // 6
                                 "    do j = jlo, jhi\n"                               // 7
                                 "      y(i) = y(i) + a(i, j) * x(j)\n"                // 8
                                 "    end do\n"                                        // 9
                                 "  end do\n"                                          // 10
                                 "end program band\n");
  const auto e = ps::test::run(p, 4, "a=(BLOCK,*); x=(BLOCK); y=(BLOCK)", "4", {{"n", 40}, {"kl", 2}, {"ku", 1}});
  const auto& w = workOfLine(e, 8).work;
  ASSERT_EQ(w.size(), 4u);
  EXPECT_DOUBLE_EQ(w[0], 40 - 3); // rows 1..10: 4 each, less 2 + 1 at the top
  EXPECT_DOUBLE_EQ(w[1], 40);
  EXPECT_DOUBLE_EQ(w[2], 40);
  EXPECT_DOUBLE_EQ(w[3], 40 - 1); // rows 31..40, less 1 at the bottom
  EXPECT_TRUE(hasNote(e, "runs from jlo = max(1, i - kl) to jhi = min(n, i + ku)"));
}

TEST(UserReported, ElseIfAndNotOfComparisonsExecuteInTheShareTheyKeep)
{
  // IF (J .GT. I) ... ELSE IF (J .EQ. I) ... ELSE on 8 x 8: 28, 8 and 28
  // iterations; IF (.NOT. (I .EQ. 1)) keeps 7 of 8 rows: 56.
  const auto p = ps::test::build("      SUBROUTINE EI(A, N)\n"                 // 1
                                 "      INTEGER N, I, J\n"                      // 2
                                 "      DOUBLE PRECISION A(N,N)\n"              // 3
                                 "      DO 50 I = 1, N\n"                       // 4
                                 "         DO 40 J = 1, N\n"                    // 5
                                 "            IF (J .GT. I) THEN\n"             // 6
                                 "               A(I,J) = 2.0D0\n"              // 7
                                 "            ELSE IF (J .EQ. I) THEN\n"        // 8
                                 "               A(I,J) = 1.0D0\n"              // 9
                                 "            ELSE\n"                           // 10
                                 "               A(I,J) = 0.0D0\n"              // 11
                                 "            END IF\n"                         // 12
                                 "            IF (.NOT. (I .EQ. 1)) A(I,J) = -A(I,J)\n" // 13
                                 "   40    CONTINUE\n"                          // 14
                                 "   50 CONTINUE\n"                             // 15
                                 "      END\n",
                                 "ei.f");
  const auto e = ps::test::run(p, 4, "a=(BLOCK,*)", "2", {{"n", 8}});
  const auto last = [&](int line) { // the line's assignment, after its condition
    const auto it = std::find_if(e.statements.rbegin(), e.statements.rend(), [&](const auto& w) { return w.line == line; });
    return it == e.statements.rend() ? -1.0 : it->work[0] + it->work[1];
  };
  EXPECT_DOUBLE_EQ(last(7), 28);
  EXPECT_DOUBLE_EQ(last(9), 8);
  EXPECT_DOUBLE_EQ(last(11), 28);
  EXPECT_DOUBLE_EQ(last(13), 56);
}

TEST(UserReported, AConditionalSumIsAReductionCombinedOncePerStep)
{
  // IF (A(I,K) >= 0) S = S + A(I,K): a sum (the >= is the condition's, not
  // the assignment), combined once per step K, not once per (K, I): 8
  // combines of 1 message on 2. Its own IF names S but does not read it.
  const auto p = ps::test::build("      SUBROUTINE CS(A, B, N)\n"                    // 1
                                 "      INTEGER N, I, K\n"                            // 2
                                 "      DOUBLE PRECISION A(N,N), B(N), S\n"           // 3
                                 "      DO 50 K = 1, N\n"                             // 4
                                 "         S = 0.0D0\n"                               // 5
                                 "         DO 10 I = 1, N\n"                          // 6
                                 "            IF (A(I,K) >= 0.0D0) S = S + A(I,K)\n"  // 7
                                 "   10    CONTINUE\n"                                // 8
                                 "         IF (A(K,K) .GT. S) B(K) = S\n"             // 9
                                 "   50 CONTINUE\n"                                   // 10
                                 "      END\n",
                                 "cs.f");
  const auto e = ps::test::run(p, 4, "a=(BLOCK,*); b=(BLOCK)", "2", {{"n", 8}});
  const auto r = std::find_if(e.comm.records.begin(), e.comm.records.end(), [](const auto& c) { return c.array == "s"; });
  ASSERT_NE(r, e.comm.records.end());
  EXPECT_EQ(r->pattern, "reduction");
  EXPECT_EQ(r->placement, 1);
  EXPECT_EQ(r->messages, 8);
  EXPECT_EQ(r->bytes, 64);
}

TEST(UserReported, AMaxBoundWithAStepSaysWhyItIsNotEstimated)
{
  const auto p = ps::test::build("      SUBROUTINE S2(A, N)\n"                    // 1
                                 "      INTEGER N, I, J\n"                         // 2
                                 "      DOUBLE PRECISION A(N,N)\n"                 // 3
                                 "      DO 20 I = 1, N\n"                          // 4
                                 "         DO 10 J = MAX0(1, I-4), N, 2\n"         // 5
                                 "            A(I,J) = 0.0D0\n"                    // 6
                                 "   10    CONTINUE\n"                             // 7
                                 "   20 CONTINUE\n"                                // 8
                                 "      END\n",
                                 "s2.f");
  const auto e = ps::test::run(p, 4, "a=(BLOCK,*)", "4", {{"n", 16}});
  EXPECT_TRUE(hasNote(e, "Loop at line 5 has MAX/MIN bounds and a step other than 1"));
  EXPECT_FALSE(hasNote(e, "not integer expressions"));
}

TEST(UserReported, AMaximumTakenThroughAScalarTemporaryRunsWhereItsDataIs)
{
  // E = ABS(U - V) feeds only IF (E .GT. EMAX) EMAX = E: the temporary, the
  // test and the maximum run on the owners of U(I,J), each over its own
  // iterations, and the maxima combine once. Every processor computed every
  // E, fetching all of U and V.
  const auto p = ps::test::build("program maxred\n"                             // 1
                                 "  integer :: i, j, n\n"                        // 2
                                 "  real :: u(n, n), v(n, n), emax, e\n"          // 3
                                 "  emax = 0.0\n"                                // 4
                                 "  do j = 1, n\n"                               // 5
                                 "    do i = 1, n\n"                             // 6
                                 "      e = abs(u(i, j) - v(i, j))\n"            // 7
                                 "      if (e .gt. emax) emax = e\n"             // 8
                                 "    end do\n"                                  // 9
                                 "  end do\n"                                    // 10
                                 "  do j = 1, n\n"                               // 11
                                 "    do i = 1, n\n"                             // 12
                                 "      e = abs(u(i, j) - v(i, j))\n"            // 13
                                 "      emax = max(emax, e)\n"                   // 14
                                 "    end do\n"                                  // 15
                                 "  end do\n"                                    // 16
                                 "end program maxred\n");
  for (const int loop : {5, 11}) {
    const auto e = ps::test::run(p, loop, "u,v=(BLOCK,BLOCK)", "4x4", {{"n", 64}});
    ASSERT_EQ(e.comm.records.size(), 1u) << loop;
    EXPECT_EQ(e.comm.records[0].pattern, "reduction");
    EXPECT_EQ(e.comm.records[0].array, "emax");
    EXPECT_EQ(e.nt, 15);
    // 256 iterations each: E, the test and (at probability 0.5) the maximum; E and MAX unconditionally
    for (double w : e.workPerProc)
      EXPECT_DOUBLE_EQ(w, loop == 5 ? 256 + 256 + 128 : 256 + 256) << loop;
    EXPECT_TRUE(hasNote(e, "Scalar temporary 'e' at line " + std::to_string(loop + 2) +
                               " is computed by the owners of 'u(i,j)': only reductions use it"))
        << loop;
  }
}

TEST(UserReported, ATemporaryAssignedAfreshInTwoSweepsIsPrivateToEach)
{
  // RES is assigned before every use in the red and in the black sweep of
  // a time loop: private to each, computed where U(I,J) is. The second
  // assignment made it look shared, and every processor computed both
  // sweeps, fetching U whole.
  const auto p = ps::test::build("program rb\n"                                              // 1
                                 "  integer :: i, j, it, n\n"                                 // 2
                                 "  double precision :: u(n, n), res\n"                       // 3
                                 "  do it = 1, 10\n"                                          // 4
                                 "    do j = 2, n - 1\n"                                      // 5
                                 "      do i = 2, n - 1, 2\n"                                 // 6
                                 "        res = 0.25d0 * (u(i-1, j) + u(i+1, j)) - u(i, j)\n" // 7
                                 "        u(i, j) = u(i, j) + 1.5d0 * res\n"                  // 8
                                 "      end do\n"                                             // 9
                                 "    end do\n"                                               // 10
                                 "    do j = 2, n - 1\n"                                      // 11
                                 "      do i = 3, n - 1, 2\n"                                 // 12
                                 "        res = 0.25d0 * (u(i-1, j) + u(i+1, j)) - u(i, j)\n" // 13
                                 "        u(i, j) = u(i, j) + 1.5d0 * res\n"                  // 14
                                 "      end do\n"                                             // 15
                                 "    end do\n"                                               // 16
                                 "  end do\n"                                                 // 17
                                 "end program rb\n");
  const auto e = ps::test::run(p, 4, "u=(BLOCK,*)", "4", {{"n", 66}});
  for (const auto& r : e.comm.records)
    EXPECT_EQ(r.pattern, "shift") << r.reference << " at line " << r.line;
  EXPECT_TRUE(hasNote(e, "Scalar temporary 'res' at line 7 is computed by the owners of 'u(i,j)' at line 8"));
  EXPECT_TRUE(hasNote(e, "Scalar temporary 'res' at line 13 is computed by the owners of 'u(i,j)' at line 14"));
  // rows 2..65 in blocks of 17 (1-17, 18-34, 35-51, 52-66): 64 columns; the red sweep takes
  // even rows, the black odd ones; two statements each, ten steps
  const std::vector<double> rows{16, 17, 17, 14}; // rows 2..17, 18..34, 35..51, 52..65
  for (std::size_t q = 0; q < 4; ++q)
    EXPECT_DOUBLE_EQ(e.workPerProc[q], 10 * 2 * 64 * rows[q]) << q;
}

TEST(UserReported, AnIfOnAScalarWithAValueIsDecidedNotHalved)
{
  // IF (IDIR .EQ. 1) around a loop: with idir set, the loop runs or not;
  // without, half the time, and the note names the scalar to set
  const auto p = ps::test::build("subroutine smooth(idir, n)\n"      // 1
                                 "  integer :: idir, n, i\n"         // 2
                                 "  real :: h(n), g(n)\n"            // 3
                                 "  if (idir .eq. 1) then\n"         // 4
                                 "    do i = 2, n\n"                 // 5
                                 "      g(i) = h(i - 1)\n"           // 6
                                 "    end do\n"                      // 7
                                 "  end if\n"                        // 8
                                 "end subroutine smooth\n");
  const auto taken = ps::test::run(p, 5, "g,h=(BLOCK)", "4", {{"n", 64}, {"idir", 1}});
  EXPECT_EQ(taken.nt, 3);
  for (double w : taken.workPerProc)
    EXPECT_GE(w, 15.0);
  const auto skipped = ps::test::run(p, 5, "g,h=(BLOCK)", "4", {{"n", 64}, {"idir", 2}});
  EXPECT_EQ(skipped.nt, 0);
  for (double w : skipped.workPerProc)
    EXPECT_EQ(w, 0.0);
  const auto unknown = ps::test::run(p, 5, "g,h=(BLOCK)", "4", {{"n", 64}});
  EXPECT_EQ(unknown.comm.records.at(0).messages, 2); // 3 at probability 0.5, rounded
  EXPECT_TRUE(hasNote(unknown, "The IF conditions of the statement at line 6 name 'idir' without a value"));
}

TEST(UserReported, AnArrayIntrinsicReductionRunsWhereTheElementsAre)
{
  // EMAX = MAXVAL(D) was every processor fetching all of D and doing one
  // operation; now each reduces the 16x16 elements it owns of a 64x64 D
  // on 4x4, once per step, and the 16 values combine (15 messages a step)
  const auto p = ps::test::build("program mx\n"                                   // 1
                                 "  integer :: it, n\n"                           // 2
                                 "  real :: d(n, n), u(n, n), v(n, n), w(n), emax\n" // 3
                                 "  do it = 1, 5\n"                               // 4
                                 "    emax = maxval(d)\n"                         // 5
                                 "  end do\n"                                     // 6
                                 "  do it = 1, 5\n"                               // 7
                                 "    emax = maxval(abs(u - v))\n"                // 8
                                 "  end do\n"                                     // 9
                                 "  do it = 1, 5\n"                               // 10
                                 "    if (maxval(d) > 1.0e6) emax = 0.0\n"        // 11
                                 "  end do\n"                                     // 12
                                 "  do it = 1, 5\n"                               // 13
                                 "    emax = sum(w)\n"                            // 14
                                 "  end do\n"                                     // 15
                                 "end program mx\n");
  for (const int loop : {4, 7, 10}) {
    const auto e = ps::test::run(p, loop, "d,u,v=(BLOCK,BLOCK)", "4x4", {{"n", 64}});
    ASSERT_EQ(e.comm.records.size(), 1u) << loop;
    EXPECT_EQ(e.comm.records[0].pattern, "reduction") << loop;
    EXPECT_EQ(e.comm.records[0].messages, 5 * 15) << loop;
    EXPECT_EQ(e.comm.records[0].bytes, 5 * 15 * 4) << loop;
    for (double w : e.workPerProc)
      EXPECT_GE(w, 5 * 256.0) << loop; // the reduction's share; the IF's assignment adds at most its own
    EXPECT_TRUE(hasNote(e, "over the whole of '" + std::string(loop == 7 ? "u" : "d") +
                               "' runs where its elements are"))
        << loop;
  }
  EXPECT_DOUBLE_EQ(ps::test::run(p, 4, "d=(BLOCK,BLOCK)", "4x4", {{"n", 64}}).workPerProc[5], 5 * 256.0);
  // BLOCK of 64 over 3 (22, 22, 20): W(:) on 3, each its own block
  const auto sum = ps::test::run(p, 13, "w=(BLOCK)", "3", {{"n", 64}});
  EXPECT_EQ(sum.workPerProc, (std::vector<double>{5 * 22.0, 5 * 22.0, 5 * 20.0}));
  EXPECT_EQ(sum.nt, 5 * 2);
  // U and V mapped differently: the elements are not where one reduction runs; estimated as before
  const auto apart = ps::test::run(p, 7, "u=(BLOCK,BLOCK); v=(CYCLIC,CYCLIC)", "4x4", {{"n", 64}});
  EXPECT_FALSE(hasNote(apart, "runs where its elements are"));
}

TEST(UserReported, AReductionOfASectionRunsWhereItsElementsAre)
{
  // ERR = MAXVAL(ABS(U(2:N-1,2:N-1) - V(2:N-1,2:N-1))) was every processor fetching all
  // of U and V and doing one operation; now each reduces the elements of the interior it
  // owns. 64x64 on 2x2 under (BLOCK,BLOCK): rows and columns 2..63 are 31 + 31 per
  // processor dimension, so 31*31 each, 5 times; the four values combine (3 messages)
  const auto p = ps::test::build("program sr\n"                                           // 1
                                 "  integer :: it, n, m\n"                                // 2
                                 "  real :: u(n, n), v(n, n), w(n), err, s\n"              // 3
                                 "  do it = 1, 5\n"                                       // 4
                                 "    err = maxval(abs(u(2:n-1, 2:n-1) - v(2:n-1, 2:n-1)))\n" // 5
                                 "  end do\n"                                             // 6
                                 "  do it = 1, 5\n"                                       // 7
                                 "    s = sum(w(1:m))\n"                                  // 8
                                 "  end do\n"                                             // 9
                                 "  do it = 1, 5\n"                                       // 10
                                 "    s = sum(u(1:n, 3))\n"                               // 11
                                 "  end do\n"                                             // 12
                                 "  do it = 1, 5\n"                                       // 13
                                 "    s = sum(w(1:n-1) * w(2:n))\n"                       // 14
                                 "  end do\n"                                             // 15
                                 "  do it = 1, n\n"                                       // 16
                                 "    s = sum(u(1:n, it))\n"                              // 17
                                 "  end do\n"                                             // 18
                                 "end program sr\n");
  const auto interior = ps::test::run(p, 4, "u,v=(BLOCK,BLOCK)", "2x2", {{"n", 64}});
  EXPECT_EQ(interior.workPerProc, (std::vector<double>(4, 5 * 31.0 * 31.0)));
  ASSERT_EQ(interior.comm.records.size(), 1u);
  EXPECT_EQ(interior.comm.records[0].pattern, "reduction");
  EXPECT_EQ(interior.comm.records[0].messages, 5 * 3);
  EXPECT_TRUE(hasNote(interior, "The reduction at line 5 over 'u(2:n-1,2:n-1)' runs where its elements are"));
  // W(1:M) with M = 10 of 64 under BLOCK on 4 (blocks of 16): all ten on the first
  const auto prefix = ps::test::run(p, 7, "w=(BLOCK)", "4", {{"n", 64}, {"m", 10}});
  EXPECT_EQ(prefix.workPerProc, (std::vector<double>{50, 0, 0, 0}));
  // M without a value: asked for, not taken as the whole array
  const ps::symbolic::Bindings noM{{"n", 64}};
  std::string error;
  const auto mapped = ps::mapping::mappingFromSpec(*ps::mapping::parseDistSpec("w=(BLOCK)", &error), p.unit(), noM,
                                                   *ps::mapping::parseArrangement("4"));
  const auto unknown =
    ps::estimate::estimateNest(p.unit(), *p.unit().loopAtLine(7), *mapped.mapping, ps::test::unitMachine(), noM);
  EXPECT_EQ(unknown.missing, (std::vector<std::string>{"m"}));
  // column 3 of U under (*,BLOCK) on 4: all of it on the first processor, whose value the
  // others still need (3 messages a step)
  const auto column = ps::test::run(p, 10, "u=(*,BLOCK)", "4", {{"n", 64}});
  EXPECT_EQ(column.workPerProc, (std::vector<double>{5 * 64.0, 0, 0, 0}));
  EXPECT_EQ(column.nt, 5 * 3);
  // the same column under (BLOCK,*): 16 rows each, combined
  EXPECT_EQ(ps::test::run(p, 10, "u=(BLOCK,*)", "4", {{"n", 64}}).workPerProc,
            (std::vector<double>(4, 5 * 16.0)));
  // a reversed section, and one reaching outside W (the program's error) clipped to
  // it, with a note (the huge bound made the work negative); n = 100 under BLOCK on 4 (25 each)
  const auto q = ps::test::build("program cl\n"                  // 1
                                 "  integer :: n, m, k\n"        // 2
                                 "  real :: w(n), s\n"           // 3
                                 "  do k = 1, 10\n"              // 4
                                 "    s = sum(w(n:1:-1))\n"      // 5
                                 "  end do\n"                    // 6
                                 "  do k = 1, 10\n"              // 7
                                 "    s = sum(w(-m:m))\n"        // 8
                                 "  end do\n"                    // 9
                                 "end program cl\n");
  // W(100:1:-1) is all of W, 25 each
  const auto reversed = ps::test::run(q, 4, "w=(BLOCK)", "4", {{"n", 100}});
  EXPECT_EQ(reversed.workPerProc, (std::vector<double>(4, 10 * 25.0)));
  EXPECT_FALSE(hasNote(reversed, "reaches outside"));
  const auto outside = ps::test::run(q, 7, "w=(BLOCK)", "4", {{"n", 100}, {"m", 9223372036854775807}});
  EXPECT_EQ(outside.workPerProc, (std::vector<double>(4, 10 * 25.0)));
  EXPECT_TRUE(hasNote(outside, "Section 'w(-m:m)' at line 8 reaches outside the bounds of 'w'"));
  // sections of one array that do not coincide, or one that follows the loop: not reduced in place
  EXPECT_FALSE(hasNote(ps::test::run(p, 13, "w=(BLOCK)", "4", {{"n", 64}}), "runs where its elements are"));
  EXPECT_FALSE(hasNote(ps::test::run(p, 16, "u=(*,BLOCK)", "4", {{"n", 64}}), "runs where its elements are"));
}

TEST(UserReported, AWholeArrayFetchMovesWhatEachProcessorLacks)
{
  // X(I) = X(I) + R(IDX(I)) with R(0:64) under BLOCK: on 2 the blocks are 33 and 32, so the
  // processors lack 32 and 33 elements, 65 * 4 bytes in all (it was 2 * (65 - 65/2) * 4 = 264);
  // on 4 (17, 17, 17, 14) they lack 48, 48, 48 and 51: 195 * 4 = 780
  const auto p = ps::test::build("subroutine gath(x, r, idx, np, ng)\n" // 1
                                 "  integer :: np, ng, i\n"              // 2
                                 "  real :: x(np), r(0:ng)\n"            // 3
                                 "  integer :: idx(np)\n"                // 4
                                 "  do i = 1, np\n"                      // 5
                                 "    x(i) = x(i) + r(idx(i))\n"         // 6
                                 "  end do\n"                            // 7
                                 "end subroutine gath\n");
  for (const auto& [procs, bytes] : {std::pair{"2", 260}, std::pair{"4", 780}}) {
    const auto e = ps::test::run(p, 5, "x,idx,r=(BLOCK)", procs, {{"np", 64}, {"ng", 64}});
    const auto r = std::find_if(e.comm.records.begin(), e.comm.records.end(), [](const auto& c) { return c.array == "r"; });
    ASSERT_NE(r, e.comm.records.end()) << procs;
    EXPECT_EQ(r->bytes, bytes) << procs;
  }
}

TEST(UserReported, TemporariesAssignedInEveryArmOfAnIfArePrivate)
{
  // An upwind flux: FM and FP are assigned in both arms, then used by QN(I). They were not
  // private (a use after an IF was "not covered"), so every processor ran all 62 iterations
  // and fetched all of Q. Now the owners of QN(I) compute them and test C(I): BLOCK of 64 on 4
  // gives 15, 16, 16, 15 iterations, each the test, half of the four assignments and QN(I):
  // 4 operations; Q(I-1) and Q(I+1) are the two shifts (3 messages each)
  const auto p = ps::test::build("subroutine up1(q, qn, c, n)\n"     // 1
                                 "  integer :: n, i\n"               // 2
                                 "  real :: q(n), qn(n), c(n), fm, fp\n" // 3
                                 "  do i = 2, n - 1\n"               // 4
                                 "    if (c(i) > 0.0) then\n"        // 5
                                 "      fm = c(i) * q(i - 1)\n"      // 6
                                 "      fp = c(i) * q(i)\n"          // 7
                                 "    else\n"                        // 8
                                 "      fm = c(i) * q(i)\n"          // 9
                                 "      fp = c(i) * q(i + 1)\n"      // 10
                                 "    end if\n"                      // 11
                                 "    qn(i) = q(i) - (fp - fm)\n"    // 12
                                 "  end do\n"                        // 13
                                 "  do i = 2, n - 1\n"               // 14
                                 "    if (c(i) > 0.0) fm = c(i) * q(i - 1)\n" // 15
                                 "    qn(i) = q(i) - fm\n"           // 16
                                 "  end do\n"                        // 17
                                 "end subroutine up1\n");
  const auto e = ps::test::run(p, 4, "q,qn,c=(BLOCK)", "4", {{"n", 64}});
  EXPECT_EQ(e.workPerProc, (std::vector<double>{15 * 4, 16 * 4, 16 * 4, 15 * 4}));
  EXPECT_EQ(e.nt, 6);
  EXPECT_EQ(e.tdBytes, 6 * 4);
  // assigned in one arm only: FM may keep the previous iteration's value, so not private
  const auto one = ps::test::run(p, 14, "q,qn,c=(BLOCK)", "4", {{"n", 64}});
  EXPECT_GT(one.workPerProc[0], 16 * 3.0);
}

TEST(UserReported, ADataSubscriptInAnUndistributedDimensionKeepsItsOwner)
{
  // The pivot row swap A(K,J) <-> A(P,J) with P = IPIV(K) under (*,CYCLIC): A(P,J) is in
  // column J whatever P is, so the owner of column J swaps it alone. It was "not affine":
  // every processor fetched all of A every step (383,520 messages at n = 800 on 16).
  // n = 32 on 4: 8 columns each, 31 steps of 3 assignments, plus P = IPIV(K) everywhere
  const auto p = ps::test::build("subroutine swap(a, n, ipiv)\n"          // 1
                                 "  integer :: n, k, j, p, ipiv(n)\n"     // 2
                                 "  real(8) :: a(n, n), t\n"              // 3
                                 "  do k = 1, n - 1\n"                    // 4
                                 "    p = ipiv(k)\n"                      // 5
                                 "    do j = 1, n\n"                      // 6
                                 "      t = a(k, j)\n"                    // 7
                                 "      a(k, j) = a(p, j)\n"              // 8
                                 "      a(p, j) = t\n"                    // 9
                                 "    end do\n"                           // 10
                                 "  end do\n"                             // 11
                                 "end subroutine swap\n");
  const auto e = ps::test::run(p, 4, "a=(*,CYCLIC)", "4", {{"n", 32}});
  EXPECT_EQ(e.nt, 0);
  EXPECT_EQ(e.workPerProc, (std::vector<double>(4, 31 + 31 * 8 * 3.0)));
  EXPECT_TRUE(hasNote(e, "Reference 'a(p,j)' at line 8 has a subscript that is not affine in a dimension that is not distributed"));
  // under (CYCLIC,*) the row P decides the owner: still fetched whole
  const auto rows = ps::test::run(p, 4, "a=(CYCLIC,*)", "4", {{"n", 32}});
  EXPECT_GT(rows.nt, 0);
  EXPECT_TRUE(hasNote(rows, "Reference 'a(p,j)' at line 8 is not affine"));
}

TEST(UserReported, TheReviewsTemporariesAndWholeArrays)
{
  // E = E*E updates the temporary, it reduces nothing: one combine of ERR (it was 15 per
  // iteration); K = ITYP(I) changes per iteration: IF (K .EQ. 1) keeps 0.5 and is no guard;
  // MAXVAL of a replicated array combines nothing; CHECKSUM(D) is no SUM(D)
  const auto p = ps::test::build("program rv\n"                                     // 1
                                 "  integer :: i, j, k, it, n\n"                    // 2
                                 "  integer :: ityp(n)\n"                           // 3
                                 "  real :: u(n, n), v(n, n), a(n), c(n), err, e, emax, checksum\n" // 4
                                 "  do j = 1, n\n"                                  // 5
                                 "    do i = 1, n\n"                                // 6
                                 "      e = u(i, j) - v(i, j)\n"                    // 7
                                 "      e = e * e\n"                                // 8
                                 "      err = err + e\n"                            // 9
                                 "    end do\n"                                     // 10
                                 "  end do\n"                                       // 11
                                 "  do i = 2, n\n"                                  // 12
                                 "    k = ityp(i)\n"                                // 13
                                 "    if (k .eq. 1) a(i) = c(i - 1)\n"              // 14
                                 "  end do\n"                                       // 15
                                 "  do it = 1, 5\n"                                 // 16
                                 "    emax = maxval(u)\n"                           // 17
                                 "    if (checksum(u) > 0.0) emax = 0.0\n"          // 18
                                 "  end do\n"                                       // 19
                                 "end program rv\n");
  const auto sq = ps::test::run(p, 5, "u,v=(BLOCK,BLOCK)", "4x4", {{"n", 64}});
  EXPECT_EQ(sq.nt, 15);
  for (double w : sq.workPerProc)
    EXPECT_DOUBLE_EQ(w, 3 * 256.0);
  const auto varying = ps::test::run(p, 12, "a,c,ityp=(BLOCK)", "4", {{"n", 64}});
  EXPECT_FALSE(hasNote(varying, "name 'k' without a value"));
  EXPECT_TRUE(hasNote(varying, "Statement at line 14 is under IF: assumed to execute with probability 0.50"));
  const auto replicated = ps::test::run(p, 16, "u=(*,*)", "4", {{"n", 64}});
  EXPECT_FALSE(std::any_of(replicated.comm.records.begin(), replicated.comm.records.end(),
                           [](const auto& r) { return r.pattern == "reduction"; }));
  const auto spread = ps::test::run(p, 16, "u=(BLOCK,BLOCK)", "4x4", {{"n", 64}});
  EXPECT_TRUE(hasNote(spread, "The reduction at line 17 over the whole of 'u'"));
  EXPECT_FALSE(hasNote(spread, "The reduction at line 18")) << "CHECKSUM(U) is not SUM(U)";
}

// Pair forces (tests/data/user/pairforce.f90) under CYCLIC on 4, n = 64:
// DIST2 and RINV3 feed GX(I) only through S, and run where GX(I) is, as S
// does: processor c does the pairs of its rows i = c+1, c+5, ...: sum of
// n - i = 528, 512, 496, 480 (of 2016 pairs). They were replicated (2016
// on every processor). GX(J)'s owners use S and DDX computed where GX(I)
// is: they compute them again (lines 12-16), fetching X(I), Y(I) and M(I)
// before the nest: processor q (0-based) needs i = 1 .. its last j - 1
// (61 + q) less its own 15: 45 + 46 + 47 + 48 = 186 elements of 4 bytes
// = 744 bytes from the 3 others each, 12 messages. Those values were not
// counted. GY(J) has GX(J)'s owners: nothing more.
TEST(UserReported, TemporariesFeedingTemporariesRunWhereTheirUserIs)
{
  const auto p = load("pairforce.f90");
  const auto e = ps::test::run(p, 10, "x,y,m,gx,gy=(CYCLIC)", "4", {{"n", 64}});
  for (int line : {12, 14, 15, 16}) {
    const auto& w = workOfLine(e, line);
    EXPECT_FALSE(w.replicated) << line;
    EXPECT_EQ(w.work, (std::vector<double>{528, 512, 496, 480})) << line;
  }
  EXPECT_TRUE(hasNote(e, "'rinv3' at line 15 is computed by the owners of 'gx(i)' at line 17, which uses it through 's'"));
  EXPECT_TRUE(hasNote(e, "'ddx' and 's' at line 19 come from the owners of 'gx(i)' (line 17); the owners of 'gx(j)', "
                         "which use them, compute them again (lines 12-16)"));
  EXPECT_TRUE(hasNote(e, "'ddy' and 's' at line 20 are computed again by the owners of 'gy(j)' for line 19 already"));
  EXPECT_FALSE(hasNote(e, "at line 18 come from")); // GY(I) uses DDY and S computed where GX(I) is: alike
  std::vector<std::string> fetched;
  for (const auto& r : e.comm.records)
    if (r.line == 19) {
      fetched.push_back(r.reference);
      EXPECT_EQ(r.messages, 12) << r.reference;
      EXPECT_EQ(r.bytes, 744) << r.reference;
    }
  EXPECT_EQ(fetched, (std::vector<std::string>{"x(i)", "y(i)", "m(i)"}));
  EXPECT_TRUE(std::none_of(e.comm.records.begin(), e.comm.records.end(), [](const auto& r) { return r.line == 20; }));
}

// A temporary read before its element is overwritten (t = x(i+4); x(i+4) =
// x(i) - t; x(i) = x(i) + t, trial crash_min.f90): x(i)'s owners compute t
// again from x(i+4) as it was before the nest (no flow into line 7's read):
// 3 shifts of the 4 boundary elements, 48 bytes. The read belongs to line 7,
// not to line 9, and its plan aborted the estimate (internal check).
TEST(UserReported, ATemporaryComputedAgainReadsWhatItsOwnStatementRead)
{
  const auto p = ps::test::build("program cr\n  integer, parameter :: n = 1024\n  real :: x(n), t\n  integer :: i\n"
                                 "!HPF$ DISTRIBUTE x(BLOCK)\n  do i = 1, n - 4\n     t = x(i + 4)\n"
                                 "     x(i + 4) = x(i) - t\n     x(i) = x(i) + t\n  end do\nend program cr\n");
  const auto e = ps::test::run(p, 6, "x=(BLOCK)", "4", {});
  const auto it = std::find_if(e.comm.records.begin(), e.comm.records.end(),
                               [](const auto& r) { return r.line == 9 && r.reference == "x(i+4)"; });
  ASSERT_NE(it, e.comm.records.end());
  EXPECT_EQ(it->messages, 3);
  EXPECT_EQ(it->bytes, 48);
}

// A time loop around sweeps (trial nest3b.f90): DO IT = 1, 10 / DO ISW =
// 1, 3 / R = U(I-1,J) + U(I+1,J) in one nest, U = R in the next. U is
// written in every sweep, so its shifts happen per sweep: 10 x 3 x (3
// boundaries x 4 columns of processors) = 360 messages, ten times the
// ISW loop's own 36. The outermost loop that may carry the dependence
// placed them per time step: 120.
TEST(UserReported, SweepsInsideATimeLoopExchangeOncePerSweep)
{
  const auto p = ps::test::build("program nest3\n  integer, parameter :: n = 512\n  real :: u(n,n), r(n,n)\n"
                                 "  integer :: i, j, it, isw\n  do it = 1, 10\n     do isw = 1, 3\n"
                                 "        do j = 2, n-1\n           do i = 2, n-1\n"
                                 "              r(i,j) = u(i-1,j) + u(i+1,j)\n           end do\n        end do\n"
                                 "        do j = 2, n-1\n           do i = 2, n-1\n              u(i,j) = r(i,j)\n"
                                 "           end do\n        end do\n     end do\n  end do\nend program\n");
  const auto whole = ps::test::run(p, 5, "u,r=(BLOCK,BLOCK)", "4x4", {});
  const auto sweeps = ps::test::run(p, 6, "u,r=(BLOCK,BLOCK)", "4x4", {{"it", 1}});
  for (const char* ref : {"u(i-1,j)", "u(i+1,j)"}) {
    const auto find = [&](const ps::estimate::Estimate& e) {
      return *std::find_if(e.comm.records.begin(), e.comm.records.end(),
                           [&](const auto& r) { return r.reference == ref; });
    };
    EXPECT_EQ(find(sweeps).messages, 36) << ref;
    EXPECT_EQ(find(whole).messages, 360) << ref;
    EXPECT_EQ(find(whole).bytes, 10 * find(sweeps).bytes) << ref;
    EXPECT_EQ(find(whole).placement, 2) << ref;
  }
}

// S = S + A(I,1)*A(I,J) under (*,CYCLIC) on 7 (trial dotcol2.f90): the
// sums run where A(I,J) is, each column's on its owner, with column 1
// broadcast: work max 10 columns x 100 + 10 (S = 0.0, where D(J) is) + 10
// (D(J) = S) = 1020 (S = 0.0 ran on every processor, 69 times, before it
// was seen as private to each column). With the operands written the
// other way round the owner of column 1 did every sum (6978) and sent S
// to the others.
TEST(UserReported, AReductionRunsWhereItsInnermostOperandIsWhateverTheOrder)
{
  for (const char* product : {"a(i, 1) * a(i, j)", "a(i, j) * a(i, 1)"}) {
    const auto p = ps::test::build(std::string("program dotcol\n  integer, parameter :: m = 100, n = 70\n"
                                               "  real :: a(m, n), d(n)\n  real :: s\n  integer :: i, j\n"
                                               "!HPF$ DISTRIBUTE a(*, CYCLIC)\n!HPF$ ALIGN d(j) WITH a(*, j)\n"
                                               "  do j = 2, n\n     s = 0.0\n     do i = 1, m\n        s = s + ") +
                                   product + "\n     end do\n     d(j) = s\n  end do\nend program dotcol\n");
    const auto e = ps::test::run(p, 8, "a=(*,CYCLIC); d=(CYCLIC)", "7", {});
    EXPECT_EQ(*std::max_element(e.workPerProc.begin(), e.workPerProc.end()), 1020.0) << product;
    ASSERT_EQ(e.comm.records.size(), 1u) << product;
    EXPECT_EQ(e.comm.records[0].reference, "a(i,1)") << product;
    EXPECT_EQ(e.comm.records[0].messages, 6) << product;
  }
}

// The same sums guarded by IF (A(I,1) .NE. 0.0) (the review's input): the
// test is evaluated where each column's sum runs, 10 columns x 100 tests +
// half the 1000 sums + 10 + 10 = 1520 on the busiest processor; column 1's
// owner tested all 6900 pairs (7428).
TEST(UserReported, AConditionGuardingAReductionIsTestedWhereTheSumRuns)
{
  const auto p = ps::test::build("program dotcol\n  integer, parameter :: m = 100, n = 70\n"
                                 "  real :: a(m, n), d(n)\n  real :: s\n  integer :: i, j\n"
                                 "  do j = 2, n\n     s = 0.0\n     do i = 1, m\n"
                                 "        if (a(i, 1) .ne. 0.0) s = s + a(i, 1) * a(i, j)\n     end do\n"
                                 "     d(j) = s\n  end do\nend program dotcol\n");
  const auto e = ps::test::run(p, 6, "a=(*,CYCLIC); d=(CYCLIC)", "7", {});
  EXPECT_EQ(*std::max_element(e.workPerProc.begin(), e.workPerProc.end()), 1520.0);
}

TEST(UserReported, BoundsThatAreDataOrModSayWhyTheyAreNotCounted)
{
  // CSR's DO K = ROWPTR(I), ROWPTR(I+1)-1 and red-black's DO I = MOD(J,2)+2, N-1, 2 were "not integer
  // expressions", which they are: the note says what PartScope cannot count in them. CSR's trip count
  // is data: an unknown per entry, as a DO WHILE's (data-bounds-test.cpp)
  auto p = ps::test::build("      PROGRAM B\n"                                 // 1
                           "      INTEGER N, I, J, K\n"                       // 2
                           "      PARAMETER (N = 64)\n"                       // 3
                           "      INTEGER ROWPTR(N+1)\n"                      // 4
                           "      REAL U(N,N), Y(N), V(8*N)\n"                // 5
                           "      DO 20 I = 1, N\n"                           // 6
                           "        DO 10 K = ROWPTR(I), ROWPTR(I+1) - 1\n"   // 7
                           "          Y(I) = Y(I) + V(K)\n"                   // 8
                           "   10   CONTINUE\n"                               // 9
                           "   20 CONTINUE\n"                                 // 10
                           "      DO 40 J = 2, N - 1\n"                       // 11
                           "        DO 30 I = MOD(J, 2) + 2, N - 1, 2\n"      // 12
                           "          U(I,J) = 0.25 * (U(I-1,J) + U(I+1,J))\n" // 13
                           "   30   CONTINUE\n"                               // 14
                           "   40 CONTINUE\n"                                 // 15
                           "      END\n",
                           "b.f");
  const auto csr = ps::test::run(p, 6, "y=(BLOCK)", "4", {{"ntrips_7", 3}});
  EXPECT_TRUE(hasNote(csr, "The DO k at line 7 with bounds from data runs 3 times per entry"));
  EXPECT_EQ(csr.workPerProc, (std::vector<double>{48, 48, 48, 48})); // 16 rows of 3
  // red-black's start is now counted (parity-start-test.cpp); a MOD it cannot read still says why
  const auto redBlack = ps::test::run(p, 11, "u=(*,BLOCK)", "4", {});
  EXPECT_TRUE(hasNote(redBlack, "The loop at line 12 starts at MOD(J,2)+2 with step 2: it is counted from 2"));
  EXPECT_FALSE(hasNote(redBlack, "not integer expressions"));
  auto odd = ps::test::build("program o\n  integer :: i, j\n  real :: u(64, 64)\n  do j = 1, 64\n"
                             "    do i = 1 + mod(j, 3), 64, 2\n      u(i, j) = 0.0\n    end do\n  end do\nend program o\n");
  EXPECT_TRUE(hasNote(ps::test::run(odd, 4, "u=(*,BLOCK)", "4", {}),
                      "Loop at line 5 has bounds PartScope cannot count: 'mod(j,3)' is not affine"));
}

TEST(UserReported, ANonAffineRowDoesNotSerializeTheColumnsOfAColumnMapping)
{
  // A(IP(I), J) and A(I, J) meet only in the same column J: under (*,BLOCK) the
  // J loop carries nothing (was "serialized by 'a' carried by loop 'j'", the
  // whole reference taken as any element)
  auto p = ps::test::build("program piv\n"
                           "  integer, parameter :: n = 64\n"
                           "  real :: a(n, n)\n"
                           "  integer :: ip(n), i, j\n"
                           "  do j = 1, n\n"
                           "    do i = 1, n\n"
                           "      a(ip(i), j) = a(ip(i), j) * 2.0 + a(i, j)\n"
                           "    end do\n"
                           "  end do\n"
                           "end program piv\n");
  const auto columns = ps::test::run(p, 5, "a=(*,BLOCK)", "4", {});
  EXPECT_EQ(columns.parallelism.kind, "parallel");
}

TEST(UserReported, ASampleOfRowsNamesEveryLoopItsRowsRunOver)
{
  // Floyd-Warshall's D(K,J) is read inside DO I (an exact flow dependence through the row k written at
  // i = k): its rows are the (k, j) pairs, 9 * 10^6 at n = 3000. The note named loop 'j' alone and
  // sampled "every 5572nd" of it, a loop of 3000 iterations.
  const auto p = ps::test::build("      PROGRAM FLOYD\n      INTEGER N, I, J, K\n      PARAMETER (N = 3000)\n"
                                 "      REAL D(N,N)\n      DO 30 K = 1, N\n         DO 20 J = 1, N\n"
                                 "            DO 20 I = 1, N\n               D(I,J) = MIN(D(I,J), D(I,K) + D(K,J))\n"
                                 "   20    CONTINUE\n   30 CONTINUE\n      END\n");
  const auto e = ps::test::run(p, 5, "d=(BLOCK,*)", "64", {});
  ASSERT_EQ(e.comm.records.size(), 1u);
  ASSERT_GT(e.comm.records[0].sampledEvery, 1);
  EXPECT_TRUE(hasNote(e, "were counted on a sample of the iterations of the loops (k, j) together, every " +
                           ps::ordinal(e.comm.records[0].sampledEvery) + " at the sparsest, each summed exactly over "
                           "loop 'i'"));
}

TEST(UserReported, ADependenceAlongAnUndistributedDimensionKeepsItsMessagesInside)
{
  // Givens' pattern (a trial): A(I-1,J) is written at k = j of row i-1 and read by row i, a dependence
  // carried by DO I, which subscripts only A's undistributed first dimension under (*,CYCLIC). It was
  // taken for a recurrence the schedule prices and hoisted out of I (18 messages, a stale value). Per
  // (j, i): column j's owner sends the element to the other owners of columns j..8, min(4, 9-j) - 1 of
  // them, for the 8-j rows i: 21 + 18 + 15 + 12 + 9 + 4 + 1 = 80 messages of 8 bytes on 4.
  const auto p = ps::test::build("      SUBROUTINE DEP3(A, N)\n      INTEGER N, I, J, K\n      REAL*8 A(N,N)\n"
                                 "      DO 40 J = 1, N-1\n         DO 30 I = J+1, N\n            DO 20 K = J, N\n"
                                 "               A(I,K) = A(I,K) + A(I-1,J)\n   20       CONTINUE\n"
                                 "   30    CONTINUE\n   40 CONTINUE\n      END\n",
                                 "dep3.f");
  const auto e = ps::test::run(p, 4, "a=(*,CYCLIC)", "4", {{"n", 8}});
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].placement, 2);
  EXPECT_EQ(e.nt, 80);
  EXPECT_EQ(e.tdBytes, 80 * 8);
  // under (BLOCK,BLOCK) DO I moves the owner's row: a recurrence the schedule prices, as before
  const auto grid = ps::test::run(p, 4, "a=(BLOCK,BLOCK)", "2x2", {{"n", 8}});
  EXPECT_EQ(grid.parallelism.variable, "i");
}

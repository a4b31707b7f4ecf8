// Parallelism under a mapping: ADI's forward sweep serialized by its
// j-recurrence (DDT Table 1, Solution 2), parallel by rows, a wavefront
// whose critical path is computed by hand, and nests without recurrences
// left as they were.
#include "estimate/parallelism.h"
#include "estimate/run-estimate.h"

#include <gtest/gtest.h>

#include <fstream>
#include <numeric>
#include <sstream>

using namespace ps;
using test::run;

namespace {

test::Program readProgram(const std::string& path)
{
  std::ifstream in(std::string(PS_SOURCE_DIR) + "/" + path);
  std::stringstream s;
  s << in.rdbuf();
  return test::build(s.str(), path);
}

machine::MachineProfile paragon()
{
  std::string error;
  auto m = machine::findProfile("paragon", &error);
  EXPECT_TRUE(m) << error;
  return *m;
}

double sumOfRecords(const estimate::Estimate& e)
{
  double tt = 0;
  for (const auto& r : e.comm.records)
    tt += r.time;
  return tt;
}

} // namespace

TEST(Parallelism, AdiForwardSweepByColumnsIsSerializedByTheJRecurrence)
{
  const auto p = readProgram("sampleprograms/adi.f");
  const auto m = paragon();
  const auto one = run(p, 35, "x,a,b=(*,BLOCK)", "1", {}, m);
  const auto cols = run(p, 35, "x,a,b=(*,BLOCK)", "16", {}, m);
  EXPECT_EQ(one.parallelism.kind, "parallel");
  ASSERT_EQ(cols.parallelism.kind, "serialized");
  EXPECT_EQ(cols.parallelism.variable, "j");
  EXPECT_EQ(cols.parallelism.loopLine, 35);
  EXPECT_EQ(cols.parallelism.array, "x");
  EXPECT_EQ(cols.parallelism.arrayDim, 2);
  EXPECT_EQ(cols.parallelism.chain, 16);
  // processors run one after another: CT is the sequential time of the sweep
  // (255 x 256 iterations of both statements on one processor, ~0.11 s) ...
  EXPECT_NEAR(cols.ct, one.ct, 1e-12 * one.ct);
  EXPECT_GT(cols.ct, 0.1);
  // ... plus one message per stage between consecutive owners: three shifts
  // (x(i,j-1), b(i,j-1) in both statements) of a 256-element column of 8
  // bytes at each of the 15 block boundaries, one after another
  ASSERT_EQ(cols.comm.records.size(), 3u);
  double stageMessages = 0;
  for (const auto& r : cols.comm.records) {
    EXPECT_EQ(r.instances, 15);
    EXPECT_EQ(r.bytes, 15 * 256 * 8);
    for (int q = 1; q < 16; ++q) // from the owner of column block q-1 to that of block q
      stageMessages += m.messageTime(256 * 8, m.hops(q - 1, q, 16));
  }
  EXPECT_NEAR(cols.tt, stageMessages, 1e-12);
  EXPECT_NEAR(cols.time, one.ct + stageMessages, 1e-12);
  const auto note = "The nest is serialized by the recurrence on 'x' carried by loop 'j' at line 35 (distributed "
                    "dimension 2): processors run one after another";
  EXPECT_NE(std::find(cols.notes.begin(), cols.notes.end(), note), cols.notes.end());
}

TEST(Parallelism, AdiForwardSweepByRowsStaysParallelWithItsNumbers)
{
  const auto p = readProgram("sampleprograms/adi.f");
  const auto m = paragon();
  const auto one = run(p, 35, "x,a,b=(BLOCK,*)", "1", {}, m);
  const auto rows = run(p, 35, "x,a,b=(BLOCK,*)", "16", {}, m);
  EXPECT_EQ(rows.parallelism.kind, "parallel");
  // 16 rows of 255 columns, two statements per processor: 1/16 of the sweep
  EXPECT_EQ(rows.workMax, 16 * 255 * 2);
  EXPECT_NEAR(rows.ct, one.ct / 16, 1e-12 * one.ct);
  EXPECT_EQ(rows.tt, 0.0);
  EXPECT_EQ(rows.notes, std::vector<std::string>{});
}

TEST(Parallelism, TwoDimensionalGridSerializesEachColumnOfProcessors)
{
  // (BLOCK,BLOCK) on 4x4: the chains run along the j blocks (4 processors
  // each), the four chains over i blocks run side by side: CT = 4 x 1/16
  const auto p = readProgram("sampleprograms/adi.f");
  const auto m = paragon();
  const auto one = run(p, 35, "x,a,b=(BLOCK,BLOCK)", "1", {}, m);
  const auto grid = run(p, 35, "x,a,b=(BLOCK,BLOCK)", "4x4", {}, m);
  EXPECT_EQ(grid.parallelism.kind, "serialized");
  EXPECT_EQ(grid.parallelism.chain, 4);
  // chain of processors (r, 0..3): 64 rows x (63 + 64 + 64 + 64) columns of 256 x 255
  EXPECT_NEAR(grid.ct, one.ct / 4, 1e-12 * one.ct);
  EXPECT_NEAR(grid.tt, sumOfRecords(grid), 1e-15);
}

TEST(Parallelism, WavefrontCriticalPathByHand)
{
  // tests/data/pipeline.f, nest 1: DO I = 1, 64 / DO J = 2, 64 /
  // X(I,J) = X(I,J) + X(I,J-1) under (*,BLOCK) on 4: J carries the
  // recurrence and is distributed, I is independent: a pipeline.
  // Machine: rho = 100 s, beta = 0.01 s/byte, 1 s per operation; the
  // statement costs 4 (one add, two loads, one store).
  //   blocks of J: 2..16 (15 columns), 17..32, 33..48, 49..64 (16 each)
  //   c1 = busiest CT / M = 64 * 16 * 4 / 64 = 64 s per I iteration, Q = 4
  //   a stage message: one element of 8 bytes per I: m(b) = 100 + 0.08 b
  //   T(b) = (64/b + 3) * 64 b + (64/b + 2) * m(b) over the divisors b of 64:
  //     b=1: 4288 + 6605.28; b=2: 4480 + 3405.44; b=4: 4864 + 1805.76;
  //     b=8: 5632 + 1006.4 = 6638.4 (the least); b=16: 7168 + 607.68
  //   so S = 8 stages of 8 rows: CT = 11 * 8 * 64 = 5632, TT = 10 * 100.64
  const auto p = readProgram("tests/data/pipeline.f");
  auto m = test::unitMachine();
  m.startup = 100;
  const auto e = run(p, 10, "x,y=(*,BLOCK)", "4", {}, m);
  ASSERT_EQ(e.parallelism.kind, "pipelined");
  EXPECT_EQ(e.parallelism.variable, "j");
  EXPECT_EQ(e.parallelism.loopLine, 11);
  EXPECT_EQ(e.parallelism.stages, 8);
  EXPECT_EQ(e.parallelism.strip, 8);
  EXPECT_EQ(e.parallelism.chain, 4);
  EXPECT_NEAR(e.ct, 5632.0, 1e-9);
  EXPECT_NEAR(e.tt, 1006.4, 1e-9);
  EXPECT_NEAR(e.time, 6638.4, 1e-9);
  // the owner-computes work is unchanged: only its order is
  EXPECT_EQ(e.workMax, 64 * 16);
  // the faster the messages, the finer the strips: with rho = 1 s one row per stage
  m.startup = 1;
  const auto fine = run(p, 10, "x,y=(*,BLOCK)", "4", {}, m);
  EXPECT_EQ(fine.parallelism.strip, 1); // T(1) = 67 * 64 + 66 * 1.08 < T(2) = 35 * 128 + 34 * 1.16
  EXPECT_NEAR(fine.ct, 67 * 64.0, 1e-9);
  EXPECT_NEAR(fine.tt, 66 * 1.08, 1e-9);
}

TEST(Parallelism, WavefrontInsideATimeLoopSendsEachStage)
{
  // pipeline.f's first nest in DO IT = 1, 5: X(I,J-1) comes from this sweep's column j-1, so it is
  // exchanged inside J, not fetched once a sweep (15 messages, TT below one sweep's): the pipeline's
  // outer iterations are the M = 5 * 64 (it, i) pairs, c1 = 64 s as in WavefrontCriticalPathByHand,
  //   T(b) = (320/b + 3) * 64 b + (320/b + 2) * (100 + 0.08 b) over the divisors b of 320:
  //     b=8: 22016 + 4226.88; b=10: 22400 + 3427.2 = 25827.2; b=16: 23552 + 2228.16 = 25780.16 (the least);
  //     b=20: 24320 + 1828.8
  //   so S = 20 stages of 16: NT = 20 * 3 boundaries, TD = 320 * 3 elements of 8 bytes
  const auto p = test::build("      PROGRAM PIPET\n      INTEGER N, NT\n      PARAMETER (N = 64, NT = 5)\n"
                             "      DOUBLE PRECISION X(N,N)\n      INTEGER I, J, IT\n      DO 3 IT = 1, NT\n"
                             "      DO 2 I = 1, N\n      DO 1 J = 2, N\n         X(I,J) = X(I,J) + X(I,J-1)\n"
                             "    1 CONTINUE\n    2 CONTINUE\n    3 CONTINUE\n      END\n");
  auto m = test::unitMachine();
  m.startup = 100;
  const auto e = run(p, 6, "x=(*,BLOCK)", "4", {}, m);
  ASSERT_EQ(e.parallelism.kind, "pipelined");
  EXPECT_EQ(e.parallelism.stages, 20);
  EXPECT_EQ(e.parallelism.strip, 16);
  EXPECT_EQ(e.nt, 60);
  EXPECT_EQ(e.tdBytes, 320 * 3 * 8);
  EXPECT_NEAR(e.ct, 23552.0, 1e-9);
  EXPECT_NEAR(e.tt, 2228.16, 1e-9);
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].placement, 3);
}

TEST(Parallelism, ARowWrittenBySiblingLoopInATimeLoopIsFetchedPerRow)
{
  // X(I,J) written by one DO J, X(I,J-1) read by a sibling DO J, both in DO I inside DO IT (a review):
  // the read's subscript in the unshared J stopped the distance test, which left IT as the carrier, so
  // the columns were fetched once a time step, before the sweep wrote them (15 messages). Per (it, i)
  // under (*,BLOCK) on 4: one element across each of 3 block boundaries, 5 * 64 * 3 messages.
  const auto p = test::build("      PROGRAM T2\n      INTEGER N, NT\n      PARAMETER (N = 64, NT = 5)\n"
                             "      DOUBLE PRECISION X(N,N), Y(N,N)\n      INTEGER I, J, IT\n      DO 3 IT = 1, NT\n"
                             "      DO 2 I = 1, N\n      DO 1 J = 1, N\n         X(I,J) = I + J + IT\n"
                             "    1 CONTINUE\n      DO 4 J = 2, N\n         Y(I,J) = X(I,J-1)\n    4 CONTINUE\n"
                             "    2 CONTINUE\n    3 CONTINUE\n      END\n");
  const auto e = run(p, 6, "x,y=(*,BLOCK)", "4", {});
  EXPECT_EQ(e.parallelism.kind, "parallel");
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].placement, 2);
  EXPECT_EQ(e.nt, 5 * 64 * 3);
  EXPECT_EQ(e.tdBytes, 5 * 64 * 3 * 8);
}

TEST(Parallelism, WavefrontWrappedByCyclicByHand)
{
  // The same nest under (*,CYCLIC(16)) on 2: the J range 2..64 is four
  // owner segments, 2..16 and 33..48 on processor 0, 17..32 and 49..64 on
  // 1, so each I row crosses 3 boundaries and the chain wraps around the
  // processors (a new user found CYCLIC given BLOCK's TT with 280 times its
  // messages). Segments 4, Q = 2, rounds = 2 per processor.
  //   busiest CT: processor 1, 64 rows x 32 columns x 4 = 8192; c1 = 128,
  //   one segment's row c1 / 2 = 64; m(b) = 100 + 0.08 b
  //   steps(S) = max(2 S + 1, S + 3); T(b) = steps * 64 b + (steps - 1) * m(b):
  //     b=8 (S=8, 17 steps): 8704 + 1610.24; b=16 (S=4, 9 steps): 9216 + 810.24 (the least);
  //     b=32 (S=2, 5 steps): 10240 + 410.24; b=64 (one stage, 4 steps): 16384 + 315.36
  const auto p = readProgram("tests/data/pipeline.f");
  auto m = test::unitMachine();
  m.startup = 100;
  const auto e = run(p, 10, "x,y=(*,CYCLIC(16))", "2", {}, m);
  ASSERT_EQ(e.parallelism.kind, "pipelined");
  // 3 boundaries per row, one message per stage of 16 rows: 12, not one per row (192); processor 1
  // receives at 16|17 and 48|49, processor 0 at 32|33; the records' time is the schedule's TT
  EXPECT_EQ(e.comm.records.front().messages, 3 * 64 / 16);
  EXPECT_EQ(e.comm.messagesPerProc, (std::vector<std::int64_t>{4, 8}));
  EXPECT_EQ(e.nt, 12);
  EXPECT_NEAR(e.comm.records.front().time, e.tt, 1e-9);
  EXPECT_EQ(e.parallelism.stages, 4);
  EXPECT_EQ(e.parallelism.strip, 16);
  EXPECT_EQ(e.parallelism.chain, 2);
  EXPECT_NEAR(e.ct, 9216.0, 1e-9);
  EXPECT_NEAR(e.tt, 810.24, 1e-9);
  // one segment per processor (CYCLIC(32) = BLOCK here) is BLOCK's schedule:
  // T(b) = (64/b + 1) * 128 b + (64/b) * m(b), least at b = 8: 1152 * 8 + ...
  const auto block = run(p, 10, "x,y=(*,BLOCK)", "2", {}, m);
  const auto wide = run(p, 10, "x,y=(*,CYCLIC(32))", "2", {}, m);
  EXPECT_EQ(wide.parallelism.strip, block.parallelism.strip);
  EXPECT_NEAR(wide.time, block.time, 1e-9);
  EXPECT_GT(e.time, block.time); // the wrapped chain is slower
}

TEST(Parallelism, WavefrontByRowsIsParallel)
{
  const auto p = readProgram("tests/data/pipeline.f");
  const auto e = run(p, 10, "x,y=(BLOCK,*)", "4", {});
  EXPECT_EQ(e.parallelism.kind, "parallel");
  EXPECT_EQ(e.ct, 16.0 * 63 * 4); // 16 rows of 63 columns at 4 s
  EXPECT_EQ(e.tt, 0.0);
}

TEST(Parallelism, NestWithoutRecurrenceKeepsItsNumbers)
{
  // nest 2 of tests/data/pipeline.f reads X and writes Y: no dependence, so
  // the shift of X(I,J-1) is hoisted before the nest and nothing waits
  const auto p = readProgram("tests/data/pipeline.f");
  const auto e = run(p, 14, "x,y=(*,BLOCK)", "4", {});
  EXPECT_EQ(e.parallelism.kind, "parallel");
  EXPECT_EQ(e.ct, 64.0 * 16 * 4); // the busiest processor: 64 rows x 16 columns x 4 operations
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].placement, 0);
  // 3 boundaries, one 64-element column each, exchanged at once: 1 + 0.01 * 512
  EXPECT_NEAR(e.tt, 1 + 0.01 * 512, 1e-12);
  EXPECT_NEAR(e.time, e.ct + e.tt, 1e-12);
}

TEST(Parallelism, TimeLoopDependenceIsAnExchangeNotARecurrence)
{
  // Jacobi's iteration loop carries b -> a -> b across processors, but every
  // processor runs each iteration in step: the shifts placed inside the loop
  // pay for it and the nest stays parallel (found when the IDE's P chart of
  // Jacobi stopped falling with P)
  const auto p = readProgram("sampleprograms/jacobi.hpf");
  const auto one = run(p, 26, "a,b=(BLOCK,BLOCK)", "1", {});
  const auto grid = run(p, 26, "a,b=(BLOCK,BLOCK)", "4x4", {});
  EXPECT_EQ(grid.parallelism.kind, "parallel");
  EXPECT_LT(grid.ct, one.ct / 15);
  EXPECT_GT(grid.tt, 0.0);
}

TEST(Parallelism, DecisionNamesTheRecurrence)
{
  const auto p = readProgram("tests/data/pipeline.f");
  std::string error;
  const auto spec = mapping::parseDistSpec("x,y=(*,BLOCK)", &error);
  const auto mapped = mapping::mappingFromSpec(*spec, p.unit(), {}, *mapping::parseArrangement("4"));
  const auto d = estimate::decideParallelism(p.unit(), *p.unit().loopAtLine(10), *mapped.mapping, {});
  EXPECT_EQ(d.kind, estimate::ParallelismKind::Pipelined);
  ASSERT_TRUE(d.recurrence);
  EXPECT_EQ(d.recurrence->level, 1);
  EXPECT_EQ(d.recurrence->processorsDim, 0);
  EXPECT_TRUE(d.recurrence->exact);
  EXPECT_EQ(d.outerIterations, 64);
  EXPECT_EQ(d.arrays, std::vector<std::string>{"x"});
  // on one processor nothing crosses
  const auto single = mapping::mappingFromSpec(*spec, p.unit(), {}, *mapping::parseArrangement("1"));
  EXPECT_EQ(estimate::decideParallelism(p.unit(), *p.unit().loopAtLine(10), *single.mapping, {}).kind,
            estimate::ParallelismKind::Parallel);
}

TEST(Parallelism, NonAffineRecurrenceIsAssumedWithItsReason)
{
  // a(ix(i)) may be any element written earlier: conservatively serialized
  const auto p = test::build("program t\n  integer :: n, i, ix(64)\n  real :: a(64), b(64)\n  do i = 2, n\n"
                             "    a(i) = a(ix(i)) + b(i)\n  end do\nend program t\n");
  const auto e = run(p, 4, "a,b=(BLOCK)", "4", {{"n", 64}});
  EXPECT_EQ(e.parallelism.kind, "serialized");
  bool found = false;
  for (const auto& n : e.notes)
    found = found || n.find("(assumed: The reference a(ix(i)) is not affine)") != std::string::npos;
  EXPECT_TRUE(found);
}

TEST(Parallelism, RecurrenceThroughAScalarTemporaryIsFound)
{
  // SOR written through a private temporary: UNEW reads u(i-1,j) and
  // u(i,j-1), which the next statement writes, and runs where u(i,j) is.
  // The flow from u(i,j) into UNEW's reads crosses processors as it does in
  // the one-statement sweep: (*,BLOCK) serialized by j (CT the sequential
  // time: every column block after the one before), (BLOCK,*) pipelined
  // along i with the j loop strip-mined.
  const auto p = test::build("program sor\n  integer :: i, j, n\n  double precision :: u(n, n), f(n, n), unew, omega\n"
                             "  do j = 2, n - 1\n    do i = 2, n - 1\n"
                             "      unew = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1)) + f(i, j)\n"
                             "      u(i, j) = u(i, j) + omega * (unew - u(i, j))\n"
                             "    end do\n  end do\nend program sor\n");
  const auto m = paragon();
  const symbolic::Bindings n{{"n", 402}};
  const auto one = run(p, 4, "u,f=(*,BLOCK)", "1", n, m);
  const auto columns = run(p, 4, "u,f=(*,BLOCK)", "4", n, m);
  EXPECT_EQ(columns.parallelism.kind, "serialized");
  EXPECT_EQ(columns.parallelism.variable, "j");
  EXPECT_EQ(columns.parallelism.array, "u");
  EXPECT_NEAR(columns.ct, one.ct, 1e-12 * one.ct); // 4 x 100 columns of 400, one block after another
  const auto rows = run(p, 4, "u,f=(BLOCK,*)", "4", n, m);
  EXPECT_EQ(rows.parallelism.kind, "pipelined");
  EXPECT_EQ(rows.parallelism.variable, "i");
  EXPECT_LT(rows.ct, one.ct / 2);
}

// A time loop around a parallel loop and a recurrence (trial pic.hpf: the
// deposit and push around the field scan): only the scan waits for its
// neighbour; the parallel loop's processors run at once every step. CT is
// the recurrence's schedule plus the parallel loop's busiest processor,
// each as estimated in a program of its own. The whole time loop was
// pipelined, 10 stages: 2.5 times the parallel work on 16 processors,
// growing with P.
TEST(Parallelism, OnlyTheCarryingLoopOfATimeStepWaits)
{
  const auto program = [](bool parallelLoop, bool recurrence) {
    std::string text = "program steps\n  integer, parameter :: n = 1000\n  real :: a(n), b(n)\n  integer :: i, it\n"
                       "  do it = 1, 10\n";
    text += parallelLoop ? "    do i = 1, n\n      a(i) = a(i) * 2.0 + sqrt(a(i))\n    end do\n" : "";
    text += recurrence ? "    do i = 2, n\n      b(i) = b(i - 1) + a(i)\n    end do\n" : "";
    return ps::test::build(text + "  end do\nend program steps\n");
  };
  const auto both = program(true, true), scan = program(false, true), parallel = program(true, false);
  const auto e = ps::test::run(both, 5, "a,b=(BLOCK)", "4", {});
  const auto s = ps::test::run(scan, 5, "a,b=(BLOCK)", "4", {});
  const auto p = ps::test::run(parallel, 5, "a,b=(BLOCK)", "4", {});
  EXPECT_EQ(e.parallelism.kind, "pipelined");
  EXPECT_EQ(s.parallelism.kind, "pipelined");
  EXPECT_NEAR(e.ct, s.ct + p.ct, 1e-9 * e.ct);
  EXPECT_TRUE(std::any_of(e.notes.begin(), e.notes.end(), [](const auto& n) {
    return n.find("the statements outside that loop run in parallel") != std::string::npos;
  }));
}

// A butterfly stage whose step names an unknown (DO J = 1, N, 2*LS): at
// LS = 4 its J iterations touch disjoint blocks of 8, so it is parallel; the
// dependences dropped its bounds and serialized it (CT the sequential 384
// updates per processor times 8).
TEST(Parallelism, AStepThatNamesAnUnknownIsTakenAtItsValue)
{
  const auto p = test::build("subroutine stage(x, n, ls)\n  integer :: n, ls, j, k\n  real :: x(n), t\n"
                             "  do j = 1, n, 2 * ls\n    do k = 0, ls - 1\n      t = x(j + k + ls)\n"
                             "      x(j + k + ls) = x(j + k) - t\n      x(j + k) = x(j + k) + t\n"
                             "    end do\n  end do\nend subroutine stage\n");
  const auto e = run(p, 4, "x=(BLOCK)", "8", {{"n", 1024}, {"ls", 4}});
  EXPECT_EQ(e.parallelism.kind, "parallel");
  EXPECT_EQ(e.nt, 0); // the pairs 8 apart never cross a block of 128
  EXPECT_EQ(e.workMax, 3 * 64.0); // 128 stages of 4 pairs over 8 processors, 3 statements each
}

// Red-black relaxation by a MOD test: the analysis cannot see that one
// colour reads only the other, so U(I,J-1) makes a recurrence on J under
// (*,BLOCK). An INDEPENDENT on the J loop asserts there is none: the nest
// runs in parallel, with a note: CT is the busiest processor's (2 of the 8
// columns), no longer the processors' one after another.
TEST(Parallelism, AnIndependentLoopIsTakenAtItsWord)
{
  const char* text = "      SUBROUTINE RB(U, N, IC)\n      INTEGER N, I, J, IC\n      REAL U(0:N+1,1:N)\n" // 1-3
                     "%s      DO 20 J = 1, N\n        DO 10 I = 1, N\n"                                       // 4-5
                     "          IF (MOD(I+J,2) .EQ. IC) U(I,J) = U(I,J-1) + U(I-1,J)\n"                     // 6
                     "   10   CONTINUE\n   20 CONTINUE\n      END\n";
  const auto program = [&](const char* directive) {
    std::string s(text);
    s.replace(s.find("%s"), 2, directive);
    return test::build(s, "rb.f");
  };
  const symbolic::Bindings values{{"n", 8}, {"ic", 0}};
  const auto asserted = program("!HPF$ INDEPENDENT\n");
  const auto plain = program("");
  const auto parallel = run(asserted, 5, "u=(*,BLOCK)", "4", values);
  const auto serialized = run(plain, 4, "u=(*,BLOCK)", "4", values);
  EXPECT_EQ(parallel.parallelism.kind, "parallel");
  EXPECT_TRUE(test::hasNote(parallel, "The loop at line 5 is INDEPENDENT"));
  EXPECT_NE(serialized.parallelism.kind, "parallel");
  EXPECT_FALSE(test::hasNote(serialized, "INDEPENDENT"));
  EXPECT_LT(parallel.ct, serialized.ct);
}

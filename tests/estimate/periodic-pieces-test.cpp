// Periodic (wrap-around) subscripts, MOD(I,N)+1: read by pieces, one per
// quotient of the MOD (periodic-pieces.h), so a ring's neighbour exchange
// is a shift plus one wrap-around message, not every processor fetching the
// whole array. The counts are checked by hand.
#include "estimate/periodic-pieces.h"
#include "estimate/run-estimate.h"

#include <algorithm>
#include <map>

using namespace ps;

namespace {

// A periodic three-point smoother on a ring of N points (line 5: the nest).
test::Program ring(const char* left = "MOD(I-2+N, N)+1", const char* right = "MOD(I, N)+1")
{
  return test::build(std::string("      SUBROUTINE RING(N, U, V)\n      INTEGER N, I\n      REAL U(N), V(N)\n"
                                 "      DO 10 I = 1, N\n         V(I) = 0.5 * (U(") +
                         left + ") + U(" + right + "))\n   10 CONTINUE\n      END\n",
                     "ring.f");
}

/// test::run with estimate options (fetch once, formulas).
estimate::EstimateResult runWith(const test::Program& p, int loopLine, const std::string& spec, const std::string& procs,
                                 const symbolic::Bindings& values, const estimate::EstimateOptions& options)
{
  std::string error;
  auto mapped = mapping::mappingFromSpec(*mapping::parseDistSpec(spec, &error), p.unit(), values,
                                         *mapping::parseArrangement(procs));
  return estimate::estimateNest(p.unit(), *p.unit().loopAtLine(loopLine), *mapped.mapping, test::unitMachine(), values,
                                options);
}

estimate::EstimateOptions fetchingOnce()
{
  estimate::EstimateOptions once;
  once.fetchIdenticalReadsOnce = true;
  return once;
}

const program::Subscript& subscriptOf(const test::Program& p, std::size_t ref)
{
  return p.unit().statements.at(0).refs.at(ref).subscripts.at(0);
}

} // namespace

TEST(PeriodicSubscript, ModelKeepsTheArgumentModulusAndOffset)
{
  const auto p = ring("MOD(I-2+N, N)+1", "MODULO(I, N) + 1");
  const auto& left = subscriptOf(p, 1);
  ASSERT_EQ(left.kind, program::SubscriptKind::NonAffine);
  ASSERT_TRUE(left.periodic);
  EXPECT_EQ(left.periodic->argument.coefficient("i"), 1);
  EXPECT_EQ(left.periodic->argument.constant.str(), "n - 2");
  EXPECT_EQ(left.periodic->modulus.str(), "n");
  EXPECT_EQ(left.periodic->offset.constant.asInteger(), 1);
  EXPECT_FALSE(left.periodic->floored);
  const auto& right = subscriptOf(p, 2);
  ASSERT_TRUE(right.periodic);
  EXPECT_TRUE(right.periodic->floored);
}

TEST(PeriodicSubscript, OnlyOneAddedModOfAffineArguments)
{
  for (const char* sub : {"2*MOD(I, N)", "MOD(I, N) + MOD(I, 3)", "1 - MOD(I, N)", "MOD(I*I, N)", "MOD(I, I+1)"}) {
    const auto p = ring(sub, "I");
    EXPECT_FALSE(subscriptOf(p, 1).periodic) << sub;
  }
}

TEST(PeriodicPieces, RingUnderBlockIsTwoShiftsAndTwoWrapArounds)
{
  // BLOCK on 4, n = 16: blocks of 4. U(I-1) for I >= 2: processors 1..3 take one element from the left (3);
  // U(N) at I = 1: processor 0 from 3 (1). U(I+1) for I <= N-1: 0..2 from the right (3); U(1) at I = N: 3 from 0 (1).
  const auto e = test::run(ring(), 4, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(e.nt, 8);
  EXPECT_EQ(e.tdBytes, 8 * 4);
  EXPECT_EQ(e.workPerProc, (std::vector<double>{4, 4, 4, 4}));
  EXPECT_TRUE(test::hasNote(e, "'u(mod(i-2+n,n)+1)' at line 5 is fetched piecewise, one piece per quotient of mod(i-2+n, n)"))
      << (e.notes.empty() ? "" : e.notes.front());
  EXPECT_FALSE(test::hasNote(e, "assumed to fetch all"));
  // n = 4096 on 16: the same 32 messages of one element
  const auto big = test::run(ring(), 4, "u,v=(BLOCK)", "16", {{"n", 4096}});
  EXPECT_EQ(big.nt, 32);
  EXPECT_EQ(big.tdBytes, 32 * 4);
}

TEST(PeriodicPieces, RingUnderCyclicSendsTheWrapAroundApart)
{
  // CYCLIC on 4, n = 16: U(I-1), I = 2..16, comes from the left neighbour of every processor (4 messages,
  // 15 elements), U(16) at I = 1 from processor 3 to 0 again, apart (1); U(I+1), I = 1..15, from the
  // right neighbour (4, 15 elements), U(1) at I = 16 from 0 to 3 (1).
  const auto e = test::run(ring(), 4, "u,v=(CYCLIC)", "4", {{"n", 16}});
  EXPECT_EQ(e.nt, 10);
  EXPECT_EQ(e.tdBytes, 32 * 4);
}

TEST(PeriodicPieces, ModuloRoundsDownAsTheModOfAShiftedArgument)
{
  // MODULO(I-2, N) is -1 -> N-1 at I = 1: the same reads as MOD(I-2+N, N)
  const auto a = test::run(ring("MODULO(I-2, N)+1"), 4, "u,v=(BLOCK)", "4", {{"n", 16}});
  const auto b = test::run(ring(), 4, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(a.nt, b.nt);
  EXPECT_EQ(a.tdBytes, b.tdBytes);
  EXPECT_EQ(a.nt, 8);
}

TEST(PeriodicPieces, AnArgumentOverManyPeriodsKeepsTheWholeArrayFetch)
{
  // MOD(I, 4) for I = 1..N wraps N/4 times: pieces for quotients up to 4 (N < 20), the whole array beyond
  const auto e = test::run(ring("MOD(I, 4)+1", "I"), 4, "u,v=(BLOCK)", "4", {{"n", 64}});
  EXPECT_TRUE(test::hasNote(e, "'u(mod(i,4)+1)' at line 5: its MOD's argument may leave the quotients counted at these "
                               "values; assumed to fetch all of 'u'"));
  EXPECT_EQ(e.nt, 12);
  // n = 16, BLOCK on 4: U(1..4) on processor 0, read in pieces of 4 iterations: 1..3 take U(2..4) from 0
  // (one message each, quotients 1, 2, 3) and U(1) at the next 4*t (I = 8, 12, 16): 6 messages, 12 elements
  const auto few = test::run(ring("MOD(I, 4)+1", "I"), 4, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(few.nt, 6);
  EXPECT_EQ(few.tdBytes, 12 * 4);
}

TEST(PeriodicPieces, ATwoDimensionalTorusUnderBlockBlock)
{
  // n = 8 on 2x2: blocks of 4x4. U(MOD(I,N)+1, J): the upper row of blocks takes row 5 from the lower one
  // (2 messages of 4), the lower takes row 1 at I = 8 (2 of 4). U(I, MOD(J-2+N,N)+1): the right column of
  // blocks takes column 4 (2 of 4), the left one column 8 at J = 1 (2 of 4): 8 messages of 4 elements.
  const auto p = test::build("      SUBROUTINE TORUS(N, U, V)\n      INTEGER N, I, J\n      REAL U(N,N), V(N,N)\n"
                             "      DO 20 J = 1, N\n      DO 10 I = 1, N\n"
                             "         V(I,J) = U(MOD(I,N)+1, J) + U(I, MOD(J-2+N,N)+1)\n"
                             "   10 CONTINUE\n   20 CONTINUE\n      END\n",
                             "torus.f");
  const auto e = test::run(p, 4, "u,v=(BLOCK,BLOCK)", "2x2", {{"n", 8}});
  EXPECT_EQ(e.nt, 8);
  EXPECT_EQ(e.tdBytes, 8 * 4 * 4);
  EXPECT_EQ(e.workPerProc, (std::vector<double>{16, 16, 16, 16}));
}

TEST(PeriodicPieces, AReadTwiceInAStatementIsFetchedOnce)
{
  // BLOCK on 4, n = 16: U(I+1) from the right for 0..2 (3), U(1) at I = 16 from 0 to 3 (1)
  const auto e = test::run(ring("MOD(I, N)+1", "MOD(I, N)+1"), 4, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(e.nt, 4);
  EXPECT_EQ(e.tdBytes, 4 * 4);
}

TEST(PeriodicPieces, AnInPlaceSweepFetchesEachPieceWhereItsDependenceSays)
{
  // U(I) = (U(I-1) + U(I+1))/2 on a ring, in place: U(N) at I = 1 and U(I+1) are read before they are
  // written (hoisted before the nest), U(I-1) and U(1) at I = N after (inside the loop over I)
  const auto p = test::build("      SUBROUTINE GSRING(N, U)\n      INTEGER N, I\n      REAL U(N)\n"
                             "      DO 10 I = 1, N\n        U(I) = 0.5 * (U(MOD(I-2+N, N)+1) + U(MOD(I, N)+1))\n"
                             "   10 CONTINUE\n      END\n",
                             "gsring.f");
  const auto e = test::run(p, 4, "u=(BLOCK)", "4", {{"n", 16}});
  const std::map<std::string, int> placement = {{"u(mod(i-2+n,n)+1) as u(i + n - 1)", 0},
                                                {"u(mod(i-2+n,n)+1) as u(i - 1)", 1},
                                                {"u(mod(i,n)+1) as u(i + 1)", 0},
                                                {"u(mod(i,n)+1) as u(i - n + 1)", 1}};
  ASSERT_EQ(e.comm.records.size(), placement.size());
  for (const auto& r : e.comm.records) {
    ASSERT_TRUE(placement.count(r.reference)) << r.reference;
    EXPECT_EQ(r.placement, placement.at(r.reference)) << r.reference;
  }
  EXPECT_EQ(e.nt, 8);
}

TEST(PeriodicPieces, AScalarsStatementKeepsTheWholeArrayFetch)
{
  // S = S + U(MOD(I,N)+1): a reduction's executors are its operand's owners, not a written element's
  const auto p = test::build("      SUBROUTINE RSUM(N, U, S)\n      INTEGER N, I\n      REAL U(N), S\n"
                             "      DO 10 I = 1, N\n        S = S + U(MOD(I, N)+1)\n   10 CONTINUE\n      END\n",
                             "rsum.f");
  const auto e = test::run(p, 4, "u=(BLOCK)", "4", {{"n", 16}});
  EXPECT_FALSE(test::hasNote(e, "pieces"));
  EXPECT_TRUE(test::hasNote(e, "is not affine"));
}

TEST(PeriodicPieces, ANeighbourThreeAwayWrapsToo)
{
  // MOD(I+2, N) for I = 1..N has quotients 0..3 for N >= 1, 0 and 1 at N = 16. BLOCK on 4: U(I+3) for
  // I <= 13 takes 3 elements from the right on 0..2 (3 messages), U(1..3) for I = 14..16 goes from 0 to 3 (1).
  const auto e = test::run(ring("MOD(I+2, N)+1", "I"), 4, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(e.nt, 4);
  EXPECT_EQ(e.tdBytes, 12 * 4);
  const auto m = test::run(ring("MODULO(I-4, N)+1", "I"), 4, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(m.nt, 4); // U(I-3) for I >= 4 on 1..3, U(14..16) for I = 1..3 from 3 to 0
  EXPECT_EQ(m.tdBytes, 12 * 4);
  EXPECT_TRUE(test::hasNote(m, "one piece per quotient of modulo(i-4, n)"));
}

TEST(PeriodicPieces, PiecesThatDoNotFoldFallBackToTheWholeArray)
{
  // the wrap point moves with the time step: I + IT - 2 >= N folds into I's bounds only while IT <= N + 1
  const auto rotating = [](int niter) {
    return test::build("      SUBROUTINE ROT(U, V)\n      INTEGER N, NITER, I, IT\n      PARAMETER (N = 16, NITER = " +
                           std::to_string(niter) +
                           ")\n      REAL U(N), V(N)\n      DO 20 IT = 1, NITER\n      DO 10 I = 1, N\n"
                           "        V(I) = V(I) + U(MOD(I+IT-2, N)+1)\n   10 CONTINUE\n   20 CONTINUE\n      END\n",
                       "rot.f");
  };
  const auto folds = test::run(rotating(2), 5, "u,v=(BLOCK)", "4", {});
  // IT = 1 reads U(I), local; IT = 2 U(I+1) for I <= 15 on 0..2 and U(1) at I = 16 from 0 to 3 (4 messages)
  EXPECT_EQ(folds.nt, 4);
  EXPECT_EQ(folds.tdBytes, 4 * 4);
  const auto whole = test::run(rotating(33), 5, "u,v=(BLOCK)", "4", {});
  EXPECT_TRUE(test::hasNote(whole, "do not fold into the loop bounds here; assumed to fetch all of 'u'"));
  for (const auto& r : whole.comm.records)
    EXPECT_EQ(r.reference.find(" as "), std::string::npos) << r.reference;
  EXPECT_EQ(whole.nt, 12); // every processor fetches the other three blocks, once
}

TEST(PeriodicPieces, AGuardedReadHasNoFormulaOfTheUnguardedLoops)
{
  // the formulas follow the loops as written: a piece's (or an IF's) cut loop would get those of the whole range
  estimate::EstimateOptions options;
  options.formulas = true;
  const auto e = runWith(ring(), 4, "u,v=(BLOCK)", "4", {{"n", 17}}, options);
  ASSERT_TRUE(e.estimate);
  ASSERT_EQ(e.estimate->comm.records.size(), 4u);
  for (const auto& r : e.estimate->comm.records) {
    EXPECT_EQ(r.formula, nullptr) << r.reference;
    EXPECT_NE(r.formulaWhy.find("cut the loops"), std::string::npos) << r.formulaWhy;
  }
}

TEST(PeriodicPieces, AModThatNeverWrapsIsOneAffineRead)
{
  // I = 2..N-1: MOD(I, N) is I throughout, U(I+1) a shift: 0..2 take one element from the right
  const auto p = test::build("      SUBROUTINE INNER(N, U, V)\n      INTEGER N, I\n      REAL U(N), V(N)\n"
                             "      DO 10 I = 2, N-1\n        V(I) = U(MOD(I, N)+1)\n   10 CONTINUE\n      END\n",
                             "inner.f");
  const auto e = test::run(p, 4, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(e.nt, 3);
  EXPECT_EQ(e.tdBytes, 3 * 4);
  EXPECT_TRUE(test::hasNote(e, "'u(mod(i,n)+1)' at line 5: mod(i, n) does not wrap around in these loops"));
}

TEST(PeriodicPieces, ANeighbourIndexKeptInAScalarIsItsMod)
{
  // IP = MOD(I,N)+1 and IM = MOD(I-2+N,N)+1 set in the body, then U(IM), U(IP): the ring's 8 messages
  const auto body = [](const std::string& between) {
    return test::build("      SUBROUTINE SM(N, U, V)\n      INTEGER N, I, IP, IM\n      REAL U(N), V(N)\n"
                       "      DO 10 I = 1, N\n        IP = MOD(I, N) + 1\n        IM = MOD(I-2+N, N) + 1\n" +
                           between + "        V(I) = 0.5*(U(IM) + U(IP))\n   10 CONTINUE\n      END\n",
                       "sm.f");
  };
  const auto e = test::run(body(""), 4, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(e.nt, 8);
  EXPECT_EQ(e.tdBytes, 8 * 4);
  EXPECT_TRUE(test::hasNote(e, "'u(ip)' at line 7 is fetched piecewise, one piece per quotient of mod(i, n)"));
  // a new value of IP before the use: no longer the MOD (IM still is)
  const auto changed = body("        IP = IP + 1\n");
  const auto& refs = changed.unit().statements.at(3).refs;
  ASSERT_EQ(refs.size(), 3u);
  EXPECT_TRUE(refs[1].subscripts[0].periodic);  // u(im)
  EXPECT_FALSE(refs[2].subscripts[0].periodic); // u(ip)
  // set in a branch, read after it: not known to be the MOD
  const auto branch = test::build("      SUBROUTINE SB(N, U, V)\n      INTEGER N, I, IP\n      REAL U(N), V(N)\n"
                                  "      DO 10 I = 1, N\n        IP = I\n        IF (I .EQ. N) THEN\n"
                                  "          IP = MOD(I, N) + 1\n        END IF\n        V(I) = U(IP)\n"
                                  "   10 CONTINUE\n      END\n",
                                  "sb.f");
  const auto& last = branch.unit().statements.back();
  ASSERT_EQ(last.refs.size(), 2u);
  EXPECT_FALSE(last.refs[1].subscripts[0].periodic);
}

namespace {

// V = <rhs> over the whole of V (line 6), U and V of n elements (or n x n with `rank` 2)
test::Program shifted(const std::string& rhs, int rank = 1)
{
  const std::string shape = rank == 1 ? "(n)" : "(n, n)";
  return test::build("subroutine sh(n, u, v)\n  integer :: n\n  real :: u" + shape + ", v" + shape +
                         "\n  integer :: k\n  k = 1\n  v = " + rhs + "\nend subroutine\n",
                     "sh.f90");
}

} // namespace

TEST(ShiftIntrinsics, CshiftIsTheRingsPeriodicRead)
{
  // V = (CSHIFT(U,-1) + CSHIFT(U,1))/2 is the ring: 8 messages under BLOCK on 4, 10 under CYCLIC
  const auto p = shifted("0.5 * (cshift(u, -1) + cshift(u, 1))");
  const auto& st = p.unit().statements.at(1);
  EXPECT_FALSE(st.wholeArray);
  ASSERT_EQ(st.refs.size(), 3u);
  EXPECT_EQ(st.refs[1].text(), "u(cshift(:,-1))");
  ASSERT_TRUE(st.refs[1].subscripts[0].periodic);
  EXPECT_TRUE(st.refs[1].subscripts[0].periodic->floored);
  const auto* loop = p.unit().loopAtLine(6);
  ASSERT_NE(loop, nullptr);
  const auto block = test::run(p, 6, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(block.nt, 8);
  EXPECT_EQ(block.tdBytes, 8 * 4);
  EXPECT_EQ(block.workPerProc, (std::vector<double>{4, 4, 4, 4}));
  const auto cyclic = test::run(p, 6, "u,v=(CYCLIC)", "4", {{"n", 16}});
  EXPECT_EQ(cyclic.nt, 10);
  EXPECT_EQ(cyclic.tdBytes, 32 * 4);
  // by keyword, in another order; a shift held in a scalar of known value
  const auto keywords = test::run(shifted("cshift(u, dim=1, shift=1)"), 6, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(keywords.nt, 4); // U(I+1) on 0..2 and U(1) at I = 16 from 0 to 3
  const auto scalar = test::run(shifted("cshift(u, k)"), 6, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(scalar.nt, 4);
}

TEST(ShiftIntrinsics, CshiftAlongEachDimensionOfAGrid)
{
  // n = 8 on 2x2 (blocks of 4x4): CSHIFT(U,1,2) takes column 5 to the left blocks and column 1 to the right
  // ones (4 messages of 4), CSHIFT(U,-1,1) row 4 down and row 8 up (4 of 4)
  const auto p = shifted("cshift(u, 1, 2) + cshift(u, shift=-1, dim=1)", 2);
  const auto e = test::run(p, 6, "u,v=(BLOCK,BLOCK)", "2x2", {{"n", 8}});
  EXPECT_EQ(e.nt, 8);
  EXPECT_EQ(e.tdBytes, 8 * 4 * 4);
  EXPECT_EQ(e.workPerProc, (std::vector<double>{16, 16, 16, 16}));
}

TEST(ShiftIntrinsics, EoshiftReadsOnlyInsideTheArray)
{
  // EOSHIFT(U, 1): U(I+1) for I <= 15 (0..2 from the right), the boundary at I = 16: 3 messages
  const auto e = test::run(shifted("eoshift(u, 1)"), 6, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(e.nt, 3);
  EXPECT_EQ(e.tdBytes, 3 * 4);
  EXPECT_TRUE(test::hasNote(e, "is fetched where the shift stays inside the array"));
  const auto boundary = test::run(shifted("eoshift(u, -2, 0.0)"), 6, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(boundary.nt, 3); // U(I-2) for I >= 3: 1..3 take two elements from the left
  EXPECT_EQ(boundary.tdBytes, 6 * 4);
}

TEST(ShiftIntrinsics, AWholeArrayCopyStaysAWholeArrayStatement)
{
  const auto p = shifted("u");
  EXPECT_TRUE(p.unit().statements.at(1).wholeArray);
  EXPECT_EQ(p.unit().loopAtLine(6), nullptr);
}

// The pieces are copies of their statement, seen by the estimate alone: what the other statements of
// the nest do (who reads a scalar, which statement uses a temporary) is asked of the statements (a review).
TEST(PeriodicPieces, OtherStatementsDoNotSeeThePieces)
{
  // S, summed over a column, is sent once to V(J)'s owners, not once per piece of U(MOD(J,N)+1)
  const auto sum = test::build("      SUBROUTINE SRED(N, A, U, V)\n      INTEGER N, I, J\n      REAL A(N,N), U(N), V(N), S\n"
                               "      DO 20 J = 1, N\n        S = 0.0\n        DO 10 I = 1, N\n          S = S + A(I,J)\n"
                               "   10   CONTINUE\n        V(J) = S + U(MOD(J,N)+1)\n   20 CONTINUE\n      END\n",
                               "sred.f");
  const auto e = test::run(sum, 4, "a=(*,BLOCK); u,v=(CYCLIC)", "4", {{"n", 16}});
  EXPECT_EQ(std::count_if(e.comm.records.begin(), e.comm.records.end(), [](const auto& r) { return r.reference == "s"; }),
            1);
  // F = A(1,J)*2 is a temporary of B(I,J)'s owners, who hold A(1,J): no broadcast
  const auto temp = test::build("      SUBROUTINE TEMP(N, A, B, U)\n      INTEGER N, I, J\n      REAL A(N,N), B(N,N), U(N,N), F\n"
                                "      DO 20 J = 1, N\n        F = A(1,J) * 2.0\n        DO 10 I = 1, N\n"
                                "          B(I,J) = B(I,J) + F * U(MOD(I,N)+1, J)\n   10   CONTINUE\n   20 CONTINUE\n"
                                "      END\n",
                                "temp.f");
  const auto t = test::run(temp, 4, "a,b,u=(*,BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(t.nt, 0);
  EXPECT_TRUE(test::hasNote(t, "Scalar temporary 'f'"));
}

TEST(PeriodicPieces, WhereThePiecesDoNotApplyTheReadIsFetchedWhole)
{
  // a sum into a replicated array runs where its operand is, which the pieces are not
  const auto sum = test::build("      SUBROUTINE HRED(N, U, H)\n      INTEGER N, I, J\n      REAL U(N), H(N)\n"
                               "      DO 20 J = 1, N\n      DO 10 I = 1, N\n        H(J) = H(J) + U(MOD(I+J-2, N)+1)\n"
                               "   10 CONTINUE\n   20 CONTINUE\n      END\n",
                               "hred.f");
  const auto h = test::run(sum, 4, "u=(BLOCK)", "4", {{"n", 16}});
  EXPECT_TRUE(test::hasNote(h, "its statement does not run where it writes"));
  // the quotients were proven for unknowns of at least 1: L = -4 takes MODULO(I, N) below 0
  const auto negative = test::build("      SUBROUTINE NEG(N, L, U, V)\n      INTEGER N, L, I\n"
                                    "      REAL U(0:N-1), V(L:N-1)\n      DO 10 I = L, N-1\n"
                                    "         V(I) = U(MODULO(I, N))\n   10 CONTINUE\n      END\n",
                                    "neg.f");
  EXPECT_TRUE(test::hasNote(test::run(negative, 4, "u,v=(BLOCK)", "4", {{"n", 16}, {"l", -4}}),
                            "may leave the quotients counted at these values"));
  const auto positive = test::run(negative, 4, "u,v=(BLOCK)", "4", {{"n", 16}, {"l", 1}});
  EXPECT_FALSE(test::hasNote(positive, "assumed to fetch all"));
}

TEST(PeriodicPieces, FetchOnceLeavesThePiecesApart)
{
  // a piece of U(MOD(I+3,N)+1), U(I+4) for I <= 12, is not the plain U(I+4) over I = 1..16 of the next statement
  const auto p = test::build("      SUBROUTINE FO(N, U, V, W)\n      INTEGER N, I\n      REAL U(N+8), V(N), W(N)\n"
                             "      DO 10 I = 1, N\n         V(I) = U(MOD(I+3, N)+1)\n         W(I) = U(I+4)\n"
                             "   10 CONTINUE\n      END\n",
                             "fo.f");
  const auto e = runWith(p, 4, "u,v,w=(BLOCK)", "4", {{"n", 16}}, fetchingOnce());
  ASSERT_TRUE(e.estimate);
  EXPECT_TRUE(std::any_of(e.estimate->comm.records.begin(), e.estimate->comm.records.end(),
                          [](const auto& r) { return r.reference == "u(i+4)" && r.line == 6; }));
}

TEST(PeriodicPieces, TheCacheModelCountsTheBulkOfEachRead)
{
  // the ring's cache lines are those of the stencil U(I-1) + U(I+1) over the same loop (the bulk pieces):
  // one wrap-around element is no class of lines of its own (U(0) and U(N+1) out of bounds: the same lines)
  const auto plain = test::build("      SUBROUTINE LINE(N, U, V)\n      INTEGER N, I\n      REAL U(N), V(N)\n"
                                 "      DO 10 I = 1, N\n         V(I) = 0.5 * (U(I-1) + U(I+1))\n   10 CONTINUE\n      END\n",
                                 "line.f");
  for (const char* spec : {"u,v=(BLOCK)", "u,v=(CYCLIC)"}) {
    const auto e = test::run(ring(), 4, spec, "4", {{"n", 4096}});
    const auto o = test::run(plain, 4, spec, "4", {{"n", 4096}});
    EXPECT_GT(e.cm, 0);
    EXPECT_DOUBLE_EQ(e.cm, o.cm) << spec;
    EXPECT_FALSE(test::hasNote(e, "not counted in CM"));
  }
}

TEST(ShiftIntrinsics, WhatANewUserTried)
{
  // a shift held in a dummy, given with --set: the quotients are decided at the values. K = 2, BLOCK on 4:
  // U(I+2) for I <= 14 on 0..2 (3 messages, 6 elements), U(1..2) at I = 15, 16 from 0 to 3 (1, 2)
  const auto k = test::build("subroutine sk(n, k, u, v)\n  integer :: n, k\n  real :: u(n), v(n)\n"
                             "  v = cshift(u, k)\nend subroutine\n",
                             "sk.f90");
  const auto byK = test::run(k, 4, "u,v=(BLOCK)", "4", {{"n", 16}, {"k", 2}});
  EXPECT_EQ(byK.nt, 4);
  EXPECT_EQ(byK.tdBytes, 8 * 4);
  // ARRAY= by keyword anywhere
  const auto anywhere = test::run(shifted("cshift(shift=1, dim=1, array=u)"), 6, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(anywhere.nt, 4);
  // EOSHIFT's BOUNDARY read from the array is fetched: U(1) from 0 to V(16)'s owner, 3
  const auto boundary = test::run(shifted("eoshift(u, 1, boundary=u(1))"), 6, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(boundary.nt, 3 + 3); // the shift's 3, and U(1) to 1..3 (every owner of V evaluates it)
  // the same shift twice in a statement: one read, counted in CM
  const auto twice = test::run(shifted("cshift(u, 1) + cshift(u, 1)"), 6, "u,v=(BLOCK)", "4", {{"n", 16}});
  EXPECT_EQ(twice.nt, 4);
  EXPECT_FALSE(test::hasNote(twice, "not counted in CM"));
}

TEST(ShiftIntrinsics, FetchOnceFetchesTheSamePieceOnce)
{
  // two statements of a time step read CSHIFT(U, 1): the same pieces, fetched once with --fetch-once
  const auto p = test::build("subroutine two(n, u, v, w)\n  integer :: n, it\n  real :: u(n), v(n), w(n)\n"
                             "  do it = 1, 2\n    v = cshift(u, 1)\n    w = 2.0 * cshift(u, 1)\n    u = v + w\n"
                             "  end do\nend subroutine\n",
                             "two.f90");
  const auto twice = runWith(p, 4, "u,v,w=(BLOCK)", "4", {{"n", 16}}, {});
  const auto e = runWith(p, 4, "u,v,w=(BLOCK)", "4", {{"n", 16}}, fetchingOnce());
  ASSERT_TRUE(twice.estimate && e.estimate);
  EXPECT_EQ(twice.estimate->nt, 2 * 2 * 4); // two steps, two statements, 3 + 1 messages each
  EXPECT_EQ(e.estimate->nt, 2 * 4);
}

TEST(ShiftIntrinsics, ADimOutsideTheRankIsAnError)
{
  const auto said = [](const test::Program& p) {
    std::vector<std::string> out;
    for (const auto& d : p.model.diagnostics)
      out.push_back(d.message());
    return out;
  };
  const auto m = said(shifted("cshift(u, 1, 2)"));
  ASSERT_EQ(m.size(), 1u);
  EXPECT_NE(m[0].find("DIM=2 of CSHIFT is outside 1..1, the rank of 'u'"), std::string::npos) << m[0];
  const auto r = said(test::build("subroutine rk(n, u, v)\n  integer :: n\n  real :: u(n, n), v(n)\n"
                                  "  v = cshift(u, 1)\nend subroutine\n",
                                  "rk.f90"));
  ASSERT_EQ(r.size(), 1u);
  EXPECT_NE(r[0].find("CSHIFT of 'u' has rank 2 and the assigned array rank 1: they are not conformable"),
            std::string::npos)
      << r[0];
}

TEST(ShiftIntrinsics, AShiftOfAShiftIsADiagonalNeighbour)
{
  // Life's NE neighbour CSHIFT(CSHIFT(U,1,1),1,2) = U(I+1, J+1), both wrapping on the torus.
  const auto p = shifted("cshift(cshift(u, 1, 1), 1, 2)", 2);
  const auto& st = p.unit().statements.at(1);
  ASSERT_EQ(st.refs.size(), 2u);
  EXPECT_EQ(st.refs[1].text(), "u(cshift(:,1),cshift(:,1))");
  EXPECT_TRUE(st.refs[1].subscripts[0].periodic && st.refs[1].subscripts[1].periodic);
  const auto e = test::run(p, 6, "u,v=(BLOCK,BLOCK)", "2x2", {{"n", 8}});
  // n = 8 on 2x2 (blocks of 4x4): a block reads its own square moved by (1,1), so the next block row's first
  // row (4 elements, the corner among them) and the next block column's first column (3 more): 7 per block
  EXPECT_EQ(e.tdBytes, 4 * 7 * 4);
  EXPECT_FALSE(test::hasNote(e, "assumed to fetch all"));
}

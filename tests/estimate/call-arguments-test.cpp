// What a CALL does with its array arguments: a callee that assigns its dummy
// writes the caller's array at the CALL (a time loop that calls an update
// routine fetches its neighbours every step, not once before the loop), and
// a dummy takes the mapping of what is associated with it: a whole array
// paired by position whatever its lower bound, a section or an element by
// its subscripts (LINPACK's CALL SAXPY(..., A(K+1,J), 1)). Counts by hand.
#include "estimate/run-estimate.h"
#include "estimate/mapping-assumptions.h"
#include "estimate/unit-estimator.h"
#include "mapping/mapping-builder.h"
#include "program/call-effects.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using namespace ps;

const program::Unit& unitNamed(const test::Program& p, const std::string& name)
{
  const auto* u = p.model.procedure(name);
  for (const auto& unit : p.model.units)
    if (unit.name == name)
      u = &unit;
  EXPECT_NE(u, nullptr) << name;
  return u ? *u : p.unit();
}

const program::Statement& callOn(const program::Unit& unit, int line)
{
  const auto it = std::find_if(unit.statements.begin(), unit.statements.end(), [&](const program::Statement& s) {
    return s.line == line && s.kind == program::StatementKind::Call;
  });
  EXPECT_NE(it, unit.statements.end()) << "no CALL on line " << line;
  return *it;
}

estimate::Estimate programEstimate(const test::Program& p, const std::string& name)
{
  const auto r = estimate::estimateUnit(p.model, unitNamed(p, name), std::nullopt, std::nullopt, test::unitMachine(), {});
  EXPECT_TRUE(r.estimate) << (r.errors.empty() ? "" : r.errors[0]);
  return r.estimate.value_or(estimate::Estimate{});
}

} // namespace

TEST(CallEffects, ADummyIsWrittenWhereItsCalleeAssignsIt)
{
  const auto p = test::build("      PROGRAM M\n      REAL A(8)\n      INTEGER N\n      N = 8\n"  // 1-4
                             "      CALL UPD(A, N)\n      CALL SHOW(A, N)\n"                          // 5-6
                             "      CALL PASS(A, N)\n      CALL EXT(A, N)\n      END\n"               // 7-9
                             "      SUBROUTINE UPD(X, M)\n      INTEGER M\n      REAL X(M)\n"
                             "      DO 10 I = 1, M\n   10 X(I) = X(I) + 1.0\n      END\n"
                             "      SUBROUTINE SHOW(X, M)\n      INTEGER M\n      REAL X(M)\n"
                             "      PRINT *, X(1), M\n      END\n"
                             "      SUBROUTINE PASS(X, M)\n      INTEGER M\n      REAL X(M)\n"
                             "      CALL UPD(X, M)\n      END\n",
                             "effects.f");
  const auto& main = unitNamed(p, "m");
  const auto written = [&](int line, std::size_t arg) { return callOn(main, line).arguments.at(arg).written; };
  EXPECT_TRUE(written(5, 0));  // UPD assigns X(I)
  EXPECT_FALSE(written(5, 1)); // and only reads M
  EXPECT_FALSE(written(6, 0)); // SHOW prints X
  EXPECT_TRUE(written(7, 0));  // PASS passes X on to UPD
  EXPECT_TRUE(written(8, 0));  // EXT is not in the file: it may
}

TEST(CallArguments, AnUpdateCalledInATimeLoopKeepsTheExchangeInside)
{
  // 5 steps of V(I) = (U(I-1) + U(I+1))/2 on 16 points in 4 blocks, then CALL COPY(V, U): U changes every
  // step, so both neighbours cross the 3 block boundaries each step: 2 x 3 x 5 = 30 messages of 4 bytes
  // (before, the CALL's write was unseen and the exchange was hoisted before the time loop: 6)
  const auto p = test::build("      PROGRAM H\n      INTEGER N\n      PARAMETER (N = 16)\n      REAL U(N), V(N)\n"
                             "CHPF$ PROCESSORS PR(4)\nCHPF$ DISTRIBUTE (BLOCK) ONTO PR :: U, V\n"
                             "      DO 100 IT = 1, 5\n        DO 10 I = 2, N-1\n"  // 7-8
                             "          V(I) = 0.5*(U(I-1) + U(I+1))\n   10   CONTINUE\n"
                             "        CALL COPY(V, U, N)\n  100 CONTINUE\n      END\n"
                             "      SUBROUTINE COPY(X, Y, M)\n      INTEGER M\n      REAL X(M), Y(M)\n"
                             "      DO 40 I = 2, M-1\n        Y(I) = X(I)\n   40 CONTINUE\n      END\n",
                             "hoist.f");
  const auto e = programEstimate(p, "h");
  const auto loop = std::find_if(e.parts.begin(), e.parts.end(), [](const auto& part) { return part.line == 7; });
  ASSERT_NE(loop, e.parts.end());
  EXPECT_EQ(loop->nt, 30);
  EXPECT_EQ(loop->tdBytes, 30 * 4);
}

TEST(CallArguments, AnElementOrASectionLendsItsColumnsMapping)
{
  // DO J: CALL SCAN(A(1,J), N), a running sum down column J, under (BLOCK,*) on 4: each call runs
  // I = 2..16 over 4 row blocks, X(I-1) crossing 3 boundaries: 3 messages per call, 48 for the 16 calls;
  // work per call 3, 4, 4, 4 (before, X was replicated: no message, every processor all of it)
  for (const char* actual : {"A(1,J)", "A(:,J)"}) {
    const auto p = test::build(std::string("      PROGRAM S\n      INTEGER N\n      PARAMETER (N = 16)\n      REAL A(N,N)\n"
                                           "CHPF$ PROCESSORS PR(4)\nCHPF$ DISTRIBUTE A(BLOCK,*) ONTO PR\n"
                                           "      DO 20 J = 1, N\n        CALL SCAN(") +
                                 actual + ", N)\n   20 CONTINUE\n      END\n"
                                          "      SUBROUTINE SCAN(X, M)\n      INTEGER M\n      REAL X(M)\n"
                                          "      DO 10 I = 2, M\n        X(I) = X(I) + X(I-1)\n   10 CONTINUE\n      END\n",
                               "scan.f");
    const auto e = programEstimate(p, "s");
    EXPECT_EQ(e.nt, 48) << actual;
    EXPECT_EQ(e.tdBytes, 48 * 4) << actual;
    ASSERT_EQ(e.workPerProc.size(), 4u);
    EXPECT_DOUBLE_EQ(e.workPerProc[0] * 4, e.workPerProc[1] * 3) << actual;
    EXPECT_DOUBLE_EQ(e.workPerProc[1], e.workPerProc[3]) << actual;
  }
}

TEST(CallArguments, ADummysLowerBoundPairsByPosition)
{
  // X(4:M+3) of A(16): X(I) is A(I-3), so X(I) = Y(I-3) is A(I-3) = B(I-3), aligned: no message and
  // 4 elements on each of 4 blocks (by index, X(I) was A(I)'s: 3 messages, work 1, 4, 4, 7)
  const auto shifted = [](const char* bounds, const char* loop, const char* body) {
    return test::build(std::string("      PROGRAM L\n      INTEGER N\n      PARAMETER (N = 16)\n      REAL A(N), B(N)\n"
                                   "CHPF$ PROCESSORS PR(4)\nCHPF$ DISTRIBUTE (BLOCK) ONTO PR :: A, B\n"
                                   "      CALL SM(A, B, N)\n      END\n      SUBROUTINE SM(X, Y, M)\n      INTEGER M\n"
                                   "      REAL X(") +
                         bounds + "), Y(M)\n      DO 10 I = " + loop + "\n        " + body +
                         "\n   10 CONTINUE\n      END\n",
                       "lb.f");
  };
  const auto aligned = programEstimate(shifted("4:M+3", "4, M+3", "X(I) = Y(I-3)"), "l");
  EXPECT_EQ(aligned.nt, 0);
  EXPECT_EQ(aligned.workPerProc, (std::vector<double>(4, aligned.workPerProc[0])));
  // X(0:M-1): X(I) is A(I+1), so X(I) = Y(I), I = 1..15, is A(I+1) = B(I): one element across each
  // boundary (I = 4, 8, 12) and A(2..16) owned 3, 4, 4, 4
  const auto shifted1 = programEstimate(shifted("0:M-1", "1, M-1", "X(I) = Y(I)"), "l");
  EXPECT_EQ(shifted1.nt, 3);
  EXPECT_EQ(shifted1.tdBytes, 12);
  ASSERT_EQ(shifted1.workPerProc.size(), 4u);
  EXPECT_DOUBLE_EQ(shifted1.workPerProc[0] * 4, shifted1.workPerProc[1] * 3);
}

TEST(LoopsByParts, ARedistributeInsideALoopMapsTheNestsAfterIt)
{
  // DO IT: REDISTRIBUTE X(BLOCK,*), then X(I,J) = X(I,J-1): under (BLOCK,*) each row is one
  // processor's, no message and 60 of the 15 x 16 updates on each of 4, every trip; the unit took the
  // mapping at the DO, (*,BLOCK), and found a pipelined recurrence with 3 messages per trip
  const auto p = test::build("      PROGRAM RIL\n      REAL*8 X(16,16)\n      INTEGER I, J, IT\n"
                             "CHPF$ PROCESSORS P(4)\nCHPF$ DYNAMIC X\nCHPF$ DISTRIBUTE X(*,BLOCK) ONTO P\n"
                             "      DO 100 IT = 1, 5\nCHPF$    REDISTRIBUTE X(BLOCK,*) ONTO P\n"
                             "         DO 20 J = 2, 16\n            DO 20 I = 1, 16\n"
                             "               X(I,J) = X(I,J-1)\n   20    CONTINUE\n  100 CONTINUE\n      END\n",
                             "ril.f");
  const auto e = programEstimate(p, "ril");
  EXPECT_EQ(e.nt, 0);
  ASSERT_EQ(e.workPerProc.size(), 4u);
  EXPECT_EQ(e.workPerProc, std::vector<double>(4, e.workPerProc[0]));
  const auto inner = std::find_if(e.parts.begin(), e.parts.end(), [](const auto& part) { return part.line == 9; });
  ASSERT_NE(inner, e.parts.end());
  EXPECT_DOUBLE_EQ(inner->frequency, 5);
  EXPECT_TRUE(test::hasNote(e, "has a REDISTRIBUTE or REALIGN in its body"));
  // the loop selected alone has one mapping, the one at its DO: its estimate says so
  const auto& unit = unitNamed(p, "ril");
  const auto m = mapping::mappingFromDirectives(unit, {}, std::nullopt, 7);
  const auto notes = estimate::directiveAssumptions(unit, *unit.loopAtLine(7), m.mapping ? &*m.mapping : nullptr);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0].directiveLine, 8);
  EXPECT_NE(notes[0].note.find("inside the loop is not followed"), std::string::npos);
}

TEST(CallArguments, CallsWhoseArgumentsFollowTheLoopsAreEachEstimated)
{
  // LINPACK-style LU on 16 columns, (*,CYCLIC) on 4: SCALE(A(K+1,K)) does N-K updates on column K's
  // owner, AXPY(A(K+1,K), A(K+1,J)) N-K on column J's; the two pivot statements run everywhere
  // (15 + 120 each). Column c is processor (c-1) mod 4's: work 431, 463, 491, 515 (by hand), where the
  // middle iteration put every call on column 12's owner
  const auto p = test::build("      PROGRAM LU\n      INTEGER N\n      PARAMETER (N = 16)\n      REAL A(N,N), T\n"
                             "CHPF$ PROCESSORS PR(4)\nCHPF$ DISTRIBUTE A(*,CYCLIC) ONTO PR\n"
                             "      DO 30 K = 1, N-1\n        T = -1.0/A(K,K)\n        CALL SCALE(N-K, T, A(K+1,K))\n"
                             "        DO 20 J = K+1, N\n          T = A(K,J)\n"
                             "          CALL AXPY(N-K, T, A(K+1,K), A(K+1,J))\n   20   CONTINUE\n   30 CONTINUE\n      END\n"
                             "      SUBROUTINE SCALE(M, S, X)\n      INTEGER M\n      REAL S, X(*)\n"
                             "      DO 10 I = 1, M\n        X(I) = S*X(I)\n   10 CONTINUE\n      END\n"
                             "      SUBROUTINE AXPY(M, S, X, Y)\n      INTEGER M\n      REAL S, X(*), Y(*)\n"
                             "      DO 10 I = 1, M\n        Y(I) = Y(I) + S*X(I)\n   10 CONTINUE\n      END\n",
                             "lu.f");
  const auto e = programEstimate(p, "lu");
  EXPECT_EQ(e.workPerProc, (std::vector<double>{431, 463, 491, 515}));
  // the loop's own estimate leaves the calls out and says where they are counted; the program's does not say it
  const auto loop = test::underDirectives(p, 7, {});
  EXPECT_TRUE(test::hasNote(loop, "CALL 'axpy' at line 12 is not estimated in a loop's estimate (estimate its unit or the "
                                  "program to count the call"));
  EXPECT_FALSE(test::hasNote(e, "is not estimated in a loop's estimate"));
  EXPECT_TRUE(test::hasNote(e, "'axpy' is estimated at each of its 120 calls"));
}

TEST(CallArguments, MillionsOfCallsAreSampledByRowsNotWalked)
{
  // the same LU at N = 3000: 4 498 500 AXPY calls, more than the 4 million
  // that were walked one by one; they fell back to the middle iteration
  // (every update on column 1500's owner). Now the 2999 rows of K are
  // walked and each sampled call reached by arithmetic along J: the work is
  // spread over the 4 columns' owners, each near a quarter of the
  // sum of (N-K)^2 over K = 1 .. N-1 (about N^3/3)
  const auto p = test::build("      PROGRAM LU\n      INTEGER N\n      PARAMETER (N = 3000)\n      REAL A(N,N), T\n"
                             "CHPF$ PROCESSORS PR(4)\nCHPF$ DISTRIBUTE A(*,CYCLIC) ONTO PR\n"
                             "      DO 30 K = 1, N-1\n        DO 20 J = K+1, N\n"
                             "          CALL AXPY(N-K, A(K+1,K), A(K+1,J))\n   20   CONTINUE\n   30 CONTINUE\n      END\n"
                             "      SUBROUTINE AXPY(M, X, Y)\n      INTEGER M\n      REAL X(*), Y(*)\n"
                             "      DO 10 I = 1, M\n        Y(I) = Y(I) + X(I)\n   10 CONTINUE\n      END\n",
                             "lu.f");
  const auto e = programEstimate(p, "lu");
  double updates = 0;
  for (double m = 1; m < 3000; ++m)
    updates += m * m;
  ASSERT_EQ(e.workPerProc.size(), 4u);
  for (double w : e.workPerProc) {
    EXPECT_GT(w, 0.2 * updates) << w; // a quarter each, up to the sample's error
    EXPECT_LT(w, 0.3 * updates) << w;
  }
  EXPECT_TRUE(test::hasNote(e, "'axpy' is estimated at 1024 of its 4498500 calls"));
}

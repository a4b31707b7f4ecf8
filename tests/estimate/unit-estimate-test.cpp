// Estimates of whole units (P3T+ Defs. 3.3-3.9): a unit is the sum of its
// loop nests and statements outside loops; a CALL adds its callee times the
// call's frequency; dummies inherit the actual's mapping; recursion and
// missing values. Programs in tests/data/unit-*.f, machine of round numbers.
#include "estimate/run-estimate.h"
#include "estimate/unit-estimator.h"
#include "support/text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace {

using ps::test::hasNote;

using ps::estimate::Estimate;
using ps::estimate::EstimatePart;

ps::test::Program load(const char* name)
{
  std::string error;
  const auto text = ps::readTextFile(std::string(PS_SOURCE_DIR) + "/tests/data/" + name, &error);
  EXPECT_TRUE(text) << error;
  return ps::test::build(text.value_or(""), name);
}

const ps::program::Unit& unitNamed(const ps::test::Program& p, const std::string& name)
{
  for (const auto& u : p.model.units)
    if (u.name == name)
      return u;
  ADD_FAILURE() << "no unit " << name;
  return p.unit();
}

ps::estimate::EstimateResult unitResult(const ps::test::Program& p, const std::string& name,
                                        const ps::symbolic::Bindings& values = {})
{
  return ps::estimate::estimateUnit(p.model, unitNamed(p, name), std::nullopt, std::nullopt, ps::test::unitMachine(),
                                    values);
}

Estimate unitEstimate(const ps::test::Program& p, const std::string& name, const ps::symbolic::Bindings& values = {})
{
  auto r = unitResult(p, name, values);
  EXPECT_TRUE(r.estimate) << (r.errors.empty() ? "" : r.errors[0]);
  return r.estimate.value_or(Estimate{});
}

/// The nest on `line` under the unit's directives in force there.
Estimate nestEstimate(const ps::program::Unit& unit, int line, const ps::symbolic::Bindings& values = {})
{
  auto m = ps::mapping::mappingFromDirectives(unit, values, std::nullopt, line);
  EXPECT_TRUE(m.mapping);
  auto e = ps::estimate::estimateNest(unit, *unit.loopAtLine(line), *m.mapping, ps::test::unitMachine(), values);
  EXPECT_TRUE(e.estimate);
  return e.estimate.value_or(Estimate{});
}

TEST(UnitEstimate, UnitIsItsNestsPlusItsStatementsOutsideLoops)
{
  const auto p = load("unit-parts.f");
  const auto& unit = p.unit();
  const auto e = unitEstimate(p, "parts");
  const auto n1 = nestEstimate(unit, 11), n2 = nestEstimate(unit, 15);
  ASSERT_EQ(e.parts.size(), 4u);
  EXPECT_EQ(e.parts[0].kind, EstimatePart::Kind::Statements);
  EXPECT_EQ(e.parts[0].line, 10);
  EXPECT_EQ(e.parts[1].kind, EstimatePart::Kind::Loop);
  EXPECT_EQ(e.parts[3].line, 15);
  // s = a(64): every processor executes it (one load, 1 s); a(64) lives on
  // processor 3 and reaches the other three by a tree broadcast of 4 bytes:
  // ceil(log2 4) = 2 steps of 1 s + 4 * 10 ms
  EXPECT_EQ(e.parts[0].nt, 3);
  EXPECT_EQ(e.parts[0].tdBytes, 12);
  EXPECT_DOUBLE_EQ(e.parts[0].tt, 2.08);
  EXPECT_DOUBLE_EQ(e.parts[0].ct, 1.0);
  // a(1) = s * 2.0 runs on the owner of a(1), processor 0: a store and a multiply
  EXPECT_EQ(e.parts[2].nt, 0);
  EXPECT_DOUBLE_EQ(e.parts[2].ct, 2.0);
  ASSERT_EQ(e.ctPerProc.size(), 4u);
  double ct = 0;
  for (std::size_t q = 0; q < 4; ++q) {
    const double outside = 1.0 + (q == 0 ? 2.0 : 0.0);
    EXPECT_DOUBLE_EQ(e.ctPerProc[q], n1.ctPerProc[q] + n2.ctPerProc[q] + outside) << q;
    EXPECT_DOUBLE_EQ(e.workPerProc[q], n1.workPerProc[q] + n2.workPerProc[q] + 1.0 + (q == 0 ? 1.0 : 0.0)) << q;
    ct = std::max(ct, e.ctPerProc[q]);
  }
  EXPECT_GT(n1.nt, 0);
  EXPECT_DOUBLE_EQ(e.ct, ct);
  EXPECT_EQ(e.nt, n1.nt + n2.nt + 3);
  EXPECT_EQ(e.tdBytes, n1.tdBytes + n2.tdBytes + 12);
  EXPECT_DOUBLE_EQ(e.tt, n1.tt + n2.tt + 2.08);
  EXPECT_DOUBLE_EQ(e.time, e.ct + e.tt);
  // Def. 3.3 over every statement: the two outside loops weigh 1 each, with
  // wd 0 (replicated) and sqrt(3) (all on one of four processors)
  double weighted = std::sqrt(3.0), total = 2.0;
  for (const auto* n : {&n1, &n2})
    for (const auto& s : n->statements) {
      weighted += s.frequency * s.wd;
      total += s.frequency;
    }
  EXPECT_NEAR(e.wd, weighted / total, 1e-12);
  // P3T+ Def. 3.11: the unit's cache misses are its nests' (Def. 3.10:
  // freq 1 times the mean over processors); statements outside loops add none
  ASSERT_GT(n1.cm, 0);
  EXPECT_DOUBLE_EQ(e.cm, n1.cm + n2.cm);
  EXPECT_DOUBLE_EQ(e.parts[1].cm, n1.cm);
  EXPECT_DOUBLE_EQ(e.parts[0].cm, 0);
  for (std::size_t q = 0; q < 4; ++q)
    EXPECT_DOUBLE_EQ(e.cmPerProc[q], n1.cmPerProc[q] + n2.cmPerProc[q]) << q;
  EXPECT_DOUBLE_EQ(e.cmMax, *std::max_element(e.cmPerProc.begin(), e.cmPerProc.end()));
}

TEST(UnitEstimate, DummyInheritsTheCallersBlockMappingLikeTheInlinedNest)
{
  const auto p = load("unit-calls.f");
  const auto once = unitEstimate(p, "once");
  const auto inlined = unitEstimate(p, "inlined");
  ASSERT_GT(inlined.nt, 0);
  EXPECT_EQ(once.nt, inlined.nt);
  EXPECT_EQ(once.tdBytes, inlined.tdBytes);
  EXPECT_DOUBLE_EQ(once.tt, inlined.tt);
  EXPECT_DOUBLE_EQ(once.ct, inlined.ct);
  EXPECT_EQ(once.workPerProc, inlined.workPerProc);
  ASSERT_EQ(once.comm.records.size(), inlined.comm.records.size());
  EXPECT_EQ(once.comm.records[0].pattern, inlined.comm.records[0].pattern);
  ASSERT_EQ(once.parts.size(), 1u);
  EXPECT_EQ(once.parts[0].kind, EstimatePart::Kind::Call);
  EXPECT_EQ(once.parts[0].callee, "sweep");
  // alone, the dummy has no mapping: replicated, no messages
  EXPECT_EQ(unitEstimate(p, "sweep", {{"m", 64}}).nt, 0);
}

TEST(UnitEstimate, CallInsideDoLoopMultipliesTheCalleesParameters)
{
  const auto p = load("unit-calls.f");
  const auto callee = unitEstimate(p, "once");
  for (std::int64_t n : {5, 12}) {
    const auto e = unitEstimate(p, "looped", {{"n", n}});
    ASSERT_EQ(e.parts.size(), 2u);
    EXPECT_EQ(e.parts[0].kind, EstimatePart::Kind::Loop); // the DO holding only the CALL
    EXPECT_EQ(e.parts[0].nt, 0);
    EXPECT_EQ(e.parts[1].kind, EstimatePart::Kind::Call);
    EXPECT_EQ(e.parts[1].line, 26);
    EXPECT_DOUBLE_EQ(e.parts[1].frequency, static_cast<double>(n));
    EXPECT_DOUBLE_EQ(e.ct, static_cast<double>(n) * callee.ct);
    EXPECT_EQ(e.nt, n * callee.nt);
    EXPECT_EQ(e.tdBytes, n * callee.tdBytes);
    EXPECT_DOUBLE_EQ(e.tt, static_cast<double>(n) * callee.tt);
    EXPECT_DOUBLE_EQ(e.workMax, static_cast<double>(n) * callee.workMax);
    ASSERT_GT(callee.cm, 0);
    EXPECT_DOUBLE_EQ(e.cm, static_cast<double>(n) * callee.cm); // Def. 3.10's call term: per call times calls
  }
}

TEST(UnitEstimate, IfAroundCallWeighsItByTheBranchProbability)
{
  const auto p = load("unit-calls.f");
  const auto callee = unitEstimate(p, "once");
  const auto e = unitEstimate(p, "guarded", {{"n", 1}});
  ASSERT_EQ(e.parts.size(), 2u);
  EXPECT_EQ(e.parts[0].kind, EstimatePart::Kind::Statements); // the condition, n .GT. 0: 1 s everywhere
  EXPECT_DOUBLE_EQ(e.parts[0].ct, 1.0);
  // n = 1 decides N .GT. 0 (a condition on a given integer scalar outside loops): always called
  EXPECT_DOUBLE_EQ(e.parts[1].frequency, 1.0);
  EXPECT_DOUBLE_EQ(e.parts[1].ct, callee.ct);
  EXPECT_DOUBLE_EQ(e.ct, callee.ct + 1.0);
  EXPECT_EQ(e.tdBytes, callee.tdBytes);
  // without a profile run or a deciding value each way of the IF is 1/2 (the CALL's weight below)
}

TEST(UnitEstimate, DummyWithItsOwnDistributionIsRemappedAtTheCall)
{
  const auto p = load("unit-calls.f");
  const auto e = unitEstimate(p, "presc");
  const auto cyclic = nestEstimate(unitNamed(p, "cycswp"), 59, {{"m", 64}});
  // the nest runs under the dummy's CYCLIC; a(64) BLOCK -> CYCLIC and back:
  // 2 x 4 x 3 messages, each processor receiving 3/4 of its 64 bytes twice
  EXPECT_EQ(e.nt, cyclic.nt + 24);
  EXPECT_EQ(e.tdBytes, cyclic.tdBytes + 2 * 4 * 48);
  EXPECT_DOUBLE_EQ(e.ct, cyclic.ct);
  EXPECT_TRUE(hasNote(e, "Dummy 'x' has its own mapping")) << e.notes.front();
  const auto& r = e.comm.records.back();
  EXPECT_EQ(r.pattern, "redistribution");
  EXPECT_DOUBLE_EQ(r.time, 2 * (3 * 1.0 + 0.01 * 48));
}

TEST(UnitEstimate, RecursionAndUnknownProceduresAreNotes)
{
  const auto p = load("unit-calls.f");
  const auto e = unitEstimate(p, "ping", {{"n", 3}});
  EXPECT_TRUE(hasNote(e, "CALL 'pong' at line 73: Recursive call to 'ping' at line 79 is not estimated"));
  EXPECT_TRUE(hasNote(e, "CALL 'extern' at line 74 is not estimated: 'extern' is not a procedure of this file"));
  ASSERT_EQ(e.parts.size(), 3u);
  EXPECT_EQ(e.parts[2].callee, "extern");
  EXPECT_DOUBLE_EQ(e.parts[2].frequency, 1.0);
  EXPECT_EQ(e.parts[2].time, 0.0);
}

TEST(UnitEstimate, MissingValuesOfAllPartsAreListedTogether)
{
  const auto p = load("unit-calls.f");
  auto r = unitResult(p, "needs");
  EXPECT_FALSE(r.estimate);
  auto missing = r.missing;
  std::sort(missing.begin(), missing.end());
  // the nest's bound m, the subscript j outside loops, the trip count kk of
  // the loop around the CALL and the callee's own bound l
  EXPECT_EQ(missing, (std::vector<std::string>{"j", "kk", "l", "m"}));
  EXPECT_FALSE(unitResult(p, "needs", {{"m", 10}, {"j", 3}, {"kk", 2}, {"l", 100}}).errors.size());
}

} // namespace

TEST(UnitEstimate, ARedistributeBetweenNestsIsNamedAsNotCharged)
{
  // Each nest is estimated under the mapping in force at it; the movement of
  // the REDISTRIBUTE itself is not priced, and the estimate says so (a new
  // user's redist.hpf showed NT 0 with no word about it).
  const auto p = ps::test::build("program redist\n"
                                 "  integer, parameter :: n = 64\n"
                                 "  real :: u(n, n)\n"
                                 "  integer :: i, j\n"
                                 "!hpf$ processors p(4)\n"
                                 "!hpf$ dynamic u\n"
                                 "!hpf$ distribute u(block, *) onto p\n"
                                 "  do j = 2, n\n"
                                 "    do i = 1, n\n"
                                 "      u(i, j) = u(i, j - 1)\n"
                                 "    end do\n"
                                 "  end do\n"
                                 "!hpf$ redistribute u(*, block) onto p\n" // line 13
                                 "  do j = 1, n\n"
                                 "    do i = 2, n\n"
                                 "      u(i, j) = u(i - 1, j)\n"
                                 "    end do\n"
                                 "  end do\n"
                                 "end program redist\n");
  const auto e = unitEstimate(p, "redist");
  EXPECT_EQ(e.nt, 0); // both nests are local under their own mappings
  EXPECT_TRUE(hasNote(e, "The REDISTRIBUTE at line 13 in 'redist' is not charged")) << testing::PrintToString(e.notes);
  // a distribution given replaces it too: the note said the parts after it followed it
  std::string error;
  const auto spec = ps::mapping::parseDistSpec("u=(*,BLOCK)", &error);
  const auto given = ps::estimate::estimateUnit(p.model, unitNamed(p, "redist"), *spec, std::nullopt,
                                                ps::test::unitMachine(), {});
  ASSERT_TRUE(given.estimate) << (given.errors.empty() ? "" : given.errors[0]);
  EXPECT_TRUE(hasNote(*given.estimate, "The REDISTRIBUTE at line 13 in 'redist' is left out: the distribution given "
                                       "replaces the source's directives"))
      << testing::PrintToString(given.estimate->notes);
  EXPECT_FALSE(hasNote(*given.estimate, "is not charged"));
}

TEST(UnitEstimate, AFunctionReferencedInAnExpressionIsNamedAsNotEstimated)
{
  // RHO = DOT(N, R, R) counted one operation, the dot product's loop and
  // reduction nowhere, with no word about it (a new user's cg.f)
  const auto p = ps::test::build("      program cg\n"                          // 1
                                 "      integer n, it\n"                       // 2
                                 "      parameter (n = 64)\n"                  // 3
                                 "      double precision r(n), rho, dot\n"     // 4
                                 "      external dot\n"                        // 5
                                 "      rho = dot(n, r, r)\n"                  // 6
                                 "      do 10 it = 1, 5\n"                     // 7
                                 "        rho = rho + dot(n, r, r)\n"          // 8
                                 "   10 continue\n"                            // 9
                                 "      end\n"                                 // 10
                                 "      double precision function dot(n, x, y)\n" // 11
                                 "      integer n, i\n"                        // 12
                                 "      double precision x(n), y(n)\n"         // 13
                                 "      dot = 0.0d0\n"                         // 14
                                 "      do 20 i = 1, n\n"                      // 15
                                 "        dot = dot + x(i) * y(i)\n"           // 16
                                 "   20 continue\n"                            // 17
                                 "      end\n");
  const auto e = unitEstimate(p, "cg");
  EXPECT_TRUE(hasNote(e, "Function 'dot' referenced at lines 6, 8 in 'cg' is not estimated: each reference counts as "
                         "one operation"));
  EXPECT_FALSE(hasNote(unitEstimate(p, "dot", {{"n", 64}}), "Function 'dot' referenced"))
      << "the function's own result assignments are not references to it";
}

TEST(UnitEstimate, AnIfOnAConstantActualTakesItsBranch)
{
  // SMOOTH(1) sweeps along i, SMOOTH(2) along j: each call takes its branch
  // of IF (IDIR .EQ. 1), not half of both (a new user's legacy.f). Inside
  // DO ID = 1, 2 the actual varies: the IF keeps its probability 0.5.
  const auto p = ps::test::build("      program main\n"                          // 1
                                 "      integer id\n"                            // 2
                                 "      real h(64, 64)\n"                        // 3
                                 "      common /f/ h\n"                          // 4
                                 "      call smooth(1)\n"                        // 5
                                 "      call smooth(2)\n"                        // 6
                                 "      do 5 id = 1, 2\n"                        // 7
                                 "        call smooth(id)\n"                     // 8
                                 "    5 continue\n"                              // 9
                                 "      end\n"                                   // 10
                                 "      subroutine smooth(idir)\n"               // 11
                                 "      integer idir, i, j\n"                    // 12
                                 "      real h(64, 64)\n"                        // 13
                                 "      common /f/ h\n"                          // 14
                                 "      if (idir .eq. 1) then\n"                 // 15
                                 "        do 10 j = 1, 64\n"                     // 16
                                 "        do 10 i = 2, 64\n"                     // 17
                                 "   10   h(i, j) = h(i - 1, j)\n"               // 18
                                 "      else\n"                                  // 19
                                 "        do 20 j = 2, 64\n"                     // 20
                                 "        do 20 i = 1, 64\n"                     // 21
                                 "   20   h(i, j) = h(i, j - 1)\n"               // 22
                                 "      end if\n"                                // 23
                                 "      end\n");
  std::string error;
  const auto spec = ps::mapping::parseDistSpec("h=(BLOCK,*)", &error);
  ASSERT_TRUE(spec) << error;
  const auto r = ps::estimate::estimateUnit(p.model, unitNamed(p, "main"), *spec, *ps::mapping::parseArrangement("4"),
                                            ps::test::unitMachine(), {});
  ASSERT_TRUE(r.estimate) << (r.errors.empty() ? "" : r.errors[0]);
  const auto& parts = r.estimate->parts;
  ASSERT_GE(parts.size(), 3u);
  const auto part = [&](int line) {
    return *std::find_if(parts.begin(), parts.end(), [&](const EstimatePart& x) { return x.line == line; });
  };
  // under (BLOCK,*) the i sweep is a recurrence along i: one element per column j crosses each of
  // the 3 block boundaries, 3 * 64 messages; the j sweep is local
  EXPECT_EQ(part(5).nt, 3 * 64);
  EXPECT_EQ(part(5).tdBytes, 3 * 64 * 4);
  EXPECT_EQ(part(6).nt, 0);
  // the loop's two calls, each half of each branch: 2 * 0.5 * 192 messages
  EXPECT_EQ(part(8).nt, 192);
  EXPECT_DOUBLE_EQ(part(8).frequency, 2.0);
}

TEST(UnitEstimate, ADummyTheCalleeChangesOrAMiddleIterationDecidesNoBranch)
{
  // RELAX toggles ISW = 3 - ISW between its passes: CALL RELAX(1) takes each branch once, not
  // the first twice; DRIVE(ID) in DO ID = 1, 2 passes a middle iteration on: half of each
  // (the review's rb.f and twolevel.f)
  const std::string sweeps = "      real h(64, 64)\n      common /f/ h\n"
                             "      if (isw .eq. 1) then\n        do 10 j = 1, 64\n        do 10 i = 2, 64\n"
                             "   10   h(i, j) = h(i - 1, j)\n      else\n        do 20 j = 2, 64\n        do 20 i = 1, 64\n"
                             "   20   h(i, j) = h(i, j - 1)\n      end if\n";
  const auto toggles = ps::test::build("      program rb\n      real h(64, 64)\n      common /f/ h\n"
                                       "      call relax(1)\n      end\n"
                                       "      subroutine relax(isw)\n      integer isw, i, j, ipass\n"
                                       "      do 30 ipass = 1, 2\n" + sweeps + "        isw = 3 - isw\n   30 continue\n      end\n");
  const auto twoLevels = ps::test::build("      program main\n      integer id\n      do 5 id = 1, 2\n"
                                         "        call drive(id)\n    5 continue\n      end\n"
                                         "      subroutine drive(idd)\n      integer idd\n      call smooth(idd)\n      end\n"
                                         "      subroutine smooth(isw)\n      integer isw, i, j\n" + sweeps + "      end\n");
  std::string error;
  const auto spec = ps::mapping::parseDistSpec("h=(BLOCK,*)", &error);
  for (const auto* p : {&toggles, &twoLevels}) {
    const auto r = ps::estimate::estimateUnit(p->model, unitNamed(*p, p == &toggles ? "rb" : "main"), *spec,
                                              *ps::mapping::parseArrangement("4"), ps::test::unitMachine(), {});
    ASSERT_TRUE(r.estimate) << (r.errors.empty() ? "" : r.errors[0]);
    // the i sweep taken once in all (twice at half): in RELAX's pass loop a wavefront of the 2 x 64
    // (pass, column) iterations in 64 stages of 2, 3 boundary messages a stage, at half: 96 (it was 6 with
    // both passes taken, then 3: the recurrence's rows were fetched once a pass, before the sweep had
    // written them); SMOOTH's recurrence, 3 boundaries x 64 stages of 1 column
    EXPECT_EQ(r.estimate->nt, p == &toggles ? 96 : 192) << (p == &toggles ? "rb" : "main");
  }
}

TEST(UnitEstimate, ALocalVariableNamedLikeAFunctionIsNoReference)
{
  const auto p = ps::test::build("      program shadow\n      integer i\n      real a(64), resid\n"
                                 "      resid = 0.0\n      do 10 i = 1, 64\n        resid = resid + a(i)\n"
                                 "   10 continue\n      end\n"
                                 "      real function resid(x)\n      real x\n      resid = x * 2.0\n      end\n");
  EXPECT_FALSE(hasNote(unitEstimate(p, "shadow"), "Function 'resid'"));
}

TEST(UnitEstimate, ACallUnderAnIfOnAGivenScalarIsDecidedAsANestIs)
{
  const auto p = ps::test::build("      program callif\n      integer idir\n      real h(64, 64)\n"
                                 "      common /f/ h\n      if (idir .eq. 1) then\n        call sweepi\n      end if\n"
                                 "      end\n      subroutine sweepi\n      integer i, j\n      real h(64, 64)\n"
                                 "      common /f/ h\n      do 10 j = 1, 64\n      do 10 i = 2, 64\n"
                                 "   10 h(i, j) = h(i - 1, j)\n      end\n");
  const auto callFrequency = [&](const ps::symbolic::Bindings& values) {
    const auto e = unitEstimate(p, "callif", values);
    const auto it = std::find_if(e.parts.begin(), e.parts.end(),
                                 [](const EstimatePart& x) { return x.kind == EstimatePart::Kind::Call; });
    return it == e.parts.end() ? -1.0 : it->frequency;
  };
  EXPECT_DOUBLE_EQ(callFrequency({{"idir", 1}}), 1.0);
  EXPECT_DOUBLE_EQ(callFrequency({{"idir", 2}}), 0.0);
  EXPECT_DOUBLE_EQ(callFrequency({}), 0.5);
  const auto half = unitEstimate(p, "callif"), whole = unitEstimate(p, "callif", {{"idir", 1}});
  EXPECT_EQ(half.tdBytes, whole.tdBytes / 2); // the CALL's; the IF's own test costs the same in both
  EXPECT_EQ(half.nt, whole.nt / 2);
}

TEST(UnitEstimate, LoopWrittenWithGotoIsCountedOnceWithANote)
{
  // An iteration loop written with a label and IF ... GO TO: its body's
  // nest counts once (10 x 10 iterations, not the up to 500 sweeps), and a
  // note says so; a unit without GO TO has no such note.
  const auto p = ps::test::build("      PROGRAM ITER\n"
                                 "      INTEGER I, J, IT\n"
                                 "      DOUBLE PRECISION A(10, 10), ERR\n"
                                 "      IT = 0\n"
                                 "  100 CONTINUE\n"
                                 "      DO J = 1, 10\n"
                                 "        DO I = 1, 10\n"
                                 "          A(I, J) = 0.5D0 * A(I, J)\n"
                                 "        END DO\n"
                                 "      END DO\n"
                                 "      IT = IT + 1\n"
                                 "      ERR = A(1, 1)\n"
                                 "      IF (ERR .GT. 1.0D-6 .AND. IT .LT. 500) GO TO 100\n"
                                 "      END\n",
                                 "iter.f");
  const auto e = unitEstimate(p, "iter");
  EXPECT_DOUBLE_EQ(e.statements.front().frequency, 1.0); // IT = 0
  const auto note = std::find_if(e.notes.begin(), e.notes.end(),
                                 [](const auto& n) { return n.find("The GO TO at line 13 of 'iter'") != std::string::npos; });
  ASSERT_NE(note, e.notes.end());
  EXPECT_NE(note->find("a loop written with GO TO runs its body once"), std::string::npos);
  const auto without = ps::test::build("      PROGRAM ONCE\n      DOUBLE PRECISION A(10)\n      A(1) = 0\n      END\n",
                                       "once.f");
  const auto plain = unitEstimate(without, "once");
  EXPECT_TRUE(std::none_of(plain.notes.begin(), plain.notes.end(),
                           [](const auto& n) { return n.find("GO TO") != std::string::npos; }));
}

TEST(UnitEstimate, CodeAfterReturnIsLeftOutUntilALabel)
{
  // A 1990s subroutine: the scaling loop, RETURN, then a second loop that
  // only its ENTRY runs, and an error exit reached by GO TO 90. From the
  // top, the unit is its IF, its first loop and the error exit's
  // statement; the loop after RETURN is left out, with a note naming the
  // ENTRY, and stays estimable alone.
  const auto p = ps::test::build("      SUBROUTINE SCALE(A, N)\n"           // 1
                                 "      INTEGER N, I\n"                     // 2
                                 "      REAL A(N)\n"                        // 3
                                 "      IF (N .LE. 0) GO TO 90\n"           // 4
                                 "      DO 10 I = 1, N\n"                   // 5
                                 "        A(I) = A(I) * 2.0\n"              // 6
                                 "   10 CONTINUE\n"                         // 7
                                 "      RETURN\n"                           // 8
                                 "      ENTRY RESET(A, N)\n"                // 9
                                 "      DO 20 I = 1, N\n"                   // 10
                                 "        A(I) = A(I) + 1.0 / A(I)\n"       // 11
                                 "   20 CONTINUE\n"                         // 12
                                 "      RETURN\n"                           // 13
                                 "   90 A(1) = 0.0\n"                       // 14
                                 "      END\n",                             // 15
                                 "scale.f");
  const auto& unit = p.unit();
  ASSERT_EQ(unit.unreachable.size(), 1u);
  EXPECT_EQ(unit.unreachable[0].firstLine, 10);
  EXPECT_EQ(unit.unreachable[0].lastLine, 13);
  EXPECT_EQ(unit.unreachable[0].afterLine, 8);
  EXPECT_EQ(unit.unreachable[0].entries, std::vector<std::string>{"reset"});
  EXPECT_EQ(unit.unreachableAt(14), nullptr); // labelled: GO TO 90 leads there
  const ps::symbolic::Bindings n{{"n", 100}};
  const auto e = unitEstimate(p, "scale", n);
  std::vector<int> partLines;
  for (const auto& part : e.parts)
    partLines.push_back(part.line);
  EXPECT_EQ(std::find(partLines.begin(), partLines.end(), 10), partLines.end());
  EXPECT_NE(std::find(partLines.begin(), partLines.end(), 5), partLines.end());
  EXPECT_NE(std::find(partLines.begin(), partLines.end(), 14), partLines.end());
  const auto loop = nestEstimate(unit, 5, n);
  double partsCt = 0;
  for (const auto& part : e.parts)
    partsCt += part.ct;
  EXPECT_DOUBLE_EQ(e.ct, partsCt);
  // the loop, the IF and the error exit's assignment (a few units), not the dead loop (twice the first)
  EXPECT_GT(e.ct, loop.ct);
  const auto deadLoop = nestEstimate(unit, 10, n); // selected alone: estimated, without a "never executed" note
  EXPECT_GT(deadLoop.ct, loop.ct);
  EXPECT_FALSE(hasNote(deadLoop, "never executed"));
  EXPECT_LT(e.ct, loop.ct + 0.5 * deadLoop.ct);
  EXPECT_TRUE(hasNote(e, "Lines 10-13 of 'scale' follow the RETURN at line 8"));
  EXPECT_TRUE(hasNote(e, "they run from ENTRY reset"));
  EXPECT_TRUE(std::any_of(p.model.diagnostics.begin(), p.model.diagnostics.end(), [](const auto& d) {
    return d.message().find("Never executed: it follows the RETURN at line 8") != std::string::npos;
  }));
}

TEST(UnitEstimate, StatementAfterAGotoInALoopIsNotCounted)
{
  // GO TO 10 jumps to the loop's end; the unlabelled statement after it
  // never runs. The nest's work is that of the nest without it: one
  // multiply per iteration, and the dead divide is skipped with a note.
  const auto p = ps::test::build("      SUBROUTINE SKIP(A, B, N)\n"
                                 "      INTEGER N, I\n"
                                 "      REAL A(N), B(N)\n"
                                 "      DO 10 I = 1, N\n"
                                 "        A(I) = A(I) * 2.0\n"
                                 "        GO TO 10\n"
                                 "        B(I) = B(I) / A(I)\n"
                                 "   10 CONTINUE\n"
                                 "      END\n",
                                 "skip.f");
  const auto q = ps::test::build("      SUBROUTINE SKIP(A, B, N)\n"
                                 "      INTEGER N, I\n"
                                 "      REAL A(N), B(N)\n"
                                 "      DO 10 I = 1, N\n"
                                 "        A(I) = A(I) * 2.0\n"
                                 "   10 CONTINUE\n"
                                 "      END\n",
                                 "plain.f");
  const ps::symbolic::Bindings n{{"n", 64}};
  const auto dead = nestEstimate(p.unit(), 4, n), live = nestEstimate(q.unit(), 4, n);
  EXPECT_DOUBLE_EQ(dead.ct, live.ct);
  EXPECT_TRUE(hasNote(dead, "Statement at line 7 is never executed (it follows the GO TO at line 6"));
}

TEST(UnitEstimate, AReplicatedActualIsGatheredOnceAtTheReturn)
{
  // Y(2000) REAL replicated in the caller, (BLOCK) in the callee on 1024:
  // nothing moves at the call; at the return each processor receives the
  // 1023/1024 of 8000 bytes it lacks (7992) from the 1023 others. It was
  // two all-to-alls of 8000/1024 truncated to 7, then 6, bytes: 2 million
  // messages carrying 12288 bytes.
  const auto p = ps::test::build("      PROGRAM MAIN\n      REAL Y(2000)\n      CALL SCALE(Y)\n      END\n"
                                 "      SUBROUTINE SCALE(Y)\n      REAL Y(2000)\n      INTEGER I\n"
                                 "CHPF$ DISTRIBUTE Y(BLOCK)\n      DO 10 I = 1, 2000\n        Y(I) = 2.0 * Y(I)\n"
                                 "   10 CONTINUE\n      END\n",
                                 "gather.f");
  const auto r = ps::estimate::estimateUnit(p.model, unitNamed(p, "main"), std::nullopt,
                                            *ps::mapping::parseArrangement("1024"), ps::test::unitMachine(), {});
  ASSERT_TRUE(r.estimate) << (r.errors.empty() ? "" : r.errors[0]);
  const auto it = std::find_if(r.estimate->comm.records.begin(), r.estimate->comm.records.end(),
                               [](const auto& c) { return c.pattern == "redistribution"; });
  ASSERT_NE(it, r.estimate->comm.records.end());
  EXPECT_EQ(it->messages, 1024 * 1023);
  EXPECT_EQ(it->bytes, 1024 * 7992);
  EXPECT_TRUE(hasNote(*r.estimate, "is replicated: each processor keeps its share at the call, and an all-gather"));
}

TEST(UnitEstimate, DeadCodeNestsAndFormatLabels)
{
  // A RETURN in an IF after a RETURN opens no range of its own (one
  // warning, one note), and a FORMAT's label leads nowhere: the loop after
  // it is dead too.
  const auto p = ps::test::build("      SUBROUTINE S(A, N)\n"          // 1
                                 "      INTEGER N, I\n"                // 2
                                 "      REAL A(N)\n"                   // 3
                                 "      A(1) = 0.0\n"                  // 4
                                 "      RETURN\n"                      // 5
                                 "  900 FORMAT (1X, I5)\n"             // 6
                                 "      IF (N .GT. 2) THEN\n"          // 7
                                 "        RETURN\n"                    // 8
                                 "        A(2) = 1.0\n"                // 9
                                 "      END IF\n"                      // 10
                                 "      DO 20 I = 1, N\n"              // 11
                                 "        A(I) = 2.0\n"                // 12
                                 "   20 CONTINUE\n"                    // 13
                                 "      END\n",                        // 14
                                 "dead.f");
  const auto& unit = p.unit();
  ASSERT_EQ(unit.unreachable.size(), 1u);
  EXPECT_EQ(unit.unreachable[0].firstLine, 6);
  EXPECT_EQ(unit.unreachable[0].lastLine, 13);
  EXPECT_NE(unit.unreachableAt(12), nullptr);
}

TEST(UnitEstimate, AStatementNeverRunMakesNoRecurrence)
{
  // B(I) = A(I-1)*2; GO TO 10; A(I) = A(I-1) + B(I) (dead): A is never
  // written, so A(I-1) is fetched before the loop and the loop is parallel
  // (the dead write serialized it).
  const auto p = ps::test::build("      SUBROUTINE R(A, B, N)\n      INTEGER N, I\n      REAL A(N), B(N)\n"
                                 "      DO 10 I = 2, N\n        B(I) = A(I-1) * 2.0\n        GO TO 10\n"
                                 "        A(I) = A(I-1) + B(I)\n   10 CONTINUE\n      END\n",
                                 "recur.f");
  const auto e = ps::test::run(p, 4, "a,b=(BLOCK)", "4", {{"n", 64}});
  EXPECT_EQ(e.parallelism.kind, "parallel");
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].reference, "a(i-1)");
  EXPECT_EQ(e.comm.records[0].placement, 0);
  EXPECT_EQ(e.comm.records[0].messages, 3);
}

TEST(UnitEstimate, RemappingsCountTheElementsThatMove)
{
  // X(16) BLOCK in the caller, CYCLIC in the callee: on 16 (and 1024)
  // processors both put element i on processor i-1 (blocks of one), so
  // nothing moves; 480 (2 million) messages of the all-to-all were charged.
  // On 4 each processor keeps 1 of its 4 and sends one to each other: 12
  // messages of 8 bytes per remap, 24 and 192 bytes in all.
  const auto p = ps::test::build("      PROGRAM RD\n      INTEGER N\n      PARAMETER (N = 16)\n"
                                 "      DOUBLE PRECISION X(N)\n!HPF$ DISTRIBUTE X(BLOCK)\n      CALL SCAL(X, N)\n"
                                 "      END\n      SUBROUTINE SCAL(A, M)\n      INTEGER M, I\n"
                                 "      DOUBLE PRECISION A(M)\n!HPF$ DISTRIBUTE A(CYCLIC)\n      DO 10 I = 1, M\n"
                                 "         A(I) = 2.0D0*A(I)\n   10 CONTINUE\n      END\n",
                                 "remap.f");
  const auto remaps = [&](const char* procs) {
    const auto r = ps::estimate::estimateUnit(p.model, unitNamed(p, "rd"), std::nullopt,
                                              *ps::mapping::parseArrangement(procs), ps::test::unitMachine(), {});
    EXPECT_TRUE(r.estimate) << (r.errors.empty() ? "" : r.errors[0]);
    return r.estimate ? *r.estimate : ps::estimate::Estimate{};
  };
  for (const auto* procs : {"16", "1024"}) {
    const auto e = remaps(procs);
    EXPECT_EQ(e.nt, 0) << procs;
    EXPECT_EQ(e.tdBytes, 0) << procs;
    EXPECT_TRUE(hasNote(e, "The mappings of 'x' and 'a' place every element on the same processor here")) << procs;
  }
  const auto e = remaps("4");
  EXPECT_EQ(e.nt, 24);
  EXPECT_EQ(e.tdBytes, 192);
  EXPECT_EQ(e.comm.messagesPerProc, (std::vector<std::int64_t>{6, 6, 6, 6}));
  EXPECT_TRUE(hasNote(e, "each element from its owner under one mapping to its owner under the other"));
}

TEST(UnitEstimate, ADistributionNamingOnlyADummyThatInheritsSaysItDoesNotApply)
{
  // --dist 'a=(BLOCK)' where 'a' is DOT's dummy, given the main program's
  // replicated R: the dummy keeps R's mapping, and the group was dropped
  // without a word
  const auto p = ps::test::build("      PROGRAM MAIN\n      DOUBLE PRECISION R(64), S\n      CALL DOT(64, R, S)\n"
                                 "      END\n      SUBROUTINE DOT(N, A, S)\n      INTEGER N, I\n"
                                 "      DOUBLE PRECISION A(N), S\n      S = 0.0D0\n      DO 10 I = 1, N\n"
                                 "        S = S + A(I)*A(I)\n   10 CONTINUE\n      END\n",
                                 "dot.f");
  std::string error;
  const auto spec = ps::mapping::parseDistSpec("a=(BLOCK)", &error);
  ASSERT_TRUE(spec) << error;
  const auto r = ps::estimate::estimateUnit(p.model, unitNamed(p, "main"), *spec, *ps::mapping::parseArrangement("4"),
                                            ps::test::unitMachine(), {});
  ASSERT_TRUE(r.estimate) << (r.errors.empty() ? "" : r.errors[0]);
  EXPECT_TRUE(hasNote(*r.estimate, "The distribution given for 'a' does not apply in 'dot': there 'a' is a dummy "
                                   "that takes the mapping of its actual 'r' (HPF inherit)"));
  EXPECT_EQ(r.estimate->nt, 0); // r replicated: every processor sums all of it
}

TEST(UnitEstimate, ASweepLeavesOutTheCountsAMappingDoesNotFit)
{
  // (*,BLOCK(16)) of 64 columns needs P >= 4: with skipUnfitArrangements a sweep over P = 1, 2, 4, 8 keeps
  // 4 and 8 and names 1 and 2 (the IDE's curve over P), for a loop and for the whole program alike
  const auto p = ps::test::build("      program t\n      integer i, j\n      real x(64, 64), y(64, 64)\n"
                                 "      do 10 j = 2, 64\n      do 10 i = 1, 64\n   10 y(i, j) = x(i, j - 1)\n      end\n");
  std::string error;
  ps::estimate::ComparisonRequest request;
  request.variants = {{"A", ps::mapping::parseDistSpec("x,y=(*,BLOCK(16))", &error)}};
  for (const char* procs : {"1", "2", "4", "8"})
    request.procs.push_back(*ps::mapping::parseArrangement(procs));
  request.skipUnfitArrangements = true;
  for (const bool program : {false, true}) {
    request.loopLine = program ? 0 : 4;
    request.program = program;
    const auto r = ps::estimate::compare(p.model, request, ps::test::unitMachine());
    ASSERT_TRUE(r.errors.empty()) << r.errors.front();
    ASSERT_EQ(r.variants.size(), 1u);
    const auto& v = r.variants[0];
    ASSERT_EQ(v.points.size(), 2u) << program;
    EXPECT_EQ(v.points[0].processors, 4);
    EXPECT_EQ(v.points[1].processors, 8);
    ASSERT_EQ(v.skipped.size(), 2u) << program;
    EXPECT_EQ(v.skipped[0].first, 1);
    EXPECT_EQ(v.skipped[1].first, 2);
    EXPECT_NE(v.skipped[0].second.find("BLOCK(16)"), std::string::npos) << v.skipped[0].second;
  }
  request.skipUnfitArrangements = false; // the CLI's list: an error, as before
  EXPECT_FALSE(ps::estimate::compare(p.model, request, ps::test::unitMachine()).errors.empty());
}

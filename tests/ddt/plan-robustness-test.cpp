// Dependence test for parallel loops, and the plan and its HPF output on
// programs unlike ADI: triangular loops, arrays of lower rank than the
// template, names that clash with the directives', long names in fixed
// form, sizes out of range.
#include "ddt/hpf-directives.h"
#include "ddt/parallel-loops.h"
#include "ddt/plan.h"
#include "ddt/sequential-time.h"
#include "estimate/estimator.h"
#include "../test-support.h"

#include <gtest/gtest.h>

namespace ps::ddt {
namespace {

machine::MachineProfile ddtProfile() { return *machine::findProfile("ddt", nullptr); }

const char* kGauss = R"(program gauss
  integer, parameter :: n = 64
  real(8) :: a(n,n), x(n)
  integer :: i, j, k
  do k = 1, n - 1
    do i = k + 1, n
      a(i,k) = a(i,k) / a(k,k)
    end do
    do j = k + 1, n
      do i = k + 1, n
        a(i,j) = a(i,j) - a(i,k) * a(k,j)
      end do
    end do
  end do
  do i = n, 1, -1
    do j = i + 1, n
      x(i) = x(i) - a(i,j) * x(j)
    end do
  end do
end program gauss
)";

std::set<std::string> parallelOf(const test::Program& p, int phase)
{
  const auto graph = buildPhaseGraph(p.unit(), {});
  return parallelLoopVariables(p.unit(), graph.graph.phases.at(phase), {});
}

TEST(DdtParallelLoops, TriangularUpdateIsParallelBackSubstitutionIsNot)
{
  const auto p = test::build(kGauss);
  // Elimination: within one k, i > k and j > k keep the column and the
  // pivot row apart from what is written; k carries the dependence.
  EXPECT_EQ(parallelOf(p, 0), (std::set<std::string>{"i", "j"}));
  // x(i) needs x(j), j > i, written by earlier iterations of i.
  EXPECT_EQ(parallelOf(p, 1).count("i"), 0u);
}

TEST(DdtParallelLoops, RecurrenceAndIndependentLoops)
{
  const auto p = test::build(R"(program r
  integer, parameter :: n = 32
  real :: a(n,n), b(n,n)
  integer :: i, j
  do j = 2, n
    do i = 1, n
      a(i,j) = a(i,j-1) + b(j,i)
    end do
  end do
end program r
)");
  EXPECT_EQ(parallelOf(p, 0), (std::set<std::string>{"i"}));
}

TEST(DdtParallelLoops, StepTwoSweepNeverReadsWhatItWrites)
{
  const auto p = test::build(R"(program rb
  integer, parameter :: n = 64
  real(8) :: u(n,n)
  integer :: i, j
  do j = 2, n - 1
    do i = 2, n - 1, 2
      u(i,j) = 0.25d0 * (u(i-1,j) + u(i+1,j) + u(i,j-1) + u(i,j+1))
    end do
  end do
end program rb
)");
  EXPECT_EQ(parallelOf(p, 0), (std::set<std::string>{"i"})); // j carries u(i,j-1)
}

TEST(DdtPlan, ReductionsAndImperfectNestsShareTheirIterations)
{
  const auto p = test::build(R"(program red
  integer, parameter :: n = 64
  real(8) :: a(n,n), b(n), err
  integer :: i, j
  err = 0.0d0
  do j = 1, n
    do i = 1, n
      err = max(err, abs(a(i,j)))
    end do
  end do
  do j = 1, n
    b(j) = 0.0d0
    do i = 1, n
      a(i,j) = a(i,j) * 2.0d0
    end do
  end do
end program red
)");
  DistributeOptions o;
  o.processors = 16;
  auto r = distribute(p.unit(), ddtProfile(), {}, o);
  ASSERT_TRUE(r.plan) << r.errors.front();
  const auto& phases = r.plan->phases;
  ASSERT_EQ(phases.size(), 2u);
  // The max reduction runs where a(i,j) lives: 16 processors share it.
  for (const auto& c : phases[0].analysis.candidates)
    EXPECT_NEAR(c.cost.computation, phases[0].analysis.sequentialTime / 16, 1e-15) << c.mapping.str();
  // On 4x4 the update splits over both axes, b(j) only over the second.
  const auto& b = phases[1].analysis;
  int grids = 0;
  for (const auto& c : b.candidates)
    if (c.mapping.gridText() == "4x4") {
      ++grids;
      const double shareB = b.statementShare.at(0);
      EXPECT_NEAR(c.cost.computation, b.sequentialTime * (shareB / 4 + (1 - shareB) / 16), 1e-15);
    }
  EXPECT_EQ(grids, 1);
}

TEST(DdtPlan, RemappingIntoALoopOfOnePhaseHappensOnce)
{
  const auto p = test::build(R"(program one
  integer, parameter :: n = 256
  real(8) :: x(n,n)
  integer :: i, j, it
  do j = 1, n
    do i = 2, n
      x(i,j) = x(i-1,j) + 1.0d0
    end do
  end do
  do it = 1, 100
    do j = 2, n
      do i = 1, n
        x(i,j) = x(i,j-1) * 0.5d0
      end do
    end do
  end do
end program one
)");
  DistributeOptions o;
  o.maxDistributedDims = 1;
  auto r = distribute(p.unit(), ddtProfile(), {}, o);
  ASSERT_TRUE(r.plan) << r.errors.front();
  const auto& d = r.plan->whole.dynamic;
  ASSERT_EQ(d.remaps.size(), 1u);
  EXPECT_EQ(d.remaps[0].beforePhase, 2);
  EXPECT_DOUBLE_EQ(d.remaps[0].count, 1.0); // not once per iteration of the loop around phase 2
  EXPECT_TRUE(r.plan->whole.dynamicChosen);
}

TEST(DdtPlan, ArraysTheyPlanMovesApartGetTemplatesApart)
{
  // y keeps (*,BLOCK) while x is remapped: one REDISTRIBUTE must not move both.
  const auto p = test::build(R"(program apart
  integer, parameter :: n = 256
  real(8) :: x(n,n), y(n,n)
  integer :: i, j, it
  do it = 1, 10
    do j = 1, n
      do i = 2, n
        x(i,j) = x(i-1,j) + y(i,j)
      end do
    end do
    do j = 2, n
      do i = 1, n
        x(i,j) = x(i,j-1) * 0.5d0
      end do
    end do
  end do
end program apart
)");
  DistributeOptions o;
  o.maxDistributedDims = 1;
  auto fast = ddtProfile();
  fast.byteTime = 1e-10; // remapping cheap enough to pay
  auto r = distribute(p.unit(), fast, {}, o);
  ASSERT_TRUE(r.plan) << r.errors.front();
  ASSERT_TRUE(r.plan->whole.dynamicChosen);
  for (const auto& remap : r.plan->whole.dynamic.remaps)
    EXPECT_EQ(remap.arrays, std::vector<std::string>{"x"});
  const auto text = hpfEdit(*r.plan, p.unit(), *p.parsed).text();
  EXPECT_NE(text.find("ALIGN WITH t1 :: x"), std::string::npos) << text;
  EXPECT_NE(text.find("ALIGN WITH t2 :: y"), std::string::npos) << text;
  EXPECT_EQ(text.find("REDISTRIBUTE t2"), std::string::npos) << text;
}

TEST(DdtPlan, LowerRankArrayGetsItsOwnTemplate)
{
  const auto p = test::build(R"(      PROGRAM CRMIN
      INTEGER N
      PARAMETER (N = 64)
      REAL U(5,N,N), RHO(N,N)
      INTEGER I, J
      DO 10 J = 1, N
      DO 10 I = 1, N
         RHO(I,J) = 1.0 / U(1,I,J)
   10 CONTINUE
      END
)", "crmin.f");
  auto r = distribute(p.unit(), ddtProfile(), {}, {});
  ASSERT_TRUE(r.plan) << r.errors.front();
  const auto edit = hpfEdit(*r.plan, p.unit(), *p.parsed);
  const auto text = edit.text();
  EXPECT_NE(text.find("ALIGN WITH T1 :: RHO"), std::string::npos) << text;
  EXPECT_NE(text.find("TEMPLATE T2(5,N,N)"), std::string::npos) << text;
  const auto back = test::build(applyHpfEdit(p.parsed->file->text(), edit), "crmin.f");
  EXPECT_TRUE(test::messages(*back.parsed).empty());
}

TEST(DdtPlan, DirectiveNamesAvoidTheProgramsAndFixedFormLinesEndAtColumn72)
{
  const auto p = test::build(R"(      PROGRAM NAMES
      INTEGER N
      PARAMETER (N = 64)
      REAL T1(N,N), PROCS(N,N)
      REAL DENSITYOLDVALUE(N,N), DENSITYNEWVALUE(N,N)
      REAL VELOCITYXCOMPONENT(N,N), VELOCITYYCOMPONENT(N,N)
      INTEGER I, J
      DO 10 J = 1, N
      DO 10 I = 1, N
         T1(I,J) = PROCS(I,J) + DENSITYOLDVALUE(I,J)
     &      + DENSITYNEWVALUE(I,J)
     &      + VELOCITYXCOMPONENT(I,J) * VELOCITYYCOMPONENT(I,J)
   10 CONTINUE
      END
)", "names.f");
  ASSERT_TRUE(test::messages(*p.parsed).empty()) << test::messages(*p.parsed).front();
  auto r = distribute(p.unit(), ddtProfile(), {}, {});
  ASSERT_TRUE(r.plan) << r.errors.front();
  const auto edit = hpfEdit(*r.plan, p.unit(), *p.parsed);
  for (const auto& ins : edit.insertions)
    for (const auto& line : ins.lines) {
      EXPECT_LE(line.size(), 72u) << line;
      EXPECT_EQ(line.find("TEMPLATE T1("), std::string::npos) << line;
      EXPECT_EQ(line.find("PROCESSORS PROCS("), std::string::npos) << line;
    }
  EXPECT_NE(edit.text().find("TEMPLATE T_1(N,N)"), std::string::npos) << edit.text();
}

TEST(DdtPlan, SizesOutOfRangeAndTooManyProcessors)
{
  const auto p = test::build(R"(subroutine s(a, n)
  integer :: n, i, j
  real :: a(n,n)
  do j = 2, n
    do i = 1, n
      a(i,j) = a(i,j-1)
    end do
  end do
end subroutine s
)");
  auto bad = distribute(p.unit(), ddtProfile(), {{"n", -5}}, {});
  EXPECT_FALSE(bad.plan);
  ASSERT_FALSE(bad.errors.empty());
  EXPECT_NE(bad.errors.front().find("Dimension 1 of 'a' has -5 elements"), std::string::npos) << bad.errors.front();
  DistributeOptions many;
  many.processors = 1 << 20; // more than the 64 x 64 array has elements per dimension pair
  auto r = distribute(p.unit(), ddtProfile(), {{"n", 64}}, many);
  ASSERT_TRUE(r.plan);
  for (const auto& s : r.plan->whole.statics)
    for (const auto& [array, layout] : s.mapping.arrays)
      for (const auto& d : layout)
        EXPECT_LE(d.procs, 64) << s.mapping.str();
}

TEST(DdtSequentialTime, EqualsTheEstimatorOnOneProcessor)
{
  const auto p = test::build(kGauss);
  const auto graph = buildPhaseGraph(p.unit(), {});
  const auto machine = ddtProfile();
  for (const auto& phase : graph.graph.phases) {
    const auto t = sequentialTime(p.unit(), phase, machine, {});
    ASSERT_TRUE(t.seconds);
    const auto e = estimate::estimateNest(p.unit(), p.unit().loops[phase.loop], mapping::Mapping{}, machine, {});
    ASSERT_TRUE(e.estimate);
    EXPECT_NEAR(*t.seconds, e.estimate->ct, 1e-12 + 1e-9 * e.estimate->ct) << "phase " << phase.id;
  }
}

TEST(DdtSequentialTime, HugeTriangularNestsAreSampledNotEnumerated)
{
  const auto p = test::build(R"(subroutine tri(a, n)
  integer :: n, i, j
  real(8) :: a(n,n)
  do j = 1, n
    do i = j, n
      a(i,j) = a(i,j) * 2.0d0
    end do
  end do
end subroutine tri
)");
  const auto graph = buildPhaseGraph(p.unit(), {{"n", 100000000}});
  const auto machine = ddtProfile();
  const auto t = sequentialTime(p.unit(), graph.graph.phases.at(0), machine, {{"n", 100000000}});
  ASSERT_TRUE(t.seconds);
  const double n = 1e8, exact = n * (n + 1) / 2 * machine.ops.time(p.unit().statements.at(0).ops);
  EXPECT_NEAR(*t.seconds, exact, 1e-3 * exact);
  ASSERT_EQ(t.notes.size(), 1u);
  EXPECT_NE(t.notes[0].find("sampled"), std::string::npos);
  // Rectangular nests multiply trip counts: exact at any size.
  const auto q = test::build(R"(subroutine rect(a, n)
  integer :: n, i, j
  real(8) :: a(n,n)
  do j = 2, n
    do i = 1, n
      a(i,j) = a(i,j-1)
    end do
  end do
end subroutine rect
)");
  const auto g2 = buildPhaseGraph(q.unit(), {});
  const auto r = sequentialTime(q.unit(), g2.graph.phases.at(0), machine, {{"n", 1000000000}});
  ASSERT_TRUE(r.seconds);
  EXPECT_DOUBLE_EQ(*r.seconds, 999999999.0 * 1e9 * machine.ops.time(q.unit().statements.at(0).ops));
  EXPECT_TRUE(r.notes.empty());
}

TEST(DdtPlan, CodeAfterReturnIsNoPhase)
{
  // The loop after RETURN runs from ENTRY RESET only: a plan of SCALE has
  // the first loop as its one phase, and a note says why the other is not.
  const auto p = test::build("      SUBROUTINE SCALE(A, N)\n      INTEGER N, I\n      REAL A(N)\n"
                             "      DO 10 I = 1, N\n        A(I) = A(I) * 2.0\n   10 CONTINUE\n      RETURN\n"
                             "      ENTRY RESET(A, N)\n      DO 20 I = 1, N\n        A(I) = 0.0\n   20 CONTINUE\n"
                             "      END\n",
                             "scale.f");
  const auto graph = buildPhaseGraph(p.unit(), {{"n", 100}});
  ASSERT_EQ(graph.graph.phases.size(), 1u);
  EXPECT_EQ(graph.graph.phases[0].firstLine, 4);
  ASSERT_EQ(graph.notes.size(), 1u);
  EXPECT_EQ(graph.notes[0], "Code at lines 9-11 follows the RETURN at line 7 and no label leads to it: it is no phase "
                            "of the plan");
}

} // namespace
} // namespace ps::ddt

// Fortran 90 array assignments over whole distributed arrays: elementwise
// ones of arrays mapped alike run where the elements are, each processor
// its own (hand counts), nothing moving; the others (a transformational
// intrinsic, arrays mapped differently, a scalar element) keep the
// conservative estimate. A CG iteration's P = R + BETA*P was charged
// every processor fetching all of R and P (98% of the predicted time).
#include "estimate/array-statements.h"
#include "estimate/run-estimate.h"
#include "estimate/unit-estimator.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ps;

namespace {

using ps::test::hasNote;

/// An iteration loop (line 5) around one array statement, arrays 10 x 12.
test::Program iterationLoop(const std::string& statement)
{
  return test::build("program it\n  integer :: k, nit\n  double precision :: p(10, 12), r(10, 12), q(12, 10), beta\n"
                     "  beta = 0.5d0\n"
                     "  do k = 1, nit\n    " +
                     statement + "\n  end do\nend program it\n");
}

const program::Statement& arrayStatement(const test::Program& p)
{
  return *p.unit().statementsIn(p.unit().loops[0].id).front();
}

} // namespace

TEST(ArrayStatements, ElementwiseAssignmentOfArraysMappedAlikeRunsOnTheOwners)
{
  // (BLOCK,BLOCK) on 2x3: blocks of 5 rows and 4 columns, 20 elements per
  // processor per iteration, 7 iterations: 140 each, no message.
  for (const char* statement : {"p = r + beta*p", "p(:,:) = r(:,:) + beta*p(:,:)", "p = sqrt(abs(r)) + max(p, 1.0d0)"}) {
    const auto p = iterationLoop(statement);
    const auto e = test::run(p, 5, "p,r=(BLOCK,BLOCK)", "2x3", {{"nit", 7}});
    EXPECT_EQ(e.workPerProc, std::vector<double>(6, 140.0)) << statement;
    EXPECT_TRUE(e.comm.records.empty()) << statement;
    // P(:,:) = ... is the FORALL over its elements (section-estimate-test.cpp): the same work, and its CM
    const bool section = std::string(statement).find("(:,:)") != std::string::npos;
    EXPECT_EQ(hasNote(e, "The array assignment at line 6 runs where the elements of 'p' are"), !section) << statement;
    EXPECT_EQ(hasNote(e, "The whole-array statement at line 6 is not counted in CM"), !section) << statement; // CM 0 said
    EXPECT_EQ(e.cm > 0, section) << statement;
  }
}

TEST(ArrayStatements, OtherArrayStatementsAreNotElementwise)
{
  std::string error;
  const auto spec = *mapping::parseDistSpec("p,r=(BLOCK,BLOCK)", &error);
  const auto procs = *mapping::parseArrangement("2x2");
  for (const char* statement : {"p = cshift(r, 1)", "p = r + p(1, 1)", "p(2:10, :) = r(1:9, :)", "p = transpose(q)"}) {
    const auto p = iterationLoop(statement);
    const auto m = mapping::mappingFromSpec(spec, p.unit(), {{"nit", 1}}, procs);
    ASSERT_TRUE(m.mapping);
    EXPECT_EQ(estimate::elementwiseArrayAssignment(arrayStatement(p), p.unit(), *m.mapping), nullptr) << statement;
  }
  // mapped differently: r by rows only
  const auto p = iterationLoop("p = r + beta*p");
  const auto m = mapping::mappingFromSpec(*mapping::parseDistSpec("p=(BLOCK,BLOCK); r=(BLOCK,*)", &error), p.unit(),
                                          {{"nit", 1}}, procs);
  ASSERT_TRUE(m.mapping);
  EXPECT_EQ(estimate::elementwiseArrayAssignment(arrayStatement(p), p.unit(), *m.mapping), nullptr);
  const auto alike = mapping::mappingFromSpec(spec, p.unit(), {{"nit", 1}}, procs);
  EXPECT_EQ(estimate::elementwiseArrayAssignment(arrayStatement(p), p.unit(), *alike.mapping),
            &arrayStatement(p).refs.front());
}

TEST(ArrayStatements, ElementwiseAssignmentOutsideLoopsInAUnit)
{
  // X = 0 and R(:,:) = B(:,:) outside loops, (BLOCK,*) of 10 rows on 4: blocks of
  // 3, 3, 3 and 1 rows of 6 columns, once each: 2 x (18, 18, 18, 6).
  const auto p = test::build("subroutine init(x, r, b)\n  double precision :: x(10, 6), r(10, 6), b(10, 6)\n"
                             "!HPF$ DISTRIBUTE (BLOCK,*) :: x, r, b\n  x = 0.0d0\n  r(:,:) = b(:,:)\nend subroutine init\n");
  auto result = estimate::estimateUnit(p.model, p.unit(), std::nullopt, mapping::parseArrangement("4"),
                                       test::unitMachine(), {});
  ASSERT_TRUE(result.estimate) << (result.errors.empty() ? "" : result.errors[0]);
  EXPECT_EQ(result.estimate->workPerProc, (std::vector<double>{36, 36, 36, 12}));
  EXPECT_TRUE(result.estimate->comm.records.empty());
  for (const auto& w : result.estimate->statements)
    EXPECT_DOUBLE_EQ(w.frequency, 60.0) << w.line; // the 10 x 6 elements once
}

TEST(ArrayStatements, WhereMaskOfArraysMappedAlikeRunsOnTheOwners)
{
  // WHERE (R > 0) P = SQRT(R) ELSEWHERE P = 0 in a loop of 7 iterations,
  // (BLOCK,BLOCK) on 2x3: each processor tests its 20 elements (140) and
  // runs each branch on them with probability 0.5 (70 + 70): 280, and no
  // message (all of R was fetched for the mask). The statement form too.
  for (const char* statement : {"where (r > 0.0d0)\n      p = sqrt(r)\n    elsewhere\n      p = 0.0d0\n    end where",
                                "where (r > 0.0d0) p = sqrt(r)"}) {
    const auto p = iterationLoop(statement);
    const auto e = test::run(p, 5, "p,r=(BLOCK,BLOCK)", "2x3", {{"nit", 7}});
    const bool construct = std::string(statement).find("elsewhere") != std::string::npos;
    EXPECT_EQ(e.workPerProc, std::vector<double>(6, construct ? 280.0 : 210.0)) << statement;
    EXPECT_TRUE(e.comm.records.empty()) << statement;
    EXPECT_TRUE(hasNote(e, "The WHERE mask at line 6 runs where the elements of 'p' are")) << statement;
  }
  // a mask of an array mapped otherwise, or masking a scalar: its values must move, not owner-local
  std::string error;
  const auto procs = *mapping::parseArrangement("2x2");
  const auto p = iterationLoop("where (r > 0.0d0) p = sqrt(r)");
  const auto& mask = arrayStatement(p);
  ASSERT_EQ(mask.kind, program::StatementKind::Control);
  const auto other = mapping::mappingFromSpec(*mapping::parseDistSpec("p=(BLOCK,BLOCK); r=(BLOCK,*)", &error),
                                              p.unit(), {{"nit", 1}}, procs);
  EXPECT_EQ(estimate::elementwiseMask(mask, p.unit(), *other.mapping), nullptr);
  const auto alike = mapping::mappingFromSpec(*mapping::parseDistSpec("p,r=(BLOCK,BLOCK)", &error), p.unit(),
                                              {{"nit", 1}}, procs);
  EXPECT_NE(estimate::elementwiseMask(mask, p.unit(), *alike.mapping), nullptr);
  const auto shifted = iterationLoop("where (r > 0.0d0) p = cshift(r, 1)");
  EXPECT_EQ(estimate::elementwiseMask(arrayStatement(shifted), shifted.unit(), *alike.mapping), nullptr);
}

TEST(ArrayStatements, AnElsewhereMaskIsJudgedByItsOwnText)
{
  // ELSEWHERE (R < 0.5*MAXVAL(R)) reduces R: it is no elementwise mask,
  // whatever the WHERE's mask (its text was the WHERE line's)
  const auto p = iterationLoop("where (r > 0.0d0)\n      p = sqrt(r)\n    elsewhere (r < 0.5d0*maxval(r))\n"
                               "      p = 0.0d0\n    end where");
  std::string error;
  const auto m = mapping::mappingFromSpec(*mapping::parseDistSpec("p,r=(BLOCK,BLOCK)", &error), p.unit(),
                                          {{"nit", 1}}, *mapping::parseArrangement("2x2"));
  ASSERT_TRUE(m.mapping);
  std::vector<const program::Statement*> masks;
  for (const auto* st : p.unit().statementsIn(p.unit().loops[0].id))
    if (st->kind == program::StatementKind::Control)
      masks.push_back(st);
  ASSERT_EQ(masks.size(), 2u);
  EXPECT_EQ(masks[0]->line, 6);
  EXPECT_EQ(masks[1]->line, 8);
  EXPECT_NE(estimate::elementwiseMask(*masks[0], p.unit(), *m.mapping), nullptr);
  EXPECT_EQ(estimate::elementwiseMask(*masks[1], p.unit(), *m.mapping), nullptr);
}

TEST(ArrayStatements, SectionElementsAreCountedWithinTheArray)
{
  // elementCount of W(100)'s sections, by hand: the even elements read backwards; every third
  // from 0, where 0 is outside (3, 6, ..., 99); a reversed section read forwards (none); one element
  const auto p = test::build("program ec\n  real :: w(100), s\n"
                             "  s = sum(w(100:1:-2)) + sum(w(0:100:3)) + sum(w(1:5:-1)) + sum(w(5:5))\n"
                             "end program ec\n");
  const auto& refs = p.unit().statements.front().refs;
  ASSERT_EQ(refs.size(), 4u);
  const std::vector<std::pair<std::int64_t, bool>> expected{{50, false}, {33, true}, {0, false}, {1, false}};
  for (std::size_t k = 0; k < refs.size(); ++k) {
    bool clipped = false;
    EXPECT_EQ(estimate::elementCount(p.unit(), {}, refs[k], &clipped), expected[k].first) << refs[k].text();
    EXPECT_EQ(clipped, expected[k].second) << refs[k].text();
  }
}

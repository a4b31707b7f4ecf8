// Estimator tests with hand-checked and enumerated values.
#include "estimate/run-estimate.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace ps;
using test::run;
using test::unitMachine;

namespace {

double variationCoefficient(const std::vector<double>& w)
{
  double mean = 0;
  for (double x : w)
    mean += x / static_cast<double>(w.size());
  double var = 0;
  for (double x : w)
    var += (x - mean) * (x - mean) / static_cast<double>(w.size());
  return std::sqrt(var) / mean;
}

const char* kTriangular = "program tri\n"
                          "  integer :: n, i, j\n"
                          "  double precision :: a(n, n)\n"
                          "  do i = 1, n\n"
                          "    do j = 1, i\n"
                          "      a(i, j) = a(i, j) * 2.0d0\n"
                          "    end do\n"
                          "  end do\n"
                          "end program tri\n";

} // namespace

struct TriangularRow {
  std::int64_t n;
  const char* format;
  std::int64_t blockSize; // 0 for BLOCK, k for CYCLIC(k)
};

class TriangularWork : public testing::TestWithParam<TriangularRow> {};

TEST_P(TriangularWork, EqualsBruteForceEnumeration)
{
  const auto row = GetParam();
  auto p = test::build(kTriangular);
  const std::string spec = std::string("a=(") + row.format + ",*)";
  auto e = run(p, 4, spec, "4", {{"n", row.n}});
  // the oracle writes HPF's ownership out instead of calling the library:
  // BLOCK: (i-1) / ceil(n/P); CYCLIC(k): ((i-1) / k) mod P
  const auto owner = [&](std::int64_t i) -> std::size_t {
    if (row.blockSize == 0)
      return static_cast<std::size_t>((i - 1) / ((row.n + 3) / 4));
    return static_cast<std::size_t>(((i - 1) / row.blockSize) % 4);
  };
  std::vector<double> brute(4, 0.0);
  for (std::int64_t i = 1; i <= row.n; ++i)
    for (std::int64_t j = 1; j <= i; ++j)
      brute[owner(i)] += 1;
  ASSERT_EQ(e.workPerProc, brute);
  EXPECT_NEAR(e.wd, variationCoefficient(brute), 1e-12); // Def. 3.2 from those counts
  EXPECT_EQ(e.nt, 0);                                    // a(i,j) reads its own element
}

INSTANTIATE_TEST_SUITE_P(Rows, TriangularWork,
                         testing::Values(TriangularRow{16, "BLOCK", 0}, TriangularRow{16, "CYCLIC", 1},
                                         TriangularRow{17, "BLOCK", 0}, TriangularRow{17, "CYCLIC", 1},
                                         TriangularRow{30, "BLOCK", 0}, TriangularRow{30, "CYCLIC", 1},
                                         TriangularRow{31, "CYCLIC(2)", 2}, TriangularRow{3, "BLOCK", 0}));

TEST(TriangularWork, HandCheckedCountsForNEight)
{
  // n = 8, P = 4: BLOCK gives rows {1,2},{3,4},{5,6},{7,8} -> 3, 7, 11, 15 iterations;
  // CYCLIC gives rows {1,5},{2,6},{3,7},{4,8} -> 6, 8, 10, 12.
  auto p = test::build(kTriangular);
  EXPECT_EQ(run(p, 4, "a=(BLOCK,*)", "4", {{"n", 8}}).workPerProc, (std::vector<double>{3, 7, 11, 15}));
  EXPECT_EQ(run(p, 4, "a=(CYCLIC,*)", "4", {{"n", 8}}).workPerProc, (std::vector<double>{6, 8, 10, 12}));
}

TEST(Communication, ThreePointStencilHoistedShift)
{
  auto p = test::build("program s\n"
                       "  integer, parameter :: n = 100\n"
                       "  double precision :: u(n), v(n)\n"
                       "  integer :: i\n"
                       "  do i = 2, n - 1\n"
                       "    v(i) = u(i - 1) + u(i) + u(i + 1)\n"
                       "  end do\n"
                       "end program s\n");
  auto e = run(p, 5, "u,v=(BLOCK)", "4", {});
  EXPECT_EQ(e.comm.messagesPerProc, (std::vector<std::int64_t>{1, 2, 2, 1}));
  EXPECT_EQ(e.ntMaxPerProc, 2);
  EXPECT_EQ(e.nt, 6);
  EXPECT_EQ(e.tdBytes, 6 * 8); // one halo element per message, DOUBLE PRECISION
  ASSERT_EQ(e.comm.records.size(), 2u);
  for (const auto& r : e.comm.records) {
    EXPECT_EQ(r.pattern, "shift");
    EXPECT_EQ(r.placement, 0); // hoisted before the nest
    EXPECT_EQ(r.instances, 1);
    EXPECT_DOUBLE_EQ(r.time, 1.0 + 0.01 * 8); // the slowest processor sends one message per record
  }
  EXPECT_DOUBLE_EQ(e.tt, 2 * (1.0 + 0.08));
  // CT: the busiest processor runs 25 iterations of 2 adds + 3 loads + 1 store at 1 s each
  EXPECT_DOUBLE_EQ(e.ct, 25 * 6.0);
  EXPECT_DOUBLE_EQ(e.time, e.ct + e.tt);
}

TEST(Communication, CarriedDependenceKeepsMessagesInsideTheLoop)
{
  // x(i,j) depends on x(i,j-1): under (*,BLOCK) the j loop carries the
  // dependence, so each column crossing a block boundary is one message.
  auto p = test::build("program sweep\n"
                       "  integer, parameter :: n = 16\n"
                       "  double precision :: x(n, n)\n"
                       "  integer :: i, j\n"
                       "  do j = 2, n\n"
                       "    do i = 1, n\n"
                       "      x(i, j) = x(i, j) - x(i, j - 1)\n"
                       "    end do\n"
                       "  end do\n"
                       "end program sweep\n");
  auto columns = run(p, 5, "x=(*,BLOCK)", "4", {});
  ASSERT_EQ(columns.comm.records.size(), 1u);
  EXPECT_EQ(columns.comm.records[0].placement, 1);
  EXPECT_EQ(columns.comm.records[0].instances, 3); // j = 5, 9, 13 start blocks 1..3
  EXPECT_EQ(columns.nt, 3);
  EXPECT_EQ(columns.tdBytes, 3 * 16 * 8);
  EXPECT_DOUBLE_EQ(columns.tt, 3 * (1.0 + 0.01 * 128));
  auto rows = run(p, 5, "x=(BLOCK,*)", "4", {});
  EXPECT_EQ(rows.nt, 0);
  EXPECT_EQ(rows.workPerProc, (std::vector<double>{60, 60, 60, 60}));
}

TEST(Communication, WriteBeforeAnInnerLoopIsExchangedBeforeThatLoop)
{
  // The pivot d(k) is written in step k before the i loop reads it: one
  // exchange per k (placement 1), not one per (k, i). Under (CYCLIC) the
  // pivot's owner sends it to the three others at every k.
  auto p = test::build("program pivot\n"
                       "  integer, parameter :: n = 8\n"
                       "  double precision :: d(n), x(n)\n"
                       "  integer :: i, k\n"
                       "  do k = 1, n\n"
                       "    d(k) = sqrt(d(k))\n"
                       "    do i = k + 1, n\n"
                       "      x(i) = x(i) / d(k)\n"
                       "    end do\n"
                       "  end do\n"
                       "end program pivot\n");
  auto e = run(p, 5, "d,x=(CYCLIC)", "4", {});
  ASSERT_EQ(e.comm.records.size(), 1u);
  const auto& r = e.comm.records[0];
  EXPECT_EQ(r.reference, "d(k)");
  EXPECT_EQ(r.placement, 1);
  EXPECT_EQ(r.instances, 7); // k = 1..7 (k = 8 has no i)
  // the other owners of x(k+1..8): k = 1..4 three each, then 3, 2, 1
  EXPECT_EQ(r.messages, 3 + 3 + 3 + 3 + 3 + 2 + 1);
}

TEST(Estimator, MissingUnknownIsAnErrorNamingIt)
{
  auto p = test::build(kTriangular);
  std::string error;
  auto spec = mapping::parseDistSpec("a=(BLOCK,*)", &error);
  auto m = mapping::mappingFromSpec(*spec, p.unit(), {}, *mapping::parseArrangement("4"));
  ASSERT_FALSE(m.mapping);
  EXPECT_EQ(m.errors, std::vector<std::string>{"The value of 'n' is needed for the extent of 'a'"});
  EXPECT_EQ(m.missing, std::vector<std::string>{"n"});
}

TEST(Estimator, InnerLoopNeedsTheOuterVariable)
{
  // Selecting only the inner loop `do j = 1, i` leaves i an unknown, as
  // ParaScope prompts for it; the result names it instead of guessing.
  auto p = test::build(kTriangular);
  std::string error;
  auto spec = mapping::parseDistSpec("a=(BLOCK,*)", &error);
  auto m = mapping::mappingFromSpec(*spec, p.unit(), {{"n", 8}}, *mapping::parseArrangement("4"));
  ASSERT_TRUE(m.mapping);
  auto missing = estimate::estimateNest(p.unit(), *p.unit().loopAtLine(5), *m.mapping, unitMachine(), {{"n", 8}});
  EXPECT_FALSE(missing.estimate);
  EXPECT_EQ(missing.missing, std::vector<std::string>{"i"});
  EXPECT_EQ(missing.errors, std::vector<std::string>{"The value of 'i' is needed for the bounds of the loop at line 5"});
  auto given = estimate::estimateNest(p.unit(), *p.unit().loopAtLine(5), *m.mapping, unitMachine(), {{"n", 8}, {"i", 6}});
  ASSERT_TRUE(given.estimate);
  EXPECT_EQ(given.estimate->workPerProc, (std::vector<double>{0, 0, 6, 0})); // rows 5-6 live on processor 2
}

TEST(Estimator, NonAffineReferenceBecomesANoteNotAFailure)
{
  auto p = test::build("program g\n"
                       "  integer, parameter :: n = 64\n"
                       "  real :: a(n), b(n)\n"
                       "  integer :: idx(n), i\n"
                       "  do i = 1, n\n"
                       "    a(i) = b(idx(i))\n"
                       "  end do\n"
                       "end program g\n");
  auto e = run(p, 5, "a,b=(BLOCK)", "4", {});
  ASSERT_FALSE(e.notes.empty());
  EXPECT_NE(e.notes[0].find("Reference 'b(idx(i))' at line 6 is not affine"), std::string::npos);
  EXPECT_EQ(e.nt, 12); // conservative: every processor fetches from each of the 3 others
  EXPECT_EQ(e.workPerProc, (std::vector<double>{16, 16, 16, 16}));
}

TEST(Estimator, DirectivesGiveTheMapping)
{
  auto p = test::build("program d\n"
                       "  integer, parameter :: n = 12\n"
                       "  real :: a(n), b(n)\n"
                       "  integer :: i\n"
                       "!HPF$ PROCESSORS pr(3)\n"
                       "!HPF$ TEMPLATE t(0:n+1)\n"
                       "!HPF$ ALIGN a(i) WITH t(i+1)\n"
                       "!HPF$ ALIGN b(i) WITH a(i)\n"
                       "!HPF$ DISTRIBUTE t(BLOCK) ONTO pr\n"
                       "  do i = 1, n\n"
                       "    a(i) = b(i)\n"
                       "  end do\n"
                       "end program d\n");
  auto m = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt);
  ASSERT_TRUE(m.mapping) << m.errors[0];
  EXPECT_EQ(m.mapping->procs.count(), 3);
  // template 0..13 in blocks of 5: a(i) sits at t(i+1), so a(1..3) -> 0, a(4..8) -> 1, a(9..12) -> 2
  auto e = estimate::estimateNest(p.unit(), *p.unit().loopAtLine(10), *m.mapping, unitMachine(), {});
  ASSERT_TRUE(e.estimate);
  EXPECT_EQ(e.estimate->workPerProc, (std::vector<double>{3, 5, 4}));
  EXPECT_EQ(e.estimate->nt, 0); // b is aligned with a
}

TEST(Estimator, AnElementWrittenInASiblingLoopOfTheSameIterationIsReadThere)
{
  // Row i of A is written by one DO J and read by a sibling DO J in the same
  // iteration of DO I. The distance test stopped at the column subscript (a
  // loop the statements do not share) and hoisted the read before the nest,
  // reading values not yet computed; with A(J,I) it was kept inside. Under
  // A(*,CYCLIC), D(CYCLIC) on 4, n = 8: row i's 8 elements go to D(i)'s owner
  // from the 3 other column owners (2 each), once per i: 8 x 3 messages of
  // 16 bytes, 24 and 384 bytes.
  auto p = test::build("program r2\n  integer, parameter :: n = 8\n"
                       "  double precision :: a(n, n), b(n, n), d(n)\n  integer :: i, j\n"
                       "  do i = 1, n\n    do j = 1, n\n      a(i, j) = 2 * b(i, j)\n    end do\n"
                       "    do j = 1, n\n      d(i) = d(i) - a(i, j)\n    end do\n  end do\nend program r2\n");
  auto e = run(p, 5, "a,b=(*,CYCLIC); d=(CYCLIC)", "4", {});
  ASSERT_EQ(e.comm.records.size(), 1u);
  const auto& r = e.comm.records[0];
  EXPECT_EQ(r.reference, "a(i,j)");
  EXPECT_EQ(r.placement, 1);
  EXPECT_EQ(r.instances, 8);
  EXPECT_EQ(r.messages, 24);
  EXPECT_EQ(r.bytes, 384);
}

// MachineProfile::transferTime: a pattern's fitted curve when the profile
// has one, rho + beta * bytes + gamma * hops otherwise; and an estimate
// priced by the curves equals the hand-computed TT.
#include "estimate/run-estimate.h"
#include "machine/machine-profile.h"

#include <gtest/gtest.h>

using namespace ps;
using machine::CommCurve;

namespace {

CommCurve line(const std::string& pattern, int ranks, double a, double b, std::int64_t stride = 1)
{
  return {pattern, ranks, stride, {{0, 1e6, a, b}}, 0, 0, 0};
}

} // namespace

TEST(TransferTime, WithoutCurvesItIsTheMessageTime)
{
  auto m = test::unitMachine();
  m.hopTime = 0.5;
  for (const char* pattern : {"shift", "copy", "broadcast", "reduction", "redistribution"}) {
    EXPECT_EQ(m.transferTime(pattern, 8, 3, 4), m.messageTime(8, 3)) << pattern;
    EXPECT_EQ(m.collectiveTime(pattern, 8, 2, 4), 2 * m.messageTime(8, 1)) << pattern;
    EXPECT_EQ(m.curveFor(pattern, 4), nullptr);
  }
}

TEST(TransferTime, PatternsMapToTheirTrainingCurves)
{
  auto m = test::unitMachine();
  m.curves = {line("vSR", 4, 10, 0), line("BCAST", 4, 20, 0), line("COMBN", 4, 30, 0), line("pingpong", 2, 40, 0.5)};
  EXPECT_EQ(m.transferTime("shift", 8, 1, 4), 10);     // no EXCH: vSR
  EXPECT_EQ(m.collectiveTime("broadcast", 8, 2, 4), 20); // the curve measured the whole broadcast
  EXPECT_EQ(m.collectiveTime("reduction", 8, 2, 4), 30);
  EXPECT_EQ(m.transferTime("copy", 8, 3, 4), 44);        // hops are in the measurement
  EXPECT_EQ(m.transferTime("redistribution", 8, 1, 4), m.messageTime(8, 1));
  m.curves.push_back(line("EXCH", 4, 11, 0));
  EXPECT_EQ(m.transferTime("shift", 8, 1, 4), 11); // EXCH first
}

TEST(TransferTime, TheCurveOfTheMostRanksNotAboveTheProcessors)
{
  auto m = test::unitMachine();
  m.curves = {line("EXCH", 8, 8, 0), line("EXCH", 2, 2, 0), line("EXCH", 4, 4, 0), line("EXCH", 4, 99, 0, 2)};
  EXPECT_EQ(m.transferTime("shift", 1, 1, 1), 2); // none at or below 1: the smallest
  EXPECT_EQ(m.transferTime("shift", 1, 1, 2), 2);
  EXPECT_EQ(m.transferTime("shift", 1, 1, 3), 2);
  EXPECT_EQ(m.transferTime("shift", 1, 1, 4), 4); // stride 2 never prices a contiguous message
  EXPECT_EQ(m.transferTime("shift", 1, 1, 7), 4);
  EXPECT_EQ(m.transferTime("shift", 1, 1, 64), 8);
}

TEST(TransferTime, BetweenTwoMeasuredSegmentsTheCurveIsTheStraightLineAcrossTheGap)
{
  // measured up to 32 KiB and from 128 KiB on (a quick grid); 64 KiB was
  // priced at the 128 KiB time before, twice what the neighbours suggest
  const CommCurve c{"vSR", 2, 1, {{8, 32768, 10e-6, 1e-9}, {131072, 1 << 20, 50e-6, 1e-9}}, 0, 0, 0};
  const double end = 10e-6 + 32768e-9, start = 50e-6 + 131072e-9;
  EXPECT_DOUBLE_EQ(c.seconds(32768), end);
  EXPECT_DOUBLE_EQ(c.seconds(131072), start);
  EXPECT_NEAR(c.seconds(65536), end + (start - end) / 3, 1e-15);
  EXPECT_DOUBLE_EQ(c.seconds(4), 10e-6 + 8e-9); // below the first: its value at 8 bytes
  double before = 0;
  for (double bytes = 1; bytes <= (1 << 21); bytes *= 1.25) {
    EXPECT_GE(c.seconds(bytes), before) << bytes; // never less for a longer message
    before = c.seconds(bytes);
  }
  // touching segments have no gap: the later line from its start
  const CommCurve touching{"vSR", 2, 1, {{8, 1024, 1e-6, 1e-9}, {1024, 4096, 5e-6, 1e-9}}, 0, 0, 0};
  EXPECT_DOUBLE_EQ(touching.seconds(2048), 5e-6 + 2048e-9);
}

TEST(TransferTime, AnEstimateUsesTheCurves)
{
  auto p = test::build("program s\n"
                       "  integer, parameter :: n = 100\n"
                       "  double precision :: u(n), v(n)\n"
                       "  integer :: i\n"
                       "  do i = 2, n - 1\n"
                       "    v(i) = u(i - 1) + u(i) + u(i + 1)\n"
                       "  end do\n"
                       "end program s\n");
  auto m = test::unitMachine();
  const auto plain = test::run(p, 5, "u,v=(BLOCK)", "4", {}, m);
  EXPECT_DOUBLE_EQ(plain.tt, 2 * (1.0 + 0.01 * 8)); // rho + beta * 8 bytes per shift record
  // an EXCH curve with a packet step at 4 bytes: the 8-byte halo is on the second segment
  m.curves = {{"EXCH", 4, 1, {{1, 4, 2.0, 0.25}, {5, 1024, 3.0, 0.5}}, 4, 0, 0}, line("EXCH", 8, 1000, 0),
              line("vSR", 4, 500, 0)};
  const auto curved = test::run(p, 5, "u,v=(BLOCK)", "4", {}, m);
  ASSERT_EQ(curved.comm.records.size(), 2u);
  for (const auto& r : curved.comm.records)
    EXPECT_DOUBLE_EQ(r.time, 3.0 + 0.5 * 8); // the slowest processor's one message of 8 bytes
  EXPECT_DOUBLE_EQ(curved.tt, 2 * (3.0 + 0.5 * 8));
  EXPECT_EQ(curved.nt, plain.nt); // counts do not depend on the prices
  EXPECT_EQ(curved.tdBytes, plain.tdBytes);
  EXPECT_DOUBLE_EQ(curved.ct, plain.ct);
}

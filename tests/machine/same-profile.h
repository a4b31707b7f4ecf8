#pragma once
// Field-by-field equality of machine profiles and their fitted curves, exact
// (profileToJson prints numbers to round-trip): the JSON and store tests.

#include "machine/machine-profile.h"

#include <gtest/gtest.h>

namespace ps::test {

inline void expectSameCurve(const machine::CommCurve& a, const machine::CommCurve& b)
{
  EXPECT_EQ(a.pattern, b.pattern);
  EXPECT_EQ(a.ranks, b.ranks);
  EXPECT_EQ(a.strideElements, b.strideElements);
  EXPECT_EQ(a.packetBytes, b.packetBytes);
  EXPECT_EQ(a.chiSquarePerDof, b.chiSquarePerDof);
  EXPECT_EQ(a.maxRelativeError, b.maxRelativeError);
  ASSERT_EQ(a.segments.size(), b.segments.size());
  for (std::size_t k = 0; k < a.segments.size(); ++k) {
    EXPECT_EQ(a.segments[k].fromBytes, b.segments[k].fromBytes);
    EXPECT_EQ(a.segments[k].toBytes, b.segments[k].toBytes);
    EXPECT_EQ(a.segments[k].a, b.segments[k].a); // exact: the numbers are printed to round-trip
    EXPECT_EQ(a.segments[k].b, b.segments[k].b);
  }
}

inline void expectSameProfile(const machine::MachineProfile& a, const machine::MachineProfile& b)
{
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.title, b.title);
  EXPECT_EQ(a.source, b.source);
  EXPECT_EQ(a.startup, b.startup);
  EXPECT_EQ(a.byteTime, b.byteTime);
  EXPECT_EQ(a.hopTime, b.hopTime);
  EXPECT_EQ(a.topology, b.topology);
  EXPECT_EQ(a.defaultProcessors, b.defaultProcessors);
  EXPECT_EQ(a.cacheLineBytes, b.cacheLineBytes);
  EXPECT_EQ(a.cacheBytes, b.cacheBytes);
  const double opsA[] = {a.ops.addSub, a.ops.mul, a.ops.div, a.ops.pow, a.ops.intrinsic, a.ops.load, a.ops.store};
  const double opsB[] = {b.ops.addSub, b.ops.mul, b.ops.div, b.ops.pow, b.ops.intrinsic, b.ops.load, b.ops.store};
  for (int k = 0; k < 7; ++k)
    EXPECT_EQ(opsA[k], opsB[k]) << k;
  EXPECT_EQ(a.assumptions, b.assumptions);
  ASSERT_EQ(a.curves.size(), b.curves.size());
  for (std::size_t i = 0; i < a.curves.size(); ++i)
    expectSameCurve(a.curves[i], b.curves[i]);
}

} // namespace ps::test

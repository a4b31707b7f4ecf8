#include "machine/machine-profile.h"

#include <gtest/gtest.h>

using namespace ps::machine;

TEST(MachineProfile, BuiltinsCarryThePapersNumbers)
{
  std::string error;
  auto paragon = findProfile("paragon", &error);
  ASSERT_TRUE(paragon) << error;
  EXPECT_DOUBLE_EQ(paragon->startup, 46e-6);            // Sun 2002: latency 46 us
  EXPECT_NEAR(1.0 / paragon->byteTime, 80e6, 1.0);      // 80 Mbytes/s
  EXPECT_EQ(paragon->topology, "mesh2d");
  auto sp2 = findProfile("sp2", &error);
  ASSERT_TRUE(sp2);
  EXPECT_DOUBLE_EQ(sp2->startup, 45e-6);
  EXPECT_NEAR(1.0 / sp2->byteTime, 35e6, 1.0);
  auto ddt = findProfile("ddt", &error);
  ASSERT_TRUE(ddt);
  EXPECT_DOUBLE_EQ(ddt->byteTime, 1e-6); // DDT: 1 us per byte
  EXPECT_EQ(ddt->defaultProcessors, 16);
  // the DDT cost calibration reproduces 0.352925 s for phase 4 (255*256*2 statements)
  ps::program::OperationCounts stmt{1, 1, 1, 0, 0, 4, 1};
  EXPECT_NEAR(ddt->ops.time(stmt) * 255 * 256 * 2, 0.352925, 0.0005);
  EXPECT_TRUE(findProfile("teaching", &error));
  EXPECT_EQ(builtinProfiles().size(), 4u);
}

TEST(MachineProfile, UnknownNameAndBadJsonAreClearErrors)
{
  std::string error;
  EXPECT_FALSE(findProfile("cray", &error));
  EXPECT_EQ(error, "Unknown machine 'cray'; built-in profiles are ddt, paragon, sp2, teaching, or give a JSON file");
  EXPECT_FALSE(profileFromJson("{\"name\": \"x\"}", &error));
  EXPECT_NE(error.find("missing a field"), std::string::npos);
}

TEST(MachineProfile, MeshHops)
{
  MachineProfile m;
  m.topology = "mesh2d";
  EXPECT_EQ(m.hops(0, 15, 16), 6); // corners of a 4x4 mesh
  EXPECT_EQ(m.hops(5, 6, 16), 1);
}

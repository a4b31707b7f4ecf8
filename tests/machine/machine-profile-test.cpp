#include "machine/machine-profile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

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
  EXPECT_EQ(builtinProfiles().size(), 6u);
}

TEST(MachineProfile, UnknownNameAndBadJsonAreClearErrors)
{
  std::string error;
  EXPECT_FALSE(findProfile("cray", &error));
  EXPECT_EQ(error, "Unknown machine 'cray'; built-in profiles are ddt, ipsc860, ncube, paragon, sp2, teaching, or give a JSON file");
  EXPECT_FALSE(profileFromJson("{\"name\": \"x\"}", &error));
  EXPECT_EQ(error, "Machine profile is missing the field 'startup_s'");
}

TEST(MachineProfile, MeshHops)
{
  MachineProfile m;
  m.topology = "mesh2d";
  EXPECT_EQ(m.hops(0, 15, 16), 6); // corners of a 4x4 mesh
  EXPECT_EQ(m.hops(5, 6, 16), 1);
}

TEST(MachineProfile, FatTreeHopsGoUpToTheLowestCommonSwitch)
{
  MachineProfile m;
  m.topology = "fattree";
  EXPECT_EQ(m.hops(5, 5, 64), 0);
  EXPECT_EQ(m.hops(4, 7, 64), 2);   // one leaf switch (4..7)
  EXPECT_EQ(m.hops(3, 4, 64), 4);   // neighbouring leaves under one level-2 switch (0..15)
  EXPECT_EQ(m.hops(0, 63, 64), 6);  // the root of 64
  EXPECT_EQ(m.hops(15, 16, 64), 6);
}

TEST(MachineProfile, CacheOfTheBuiltins)
{
  std::string error;
  const std::vector<std::tuple<std::string, std::int64_t, std::int64_t>> rows = {
    {"paragon", 32, 16384}, {"sp2", 256, 262144}, {"ddt", 64, 32768},
    {"teaching", 64, 32768}, {"ipsc860", 32, 8192}, {"ncube", 8, 8}};
  for (const auto& [name, line, bytes] : rows) {
    auto m = findProfile(name, &error);
    ASSERT_TRUE(m) << error;
    EXPECT_EQ(m->cacheLineBytes, line) << name;
    EXPECT_EQ(m->cacheBytes, bytes) << name;
    const bool said = std::any_of(m->assumptions.begin(), m->assumptions.end(),
                                  [](const std::string& a) { return a.find("Cache") == 0; });
    EXPECT_TRUE(said) << name << ": where the cache numbers come from belongs in the assumptions";
  }
}

TEST(MachineProfile, HistoricalHypercubes)
{
  // The iPSC/860 of Sun-Pantano-Fahringer 1999 and an NCUBE like Balasundaram
  // et al.'s: neither paper prints constants, so each says where its numbers
  // come from and that they are assumed.
  std::string error;
  auto ipsc = findProfile("ipsc860", &error);
  ASSERT_TRUE(ipsc) << error;
  EXPECT_EQ(ipsc->topology, "hypercube");
  EXPECT_EQ(ipsc->defaultProcessors, 16);
  EXPECT_EQ(ipsc->hops(0, 15, 16), 4); // opposite corners of a 4-cube
  // 136 us + 1024 bytes * 0.36 us = 504.64 us, distance free
  EXPECT_NEAR(ipsc->messageTime(1024, 4), 504.64e-6, 1e-12);
  EXPECT_NE(ipsc->source.find("Sun, Pantano and Fahringer 1999"), std::string::npos);
  auto ncube = findProfile("ncube", &error);
  ASSERT_TRUE(ncube) << error;
  EXPECT_EQ(ncube->topology, "hypercube");
  EXPECT_EQ(ncube->defaultProcessors, 64);
  EXPECT_EQ(ncube->hops(5, 58, 64), 6); // 000101 and 111010 differ in every bit
  EXPECT_NEAR(1e-6 / ncube->byteTime, 2.75, 0.001); // MB/s of the nCUBE 2 link
  EXPECT_NE(ncube->source.find("Balasundaram"), std::string::npos);
  for (const auto* m : {&*ipsc, &*ncube})
    for (const char* word : {"Start-up", "Per-hop", "Operation costs", "Cache"}) {
      const bool said = std::any_of(m->assumptions.begin(), m->assumptions.end(),
                                    [&](const std::string& a) { return a.find(word) == 0; });
      EXPECT_TRUE(said) << m->name << ": no assumption on " << word;
    }
}

TEST(MachineProfile, CacheFieldsAreValidated)
{
  const std::string head = R"({"name": "x", "startup_s": 1e-5, "byte_time_s": 1e-8, "op_costs_s": {"add_sub": 1,
    "mul": 1, "div": 1, "pow": 1, "intrinsic": 1, "load": 1, "store": 1})";
  std::string error;
  EXPECT_FALSE(profileFromJson(head + R"(, "cache_line_bytes": 0, "cache_bytes": 4096})", &error));
  EXPECT_EQ(error, "Machine profile field 'cache_line_bytes' must be greater than 0");
  EXPECT_FALSE(profileFromJson(head + R"(, "cache_line_bytes": 64, "cache_bytes": -1})", &error));
  EXPECT_EQ(error, "Machine profile field 'cache_bytes' must be greater than 0");
  EXPECT_FALSE(profileFromJson(head + R"(, "cache_line_bytes": 128, "cache_bytes": 64})", &error));
  EXPECT_EQ(error, "Machine profile field 'cache_line_bytes' must not exceed 'cache_bytes'");
  EXPECT_FALSE(profileFromJson(head + R"(, "cache_line_bytes": "64", "cache_bytes": 4096})", &error));
  EXPECT_NE(error.find("wrong type"), std::string::npos);
  auto old = profileFromJson(head + "}", &error); // written before the cache fields: defaults, and said so
  ASSERT_TRUE(old) << error;
  EXPECT_EQ(old->cacheLineBytes, 64);
  EXPECT_EQ(old->cacheBytes, 32768);
  ASSERT_EQ(old->assumptions.size(), 1u);
  EXPECT_EQ(old->assumptions[0], "Cache not given: assumed 64-byte lines and 32 KB per processor");
  auto given = profileFromJson(head + R"(, "cache_line_bytes": 32, "cache_bytes": 8192})", &error);
  ASSERT_TRUE(given) << error;
  EXPECT_EQ(given->cacheLineBytes, 32);
  EXPECT_EQ(given->cacheBytes, 8192);
  EXPECT_TRUE(given->assumptions.empty());
}

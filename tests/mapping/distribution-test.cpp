// Ownership follows HPF's definitions; counts equal brute-force enumeration.
#include "mapping/dist-spec.h"
#include "mapping/distribution.h"
#include "mapping/processors.h"

#include <gtest/gtest.h>

using namespace ps::mapping;

TEST(Distribution, OwnerFollowsHpfDefinitions)
{
  // BLOCK: block size ceil(N/P); 10 elements on 4 processors -> 3,3,3,1
  DimensionDistribution block(DistributionFormat::block(), 1, 10, 4);
  EXPECT_EQ(block.blockSize(), 3);
  const int expectedBlock[] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3};
  for (int i = 1; i <= 10; ++i)
    EXPECT_EQ(block.owner(i), expectedBlock[i - 1]) << "i=" << i;
  // CYCLIC(2): owner of i is floor((i-lb)/2) mod P
  DimensionDistribution cyclic2(DistributionFormat::cyclic(2), 0, 11, 3);
  for (int i = 0; i <= 11; ++i)
    EXPECT_EQ(cyclic2.owner(i), (i / 2) % 3) << "i=" << i;
}

TEST(Distribution, CountOwnedEqualsEnumeration)
{
  const DistributionFormat formats[] = {DistributionFormat::block(), DistributionFormat::cyclic(),
                                        DistributionFormat::cyclic(3), DistributionFormat::block(4)};
  for (const auto& f : formats) {
    for (std::int64_t p : {1, 2, 3, 4, 7}) {
      DimensionDistribution d(f, 2, 29, p);
      for (std::int64_t lo = -1; lo <= 31; lo += 3) {
        for (std::int64_t hi = lo - 1; hi <= 32; hi += 5) {
          for (std::int64_t c = 0; c < p; ++c) {
            std::int64_t brute = 0;
            for (auto i = lo; i <= hi; ++i)
              brute += d.owner(i) == c;
            ASSERT_EQ(d.countOwned(lo, hi, c), brute) << f.str() << " P=" << p << " [" << lo << "," << hi << "] c=" << c;
          }
        }
      }
    }
  }
}

TEST(Processors, ParseAndReshape)
{
  EXPECT_EQ(parseArrangement("16")->shape, (std::vector<std::int64_t>{16}));
  EXPECT_EQ(parseArrangement("4x2")->shape, (std::vector<std::int64_t>{4, 2}));
  EXPECT_FALSE(parseArrangement("0"));
  EXPECT_FALSE(parseArrangement("4x"));
  EXPECT_EQ(parseArrangement("16")->reshaped(2).shape, (std::vector<std::int64_t>{4, 4}));
  EXPECT_EQ(parseArrangement("8")->reshaped(2).shape, (std::vector<std::int64_t>{4, 2}));
  ProcessorsArrangement grid{"g", {4, 2}};
  for (std::int64_t p = 0; p < 8; ++p)
    EXPECT_EQ(grid.linear(grid.coordinates(p)), p);
  EXPECT_EQ(grid.coordinates(5), (std::vector<std::int64_t>{1, 1})); // column-major
}

TEST(DistSpec, ParsesGroupsAndRejectsBadFormats)
{
  std::string error;
  auto spec = parseDistSpec("x, a ,B=(BLOCK,*); c=(cyclic(4))", &error);
  ASSERT_TRUE(spec) << error;
  ASSERT_EQ(spec->groups.size(), 2u);
  EXPECT_EQ(spec->groups[0].arrays, (std::vector<std::string>{"x", "a", "b"}));
  EXPECT_EQ(spec->groups[1].formats[0], DistributionFormat::cyclic(4));
  EXPECT_EQ(spec->distributedRank(), 1);
  EXPECT_FALSE(parseDistSpec("x=(BLOK)", &error));
  EXPECT_EQ(error, "Unknown distribution format 'BLOK' in 'x=(BLOK)'; use BLOCK, BLOCK(m), CYCLIC, CYCLIC(k), * or replicated");
  EXPECT_FALSE(parseDistSpec("x(BLOCK)", &error));
}

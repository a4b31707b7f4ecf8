// Distribution specs and mappings that HPF forbids or that cannot be counted
// are errors naming the problem, never silent guesses.
#include "mapping/dist-spec.h"
#include "mapping/mapping-builder.h"
#include "test-support.h"

#include <gtest/gtest.h>

using namespace ps;
using namespace ps::mapping;

namespace {

std::string specError(const std::string& text)
{
  std::string error;
  EXPECT_FALSE(parseDistSpec(text, &error)) << text;
  return error;
}

/// Errors of mapping `spec` onto `procs` in a program with a(n), b(n, n).
std::vector<std::string> mappingErrors(const std::string& spec, const std::string& procs, std::int64_t n)
{
  const auto p = test::build("program p\n  integer :: n\n  real :: a(n), b(n, n)\n  a(1) = 0\nend\n");
  std::string error;
  auto s = parseDistSpec(spec, &error);
  EXPECT_TRUE(s) << error;
  return mappingFromSpec(*s, p.unit(), {{"n", n}}, *parseArrangement(procs)).errors;
}

} // namespace

TEST(BadSpec, SizesBelowOneAndRepeatedArrays)
{
  EXPECT_EQ(specError("a=(CYCLIC(0))"), "Distribution format 'CYCLIC(0)' in 'a=(CYCLIC(0))' needs k of at least 1");
  EXPECT_EQ(specError("a=(cyclic(-3))"), "Distribution format 'cyclic(-3)' in 'a=(cyclic(-3))' needs k of at least 1");
  EXPECT_EQ(specError("a=(BLOCK(0))"), "Distribution format 'BLOCK(0)' in 'a=(BLOCK(0))' needs m of at least 1");
  // 10^12 is the first size refused (it said "larger than 10^12" of 10^12 itself)
  EXPECT_EQ(specError("a=(CYCLIC(1000000000000))"),
            "Distribution format 'CYCLIC(1000000000000)' in 'a=(CYCLIC(1000000000000))' has k of 10^12 or more (at most "
            "999999999999)");
  std::string error;
  EXPECT_TRUE(parseDistSpec("a=(CYCLIC(999999999999))", &error)) << error;
  EXPECT_EQ(specError("a,a=(BLOCK)"), "Distribution 'a,a=(BLOCK)' names 'a' twice");
  EXPECT_EQ(specError("a=(BLOCK); b,a=(CYCLIC)"), "Distribution 'a=(BLOCK); b,a=(CYCLIC)' names 'a' twice");
}

TEST(BadSpec, TwoGroupsWithoutTheSemicolonAreNamedAsSuch)
{
  // a new user wrote a space where ';' belongs, and was told of an unknown format 'BLOCK) v=(BLOCK'
  EXPECT_EQ(specError("u=(BLOCK) v=(BLOCK)"), "Distribution 'u=(BLOCK) v=(BLOCK)' has two '=' in one group; separate "
                                              "the groups with ';', e.g. 'u=(BLOCK); v=(CYCLIC)'");
  EXPECT_TRUE(parseDistSpec("u=(BLOCK); v=(BLOCK)", nullptr));
}

TEST(BadSpec, ReplicatedIsTheIdesWordForUndistributed)
{
  std::string error;
  auto s = parseDistSpec("a=(BLOCK); b=replicated", &error);
  ASSERT_TRUE(s) << error;
  EXPECT_TRUE(s->groups[1].replicated);
  const auto p = test::build("program p\n  real :: a(8), b(8, 8)\n  a(1) = 0\nend\n");
  auto m = mappingFromSpec(*s, p.unit(), {}, *parseArrangement("4"));
  ASSERT_TRUE(m.mapping);
  EXPECT_EQ(m.mapping->str(), "a=(BLOCK) onto 4"); // b stays on every processor
  EXPECT_TRUE(parseDistSpec("b=(REPLICATED)", &error));
  // (*,*) distributes nothing: the same copy on every processor (it was charged a reduction's combines)
  auto collapsed = mappingFromSpec(*parseDistSpec("a=(BLOCK); b=(*,*)", &error), p.unit(), {}, *parseArrangement("4"));
  ASSERT_TRUE(collapsed.mapping);
  EXPECT_EQ(collapsed.mapping->str(), "a=(BLOCK) onto 4");
  EXPECT_EQ(collapsed.mapping->array("b"), nullptr);
}

TEST(BadSpec, BlockSizeMustCoverTheExtent)
{
  // HPF 2.0 Sec. 3.3: BLOCK(m) needs m*P >= extent; 10 * 4 < 100
  EXPECT_EQ(mappingErrors("a=(BLOCK(10))", "4", 100),
            std::vector<std::string>{"BLOCK(10) of 'a' dimension 1 covers 40 of its 100 elements on 4 processors; "
                                     "HPF needs m*P at least the extent"});
  EXPECT_TRUE(mappingErrors("a=(BLOCK(25))", "4", 100).empty());
  EXPECT_EQ(mappingErrors("b=(*,BLOCK(3))", "1", 4).size(), 1u); // 1 processor: "1 processor" in the text
  EXPECT_NE(mappingErrors("b=(*,BLOCK(3))", "1", 4)[0].find("on 1 processor;"), std::string::npos);
}

TEST(BadSpec, EmptyAndOverflowingExtents)
{
  EXPECT_EQ(mappingErrors("a=(BLOCK)", "4", 0), std::vector<std::string>{"'a' has no elements: dimension 1 is 1:0"});
  EXPECT_EQ(mappingErrors("a=(BLOCK)", "4", -1), std::vector<std::string>{"'a' has no elements: dimension 1 is 1:-1"});
  EXPECT_EQ(mappingErrors("a=(BLOCK)", "4", INT64_MAX),
            std::vector<std::string>{"'a' is too large to estimate: dimension 1 is 1:9223372036854775807 (at most "
                                     "2^50 elements in all)"});
  // 2^26 x 2^26 = 2^52 elements: each dimension fits, their product does not
  EXPECT_EQ(mappingErrors("b=(BLOCK,*)", "4", std::int64_t{1} << 26).size(), 1u);
  EXPECT_TRUE(mappingErrors("b=(BLOCK,*)", "4", std::int64_t{1} << 25).empty());
  EXPECT_EQ(mappingErrors("b=(BLOCK,*)", "4", 7).size(), 0u);
  EXPECT_EQ(mappingErrors("b=(BLOCK)", "4", 7), std::vector<std::string>{"Distribution 'b=(BLOCK)' gives 1 format for "
                                                                          "'b', which has 2 dimensions"});
}

TEST(BadSpec, BlockOfHugeExtentDoesNotOverflow)
{
  // ceil(N/P) was (N + P - 1) / P, which wraps for N near 2^63
  const DimensionDistribution d(DistributionFormat::block(), 1, INT64_MAX, 4);
  EXPECT_EQ(d.blockSize(), INT64_MAX / 4 + 1);
  EXPECT_EQ(d.owner(INT64_MAX), 3);
}

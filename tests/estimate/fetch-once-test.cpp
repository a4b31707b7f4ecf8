// EstimateOptions::fetchIdenticalReadsOnce: two statements reading b(i-1)
// under BLOCK on 4 processors. Each of processors 1-3 needs the last element
// of its left neighbour: 3 messages of 8 bytes per statement by default
// (DDT's convention), 3 in all when identical reads are fetched once.
#include "estimate/run-estimate.h"

using namespace ps;

namespace {

estimate::Estimate estimateTwice(bool once)
{
  auto p = test::build("program twice\n  integer :: i, n\n  double precision :: x(n), y(n), b(n)\n"
                       "  do i = 2, n\n    x(i) = b(i - 1)\n    y(i) = b(i - 1) * 2.0\n  end do\n"
                       "end program twice\n");
  std::string error;
  auto spec = mapping::parseDistSpec("x,y,b=(BLOCK)", &error);
  const symbolic::Bindings values{{"n", 100}};
  auto mapped = mapping::mappingFromSpec(*spec, p.unit(), values, *mapping::parseArrangement("4"));
  EXPECT_TRUE(mapped.mapping);
  estimate::EstimateOptions options;
  options.fetchIdenticalReadsOnce = once;
  auto e = estimate::estimateNest(p.unit(), *p.unit().loopAtLine(4), *mapped.mapping, test::unitMachine(), values,
                                  options);
  EXPECT_TRUE(e.estimate);
  return e.estimate ? *e.estimate : estimate::Estimate{};
}

} // namespace

TEST(FetchOnce, IdenticalReadsCountTwiceByDefault)
{
  const auto e = estimateTwice(false);
  EXPECT_EQ(e.comm.records.size(), 2u);
  EXPECT_EQ(e.nt, 6);
  EXPECT_EQ(e.tdBytes, 48);
}

TEST(FetchOnce, IdenticalReadsAreFetchedOnceWhenAsked)
{
  const auto e = estimateTwice(true);
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records.front().line, 5);
  EXPECT_EQ(e.nt, 3);
  EXPECT_EQ(e.tdBytes, 24);
}

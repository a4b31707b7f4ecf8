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

TEST(FetchOnce, ReadsInSiblingLoopsOfOneRangeAreFetchedOnce)
{
  // A(I,K) in two DO I = 1, N of one DO J, both hoisted before the nest:
  // the same elements, fetched once with the option (they were keyed by
  // their loops, which differ). Under (*,CYCLIC) on 4, n = 8, processor p
  // (columns p+1, p+5) needs the columns k < p+5 of the 3 others: 3, 4, 5
  // and 6 columns of 8 elements, 12 messages and 1152 bytes; a sibling loop
  // over another range reads other elements and still fetches.
  const auto estimateBoth = [](const char* secondRange, bool once) {
    auto p = test::build(std::string("program r3\n  integer, parameter :: n = 8\n"
                                     "  double precision :: a(n, n), c(n, n), d(n, n)\n  integer :: i, j, k\n"
                                     "  do k = 1, n\n    do j = k + 1, n\n      do i = 1, n\n"
                                     "        c(i, j) = c(i, j) + a(i, k)\n      end do\n      do i = ") +
                         secondRange + "\n        d(i, j) = d(i, j) + a(i, k)\n      end do\n    end do\n  end do\n"
                                       "end program r3\n");
    std::string error;
    auto spec = mapping::parseDistSpec("a,c,d=(*,CYCLIC)", &error);
    auto mapped = mapping::mappingFromSpec(*spec, p.unit(), {}, *mapping::parseArrangement("4"));
    estimate::EstimateOptions options;
    options.fetchIdenticalReadsOnce = once;
    auto e = estimate::estimateNest(p.unit(), *p.unit().loopAtLine(5), *mapped.mapping, test::unitMachine(), {},
                                    options);
    EXPECT_TRUE(e.estimate);
    return e.estimate ? *e.estimate : estimate::Estimate{};
  };
  const auto twice = estimateBoth("1, n", false);
  const auto once = estimateBoth("1, n", true);
  EXPECT_EQ(twice.comm.records.size(), 2u);
  ASSERT_EQ(once.comm.records.size(), 1u);
  EXPECT_EQ(once.nt * 2, twice.nt);
  EXPECT_EQ(once.tdBytes * 2, twice.tdBytes);
  EXPECT_EQ(once.nt, 12);
  EXPECT_EQ(once.tdBytes, 1152);
  EXPECT_EQ(estimateBoth("2, n", true).comm.records.size(), 2u); // other elements
}

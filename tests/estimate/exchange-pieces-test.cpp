// exchangePieces on Cholesky's update a(i,j) = a(i,j) - a(i,k)*a(j,k) at
// n = 100 on 4 processors, hand-checked: under (*,BLOCK) the pieces end
// where the columns k and k+1 cross the block boundaries 26, 51 and 76;
// under (CYCLIC,*) the period is the cycle, 4, and the steps whose rows
// k+1..n span fewer than two cycles are done one by one.
#include "estimate/exchange-pieces.h"
#include "estimate/run-estimate.h"

using namespace ps;

namespace {

constexpr const char* kCholesky =
    "program chol\n  integer :: i, j, k, n\n  double precision :: a(n, n)\n"
    "  do k = 1, n\n    do j = k + 1, n\n      do i = j, n\n"
    "        a(i, j) = a(i, j) - a(i, k) * a(j, k)\n      end do\n    end do\n  end do\n"
    "end program chol\n";

/// The pieces of the steps k = 1..100 for the read `readIndex` (1: a(i,k),
/// 2: a(j,k)) under `format` on 4 processors.
estimate::InstancePieces piecesOf(const char* format, int readIndex)
{
  const symbolic::Bindings values{{"n", 100}};
  auto p = test::build(kCholesky);
  const auto& unit = p.unit();
  std::string error;
  auto mapped = mapping::mappingFromSpec(*mapping::parseDistSpec(format, &error), unit, values,
                                         *mapping::parseArrangement("4"));
  const auto& st = unit.statements.back();
  symbolic::EvaluationError e;
  auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, values, &e);
  auto exec = estimate::planReference(*st.write(), unit, *space, *mapped.mapping, values, &e);
  std::vector<const program::ArrayReference*> reads;
  for (const auto& ref : st.refs)
    if (!ref.isWrite)
      reads.push_back(&ref);
  auto read = estimate::planReference(*reads.at(static_cast<std::size_t>(readIndex)), unit, *space, *mapped.mapping,
                                      values, &e);
  const std::vector<std::int64_t> outer(3, 0);
  auto pieces = estimate::exchangePieces(*space, 0, outer, 1, 1, 100, &*exec, *read, *mapped.mapping);
  EXPECT_TRUE(pieces.has_value());
  return pieces.value_or(estimate::InstancePieces{});
}

/// True when step k (instance k - 1) is done one by one.
bool direct(const estimate::InstancePieces& pieces, std::int64_t k)
{
  return std::any_of(pieces.direct.begin(), pieces.direct.end(),
                     [&](const auto& r) { return r.first <= k - 1 && k - 1 < r.second; });
}

} // namespace

TEST(ExchangePieces, BlockBoundariesCrossedByTheColumns)
{
  for (int read : {1, 2}) {
    const auto pieces = piecesOf("a=(*,BLOCK)", read);
    EXPECT_EQ(pieces.period, 1);
    // columns j = k+1..n (the executing a(i,j)) and k (the read) cross 26, 51, 76
    for (std::int64_t k : {25, 26, 50, 51, 75, 76, 99, 100})
      EXPECT_TRUE(direct(pieces, k)) << "k = " << k;
    for (std::int64_t k : {1, 10, 20, 33, 40, 45, 57, 63, 70, 82, 90})
      EXPECT_FALSE(direct(pieces, k)) << "k = " << k;
  }
}

TEST(ExchangePieces, CyclicPeriodAndTheShortRangesAtTheEnd)
{
  const auto pieces = piecesOf("a=(CYCLIC,*)", 2);
  EXPECT_EQ(pieces.period, 4);
  // rows k+1..100 span fewer than 2 cycles (8 rows) from k = 92 on
  for (std::int64_t k = 92; k <= 100; ++k)
    EXPECT_TRUE(direct(pieces, k)) << "k = " << k;
  for (std::int64_t k = 1; k <= 80; ++k)
    EXPECT_FALSE(direct(pieces, k)) << "k = " << k;
}

TEST(ExchangePieces, CyclicOwnersThatMoveTogetherTurn)
{
  // a(i,k) read by a(i,j): the column k and the first column k+1 of the
  // update move one template index per step, the last (n) not at all: the
  // counts turn one processor per step, one class (InstanceRotation)
  const auto cyclic = piecesOf("a=(*,CYCLIC)", 1);
  EXPECT_EQ(cyclic.period, 4);
  ASSERT_TRUE(cyclic.rotation.has_value());
  EXPECT_EQ(cyclic.rotation->period, 1);
  EXPECT_EQ(cyclic.rotation->shape, (std::vector<std::int64_t>{4}));
  EXPECT_EQ(cyclic.rotation->shift, (std::vector<std::int64_t>{1}));
  // under CYCLIC(2) the owner moves every other step: two classes of eight
  const auto blocks = piecesOf("a=(*,CYCLIC(2))", 1);
  EXPECT_EQ(blocks.period, 8);
  ASSERT_TRUE(blocks.rotation.has_value());
  EXPECT_EQ(blocks.rotation->period, 2);
  EXPECT_EQ(blocks.rotation->every, (std::vector<std::int64_t>{2}));
  // BLOCK owners do not cycle: nothing turns
  EXPECT_FALSE(piecesOf("a=(*,BLOCK)", 1).rotation.has_value());
}

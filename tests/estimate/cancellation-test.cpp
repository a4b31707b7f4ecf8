// Cooperative cancellation (support/cancellation.h): an estimate whose
// exchanges are done instance by instance stops inside them once its job's
// flag is set, and runs to its end without a flag or a scope.
#include "estimate/run-estimate.h"
#include "support/cancellation.h"

#include <thread>

using namespace ps;

namespace {

constexpr const char* kCholeskySteps =
    "program chol\n  integer :: i, j, k, n\n  double precision :: a(n, n)\n"
    "  do k = 1, n\n    a(k, k) = sqrt(a(k, k))\n    do i = k + 1, n\n"
    "      a(i, k) = a(i, k) / a(k, k)\n    end do\n    do j = k + 1, n\n      do i = j, n\n"
    "        a(i, j) = a(i, j) - a(i, k) * a(j, k)\n      end do\n    end do\n  end do\n"
    "end program chol\n";

} // namespace

TEST(Cancellation, ASetFlagStopsTheEstimateInsideItsExchanges)
{
  auto p = test::build(kCholeskySteps);
  std::atomic<bool> flag{true};
  {
    CancellationScope scope(flag);
    EXPECT_THROW(test::run(p, 4, "a=(CYCLIC,*)", "16", {{"n", 300}}), Cancelled);
  }
  flag = false;
  {
    CancellationScope scope(flag); // a scope whose flag stays clear changes nothing
    const auto e = test::run(p, 4, "a=(CYCLIC,*)", "16", {{"n", 300}});
    EXPECT_EQ(e.comm.records.size(), 2u); // a(k,k) at line 7, a(j,k) at line 11
  }
}

TEST(Cancellation, AFlagSetFromAnotherThreadIsSeenWithinTheExchange)
{
  // n = 1001 on 256 processors: seconds of work instance by instance; the
  // flag set after 20 ms must stop it on the way, not after it.
  auto p = test::build(kCholeskySteps);
  std::atomic<bool> flag{false};
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    flag = true;
  });
  bool stopped = false;
  try {
    CancellationScope scope(flag);
    test::run(p, 4, "a=(CYCLIC,*)", "256", {{"n", 1001}});
  } catch (const Cancelled&) {
    stopped = true;
  }
  canceller.join();
  EXPECT_TRUE(stopped);
}

TEST(Cancellation, ScopesNestAndRestoreTheOuterFlag)
{
  std::atomic<bool> outer{true}, inner{false};
  CancellationScope a(outer);
  {
    CancellationScope b(inner);
    EXPECT_NO_THROW(throwIfCancelled());
  }
  EXPECT_THROW(throwIfCancelled(), Cancelled);
}

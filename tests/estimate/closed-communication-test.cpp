// Messages counted in closed form (closed-communication.h) against the
// simulation they replace, on random affine nests a(...) = b(...) with
// independent formats for a and b, hoisted before the nest: every record
// (messages, bytes, instances, time) and every processor's NT and TD equal,
// zero differences. About a third of the random cases still fall back to
// the simulation (an existential cycle number with a non-unit coefficient,
// iterations in several ownership parts); the test keeps that share bounded.
// Also the broadcast of the issue at n = 10^6, where the simulation would
// hold n^2 transfers.
#include "estimate/communication.h"
#include "estimate/random-nest.h"
#include "estimate/run-estimate.h"

using namespace ps;

namespace {

struct Both {
  estimate::CommTotals closed, simulated;
};

/// The messages of the read of the nest's last statement both ways: counted
/// in closed form (never simulated, whatever the nest's size) and simulated.
Both messagesBothWays(const test::Program& p, const mapping::Mapping& mapping, const std::string& text)
{
  const auto& unit = p.unit();
  const auto& st = unit.statements.back();
  symbolic::EvaluationError error;
  auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, st, {}, &error);
  EXPECT_TRUE(space) << error.message << "\n" << text;
  auto exec = estimate::planReference(*st.write(), unit, *space, mapping, {}, &error);
  const auto& readRef = st.refs.back(); // the write comes first
  auto read = estimate::planReference(readRef, unit, *space, mapping, {}, &error);
  EXPECT_TRUE(exec && read) << error.message;
  Both b;
  const auto procs = static_cast<std::size_t>(mapping.procs.count());
  for (auto* t : {&b.closed, &b.simulated}) {
    t->messagesPerProc.assign(procs, 0);
    t->bytesPerProc.assign(procs, 0);
  }
  const auto machine = test::unitMachine();
  estimate::addReadMessages(*space, &*exec, *read, 0, st.line, mapping, machine, b.closed,
                            estimate::CommunicationMethod::EachInstanceClosed);
  estimate::addReadMessages(*space, &*exec, *read, 0, st.line, mapping, machine, b.simulated,
                            estimate::CommunicationMethod::Simulated);
  return b;
}

} // namespace

TEST(ClosedCommunication, RandomNestsEqualSimulation)
{
  test::RandomNest random(23);
  int compared = 0, simulated = 0, withMessages = 0;
  // 1100 trials: BLOCK(m) with m*P below the extent (about one in eight) is
  // an error, as HPF says, and is skipped.
  for (int trial = 0; trial < 1100; ++trial) {
    const auto text = random.program(true);
    auto p = test::build(text);
    const bool grid = random.pick(0, 1) == 1;
    const auto procs = grid ? std::to_string(random.pick(1, 3)) + "x" + std::to_string(random.pick(2, 3))
                            : std::to_string(random.pick(2, 5));
    std::string f[4];
    for (auto& s : f)
      s = random.format();
    for (int a = 0; a < 2; ++a) { // as many distributed dimensions as the arrangement
      auto& x = f[2 * a];
      auto& y = f[2 * a + 1];
      if (grid && (x == "*" || y == "*"))
        x = y = "BLOCK";
      if (!grid && x != "*" && y != "*")
        (random.pick(0, 1) ? x : y) = "*";
      if (!grid && x == "*" && y == "*")
        x = "CYCLIC";
    }
    const auto specText = "a=(" + f[0] + "," + f[1] + "); b=(" + f[2] + "," + f[3] + ")";
    std::string error;
    auto spec = mapping::parseDistSpec(specText, &error);
    ASSERT_TRUE(spec) << error << " " << specText;
    auto mapped = mapping::mappingFromSpec(*spec, p.unit(), {}, *mapping::parseArrangement(procs));
    if (!mapped.mapping)
      continue; // e.g. BLOCK(m) too small for the arrangement
    const auto b = messagesBothWays(p, *mapped.mapping, text);
    const auto context = text + specText + " onto " + procs;
    ASSERT_EQ(b.closed.records.size(), b.simulated.records.size()) << context;
    for (std::size_t r = 0; r < b.closed.records.size(); ++r) {
      const auto& c = b.closed.records[r];
      const auto& s = b.simulated.records[r];
      EXPECT_EQ(c.messages, s.messages) << context;
      EXPECT_EQ(c.bytes, s.bytes) << context;
      EXPECT_EQ(c.instances, s.instances) << context;
      EXPECT_DOUBLE_EQ(c.time, s.time) << context;
      simulated += !c.simulatedBecause.empty();
    }
    ASSERT_EQ(b.closed.messagesPerProc, b.simulated.messagesPerProc) << context;
    ASSERT_EQ(b.closed.bytesPerProc, b.simulated.bytesPerProc) << context;
    withMessages += !b.closed.records.empty();
    ++compared;
  }
  EXPECT_GE(compared, 900);
  EXPECT_GE(withMessages, 500);
  EXPECT_LE(simulated, withMessages * 2 / 5) << "closed forms fell back to the simulation too often";
}

TEST(ClosedCommunication, BroadcastAtAMillionIsCounted)
{
  // x and b CYCLIC over 16: each processor needs the 15/16 of b it does
  // not own, once (hoisted before the nest): 240 messages of n/16 elements.
  auto p = test::build("program bcast\n  integer :: i, k, n\n  double precision :: x(n), a(n, n), b(n)\n"
                       "  do k = 1, n\n    do i = 1, n\n      x(i) = x(i) + a(i, k) * b(k)\n"
                       "    end do\n  end do\nend program bcast\n");
  const std::int64_t n = 1000000;
  auto e = test::run(p, 4, "x,b=(CYCLIC); a=(CYCLIC,*)", "16", {{"n", n}});
  ASSERT_EQ(e.comm.records.size(), 1u);
  const auto& r = e.comm.records.front();
  EXPECT_EQ(r.reference, "b(k)");
  EXPECT_TRUE(r.simulatedBecause.empty()) << r.simulatedBecause;
  EXPECT_EQ(r.messages, 240);
  EXPECT_EQ(r.bytes, 16 * (n - n / 16) * 8);
  for (auto m : e.comm.messagesPerProc)
    EXPECT_EQ(m, 15);
}

namespace {

constexpr const char* kCholesky =
    "program chol\n  integer :: i, j, k, n\n  double precision :: a(n, n)\n"
    "  do k = 1, n\n    a(k, k) = sqrt(a(k, k))\n    do i = k + 1, n\n"
    "      a(i, k) = a(i, k) / a(k, k)\n    end do\n    do j = k + 1, n\n      do i = j, n\n"
    "        a(i, j) = a(i, j) - a(i, k) * a(j, k)\n      end do\n    end do\n  end do\n"
    "end program chol\n";

/// Every read inside the loops of every statement of the first nest of `source` under
/// `format` on `procs` at n, its messages obtained both ways: equal records
/// and per-processor counts. Returns the records compared; adds to
/// `skipped` the instances the first way summed by pieces without doing
/// them (the outer loop's about n steps less those done).
int compareNestReads(const char* source, const char* format, const char* procs, std::int64_t n,
                     estimate::CommunicationMethod a, estimate::CommunicationMethod b, std::int64_t* skipped)
{
  auto p = test::build(source);
  const auto& unit = p.unit();
  std::string error;
  auto mapped = mapping::mappingFromSpec(*mapping::parseDistSpec(format, &error), unit, {{"n", n}},
                                         *mapping::parseArrangement(procs));
  EXPECT_TRUE(mapped.mapping) << format;
  if (!mapped.mapping)
    return 0;
  const auto count = static_cast<std::size_t>(mapped.mapping->procs.count());
  const auto statements = unit.statementsIn(unit.loops.front().id);
  int compared = 0;
  for (const auto* st : statements) {
    symbolic::EvaluationError e;
    auto space = estimate::IterationSpace::build(unit, unit.loops.front().id, *st, {{"n", n}}, &e);
    auto exec = estimate::planReference(*st->write(), unit, *space, *mapped.mapping, {{"n", n}}, &e);
    for (const auto& ref : st->refs) {
      if (ref.isWrite)
        continue;
      auto read = estimate::planReference(ref, unit, *space, *mapped.mapping, {{"n", n}}, &e);
      const int placement = estimate::placementOf(*st, ref, statements, *space, {{"n", n}});
      if (placement == 0)
        continue; // hoisted before the nest: one exchange, not summed over instances
      estimate::CommTotals first, second;
      for (auto* t : {&first, &second}) {
        t->messagesPerProc.assign(count, 0);
        t->bytesPerProc.assign(count, 0);
      }
      const auto machine = test::unitMachine();
      estimate::addReadMessages(*space, &*exec, *read, placement, st->line, *mapped.mapping, machine, first, a);
      estimate::addReadMessages(*space, &*exec, *read, placement, st->line, *mapped.mapping, machine, second, b);
      const auto context = std::string(format) + " on " + procs + " n=" + std::to_string(n) + " " + ref.text();
      EXPECT_EQ(first.records.size(), second.records.size()) << context;
      for (std::size_t r = 0; r < std::min(first.records.size(), second.records.size()); ++r) {
        EXPECT_GT(first.records[r].placement, 0) << context;
        if (skipped && first.records[r].instancesDone >= 0)
          *skipped += n - first.records[r].instancesDone; // the k loop's n steps
        EXPECT_EQ(first.records[r].messages, second.records[r].messages) << context;
        EXPECT_EQ(first.records[r].bytes, second.records[r].bytes) << context;
        // summed by pieces the seconds add in another order: equal to rounding
        EXPECT_NEAR(first.records[r].time, second.records[r].time, 1e-12 * std::fabs(second.records[r].time))
            << context;
        EXPECT_EQ(first.records[r].sampledEvery, 1) << context;
        EXPECT_TRUE(first.records[r].simulatedBecause.empty()) << context << first.records[r].simulatedBecause;
        ++compared;
      }
      EXPECT_EQ(first.messagesPerProc, second.messagesPerProc) << context;
      EXPECT_EQ(first.bytesPerProc, second.bytesPerProc) << context;
    }
  }
  return compared;
}

int compareCholeskyReads(const char* format, const char* procs, std::int64_t n, estimate::CommunicationMethod a,
                         estimate::CommunicationMethod b, std::int64_t* skipped = nullptr)
{
  return compareNestReads(kCholesky, format, procs, n, a, b, skipped);
}

constexpr const char* kLu =
    "program lu\n  integer :: i, j, k, n\n  double precision :: a(n, n)\n"
    "  do k = 1, n - 1\n    do i = k + 1, n\n      a(i, k) = a(i, k) / a(k, k)\n    end do\n"
    "    do j = k + 1, n\n      do i = k + 1, n\n        a(i, j) = a(i, j) - a(i, k) * a(k, j)\n"
    "      end do\n    end do\n  end do\nend program lu\n";

} // namespace

TEST(ClosedCommunication, ExchangesInsideLoopsCountedPerInstanceEqualSimulation)
{
  // Cholesky's reads stay inside the k loop: large nests count each
  // instance in closed form (or simulate it, where that is cheaper) instead
  // of walking every iteration; on small ones the counts must give the
  // simulation's numbers. Under (*,CYCLIC(k)) step k's column has one owner:
  // the count asks only it. On the grids the owners of a(i,k) and a(i,j)
  // cycle together along i: the simulation keeps each row's runs as strided
  // segments (element-runs.h).
  const auto closed = estimate::CommunicationMethod::EachInstanceClosed;
  const auto simulated = estimate::CommunicationMethod::Simulated;
  int compared = 0;
  for (const char* format : {"a=(BLOCK,*)", "a=(*,BLOCK)", "a=(BLOCK(5),*)", "a=(*,CYCLIC)", "a=(*,CYCLIC(2))",
                             "a=(CYCLIC,*)", "a=(CYCLIC(3),*)"})
    for (std::int64_t n : {7, 13})
      compared += compareCholeskyReads(format, "3", n, closed, simulated);
  EXPECT_GE(compared, 28);
  for (const char* format : {"a=(CYCLIC,CYCLIC)", "a=(CYCLIC(2),CYCLIC)", "a=(BLOCK,CYCLIC)"})
    compared += compareCholeskyReads(format, "2x2", 11, closed, simulated);
  EXPECT_GE(compared, 34);
}

TEST(ClosedCommunication, ExchangesInsideLoopsSummedByPiecesEqualSimulation)
{
  // The steps' exchanges summed by polynomial pieces (a few steps per piece
  // and place in the cycle, piecewise-instance-sum.h) against every step
  // simulated: equal messages, bytes and per-processor counts. n from 40 to
  // 150 puts tens to hundreds of steps in a piece, with the block and
  // cycle boundaries and the last steps, where the ranges run out, between.
  const auto pieces = estimate::CommunicationMethod::PiecewiseInstances;
  const auto simulated = estimate::CommunicationMethod::Simulated;
  int compared = 0;
  std::int64_t skipped = 0;
  for (const char* format : {"a=(BLOCK,*)", "a=(*,BLOCK)", "a=(BLOCK(60),*)", "a=(*,CYCLIC)", "a=(*,CYCLIC(2))",
                             "a=(CYCLIC,*)", "a=(CYCLIC(3),*)"})
    for (const char* procs : {"3", "4"})
      for (std::int64_t n : {40, 97, 150})
        compared += compareCholeskyReads(format, procs, n, pieces, simulated, &skipped);
  EXPECT_GE(compared, 80);
  for (const char* format : {"a=(CYCLIC,CYCLIC)", "a=(CYCLIC(2),CYCLIC)", "a=(BLOCK,CYCLIC)", "a=(BLOCK,BLOCK)"})
    for (std::int64_t n : {61, 120})
      compared += compareCholeskyReads(format, "2x2", n, pieces, simulated, &skipped);
  EXPECT_GE(compared, 80 + 16);
  for (const auto& [format, procs] : {std::pair{"a=(CYCLIC,*)", "5"}, {"a=(*,BLOCK)", "5"},
                                      {"a=(CYCLIC(2),CYCLIC)", "2x3"}, {"a=(BLOCK,CYCLIC(3))", "2x3"}})
    compared += compareNestReads(kLu, format, procs, 133, pieces, simulated, &skipped);
  EXPECT_GE(compared, 80 + 16 + 4 * 2);
  EXPECT_GT(skipped, compared * 30) << compared; // most steps were not done, but summed
  // one larger case: 400 steps, about 10^7 iterations simulated
  std::int64_t large = 0;
  EXPECT_EQ(compareCholeskyReads("a=(CYCLIC,*)", "4", 400, pieces, simulated, &large), 2);
  EXPECT_GT(large, 2 * 300);
}

constexpr const char* kBackSubstitution =
    "program bs\n  integer :: i, k, n\n  double precision :: a(n, n), x(n)\n"
    "  do k = n, 1, -1\n    x(k) = x(k) / a(k, k)\n    do i = 1, k - 1\n"
    "      x(i) = x(i) - a(i, k) * x(k)\n    end do\n  end do\nend program bs\n";

constexpr const char* kOddColumns =
    "program odd\n  integer :: i, j, k, n\n  double precision :: a(n, n)\n"
    "  do k = 1, n - 2, 2\n    do j = k + 2, n\n      do i = k + 1, n\n"
    "        a(i, j) = a(i, j) - a(i, k) * a(k, j)\n      end do\n    end do\n  end do\nend program odd\n";

TEST(ClosedCommunication, TurningCountsOfBackwardAndStridedStepsEqualSimulation)
{
  // A backward step loop (the owners turn back one processor per step) and
  // one that steps by 2 (two per step, or one per step under CYCLIC(2)):
  // summed by pieces, seen from the moving owner where that is one class
  // (InstanceRotation), against every step simulated.
  const auto pieces = estimate::CommunicationMethod::PiecewiseInstances;
  const auto simulated = estimate::CommunicationMethod::Simulated;
  int compared = 0;
  for (const auto& [format, procs] : {std::pair{"a=(CYCLIC,*); x=(CYCLIC)", "5"}, {"a=(CYCLIC(2),*); x=(CYCLIC(2))", "3"},
                                      {"a=(*,CYCLIC); x=(CYCLIC)", "4"}})
    for (std::int64_t n : {60, 131})
      compared += compareNestReads(kBackSubstitution, format, procs, n, pieces, simulated, nullptr);
  for (const auto& [format, procs] : {std::pair{"a=(*,CYCLIC)", "5"}, {"a=(*,CYCLIC(2))", "3"},
                                      {"a=(CYCLIC,CYCLIC)", "2x3"}, {"a=(CYCLIC(3),CYCLIC(2))", "2x2"}})
    for (std::int64_t n : {70, 141})
      compared += compareNestReads(kOddColumns, format, procs, n, pieces, simulated, nullptr);
  EXPECT_GE(compared, 18); // x(k) and a(i,k) (k - 1 of n steps), a(i,k) and a(k,j)
}

constexpr const char* kGaussSeidel =
    "program gs\n  integer :: i, j, n\n  double precision :: u(n, n)\n"
    "  do j = 2, n - 1\n    do i = 2, n - 1\n"
    "      u(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1))\n"
    "    end do\n  end do\nend program gs\n";

constexpr const char* kTriangleSweep =
    "program tri\n  integer :: i, j, n\n  double precision :: a(n, n)\n"
    "  do j = 2, n\n    do i = j, n\n      a(i, j) = a(i - 1, j) + a(i, j - 1)\n    end do\n  end do\n"
    "end program tri\n";

TEST(ClosedCommunication, PerIterationExchangesSummedByNestedPiecesEqualSimulation)
{
  // The recurrences' u(i-1,j) (and a(i-1,j) of a triangular sweep) stay
  // inside both loops: one instance per iteration. The rows of the j loop
  // are summed by pieces too (a row's sum is a polynomial in j between the
  // block boundaries), not walked: equal to every iteration simulated.
  const auto pieces = estimate::CommunicationMethod::PiecewiseInstances;
  const auto simulated = estimate::CommunicationMethod::Simulated;
  int compared = 0;
  for (const char* source : {kGaussSeidel, kTriangleSweep}) {
    for (const auto& [format, procs] :
         {std::pair{"(BLOCK,BLOCK)", "2x2"}, {"(BLOCK,BLOCK)", "3x2"}, {"(BLOCK,*)", "3"}, {"(*,BLOCK)", "3"},
          {"(CYCLIC,*)", "3"}, {"(BLOCK,CYCLIC)", "2x2"}, {"(CYCLIC(2),BLOCK)", "2x3"}, {"(CYCLIC,CYCLIC)", "2x2"}})
      for (std::int64_t n : {40, 97}) {
        const auto spec = std::string(source == kGaussSeidel ? "u=" : "a=") + format;
        compared += compareNestReads(source, spec.c_str(), procs, n, pieces, simulated, nullptr);
      }
  }
  EXPECT_GE(compared, 48); // u(i-1,j) or u(i,j-1) of each, and both where both dimensions are distributed
}

TEST(ClosedCommunication, GaussSeidelAtAMillionCountedByHand)
{
  // u(i-1,j) under (BLOCK,BLOCK) crosses a row block boundary once per
  // boundary and column: (P1 - 1)(n - 2) messages of one element, exactly,
  // from a few thousand iterations (every row summed by pieces on 4x4; on
  // 32x32, where that costs too much, every k-th row summed whole, and the
  // rows here are all alike). Instances sampled one by one missed them all.
  auto p = test::build(kGaussSeidel);
  const std::int64_t n = 1000000;
  for (const auto& [procs, p1] : {std::pair{"4x4", 4}, {"32x32", 32}}) {
    const auto e = test::run(p, 4, "u=(BLOCK,BLOCK)", procs, {{"n", n}});
    const auto r = std::find_if(e.comm.records.begin(), e.comm.records.end(),
                                [](const auto& r) { return r.reference == "u(i-1,j)"; });
    ASSERT_NE(r, e.comm.records.end()) << procs;
    EXPECT_EQ(r->placement, 2);
    EXPECT_EQ(r->messages, (p1 - 1) * (n - 2)) << procs;
    EXPECT_EQ(r->bytes, 8 * (p1 - 1) * (n - 2)) << procs;
    EXPECT_EQ(r->sampledRows, p1 == 32) << procs;
    if (p1 == 4) {
      EXPECT_EQ(r->sampledEvery, 1);
      EXPECT_GT(r->instancesDone, 0);
      EXPECT_LT(r->instancesDone, 10000);
    }
  }
}

TEST(ClosedCommunication, LargeNestSimulatesTheInstancesCheaperThanTheirCounts)
{
  // n = 300: 4.5 million iterations in the update nest, too many to walk
  // whole; each step's exchange is simulated within what its closed counts
  // would cost, and gives the same numbers as those counts.
  const auto closed = estimate::CommunicationMethod::EachInstanceClosed;
  const auto chosen = estimate::CommunicationMethod::Closed;
  EXPECT_EQ(compareCholeskyReads("a=(*,CYCLIC)", "3", 300, chosen, closed), 2); // a(i,k) and a(j,k) of the update
}

TEST(ClosedCommunication, LuAtTenMillionSummedByPiecesByHand)
{
  // LU under (*,CYCLIC) on 16 at n = 10^7: step k broadcasts a(k+1:n,k)
  // from column k's owner to the owners of columns k+1..n, 15 of them while
  // n - k >= 16, else n - k. NT = 15 (n - 16) + (1 + ... + 15) and TD =
  // 8 (15 (16 + ... + (n-1)) + (1^2 + ... + 15^2)), from a few hundred of
  // the 10^7 steps, not a sample of them.
  auto p = test::build(kLu);
  const std::int64_t n = 10000000;
  const auto e = test::run(p, 4, "a=(*,CYCLIC)", "16", {{"n", n}});
  ASSERT_EQ(e.comm.records.size(), 1u);
  const auto& r = e.comm.records[0];
  EXPECT_EQ(r.reference, "a(i,k)");
  EXPECT_EQ(r.messages, 15 * (n - 16) + 120);
  EXPECT_EQ(r.bytes, 8 * (15 * ((n - 1) * n / 2 - 120) + 1240));
  EXPECT_EQ(r.instances, n - 1);
  EXPECT_EQ(r.sampledEvery, 1);
  EXPECT_GT(r.instancesDone, 0);
  EXPECT_LT(r.instancesDone, 1000);
}

TEST(ClosedCommunication, CholeskyAtAMillionCountedByHand)
{
  // Cholesky under (*,CYCLIC) on 16 at n = 10^6. Step k sends column k to
  // the owners of columns k+1..n: 15 of them while d = n - k >= 16, else d.
  // a(i,k): the receiver whose first column is k+m needs rows k+m..n, so
  // sum over m = 1..15 of (d - m + 1) = 15 (d + 1) - 120 elements, else
  // d (d + 1) / 2. a(j,k): one element per column the receiver owns, the
  // d columns but the floor(d / 16) of column k's owner. Each step is a
  // separable count (the update's i = j..n nested in j), a few hundred
  // steps summed by pieces.
  auto p = test::build(kCholesky);
  const std::int64_t n = 1000000, blocks = n / 16;
  const auto e = test::run(p, 4, "a=(*,CYCLIC)", "16", {{"n", n}});
  ASSERT_EQ(e.comm.records.size(), 2u);
  for (const auto& r : e.comm.records) {
    EXPECT_EQ(r.messages, 15 * (n - 16) + 120) << r.reference;
    EXPECT_EQ(r.sampledEvery, 1);
    EXPECT_GT(r.instancesDone, 0);
    EXPECT_LT(r.instancesDone, 1000);
    EXPECT_TRUE(r.simulatedBecause.empty()) << r.simulatedBecause;
    const std::int64_t sumD = (n - 1) * n / 2 - 120; // d = 16..n-1
    if (r.reference == "a(i,k)") {
      EXPECT_EQ(r.bytes, 8 * (15 * sumD - 105 * (n - 16) + 680)); // 680 = sum of d (d + 1) / 2, d = 1..15
      // seen from column k's owner each receiver's rows are one line in k
      // (InstanceRotation): one class, not sixteen, and the last 2 cycles
      EXPECT_LT(r.instancesDone, 9 + 2 * 16 + 12) << r.instancesDone;
    } else
      EXPECT_EQ(r.bytes, 8 * ((n - 1) * n / 2 - 8 * blocks * (blocks - 1))) << r.reference;
  }
}

// The message list of an estimate (issue 11, validation): it lists exactly
// the messages the estimator charged, so its totals are NT and TD, and its
// steps let every processor send and receive at most once at a time.
#include "estimate/message-list.h"
#include "run-estimate.h"

#include <gtest/gtest.h>

#include <set>

using ps::test::build;

namespace {

ps::estimate::Estimate listed(const ps::test::Program& p, int line, const std::string& spec, const std::string& procs,
                              const ps::symbolic::Bindings& values)
{
  std::string error;
  auto s = ps::mapping::parseDistSpec(spec, &error);
  EXPECT_TRUE(s) << error;
  auto mapped = ps::mapping::mappingFromSpec(*s, p.unit(), values, *ps::mapping::parseArrangement(procs));
  EXPECT_TRUE(mapped.mapping);
  ps::estimate::EstimateOptions options;
  options.keepExchanges = true;
  auto e = ps::estimate::estimateNest(p.unit(), *p.unit().loopAtLine(line), *mapped.mapping, ps::test::unitMachine(),
                                      values, options);
  EXPECT_TRUE(e.estimate) << (e.errors.empty() ? "" : e.errors[0]);
  return e.estimate ? *e.estimate : ps::estimate::Estimate{};
}

/// In every step each processor sends at most one message and receives at most one.
void expectOneSendOneReceivePerStep(const ps::estimate::MessageList& list)
{
  for (const auto& r : list.records)
    for (const auto& e : r.exchanges)
      for (const auto& step : e.steps) {
        std::set<std::int64_t> senders, receivers;
        for (const auto& m : step) {
          EXPECT_TRUE(senders.insert(m.from).second) << r.reference << ": " << m.from << " sends twice in a step";
          EXPECT_TRUE(receivers.insert(m.to).second) << r.reference << ": " << m.to << " receives twice in a step";
          EXPECT_NE(m.from, m.to);
        }
      }
}

const char* kStencil = "program s\n"                                  // 1
                       "integer, parameter :: n = 1000, nt = 20\n"    // 2
                       "real(8) u(n), v(n)\n"                         // 3
                       "integer i, t\n"                               // 4
                       "do t = 1, nt\n"                               // 5
                       "  do i = 2, n - 1\n"                          // 6
                       "    v(i) = u(i - 1) + u(i + 1)\n"             // 7
                       "  end do\n"                                   // 8
                       "  do i = 2, n - 1\n"                          // 9
                       "    u(i) = v(i)\n"                            // 10
                       "  end do\n"                                   // 11
                       "end do\n"                                     // 12
                       "end program\n";

const char* kJacobi = "program j\n"                                               // 1
                      "integer, parameter :: n = 64\n"                            // 2
                      "real(8) a(n, n), b(n, n)\n"                                // 3
                      "integer i, j, it\n"                                        // 4
                      "do it = 1, 5\n"                                            // 5
                      "  do j = 2, n - 1\n"                                       // 6
                      "    do i = 2, n - 1\n"                                     // 7
                      "      b(i, j) = a(i - 1, j) + a(i + 1, j) + a(i, j - 1) + a(i, j + 1)\n" // 8
                      "    end do\n"                                              // 9
                      "  end do\n"                                                // 10
                      "  do j = 2, n - 1\n"                                       // 11
                      "    do i = 2, n - 1\n"                                     // 12
                      "      a(i, j) = b(i, j)\n"                                 // 13
                      "    end do\n"                                              // 14
                      "  end do\n"                                                // 15
                      "end do\n"                                                  // 16
                      "end program\n";

// Broadcast (x(1) read by every owner of a), a reduction (s), and a
// triangular nest whose instances differ (the column k shrinks).
const char* kMixed = "program m\n"                             // 1
                     "integer, parameter :: n = 60\n"          // 2
                     "real(8) a(n, n), x(n), s\n"              // 3
                     "integer i, k\n"                          // 4
                     "do k = 1, n - 1\n"                       // 5
                     "  do i = k + 1, n\n"                     // 6
                     "    a(i, k + 1) = a(i, k) * x(1)\n"      // 7
                     "  end do\n"                              // 8
                     "end do\n"                                // 9
                     "do i = 1, n\n"                           // 10
                     "  s = s + x(i)\n"                        // 11
                     "end do\n"                                // 12
                     "end program\n";

struct Sample {
  const char* text;
  int line;
  const char* spec;
  const char* procs;
};

} // namespace

TEST(MessageList, TotalsAreTheEstimatesNtAndTd)
{
  const Sample samples[] = {
      {kStencil, 5, "u,v=(BLOCK)", "4"},          {kStencil, 5, "u,v=(CYCLIC)", "3"},
      {kStencil, 5, "u,v=(CYCLIC(7))", "5"},      {kJacobi, 5, "a,b=(BLOCK,BLOCK)", "2x2"},
      {kJacobi, 5, "a,b=(*,BLOCK)", "4"},         {kJacobi, 5, "a,b=(CYCLIC,BLOCK)", "3x2"},
      {kMixed, 5, "a=(*,BLOCK);x=(BLOCK)", "4"}, {kMixed, 5, "a=(BLOCK,*);x=(CYCLIC)", "6"},
      {kMixed, 10, "x=(BLOCK)", "7"},
  };
  for (const auto& s : samples) {
    SCOPED_TRACE(std::string(s.spec) + " on " + s.procs + ", loop at line " + std::to_string(s.line));
    const auto p = build(s.text);
    const auto e = listed(p, s.line, s.spec, s.procs, {});
    ASSERT_GT(e.nt, 0);
    const auto list = ps::estimate::messageList(e);
    EXPECT_EQ(ps::estimate::listedMessages(list), e.nt);
    EXPECT_EQ(ps::estimate::listedBytes(list), e.tdBytes);
    EXPECT_EQ(list.messages, e.nt);
    EXPECT_DOUBLE_EQ(list.predictedTt, e.tt);
    for (const auto& note : list.notes) // only a serialized nest's schedule (the triangular sample on (*,BLOCK))
      EXPECT_EQ(note.rfind("The nest is serialized", 0), 0u) << note;
    expectOneSendOneReceivePerStep(list);
  }
}

TEST(MessageList, KeepingExchangesChangesNoParameter)
{
  const auto p = build(kJacobi);
  const auto kept = listed(p, 5, "a,b=(BLOCK,BLOCK)", "2x2", {});
  const auto plain = ps::test::run(p, 5, "a,b=(BLOCK,BLOCK)", "2x2", {});
  EXPECT_EQ(kept.nt, plain.nt);
  EXPECT_EQ(kept.tdBytes, plain.tdBytes);
  EXPECT_DOUBLE_EQ(kept.tt, plain.tt);
  for (const auto& r : plain.comm.records)
    EXPECT_TRUE(r.exchanges.empty()); // only kept on request
}

TEST(MessageList, StencilShiftIsTwoStepsRepeatedPerTimeStep)
{
  // BLOCK on 4: processors 1..3 get u(i-1) from the left, 0..2 get u(i+1)
  // from the right: one 8-byte message per neighbour and read, per step t.
  const auto p = build(kStencil);
  const auto e = listed(p, 5, "u,v=(BLOCK)", "4", {});
  const auto list = ps::estimate::messageList(e);
  ASSERT_EQ(list.records.size(), 2u); // u(i-1) and u(i+1)
  for (const auto& r : list.records) {
    EXPECT_EQ(r.pattern, "shift");
    ASSERT_EQ(r.exchanges.size(), 1u); // every time step the same: merged
    EXPECT_EQ(r.exchanges[0].repeat, 20);
    ASSERT_EQ(r.exchanges[0].steps.size(), 1u); // one direction per read
    EXPECT_EQ(r.exchanges[0].steps[0].size(), 3u);
    for (const auto& m : r.exchanges[0].steps[0])
      EXPECT_EQ(m.bytes, 8);
  }
  EXPECT_EQ(e.nt, 2 * 3 * 20);
  const auto json = ps::estimate::messageListJson(list);
  EXPECT_EQ(json["processors"], 4);
  EXPECT_EQ(json["records"][0]["exchanges"][0]["steps"][0][0], nlohmann::json::parse("[0, 1, 8]"));
}

TEST(MessageList, ReductionIsOneStepPerTreeLevel)
{
  const auto p = build(kMixed);
  const auto e = listed(p, 10, "x=(BLOCK)", "7", {});
  const auto list = ps::estimate::messageList(e);
  const auto it = std::find_if(list.records.begin(), list.records.end(),
                               [](const auto& r) { return r.pattern == "reduction"; });
  ASSERT_NE(it, list.records.end());
  ASSERT_EQ(it->exchanges.size(), 1u);
  // 7 values: strides 1 (3 messages), 2 (2 messages), 4 (1 message): ceil(log2 7) = 3 steps
  ASSERT_EQ(it->exchanges[0].steps.size(), 3u);
  EXPECT_EQ(it->exchanges[0].steps[0].size(), 3u);
  EXPECT_EQ(it->exchanges[0].steps[1].size(), 2u);
  EXPECT_EQ(it->exchanges[0].steps[2].size(), 1u);
}

// A row sum under (BLOCK,BLOCK) on 2x4 combines within each processor row
// (addGroupReduction): one exchange per row's group, its members 2 apart
// in the linear order, a tree of two levels (2 messages, then 1).
TEST(MessageList, AGroupReductionIsATreePerProcessorRow)
{
  const auto p = build("subroutine grid(a, x, y, n)\n  integer :: n, i, j\n  real :: a(n, n), x(n), y(n), s\n"
                       "  do i = 1, n\n    s = 0.0\n    do j = 1, n\n      s = s + a(i, j) * x(j)\n    end do\n"
                       "    y(i) = s\n  end do\nend subroutine grid\n");
  const auto e = listed(p, 4, "a=(BLOCK,BLOCK); x,y=replicated", "2x4", {{"n", 16}});
  const auto list = ps::estimate::messageList(e);
  const auto it = std::find_if(list.records.begin(), list.records.end(),
                               [](const auto& r) { return r.pattern == "reduction"; });
  ASSERT_NE(it, list.records.end());
  ASSERT_EQ(it->exchanges.size(), 2u); // the two processor rows, 8 rows of a each
  for (const auto& exchange : it->exchanges) {
    EXPECT_EQ(exchange.repeat, 8);
    ASSERT_EQ(exchange.steps.size(), 2u);
    EXPECT_EQ(exchange.steps[0].size(), 2u);
    EXPECT_EQ(exchange.steps[1].size(), 1u);
  }
  expectOneSendOneReceivePerStep(list);
}

TEST(MessageList, BroadcastIsABinomialTreeOfTheEstimatorsSteps)
{
  const auto p = build(kMixed);
  const auto e = listed(p, 5, "a=(*,BLOCK);x=(BLOCK)", "4", {});
  const auto list = ps::estimate::messageList(e);
  for (const auto& r : list.records) {
    if (r.pattern != "broadcast")
      continue;
    for (const auto& ex : r.exchanges) {
      std::size_t messages = 0;
      for (const auto& step : ex.steps)
        messages += step.size();
      std::size_t steps = 0; // the estimator's ceil(log2(k + 1)) for k messages
      while ((std::size_t{1} << steps) < messages + 1)
        ++steps;
      EXPECT_EQ(ex.steps.size(), steps);
    }
    return;
  }
  ADD_FAILURE() << "no broadcast record";
}

#include "machine/training-output.h"

#include <gtest/gtest.h>

using namespace ps::machine;

namespace {

const std::string kHeader =
    R"({"kind":"header","host":"node1","mpi_library":"Open MPI v4.1.4","started_at":"2026-11-24T21:00:00Z","ranks":4,"oversubscribed":true,"quick":false})"
    "\n";
const std::string kPoint =
    R"({"kind":"point","pattern":"vSR","ranks":4,"stride_elements":2,"bytes":1024,"median_s":2.5e-06,"low_s":2e-06,"high_s":3e-06,"repetitions":20})"
    "\n";
const std::string kOperation = R"({"kind":"operation","operation":"mul","seconds":1.25e-09})"
                               "\n";
const std::string kEnd = R"({"kind":"end"})"
                         "\n";

std::string parseError(const std::string& text)
{
  std::string error;
  EXPECT_FALSE(trainingRunFromJsonLines(text, &error)) << text;
  return error;
}

} // namespace

TEST(TrainingOutput, CompleteRunKeepsEveryField)
{
  std::string error;
  const auto run = trainingRunFromJsonLines(kHeader + kPoint + "\n" + kOperation + kEnd, &error);
  ASSERT_TRUE(run) << error;
  EXPECT_TRUE(run->complete);
  EXPECT_EQ(run->host, "node1");
  EXPECT_EQ(run->mpiLibrary, "Open MPI v4.1.4");
  EXPECT_EQ(run->startedAt, "2026-11-24T21:00:00Z");
  EXPECT_EQ(run->ranks, 4);
  EXPECT_TRUE(run->oversubscribed);
  EXPECT_FALSE(run->quick);
  ASSERT_EQ(run->points.size(), 1u);
  const auto& p = run->points[0];
  EXPECT_EQ(p.pattern, "vSR");
  EXPECT_EQ(p.ranks, 4);
  EXPECT_EQ(p.strideElements, 2);
  EXPECT_EQ(p.bytes, 1024);
  EXPECT_DOUBLE_EQ(p.medianSeconds, 2.5e-6);
  EXPECT_DOUBLE_EQ(p.lowSeconds, 2e-6);
  EXPECT_DOUBLE_EQ(p.highSeconds, 3e-6);
  EXPECT_EQ(p.repetitions, 20);
  ASSERT_EQ(run->operations.size(), 1u);
  EXPECT_EQ(run->operations[0].operation, "mul");
  EXPECT_DOUBLE_EQ(run->operations[0].seconds, 1.25e-9);
}

TEST(TrainingOutput, PointRoundTripsThroughItsJsonLine)
{
  TrainingPoint p{"COMBN", 3, 1, 65536, 4e-5, 3e-5, 6e-5, 7};
  std::string error;
  const auto run = trainingRunFromJsonLines(kHeader + trainingPointToJson(p) + "\n", &error);
  ASSERT_TRUE(run) << error;
  ASSERT_EQ(run->points.size(), 1u);
  EXPECT_EQ(run->points[0].pattern, "COMBN");
  EXPECT_EQ(run->points[0].ranks, 3);
  EXPECT_EQ(run->points[0].bytes, 65536);
  EXPECT_DOUBLE_EQ(run->points[0].highSeconds, 6e-5);
  EXPECT_EQ(run->points[0].repetitions, 7);
}

TEST(TrainingOutput, InterruptedRunKeepsItsWholeLines)
{
  std::string error;
  // No end line: killed between two writes.
  auto run = trainingRunFromJsonLines(kHeader + kOperation + kPoint + kPoint, &error);
  ASSERT_TRUE(run) << error;
  EXPECT_FALSE(run->complete);
  EXPECT_EQ(run->points.size(), 2u);
  EXPECT_EQ(run->operations.size(), 1u);
  // Killed in the middle of a write: the cut line is dropped, the rest kept.
  const std::string cut = kPoint.substr(0, 40);
  run = trainingRunFromJsonLines(kHeader + kPoint + cut, &error);
  ASSERT_TRUE(run) << error;
  EXPECT_FALSE(run->complete);
  EXPECT_EQ(run->points.size(), 1u);
}

TEST(TrainingOutput, MalformedLinesAreErrorsNamingTheLine)
{
  EXPECT_EQ(parseError(""), "The training output is empty");
  EXPECT_EQ(parseError(kPoint), "Line 1 of the training output is not the 'header' line");
  // A broken line followed by more lines is not an interruption.
  EXPECT_EQ(parseError(kHeader + kPoint + "{\"kind\":\n" + kEnd), "Line 3 of the training output is not a JSON object");
  EXPECT_EQ(parseError(kHeader + "\n" + "[1,2]\n"), "Line 3 of the training output is not a JSON object");
  EXPECT_EQ(parseError(kHeader + kPoint + R"({"kind":"point","pattern":"SHIFT","ranks":2,"stride_elements":1,"bytes":8,"median_s":1,"low_s":1,"high_s":1,"repetitions":1})"
                                          "\n"),
            "Line 3 of the training output names the unknown pattern 'SHIFT'");
  EXPECT_EQ(parseError(kHeader + R"({"kind":"point","pattern":"vSR","ranks":2,"stride_elements":1,"bytes":-8,"median_s":1,"low_s":1,"high_s":1,"repetitions":1})"
                                 "\n"),
            "Line 2 of the training output needs 'bytes' to be a whole number >= 0");
  EXPECT_EQ(parseError(kHeader + R"({"kind":"point","pattern":"vSR","ranks":2,"stride_elements":1,"bytes":8,"median_s":1,"low_s":2,"high_s":3,"repetitions":1})"
                                 "\n"),
            "Line 2 of the training output needs 'low_s' <= 'median_s' <= 'high_s'");
  EXPECT_EQ(parseError(kHeader + R"({"kind":"operation","operation":"div","seconds":0})"
                                 "\n"),
            "Line 2 of the training output needs 'seconds' to be a number of seconds > 0");
  EXPECT_EQ(parseError(kHeader + R"({"kind":"note"})"
                                 "\n"),
            "Line 2 of the training output has the unknown kind 'note'");
  EXPECT_EQ(parseError(kHeader + kEnd + kPoint), "Line 3 of the training output follows the 'end' line");
  EXPECT_EQ(parseError(kHeader + kHeader), "Line 2 of the training output is a second header");
  EXPECT_EQ(parseError(R"({"kind":"header","host":"h","mpi_library":"m","started_at":"t","ranks":1,"oversubscribed":false,"quick":true})"
                       "\n"),
            "Line 1 of the training output needs 'ranks' to be a whole number from 2 to 2147483647");
  // beyond int it was cast to 2
  EXPECT_EQ(parseError(R"({"kind":"header","host":"h","mpi_library":"m","started_at":"t","ranks":4294967298,"oversubscribed":false,"quick":true})"
                       "\n"),
            "Line 1 of the training output needs 'ranks' to be a whole number from 2 to 2147483647");
}

// partscope-train-smpi says "simulated": true and writes no operation lines;
// headers without the key (older runs) read as not simulated.
TEST(TrainingOutput, SimulatedRunHasNoOperations)
{
  const std::string simulated =
      R"({"kind":"header","host":"node-0.partscope","mpi_library":"SMPI Version 3.32","started_at":"t","ranks":2,"oversubscribed":false,"quick":true,"simulated":true})"
      "\n";
  std::string error;
  const auto run = trainingRunFromJsonLines(simulated + kPoint + kEnd, &error);
  ASSERT_TRUE(run) << error;
  EXPECT_TRUE(run->simulated);
  EXPECT_TRUE(run->operations.empty());
  EXPECT_FALSE(trainingRunFromJsonLines(kHeader + kEnd, &error)->simulated);
  EXPECT_EQ(parseError(simulated + kOperation),
            "Line 2 of the training output is an operation in a simulated run (simulated time measures no operation "
            "costs)");
  auto wrong = simulated;
  wrong.replace(wrong.find("\"simulated\":true"), 16, "\"simulated\":1");
  EXPECT_EQ(parseError(wrong), "Line 1 of the training output needs 'simulated' to be true or false");
}

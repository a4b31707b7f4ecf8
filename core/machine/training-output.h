#pragma once
// Reads the raw output of partscope-train (machines/train/): JSON lines, one
// object each (contract 1 of issue 11):
//   {"kind":"header","host":..,"mpi_library":..,"started_at":..,"ranks":N,"oversubscribed":b,"quick":b,
//    "simulated":b}                     ("simulated" optional, default false: a SimGrid run,
//                                        partscope-train-smpi, which has no operation lines)
//   {"kind":"point","pattern":"vSR","ranks":4,"stride_elements":1,"bytes":1024,
//    "median_s":..,"low_s":..,"high_s":..,"repetitions":20}
//   {"kind":"operation","operation":"mul","seconds":..}
//   {"kind":"end"}                      (absent: the run was interrupted)
// Source: Balasundaram, Fox, Kennedy, Kremer 1991, Sec. 5 (the raw.data file
// of the training set); P3T+ Secs. 3.3.1-3.3.2 (basic operation costs).

#include "machine/training-data.h"

#include <optional>
#include <string>

namespace ps::machine {

/// The run in `text`. The header comes first; points and operations follow
/// in any order; "end" last marks a complete run (complete = true). Without
/// "end" the run was interrupted: complete = false and every whole line read
/// so far is kept; a last line cut short (no final newline, not valid JSON)
/// is dropped as the write the interruption cut. Blank lines are skipped and
/// unknown keys ignored (later versions may add some).
/// Checks: pattern one of kTrainingPatterns, ranks >= 2, stride_elements >= 1,
/// bytes >= 0, 0 <= low_s <= median_s <= high_s (finite), repetitions >= 1,
/// operation seconds finite and > 0, no operation in a simulated run.
/// Errors (nullopt, `error` set, naming the 1-based line): an empty text, a
/// first line that is not the header, a line that is not a JSON object, an
/// unknown kind, a missing or wrong value, a second header, a line after "end".
std::optional<TrainingRun> trainingRunFromJsonLines(const std::string& text, std::string* error);

/// One point as its JSON line (the format above, without the newline); the
/// inverse of the parser for points, for tests and for `calibrate --raw`.
std::string trainingPointToJson(const TrainingPoint& point);

} // namespace ps::machine

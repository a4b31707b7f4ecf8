#pragma once
// The message list of an estimate: every message the estimator charged in
// TT, per vectorized exchange, in the order a replay performs them. It is
// taken from the exchanges the communication code accounted
// (CommRecord::exchanges, filled with EstimateOptions::keepExchanges), so
// the predicted TT and a replay (machines/replay/) describe the same
// messages. Source: P3T+, Defs. 3.4-3.5 (nt, td and tt = sum over the
// exchanges of the slowest processor's rho + beta * bytes).

#include "estimate/estimator.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace ps::estimate {

/// One message: `bytes` from processor `from` to processor `to` (linear
/// numbers of the arrangement, 0..P-1, which are the replay's MPI ranks).
struct ListedMessage {
  std::int64_t from = 0, to = 0, bytes = 0;
};

/// Messages in flight together: every processor sends at most one and
/// receives at most one of them.
using MessageStep = std::vector<ListedMessage>;

/// One vectorized exchange, `repeat` times in a row; its steps run one after
/// another on each processor.
struct ListedExchange {
  std::int64_t repeat = 0;
  std::vector<MessageStep> steps;
};

/// The exchanges of one communication record (one read, or a reduction).
struct ListedRecord {
  std::string array, reference, pattern;
  int line = 0;
  std::int64_t instances = 0, messages = 0, bytes = 0; // the estimator's totals of the record
  double tt = 0;                                       // s, the estimator's time of the record
  bool complete = true; // false: the record's messages are not (all) listed; see the notes
  std::vector<ListedExchange> exchanges;
};

struct MessageList {
  std::int64_t processors = 1;
  std::string arrangement;
  double predictedTt = 0;         // s, Estimate::tt
  std::int64_t messages = 0;      // Estimate::nt
  std::int64_t bytes = 0;         // Estimate::tdBytes
  std::vector<ListedRecord> records;
  std::vector<std::string> notes; // where the list and the prediction differ
};

/// The message list of `estimate`, which must have been made with
/// EstimateOptions::keepExchanges (a CHECK failure otherwise when it has
/// communication). Steps are formed so that the replay's time per exchange
/// is the estimator's: the messages of a shift or copy are packed into
/// steps in which each processor sends and receives at most once (greedy,
/// by distance (to - from) mod P, so a shift's left and right neighbour
/// messages form two steps: rho + beta*b each, as the estimator sums a
/// processor's messages); a broadcast becomes a binomial tree per source
/// (ceil(log2(k+1)) steps, the estimator's tree; the relays forward the
/// receiver's own bytes); a reduction its binary tree, one step per level.
/// Differences (a pipelined or serialized nest, whose TT the schedule
/// changes; a non-affine read's whole-array fetch, not listed) are notes.
MessageList messageList(const Estimate& estimate);

/// Messages and bytes the list performs: the sums over exchanges of repeat
/// times their messages (equal to NT and TD when every record is complete).
std::int64_t listedMessages(const MessageList& list);
std::int64_t listedBytes(const MessageList& list);

/// The list as JSON, the replay's input:
/// {"format":"partscope-message-list","version":1,"processors":P,
///  "arrangement":"2x2","predicted_tt_s":..,"messages":NT,"bytes":TD,
///  "records":[{"array","reference","pattern","line","instances","messages",
///    "bytes","tt_s","complete","exchanges":[{"repeat":R,
///    "steps":[[[from,to,bytes],...],...]}]}],"notes":[..]}.
nlohmann::json messageListJson(const MessageList& list);

} // namespace ps::estimate

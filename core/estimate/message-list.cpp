#include "estimate/message-list.h"

#include "estimate/saturating-count.h"
#include "support/check.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace ps::estimate {
namespace {

/// Packs messages into steps: a message goes into the first step at or after
/// `minStep` in which its sender sends nothing and its receiver receives
/// nothing yet.
class StepPacker {
public:
  explicit StepPacker(std::int64_t procs) : m_sends(procs), m_recvs(procs) {}

  /// Returns the step the message went into.
  std::size_t place(const ExchangeMessage& m, std::size_t minStep)
  {
    auto& sends = m_sends[static_cast<std::size_t>(m.from)];
    auto& recvs = m_recvs[static_cast<std::size_t>(m.to)];
    std::size_t s = minStep;
    while ((s < sends.size() && sends[s]) || (s < recvs.size() && recvs[s]))
      ++s;
    mark(sends, s);
    mark(recvs, s);
    if (m_steps.size() <= s)
      m_steps.resize(s + 1);
    m_steps[s].push_back({m.from, m.to, m.bytes});
    return s;
  }

  std::vector<MessageStep> steps() && { return std::move(m_steps); }

private:
  static void mark(std::vector<bool>& used, std::size_t s)
  {
    if (used.size() <= s)
      used.resize(s + 1, false);
    used[s] = true;
  }

  std::vector<std::vector<bool>> m_sends, m_recvs; // per processor: steps already used
  std::vector<MessageStep> m_steps;
};

/// Point to point (shift, copy): by distance, so each distance (a shift's
/// direction) fills one step.
std::vector<MessageStep> pointToPointSteps(std::vector<ExchangeMessage> messages, std::int64_t procs)
{
  const auto distance = [procs](const ExchangeMessage& m) { return ((m.to - m.from) % procs + procs) % procs; };
  std::stable_sort(messages.begin(), messages.end(), [&](const auto& a, const auto& b) {
    return std::make_tuple(distance(a), a.from, a.to) < std::make_tuple(distance(b), b.from, b.to);
  });
  StepPacker packer(procs);
  for (const auto& m : messages)
    packer.place(m, 0);
  return std::move(packer).steps();
}

/// Broadcast: per source a binomial tree over [source, receivers...]; node
/// i >= 1 gets its bytes from node i - 2^floor(log2 i), after that node got
/// its own.
std::vector<MessageStep> treeBroadcastSteps(const std::vector<ExchangeMessage>& messages, std::int64_t procs)
{
  std::map<std::int64_t, std::vector<ExchangeMessage>> bySource;
  for (const auto& m : messages)
    bySource[m.from].push_back(m);
  StepPacker packer(procs);
  for (auto& [source, out] : bySource) {
    std::vector<std::int64_t> nodes{source};
    std::vector<std::size_t> arrived{0}; // the step after which node i holds the data (+1)
    for (const auto& m : out) {
      std::size_t i = nodes.size(), high = 1;
      while (high * 2 <= i)
        high *= 2;
      const auto parent = i - high;
      const auto step = packer.place({nodes[parent], m.to, m.bytes}, arrived[parent]);
      nodes.push_back(m.to);
      arrived.push_back(step + 1);
    }
  }
  return std::move(packer).steps();
}

/// Reduction: addReduction's binary tree, level by level (stride from - to,
/// over the smallest: a group's members along a grid's second dimension
/// are P1 apart, addGroupReduction).
std::vector<MessageStep> reductionSteps(const std::vector<ExchangeMessage>& messages, std::int64_t procs)
{
  StepPacker packer(procs);
  std::int64_t spacing = 0;
  for (const auto& m : messages)
    spacing = spacing == 0 ? m.from - m.to : std::min(spacing, m.from - m.to);
  for (const auto& m : messages) {
    std::size_t level = 0;
    for (auto stride = (m.from - m.to) / std::max<std::int64_t>(spacing, 1); stride > 1; stride /= 2)
      ++level;
    packer.place(m, level);
  }
  return std::move(packer).steps();
}

std::vector<MessageStep> stepsOf(const std::string& pattern, const ChargedExchange& exchange, std::int64_t procs)
{
  if (pattern == "broadcast")
    return treeBroadcastSteps(exchange.messages, procs);
  if (pattern == "reduction")
    return reductionSteps(exchange.messages, procs);
  return pointToPointSteps(exchange.messages, procs);
}

ListedRecord listRecord(const CommRecord& r, std::int64_t procs, std::vector<std::string>& notes)
{
  ListedRecord out{r.array, r.reference, r.pattern, r.line, r.instances, r.messages, r.bytes, r.time, true, {}};
  for (const auto& e : r.exchanges)
    out.exchanges.push_back({e.repeat, stepsOf(r.pattern, e, procs)});
  const auto where = r.reference + " at line " + std::to_string(r.line);
  if (r.exchangesTruncated) {
    out.complete = false;
    notes.push_back("The messages of " + where + " are listed only up to " + std::to_string(kMaxKeptMessages) +
                    " distinct messages");
  } else if (r.exchanges.empty() && r.messages > 0) {
    out.complete = false;
    notes.push_back("The messages of " + where +
                    " (a fetch of the whole array for a read that is not affine) are not listed");
  }
  return out;
}

} // namespace

MessageList messageList(const Estimate& estimate)
{
  PS_CHECK(estimate.comm.keepExchanges || estimate.comm.records.empty());
  MessageList list;
  list.processors = estimate.processors;
  list.arrangement = estimate.arrangement;
  list.predictedTt = estimate.tt;
  list.messages = estimate.nt;
  list.bytes = estimate.tdBytes;
  for (const auto& r : estimate.comm.records)
    list.records.push_back(listRecord(r, estimate.processors, list.notes));
  if (estimate.parallelism.kind != "parallel")
    list.notes.push_back("The nest is " + estimate.parallelism.kind +
                         ": the predicted TT follows its schedule, the list performs every exchange once in order");
  return list;
}

std::int64_t listedMessages(const MessageList& list)
{
  std::int64_t total = 0;
  for (const auto& r : list.records)
    for (const auto& e : r.exchanges)
      for (const auto& step : e.steps)
        total = saturatingAdd(total, saturatingMul(static_cast<std::int64_t>(step.size()), e.repeat));
  return total;
}

std::int64_t listedBytes(const MessageList& list)
{
  std::int64_t total = 0;
  for (const auto& r : list.records)
    for (const auto& e : r.exchanges)
      for (const auto& step : e.steps)
        for (const auto& m : step)
          total = saturatingAdd(total, saturatingMul(m.bytes, e.repeat));
  return total;
}

nlohmann::json messageListJson(const MessageList& list)
{
  auto records = nlohmann::json::array();
  for (const auto& r : list.records) {
    auto exchanges = nlohmann::json::array();
    for (const auto& e : r.exchanges) {
      auto steps = nlohmann::json::array();
      for (const auto& step : e.steps) {
        auto messages = nlohmann::json::array();
        for (const auto& m : step)
          messages.push_back({m.from, m.to, m.bytes});
        steps.push_back(std::move(messages));
      }
      exchanges.push_back({{"repeat", e.repeat}, {"steps", std::move(steps)}});
    }
    records.push_back({{"array", r.array}, {"reference", r.reference}, {"pattern", r.pattern}, {"line", r.line},
                       {"instances", r.instances}, {"messages", r.messages}, {"bytes", r.bytes}, {"tt_s", r.tt},
                       {"complete", r.complete}, {"exchanges", std::move(exchanges)}});
  }
  return {{"format", "partscope-message-list"}, {"version", 1}, {"processors", list.processors},
          {"arrangement", list.arrangement}, {"predicted_tt_s", list.predictedTt}, {"messages", list.messages},
          {"bytes", list.bytes}, {"records", std::move(records)}, {"notes", list.notes}};
}

} // namespace ps::estimate

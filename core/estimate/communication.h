#pragma once
// Communication of a loop nest under the owner-computes rule. Every
// processor's non-local reads are counted in closed form per processor pair
// (closed-communication.h) or, where that fails, simulated (as P3T+
// simulates the run-time system per processor, Section 3.2.2), and grouped
// into messages.
// Communication is vectorized: it is hoisted out of every loop that carries
// no flow dependence on the array (the placement), once per iteration of the
// loops that do. Source: P3T+, Defs. 3.4-3.5 (nt, td, tt per record with
// tt = sum(rho + beta * bytes)); reference patterns of Ayguade et al. 1997
// (shift, copy, broadcast, reduction).

#include "estimate/reference-plan.h"
#include "machine/machine-profile.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ps::estimate {

class CommFormula; // comm-formula.h

/// One message of a charged exchange: `bytes` from processor `from` to
/// processor `to` (linear numbers in the arrangement).
struct ExchangeMessage {
  std::int64_t from = 0, to = 0, bytes = 0;
  bool operator==(const ExchangeMessage&) const = default;
};

/// One vectorized exchange exactly as the estimator charged it (the messages
/// its time sum saw), performed `repeat` times in a row. Kept only on request
/// (CommTotals::keepExchanges) for the message list of a validation run.
struct ChargedExchange {
  std::int64_t repeat = 0;
  std::vector<ExchangeMessage> messages; // sorted by (from, to)
};

/// One communication record: the messages one reference causes.
struct CommRecord {
  std::string array;
  std::string reference;     // as written, e.g. "x(i,j-1)"
  std::string pattern;       // shift, copy, broadcast, reduction
  int line = 0;              // line of the statement
  int placement = 0;         // enclosing nest loops the messages stay inside (0: hoisted before the nest)
  std::int64_t instances = 0; // how many times the vectorized exchange happens
  std::int64_t messages = 0;  // total over processors and instances
  std::int64_t bytes = 0;     // total over processors and instances
  double time = 0;            // seconds: sum over instances of the slowest processor's time
  std::string simulatedBecause; // empty when counted in closed form
  std::int64_t sampledEvery = 1; // > 1: at most every s-th instance was counted, s times (a large nest, bounded time)
  bool sampledRows = false;       // sampledEvery counts rows of the last outer loop, each summed whole
  std::int64_t instancesDone = -1; // >= 0: the instances summed by polynomial pieces from this many (-1: not so)
  /// With CommTotals::keepExchanges: the exchanges charged, consecutive equal
  /// ones merged into one with the summed repeat. Empty otherwise.
  std::vector<ChargedExchange> exchanges = {};
  bool exchangesTruncated = false; // more messages than kMaxKeptMessages: the list stops there
  /// With EstimateOptions::formulas: NT and TD of the record in closed form
  /// (comm-formula.h), or nullptr and the reason in formulaWhy.
  std::shared_ptr<const CommFormula> formula = nullptr;
  std::string formulaWhy = {};
  /// < 1: messages, bytes and time are the exchanges' times this branch
  /// probability (an IF outside the loops they are vectorized out of skips
  /// them when false); `formula` and `exchanges` count the taken branch.
  double probability = 1.0;
  int branchLine = 0; // the IF whose probability it is
};

/// The most distinct messages kept per record for its `exchanges`.
inline constexpr std::int64_t kMaxKeptMessages = 2'000'000;

/// How the messages of a read are obtained: counted in closed form (and
/// simulated only where the count fails, where a small nest's instances
/// differ, or where an exchange's simulation visits fewer rows and runs
/// than its P projection counts would cost; a large nest's differing
/// instances summed by polynomial pieces, piecewise-instance-sum.h), or
/// always simulated (the oracle), or counted
/// in closed form instance by instance even in a small nest (the oracle's
/// counterpart for large nests), or summed by pieces even in a small nest
/// (what the tests compare with the oracles).
enum class CommunicationMethod { Closed, Simulated, EachInstanceClosed, PiecewiseInstances };

/// Per-processor totals of all records (receiving side).
struct CommTotals {
  std::vector<CommRecord> records;
  std::vector<std::int64_t> messagesPerProc;
  std::vector<std::int64_t> bytesPerProc;
  bool keepExchanges = false; // fill CommRecord::exchanges (message lists; costs memory)
};

/// The placement of a read of `read` in `statement`: the number of nest loops
/// (outermost first) that carry a flow dependence on it, or, for a
/// loop-independent flow dependence from an earlier statement, the loops
/// the two statements share (the exchange follows the write and precedes
/// the reader's own inner loops; a FORALL's levels excepted, whose writes
/// complete before the next assignment). A CALL whose callee may assign
/// the array (CallArgument::written) writes any element of it at each of
/// its iterations: a read after it in the loops they share is fetched
/// after it, one before it in the next iteration of the innermost of them.
/// `nestStatements` are the statements of the selected nest.
int placementOf(const program::Statement& statement, const program::ArrayReference& read,
                const std::vector<const program::Statement*>& nestStatements, const IterationSpace& space,
                const symbolic::Bindings& values);

/// Classifies the pattern of `read` against the executing reference `exec`
/// (nullptr: every processor executes): "local", "shift", "broadcast" or
/// "copy" (static strings).
const char* classifyPattern(const ReferencePlan* exec, const ReferencePlan& read, const mapping::Mapping& mapping,
                            int placement, int depth);

/// The instances of a read's exchange at the values of the unknowns (not
/// the mapping's sizes): whether every instance is the same exchange (no
/// inner bound or subscript of `exec` or `read` follows the outer
/// `placement` levels), and then how many there are and the first one's
/// loop values (depth() entries).
struct ReadInstances {
  bool same = false;
  std::int64_t count = 0;
  std::vector<std::int64_t> first;
  /// The space's iterations when the caller knows them (a compiled
  /// estimate's W(S), or a count kept across processor counts); counted
  /// when needed otherwise. They only choose how the exchanges are counted.
  std::optional<double> iterations;
};
ReadInstances readInstances(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read,
                            int placement);

/// The messages of the reads of `read` by the processors executing `exec`:
/// adds a record (when any message is needed) to `totals`. `known`, when
/// given, is readInstances of the same arguments (a compiled estimate keeps
/// it across processor counts); `text`, when given, read.ref->text() (kept
/// by a compiled estimate instead of printed at every point).
void addReadMessages(const IterationSpace& space, const ReferencePlan* exec, const ReferencePlan& read, int placement,
                     int line, const mapping::Mapping& mapping, const machine::MachineProfile& machine,
                     CommTotals& totals, CommunicationMethod method = CommunicationMethod::Closed,
                     const ReadInstances* known = nullptr, const std::string* text = nullptr);

/// Scales the last record of `totals` by the branch probability `probability`
/// of the IF at `branchLine` (CommRecord::probability), and the per-processor
/// counts it added since they were `messagesBefore` and `bytesBefore`
/// (rounded to whole messages and bytes).
void scaleLastRecord(CommTotals& totals, double probability, int branchLine,
                     const std::vector<std::int64_t>& messagesBefore, const std::vector<std::int64_t>& bytesBefore);

/// Adds the combines of a reduction into a `bytes`-sized scalar over all
/// processors (a binary tree: ceil(log2 P) steps, P - 1 messages), one per
/// iteration of the `placement` outer nest loops the reduction restarts in
/// (`instances` of them: a pivot search's amax, reset every step k, combines
/// once per step).
/// `values` values are combined in all (`instances` for a scalar; an array
/// reduction's combine carries the elements of its instance: QR's
/// W(J) = W(J) + V(I)*A(I,J) combines W(K:N) once per step), `bytes` each.
void addReduction(const std::string& variable, int line, int bytes, std::int64_t instances, std::int64_t values,
                  int placement, const mapping::Mapping& mapping,
                  const machine::MachineProfile& machine, CommTotals& totals);

/// addReduction's combines where each involves only the processors along
/// the processors dimensions `along` (those the reduced operand's elements
/// spread over within one combine): a row sum under (BLOCK,BLOCK) combines
/// within one processor row, the rows at the same time. `instancesAt[p]`
/// is the number of combines of p's group (the same for its members), each
/// of one `bytes`-sized value: a binary tree over the group's members (in
/// the arrangement's order along `along`), ceil(log2 G) steps and G - 1
/// messages for a group of G; the record's time is the busiest group's.
void addGroupReduction(const std::string& variable, int line, int bytes, const std::vector<std::int64_t>& instancesAt,
                       const std::vector<bool>& along, int placement, const mapping::Mapping& mapping,
                       const machine::MachineProfile& machine, CommTotals& totals);

} // namespace ps::estimate

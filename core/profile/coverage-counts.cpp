#include "profile/coverage-counts.h"

#include "support/text.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <set>
#include <utility>

namespace ps::profile {
namespace {

std::string baseName(const std::string& path) { return std::filesystem::path(path).filename().string(); }

/// The fall-through count and the sum of the two arcs of the branch point
/// whose arcs are branches[first] and branches[first+1] (gcov lists the
/// arcs of the line's blocks in block order; a conditional jump has two),
/// in `taken` and `evaluations`; left alone when those are no such pair.
void branchPoint(const nlohmann::json& branches, std::size_t first, std::optional<std::int64_t>& taken,
                 std::optional<std::int64_t>& evaluations)
{
  if (branches.size() < first + 2)
    return;
  const auto& a = branches[first];
  const auto& b = branches[first + 1];
  const auto countOf = [](const nlohmann::json& arc) { return arc.value("count", std::int64_t{0}); };
  if (a.value("fallthrough", false) == b.value("fallthrough", false))
    return;
  taken = countOf(a.value("fallthrough", false) ? a : b);
  evaluations = countOf(a) + countOf(b);
}

void addLine(CoverageCounts& counts, const nlohmann::json& l)
{
  LineCount c;
  c.line = l.at("line_number").get<int>();
  c.count = l.at("count").get<std::int64_t>();
  if (auto b = l.find("branches"); b != l.end()) {
    branchPoint(*b, 0, c.taken, c.evaluations);
    if (c.taken)
      branchPoint(*b, 2, c.secondTaken, c.secondEvaluations);
  }
  auto [it, inserted] = counts.lines.try_emplace(c.line, c);
  if (!inserted && c.count > it->second.count)
    it->second = c;
}

std::optional<CoverageCounts> fileCounts(const nlohmann::json& j, const std::string& sourceName)
{
  for (const auto& f : j.at("files")) {
    if (baseName(f.at("file").get<std::string>()) != baseName(sourceName))
      continue;
    CoverageCounts counts;
    counts.file = baseName(sourceName);
    for (const auto& l : f.at("lines"))
      addLine(counts, l);
    return counts;
  }
  return std::nullopt;
}

/// The IF test (the Control statement on `line` at the same loop level) of a
/// branch statement, or nullptr.
const program::Statement* ifTest(const program::Unit& unit, const program::Statement& st)
{
  for (const auto& s : unit.statements)
    if (s.kind == program::StatementKind::Control && s.line == st.branchLine && s.branchLine != st.branchLine)
      return &s;
  return nullptr;
}

/// The count of a statement: gcov puts that of a continued statement on one
/// of its lines, not always the first.
const LineCount* countOf(const program::Statement& st, const CoverageCounts& counts)
{
  for (int line = st.line; line <= std::max(st.line, st.lastLine); ++line)
    if (const auto* c = counts.at(line))
      return c;
  return nullptr;
}

/// The count of `st`, a statement of an IF's arm at the arm's loop level:
/// its own, but at most that of the arm's statement before it, which runs
/// at least as often where no GO TO may jump in between (the unit has
/// none it does not model), and for the second arm of a two-armed IF (an ELSE,
/// or what follows IF (C) CYCLE) at most the test's arc that is not the
/// THEN's (LineCount::taken): gcov may add the loop latch to the body's
/// last line (the ELSE after IF (C) CYCLE, at the end of the body, read 17
/// for 16 executions; one more per entry of an inner loop).
std::optional<std::int64_t> armCount(const program::Unit& unit, const program::Statement& st,
                                     const CoverageCounts& counts)
{
  const auto* own = countOf(st, counts);
  if (!own)
    return std::nullopt;
  auto least = own->count;
  if (const auto* test = counts.at(st.branchLine);
      test && st.branchArm == 1 && st.branchArms == 2 && test->taken && test->evaluations)
    least = std::min(least, std::max<std::int64_t>(*test->evaluations - *test->taken, 0));
  const program::Statement* previous = nullptr;
  for (const auto& other : unit.statements)
    if (unit.gotoLines.empty() && other.id < st.id && other.branchLine == st.branchLine &&
        other.branchArm == st.branchArm && other.loops == st.loops && other.line != other.branchLine)
      previous = &other;
  if (const auto* c = previous ? countOf(*previous, counts) : nullptr)
    least = std::min(least, c->count);
  return least;
}

/// count(statement) / count(IF test), the statement's count being its
/// arm's (armCount); for a logical IF's action (same line) the THEN arc's
/// share of the line.
std::optional<double> branchProbability(const program::Unit& unit, const program::Statement& st,
                                        const CoverageCounts& counts)
{
  const auto* test = counts.at(st.branchLine);
  if (!test)
    return std::nullopt;
  const auto evaluations = static_cast<double>(test->evaluations.value_or(test->count));
  if (evaluations <= 0)
    return std::nullopt;
  const auto taken = st.line == st.branchLine ? test->taken : armCount(unit, st, counts);
  if (!taken)
    return std::nullopt;
  return std::clamp(static_cast<double>(*taken) / evaluations, 0.0, 1.0);
}

/// A DO loop directly in an IF branch: the share of the IF's evaluations
/// that entered the loop. The DO line's first branch point leaves for the body
/// (`taken`, the iterations) or out of the loop (once per entry).
std::optional<double> loopEntryProbability(const program::Loop& loop, int ifLine, const CoverageCounts& counts)
{
  const auto* head = counts.at(loop.line);
  const auto* test = counts.at(ifLine);
  if (loop.isWhile || !head || !head->taken || !head->evaluations || !test)
    return std::nullopt;
  const auto evaluations = static_cast<double>(test->evaluations.value_or(test->count));
  if (evaluations <= 0)
    return std::nullopt;
  return std::clamp(static_cast<double>(*head->evaluations - *head->taken) / evaluations, 0.0, 1.0);
}

/// The least count of the statements of a DO WHILE's body that run at its
/// level (under no IF of the body; not the test on the loop's line), or
/// nullopt when none has a count. gcov adds a loop inside a line (an array
/// expression, an implied DO, a label's jump) to its count, so the least
/// is the one nearest the iterations; the statements before the body's
/// first EXIT or CYCLE (its own or an inner loop's, Loop::exitLines) are
/// taken where there are some, since one after it may be skipped (a GO TO
/// still can make it lower).
std::optional<std::int64_t> leastBodyCount(const program::Unit& unit, const program::Loop& loop,
                                           const CoverageCounts& counts)
{
  // a statement after an EXIT or CYCLE in the body (of this loop or an inner one) may be skipped:
  // those before the first such jump run in every iteration
  int firstJump = loop.endLine + 1;
  for (const auto& inner : unit.loops)
    if (program::nestedIn(unit, inner, loop.id))
      for (int line : inner.exitLines)
        if (line > loop.line && line < firstJump)
          firstJump = line;
  std::optional<std::int64_t> least, beforeJumps;
  for (const auto& st : unit.statements)
    if (!st.loops.empty() && st.loops.back() == loop.id && st.branchLine < loop.line && st.line != loop.line)
      if (const auto* c = counts.at(st.line)) {
        least = std::min(least.value_or(c->count), c->count);
        if (st.line < firstJump)
          beforeJumps = std::min(beforeJumps.value_or(c->count), c->count);
      }
  return beforeJumps ? beforeJumps : least;
}

/// The evaluations of a loop latch whose two arcs count `taken` and
/// `evaluations` less `taken`: one of them the exits (`exits`), the other
/// the iterations that go on; nullopt when it is no such latch.
std::optional<std::int64_t> latchEvaluations(const std::optional<std::int64_t>& taken,
                                             const std::optional<std::int64_t>& evaluations, std::int64_t exits)
{
  if (!taken || !evaluations || *evaluations <= exits)
    return std::nullopt;
  if (*taken != exits && *evaluations - *taken != exits) // neither arc is the exits
    return std::nullopt;
  return evaluations;
}

/// A DO whose trip count gfortran computes at run time with a step other
/// than 1 (DO I = 1 + MOD(J,2), N, 2; DO I = J, N, 2) is tested at the
/// bottom: its head line's first arc is then the test for an empty loop
/// (taken once per entry that iterates), and the latch, evaluated once per
/// iteration, one arc the exits (the head's taken count) and the other the
/// iterations that go on, is the body's last line's branch point, or the
/// head line's second one when that last line is an IF with arcs of its
/// own. Those iterations; nullopt when neither place has such arcs (the
/// head's arc is the body's).
std::optional<std::int64_t> bottomTestIterations(const program::Unit& unit, const program::Loop& loop,
                                                 const CoverageCounts& counts, std::int64_t headTaken)
{
  const auto* head = counts.at(loop.line);
  if (const auto latch = head ? latchEvaluations(head->secondTaken, head->secondEvaluations, headTaken) : std::nullopt)
    return latch;
  const program::Statement* last = nullptr;
  for (const auto& st : unit.statements)
    if (!st.loops.empty() && st.loops.back() == loop.id && st.line != loop.line && (!last || st.line > last->line))
      last = &st;
  const auto* latch = last ? counts.at(last->line) : nullptr;
  return latch ? latchEvaluations(latch->taken, latch->evaluations, headTaken) : std::nullopt;
}

/// The iterations of `loop` in the whole run. A DO's body arc (`taken`) on
/// its head line. A DO WHILE's test has two arcs, and gfortran lays them
/// out either way round (`taken` is the exit for K < 10, the body for
/// I < N*N), or the line's first branch belongs to something else (2**K <
/// J): the body's least count picks the arc it equals, else is taken
/// itself when the test ran at least as often; nullopt when neither says.
std::optional<std::int64_t> loopIterations(const program::Unit& unit, const program::Loop& loop,
                                           const CoverageCounts& counts)
{
  const auto* head = counts.at(loop.line);
  if (!loop.isWhile) {
    if (head && head->taken)
      if (const auto bottom = bottomTestIterations(unit, loop, counts, *head->taken))
        return bottom;
    return head ? head->taken : std::nullopt;
  }
  const auto body = leastBodyCount(unit, loop, counts);
  if (!head || !head->taken || !head->evaluations)
    return body; // a DO without control has no test
  if (!body)
    return std::nullopt;
  const auto other = *head->evaluations - *head->taken;
  if (*body == *head->taken || *body == other)
    return body;
  return *body <= *head->evaluations ? body : std::nullopt;
}

/// The times an EXIT (CYCLE, RETURN, STOP) at `line` ran: a logical IF's action is the IF's THEN arc.
std::int64_t exitCount(int line, const CoverageCounts& counts)
{
  const auto* c = counts.at(line);
  return !c ? 0 : c->taken ? *c->taken : c->count;
}

/// A DO WHILE's entries in the whole run: each entry leaves it once, by the
/// test (its evaluations less the iterations) or by a statement that leaves
/// it (Loop::exitLines: an EXIT of it or of a loop around it, a CYCLE of a
/// loop around it, RETURN, STOP).
std::int64_t whileEntries(const program::Loop& loop, std::int64_t iterations, const CoverageCounts& counts)
{
  const auto* head = counts.at(loop.line);
  std::int64_t entries = head && head->evaluations ? std::max<std::int64_t>(*head->evaluations - iterations, 0) : 0;
  for (int line : loop.exitLines)
    entries += exitCount(line, counts);
  return entries;
}

/// A DO WHILE directly in an IF branch: the share of the IF's evaluations
/// that entered it.
std::optional<double> whileEntryProbability(const program::Unit& unit, const program::Loop& loop, int ifLine,
                                            const CoverageCounts& counts)
{
  const auto* test = counts.at(ifLine);
  const auto iterations = loopIterations(unit, loop, counts);
  if (!test || !iterations)
    return std::nullopt;
  const auto evaluations = static_cast<double>(test->evaluations.value_or(test->count));
  const auto entries = whileEntries(loop, *iterations, counts);
  if (evaluations <= 0 || (entries <= 0 && *iterations > 0)) // entered, never left: the counts do not say
    return std::nullopt;
  return std::clamp(static_cast<double>(entries) / evaluations, 0.0, 1.0);
}

/// Puts the measured iterations per entry of each DO WHILE (iterations over
/// entries, rounded, at least 1 when it ran; 0 when it was never entered)
/// in place of its unknown (Loop::tripsUnknown), which the unit then no
/// longer asks for; not for the unknowns `given` has (the user's value
/// wins). A loop whose iterations the counts do not give (loopIterations),
/// or that ran and was never left by its test or an EXIT, keeps its unknown.
void measureWhileTrips(program::Unit& unit, const CoverageCounts& counts, const symbolic::Bindings& given)
{
  for (auto& loop : unit.loops) {
    if (loop.tripsUnknown.empty() || given.count(loop.tripsUnknown))
      continue;
    const auto iterations = loopIterations(unit, loop, counts);
    if (!iterations)
      continue;
    const auto entries = whileEntries(loop, *iterations, counts);
    if (entries <= 0 && *iterations > 0)
      continue;
    loop.measuredMean = entries > 0 ? static_cast<double>(*iterations) / static_cast<double>(entries) : 0.0;
    // rounded, but a loop that ran runs at least once
    const auto rounded = entries > 0 ? *iterations / entries + (*iterations % entries) * 2 / entries : 0;
    loop.measuredTrips = *iterations > 0 ? std::max<std::int64_t>(rounded, 1) : 0;
    loop.upper = loop.upperAsWritten = symbolic::Expr::integer(*loop.measuredTrips);
    std::erase(unit.unknowns, loop.tripsUnknown);
    unit.unknownOrigins.erase(loop.tripsUnknown);
  }
}

/// The statement's enclosing DO loops, gcov's loop heads: without the
/// loops of an array-section assignment (on the statement's own line, whose
/// scalarized loop gfortran counts there too).
std::vector<int> doLoops(const program::Unit& unit, const program::Statement& st)
{
  auto loops = st.loops;
  while (!loops.empty() && unit.loops[loops.back()].isSection)
    loops.pop_back();
  return loops;
}

/// The statement's count; for a logical IF's action its THEN arc, in an
/// IF's arm the arm's (armCount); at a loop's body level, where gcov may
/// add the loop latch to the last line, at most the loop's measured
/// iterations.
std::optional<std::int64_t> executions(const program::Unit& unit, const program::Statement& st, bool inBranch,
                                       const CoverageCounts& counts)
{
  const auto* own = countOf(st, counts);
  if (!own)
    return std::nullopt;
  if (inBranch && st.line == st.branchLine) // a logical IF's action: the THEN arc
    return own->taken ? own->taken : std::nullopt;
  if (inBranch)
    return armCount(unit, st, counts);
  const auto loops = doLoops(unit, st);
  if (loops.empty())
    return own->count;
  const auto iterations = loopIterations(unit, unit.loops[loops.back()], counts);
  return iterations ? std::min(own->count, *iterations) : own->count;
}

/// A statement of a loop body outside any IF that runs in fewer of the
/// loop's iterations than all (GO TO and arithmetic IF jump over it; the
/// model takes it as always executed): its probability is its count over
/// the iterations the loop's head line measured.
void skippedByJumps(const program::Unit& unit, program::Statement& st, const CoverageCounts& counts)
{
  const auto loops = doLoops(unit, st);
  if (loops.empty() || !st.executions)
    return;
  const auto iterations = loopIterations(unit, unit.loops[loops.back()], counts);
  if (!iterations || *iterations <= 0 || *st.executions >= *iterations)
    return;
  st.probability = static_cast<double>(*st.executions) / static_cast<double>(*iterations);
  st.probabilityMeasured = true;
}

/// Whether every IF around `st` is described by its guards (one comparison,
/// or an .AND. of them, affine in the loop variables and the unit's integer
/// scalars): Statement::guardedShare is then all of its default probability.
bool exactlyGuarded(const program::Statement& st)
{
  return !st.guards.empty() && st.guardedShare > 0 && st.probability / st.guardedShare >= 1.0 - 1e-12;
}

void applyToUnit(program::Unit& unit, const CoverageCounts& counts, std::vector<StatementProfile>& rows)
{
  std::set<std::pair<int, int>> seen; // (line, branch line): ELSE IF tests repeat the IF's line
  for (auto& st : unit.statements) {
    StatementProfile row{unit.name, st.line, std::nullopt, st.branchLine, std::nullopt, st.probability};
    const auto* test = st.branchLine > 0 ? ifTest(unit, st) : nullptr;
    const auto loops = doLoops(unit, st);
    const bool inBranch = test && test->loops == loops;
    const bool inLoopOfBranch = test && loops.size() > test->loops.size() &&
                                std::equal(test->loops.begin(), test->loops.end(), loops.begin());
    // gcov counts a section's scalarized loop on its line: a block IF's statement count is then
    // elements, not executions (a logical IF's action reads the IF's own arc)
    const bool elementCount = loops.size() < st.loops.size() && st.line != st.branchLine;
    st.executions = elementCount && inBranch ? std::nullopt : executions(unit, st, inBranch, counts);
    row.executions = st.executions;
    if (inBranch && !elementCount)
      row.branchProbability = branchProbability(unit, st, counts);
    else if (inLoopOfBranch) { // the model weights the loop's whole body by the branch's probability
      const auto& entered = unit.loops[loops[test->loops.size()]];
      row.branchProbability = entered.isWhile ? whileEntryProbability(unit, entered, st.branchLine, counts)
                                              : loopEntryProbability(entered, st.branchLine, counts);
    }
    if (row.branchProbability && exactlyGuarded(st)) {
      // the estimate counts where its affine conditions hold at the values it is given: exact per
      // processor (IF (I .GT. K) CYCLE under BLOCK), where a measured share would spread evenly; the
      // measured one stands in where it cannot count them (K without a value)
      st.measuredProbability = *row.branchProbability * test->probability;
    } else if (row.branchProbability) {
      st.probability = *row.branchProbability * test->probability;
      st.probabilityMeasured = true;
    } else if (!test) {
      skippedByJumps(unit, st, counts);
    }
    row.probability = st.probability;
    if (seen.insert({st.line, st.branchLine}).second)
      rows.push_back(row);
  }
}

std::string cell(const std::optional<double>& p)
{
  if (!p)
    return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", *p);
  return buf;
}

} // namespace

const LineCount* CoverageCounts::at(int line) const
{
  auto it = lines.find(line);
  return it == lines.end() ? nullptr : &it->second;
}

CountsResult countsFromGcov(const std::string& gcovJson, const std::string& sourceName)
{
  try {
    // --stdout prints one JSON document per line, one per object file
    std::size_t begin = 0;
    while (begin < gcovJson.size()) {
      const auto end = std::min(gcovJson.find('\n', begin), gcovJson.size());
      const auto line = trim(std::string_view(gcovJson).substr(begin, end - begin));
      begin = end + 1;
      if (line.empty())
        continue;
      if (auto counts = fileCounts(nlohmann::json::parse(line), sourceName))
        return {std::move(counts), {}};
    }
    return {std::nullopt, "gcov reported no counts for '" + baseName(sourceName) + "'"};
  } catch (const nlohmann::json::exception& e) {
    return {std::nullopt, std::string("The output of gcov is not the expected JSON: ") + e.what()};
  }
}

CountsResult countsFromJson(const nlohmann::json& j)
{
  try {
    CoverageCounts counts;
    counts.file = j.value("file", "");
    for (const auto& l : j.at("lines")) {
      LineCount c;
      c.line = l.at("line").get<int>();
      c.count = l.at("count").get<std::int64_t>();
      const auto readIfThere = [&](const char* key, std::optional<std::int64_t>& into) {
        if (l.contains(key))
          into = l.at(key).get<std::int64_t>();
      };
      readIfThere("taken", c.taken);
      readIfThere("evaluations", c.evaluations);
      readIfThere("second_taken", c.secondTaken);
      readIfThere("second_evaluations", c.secondEvaluations);
      counts.lines[c.line] = c;
    }
    return {std::move(counts), {}};
  } catch (const nlohmann::json::exception& e) {
    return {std::nullopt,
            std::string("The counts are not in the format of 'partscope-cli profile --json': ") + e.what()};
  }
}

CountsResult readCounts(const std::string& path)
{
  std::string error;
  auto text = readTextFile(path, &error);
  if (!text)
    return {std::nullopt, error};
  auto j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded())
    return {std::nullopt, "The counts file '" + path + "' is not JSON"};
  return countsFromJson(j);
}

std::vector<StatementProfile> applyCounts(program::ProgramModel& model, const CoverageCounts& counts,
                                          const symbolic::Bindings& given)
{
  std::vector<StatementProfile> rows;
  for (auto& unit : model.units) {
    applyToUnit(unit, counts, rows);
    measureWhileTrips(unit, counts, given);
  }
  return rows;
}

std::vector<int> measuredLines(const program::Unit& unit)
{
  std::set<int> lines;
  for (const auto& st : unit.statements)
    if (st.probabilityMeasured)
      lines.insert(st.line);
  return {lines.begin(), lines.end()};
}

nlohmann::json toJson(const CoverageCounts& counts, const std::vector<StatementProfile>& rows)
{
  nlohmann::json lines = nlohmann::json::array();
  for (const auto& [n, c] : counts.lines) {
    nlohmann::json l{{"line", n}, {"count", c.count}};
    if (c.taken)
      l["taken"] = *c.taken;
    if (c.evaluations)
      l["evaluations"] = *c.evaluations;
    if (c.secondTaken && c.secondEvaluations) {
      l["second_taken"] = *c.secondTaken;
      l["second_evaluations"] = *c.secondEvaluations;
    }
    lines.push_back(l);
  }
  nlohmann::json statements = nlohmann::json::array();
  for (const auto& r : rows) {
    nlohmann::json s{{"unit", r.unit}, {"line", r.line}, {"probability", r.probability}};
    if (r.executions)
      s["count"] = *r.executions;
    if (r.branchLine > 0)
      s["branch_line"] = r.branchLine;
    if (r.branchProbability)
      s["branch_probability"] = *r.branchProbability;
    statements.push_back(s);
  }
  return {{"file", counts.file}, {"lines", lines}, {"statements", statements}};
}

std::string toText(const CoverageCounts& counts, const std::vector<StatementProfile>& rows)
{
  std::string out = "Profile run of " + counts.file + "\n";
  char buf[160];
  std::snprintf(buf, sizeof buf, "%6s  %12s  %-8s  %s\n", "line", "count", "IF line", "branch probability");
  out += buf;
  for (const auto& r : rows) {
    const auto count = r.executions ? std::to_string(*r.executions) : std::string("-");
    const auto ifLine = r.branchLine > 0 ? std::to_string(r.branchLine) : std::string();
    std::snprintf(buf, sizeof buf, "%6d  %12s  %-8s  %s\n", r.line, count.c_str(), ifLine.c_str(),
                  cell(r.branchProbability).c_str());
    out += buf;
  }
  return out;
}

} // namespace ps::profile

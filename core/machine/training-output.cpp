#include "machine/training-output.h"

#include "machine/comm-curve.h"
#include "support/json-text.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <iterator>
#include <sstream>
#include <vector>

namespace ps::machine {
namespace {

using nlohmann::json;

struct Line {
  int number = 0;
  std::string text;
};

/// The non-blank lines with their 1-based numbers; `cut` tells whether the
/// text ends without a newline (the last line may be a partial write).
std::vector<Line> linesOf(const std::string& text, bool* cut)
{
  std::vector<Line> lines;
  std::istringstream in(text);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find_first_not_of(" \t\r") != std::string::npos)
      lines.push_back({number, line});
  }
  *cut = !text.empty() && text.back() != '\n';
  return lines;
}

/// Reading of one line's fields; the first problem wins and names the line.
class Fields {
public:
  Fields(const json& j, int line) : m_j(j), m_line(line) {}
  const std::string& problem() const { return m_problem; }

  std::string text(const char* key)
  {
    const auto it = m_j.find(key);
    if (it == m_j.end() || !it->is_string())
      return fail(key, "a string"), std::string();
    return it->get<std::string>();
  }
  bool flag(const char* key)
  {
    const auto it = m_j.find(key);
    if (it == m_j.end() || !it->is_boolean())
      return fail(key, "true or false"), false;
    return it->get<bool>();
  }
  /// A flag later versions added: `absent` when the key is missing.
  bool optionalFlag(const char* key, bool absent)
  {
    return m_j.contains(key) ? flag(key) : absent;
  }
  /// `most` keeps ranks and repetitions inside int (4294967298 ranks read as 2).
  std::int64_t whole(const char* key, std::int64_t least, std::int64_t most = std::numeric_limits<int>::max())
  {
    const auto it = m_j.find(key);
    if (it == m_j.end() || !it->is_number_integer() || it->get<std::int64_t>() < least ||
        it->get<std::int64_t>() > most)
      return fail(key, "a whole number " + (most == std::numeric_limits<std::int64_t>::max()
                                                  ? ">= " + std::to_string(least)
                                                  : "from " + std::to_string(least) + " to " + std::to_string(most))),
             least;
    return it->get<std::int64_t>();
  }
  double seconds(const char* key, bool positive)
  {
    const auto it = m_j.find(key);
    const bool ok = it != m_j.end() && it->is_number() && std::isfinite(it->get<double>()) &&
                    (positive ? it->get<double>() > 0 : it->get<double>() >= 0);
    if (!ok)
      return fail(key, positive ? "a number of seconds > 0" : "a number of seconds >= 0"), 0.0;
    return it->get<double>();
  }
  void fail(const std::string& key, const std::string& what)
  {
    if (m_problem.empty())
      m_problem = "Line " + std::to_string(m_line) + " of the training output needs '" + key + "' to be " + what;
  }
  void failWith(const std::string& sentence)
  {
    if (m_problem.empty())
      m_problem = "Line " + std::to_string(m_line) + " of the training output " + sentence;
  }

private:
  const json& m_j;
  int m_line;
  std::string m_problem;
};

void readHeader(Fields& f, TrainingRun& run)
{
  run.host = f.text("host");
  run.mpiLibrary = f.text("mpi_library");
  run.startedAt = f.text("started_at");
  run.ranks = int(f.whole("ranks", 2));
  run.oversubscribed = f.flag("oversubscribed");
  run.quick = f.flag("quick");
  run.simulated = f.optionalFlag("simulated", false);
}

void readPoint(Fields& f, TrainingRun& run)
{
  TrainingPoint p;
  p.pattern = f.text("pattern");
  if (f.problem().empty() && !isTrainingPattern(p.pattern))
    f.failWith("names the unknown pattern '" + p.pattern + "'");
  p.ranks = int(f.whole("ranks", 2));
  p.strideElements = f.whole("stride_elements", 1, std::numeric_limits<std::int64_t>::max());
  p.bytes = f.whole("bytes", 0, std::numeric_limits<std::int64_t>::max());
  p.medianSeconds = f.seconds("median_s", false);
  p.lowSeconds = f.seconds("low_s", false);
  p.highSeconds = f.seconds("high_s", false);
  p.repetitions = int(f.whole("repetitions", 1));
  if (!(p.lowSeconds <= p.medianSeconds && p.medianSeconds <= p.highSeconds))
    f.failWith("needs 'low_s' <= 'median_s' <= 'high_s'");
  run.points.push_back(p);
}

void readOperation(Fields& f, TrainingRun& run)
{
  OperationMeasurement m;
  m.operation = f.text("operation");
  if (f.problem().empty() && run.simulated)
    f.failWith("is an operation in a simulated run (simulated time measures no operation costs)");
  if (f.problem().empty() && m.operation.empty())
    f.failWith("has an empty 'operation'");
  m.seconds = f.seconds("seconds", true);
  run.operations.push_back(m);
}

/// Reads one body line (after the header) into `run`; the problem, or empty.
std::string readBodyLine(const json& j, int number, TrainingRun& run)
{
  Fields f(j, number);
  const auto kind = f.text("kind");
  if (!f.problem().empty())
    return f.problem();
  if (run.complete)
    f.failWith("follows the 'end' line");
  else if (kind == "point")
    readPoint(f, run);
  else if (kind == "operation")
    readOperation(f, run);
  else if (kind == "end")
    run.complete = true;
  else if (kind == "header")
    f.failWith("is a second header");
  else
    f.failWith("has the unknown kind '" + kind + "'");
  return f.problem();
}

std::optional<TrainingRun> failed(std::string* error, const std::string& why)
{
  if (error)
    *error = why;
  return std::nullopt;
}

} // namespace

std::optional<TrainingRun> trainingRunFromJsonLines(const std::string& text, std::string* error)
{
  bool cut = false;
  const auto lines = linesOf(text, &cut);
  if (lines.empty())
    return failed(error, "The training output is empty");
  TrainingRun run;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto j = json::parse(lines[i].text, nullptr, false);
    const std::string where = "Line " + std::to_string(lines[i].number) + " of the training output";
    if (j.is_discarded() || !j.is_object()) {
      if (cut && i + 1 == lines.size() && i > 0 && !run.complete)
        break; // the interrupted last write
      return failed(error, where + " is not a JSON object");
    }
    if (i == 0) {
      Fields f(j, lines[i].number);
      if (f.text("kind") != "header")
        return failed(error, where + " is not the 'header' line");
      readHeader(f, run);
      if (!f.problem().empty())
        return failed(error, f.problem());
      continue;
    }
    if (const auto problem = readBodyLine(j, lines[i].number, run); !problem.empty())
      return failed(error, problem);
  }
  return run;
}

std::string trainingPointToJson(const TrainingPoint& p)
{
  const json j = {{"kind", "point"},       {"pattern", p.pattern},        {"ranks", p.ranks},
                  {"stride_elements", p.strideElements}, {"bytes", p.bytes}, {"median_s", p.medianSeconds},
                  {"low_s", p.lowSeconds}, {"high_s", p.highSeconds},     {"repetitions", p.repetitions}};
  return ps::jsonText(j);
}

} // namespace ps::machine

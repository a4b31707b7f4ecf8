#include "views/analysis-job.h"

#include "estimate/formulas-report.h"

#include "estimate/report.h"
#include "fortran/parser.h"
#include "mapping/mapping-builder.h"
#include "estimate/mapping-assumptions.h"
#include "program/outline.h"
#include "views/machine-store.h"

#include <algorithm>
#include <chrono>

namespace ps::views {
namespace {

/// Per unit, the distribution its HPF directives give: {"processors": "4x4",
/// "arrays": {"a": "(BLOCK,BLOCK)"}}, or null without DISTRIBUTE directives.
/// With `atLine`, the distribution in force there (REDISTRIBUTE, REALIGN).
/// The formats do not depend on the sizes: where the extents need values
/// the user has not given yet (a subroutine's dummy a(m,m)), stand-ins
/// build the mapping, and the processors are named only if `values` give
/// their arrangement.
nlohmann::json directivesOf(const program::Unit& unit, const symbolic::Bindings& values, int atLine = 0)
{
  constexpr std::int64_t kStandIn = 64;
  auto m = mapping::mappingFromDirectives(unit, values, std::nullopt, atLine);
  auto standIns = values;
  bool stood = false;
  for (int round = 0; !m.mapping && !m.missing.empty() && round < 4; ++round) {
    for (const auto& name : m.missing)
      standIns.emplace(name, kStandIn);
    m = mapping::mappingFromDirectives(unit, standIns, std::nullopt, atLine);
    stood = true;
  }
  if (!m.mapping || m.mapping->arrays.empty())
    return nullptr;
  nlohmann::json arrays = nlohmann::json::object();
  for (const auto& [name, a] : m.mapping->arrays) // the array's own dimensions, an aligned vector's too
    if (const auto* s = unit.symbol(name))
      arrays[name] = m.mapping->formatsOf(name, static_cast<int>(s->dims.size()));
  const auto declared = stood ? mapping::declaredArrangement(unit, values) : std::optional(m.mapping->procs);
  return {{"processors", declared ? declared->str() : ""}, {"arrays", arrays}};
}

bool remaps(const program::Unit& unit)
{
  return std::any_of(unit.directives.begin(), unit.directives.end(), [](const auto& d) {
    return d.kind == fortran::DirectiveKind::Redistribute || d.kind == fortran::DirectiveKind::Realign;
  });
}

template <typename T>
void addUnique(std::vector<T>& into, const std::vector<T>& from)
{
  for (const auto& x : from)
    if (std::find(into.begin(), into.end(), x) == into.end())
      into.push_back(x);
}

class JobRunner {
public:
  JobRunner(const JobInput& input, const std::atomic<bool>& cancelled, const PartialOutput& partial)
    : m_input(input), m_cancelled(cancelled), m_partial(partial),
      m_parsed(fortran::parseSource(input.path.empty() ? "untitled.f90" : input.path, input.text, input.parse))
  {
  }

  std::optional<JobOutput> run()
  {
    const auto start = std::chrono::steady_clock::now();
    outline();
    if (m_input.estimate && !estimate())
      return std::nullopt;
    m_out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(m_out);
  }

private:
  void outline()
  {
    const auto model = program::buildModel(m_parsed, m_input.values);
    m_out.outline = program::outlineJson(m_parsed, model);
    for (std::size_t u = 0; u < model.units.size(); ++u) {
      const auto& unit = model.units[u];
      m_out.outline["units"][u]["directives"] = directivesOf(unit, m_input.values);
      if (remaps(unit)) // each loop nest gets the mapping in force at its DO
        for (std::size_t l = 0; l < unit.loops.size(); ++l)
          m_out.outline["units"][u]["loops"][l]["directives"] = directivesOf(unit, m_input.values, unit.loops[l].line);
    }
  }

  /// The model the estimates use: with the measured branch probabilities of
  /// the document's profile run, when there is one.
  program::ProgramModel estimateModel(const symbolic::Bindings& values) const
  {
    auto model = program::buildModel(m_parsed, values);
    if (m_input.profileCounts)
      profile::applyCounts(model, *m_input.profileCounts, values);
    return model;
  }

  /// False when cancelled. Every variant's table point first, handed to
  /// `partial` (the IDE shows the table while the sweeps run), then the sweeps.
  bool estimate()
  {
    const auto& s = *m_input.estimate;
    std::string error;
    m_machine = findIdeMachine(s.machine, &error);
    if (!m_machine) {
      m_out.errors.push_back(error);
      return true;
    }
    const auto model = estimateModel(s.values);
    if (!scopeReadable(model, s))
      return true;
    assumptions(model, s);
    noteSourceErrors(model);
    m_out.valueSweepOnly = s.valueSweepOnly;
    m_out.sweepVariable = s.sweepVariable;
    std::vector<estimate::ComparisonRequest> swept; // the variants to sweep, in the table's order
    for (const auto& v : s.variants) {
      if (m_cancelled)
        return false;
      if (auto request = tablePoint(model, v, s))
        swept.push_back(std::move(*request));
    }
    m_out.estimated = m_out.errors.empty();
    if (m_out.estimated && !s.valueSweepOnly && m_partial) {
      auto table = m_out;
      table.partial = true;
      m_partial(table);
      m_lastReport = std::chrono::steady_clock::now();
    }
    for (auto& request : swept) {
      if (m_cancelled)
        return false;
      if (!s.valueSweepOnly)
        m_out.timeVsP.push_back(sweepProcessors(model, request, s));
      if (!s.sweepVariable.empty())
        m_out.timeVsN.push_back(sweepValues(request, s));
    }
    return !m_cancelled;
  }

  /// False, with the errors in the output, when the selected loop or unit
  /// holds a statement the parser could not read (estimate::compare says
  /// so before any variant is estimated): without that statement its arrays
  /// may be missing from the Distributions panel, and every variant would
  /// only say that no array is distributed.
  bool scopeReadable(const program::ProgramModel& model, const EstimateSettings& s)
  {
    if (s.loopLine <= 0 && s.unitName.empty() && !s.program)
      return true;
    estimate::ComparisonRequest scope; // no variant: the scope's own checks only
    scope.loopLine = s.loopLine;
    scope.unitName = s.unitName;
    scope.program = s.program;
    scope.values = s.values;
    const auto checked = estimate::compare(model, scope, *m_machine);
    addUnique(m_out.errors, checked.errors);
    return checked.errors.empty();
  }

  /// The source's errors outside the estimated scope: the numbers are shown,
  /// but read the program around them (as partscope-cli estimate says).
  void noteSourceErrors(const program::ProgramModel& model)
  {
    const auto diagnostics = program::allDiagnostics(m_parsed, model);
    const auto errors = std::count_if(diagnostics.begin(), diagnostics.end(), [](const fortran::Diagnostic& d) {
      return d.severity() == fortran::Severity::Error;
    });
    if (errors > 0)
      m_out.assumptions.emplace_back(
          0, "The program has " + std::to_string(errors) + (errors == 1 ? " error" : " errors") +
                 " (Problems): the estimate reads the program around " + (errors == 1 ? "it" : "them") +
                 "; fix " + (errors == 1 ? "it" : "them") + " before trusting the numbers");
  }

  /// The Distributions panel starts from the directives: say which of the
  /// nest's arrays they left to a guess, as long as some variant still
  /// leaves them replicated. A variant that gives them a format (the panel
  /// prefills BLOCK or CYCLIC where no directive could be read) is not
  /// estimated with that guess, and the warning would contradict its results.
  void assumptions(const program::ProgramModel& model, const EstimateSettings& s)
  {
    const auto found = s.loopLine > 0 ? model.loopAtLine(s.loopLine) : std::nullopt;
    if (!found)
      return;
    const auto& [unit, loop] = *found;
    const auto m = mapping::mappingFromDirectives(*unit, s.values, std::nullopt, loop->line);
    for (const auto& a : estimate::directiveAssumptions(*unit, *loop, m.mapping ? &*m.mapping : nullptr))
      if (std::any_of(s.variants.begin(), s.variants.end(),
                      [&](const VariantSetting& v) { return leavesReplicated(v, a.arrays); }))
        m_out.assumptions.emplace_back(a.directiveLine, a.note);
  }

  /// True when `v` gives none of `arrays` a format (a copy on every processor).
  static bool leavesReplicated(const VariantSetting& v, const std::vector<std::string>& arrays)
  {
    return std::all_of(arrays.begin(), arrays.end(), [&](const std::string& a) {
      const auto it = v.formats.find(a);
      return it == v.formats.end() || it->second.empty() || it->second == "replicated"; // as spec() reads it
    });
  }

  /// The variant's point at its arrangement into the table, and its request
  /// for the sweeps; nullopt when it has no estimate. A value-sweep-only
  /// job computes no point.
  std::optional<estimate::ComparisonRequest> tablePoint(const program::ProgramModel& model, const VariantSetting& v,
                                                        const EstimateSettings& s)
  {
    auto request = requestFor(v, s.loopLine, s.values);
    if (!request)
      return std::nullopt;
    request->unitName = s.unitName;
    request->program = s.program;
    request->options.fetchIdenticalReadsOnce = s.fetchIdenticalReadsOnce;
    if (s.valueSweepOnly)
      return request;
    request->options.formulas = true; // the table point's, for the Formulas view; the sweeps need none
    auto point = estimate::compare(model, *request, *m_machine);
    request->options.formulas = false;
    if (!collect(point))
      return std::nullopt;
    addFormulas(point.variants.front());
    auto json = estimate::toJson(point, m_input.path, *m_machine);
    if (m_out.table.is_null())
      m_out.table = json;
    else
      m_out.table["variants"].push_back(json["variants"][0]);
    return request;
  }

  void addFormulas(const estimate::VariantResult& v)
  {
    if (v.points.empty())
      return;
    const auto head = "Variant " + v.name + " (" + v.mapping + "):\n";
    m_out.formulas += head + estimate::formulasText(v.points.front(), false) + "\n";
    m_out.formulasLatex += "% " + head + estimate::formulasText(v.points.front(), true) + "\n";
  }

  std::optional<estimate::ComparisonRequest> requestFor(const VariantSetting& v, int loopLine,
                                                        const symbolic::Bindings& values)
  {
    const auto text = v.spec();
    std::string error = text.empty() ? "No array is distributed; choose a format for at least one array" : "";
    auto spec = error.empty() ? mapping::parseDistSpec(text, &error) : std::nullopt;
    auto procs = mapping::parseArrangement(v.arrangement);
    if (spec && !procs)
      error = "The processors arrangement '" + v.arrangement + "' is not a count (16) or a grid (4x4)";
    if (!spec || !procs) {
      m_out.errors.push_back("Variant " + v.name + ": " + error);
      return std::nullopt;
    }
    estimate::ComparisonRequest request;
    request.loopLine = loopLine;
    request.variants = {{v.name, spec}};
    request.procs = {*procs};
    request.values = values;
    return request;
  }

  /// Adds errors and missing values; true when the result has estimates.
  bool collect(const estimate::ComparisonResult& r)
  {
    addUnique(m_out.errors, r.errors);
    addUnique(m_out.missing, r.missing);
    for (const auto& m : r.missingDetails)
      if (!m.reason.empty())
        m_out.missingReasons.emplace(m.name, m.reason);
    return r.errors.empty() && !r.variants.empty() && !r.variants[0].points.empty();
  }

  /// The variant's time over s.sweepProcessors. While it is computed, the
  /// curves so far go to `partial` every kReportEvery at most: a sweep of
  /// seconds (exchanges done step by step at large P) draws as it goes.
  Curve sweepProcessors(const program::ProgramModel& model, estimate::ComparisonRequest request,
                        const EstimateSettings& s)
  {
    Curve c{request.variants[0].name, {}};
    // on to the variant's own count (4096 on 64x64), in powers of two beyond the settings' last
    const auto chosen = request.procs.empty() ? std::int64_t{1} : request.procs.front().count();
    auto counts = s.sweepProcessors;
    for (auto p = counts.empty() ? std::int64_t{1} : counts.back() * 2; p <= chosen && p > 0; p *= 2)
      counts.push_back(p);
    if (!counts.empty() && chosen > counts.back())
      counts.push_back(chosen);
    request.procs.clear();
    for (auto p : counts) {
      mapping::ProcessorsArrangement a;
      a.shape = {p};
      request.procs.push_back(a);
    }
    const auto curve = [](const std::vector<estimate::Estimate>& points) {
      std::vector<std::pair<double, double>> out;
      for (const auto& e : points)
        out.emplace_back(static_cast<double>(e.processors), e.time);
      return out;
    };
    request.onPoint = [&](const estimate::VariantResult& v) {
      const auto now = std::chrono::steady_clock::now();
      if (!m_partial || now - m_lastReport < kReportEvery)
        return;
      m_lastReport = now;
      auto sofar = m_out;
      sofar.partial = true;
      sofar.timeVsP.push_back({c.variant, curve(v.points)});
      m_partial(sofar);
    };
    request.skipUnfitArrangements = true; // the counts that fit are drawn, the others named
    const auto r = estimate::compare(model, request, *m_machine);
    if (!r.variants.empty()) {
      c.points = curve(r.variants[0].points);
      noteSkipped(c.variant, r.variants[0].skipped);
    }
    return c;
  }

  /// One chart note naming the processor counts a variant's curve leaves out, and why (the first's reason).
  void noteSkipped(const std::string& variant, const std::vector<std::pair<std::int64_t, std::string>>& skipped)
  {
    if (skipped.empty())
      return;
    std::string counts;
    for (const auto& [p, why] : skipped)
      counts += (counts.empty() ? "" : ", ") + std::to_string(p);
    m_out.chartNotes.push_back("Variant " + variant + " is not drawn at P = " + counts + ": its mapping does not fit " +
                               (skipped.size() == 1 ? "it" : "them") + " (at P = " +
                               std::to_string(skipped.front().first) + ": " + skipped.front().second + ")");
  }

  /// Time against one unknown (or PARAMETER) at the variant's arrangement;
  /// a PARAMETER's new value needs a new model (~1 ms each).
  Curve sweepValues(estimate::ComparisonRequest request, const EstimateSettings& s)
  {
    Curve c{request.variants[0].name, {}};
    for (auto value : s.sweepValues) {
      if (m_cancelled)
        break;
      request.values[s.sweepVariable] = value;
      const auto model = estimateModel(request.values);
      const auto r = estimate::compare(model, request, *m_machine);
      if (r.errors.empty() && !r.variants.empty() && !r.variants[0].points.empty())
        c.points.emplace_back(static_cast<double>(value), r.variants[0].points[0].time);
    }
    return c;
  }

  const JobInput& m_input;
  const std::atomic<bool>& m_cancelled;
  const PartialOutput& m_partial;
  static constexpr std::chrono::milliseconds kReportEvery{250};
  std::chrono::steady_clock::time_point m_lastReport; // the last partial output
  fortran::ParsedFile m_parsed;
  std::optional<machine::MachineProfile> m_machine;
  JobOutput m_out;
};

} // namespace

std::string VariantSetting::spec() const
{
  std::map<std::string, std::vector<std::string>> byFormat; // "(BLOCK,*)" -> arrays
  for (const auto& [array, format] : formats)
    if (!format.empty() && format != "replicated")
      byFormat[format].push_back(array);
  std::string out;
  for (const auto& [format, arrays] : byFormat) {
    out += out.empty() ? "" : "; ";
    for (std::size_t i = 0; i < arrays.size(); ++i)
      out += (i ? "," : "") + arrays[i];
    out += "=" + format;
  }
  return out;
}

std::optional<JobOutput> runJob(const JobInput& input, const std::atomic<bool>& cancelled, const PartialOutput& partial)
{
  if (cancelled)
    return std::nullopt;
  return JobRunner(input, cancelled, partial).run();
}

} // namespace ps::views

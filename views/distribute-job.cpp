#include "views/distribute-job.h"

#include "fortran/parser.h"
#include "machine/machine-profile.h"
#include "program/model.h"
#include "support/text.h"
#include "views/machine-store.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>

namespace ps::views {
namespace {

constexpr int kByteTimeSamples = 13; // two decades, six samples per decade

std::vector<double> byteTimesAround(double beta)
{
  std::vector<double> out;
  const double lo = beta / 10;
  for (int k = 0; k < kByteTimeSamples; ++k)
    out.push_back(lo * std::pow(100.0, double(k) / (kByteTimeSamples - 1)));
  return out;
}

const program::Unit* unitAt(const program::ProgramModel& model, int line)
{
  for (const auto& u : model.units)
    if (u.line <= line && line <= u.endLine)
      return &u;
  return model.units.empty() ? nullptr : &model.units.front();
}

class DistributeJobRunner {
public:
  DistributeJobRunner(const DistributeJobInput& input, const std::atomic<bool>& cancelled,
                      const std::function<void(const DistributeProgress&)>& progress)
    : m_input(input), m_cancelled(cancelled), m_progress(progress),
      m_parsed(fortran::parseSource(input.path.empty() ? "untitled.f90" : input.path, input.text, input.parse))
  {
  }

  std::optional<DistributeJobOutput> run()
  {
    const auto start = std::chrono::steady_clock::now();
    m_out.text = m_input.text;
    if (!plan())
      return std::nullopt;
    if (m_input.part == DistributeJobInput::Part::Sweeps && m_out.plan && !sweeps())
      return std::nullopt;
    m_out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(m_out);
  }

private:
  ddt::DistributeOptions options(const std::string& stage)
  {
    ddt::DistributeOptions o;
    o.processors = m_input.processors;
    o.maxDistributedDims = m_input.maxDistributedDims;
    o.candidates = m_input.candidates;
    o.phaseTimes = m_input.phaseTimes;
    o.cancel = &m_cancelled;
    o.progress = [this, stage](const ddt::SearchStats& s) { report({stage, s.nodes, s.pruned, m_done, m_total}); };
    return o;
  }

  void report(const DistributeProgress& p) const
  {
    if (m_progress)
      m_progress(p);
  }

  /// False when cancelled.
  bool plan()
  {
    std::string error;
    m_machine = findIdeMachine(m_input.machine, &error);
    if (!m_machine) {
      m_out.errors.push_back(error);
      return true;
    }
    m_out.byteTime = m_machine->byteTime;
    m_model = program::buildModel(m_parsed, m_input.values);
    m_unit = unitAt(m_model, m_input.cursorLine);
    if (!m_unit) {
      m_out.errors.push_back("The program has no unit to distribute");
      return true;
    }
    report({"Searching remappings", 0, 0, 0, 0});
    auto result = ddt::distribute(*m_unit, *m_machine, m_input.values, options("Searching remappings"));
    if (m_cancelled)
      return false;
    m_out.errors = result.errors;
    m_out.missing = result.missing;
    if (!result.plan)
      return true;
    m_out.edit = ddt::hpfEdit(*result.plan, *m_unit, m_parsed);
    m_out.appliedText = ddt::applyHpfEdit(m_parsed.file->text(), m_out.edit);
    for (auto& pp : result.plan->phases)
      pp.phase.statements.clear(); // they point into m_model, which dies with the job
    m_out.plan = std::move(result.plan);
    return true;
  }

  /// False when cancelled.
  bool sweeps()
  {
    const auto byteTimes =
      m_input.sweepByteTimes.empty() ? byteTimesAround(m_machine->byteTime) : m_input.sweepByteTimes;
    m_total = static_cast<int>(m_input.sweepProcessors.size() + byteTimes.size());
    // One distribute() per point plans the unit and every iterative loop at once.
    const auto overP = ddt::sweepProcessors(*m_unit, *m_machine, m_input.values, options("Sweeping processors"),
                                            m_input.sweepProcessors);
    m_done += static_cast<int>(m_input.sweepProcessors.size());
    if (m_cancelled)
      return false;
    const auto overBeta = ddt::sweepByteTime(*m_unit, *m_machine, m_input.values,
                                             options("Sweeping the time per byte"), byteTimes);
    m_done += static_cast<int>(byteTimes.size());
    if (m_cancelled)
      return false;
    report({"Sweeping", 0, 0, m_done, m_total});
    for (const auto* errors : {&overP.errors, &overBeta.errors})
      m_out.errors.insert(m_out.errors.end(), errors->begin(), errors->end());
    for (std::size_t k = 0; k < overP.sequences.size() && k < overBeta.sequences.size(); ++k)
      m_out.sweeps.push_back({sequenceTitle(*m_out.plan, static_cast<int>(k) - 1), overP.sequences[k],
                              overBeta.sequences[k]});
    return true;
  }

  const DistributeJobInput& m_input;
  const std::atomic<bool>& m_cancelled;
  const std::function<void(const DistributeProgress&)>& m_progress;
  fortran::ParsedFile m_parsed;
  program::ProgramModel m_model;
  const program::Unit* m_unit = nullptr;
  std::optional<machine::MachineProfile> m_machine;
  int m_done = 0, m_total = 0;
  DistributeJobOutput m_out;
};

} // namespace

std::optional<DistributeJobOutput> runDistributeJob(const DistributeJobInput& input, const std::atomic<bool>& cancelled,
                                                    const std::function<void(const DistributeProgress&)>& progress)
{
  return DistributeJobRunner(input, cancelled, progress).run();
}

std::string sequenceTitle(const ddt::Plan& plan, int region)
{
  if (region < 0)
    return "Whole unit '" + plan.unit + "'";
  const auto& r = plan.regionPlans[region].region;
  return "Iterative loop lines " + std::to_string(r.firstLine) + "-" + std::to_string(r.lastLine) + " (" +
         std::to_string(r.iterations) + " iterations)";
}

} // namespace ps::views

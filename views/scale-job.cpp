#include "views/scale-job.h"

#include "fortran/parser.h"
#include "machine/machine-profile.h"
#include "mapping/dist-spec.h"
#include "scaling/program-time-model.h"
#include "scaling/scale-report.h"
#include "scaling/scale-study.h"
#include "views/machine-store.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>

namespace ps::views {
namespace {

using ModelList = std::vector<std::unique_ptr<scaling::TimeModel>>;

/// A model that stops answering once the request is cancelled: the study
/// checks the flag only between models, one model may need hundreds of
/// estimates, and a newer request should not wait for them.
class CancellableModel final : public scaling::TimeModel {
public:
  CancellableModel(std::unique_ptr<scaling::TimeModel> model, const std::atomic<bool>& cancelled)
    : m_model(std::move(model)), m_cancelled(cancelled)
  {
  }
  const std::string& name() const override { return m_model->name(); }
  scaling::ModelValue work(double n) const override { return m_cancelled ? stopped() : m_model->work(n); }
  scaling::ModelValue time(double p, double n) const override { return m_cancelled ? stopped() : m_model->time(p, n); }
  std::optional<double> delta() const override { return m_model->delta(); }
  bool realProcessors() const override { return m_model->realProcessors(); }
  double minSize() const override { return m_model->minSize(); }
  double maxSize() const override { return m_model->maxSize(); }
  std::string mapping(double p, double n) const override { return m_model->mapping(p, n); }

private:
  static scaling::ModelValue stopped() { return scaling::ModelValue::failure("Cancelled"); }
  std::unique_ptr<scaling::TimeModel> m_model;
  const std::atomic<bool>& m_cancelled;
};

constexpr int kCurvePoints = 13;

class ScaleJobRunner {
public:
  ScaleJobRunner(const ScaleJobInput& input, const std::atomic<bool>& cancelled,
                 const std::function<void(int, int)>& progress)
    : m_input(input), m_cancelled(cancelled), m_progress(progress)
  {
  }

  std::optional<ScaleJobOutput> run()
  {
    const auto start = std::chrono::steady_clock::now();
    if (!m_input.models.empty())
      checkModels();
    else
      parseProgram();
    for (const auto& name : m_input.machines) {
      if (!m_out.errors.empty() || !m_out.modelErrors.empty())
        break;
      if (!runMachine(name))
        return std::nullopt;
    }
    m_out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(m_out);
  }

private:
  /// Syntax and constants are the same on every machine: report them once, per row.
  void checkModels()
  {
    const auto machine = machine::builtinProfiles().front();
    for (std::size_t row = 0; row < m_input.models.size(); ++row) {
      scaling::AnalyticModelError error;
      if (!scaling::AnalyticModel::create(m_input.models[row], machine, &error))
        m_out.modelErrors.push_back({static_cast<int>(row), error});
    }
  }

  void parseProgram()
  {
    if (m_input.variants.empty() || m_input.loopLine <= 0) {
      m_out.errors.push_back("Select a loop nest and at least one distribution variant");
      return;
    }
    m_parsed = std::make_shared<const fortran::ParsedFile>(
      fortran::parseSource(m_input.path.empty() ? "untitled.f90" : m_input.path, m_input.text, m_input.parse));
    for (const auto& v : m_input.variants) {
      std::string error;
      m_specs.push_back(v.spec.empty() ? std::nullopt : mapping::parseDistSpec(v.spec, &error));
      if (!error.empty())
        m_out.errors.push_back("Variant " + v.name + ": " + error);
    }
  }

  ModelList modelsFor(const machine::MachineProfile& machine)
  {
    ModelList models;
    for (const auto& spec : m_input.models)
      if (scaling::AnalyticModelError error; auto model = scaling::AnalyticModel::create(spec, machine, &error))
        models.push_back(std::make_unique<CancellableModel>(std::move(model), m_cancelled));
      else
        m_out.errors.push_back(machine.name + ": model '" + spec.name + "': " + error.str());
    for (std::size_t i = 0; i < m_specs.size(); ++i) { // empty when analytic models are compared
      const auto& name = m_input.variants[i].name;
      scaling::ProgramVariantSpec spec{name, m_input.loopLine, {name, m_specs[i]}, m_input.sizeVariable,
                                       m_input.values, std::llround(m_input.n)};
      auto program = std::make_unique<scaling::ProgramTimeModel>(m_parsed, std::move(spec), machine);
      models.push_back(std::make_unique<CancellableModel>(std::move(program), m_cancelled));
    }
    return models;
  }

  /// False when cancelled.
  bool runMachine(const std::string& name)
  {
    std::string error;
    const auto machine = findIdeMachine(name, &error);
    if (!machine) {
      m_out.errors.push_back(error);
      return true;
    }
    const auto models = modelsFor(*machine);
    std::vector<const scaling::TimeModel*> pointers;
    for (const auto& m : models)
      pointers.push_back(m.get());
    scaling::ScaleRequest request;
    request.p = m_input.p;
    request.n = m_input.n;
    request.pPrimes = m_input.pPrimes;
    auto result = scaling::runScaleStudy(pointers, request, {}, {&m_cancelled, m_progress});
    if (result.cancelled || m_cancelled)
      return false;
    MachineScale out{machine->name, scaling::toJson(result, machine->name), {}, {}, {}, {}};
    for (const auto& e : result.errors)
      m_out.errors.push_back(e);
    addCurves(pointers, out);
    addCrossings(pointers, result.pairs, out);
    m_out.machines.push_back(std::move(out));
    return !m_cancelled;
  }

  std::vector<double> sizes(bool whole) const
  {
    std::vector<double> out;
    const double lo = m_input.n / 4, hi = m_input.n * 4;
    for (int i = 0; i < kCurvePoints; ++i) {
      double n = lo * std::pow(hi / lo, double(i) / (kCurvePoints - 1));
      out.push_back(whole ? std::max(2.0, std::round(n)) : n);
    }
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  std::vector<double> processors() const
  {
    std::vector<double> out{1, m_input.p};
    out.insert(out.end(), m_input.pPrimes.begin(), m_input.pPrimes.end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  void addCurves(const std::vector<const scaling::TimeModel*>& models, MachineScale& out) const
  {
    for (const auto* m : models) {
      Curve overN{m->name(), {}}, overP{m->name(), {}};
      for (double n : sizes(!m->realProcessors()))
        if (auto t = m->time(m_input.p, n); t && !m_cancelled)
          overN.points.emplace_back(n, *t);
      for (double p : processors())
        if (auto t = m->time(p, m_input.n); t && !m_cancelled)
          overP.points.emplace_back(p, *t);
      out.timeVsN.push_back(std::move(overN));
      out.timeVsP.push_back(std::move(overP));
    }
  }

  const scaling::TimeModel* byName(const std::vector<const scaling::TimeModel*>& models, const std::string& name) const
  {
    for (const auto* m : models)
      if (m->name() == name)
        return m;
    return models.front();
  }

  /// Marks on the time curves: T of the pair's first model where the two cross.
  void addCrossings(const std::vector<const scaling::TimeModel*>& models, const std::vector<scaling::PairScaling>& pairs,
                    MachineScale& out) const
  {
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      const auto& a = *byName(models, pairs[i].a);
      const int pair = static_cast<int>(i);
      for (const auto& scan : pairs[i].overSize)
        if (scan.p == m_input.p)
          for (const auto& c : scan.scan.crossings)
            if (auto t = a.time(m_input.p, c.at))
              out.sizeCrossings.push_back({pair, c.at, *t});
      for (const auto& c : pairs[i].overProcessors.crossings)
        if (auto t = a.time(c.at, m_input.n))
          out.processorCrossings.push_back({pair, c.at, *t});
    }
  }

  const ScaleJobInput& m_input;
  const std::atomic<bool>& m_cancelled;
  const std::function<void(int, int)>& m_progress;
  std::shared_ptr<const fortran::ParsedFile> m_parsed;
  std::vector<std::optional<mapping::DistSpec>> m_specs; // per variant; nullopt: the HPF directives
  ScaleJobOutput m_out;
};

} // namespace

std::optional<ScaleJobOutput> runScaleJob(const ScaleJobInput& input, const std::atomic<bool>& cancelled,
                                          const std::function<void(int, int)>& progress)
{
  return ScaleJobRunner(input, cancelled, progress).run();
}

} // namespace ps::views

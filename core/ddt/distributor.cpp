#include "ddt/plan.h"

#include "ddt/parallel-loops.h"
#include "ddt/sequential-time.h"
#include "support/text.h"
#include "symbolic/evaluation.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace ps::ddt {
namespace {

std::optional<ArrayShape> shapeOf(const program::Symbol& s, const symbolic::Bindings& values, DistributeResult& out)
{
  ArrayShape shape;
  shape.elementBytes = s.elementBytes;
  bool ok = true;
  for (const auto& d : s.dims) // every bound, so every missing value is named at once
    for (const auto* e : {&d.lower, &d.upper}) {
      symbolic::EvaluationError error;
      if (!symbolic::evaluateFor(*e, values, "the extent of '" + s.name + "'", &error)) {
        out.errors.push_back(error.message);
        symbolic::addMissing(out.missing, error.missing);
        ok = false;
      }
    }
  if (!ok)
    return std::nullopt;
  for (std::size_t k = 0; k < s.dims.size(); ++k) {
    const auto extent = *s.dims[k].upper.evaluate(values) - *s.dims[k].lower.evaluate(values) + 1;
    if (extent < 1) {
      out.errors.push_back("Dimension " + std::to_string(k + 1) + " of '" + s.name + "' has " +
                           std::to_string(extent) + " elements; a distributed array needs at least 1");
      return std::nullopt;
    }
    shape.extents.push_back(extent);
  }
  return shape;
}

std::set<std::string> triangularVariables(const program::Unit& unit, const Phase& phase)
{
  std::set<std::string> loopVars, out;
  for (const auto* s : phase.statements)
    for (int l : s->loops)
      loopVars.insert(unit.loops[l].variable);
  for (const auto* s : phase.statements)
    for (int l : s->loops) {
      const auto& loop = unit.loops[l];
      for (const auto& e : {loop.lower, loop.upper})
        for (const auto& sym : e.symbols())
          if (loopVars.count(sym) && sym != loop.variable)
            out.insert(loop.variable);
    }
  return out;
}

std::map<std::string, int> ranksOf(const program::Unit& unit, const std::vector<std::string>& arrays)
{
  std::map<std::string, int> ranks;
  for (const auto& a : arrays)
    if (const auto* s = unit.symbol(a))
      ranks[a] = static_cast<int>(s->dims.size());
  return ranks;
}

/// Sums edges between the same nodes of several phases' graphs.
AlignmentGraph mergeGraphs(const std::vector<const AlignmentGraph*>& graphs)
{
  AlignmentGraph g;
  for (const auto* h : graphs) {
    for (const auto& [a, r] : h->ranks)
      g.ranks[a] = std::max(g.ranks[a], r);
    for (const auto& e : h->edges) {
      auto it = std::find_if(g.edges.begin(), g.edges.end(), [&](const AlignmentEdge& f) {
        return f.parallelization == e.parallelization &&
               ((f.a == e.a && f.b == e.b) || (f.a == e.b && f.b == e.a));
      });
      if (it == g.edges.end())
        g.edges.push_back(e);
      else
        it->weight += e.weight;
    }
    g.offsetEdges.insert(g.offsetEdges.end(), h->offsetEdges.begin(), h->offsetEdges.end());
  }
  return g;
}

class Distributor {
public:
  Distributor(const program::Unit& unit, const machine::MachineProfile& machine, const symbolic::Bindings& values,
              const DistributeOptions& options, DistributeResult& out)
      : m_unit(unit), m_machine(machine), m_values(values), m_options(options), m_out(out)
  {
  }

  void run()
  {
    if (m_options.processors < 1 || m_options.processors > (1 << 20)) {
      m_out.errors.push_back("The number of processors must be between 1 and 1048576 (got " +
                             std::to_string(m_options.processors) + ")");
      return;
    }
    auto graph = buildPhaseGraph(m_unit, m_values);
    m_out.errors = graph.errors;
    m_out.missing = graph.missing;
    if (graph.graph.phases.empty()) {
      m_out.errors.push_back("Unit '" + m_unit.name +
                             "' has no phases: no loop nest subscripts an array with its loop variables");
      return;
    }
    m_graph = std::move(graph.graph);
    m_plan.notes = graph.notes;
    for (const auto& st : m_unit.statements)
      if (st.kind == program::StatementKind::Call)
        m_plan.notes.push_back("CALL " + st.callee + " at line " + std::to_string(st.line) +
                               " is not analysed: DDT's interprocedural part (calls as phases) is not implemented, "
                               "so the arrays it passes are mapped only by the phases of this unit");
    // Every check runs before giving up, so one answer lists every missing value.
    const bool shaped = shapes();
    const bool timed = phaseTimes();
    if (!shaped || !m_out.errors.empty()) {
      if (timed)
        askForPhaseTimeValues();
      dedupe(m_out.errors);
      return;
    }
    if (!timed || !analyzePhases())
      return;
    m_plan.unit = m_unit.name;
    m_plan.processors = m_options.processors;
    m_plan.machine = m_machine.name;
    m_plan.maxDistributedDims = m_options.maxDistributedDims;
    m_plan.regions = m_graph.regions;
    m_plan.whole = sequencePlan(flattenSequence(m_graph, m_graph.top), "The program");
    for (std::size_t r = 0; r < m_graph.regions.size(); ++r) // each iterative loop alone, entered with no mapping
      m_plan.regionPlans.push_back(
          {m_graph.regions[r], sequencePlan(flattenSequence(m_graph, {-static_cast<int>(r) - 1}),
                                            "The loop at line " + std::to_string(m_graph.regions[r].firstLine))});
    m_out.plan = std::move(m_plan);
  }

private:
  bool shapes()
  {
    for (const auto& p : m_graph.phases)
      for (const auto& a : p.arrays)
        if (!m_shapes.count(a))
          if (auto s = shapeOf(*m_unit.symbol(a), m_values, m_out))
            m_shapes[a] = *s;
    return m_out.errors.empty();
  }

  bool phaseTimes()
  {
    for (const auto& [line, seconds] : m_options.phaseTimes) {
      auto it = std::find_if(m_graph.phases.begin(), m_graph.phases.end(),
                             [&](const Phase& p) { return p.firstLine <= line && line <= p.lastLine; });
      if (it == m_graph.phases.end()) {
        m_out.errors.push_back("Phase time for line " + std::to_string(line) + " names no phase; phases are " +
                               phaseList());
        continue;
      }
      if (!(seconds >= 0) || !std::isfinite(seconds))
        m_out.errors.push_back("Phase time for line " + std::to_string(line) +
                               " must be a non-negative number of seconds");
      // two lines of one phase: which time holds? (one of them was used without a word)
      if (const auto given = m_given.find(it->id); given != m_given.end() && given->second.seconds != seconds)
        m_out.errors.push_back("Phase times for lines " + std::to_string(given->second.line) + " and " +
                               std::to_string(line) + " name the same phase (lines " + std::to_string(it->firstLine) +
                               "-" + std::to_string(it->lastLine) + ") with different times; give one per phase");
      m_given[it->id] = {seconds, line};
    }
    return m_out.errors.empty();
  }

  /// Each statement's share of the phase's estimated sequential time `t`
  /// (also when the phase's time is given: the split comes from the profile).
  static std::vector<double> statementShares(const Phase& p, const SequentialTime& t)
  {
    std::vector<double> shares(p.statements.size(), p.statements.empty() ? 0.0 : 1.0 / p.statements.size());
    if (!t.seconds || *t.seconds <= 0 || t.statementSeconds.size() != shares.size())
      return shares;
    for (std::size_t k = 0; k < shares.size(); ++k)
      shares[k] = t.statementSeconds[k] / *t.seconds;
    return shares;
  }

  /// The unknowns the phases' times need, when an earlier error already stops the plan.
  void askForPhaseTimeValues()
  {
    for (const auto& p : m_graph.phases)
      if (!m_given.count(p.id))
        symbolic::addMissing(m_out.missing, sequentialTime(m_unit, p, m_machine, m_values).missing);
  }

  static void dedupe(std::vector<std::string>& v)
  {
    std::vector<std::string> out;
    for (auto& s : v)
      if (std::find(out.begin(), out.end(), s) == out.end())
        out.push_back(std::move(s));
    v = std::move(out);
  }

  std::string phaseList() const
  {
    std::string s;
    for (const auto& p : m_graph.phases)
      s += (s.empty() ? "" : ", ") + std::to_string(p.id) + " (lines " + std::to_string(p.firstLine) + "-" +
           std::to_string(p.lastLine) + ")";
    return s;
  }

  /// The given time of `p`, else the estimate `t` (its notes and missing values recorded).
  std::optional<double> phaseTime(const Phase& p, const SequentialTime& t)
  {
    if (auto it = m_given.find(p.id); it != m_given.end())
      return it->second.seconds;
    for (const auto& n : t.notes)
      m_plan.notes.push_back("Phase " + std::to_string(p.id) + ": " + n);
    if (!t.seconds) {
      m_out.errors.push_back("The sequential time of phase " + std::to_string(p.id) + " (lines " +
                             std::to_string(p.firstLine) + "-" + std::to_string(p.lastLine) + ") needs " +
                             symbolic::quotedList(t.missing));
      symbolic::addMissing(m_out.missing, t.missing);
    }
    return t.seconds;
  }

  bool analyzePhases()
  {
    for (const auto& p : m_graph.phases) {
      PhasePlan pp;
      pp.phase = p;
      auto& a = pp.analysis;
      a.patterns = referencePatterns(m_unit, p.statements, m_values);
      a.targets = assignmentTargets(p.statements, m_values);
      a.owners = ownerReferences(p.statements, m_values);
      a.parallelVariables = parallelLoopVariables(m_unit, p, m_values);
      const auto ranks = ranksOf(m_unit, p.arrays);
      a.graph = buildAlignmentGraph(a.patterns, a.parallelVariables, ranks);
      a.alignment = withOffsets(alignArrays(a.graph));
      const auto estimated = sequentialTime(m_unit, p, m_machine, m_values);
      auto t = phaseTime(p, estimated);
      if (!t)
        continue;
      a.sequentialTime = *t;
      a.statementShare = statementShares(p, estimated);
      a.timeSource = m_given.count(p.id) ? "given" : "estimated";
      a.candidates = candidateMappings(a, ranks, triangularVariables(m_unit, p), m_shapes, m_machine,
                                       m_options.processors, m_options.maxDistributedDims, m_options.candidates);
      if (a.candidates.empty()) // too few elements for any permutation: run sequentially
        a.candidates.push_back({replicated(p.arrays), phaseCost(a, replicated(p.arrays), m_shapes, m_machine)});
      if (p.probability < 1)
        m_plan.notes.push_back("Phase " + std::to_string(p.id) + " (line " + std::to_string(p.firstLine) +
                               ") is in a branch taken with probability " + formatNumber(p.probability) +
                               " (no profile: each branch equally likely); its cost and the remappings before it "
                               "are weighted by it");
      pp.frequency = p.probability;
      for (int r : p.regions)
        pp.frequency *= static_cast<double>(m_graph.regions[r].iterations);
      m_plan.phases.push_back(std::move(pp));
    }
    return m_out.errors.empty();
  }

  /// Offsets from retiming are kept in the plan (PhaseAnalysis::graph) but
  /// mapped only on request: the paper's candidates are perfectly aligned
  /// (Table 1), and an offset alignment needs a larger template.
  Alignment withOffsets(Alignment a) const
  {
    if (!m_options.offsetAlignment)
      for (auto& [array, offsets] : a.offset)
        std::fill(offsets.begin(), offsets.end(), 0);
    return a;
  }

  /// Every array of `arrays` on one processor (too few elements for any grid).
  LocalMapping replicated(const std::vector<std::string>& arrays) const
  {
    LocalMapping m;
    m.grid = {1};
    for (const auto& a : arrays)
      m.arrays[a] = ArrayLayout(m_shapes.at(a).extents.size());
    return m;
  }

  std::vector<StaticSolution> statics(const std::vector<SequenceStep>& steps) const
  {
    std::set<int> phases;
    for (const auto& s : steps)
      phases.insert(s.phase);
    std::vector<const AlignmentGraph*> graphs;
    std::vector<ReferencePattern> patterns;
    std::vector<ArrayAccess> targets;
    std::set<std::string> triangular, arrays;
    for (int k : phases) {
      const auto& pp = m_plan.phases[k];
      graphs.push_back(&pp.analysis.graph);
      patterns.insert(patterns.end(), pp.analysis.patterns.begin(), pp.analysis.patterns.end());
      targets.insert(targets.end(), pp.analysis.targets.begin(), pp.analysis.targets.end());
      auto t = triangularVariables(m_unit, pp.phase);
      triangular.insert(t.begin(), t.end());
      arrays.insert(pp.phase.arrays.begin(), pp.phase.arrays.end());
    }
    const auto alignment = withOffsets(alignArrays(mergeGraphs(graphs)));
    const auto ranks = ranksOf(m_unit, {arrays.begin(), arrays.end()});
    std::vector<LocalMapping> mappings;
    for (const auto& grid : processorPermutations(m_options.processors, std::max(1, alignment.templateRank),
                                                  m_options.maxDistributedDims))
      if (auto m = layoutMapping(alignment, ranks, grid, patterns, targets, triangular); fitsArrays(m, m_shapes))
        mappings.push_back(std::move(m));
    if (mappings.empty()) // more processors than any array dimension has elements: run on one
      mappings.push_back(replicated({arrays.begin(), arrays.end()}));
    std::vector<StaticSolution> out;
    for (auto& m : mappings) {
      StaticSolution s;
      s.mapping = std::move(m);
      for (const auto& step : steps) {
        const auto c = phaseCost(m_plan.phases[step.phase].analysis, s.mapping, m_shapes, m_machine);
        s.movement += step.count * c.movement;
        s.computation += step.count * c.computation;
      }
      out.push_back(std::move(s));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const StaticSolution& a, const StaticSolution& b) { return a.total() < b.total(); });
    return out;
  }

  /// The static and dynamic solutions of `steps`; `what` names the
  /// sequence in the note of one too long to search ("The program").
  SequencePlan sequencePlan(const std::vector<SequenceStep>& steps, const std::string& what)
  {
    if (!m_options.staticOnly && steps.size() > kMaxSearchedSteps)
      m_plan.notes.push_back(what + " runs " + std::to_string(steps.size()) + " phases in sequence, more than the " +
                             std::to_string(kMaxSearchedSteps) + " the remapping search takes: only static "
                             "distributions are compared (as with --static-only)");
    SequencePlan plan;
    plan.statics = statics(steps);
    // A dynamic solution must be cheaper by more than rounding: summed in
    // another order, a sequence equal to the static one can come out 1 ulp lower.
    const double bound = plan.statics.empty() ? std::numeric_limits<double>::infinity()
                                              : plan.statics[0].total() * (1 - 1e-9);
    if (m_options.staticOnly || steps.size() > kMaxSearchedSteps)
      return plan;
    SearchProblem problem;
    problem.steps = steps;
    for (const auto& pp : m_plan.phases)
      problem.candidates.push_back(pp.analysis.candidates);
    problem.shapes = m_shapes;
    problem.machine = m_machine;
    SearchControl control;
    control.cancel = m_options.cancel;
    control.progress = m_options.progress;
    auto result = searchRemapping(problem, bound, control);
    const auto stats = result.stats;
    if (!result.found && !stats.cancelled) {
      // Static wins; still report the paper's dynamic alternative (each
      // phase with its preferred candidate, remapped where they differ),
      // which is what a static-vs-dynamic chart compares.
      auto preferred = problem;
      for (auto& c : preferred.candidates) { // ties stay: the search then avoids needless remaps
        std::size_t n = 1;
        while (n < c.size() && c[n].cost.total() <= c[0].cost.total() * (1 + 1e-12))
          ++n;
        c.resize(std::min(c.size(), n));
      }
      result = searchRemapping(preferred, std::numeric_limits<double>::infinity(), control);
    }
    plan.dynamic = dynamicSolution(result);
    plan.dynamic.found = result.found && result.total < bound;
    plan.dynamic.stats = stats;
    plan.dynamicChosen = plan.dynamic.found;
    return plan;
  }

  DynamicSolution dynamicSolution(const SearchResult& r) const
  {
    DynamicSolution d;
    d.total = r.found ? r.total : 0;
    d.candidate.assign(m_plan.phases.size(), -1);
    d.mappings.assign(m_plan.phases.size(), {});
    for (const auto& s : r.steps) {
      const auto& c = m_plan.phases[s.phase].analysis.candidates[s.candidate];
      d.computation += s.count * c.cost.computation;
      d.movement += s.count * c.cost.movement;
      d.remapping += s.count * s.remapCost;
      if (!s.copy) {
        d.candidate[s.phase] = s.candidate;
        d.mappings[s.phase] = s.mapping;
      }
      addRemaps(d.remaps, s);
    }
    return d;
  }

  void addRemaps(std::vector<PlannedRemap>& remaps, const StepOutcome& s) const
  {
    const auto& phase = m_plan.phases[s.phase].phase;
    std::map<std::pair<std::string, std::string>, PlannedRemap> groups;
    for (const auto& r : s.remaps) {
      auto& g = groups[{formatsText(r.from), formatsText(r.to)}];
      g.beforePhase = phase.id;
      g.line = phase.firstLine;
      g.arrays.push_back(r.array);
      g.from = formatsText(r.from);
      g.to = formatsText(r.to);
      g.bytes += r.bytes;
      g.cost += r.cost;
      g.realign = r.realign;
    }
    for (auto& [key, g] : groups) {
      auto it = std::find_if(remaps.begin(), remaps.end(), [&](const PlannedRemap& p) {
        return p.beforePhase == g.beforePhase && p.arrays == g.arrays && p.from == g.from && p.to == g.to;
      });
      const double perRemap = g.cost;
      if (it == remaps.end()) {
        g.count = s.count;
        g.cost = perRemap * s.count;
        remaps.push_back(g);
      } else {
        it->count += s.count;
        it->cost += perRemap * s.count;
      }
    }
  }

  const program::Unit& m_unit;
  const machine::MachineProfile& m_machine;
  const symbolic::Bindings& m_values;
  const DistributeOptions& m_options;
  DistributeResult& m_out;
  PhaseGraph m_graph;
  ArrayShapes m_shapes;
  struct GivenTime {
    double seconds = 0;
    int line = 0; // the line it was given for
  };
  std::map<int, GivenTime> m_given; // phase id -> its time
  Plan m_plan;
};

} // namespace

double SequencePlan::chosenTotal() const
{
  if (dynamicChosen || statics.empty())
    return dynamic.total;
  return statics.front().total();
}

DistributeResult distribute(const program::Unit& unit, const machine::MachineProfile& machine,
                            const symbolic::Bindings& values, const DistributeOptions& options)
{
  DistributeResult out;
  Distributor(unit, machine, values, options, out).run();
  return out;
}

} // namespace ps::ddt

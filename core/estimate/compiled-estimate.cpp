#include "estimate/compiled-estimate.h"
#include "estimate/subscript-bounds.h"

#include "estimate/array-statements.h"
#include "estimate/comm-formula.h"
#include "estimate/condition-owner.h"
#include "estimate/guard-fold.h"
#include "estimate/owned-iterations.h"
#include "estimate/parallelism.h"
#include "estimate/periodic-pieces.h"
#include "estimate/saturating-count.h"
#include "estimate/tile-collapse.h"
#include "estimate/work-formula.h"
#include "program/loop-nest.h"
#include "symbolic/dependences.h"
#include "support/check.h"
#include "support/function-ref.h"
#include "support/text.h"

#include <boost/container/small_vector.hpp>

#include <algorithm>
#include <cstdio>
#include <cctype>
#include <iterator>
#include <map>
#include <set>
#include <span>

namespace ps::estimate {
namespace {

bool accumulates(const program::Statement& st, const std::string& target);

/// Whether a template index spreads over several processors along the
/// loops from level `at` in: it follows one of them, on a dimension
/// distributed over more than one processor.
bool spreadsFrom(const TemplateIndex& t, int at)
{
  if (!t.defined || t.dist->procs() < 2)
    return false;
  for (auto k = static_cast<std::size_t>(std::max(at, 0)); k < t.index.coef.size(); ++k)
    if (t.index.coef[k] != 0)
      return true;
  return false;
}

/// A probability as notes print it: 0.50, 0.67 (rounded, not cut).
std::string twoDecimals(double p)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", p);
  return text;
}

/// s = s + ..., s = s * ..., s = max(s, ...), IF (e > s) s = e (its
/// condition too: Statement::reductionOp), or a REDUCTION clause.
bool isReduction(const program::Statement& st, const program::Unit& unit)
{
  if (!st.reductionOp.empty())
    return true;
  const auto& s = st.scalarTarget;
  if (s.empty())
    return false;
  for (int id : st.loops) {
    const auto& r = unit.loops[id].reductionVariables;
    if (std::find(r.begin(), r.end(), s) != r.end())
      return true;
  }
  return accumulates(st, s);
}

/// Whether `st`'s right-hand side starts by combining `target` (compact
/// text): target + ..., target - ..., target * ..., max(target, ...), min(...).
bool accumulates(const program::Statement& st, const std::string& target)
{
  const auto rhs = assignedValue(compact(st.text));
  for (const char* op : {"+", "-", "*"})
    if (rhs.rfind(target + op, 0) == 0)
      return true;
  // MAX and MIN by their generic and their F77 specific names
  for (const char* fn : {"max(", "min(", "max0(", "min0(", "amax1(", "amin1(", "dmax1(", "dmin1("})
    if (rhs.rfind(fn + target + ",", 0) == 0)
      return true;
  return false;
}

/// A reduction into elements of a replicated array across loops its
/// subscripts do not name: innermost (QR's W(J) = W(J) + V(I)*A(I,J) over
/// I inside J: `outer` levels, then `element` levels naming the subscripts,
/// then the reduction's), or directly outside the innermost levels that name
/// them (the same sum with I outside J: `wholeArray`, each combine carries
/// the array; `outer` levels outside J, the reduction's among them). The
/// combines happen in at most the `outer` levels (elementRestartLevels
/// decides). nullopt when `st` is no such reduction.
struct ElementReduction {
  int outer = 0, element = 0;
  bool wholeArray = false;
};

std::optional<ElementReduction> elementReduction(const program::Statement& st, int nestLoop,
                                                 const program::Unit& unit, const mapping::Mapping& mapping)
{
  const auto* w = st.write();
  if (!w || w->subscripts.empty() || mapping.array(w->array) || !accumulates(st, compact(w->text())))
    return std::nullopt;
  const auto text = w->text();
  if (std::any_of(st.refs.begin(), st.refs.end(), [&](const auto& r) { return r.array == w->array && r.text() != text; }))
    return std::nullopt; // W(J) = W(J) + W(J-1)*A(K,J): a recurrence, not a sum
  const auto names = namesIn(text);
  const auto root = std::find(st.loops.begin(), st.loops.end(), nestLoop);
  const auto named = [&](int id) { return names.count(unit.loops[static_cast<std::size_t>(id)].variable) > 0; };
  // from the innermost level outwards: a run of levels that name the subscripts or not
  const auto run = [&](std::vector<int>::const_iterator level, bool naming) {
    while (level != root && named(*(level - 1)) == naming)
      --level;
    return level;
  };
  ElementReduction r;
  const auto end = st.loops.cend();
  if (const auto reduced = run(end, false); reduced != end) { // reduction loops innermost
    const auto elements = run(reduced, true);
    r.element = static_cast<int>(reduced - elements);
    r.outer = static_cast<int>(elements - root);
    return r;
  }
  const auto elements = run(end, true), reduced = run(elements, false);
  if (reduced == elements)
    return std::nullopt; // every level names the subscripts: no reduction
  r.outer = static_cast<int>(elements - root); // the levels outside the elements' (some may be step loops)
  r.wholeArray = true;
  return r;
}

/// The nest loops (outermost first, counted from `nestLoop`) in whose every
/// iteration the copies of a reduction by `st` must combine: those it
/// shares with another statement of the nest that `touches` the reduced
/// variable outside the reduction. A reset starts it over (`amax =
/// ABS(A(K,K))` in a pivot search's step, `W(J) = 0`); a read needs it
/// complete (`B(K) = S`, `V(I) = V(I) + W(I)` later in the step). 0 when
/// none does: one combine after the whole nest.
int combineLevels(const program::Statement& st, const std::vector<const program::Statement*>& nest, int nestLoop,
                  FunctionRef<bool(const program::Statement&)> touches)
{
  const auto root = std::find(st.loops.begin(), st.loops.end(), nestLoop);
  int levels = 0;
  for (const auto* other : nest) {
    if (other == &st || !touches(*other))
      continue;
    const auto shared = std::mismatch(st.loops.begin(), st.loops.end(), other->loops.begin(), other->loops.end());
    levels = std::max(levels, static_cast<int>(std::max<std::ptrdiff_t>(shared.first - root, 0)));
  }
  return levels;
}

/// combineLevels of a reduction into elements of `st`'s written array.
int elementRestartLevels(const program::Statement& st, const std::vector<const program::Statement*>& nest,
                         int nestLoop)
{
  const auto& array = st.write()->array;
  return combineLevels(st, nest, nestLoop, [&](const program::Statement& other) {
    const auto* w = other.write();
    return (w && w->array == array && !accumulates(other, compact(w->text()))) ||
           std::any_of(other.refs.begin(), other.refs.end(), [&](const auto& r) { return !r.isWrite && r.array == array; });
  });
}

/// Whether the loops `outer` (a statement's, outermost first) are those of
/// `inner` or enclose them: `inner` starts with `outer`.
bool enclosesLoops(const std::vector<int>& outer, const std::vector<int>& inner)
{
  return outer.size() <= inner.size() && std::equal(outer.begin(), outer.end(), inner.begin());
}

bool sameAxis(const mapping::TemplateAxis& a, const mapping::TemplateAxis& b)
{
  return a.kind == b.kind && a.arrayDim == b.arrayDim && a.stride == b.stride && a.offset == b.offset;
}

/// What the compiled decisions read of a mapping: which arrays are
/// distributed, their alignment, the processors rank and which processors
/// dimension each template dimension goes to (the key of a work formula).
bool sameStructure(const mapping::Mapping& a, const mapping::Mapping& b)
{
  if (a.procs.rank() != b.procs.rank() || a.templates.size() != b.templates.size() || a.arrays.size() != b.arrays.size())
    return false;
  for (std::size_t t = 0; t < a.templates.size(); ++t)
    if (a.templates[t].procDim != b.templates[t].procDim)
      return false;
  return std::equal(a.arrays.begin(), a.arrays.end(), b.arrays.begin(), [](const auto& x, const auto& y) {
    return x.first == y.first && x.second.templateIndex == y.second.templateIndex &&
           std::equal(x.second.axes.begin(), x.second.axes.end(), y.second.axes.begin(), y.second.axes.end(), sameAxis);
  });
}

/// How a statement's executing (owner) reference is chosen; the order of
/// estimateStatement's tests.
enum class ExecRule { Write, Guard, ReductionOrNewScalar };

/// A reference planned at the remembered values (its `map` is set per point).
/// `plan` is read only once `done`; before, it holds the last values' plan,
/// whose storage the next plan reuses.
struct PlanMemo {
  bool done = false;
  std::optional<ReferencePlan> plan;
  symbolic::EvaluationError error;

  /// Forgets the values' plan, keeping its storage.
  void forget()
  {
    done = false;
    error = {};
  }
};

/// One statement of the nest, as far as the mapping's structure decides it.
struct CompiledStatement {
  const program::Statement* st = nullptr;
  std::string skipNote;                               // not estimated (I/O, CALL, whole array): the note
  std::string at;                                     // " at line N"
  bool reduction = false;
  std::vector<const program::ArrayReference*> reads;  // distributed reads, first of equal texts
  std::vector<std::string> readTexts;                 // their texts, for the records (not rebuilt per point)
  std::vector<std::set<std::string>> readNames;       // the names in each read's distributed subscripts, once
  std::vector<bool> readByBranch;                     // a condition's read it does not fetch itself (see compileStatement)
  /// The statement each read belongs to: `st`, or a temporary's statement
  /// whose value `st`'s owners compute again (recomputeForeignTemporaries).
  std::vector<const program::Statement*> readOrigins;
  ExecRule rule = ExecRule::ReductionOrNewScalar;
  const program::ArrayReference* execRef = nullptr;   // Write, Guard, or the NEW scalar user's write
  std::vector<std::string> newScalarNotes;            // how a scalar temporary is placed (newScalarUser, reductions)
  double cost = 0;                                    // seconds per instance (Def. 3.7)
  double recomputeCost = 0;                           // of the temporaries computed again for it (part of cost)
  std::size_t reductionOperand = 0;                   // the read whose owners run a reduction (reductionOperand())
  std::vector<const program::ArrayReference*> cacheRefs; // every subscripted reference
  std::optional<CompiledPlan> foreignExec;            // execRef when another statement's (Guard, NEW scalar user)
  int reductionBytes = 8;
  int reductionLevels = 0; // outer nest loops the reduction restarts in (restartLevels)
  /// A scalar reduction's readers in the nest (see scalarReaders): their
  /// statements' indices and the owners of what they write, planned in the
  /// reader's space; empty when a reader is not such an assignment.
  std::vector<std::size_t> readers;
  std::vector<CompiledPlan> readerOwners;
  int elementLevels = 0;   // an array element's reduction: the loops of the elements one combine carries (-1: all the array's)
  /// s = MAXVAL(D), SUM(A*B), ... over whole distributed arrays mapped
  /// alike: the first of them (wholeArrayReduction); nullptr otherwise.
  const program::ArrayReference* reducedArray = nullptr;
  /// P = R + BETA*P over whole arrays mapped alike: P's reference; a WHERE
  /// mask of such assignments: their target's (elementwiseTarget); nullptr otherwise.
  const program::ArrayReference* assignedArray = nullptr;
  /// Work formulas by owner reference (nullptr: every processor), compiled on first use.
  std::vector<std::pair<const program::ArrayReference*, std::pair<std::shared_ptr<const WorkFormula>, std::string>>>
      formulas;
};

/// combineLevels of a reduction into `st`'s scalar: the statements that name
/// it without reducing into it.
int restartLevels(const program::Statement& st, const std::vector<const program::Statement*>& nest, int nestLoop,
                  const program::Unit& unit)
{
  return combineLevels(st, nest, nestLoop, [&](const program::Statement& other) {
    const bool ownCondition = other.kind == program::StatementKind::Control && other.line == st.line; // IF (...) S = S + ...
    return !ownCondition && !isReduction(other, unit) && namesIn(other.text).count(st.scalarTarget) > 0;
  });
}

/// Whether a statement of `nest` sets `name` afresh (S = 0, no IF around
/// it, not S = S + ...) after statement id `after` and before `reader` in
/// each of the reader's iterations (its loops enclose the reader): the
/// reader then reads that value, not a sum from before it.
bool resetBefore(const program::Statement& reader, const std::vector<const program::Statement*>& nest,
                 const std::string& name, int after)
{
  return std::any_of(nest.begin(), nest.end(), [&](const program::Statement* other) {
    return other->scalarTarget == name && other->branchLine == 0 && after < other->id && other->id < reader.id &&
           namesIn(assignedValue(compact(other->text))).count(name) == 0 &&
           other->loops.size() <= reader.loops.size() &&
           std::equal(other->loops.begin(), other->loops.end(), reader.loops.begin());
  });
}

/// The array elements written by the statements of the nest that read the
/// scalar a reduction `st` computes (`C(K) = S` after the sum over a row),
/// when each is an assignment after it in the reduction's first `levels`
/// loops (their owners are then functions of the combine's instance); empty
/// when there is none or another reads it.
std::vector<const program::Statement*> scalarReaders(const program::Statement& st,
                                                    const std::vector<const program::Statement*>& nest, int nestLoop,
                                                    int levels, const program::Unit& unit)
{
  std::vector<const program::Statement*> out;
  const auto root = std::find(st.loops.begin(), st.loops.end(), nestLoop);
  for (const auto* other : nest) {
    if (other == &st || other->scalarTarget == st.scalarTarget || namesIn(other->text).count(st.scalarTarget) == 0)
      continue; // itself, a reset (or another update of the sum), or no use
    if (resetBefore(*other, nest, st.scalarTarget, other->id < st.id ? -1 : st.id))
      continue; // it reads a value set afresh since (Y(I) = S of a first sum into S in the same body)
    if (other->id < st.id)
      return {}; // it reads the sum of an earlier instance (C(K) = S before S's loop)
    const auto* w = other->write();
    const auto own = std::find(other->loops.begin(), other->loops.end(), nestLoop);
    // it shares the `levels` loops the sum restarts in (restartLevels), and is in none of the others
    // (A(I,J) = A(I,J)/S in a DO I after the sum's DO I in the same DO J)
    if (!w || other->kind != program::StatementKind::Assignment || isReduction(*other, unit) ||
        other->loops.end() - own < levels || !std::equal(own, own + levels, root, root + levels))
      return {};
    out.push_back(other);
  }
  return out;
}

/// What the values of the unknowns enter for one statement, compiled once:
/// a new N evaluates these instead of asking GiNaC (iteration-space.h,
/// reference-plan.h).
struct CompiledForms {
  CompiledSpace space;
  std::vector<CompiledPlan> refs; // one per Statement::refs
};

/// What the last values of the unknowns gave for one statement.
struct StatementMemo {
  bool spaceDone = false;
  std::optional<IterationSpace> space;
  symbolic::EvaluationError spaceError;
  std::vector<PlanMemo> reads, cache;
  PlanMemo exec;
  std::vector<int> placements; // per read; -1: not computed yet
  std::vector<std::optional<ReadInstances>> instances; // per read: its exchange's instances
  CacheTrips trips;                 // the cache model's trip counts of the space (storage kept across values)
  bool tripsKnown = false;
  int cacheAt = -1;                 // its entry in State::cache, once built
  std::vector<int> cacheRefAt;      // per cache reference: its entry in that entry's refs, -1 not affine
  std::vector<std::string> boundsNotes; // its references that leave their arrays (subscript-bounds.h)
  std::optional<double> probability; // State::probability, once computed
  std::vector<std::pair<int, std::optional<double>>> exchangeShares; // guardedIterationShare by placement
  bool guardCounted = false;         // it is the guards' share of the iterations
  bool measuredInstead = false;      // it is Statement::measuredProbability, the guards not counted

  /// Forgets what the last values gave, keeping the vectors' storage: a
  /// sweep over N resets the memo at every point.
  void reset(const CompiledStatement& c)
  {
    spaceDone = false; // `space` keeps the last values' storage, read once done
    spaceError = {};
    reads.resize(c.reads.size());
    cache.resize(c.cacheRefs.size());
    for (auto* plans : {&reads, &cache})
      for (auto& p : *plans)
        p.forget();
    exec.forget();
    placements.assign(c.reads.size(), -1);
    instances.assign(c.reads.size(), std::nullopt);
    tripsKnown = false;
    cacheAt = -1;
    cacheRefAt.clear();
    boundsNotes.clear();
    probability.reset();
    guardCounted = false;
    measuredInstead = false;
    exchangeShares.clear();
  }
};

} // namespace

struct CompiledNestEstimate::State {
  const program::Unit* unit = nullptr;
  const program::Loop* nest = nullptr;
  const machine::MachineProfile* machine = nullptr;
  EstimateOptions options;
  mapping::Mapping structure; // the mapping compiled for (its sizes are not used)
  std::optional<PeriodicPieces> periodic; // the nest's statements, MOD subscripts split (owns the pieces)
  /// What is estimated, by index (compiled, memo, space): the nest's
  /// statements, then the pieces of their periodic reads.
  std::vector<const program::Statement*> statements;
  /// The nest's statements alone: what other statements do (read a scalar,
  /// write an array, guard a statement) is asked of these.
  std::vector<const program::Statement*> unitStatements;
  symbolic::Bindings parameters; // PARAMETER constants the closed forms keep symbolic
  std::vector<CompiledStatement> compiled;
  std::vector<CompiledForms> forms; // per statement, independent of the mapping
  symbolic::LoopNest loopNest;      // program::loopNestOf, independent of the values
  // The last values of the unknowns and what they gave.
  bool memoValid = false;
  symbolic::Bindings values, formulaValues;
  std::optional<std::vector<symbolic::Dependence>> deps;
  std::optional<symbolic::CompiledDependences> compiledDeps; // flow, over the unknowns (isl, once)
  std::optional<bool> flowFree; // no flow dependence for any values of the unknowns (isl, once)
  std::optional<NestOwners> owners; // decideParallelism's spaces, owner plans and dependences
  std::vector<StatementMemo> memo;
  AccessClassGroups cacheGroups; // the cache model's classes at these values
  // The statements as the cache model sees them, built at the first point of
  // these values; a later point only points their plans at its own arrays.
  std::vector<CacheStatement> cache; // its first cacheCount entries
  std::size_t cacheCount = 0;
  std::vector<const CacheTrips*> cacheTrips;
  std::optional<DeclaredBounds> declared; // of the arrays the cache model counts, compiled once
  std::vector<DeclaredRange> declaredRanges; // noteOutside's, storage kept across values

  void compile(const mapping::Mapping& mapping);
  CompiledStatement compileStatement(std::size_t index, const mapping::Mapping& mapping) const;
  void compileForms();
  const std::optional<IterationSpace>& space(std::size_t index);
  std::optional<ReferencePlan> planOf(std::size_t index, const program::ArrayReference& ref,
                                      const IterationSpace& space, symbolic::EvaluationError* error) const;
  void plan(std::size_t index, const program::ArrayReference& ref, const IterationSpace& space, PlanMemo& memo) const;
  const CompiledPlan& compiledPlan(std::size_t index, const program::ArrayReference& ref) const;
  bool declaredNew(const program::Statement& st) const;
  std::vector<const program::Statement*> foreignTemporaries(const program::Statement& st,
                                                            const mapping::Mapping& mapping,
                                                            const program::Statement** source) const;
  std::vector<const program::Statement*> feedersOf(std::vector<const program::Statement*> temporaries,
                                                   const program::Statement& before) const;
  void recomputeForeignTemporaries(const program::Statement& st, const mapping::Mapping& mapping,
                                   CompiledStatement& c) const;
  const program::Statement* scalarUser(const program::Statement& st, const mapping::Mapping& mapping,
                                       std::string* through) const;
  const program::Statement* findScalarUser(const program::Statement& st, const mapping::Mapping& mapping,
                                           std::string* through) const;
  /// scalarUser's answers under the compiled structure: the user and the scalars between.
  mutable std::map<const program::Statement*, std::pair<const program::Statement*, std::string>> scalarUsers;
  std::vector<const program::Statement*> boundUsers(const program::Statement& st) const;
  std::optional<std::vector<std::size_t>> innerSubscriptDimensions(const program::Statement& st,
                                                                   const program::Statement& user,
                                                                   const mapping::Mapping& mapping) const;
  const program::ArrayReference* userOwner(const program::Statement& st, const program::Statement& user,
                                           const mapping::Mapping& mapping) const;
  /// userOwner's stand-in writes, by user and the temporary's loop depth (kept: plans point at them).
  mutable std::map<std::pair<const program::Statement*, std::size_t>, std::unique_ptr<program::ArrayReference>>
      ownerStandIns;
  const program::Statement* temporariesUser(const program::Statement& condition, const mapping::Mapping& mapping) const;
  const program::Statement* newScalarUser(const program::Statement& st, const mapping::Mapping& mapping,
                                          std::vector<std::string>& notes) const;
  bool privateTemporary(const program::Statement& st) const;
  bool assignedOnlyAt(const std::string& name, const std::vector<int>& loops) const;
  template <class Definition>
  bool everyArmDefines(std::span<const program::Statement* const> before, const program::Statement& use,
                       const Definition& definition) const;
  bool onlyReductionsUse(const program::Statement& st, const mapping::Mapping& mapping) const;
  const program::ArrayReference* elementSumOperand(const program::Statement& st, const mapping::Mapping& mapping) const;
  bool updatesTemporary(const program::Statement& st) const;
  bool insideBranch(const program::Statement& st, int ifLine) const;
  const program::Statement* updatedTemporary(const program::Statement& st) const;
  bool accumulatesPrivately(const program::Statement& st, const mapping::Mapping& mapping) const;
  const program::ArrayReference* temporaryRead(const program::Statement& st, const mapping::Mapping& mapping) const;
  bool guardsOnlyReductions(const program::Statement& condition) const;
  const program::ArrayReference* guardedOperand(const program::Statement& condition,
                                                const mapping::Mapping& mapping) const;
  const program::ArrayReference* conditionRead(const program::Statement& st, const mapping::Mapping& mapping) const;
  double probability(std::size_t index);
  /// The index of `st` in `statements`.
  std::size_t indexOf(const program::Statement* st) const
  {
    return static_cast<std::size_t>(std::find(statements.begin(), statements.end(), st) - statements.begin());
  }
  void remember(const symbolic::Bindings& values);
  const std::vector<symbolic::Dependence>& dependences();
  NestOwners nestOwners();
};

/// The nest's flow dependences at the remembered values: from the
/// dependences compiled once with the unknowns as isl parameters (a sweep
/// over N then runs isl once), or, where those cannot decide, from isl at
/// these values, unless the nest has none for any values.
const std::vector<symbolic::Dependence>& CompiledNestEstimate::State::dependences()
{
  if (deps)
    return *deps;
  if (!compiledDeps)
    compiledDeps.emplace(loopNest, std::vector{symbolic::DependenceKind::Flow});
  if (auto at = compiledDeps->at(values)) {
    deps = std::move(*at);
    return *deps;
  }
  if (!flowFree)
    flowFree = symbolic::analyzeDependences(loopNest, {}, {symbolic::DependenceKind::Flow}).empty();
  deps = *flowFree ? std::vector<symbolic::Dependence>{} : nestFlowDependences(loopNest, values);
  return *deps;
}

void CompiledNestEstimate::State::compileForms()
{
  for (const auto* st : statements) {
    CompiledForms f{CompiledSpace(*unit, nest->id, *st), {}};
    for (const auto& ref : st->refs)
      f.refs.emplace_back(ref, *unit, f.space);
    forms.push_back(std::move(f));
  }
}

/// The statement's iteration space at the remembered values (built once).
const std::optional<IterationSpace>& CompiledNestEstimate::State::space(std::size_t index)
{
  auto& m = memo[index];
  if (!m.spaceDone) { // into the last values' space: its storage is kept
    auto& out = m.space ? *m.space : m.space.emplace();
    if (!forms[index].space.buildInto(values, out, &m.spaceError))
      m.space.reset();
    m.spaceDone = true;
  }
  return m.space;
}

/// The compiled plan of `ref`, a reference of statement `index`, its
/// executing reference (another statement's: Guard, NEW scalar user) or
/// the read of a temporary it computes again (another statement of the
/// same loops: recomputeForeignTemporaries).
const CompiledPlan& CompiledNestEstimate::State::compiledPlan(std::size_t index, const program::ArrayReference& ref) const
{
  const auto& foreign = compiled[index].foreignExec;
  if (foreign && &ref == compiled[index].execRef)
    return *foreign;
  const auto holds = [&](std::size_t k) {
    const auto& refs = statements[k]->refs;
    return &ref >= refs.data() && &ref < refs.data() + refs.size();
  };
  auto k = index;
  if (!holds(k))
    for (k = 0; k < statements.size() && !holds(k); ++k) {
    }
  PS_CHECK(k < statements.size());
  return forms[k].refs[static_cast<std::size_t>(&ref - statements[k]->refs.data())];
}

/// planReference of `ref` in the statement's space at the remembered values.
std::optional<ReferencePlan> CompiledNestEstimate::State::planOf(std::size_t index, const program::ArrayReference& ref,
                                                                 const IterationSpace& space,
                                                                 symbolic::EvaluationError* error) const
{
  return compiledPlan(index, ref).plan(space, structure, values, error);
}

/// planOf into the memo, in the storage of the plan it held (once per values).
void CompiledNestEstimate::State::plan(std::size_t index, const program::ArrayReference& ref,
                                       const IterationSpace& space, PlanMemo& memo) const
{
  if (memo.done)
    return;
  memo.done = true;
  auto& out = memo.plan ? *memo.plan : memo.plan.emplace();
  if (!compiledPlan(index, ref).planInto(space, structure, values, out, &memo.error))
    memo.plan.reset();
}

/// parallelism.h's nestOwners at the remembered values, from the spaces
/// and owner plans the statements' memo holds (the same calls), so that a
/// new N builds each once.
NestOwners CompiledNestEstimate::State::nestOwners()
{
  NestOwners out;
  for (std::size_t i = 0; i < unitStatements.size(); ++i) {
    const auto& st = *statements[i];
    auto& m = memo[i];
    OwnedStatement o{&st, space(i), std::nullopt}; // a statement the estimate skips (I/O, CALL) still has an owner
    // where it executes: its write's owner, or another reference's (a scalar temporary computed by
    // the owners of the statement that uses it, a condition by the owners of what it guards)
    const auto& c = compiled[i];
    const auto* w = c.execRef && !c.reduction ? c.execRef : st.write();
    if (o.space && w && structure.array(w->array)) {
      if ((w == c.execRef || c.rule == ExecRule::Write) && m.exec.done) {
        o.owner = m.exec.plan;
        if (o.owner) // the memo's array is the last point's; the owners outlive it
          o.owner->map = structure.array(w->array);
      } else {
        symbolic::EvaluationError error;
        o.owner = planOf(i, *w, *o.space, &error);
      }
    }
    out.statements.push_back(std::move(o));
  }
  std::sort(out.statements.begin(), out.statements.end(),
            [](const OwnedStatement& a, const OwnedStatement& b) { return a.st->id < b.st->id; });
  out.dependences = dependences();
  return out;
}

/// For `st` assigning a scalar that an enclosing INDEPENDENT loop declares
/// NEW, or a private temporary (privateTemporary): the first later
/// statement of the same loop body that assigns a distributed array element
/// and uses the scalar, directly or through other such scalars (R2 feeds
/// RINV, RINV feeds F, F feeds FX(I)). Each iteration's copy of a private
/// scalar is its own, so the owners of that statement compute it
/// (owner-computes for the private value, not a replicated assignment).
/// Without such a user the assignment stays replicated, with a note.
/// Source: HPF 2.0, Sec. 5.1 (INDEPENDENT, NEW).
const program::Statement* CompiledNestEstimate::State::newScalarUser(const program::Statement& st,
                                                                     const mapping::Mapping& mapping,
                                                                     std::vector<std::string>& notes) const
{
  std::string through;
  const auto* user = scalarUser(st, mapping, &through);
  const auto& name = st.scalarTarget;
  const bool declared = declaredNew(st);
  const auto what = (declared ? "NEW scalar '" : "Scalar temporary '") + name + "' at line " + std::to_string(st.line);
  if (user)
    notes.push_back(what + " is computed by the owners of '" + user->write()->text() + "' at line " +
                    std::to_string(user->line) + ", which uses it" + (through.empty() ? "" : " through " + through) +
                    (declared ? "" : " (assigned before every use in its loop body, so private to each iteration)"));
  else if (declared)
    notes.push_back(what + " is computed on every processor: no statement of the loop that assigns a distributed array uses it");
  return user;
}

/// For an IF whose arms assign only private temporaries (IF (C(I) > 0)
/// THEN; FM = ...; ELSE; FM = ...; END IF): the statement that uses them,
/// whose owners compute them (newScalarUser), when it is one for all; its
/// owners then evaluate the condition too. nullptr otherwise.
const program::Statement* CompiledNestEstimate::State::temporariesUser(const program::Statement& condition,
                                                                       const mapping::Mapping& mapping) const
{
  if (condition.kind != program::StatementKind::Control)
    return nullptr;
  const program::Statement* user = nullptr;
  std::vector<std::string> ignored;
  for (const auto* st : unitStatements) {
    if (st == &condition || st->branchLine != condition.line || st->loops != condition.loops)
      continue;
    const auto* u = st->scalarTarget.empty() || st->write() ? nullptr : newScalarUser(*st, mapping, ignored);
    if (!u || (user && u != user))
      return nullptr;
    user = u;
  }
  return user;
}

/// Whether `a` and `b` write elements of one owner in every iteration:
/// the same subscripts ("(i)" of FX(I) and FY(I)) of arrays mapped alike.
bool sameOwners(const program::ArrayReference& a, const program::ArrayReference& b, const mapping::Mapping& mapping)
{
  const auto* x = mapping.array(a.array);
  const auto* y = mapping.array(b.array);
  return x && y && a.text().substr(a.array.size()) == b.text().substr(b.array.size()) && mappedAlike(mapping, *x, *y);
}

/// The scalar temporaries `st` (an array assignment) uses that the nest
/// computes by the owners of another statement's write (scalarUser), not by
/// `st`'s: FX(J) = FX(J) - F*DX uses F and DX computed where FX(I) is. The
/// first such user in `source`.
std::vector<const program::Statement*> CompiledNestEstimate::State::foreignTemporaries(
  const program::Statement& st, const mapping::Mapping& mapping, const program::Statement** source) const
{
  std::vector<const program::Statement*> out;
  const auto replicated = [](const program::ArrayReference& w) { // a non-affine write runs everywhere
    return std::any_of(w.subscripts.begin(), w.subscripts.end(),
                       [](const auto& s) { return s.kind == program::SubscriptKind::NonAffine; });
  };
  if (replicated(*st.write()))
    return out;
  const auto used = namesIn(st.text);
  for (const auto* d : unitStatements) {
    if (d == &st)
      break;
    std::string through;
    if (d->scalarTarget.empty() || d->loops != st.loops || !used.count(d->scalarTarget))
      continue;
    const auto* user = scalarUser(*d, mapping, &through);
    if (!user || user == &st || replicated(*user->write()) || sameOwners(*user->write(), *st.write(), mapping))
      continue; // FY(I) uses DY computed where FX(I) is: the same owners
    out.push_back(d);
    *source = *source ? *source : user;
  }
  return out;
}

/// `temporaries` and the temporaries of the same loop body they are
/// computed from, transitively (F from RINV from R2 from DX, DY, DZ): the
/// last assignment before each use, in source order.
std::vector<const program::Statement*> CompiledNestEstimate::State::feedersOf(
  std::vector<const program::Statement*> temporaries, const program::Statement& before) const
{
  std::set<const program::Statement*> all(temporaries.begin(), temporaries.end());
  while (!temporaries.empty()) {
    const auto* t = temporaries.back();
    temporaries.pop_back();
    const auto end = std::find(unitStatements.begin(), unitStatements.end(), t);
    for (const auto& name : namesIn(assignedValue(compact(t->text)))) {
      const auto def = std::find_if(std::make_reverse_iterator(end), unitStatements.rend(), [&](const auto* d) {
        return d->loops == before.loops && d->scalarTarget == name;
      });
      if (def != unitStatements.rend() && all.insert(*def).second)
        temporaries.push_back(*def);
    }
  }
  std::vector<const program::Statement*> out;
  for (const auto* d : statements) // source order
    if (all.count(d))
      out.push_back(d);
  return out;
}

/// An array assignment whose owners do not compute the temporaries it uses
/// (foreignTemporaries) computes them again, as the owners of a NEW scalar's
/// users do: it fetches what they read and pays their operations per
/// instance. Once per owners: FY(J) after FX(J) finds DY and F there.
/// The alternative, sending each iteration's values, would cost a message
/// per instance that no HPF compiler vectorizes.
void CompiledNestEstimate::State::recomputeForeignTemporaries(const program::Statement& st,
                                                              const mapping::Mapping& mapping,
                                                              CompiledStatement& c) const
{
  const program::Statement* source = nullptr;
  const auto own = foreignTemporaries(st, mapping, &source);
  if (own.empty())
    return;
  auto needed = feedersOf(own, st);
  const program::Statement* earlier = nullptr; // a statement of the same owners that computed them already
  for (const auto* e : unitStatements) {
    if (e == &st)
      break;
    const program::Statement* ignored = nullptr;
    if (e->loops != st.loops || !e->write() || !sameOwners(*e->write(), *st.write(), mapping))
      continue;
    const auto done = feedersOf(foreignTemporaries(*e, mapping, &ignored), *e);
    if (!done.empty())
      earlier = earlier ? earlier : e;
    std::erase_if(needed, [&](const auto* d) { return std::find(done.begin(), done.end(), d) != done.end(); });
  }
  std::vector<std::string> names, fetched;
  for (const auto* d : own)
    names.push_back("'" + d->scalarTarget + "'");
  for (const auto* d : needed) {
    c.recomputeCost += machine->ops.time(d->ops);
    for (const auto& ref : d->refs) {
      auto text = ref.text();
      if (ref.isWrite || !mapping.array(ref.array) ||
          std::find(c.readTexts.begin(), c.readTexts.end(), text) != c.readTexts.end())
        continue;
      fetched.push_back(text);
      c.reads.push_back(&ref);
      c.readTexts.push_back(std::move(text));
      c.readByBranch.push_back(false);
      c.readOrigins.push_back(d);
    }
  }
  const auto list = joinWithAnd(names) + " at line " + std::to_string(st.line);
  const auto users = "the owners of '" + st.write()->text() + "'";
  if (needed.empty()) {
    c.newScalarNotes.push_back(list + (names.size() == 1 ? " is" : " are") + " computed again by " + users +
                               " for line " + std::to_string(earlier ? earlier->line : st.line) + " already");
    return;
  }
  std::vector<int> lines;
  for (const auto* d : needed)
    lines.push_back(d->line);
  c.newScalarNotes.push_back(list + (names.size() == 1 ? " comes" : " come") + " from the owners of '" +
                             source->write()->text() + "' (line " + std::to_string(source->line) + "); " + users +
                             ", which use " + (names.size() == 1 ? "it" : "them") + ", compute " +
                             (names.size() == 1 ? "it" : "them") + " again (line" + (lines.size() == 1 ? " " : "s ") +
                             lineRanges(lines) + "): " +
                             (fetched.empty() ? std::string("they read nothing distributed")
                                              : "what they read of " + joinWithAnd(fetched) + " is fetched where not local") +
                             ", and their operations count in CT, not in the work");
}

/// Whether an enclosing INDEPENDENT loop declares `st`'s scalar NEW.
bool CompiledNestEstimate::State::declaredNew(const program::Statement& st) const
{
  return std::any_of(st.loops.begin(), st.loops.end(), [&](int id) {
    const auto& l = unit->loops[static_cast<std::size_t>(id)];
    return l.independent &&
           std::find(l.newVariables.begin(), l.newVariables.end(), st.scalarTarget) != l.newVariables.end();
  });
}

/// newScalarUser's statement without the notes; `through` gets the
/// scalars between ("'f'", "'rinv', then 'f'").
const program::Statement* CompiledNestEstimate::State::scalarUser(const program::Statement& st,
                                                                  const mapping::Mapping& mapping,
                                                                  std::string* through) const
{
  // remembered per mapping structure: a chain of temporaries each feeding several would
  // otherwise be walked once per path
  if (const auto it = scalarUsers.find(&st); it != scalarUsers.end()) {
    *through = it->second.second;
    return it->second.first;
  }
  const auto* user = findScalarUser(st, mapping, through);
  scalarUsers.emplace(&st, std::pair{user, *through});
  return user;
}

/// scalarUser without the memo.
const program::Statement* CompiledNestEstimate::State::findScalarUser(const program::Statement& st,
                                                                      const mapping::Mapping& mapping,
                                                                      std::string* through) const
{
  const auto& name = st.scalarTarget;
  if (name.empty() || (!declaredNew(st) && !privateTemporary(st)))
    return nullptr;
  // the later statements of its loop body that name it, there or in its inner loops
  std::vector<const program::Statement*> users;
  for (auto it = std::find(unitStatements.begin(), unitStatements.end(), &st); it != unitStatements.end(); ++it)
    if (*it != &st && enclosesLoops(st.loops, (*it)->loops) && namesIn((*it)->text).count(name))
      users.push_back(*it);
  const auto bounded = boundUsers(st);
  users.insert(users.end(), bounded.begin(), bounded.end());
  // a user that assigns one distributed element (not P(:,:) = BETA*P: every owner of P needs BETA),
  // in an inner loop one whose owner does not move with it (A(I,J) under (*,CYCLIC) inside DO I)
  // (and then the only statement of the inner loops that names it: another one there, C(I,J) = F
  // under another mapping, would need it too, and only a user at its own level is computed again)
  // `element` writes the distributed element, reached through `via`, one of `users`
  const auto ownerStays = [&](const program::Statement& element, const program::Statement& via) {
    return element.loops == st.loops ||
           (innerSubscriptDimensions(st, element, mapping) && std::none_of(users.begin(), users.end(), [&](const auto* o) {
              return o != &via && o->loops != st.loops;
            }));
  };
  const auto elementUser = [&](const program::Statement* u) {
    const auto* w = u->write();
    return w && mapping.array(w->array) && !w->subscripts.empty() &&
           std::none_of(w->subscripts.begin(), w->subscripts.end(),
                        [](const auto& sub) { return sub.kind == program::SubscriptKind::Triplet; }) &&
           ownerStays(*u, *u);
  };
  // a user in inner loops whose owner moves with them (A(K,J) = A(K,J)*F inside DO J under (*,CYCLIC))
  // needs the value on each of those owners: computed on every processor, not by one user's owners
  // (F = A(K,K) for that and A(K,K) = F went to column k's owner, and no message reached the others)
  // (directly, or through a temporary that such a statement uses: G = F*2 before A(K,J) = A(K,J)*G in DO J)
  const auto ownerMoves = [&](const program::Statement& u) {
    const auto* w = u.write();
    return w && mapping.array(w->array) && u.loops != st.loops && !innerSubscriptDimensions(st, u, mapping);
  };
  if (std::any_of(users.begin(), users.end(), [&](const auto* u) {
        if (ownerMoves(*u))
          return true;
        if (u->loops == st.loops || u->scalarTarget.empty() || u->scalarTarget == st.scalarTarget ||
            (!declaredNew(*u) && !privateTemporary(*u)))
          return false;
        std::string further;
        const auto* last = scalarUser(*u, mapping, &further);
        return !last || ownerMoves(*last); // computed on every processor, or where the owner moves
      }))
    return nullptr;
  if (const auto direct = std::find_if(users.begin(), users.end(), elementUser); direct != users.end()) {
    if (std::find(bounded.begin(), bounded.end(), *direct) != bounded.end())
      *through = "the bounds of the loops it sets";
    return *direct; // a direct user first (F*DX in FX(I) rather than DX through R2)
  }
  for (const auto* u : users) {
    std::string further;
    if (const auto* user = scalarUser(*u, mapping, &further); user && ownerStays(*user, *u)) {
      *through = "'" + u->scalarTarget + "'" + (further.empty() ? "" : ", then " + further);
      return user; // a later statement, so this ends
    }
  }
  return nullptr;
}

/// For a scalar that sets the bounds of loops in its loop body after it
/// (JLO = MAX(1, I-KB) before DO J = JLO, JHI: Loop::lowerText names it),
/// what those loops compute is its use: their statements, and the later
/// statements of the body that name a scalar those assign (Q(I) = S after
/// S = S + A(I,J)*P(J)). Empty for other statements.
std::vector<const program::Statement*> CompiledNestEstimate::State::boundUsers(const program::Statement& st) const
{
  std::vector<const program::Statement*> out;
  if (st.loops.empty())
    return out;
  std::set<std::string> assigned; // scalars the bounded loops assign
  int first = 0;                   // the first bounded loop's line
  for (const auto& loop : unit->loops) {
    if (loop.line <= st.line || loop.id == st.loops.back() || !program::nestedIn(*unit, loop, st.loops.back()) ||
        !namesIn(loop.lowerText + " " + loop.upperText + " " + loop.stepText).count(st.scalarTarget))
      continue;
    first = first == 0 ? loop.line : std::min(first, loop.line);
    for (const auto* u : unit->statementsIn(loop.id)) {
      out.push_back(u);
      if (!u->scalarTarget.empty())
        assigned.insert(u->scalarTarget);
    }
  }
  if (assigned.empty())
    return out;
  const auto bodies = out.size();
  for (const auto* u : unitStatements) // after the first bounded loop (Q(I) = S may stand between two)
    if (u->line > first && std::find(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(bodies), u) == out.begin() + static_cast<std::ptrdiff_t>(bodies) &&
        enclosesLoops(st.loops, u->loops) &&
        std::any_of(assigned.begin(), assigned.end(), [&](const auto& n) { return namesIn(u->text).count(n) > 0; }))
      out.push_back(u);
  return out;
}

/// The dimensions of `user`'s write (a statement in loops inside those of
/// the temporary `st`) whose subscripts name a variable of those inner
/// loops, or nullopt when one of them is distributed: the write's owner
/// then moves with the inner loops, and the temporary is needed on each.
std::optional<std::vector<std::size_t>> CompiledNestEstimate::State::innerSubscriptDimensions(
    const program::Statement& st, const program::Statement& user, const mapping::Mapping& mapping) const
{
  std::set<std::string> inner;
  for (auto k = st.loops.size(); k < user.loops.size(); ++k)
    inner.insert(unit->loops[static_cast<std::size_t>(user.loops[k])].variable);
  const auto& w = *user.write();
  std::vector<std::size_t> dims;
  for (std::size_t d = 0; d < w.subscripts.size(); ++d) {
    const auto& sub = w.subscripts[d];
    const bool distributed = distributedDimension(mapping, mapping.array(w.array), static_cast<int>(d));
    if (sub.kind != program::SubscriptKind::Affine) {
      if (distributed) // an owner no affine form gives (A(IP(I),J) rows by BLOCK)
        return std::nullopt;
      continue;
    }
    // the substituted form, not the text: II = I makes A(II,J) follow I
    if (std::none_of(inner.begin(), inner.end(), [&](const auto& v) { return sub.affine.coefficients.count(v) > 0; }))
      continue;
    if (distributed)
      return std::nullopt;
    dims.push_back(d);
  }
  return dims;
}

/// The reference whose owners compute the temporary `st` for its `user`
/// (scalarUser): the user's write, or, for a user in inner loops, that
/// write with the subscripts that follow those loops made non-affine (only
/// in dimensions the mapping does not distribute, innerSubscriptDimensions;
/// planReference puts a stand-in there): the element of F = A(K,J)/A(K,K)
/// for A(I,J) = A(I,J) - A(I,K)*F inside DO I is A(*,J)'s owner.
const program::ArrayReference* CompiledNestEstimate::State::userOwner(const program::Statement& st,
                                                                      const program::Statement& user,
                                                                      const mapping::Mapping& mapping) const
{
  if (user.loops == st.loops)
    return user.write();
  auto& standIn = ownerStandIns[{&user, st.loops.size()}];
  if (!standIn) {
    standIn = std::make_unique<program::ArrayReference>(*user.write());
    for (const auto d : innerSubscriptDimensions(st, user, mapping).value_or(std::vector<std::size_t>{}))
      standIn->subscripts[d].kind = program::SubscriptKind::NonAffine;
  }
  return standIn.get();
}

/// The statement's probability of executing at the remembered values: a
/// profile run's, or the default with the default shares of the IFs that
/// gave its guards replaced by the share of the iterations the guards keep
/// (guardedIterationShare), where that can be counted.
double CompiledNestEstimate::State::probability(std::size_t index)
{
  auto& m = memo[index];
  if (!m.probability) {
    const auto& st = *statements[index];
    m.probability = st.probability;
    if (!st.probabilityMeasured && !st.guards.empty() && st.guardedShare > 0)
      if (const auto& s = space(index))
        if (const auto share = guardedIterationShare(*s, st.guards, values)) {
          m.probability = st.probability / st.guardedShare * *share;
          m.guardCounted = true;
        }
    if (!m.guardCounted && st.measuredProbability) { // the guards not counted: the profile run's share
      m.probability = *st.measuredProbability;
      m.measuredInstead = true;
    }
  }
  return *m.probability;
}

/// Whether `st` assigns a scalar temporary private to each iteration of its
/// loop body, as a NEW clause would declare it: every other statement of the
/// nest that uses the scalar follows, in its own body, an assignment of it
/// that does not read it (`st` or another one: the red and the black sweep's
/// RES), under the same IF when that assignment is under one, so each use
/// sees this iteration's value (the row swap's `T = A(K,J)`). A reduction
/// into it is never one.
bool CompiledNestEstimate::State::privateTemporary(const program::Statement& st) const
{
  const auto& name = st.scalarTarget;
  const auto definition = [&](const program::Statement& d) { // assigns it afresh
    return d.scalarTarget == name && !isReduction(d, *unit) && !namesIn(assignedValue(d.text)).count(name);
  };
  if (!definition(st))
    return false;
  for (std::size_t u = 0; u < unitStatements.size(); ++u) {
    const auto& use = *unitStatements[u];
    if (definition(use) || !namesIn(use.text).count(name))
      continue;
    const auto before = std::span(unitStatements.data(), u);
    const bool covered = std::any_of(before.begin(), before.end(), [&](const auto* d) {
      return definition(*d) && (d->loops == use.loops || (enclosesLoops(d->loops, use.loops) && assignedOnlyAt(name, d->loops))) &&
             (d->branchLine == 0 || insideBranch(use, d->branchLine));
    });
    if (!covered && !everyArmDefines(before, use, definition))
      return false;
  }
  return true;
}

/// Whether `st` runs in the branch of the IF on `ifLine`, directly or in
/// an IF nested in it (followed through the tests' own branch lines).
bool CompiledNestEstimate::State::insideBranch(const program::Statement& st, int ifLine) const
{
  std::set<int> seen; // two IFs on one line must not loop
  for (int line = st.branchLine; line != 0 && seen.insert(line).second;) {
    if (line == ifLine)
      return true;
    const auto test = std::find_if(unitStatements.begin(), unitStatements.end(), [&](const program::Statement* t) {
      return t->kind == program::StatementKind::Control && t->line == line && t->branchLine != line;
    });
    if (test == unitStatements.end())
      return false;
    line = (*test)->branchLine;
  }
  return false;
}

/// Whether every statement of the nest that assigns the scalar `name`
/// afresh is directly in the body of `loops`: then a use in its inner
/// loops sees the value this iteration assigned there (F = A(K,J)/A(K,K)
/// before DO I), not one a sibling loop left (IP = I in a pivot search
/// before the swap).
bool CompiledNestEstimate::State::assignedOnlyAt(const std::string& name, const std::vector<int>& loops) const
{
  // an update (S = S + A(I,K)*X(K) in DO K) goes on from this iteration's value
  return std::all_of(unitStatements.begin(), unitStatements.end(), [&](const auto* st) {
    return st->scalarTarget != name || st->loops == loops || namesIn(assignedValue(st->text)).count(name) > 0;
  });
}

/// Whether the statements `before` a use of a scalar assign it afresh
/// (`definition`) in every arm of one IF of the use's loops that runs in the
/// use's own branch: IF (C(I) > 0) THEN; FM = ...; ELSE; FM = ...; END IF
/// before QN(I) = ... FM.
template <class Definition>
bool CompiledNestEstimate::State::everyArmDefines(std::span<const program::Statement* const> before,
                                                  const program::Statement& use, const Definition& definition) const
{
  std::map<int, std::set<int>> arms; // IF line -> the arms that assign it
  std::set<int> complete;             // the IFs all of whose arms do
  for (const auto* d : before)
    if (definition(*d) && d->loops == use.loops && d->branchLine != 0) {
      auto& defined = arms[d->branchLine];
      defined.insert(d->branchArm);
      if (static_cast<int>(defined.size()) == d->branchArms)
        complete.insert(d->branchLine);
    }
  // the IF itself runs where the use does: its condition is a statement of that branch
  return std::any_of(before.begin(), before.end(), [&](const auto* c) {
    return c->kind == program::StatementKind::Control && complete.count(c->line) && c->loops == use.loops &&
           c->branchLine == use.branchLine;
  });
}

/// Whether `st` updates a private temporary (privateTemporary) assigned
/// earlier in its body: E = E*E after E = U(I,J) - V(I,J).
bool CompiledNestEstimate::State::updatesTemporary(const program::Statement& st) const
{
  const auto* fresh = updatedTemporary(st);
  return fresh && fresh->loops == st.loops;
}

/// Whether `st` updates a private temporary assigned afresh in the body
/// around its loops (updatedTemporary) and reads no distributed element
/// whose owner is known (a CSR row's S = S + VAL(K)*P(COLIDX(K)) with VAL
/// replicated and P indirect): the owners of the row's result then
/// accumulate it, not every processor. Where an operand is owned (S = S +
/// A(K,J) over a distributed row), the sum stays a reduction of the
/// owners' partial sums.
bool CompiledNestEstimate::State::accumulatesPrivately(const program::Statement& st, const mapping::Mapping& mapping) const
{
  const auto* fresh = updatedTemporary(st);
  std::string through;
  if (!fresh || fresh->loops == st.loops || !scalarUser(*fresh, mapping, &through))
    return false; // without a user whose owners could keep it, the sum stays a reduction
  return std::none_of(st.refs.begin(), st.refs.end(), [&](const program::ArrayReference& ref) {
    if (ref.isWrite || !mapping.array(ref.array) || ref.subscripts.empty())
      return false;
    for (std::size_t d = 0; d < ref.subscripts.size(); ++d)
      if (ref.subscripts[d].kind != program::SubscriptKind::Affine &&
          distributedDimension(mapping, mapping.array(ref.array), static_cast<int>(d)))
        return false;
    return true; // an operand whose owner the affine subscripts give
  });
}

/// The fresh assignment of the private temporary `st` updates (E = E*E
/// after E = U(I,J) - V(I,J) in the same body; a row's S = S + A(I,K)*X(K)
/// inside DO K after S = 0 in the body around it: each iteration's own
/// accumulator, as NEW(S) on the row loop says), the last one before it;
/// nullptr when `st` updates none.
const program::Statement* CompiledNestEstimate::State::updatedTemporary(const program::Statement& st) const
{
  if (st.scalarTarget.empty())
    return nullptr;
  const program::Statement* fresh = nullptr;
  for (const auto* d : unitStatements) {
    if (d == &st)
      break;
    if (enclosesLoops(d->loops, st.loops) && d->scalarTarget == st.scalarTarget && privateTemporary(*d))
      fresh = d;
  }
  return fresh;
}

const program::ArrayReference* reductionOperandOf(const program::Statement& st, const program::Unit& unit,
                                                  const mapping::Mapping& mapping);

/// The operand whose owners run the sums into elements of a replicated
/// array (elementReduction, reductionOperand) that use the scalar `st`
/// assigns, when every use of it is such a sum with distributed operands
/// and they agree on it (K = IDX(I); H(K) = H(K) + X(I): X(I)); nullptr
/// otherwise.
const program::ArrayReference* CompiledNestEstimate::State::elementSumOperand(const program::Statement& st,
                                                                             const mapping::Mapping& mapping) const
{
  const program::ArrayReference* operand = nullptr;
  for (const auto* u : unitStatements) {
    if (u == &st || !namesIn(u->text).count(st.scalarTarget) || u->scalarTarget == st.scalarTarget)
      continue;
    const auto* own = reductionOperandOf(*u, *unit, mapping);
    if (!own || !elementReduction(*u, nest->id, *unit, mapping) || (operand && operand->text() != own->text()))
      return nullptr;
    operand = own;
  }
  return operand;
}

/// True when every statement that uses the scalar `st` assigns is a
/// reduction or an IF guarding only reductions (E = ABS(U(I,J) - V(I,J));
/// IF (E .GT. EMAX) EMAX = E), or a sum into an element of a replicated
/// array (K = INT(X(I)*NB) + 1; H(K) = H(K) + 1), and there is one.
bool CompiledNestEstimate::State::onlyReductionsUse(const program::Statement& st, const mapping::Mapping& mapping) const
{
  bool any = false;
  for (const auto* u : unitStatements) {
    if (u == &st || !namesIn(u->text).count(st.scalarTarget))
      continue;
    if (u->scalarTarget == st.scalarTarget)
      continue; // another fresh assignment, or an update of it (E = E*E): computing it, not using it
    // a sum into a replicated array's element runs where its operand is, or, with no distributed
    // operand (H(K) = H(K) + 1), where this temporary is (temporaryRead)
    const bool reduces = isReduction(*u, *unit) ||
                         (u->kind == program::StatementKind::Control && guardsOnlyReductions(*u)) ||
                         (!reductionOperandOf(*u, *unit, mapping) && elementReduction(*u, nest->id, *unit, mapping));
    if (!reduces)
      return false;
    any = true;
  }
  return any;
}

/// Where the private temporary (privateTemporary) whose value `st` uses,
/// assigned earlier in `st`'s body, is computed: the write of the
/// statement that uses it (newScalarUser), else its first distributed read;
/// nullptr without one. Reductions of it run there.
const program::ArrayReference* CompiledNestEstimate::State::temporaryRead(const program::Statement& st,
                                                                          const mapping::Mapping& mapping) const
{
  const auto names = namesIn(st.kind == program::StatementKind::Control ? st.text : assignedValue(st.text));
  const program::Statement* source = nullptr;
  for (const auto* d : unitStatements) {
    if (d == &st)
      break;
    if (d->loops == st.loops && !d->scalarTarget.empty() && names.count(d->scalarTarget) && privateTemporary(*d))
      source = d; // the last assignment before st is the value it sees
  }
  if (!source)
    return nullptr;
  std::vector<std::string> notes; // the temporary's own statement says where it is computed
  if (const auto* user = newScalarUser(*source, mapping, notes))
    return userOwner(*source, *user, mapping);
  for (const auto& ref : source->refs)
    if (!ref.isWrite && mapping.array(ref.array))
      return &ref;
  return nullptr;
}

/// True when every statement of the nest under the IF `condition` is a
/// reduction (and there is one): its evaluators are then free to be the
/// owners of what it reads.
bool CompiledNestEstimate::State::guardsOnlyReductions(const program::Statement& condition) const
{
  bool any = false;
  for (const auto* guarded : unitStatements) {
    if (guarded == &condition || guarded->branchLine != condition.line)
      continue;
    if (!isReduction(*guarded, *unit))
      return false;
    any = true;
  }
  return any;
}

/// The first distributed read of the condition of the IF `st` is under
/// (its line), or of the private temporary it tests (temporaryRead);
/// nullptr without one.
const program::ArrayReference* CompiledNestEstimate::State::conditionRead(const program::Statement& st,
                                                                          const mapping::Mapping& mapping) const
{
  for (const auto* other : unitStatements)
    if (other->kind == program::StatementKind::Control && other->line == st.branchLine && other->loops == st.loops) {
      for (const auto& ref : other->refs)
        if (!ref.isWrite && mapping.array(ref.array))
          return &ref;
      return temporaryRead(*other, mapping); // IF (E .GT. EMAX): E's
    }
  return nullptr;
}

/// The read of a reduction whose owners run it: the one whose elements
/// are the most, by the loop variables its subscripts name (a row sum
/// S = S + A(I,J)*X(J) under A (BLOCK,*), X BLOCK: A(I,J), each row's sum
/// on its owner, fetching X, not A moved to X's owners and every sum
/// combined); among those the one whose distributed subscripts follow the
/// innermost loop (S = S + A(I,1)*A(I,J) under (*,CYCLIC): A(I,J), each
/// column's sum on its owner, not every sum on column 1's; in a QR step's
/// S = S + A(I,K)*A(I,J), A(I,J) too, not all of step K's sums on column
/// K's owner), the first of equals. The first operand written was taken
/// before, whatever it was.
std::size_t reductionOperand(const program::Statement& st, const std::vector<const program::ArrayReference*>& reads,
                             const program::Unit& unit, const mapping::Mapping& mapping)
{
  std::map<std::string, int> loopLevel; // variable -> 1 + its depth among the statement's loops
  for (std::size_t k = 0; k < st.loops.size(); ++k)
    loopLevel[unit.loops[static_cast<std::size_t>(st.loops[k])].variable] = static_cast<int>(k) + 1;
  const auto score = [&](const program::ArrayReference& ref) {
    const auto* a = mapping.array(ref.array);
    if (!a || a->templateIndex < 0)
      return 0;
    const auto& t = mapping.templates[static_cast<std::size_t>(a->templateIndex)];
    int n = 0;
    for (std::size_t td = 0; td < a->axes.size() && td < t.procDim.size(); ++td) {
      const auto& axis = a->axes[td];
      const auto k = static_cast<std::size_t>(axis.arrayDim);
      if (t.procDim[td] < 0 || axis.kind != mapping::TemplateAxis::Kind::ArrayDim || k >= ref.subscripts.size())
        continue;
      for (const auto& v : namesIn(ref.subscripts[k].text))
        if (const auto it = loopLevel.find(v); it != loopLevel.end())
          n = std::max(n, it->second);
    }
    return n;
  };
  const auto variables = [&](const program::ArrayReference& ref) {
    std::set<std::string> named;
    for (const auto& sub : ref.subscripts)
      for (const auto& v : namesIn(sub.text))
        if (loopLevel.count(v))
          named.insert(v);
    return named.size();
  };
  const auto rank = [&](const program::ArrayReference& ref) { return std::pair(variables(ref), score(ref)); };
  std::size_t best = 0;
  for (std::size_t r = 1; r < reads.size(); ++r)
    if (rank(*reads[r]) > rank(*reads[best]))
      best = r;
  return best;
}

/// The operand whose owners run `st`'s reduction (reductionOperand) among
/// its distinct distributed reads; nullptr when it has none.
const program::ArrayReference* reductionOperandOf(const program::Statement& st, const program::Unit& unit,
                                                  const mapping::Mapping& mapping)
{
  std::vector<const program::ArrayReference*> reads;
  std::set<std::string> seen;
  for (const auto& ref : st.refs)
    if (!ref.isWrite && mapping.array(ref.array) && seen.insert(ref.identity()).second)
      reads.push_back(&ref);
  return reads.empty() ? nullptr : reads[reductionOperand(st, reads, unit, mapping)];
}

/// Where a condition guarding only reductions is evaluated when that is not
/// where its own first read is: the guarded reduction's operand
/// (reductionOperand), so that IF (A(I,1) .NE. 0.0) S = S + A(I,1)*A(I,J)
/// tests where each column's sum runs, not every pair on column 1's owner.
/// nullptr when the operand is one of the condition's reads, or there is
/// no single guarded reduction with distributed reads.
const program::ArrayReference* CompiledNestEstimate::State::guardedOperand(const program::Statement& condition,
                                                                           const mapping::Mapping& mapping) const
{
  const program::Statement* guarded = nullptr;
  for (const auto* st : unitStatements)
    if (st != &condition && st->branchLine == condition.line && st->loops == condition.loops) {
      if (guarded)
        return nullptr;
      guarded = st;
    }
  if (!guarded || !isReduction(*guarded, *unit))
    return nullptr;
  const auto* operand = reductionOperandOf(*guarded, *unit, mapping);
  if (!operand)
    return nullptr;
  const auto own = std::any_of(condition.refs.begin(), condition.refs.end(),
                               [&](const auto& ref) { return !ref.isWrite && ref.text() == operand->text(); });
  return own ? nullptr : operand;
}

CompiledStatement CompiledNestEstimate::State::compileStatement(std::size_t index,
                                                               const mapping::Mapping& mapping) const
{
  const auto& st = *statements[index];
  CompiledStatement c;
  c.st = &st;
  c.at = " at line " + std::to_string(st.line);
  if (program::unreachableInNest(*unit, st, *nest)) {
    const auto* dead = unit->unreachableAt(st.line);
    c.skipNote = "Statement" + c.at + " is never executed (it follows the " + dead->after + " at line " +
                 std::to_string(dead->afterLine) + " and no label leads to it): not estimated";
  } else if (st.kind == program::StatementKind::Io)
    c.skipNote = "I/O statement" + c.at + " is not estimated";
  else if (st.kind == program::StatementKind::Call)
    c.skipNote = "CALL '" + st.callee + "'" + c.at + kCallLeftOut;
  else if (st.wholeArray && !(c.assignedArray = elementwiseArrayAssignment(st, *unit, mapping)))
    c.skipNote = "Whole-array assignment" + c.at + " is not estimated (only elementwise ones of arrays mapped alike are)";
  if (!c.skipNote.empty())
    return c;
  std::set<std::string> seen;
  for (const auto& ref : st.refs) {
    if (!ref.isWrite && mapping.array(ref.array) && seen.insert(ref.identity()).second) {
      c.reads.push_back(&ref);
      c.readTexts.push_back(periodic->label(&ref));
    }
    if (!ref.subscripts.empty())
      c.cacheRefs.push_back(&ref);
  }
  // A condition fetches what its evaluators lack where it guards the write of a distributed array
  // (IF (A(K,N) > 0) around an update) or of a scalar every processor keeps (IF (A(N) > 0) S = 1.0),
  // except what a guarded statement reads too (IF (A(I) > 0) B(I) = A(I): one fetch, the statement's).
  // One guarding only reductions (IF (A(I) > 0) NPOS = NPOS + 1) is evaluated by the owners of its first
  // read (below); one guarding nothing the estimate places (CALLs, I/O) where its data is.
  // IF (A(I) < 0) EXIT (RETURN, STOP), a block IF with one in an arm, or a DO WHILE's test: every
  // processor must know whether the loops end, so it is evaluated everywhere with what each lacks
  // fetched, even where another arm writes a distributed array.
  c.readByBranch.assign(c.reads.size(), false);
  const bool endsLoops = st.kind == program::StatementKind::Control &&
                         std::any_of(st.loops.begin(), st.loops.end(), [&](int id) {
                           const auto& l = unit->loops[static_cast<std::size_t>(id)];
                           return std::find(l.exitLines.begin(), l.exitLines.end(), st.line) != l.exitLines.end() ||
                                  std::find(l.exitTestLines.begin(), l.exitTestLines.end(), st.line) !=
                                      l.exitTestLines.end() ||
                                  (l.isWhile && l.line == st.line); // DO WHILE (A(N) > 0): its test
                         });
  if (st.kind == program::StatementKind::Control && !endsLoops) {
    bool fetchesItsReads = false;
    for (const auto* guarded : unitStatements) {
      if (guarded == &st || guarded->branchLine != st.line)
        continue;
      // a scalar every processor keeps (IF (A(N) > 0) S = 1.0, not a sum): each evaluates the test, as
      // each evaluates S = A(N)
      const bool everywhere = !guarded->scalarTarget.empty() && !isReduction(*guarded, *unit) &&
                              guarded->reductionOp.empty();
      fetchesItsReads = fetchesItsReads || everywhere ||
                               (guarded->write() && mapping.array(guarded->write()->array));
      for (const auto& ref : guarded->refs)
        for (std::size_t r = 0; r < c.reads.size(); ++r)
          if (!ref.isWrite && c.readTexts[r] == ref.text())
            c.readByBranch[r] = true;
    }
    if (!fetchesItsReads)
      c.readByBranch.assign(c.reads.size(), true);
  }
  // E = E*E or E = MAX(E, 1.0E-6) after E = U(I,J) - V(I,J): computing the temporary, not reducing into it
  const bool privateSum = accumulatesPrivately(st, mapping);
  c.reduction = isReduction(st, *unit) && !updatesTemporary(st) && !privateSum;
  if (!st.wholeArray) // X(:,:) = ... or a WHERE mask (X = ... was classified above)
    c.assignedArray = elementwiseTarget(st, *unit, mapping);
  if ((c.reducedArray = wholeArrayReduction(st, mapping))) { // its reads are its own elements: none fetched
    c.reduction = true;
    c.reads.clear();
    c.readTexts.clear();
    c.readByBranch.clear();
  }
  if (const auto* w = st.write()) {
    c.rule = ExecRule::Write;
    c.execRef = w;
    c.readOrigins.assign(c.reads.size(), &st);
    recomputeForeignTemporaries(st, mapping, c);
  } else if (const auto* guarded = endsLoops ? nullptr : conditionOwner(*unit, st, mapping)) {
    c.rule = ExecRule::Guard;
    c.execRef = guarded;
  } else if (const auto* user = newScalarUser(st, mapping, c.newScalarNotes)) {
    c.execRef = userOwner(st, *user, mapping);
  } else if (const auto* user = temporariesUser(st, mapping)) {
    c.rule = ExecRule::Guard;
    c.execRef = userOwner(st, *user, mapping);
  } else if (privateSum) { // S = S + VAL(K)*P(COLIDX(K)) after S = 0: where the row's S is computed, and used
    const auto& fresh = *updatedTemporary(st);
    std::vector<std::string> notes; // the fresh assignment's statement says where
    if (const auto* user = newScalarUser(fresh, mapping, notes)) {
      c.execRef = userOwner(fresh, *user, mapping);
      c.newScalarNotes.push_back("The sum into '" + st.scalarTarget + "'" + c.at + " is accumulated by the owners of '" +
                                 user->write()->text() + "' at line " + std::to_string(user->line) +
                                 ", where its start at line " + std::to_string(fresh.line) +
                                 " is: no operand of it has a known owner, and each iteration's sum is its own");
    }
  } else if (!c.reads.empty() && !st.scalarTarget.empty() && privateTemporary(st) && onlyReductionsUse(st, mapping)) {
    // E = ABS(U(I,J) - V(I,J)) for IF (E .GT. EMAX) EMAX = E: where U(I,J) is, each its own iterations
    c.rule = ExecRule::Guard;
    c.execRef = c.reads.front();
    c.newScalarNotes.clear(); // newScalarUser's "on every processor" no longer holds
    c.newScalarNotes.push_back("Scalar temporary '" + st.scalarTarget + "'" + c.at + " is computed by the owners of '" +
                               c.readTexts.front() + "': only reductions use it, each on its own iterations");
  } else if (const auto* operand = !st.scalarTarget.empty() && privateTemporary(st) ? elementSumOperand(st, mapping)
                                                                                     : nullptr) {
    // K = IDX(I) for H(K) = H(K) + X(I): where the sum runs, so K is there, and IDX(I) goes to it
    c.rule = ExecRule::Guard;
    c.execRef = operand;
    c.newScalarNotes.clear();
    c.newScalarNotes.push_back("Scalar temporary '" + st.scalarTarget + "'" + c.at + " is computed by the owners of '" +
                               operand->text() + "', where the sum into an element that uses it runs");
  }
  // IF (A(I,J) .GT. 0) NPOS = NPOS + 1: the owners of A(I,J) evaluate the condition and count
  // their own hits, then the counts combine
  if (st.kind == program::StatementKind::Control && !c.execRef && !c.reads.empty() && guardsOnlyReductions(st)) {
    c.rule = ExecRule::Guard;
    c.execRef = guardedOperand(st, mapping);
    if (!c.execRef) // its reads' first: IF (ABS(A(I,K)) .GT. AMAX) AMAX = ... tests where A(I,K) is
      c.execRef = c.reads.front();
    c.readByBranch.assign(c.reads.size(), false); // what the evaluating owner lacks of the reads
  }
  if (st.kind == program::StatementKind::Control && !c.execRef && c.reads.empty() && guardsOnlyReductions(st))
    if ((c.execRef = temporaryRead(st, mapping))) // IF (E .GT. EMAX): where E was computed
      c.rule = ExecRule::Guard;
  if ((c.reduction || updatesTemporary(st)) && c.reads.empty() && !c.execRef)
    c.execRef = st.branchLine != 0 ? conditionRead(st, mapping) : temporaryRead(st, mapping);
  const auto r = elementReduction(st, nest->id, *unit, mapping);
  const auto* temporary = r && c.reads.empty() ? temporaryRead(st, mapping) : nullptr;
  if (r && (!c.reads.empty() || temporary)) {
    // each processor sums its own iterations into its copy, then the copies combine; a histogram's
    // H(K) = H(K) + 1 (K from X(I) just before) where its temporary was computed
    c.reduction = true;
    c.rule = ExecRule::ReductionOrNewScalar;
    c.execRef = temporary;
    // combined in fewer levels than it could be (never reset nor read: once after the nest), each combine
    // carries the array; all of it where a subscript is data (which elements a processor touched is not known)
    const int restart = elementRestartLevels(st, unitStatements, nest->id);
    const bool dataSubscript = std::any_of(st.write()->subscripts.begin(), st.write()->subscripts.end(),
                                           [](const auto& sub) { return sub.kind == program::SubscriptKind::NonAffine; });
    c.reductionLevels = std::min(r->outer, restart);
    c.elementLevels = r->wholeArray || restart < r->outer || dataSubscript ? -1 : r->element;
    if (const auto* s = unit->symbol(st.write()->array))
      c.reductionBytes = s->elementBytes;
  }
  if (c.execRef && (c.execRef < st.refs.data() || c.execRef >= st.refs.data() + st.refs.size()))
    c.foreignExec.emplace(*c.execRef, *unit, forms[index].space);
  c.cost = machine->ops.time(st.ops) + c.recomputeCost;
  if (c.reduction)
    c.reductionOperand = reductionOperand(st, c.reads, *unit, mapping);
  if (c.reduction && !st.scalarTarget.empty()) {
    if (const auto* s = unit->symbol(st.scalarTarget))
      c.reductionBytes = s->elementBytes;
    c.reductionLevels = restartLevels(st, unitStatements, nest->id, *unit);
    for (const auto* reader : scalarReaders(st, unitStatements, nest->id, c.reductionLevels, *unit)) {
      const auto at = static_cast<std::size_t>(std::find(statements.begin(), statements.end(), reader) - statements.begin());
      c.readers.push_back(at);
      c.readerOwners.emplace_back(*reader->write(), *unit, forms[at].space);
    }
  }
  // a MAXLOC's location travels with its value: one combine of the pair
  for (const int other : {st.id - 1, st.id + 1}) {
    const auto at = static_cast<std::size_t>(other);
    if (c.reduction && other >= 0 && at < unit->statements.size() &&
        unit->statements[at].reductionOp == st.reductionOp + "loc" && !st.reductionOp.empty())
      if (const auto* s = unit->symbol(unit->statements[at].scalarTarget))
        c.reductionBytes += s->elementBytes;
  }
  return c;
}

void CompiledNestEstimate::State::compile(const mapping::Mapping& mapping)
{
  structure = mapping;
  compiled.clear();
  scalarUsers.clear();
  ownerStandIns.clear(); // which dimensions stand in depends on the structure
  for (std::size_t i = 0; i < statements.size(); ++i) {
    compiled.push_back(compileStatement(i, mapping));
    auto& c = compiled.back();
    for (const auto* ref : c.reads) { // deepestCarrier's: the names moving the read's owner
      std::set<std::string> names;
      for (std::size_t d = 0; d < ref->subscripts.size(); ++d)
        if (distributedDimension(mapping, mapping.array(ref->array), static_cast<int>(d)))
          names.merge(namesIn(ref->subscripts[d].text));
      c.readNames.push_back(std::move(names));
    }
  }
  memoValid = false; // the plans' maps and formulas follow the structure
}

void CompiledNestEstimate::State::remember(const symbolic::Bindings& v)
{
  if (memoValid && v == values)
    return;
  values = v;
  formulaValues = v;
  for (const auto& [name, value] : parameters)
    formulaValues[name] = value; // the model's folded value wins, as in the per-point count
  deps.reset();
  owners.reset();
  cacheGroups.formed = false; // formed again at the first point, in the last values' storage
  cacheCount = 0; // the entries stay for their storage
  cacheTrips.clear();
  cacheGroups.declared = &*declared;
  memo.resize(compiled.size());
  for (std::size_t i = 0; i < compiled.size(); ++i)
    memo[i].reset(compiled[i]);
  memoValid = true;
}

namespace {

/// The plans of a statement's distributed reads at one point: the memo's,
/// their arrays set to the point's mapping.
using PlanList = boost::container::small_vector<const ReferencePlan*, 8>;

/// One evaluation: the per-point half of the estimator, reading the
/// compiled statements and the values' memo.
class PointEstimator {
public:
  PointEstimator(CompiledNestEstimate::State& s, const mapping::Mapping& mapping);
  EstimateResult run();

private:
  void note(std::string text);
  void noteMeasured();
  void noteLoopBounds();
  std::string parityAcrossOwners(const program::Loop& loop) const;
  void problem(const symbolic::EvaluationError& error, const std::string& fallback);
  void statement(std::size_t index);
  const ReferencePlan* plan(std::size_t index, PlanMemo& memo, const program::ArrayReference& ref,
                            const IterationSpace& space, FunctionRef<std::string()> role);
  const ReferencePlan* execPlan(std::size_t index, const IterationSpace& space, const PlanList& reads);
  void estimateStatement(std::size_t index, const IterationSpace& space);
  void addWork(CompiledStatement& c, const IterationSpace& space, const ReferencePlan* owner, bool guarded);
  bool guardWork(StatementWork& work, const program::Statement& st, const IterationSpace& space,
                 const ReferencePlan* owner);
  void combineReduction(const CompiledStatement& c, const IterationSpace& space, const ReferencePlan* exec);
  bool sendToReaders(const CompiledStatement& c, const IterationSpace& space, const ReferencePlan& operand, int at);
  struct ReductionGroups {
    std::vector<bool> along;               // the processors dimensions one combine spans
    std::vector<std::int64_t> instancesAt; // per processor: its group's combines
  };
  std::optional<ReductionGroups> reductionGroups(const IterationSpace& space, const ReferencePlan& operand, int at);
  bool combineInGroups(const CompiledStatement& c, const IterationSpace& space, const ReferencePlan& operand, int at);
  void addReads(std::size_t index, const IterationSpace& space, const PlanList& reads,
                const boost::container::small_vector<std::size_t, 8>& readIndex, const ReferencePlan* exec);
  int placement(std::size_t index, std::size_t read, const IterationSpace& space);
  std::optional<double> statementIterations(const CompiledStatement& c, const ReferencePlan* owner) const;
  bool branchEncloses(const program::Statement& st, int placement, const IterationSpace& space) const;
  void underBranch(const program::Statement& st, int placement, const IterationSpace& space, FunctionRef<void()> add);
  void noteClippedLoops(const program::Statement& st);
  bool clipsAll(const program::Statement& st, const std::optional<CollapsedTiles>& tiles) const;
  void keepClipped(const std::vector<int>& loops);
  void noteSampled(const CommRecord& r, const std::string& read, const program::Statement& st,
                   const IterationSpace& space);
  std::string unsetGuardScalars(const program::Statement& st) const;
  std::optional<std::vector<double>> ownedWork(const CompiledStatement& c, const IterationSpace& space,
                                               const program::ArrayReference& ref, const std::string& role,
                                               const std::string& why, std::int64_t* instances);
  void askSectionBounds(const program::ArrayReference& ref, int line, const std::string& role,
                        const std::string& fallback);
  void reduceWholeArray(const CompiledStatement& c, const IterationSpace& space);
  std::int64_t copySources(const std::string& array, const std::optional<std::vector<double>>& owned) const;
  void assignWholeArray(const CompiledStatement& c, const IterationSpace& space);
  void noteLeftOut();
  double exchangeProbability(const program::Statement& st, int placement, const IterationSpace& space);
  std::optional<std::int64_t> arrayElements(const std::string& array, int line, const std::string& role,
                                            const std::string& fallback);
  std::optional<std::int64_t> knownElements(const std::string& array, const std::string& what = "",
                                            symbolic::EvaluationError* error = nullptr) const;
  bool readsWrittenElements(const program::Statement& st, const program::ArrayReference& read);
  int deepestCarrier(const program::Statement& st, const program::ArrayReference& read,
                     const std::set<std::string>& subscripted, const IterationSpace& space);
  std::vector<const program::Statement*> flowSources(const program::Statement& st,
                                                     const program::ArrayReference& read);
  void describeWork(StatementWork& work, double cost,
                    std::shared_ptr<const WorkFormula> formula, const std::string& why);
  void cacheStatement(std::size_t index, const IterationSpace& space, const ReferencePlan* exec);
  void buildCacheStatement(std::size_t index, const IterationSpace& space, const ReferencePlan* exec);
  void finishCache();
  void noteOutside(const program::Statement& st, const program::ArrayReference& ref, const IterationSpace& space,
                   const ReferencePlan& plan, std::vector<std::string>& notes);
  bool spaceIsExact(const program::Statement& st) const;
  bool guardsHold(const program::Statement& st, const IterationSpace& space, const std::vector<std::int64_t>& at) const;
  bool firstFetch(const program::Statement& st, const ReferencePlan& read, int placement);
  void wholeArrayFetch(const program::Statement& st, const program::ArrayReference& ref, const IterationSpace& space,
                       const std::vector<double>& executes);
  std::string unsplitBecause(const CompiledStatement& c, const PeriodicPieces::Split& split, const IterationSpace& space);
  bool piecesFold(const PeriodicPieces::Split& split, const IterationSpace& space);
  const program::ArrayReference* bulkOf(const PeriodicPieces::Split& split);
  void finish();
  void schedule();
  void keepRecordMessages(const std::vector<std::int64_t>& before);
  void restage(const ParallelismDecision& decision, const Schedule& s);

  CompiledNestEstimate::State& m_s;
  const program::Unit& m_unit;
  const mapping::Mapping& m_mapping;
  const machine::MachineProfile& m_machine;
  const symbolic::Bindings& m_values;
  std::vector<std::string> m_fetched;  // reads already fetched, as firstFetch's key
  /// Per record (by index) placed inside a loop: the messages it added to
  /// each processor (restage divides them by the pipeline's strip).
  std::map<std::size_t, std::vector<std::int64_t>> m_recordMessages;
  Estimate m_e;
  std::vector<double> m_ctPerProc;
  std::vector<std::int64_t> m_messagesBefore, m_bytesBefore; // a conditional read's counts before it (scaleLastRecord)
  double m_probability = 1.0; // the statement's, State::probability
  bool m_guardCounted = false; // its guards' share was counted
  bool m_foldedGuards = false; // addReads: the exchanges' space has the guards folded in (guard-fold.h)
  std::set<const program::ArrayReference*> m_byPieces; // split reads their pieces fetch here (unsplitBecause)
  std::optional<std::vector<int>> m_clippedExactly; // the statement's loops every exchange has clipped (nullopt: no exchange)
  std::size_t m_index = 0;     // the statement being estimated
  std::set<int> m_measured;  // lines whose branch probability a profile run measured
  EstimateResult m_problems; // errors and missing values; never holds an estimate
};

PointEstimator::PointEstimator(CompiledNestEstimate::State& s, const mapping::Mapping& mapping)
  : m_s(s), m_unit(*s.unit), m_mapping(mapping), m_machine(*s.machine), m_values(s.values)
{
  const auto procs = static_cast<std::size_t>(mapping.procs.count());
  m_e.processors = mapping.procs.count();
  m_e.arrangement = mapping.procs.str();
  m_e.workPerProc.assign(procs, 0.0);
  m_ctPerProc.assign(procs, 0.0);
  m_e.comm.messagesPerProc.assign(procs, 0);
  m_e.comm.bytesPerProc.assign(procs, 0);
  m_e.comm.keepExchanges = s.options.keepExchanges;
  m_e.notes = mapping.notes;
  noteLeftOut();
  std::size_t records = 0; // at most a read's or a reduction's each: one allocation, not one per doubling
  for (const auto& c : s.compiled)
    records += c.reads.size() + (c.reduction ? 1 : 0);
  m_e.comm.records.reserve(records);
}

EstimateResult PointEstimator::run()
{
  for (std::size_t i = 0; i < m_s.compiled.size(); ++i)
    statement(i);
  noteMeasured();
  noteLoopBounds();
  if (!m_problems.errors.empty())
    return std::move(m_problems);
  finish();
  return {std::move(m_e), {}, {}};
}

void PointEstimator::note(std::string text)
{
  if (std::find(m_e.notes.begin(), m_e.notes.end(), text) == m_e.notes.end())
    m_e.notes.push_back(std::move(text));
}

/// Source: P3T+, Section 3.1, branch probabilities from a profile run.
void PointEstimator::noteMeasured()
{
  if (m_measured.empty())
    return;
  std::string lines;
  for (int line : m_measured)
    lines += (lines.empty() ? "" : ", ") + std::to_string(line);
  note(std::string(m_measured.size() == 1 ? "The branch probability of line " : "Branch probabilities of lines ") +
       lines + (m_measured.size() == 1 ? " was" : " were") + " measured by a profile run");
}

/// For a parity start (Loop::strideOrigin, step M) whose variable
/// subscripts a dimension distributed CYCLIC(b) with b not a multiple of M
/// (red-black under (CYCLIC,*) on 2: each colour's points of a column are
/// on one processor, its neighbour column's on the other): the points
/// counted from the start's first value lie on other processors than the
/// real ones, so a clause saying the work per processor is off. Under
/// BLOCK the work is about right but the pairs that straddle a block
/// boundary belong to one start (odd-even transposition sort: none counted
/// from 1 when the blocks are even), so a clause saying the messages are
/// off; "" otherwise.
std::string PointEstimator::parityAcrossOwners(const program::Loop& loop) const
{
  const auto m = loop.step.asInteger();
  if (!loop.strideOrigin || !m || *m < 2)
    return "";
  for (const auto* st : m_s.unitStatements) {
    const auto* w = st->write();
    const auto* a = w ? m_mapping.array(w->array) : nullptr;
    if (!a || std::find(st->loops.begin(), st->loops.end(), loop.id) == st->loops.end())
      continue;
    const auto& t = m_mapping.templates[static_cast<std::size_t>(a->templateIndex)];
    for (std::size_t td = 0; td < t.dims.size(); ++td) {
      const auto& axis = a->axes[td];
      const auto& dist = t.dims[td];
      const bool cyclic = dist.format().kind == mapping::FormatKind::Cyclic;
      if (t.procDim[td] < 0 || axis.kind != mapping::TemplateAxis::Kind::ArrayDim || dist.procs() < 2 ||
          (cyclic && dist.blockSize() * axis.stride % *m == 0) ||
          static_cast<std::size_t>(axis.arrayDim) >= w->subscripts.size())
        continue;
      const auto& sub = w->subscripts[static_cast<std::size_t>(axis.arrayDim)];
      if (sub.kind != program::SubscriptKind::Affine || !sub.affine.coefficients.count(loop.variable))
        continue;
      if (cyclic)
        return "; under " + dist.format().str() + " along its dimension the points of one start lie on other "
               "processors than those of the other: the work and messages per processor are only approximate";
      // odd-even transposition under BLOCK: only the pairs of one start straddle a block boundary
      return "; under " + dist.format().str() + " along its dimension whether a point's neighbours lie across a "
             "block boundary depends on the start: the messages are only approximate (those of one start may "
             "all be missed)";
    }
  }
  return "";
}

/// The loops of the nest whose bounds are approximated (Loop::boundsApproximation),
/// and the iterations taken for each DO WHILE, and where they come from.
/// Source: P3T+, Sec. 3.1 (iteration counts from a profile run or the user).
void PointEstimator::noteLoopBounds()
{
  const auto& nest = *m_s.nest;
  for (int line : m_unit.gotoLines)
    if (line > nest.line && line <= nest.endLine)
      note("The GO TO at line " + std::to_string(line) + " is not followed: what it jumps over is counted as if executed");
  for (const auto& loop : m_unit.loops) {
    if (!program::nestedIn(m_unit, loop, m_s.nest->id))
      continue;
    if (!loop.boundsApproximation.empty())
      note(loop.boundsApproximation + parityAcrossOwners(loop));
    if (!loop.isWhile && loop.tripsUnknown.empty() && !loop.exitLines.empty())
      note("The DO " + loop.variable + " at line " + std::to_string(loop.line) + " may be left early (line " +
           std::to_string(loop.exitLines.front()) + "): it is counted with all its iterations");
    if (loop.tripsUnknown.empty())
      continue;
    const auto given = m_values.find(loop.tripsUnknown);
    const auto runs = [&](std::int64_t n) {
      auto name = program::whileName(loop);
      name[0] = 'T';
      return name + " runs " + std::to_string(n) + (n == 1 ? " time" : " times") + " per entry, ";
    };
    if (loop.measuredTrips && loop.measuredMean != static_cast<double>(*loop.measuredTrips))
      note(runs(*loop.measuredTrips) + "the profile run's mean of " + formatNumber(loop.measuredMean) +
           " rounded (an estimate counts whole iterations)");
    else if (loop.measuredTrips)
      note(runs(*loop.measuredTrips) + "as the profile run measured");
    else if (given != m_values.end())
      note(runs(given->second) + "the value given to '" + loop.tripsUnknown + "' (a profile run measures it)");
  }
}

/// Missing values stop the estimate (the user must give them); anything
/// else becomes a note with the `fallback` assumption.
void PointEstimator::problem(const symbolic::EvaluationError& error, const std::string& fallback)
{
  if (!error.missingValues())
    return note(error.message + "; " + fallback);
  bool news = false; // one message per missing unknown is enough
  for (const auto& n : error.missing) {
    if (std::find(m_problems.missing.begin(), m_problems.missing.end(), n) == m_problems.missing.end()) {
      m_problems.missing.push_back(n);
      news = true;
    }
  }
  if (news)
    m_problems.errors.push_back(error.message);
}

/// The scalars the guards of `st` name that have no value and are no loop
/// variable of the unit (IF (IDIR .EQ. 1) without --set idir), quoted and
/// joined ("'idir'"); empty when there are none.
std::string PointEstimator::unsetGuardScalars(const program::Statement& st) const
{
  std::set<std::string> unset;
  for (const auto& g : st.guards)
    for (const auto& name : g.form.constant.symbols())
      if (!m_values.count(name) && std::none_of(m_unit.loops.begin(), m_unit.loops.end(),
                                                [&](const auto& l) { return l.variable == name; }))
        unset.insert(name);
  std::string out;
  for (const auto& name : unset)
    out += (out.empty() ? "'" : ", '") + name + "'";
  return out;
}

void PointEstimator::statement(std::size_t index)
{
  const auto& c = m_s.compiled[index];
  const auto& st = *c.st;
  if (!c.skipNote.empty())
    return note(c.skipNote);
  const auto& space = m_s.space(index);
  if (!space)
    return problem(m_s.memo[index].spaceError, "the statement" + c.at + " is not estimated");
  m_index = index;
  m_probability = m_s.probability(index);
  const bool counted = m_guardCounted = m_s.memo[index].guardCounted;
  m_clippedExactly.reset();
  if (const auto* origin = m_s.periodic->origin(&st)) // a read's piece (periodic-pieces.h): its statement says the rest
    return m_byPieces.count(origin) ? estimateStatement(index, *space) : void(); // else its statement fetched it
  const bool measured = st.probabilityMeasured || m_s.memo[index].measuredInstead;
  if (!counted && !st.guards.empty() && !measured) {
    if (const auto unset = unsetGuardScalars(st); !unset.empty())
      note("The IF conditions of the statement at line " + std::to_string(st.line) + " name " + unset +
           " without a value: they keep their default probability (give it with --set)");
    else
      note("The conditions on the loop variables of the statement at line " + std::to_string(st.line) +
           " could not be counted (a variable of a loop outside the selected one?): its IFs keep their default "
           "probability, and a loop bounded by MAX/MIN is counted over its first arguments");
  }
  // a WHERE's masked assignment is under its mask (ModelBuilder's where)
  const auto under = [&] {
    const bool masked = std::any_of(m_unit.statements.begin(), m_unit.statements.end(), [&](const program::Statement& s) {
      return s.line == st.branchLine && isWhereMask(s);
    });
    return std::string(masked ? " is under WHERE" : " is under IF");
  };
  if (measured)
    m_measured.insert(st.line);
  else if (counted && st.branchLine != 0 && st.probability / st.guardedShare >= 1.0)
    note("Statement" + c.at + under() + ": executes in " + formatNumber(100.0 * m_probability) +
         "% of its iterations, its condition counted over the loop bounds");
  else if (counted && st.branchLine == 0)
    note("Statement" + c.at + " executes in " + formatNumber(100.0 * m_probability) +
         "% of the iterations of its loops' unclipped bounds");
  else if (m_probability < 1.0)
    note("Statement" + c.at + under() + ": assumed to execute with probability " + twoDecimals(m_probability) +
         " (no profile run yet)");
  estimateStatement(index, *space);
  noteClippedLoops(st);
}

/// Notes the arrays of the nest that the source's directives map but the
/// distribution spec replacing them leaves out (Mapping::leftOut).
void PointEstimator::noteLeftOut()
{
  std::string list;
  int count = 0;
  for (const auto& name : m_mapping.leftOut) {
    const bool used = std::any_of(m_s.unitStatements.begin(), m_s.unitStatements.end(), [&](const program::Statement* st) {
      return std::any_of(st->refs.begin(), st->refs.end(), [&](const auto& r) { return r.array == name; });
    });
    if (used)
      list += (count++ ? ", '" : "'") + name + "'";
  }
  if (count > 0)
    note("The distribution '" + m_mapping.spec + "' replaces the source's directives, which also map " + list + ": " +
         (count == 1 ? "it is replicated here (name it" : "they are replicated here (name them") +
         " in the distribution to distribute " + (count == 1 ? "it)" : "them)"));
}

/// Says how the statement's loops with MAX/MIN bounds (Loop::boundGuards)
/// are counted: over the bounding arguments, scaled by the share of those
/// iterations the others keep; and, where an exchange of the statement did
/// not fold the clips (a blocked loop's are, tile-collapse.h), that its
/// messages are counted over the bounding arguments.
void PointEstimator::noteClippedLoops(const program::Statement& st)
{
  for (auto id = std::find(st.loops.begin(), st.loops.end(), m_s.nest->id); id != st.loops.end(); ++id) {
    const auto& l = m_unit.loops[static_cast<std::size_t>(*id)];
    if (l.boundGuards.empty())
      continue;
    const bool exact = m_clippedExactly && std::find(m_clippedExactly->begin(), m_clippedExactly->end(), *id) !=
                                                m_clippedExactly->end();
    // one note per loop, the same from every statement; the messages' clause only where they are not exact
    const auto loop = "The loop at line " + std::to_string(l.line) + " runs from " + l.lowerText + " to " + l.upperText;
    note(loop + ": its work is counted over " + l.lower.str() + ".." + l.upper.str() +
         " less the iterations outside the clipped bounds");
    if (m_clippedExactly && !exact)
      note(loop + ": the messages of the statement at line " + std::to_string(st.line) + " are counted over " +
           l.lower.str() + ".." + l.upper.str() + " (at the clipped ends, a few elements too many)");
  }
}

/// Whether `tiles` has every guard of `st` folded: they are all the clips
/// of its collapsed loops (a blocked loop's MIN, tile-collapse.h).
bool PointEstimator::clipsAll(const program::Statement& st, const std::optional<CollapsedTiles>& tiles) const
{
  if (!tiles)
    return false;
  std::size_t clips = 0;
  for (int id : tiles->clippedLoops)
    clips += m_unit.loops[static_cast<std::size_t>(id)].boundGuards.size();
  return clips == st.guards.size();
}

/// Keeps the loops of `loops` that every exchange of the statement so far clipped.
void PointEstimator::keepClipped(const std::vector<int>& loops)
{
  if (!m_clippedExactly) {
    m_clippedExactly = loops;
    return;
  }
  std::erase_if(*m_clippedExactly,
                [&](int id) { return std::find(loops.begin(), loops.end(), id) == loops.end(); });
}

/// Says that the messages of `read` were counted on a sample: of rows, each
/// summed whole over the last loop it stays inside, or of single instances.
void PointEstimator::noteSampled(const CommRecord& r, const std::string& read, const program::Statement& st,
                                 const IterationSpace& space)
{
  const auto where = "The messages of " + read + " at line " + std::to_string(st.line);
  const auto& levels = space.levels();
  const auto last = static_cast<std::size_t>(std::min(r.placement, space.depth()) - 1);
  if (r.sampledRows && last >= 1 && last < levels.size()) {
    // the rows are the iterations of every loop outside the summed one, not of its parent alone (Floyd's
    // (k, j) pairs: "every 186743458463rd" of a loop of 10^6 iterations read as nonsense)
    std::string outer;
    for (std::size_t k = 0; k < last; ++k)
      outer += (k ? ", " : "") + levels[k].variable;
    note(where + " were counted on a sample of the iterations of " +
         (last == 1 ? "loop '" + outer + "' at line " + std::to_string(levels[0].line)
                    : "the loops (" + outer + ") together") +
         ", every " + ordinal(r.sampledEvery) + " at the sparsest, each summed exactly over loop '" +
         levels[last].variable + "', and scaled, to bound the estimate's time");
  }
  else
    note(where + " were counted on a sample of the instances of their loops, every " + ordinal(r.sampledEvery) +
         " at the sparsest, and scaled, to bound the estimate's time");
}

/// The plan of `ref` at the remembered values, its array set to this
/// point's mapping (the memo's own plan: no copy per point); nullptr with a
/// problem saying `role` when there is none.
const ReferencePlan* PointEstimator::plan(std::size_t index, PlanMemo& memo, const program::ArrayReference& ref,
                                          const IterationSpace& space, FunctionRef<std::string()> role)
{
  m_s.plan(index, ref, space, memo);
  if (!memo.plan) {
    problem(memo.error, role());
    return nullptr;
  }
  memo.plan->map = m_mapping.array(ref.array);
  // a temporary's owner in its user's inner loops (userOwner) stands in for nothing the program reads
  const auto ownerOfTemporary = [&] {
    return std::any_of(m_s.ownerStandIns.begin(), m_s.ownerStandIns.end(),
                       [&](const auto& o) { return o.second.get() == &ref; });
  };
  if (memo.plan->standIn && !ownerOfTemporary())
    note("Reference '" + ref.text() + "' at line " + std::to_string(ref.line) +
         " has a subscript that is not affine in a dimension that is not distributed: the element is where its "
         "other subscripts say, and one element per iteration is counted");
  return &*memo.plan;
}

const ReferencePlan* PointEstimator::execPlan(std::size_t index, const IterationSpace& space, const PlanList& reads)
{
  const auto& c = m_s.compiled[index];
  auto& m = m_s.memo[index];
  const auto executes = [] { return std::string("every processor is assumed to execute it"); };
  for (const auto& n : c.newScalarNotes)
    note(n);
  if (c.rule == ExecRule::Write)
    return plan(index, m.exec, *c.execRef, space, executes);
  if (c.rule == ExecRule::Guard) // owner of what it guards
    return plan(index, m.exec, *c.execRef, space,
                [] { return std::string("every processor is assumed to evaluate it"); });
  if (c.reduction && !reads.empty()) {
    const auto* operand = c.reductionOperand < c.reads.size() ? c.reads[c.reductionOperand] : nullptr;
    const auto it = std::find_if(reads.begin(), reads.end(), [&](const auto* p) { return p->ref == operand; });
    return it != reads.end() ? *it : reads.front();
  }
  if (c.execRef)
    return plan(index, m.exec, *c.execRef, space, executes);
  return nullptr;
}

/// Why the pieces of `split`, a read of `c`, cannot fetch it at these
/// values ("" where they can): they fetch what the write's owners lack,
/// so not for a sum run where its operand is or into a replicated array;
/// the proof of their quotients took the unknowns to be at least 1; and
/// counted over loops their guards do not cut, each would fetch elements
/// the read never reads.
std::string PointEstimator::unsplitBecause(const CompiledStatement& c, const PeriodicPieces::Split& split,
                                           const IterationSpace& space)
{
  // an IF's or a WHERE's condition runs where the element it guards is written (conditionOwner)
  const bool placed = c.st->kind == program::StatementKind::Control ? c.execRef && c.execRef->allAffine()
                                                                    : c.execRef == c.st->write();
  if (c.reduction || !placed || !m_mapping.array(c.execRef->array))
    return "its statement does not run where it writes (a sum, or a replicated target)";
  if (!split.covers(m_values))
    return "its MOD's argument may leave the quotients counted at these values";
  if (!piecesFold(split, space))
    return "the ranges of its MOD's quotients do not fold into the loop bounds here";
  return "";
}

/// The read of the piece of `split` that runs the most iterations at these
/// values (the bulk of a shift, not its wrap-around).
const program::ArrayReference* PointEstimator::bulkOf(const PeriodicPieces::Split& split)
{
  if (split.pieces.empty())
    return split.read;
  const program::Statement* bulk = split.pieces.front();
  double most = -1;
  for (const auto* piece : split.pieces) {
    if (const double share = m_s.probability(m_s.indexOf(piece)); share > most)
      most = share, bulk = piece;
  }
  return m_s.periodic->pieceRead(bulk);
}

/// Whether every piece of `split` has its guards counted and folded into
/// `space` (its statement's, which is theirs) at these values: else its
/// exchanges would be counted over every iteration, each piece with its
/// own affine subscript, far more elements than the read has.
bool PointEstimator::piecesFold(const PeriodicPieces::Split& split, const IterationSpace& space)
{
  for (const auto* piece : split.pieces) {
    if (piece->guards.empty())
      continue; // a MOD that does not wrap in these loops: the loops are the piece's
    const auto at = m_s.indexOf(piece);
    m_s.probability(at);
    if (!m_s.memo[at].guardCounted || !foldGuards(space, piece->guards, m_values))
      return false;
  }
  return true;
}

void PointEstimator::estimateStatement(std::size_t index, const IterationSpace& space)
{
  auto& c = m_s.compiled[index];
  auto& m = m_s.memo[index];
  if (c.reducedArray)
    return reduceWholeArray(c, space);
  // mapped alike under this point's sizes too (the structure does not compare bounds): else the reads are fetched
  if (c.assignedArray && readsAligned(*c.st, m_mapping, c.assignedArray->array))
    return assignWholeArray(c, space);
  PlanList reads;
  boost::container::small_vector<std::size_t, 8> readIndex; // reads[i] is c.reads[readIndex[i]]
  boost::container::small_vector<const program::ArrayReference*, 4> fetchedWhole;
  const auto* pieceRead = m_s.periodic->pieceRead(c.st);
  for (std::size_t r = 0; r < c.reads.size(); ++r) {
    const auto& ref = *c.reads[r];
    if (pieceRead && &ref != pieceRead)
      continue; // a piece fetches its read alone
    if (const auto* split = m_s.periodic->split(&ref)) {
      if (const auto why = unsplitBecause(c, *split, space); !why.empty()) {
        note("'" + ref.text() + "' at line " + std::to_string(c.st->line) + ": " + why + "; assumed to fetch all of '" +
             ref.array + "' before the loop, as for a subscript that is not affine");
        fetchedWhole.push_back(&ref);
      } else {
        m_byPieces.insert(split->read);
        note(split->note); // its pieces fetch it, after the statement
      }
      continue;
    }
    if (const auto* p = plan(index, m.reads[r], ref, space,
                             [&] { return "assumed to fetch all of '" + ref.array + "' before the loop, or each time another statement of the nest has written it"; })) {
      reads.push_back(p);
      readIndex.push_back(r);
    } else {
      fetchedWhole.push_back(&ref);
    }
  }
  const auto* exec = execPlan(index, space, reads);
  if (pieceRead)
    return addReads(index, space, reads, readIndex, exec);
  addWork(c, space, exec, m.guardCounted);
  for (const auto* ref : fetchedWhole) // by the processors that execute it (addWork's counts)
    wholeArrayFetch(*c.st, *ref, space, m_e.statements.back().work);
  cacheStatement(index, space, exec);
  addReads(index, space, reads, readIndex, exec); // a condition's reads too: its evaluators fetch what they lack
  if (c.st->kind == program::StatementKind::Control)
    return; // an extremum's condition is combined with its action
  const auto& op = c.st->reductionOp;
  if (c.reduction && !(op.size() > 3 && op.compare(op.size() - 3, 3, "loc") == 0)) // a location goes with its value
    combineReduction(c, space, exec);
}

/// The combines of a reduction statement: one per iteration of the loops it
/// restarts in, none when its operand is replicated (each processor then
/// reduces all of it itself, as its work says).
void PointEstimator::combineReduction(const CompiledStatement& c, const IterationSpace& space,
                                      const ReferencePlan* exec)
{
  if (!exec || !exec->map)
    return;
  std::vector<std::int64_t> first;
  const int at = std::min(c.reductionLevels, space.depth());
  if (!c.st->scalarTarget.empty() && sendToReaders(c, space, *exec, at))
    return;
  if (!c.st->scalarTarget.empty() && combineInGroups(c, space, *exec, at))
    return;
  const auto instances = at > 0 ? countOuterIterations(space, at, &first) : 1;
  const auto* w = c.st->scalarTarget.empty() ? c.st->write() : nullptr; // an array's elements
  auto values = instances;
  if (w && c.elementLevels >= 0)
    values = countOuterIterations(space, at + c.elementLevels, &first);
  else if (w) // the declared size (an assumed-size one: the element loops' iterations per combine, on average)
    values = saturatingMul(instances, knownElements(w->array).value_or(std::max<std::int64_t>(
                                          1, countOuterIterations(space, space.depth(), &first) / std::max<std::int64_t>(
                                                                                                      instances, 1))));
  const auto before = m_e.comm.records.size();
  underBranch(*c.st, at, space, [&] {
    addReduction(w ? w->array : c.st->scalarTarget, c.st->line, c.reductionBytes, instances, values, at, m_mapping,
                 m_machine, m_e.comm);
  });
  if (m_e.comm.records.size() == before)
    return;
  auto& record = m_e.comm.records.back();
  if (w) {
    record.reference = w->text();
    note("The sums into '" + record.reference + "' at line " + std::to_string(c.st->line) +
         " are a reduction: each processor adds its own iterations, and the copies combine " +
         (at == 0   ? std::string("once after the nest")
          : at == 1 ? std::string("once per iteration of the outer loop")
                    : "once per iteration of the " + std::to_string(at) + " outer loops") +
         (c.elementLevels < 0 ? ", the whole of '" + w->array + "' in one message" : ", all elements in one message"));
  }
  if (!m_s.options.formulas)
    return;
  if (instances == 1 && values == 1)
    record.formula =
      std::make_shared<const CommFormula>(CommFormula::forReduction(c.reductionBytes, m_mapping, m_machine));
  else
    record.formulaWhy = std::to_string(instances) + " combine" + (instances == 1 ? "" : "s") +
                        (at > 0 ? " (one per iteration of the " + std::to_string(at) + " outer loops it restarts in)" : "") +
                        ", each NT = P - 1 and TD = " + std::to_string(c.reductionBytes) +
                        "*(P - 1) bytes per value combined";
}

/// Where each combine of a scalar reduction spans only some processors
/// dimensions: those along which its operand's template index follows the
/// reduction's own loops (levels `at` on), while another dimension over
/// several processors follows only the loops outside (a row sum under
/// (BLOCK,BLOCK): each row's partial sums lie in one processor row) or
/// holds a copy (replicated). The groups' combines per processor are the
/// outer iterations whose operand lies in its group. nullopt where one
/// combine spans every dimension of more than one processor (the tree over
/// all P), none, or the count fails.
std::optional<PointEstimator::ReductionGroups> PointEstimator::reductionGroups(const IterationSpace& space,
                                                                               const ReferencePlan& operand, int at)
{
  const auto& procs = m_mapping.procs;
  if (procs.rank() < 2 || at < 1)
    return std::nullopt;
  ReductionGroups g;
  g.along.assign(static_cast<std::size_t>(procs.rank()), false);
  bool apart = false; // a dimension over several processors that no combine spans
  for (int pd = 0; pd < procs.rank(); ++pd) {
    g.along[static_cast<std::size_t>(pd)] = spreadsFrom(templateIndex(operand, m_mapping, pd), at);
    apart = apart || (!g.along[static_cast<std::size_t>(pd)] && procs.shape[static_cast<std::size_t>(pd)] > 1);
  }
  if (!apart || std::none_of(g.along.begin(), g.along.end(), [](bool b) { return b; }))
    return std::nullopt;
  auto value = operand; // one element per combine, where its row is
  for (auto& sub : value.subscripts)
    sub.coef.resize(static_cast<std::size_t>(at));
  std::string why;
  const auto counts = countOwnedIterations(space.outer(at), &value, m_mapping, &why);
  if (!counts)
    return std::nullopt;
  const auto groupOf = [&](std::int64_t p) { // the group's first member
    auto coords = procs.coordinates(p);
    for (int pd = 0; pd < procs.rank(); ++pd)
      if (g.along[static_cast<std::size_t>(pd)])
        coords[static_cast<std::size_t>(pd)] = 0;
    return procs.linear(coords);
  };
  std::map<std::int64_t, std::int64_t> perGroup;
  for (std::int64_t p = 0; p < procs.count(); ++p)
    perGroup[groupOf(p)] += std::llround((*counts)[static_cast<std::size_t>(p)]);
  for (std::int64_t p = 0; p < procs.count(); ++p)
    g.instancesAt.push_back(perGroup[groupOf(p)]);
  return g;
}

/// The combines of a scalar reduction within processor groups
/// (reductionGroups, addGroupReduction); false, with nothing added, where
/// one combine spans all of the arrangement.
bool PointEstimator::combineInGroups(const CompiledStatement& c, const IterationSpace& space,
                                     const ReferencePlan& operand, int at)
{
  const auto groups = reductionGroups(space, operand, at);
  if (!groups)
    return false;
  const auto before = m_e.comm.records.size();
  underBranch(*c.st, at, space, [&] {
    addGroupReduction(c.st->scalarTarget, c.st->line, c.reductionBytes, groups->instancesAt, groups->along, at,
                      m_mapping, m_machine, m_e.comm);
  });
  std::int64_t size = 1;
  std::string dims;
  for (int pd = 0; pd < m_mapping.procs.rank(); ++pd)
    if (groups->along[static_cast<std::size_t>(pd)]) {
      size *= m_mapping.procs.shape[static_cast<std::size_t>(pd)];
      dims += (dims.empty() ? "" : ", ") + std::to_string(pd + 1);
    }
  note("The sum into '" + c.st->scalarTarget + "' at line " + std::to_string(c.st->line) +
       " combines among the " + std::to_string(size) + " processors along dimension" +
       (dims.find(',') == std::string::npos ? " " : "s ") + dims +
       " of the arrangement that hold its operand's partial sums, the groups at the same time");
  if (m_s.options.formulas && m_e.comm.records.size() > before)
    m_e.comm.records.back().formulaWhy = "combines within processor groups: counted per group at each point";
  return true;
}

/// A scalar reduction whose every combine has its operand on one processor
/// (the operand's template indices follow none of the reduction's own
/// loops, from level `at` in): the sum is complete there, and goes to the
/// statements that read it, as a read of one value per instance by each
/// reader's owner (a copy where they differ, nothing where they agree, a
/// broadcast where the reader is replicated). False, with nothing added,
/// where the operand spreads over processors or a reader is no such
/// assignment (scalarReaders).
bool PointEstimator::sendToReaders(const CompiledStatement& c, const IterationSpace& space,
                                   const ReferencePlan& operand, int at)
{
  if (c.readerOwners.empty())
    return false;
  for (int pd = 0; pd < m_mapping.procs.rank(); ++pd)
    if (spreadsFrom(templateIndex(operand, m_mapping, pd), at))
      return false; // partial sums on several processors
  struct Reader {
    const IterationSpace* space; // the reader's: it shares the first `at` levels with the sum's
    ReferencePlan owner;
  };
  std::vector<Reader> readers;
  for (std::size_t r = 0; r < c.readers.size(); ++r) {
    const auto& readerSpace = m_s.space(c.readers[r]);
    symbolic::EvaluationError error;
    auto reader = readerSpace ? c.readerOwners[r].plan(*readerSpace, m_mapping, m_values, &error) : std::nullopt;
    if (!reader)
      return false;
    reader->map = m_mapping.array(reader->ref->array);
    readers.push_back({&*readerSpace, std::move(*reader)});
  }
  const auto& name = c.st->scalarTarget;
  const auto before = m_e.comm.records.size();
  for (const auto& reader : readers) {
    auto value = operand; // one element per instance of the shared levels, on the operand's owner
    for (auto& sub : value.subscripts) {
      sub.coef.resize(static_cast<std::size_t>(reader.space->depth()), 0);
      for (std::size_t k = static_cast<std::size_t>(at); k < sub.coef.size(); ++k)
        sub.coef[k] = 0;
    }
    value.elementBytes = c.reductionBytes;
    underBranch(*c.st, at, space, [&] {
      addReadMessages(*reader.space, &reader.owner, value, at, c.st->line, m_mapping, m_machine, m_e.comm,
                      CommunicationMethod::Closed, nullptr, &name);
    });
  }
  for (auto r = before; r < m_e.comm.records.size(); ++r)
    m_e.comm.records[r].array = name;
  note("The sum into '" + name + "' at line " + std::to_string(c.st->line) +
       " is computed by one processor per combine, the owner of its operand" +
       (m_e.comm.records.size() == before ? ", which also uses it: no combine"
                                          : ", and sent to the statements that use it, not combined"));
  return true;
}

/// The work of a statement whose guards' share was counted
/// (State::probability), per processor: the iterations each executes where
/// the guards hold, times the other IFs' probabilities. False, with a note,
/// where that count fails: countWork then spreads the share evenly.
bool PointEstimator::guardWork(StatementWork& work, const program::Statement& st, const IterationSpace& space,
                               const ReferencePlan* owner)
{
  const auto* ownerPlan = owner && owner->map ? owner : nullptr;
  const auto counted = countGuardedOwnedIterations(space, ownerPlan, m_mapping, st.guards, m_values);
  std::string why;
  const auto iterations = counted ? countIterations(space, &why) : std::nullopt;
  if (!iterations) {
    note("The share of iterations the conditions keep at line " + std::to_string(st.line) +
         " is spread evenly over the processors: their iterations under the conditions could not be counted");
    return false;
  }
  const double others = st.probability / st.guardedShare;
  work.replicated = !ownerPlan;
  work.work.resize(counted->size());
  for (std::size_t p = 0; p < counted->size(); ++p)
    work.work[p] = std::max((*counted)[p], 0.0) * others;
  work.frequency = m_probability * *iterations;
  work.countedShare = others > 0 ? m_probability / others : 1;
  work.wd = workDistributionGoodness(work.work);
  work.formulaWhy = "the conditions on the loop variables are counted per point";
  return true;
}

/// work(S, p) from the statement's formula (compiled once per owner reference).
void PointEstimator::addWork(CompiledStatement& c, const IterationSpace& space, const ReferencePlan* owner,
                             bool guarded)
{
  const auto& st = *c.st;
  const auto* ownerRef = owner && owner->map ? owner->ref : nullptr;
  auto it = std::find_if(c.formulas.begin(), c.formulas.end(), [&](const auto& f) { return f.first == ownerRef; });
  if (it == c.formulas.end()) {
    std::string why;
    auto f = cachedWorkFormula(m_unit, m_s.nest->id, st, ownerRef, m_s.structure, &why);
    it = c.formulas.insert(c.formulas.end(), {ownerRef, {std::move(f), std::move(why)}});
  }
  const auto& [formula, why] = it->second;
  StatementWork work;
  if (!guarded || !guardWork(work, st, space, owner))
    work = countWork(space, owner, m_mapping, m_probability, formula.get(), &m_s.formulaValues);
  work.statementId = st.id;
  work.line = st.line;
  describeWork(work, c.cost, formula, why);
  if (!work.note.empty())
    note("The work of the statement at line " + std::to_string(st.line) +
         " was enumerated, not counted in closed form: " + work.note);
  for (std::size_t p = 0; p < work.work.size(); ++p) {
    m_e.workPerProc[p] += work.work[p];
    m_ctPerProc[p] += work.work[p] * work.cost; // Def. 3.7
  }
  m_e.statements.push_back(std::move(work));
}

/// W(S) of the compiled statement from its work formula (closed form, no
/// count), nullopt where it has none.
std::optional<double> PointEstimator::statementIterations(const CompiledStatement& c, const ReferencePlan* owner) const
{
  const auto* ownerRef = owner && owner->map ? owner->ref : nullptr;
  const auto it = std::find_if(c.formulas.begin(), c.formulas.end(), [&](const auto& f) { return f.first == ownerRef; });
  return it != c.formulas.end() && it->second.first ? it->second.first->total(m_s.formulaValues) : std::nullopt;
}

void PointEstimator::addReads(std::size_t index, const IterationSpace& space, const PlanList& reads,
                              const boost::container::small_vector<std::size_t, 8>& readIndex,
                              const ReferencePlan* exec)
{
  const auto& c = m_s.compiled[index];
  const auto& st = *c.st;
  const ReferencePlan* owner = exec;
  if (m_probability <= 0.0)
    return; // never runs (IF (I .GT. 2000000000) in I = 1..N): fetches nothing
  // its guards folded into the loops: the exchanges of the iterations it runs, not an average
  std::optional<IterationSpace> folded;
  if (m_guardCounted && !st.guards.empty())
    folded = foldGuards(space, st.guards, m_values);
  const auto& exchanged = folded ? *folded : space;
  m_foldedGuards = folded.has_value();
  bool unfolded = false; // an exchange was counted without the guards
  for (std::size_t i = 0; i < reads.size(); ++i) {
    const auto& read = *reads[i];
    if ((c.reduction && exec && read.ref == exec->ref) || c.readByBranch[readIndex[i]])
      continue;
    const int at = placement(index, readIndex[i], space);
    if (m_s.options.fetchIdenticalReadsOnce && !firstFetch(st, read, at))
      continue;
    const auto before = m_e.comm.records.size();
    // a blocked loop pair inside the exchange: the elements of the whole range (tile-collapse.h)
    const auto tiles = collapseTiles(exchanged, at, owner, read, m_unit, m_values);
    const auto& readSpace = tiles ? tiles->space : exchanged;
    auto& instances = m_s.memo[index].instances[readIndex[i]];
    if (!instances)
      instances = readInstances(readSpace, owner, read, at);
    if (!instances->iterations && !folded)
      instances->iterations = statementIterations(c, owner);
    const auto messagesBefore = at > 0 ? m_e.comm.messagesPerProc : std::vector<std::int64_t>{};
    underBranch(st, at, exchanged, [&] {
      addReadMessages(readSpace, owner, read, at, st.line, m_mapping, m_machine, m_e.comm,
                      CommunicationMethod::Closed, &*instances, &c.readTexts[readIndex[i]]);
    });
    if (at > 0 && m_e.comm.records.size() > before) // a pipeline's stage may bundle them (restage)
      keepRecordMessages(messagesBefore);
    if (m_s.options.formulas && m_e.comm.records.size() > before && (folded || tiles)) // not the loops' bounds
      m_e.comm.records.back().formulaWhy = folded ? "its IF conditions (or MOD pieces) cut the loops, which the formulas do not"
                                                  : "its blocked loops are counted as one, which the formulas are not";
    else if (m_s.options.formulas && m_e.comm.records.size() > before) // NT and TD in closed form (comm-formula.h)
      attachReadFormula(m_e.comm.records.back(), m_unit, readSpace, owner, read, at, m_mapping, m_machine);
    if (m_e.comm.records.size() > before && m_e.comm.records.back().sampledEvery > 1)
      noteSampled(m_e.comm.records.back(), c.readTexts[readIndex[i]], st, exchanged);
    if (m_e.comm.records.size() > before && !m_e.comm.records.back().simulatedBecause.empty())
      note("The messages of " + c.readTexts[readIndex[i]] + " at line " + std::to_string(st.line) +
           " were simulated, not counted in closed form: " + m_e.comm.records.back().simulatedBecause);
    const bool added = m_e.comm.records.size() > before;
    unfolded = unfolded || (m_guardCounted && !st.guards.empty() && !folded && added && !clipsAll(st, tiles));
    if (added && !st.guards.empty()) // the clipped loops whose clips every exchange has (all, with the guards folded)
      keepClipped(folded ? st.loops : tiles ? tiles->clippedLoops : std::vector<int>{});
  }
  if (unfolded) // IF (I .NE. K) in Gauss-Jordan: a trial counted 240 bytes where 200 move
    note("The messages of the statement at line " + std::to_string(st.line) +
         " are counted over every iteration of its loops: its condition on the loop variables keeps a share of "
         "them (as its work says) but is not folded into the exchanges, which may carry a few elements too many");
  m_foldedGuards = false;
}

/// Runs `add`, which may add one record for `st` exchanged at `placement`,
/// and scales that record by the branch probability where the IF encloses
/// the loops it is vectorized out of (branchEncloses, scaleLastRecord).
void PointEstimator::underBranch(const program::Statement& st, int placement, const IterationSpace& space,
                                 FunctionRef<void()> add)
{
  const bool conditional = branchEncloses(st, placement, space);
  if (conditional)
    m_messagesBefore = m_e.comm.messagesPerProc, m_bytesBefore = m_e.comm.bytesPerProc;
  const auto before = m_e.comm.records.size();
  add();
  if (!conditional || m_e.comm.records.size() == before)
    return;
  if (const auto probability = exchangeProbability(st, placement, space); probability < 1.0)
    scaleLastRecord(m_e.comm, probability, st.branchLine, m_messagesBefore, m_bytesBefore);
}

/// Whether `st` is under an IF (probability < 1) that encloses the loops its
/// read's exchanges at `placement` are vectorized out of, so the exchanges
/// happen only when the branch is taken (LU's row swap under IF (P .NE. K)
/// outside its J loop). An IF inside those loops guards single iterations,
/// whose fetch the vectorized exchange still makes.
bool PointEstimator::branchEncloses(const program::Statement& st, int placement, const IterationSpace& space) const
{
  if (m_probability >= 1.0 || st.branchLine == 0)
    return false;
  if (placement >= space.depth())
    return true;
  const auto root = std::find(st.loops.begin(), st.loops.end(), m_s.nest->id);
  const auto inner = root + placement;
  return inner < st.loops.end() && st.branchLine < m_unit.loops[static_cast<std::size_t>(*inner)].line;
}

/// The elements of `array` at the remembered values, nullopt where an
/// extent is unknown (`error` says why, naming `what`; nothing asked).
std::optional<std::int64_t> PointEstimator::knownElements(const std::string& array, const std::string& what,
                                                          symbolic::EvaluationError* error) const
{
  std::int64_t elements = 1;
  symbolic::EvaluationError ignored;
  auto* e = error ? error : &ignored;
  for (const auto& d : m_unit.symbol(array)->dims) {
    const auto lo = symbolic::evaluateFor(d.lower, m_values, what, e);
    const auto hi = lo ? symbolic::evaluateFor(d.upper, m_values, what, e) : std::nullopt;
    if (!lo || !hi)
      return std::nullopt;
    elements = saturatingMul(elements, std::max<std::int64_t>(*hi - *lo + 1, 1));
  }
  return elements;
}

/// The work of a statement on the elements of the distributed array or
/// section `ref` names, each processor doing those it owns once per
/// instance of the statement: added to the estimate, the owned counts
/// returned, and the statement's instances in `instances`. nullopt where an
/// extent or a section bound has no value (asked for: the statement, `role`
/// of the array, is then not estimated).
std::optional<std::vector<double>> PointEstimator::ownedWork(const CompiledStatement& c, const IterationSpace& space,
                                                             const program::ArrayReference& ref, const std::string& role,
                                                             const std::string& why, std::int64_t* instances)
{
  const auto& st = *c.st;
  auto owned = estimate::ownedElements(m_unit, m_mapping, m_values, ref);
  if (!owned) { // a value missing (strides were refused at compile time): asked for
    const auto fallback = "the statement" + c.at + " is not estimated";
    if (arrayElements(ref.array, st.line, role, fallback))
      askSectionBounds(ref, st.line, role, fallback);
    return std::nullopt;
  }
  std::vector<std::int64_t> first;
  *instances = countOuterIterations(space, space.depth(), &first);
  StatementWork work;
  work.statementId = st.id;
  work.line = st.line;
  work.cost = c.cost;
  work.probability = m_probability;
  work.formulaWhy = why;
  for (std::size_t p = 0; p < owned->size(); ++p) {
    const double w = (*owned)[p] * static_cast<double>(*instances) * m_probability;
    work.work.push_back(w);
    m_e.workPerProc[p] += w;
    m_ctPerProc[p] += w * c.cost; // Def. 3.7
  }
  const auto elements = elementCount(m_unit, m_values, ref).value_or(0); // owned() had every bound
  work.frequency = static_cast<double>(elements) * static_cast<double>(*instances) * m_probability;
  work.wd = workDistributionGoodness(work.work);
  m_e.statements.push_back(std::move(work));
  note("The whole-array statement at line " + std::to_string(st.line) + " is not counted in CM");
  return owned;
}

/// s = MAXVAL(D) over a whole distributed array (wholeArrayReduction): each
/// processor reduces the elements it owns, once per instance of the
/// statement, and the values combine (addReduction); an extent without a
/// value is asked for.
void PointEstimator::reduceWholeArray(const CompiledStatement& c, const IterationSpace& space)
{
  const auto& st = *c.st;
  const auto& ref = *c.reducedArray;
  const auto& array = ref.array;
  const bool whole = ref.subscripts.empty();
  const auto what = whole ? "'" + array + "'" : "'" + ref.text() + "'";
  std::int64_t instances = 0;
  const auto owned = ownedWork(c, space, ref, "reduced",
                               std::string(whole ? "a whole-array" : "an array-section") +
                                 " reduction: each processor reduces the elements of " + what + " it owns",
                               &instances);
  if (!owned)
    return;
  bool clipped = false;
  const auto elements = elementCount(m_unit, m_values, ref, &clipped).value_or(0);
  if (clipped)
    note("Section '" + ref.text() + "' at line " + std::to_string(st.line) + " reaches outside the bounds of '" + array +
         "': only the elements it has are counted");
  const auto* element = m_unit.symbol(array);
  const auto name = st.scalarTarget.empty() ? "the test of '" + array + "'" : st.scalarTarget;
  if (std::all_of(owned->begin(), owned->end(), [&](double n) { return n == static_cast<double>(elements); }))
    return; // every processor holds all of it: nothing to combine
  underBranch(st, space.depth(), space, [&] {
    addReduction(name, st.line, st.scalarTarget.empty() && element ? element->elementBytes : c.reductionBytes, instances,
                 instances, space.depth(), m_mapping, m_machine, m_e.comm);
  });
  note("The reduction at line " + std::to_string(st.line) + " over " + (whole ? "the whole of " : "") + what +
       " runs where its elements are: each processor reduces its own, and the values combine");
}

/// P = R + BETA*P over whole arrays mapped alike (elementwiseArrayAssignment):
/// each processor assigns the elements of P it owns, from elements it owns.
void PointEstimator::assignWholeArray(const CompiledStatement& c, const IterationSpace& space)
{
  const auto& array = c.assignedArray->array;
  const bool mask = c.st->kind == program::StatementKind::Control;
  std::int64_t instances = 0;
  if (ownedWork(c, space, *c.assignedArray, mask ? "masked" : "assigned", elementwiseWhy(*c.st, array), &instances))
    note(std::string(mask ? "The WHERE mask" : "The array assignment") + " at line " + std::to_string(c.st->line) +
         " runs where the elements of '" + array + "' are: every array it reads is mapped alike, so nothing moves");
}

/// The elements of `array` at the remembered values (saturating: a huge
/// --set must not wrap into a small TD); nullopt, with a problem saying
/// `fallback`, when an extent is unknown (asked for, not taken as 1).
std::optional<std::int64_t> PointEstimator::arrayElements(const std::string& array, int line, const std::string& role,
                                                          const std::string& fallback)
{
  symbolic::EvaluationError error;
  const auto elements =
    knownElements(array, "the extent of '" + array + "' (" + role + " at line " + std::to_string(line) + ")", &error);
  if (!elements)
    problem(error, fallback);
  return elements;
}

/// Asks for the first bound of the section `ref` (`role` in the statement
/// at `line`) without a value, the statement then not estimated (`fallback`).
void PointEstimator::askSectionBounds(const program::ArrayReference& ref, int line, const std::string& role,
                                      const std::string& fallback)
{
  const auto what = "a bound of '" + ref.text() + "' (" + role + " at line " + std::to_string(line) + ")";
  for (const auto& sub : ref.subscripts)
    for (const auto* bound : {&sub.lower, &sub.upper}) {
      symbolic::EvaluationError error;
      if (sub.kind == program::SubscriptKind::Triplet && *bound && !symbolic::evaluateFor(**bound, m_values, what, &error))
        return problem(error, fallback);
    }
  for (const auto& sub : ref.subscripts) {
    symbolic::EvaluationError error;
    if (sub.kind == program::SubscriptKind::Affine && !symbolic::evaluateFor(sub.affine.constant, m_values, what, &error))
      return problem(error, fallback);
  }
}

/// The probability that an exchange of `st` at `placement` happens, when
/// branchEncloses: the statement's, or, where its guards were counted, the
/// share of the outer loops' iterations (the exchange's instances) that
/// they keep, times the other IFs' probabilities (IF (K .LE. 8) around a
/// step's elimination: 8 of the 15 steps, not the share of all iterations).
double PointEstimator::exchangeProbability(const program::Statement& st, int placement, const IterationSpace& space)
{
  if (m_foldedGuards) // the guards' share is in the folded loops: only the other IFs' probability is left
    return st.probability / st.guardedShare;
  if (!m_guardCounted)
    return m_probability;
  auto& shares = m_s.memo[m_index].exchangeShares; // a statement's reads share their placements: counted once
  auto it = std::find_if(shares.begin(), shares.end(), [&](const auto& s) { return s.first == placement; });
  if (it == shares.end())
    it = shares.emplace(shares.end(), placement,
                        guardedIterationShare(space, st.guards, m_values, std::min(placement, space.depth())));
  return it->second ? st.probability / st.guardedShare * *it->second : m_probability;
}

/// The index of `read` among the accesses of `st` in the dependences
/// (program::loopNestOf lists a statement's reads first, in order).
int readAccess(const program::Statement& st, const program::ArrayReference& read)
{
  int access = 0;
  for (const auto& ref : st.refs) {
    if (&ref == &read)
      break;
    access += ref.isWrite ? 0 : 1;
  }
  return access;
}

/// The read's placement at the remembered values: the loops carrying a
/// flow dependence into it, 0 (vectorized out of the whole nest) without one.
int PointEstimator::placement(std::size_t index, std::size_t read, const IterationSpace& space)
{
  auto& at = m_s.memo[index].placements[read];
  if (at < 0) {
    const auto& c = m_s.compiled[index];
    // a recomputed temporary's read is placed as in its own statement (same loops)
    const auto& st = read < c.readOrigins.size() ? *c.readOrigins[read] : *c.st;
    const auto& ref = *c.reads[read];
    at = readsWrittenElements(st, ref) ? placementOf(st, ref, flowSources(st, ref), space, m_values) : 0;
    at = std::max(at, deepestCarrier(st, ref, c.readNames[read], space));
  }
  return at;
}

/// One more than the deepest loop of the nest that carries an exact flow
/// dependence into `read` of `st` (isl) and whose variable is none of the
/// names `subscripted` in read's distributed subscripts (a time or sweep
/// loop, or one along an undistributed dimension: Givens' A(I-1,J) under
/// (*,CYCLIC), written at k = j of row i-1), 0 without one: the messages
/// stay inside that loop. placementOf stops at the
/// first level whose distance is or may be positive and that is no time
/// loop (every distance, 0 among them); a time loop around sweeps that write u in one nest and
/// read it in the next (DO IT / DO ISW / the nests) carries the dependence
/// at both levels, and the exchange happens per sweep, not per time step.
/// A loop that moves the read's owner carries a recurrence, which the
/// schedule (serialized or pipelined) prices instead. FORALL levels carry none (HPF
/// 1.1, Sec. 4.1).
int PointEstimator::deepestCarrier(const program::Statement& st, const program::ArrayReference& read,
                                   const std::set<std::string>& subscripted, const IterationSpace& space)
{
  const auto access = readAccess(st, read);
  int deepest = 0;
  for (const auto& d : m_s.dependences()) {
    if (d.kind != symbolic::DependenceKind::Flow || d.targetStatement != st.id || d.targetAccess != access || !d.exact)
      continue;
    for (const auto& c : d.carried) {
      if (c.level >= space.depth() || space.levels()[static_cast<std::size_t>(c.level)].forall)
        break;
      const auto loop = space.levels()[static_cast<std::size_t>(c.level)].loopId;
      if (!subscripted.count(m_unit.loops[static_cast<std::size_t>(loop)].variable))
        deepest = std::max(deepest, c.level + 1);
    }
  }
  return deepest;
}

/// The statements of the nest with an exact flow dependence into `read` of
/// `st` (isl, with their IF guards): a writer of the array that never
/// writes what the read sees, such as `A(K,J)` under `IF (J .NE. K)`
/// beside a read of `A(K,K)`, does not keep the read inside its loops.
std::vector<const program::Statement*> PointEstimator::flowSources(const program::Statement& st,
                                                                  const program::ArrayReference& read)
{
  const auto access = readAccess(st, read);
  std::vector<const program::Statement*> out;
  const auto& deps = m_s.dependences();
  for (const auto* other : m_s.unitStatements) {
    if (std::any_of(deps.begin(), deps.end(), [&](const symbolic::Dependence& d) {
          return d.kind == symbolic::DependenceKind::Flow && d.targetStatement == st.id &&
                 d.targetAccess == access && d.sourceStatement == other->id;
        }))
      out.push_back(other);
  }
  return out;
}

/// Whether some iteration of the nest writes an element that `read` of
/// `st` reads afterwards: an exact flow dependence into it (isl,
/// symbolic/dependences.h). Without one the read sees only values from
/// before the nest and is fetched before it, however the array is written
/// elsewhere in the nest (A(I,1) beside writes of A(I,J), J >= 2).
/// Source: P3T+ Sec. 3.2 (communication is vectorized out of the loops
/// that carry no dependence).
bool PointEstimator::readsWrittenElements(const program::Statement& st, const program::ArrayReference& read)
{
  const auto access = readAccess(st, read);
  const auto& deps = m_s.dependences();
  return std::any_of(deps.begin(), deps.end(), [&](const symbolic::Dependence& d) {
    return d.kind == symbolic::DependenceKind::Flow && d.targetStatement == st.id && d.targetAccess == access;
  });
}

/// The statement's cost per instance and branch probability, and its
/// closed form (or why it has none) for --formulas.
void PointEstimator::describeWork(StatementWork& work, double cost,
                                  std::shared_ptr<const WorkFormula> formula, const std::string& why)
{
  work.cost = cost;
  work.probability = m_probability;
  if (!formula)
    work.formulaWhy = why; // else countWork said why the closed form did not apply here, if it did not
  if (formula && work.closedForm && m_s.options.formulas)
    work.ownership = formula->ownership(m_mapping);
  work.formula = std::move(formula);
}

/// The memo of cache reference `r` of `c`: the read's or the executing
/// reference's when it is the same reference (one plan per reference).
PlanMemo& sharedPlan(const CompiledStatement& c, StatementMemo& m, std::size_t r)
{
  const auto* ref = c.cacheRefs[r];
  for (std::size_t k = 0; k < c.reads.size(); ++k)
    if (c.reads[k] == ref)
      return m.reads[k];
  return c.execRef == ref ? m.exec : m.cache[r]; // planned in this statement's space either way
}

/// Points the statement's entry of the cache model (built at the first point
/// of these values) at this point's arrays, and notes its non-affine references.
void PointEstimator::cacheStatement(std::size_t index, const IterationSpace& space, const ReferencePlan* exec)
{
  const auto& c = m_s.compiled[index];
  auto& m = m_s.memo[index];
  if (m.cacheAt < 0)
    buildCacheStatement(index, space, exec);
  auto& cs = m_s.cache[static_cast<std::size_t>(m.cacheAt)];
  PS_CHECK(cs.owner.has_value() == (exec != nullptr)); // the executing reference is decided per values
  if (cs.owner)
    cs.owner->map = exec->map;
  for (std::size_t r = 0; r < c.cacheRefs.size(); ++r) {
    if (const int at = m.cacheRefAt[r]; at >= 0)
      cs.refs[static_cast<std::size_t>(at)].map = m_mapping.array(c.cacheRefs[r]->array);
    else
      note("Reference " + c.cacheRefs[r]->text() + " at line " + std::to_string(c.st->line) +
           (m_s.periodic->split(c.cacheRefs[r]) ? " wraps around" : " is not affine") +
           ": not counted in CM");
  }
  for (const auto& n : m.boundsNotes)
    note(n);
}

/// Keeps what the cache model needs of the statement: every affine array
/// reference, distributed or not (a replicated array is cached too).
void PointEstimator::buildCacheStatement(std::size_t index, const IterationSpace& space, const ReferencePlan* exec)
{
  const auto& c = m_s.compiled[index];
  auto& m = m_s.memo[index];
  m.cacheAt = static_cast<int>(m_s.cacheCount++);
  if (m_s.cache.size() < m_s.cacheCount) // else the last values' entry: its plans' storage is reused
    m_s.cache.emplace_back();
  auto& cs = m_s.cache[static_cast<std::size_t>(m.cacheAt)];
  cs.statementId = c.st->id;
  cs.space = &space; // the memo's
  if (!exec)
    cs.owner.reset();
  else if (cs.owner)
    *cs.owner = *exec;
  else
    cs.owner = *exec;
  std::size_t affine = 0;
  for (std::size_t r = 0; r < c.cacheRefs.size(); ++r) {
    const auto* ref = c.cacheRefs[r];
    if (const auto* split = m_s.periodic->split(ref); split && m_byPieces.count(split->read))
      ref = bulkOf(*split); // its lines are the bulk's: the wrap-around's few elements aside
    auto& memo = sharedPlan(c, m, r);
    m_s.plan(index, *ref, space, memo);
    m.cacheRefAt.push_back(memo.plan ? static_cast<int>(affine) : -1);
    if (!memo.plan)
      continue;
    if (cs.refs.size() <= affine)
      cs.refs.emplace_back();
    cs.refs[affine++] = *memo.plan;
    if (ref == c.cacheRefs[r]) // a piece's bulk stays inside by construction
      noteOutside(*c.st, *ref, space, *memo.plan, m.boundsNotes);
  }
  cs.refs.resize(affine);
  if (!m.tripsKnown)
    cacheTrips(space, m.trips);
  m.tripsKnown = true;
  m_s.cacheTrips.push_back(&m.trips);
}

/// Whether `st`'s space holds exactly the iterations it runs in, up to its
/// guards: no loop of the nest clipped by MAX/MIN, counted by a trip count
/// or left early, no GO TO in the nest, and every IF around it described by
/// guards (else the space is a superset, and a reference outside its array
/// there may never run).
bool PointEstimator::spaceIsExact(const program::Statement& st) const
{
  for (int id : st.loops) {
    const auto& loop = m_unit.loops[static_cast<std::size_t>(id)];
    if (program::nestedIn(m_unit, loop, m_s.nest->id) &&
        (!loop.boundsApproximation.empty() || !loop.tripsUnknown.empty() || !loop.exitLines.empty()))
      return false; // an EXIT, CYCLE or RETURN may skip it (IF (I .EQ. N) EXIT before B(I) = A(I+1))
  }
  const auto& nest = *m_s.nest;
  if (std::any_of(m_unit.gotoLines.begin(), m_unit.gotoLines.end(),
                  [&](int line) { return line >= nest.line && line <= nest.endLine; }))
    return false; // a GO TO that is not followed may jump over it
  return st.branchLine == 0 || (!st.guards.empty() && st.probability / st.guardedShare >= 1.0);
}

/// Whether `st`'s guards hold at the iteration `at` of `space` (false where
/// one cannot be evaluated).
bool PointEstimator::guardsHold(const program::Statement& st, const IterationSpace& space,
                                const std::vector<std::int64_t>& at) const
{
  return std::all_of(st.guards.begin(), st.guards.end(), [&](const symbolic::AffineCondition& g) {
    symbolic::EvaluationError error;
    const auto f = space.numeric(g.form, m_values, "a guard", &error);
    return f && conditionHolds(g.relation, f->at(at));
  });
}

/// Appends to `notes` a note when `ref` of `st` leaves its array's
/// declared bounds in an iteration `st` runs (subscriptOutside, the
/// iteration checked against the guards; nothing where the space is only
/// a superset: spaceIsExact); a dummy declared with a last extent of 1
/// (F77's A(1) for an array of any size) is not checked in that dimension,
/// nor a deferred-shape array allocated in another unit (its bounds are
/// not known here).
void PointEstimator::noteOutside(const program::Statement& st, const program::ArrayReference& ref,
                                 const IterationSpace& space, const ReferencePlan& plan, std::vector<std::string>& notes)
{
  if (!spaceIsExact(st))
    return;
  const auto* symbol = m_unit.symbol(ref.array);
  const auto deferred = symbolic::Expr::symbol(ref.array + "_extent"); // X(:) allocated elsewhere: its bounds unknown here
  if (symbol && std::any_of(symbol->dims.begin(), symbol->dims.end(), [&](const auto& d) { return d.upper == deferred; }))
    return;
  auto& declared = m_s.declaredRanges;
  m_s.declared->ranges(ref.array, m_values, declared);
  if (symbol && symbol->isDummy && !declared.empty() && declared.back().first && declared.back().first == declared.back().last)
    declared.back() = {};
  const auto v = subscriptOutside(space, plan, declared);
  if (!v || !guardsHold(st, space, v->iteration))
    return;
  std::string at;
  for (std::size_t k = 0; k < v->iteration.size(); ++k)
    at += (k ? ", " : "") + space.levels()[k].variable + " = " + std::to_string(v->iteration[k]);
  const auto rank = plan.subscripts.size();
  const auto what = rank == 1 ? std::string("its subscript") : "its subscript " + std::to_string(v->dimension + 1);
  notes.push_back("Reference '" + ref.text() + "' at line " + std::to_string(ref.line) + " leaves '" + ref.array +
                  "': " + what + " is " + std::to_string(v->value) + (at.empty() ? "" : " at " + at) + ", " +
                  (v->below ? "below the declared lower bound " : "above the declared upper bound ") +
                  std::to_string(v->bound) + " (a program error, or a bound declared too small); such elements are "
                  "counted on the owner of the nearest bound");
}

/// Source: P3T+, Def. 3.10 (calls are not estimated, so its second sum is 0).
void PointEstimator::finishCache()
{
  m_s.cache.resize(m_s.cacheCount); // a statement fewer than the last values had: its entry goes
  const auto cache = countCacheMisses(m_s.cache, m_mapping, m_unit, m_values,
                                      {m_machine.cacheLineBytes, m_machine.cacheBytes}, &m_s.cacheTrips, &m_s.cacheGroups);
  m_e.cmPerProc = cache.perProc;
  m_e.cm = cache.mean;
  m_e.cmMax = cache.max;
  for (std::size_t i = 0; i < m_s.cache.size(); ++i)
    for (auto& w : m_e.statements)
      if (w.statementId == m_s.cache[i].statementId)
        w.cm = cache.perStatement[i];
}

/// True the first time this element sequence is read at this placement
/// in these loops (EstimateOptions::fetchIdenticalReadsOnce).
bool PointEstimator::firstFetch(const program::Statement& st, const ReferencePlan& read, int placement)
{
  // the loops the messages stay inside by identity; those they are vectorized out of by their variable and
  // bounds, so that sibling loops walking the same range fetch once (A(I,K) in two DO I of one DO J)
  std::string key = read.ref->array + "@" + std::to_string(placement) + " in";
  const auto nest = std::find(st.loops.begin(), st.loops.end(), m_s.nest->id) - st.loops.begin();
  for (std::size_t k = 0; k < st.loops.size(); ++k) {
    const auto& loop = m_unit.loops[static_cast<std::size_t>(st.loops[k])];
    key += static_cast<std::ptrdiff_t>(k) < nest + placement
               ? " " + std::to_string(loop.id)
               : " " + loop.variable + "=" + loop.lower.str() + "," + loop.upper.str() + "," + loop.step.str();
  }
  for (const auto& sub : read.subscripts) {
    key += "|" + std::to_string(sub.constant);
    for (auto c : sub.coef)
      key += "," + std::to_string(c);
  }
  if (m_s.periodic->origin(&st)) // a piece reads in its guards' iterations alone: the same piece of another statement
    for (const auto& g : st.guards) {
      key += " if " + std::to_string(static_cast<int>(g.relation)) + ":" + g.form.constant.str();
      for (const auto& [v, c] : g.form.coefficients)
        key += "," + v + "*" + std::to_string(c);
    }
  if (std::find(m_fetched.begin(), m_fetched.end(), key) != m_fetched.end())
    return false;
  m_fetched.push_back(std::move(key));
  return true;
}

/// The outermost loop level whose variable a subscript of `ref` names (as
/// a word of its text: the subscript need not be affine); the depth when
/// none does.
static int firstLevelNamedIn(const program::ArrayReference& ref, const IterationSpace& space)
{
  const auto names = [](const std::string& text, const std::string& name) {
    for (auto at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
      const auto word = [&](std::size_t i) { return i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'); };
      if (!(at > 0 && word(at - 1)) && !word(at + name.size()))
        return true;
    }
    return false;
  };
  for (int k = 0; k < space.depth(); ++k)
    for (const auto& sub : ref.subscripts)
      if (names(sub.text, space.levels()[k].variable))
        return k;
  return space.depth();
}

/// A read that is not affine fetches all of its array, as a copy: once
/// before the nest, or once per iteration of the loops it shares with
/// another statement of the nest that writes the array (placementOf with
/// any distance: a time loop that rewrites rho before rho(idx(i)) is read
/// fetches it every step), outside the loops its subscripts move with. The
/// statement's own write repeats it at every iteration of the loops around
/// its innermost one (FFT's stages), not along that loop. Each processor gets one
/// message from each piece it lacks (copySources): x(10) BLOCK on 16 gives
/// 9 messages to each of the 10 owners and 10 to each of the 6 others; a
/// processor that executes none of its iterations (`executes`, the
/// statement's work per processor) fetches nothing.
void PointEstimator::wholeArrayFetch(const program::Statement& st, const program::ArrayReference& ref,
                                     const IterationSpace& space, const std::vector<double>& executes)
{
  std::vector<const program::Statement*> others;
  std::copy_if(m_s.unitStatements.begin(), m_s.unitStatements.end(), std::back_inserter(others),
               [&](const program::Statement* o) { return o != &st; });
  // outside the loops its subscripts move with: a writer in the reading loop
  // itself does not make every iteration fetch the whole array again
  int at = std::min(placementOf(st, ref, others, space, m_values), firstLevelNamedIn(ref, space));
  // but a statement that writes the array itself changes it in every iteration of the loops around its
  // own: FFT's XR(I1) = XR(I1) + XR(I1+2**(L-1)) in DO L / DO K fetches it again at every stage L
  if (const auto* w = st.write(); w && w->array == ref.array)
    at = std::max(at, space.depth() - 1);
  std::vector<std::int64_t> first;
  const auto instances = at > 0 ? countOuterIterations(space, at, &first) : 1;
  if (instances < 1)
    return;
  const int line = st.line;
  const auto* s = m_unit.symbol(ref.array);
  const auto elements = arrayElements(ref.array, line, "fetched whole", "its fetch is not counted");
  if (!elements)
    return;
  const auto procs = m_mapping.procs.count();
  if (procs < 2)
    return;
  // what each processor lacks: the elements it does not own (R(0:64) on 2 owns 33 and 32)
  program::ArrayReference whole;
  whole.array = ref.array;
  const auto owned = estimate::ownedElements(m_unit, m_mapping, m_values, whole);
  const auto sources = copySources(ref.array, owned);
  std::vector<std::int64_t> lacking(static_cast<std::size_t>(procs)), messages(lacking.size());
  std::int64_t total = 0, sent = 0, most = 0, mostMessages = 0;
  for (std::int64_t p = 0; p < procs; ++p) {
    const auto at = static_cast<std::size_t>(p);
    const auto own = owned ? static_cast<std::int64_t>((*owned)[at]) : *elements / procs;
    const bool idle = at < executes.size() && executes[at] <= 0; // no iteration of it: nothing to fetch
    lacking[at] = idle ? 0 : saturatingMul(std::max<std::int64_t>(*elements - own, 0), s->elementBytes);
    messages[at] = lacking[at] == 0 ? 0 : std::max<std::int64_t>(sources - (own > 0 ? 1 : 0), 1);
    total = saturatingAdd(total, lacking[at]);
    sent = saturatingAdd(sent, messages[at]);
    if (std::tie(lacking[at], messages[at]) > std::tie(most, mostMessages))
      std::tie(most, mostMessages) = std::tie(lacking[at], messages[at]);
  }
  if (sent == 0)
    return;
  CommRecord r{ref.array, ref.text(), "copy", line, at, instances, saturatingMul(instances, sent),
               saturatingMul(instances, total), 0, {}};
  // the slowest processor's copies of a share each, with no hop term: m rho + beta * bytes without a curve
  r.time = static_cast<double>(instances) * static_cast<double>(mostMessages) *
           m_machine.transferTime("copy", static_cast<double>(most) / static_cast<double>(mostMessages), 0, procs);
  m_e.comm.records.push_back(r);
  for (std::int64_t p = 0; p < procs; ++p) {
    const auto at = static_cast<std::size_t>(p);
    m_e.comm.messagesPerProc[at] = saturatingAdd(m_e.comm.messagesPerProc[at], saturatingMul(instances, messages[at]));
    m_e.comm.bytesPerProc[at] = saturatingAdd(m_e.comm.bytesPerProc[at], saturatingMul(instances, lacking[at]));
  }
}

/// The processors a copy of all of `array` comes from: one per distinct
/// piece, i.e. per coordinate (along the processors dimensions the array is
/// distributed on) that some processor holding part of it has; processors
/// that differ only along a dimension it is replicated on hold the same
/// piece. `owned` is ownedElements of the array (nullopt: every processor
/// holds a piece, each a different one).
std::int64_t PointEstimator::copySources(const std::string& array, const std::optional<std::vector<double>>& owned) const
{
  const auto procs = m_mapping.procs.count();
  const auto* a = m_mapping.array(array);
  if (!owned || !a)
    return procs;
  const auto& t = m_mapping.templates[static_cast<std::size_t>(a->templateIndex)];
  std::vector<int> varying; // the processors dimensions along which pieces differ
  for (int pd = 0; pd < m_mapping.procs.rank(); ++pd)
    if (const int d = t.dimOn(pd); d >= 0 && a->axes[static_cast<std::size_t>(d)].kind == mapping::TemplateAxis::Kind::ArrayDim)
      varying.push_back(pd);
  std::set<std::vector<std::int64_t>> pieces;
  for (std::int64_t p = 0; p < procs; ++p) {
    if ((*owned)[static_cast<std::size_t>(p)] <= 0)
      continue;
    const auto coords = m_mapping.procs.coordinates(p);
    std::vector<std::int64_t> key;
    for (const int pd : varying)
      key.push_back(coords[static_cast<std::size_t>(pd)]);
    pieces.insert(std::move(key));
  }
  return static_cast<std::int64_t>(pieces.size());
}

void PointEstimator::finish()
{
  const auto& w = m_e.workPerProc;
  m_e.workMax = w.empty() ? 0 : *std::max_element(w.begin(), w.end());
  m_e.workMin = w.empty() ? 0 : *std::min_element(w.begin(), w.end());
  m_e.wd = loopGoodness(m_e.statements);
  m_e.ct = m_ctPerProc.empty() ? 0 : *std::max_element(m_ctPerProc.begin(), m_ctPerProc.end());
  m_e.ctPerProc = m_ctPerProc;
  for (const auto& r : m_e.comm.records) {
    m_e.nt = saturatingAdd(m_e.nt, r.messages);
    m_e.tdBytes = saturatingAdd(m_e.tdBytes, r.bytes);
    m_e.tt += r.time;
  }
  if (const auto beyond = saturationNote(m_e.nt, m_e.tdBytes); !beyond.empty())
    note(beyond);
  const auto& mp = m_e.comm.messagesPerProc;
  m_e.ntMaxPerProc = mp.empty() ? 0 : *std::max_element(mp.begin(), mp.end());
  schedule();
  m_e.time = m_e.ct + m_e.tt;
  finishCache();
}

/// Remembers what the record just added sent to each processor: the
/// difference from `before`, the counts before it was added.
void PointEstimator::keepRecordMessages(const std::vector<std::int64_t>& before)
{
  auto& added = m_recordMessages[m_e.comm.records.size() - 1];
  added = m_e.comm.messagesPerProc;
  for (std::size_t p = 0; p < added.size() && p < before.size(); ++p)
    added[p] -= before[p];
}

/// The pipeline's boundary records as its schedule sends them: one message
/// per stage of `s.strip` outer iterations where the records counted one per
/// outer iteration (NT and each processor's count divided by the strip, the
/// bytes unchanged), and their times shares of the schedule's TT, which is
/// the wavefront's critical path, not the sum of every message's time.
void PointEstimator::restage(const ParallelismDecision& decision, const Schedule& s)
{
  const auto strip = std::max<std::int64_t>(s.strip, 1);
  const auto bundled = [&](std::int64_t m) { return m / strip + (m % strip != 0); };
  double stageTime = 0, otherTime = 0;
  for (const auto& r : m_e.comm.records)
    (isStageRecord(decision, r) ? stageTime : otherTime) += r.time;
  const double share = stageTime > 0 ? std::max(s.tt - otherTime, 0.0) / stageTime : 0;
  m_e.nt = 0;
  for (std::size_t i = 0; i < m_e.comm.records.size(); ++i) {
    auto& r = m_e.comm.records[i];
    if (isStageRecord(decision, r)) {
      r.time *= share;
      // a record of no read (a whole-array copy inside the loop) keeps its count: its processors' are not known
      if (const auto it = m_recordMessages.find(i); it != m_recordMessages.end()) {
        r.instances = bundled(r.instances);
        for (std::size_t p = 0; p < it->second.size() && p < m_e.comm.messagesPerProc.size(); ++p) {
          const auto fewer = it->second[p] - bundled(it->second[p]);
          m_e.comm.messagesPerProc[p] -= fewer;
          r.messages -= fewer;
        }
      }
    }
    m_e.nt = saturatingAdd(m_e.nt, r.messages);
  }
  const auto& mp = m_e.comm.messagesPerProc;
  m_e.ntMaxPerProc = mp.empty() ? 0 : *std::max_element(mp.begin(), mp.end());
}

/// Source: DDT Sec. 2 and Table 1 (a recurrence across owners serializes);
/// the pipeline's schedule is PartScope's (estimate/parallelism.h).
void PointEstimator::schedule()
{
  if (m_mapping.procs.count() < 2)
    return; // parallel: nothing to decide
  if (!m_s.owners)
    m_s.owners = m_s.nestOwners();
  const auto decision = decideParallelism(m_unit, *m_s.owners, m_mapping);
  for (int line : decision.assertedIndependent)
    note("The loop at line " + std::to_string(line) + " is INDEPENDENT: a dependence across processors that the "
         "analysis finds or cannot rule out is taken to be absent, as the assertion says (HPF 2.0, Sec. 5.1)");
  if (decision.kind == ParallelismKind::Parallel)
    return;
  const auto& r = *decision.recurrence;
  // Only the carrying loop's statements wait for each other: the nest's other loops (a time step's
  // deposit and push around its field scan) run in parallel before and after it, every step.
  std::vector<double> inside(m_ctPerProc.size(), 0.0);
  const auto* carrier = m_unit.loopAtLine(r.loopLine);
  for (const auto& w : m_e.statements) {
    const auto it = std::find_if(m_s.unitStatements.begin(), m_s.unitStatements.end(),
                                 [&](const auto* st) { return st->id == w.statementId; });
    const bool within = carrier && it != m_s.unitStatements.end() &&
                        std::find((*it)->loops.begin(), (*it)->loops.end(), carrier->id) != (*it)->loops.end();
    for (std::size_t p = 0; within && p < w.work.size() && p < inside.size(); ++p)
      inside[p] += w.work[p] * w.cost;
  }
  double outside = 0; // the busiest processor's computation outside the carrying loop
  for (std::size_t p = 0; p < inside.size(); ++p)
    outside = std::max(outside, m_ctPerProc[p] - inside[p]);
  // the carrier found (by its line and variable: two DOs on one free-form line are told apart)
  const bool split = carrier && carrier->variable == r.variable &&
                     outside > 1e-12 * std::max(1.0, *std::max_element(m_ctPerProc.begin(), m_ctPerProc.end()));
  auto s = scheduleOf(decision, split ? inside : m_ctPerProc, m_e.comm, m_e.tt, m_mapping, m_machine);
  if (split)
    s.ct += outside;
  if (decision.kind == ParallelismKind::Pipelined)
    restage(decision, s);
  m_e.ct = s.ct;
  m_e.ctPerProc.assign(m_e.ctPerProc.size(), s.ct); // every processor waits for the critical path: a unit adds it
  m_e.tt = s.tt;
  m_e.parallelism = {parallelismName(decision.kind), r.loopLine, r.variable, r.array, r.arrayDim,
                     s.stages, s.strip, s.chain};
  std::string text = "The nest is " + std::string(parallelismName(decision.kind)) + " by the recurrence on '" +
                     r.array + "' carried by loop '" + r.variable + "' at line " + std::to_string(r.loopLine) +
                     (r.arrayDim > 0 ? " (distributed dimension " + std::to_string(r.arrayDim) + ")" : "");
  if (decision.kind == ParallelismKind::Serialized)
    text += ": processors run one after another";
  else
    text += ": a wavefront of " + counted(s.stages, "stage") + " of " + counted(s.strip, "outer iteration") +
            " over " + counted(s.chain, "processor") + "; each boundary message carries a stage, and their time is the " +
            "wavefront's critical path";
  if (decision.kind == ParallelismKind::Serialized && r.level > 0)
    text += " (not pipelined: " + decision.whyNotPipelined + ")";
  if (!r.exact)
    text += " (assumed: " + r.reason + ")";
  if (split)
    text += "; the statements outside that loop run in parallel, their busiest processor's CT added";
  note(text);
  if (decision.kind == ParallelismKind::Pipelined && !decision.uniformStages)
    note("The outer iterations of the pipelined nest do different work: the stage time is their average");
}

} // namespace

CompiledNestEstimate::CompiledNestEstimate(const program::Unit& unit, const program::Loop& nest,
                                           const mapping::Mapping& mapping, const machine::MachineProfile& machine,
                                           const EstimateOptions& options)
  : m_state(std::make_unique<State>())
{
  m_state->unit = &unit;
  m_state->nest = &nest;
  m_state->machine = &machine;
  m_state->options = options;
  m_state->unitStatements = unit.statementsIn(nest.id);
  m_state->statements = m_state->periodic.emplace(unit, m_state->unitStatements).statements();
  m_state->parameters = program::parameterValues(unit);
  m_state->compileForms();
  m_state->loopNest = program::loopNestOf(unit, nest);
  std::vector<std::string> arrays;
  for (const auto* st : m_state->statements)
    for (const auto& ref : st->refs)
      arrays.push_back(ref.array);
  m_state->declared.emplace(unit, arrays);
  m_state->compile(mapping);
}

CompiledNestEstimate::~CompiledNestEstimate() = default;
CompiledNestEstimate::CompiledNestEstimate(CompiledNestEstimate&&) noexcept = default;
CompiledNestEstimate& CompiledNestEstimate::operator=(CompiledNestEstimate&&) noexcept = default;

void CompiledNestEstimate::setFormulas(bool on) { m_state->options.formulas = on; }

bool CompiledNestEstimate::compiledFor(const mapping::Mapping& mapping) const
{
  return sameStructure(m_state->structure, mapping);
}

EstimateResult CompiledNestEstimate::evaluate(const symbolic::Bindings& values, const mapping::Mapping& mapping)
{
  if (!compiledFor(mapping))
    m_state->compile(mapping);
  m_state->remember(values);
  return PointEstimator(*m_state, mapping).run();
}

} // namespace ps::estimate

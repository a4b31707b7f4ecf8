#include "mapping/mapping-builder.h"

#include "support/text.h"
#include "symbolic/evaluation.h"

#include <algorithm>
#include <deque>
#include <set>
#include <utility>

namespace ps::mapping {
namespace {

/// (*,*): every format collapsed, no dimension distributed.
bool distributesNothing(const std::vector<DistributionFormat>& formats)
{
  return std::all_of(formats.begin(), formats.end(),
                     [](const DistributionFormat& f) { return f.kind == FormatKind::Collapsed; });
}

using program::Unit;
using symbolic::Bindings;

struct Extent64 {
  std::int64_t lower = 1, upper = 1;
};

std::optional<std::int64_t> evaluate(const symbolic::Expr& e, const Bindings& values, const std::string& what,
                                     MappingResult& out)
{
  symbolic::EvaluationError error;
  auto v = symbolic::evaluateFor(e, values, what, &error);
  if (!v) {
    out.errors.push_back(error.message);
    symbolic::addMissing(out.missing, error.missing);
  }
  return v;
}

std::optional<std::vector<Extent64>> arrayExtents(const program::Symbol& s, const Bindings& values,
                                                  MappingResult& problems)
{
  std::vector<Extent64> out;
  for (const auto& d : s.dims) {
    auto lo = evaluate(d.lower, values, "the extent of '" + s.name + "'", problems);
    auto hi = evaluate(d.upper, values, "the extent of '" + s.name + "'", problems);
    if (!lo || !hi)
      return std::nullopt;
    out.push_back({*lo, *hi});
  }
  return out;
}

/// Number of elements of lower..upper, or nullopt when it has none or more
/// than a 64-bit count can hold (--set n=9223372036854775807).
std::optional<std::int64_t> extentSize(const Extent64& e)
{
  std::int64_t size = 0;
  if (__builtin_sub_overflow(e.upper, e.lower, &size) || __builtin_add_overflow(size, 1, &size) || size < 1)
    return std::nullopt;
  return size;
}

/// The most elements one array or template may have: counts of elements
/// times up to 16 bytes each, times iterations, must stay in 64 bits.
constexpr std::int64_t kMaxElements = std::int64_t{1} << 50;

/// Checks that every dimension of `name` has elements and that their
/// product, the element count, stays below kMaxElements (checked products).
bool validExtents(const std::string& name, const std::vector<Extent64>& extents, MappingResult& problems)
{
  std::int64_t total = 1;
  for (std::size_t d = 0; d < extents.size(); ++d) {
    const auto& e = extents[d];
    const auto size = extentSize(e);
    if (!size && e.upper < e.lower) {
      problems.errors.push_back("'" + name + "' has no elements: dimension " + std::to_string(d + 1) + " is " +
                                std::to_string(e.lower) + ":" + std::to_string(e.upper));
      return false;
    }
    if (!size || __builtin_mul_overflow(total, *size, &total) || total > kMaxElements) {
      problems.errors.push_back("'" + name + "' is too large to estimate: dimension " + std::to_string(d + 1) +
                                " is " + std::to_string(e.lower) + ":" + std::to_string(e.upper) +
                                " (at most 2^50 elements in all)");
      return false;
    }
  }
  return true;
}

/// HPF 2.0 Sec. 3.3: BLOCK(m) is valid only when m times the processors
/// cover the dimension.
bool validBlockSize(const std::string& name, std::size_t d, const DimensionDistribution& dim,
                    MappingResult& problems)
{
  const auto m = dim.format().size;
  std::int64_t covered = 0;
  if (dim.format().kind != FormatKind::Block || m == 0 || __builtin_mul_overflow(m, dim.procs(), &covered) ||
      covered >= dim.upper() - dim.lower() + 1)
    return true;
  problems.errors.push_back("BLOCK(" + std::to_string(m) + ") of '" + name + "' dimension " + std::to_string(d + 1) +
                            " covers " + std::to_string(covered) + " of its " +
                            std::to_string(dim.upper() - dim.lower() + 1) + " elements on " +
                            counted(dim.procs(), "processor") + "; HPF needs m*P at least the extent");
  return false;
}

/// Adds a template with `formats` over `extents`, assigning processors
/// dimensions to distributed template dimensions in order. Returns -1 (with
/// the reason in `problems`) when the extents or a BLOCK(m) are invalid.
int addTemplate(Mapping& m, const std::string& name, const std::vector<Extent64>& extents,
                const std::vector<DistributionFormat>& formats, MappingResult& problems)
{
  if (!validExtents(name, extents, problems))
    return -1;
  TemplateDistribution t;
  t.name = name;
  int next = 0;
  for (std::size_t d = 0; d < extents.size(); ++d) {
    const auto f = d < formats.size() ? formats[d] : DistributionFormat::collapsed();
    int pd = -1;
    if (f.distributed() && next < m.procs.rank())
      pd = next++;
    const auto procs = pd >= 0 ? m.procs.shape[pd] : 1;
    t.dims.emplace_back(pd >= 0 ? f : DistributionFormat::collapsed(), extents[d].lower, extents[d].upper, procs);
    t.procDim.push_back(pd);
    if (!validBlockSize(name, d, t.dims.back(), problems))
      return -1;
  }
  m.templates.push_back(std::move(t));
  return static_cast<int>(m.templates.size()) - 1;
}

ArrayMapping identity(const std::string& array, int templ, std::size_t rank)
{
  ArrayMapping a{array, templ, {}};
  for (std::size_t d = 0; d < rank; ++d)
    a.axes.push_back({TemplateAxis::Kind::ArrayDim, static_cast<int>(d), 1, 0});
  return a;
}

/// Sets `m.procs` to `requested` arranged with `rank` dimensions (the
/// number of distributed dimensions; < 1: as requested). A count is arranged
/// like the distribution without a word (that is what a count means); an
/// explicit grid of another rank gets a note, since the user asked for a shape.
void fitArrangement(Mapping& m, const ProcessorsArrangement& requested, int rank, bool explicitShape)
{
  m.procs = rank < 1 || requested.rank() == rank ? requested : requested.reshaped(rank);
  if (explicitShape && requested.rank() > 1 && m.procs.rank() != requested.rank())
    m.notes.push_back("P=" + requested.str() + " arranged as " + m.procs.str() + " for the " + std::to_string(rank) +
                      "-D distribution");
}

/// NUMBER_OF_PROCESSORS() (HPF 2.0, Sec. 3.6) as the unknown
/// 'number_of_processors', so that a shape using it can be evaluated.
fortran::Expr numberOfProcessorsAsName(fortran::Expr e)
{
  if (e.kind == fortran::ExprKind::FunctionRef && e.text == "number_of_processors" && e.operands.empty())
    e.kind = fortran::ExprKind::Name;
  for (auto& o : e.operands)
    o = numberOfProcessorsAsName(std::move(o));
  return e;
}

/// The arrangement a PROCESSORS directive declares, its extents evaluated.
ProcessorsArrangement arrangementOf(const fortran::EntityDecl& o, const Unit& unit, const Bindings& values,
                                    MappingResult& problems)
{
  ProcessorsArrangement a{o.name, {}};
  for (const auto& dim : o.dims) {
    auto e = program::toSymbolic(numberOfProcessorsAsName(dim.upper), unit);
    auto v = e ? evaluate(*e, values, "the shape of processors '" + o.name + "'", problems) : std::nullopt;
    if (v && !dim.lower.missing()) { // P(0:NP-1): NP processors
      auto l = program::toSymbolic(numberOfProcessorsAsName(dim.lower), unit);
      auto lower = l ? evaluate(*l, values, "the shape of processors '" + o.name + "'", problems) : std::nullopt;
      v = lower ? std::optional<std::int64_t>(*v - *lower + 1) : std::nullopt;
    }
    const std::int64_t extent = v.value_or(1);
    const bool tooMany = extent > kMaxProcessors || a.count() * extent > kMaxProcessors; // a.count() <= 2^20
    if (extent < 1)
      problems.errors.push_back("PROCESSORS '" + o.name + "' has " + std::to_string(extent) +
                                " processors in dimension " + std::to_string(a.shape.size() + 1) + " (at least 1 each)");
    else if (tooMany)
      problems.errors.push_back("PROCESSORS '" + o.name + "' declares more than " + std::to_string(kMaxProcessors) +
                                " processors (2^20, the most PartScope estimates)");
    a.shape.push_back(extent >= 1 && !tooMany ? extent : 1);
  }
  if (a.shape.empty())
    a.shape.push_back(1);
  return a;
}

// ---- directives ------------------------------------------------------------

class DirectiveMapper {
public:
  DirectiveMapper(const Unit& unit, const Bindings& values, const std::optional<ProcessorsArrangement>& procs,
                  int atLine)
    : m_unit(unit), m_values(values), m_requested(procs), m_atLine(atLine)
  {
    if (unit.inheritedDirectives.empty())
      return; // m_referenced filters only those (an outline maps every loop of a unit)
    for (const auto& st : unit.statements) {
      for (const auto& r : st.refs)
        m_referenced.insert(r.array);
      for (const auto& a : st.arguments)
        m_referenced.insert(a.name);
    }
    // and what they are aligned with, through chains of inherited ALIGNs
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& inherited : unit.inheritedDirectives) {
        const auto& d = inherited.directive;
        if (d.kind == fortran::DirectiveKind::Align && !m_referenced.count(d.target) &&
            std::any_of(d.alignees.begin(), d.alignees.end(), [&](const auto& a) { return m_referenced.count(a) > 0; }))
          grew = m_referenced.insert(d.target).second;
      }
    }
  }

  MappingResult run()
  {
    collect();
    applyRemappings();
    chooseFormats();
    chooseArrangement();
    if (!m_problems.errors.empty())
      return std::move(m_problems);
    for (const auto& [name, dist] : m_distributions)
      addDistributed(name, dist);
    for (const auto& [alignee, align] : m_aligns)
      resolve(alignee, 0);
    if (!m_problems.errors.empty())
      return std::move(m_problems);
    return {std::move(m_mapping), {}, {}};
  }

private:
  struct Dist {
    std::vector<DistributionFormat> formats;
    std::string onto;
    std::string origin = "DISTRIBUTE"; // names the directive in messages
    bool chosen = false;               // no formats written: BLOCK per dimension
  };

  Dist distOf(const fortran::Directive& d, std::string origin = "DISTRIBUTE")
  {
    if (!d.ontoSubscripts.empty())
      note("ONTO a section of '" + d.onto + "' is mapped onto the whole arrangement");
    return {formats(d), d.onto, std::move(origin), !d.formatsWritten};
  }

  /// The inherited directives (a used module's, the host's) first: the
  /// unit's own come after and win.
  void collect()
  {
    for (const auto& inherited : m_unit.inheritedDirectives)
      if (auto d = referencedOnly(inherited.directive))
        collect(m_inherited.emplace_back(std::move(*d)));
    // an arrangement of the unit's own of the same name is found first
    auto inheritedArrangements = std::exchange(m_arrangements, {});
    for (const auto& d : m_unit.directives)
      collect(d);
    m_arrangements.insert(m_arrangements.end(), inheritedArrangements.begin(), inheritedArrangements.end());
  }

  /// An inherited directive reduced to the arrays the unit references (a
  /// module's other arrays would shape its arrangement for nothing);
  /// nullopt when none is left. Templates and processors stay.
  std::optional<fortran::Directive> referencedOnly(fortran::Directive d) const
  {
    const auto unused = [&](const std::string& n) {
      const auto* s = m_unit.symbol(n);
      return s && s->isArray() && !m_referenced.count(n);
    };
    for (auto* names : {&d.distributees, &d.alignees, &d.dynamicNames}) {
      const bool had = !names->empty();
      std::erase_if(*names, unused);
      if (had && names->empty())
        return std::nullopt;
    }
    return d;
  }

  void collect(const fortran::Directive& d)
  {
    using fortran::DirectiveKind;
    if (d.kind == DirectiveKind::Processors)
      for (const auto& o : d.objects)
        m_arrangements.push_back(arrangement(o));
    else if (d.kind == DirectiveKind::Template)
      for (const auto& o : d.objects)
        m_templates[o.name] = o;
    else if (d.kind == DirectiveKind::Distribute && d.formatMode == fortran::MappingMode::Transcriptive)
      for (const auto& name : d.distributees)
        fromCaller(name, "DISTRIBUTE *");
    else if (d.kind == DirectiveKind::Distribute)
      for (const auto& name : d.distributees)
        m_distributions[name] = distOf(d);
    else if (d.kind == DirectiveKind::Align)
      for (const auto& name : d.alignees)
        m_aligns[name] = &d;
    else if (d.kind == DirectiveKind::Dynamic)
      m_dynamic.insert(d.dynamicNames.begin(), d.dynamicNames.end());
    else if (d.kind == DirectiveKind::Inherit)
      for (const auto& name : d.names)
        fromCaller(name, "INHERIT");
  }

  /// Source: HPF 2.0, Sec. 3.3 and 3.8: a transcriptive dummy has the
  /// mapping of its actual argument, which only a caller knows; the unit
  /// estimator gives it the actual's mapping, else it stays replicated.
  void fromCaller(const std::string& name, const char* how)
  {
    note("Dummy '" + name + "' takes its mapping from the caller (" + how +
         "); estimated alone it is treated as replicated");
  }

  /// Source: HPF 2.0, Sec. 3.3: DISTRIBUTE a ONTO p without formats leaves
  /// them to the implementation; PartScope chooses BLOCK in every dimension.
  void chooseFormats()
  {
    for (auto& [name, dist] : m_distributions) {
      if (!dist.chosen)
        continue;
      const auto rank = rankOf(name);
      dist.formats.assign(rank, DistributionFormat::block());
      std::string text = "(";
      for (std::size_t d = 0; d < rank; ++d)
        text += d ? ",BLOCK" : "BLOCK";
      note(dist.origin + " of '" + name + "' gives no distribution formats; PartScope maps it " + text +
           ") (HPF leaves the choice to the implementation)");
    }
  }

  std::size_t rankOf(const std::string& name) const
  {
    if (auto t = m_templates.find(name); t != m_templates.end())
      return t->second.dims.size();
    const auto* s = m_unit.symbol(name);
    return s ? s->dims.size() : 0;
  }

  // ---- executable remapping (HPF 2.0, Sec. 8.1, 8.3, 8.4) -----------------

  /// Applies the REDISTRIBUTE and REALIGN directives on lines before
  /// m_atLine in source order, over the declarative mapping.
  void applyRemappings()
  {
    if (m_atLine <= 0)
      return;
    for (std::size_t k = 0; k < m_unit.directives.size(); ++k) {
      const auto& d = m_unit.directives[k];
      const int line = k < m_unit.directiveLines.size() ? m_unit.directiveLines[k] : 0;
      if (line >= m_atLine)
        continue;
      if (d.kind == fortran::DirectiveKind::Redistribute)
        redistribute(d, line);
      else if (d.kind == fortran::DirectiveKind::Realign)
        realign(d, line);
    }
  }

  /// A new distribution for a template or an array. Everything aligned with
  /// it follows, since alignments are resolved against the final state.
  void redistribute(const fortran::Directive& d, int line)
  {
    const auto where = "REDISTRIBUTE at line " + std::to_string(line);
    for (const auto& name : d.distributees) {
      const bool isTemplate = m_templates.count(name) > 0;
      if (!isTemplate && !isArray(name)) {
        m_problems.errors.push_back(where + " names '" + name + "', which is neither a TEMPLATE nor an array");
        continue;
      }
      requireDynamic(name, isTemplate ? "Template" : "Array", "redistributed", line);
      if (auto a = m_aligns.find(name); a != m_aligns.end()) {
        note("Array '" + name + "' is aligned with '" + a->second->target + "' but redistributed at line " +
             std::to_string(line) + "; it is distributed on its own from there (HPF 2.0, Sec. 8.3 allows only "
             "alignment roots)");
        m_aligns.erase(a);
      }
      m_distributions[name] = distOf(d, where);
    }
  }

  /// A new alignment for one or more arrays; their old ALIGN or DISTRIBUTE
  /// no longer applies.
  void realign(const fortran::Directive& d, int line)
  {
    const auto where = "REALIGN at line " + std::to_string(line);
    if (!m_templates.count(d.target) && !isArray(d.target)) {
      m_problems.errors.push_back(where + " aligns with '" + d.target + "', which is neither a TEMPLATE nor an array");
      return;
    }
    for (const auto& name : d.alignees) {
      if (!isArray(name)) {
        m_problems.errors.push_back(where + " names '" + name + "', which is not an array");
        continue;
      }
      requireDynamic(name, "Array", "realigned", line);
      for (const auto& [other, align] : m_aligns)
        if (align->target == name)
          note("Array '" + other + "' is aligned with '" + name + "', which is realigned at line " +
               std::to_string(line) + "; it follows '" + name + "' here, while HPF 2.0 keeps its mapping");
      m_distributions.erase(name);
      m_aligns[name] = &d;
    }
  }

  bool isArray(const std::string& name) const
  {
    const auto* s = m_unit.symbol(name);
    return s && s->isArray();
  }

  /// Source: HPF 2.0, Sec. 8.5: only DYNAMIC objects may be remapped. The
  /// remapping is applied anyway; the note tells the user.
  void requireDynamic(const std::string& name, const char* what, const char* verb, int line)
  {
    if (!m_dynamic.count(name))
      note(std::string(what) + " '" + name + "' is " + verb + " at line " + std::to_string(line) +
           " but not declared DYNAMIC (HPF 2.0 requires it)");
  }

  void note(std::string text)
  {
    if (std::find(m_mapping.notes.begin(), m_mapping.notes.end(), text) == m_mapping.notes.end())
      m_mapping.notes.push_back(std::move(text));
  }

  /// The shape's problems (an unknown extent, NUMBER_OF_PROCESSORS()
  /// without a count) are kept in m_shapeProblems and count only when the
  /// arrangement is the one used.
  ProcessorsArrangement arrangement(const fortran::EntityDecl& o)
  {
    auto values = m_values;
    if (m_requested) // NUMBER_OF_PROCESSORS() is the count asked for
      values["number_of_processors"] = m_requested->count();
    return arrangementOf(o, m_unit, values, m_shapeProblems[o.name]);
  }


  std::vector<DistributionFormat> formats(const fortran::Directive& d)
  {
    std::vector<DistributionFormat> out;
    for (const auto& f : d.formats) {
      std::int64_t size = 0;
      if (f.kind == fortran::FormatKind::GenBlock || f.kind == fortran::FormatKind::Indirect) {
        note(std::string(fortran::formatKindName(f.kind)) + "(" + fortran::toString(f.size) +
             ") is estimated as BLOCK (PartScope has no irregular distributions)");
        out.push_back(DistributionFormat::block());
        continue;
      }
      if (!f.size.missing()) {
        auto e = program::toSymbolic(f.size, m_unit);
        size = e ? evaluate(*e, m_values, "a block size", m_problems).value_or(1) : 1;
        const auto what = std::string(fortran::formatKindName(f.kind)) + " block size '" + fortran::toString(f.size) + "'";
        if (!e && f.size.kind == fortran::ExprKind::Real)
          m_problems.errors.push_back(what + " is not an integer");
        else if (!e) // MAX(1,N/8), N/NUMBER_OF_PROCESSORS(): valid, beyond the analyser
          note(what + " could not be evaluated: taken as 1");
        else if (size < 1)
          m_problems.errors.push_back(what + " is " + std::to_string(size) + "; it must be positive");
        else if (size > kMaxBlockSize) // as --dist: k * P stays far inside 64 bits
          m_problems.errors.push_back(what + (fortran::toString(f.size) == std::to_string(size) ? "" : " is " + std::to_string(size)) +
                                      ": at most 999999999999");
      }
      if (f.kind == fortran::FormatKind::Block)
        out.push_back(DistributionFormat::block(size));
      else if (f.kind == fortran::FormatKind::Cyclic)
        out.push_back(DistributionFormat::cyclic(size ? size : 1));
      else
        out.push_back(DistributionFormat::collapsed());
    }
    return out;
  }

  /// The template or array `name`'s data is distributed through: the end
  /// of its ALIGN chain (itself when it aligns with nothing).
  std::string alignRoot(std::string name) const
  {
    for (int depth = 0; depth < 16; ++depth) {
      const auto a = m_aligns.find(name);
      if (a == m_aligns.end())
        break;
      name = a->second->target;
    }
    return name;
  }

  /// The distributions the loop nest on m_atLine reads or writes through,
  /// when they are all onto one arrangement (PROCESSORS P1(4), P2(2,2): a
  /// nest of P1's arrays gets P1, not the 2x2 the others need); empty
  /// otherwise (no such nest, or its arrays on several arrangements).
  std::set<std::string> nestDistributions() const
  {
    const auto* loop = m_atLine > 0 ? m_unit.loopAtLine(m_atLine) : nullptr;
    if (!loop)
      return {};
    std::set<std::string> out, onto;
    for (const auto& st : m_unit.statements) {
      if (std::find(st.loops.begin(), st.loops.end(), loop->id) == st.loops.end())
        continue;
      for (const auto& ref : st.refs)
        if (const auto d = m_distributions.find(alignRoot(ref.array)); d != m_distributions.end()) {
          out.insert(d->first);
          onto.insert(d->second.onto);
        }
    }
    // only where the directives name one of several arrangements (else the first is every array's)
    return onto.size() == 1 && !onto.begin()->empty() && m_arrangements.size() > 1 ? out : std::set<std::string>{};
  }

  void chooseArrangement()
  {
    int rank = 0;
    std::string onto;
    const auto nest = nestDistributions();
    for (const auto& [name, d] : m_distributions) {
      if (!nest.empty() && !nest.count(name))
        continue;
      rank = std::max(rank, static_cast<int>(std::count_if(d.formats.begin(), d.formats.end(),
                                                           [](auto& f) { return f.distributed(); })));
      if (onto.empty())
        onto = d.onto;
    }
    ProcessorsArrangement base{"procs", {1}};
    auto named = std::find_if(m_arrangements.begin(), m_arrangements.end(), [&](auto& a) { return a.name == onto; });
    if (named != m_arrangements.end())
      base = *named;
    else if (!m_arrangements.empty())
      base = m_arrangements.front();
    if (auto p = m_shapeProblems.find(base.name); p != m_shapeProblems.end() && !m_requested) {
      m_problems.errors.insert(m_problems.errors.end(), p->second.errors.begin(), p->second.errors.end());
      for (const auto& name : p->second.missing)
        symbolic::addMissing(m_problems.missing, {name});
    }
    const auto problems = m_shapeProblems.find(base.name);
    const bool declaredShape =
        problems == m_shapeProblems.end() || (problems->second.errors.empty() && problems->second.missing.empty());
    const auto declared = base;
    if (m_requested) // its shape, not the declared one's: 2x8 stays 2x8 where PROCESSORS says 4x4
      base = ProcessorsArrangement{base.name, m_requested->shape};
    fitArrangement(m_mapping, base, rank, m_requested.has_value());
    // a new user's --procs 3 for PROCESSORS PR(4) went unremarked; --procs 4 arranged as PR(2,2)'s 2x2 replaces nothing
    if (m_requested && named != m_arrangements.end() && declaredShape && m_mapping.procs.shape != declared.shape) {
      auto text = declared.str();
      std::replace(text.begin(), text.end(), 'x', ',');
      const auto used = m_mapping.procs.str();
      note("PROCESSORS " + declared.name + "(" + text + ") is replaced by the arrangement asked for, " +
           m_requested->str() + (used != m_requested->str() ? " (arranged as " + used + ")" : ""));
    }
    noteOtherArrangements(nest, onto);
    noteNarrowerDistributions(rank);
  }

  /// Says which distributions onto other arrangements than the nest's
  /// (`onto`) are shown fitted to it.
  void noteOtherArrangements(const std::set<std::string>& nest, const std::string& onto)
  {
    std::string others;
    int count = 0;
    for (const auto& [name, d] : m_distributions)
      if (!nest.empty() && !nest.count(name) && d.onto != onto)
        others += (count++ == 0 ? "'" : ", '") + name + "'";
    if (count > 0)
      note("The loop at line " + std::to_string(m_atLine) + " uses only data distributed onto '" + onto +
           "', so that is the arrangement; " + others + " (onto another) " + (count == 1 ? "is" : "are") +
           " shown fitted to it");
  }

  /// The mapping has one processors arrangement for every array, shaped for
  /// the largest number of distributed dimensions: a distribution with fewer
  /// (s(BLOCK) ONTO p(16) beside a(BLOCK,BLOCK) ONTO q(4,4)) spans only part
  /// of it, each element owned by a row of processors. Say so, naming the
  /// arrays, rather than present it as the directive's mapping.
  void noteNarrowerDistributions(int rank)
  {
    if (m_mapping.procs.rank() < 2)
      return;
    std::vector<std::string> narrower;
    std::int64_t spans = 0;
    for (const auto& [name, d] : m_distributions) {
      const auto distributed = std::count_if(d.formats.begin(), d.formats.end(), [](auto& f) { return f.distributed(); });
      if (distributed == 0 || distributed >= rank)
        continue;
      narrower.push_back("'" + name + "'");
      std::int64_t n = 1;
      for (std::int64_t k = 0; k < distributed && k < m_mapping.procs.rank(); ++k)
        n *= m_mapping.procs.shape[static_cast<std::size_t>(k)];
      spans = std::max(spans, n);
    }
    if (narrower.empty())
      return;
    const auto names = joinWithAnd(narrower);
    note("Every array is mapped onto one arrangement, " + m_mapping.procs.str() + ": " + names +
         " (fewer distributed dimensions) " + (narrower.size() == 1 ? "spans" : "span") + " " +
         counted(spans, "processor") + " of its " + std::to_string(m_mapping.procs.count()) +
         ", each element with a copy on every processor of the other dimensions");
  }

  std::optional<std::vector<Extent64>> extentsOf(const std::string& name)
  {
    if (auto t = m_templates.find(name); t != m_templates.end()) {
      std::vector<Extent64> out;
      for (const auto& d : t->second.dims) {
        auto lo = d.lower.missing() ? std::optional(symbolic::Expr::integer(1)) : program::toSymbolic(d.lower, m_unit);
        auto hi = program::toSymbolic(d.upper, m_unit);
        auto l = lo ? evaluate(*lo, m_values, "the extent of template '" + name + "'", m_problems) : std::nullopt;
        auto h = hi ? evaluate(*hi, m_values, "the extent of template '" + name + "'", m_problems) : std::nullopt;
        if (!l || !h)
          return std::nullopt;
        out.push_back({*l, *h});
      }
      return out;
    }
    if (const auto* s = m_unit.symbol(name); s && s->isArray())
      return arrayExtents(*s, m_values, m_problems);
    m_problems.errors.push_back("DISTRIBUTE names '" + name + "', which is neither a TEMPLATE nor an array");
    return std::nullopt;
  }

  void addDistributed(const std::string& name, const Dist& dist)
  {
    auto extents = extentsOf(name);
    if (!extents)
      return;
    if (dist.formats.size() != extents->size()) {
      m_problems.errors.push_back(dist.origin + " gives " + counted(dist.formats.size(), "format") + " for '" + name +
                                  "', which has " + counted(extents->size(), "dimension"));
      return;
    }
    if (distributesNothing(dist.formats)) // it and what is aligned with it are on every processor
      return;
    const int t = addTemplate(m_mapping, name, *extents, dist.formats, m_problems);
    if (t < 0)
      return;
    m_templateIndex[name] = t;
    if (!m_templates.count(name))
      m_mapping.arrays[name] = identity(name, t, extents->size());
  }

  /// " (line L)" for a directive of the unit, empty for an inherited one.
  std::string directiveAt(const fortran::Directive& d) const
  {
    const auto& own = m_unit.directives;
    if (own.empty() || &d < own.data() || &d >= own.data() + own.size())
      return "";
    const auto k = static_cast<std::size_t>(&d - own.data());
    return k < m_unit.directiveLines.size() ? " (line " + std::to_string(m_unit.directiveLines[k]) + ")" : "";
  }

  /// The mapping of `name` relative to its template, composing ALIGN chains.
  std::optional<ArrayMapping> resolve(const std::string& name, int depth)
  {
    if (auto it = m_mapping.arrays.find(name); it != m_mapping.arrays.end())
      return it->second;
    if (auto t = m_templateIndex.find(name); t != m_templateIndex.end())
      return identity(name, t->second, m_mapping.templates[t->second].dims.size());
    auto a = m_aligns.find(name);
    if (a == m_aligns.end() || depth > 16)
      return std::nullopt;
    auto target = resolve(a->second->target, depth + 1);
    if (!target)
      return std::nullopt; // aligned with something not distributed: replicated
    if (!alignableSize(name))
      return std::nullopt;
    auto mapped = align(name, *a->second, *target);
    if (mapped)
      m_mapping.arrays[name] = *mapped;
    return mapped;
  }

  /// An aligned array obeys the size limit of distributed ones (its
  /// template may be much smaller: A(*,J) WITH T(J)). An extent that cannot
  /// be evaluated here is left to the estimate, which names the value; an
  /// empty one stays as before.
  bool alignableSize(const std::string& name)
  {
    const auto* symbol = m_unit.symbol(name);
    MappingResult unknown;
    const auto extents = symbol && symbol->isArray() ? arrayExtents(*symbol, m_values, unknown) : std::nullopt;
    if (!extents || std::any_of(extents->begin(), extents->end(), [](const Extent64& e) { return e.upper < e.lower; }))
      return true; // an empty array is no size problem
    return validExtents(name, *extents, m_problems);
  }

  std::optional<ArrayMapping> align(const std::string& name, const fortran::Directive& d, const ArrayMapping& target)
  {
    const auto* symbol = m_unit.symbol(name);
    const auto rank = symbol ? symbol->dims.size() : 0;
    if (d.targetSubscripts.empty()) { // ALIGN WITH t :: a  (identity)
      ArrayMapping out = target;
      out.array = name;
      return out;
    }
    const auto* targetSymbol = m_unit.symbol(d.target);
    const auto targetRank = targetSymbol && targetSymbol->isArray()
                              ? targetSymbol->dims.size()
                              : m_mapping.templates[static_cast<std::size_t>(target.templateIndex)].dims.size();
    if (d.targetSubscripts.size() != targetRank) {
      m_problems.errors.push_back("ALIGN " + name + " WITH " + d.target + directiveAt(d) + " gives " +
                                  std::to_string(d.targetSubscripts.size()) + " subscripts for '" + d.target +
                                  "', which has " + std::to_string(targetRank) +
                                  (targetRank == 1 ? " dimension" : " dimensions"));
      return std::nullopt;
    }
    std::vector<std::string> dummies = aligneeDummies(d, rank);
    ArrayMapping out{name, target.templateIndex, target.axes};
    std::vector<TemplateAxis> targetDim(d.targetSubscripts.size());
    int colon = 0;
    for (std::size_t k = 0; k < d.targetSubscripts.size(); ++k)
      targetDim[k] = axisFor(d.targetSubscripts[k], dummies, colon);
    // compose: target dim k of the align target is itself mapped by target.axes
    for (auto& axis : out.axes) {
      if (axis.kind != TemplateAxis::Kind::ArrayDim)
        continue;
      const auto k = static_cast<std::size_t>(axis.arrayDim);
      const TemplateAxis inner = k < targetDim.size() ? targetDim[k] : TemplateAxis{};
      if (inner.kind == TemplateAxis::Kind::ArrayDim)
        axis = {TemplateAxis::Kind::ArrayDim, inner.arrayDim, axis.stride * inner.stride, axis.stride * inner.offset + axis.offset};
      else if (inner.kind == TemplateAxis::Kind::Constant)
        axis = {TemplateAxis::Kind::Constant, 0, 1, axis.stride * inner.offset + axis.offset};
      else
        axis = {TemplateAxis::Kind::Replicated, 0, 1, 0};
    }
    noteOutsideTemplate(out, d);
    return out;
  }

  /// HPF requires an alignment to map every element inside its target
  /// (HPF 1.1, Sec. 3.4): ALIGN B(I) WITH A(2*I), B and A of 8 elements,
  /// puts B(5:8) on A(10:16). The estimate goes on (an index past the
  /// template's end is owned as its last block is), with a note.
  void noteOutsideTemplate(const ArrayMapping& a, const fortran::Directive& d)
  {
    const auto* symbol = m_unit.symbol(a.array);
    MappingResult unknown;
    const auto extents = symbol && symbol->isArray() ? arrayExtents(*symbol, m_values, unknown) : std::nullopt;
    if (!extents || a.templateIndex < 0)
      return;
    const auto& t = m_mapping.templates[static_cast<std::size_t>(a.templateIndex)];
    for (std::size_t td = 0; td < a.axes.size() && td < t.dims.size(); ++td) {
      const auto& axis = a.axes[td];
      const auto k = static_cast<std::size_t>(axis.arrayDim);
      if (axis.kind != TemplateAxis::Kind::ArrayDim || k >= extents->size() || (*extents)[k].upper < (*extents)[k].lower)
        continue;
      const auto ends = {axis.stride * (*extents)[k].lower + axis.offset, axis.stride * (*extents)[k].upper + axis.offset};
      const auto [first, last] = std::minmax(ends);
      if (first >= t.dims[td].lower() && last <= t.dims[td].upper())
        continue;
      m_mapping.notes.push_back("ALIGN " + a.array + " WITH " + d.target + directiveAt(d) + " maps dimension " +
                                std::to_string(k + 1) + " of '" + a.array + "' to " + std::to_string(first) + ":" +
                                std::to_string(last) + ", outside " + std::to_string(t.dims[td].lower()) + ":" +
                                std::to_string(t.dims[td].upper()) +
                                " (HPF requires it inside); the elements past the end are counted where the last "
                                "block is");
      return;
    }
  }

  std::vector<std::string> aligneeDummies(const fortran::Directive& d, std::size_t rank)
  {
    std::vector<std::string> dummies;
    for (std::size_t k = 0; k < d.aligneeSubscripts.size(); ++k) {
      const auto& s = d.aligneeSubscripts[k];
      if (s.kind == fortran::ExprKind::Name)
        dummies.push_back(s.text);
      else if (s.kind == fortran::ExprKind::Triplet)
        dummies.push_back(":" + std::to_string(k));
      else
        dummies.push_back("*"); // collapsed alignee dimension
    }
    if (d.aligneeSubscripts.empty())
      for (std::size_t k = 0; k < rank; ++k)
        dummies.push_back(":" + std::to_string(k));
    return dummies;
  }

  TemplateAxis axisFor(const fortran::Expr& sub, const std::vector<std::string>& dummies, int& colon)
  {
    if (sub.kind == fortran::ExprKind::Star)
      return {TemplateAxis::Kind::Replicated, 0, 1, 0};
    if (sub.kind == fortran::ExprKind::Triplet) { // ':' matches the next ':' alignee dimension
      for (std::size_t k = 0, seen = 0; k < dummies.size(); ++k) {
        if (dummies[k].rfind(":", 0) == 0 && static_cast<int>(seen++) == colon) {
          ++colon;
          return {TemplateAxis::Kind::ArrayDim, static_cast<int>(k), 1, 0};
        }
      }
      return {};
    }
    auto e = program::toSymbolic(sub, m_unit);
    auto affine = e ? e->affineIn(dummies) : std::nullopt;
    if (!affine || affine->coefficients.size() > 1) {
      m_problems.errors.push_back("ALIGN subscript '" + fortran::toString(sub) + "' is not of the form stride*i+offset");
      return {};
    }
    auto offset = evaluate(affine->constant, m_values, "an ALIGN offset", m_problems).value_or(0);
    if (affine->coefficients.empty())
      return {TemplateAxis::Kind::Constant, 0, 1, offset};
    const auto& [dummy, stride] = *affine->coefficients.begin();
    const auto k = std::find(dummies.begin(), dummies.end(), dummy) - dummies.begin();
    return {TemplateAxis::Kind::ArrayDim, static_cast<int>(k), stride, offset};
  }

  const Unit& m_unit;
  const Bindings& m_values;
  std::optional<ProcessorsArrangement> m_requested;
  int m_atLine = 0; // remappings on earlier lines apply; 0: none
  Mapping m_mapping;
  MappingResult m_problems; // errors and missing values; never holds a mapping
  std::vector<ProcessorsArrangement> m_arrangements;
  std::map<std::string, fortran::EntityDecl> m_templates;
  std::map<std::string, Dist> m_distributions;
  std::map<std::string, const fortran::Directive*> m_aligns;
  std::set<std::string> m_referenced;          // the arrays the unit's statements name
  std::deque<fortran::Directive> m_inherited;  // referencedOnly's copies (m_aligns points into them)
  std::map<std::string, int> m_templateIndex;
  std::set<std::string> m_dynamic; // names declared DYNAMIC
  std::map<std::string, MappingResult> m_shapeProblems; // per PROCESSORS name
};

} // namespace

namespace {

/// The arrays the unit's ALIGN and DISTRIBUTE directives map but `spec`,
/// which replaces them, does not name (Mapping::leftOut): replicated now (a
/// vector aligned with a matrix's rows becomes a copy on every processor).
void noteDroppedDirectives(const DistSpec& spec, const Unit& unit, Mapping& m)
{
  std::set<std::string> named;
  for (const auto& group : spec.groups)
    named.insert(group.arrays.begin(), group.arrays.end());
  std::set<std::string> dropped;
  for (const auto& d : unit.directives) {
    const bool align = d.kind == fortran::DirectiveKind::Align || d.kind == fortran::DirectiveKind::Realign;
    const bool distribute = d.kind == fortran::DirectiveKind::Distribute || d.kind == fortran::DirectiveKind::Redistribute;
    for (const auto& name : align ? d.alignees : distribute ? d.distributees : std::vector<std::string>{})
      if (const auto* s = unit.symbol(name); s && s->isArray() && !named.count(name))
        dropped.insert(name);
  }
  m.leftOut.assign(dropped.begin(), dropped.end());
  m.spec = spec.text;
}

} // namespace

MappingResult mappingFromSpec(const DistSpec& spec, const Unit& unit, const Bindings& values,
                              const ProcessorsArrangement& procs)
{
  MappingResult result;
  Mapping m;
  fitArrangement(m, procs, spec.distributedRank(), true);
  for (const auto& group : spec.groups) {
    for (const auto& name : group.arrays) {
      const auto* s = unit.symbol(name);
      if (!s || !s->isArray()) {
        result.errors.push_back("Distribution '" + spec.text + "' names '" + name + "', which is not an array of '" +
                                unit.name + "'");
        continue;
      }
      if (group.replicated)
        continue; // named only to say it stays on every processor
      if (s->dims.size() != group.formats.size()) {
        result.errors.push_back("Distribution '" + spec.text + "' gives " + counted(group.formats.size(), "format") +
                                " for '" + name + "', which has " + counted(s->dims.size(), "dimension"));
        continue;
      }
      if (distributesNothing(group.formats)) // a copy on every processor, as 'replicated' says
        continue;
      auto extents = arrayExtents(*s, values, result);
      if (!extents)
        continue;
      const int t = addTemplate(m, name, *extents, group.formats, result);
      if (t < 0)
        continue;
      m.arrays[name] = identity(name, t, extents->size());
    }
  }
  noteDroppedDirectives(spec, unit, m);
  if (result.errors.empty())
    result.mapping = std::move(m);
  return result;
}

std::optional<ProcessorsArrangement> declaredArrangement(const Unit& unit, const Bindings& values)
{
  std::vector<const fortran::Directive*> directives; // the unit's own first, then a module's or the host's
  for (const auto& d : unit.directives)
    directives.push_back(&d);
  for (const auto& inherited : unit.inheritedDirectives)
    directives.push_back(&inherited.directive);
  for (const auto* d : directives)
    if (d->kind == fortran::DirectiveKind::Processors && !d->objects.empty()) {
      MappingResult problems;
      auto a = arrangementOf(d->objects.front(), unit, values, problems);
      if (problems.errors.empty())
        return a;
    }
  return std::nullopt;
}

MappingResult mappingFromDirectives(const Unit& unit, const Bindings& values,
                                    const std::optional<ProcessorsArrangement>& procs, int atLine)
{
  return DirectiveMapper(unit, values, procs, atLine).run();
}

} // namespace ps::mapping

#include "ddt/hpf-directives.h"

#include "support/text.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace ps::ddt {
namespace {

const std::set<std::string> kMappingKeywords = {"processors", "template", "align",   "distribute",
                                                "dynamic",    "realign",  "redistribute"};

std::string upper(std::string s)
{
  for (auto& c : s)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

/// A template: arrays of one shape aligned to it, one distribution per axis.
struct Template {
  std::string name;
  std::vector<std::string> extents;   // per axis
  std::vector<DimPlacement> axes;     // distribution per axis (axis field unused)
  std::vector<std::string> arrays;
  bool dynamic = false;
  std::string history; // the arrays' layouts phase by phase: a template's arrays always move together
};

class Emitter {
public:
  Emitter(const Plan& plan, const program::Unit& unit, const fortran::ParsedFile& parsed)
      : m_plan(plan), m_unit(unit), m_parsed(parsed),
        m_sentinel(parsed.form == fortran::SourceForm::Fixed ? "CHPF$ " : "!HPF$ ")
  {
  }

  HpfEdit run()
  {
    neededLayouts();
    declareTemplates();
    std::vector<HpfInsertion> remaps = remapBlocks();
    HpfInsertion decl{declarationLine(), declarations()};
    m_edit.insertions.push_back(decl);
    m_edit.insertions.insert(m_edit.insertions.end(), remaps.begin(), remaps.end());
    std::stable_sort(m_edit.insertions.begin(), m_edit.insertions.end(),
                     [](const HpfInsertion& a, const HpfInsertion& b) { return a.beforeLine < b.beforeLine; });
    return m_edit;
  }

private:
  // --- what each phase needs -------------------------------------------
  void neededLayouts()
  {
    const auto& whole = m_plan.whole;
    m_needed.resize(m_plan.phases.size());
    for (std::size_t k = 0; k < m_plan.phases.size(); ++k) {
      const LocalMapping* m = nullptr;
      if (whole.dynamicChosen && whole.dynamic.candidate[k] >= 0)
        m = &whole.dynamic.mappings[k];
      else if (!whole.statics.empty())
        m = &whole.statics.front().mapping;
      if (!m)
        continue;
      for (const auto& a : m_plan.phases[k].phase.arrays)
        if (auto it = m->arrays.find(a); it != m->arrays.end())
          m_needed[k][a] = compacted(it->second);
    }
  }

  /// The layout with its axes renumbered 0..rank-1 in their order: an array
  /// of lower rank than the template (rho(i,j) beside u(5,i,j)) gets a
  /// template of its own rank with the same distribution per dimension.
  static ArrayLayout compacted(ArrayLayout layout)
  {
    std::vector<int> axes;
    for (const auto& p : layout)
      axes.push_back(p.axis);
    std::sort(axes.begin(), axes.end());
    axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
    if (axes.size() != layout.size()) // two dimensions on one axis: keep them in array order
      for (std::size_t d = 0; d < layout.size(); ++d)
        layout[d].axis = static_cast<int>(d);
    else
      for (auto& p : layout)
        p.axis = static_cast<int>(std::lower_bound(axes.begin(), axes.end(), p.axis) - axes.begin());
    return layout;
  }

  std::string extentText(const program::Extent& e) const
  {
    const auto lo = e.lower.asInteger();
    const auto text = (lo && *lo == 1) ? bound(e.upper) : bound(e.lower) + ":" + bound(e.upper);
    return m_parsed.form == fortran::SourceForm::Fixed ? upper(text) : text;
  }

  /// The model folds PARAMETERs (with --set values), so a bound is a number;
  /// written back as the one integer PARAMETER with that value, when there
  /// is exactly one, the template keeps following the program's N.
  std::string bound(const symbolic::Expr& e) const
  {
    const auto v = e.asInteger();
    if (!v)
      return e.str();
    std::string name;
    for (const auto& [n, sym] : m_unit.symbols)
      if (sym.isParameter && !sym.isArray() && sym.value && sym.value->asInteger() == v) {
        if (!name.empty())
          return e.str();
        name = sym.name;
      }
    return name.empty() ? e.str() : name;
  }

  std::string name(const std::string& array) const
  {
    return m_parsed.form == fortran::SourceForm::Fixed ? upper(array) : array;
  }

  // --- templates -------------------------------------------------------
  void declareTemplates()
  {
    histories();
    for (std::size_t k = 0; k < m_needed.size(); ++k)
      for (const auto& [array, layout] : m_needed[k])
        if (!m_state.count(array))
          place(array, layout);
  }

  /// Each array's layout after every phase in program order (carried over
  /// phases that do not use it): arrays share a template only when these
  /// agree, so a REDISTRIBUTE of the template never moves an array the plan
  /// keeps in place.
  void histories()
  {
    std::map<std::string, std::string> last;
    m_history.clear();
    for (const auto& needed : m_needed) {
      for (const auto& [array, layout] : needed)
        last[array] = formatsText(layout) + std::to_string(layout.size());
      for (const auto& [array, text] : last)
        m_history[array] += text + "|";
    }
  }

  void place(const std::string& array, const ArrayLayout& layout)
  {
    const auto* sym = m_unit.symbol(array);
    std::vector<std::string> extents(layout.size());
    for (std::size_t d = 0; d < layout.size(); ++d)
      extents[layout[d].axis < static_cast<int>(layout.size()) ? layout[d].axis : d] = extentText(sym->dims[d]);
    std::vector<DimPlacement> axes(layout.size());
    for (const auto& p : layout)
      if (p.axis < static_cast<int>(axes.size()))
        axes[p.axis] = p;
    const auto& history = m_history[array];
    auto it = std::find_if(m_templates.begin(), m_templates.end(), [&](const Template& t) {
      if (t.extents != extents || t.history != history)
        return false;
      for (std::size_t a = 0; a < axes.size(); ++a)
        if (t.axes[a].procs != axes[a].procs || (axes[a].distributed() && t.axes[a].format != axes[a].format))
          return false;
      return true;
    });
    if (it == m_templates.end()) {
      m_templates.push_back({freeName("T", m_templates.size() + 1), extents, axes, {}, false, history});
      it = std::prev(m_templates.end());
    }
    it->arrays.push_back(array);
    m_templateOf[array] = static_cast<int>(it - m_templates.begin());
    m_state[array] = layout;
  }

  /// `stem` followed by `number` (none when 0), with underscores added
  /// until it names nothing in the unit (an array called T1 or PROCS).
  std::string freeName(const std::string& stem, std::size_t number) const
  {
    std::string s = stem;
    while (m_unit.symbol(toLower(s + (number ? std::to_string(number) : ""))))
      s += "_";
    s += number ? std::to_string(number) : "";
    return m_parsed.form == fortran::SourceForm::Fixed ? upper(s) : toLower(s);
  }

  // --- text ------------------------------------------------------------
  std::string formats(const std::vector<DimPlacement>& axes) const
  {
    std::string s = "(";
    for (std::size_t a = 0; a < axes.size(); ++a)
      s += (a ? "," : "") +
           std::string(!axes[a].distributed() ? "*"
                        : axes[a].format == mapping::FormatKind::Cyclic ? "CYCLIC" : "BLOCK");
    return s + ")";
  }

  std::string processors(const std::vector<DimPlacement>& axes)
  {
    std::vector<int> shape;
    for (const auto& p : axes)
      if (p.distributed())
        shape.push_back(p.procs);
    if (shape.empty())
      return "";
    auto it = std::find(m_shapes.begin(), m_shapes.end(), shape);
    if (it == m_shapes.end()) {
      m_shapes.push_back(shape);
      it = std::prev(m_shapes.end());
    }
    return " ONTO " + procsName(*it);
  }

  std::string procsName(const std::vector<int>& shape) const
  {
    // The first arrangement is PROCS; others are named by their shape (PROCS4X4).
    std::string s = freeName("PROCS", 0);
    if (!m_shapes.empty() && shape != m_shapes.front())
      for (std::size_t k = 0; k < shape.size(); ++k)
        s += (k ? "X" : "") + std::to_string(shape[k]);
    return s;
  }

  bool identityAligned(const std::string& array) const
  {
    const auto& l = m_state.at(array);
    for (std::size_t d = 0; d < l.size(); ++d)
      if (l[d].axis != static_cast<int>(d))
        return false;
    return true;
  }

  std::string alignTarget(const std::string& array) const
  {
    const auto& l = m_state.at(array);
    std::vector<std::string> subs(l.size());
    for (std::size_t d = 0; d < l.size(); ++d)
      subs[l[d].axis] = "I" + std::to_string(d + 1);
    std::string lhs, rhs;
    for (std::size_t d = 0; d < l.size(); ++d) {
      lhs += (d ? "," : "") + std::string("I") + std::to_string(d + 1);
      rhs += (d ? "," : "") + subs[d];
    }
    return name(array) + "(" + lhs + ") WITH " + m_templates[m_templateOf.at(array)].name + "(" + rhs + ")";
  }

  void alignLines(const Template& t, std::vector<std::string>& out, const std::string& keyword) const
  {
    std::vector<std::string> identity;
    for (const auto& a : t.arrays)
      if (identityAligned(a))
        identity.push_back(name(a));
      else
        out.push_back(m_sentinel + keyword + " " + alignTarget(a));
    wrapList(m_sentinel + keyword + " WITH " + t.name + " :: ", identity, out);
  }

  /// `head` followed by `names`, as several directives when one would pass
  /// column 72 (fixed form) or 132 (free form), rather than continuing it.
  void wrapList(const std::string& head, const std::vector<std::string>& names, std::vector<std::string>& out) const
  {
    const std::size_t width = m_parsed.form == fortran::SourceForm::Fixed ? 72 : 132;
    std::string line;
    for (const auto& n : names) {
      if (!line.empty() && line.size() + 2 + n.size() > width) {
        out.push_back(line);
        line.clear();
      }
      line += line.empty() ? head + n : ", " + n;
    }
    if (!line.empty())
      out.push_back(line);
  }

  // --- remappings ------------------------------------------------------
  std::vector<HpfInsertion> remapBlocks()
  {
    const auto initialState = m_state;
    const auto initialTemplates = m_templates;
    std::vector<HpfInsertion> out;
    std::map<int, std::map<std::string, ArrayLayout>> regionEnd; // region -> layouts after its last phase
    for (int pass = 0; pass < 2; ++pass) {
      m_state = initialState;
      m_templates = initialTemplates;
      out.clear();
      for (std::size_t k = 0; k < m_needed.size(); ++k) {
        const auto& phase = m_plan.phases[k].phase;
        std::vector<std::string> lines;
        for (int r : firstOfRegions(k))
          for (const auto& [a, l] : regionEnd[r]) // the back edge brings the end-of-body mapping
            if (m_needed[k].count(a) && !samePlacement(l, m_needed[k].at(a)) && samePlacement(m_state[a], m_needed[k].at(a)))
              m_state[a] = l;
        remapTo(m_needed[k], lines);
        if (!lines.empty())
          out.push_back({phase.firstLine, lines});
        for (int r : phase.regions)
          for (const auto& [a, l] : m_state)
            regionEnd[r][a] = l;
      }
    }
    return out;
  }

  /// The iterative loops whose body starts (at any depth) with phase `k`.
  std::vector<int> firstOfRegions(std::size_t k) const
  {
    std::vector<int> out;
    for (std::size_t r = 0; r < m_plan.regions.size(); ++r)
      if (firstPhase(m_plan.regions[r].items) == static_cast<int>(k))
        out.push_back(static_cast<int>(r));
    return out;
  }

  int firstPhase(const std::vector<int>& items) const
  {
    for (int item : items) {
      const int first = item >= 0 ? item : firstPhase(m_plan.regions[-item - 1].items);
      if (first >= 0)
        return first;
    }
    return -1;
  }

  void remapTo(const std::map<std::string, ArrayLayout>& needed, std::vector<std::string>& lines)
  {
    std::set<int> redistributed;
    for (const auto& [a, want] : needed) {
      if (samePlacement(m_state[a], want))
        continue;
      auto& t = m_templates[m_templateOf[a]];
      std::vector<DimPlacement> axes(t.axes.size());
      for (const auto& p : want)
        if (p.axis < static_cast<int>(axes.size()))
          axes[p.axis] = p;
      bool axesChanged = false;
      for (std::size_t d = 0; d < want.size(); ++d)
        axesChanged = axesChanged || (want[d].distributed() && want[d].axis != m_state[a][d].axis);
      if (axesChanged || redistributed.count(m_templateOf[a])) {
        m_state[a] = want;
        t.dynamic = true;
        m_dynamicArrays.insert(a);
        lines.push_back(m_sentinel + "REALIGN " + alignTarget(a));
        continue;
      }
      t.axes = axes;
      t.dynamic = true;
      redistributed.insert(m_templateOf[a]);
      lines.push_back(m_sentinel + "REDISTRIBUTE " + t.name + formats(axes) + processors(axes));
      for (const auto& other : t.arrays) // everything aligned to the template follows it
        for (auto& p : m_state[other])
          if (p.axis < static_cast<int>(axes.size())) {
            p.procs = axes[p.axis].procs;
            p.format = axes[p.axis].format;
          }
    }
  }

  // --- declarations ----------------------------------------------------
  std::vector<std::string> declarations()
  {
    m_state.clear();
    auto templates = m_templates;
    m_templates.clear();
    m_templateOf.clear();
    declareTemplates(); // the initial state again, for the ALIGN lines
    for (std::size_t t = 0; t < m_templates.size(); ++t)
      m_templates[t].dynamic = templates[t].dynamic;
    std::vector<std::string> body;
    for (const auto& t : m_templates) {
      std::string ext;
      for (std::size_t a = 0; a < t.extents.size(); ++a)
        ext += (a ? "," : "") + t.extents[a];
      body.push_back(m_sentinel + "TEMPLATE " + t.name + "(" + ext + ")");
      if (t.dynamic)
        body.push_back(m_sentinel + "DYNAMIC " + t.name);
      alignLines(t, body, "ALIGN");
      body.push_back(m_sentinel + "DISTRIBUTE " + t.name + formats(t.axes) + processors(t.axes));
    }
    std::vector<std::string> out;
    for (const auto& shape : m_shapes) {
      std::string s;
      for (std::size_t k = 0; k < shape.size(); ++k)
        s += (k ? "," : "") + std::to_string(shape[k]);
      out.push_back(m_sentinel + "PROCESSORS " + procsName(shape) + "(" + s + ")");
    }
    std::vector<std::string> dynamic;
    for (const auto& a : m_dynamicArrays)
      dynamic.push_back(name(a));
    wrapList(m_sentinel + "DYNAMIC ", dynamic, body);
    out.insert(out.end(), body.begin(), body.end());
    return out;
  }

  int declarationLine()
  {
    int line = 0;
    for (const auto& d : m_unit.directives)
      if (kMappingKeywords.count(d.keyword)) {
        const int first = m_parsed.line(d.range);
        const int last = m_parsed.cooked().lineColumn({d.range.end > d.range.begin ? d.range.end - 1 : d.range.begin,
                                                       d.range.end}).line;
        for (int l = first; l <= std::max(first, last); ++l)
          m_edit.removedLines.push_back(l);
        line = line == 0 ? first : std::min(line, first);
      }
    if (line > 0)
      return line;
    int first = m_unit.endLine;
    for (const auto& s : m_unit.statements)
      first = std::min(first, s.line);
    for (const auto& l : m_unit.loops)
      first = std::min(first, l.line);
    return first;
  }

  const Plan& m_plan;
  const program::Unit& m_unit;
  const fortran::ParsedFile& m_parsed;
  std::string m_sentinel;
  std::vector<std::map<std::string, ArrayLayout>> m_needed;
  std::vector<Template> m_templates;
  std::map<std::string, int> m_templateOf;
  std::map<std::string, std::string> m_history;
  std::map<std::string, ArrayLayout> m_state;
  std::set<std::string> m_dynamicArrays;
  std::vector<std::vector<int>> m_shapes;
  HpfEdit m_edit;
};

} // namespace

std::string HpfEdit::text() const
{
  std::string s;
  for (const auto& ins : insertions) {
    if (&ins != &insertions.front())
      s += "! before line " + std::to_string(ins.beforeLine) + ":\n";
    for (const auto& l : ins.lines)
      s += l + "\n";
  }
  return s;
}

HpfEdit hpfEdit(const Plan& plan, const program::Unit& unit, const fortran::ParsedFile& parsed)
{
  return Emitter(plan, unit, parsed).run();
}

std::string applyHpfEdit(const std::string& source, const HpfEdit& edit)
{
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < source.size()) {
    auto nl = source.find('\n', start);
    if (nl == std::string::npos)
      nl = source.size();
    lines.push_back(source.substr(start, nl - start));
    start = nl + 1;
  }
  const std::set<int> removed(edit.removedLines.begin(), edit.removedLines.end());
  std::string out;
  std::size_t next = 0;
  for (int line = 1; line <= static_cast<int>(lines.size()) + 1; ++line) {
    for (; next < edit.insertions.size() && edit.insertions[next].beforeLine <= line; ++next)
      for (const auto& l : edit.insertions[next].lines)
        out += l + "\n";
    if (line <= static_cast<int>(lines.size()) && !removed.count(line))
      out += lines[line - 1] + "\n";
  }
  return out;
}

} // namespace ps::ddt

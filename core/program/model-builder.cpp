// Builds the ProgramModel from the AST: symbol tables with implicit typing and
// folded PARAMETERs, the loop tree, and per statement its operation counts and
// affine array references.
#include "program/call-effects.h"
#include "program/model.h"
#include "program/name-scope.h"
#include "program/scalar-values.h"
#include "program/type-kinds.h"
#include "support/text.h"

#include "fortran/intrinsics.h"

#include <algorithm>
#include <cctype>
#include <array>
#include <initializer_list>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <tuple>
#include <utility>

namespace ps::program {
namespace {

using fortran::Diagnostic;
using fortran::ExprKind;
using fortran::Severity;

bool isIntrinsic(const std::string& name)
{
  return fortran::findIntrinsic(name) != nullptr;
}

/// The variable a component reference starts from: 'g' in g%v(i)%x.
const fortran::Expr& componentRoot(const fortran::Expr& e)
{
  return e.kind == ExprKind::Component ? componentRoot(e.operands[0]) : e;
}

/// The first component reference in `e` (depth first), or null.
const fortran::Expr* findComponent(const fortran::Expr& e)
{
  if (e.kind == ExprKind::Component)
    return &e;
  for (const auto& o : e.operands)
    if (const auto* found = findComponent(o))
      return found;
  return nullptr;
}

class ImplicitTyping {
public:
  ImplicitTyping()
  {
    for (char c = 'a'; c <= 'z'; ++c)
      m_types[c - 'a'] = fortran::TypeSpec{(c >= 'i' && c <= 'n') ? fortran::BaseType::Integer : fortran::BaseType::Real, 0, {}, {}, {}};
  }
  void none() { m_none = true; }
  void rule(const fortran::ImplicitRule& r)
  {
    for (char c = r.first; c <= r.last && c >= 'a' && c <= 'z'; ++c)
      m_types[c - 'a'] = r.type;
  }
  bool isNone() const { return m_none; }
  fortran::TypeSpec typeOf(const std::string& name) const
  {
    const char c = name.empty() ? 'a' : name[0];
    return (c >= 'a' && c <= 'z') ? m_types[c - 'a'] : fortran::TypeSpec{};
  }

private:
  std::array<fortran::TypeSpec, 26> m_types;
  bool m_none = false;
};

class UnitModelBuilder {
public:
  UnitModelBuilder(const fortran::ParsedFile& parsed, const fortran::ProgramUnit& ast, const OuterScope& outer,
                   std::vector<Diagnostic>& diags, const symbolic::Bindings& overrides)
    : m_parsed(parsed), m_ast(ast), m_outer(outer), m_diags(diags), m_overrides(overrides)
  {
  }

  Unit build()
  {
    m_unit.name = m_ast.name;
    m_unit.kind = m_ast.kind;
    m_unit.line = m_parsed.line(m_ast.range);
    m_unit.endLine = m_parsed.line({m_ast.range.end > 0 ? m_ast.range.end - 1 : 0, m_ast.range.end});
    m_unit.directives = m_ast.directives;
    for (const auto& d : m_unit.directives)
      m_unit.directiveLines.push_back(line(d.range));
    findUnreadDirectives();
    m_unit.associated = m_outer.symbols;
    declareAll();
    for (const auto& d : m_ast.declarations) // looked up at every reference counted: indexed once
      if (d.kind == fortran::DeclKind::StatementFunction && !d.entities.empty())
        m_statementFunctions.try_emplace(d.entities[0].name, &d);
    dropRecursiveStatementFunctions();
    for (const auto& s : m_ast.body)
      takeAllocatedShapes(s);
    collectLabels(m_ast.body, m_labels);
    visitSequence(m_ast.body, {}, 1.0);
    nameEntries();
    collectUnknowns();
    for (const auto& [name, unused] : m_unit.symbols)
      m_unit.associated.erase(name);
    inheritDirectives();
    checkDirectives();
    for (const auto& [name, origin] : m_scalars.origins())
      if (std::find(m_unit.unknowns.begin(), m_unit.unknowns.end(), name) != m_unit.unknowns.end())
        m_unit.unknownOrigins.emplace(name, origin);
    m_unit.unknownOrigins.insert(m_whileTrips.begin(), m_whileTrips.end());
    return std::move(m_unit);
  }

private:
  /// Warnings for mapping directives that name what the unit does not have
  /// (ALIGN WITH an undeclared name) or give another number of formats
  /// than the array has dimensions: the estimate would replicate or refuse
  /// the array, and `parse` said nothing. Source: HPF 2.0, Sec. 3.3-3.4.
  void checkDirectives()
  {
    using fortran::DirectiveKind;
    std::map<std::string, std::size_t> templates; // name -> rank
    std::set<std::string> processors;
    const auto addTemplates = [&](const fortran::Directive& d) {
      for (const auto& o : d.objects)
        if (d.kind == DirectiveKind::Template)
          templates[o.name] = o.dims.size();
        else if (d.kind == DirectiveKind::Processors)
          processors.insert(o.name);
    };
    for (const auto& d : m_unit.directives)
      addTemplates(d);
    for (const auto& inherited : m_outer.directives)
      addTemplates(inherited.directive);
    const auto isArray = [&](const std::string& name) {
      const auto* s = m_unit.symbol(name);
      return s && s->isArray();
    };
    for (const auto& d : m_unit.directives) {
      if (d.kind == DirectiveKind::Align && !d.target.empty() && !templates.count(d.target) && !isArray(d.target))
        diag(d.range, Severity::Warning,
             "ALIGN WITH '" + d.target + "': '" + d.target + "' is neither a TEMPLATE nor an array of '" + m_unit.name +
                 "', so what is aligned with it stays replicated");
      if (d.kind == DirectiveKind::Align && !d.targetSubscripts.empty()) {
        const auto* s = m_unit.symbol(d.target);
        const auto t = templates.find(d.target);
        const auto rank = t != templates.end() ? t->second : s && s->isArray() ? s->dims.size() : d.targetSubscripts.size();
        if (rank != d.targetSubscripts.size())
          diag(d.range, Severity::Warning,
               "ALIGN WITH '" + d.target + "' gives " + std::to_string(d.targetSubscripts.size()) + " subscripts for " +
                   std::to_string(rank) + (rank == 1 ? " dimension" : " dimensions") +
                   "; estimates under the directives stop there");
      }
      if ((d.kind == DirectiveKind::Distribute || d.kind == DirectiveKind::Redistribute) && !d.onto.empty() &&
          !processors.count(d.onto))
        diag(d.range, Severity::Warning,
             "DISTRIBUTE ONTO '" + d.onto + "': no PROCESSORS '" + d.onto + "' is declared, so the first arrangement " +
                 "(or the processors an estimate is given) is used");
      if (d.kind != DirectiveKind::Distribute || !d.formatsWritten)
        continue;
      for (const auto& name : d.distributees)
        if (const auto* s = m_unit.symbol(name); s && s->isArray() && s->dims.size() != d.formats.size())
          diag(d.range, Severity::Warning,
               "DISTRIBUTE gives " + std::to_string(d.formats.size()) + (d.formats.size() == 1 ? " format" : " formats") +
                   " for '" + name + "', which has " + std::to_string(s->dims.size()) +
                   (s->dims.size() == 1 ? " dimension" : " dimensions") + "; estimates under the directives stop there");
    }
  }

  /// The outer scope's mapping directives reduced to the arrays the unit
  /// sees by association (a local declaration hides one; a renamed or
  /// unlisted one is not seen) and to the templates and processors it does
  /// not declare itself; those left with no name are dropped.
  void inheritDirectives()
  {
    using fortran::DirectiveKind;
    const auto own = [&](const std::string& name) { return m_unit.symbols.count(name) > 0; };
    const auto seen = [&](const std::string& name) { return m_unit.associated.count(name) > 0; };
    // the outer templates and processors whose shapes the unit can evaluate as their scope does
    // (a local N, or N outside an ONLY list, leaves TEMPLATE T(N) and what is mapped onto it out)
    const auto evaluable = [&](const fortran::EntityDecl& o) {
      return std::all_of(o.dims.begin(), o.dims.end(), [&](const fortran::DimSpec& d) {
        std::set<std::string> names;
        for (const auto* e : {&d.lower, &d.upper})
          if (!e->missing())
            names.merge(namesIn(fortran::toString(*e)));
        return std::all_of(names.begin(), names.end(), [&](const auto& n) {
          return std::isdigit(static_cast<unsigned char>(n.front())) || seen(n) ||
                 (!own(n) && (fortran::findIntrinsic(n) || n == "number_of_processors"));
        });
      });
    };
    std::set<std::string> arrangements; // templates and processors
    for (const auto& inherited : m_outer.directives)
      if (inherited.directive.kind == DirectiveKind::Template || inherited.directive.kind == DirectiveKind::Processors)
        for (const auto& o : inherited.directive.objects)
          if (!own(o.name) && evaluable(o))
            arrangements.insert(o.name);
    const auto mapped = [&](const std::string& name) { return seen(name) || arrangements.count(name) > 0; };
    const auto keep = [](std::vector<std::string>& names, auto pred) {
      std::erase_if(names, [&](const auto& n) { return !pred(n); });
      return !names.empty();
    };
    for (auto inherited : m_outer.directives) {
      auto& d = inherited.directive;
      bool kept = true;
      if (d.kind == DirectiveKind::Processors || d.kind == DirectiveKind::Template) {
        d.objects.erase(std::remove_if(d.objects.begin(), d.objects.end(),
                                       [&](const auto& o) { return !arrangements.count(o.name); }),
                        d.objects.end());
        kept = !d.objects.empty();
      } else if (d.kind == DirectiveKind::Distribute) {
        kept = (d.onto.empty() || arrangements.count(d.onto)) && keep(d.distributees, mapped);
      } else if (d.kind == DirectiveKind::Align) {
        kept = mapped(d.target) && keep(d.alignees, seen);
      } else if (d.kind == DirectiveKind::Dynamic) {
        kept = keep(d.dynamicNames, mapped);
      }
      if (kept)
        m_unit.inheritedDirectives.push_back(std::move(inherited));
    }
  }

  void diag(fortran::SourceRange range, Severity severity, std::string message)
  {
    m_diags.push_back(Diagnostic::at(m_parsed.cooked(), range, severity, std::move(message)));
  }

  int line(fortran::SourceRange r) const { return m_parsed.line(r); }

  /// Lines of the unit with a parse error: the parser drops such a
  /// statement, so the model would not know it. Directive lines (!HPF$,
  /// CHPF$, *HPF$) become unreadDirectives, the others unreadStatements.
  void findUnreadDirectives()
  {
    const auto& file = *m_parsed.file;
    std::map<int, std::string> errorLines; // line -> its first error
    for (const auto& d : m_parsed.diagnostics)
      if (d.severity() == Severity::Error)
        errorLines.try_emplace(static_cast<int>(file.lineColumn(d.range().begin).line), d.message());
    for (const auto& [l, message] : errorLines) {
      if (l < m_unit.line || l > m_unit.endLine)
        continue;
      const auto text = trim(file.lineText(l));
      const auto sentinel = toLower(text.substr(0, 5));
      if (sentinel == "!hpf$" || sentinel == "chpf$" || sentinel == "*hpf$")
        m_unit.unreadDirectives.push_back({l, text});
      else
        m_unit.unreadStatements.push_back({l, message});
    }
  }

  // ---- declarations --------------------------------------------------------

  Symbol& declare(const std::string& name)
  {
    auto [it, inserted] = m_unit.symbols.try_emplace(name);
    if (inserted) {
      it->second.name = name;
      const auto outer = m_outer.symbols.find(name); // a host's loop variable keeps its type
      it->second.type = outer != m_outer.symbols.end() ? outer->second.type : m_typing.typeOf(name);
      it->second.elementBytes = bytesOf(it->second.type);
    }
    return it->second;
  }

  /// Bytes of an element of `type`, a kind named by a constant (REAL(DP)) resolved.
  int bytesOf(const fortran::TypeSpec& type) const { return program::elementBytes(type, constantLookup()); }

  /// The integer value of a named constant the unit sees, for kinds.
  ConstantLookup constantLookup() const
  {
    return [this](const std::string& name) -> std::optional<long long> {
      const auto* sym = m_unit.symbol(name);
      if (!sym) {
        const auto outer = m_outer.symbols.find(name);
        sym = outer == m_outer.symbols.end() ? nullptr : &outer->second;
      }
      const auto v = sym && sym->value ? sym->value->asInteger() : std::nullopt;
      return v ? std::optional<long long>(*v) : std::nullopt;
    };
  }

  void setDims(Symbol& s, const std::vector<fortran::DimSpec>& dims)
  {
    s.dims.clear();
    for (const auto& d : dims) {
      Extent e{symbolic::Expr::integer(1), symbolic::Expr::symbol(s.name + "_extent"), {}, {}};
      if (!d.lower.missing()) {
        if (auto lower = toSymbolic(d.lower, m_unit))
          e.lower = *lower;
      }
      if (auto upper = toSymbolic(d.upper, m_unit))
        e.upper = *upper;
      e.lowerAsWritten = e.lower;
      e.upperAsWritten = e.upper;
      if (auto lower = d.lower.missing() ? std::nullopt : toSymbolic(d.lower, m_unit, SymbolicParameters::Keep))
        e.lowerAsWritten = *lower;
      if (auto upper = toSymbolic(d.upper, m_unit, SymbolicParameters::Keep))
        e.upperAsWritten = *upper;
      s.dims.push_back(e);
    }
  }

  /// A deferred-shape array (REAL, ALLOCATABLE :: X(:)) has no extents in
  /// its declaration: the first ALLOCATE of it in the unit gives them (X(NP)
  /// after READ NP), so the estimate asks for NP, which the program sets,
  /// rather than for a made-up X_EXTENT. Later ALLOCATEs of another shape
  /// (grids of several levels) are not followed.
  void takeAllocatedShapes(const fortran::Stmt& s)
  {
    for (const auto& a : s.allocations) {
      auto it = m_unit.symbols.find(a.name);
      if (a.dims.empty() || it == m_unit.symbols.end() || !it->second.isArray() ||
          it->second.dims.size() != a.dims.size() || m_allocated.count(a.name))
        continue;
      const auto placeholder = symbolic::Expr::symbol(a.name + "_extent");
      if (std::all_of(it->second.dims.begin(), it->second.dims.end(), [&](const Extent& e) { return e.upper == placeholder; })) {
        setDims(it->second, a.dims);
        m_allocated.insert(a.name);
      }
    }
    for (const auto& b : s.body)
      takeAllocatedShapes(b);
    for (const auto& branch : s.branches)
      for (const auto& b : branch.body)
        takeAllocatedShapes(b);
  }

  void declareAll()
  {
    if (m_outer.implicitNone)
      m_typing.none();
    for (const auto& d : m_ast.declarations) {
      if (d.kind == fortran::DeclKind::ImplicitNone)
        m_typing.none();
      for (const auto& r : d.implicitRules)
        m_typing.rule(r);
    }
    m_unit.dummies = m_ast.dummies;
    for (const auto& dummy : m_ast.dummies)
      declare(dummy).isDummy = true;
    for (const auto& d : m_ast.declarations)
      declaration(d);
    if (m_ast.resultType && !m_ast.resultName.empty()) { // INTEGER FUNCTION F(X): F is typed
      Symbol& result = declare(m_ast.resultName);
      result.type = *m_ast.resultType;
      result.elementBytes = bytesOf(result.type);
      m_typed.insert(m_ast.resultName);
    }
  }

  void declaration(const fortran::Declaration& d)
  {
    for (const auto& e : d.entities) {
      Symbol& s = declare(e.name);
      if (d.kind == fortran::DeclKind::Type) {
        s.type = *d.type;
        s.elementBytes = bytesOf(s.type);
        if (&e == &d.entities.front() && !s.type.kindExpr.empty() && !kindOf(s.type.kindExpr, constantLookup()))
          diag(d.type->range, Severity::Warning,
               "Kind '" + s.type.kindExpr + "' is not known here: its elements are counted as the default kind's " +
                 std::to_string(s.elementBytes) + " bytes");
        m_typed.insert(e.name);
      }
      if (!e.dims.empty())
        setDims(s, e.dims);
      if (d.kind == fortran::DeclKind::External)
        m_externals.insert(e.name);
      if (d.kind == fortran::DeclKind::Parameter || d.parameterAttribute) {
        s.isParameter = true;
        if (!e.init.missing())
          s.value = toSymbolic(e.init, m_unit);
        if (s.value && !s.value->asInteger())
          s.value.reset();
        if (!s.value && e.init.kind == fortran::ExprKind::FunctionRef) // DP = KIND(1.0D0): a kind to name types with
          if (const auto kind = kindOf(compact(fortran::toString(e.init)), [](const std::string&) {
                return std::optional<long long>();
              }))
            s.value = symbolic::Expr::integer(*kind);
        if (auto o = m_overrides.find(e.name); o != m_overrides.end() && s.value)
          s.value = symbolic::Expr::integer(o->second);
      }
    }
  }

  // ---- executable part -----------------------------------------------------

  /// The keyword of a statement after which the flow never goes on to the
  /// next one, or nullptr. A computed GO TO falls through when its index is
  /// out of range, and an arithmetic IF looks the same in the tree, so only
  /// the plain GO TO counts.
  static const char* endsFlow(const fortran::Stmt& s)
  {
    using fortran::StmtKind;
    switch (s.kind) {
    case StmtKind::Return: return "RETURN";
    case StmtKind::Stop: return "STOP";
    case StmtKind::Exit: return "EXIT";
    case StmtKind::Cycle: return "CYCLE";
    case StmtKind::Goto: return s.targets.size() == 1 && s.condition.missing() ? "GO TO" : nullptr;
    default: return nullptr;
    }
  }

  int lastLine(const fortran::Stmt& s) const
  {
    return s.endRange.end > s.endRange.begin ? std::max(line(s.range), line(s.endRange)) : line(s.range);
  }

  /// Visits a block's statements in order, recording those after a
  /// statement that ends the flow (endsFlow) up to the next labelled one as
  /// unreachable (Unit::unreachable). They are still visited: a loop among
  /// them stays in the model.
  void visitSequence(std::span<const fortran::Stmt> body, const std::vector<int>& loops, double probability)
  {
    const fortran::Stmt* stop = nullptr;
    for (std::size_t at = 0; at < body.size(); ++at) {
      const auto& s = body[at];
      // a FORMAT's label is no jump target; inside a dead range, a RETURN in a dead IF opens no range of its own
      if (s.label != 0 && !(s.kind == fortran::StmtKind::Io && s.name == "format"))
        stop = nullptr;
      if (stop && m_deadDepth == 0) {
        auto& dead = m_unit.unreachable;
        if (dead.empty() || dead.back().afterLine != line(stop->range)) {
          dead.push_back({line(s.range), lastLine(s), line(stop->range), endsFlow(*stop), {}});
          diag(s.range, Severity::Warning,
               std::string("Never executed: it follows the ") + endsFlow(*stop) + " at line " +
                   std::to_string(line(stop->range)) + " and has no label to jump to; unit estimates leave it out");
        }
        dead.back().lastLine = lastLine(s);
      }
      m_deadDepth += stop ? 1 : 0;
      visit(s, loops, probability);
      m_deadDepth -= stop ? 1 : 0;
      if (const char* keyword = endsFlow(s); keyword && !stop)
        stop = &s;
      if (const auto skip = cyclesWhenTaken(s, loops); !stop && m_deadDepth == 0 && at + 1 < body.size() && skip.target >= 0) {
        visitAfterCycle(s, body.subspan(at + 1), loops, probability, skip);
        return;
      }
    }
  }

  /// The position in `loops` of the loop that the last statement of `body`
  /// goes on with when it is a CYCLE or a GO TO to the terminal statement
  /// of an open DO (cyclesTo, the F77 way of writing CYCLE); else -1.
  int cycleTarget(const std::vector<fortran::Stmt>& body, const std::vector<int>& loops) const
  {
    using fortran::StmtKind;
    if (body.empty() || loops.empty())
      return -1;
    const auto& last = body.back();
    if (last.kind == StmtKind::Goto)
      return cyclesTo(last, loops);
    if (last.kind != StmtKind::Cycle)
      return -1;
    if (last.constructName.empty())
      return static_cast<int>(loops.size()) - 1;
    for (std::size_t k = loops.size(); k-- > 0;)
      if (const auto it = m_constructNames.find(loops[k]); it != m_constructNames.end() && it->second == last.constructName)
        return static_cast<int>(k);
    return -1;
  }

  /// How an IF whose arms end with CYCLE (cycleTarget) leaves what follows
  /// it in its sequence: the loop the jumps go on with (-1: no such IF),
  /// the default share of the arms that fall through, and the arm the
  /// statements after it take (Statement::branchArm, branchArms: the ELSE
  /// of IF (C) CYCLE; past the IF's arms when it has several).
  struct CycleSkip {
    int target = -1;
    double share = 0.5;
    std::pair<int, int> arm{1, 2};
    const fortran::Expr* condition = nullptr; // the one jumping arm's condition, when it is the first of two
  };

  CycleSkip cyclesWhenTaken(const fortran::Stmt& s, const std::vector<int>& loops) const
  {
    using fortran::StmtKind;
    CycleSkip skip;
    if (s.kind == StmtKind::LogicalIf) {
      skip.target = cycleTarget(s.body, loops);
      skip.condition = &s.condition;
      return skip;
    }
    if (s.kind != StmtKind::If || s.branches.empty())
      return {};
    const bool hasElse = s.branches.back().condition.missing();
    const int arms = static_cast<int>(s.branches.size()) + (hasElse ? 0 : 1);
    double jumps = 0; // the arms' jump shares, added
    int whole = 0;    // arms that always jump
    for (const auto& b : s.branches) {
      const auto jump = armJump(b.body, loops);
      if (jump.target < 0)
        continue;
      if (skip.target >= 0 && jump.target != skip.target)
        return {}; // jumps to different loops: their shares do not add up to one skip
      skip.target = jump.target;
      jumps += jump.share;
      whole += jump.share == 1.0 ? 1 : 0;
    }
    if (skip.target < 0 || whole == arms)
      return {}; // none jumps, or all do: what follows is dead (visitSequence's stop does not see it)
    skip.share = 1.0 - jumps / arms;
    if (arms == 2 && !hasElse && whole == 1 && jumps == 1.0) // IF (C) THEN ... CYCLE END IF: what follows is its ELSE
      skip.condition = &s.branches.front().condition;
    else
      skip.arm = {arms, arms + 1};
    return skip;
  }

  /// How an arm of an IF leaves the loop iteration: the loop a CYCLE in it
  /// goes on with (-1: none) and the default share of the arm's runs that
  /// reach it: 1 where the arm ends with it, else what the IFs in it that
  /// jump (cyclesWhenTaken) let through, one after another (an arm holding
  /// IF (C) CYCLE jumps in half its runs).
  struct ArmJump {
    int target = -1;
    double share = 0;
  };

  ArmJump armJump(const std::vector<fortran::Stmt>& body, const std::vector<int>& loops) const
  {
    if (const int target = cycleTarget(body, loops); target >= 0)
      return {target, 1.0};
    ArmJump jump;
    double through = 1;
    for (const auto& s : body) {
      const auto skip = cyclesWhenTaken(s, loops);
      if (skip.target < 0)
        continue;
      if (jump.target >= 0 && skip.target != jump.target)
        return {};
      jump.target = skip.target;
      through *= skip.share;
    }
    jump.share = jump.target < 0 ? 0.0 : 1.0 - through;
    return jump;
  }

  /// The statements after IF (C) CYCLE in its sequence run only where C
  /// fails: they are visited as the ELSE of that IF (its line is their
  /// branch line, so a profile run measures their share; by default the
  /// share of the IF's arms that do not jump, half for IF (C) CYCLE, or,
  /// where the CYCLE goes on with the `innermost` loop, exactly the share
  /// the negation of C keeps when C is one affine comparison,
  /// Statement::guardedShare: a CYCLE of an outer loop also ends the inner
  /// one, whose later iterations the negation would keep). Before, they
  /// were counted in every iteration.
  void visitAfterCycle(const fortran::Stmt& ifStmt, std::span<const fortran::Stmt> rest, const std::vector<int>& loops,
                       double probability, const CycleSkip& skip)
  {
    const bool innermost = skip.target + 1 == static_cast<int>(loops.size());
    std::vector<symbolic::AffineCondition> guards;
    if (const auto negated = innermost && skip.condition ? negatedGuard(*skip.condition, loops) : std::nullopt)
      guards.push_back(*negated);
    const auto before = m_scalars.snapshot();
    visitBranch(rest, line(ifStmt.range), loops, probability * skip.share, guards.empty() ? nullptr : &guards,
                skip.share, skip.arm);
    m_scalars.merge({m_scalars.snapshot(), before});
  }

  /// The statement on `exit` leaves loop `id`: its line joins the loop's
  /// exitLines, and the block IFs around it inside the loop its exitTestLines.
  void leavesLoop(int id, int exit)
  {
    auto& l = m_unit.loops[static_cast<std::size_t>(id)];
    l.exitLines.push_back(exit);
    const auto depth = m_ifDepthInLoop.find(id);
    for (auto k = depth == m_ifDepthInLoop.end() ? m_ifLines.size() : depth->second; k < m_ifLines.size(); ++k)
      if (m_ifLines[k] != exit && std::find(l.exitTestLines.begin(), l.exitTestLines.end(), m_ifLines[k]) == l.exitTestLines.end())
        l.exitTestLines.push_back(m_ifLines[k]);
  }

  /// A GO TO to a label outside the innermost open loops' bodies leaves
  /// them, as EXIT does: its line joins their exitLines.
  void leftByGoto(const fortran::Stmt& s, const std::vector<int>& loops)
  {
    if (s.targets.size() != 1 || !s.condition.missing())
      return;
    for (std::size_t k = loops.size(); k-- > 0;) {
      const auto labels = m_bodyLabels.find(loops[k]);
      if (labels == m_bodyLabels.end() || labels->second.count(s.targets.front()))
        return;
      leavesLoop(loops[k], line(s.range));
    }
  }

  /// The labels of the statements in `body`, nested ones and those of their
  /// END DO, END IF and END SELECT lines too.
  static void collectLabels(const std::vector<fortran::Stmt>& body, std::set<int>& out)
  {
    for (const auto& s : body) {
      if (s.label != 0)
        out.insert(s.label);
      if (s.endLabel != 0)
        out.insert(s.endLabel);
      collectLabels(s.body, out);
      for (const auto& b : s.branches)
        collectLabels(b.body, out);
    }
  }

  /// The position in `loops` of the open DO whose terminal statement the
  /// GO TO `s` jumps to (its DO label, or the label of the last statement
  /// before its END DO), or -1: such a jump is a CYCLE of that loop.
  int cyclesTo(const fortran::Stmt& s, const std::vector<int>& loops) const
  {
    if (s.kind != fortran::StmtKind::Goto || s.targets.size() != 1 || !s.condition.missing())
      return -1;
    for (std::size_t k = loops.size(); k-- > 0;)
      if (const auto it = m_endLabels.find(loops[k]); it != m_endLabels.end() && it->second == s.targets.front())
        return static_cast<int>(k);
    return -1;
  }

  /// The ENTRY statements' names (ENTRY T(A, N) gives "t") inside the
  /// unreachable ranges: the code there runs when the unit is entered there.
  void nameEntries()
  {
    for (const auto& d : m_ast.declarations) {
      if (d.keyword != "entry")
        continue;
      const int at = line(d.range);
      for (auto& dead : m_unit.unreachable)
        if (dead.afterLine < at && at <= dead.lastLine + 1) {
          auto text = toLower(trim(m_parsed.file->lineText(at)));
          const auto start = text.find("entry");
          text = trim(text.substr(start == std::string::npos ? 0 : start + 5));
          dead.entries.push_back(text.substr(0, text.find_first_of("( ")));
        }
    }
  }

  void visit(const fortran::Stmt& s, const std::vector<int>& loops, double probability)
  {
    using fortran::StmtKind;
    switch (s.kind) {
    case StmtKind::Do:
    case StmtKind::DoWhile: loop(s, loops, probability); break;
    case StmtKind::If: branches(s, loops, probability); break;
    case StmtKind::Where: where(s, loops, probability); break;
    case StmtKind::SelectCase:
      conditionReads(s.condition, s.range, loops, probability);
      branches(s, loops, probability);
      break;
    case StmtKind::LogicalIf: {
      const auto first = m_unit.statements.size();
      conditionReads(s.condition, s.range, loops, probability);
      const auto before = m_scalars.snapshot();
      std::vector<symbolic::AffineCondition> guards;
      const bool affine = addGuards(s.condition, loopVariables(loops), guards);
      visitBranch(s.body, line(s.range), loops, probability * 0.5, affine ? &guards : nullptr, 0.5);
      m_scalars.merge({m_scalars.snapshot(), before});
      markExtremum(s.condition, s.body, first);
      break;
    }
    case StmtKind::Assignment: assignment(s, loops, probability); break;
    case StmtKind::Call: call(s, loops, probability); break;
    case StmtKind::Goto:
      for (int label : s.targets)
        if (!m_labels.count(label))
          diag(s.range, Severity::Warning,
               "GO TO " + std::to_string(label) + ": no statement of '" + m_unit.name + "' has label " +
                   std::to_string(label));
      if (const int target = cyclesTo(s, loops); target >= 0) { // the loops inside the target end
        for (auto k = static_cast<std::size_t>(target) + 1; k < loops.size(); ++k)
          leavesLoop(loops[k], line(s.range));
        break;
      }
      diag(s.range, Severity::Warning, "GO TO makes the control flow unstructured; estimates ignore the jump");
      m_unit.gotoLines.push_back(line(s.range));
      leftByGoto(s, loops);
      break;
    case StmtKind::Io: other(s, loops, probability, StatementKind::Io); break;
    case StmtKind::Forall: forall(s, loops, probability); break;
    case StmtKind::Exit:
    case StmtKind::Cycle:
    case StmtKind::Return:
    case StmtKind::Stop: leaves(s, loops); break;
    default: break;
    }
  }

  /// A WHERE statement or construct. Whole arrays of one shape
  /// (WHERE (U > 0) V = SQRT(U)) stay array assignments, each processor
  /// doing its own elements (elementwiseMask). One that shifts (CSHIFT,
  /// EOSHIFT) or assigns or reads sections runs in FORALL loops over the
  /// shape of its first assignment (sectionLoops), shared by the mask and
  /// every masked assignment: the mask is evaluated where the first one's
  /// elements are (conditionOwner), and its reads and the assignments'
  /// are element by element. The masked assignments are conformable with
  /// the mask (Fortran 90, 7.5.3.1), so one set of loops holds them; the
  /// order of the construct's assignments (each complete before the next)
  /// is not kept, which moves an exchange but not its messages.
  void where(const fortran::Stmt& s, const std::vector<int>& loops, double probability)
  {
    const auto* first = m_whereDepth == 0 ? firstMaskedAssignment(s) : nullptr;
    if (first && whereNeedsLoops(s)) {
      auto shape = *first;
      shape.range = {s.range.begin, std::max(s.range.end, s.endRange.end)}; // to END WHERE
      const auto inner = sectionLoops(shape, loops, true);
      if (inner.size() > loops.size()) {
        m_whereSection = std::exchange(m_section, {});
        ++m_whereDepth;
        branches(s, inner, probability);
        --m_whereDepth;
        m_whereSection.clear();
        return;
      }
    }
    ++m_whereDepth; // its assignments stay array assignments (elementwiseMask)
    branches(s, loops, probability);
    --m_whereDepth;
  }

  /// The first assignment a WHERE masks, when every statement it masks is
  /// an assignment to an array of that one's rank (a nested WHERE, or a
  /// scalar target, leaves it whole: nullptr).
  const fortran::Stmt* firstMaskedAssignment(const fortran::Stmt& s) const
  {
    const fortran::Stmt* first = nullptr;
    std::size_t rank = 0;
    for (const auto& b : s.branches)
      for (const auto& body : b.body) {
        if (body.kind != fortran::StmtKind::Assignment)
          return nullptr;
        const auto* target = m_unit.symbol(body.lhs.text);
        if (!target || !target->isArray() || (body.lhs.kind != ExprKind::Name && body.lhs.kind != ExprKind::ArrayRef))
          return nullptr;
        const auto triplets = body.lhs.kind == ExprKind::Name
                                  ? target->dims.size()
                                  : static_cast<std::size_t>(std::count_if(body.lhs.operands.begin(), body.lhs.operands.end(),
                                                                           [](const auto& o) { return o.kind == ExprKind::Triplet; }));
        if (first && triplets != rank)
          return nullptr;
        first = first ? first : &body;
        rank = triplets;
      }
    return rank > 0 ? first : nullptr;
  }

  /// Whether a WHERE shifts or names a section anywhere (its masks, its
  /// targets, its values): then its elements are read one by one.
  bool whereNeedsLoops(const fortran::Stmt& s) const
  {
    const auto sections = [&](const fortran::Expr& e) { return callsShift(e) || hasTriplet(e); };
    for (const auto& b : s.branches) {
      if (!b.condition.missing() && sections(b.condition))
        return true;
      for (const auto& body : b.body)
        if (sections(body.lhs) || sections(body.rhs))
          return true;
    }
    return false;
  }

  static bool hasTriplet(const fortran::Expr& e)
  {
    return e.kind == ExprKind::Triplet ||
           std::any_of(e.operands.begin(), e.operands.end(), [](const auto& o) { return hasTriplet(o); });
  }

  /// The branches of a block IF, or of a WHERE read the same way: the mask
  /// is an IF whose branches share the probability equally (a WHERE
  /// without ELSEWHERE: 0.5), and its assignments are array assignments
  /// (where, for the loops they may run in; Fortran 90, 7.5.3). The CASEs of a SELECT
  /// CASE share it too, CASE DEFAULT being the ELSE (its selector is read
  /// once, before).
  /// The construct's name is open while its arms are visited (branchArms).
  void branches(const fortran::Stmt& s, const std::vector<int>& loops, double probability)
  {
    m_openConstructs.emplace_back(s.constructName, loops.size()); // an EXIT in it may name it (Fortran 2008)
    branchArms(s, loops, probability);
    m_openConstructs.pop_back();
  }

  /// The arms of `s`, each under its share and guards.
  void branchArms(const fortran::Stmt& s, const std::vector<int>& loops, double probability)
  {
    const bool select = s.kind == fortran::StmtKind::SelectCase;
    const bool hasElse = select ? std::any_of(s.branches.begin(), s.branches.end(), [](const auto& b) { return b.isDefault; })
                                : !s.branches.empty() && s.branches.back().condition.missing();
    const double fraction = 1.0 / static_cast<double>(s.branches.size() + (hasElse ? 0 : 1));
    const double share = probability * fraction;
    const auto before = m_scalars.snapshot();
    const auto first = m_unit.statements.size();
    std::vector<ScalarValues::Snapshot> paths;
    // A branch runs where its condition holds and every earlier one fails: its guards are its
    // condition's and the earlier ones' negations, while each earlier one is one comparison
    // (ELSE IF and ELSE: NOT (c1 .OR. c2) = .NOT. c1 .AND. .NOT. c2).
    std::optional<std::vector<symbolic::AffineCondition>> earlierFail = std::vector<symbolic::AffineCondition>{};
    for (const auto& b : s.branches) {
      // an ELSEWHERE (mask) is its own statement (elementwiseMask reads a mask's text); an ELSE IF keeps the IF's line
      const bool ownLine = s.kind == fortran::StmtKind::Where && &b != &s.branches.front() && b.range.end > b.range.begin;
      // an ELSE IF's test runs where every earlier one failed: by default the share of the arms from it
      // on, exactly where the earlier conditions are affine comparisons (their negations as guards)
      const auto arm = static_cast<int>(&b - s.branches.data());
      if (!b.condition.missing()) {
        const auto outerGuards = m_guards.size();
        const bool elseIf = s.kind == fortran::StmtKind::If && arm > 0; // a WHERE's masks are array operations
        const double outerShare = m_guardedShare, reached = elseIf ? 1.0 - arm * fraction : 1.0;
        if (elseIf && earlierFail && !earlierFail->empty()) {
          m_guards.insert(m_guards.end(), earlierFail->begin(), earlierFail->end());
          m_guardedShare *= reached;
        }
        conditionReads(b.condition, ownLine ? b.range : s.range, loops, probability * reached);
        m_guards.resize(outerGuards);
        m_guardedShare = outerShare;
      }
      m_scalars.restore(before);
      auto guards = select ? std::nullopt : earlierFail;
      if (guards && !b.condition.missing() && !addGuards(b.condition, loopVariables(loops), *guards))
        guards.reset();
      visitBranch(b.body, line(s.range), loops, share, guards ? &*guards : nullptr, fraction,
                  {arm, static_cast<int>(s.branches.size()) + (hasElse ? 0 : 1)});
      const auto negated = earlierFail && !b.condition.missing() ? negatedGuard(b.condition, loops) : std::nullopt;
      if (negated)
        earlierFail->push_back(*negated);
      else
        earlierFail.reset();
      paths.push_back(m_scalars.snapshot());
    }
    if (!hasElse)
      paths.push_back(before);
    m_scalars.merge(paths);
    if (!select && s.kind == fortran::StmtKind::If && s.branches.size() == 1)
      markExtremum(s.branches.front().condition, s.branches.front().body, first);
  }

  /// Marks the statements from `first` on (the condition and the action)
  /// as a max or min reduction when they are IF (e > s) s = e or its
  /// variants (Statement::reductionOp): the pivot search of 1990s codes,
  /// which an HPF compiler runs on the owners of e and then combines.
  /// With a second assignment of an integer scalar (IF (e > s) THEN; s = e;
  /// p = i; END IF, either order), the search also keeps where the extremum
  /// is: a MAXLOC, its location combined with the value ("maxloc").
  void markExtremum(const fortran::Expr& condition, const std::vector<fortran::Stmt>& body, std::size_t first)
  {
    const auto isScalarAssignment = [](const fortran::Stmt& st) {
      return st.kind == fortran::StmtKind::Assignment && st.lhs.kind == ExprKind::Name;
    };
    if (body.empty() || body.size() > 2 || !std::all_of(body.begin(), body.end(), isScalarAssignment) ||
        condition.kind != ExprKind::Binary || m_unit.statements.size() != first + 1 + body.size())
      return;
    // the value's assignment names the compared value; the other, if any, keeps an integer location
    const auto compared = [&](const fortran::Stmt& st) {
      const auto v = fortran::toString(st.rhs);
      return v == fortran::toString(condition.operands[0]) || v == fortran::toString(condition.operands[1]);
    };
    const std::size_t valueAt = compared(body[0]) ? 0 : 1;
    if (valueAt >= body.size() || (body.size() == 2 && !isIntegerScalar(body[1 - valueAt].lhs.text)))
      return;
    const auto target = fortran::toString(body[valueAt].lhs), value = fortran::toString(body[valueAt].rhs);
    const auto left = fortran::toString(condition.operands[0]), right = fortran::toString(condition.operands[1]);
    const bool greater = condition.op == fortran::Op::Gt || condition.op == fortran::Op::Ge;
    const bool less = condition.op == fortran::Op::Lt || condition.op == fortran::Op::Le;
    std::string op;
    if (left == value && right == target) // IF (e > s) s = e
      op = greater ? "max" : less ? "min" : "";
    else if (left == target && right == value) // IF (s < e) s = e
      op = less ? "max" : greater ? "min" : "";
    if (op.empty() || m_unit.statements[first + 1 + valueAt].scalarTarget != body[valueAt].lhs.text)
      return;
    m_unit.statements[first].reductionOp = op;
    m_unit.statements[first + 1 + valueAt].reductionOp = op;
    if (body.size() == 2)
      m_unit.statements[first + 2 - valueAt].reductionOp = op + "loc";
  }

  /// The body of an IF branch; its statements remember the IF's line, so a
  /// profile run can replace `probability` by measured counts.
  /// `share`: the branch's default share of the IF's probability, which
  /// its guards, when its whole condition is one, describe exactly
  /// (Statement::guardedShare).
  /// `branchGuards`: the conditions that describe exactly where the branch
  /// runs, which replace its default `share` (nullptr: none do; the branch
  /// then has no guard, a superset of its iterations).
  void visitBranch(std::span<const fortran::Stmt> body, int ifLine, const std::vector<int>& loops,
                   double probability, const std::vector<symbolic::AffineCondition>* branchGuards = nullptr,
                   double share = 1.0, std::pair<int, int> arm = {0, 2})
  {
    const int outer = m_branchLine;
    const auto outerArm = std::pair{m_branchArm, m_branchArms};
    std::tie(m_branchArm, m_branchArms) = arm;
    const auto guards = m_guards.size();
    const double guardedShare = m_guardedShare;
    const auto clipDefinitions = m_clipDefinitions; // a branch's definitions hold in it only
    m_branchLine = ifLine;
    m_ifLines.push_back(ifLine);
    if (branchGuards && !branchGuards->empty()) {
      m_guards.insert(m_guards.end(), branchGuards->begin(), branchGuards->end());
      m_guardedShare *= share;
    }
    visitSequence(body, loops, probability);
    m_ifLines.pop_back();
    m_guards.resize(guards);
    m_guardedShare = guardedShare;
    m_clipDefinitions = clipDefinitions;
    m_branchLine = outer;
    std::tie(m_branchArm, m_branchArms) = outerArm;
  }

  /// The negation of `c` when it is one affine comparison of the loop
  /// variables (IF (I .GT. K) ... ELSE: I .LE. K), the guard of its ELSE.
  std::optional<symbolic::AffineCondition> negatedGuard(const fortran::Expr& c, const std::vector<int>& loops)
  {
    return negatedOf(c, loopVariables(loops));
  }

  std::optional<symbolic::AffineCondition> negatedOf(const fortran::Expr& c, const std::vector<std::string>& vars)
  {
    using Relation = symbolic::AffineCondition::Relation;
    std::vector<symbolic::AffineCondition> one;
    if (!addGuards(c, vars, one) || one.size() != 1)
      return std::nullopt;
    static const std::map<Relation, Relation> negation{{Relation::Lt, Relation::Ge}, {Relation::Ge, Relation::Lt},
                                                       {Relation::Le, Relation::Gt}, {Relation::Gt, Relation::Le},
                                                       {Relation::Eq, Relation::Ne}, {Relation::Ne, Relation::Eq}};
    one.front().relation = negation.at(one.front().relation);
    return one.front();
  }

  /// Appends the comparisons of `c` (one, or an .AND. of them) as
  /// conditions affine in the loop variables `vars` (none, for a condition
  /// on integer scalars alone outside every loop, none of them assigned
  /// before: IF (IDIR .EQ. 1)); false when a part is not such a comparison
  /// of integers (a real value, an array element).
  bool addGuards(const fortran::Expr& c, const std::vector<std::string>& vars,
                 std::vector<symbolic::AffineCondition>& out)
  {
    using fortran::Op;
    using Relation = symbolic::AffineCondition::Relation;
    if (c.kind == ExprKind::Unary && c.op == Op::Not && c.operands.size() == 1) { // .NOT. of one comparison
      const auto negated = negatedOf(c.operands[0], vars);
      if (negated)
        out.push_back(*negated);
      return negated.has_value();
    }
    if (c.kind != ExprKind::Binary || c.operands.size() != 2)
      return false;
    if (c.op == Op::And)
      return addGuards(c.operands[0], vars, out) && addGuards(c.operands[1], vars, out);
    static const std::map<Op, Relation> relations{{Op::Lt, Relation::Lt}, {Op::Le, Relation::Le},
                                                  {Op::Gt, Relation::Gt}, {Op::Ge, Relation::Ge},
                                                  {Op::Eq, Relation::Eq}, {Op::Ne, Relation::Ne}};
    const auto relation = relations.find(c.op);
    const auto left = valueOf(c.operands[0]), right = valueOf(c.operands[1]);
    if (relation == relations.end() || !left || !right)
      return false;
    auto form = (*left - *right).affineIn(vars);
    if (!form)
      return false;
    // no loop variable in it (IF (IDIR .EQ. 1)): decided by the values, where they are the scalars' own
    // there: outside every loop (K = ITYP(I) in a loop changes per iteration), none assigned before
    const auto assigned = [&](const std::string& name) {
      return std::any_of(m_unit.statements.begin(), m_unit.statements.end(),
                         [&](const Statement& st) { return st.scalarTarget == name; });
    };
    if (form->coefficients.empty()) {
      const auto names = form->constant.symbols();
      if (!vars.empty() || std::any_of(names.begin(), names.end(), assigned))
        return false;
    }
    for (const auto& name : form->constant.symbols())
      if (!isIntegerScalar(name))
        return false;
    out.push_back({relation->second, std::move(*form)});
    return true;
  }

  /// Adds the line of `s` (EXIT, CYCLE, RETURN, STOP) to the exitLines of
  /// each open loop it leaves: EXIT the innermost or the one it names and
  /// every loop inside that, CYCLE the loops inside the one it names
  /// (Fortran 90, 8.1.4.4.3-4), RETURN and STOP all of them. EXIT naming an
  /// IF, SELECT CASE or WHERE construct leaves the loops inside it (Fortran
  /// 2008, 8.1.10); a name that nothing around has leaves none, with a warning.
  void leaves(const fortran::Stmt& s, const std::vector<int>& loops)
  {
    using fortran::StmtKind;
    std::size_t left = 0; // how many of the innermost open loops it leaves
    if (s.kind == StmtKind::Return || s.kind == StmtKind::Stop)
      left = loops.size();
    else if (s.constructName.empty())
      left = s.kind == StmtKind::Exit && !loops.empty() ? 1 : 0;
    else {
      bool named = false;
      for (std::size_t k = loops.size(); k-- > 0 && !named;)
        if (const auto it = m_constructNames.find(loops[k]); it != m_constructNames.end() && it->second == s.constructName) {
          left = loops.size() - k - (s.kind == StmtKind::Cycle ? 1 : 0); // CYCLE: the named loop goes on
          named = true;
        }
      const auto construct = std::find_if(m_openConstructs.rbegin(), m_openConstructs.rend(),
                                          [&](const auto& c) { return c.first == s.constructName; });
      if (!named && s.kind == StmtKind::Cycle)
        diag(s.range, Severity::Warning,
             "CYCLE names '" + s.constructName + "', which is no DO construct around it (Fortran 90, 8.1.4.4.3)");
      else if (!named && construct != m_openConstructs.rend())
        left = loops.size() - std::min(construct->second, loops.size()); // the loops opened inside it
      else if (!named)
        diag(s.range, Severity::Warning,
             "EXIT names '" + s.constructName +
                 "', which is no construct around it (Fortran 2008, 8.1.10); it is taken to leave no loop");
    }
    for (std::size_t k = loops.size() - left; k < loops.size(); ++k)
      leavesLoop(loops[k], line(s.range));
  }

  void loop(const fortran::Stmt& s, const std::vector<int>& loops, double probability)
  {
    Loop l;
    bool indirectVariable = false; // dataBounds: the loop variable's values are data too
    l.id = static_cast<int>(m_unit.loops.size());
    l.parent = loops.empty() ? -1 : loops.back();
    l.depth = static_cast<int>(loops.size());
    l.line = line(s.range);
    l.endLine = s.endRange.end > s.endRange.begin ? line(s.endRange) : l.line;
    l.range = {s.range.begin, std::max(s.range.end, s.endRange.end)};
    l.isWhile = s.kind == fortran::StmtKind::DoWhile;
    l.withoutControl = l.isWhile && s.condition.missing();
    if (s.independent) {
      l.independent = true;
      l.newVariables = s.independent->newVariables;
      l.reductionVariables = s.independent->reductionVariables;
    }
    if (!l.isWhile) {
      for (const auto* bound : {&s.lower, &s.upper, &s.step})
        checkNames(*bound);
      for (int id : loops) // DO I inside DO I: the inner one redefines the outer one's variable
        if (const auto& outer = m_unit.loops[static_cast<std::size_t>(id)]; !outer.isWhile && outer.variable == s.name)
          diag(s.range, Severity::Error,
               "DO variable '" + s.name + "' is already the variable of the enclosing loop at line " +
                   std::to_string(outer.line) + " (Fortran 90: a DO variable must not be redefined inside its loop)");
      setBounds(l, s.name, s.lower, s.upper, s.step);
      const auto clipDefined = [&](const fortran::Expr& e) {
        return e.kind == ExprKind::Name && m_clipDefinitions.count(e.text) > 0;
      };
      if (!l.boundsKnown || clipDefined(s.lower) || clipDefined(s.upper))
        clipBounds(l, s.lower, s.upper, s.step, loops);
      if (!l.boundsKnown)
        parityStart(l, s.lower, s.upper, s.step);
      if (!l.boundsKnown)
        indirectVariable = dataBounds(l, s.lower, s.upper, s.step, loops);
      boundsNote(l, {&s.lower, &s.upper, &s.step});
    } else {
      whileBounds(l);
    }
    if (l.parent >= 0)
      m_unit.loops[l.parent].children.push_back(l.id);
    m_unit.loops.push_back(l);
    if (!s.constructName.empty())
      m_constructNames[l.id] = s.constructName;
    collectLabels(s.body, m_bodyLabels[l.id]);
    // a GO TO there is a CYCLE only where the terminal statement does nothing (CONTINUE, END DO): one that
    // does work (DO 10 ... 10 B(I) = A(I)) runs after the jump too
    const bool endsInContinue = !s.body.empty() && s.body.back().kind == fortran::StmtKind::Continue &&
                                s.body.back().label != 0 && (s.doLabel == 0 || s.body.back().label == s.doLabel);
    if (s.endLabel != 0)
      m_endLabels[l.id] = s.endLabel;
    else if (endsInContinue)
      m_endLabels[l.id] = s.body.back().label;
    auto inner = loops;
    inner.push_back(l.id);
    std::map<std::string, std::set<int>> setInBody;
    namesSetIn(s.body, setInBody);
    if (indirectVariable)
      setInBody[l.variable].insert(l.line);
    m_scalars.enterLoop(l.variable, setInBody, l.line);
    if (indirectVariable) // K = ROWPTR(I), ...: its subscripts are indirect (variesInLoop)
      m_scalars.assign(l.variable, std::nullopt, std::nullopt, loopVariables(inner), l.line, true);
    m_setInOpenLoops.push_back(&setInBody);
    m_clipDefinitions.erase(l.variable);
    for (const auto& [name, lines] : setInBody) // set again in the body: not the value before it
      m_clipDefinitions.erase(name);
    const auto guards = m_guards.size();
    m_guards.insert(m_guards.end(), l.boundGuards.begin(), l.boundGuards.end());
    if (l.isWhile && !l.withoutControl) // the test runs before every iteration: it reads what the last one left
      conditionReads(s.condition, s.range, inner, probability);
    m_ifDepthInLoop[l.id] = m_ifLines.size();
    visitSequence(s.body, inner, probability);
    m_guards.resize(guards);
    m_setInOpenLoops.pop_back();
    m_scalars.leaveLoop(l.variable, l.line);
  }

  /// A DO whose bounds read array elements (CSR's DO K = ROWPTR(I),
  /// ROWPTR(I+1) - 1): its iterations per entry are data, so, as a DO
  /// WHILE's, they become an unknown of the unit (Loop::tripsUnknown) that
  /// the user sets or a profile run measures: DO K = L, L + S*(ntrips_L - 1)
  /// with S the step, where the start L is an integer expression that does
  /// not vary with the data, else DO K = 1, ntrips_L with K's values unknown
  /// (true: its subscripts are indirect, as after K = ICELL(I)). Only for
  /// a constant step and no MAX/MIN clipping; leaves `l` as it is
  /// otherwise.
  bool dataBounds(Loop& l, const fortran::Expr& lowerExpr, const fortran::Expr& upperExpr, const fortran::Expr& stepExpr,
                  const std::vector<int>& loops)
  {
    const auto step = stepExpr.missing() ? std::optional<std::int64_t>(1)
                                         : valueOf(stepExpr).value_or(symbolic::Expr::symbol("?")).asInteger();
    if (!step || *step == 0 || !l.boundGuards.empty() || findComponent(lowerExpr) || findComponent(upperExpr) ||
        (!findReference(lowerExpr, true) && !findReference(upperExpr, true)))
      return false;
    const auto vars = loopVariables(loops);
    const auto lower = findReference(lowerExpr, true) ? std::nullopt : valueOf(lowerExpr);
    const bool fixedStart = lower && !variesInLoop(*lower) && lower->affineIn(vars);
    l.tripsUnknown = freshName("ntrips_" + std::to_string(l.line));
    const auto trips = symbolic::Expr::symbol(l.tripsUnknown);
    // a backward loop from data (CSR rows walked from their end) counts up from 1: only K's values are unknown
    const auto stride = fixedStart ? *step : 1;
    const auto start = fixedStart ? *lower : symbolic::Expr::integer(1);
    l.lower = l.lowerAsWritten = start;
    l.upper = l.upperAsWritten = start + symbolic::Expr::integer(stride) * (trips - symbolic::Expr::integer(1));
    l.step = symbolic::Expr::integer(stride);
    l.boundsKnown = true;
    m_whileTrips.emplace(l.tripsUnknown, UnknownOrigin{l.line, "the number of iterations per entry of " + whileName(l) +
                                                                   " (a profile run measures it)"});
    return !fixedStart;
  }

  /// A start A + MOD(E, M) with step M, as red-black and odd-even sweeps
  /// write it (DO I = 2 + MOD(J+K, 2), N-1, 2): counted from A with step M
  /// (Loop::boundsApproximation). Each value of the MOD gives every M-th
  /// element from A + MOD: as many iterations within one, one element apart.
  /// The dependence analysis keeps the parity (Loop::strideOrigin = A + E):
  /// one colour's points do not depend on each other. Leaves `l` as it is
  /// otherwise (a MOD that is an array, a modulus other than the step).
  void parityStart(Loop& l, const fortran::Expr& lowerExpr, const fortran::Expr& upperExpr,
                   const fortran::Expr& stepExpr)
  {
    const auto step = stepExpr.missing() ? std::nullopt : valueOf(stepExpr);
    const auto m = step ? step->asInteger() : std::nullopt;
    if (!m || *m < 2 || !valueOf(upperExpr))
      return;
    const fortran::Expr* mod = isCall(lowerExpr, "mod") ? &lowerExpr : nullptr;
    const fortran::Expr* start = nullptr;
    if (lowerExpr.kind == ExprKind::Binary && lowerExpr.op == fortran::Op::Add)
      for (int k = 0; k < 2 && !mod; ++k)
        if (isCall(lowerExpr.operands[k], "mod"))
          mod = &lowerExpr.operands[k], start = &lowerExpr.operands[1 - k];
    const Symbol* named = mod ? m_unit.symbol(mod->text) : nullptr;
    if (!mod || (named && named->isArray()) || mod->operands.size() != 2) // an array named MOD is no MOD
      return;
    const auto dividend = valueOf(mod->operands[0]);
    const auto modulus = valueOf(mod->operands[1]);
    const auto from = start ? valueOf(*start) : symbolic::Expr::integer(0);
    if (!dividend || !modulus || modulus->asInteger() != m || !from)
      return;
    l.lower = *from;
    l.strideOrigin = *from + *dividend;
    l.lowerAsWritten = start ? valueOf(*start, SymbolicParameters::Keep).value_or(*from) : *from;
    l.boundsKnown = true;
    l.boundsApproximation = "The loop at line " + std::to_string(l.line) + " starts at " + l.lowerText +
                            " with step " + std::to_string(*m) + ": it is counted from " + l.lower.str() +
                            " (each value of the MOD has as many iterations within one, on elements one apart)";
  }

  /// A DO WHILE (or a DO without control, left by EXIT) as DO w = 1, ntrips:
  /// its iterations per entry are an unknown of the unit (set by the user or
  /// measured by a profile run), asked for as any loop bound is; `w` is a
  /// variable no statement reads, so the body's iterations all look alike
  /// and carry every dependence (a convergence loop runs one after another).
  /// Source: P3T+, Sec. 3.1 (loop iteration counts the analysis cannot
  /// derive come from a profile run or the user).
  void whileBounds(Loop& l)
  {
    l.variable = freshName("w" + std::to_string(l.line) + "_");
    auto& variable = declare(l.variable);
    variable.isLoopVariable = true;
    variable.type.base = fortran::BaseType::Integer;
    l.tripsUnknown = freshName("ntrips_" + std::to_string(l.line));
    l.lower = l.lowerAsWritten = symbolic::Expr::integer(1);
    l.upper = l.upperAsWritten = symbolic::Expr::symbol(l.tripsUnknown);
    l.step = symbolic::Expr::integer(1);
    l.boundsKnown = true;
    m_whileTrips.emplace(l.tripsUnknown,
                         UnknownOrigin{l.line, "the number of iterations per entry of " + whileName(l) +
                                                   " (a profile run measures it)"});
  }

  /// Bounds MAX(a, b, ...) below and MIN(c, d, ...) above, each argument an
  /// integer expression (Loop::boundGuards): one argument bounds the loop,
  /// the others guard its body; for a step of 1 only (a clipped start
  /// would move a larger step's iterations). Leaves `l` as it is otherwise.
  void clipBounds(Loop& l, const fortran::Expr& lowerExpr, const fortran::Expr& upperExpr, const fortran::Expr& stepExpr,
                  const std::vector<int>& loops)
  {
    const auto outer = loopVariables(loops);
    if (!stepExpr.missing() && !(stepExpr.kind == ExprKind::Integer && stepExpr.text == "1")) {
      if (isCall(lowerExpr, "max") || isCall(upperExpr, "min"))
        l.boundsNote = "MAX and MIN bounds are estimated with a step of 1 only"; // the whole reason (iteration-space.cpp)
      return;
    }
    std::vector<symbolic::AffineCondition> guards;
    // a bound named by a scalar set just before (JLO = MAX(1, I-KL); DO J = JLO, ...): its definition
    const auto defined = [&](const fortran::Expr& e) -> const fortran::Expr& {
      const auto it = e.kind == ExprKind::Name ? m_clipDefinitions.find(e.text) : m_clipDefinitions.end();
      return it != m_clipDefinitions.end() && it->second.loops == loops && it->second.branchLine == m_branchLine &&
                     (isCall(*it->second.rhs, "max") || isCall(*it->second.rhs, "min"))
               ? *it->second.rhs
               : e;
    };
    auto lower = clipped(defined(lowerExpr), "max", l.variable, outer, symbolic::AffineCondition::Relation::Ge, guards);
    auto upper = clipped(defined(upperExpr), "min", l.variable, outer, symbolic::AffineCondition::Relation::Le, guards);
    if (!lower || !upper)
      return;
    const auto written = [&](const fortran::Expr& e) {
      const auto& d = defined(e);
      const auto text = std::string(m_parsed.cooked().slice(e.range));
      return &d == &e ? text : text + " = " + std::string(m_parsed.cooked().slice(d.range));
    };
    l.lowerText = written(lowerExpr);
    l.upperText = written(upperExpr);
    l.lower = *lower;
    l.upper = *upper;
    l.lowerAsWritten = keptBound(defined(lowerExpr), "max", *lower);
    l.upperAsWritten = keptBound(defined(upperExpr), "min", *upper);
    l.boundGuards = std::move(guards);
    l.boundsKnown = true;
  }

  /// Whether `e` calls `fn` ("max" or "min"), also by its F77 integer name (MAX0, MIN0).
  static bool isCall(const fortran::Expr& e, const char* fn)
  {
    return (e.kind == ExprKind::FunctionRef || e.kind == ExprKind::ArrayRef) &&
           (e.text == fn || e.text == fn + std::string("0"));
  }

  /// The bound `clipped` chose from `e`, with PARAMETER constants kept as
  /// symbols (Loop::lowerAsWritten), else `folded`.
  symbolic::Expr keptBound(const fortran::Expr& e, const char* fn, const symbolic::Expr& folded)
  {
    if (!isCall(e, fn))
      return valueOf(e, SymbolicParameters::Keep).value_or(folded);
    for (const auto& a : e.operands)
      if (valueOf(a) == folded)
        return valueOf(a, SymbolicParameters::Keep).value_or(folded);
    return folded;
  }

  /// `e`'s value as a bound: itself when it is an integer expression, else
  /// for `fn`(args) the argument chosen to bound the loop, the others added
  /// to `guards` as `variable` REL argument; nullopt otherwise.
  std::optional<symbolic::Expr> clipped(const fortran::Expr& e, const char* fn, const std::string& variable,
                                        const std::vector<std::string>& outer, symbolic::AffineCondition::Relation rel,
                                        std::vector<symbolic::AffineCondition>& guards)
  {
    if (auto v = valueOf(e))
      return v;
    if (!isCall(e, fn) || e.operands.size() < 2)
      return std::nullopt;
    std::vector<symbolic::Expr> args;
    for (const auto& a : e.operands) {
      auto v = valueOf(a);
      if (!v)
        return std::nullopt;
      args.push_back(std::move(*v));
    }
    const auto namesOuter = [&](const symbolic::Expr& v) {
      const auto symbols = v.symbols();
      return std::any_of(outer.begin(), outer.end(), [&](const auto& o) { return symbols.count(o) > 0; });
    };
    const auto chosen = std::find_if(args.begin(), args.end(), namesOuter);
    const auto bound = chosen == args.end() ? args.begin() : chosen;
    auto vars = outer;
    vars.push_back(variable);
    for (auto a = args.begin(); a != args.end(); ++a) {
      if (a == bound)
        continue;
      auto form = (symbolic::Expr::symbol(variable) - *a).affineIn(vars);
      if (!form)
        return std::nullopt;
      for (const auto& name : form->constant.symbols())
        if (!isIntegerScalar(name))
          return std::nullopt;
      guards.push_back({rel, std::move(*form)});
    }
    return *bound;
  }

  /// Whether `e` names a scalar that an enclosing loop's body sets from an
  /// array element or a loop variable without an affine value (J =
  /// ICELL(I)): it changes from iteration to iteration, an indirect
  /// subscript, not an unknown of the program the user could give (M =
  /// INT(SQRT(REAL(N))) in the loop stays one).
  bool variesInLoop(const symbolic::Expr& e) const
  {
    for (const auto& n : e.symbols())
      if (m_scalars.variesNow(n) && std::any_of(m_setInOpenLoops.begin(), m_setInOpenLoops.end(),
                                                [&](const auto* set) { return set->count(n) > 0; }))
        return true;
    return false;
  }

  /// Whether `e` reads an array element or one of the loop variables `vars`.
  bool readsElementOrLoopVariable(const fortran::Expr& e, const std::vector<std::string>& vars) const
  {
    if (e.kind == ExprKind::ArrayRef ||
        (e.kind == ExprKind::Name && std::find(vars.begin(), vars.end(), e.text) != vars.end()))
      return true;
    return std::any_of(e.operands.begin(), e.operands.end(),
                       [&](const fortran::Expr& o) { return readsElementOrLoopVariable(o, vars); });
  }

  /// An integer expression with PARAMETERs folded (or kept) and the scalars
  /// of known value substituted (program/scalar-values.h).
  std::optional<symbolic::Expr> valueOf(const fortran::Expr& e, SymbolicParameters parameters = SymbolicParameters::Fold)
  {
    auto v = toSymbolic(e, m_unit, parameters);
    if (v)
      v = m_scalars.substitute(*v, parameters == SymbolicParameters::Keep);
    return v;
  }

  /// The scalars that the statements of `body` assign, read or pass to a
  /// CALL, with the lines where they do.
  void namesSetIn(const std::vector<fortran::Stmt>& body, std::map<std::string, std::set<int>>& out) const
  {
    using fortran::StmtKind;
    for (const auto& s : body) {
      if (s.kind == StmtKind::Assignment && s.lhs.kind == ExprKind::Name)
        out[s.lhs.text].insert(line(s.range));
      if (s.kind == StmtKind::Io)
        for (const auto& n : readVariables(m_parsed.cooked().slice(s.range)))
          out[n].insert(line(s.range));
      if (s.kind == StmtKind::Call)
        for (const auto& a : s.args)
          if (a.kind == ExprKind::Name)
            out[a.text].insert(line(s.range));
      namesSetIn(s.body, out);
      for (const auto& b : s.branches)
        namesSetIn(b.body, out);
    }
  }

  /// A FORALL is read as the perfect DO nest over its indices, outermost
  /// first, with the mask as an IF of the default probability 0.5 around
  /// the body (HPF 1.1, Sec. 4.1).
  void forall(const fortran::Stmt& s, const std::vector<int>& loops, double probability)
  {
    auto inner = loops;
    for (const auto& index : s.forallIndices) {
      Loop l;
      l.id = static_cast<int>(m_unit.loops.size());
      l.parent = inner.empty() ? -1 : inner.back();
      l.depth = static_cast<int>(inner.size());
      l.line = line(s.range);
      l.endLine = s.endRange.end > s.endRange.begin ? line(s.endRange) : l.line;
      l.range = {s.range.begin, std::max(s.range.end, s.endRange.end)};
      l.isForall = true;
      if (s.independent) {
        l.independent = true;
        l.newVariables = s.independent->newVariables;
        l.reductionVariables = s.independent->reductionVariables;
      }
      setBounds(l, index.name, index.lower, index.upper, index.stride);
      boundsNote(l, {&index.lower, &index.upper, &index.stride});
      if (l.parent >= 0)
        m_unit.loops[l.parent].children.push_back(l.id);
      m_unit.loops.push_back(l);
      inner.push_back(l.id);
    }
    if (s.condition.missing()) {
      for (const auto& b : s.body)
        visit(b, inner, probability);
      return;
    }
    conditionReads(s.condition, s.range, inner, probability);
    visitBranch(s.body, line(s.range), inner, probability * 0.5);
  }

  /// Why the bounds of `l` are unknown, when a bound reads a component of a
  /// derived type (components are not modelled, so no value can be set),
  /// an array element (CSR's DO K = ROWPTR(I), ROWPTR(I+1)-1: the trip
  /// count is data) or calls a function (red-black's DO I = MOD(J,2)+2,
  /// N, 2: not affine).
  void boundsNote(Loop& l, std::initializer_list<const fortran::Expr*> bounds)
  {
    if (l.boundsKnown || !l.boundsNote.empty()) // clipBounds said why (MAX and MIN with a step)
      return;
    for (const auto* b : bounds)
      if (const auto* component = findComponent(*b)) {
        l.boundsNote = "'" + fortran::toString(*component) + "' is a component of a derived type, which PartScope does not model";
        return;
      }
    for (const auto* b : bounds)
      if (const auto* element = findReference(*b, true)) {
        l.boundsNote = "'" + fortran::toString(*element) +
                       "' is an array element: the trip count depends on the data, which an estimate does not know";
        return;
      }
    for (const auto* b : bounds)
      if (const auto* call = findReference(*b, false)) {
        l.boundsNote = "'" + fortran::toString(*call) +
                       "' is not affine in the loop variables and unknowns (bounds may use + - *, MAX and MIN)";
        return;
      }
  }

  /// The first reference in `e` (depth first) to an element of an array
  /// (`element`) or to a function (else), or null.
  const fortran::Expr* findReference(const fortran::Expr& e, bool element) const
  {
    if (e.kind == ExprKind::ArrayRef || e.kind == ExprKind::FunctionRef) {
      const Symbol* s = m_unit.symbol(e.text);
      if ((s && s->isArray() && e.kind == ExprKind::ArrayRef) == element)
        return &e;
    }
    for (const auto& o : e.operands)
      if (const auto* found = findReference(o, element))
        return found;
    return nullptr;
  }

  void setBounds(Loop& l, const std::string& variable, const fortran::Expr& lowerExpr, const fortran::Expr& upperExpr,
                 const fortran::Expr& stepExpr)
  {
    l.variable = variable;
    declare(variable).isLoopVariable = true;
    auto lower = valueOf(lowerExpr);
    auto upper = valueOf(upperExpr);
    auto step = stepExpr.missing() ? std::optional(symbolic::Expr::integer(1)) : valueOf(stepExpr);
    l.boundsKnown = lower && upper && step;
    if (lower) l.lower = *lower;
    if (upper) l.upper = *upper;
    if (step) l.step = *step;
    l.lowerAsWritten = valueOf(lowerExpr, SymbolicParameters::Keep).value_or(l.lower);
    l.upperAsWritten = valueOf(upperExpr, SymbolicParameters::Keep).value_or(l.upper);
    if (!l.boundsKnown) {
      const auto text = [&](const fortran::Expr& e) {
        return e.missing() ? std::string() : std::string(m_parsed.cooked().slice(e.range));
      };
      l.lowerText = text(lowerExpr);
      l.upperText = text(upperExpr);
      l.stepText = text(stepExpr);
    }
  }

  Statement& newStatement(const fortran::Stmt& s, const std::vector<int>& loops, double probability, StatementKind kind)
  {
    Statement st;
    st.id = static_cast<int>(m_unit.statements.size());
    st.kind = kind;
    st.range = s.range;
    st.line = line(s.range);
    st.lastLine = s.range.end > s.range.begin ? std::max(st.line, line({s.range.end - 1, s.range.end})) : st.line;
    st.text = std::string(m_parsed.cooked().slice(s.range));
    st.loops = loops;
    st.probability = probability;
    st.branchLine = m_branchLine;
    st.branchArm = m_branchArm;
    st.branchArms = m_branchArms;
    st.guards = m_guards;
    st.guardedShare = m_guardedShare;
    m_unit.statements.push_back(std::move(st));
    return m_unit.statements.back();
  }

  std::vector<std::string> loopVariables(const std::vector<int>& loops) const
  {
    std::vector<std::string> vars;
    for (int id : loops) {
      if (!m_unit.loops[id].variable.empty())
        vars.push_back(m_unit.loops[id].variable);
    }
    return vars;
  }

  void assignment(const fortran::Stmt& s, const std::vector<int>& outerLoops, double probability)
  {
    const auto loops = sectionLoops(s, outerLoops); // A(2:N-1,J) = ...: one loop per section subscript
    Statement& st = newStatement(s, loops, probability, StatementKind::Assignment);
    const auto vars = loopVariables(loops);
    const Symbol* target = m_unit.symbol(s.lhs.text);
    checkName(componentRoot(s.lhs).text, componentRoot(s.lhs).range);
    if (s.lhs.kind == ExprKind::Component) { // opaque: components are not modelled
      st.ops.store = 1;
    } else if (s.lhs.kind == ExprKind::ArrayRef) {
      st.refs.push_back(reference(s.lhs, true, vars));
      st.ops.store = 1;
      subscriptReads(s.lhs, st, vars);
    } else if (target && target->isArray()) {
      st.wholeArray = m_section.empty(); // else V = CSHIFT(U, 1): its elements, in sectionLoops' loops
      st.refs.push_back(reference(s.lhs, true, vars));
      st.ops.store = 1;
    } else {
      st.scalarTarget = s.lhs.text;
    }
    count(s.rhs, st, vars);
    m_section.clear();
    if (!st.scalarTarget.empty() && isIntegerScalar(st.scalarTarget)) {
      // a value the user gives (--set k=4 for K = 2**(L-1)) makes the scalar an unknown of that value, in
      // subscripts as in bounds, rather than one that changes from iteration to iteration
      const auto folded = valueOf(s.rhs);
      const bool given = (!folded || !folded->affineIn(vars)) && m_overrides.count(st.scalarTarget) > 0;
      if (given)
        m_unit.givenScalars.insert(st.scalarTarget);
      m_scalars.assign(st.scalarTarget, folded, valueOf(s.rhs, SymbolicParameters::Keep), vars, st.line,
                       !given && readsElementOrLoopVariable(s.rhs, vars));
      if (isCall(s.rhs, "max") || isCall(s.rhs, "min") || periodicSubscript(s.rhs, vars))
        m_clipDefinitions[st.scalarTarget] = {&s.rhs, loops, m_branchLine};
      else
        m_clipDefinitions.erase(st.scalarTarget);
    }
  }

  /// `loops` and, for an assignment to an array section (A(2:N-1,J) =
  /// B(2:N-1,J-1) + B(2:N-1,J+1)), one loop per triplet of the target over
  /// its elements, the first triplet innermost, whose references then read
  /// element by element (m_section, sectionSubscripts). The loops are FORALL
  /// loops (the right side is evaluated before any element is assigned).
  /// Left alone: a target without a triplet (A = B: elementwiseArrayAssignment),
  /// one with a vector subscript, and triplets without integer bounds or
  /// with a stride that is not a constant; a WHERE's assignments run in the
  /// loops its `where` made (m_whereSection), or stay array assignments.
  /// Source: Fortran 90, Sec. 6.2.2.3 and 7.5.1.5.
  std::vector<int> sectionLoops(const fortran::Stmt& s, const std::vector<int>& loops, bool wholeTarget = false)
  {
    m_section = m_whereSection; // inside a WHERE's loops (where): its elements
    if (!m_section.empty())
      return loops;
    const Symbol* named = s.lhs.kind == ExprKind::Name ? m_unit.symbol(s.lhs.text) : nullptr;
    // V = CSHIFT(U, 1) + ...: the whole of V, element by element, so that the shifts are reads of elements
    const bool wholeShifted = named && named->isArray() && (wholeTarget || (m_whereDepth == 0 && callsShift(s.rhs)));
    const Symbol* target = s.lhs.kind == ExprKind::ArrayRef ? m_unit.symbol(s.lhs.text) : wholeShifted ? named : nullptr;
    if (!wholeShifted && // else every dimension a triplet ':'
        (m_whereDepth > 0 || !target || target->dims.size() != s.lhs.operands.size() || !hasSection(s) ||
         std::any_of(s.lhs.operands.begin(), s.lhs.operands.end(), [&](const auto& o) { return arrayValued(o); })))
      return loops; // A(IDX, 1:M) = 0: a vector subscript has its own extent
    struct Range {
      symbolic::Expr lower, upper, lowerAsWritten, upperAsWritten;
      std::int64_t step = 1;
    };
    std::vector<Range> ranges;
    for (std::size_t d = 0; d < target->dims.size(); ++d) {
      const auto& dim = target->dims[d];
      if (wholeShifted) {
        ranges.push_back({dim.lower, dim.upper, dim.lowerAsWritten, dim.upperAsWritten, 1});
        continue;
      }
      const auto& sub = s.lhs.operands[d];
      if (sub.kind != ExprKind::Triplet)
        continue;
      const auto bound = [&](const fortran::Expr& e, const symbolic::Expr& declared, SymbolicParameters p) {
        return e.missing() ? std::optional(declared) : valueOf(e, p);
      };
      const auto lower = bound(sub.operands[0], dim.lower, SymbolicParameters::Fold);
      const auto upper = bound(sub.operands[1], dim.upper, SymbolicParameters::Fold);
      const auto step = constantStride(sub);
      if (!lower || !upper || step == 0)
        return loops;
      ranges.push_back({*lower, *upper, bound(sub.operands[0], dim.lowerAsWritten, SymbolicParameters::Keep).value_or(*lower),
                        bound(sub.operands[1], dim.upperAsWritten, SymbolicParameters::Keep).value_or(*upper), step});
    }
    std::vector<SectionLoop> positions; // per triplet: where the loop variable counts from, and by what
    for (std::size_t k = 0; k < ranges.size(); ++k) {
      auto& r = ranges[k];
      positions.push_back({sectionVariable(k), r.lower, r.step});
      if (r.step == 1 || r.step == -1 || stridesDivide(s.rhs, k, ranges.size(), r.step))
        continue;
      // A(1:99:2) = B(1:50): the loop runs over the element positions 0, 1, ... instead (B(1 + t)
      // is no affine function of A's index); count - 1 = (hi - lo + st)/st - 1, truncation
      // being the floor wherever the count is positive
      const auto last = [&](const symbolic::Expr& lo, const symbolic::Expr& hi) {
        const auto span = r.step > 0 ? hi - lo + symbolic::Expr::integer(r.step) : lo - hi - symbolic::Expr::integer(r.step);
        return symbolic::Expr::quotient(span, symbolic::Expr::integer(r.step > 0 ? r.step : -r.step)) - symbolic::Expr::integer(1);
      };
      r = {symbolic::Expr::integer(0), last(r.lower, r.upper), symbolic::Expr::integer(0),
           last(r.lowerAsWritten, r.upperAsWritten), 1};
      positions.back() = {positions.back().variable, symbolic::Expr::integer(0), 1};
    }
    auto inner = loops;
    for (std::size_t k = ranges.size(); k-- > 0;) {
      Loop l;
      l.id = static_cast<int>(m_unit.loops.size());
      l.parent = inner.empty() ? -1 : inner.back();
      l.depth = static_cast<int>(inner.size());
      l.line = line(s.range);
      l.endLine = s.range.end > s.range.begin ? std::max(l.line, line({s.range.end - 1, s.range.end})) : l.line;
      l.range = s.range;
      l.isForall = l.isSection = true;
      l.variable = positions[k].variable;
      auto& variable = declare(l.variable);
      variable.isLoopVariable = true;
      variable.type.base = fortran::BaseType::Integer;
      l.lower = ranges[k].lower;
      l.upper = ranges[k].upper;
      l.step = symbolic::Expr::integer(ranges[k].step);
      l.lowerAsWritten = ranges[k].lowerAsWritten;
      l.upperAsWritten = ranges[k].upperAsWritten;
      if (l.parent >= 0)
        m_unit.loops[l.parent].children.push_back(l.id);
      m_unit.loops.push_back(l);
      inner.push_back(l.id);
    }
    m_section = std::move(positions);
    return inner;
  }

  /// Whether the stride of the k-th triplet of every reference in `e` read
  /// element by element (of `rank` triplets, outside calls that are not
  /// elemental) is a multiple of `step`, the target's.
  bool stridesDivide(const fortran::Expr& e, std::size_t k, std::size_t rank, std::int64_t step)
  {
    if (e.kind == ExprKind::FunctionRef && !fortran::isElemental(e.text))
      return true;
    if (e.kind == ExprKind::ArrayRef) {
      std::vector<const fortran::Expr*> triplets;
      for (const auto& o : e.operands)
        if (o.kind == ExprKind::Triplet)
          triplets.push_back(&o);
      if (triplets.size() == rank && constantStride(*triplets[k]) % step != 0)
        return false;
    }
    return std::all_of(e.operands.begin(), e.operands.end(), [&](const auto& o) { return stridesDivide(o, k, rank, step); });
  }

  /// Whether a subscript that is no triplet is array-valued (a vector
  /// subscript: IDX or IDX(1:M), or an elemental expression of one).
  bool arrayValued(const fortran::Expr& e) const
  {
    if (e.kind == ExprKind::Triplet)
      return false;
    if (e.kind == ExprKind::Name) {
      const Symbol* s = m_unit.symbol(e.text);
      return s && s->isArray();
    }
    return std::any_of(e.operands.begin(), e.operands.end(),
                       [&](const auto& o) { return o.kind == ExprKind::Triplet || arrayValued(o); });
  }

  /// A triplet's stride: 1 when absent, 0 when not an integer constant
  /// (or zero, which `subscript` reports).
  std::int64_t constantStride(const fortran::Expr& triplet)
  {
    if (triplet.operands[2].missing())
      return 1;
    const auto stride = valueOf(triplet.operands[2]);
    return stride ? stride->asInteger().value_or(0) : 0;
  }

  /// Whether an assignment's target has a triplet: A(2:N-1,J), A(:,J), and
  /// A(:,:) too, which the loops make owner-computes where B is mapped as A
  /// and a copy where it is not (A = B, without parentheses, stays an
  /// array assignment: elementwiseArrayAssignment).
  static bool hasSection(const fortran::Stmt& s)
  {
    const auto& target = s.lhs.operands;
    return std::any_of(target.begin(), target.end(), [](const auto& o) { return o.kind == ExprKind::Triplet; });
  }

  /// The variable of the loop over a section assignment's k-th triplet
  /// (0-based): "i1_", "i2_", ... (Fortran names, implicitly integer, that
  /// programs seldom use), lengthened while the unit has the name already
  /// for something else.
  std::string sectionVariable(std::size_t k) { return freshName("i" + std::to_string(k + 1) + "_"); }

  /// `name`, lengthened by '_' while the unit's text or outer scope has it.
  std::string freshName(std::string name)
  {
    if (!m_namesInText) // every name the unit's text has, declared or not yet (READ *, I1_ later on)
      m_namesInText = namesIn(m_parsed.cooked().slice(m_ast.range));
    while (m_namesInText->count(name) || m_outer.symbols.count(name))
      name += "_";
    return name;
  }

  bool isIntegerScalar(const std::string& name) const
  {
    const Symbol* s = m_unit.symbol(name);
    const auto type = s ? s->type : m_typing.typeOf(name);
    return (!s || (!s->isArray() && !s->isParameter)) && type.base == fortran::BaseType::Integer;
  }

  void call(const fortran::Stmt& s, const std::vector<int>& loops, double probability)
  {
    Statement& st = newStatement(s, loops, probability, StatementKind::Call);
    st.callee = s.name;
    const auto vars = loopVariables(loops);
    for (const auto& a : s.args) {
      const auto before = st.refs.size();
      count(a, st, vars);
      CallArgument arg{fortran::toString(a), a.kind == ExprKind::Name ? a.text : "", valueOf(a)};
      const Symbol* array = a.kind == ExprKind::ArrayRef ? m_unit.symbol(a.text) : nullptr;
      for (auto r = before; array && array->isArray() && r < st.refs.size(); ++r)
        if (st.refs[r].array == a.text && st.refs[r].range.begin == a.range.begin) // not one in its subscripts
          arg.reference = static_cast<int>(r);
      st.arguments.push_back(std::move(arg));
    }
    for (const auto& a : s.args) // by reference: the callee may set them
      if (a.kind == ExprKind::Name && isIntegerScalar(a.text))
        m_scalars.setBy(a.text, "CALL '" + s.name + "'", st.line), m_clipDefinitions.erase(a.text);
  }

  void other(const fortran::Stmt& s, const std::vector<int>& loops, double probability, StatementKind kind)
  {
    const auto& st = newStatement(s, loops, probability, kind);
    if (kind == StatementKind::Io && s.name == "read")
      for (const auto& n : readVariables(st.text))
        if (isIntegerScalar(n))
          m_scalars.setBy(n, "READ", st.line), m_clipDefinitions.erase(n);
  }

  void conditionReads(const fortran::Expr& condition, fortran::SourceRange range, const std::vector<int>& loops,
                      double probability)
  {
    fortran::Stmt pseudo;
    pseudo.range = range;
    Statement& st = newStatement(pseudo, loops, probability, StatementKind::Control);
    m_section = m_whereSection; // a WHERE's mask in its loops (where): element by element
    count(condition, st, loopVariables(loops));
    m_section.clear();
  }

  // ---- expressions ---------------------------------------------------------

  /// Under IMPLICIT NONE a name needs a type here or from outside (USE,
  /// host, a procedure of the file); an intrinsic's name needs none only
  /// where it is called (the caller checks: `time = 0` undeclared is an
  /// error although TIME is a vendor intrinsic); an EXTERNAL name written bare
  /// (`bareName`: an actual argument) needs none. Names that may come from a module the file
  /// does not contain get one note per unit instead of errors.
  void checkName(const std::string& name, fortran::SourceRange range, bool bareName = false)
  {
    if (!m_typing.isNone() || m_typed.count(name) || m_reported.count(name) ||
        m_outer.symbols.count(name) || m_outer.procedures.count(name) || (bareName && m_externals.count(name)))
      return;
    m_reported.insert(name);
    if (m_outer.foreignModules.empty()) {
      diag(range, Severity::Error, "Name '" + name + "' has no type (IMPLICIT NONE is in effect)");
    } else if (!m_notedForeign) {
      m_notedForeign = true;
      diag(range, Severity::Note,
           "Name '" + name + "' and other names without a type are taken to come from module '" +
               m_outer.foreignModules.front() + "', which is not in this file");
    }
  }

  /// checkName for every name an expression that is not counted as work
  /// reads (a loop bound: `DO I = 1, NN` with NN never declared).
  void checkNames(const fortran::Expr& e)
  {
    if (e.kind == ExprKind::Name)
      checkName(e.text, e.range, true);
    else if ((e.kind == ExprKind::ArrayRef || e.kind == ExprKind::FunctionRef) && !isIntrinsic(e.text))
      checkName(e.text, e.range);
    for (const auto& o : e.operands)
      checkNames(o);
  }

  ArrayReference reference(const fortran::Expr& e, bool isWrite, const std::vector<std::string>& vars)
  {
    ArrayReference r;
    r.array = e.text;
    r.isWrite = isWrite;
    r.range = e.range;
    const auto lc = m_parsed.cooked().lineColumn(e.range);
    r.line = lc.line;
    r.column = lc.column;
    const Symbol* s = m_unit.symbol(e.text);
    if (s && s->isArray() && !e.operands.empty() && e.operands.size() != s->dims.size()) {
      diag(e.range, Severity::Error,
           "Array '" + e.text + "' is referenced with " + std::to_string(e.operands.size()) + " subscript" +
               (e.operands.size() == 1 ? "" : "s") + " but declared with " + std::to_string(s->dims.size()));
    }
    for (std::size_t d = 0; d < e.operands.size(); ++d)
      r.subscripts.push_back(subscript(e.operands[d], vars, s && d < s->dims.size() ? &s->dims[d] : nullptr));
    if (s && s->isArray())
      sectionSubscripts(r, *s, e, vars);
    return r;
  }

  /// The subscripts of `r`, a reference to `array` in an array-section
  /// assignment (m_section), in the loops over the target's section: its
  /// k-th triplet (or, written whole, its k-th dimension) runs with the
  /// target's k-th, lower + (v - target's lower) * stride / target's
  /// stride (Fortran 90, Sec. 7.5.1.5: conformable sections assigned
  /// element by element in array element order). Left as they are when the
  /// ranks differ, inside a call that is not elemental, or when the strides
  /// do not divide.
  void sectionSubscripts(ArrayReference& r, const Symbol& array, const fortran::Expr& e,
                         const std::vector<std::string>& vars)
  {
    if (m_section.empty() || m_nonElementalCalls > 0)
      return;
    const bool written = !e.operands.empty();
    const auto triplets = written ? std::count_if(e.operands.begin(), e.operands.end(),
                                                  [](const auto& o) { return o.kind == ExprKind::Triplet; })
                                  : static_cast<std::ptrdiff_t>(array.dims.size());
    if (written && triplets > 0 && static_cast<std::size_t>(triplets) != m_section.size())
      diag(e.range, Severity::Warning,
           "Section '" + fortran::toString(e) + "' has rank " + std::to_string(triplets) + " and the assigned one rank " +
               std::to_string(m_section.size()) + ": they are not conformable; it is read whole");
    if (static_cast<std::size_t>(triplets) != m_section.size() || (written && e.operands.size() != array.dims.size()) ||
        std::any_of(e.operands.begin(), e.operands.end(), [&](const auto& o) { return arrayValued(o); }))
      return;
    std::vector<Subscript> out;
    std::size_t k = 0;
    for (std::size_t d = 0; d < array.dims.size(); ++d) {
      const fortran::Expr* sub = written ? &e.operands[d] : nullptr;
      if (sub && sub->kind != ExprKind::Triplet) {
        out.push_back(r.subscripts[d]);
        continue;
      }
      const auto lower = sub && !sub->operands[0].missing() ? valueOf(sub->operands[0]) : array.dims[d].lower;
      const auto step = sub ? constantStride(*sub) : 1;
      const auto& loop = m_section[k++];
      if (!lower || variesInLoop(*lower) || step == 0 || step % loop.step != 0) // B(K+1:K+M), K = IOFF(I): data
        return;
      const auto index = *lower + (symbolic::Expr::symbol(loop.variable) - loop.lower) * symbolic::Expr::integer(step / loop.step);
      const auto affine = index.affineIn(vars);
      if (!affine)
        return;
      Subscript s;
      s.kind = SubscriptKind::Affine;
      s.affine = *affine;
      s.text = sub ? fortran::toString(*sub) : ":";
      out.push_back(std::move(s));
    }
    r.subscripts = std::move(out);
  }

  /// One subscript; a triplet's bounds where they are fixed in the loops
  /// `vars` (Subscript::lower), the omitted ones `declared`'s.
  Subscript subscript(const fortran::Expr& e, const std::vector<std::string>& vars, const Extent* declared)
  {
    Subscript s;
    s.text = fortran::toString(e);
    if (e.kind == ExprKind::Triplet) {
      s.kind = SubscriptKind::Triplet;
      s.stride = constantStride(e);
      if (const auto stride = s.stride == 0 ? valueOf(e.operands[2]) : std::nullopt; // zero, or not a constant
          stride && stride->asInteger() == 0)
        diag(e.operands[2].range, Severity::Error, "The stride of a section must not be zero (Fortran 90, 6.2.2.3.1)");
      const auto fixed = [&](const fortran::Expr& bound, const symbolic::Expr* omitted) -> std::optional<symbolic::Expr> {
        const auto value = bound.missing() && omitted ? std::optional(*omitted) : valueOf(bound);
        const auto affine = value && !variesInLoop(*value) ? value->affineIn(vars) : std::nullopt;
        return affine && affine->coefficients.empty() ? value : std::nullopt;
      };
      s.lower = fixed(e.operands[0], declared ? &declared->lower : nullptr);
      s.upper = fixed(e.operands[1], declared ? &declared->upper : nullptr);
      return s;
    }
    if (auto sym = valueOf(e); sym && !variesInLoop(*sym)) {
      if (auto affine = sym->affineIn(vars)) {
        s.kind = SubscriptKind::Affine;
        s.affine = *affine;
      }
    }
    if (s.kind == SubscriptKind::NonAffine)
      s.periodic = periodicSubscript(e, vars);
    // IP = MOD(I,N) + 1 earlier in this body, then U(IP): the MOD's value (a branch's definitions
    // hold in it only, and a new value of IP, a CALL or a READ forgets it)
    const auto defined = e.kind == ExprKind::Name ? m_clipDefinitions.find(e.text) : m_clipDefinitions.end();
    if (s.kind == SubscriptKind::NonAffine && !s.periodic && defined != m_clipDefinitions.end() &&
        loopVariables(defined->second.loops) == vars)
      s.periodic = periodicSubscript(*defined->second.rhs, vars);
    return s;
  }

  /// Whether `e` calls CSHIFT or EOSHIFT of a whole array (sectionLoops).
  bool callsShift(const fortran::Expr& e) const
  {
    if (e.kind == ExprKind::FunctionRef && (e.text == "cshift" || e.text == "eoshift") && e.operands.size() >= 2)
      return true;
    return std::any_of(e.operands.begin(), e.operands.end(), [&](const fortran::Expr& o) { return callsShift(o); });
  }

  /// CSHIFT(U, S [, DIM]) or EOSHIFT(U, S [, BOUNDARY, DIM]) of a whole
  /// array U, or of such a shift along another dimension, in an
  /// assignment over a section's loops (m_section), U's rank
  /// that of the section and S fixed in the loops: the element of U that
  /// each element of the result is, a periodic subscript along DIM
  /// (Subscript::periodic: lower + MODULO(position + S, extent); for
  /// EOSHIFT only where that does not wrap, the boundary elsewhere).
  /// nullopt for other calls (read whole, as before).
  /// Source: Fortran 90, Sec. 13, the intrinsics CSHIFT and EOSHIFT.
  std::optional<ArrayReference> shiftedReference(const fortran::Expr& e, Statement& st, const std::vector<std::string>& vars)
  {
    const bool circular = e.text == "cshift";
    if ((!circular && e.text != "eoshift") || m_section.empty() || m_nonElementalCalls > 0 || e.operands.size() < 2)
      return std::nullopt;
    // the arguments by keyword where written so, else by position (Fortran 90, 12.4.1)
    const std::vector<std::string> positions =
        circular ? std::vector<std::string>{"array", "shift", "dim"} : std::vector<std::string>{"array", "shift", "boundary", "dim"};
    std::map<std::string, const fortran::Expr*> args;
    for (std::size_t k = 0; k < e.operands.size(); ++k) {
      const auto& written = e.operands[k].keyword;
      const auto key = !written.empty() ? written : k < positions.size() ? positions[k] : "";
      if (key.empty() || args.count(key))
        return std::nullopt;
      args[key] = &e.operands[k];
    }
    if (!args.count("array") || !args.count("shift"))
      return std::nullopt;
    // CSHIFT(CSHIFT(B, 1, 1), 1, 2), Life's diagonal neighbour: the inner shift's reference, shifted again
    const auto& source = *args["array"];
    std::optional<ArrayReference> inner;
    if (source.kind == ExprKind::FunctionRef && !(inner = shiftedReference(source, st, vars)))
      return std::nullopt;
    if (!inner && source.kind != ExprKind::Name)
      return std::nullopt; // CSHIFT(U(2:N-1), 1): read whole
    const Symbol* array = m_unit.symbol(inner ? inner->array : source.text);
    if (!array || !array->isArray())
      return std::nullopt;
    const auto rank = static_cast<std::int64_t>(array->dims.size());
    std::int64_t dim = 1;
    if (args.count("dim")) {
      const auto d = valueOf(*args["dim"]);
      const auto v = d ? d->asInteger() : std::nullopt;
      if (v && (*v < 1 || *v > rank))
        diag(args["dim"]->range, Severity::Error,
             "DIM=" + std::to_string(*v) + " of " + toUpper(e.text) + " is outside 1.." + std::to_string(rank) +
                 ", the rank of '" + array->name + "'");
      if (!v || *v < 1 || *v > rank)
        return std::nullopt;
      dim = *v;
    }
    if (array->dims.size() != m_section.size()) {
      diag(e.range, Severity::Warning,
           toUpper(e.text) + " of '" + array->name + "' has rank " + std::to_string(rank) + " and the assigned array rank " +
               std::to_string(m_section.size()) + ": they are not conformable; it is read whole");
      return std::nullopt;
    }
    const auto shift = valueOf(*args["shift"]);
    const auto shiftForm = shift && !variesInLoop(*shift) ? shift->affineIn(vars) : std::nullopt;
    if (!shiftForm || !shiftForm->coefficients.empty())
      return std::nullopt; // a shift per element (an array SHIFT) or one that changes in the loops
    if (args.count("boundary")) // EOSHIFT(U, 1, BOUNDARY=U(1)): its value is read too
      count(*args["boundary"], st, vars);
    auto r = inner ? std::move(*inner) : reference(source, false, vars); // U's elements in the section's loops
    const auto d = static_cast<std::size_t>(dim - 1);
    if (r.subscripts.size() != array->dims.size() || r.subscripts[d].kind != SubscriptKind::Affine)
      return std::nullopt; // shifted twice along one dimension: read whole
    const auto& bounds = array->dims[d];
    auto& sub = r.subscripts[d];
    auto position = sub.affine; // lower + position
    position.constant = position.constant - bounds.lower + *shift;
    const auto extent = bounds.upper - bounds.lower + symbolic::Expr::integer(1);
    const auto shiftText = fortran::toString(*args["shift"]);
    const bool simple = std::all_of(shiftText.begin() + (shiftText.front() == '-' ? 1 : 0), shiftText.end(),
                                    [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_'; });
    const auto argumentText = !simple                    ? "position + (" + shiftText + ")"
                              : shiftText.front() == '-' ? "position - " + shiftText.substr(1)
                                                         : "position + " + shiftText;
    sub.periodic = PeriodicSubscript{std::move(position), extent, symbolic::AffineForm{{}, bounds.lower}, true, !circular,
                                     argumentText, extent.str()};
    sub.kind = SubscriptKind::NonAffine;
    sub.affine = {};
    sub.text = e.text + "(:," + shiftText + ")";
    return r;
  }

  /// The terms of a sum, each with its sign (true: subtracted).
  static void signedTerms(const fortran::Expr& e, bool negative, std::vector<std::pair<const fortran::Expr*, bool>>& out)
  {
    if (e.kind == ExprKind::Binary && (e.op == fortran::Op::Add || e.op == fortran::Op::Sub)) {
      signedTerms(e.operands[0], negative, out);
      signedTerms(e.operands[1], e.op == fortran::Op::Sub ? !negative : negative, out);
    } else if (e.kind == ExprKind::Unary && (e.op == fortran::Op::Neg || e.op == fortran::Op::Plus)) {
      signedTerms(e.operands[0], e.op == fortran::Op::Neg ? !negative : negative, out);
    } else {
      out.emplace_back(&e, negative);
    }
  }

  /// `e` as MOD(a, m) + b (or MODULO) with a and b affine in the loops
  /// `vars` and m fixed in them (Subscript::periodic); nullopt otherwise
  /// (two MODs, a subtracted one, an array named MOD).
  std::optional<PeriodicSubscript> periodicSubscript(const fortran::Expr& e, const std::vector<std::string>& vars)
  {
    std::vector<std::pair<const fortran::Expr*, bool>> terms;
    signedTerms(e, false, terms);
    const fortran::Expr* mod = nullptr;
    symbolic::Expr rest = symbolic::Expr::integer(0);
    for (const auto& [term, negative] : terms) {
      const bool isMod = (isCall(*term, "mod") || isCall(*term, "modulo")) && term->operands.size() == 2;
      const Symbol* named = isMod ? m_unit.symbol(term->text) : nullptr;
      if (isMod && !(named && named->isArray())) {
        if (mod || negative)
          return std::nullopt;
        mod = term;
        continue;
      }
      const auto v = valueOf(*term);
      if (!v)
        return std::nullopt;
      rest = negative ? rest - *v : rest + *v;
    }
    if (!mod)
      return std::nullopt;
    const auto argument = valueOf(mod->operands[0]);
    const auto modulus = valueOf(mod->operands[1]);
    if (!argument || !modulus || variesInLoop(*argument) || variesInLoop(*modulus) || variesInLoop(rest))
      return std::nullopt;
    auto a = argument->affineIn(vars);
    const auto m = modulus->affineIn(vars);
    auto b = rest.affineIn(vars);
    if (!a || !m || !m->coefficients.empty() || !b)
      return std::nullopt;
    return PeriodicSubscript{std::move(*a), *modulus, std::move(*b), mod->text.rfind("modulo", 0) == 0, false,
                             fortran::toString(mod->operands[0]), fortran::toString(mod->operands[1])};
  }

  /// Statement functions that call others several times grow exponentially
  /// when inlined (a fuzzer's chain of them ran for minutes): a unit inlines
  /// at most kMaxInlinedNodes expression nodes; beyond, a call is counted as
  /// an opaque function, with a note.
  bool inlineBudgetLeft(const fortran::Expr& call)
  {
    if (m_inlinedNodes < kMaxInlinedNodes)
      return true;
    if (!m_notedInlineBudget) {
      m_notedInlineBudget = true;
      diag(call.range, Severity::Note,
           "Statement functions are written out up to " + std::to_string(kMaxInlinedNodes) +
               " expression nodes per unit; from here on '" + call.text + "' and the others count as function calls");
    }
    return false;
  }

  /// The statement functions whose bodies reach themselves (F(X) = F(X) +
  /// F(X), or F through G): an error each (F77, Sec. 15.4.1 forbids it;
  /// written out, F(X) = F(X) + F(X) doubled at every level), and they are
  /// counted as function calls, not written out. A reference with another
  /// number of arguments than the definition's dummies is an error too.
  void dropRecursiveStatementFunctions()
  {
    std::vector<std::string> recursive;
    for (const auto& [name, d] : m_statementFunctions) {
      std::set<std::string> seen;
      std::vector<const fortran::Expr*> work{&d->entities[0].init};
      bool reaches = false;
      while (!work.empty() && !reaches) {
        const auto* e = work.back();
        work.pop_back();
        const auto f = m_statementFunctions.find(e->text);
        const bool call = (e->kind == ExprKind::ArrayRef || e->kind == ExprKind::FunctionRef) && f != m_statementFunctions.end();
        reaches = call && e->text == name;
        if (call && seen.insert(e->text).second)
          work.push_back(&f->second->entities[0].init);
        for (const auto& o : e->operands)
          work.push_back(&o);
      }
      if (reaches) {
        diag(d->range, Severity::Error,
             "Statement function '" + name + "' references itself" + (seen.size() > 1 ? " through another" : "") +
                 ": a statement function must not be recursive (Fortran 77, Sec. 15.4.1); it is counted as a function call");
        recursive.push_back(name);
      }
    }
    for (const auto& name : recursive)
      m_statementFunctions.erase(name);
    for (const auto& [name, d] : m_statementFunctions) {
      for (auto a = d->arguments.begin(); a != d->arguments.end(); ++a)
        if (std::find(d->arguments.begin(), a, *a) != a)
          diag(d->range, Severity::Error, "Statement function '" + name + "' names its dummy argument '" + *a + "' twice");
      checkArgumentCounts(d->entities[0].init); // in its own body, once (count() checks the executable statements)
    }
  }

  /// wrongArguments for each reference in `e` to a statement function with
  /// another number of arguments than its dummies.
  void checkArgumentCounts(const fortran::Expr& e)
  {
    const auto f = m_statementFunctions.find(e.text);
    if ((e.kind == ExprKind::ArrayRef || e.kind == ExprKind::FunctionRef) && f != m_statementFunctions.end() &&
        f->second->arguments.size() != e.operands.size())
      wrongArguments(*f->second, e);
    for (const auto& o : e.operands)
      checkArgumentCounts(o);
  }

  /// The error of a reference `call` to statement function `f` with
  /// another number of arguments than its dummies.
  void wrongArguments(const fortran::Declaration& f, const fortran::Expr& call)
  {
    const auto n = f.arguments.size();
    diag(call.range, Severity::Error,
         "Statement function '" + call.text + "' has " + std::to_string(n) + (n == 1 ? " dummy argument" : " dummy arguments") +
             " but is referenced with " + std::to_string(call.operands.size()));
  }

  /// The unit's statement function `name` (F77, Sec. 15.4), or nullptr.
  const fortran::Declaration* statementFunction(const std::string& name) const
  {
    const auto it = m_statementFunctions.find(name);
    return it == m_statementFunctions.end() ? nullptr : it->second;
  }

  /// The body of statement function `f` with its dummy arguments replaced
  /// by the actual ones of `call`, every node placed at the call (notes
  /// and references point at the use, not at the definition).
  fortran::Expr inlined(const fortran::Declaration& f, const fortran::Expr& call)
  {
    std::function<fortran::Expr(const fortran::Expr&)> copy = [&](const fortran::Expr& e) {
      ++m_inlinedNodes;
      if (e.kind == ExprKind::Name)
        for (std::size_t k = 0; k < f.arguments.size() && k < call.operands.size(); ++k)
          if (f.arguments[k] == e.text)
            return call.operands[k];
      fortran::Expr out{e.kind, call.range, e.text, e.op, {}, e.keyword};
      for (const auto& o : e.operands)
        out.operands.push_back(copy(o));
      return out;
    };
    return copy(f.entities[0].init);
  }

  /// The array elements the subscripts of `ref` read (RHO(ICELL(I)) reads
  /// ICELL(I), which its executor must have): reads of `st`, each a load;
  /// the arithmetic around them is address computation, not work.
  void subscriptReads(const fortran::Expr& ref, Statement& st, const std::vector<std::string>& vars)
  {
    for (const auto& o : ref.operands) {
      const auto* array = o.kind == ExprKind::ArrayRef && !isIntrinsic(o.text) ? m_unit.symbol(o.text) : nullptr;
      if (array && array->isArray()) {
        st.ops.load += 1;
        st.refs.push_back(reference(o, false, vars));
      }
      subscriptReads(o, st, vars);
    }
  }

  void count(const fortran::Expr& e, Statement& st, const std::vector<std::string>& vars)
  {
    using fortran::Op;
    if ((e.kind == ExprKind::ArrayRef || e.kind == ExprKind::FunctionRef) && m_inlining < kMaxInlining) {
      const auto* f = statementFunction(e.text);
      if (f && f->arguments.size() != e.operands.size()) {
        if (m_inlining == 0) // inside an inlined body: its definition's check said it, once
          wrongArguments(*f, e);
        f = nullptr;
      }
      if (f && inlineBudgetLeft(e)) { // its body, at the use
        ++m_inlining;
        count(inlined(*f, e), st, vars);
        --m_inlining;
        return;
      }
    }
    switch (e.kind) {
    case ExprKind::ArrayRef:
      if (!isIntrinsic(e.text)) // a call of an intrinsic the parser could not tell from an array
        checkName(e.text, e.range);
      st.ops.load += 1;
      st.refs.push_back(reference(e, false, vars));
      subscriptReads(e, st, vars);
      return; // subscript arithmetic is address computation, not work
    case ExprKind::FunctionRef: {
      if (!isIntrinsic(e.text))
        checkName(e.text, e.range);
      if (auto shifted = shiftedReference(e, st, vars)) { // CSHIFT(U, 1) in V = ...: U's elements, one over
        st.ops.load += 1;
        st.refs.push_back(std::move(*shifted));
        return;
      }
      st.ops.intrinsic += 1;
      const int nonElemental = fortran::isElemental(e.text) ? 0 : 1;
      m_nonElementalCalls += nonElemental;
      for (const auto& o : e.operands)
        count(o, st, vars);
      m_nonElementalCalls -= nonElemental;
      return;
    }
    case ExprKind::Component: // an opaque read: components are not modelled
      checkName(componentRoot(e).text, componentRoot(e).range);
      st.ops.load += 1;
      return;
    case ExprKind::Name: {
      checkName(e.text, e.range, true);
      const Symbol* s = m_unit.symbol(e.text);
      if (s && s->isArray()) {
        st.ops.load += 1;
        st.refs.push_back(reference(e, false, vars));
      }
      return;
    }
    case ExprKind::Unary:
      if (e.op == Op::Neg || e.op == Op::Not)
        st.ops.addSub += 1;
      break;
    case ExprKind::Binary:
      switch (e.op) {
      case Op::Mul: st.ops.mul += 1; break;
      case Op::Div: st.ops.div += 1; break;
      case Op::Pow: st.ops.pow += 1; break;
      default: st.ops.addSub += 1; break;
      }
      break;
    default: break;
    }
    for (const auto& o : e.operands)
      count(o, st, vars);
  }

  void collectUnknowns()
  {
    std::set<std::string> names;
    auto add = [&](const symbolic::Expr& e) {
      for (const auto& n : e.symbols()) {
        const Symbol* s = m_unit.symbol(n);
        if (!s || !s->isLoopVariable)
          names.insert(n);
      }
    };
    for (const auto& l : m_unit.loops) {
      add(l.lower);
      add(l.upper);
      add(l.step);
    }
    for (const auto& [name, s] : m_unit.symbols) {
      for (const auto& d : s.dims) {
        add(d.lower);
        add(d.upper);
      }
    }
    for (const auto& st : m_unit.statements) {
      for (const auto& r : st.refs) {
        for (const auto& sub : r.subscripts) {
          if (sub.kind == SubscriptKind::Affine)
            add(sub.affine.constant);
        }
      }
    }
    m_unit.unknowns.assign(names.begin(), names.end());
  }

  const fortran::ParsedFile& m_parsed;
  const fortran::ProgramUnit& m_ast;
  const OuterScope& m_outer;
  std::vector<Diagnostic>& m_diags;
  const symbolic::Bindings& m_overrides;
  std::set<std::string> m_allocated; // arrays whose extents an ALLOCATE gave
  std::map<std::string, UnknownOrigin> m_whileTrips; // DO WHILE iteration unknowns (whileBounds)
  std::map<std::string, const fortran::Declaration*> m_statementFunctions; // name -> its definition
  static constexpr int kMaxInlining = 16; // statement functions inside statement functions (F77 forbids recursion)
  static constexpr std::int64_t kMaxInlinedNodes = 100000;
  int m_inlining = 0;
  std::int64_t m_inlinedNodes = 0; // nodes inlined() made in this unit
  bool m_notedInlineBudget = false;
  Unit m_unit;
  ImplicitTyping m_typing;
  int m_branchLine = 0; // line of the IF whose branch is being visited
  int m_branchArm = 0, m_branchArms = 0; // which of its arms, of how many (Statement::branchArm)
  std::vector<symbolic::AffineCondition> m_guards; // the enclosing THEN branches' affine conditions
  double m_guardedShare = 1.0;                     // their default branch shares (Statement::guardedShare)
  /// While an array-section assignment's references are read: per
  /// section subscript of its target (the k-th triplet), the loop that runs
  /// over it (sectionLoops); references inside a call that is not
  /// elemental (SUM(B(1:N))) keep their triplets.
  struct SectionLoop {
    std::string variable;
    symbolic::Expr lower; // the variable's value at the section's first element
    std::int64_t step = 1; // and its change from one element to the next
  };
  std::vector<SectionLoop> m_section;
  std::optional<std::set<std::string>> m_namesInText; // sectionVariable: the unit's names, lower case
  int m_nonElementalCalls = 0; // count(): calls of that kind being read
  int m_whereDepth = 0;        // WHERE statements and constructs being visited
  std::vector<SectionLoop> m_whereSection; // the loops of the WHERE being visited (where), if it has them
  /// Integer scalars last assigned a MAX or MIN, or a MOD (periodicSubscript),
  /// where (loop body, IF branch): a loop bound naming one of the first in
  /// the same place is clipped by its arguments, and a subscript naming one
  /// of the second in the same loops is that MOD.
  struct ClipDefinition {
    const fortran::Expr* rhs = nullptr;
    std::vector<int> loops;
    int branchLine = 0;
  };
  std::map<std::string, ClipDefinition> m_clipDefinitions;
  ScalarValues m_scalars; // forward substitution of integer scalars
  int m_deadDepth = 0;    // visitSequence: statements being visited inside an unreachable range
  std::map<int, std::string> m_constructNames; // loop id -> its DO construct's name (named ones only)
  std::vector<int> m_ifLines;                 // the IFs whose arms are being visited, outermost first
  /// Names of the block IF, SELECT CASE, WHERE around ("" unnamed), each
  /// with how many loops were open at it.
  std::vector<std::pair<std::string, std::size_t>> m_openConstructs;
  std::map<int, std::size_t> m_ifDepthInLoop; // loop id -> how many of m_ifLines were open at its DO
  std::map<int, int> m_endLabels; // loop id -> the label of its terminal statement (cyclesTo)
  std::map<int, std::set<int>> m_bodyLabels; // loop id -> the labels inside its body (leftByGoto)
  std::set<int> m_labels;                    // every statement label of the unit
  std::vector<const std::map<std::string, std::set<int>>*> m_setInOpenLoops; // namesSetIn of each open DO's body
  std::set<std::string> m_typed;
  std::set<std::string> m_reported;
  std::set<std::string> m_externals; // declared EXTERNAL
  bool m_notedForeign = false;
};

/// Builds every unit after its host and the modules it uses, so that their
/// names (with folded PARAMETERs) are visible to it; the model keeps the
/// file's order of units and diagnostics.
class FileModelBuilder {
public:
  FileModelBuilder(const fortran::ParsedFile& parsed, const symbolic::Bindings& overrides)
    : m_parsed(parsed), m_overrides(overrides), m_units(parsed.units.size()), m_exported(parsed.units.size()),
      m_diags(parsed.units.size()), m_state(parsed.units.size(), State::New)
  {
  }

  ProgramModel build()
  {
    ProgramModel model;
    for (std::size_t i = 0; i < m_units.size(); ++i) {
      ensure(i);
      model.units.push_back(std::move(m_units[i]));
      model.diagnostics.insert(model.diagnostics.end(), m_diags[i].begin(), m_diags[i].end());
    }
    duplicateUnits(model);
    return model;
  }

  /// Two main programs, or two units of one name (SUBROUTINE, FUNCTION,
  /// MODULE), in a file: a linker rejects them, and CALL, USE and
  /// --program would take the first silently. Units contained in others (internal, module procedures)
  /// have their own scope and are left alone.
  void duplicateUnits(ProgramModel& model) const
  {
    const fortran::ProgramUnit* program = nullptr;
    std::map<std::string, const fortran::ProgramUnit*> named;
    for (const auto& u : m_parsed.units) {
      if (u.host >= 0)
        continue;
      const auto at = [&](const fortran::ProgramUnit& first) {
        return " (the first at line " + std::to_string(m_parsed.line(first.range)) + ")";
      };
      const auto error = [&](std::string message) {
        model.diagnostics.push_back(
          fortran::Diagnostic::at(m_parsed.cooked(), u.range, Severity::Error, std::move(message)));
      };
      if (u.kind == fortran::UnitKind::Program && program)
        error("A second main program '" + u.name + "'" + at(*program) + ": a file has at most one PROGRAM");
      else if (u.kind == fortran::UnitKind::Program)
        program = &u;
      if (u.kind == fortran::UnitKind::Program || u.kind == fortran::UnitKind::BlockData || u.name.empty())
        continue;
      const auto [it, fresh] = named.emplace(u.name, &u);
      if (!fresh)
        error("Unit '" + u.name + "' is defined twice" + at(*it->second) + "; a CALL or USE of it reaches the first");
    }
  }

private:
  enum class State { New, Building, Built };

  void ensure(std::size_t i)
  {
    if (m_state[i] != State::New) // Building: a USE cycle, which compilers reject
      return;
    m_state[i] = State::Building;
    const OuterScope outer = outerScope(i);
    m_units[i] = UnitModelBuilder(m_parsed, m_parsed.units[i], outer, m_diags[i], m_overrides).build();
    m_exported[i] = exportedScope(m_units[i], outer, containedNames(static_cast<int>(i)));
    m_state[i] = State::Built;
  }

  const OuterScope& exported(std::size_t i)
  {
    ensure(i);
    return m_exported[i];
  }

  /// The host's names, the unit's own contained procedures, then its USEs
  /// (which hide host names of the same name).
  OuterScope outerScope(std::size_t i)
  {
    const auto& ast = m_parsed.units[i];
    OuterScope outer;
    if (ast.host >= 0)
      outer = exported(static_cast<std::size_t>(ast.host));
    outer.implicitNone = implicitNone(static_cast<int>(i));
    for (const auto& name : containedNames(static_cast<int>(i)))
      outer.procedures.insert(name);
    for (const auto& d : ast.declarations) {
      if (d.kind != fortran::DeclKind::Use)
        continue;
      const auto module = findModule(d.use.module);
      addUse(outer, d.use, module ? &exported(*module) : nullptr);
      if (module)
        addUseDirectives(outer, d.use, exported(*module));
    }
    return outer;
  }

  /// IMPLICIT NONE of the unit, or of its host when it has no IMPLICIT.
  bool implicitNone(int i) const
  {
    const auto& decls = m_parsed.units[static_cast<std::size_t>(i)].declarations;
    for (const auto& d : decls)
      if (d.kind == fortran::DeclKind::ImplicitNone || d.kind == fortran::DeclKind::Implicit)
        return d.kind == fortran::DeclKind::ImplicitNone;
    const int host = m_parsed.units[static_cast<std::size_t>(i)].host;
    return host >= 0 && implicitNone(host);
  }

  /// The procedures `host` makes callable: its contained units and its
  /// generic interfaces.
  std::vector<std::string> containedNames(int host) const
  {
    auto names = m_parsed.units[static_cast<std::size_t>(host)].genericNames;
    for (const auto& u : m_parsed.units)
      if (u.host == host)
        names.push_back(u.name);
    return names;
  }

  std::optional<std::size_t> findModule(const std::string& name) const
  {
    for (std::size_t i = 0; i < m_parsed.units.size(); ++i)
      if (m_parsed.units[i].kind == fortran::UnitKind::Module && m_parsed.units[i].name == name)
        return i;
    return std::nullopt;
  }

  const fortran::ParsedFile& m_parsed;
  const symbolic::Bindings& m_overrides;
  std::vector<Unit> m_units;
  std::vector<OuterScope> m_exported;
  std::vector<std::vector<Diagnostic>> m_diags;
  std::vector<State> m_state;
};

} // namespace

ProgramModel buildModel(const fortran::ParsedFile& parsed, const symbolic::Bindings& parameterValues)
{
  auto model = FileModelBuilder(parsed, parameterValues).build();
  markWrittenArguments(model);
  return model;
}

} // namespace ps::program

#include "estimate/periodic-pieces.h"

#include <algorithm>
#include <optional>

namespace ps::estimate {
namespace {

using symbolic::AffineCondition;
using symbolic::AffineForm;
using symbolic::Expr;

/// Whether d >= 0 for every value of its unknowns of at least 1: every
/// term but the constant has a coefficient >= 0 (so d grows with each
/// unknown) and d is >= 0 with all of them 1.
bool provenNonNegative(const Expr& d)
{
  const auto terms = d.integerTerms();
  if (!terms)
    return false;
  std::int64_t atOnes = 0;
  for (const auto& t : *terms) {
    if (!t.factors.empty() && t.coefficient < 0)
      return false;
    atOnes += t.coefficient;
  }
  return atOnes >= 0;
}

Expr integer(std::int64_t v) { return Expr::integer(v); }

constexpr std::int64_t kMaxQuotient = 4;

/// The first and last argument value of quotient t: MOD rounds toward zero
/// (quotient 0 from -(m-1) to m-1), MODULO down.
Expr firstOf(std::int64_t t, const Expr& m, bool floored)
{
  if (floored || t > 0)
    return integer(t) * m;
  return integer(t - 1) * m + integer(1);
}
Expr lastOf(std::int64_t t, const Expr& m, bool floored)
{
  if (floored || t >= 0)
    return integer(t + 1) * m - integer(1);
  return integer(t) * m;
}

/// The least and greatest value of `a` over the loops of `st`, where each
/// loop variable it names runs between bounds fixed in the unit's loops.
std::optional<std::pair<Expr, Expr>> argumentRange(const AffineForm& a, const program::Statement& st,
                                                   const program::Unit& unit)
{
  Expr least = a.constant, greatest = a.constant;
  std::vector<std::string> loopVariables;
  for (int id : st.loops)
    loopVariables.push_back(unit.loops[static_cast<std::size_t>(id)].variable);
  for (const auto& [variable, coefficient] : a.coefficients) {
    const auto it = std::find_if(st.loops.begin(), st.loops.end(), [&](int id) {
      return unit.loops[static_cast<std::size_t>(id)].variable == variable;
    });
    if (it == st.loops.end())
      return std::nullopt;
    const auto& loop = unit.loops[static_cast<std::size_t>(*it)];
    const auto step = loop.step.asInteger();
    if (!loop.boundsKnown || loop.isWhile || !step || *step == 0)
      return std::nullopt;
    for (const auto* bound : {&loop.lower, &loop.upper}) {
      const auto fixed = bound->affineIn(loopVariables);
      if (!fixed || !fixed->coefficients.empty())
        return std::nullopt; // a triangular bound: its range is another loop's
    }
    const auto& low = *step > 0 ? loop.lower : loop.upper;
    const auto& high = *step > 0 ? loop.upper : loop.lower;
    least = least + integer(coefficient) * (coefficient > 0 ? low : high);
    greatest = greatest + integer(coefficient) * (coefficient > 0 ? high : low);
  }
  return std::pair{least, greatest};
}

/// One MOD argument of a statement and the quotients its values take.
struct Quotients {
  const program::PeriodicSubscript* form = nullptr;
  std::int64_t first = 0, last = 0;
  std::vector<Expr> covering; // Split::covering
};

bool sameArgument(const program::PeriodicSubscript& a, const program::PeriodicSubscript& b)
{
  return a.floored == b.floored && a.modulus == b.modulus && a.argument.coefficients == b.argument.coefficients &&
         a.argument.constant == b.argument.constant;
}

/// The quotients of `p`'s argument over `st`'s iterations, between
/// -kMaxQuotient and kMaxQuotient, proven where the unknowns' being at
/// least 1 shows them (I+2 for I = 1..N has quotients 0..3, of which
/// N >= 3 leaves 0 and 1), and with the expressions that must be >= 0 at
/// the values for them to cover every iteration; nullopt when a loop
/// variable of the argument has bounds that follow other loops.
std::optional<Quotients> quotientsOf(const program::PeriodicSubscript& p, const program::Statement& st,
                                     const program::Unit& unit)
{
  if (p.endOff) // EOSHIFT: quotient 0 alone reads, between both of its edges
    return Quotients{&p, -1, 1, {p.modulus - integer(1)}};
  const auto range = argumentRange(p.argument, st, unit);
  if (!range)
    return std::nullopt;
  // the narrowest range proven; where none is (a shift or an extent the loops do not relate, CSHIFT(U, K)
  // with U(N) in V(M) = ...), all of them, for the values to decide (Split::covers)
  std::int64_t first = -kMaxQuotient, last = kMaxQuotient;
  for (std::int64_t t = kMaxQuotient; t > -kMaxQuotient; --t)
    if (provenNonNegative(range->first - firstOf(t, p.modulus, p.floored))) {
      first = t;
      break;
    }
  for (std::int64_t t = -kMaxQuotient; t < kMaxQuotient; ++t)
    if (provenNonNegative(lastOf(t, p.modulus, p.floored) - range->second)) {
      last = t;
      break;
    }
  if (first > last)
    return std::nullopt;
  return Quotients{&p, first, last,
                   {p.modulus - integer(1), range->first - firstOf(first, p.modulus, p.floored),
                    lastOf(last, p.modulus, p.floored) - range->second}};
}

AffineForm shifted(const AffineForm& a, const Expr& by) { return AffineForm{a.coefficients, a.constant - by}; }

/// The quotients of each argument of `ref`'s periodic subscripts (one
/// entry per argument, however often it appears); nullopt when one cannot
/// be bounded.
std::optional<std::vector<Quotients>> quotientsOfRead(const program::ArrayReference& ref, const program::Statement& st,
                                                      const program::Unit& unit)
{
  std::vector<Quotients> out;
  for (const auto& sub : ref.subscripts) {
    if (!sub.periodic || std::any_of(out.begin(), out.end(), [&](const Quotients& q) {
          return sameArgument(*q.form, *sub.periodic);
        }))
      continue;
    const auto q = quotientsOf(*sub.periodic, st, unit);
    if (!q)
      return std::nullopt;
    out.push_back(*q);
  }
  return out;
}

/// `st` with read `r`'s periodic subscripts affine for the quotients
/// `chosen` (one per entry of `quotients`), and guards for their ranges.
program::Statement piece(const program::Statement& st, std::size_t r, const std::vector<Quotients>& quotients,
                         const std::vector<std::int64_t>& chosen)
{
  program::Statement out = st;
  if (st.probabilityMeasured) { // a profile's share of the whole statement, cut by the piece's guards
    out.probabilityMeasured = false;
    out.measuredProbability.reset();
    out.guards.clear();
    out.guardedShare = 1.0;
  }
  for (std::size_t q = 0; q < quotients.size(); ++q) {
    const auto& p = *quotients[q].form;
    const auto t = chosen[q];
    if (t > quotients[q].first)
      out.guards.push_back({AffineCondition::Relation::Ge, shifted(p.argument, firstOf(t, p.modulus, p.floored))});
    if (t < quotients[q].last)
      out.guards.push_back({AffineCondition::Relation::Le, shifted(p.argument, lastOf(t, p.modulus, p.floored))});
  }
  for (auto& sub : out.refs[r].subscripts) {
    if (!sub.periodic)
      continue;
    const auto it = std::find_if(quotients.begin(), quotients.end(),
                                 [&](const Quotients& q) { return sameArgument(*q.form, *sub.periodic); });
    const auto t = chosen[static_cast<std::size_t>(it - quotients.begin())];
    AffineForm affine = shifted(sub.periodic->argument, integer(t) * sub.periodic->modulus);
    for (const auto& [v, c] : sub.periodic->offset.coefficients)
      if ((affine.coefficients[v] += c) == 0)
        affine.coefficients.erase(v);
    affine.constant = affine.constant + sub.periodic->offset.constant;
    sub.kind = program::SubscriptKind::Affine;
    sub.affine = std::move(affine);
    sub.periodic.reset();
  }
  return out;
}

/// "u(mod(i,n)+1) as u(i + 1)": a piece's read as written and as it reads.
std::string labelOf(const program::ArrayReference& written, const program::ArrayReference& piece)
{
  std::string as;
  for (std::size_t d = 0; d < piece.subscripts.size(); ++d) {
    const auto& sub = piece.subscripts[d];
    auto text = sub.text;
    if (written.subscripts[d].periodic) {
      Expr e = sub.affine.constant;
      for (const auto& [v, c] : sub.affine.coefficients)
        e = e + integer(c) * Expr::symbol(v);
      text = e.str();
    }
    as += (d == 0 ? "" : ",") + text;
  }
  return written.text() + " as " + piece.array + "(" + as + ")";
}

bool periodicRead(const program::ArrayReference& ref)
{
  return !ref.isWrite && std::any_of(ref.subscripts.begin(), ref.subscripts.end(),
                                     [](const program::Subscript& s) { return s.periodic.has_value(); });
}

std::string mods(const std::vector<Quotients>& quotients)
{
  std::string out;
  for (std::size_t q = 0; q < quotients.size(); ++q)
    out += std::string(q == 0 ? "" : q + 1 == quotients.size() ? " and " : ", ") +
           (quotients[q].form->floored ? "modulo(" : "mod(") +
           quotients[q].form->argumentText + ", " + quotients[q].form->modulusText + ")";
  return out;
}

/// What the estimate's notes say of a read fetched by `pieces` pieces.
std::string splitNote(const program::Statement& st, const program::ArrayReference& read,
                      const std::vector<Quotients>& quotients, std::size_t pieces)
{
  const auto at = "'" + read.text() + "' at line " + std::to_string(st.line);
  if (std::any_of(quotients.begin(), quotients.end(), [](const Quotients& q) { return q.form->endOff; }))
    return at + " is fetched where the shift stays inside the array (elsewhere the boundary value)";
  if (pieces == 1)
    return at + ": " + mods(quotients) + " does not wrap around in these loops (an affine read)";
  return at + " is fetched piecewise, one piece per quotient of " + mods(quotients) +
         " (a wrap-around is an exchange of its own)";
}

} // namespace

PeriodicPieces::PeriodicPieces(const program::Unit& unit, const std::vector<const program::Statement*>& statements)
  : m_statements(statements), m_unitCount(statements.size())
{
  for (const auto* st : statements) {
    const auto* write = st->write();
    const bool condition = st->kind == program::StatementKind::Control && !st->loops.empty(); // run where it guards
    if (!condition && (!write || write->subscripts.empty() || !write->allAffine()))
      continue; // a scalar's or a whole array's statement: its executors are found otherwise
    for (std::size_t r = 0; r < st->refs.size(); ++r) {
      const auto same = [&](const program::ArrayReference& o) { return o.identity() == st->refs[r].identity(); };
      if (!periodicRead(st->refs[r]))
        continue;
      if (std::any_of(st->refs.begin(), st->refs.begin() + static_cast<std::ptrdiff_t>(r), same)) {
        for (auto& split : m_splits) // the statement reads it once (CompiledStatement::reads)
          if (split.read >= st->refs.data() && split.read < st->refs.data() + r && same(*split.read))
            split.aliases.push_back(&st->refs[r]);
        continue;
      }
      const auto quotients = quotientsOfRead(st->refs[r], *st, unit);
      std::size_t pieces = 1;
      for (const auto& q : quotients.value_or(std::vector<Quotients>{}))
        pieces *= static_cast<std::size_t>(q.last - q.first + 1);
      if (!quotients || pieces > kMaxPieces)
        continue;
      std::vector<std::int64_t> chosen;
      for (const auto& q : *quotients)
        chosen.push_back(q.first);
      Split split{&st->refs[r], {}, {}, "", {}};
      for (const auto& q : *quotients)
        split.covering.insert(split.covering.end(), q.covering.begin(), q.covering.end());
      for (std::size_t k = 0; k < pieces; ++k) { // every combination, the first argument's quotient fastest
        const bool reads = std::none_of(quotients->begin(), quotients->end(), [&](const Quotients& q) {
          return q.form->endOff && chosen[static_cast<std::size_t>(&q - quotients->data())] != 0;
        });
        if (reads) { // else EOSHIFT's boundary value, not an element
          auto& p = m_pieces.emplace_back(Piece{piece(*st, r, *quotients, chosen), nullptr, &st->refs[r], ""});
          p.read = &p.statement.refs[r];
          p.label = labelOf(st->refs[r], *p.read);
          m_statements.push_back(&p.statement);
          split.pieces.push_back(&p.statement);
        }
        for (std::size_t q = 0; q < quotients->size() && ++chosen[q] > (*quotients)[q].last; ++q)
          chosen[q] = (*quotients)[q].first;
      }
      split.note = splitNote(*st, st->refs[r], *quotients, pieces);
      m_splits.push_back(std::move(split));
    }
  }
}

const PeriodicPieces::Piece* PeriodicPieces::pieceOf(const program::Statement* st) const
{
  for (const auto& p : m_pieces)
    if (&p.statement == st)
      return &p;
  return nullptr;
}

const program::ArrayReference* PeriodicPieces::pieceRead(const program::Statement* st) const
{
  const auto* p = pieceOf(st);
  return p ? p->read : nullptr;
}

const program::ArrayReference* PeriodicPieces::origin(const program::Statement* piece) const
{
  const auto* p = pieceOf(piece);
  return p ? p->origin : nullptr;
}

const PeriodicPieces::Split* PeriodicPieces::split(const program::ArrayReference* ref) const
{
  for (const auto& s : m_splits)
    if (s.read == ref || std::find(s.aliases.begin(), s.aliases.end(), ref) != s.aliases.end())
      return &s;
  return nullptr;
}

bool PeriodicPieces::Split::covers(const symbolic::Bindings& values) const
{
  return std::all_of(covering.begin(), covering.end(), [&](const Expr& e) {
    const auto v = e.evaluate(values);
    return v && *v >= 0;
  });
}

std::string PeriodicPieces::label(const program::ArrayReference* read) const
{
  for (const auto& p : m_pieces)
    if (p.read == read)
      return p.label;
  return read->text();
}

} // namespace ps::estimate

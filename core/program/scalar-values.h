#pragma once
// Private to core/program (the model builder): forward substitution of
// integer scalars. `KP1 = K + 1` before `DO I = KP1, N` makes the bound
// k + 1 instead of an unknown 'kp1' the user would be asked for. A forward
// pass over the unit in source order keeps, per scalar, its value as an
// expression in loop variables, PARAMETERs and other unknowns, or why it has
// none: set by a READ or a CALL, or assigned differently on several paths
// (IF branches, or a loop body that assigns it after a use). Unknowns used
// where they have no value get an UnknownOrigin, so the request for their
// value can name the line that sets them.

#include "program/model.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ps::program {

/// The variables a READ statement's input list names at its top level (not
/// subscripts or implied-DO variables): "READ(5,*) N, A(I), M" -> n, a, m.
std::vector<std::string> readVariables(std::string_view statement);

class ScalarValues {
public:
  /// What is known of one scalar at a point of the pass.
  struct State {
    enum class Kind { Known, Unknown };
    Kind kind = Kind::Known;
    symbolic::Expr folded, kept;     // Known: PARAMETERs folded / as symbols
    std::set<std::string> loopVars;  // Known: loop variables the value uses
    UnknownOrigin origin;            // Unknown: where and why
    bool varies = false;             // Unknown: assigned from an array element or a loop variable (J = ICELL(I))
    std::set<int> lines;             // the assignments behind the state
  };
  using Snapshot = std::map<std::string, State>;

  /// `name = value` at `line`. `folded` and `kept` are nullopt when the
  /// right-hand side is not an integer expression affine in the enclosing
  /// loop variables `loopVars`; the scalar then has no value from `line` on,
  /// and `varies` says that its value changes from iteration to iteration
  /// (the right-hand side reads an array element or a loop variable).
  void assign(const std::string& name, const std::optional<symbolic::Expr>& folded,
              const std::optional<symbolic::Expr>& kept, const std::vector<std::string>& loopVars, int line,
              bool varies = false);
  /// A READ (`how` = "READ") or a CALL (`how` = "CALL 'init'") sets `name`.
  void setBy(const std::string& name, const std::string& how, int line);

  /// `e` with every scalar of known value replaced; the others' origins are
  /// recorded (the first use wins).
  symbolic::Expr substitute(const symbolic::Expr& e, bool kept);

  Snapshot snapshot() const { return m_states; }
  void restore(Snapshot s) { m_states = std::move(s); }
  /// After an IF: the states at the end of each path (the state before it
  /// is one of them when there is no ELSE). A scalar the paths leave with
  /// different values has none.
  void merge(const std::vector<Snapshot>& paths);

  /// Entering the body of the DO at `line` whose body sets `assigned`
  /// (name -> lines): at its top those scalars hold the previous
  /// iteration's value.
  void enterLoop(const std::string& variable, const std::map<std::string, std::set<int>>& assigned, int line);
  /// Leaving it: values that use its variable are gone.
  void leaveLoop(const std::string& variable, int line);

  const std::map<std::string, UnknownOrigin>& origins() const { return m_origins; }

  /// True when `name` has no value here because its last assignment reads
  /// an array element or a loop variable (assign's `varies`).
  bool variesNow(const std::string& name) const
  {
    const auto it = m_states.find(name);
    return it != m_states.end() && it->second.kind == State::Kind::Unknown && it->second.varies;
  }

private:
  void unknown(const std::string& name, std::set<int> lines, std::string reason);

  Snapshot m_states;
  std::map<std::string, UnknownOrigin> m_origins;
};

} // namespace ps::program

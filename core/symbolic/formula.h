#pragma once
// Real-valued analytic formulas typed by a user: the time models and work
// functions of the scalability study ("(9*n/p + 1)*n1*tc + 2*(rho + 8*n1*beta)").
// Parsed once into a GiNaC expression (printing, LaTeX) and a compiled
// postfix program that evaluates in nanoseconds, so root finders can call it
// thousands of times. Only core/symbolic sees GiNaC.
// Source: Sun 2002, Table 1 and Eqs. 11-16 (the models this must express).

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ps::symbolic {

/// A syntax or binding error at a 1-based character column of the formula.
struct FormulaError {
  int column = 1;
  std::string message; // one sentence, no final period
};

/// An immutable formula over named real variables. Names are case-insensitive
/// (stored in lower case). Operators: + - * / ^ ** and parentheses; numbers
/// like 8, 1.5, 1e-6; functions sqrt, exp, log (natural), log2, abs.
class Formula {
public:
  struct Compiled; // the postfix program, private to formula.cpp

  /// Parses `text`; on failure nullopt and `error` (column and sentence).
  static std::optional<Formula> parse(const std::string& text, FormulaError* error);

  /// The names the formula uses, in lower case.
  const std::set<std::string>& symbols() const;
  /// The first column where `name` occurs (1-based), 1 if it does not.
  int columnOf(const std::string& name) const;

  /// Evaluates with `values` (every symbol must be bound; unbound ones
  /// evaluate to NaN). The result may be NaN or infinite (sqrt(-1), 1/0).
  double evaluate(const std::map<std::string, double>& values) const;

  /// Fixes the order of the variables once: `slots[i]` names the value
  /// passed at `args[i]` to evaluateSlots. Unlisted symbols must be in
  /// `constants`. Returns a copy bound to that order, or nullopt with the
  /// first unbound name in `missing`.
  std::optional<Formula> bind(const std::vector<std::string>& slots, const std::map<std::string, double>& constants,
                              std::string* missing) const;
  /// Evaluates a bound formula with the slot values in order.
  double evaluateSlots(const double* args) const;

  const std::string& text() const { return m_text; }
  /// Canonical plain text and LaTeX (from GiNaC).
  std::string str() const;
  std::string latex() const;

private:
  std::string m_text;
  std::shared_ptr<const Compiled> m_parsed;   // as typed: names by first use
  std::shared_ptr<const Compiled> m_compiled; // m_parsed, or bound to slots and constants
};

} // namespace ps::symbolic

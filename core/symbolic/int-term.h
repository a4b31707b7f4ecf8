#pragma once
// Exact integer closed forms with floor and ceiling divisions, modulo,
// min, max, Iverson brackets and finite sums: the per-processor
// communication formulas (estimate/comm-formula.h) need these, and GiNaC's
// rational arithmetic (expr.h) cannot keep floor(n/p) exact. Immutable
// trees shared by pointer; built with light constant folding, evaluated
// with 64-bit integers, printed as plain text and LaTeX.

#include "symbolic/expr.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ps::symbolic {

class IntTerm {
public:
  enum class Kind { Const, Sym, Add, Mul, FloorDiv, CeilDiv, Mod, Min, Max, Eq, Ne, Le, Lt, Sum, Pow2, CeilLog2 };

  IntTerm(); // 0
  static IntTerm constant(std::int64_t v);
  static IntTerm symbol(const std::string& name);
  /// An affine Expr with integer coefficients in its symbols; nullopt otherwise.
  static std::optional<IntTerm> fromAffine(const Expr& e);

  friend IntTerm operator+(const IntTerm& a, const IntTerm& b);
  friend IntTerm operator-(const IntTerm& a, const IntTerm& b);
  friend IntTerm operator*(const IntTerm& a, const IntTerm& b);
  /// floor(a/b), ceil(a/b) and a mod b in [0, b) for b > 0 (evaluation
  /// fails for b <= 0; floor(0/b) and floor(-1/b) fold to 0 and -1).
  static IntTerm floorDiv(const IntTerm& a, const IntTerm& b);
  static IntTerm ceilDiv(const IntTerm& a, const IntTerm& b);
  static IntTerm mod(const IntTerm& a, const IntTerm& b);
  static IntTerm min(const IntTerm& a, const IntTerm& b);
  static IntTerm max(const IntTerm& a, const IntTerm& b);
  /// Iverson brackets: 1 when the relation holds, else 0.
  static IntTerm eq(const IntTerm& a, const IntTerm& b);
  static IntTerm ne(const IntTerm& a, const IntTerm& b);
  static IntTerm le(const IntTerm& a, const IntTerm& b);
  static IntTerm lt(const IntTerm& a, const IntTerm& b);
  /// sum of `body` for `variable` = lo..hi (0 when hi < lo).
  static IntTerm sum(const std::string& variable, const IntTerm& lo, const IntTerm& hi, const IntTerm& body);
  /// 2^a (a >= 0) and ceil(log2(a)) (a >= 1).
  static IntTerm pow2(const IntTerm& a);
  static IntTerm ceilLog2(const IntTerm& a);

  /// The value with every symbol bound; nullopt when a symbol is unbound, a
  /// divisor is not positive or a value leaves +-2^62.
  std::optional<std::int64_t> evaluate(const Bindings& values) const;
  std::optional<std::int64_t> asConstant() const;
  Kind kind() const;
  /// The operands (Add: the terms; Mul, FloorDiv, ..., relations: two;
  /// Sum: lo, hi, body; Pow2, CeilLog2: one) and the name of a symbol or of
  /// a sum's bound variable: what the simplifier (int-term-simplify.h) walks.
  const std::vector<IntTerm>& args() const;
  const std::string& name() const;

  std::string str() const;
  std::string latex() const;

private:
  struct Node;
  std::string print(bool latex) const;
  explicit IntTerm(std::shared_ptr<const Node> n);
  static IntTerm make(Kind k, std::vector<IntTerm> args, std::int64_t value = 0, std::string name = {});
  std::shared_ptr<const Node> m_node;
};

} // namespace ps::symbolic

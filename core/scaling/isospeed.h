#pragma once
// Isospeed scalability: the work W' that keeps the average speed of a model
// unchanged when it moves from p to p' processors, and
// psi(p, p') = p'*W / (p*W'). Two ways to W': a bracketing root finder on
// a(p', W') - a(p, W) (GSL Brent), and the papers' fixed-point iteration.
// Source: Sun-Pantano-Fahringer 1999, Eqs. 1-4 and Fig. 2; Sun 2002, Eqs. 1-2.

#include "scaling/time-model.h"

#include <optional>
#include <vector>

namespace ps::scaling {

/// W' for one move p -> p' and what follows from it.
struct ScaledWork {
  double wPrime = 0;           // W', work units
  double nPrime = 0;           // the size with W(n') = W' (real)
  std::int64_t nPrimeFloor = 0; // as the papers print n' (floor, R14)
  double psi = 0;              // p'W / (pW')
  double time = 0;             // T(p', W') = T(p, W)/psi, seconds (1999 Eq. 2)
  int iterations = 0;          // fixed-point steps (iterative method), else 0
  std::string error;           // empty when W' was found

  bool ok() const { return error.empty(); }
  ScaledWork withIterations(int count) const
  {
    ScaledWork s = *this;
    s.iterations = count;
    return s;
  }
};

/// W' by Brent's method on n: a(p', n') = a(p, n), a bracket grown from n.
/// Where several sizes keep the speed (a jagged speed crosses it more than
/// once) the least W' found between n and the ideal p'W/p is taken; where
/// the speed depends on neither the size nor p, the ideal (psi = 1).
/// Errors: a model value missing on the way, no size restoring the speed.
/// Source: Sun-Pantano-Fahringer 1999, Eq. 2 (psi = p'W/(pW')).
ScaledWork scaledWorkByRoot(const TimeModel& model, double p, double n, double pPrime);

/// W' by the iteration of 1999 Fig. 2 from W0 = p'W/p, with
/// phi(W) = a*p'*T_o(p', n(W)) / (1 - a*Delta) (p', not the paper's p: its
/// typo) or its inverse, until |W_k+1 - W_k| < epsilon (absolute, work
/// units). Needs Delta; errors when 1 - a*Delta <= 0 (the model runs at or
/// above its capacity, T_o <= 0) or after `maxIterations` steps.
ScaledWork scaledWorkIterative(const TimeModel& model, double p, double n, double pPrime, double epsilon = 1e-2,
                               int maxIterations = 10000);

/// The scaled point for a given psi: W' = p'W/(p*psi), n' with W(n') = W',
/// T(p', W') = T(p, W)/psi. How the papers' printed n' and predicted times
/// follow from their printed psi (1999 Eq. 2, Tables 1-8).
ScaledWork scaledWorkFromPsi(const TimeModel& model, double p, double n, double pPrime, double psi);

/// One cell of a psi table: from (p, n) to p'.
struct PsiCell {
  double p = 0, pPrime = 0;
  double n = 0;                // the size at p this row starts from
  ScaledWork root;             // Brent (the values reported)
  ScaledWork iterative;        // Fig. 2 (error set when the model has no Delta)
};

/// The upper triangle of psi(p_i, p_j), i <= j, over `processors` (sorted,
/// the first is the initial p). Row i starts from the isospeed state of row
/// 0 at p_i (its real n'), whose speed is the initial one, so its scaled
/// works are row 0's: psi(p_i, p_k) = psi(p_0, p_k)/psi(p_0, p_i) exactly.
/// With `epsilon` the iterative method runs too, on the first row (a
/// cross-check of the solved cells); elsewhere `iterative` says why not.
std::vector<PsiCell> psiTable(const TimeModel& model, double n, const std::vector<double>& processors,
                              std::optional<double> epsilon = 1e-2);

} // namespace ps::scaling

#pragma once
// Private to core/symbolic: printing GiNaC expressions in one canonical
// order. GiNaC orders the terms of sums and the factors of products by hash
// values seeded with the address of each class's type name, which moves
// with address-space randomization, so its own printing changes from run
// to run (loop bounds printed "n - k + 1" in one process and "1 - k + n" in
// the next). Everything PartScope prints goes through this printer.

#include <ginac/ginac.h>

#include <string>

namespace ps::symbolic {

/// `e` as plain text ("n - k + 1", "2*m + n - 1", "(n + 1)/2", "9*n/p") or
/// LaTeX. Sums: the number last, higher degree first, positive before negative terms, then by
/// text; products: the numeric coefficient first, then the factors by text,
/// negative powers as a denominator. Fortran integer division prints as
/// "a/b" (plain) or \operatorname{div}(a, b) (LaTeX); other functions as
/// name(arguments). The result depends only on the expression's value as a
/// tree, never on GiNaC's internal order.
std::string canonicalText(const GiNaC::ex& e, bool latex);

/// A symbol name in LaTeX: one letter as is, longer names upright italic
/// (\mathit{niter}), trailing digits as a subscript (\mathit{ub}_{1}).
std::string latexName(const std::string& name);

} // namespace ps::symbolic

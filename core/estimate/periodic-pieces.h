#pragma once
// Periodic subscripts made affine piece by piece. A wrap-around read
// U(MOD(I,N)+1) is not affine, and an estimate that cannot place it fetches
// the whole array; yet between the multiples of the modulus the MOD is its
// argument less a fixed multiple of N (I+1 for I < N, 1 at I = N). Such a
// read is fetched by pieces: copies of its statement, one per quotient of
// the MOD, each with the read's affine subscript of that range and a guard
// that keeps its iterations (Statement::guards). The guards fold into the
// loop bounds (guard-fold.h), so the bulk is the shift it is and the
// wrap-around a message of its own. A piece fetches that read alone and
// does no work; the statement itself does the work and its other reads.
// Source: index-set splitting (M. Wolfe, High Performance Compilers for
// Parallel Computing, 1996, Sec. 9.4); MOD and MODULO as the Fortran 90
// intrinsics define them (Sec. 13: the quotient rounded toward zero, and
// down).

#include "program/model.h"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

namespace ps::estimate {

/// The statements of a nest, then the pieces of their periodic reads
/// (Subscript::periodic).
class PeriodicPieces {
public:
  /// For each statement of `statements` (of `unit`) that writes an array
  /// element through affine subscripts, or is a condition in the loops (an
  /// IF's or a WHERE's, run where what it guards is written), the pieces of
  /// each read whose
  /// periodic subscripts' arguments provably stay within four moduli of
  /// zero (each loop variable they name runs between bounds fixed in the
  /// loops; the unknowns at least 1), at most kMaxPieces per read. Other
  /// reads keep the whole-array fetch of a subscript that is not affine,
  /// and so does a split read where the estimate cannot fold its pieces'
  /// guards into the loop bounds (the statement's estimate decides).
  PeriodicPieces(const program::Unit& unit, const std::vector<const program::Statement*>& statements);

  /// The statements in source order, then the pieces (kept by this object:
  /// it must outlive the users of the pointers). The first unitCount() are
  /// the statements: what looks at the other statements of the nest (who
  /// reads a scalar, who writes an array) looks at those alone.
  const std::vector<const program::Statement*>& statements() const { return m_statements; }
  std::size_t unitCount() const { return m_unitCount; }

  /// The read a piece fetches (its only task), nullptr for a statement of the unit.
  const program::ArrayReference* pieceRead(const program::Statement* st) const;
  /// The read of a statement of the unit that `piece` is a piece of.
  const program::ArrayReference* origin(const program::Statement* piece) const;

  /// A read of a statement of the unit fetched by pieces: its pieces and
  /// what the estimate's notes say of them.
  struct Split {
    const program::ArrayReference* read = nullptr;
    std::vector<const program::ArrayReference*> aliases; // the same read again in its statement
    std::vector<const program::Statement*> pieces;
    std::string note;
    /// Each >= 0 where the pieces' quotients cover every iteration (the
    /// proof took the unknowns to be at least 1: checked at the values).
    std::vector<symbolic::Expr> covering;

    /// Whether every expression of `covering` is >= 0 at `values`.
    bool covers(const symbolic::Bindings& values) const;
  };
  /// The split of `ref` (of a statement of the unit, or the same read
  /// again in it), nullptr where it is not split.
  const Split* split(const program::ArrayReference* ref) const;

  /// A piece's read for the records: "u(mod(i,n)+1) as u(i + 1)"; the
  /// text of any other reference.
  std::string label(const program::ArrayReference* read) const;

  static constexpr std::size_t kMaxPieces = 16;

private:
  struct Piece {
    program::Statement statement;
    const program::ArrayReference* read = nullptr;   // in `statement`
    const program::ArrayReference* origin = nullptr; // in the unit's statement
    std::string label;
  };
  const Piece* pieceOf(const program::Statement* st) const;

  std::deque<Piece> m_pieces; // stable addresses
  std::vector<const program::Statement*> m_statements;
  std::size_t m_unitCount = 0;
  std::vector<Split> m_splits;
};

} // namespace ps::estimate

#pragma once
// The ProgramModel: what the estimator needs to know about a parsed program.
// Per unit: symbols (arrays with element size and symbolic extents, PARAMETER
// constants folded), loops (variable and bounds as expressions) and
// statements (operation counts and array references with affine subscripts).
// Loops and statements are stored flat, in source order, with parent links.

#include "fortran/ast-unit.h"
#include "symbolic/expr.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ps::program {

/// Lower and upper bound of one array dimension (symbolic).
struct Extent {
  symbolic::Expr lower;
  symbolic::Expr upper;
  /// The bounds with PARAMETER constants as symbols ("n" where `upper` is
  /// 256), for closed forms printed in the names the user wrote.
  symbolic::Expr lowerAsWritten, upperAsWritten;
};

struct Symbol {
  std::string name;
  fortran::TypeSpec type;
  int elementBytes = 4;
  std::vector<Extent> dims;             // empty for scalars
  bool isParameter = false;
  std::optional<symbolic::Expr> value;  // folded PARAMETER value (integer constants)
  bool isDummy = false;
  bool isLoopVariable = false;

  bool isArray() const { return !dims.empty(); }
};

/// Operation counts of one execution of a statement, by kind.
struct OperationCounts {
  std::int64_t addSub = 0;    // + - and comparisons
  std::int64_t mul = 0;
  std::int64_t div = 0;
  std::int64_t pow = 0;       // **
  std::int64_t intrinsic = 0; // intrinsic and external function calls
  std::int64_t load = 0;      // array element reads
  std::int64_t store = 0;     // array element writes

  OperationCounts& operator+=(const OperationCounts& o);
  std::int64_t total() const { return addSub + mul + div + pow + intrinsic + load + store; }
};

enum class SubscriptKind { Affine, Triplet, NonAffine };

/// A subscript MOD(argument, modulus) + offset, or MODULO(...) + offset:
/// the wrap-around index of a periodic boundary (U(MOD(I,N)+1),
/// U(MOD(I-2+N,N)+1)). Not affine, but affine on each range of the
/// argument between multiples of the modulus (the estimate splits the
/// iterations there: estimate/periodic-pieces.h).
struct PeriodicSubscript {
  symbolic::AffineForm argument; // over the enclosing loop variables (constant: unknowns)
  symbolic::Expr modulus;        // over the unknowns alone
  symbolic::AffineForm offset;   // the other terms of the subscript
  bool floored = false;          // MODULO (rounds the quotient down), not MOD (toward zero)
  /// EOSHIFT's end-off shift: only quotient 0 reads the array (the
  /// elements shifted in from outside take the boundary value).
  bool endOff = false;
  std::string argumentText, modulusText; // as written
};

/// One subscript of an array reference. Affine: coefficient per enclosing loop
/// variable plus a symbolic constant (which may hold unknowns such as n).
struct Subscript {
  SubscriptKind kind = SubscriptKind::NonAffine;
  symbolic::AffineForm affine; // Affine only
  std::string text;            // as written
  /// Triplet only: its bounds, folded, where they stay fixed in the
  /// enclosing loops (the declared bound where one is omitted; nullopt for
  /// a bound that follows a loop or is no integer expression), and its
  /// stride (1 when omitted, 0 when not an integer constant).
  std::optional<symbolic::Expr> lower, upper;
  std::int64_t stride = 0;
  /// NonAffine only: the subscript is a MOD (or MODULO) of an affine
  /// argument by a modulus fixed in the loops, plus affine terms.
  std::optional<PeriodicSubscript> periodic;
};

struct ArrayReference {
  std::string array;
  bool isWrite = false;
  std::vector<Subscript> subscripts; // empty for a whole-array reference
  fortran::SourceRange range;
  int line = 0;
  int column = 0;

  bool allAffine() const;
  std::string text() const; // "a(i,j-1)"
  /// What two reads of a statement share when they read the same elements:
  /// text() and the subscripts' kinds (in R(1:N) = Y(1:N) - MAXVAL(Y(1:N)),
  /// the first Y(1:N) is read element by element, the second whole).
  std::string identity() const;
};

enum class StatementKind { Assignment, Call, Io, Control };

/// One actual argument of a CALL (Fortran 90, 12.4.1): the variable or whole
/// array it names, and its integer value in the caller's names when it has
/// one, so the callee's dummies can be bound (CALL SWEEP(A, N)); an array
/// element or section (CALL SAXPY(N, T, A(K+1,K), 1, A(K+1,J), 1), CALL
/// F(A(:,J))) names its reference in the statement's refs, so the dummy can
/// take the section's mapping; and whether the callee may assign it.
struct CallArgument {
  std::string text;                    // as written
  std::string name;                    // a variable or whole array; empty for other expressions
  std::optional<symbolic::Expr> value; // an integer expression (PARAMETERs folded); nullopt otherwise
  int reference = -1;                  // an array element or section: its index in Statement::refs
  /// The callee (or one it passes the dummy on to) may assign the dummy: a
  /// write of the actual at the CALL for the dependences. True for a callee
  /// the file does not contain (markWrittenArguments).
  bool written = true;
};

struct Statement {
  int id = 0;
  StatementKind kind = StatementKind::Assignment;
  int line = 0;
  int lastLine = 0;              // the last line of a continued statement (else `line`)
  fortran::SourceRange range;
  std::string text;              // the statement as written (one line)
  std::vector<int> loops;        // enclosing loops, outermost first
  double probability = 1.0;      // of executing, given the enclosing loop iteration
  bool probabilityMeasured = false; // `probability` comes from a profile run, not the default share
  /// A profile run's probability kept aside where the guards describe
  /// every IF around the statement: the estimate counts them, and takes
  /// this where it cannot (a scalar in them without a value).
  std::optional<double> measuredProbability;
  std::optional<std::int64_t> executions; // measured count of the whole run (profile run)
  int branchLine = 0;            // line of the innermost enclosing IF (block or logical); 0 outside IF
  /// The arm of that IF it runs in (0: THEN, 1: the first ELSE IF or the
  /// ELSE, ...; a CASE of a SELECT CASE), and how many arms the IF has, a
  /// missing ELSE counted (a logical IF: 2): a scalar assigned in every arm
  /// is assigned whichever runs.
  int branchArm = 0, branchArms = 0;
  OperationCounts ops;
  std::vector<ArrayReference> refs; // the write (if any) first, then reads
  std::string scalarTarget;      // LHS when it is a scalar
  /// "max" or "min" for the action and the condition of IF (e > s) s = e
  /// (or s < e, >=, <=; reversed for "min"): a reduction of s, each
  /// processor over its own elements of e, then combined (HPF 1.1, Sec. 4.4.3).
  /// "maxloc" or "minloc" for the location kept beside it (p = i in the
  /// same IF): combined with the value, in the value's messages.
  std::string reductionOp;
  std::string callee;            // Call
  std::vector<CallArgument> arguments; // Call, in order
  /// The THEN branches' conditions it runs under, where each is a comparison
  /// (or an .AND. of comparisons) of integer expressions affine in the loop
  /// variables: the dependence analysis leaves the other iterations out
  /// (Gauss-Jordan's IF (I .NE. K) A(I,J) = A(I,J) - C(I)*A(K,J) writes no
  /// row K, so its I loop carries no dependence). Other conditions add none.
  std::vector<symbolic::AffineCondition> guards;
  /// The factor of `probability` that the IFs giving `guards` contribute by
  /// default (their branch shares, 0.5 for IF-THEN): the estimate replaces
  /// it by the share of the iterations the guards keep (IF (I .NE. K) holds
  /// in all but one of N, not in half). 1 without guards.
  double guardedShare = 1.0;
  bool wholeArray = false;       // an F90 array assignment without a loop

  const ArrayReference* write() const { return !refs.empty() && refs.front().isWrite ? &refs.front() : nullptr; }
};

struct Loop {
  int id = 0;
  int parent = -1;
  int depth = 0;                 // 0 for an outermost loop
  std::string variable;          // empty for DO WHILE
  symbolic::Expr lower, upper, step;
  /// The bounds with PARAMETER constants as symbols ("n - 1" where `upper`
  /// is 255): the closed forms are compiled from these, once for every
  /// value of the PARAMETER.
  symbolic::Expr lowerAsWritten, upperAsWritten;
  bool boundsKnown = true;       // false when a bound is not an integer expression
  /// With !boundsKnown, the bounds as written ("MAX(-KL,1-I)", "MIN(KL,N-I)",
  /// "" for no step), for the outline: `lower` and `upper` then hold 0.
  std::string lowerText, upperText, stepText;
  /// When !boundsKnown, why, if the builder knows more than "not an integer
  /// expression" (a clause: "'g%nx' is a component of a derived type, ..."); else "".
  std::string boundsNote;
  /// With a MAX lower or MIN upper bound (banded codes' DO I = MAX(1,J-KU),
  /// MIN(N,J+KL)): `lower`/`upper` hold one argument (the first that names
  /// an outer loop variable), and the others are these conditions on the
  /// loop variable (I >= 1, I <= N), guards of the body's statements (the
  /// same iterations). `lowerText`/`upperText` keep the bounds as written.
  std::vector<symbolic::AffineCondition> boundGuards;
  /// A sentence when the bounds kept are an approximation of those written
  /// (a start 2 + MOD(J, 2) with step 2 counted from 2); estimates show it.
  /// `lowerText`/`upperText`/`stepText` keep the bounds as written.
  std::string boundsApproximation;
  /// With a parity start (boundsApproximation), where its iterations really
  /// lie: the values = strideOrigin modulo `step` (2 + J + IS for 2 +
  /// MOD(J+IS, 2)), which the dependence analysis keeps exact.
  std::optional<symbolic::Expr> strideOrigin;
  bool isWhile = false;
  /// A DO WHILE (or DO without control) is modelled as DO variable = 1,
  /// tripsUnknown: the unknown ("ntrips_11") is its iterations per entry;
  /// `variable` is a name of the model's ("w11_"), read by no statement.
  /// A DO whose bounds read array elements (CSR's DO K = ROWPTR(I),
  /// ROWPTR(I+1)-1) runs tripsUnknown times too, from its start where that
  /// is no data (else from 1, its variable's subscripts indirect).
  /// Empty for other loops.
  std::string tripsUnknown;
  /// Iterations per entry measured by a profile run (rounded): the profile
  /// then put it in `upper` in place of tripsUnknown, as it replaces branch
  /// probabilities; `measuredMean` is the mean before rounding.
  std::optional<std::int64_t> measuredTrips;
  double measuredMean = 0;
  bool withoutControl = false; // DO ... END DO left by EXIT (isWhile too)
  /// Lines of the statements in its body that leave it other than by its
  /// own test or count: an EXIT of it or of a loop around it (EXIT without
  /// a name leaves the innermost loop), a CYCLE of a loop around it, a
  /// RETURN or STOP. GO TO is not followed.
  std::vector<int> exitLines;
  /// Lines of the block IFs in its body whose arms (at any depth) hold a
  /// statement of exitLines (an ELSE IF's test has its IF's line): every
  /// processor must know their outcome to know whether the loop goes on, as
  /// with a logical IF's EXIT, whose line is in exitLines itself.
  std::vector<int> exitTestLines;
  /// One index of a FORALL header: the indices of one FORALL are a perfect
  /// nest on the same line, outermost first (HPF 1.1, Sec. 4.1).
  bool isForall = false;
  /// One triplet of an array-section assignment (A(2:N-1,J) = ...), read as
  /// a FORALL index on the statement's line (ModelBuilder's sectionLoops).
  bool isSection = false;
  int line = 0;
  int endLine = 0;
  fortran::SourceRange range;
  bool independent = false;      // HPF INDEPENDENT
  std::vector<std::string> newVariables, reductionVariables;
  std::vector<int> children;     // directly nested loops
};

/// Where an unknown of a unit is set, when it is set in a way the analyser
/// does not follow (a READ, a CALL, different values on different paths):
/// shown where its value is asked for.
struct UnknownOrigin {
  int line = 0;       // the (first) line that sets it
  std::string reason; // a clause: "set by READ at line 7"
};

/// An HPF directive line of the unit that the parser could not read (it
/// reported an error on it), kept so estimates can say that the arrays it
/// names were assumed replicated.
struct UnreadDirective {
  int line = 0;
  std::string text; // the line as written, trimmed
};

/// A statement line the parser could not read (and dropped): an estimate
/// of a nest or unit that contains it would silently leave it out.
struct UnreadStatement {
  int line = 0;
  std::string message; // the parser's first error on that line
};

/// Statements that no path from the top of the unit reaches: they follow a
/// RETURN, STOP, plain GO TO, EXIT or CYCLE in the same block, and no label
/// leads to them (the next labelled statement ends the range). They stay in
/// the model (a loop among them can still be estimated alone), but a unit's
/// estimate leaves them out.
struct UnreachableCode {
  int firstLine = 0;
  int lastLine = 0;
  int afterLine = 0;   // the statement that ends the flow
  std::string after;   // its keyword: "RETURN", "STOP", "GO TO", "EXIT", "CYCLE"
  std::vector<std::string> entries; // ENTRY names declared among them (they run from there)
};

/// "line 12" or "lines 9-11" of `dead`.
std::string linesOf(const UnreachableCode& dead);

/// A mapping directive (PROCESSORS, TEMPLATE, DISTRIBUTE, ALIGN, DYNAMIC) of
/// a module the unit uses or of its host, for names the unit sees by that
/// association: the mapping of a module's or host's arrays holds wherever
/// they are visible (HPF 2.0, Sec. 3.2, mapping directives in a module's
/// specification part; F90, Secs. 11.3.2, 12.1.2.2.1).
struct InheritedDirective {
  fortran::Directive directive; // reduced to the names the unit sees
  int line = 0;                 // its line in the module or host
  std::string scope;            // the module's or host's name
};

struct Unit {
  std::string name;
  fortran::UnitKind kind = fortran::UnitKind::Program;
  int line = 0;
  int endLine = 0;
  std::vector<std::string> dummies;  // dummy arguments, in order
  std::map<std::string, Symbol> symbols;
  /// Variables and PARAMETERs the unit sees by USE or host association and
  /// does not declare itself (F90, Secs. 11.3.2, 12.1.2.2.1), by local name.
  std::map<std::string, Symbol> associated;
  std::vector<Loop> loops;
  std::vector<Statement> statements;
  std::vector<std::string> unknowns; // symbols without value used in bounds, extents, subscripts
  /// Unknowns used in bounds or subscripts where a READ, a CALL or several
  /// assignments set them (program/scalar-values.h); the others are not set
  /// in the unit at all.
  std::map<std::string, UnknownOrigin> unknownOrigins;
  std::vector<fortran::Directive> directives;
  std::vector<int> directiveLines;   // original line of each of `directives`, same order
  /// The mapping directives of used modules and the host for the arrays,
  /// templates and processors the unit sees and does not declare itself
  /// (its own directives come after them and win).
  std::vector<InheritedDirective> inheritedDirectives;
  std::vector<UnreadDirective> unreadDirectives; // directive lines with a parse error, in order
  std::vector<UnreadStatement> unreadStatements; // other lines with a parse error, in order
  std::vector<int> gotoLines; // GO TO statements (their jumps are not modelled), in order
  /// Integer scalars assigned from a non-affine expression (K = 2**(L-1))
  /// that a value given to buildModel makes unknowns of that value.
  std::set<std::string> givenScalars;
  std::vector<UnreachableCode> unreachable; // in source order

  /// The innermost unreachable range containing `line`, or nullptr.
  const UnreachableCode* unreachableAt(int line) const;

  /// The unit's own symbol `name`, else the associated one, else nullptr.
  const Symbol* symbol(const std::string& name) const;
  /// The loop whose DO statement is on `line`, or nullptr.
  const Loop* loopAtLine(int line) const;
  /// Statements inside loop `id` (at any depth), in source order.
  std::vector<const Statement*> statementsIn(int loopId) const;
};

/// True when `loop` is the loop `root` (a loop id of `unit`) or nested in it.
bool nestedIn(const Unit& unit, const Loop& loop, int root);

/// True for a DO WHILE whose iterations neither `values` (its
/// Loop::tripsUnknown) nor a profile run gave.
bool whileTripsUnset(const Loop& loop, const symbolic::Bindings& values);

/// What a loop's bounds are, for "the value of 'n' is needed for ...": "the
/// bounds of the loop at line 7", or "the iterations of the DO WHILE at line 11".
std::string boundsWhat(const Loop& loop);

/// "the DO WHILE at line 11", "the DO loop without control at line 26"
/// for a DO left by EXIT, or "the DO k at line 47 with bounds from data"
/// (CSR's DO K = ROWPTR(I), ROWPTR(I+1) - 1).
std::string whileName(const Loop& loop);

/// For a DO WHILE, the clause " (its iterations per entry are the unknown
/// 'ntrips_11': set it, or measure it with a profile run)"; "" otherwise.
std::string unsetTripsClause(const Loop& loop);

struct ProgramModel {
  std::vector<Unit> units;
  std::vector<fortran::Diagnostic> diagnostics;

  /// The unit and loop whose DO statement is on `line`; nullopt if none.
  std::optional<std::pair<const Unit*, const Loop*>> loopAtLine(int line) const;
  /// The procedure (SUBROUTINE or FUNCTION, not the main program) named `name`, nullptr if none.
  const Unit* procedure(const std::string& name) const;
};

/// Whether `st` never runs in the nest rooted at `nest`: it is unreachable
/// (Unit::unreachable) after a statement of that nest. A nest selected among
/// dead code (an ENTRY's) runs its statements.
bool unreachableInNest(const Unit& unit, const Statement& st, const Loop& nest);

/// Builds the model of a parsed file. Semantic problems (wrong subscript
/// counts, untyped names under IMPLICIT NONE) become diagnostics.
/// `parameterValues` replace the values of integer PARAMETER constants of
/// those names (what-if sizes: N = 512 where the program says 256); the
/// model folds PARAMETERs, so a new value means a new model (~1 ms).
ProgramModel buildModel(const fortran::ParsedFile& parsed, const symbolic::Bindings& parameterValues = {});

/// Whether toSymbolic replaces PARAMETER constants by their values.
enum class SymbolicParameters { Fold, Keep };

/// Converts an integer expression of the AST; nullopt when it is not one
/// (reals, function or array references). PARAMETER values are substituted
/// unless `parameters` is Keep.
std::optional<symbolic::Expr> toSymbolic(const fortran::Expr& e, const Unit& unit,
                                         SymbolicParameters parameters = SymbolicParameters::Fold);

/// The integer PARAMETER values of `unit` (name -> value), its own and the
/// associated ones.
symbolic::Bindings parameterValues(const Unit& unit);

} // namespace ps::program

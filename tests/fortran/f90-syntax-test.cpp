// F90/95/2003 syntax of the parser corpus (issue 10): derived-type entities
// and component references, the WHERE statement and construct, and array
// constructors (/ ... /) and [ ... ] with implied DOs and a type-spec. Each
// construct in free form, in fixed form where F90 allows it, the AST and the
// model it gives, and the exact diagnostic of a wrong variant.
// Source: Fortran 90, 6.1.2, 4.5, 7.5.3; Fortran 95 (ELSEWHERE (mask));
// Fortran 2003, 4.8.
#include "estimate/iteration-space.h"
#include "f77-test-support.h"
#include "test-support.h"

#include <gtest/gtest.h>

#include <stdexcept>

using namespace ps;
using namespace ps::fortran;

namespace {

test::Program parse(const std::string& text, SourceForm form)
{
  return test::build(text, form == SourceForm::Fixed ? "t.f" : "t.f90");
}

/// Asserts that gfortran accepts `text` too (skipped without gfortran), so
/// that every program these tests call valid is valid Fortran.
void expectGfortranAccepts(const std::string& text, const std::string& name)
{
  test::ScratchDir dir("f90syntax");
  EXPECT_TRUE(test::gfortranAccepts(dir.write(name, text))) << text;
}

/// The AST and the model of the unit named `name`.
const ProgramUnit& astUnit(const test::Program& p, const std::string& name)
{
  for (const auto& u : p.parsed->units)
    if (u.name == name)
      return u;
  throw std::runtime_error("no unit " + name);
}

const program::Unit& modelUnit(const test::Program& p, const std::string& name)
{
  for (const auto& u : p.model.units)
    if (u.name == name)
      return u;
  throw std::runtime_error("no unit " + name);
}

std::vector<std::string> messages(const test::Program& p)
{
  auto out = test::messages(*p.parsed);
  for (const auto& d : p.model.diagnostics) {
    const auto lc = p.parsed->file->lineColumn(d.range().begin);
    out.push_back(std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": " + d.message());
  }
  return out;
}

// ---- derived types and component references ---------------------------------

const char* kComponentsFree = R"(module m
  implicit none
  type cell
    real :: c(4)
  end type cell
  type grid
    integer :: nx
    real :: dx
    type(cell) :: b(8)
  end type grid
end module m
program p
  use m
  implicit none
  type(grid) :: g
  type(grid), target :: ps(10)
  real :: u(100)
  integer :: i
  g%nx = 10
  g%b(2)%c(3) = 1.5
  ps(3)%dx = g%dx * 2.0
  if (ps(1)%nx > g%nx) call show(g%nx, ps(2)%b(1)%c)
  do i = 1, g%nx
    u(i) = ps(i)%dx + g%b(1)%c(2)
  end do
contains
  subroutine show(n, x)
    integer, intent(in) :: n
    real, intent(in) :: x(:)
    print *, n, x
  end subroutine show
end program p
)";

TEST(F90Components, FreeFormAstAndModel)
{
  expectGfortranAccepts(kComponentsFree, "components.f90");
  auto p = parse(kComponentsFree, SourceForm::Free);
  EXPECT_TRUE(messages(p).empty()) << testing::PrintToString(messages(p));
  const auto& unit = astUnit(p, "p");
  const auto& decl = unit.declarations.at(2); // type(grid) :: g
  ASSERT_EQ(decl.kind, DeclKind::Type);
  EXPECT_EQ(decl.type->base, BaseType::Derived);
  EXPECT_EQ(decl.type->derivedName, "grid");
  ASSERT_EQ(unit.declarations.at(3).entities.at(0).dims.size(), 1u); // ps(10)

  const auto& body = unit.body;
  ASSERT_EQ(body.size(), 5u);
  EXPECT_EQ(body[0].lhs.kind, ExprKind::Component);
  EXPECT_EQ(body[0].lhs.text, "nx");
  EXPECT_EQ(body[0].lhs.operands.at(0).kind, ExprKind::Name);
  EXPECT_EQ(toString(body[1].lhs), "g%b(2)%c(3)");
  EXPECT_EQ(body[1].lhs.operands.at(0).kind, ExprKind::Component); // g%b(2)
  EXPECT_EQ(toString(body[2].lhs), "ps(3)%dx");
  EXPECT_EQ(body[2].lhs.operands.at(0).kind, ExprKind::ArrayRef);
  EXPECT_EQ(toString(body[2].rhs), "g%dx*2.0");
  ASSERT_EQ(body[3].kind, StmtKind::LogicalIf);
  EXPECT_EQ(toString(body[3].condition), "ps(1)%nx>g%nx");
  EXPECT_EQ(toString(body[3].body.at(0).args.at(1)), "ps(2)%b(1)%c");
  ASSERT_EQ(body[4].kind, StmtKind::Do);
  EXPECT_EQ(toString(body[4].upper), "g%nx");
  EXPECT_EQ(toString(body[4].body.at(0).rhs), "ps(i)%dx+g%b(1)%c(2)");

  // A component is an opaque read: u(i) is the only array reference of the
  // loop body, and the loop's bound cannot be known.
  const auto& u = modelUnit(p, "p");
  EXPECT_EQ(u.symbols.at("g").type.base, BaseType::Derived);
  EXPECT_TRUE(u.symbols.at("ps").isArray());
  ASSERT_EQ(u.loops.size(), 1u);
  EXPECT_FALSE(u.loops[0].boundsKnown);
  EXPECT_EQ(u.loops[0].boundsNote, "'g%nx' is a component of a derived type, which PartScope does not model");
  const auto& st = u.statements.back();
  EXPECT_EQ(st.line, 24);
  ASSERT_EQ(st.refs.size(), 1u);
  EXPECT_EQ(st.refs[0].array, "u");
  EXPECT_TRUE(st.refs[0].isWrite);
  EXPECT_EQ(st.ops.load, 2);
  EXPECT_EQ(st.ops.addSub, 1);
  EXPECT_TRUE(u.statements[0].scalarTarget.empty()); // g%nx = 10 sets no scalar
  EXPECT_TRUE(u.statements[0].refs.empty());

  // Estimating the loop says why its bounds are unknown.
  symbolic::EvaluationError error;
  EXPECT_FALSE(estimate::IterationSpace::build(u, 0, st, {}, &error));
  EXPECT_EQ(error.message, "Loop at line 23 has bounds PartScope cannot count: 'g%nx' is a component of "
                           "a derived type, which PartScope does not model");
}

TEST(F90Components, FixedForm)
{
  const char* text = "      SUBROUTINE S(G, V, N)\n"
                     "      TYPE GRID\n"
                     "        INTEGER NX\n"
                     "        REAL W(10)\n"
                     "      END TYPE\n"
                     "      TYPE(GRID) G, V(N)\n"
                     "      INTEGER N, I\n"
                     "      G%NX = N\n"
                     "      DO 10 I = 1, G % NX\n"
                     "        V(I)%W(1) = G%W(I) + V(I) % NX\n"
                     "   10 CONTINUE\n"
                     "      IF (G%NX .GT. 0) G%W(2) = 0.0\n"
                     "      END\n";
  expectGfortranAccepts(text, "components.f");
  auto p = parse(text, SourceForm::Fixed);
  EXPECT_TRUE(messages(p).empty()) << testing::PrintToString(messages(p));
  const auto& body = p.parsed->units.at(0).body;
  ASSERT_EQ(body.size(), 3u);
  EXPECT_EQ(toString(body[0].lhs), "g%nx");
  EXPECT_EQ(toString(body[1].upper), "g%nx");
  EXPECT_EQ(toString(body[1].body.at(0).lhs), "v(i)%w(1)");
  EXPECT_EQ(toString(body[1].body.at(0).rhs), "g%w(i)+v(i)%nx");
  EXPECT_EQ(toString(body[2].body.at(0).lhs), "g%w(2)");
}

TEST(F90Components, MissingComponentName)
{
  const char* text = "program p\n"
                     "  type t\n"
                     "    integer :: n\n"
                     "  end type\n"
                     "  type(t) :: g\n"
                     "  integer :: k\n"
                     "  g% = 1\n"
                     "  k = g%\n"
                     "  g%n = 2\n"
                     "end program p\n";
  auto p = parse(text, SourceForm::Free);
  EXPECT_EQ(test::messages(*p.parsed),
            (std::vector<std::string>{"7:6: Expected a component name after '%'",
                                      "8:9: Expected a component name after '%'"}));
  EXPECT_EQ(p.parsed->units.at(0).body.size(), 1u); // recovered: g%n = 2 is read
}

// ---- WHERE ------------------------------------------------------------------

TEST(F90Where, NamedConstructWithElsewhereMask)
{
  const char* text = "program p\n"
                     "  implicit none\n"
                     "  real :: a(100), b(100)\n"
                     "  integer :: i\n"
                     "  do i = 1, 10\n"
                     "    clip: where (a > 1.0)\n"
                     "      a = 1.0\n"
                     "      b(:) = a(:)\n"
                     "    elsewhere (a < -1.0) clip\n"
                     "      a = -1.0\n"
                     "    else where clip\n"
                     "      b = 0.0\n"
                     "    end where clip\n"
                     "  end do\n"
                     "  where (b /= 0.0) a = a / b\n"
                     "end program p\n";
  expectGfortranAccepts(text, "where.f90");
  auto p = parse(text, SourceForm::Free);
  EXPECT_TRUE(messages(p).empty()) << testing::PrintToString(messages(p));
  const auto& loop = p.parsed->units.at(0).body.at(0);
  ASSERT_EQ(loop.body.size(), 1u);
  const auto& w = loop.body[0];
  ASSERT_EQ(w.kind, StmtKind::Where);
  EXPECT_TRUE(w.whereConstruct);
  ASSERT_EQ(w.branches.size(), 3u);
  EXPECT_EQ(toString(w.branches[0].condition), "a>1.0");
  EXPECT_EQ(w.branches[0].body.size(), 2u);
  EXPECT_EQ(toString(w.branches[1].condition), "a<-1.0");
  EXPECT_TRUE(w.branches[2].condition.missing());
  EXPECT_EQ(p.parsed->line(w.endRange), 13);
  const auto& single = p.parsed->units.at(0).body.at(1);
  ASSERT_EQ(single.kind, StmtKind::Where);
  EXPECT_FALSE(single.whereConstruct);
  ASSERT_EQ(single.branches.size(), 1u);
  EXPECT_EQ(toString(single.branches[0].body.at(0).rhs), "a/b");

  // The model: each mask is a control statement (an ELSEWHERE's on its own
  // line), sharing the probability like IF branches. The construct names a
  // section (b(:)), so it runs in a loop over the elements of its first
  // target, a: masks and assignments read element by element; the WHERE
  // statement on line 15, of whole arrays only, stays an array assignment.
  const auto& u = p.unit();
  std::vector<std::string> rows;
  for (const auto& st : u.statements)
    rows.push_back(std::to_string(st.line) + " " + (st.kind == program::StatementKind::Control ? "mask" : "assign") +
                   " p=" + std::to_string(st.probability).substr(0, 4) + (st.wholeArray ? " whole" : "") +
                   " loops=" + std::to_string(st.loops.size()) + " refs=" + std::to_string(st.refs.size()));
  EXPECT_EQ(rows, (std::vector<std::string>{
                      "6 mask p=1.00 loops=2 refs=1", "7 assign p=0.33 loops=2 refs=1",
                      "8 assign p=0.33 loops=2 refs=2", "9 mask p=1.00 loops=2 refs=1",
                      "10 assign p=0.33 loops=2 refs=1", "12 assign p=0.33 loops=2 refs=1",
                      "15 mask p=1.00 loops=0 refs=1", "15 assign p=0.50 whole loops=0 refs=3"}));
  const auto& element = u.statements[2].refs[0].subscripts.at(0); // b(:) as b(i1_)
  ASSERT_EQ(element.kind, program::SubscriptKind::Affine);
  EXPECT_EQ(element.text, ":");
  EXPECT_EQ(u.loops.at(static_cast<std::size_t>(u.statements[2].loops.back())).variable, "i1_");
}

TEST(F90Where, FixedForm)
{
  const char* text = "      SUBROUTINE S(A, N)\n"
                     "      INTEGER N\n"
                     "      REAL A(N)\n"
                     "      WHERE (A .LT. 0.0) A = 0.0\n"
                     "      WHERE (A .GT. 1.0)\n"
                     "        A = 1.0\n"
                     "      ELSEWHERE\n"
                     "        A = A * 2.0\n"
                     "      ENDWHERE\n"
                     "      END\n";
  expectGfortranAccepts(text, "where.f");
  auto p = parse(text, SourceForm::Fixed);
  EXPECT_TRUE(messages(p).empty()) << testing::PrintToString(messages(p));
  const auto& body = p.parsed->units.at(0).body;
  ASSERT_EQ(body.size(), 2u);
  EXPECT_EQ(body[0].kind, StmtKind::Where);
  EXPECT_FALSE(body[0].whereConstruct);
  EXPECT_EQ(toString(body[0].condition), "a<0.0");
  ASSERT_EQ(body[1].kind, StmtKind::Where);
  EXPECT_TRUE(body[1].whereConstruct);
  ASSERT_EQ(body[1].branches.size(), 2u);
  EXPECT_EQ(toString(body[1].branches[1].body.at(0).rhs), "a*2.0");
  EXPECT_EQ(p.unit().statements.size(), 5u); // two masks, three assignments
}

TEST(F90Where, Errors)
{
  const char* text = "program p\n"
                     "  real :: a(10)\n"
                     "  where (a > 0\n"
                     "    a = 1.0\n"
                     "  end where\n"
                     "  end where\n"
                     "  elsewhere\n"
                     "  where (a > 0) call s(a)\n"
                     "  where (a > 0)\n"
                     "    a = 2.0\n"
                     "end program p\n";
  auto p = parse(text, SourceForm::Free);
  EXPECT_EQ(test::messages(*p.parsed),
            (std::vector<std::string>{"3:15: Expected ')' after the WHERE mask",
                                      "6:3: END WHERE has no matching WHERE (...)",
                                      "7:3: ELSEWHERE has no matching WHERE (...)",
                                      "8:17: Expected an assignment after the WHERE mask",
                                      "9:3: WHERE construct starting at line 9 is not closed before END"}));
}

// ---- array constructors -----------------------------------------------------

TEST(F90ArrayConstructor, BothSpellingsImpliedDoAndTypeSpec)
{
  const char* text = "program p\n"
                     "  implicit none\n"
                     "  integer, parameter :: n = 4\n"
                     "  integer :: i, j, k(n), m(2 * n)\n"
                     "  real :: x(3), y(2)\n"
                     "  character(len=3) :: c(2)\n"
                     "  complex :: z(2)\n"
                     "  k = [ 1, 2, 3, 4 ]\n"
                     "  k = [ (i, i = 1, n) ]\n"
                     "  m = [ ((i * j, i = 1, 2), j = 1, n) ]\n"
                     "  x = [real :: 1, 2.5, n]\n"
                     "  y = (/ 1.0/2.0, 3.0 /)\n"
                     "  k = (/ (2 * i, i = n, 1, -1) /)\n"
                     "  c = [character(len=3) :: 'ab', 'cde']\n"
                     "  z = [ (1.0, 2.0), (3.0, 0.0) ]\n"
                     "  y = [ 3.0, 4.0 ] * sum([ x(1:2) ])\n"
                     "end program p\n";
  expectGfortranAccepts(text, "constructors.f90");
  auto p = parse(text, SourceForm::Free);
  EXPECT_TRUE(messages(p).empty()) << testing::PrintToString(messages(p));
  std::vector<std::string> rhs;
  for (const auto& s : p.parsed->units.at(0).body)
    rhs.push_back(toString(s.rhs));
  EXPECT_EQ(rhs, (std::vector<std::string>{"[1,2,3,4]", "[(i,i=1,n)]", "[((i*j,i=1,2),j=1,n)]", "[real :: 1,2.5,n]",
                                           "[1.0/2.0,3.0]", "[(2*i,i=n,1,-1)]", "[character(len=3) :: 'ab','cde']",
                                           "[cmplx(1.0,2.0),cmplx(3.0,0.0)]",
                                           "[3.0,4.0]*sum([x(1:2)])"}));
  const auto& implied = p.parsed->units.at(0).body.at(1).rhs;
  ASSERT_EQ(implied.kind, ExprKind::ArrayConstructor);
  ASSERT_EQ(implied.operands.at(0).kind, ExprKind::ImpliedDo);
  EXPECT_EQ(implied.operands[0].text, "i");
  EXPECT_EQ(implied.operands[0].operands.size(), 4u); // lower, upper, stride (missing), one value
  EXPECT_TRUE(implied.operands[0].operands[2].missing());
  // The constructor's elements are read: x(1:2) is an array reference.
  EXPECT_EQ(p.unit().statements.back().refs.size(), 2u);
}

TEST(F90ArrayConstructor, FixedFormAndErrors)
{
  const char* fixed = "      SUBROUTINE S(K)\n"
                      "      INTEGER K(3), I\n"
                      "      K = (/ 1, 2, 3 /)\n"
                      "      K = (/(I, I = 1, 3)/)\n"
                      "      END\n";
  expectGfortranAccepts(fixed, "constructors.f");
  auto f = parse(fixed, SourceForm::Fixed);
  EXPECT_TRUE(messages(f).empty()) << testing::PrintToString(messages(f));
  EXPECT_EQ(toString(f.parsed->units.at(0).body.at(1).rhs), "[(i,i=1,3)]");

  const char* text = "program p\n"
                     "  integer :: k(3), i\n"
                     "  k = [1, 2\n"
                     "  k = (/ 1, 2 )\n"
                     "  k = [(i, i = 1)]\n"
                     "  k = [1, 2]]\n"
                     "end program p\n";
  auto p = parse(text, SourceForm::Free);
  EXPECT_EQ(test::messages(*p.parsed),
            (std::vector<std::string>{"3:12: Expected ']' to close the array constructor",
                                      "4:15: Expected '/' to close the array constructor",
                                      "5:17: Expected ',' between the implied-DO bounds",
                                      "6:13: Unexpected ']' at the end of the statement"}));
}

// ---- further constructs of the corpus's F90 files ---------------------------

TEST(F90Constructs, StructureConstructorPointerAssignmentAndNamedConstructs)
{
  const char* text = "module m\n"
                     "  implicit none\n"
                     "  type :: particle\n"
                     "    real :: x, v\n"
                     "  end type particle\n"
                     "end module m\n"
                     "program p\n"
                     "  use m\n"
                     "  implicit none\n"
                     "  type(particle), target :: ps(10)\n"
                     "  type(particle), pointer :: front(:)\n"
                     "  integer :: k\n"
                     "  rows: do k = 1, 10\n"
                     "    ps(k) = particle(0.5 * k, 0.0)\n"
                     "    check: if (k > 5) then\n"
                     "      exit rows\n"
                     "    else check\n"
                     "      cycle rows\n"
                     "    end if check\n"
                     "  end do rows\n"
                     "  front => ps(1:5)\n"
                     "end program p\n";
  expectGfortranAccepts(text, "constructs.f90");
  auto p = parse(text, SourceForm::Free);
  EXPECT_TRUE(messages(p).empty()) << testing::PrintToString(messages(p));
  const auto& body = astUnit(p, "p").body;
  ASSERT_EQ(body.size(), 2u);
  ASSERT_EQ(body[0].kind, StmtKind::Do);
  EXPECT_EQ(p.parsed->line(body[0].endRange), 20);
  ASSERT_EQ(body[0].body.size(), 2u);
  EXPECT_EQ(body[0].body[0].rhs.kind, ExprKind::StructureConstructor);
  EXPECT_EQ(toString(body[0].body[0].rhs), "particle(0.5*k,0.0)");
  EXPECT_EQ(body[0].body[1].kind, StmtKind::If);
  EXPECT_EQ(body[0].body[1].branches.size(), 2u);
  ASSERT_EQ(body[1].kind, StmtKind::PointerAssignment);
  EXPECT_EQ(toString(body[1].lhs), "front");
  EXPECT_EQ(toString(body[1].rhs), "ps(1:5)");
  const auto& u = modelUnit(p, "p");
  ASSERT_EQ(u.loops.size(), 1u);
  EXPECT_EQ(u.loops[0].upper.str(), "10");
  EXPECT_EQ(u.statements.size(), 2u); // ps(k) = ..., the IF condition; no pointer assignment
  EXPECT_EQ(u.statements[0].refs.size(), 1u);
}

TEST(F90SelectCase, BothFormsAndModel)
{
  const char* free = "subroutine s(n, a)\n"
                     "  integer :: n\n"
                     "  real :: a(n)\n"
                     "  integer :: i\n"
                     "  do i = 1, n\n"
                     "    pick: select case (mod(i, 3))\n"
                     "    case (0)\n"
                     "      a(i) = 0.0\n"
                     "    case (1:2, 7) pick\n"
                     "      a(i) = 1.0\n"
                     "    case default pick\n"
                     "      a(i) = a(i) * 2.0\n"
                     "    end select pick\n"
                     "  end do\n"
                     "end subroutine s\n";
  const char* fixed = "      SUBROUTINE S(N, A)\n"
                      "      INTEGER N\n"
                      "      REAL A(N)\n"
                      "      INTEGER I\n"
                      "      DO 10 I = 1, N\n"
                      "      SELECT CASE (MOD(I, 3))\n"
                      "      CASE (0)\n"
                      "        A(I) = 0.0\n"
                      "      CASE (1:2, 7)\n"
                      "        A(I) = 1.0\n"
                      "      CASE DEFAULT\n"
                      "        A(I) = A(I) * 2.0\n"
                      "      END SELECT\n"
                      "   10 CONTINUE\n"
                      "      END\n";
  for (const auto form : {SourceForm::Free, SourceForm::Fixed}) {
    const std::string text = form == SourceForm::Free ? free : fixed;
    SCOPED_TRACE(text);
    expectGfortranAccepts(text, form == SourceForm::Free ? "select.f90" : "select.f");
    auto p = parse(text, form);
    EXPECT_TRUE(messages(p).empty()) << testing::PrintToString(messages(p));
    const auto& sel = p.parsed->units.at(0).body.at(0).body.at(0);
    ASSERT_EQ(sel.kind, StmtKind::SelectCase);
    EXPECT_EQ(toString(sel.condition), "mod(i,3)");
    ASSERT_EQ(sel.branches.size(), 3u);
    ASSERT_EQ(sel.branches[1].caseValues.size(), 2u);
    EXPECT_EQ(toString(sel.branches[1].caseValues[0]), "1:2");
    EXPECT_TRUE(sel.branches[2].isDefault);
    EXPECT_EQ(p.parsed->line(sel.endRange), 13);
    // The selector is read once; the three CASEs share the probability.
    const auto& u = p.unit();
    ASSERT_EQ(u.statements.size(), 4u);
    EXPECT_EQ(u.statements[0].kind, program::StatementKind::Control);
    EXPECT_DOUBLE_EQ(u.statements[0].probability, 1.0);
    for (int k = 1; k <= 3; ++k)
      EXPECT_DOUBLE_EQ(u.statements[k].probability, 1.0 / 3.0);
    EXPECT_EQ(u.statements[3].refs.size(), 2u);
  }
}

TEST(F90SelectCase, Errors)
{
  const char* text = "program p\n"
                     "  integer :: k\n"
                     "  case (1)\n"
                     "  select case (k\n"
                     "  end select\n"
                     "  select case (k)\n"
                     "    k = 1\n"
                     "  case (2)\n"
                     "  end select\n"
                     "  end select\n"
                     "end program p\n";
  auto p = parse(text, SourceForm::Free);
  EXPECT_EQ(test::messages(*p.parsed),
            (std::vector<std::string>{"3:3: CASE has no matching SELECT CASE",
                                      "4:17: Expected ')' after the SELECT CASE expression",
                                      "5:3: END SELECT has no matching SELECT CASE",
                                      "7:5: Statement between SELECT CASE and its first CASE",
                                      "10:3: END SELECT has no matching SELECT CASE"}));
}

} // namespace

TEST(F90Allocate, ShapesGiveDeferredShapeArraysTheirExtents)
{
  // A particle code reads its sizes, then allocates: the estimate asked for
  // made-up names (x_extent) with no line, although ALLOCATE gives them.
  const std::string text = "program pic\n"
                           "  implicit none\n"
                           "  integer :: np, ng, ierr, i\n"
                           "  real, allocatable :: x(:), rho(:), grid(:, :)\n"
                           "  read (*, *) np, ng\n"
                           "  allocate (x(np), rho(0:ng + 1), stat=ierr)\n"
                           "  allocate (grid(ng, 2 * ng))\n"
                           "  do i = 1, np\n"
                           "    x(i) = rho(1)\n"
                           "  end do\n"
                           "  deallocate (x, rho, grid)\n"
                           "end program pic\n";
  expectGfortranAccepts(text, "alloc.f90");
  const auto p = parse(text, SourceForm::Free);
  EXPECT_TRUE(messages(p).empty()) << testing::PrintToString(messages(p));
  const auto& a = p.parsed->units.at(0).body.at(1);
  ASSERT_EQ(a.allocations.size(), 2u); // STAT= is no object
  EXPECT_EQ(a.allocations[0].name, "x");
  EXPECT_EQ(a.allocations[1].name, "rho");
  ASSERT_EQ(a.allocations[1].dims.size(), 1u);
  EXPECT_EQ(toString(a.allocations[1].dims[0].lower), "0");
  EXPECT_EQ(toString(a.allocations[1].dims[0].upper), "ng+1");
  const auto& u = p.unit();
  EXPECT_EQ(u.symbols.at("x").dims.at(0).upper.str(), "np");
  EXPECT_EQ(u.symbols.at("rho").dims.at(0).lower.str(), "0");
  EXPECT_EQ(u.symbols.at("rho").dims.at(0).upper.str(), "ng + 1");
  EXPECT_EQ(u.symbols.at("grid").dims.at(1).upper.str(), "2*ng");
  EXPECT_EQ(u.unknowns, (std::vector<std::string>{"ng", "np"})); // no x_extent
}

TEST(F90KeywordArguments, TheValueKeepsItsKeyword)
{
  auto p = parse("program k\n  real :: u(8), v(8)\n  v = eoshift(u, dim=1, shift=-1, boundary=u(2:2))\nend program\n",
                 SourceForm::Free);
  EXPECT_TRUE(messages(p).empty()) << testing::PrintToString(messages(p));
  const auto& call = astUnit(p, "k").body.at(0).rhs;
  ASSERT_EQ(call.operands.size(), 4u);
  EXPECT_EQ(call.operands[0].keyword, "");
  EXPECT_EQ(call.operands[1].keyword, "dim");
  EXPECT_EQ(call.operands[2].keyword, "shift");
  EXPECT_EQ(toString(call.operands[2]), "-1");
  EXPECT_EQ(call.operands[3].keyword, "boundary");
  EXPECT_EQ(call.operands[3].operands.at(0).keyword, ""); // u(2:2)'s triplet is no argument by keyword
}

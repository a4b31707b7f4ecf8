// Parser tests: every construct of the foundation issue in both source forms,
// recovery after a broken statement, and robustness on junk input.
#include "test-support.h"

#include <gtest/gtest.h>

#include <random>

using namespace ps;
using namespace ps::fortran;

namespace {

const char* kFixed = R"(C     fixed-form coverage
      PROGRAM COVER
      IMPLICIT NONE
      INTEGER N, M
      PARAMETER (N = 100, M = N / 2)
      DOUBLE PRECISION A(N, 0:N+1), B(N)
      REAL*8 C(N)
      DIMENSION D(10)
      REAL D
      LOGICAL FLAG
      COMPLEX*16 Z
      INTEGER I, J, K
      COMMON /BLK/ B, C
CHPF$ PROCESSORS P(4)
*HPF$ TEMPLATE T(N)
!HPF$ ALIGN B(I) WITH T(I+1)
CHPF$ DISTRIBUTE T(CYCLIC(4)) ONTO P
CHPF$ INDEPENDENT, NEW(J)
      DO 20 I = 1, N
      DO 20 J = 1, I
         A(I, J) = A(I, J-1) ** 2 ** 3 - B(I) * 2.0D0
     &             + DBLE(I) / 3.0
   20 CONTINUE
      DO 30 K = N, 1, -2
         IF (K .LT. 5 .AND. .NOT. FLAG) GO TO 40
         IF (K .GE. M) THEN
            B(K) = -B(K)
         ELSE IF (K .EQ. 3) THEN
            B(K) = 0.0
         ELSEIF (K == 4) THEN
            B(K) = 1.0
         ELSE
            CALL SUB(B, K)
         END IF
   30 CONTINUE
   40 CONTINUE
      DO WHILE (FLAG)
         FLAG = .FALSE.
      ENDDO
      WRITE (*, 100) B(1)
  100 FORMAT (1X, F10.3)
      STOP
      END
      SUBROUTINE SUB(X, K)
      INTEGER K
      DOUBLE PRECISION X(*)
      X(K) = X(K) + 1.0D0
      RETURN
      END
)";

const char* kFree = R"(! free-form coverage
program cover
  implicit none
  integer, parameter :: n = 100
  double precision, dimension(n, n) :: a
  real(kind=8) :: b(0:n+1), s
  integer :: i, j
  !HPF$ PROCESSORS :: grid(2, 2)
  !HPF$ TEMPLATE, DIMENSION(n, n) :: t
  !HPF$ ALIGN a(i, j) WITH t(j, i)
  !HPF$ ALIGN WITH t :: q
  !HPF$ DISTRIBUTE (BLOCK, CYCLIC) ONTO grid :: t
  !HPF$ INDEPENDENT, REDUCTION(s)
  do i = 1, n
    s = s + a(i, 1)
  end do
  do j = 1, n; a(:, j) = b(1:n); end do
  a(1, 2:n:2) = &
      & 3.0d0 * a(1, 1:n-1:2) ! trailing comment
  if (s > 0.0d0 .or. s <= -1.0d0) s = 0.0d0
  print *, 'done; really', s
end program cover
)";

const Stmt& only(const std::vector<Stmt>& body, StmtKind kind)
{
  for (const auto& s : body)
    if (s.kind == kind)
      return s;
  ADD_FAILURE() << "no " << stmtKindName(kind);
  return body.front();
}

} // namespace

TEST(Prescanner, FormFromExtension)
{
  EXPECT_EQ(formFromPath("a.f"), SourceForm::Fixed);
  EXPECT_EQ(formFromPath("a.F"), SourceForm::Fixed);
  EXPECT_EQ(formFromPath("a.for"), SourceForm::Fixed);
  EXPECT_EQ(formFromPath("a.f77"), SourceForm::Fixed);
  EXPECT_EQ(formFromPath("a.f90"), SourceForm::Free);
  EXPECT_EQ(formFromPath("a.F90"), SourceForm::Free);
  EXPECT_EQ(formFromPath("a.hpf"), SourceForm::Free);
  EXPECT_EQ(formFromPath("a.txt"), std::nullopt);
}

TEST(Prescanner, FixedFormColumnsContinuationAndComments)
{
  const std::string longLine = "   10 Y = 3" + std::string(61, ' ') + "IGNORED_PAST_72";
  SourceFile f("t.f", "C comment\n      X = 1 +\n     &    2\n* another\n" + longLine + "\n");
  auto r = prescan(f, SourceForm::Fixed);
  ASSERT_EQ(r.statements.size(), 2u);
  // Fixed form drops blanks (they are insignificant), except after the label.
  EXPECT_EQ(r.cooked.slice(r.statements[0].range), "X=1+2");
  const auto second = std::string(r.cooked.slice(r.statements[1].range));
  EXPECT_EQ(second, "10 Y=3");
  EXPECT_EQ(second.find("IGNORED"), std::string::npos);
  EXPECT_EQ(r.cooked.lineColumn(r.statements[1].range).line, 5);
  EXPECT_EQ(r.cooked.lineColumn(r.statements[1].range).column, 4);
}

TEST(Prescanner, FreeFormContinuationStringsAndSemicolons)
{
  SourceFile f("t.f90", "x = 'a!b;c' ! comment\ny = 1 + &\n  ! interleaved comment\n  & 2; z = 3\n");
  auto r = prescan(f, SourceForm::Free);
  ASSERT_EQ(r.statements.size(), 3u);
  EXPECT_EQ(r.cooked.slice(r.statements[0].range), "x = 'a!b;c' ");
  EXPECT_EQ(r.cooked.slice(r.statements[1].range), "y = 1 +  2");
  EXPECT_EQ(r.cooked.slice(r.statements[2].range), "z = 3");
}

TEST(Parser, FixedFormConstructs)
{
  auto p = test::build(kFixed, "cover.f");
  EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  ASSERT_EQ(p.parsed->units.size(), 2u);
  const auto& u = p.parsed->units[0];
  EXPECT_EQ(u.name, "cover");
  EXPECT_EQ(u.directives.size(), 4u);
  EXPECT_EQ(u.directives[3].formats[0].kind, FormatKind::Cyclic);
  EXPECT_EQ(toString(u.directives[2].targetSubscripts[0]), "i+1");
  // shared terminal label: DO 20 I contains DO 20 J which contains the assignment
  const auto& outer = u.body[0];
  ASSERT_EQ(outer.kind, StmtKind::Do);
  ASSERT_TRUE(outer.independent.has_value());
  EXPECT_EQ(outer.independent->newVariables, std::vector<std::string>{"j"});
  ASSERT_EQ(outer.body.size(), 1u);
  const auto& inner = outer.body[0];
  EXPECT_EQ(inner.name, "j");
  ASSERT_EQ(inner.body.size(), 2u);
  EXPECT_EQ(toString(inner.body[0].rhs), "a(i,j-1)**2**3-b(i)*2.0D0+dble(i)/3.0");
  // ** is right-associative
  const auto& pow = inner.body[0].rhs.operands[0].operands[0];
  EXPECT_EQ(pow.op, Op::Pow);
  EXPECT_EQ(pow.operands[1].op, Op::Pow);
  EXPECT_EQ(inner.body[0].rhs.operands[1].operands[0].kind, ExprKind::FunctionRef); // DBLE is not an array
  EXPECT_EQ(inner.body[0].rhs.operands[0].operands[1].operands[0].kind, ExprKind::ArrayRef);
  const auto& loop30 = u.body[1];
  EXPECT_EQ(toString(loop30.step), "-2");
  EXPECT_EQ(loop30.body[0].kind, StmtKind::LogicalIf);
  EXPECT_EQ(loop30.body[0].body[0].kind, StmtKind::Goto);
  const auto& ifc = only(loop30.body, StmtKind::If);
  EXPECT_EQ(ifc.branches.size(), 4u);
  EXPECT_TRUE(ifc.branches[3].condition.missing());
  EXPECT_EQ(only(u.body, StmtKind::DoWhile).body.size(), 1u);
  EXPECT_EQ(only(u.body, StmtKind::Io).name, "write");
  EXPECT_EQ(p.parsed->units[1].kind, UnitKind::Subroutine);
  EXPECT_EQ(p.parsed->units[1].dummies, (std::vector<std::string>{"x", "k"}));
}

TEST(Parser, FreeFormConstructs)
{
  auto p = test::build(kFree, "cover.f90");
  EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  ASSERT_EQ(p.parsed->units.size(), 1u);
  const auto& u = p.parsed->units[0];
  ASSERT_EQ(u.directives.size(), 5u);
  EXPECT_EQ(u.directives[0].objects[0].dims.size(), 2u);
  EXPECT_EQ(u.directives[2].alignees, std::vector<std::string>{"a"});
  EXPECT_EQ(u.directives[3].alignees, std::vector<std::string>{"q"});
  EXPECT_EQ(u.directives[4].distributees, std::vector<std::string>{"t"});
  EXPECT_EQ(u.directives[4].onto, "grid");
  ASSERT_EQ(u.body[0].kind, StmtKind::Do);
  EXPECT_EQ(u.body[0].independent->reductionVariables, std::vector<std::string>{"s"});
  const auto& section = u.body[1].body[0];
  EXPECT_EQ(section.lhs.operands[0].kind, ExprKind::Triplet);
  EXPECT_EQ(toString(u.body[2].rhs), "3.0d0*a(1,1:n-1:2)");
  EXPECT_EQ(u.body[3].kind, StmtKind::LogicalIf);
  EXPECT_EQ(u.body[3].condition.op, Op::Or);
  EXPECT_EQ(u.body[3].condition.operands[1].op, Op::Le);
}

TEST(Parser, RecoversAtNextStatementAndKeepsLaterLoops)
{
  const char* text = "program r\n"
                     "  real :: a(10), b(10)\n"
                     "  integer :: i\n"
                     "  do i = 1, 10\n"
                     "    a(i) = (b(i) + * 2\n"
                     "  end do\n"
                     "  do i = 2, 9\n"
                     "    b(i) = a(i-1)\n"
                     "  end do\n"
                     "end program r\n";
  auto p = test::build(text);
  ASSERT_EQ(test::messages(*p.parsed), std::vector<std::string>{"5:20: Expected an expression but found '*'"});
  ASSERT_EQ(p.model.units.size(), 1u);
  ASSERT_EQ(p.model.units[0].loops.size(), 2u);
  EXPECT_EQ(p.model.units[0].loops[1].line, 7);
}

TEST(Parser, BrokenDoHeaderStillNests)
{
  // (Without the comma, `do 10 i = 1` is the assignment DO10I = 1 in fixed form.)
  auto p = test::build("      do 10 i = 1,\n      x = 1\n   10 continue\n      do 20 j = 1, 5\n      y = 2\n   20 continue\n      end\n",
                       "t.f");
  ASSERT_EQ(p.parsed->diagnostics.size(), 1u);
  EXPECT_EQ(p.parsed->file->lineColumn(p.parsed->diagnostics[0].range().begin).line, 1);
  ASSERT_EQ(p.parsed->units[0].body.size(), 2u);
  EXPECT_EQ(p.parsed->units[0].body[1].name, "j");
}

TEST(Parser, ReportsUnclosedConstructsAndStrayEnds)
{
  auto p = test::build("program u\n  do i = 1, 3\n    x = i\n  end if\nend program\n");
  EXPECT_EQ(test::messages(*p.parsed),
            (std::vector<std::string>{"2:3: DO loop starting at line 2 is not closed before END",
                                      "4:3: END IF has no matching IF (...) THEN"}));
}

TEST(Parser, WrongSubscriptCountIsAModelDiagnostic)
{
  auto p = test::build("program s\n  real :: x(4, 4)\n  integer :: i\n  do i = 1, 4\n    x(i, i, 1) = 0.0\n  end do\nend\n");
  ASSERT_EQ(p.model.diagnostics.size(), 1u);
  EXPECT_EQ(p.model.diagnostics[0].message(), "Array 'x' is referenced with 3 subscripts but declared with 2");
}

TEST(Parser, SurvivesRandomInput)
{
  std::mt19937 rng(12345);
  const std::string alphabet = "abcdoifthenl()=,:*+-/.'\"!&;0123456789 \n\tCHPF$";
  for (int round = 0; round < 300; ++round) {
    std::string text;
    const int length = static_cast<int>(rng() % 400);
    for (int i = 0; i < length; ++i)
      text.push_back(alphabet[rng() % alphabet.size()]);
    for (const char* path : {"junk.f", "junk.f90"}) {
      auto parsed = parseSource(path, text);
      auto model = program::buildModel(parsed);
      for (const auto& d : parsed.diagnostics)
        EXPECT_LE(d.range().begin, text.size());
    }
  }
}

TEST(Parser, OperatorPrecedenceLevels)
{
  auto p = test::build("program o\n"
                       "  logical :: l, a, b, c, d\n"
                       "  integer :: i, j\n"
                       "  character(len=4) :: s\n"
                       "  l = a .eqv. b .or. c .and. .not. d\n"
                       "  l = i + 1 .lt. j * 2\n"
                       "  s = 'a' // 'b' // 'c'\n"
                       "  i = -i ** 2 - 3 - 4\n"
                       "end\n");
  ASSERT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  const auto& body = p.parsed->units[0].body;
  const auto& logic = body[0].rhs; // a .eqv. (b .or. (c .and. (.not. d)))
  EXPECT_EQ(logic.op, Op::Eqv);
  EXPECT_EQ(logic.operands[1].op, Op::Or);
  EXPECT_EQ(logic.operands[1].operands[1].op, Op::And);
  EXPECT_EQ(logic.operands[1].operands[1].operands[1].op, Op::Not);
  const auto& rel = body[1].rhs; // (i + 1) < (j * 2)
  EXPECT_EQ(rel.op, Op::Lt);
  EXPECT_EQ(rel.operands[0].op, Op::Add);
  EXPECT_EQ(rel.operands[1].op, Op::Mul);
  const auto& cat = body[2].rhs; // ('a' // 'b') // 'c'
  EXPECT_EQ(cat.op, Op::Concat);
  EXPECT_EQ(cat.operands[0].op, Op::Concat);
  EXPECT_EQ(toString(body[3].rhs), "-i**2-3-4"); // ((-(i**2)) - 3) - 4
  EXPECT_EQ(body[3].rhs.operands[0].operands[0].kind, ExprKind::Unary);
  EXPECT_EQ(body[3].rhs.operands[0].operands[0].operands[0].op, Op::Pow);
}

TEST(Parser, RemapDirectivesInBothForms)
{
  auto p = test::build("program f\n"
                       "  real :: a(4, 4), b(4, 4), x(4, 4)\n"
                       "!HPF$ PROCESSORS p(2)\n"
                       "!HPF$ TEMPLATE t(4, 4)\n"
                       "!HPF$ DYNAMIC t, x\n"
                       "!HPF$ DYNAMIC :: a, b\n"
                       "!HPF$ REDISTRIBUTE t(BLOCK, *) ONTO p\n"
                       "!HPF$ REDISTRIBUTE (CYCLIC(2), *) ONTO p :: a, b\n"
                       "!HPF$ REALIGN b(i, j) WITH t(j, i)\n"
                       "!HPF$ REALIGN WITH t :: x, a\n"
                       "end program f\n");
  EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  const auto& d = p.parsed->units[0].directives;
  ASSERT_EQ(d.size(), 8u);
  EXPECT_EQ(d[2].dynamicNames, (std::vector<std::string>{"t", "x"}));
  EXPECT_EQ(d[3].dynamicNames, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(d[4].kind, DirectiveKind::Redistribute);
  EXPECT_EQ(d[4].distributees, std::vector<std::string>{"t"});
  EXPECT_EQ(d[4].onto, "p");
  EXPECT_EQ(d[5].distributees, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(d[5].formats[0].kind, FormatKind::Cyclic);
  EXPECT_EQ(d[6].kind, DirectiveKind::Realign);
  EXPECT_EQ(d[6].alignees, std::vector<std::string>{"b"});
  EXPECT_EQ(d[6].target, "t");
  ASSERT_EQ(d[6].targetSubscripts.size(), 2u);
  EXPECT_EQ(toString(d[6].targetSubscripts[0]), "j");
  EXPECT_EQ(d[7].alignees, (std::vector<std::string>{"x", "a"}));
  EXPECT_TRUE(d[7].targetSubscripts.empty());
}

TEST(Parser, MalformedRemapDirectivesNameTheirKeyword)
{
  auto p = test::build("program m\n"
                       "  real :: a(4)\n"
                       "!HPF$ REALIGN a(i) t(i)\n"
                       "!HPF$ REDISTRIBUTE (BLOCK)\n"
                       "!HPF$ DYNAMIC\n"
                       "end program m\n");
  EXPECT_EQ(test::messages(*p.parsed),
            (std::vector<std::string>{"3:20: Expected WITH in REALIGN", "4:27: REDISTRIBUTE needs a distributee",
                                      "5:14: Expected an array or template name"}));
}

TEST(Parser, SectionsWithTheUpperBoundOmittedBeforeAStride)
{
  // '::' is one token of the lexer (declarations): A(::2), A(1::2), A(N::-1) and C(::2,1) are
  // triplets with the upper bound omitted (Fortran 90, R619), not "Expected an expression"
  auto p = test::build("program s\n"
                       "  integer, parameter :: n = 10\n"
                       "  real :: a(n), b(n), c(n, n)\n"
                       "  a(::2) = b(1::2)\n"
                       "  a(n::-1) = c(n::-1, 1)\n"
                       "  b(::2) = c(::2, 1)\n"
                       "end program s\n");
  ASSERT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  const auto& body = p.parsed->units[0].body;
  ASSERT_EQ(body.size(), 3u);
  EXPECT_EQ(toString(body[0].lhs), "a(::2)");
  EXPECT_EQ(toString(body[0].rhs), "b(1::2)");
  EXPECT_EQ(toString(body[1].lhs), "a(n::-1)");
  EXPECT_EQ(toString(body[2].rhs), "c(::2,1)");
  const auto& t = body[1].lhs.operands[0];
  ASSERT_EQ(t.kind, ExprKind::Triplet);
  EXPECT_TRUE(t.operands[1].missing());
  EXPECT_EQ(toString(t.operands[2]), "-1");
  // the model's loops over their elements: an omitted bound is the declared one whatever the
  // stride (A(N::-1) is the one element A(10))
  const auto& loops = p.unit().loops;
  ASSERT_EQ(loops.size(), 3u);
  const auto bounds = [](const auto& l) { return l.lower.str() + ":" + l.upper.str() + ":" + l.step.str(); };
  EXPECT_EQ(bounds(loops[0]), "1:10:2");
  EXPECT_EQ(bounds(loops[1]), "10:10:-1");
  EXPECT_EQ(bounds(loops[2]), "1:10:2");
}

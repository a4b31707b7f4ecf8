// Names under IMPLICIT NONE that come from outside a unit: USE association
// (with ONLY and renames), host association, module and internal procedures
// (F90, Secs. 11.3.2, 12.1.2.2.1), and the errors that must remain.
#include "estimate/run-estimate.h"
#include "test-support.h"

#include <gtest/gtest.h>

using ps::test::build;

namespace {

/// "line:column: message" of every diagnostic, parser's and model's.
std::vector<std::string> allMessages(const ps::test::Program& p)
{
  auto out = ps::test::messages(*p.parsed);
  for (const auto& d : p.model.diagnostics) {
    const auto lc = p.parsed->file->lineColumn(d.range().begin);
    out.push_back(std::to_string(lc.line) + ":" + std::to_string(lc.column) + ": " + d.message());
  }
  return out;
}

using Messages = std::vector<std::string>;

const char* kModule = "module halo\n"                        // 1
                      "  implicit none\n"                    // 2
                      "  integer :: rank, nprocs\n"          // 3
                      "  integer, parameter :: width = 8\n"  // 4
                      "  real(8) :: tol\n"                   // 5
                      "end module halo\n";                   // 6

} // namespace

TEST(NameResolution, UseStatementIsRecordedWithOnlyListAndRenames)
{
  const auto p = build("program t\n"
                       "  use, intrinsic :: iso_fortran_env\n"
                       "  use halo, only: rank, n => nprocs, operator(+)\n"
                       "  use reduce, total => global_sum\n"
                       "end program t\n");
  EXPECT_EQ(ps::test::messages(*p.parsed), Messages{});
  std::vector<ps::fortran::UseSpec> uses;
  for (const auto& d : p.parsed->units.at(0).declarations)
    if (d.kind == ps::fortran::DeclKind::Use)
      uses.push_back(d.use);
  ASSERT_EQ(uses.size(), 3u);
  EXPECT_EQ(uses[0].module, "iso_fortran_env");
  EXPECT_FALSE(uses[0].only);
  EXPECT_EQ(uses[1].module, "halo");
  EXPECT_TRUE(uses[1].only);
  ASSERT_EQ(uses[1].names.size(), 2u); // OPERATOR(+) names no variable
  EXPECT_EQ(uses[1].names[0].local, "rank");
  EXPECT_EQ(uses[1].names[0].remote, "rank");
  EXPECT_EQ(uses[1].names[1].local, "n");
  EXPECT_EQ(uses[1].names[1].remote, "nprocs");
  EXPECT_FALSE(uses[2].only);
  ASSERT_EQ(uses[2].names.size(), 1u);
  EXPECT_EQ(uses[2].names[0].local, "total");
}

TEST(NameResolution, ModuleVariablesAndParametersAreVisibleThroughUse)
{
  const auto p = build(std::string(kModule) +
                       "program ring\n"              // 7
                       "  use halo\n"                // 8
                       "  implicit none\n"           // 9
                       "  real(8) :: u(width)\n"     // 10
                       "  u(rank + 1) = tol\n"       // 11
                       "  nprocs = width\n"          // 12
                       "end program ring\n");
  EXPECT_EQ(allMessages(p), Messages{});
  const auto* u = p.unit(1).symbol("u");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->dims.at(0).upper.str(), "8"); // the module's PARAMETER folded in the extent
  EXPECT_EQ(p.unit(1).symbols.count("rank"), 0u);   // associated, not declared here
  EXPECT_EQ(p.unit(1).associated.count("rank"), 1u);
}

TEST(NameResolution, OnlyListAndRenamesLimitWhatIsVisible)
{
  const auto p = build(std::string(kModule) +
                       "subroutine s()\n"                          // 7
                       "  use halo, only: rank, np => nprocs\n"    // 8
                       "  implicit none\n"                         // 9
                       "  rank = np\n"                             // 10
                       "  rank = nprocs + 1\n"                     // 11
                       "  rank = width\n"                          // 12
                       "end subroutine s\n");
  EXPECT_EQ(allMessages(p), (Messages{"11:10: Name 'nprocs' has no type (IMPLICIT NONE is in effect)",
                                      "12:10: Name 'width' has no type (IMPLICIT NONE is in effect)"}));
}

TEST(NameResolution, TrulyUndeclaredNameIsStillAnError)
{
  const auto p = build(std::string(kModule) +
                       "program ring\n"              // 7
                       "  use halo\n"                // 8
                       "  implicit none\n"           // 9
                       "  rank = nprcs * 2\n"        // 10
                       "end program ring\n");
  EXPECT_EQ(allMessages(p), Messages{"10:10: Name 'nprcs' has no type (IMPLICIT NONE is in effect)"});
}

TEST(NameResolution, UndeclaredNameInALoopBoundIsAnError)
{
  // NN never declared: PartScope asked only for its value
  const auto p = build("program sweep\n"          // 1
                       "  implicit none\n"        // 2
                       "  integer :: i, n\n"      // 3
                       "  real :: x(100)\n"       // 4
                       "  do i = 1, nn, n\n"      // 5
                       "    x(i) = 0.0\n"         // 6
                       "  end do\n"               // 7
                       "end program sweep\n");
  EXPECT_EQ(allMessages(p), Messages{"5:13: Name 'nn' has no type (IMPLICIT NONE is in effect)"});
}

TEST(NameResolution, ModuleProceduresAndPureFunctionsInForall)
{
  const auto p = build("module vecops\n"                                   // 1
                       "  implicit none\n"                                 // 2
                       "contains\n"                                        // 3
                       "  pure real(8) function pull(a, b)\n"              // 4
                       "    real(8), intent(in) :: a, b\n"                 // 5
                       "    pull = a * b + dot(a)\n"                       // 6
                       "  end function pull\n"                             // 7
                       "  pure function dot(x) result(s)\n"                // 8
                       "    real(8), intent(in) :: x\n"                    // 9
                       "    real(8) :: s\n"                                // 10
                       "    s = x * x\n"                                   // 11
                       "  end function dot\n"                              // 12
                       "end module vecops\n"                               // 13
                       "program driver\n"                                  // 14
                       "  use vecops\n"                                    // 15
                       "  implicit none\n"                                 // 16
                       "  integer :: i\n"                                  // 17
                       "  real(8) :: f(10), m(10)\n"                       // 18
                       "  forall (i = 1:10) f(i) = pull(m(i), dot(m(i)))\n" // 19
                       "end program driver\n");
  EXPECT_EQ(allMessages(p), Messages{});
}

TEST(NameResolution, InternalProceduresSeeTheirHostAndTheHostSeesThem)
{
  const auto p = build("program nbody\n"                         // 1
                       "  implicit none\n"                       // 2
                       "  integer, parameter :: np = 64\n"       // 3
                       "  real(8) :: x(np), e\n"                 // 4
                       "  e = dist(1)\n"                         // 5
                       "contains\n"                              // 6
                       "  pure real(8) function dist(i)\n"       // 7
                       "    integer, intent(in) :: i\n"          // 8
                       "    dist = x(i) - x(np) + pair(i)\n"     // 9
                       "  end function dist\n"                   // 10
                       "  pure real(8) function pair(i)\n"       // 11
                       "    integer, intent(in) :: i\n"          // 12
                       "    pair = x(i) * 2 + undeclared\n"      // 13
                       "  end function pair\n"                   // 14
                       "end program nbody\n");
  // IMPLICIT NONE of the host holds in its internal procedures (F90, Sec. 5.3)
  EXPECT_EQ(allMessages(p), Messages{"13:23: Name 'undeclared' has no type (IMPLICIT NONE is in effect)"});
  ASSERT_EQ(p.model.units.size(), 3u);
  EXPECT_EQ(p.parsed->units[0].host, 2);
  EXPECT_EQ(p.parsed->units[1].host, 2);
  EXPECT_EQ(p.parsed->units[2].host, -1);
  // x of the host is an array in the second internal procedure too
  const auto& refs = p.unit(1).statements.at(0).refs;
  ASSERT_EQ(refs.size(), 1u);
  EXPECT_EQ(refs[0].array, "x");
}

TEST(NameResolution, ModuleArrayUsedFirstIsAnArrayNotAStatementFunction)
{
  const auto p = build("module grid\n"                // 1
                       "  implicit none\n"            // 2
                       "  real :: a(100)\n"           // 3
                       "end module grid\n"            // 4
                       "subroutine clear(n)\n"        // 5
                       "  use grid\n"                 // 6
                       "  implicit none\n"            // 7
                       "  integer :: n\n"             // 8
                       "  a(1) = 0.0\n"               // 9
                       "  a(2) = a(n)\n"              // 10
                       "end subroutine clear\n");
  EXPECT_EQ(allMessages(p), Messages{});
  const auto& u = p.unit(1);
  ASSERT_EQ(u.statements.size(), 2u);
  ASSERT_EQ(u.statements[1].refs.size(), 2u);
  EXPECT_EQ(u.statements[1].refs[1].array, "a");
  EXPECT_FALSE(u.statements[1].refs[1].isWrite);
}

TEST(NameResolution, ExternalFunctionWithoutTypeIsAnErrorAsInGfortran)
{
  // gfortran -fsyntax-only: "Function 'f' at (1) has no IMPLICIT type"
  const auto p = build("real function f(x)\n"     // 1
                       "  implicit none\n"        // 2
                       "  real x\n"               // 3
                       "  f = x\n"                // 4
                       "end function f\n"         // 5
                       "program p\n"              // 6
                       "  implicit none\n"        // 7
                       "  external g\n"           // 8
                       "  real y\n"               // 9
                       "  y = f(2.0)\n"           // 10
                       "  call h(g, y)\n"         // 11
                       "end program p\n");
  EXPECT_EQ(allMessages(p), Messages{"10:7: Name 'f' has no type (IMPLICIT NONE is in effect)"});
}

TEST(NameResolution, NamesOfAModuleNotInTheFileGetOneNoteNotErrors)
{
  const auto p = build("program ring\n"                               // 1
                       "  use mpi\n"                                  // 2
                       "  implicit none\n"                            // 3
                       "  integer :: ierr\n"                          // 4
                       "  ierr = mpi_comm_world + mpi_sum\n"          // 5
                       "end program ring\n"                           // 6
                       "subroutine s()\n"                             // 7
                       "  use mpi, only: mpi_sum\n"                   // 8
                       "  implicit none\n"                            // 9
                       "  integer :: ierr\n"                          // 10
                       "  ierr = mpi_sum + mpi_comm_world\n"          // 11
                       "end subroutine s\n");
  EXPECT_EQ(allMessages(p),
            (Messages{"5:10: Name 'mpi_comm_world' and other names without a type are taken to come from module "
                      "'mpi', which is not in this file",
                      "11:20: Name 'mpi_comm_world' has no type (IMPLICIT NONE is in effect)"}));
  EXPECT_EQ(p.model.diagnostics.at(0).severity(), ps::fortran::Severity::Note);
}

TEST(NameResolution, ModuleParameterIsFoldedInAModuleProcedure)
{
  const auto p = build("module sizes\n"                      // 1
                       "  implicit none\n"                   // 2
                       "  integer, parameter :: n = 100\n"   // 3
                       "contains\n"                          // 4
                       "  subroutine work(a)\n"              // 5
                       "    real :: a(n)\n"                  // 6
                       "    integer :: i\n"                  // 7
                       "    do i = 1, n\n"                   // 8
                       "      a(i) = 2.0 * a(i)\n"           // 9
                       "    end do\n"                        // 10
                       "  end subroutine work\n"             // 11
                       "end module sizes\n");
  EXPECT_EQ(allMessages(p), Messages{});
  const auto& u = p.unit(0);
  EXPECT_TRUE(u.unknowns.empty()) << u.unknowns.front(); // no --set n asked for
  ASSERT_NE(u.loopAtLine(8), nullptr);
  EXPECT_EQ(u.loopAtLine(8)->upper.str(), "100");
  const auto e = ps::test::run(p, 8, "a=(BLOCK)", "4", {});
  EXPECT_EQ(e.workPerProc, (std::vector<double>{25, 25, 25, 25})); // 100 iterations
}

TEST(NameResolution, Fortran2008IntrinsicsHypotAndNorm2NeedNoType)
{
  const auto p = build("program t\n"
                       "  implicit none\n"
                       "  real(8) :: a(3), t\n"
                       "  t = hypot(a(1), a(2)) + norm2(a)\n"
                       "end program t\n");
  EXPECT_EQ(allMessages(p), Messages{});
}

TEST(NameResolution, GenericInterfacesOfAModuleAreProceduresThroughUse)
{
  const auto p = build("module norms\n"                                 // 1
                       "  implicit none\n"                              // 2
                       "  interface norm\n"                             // 3
                       "    module procedure norm_vector\n"             // 4
                       "  end interface norm\n"                         // 5
                       "contains\n"                                     // 6
                       "  real function norm_vector(v)\n"               // 7
                       "    real, intent(in) :: v(:)\n"                 // 8
                       "    norm_vector = sqrt(sum(v * v))\n"           // 9
                       "  end function norm_vector\n"                   // 10
                       "end module norms\n"                             // 11
                       "subroutine s(x, r)\n"                           // 12
                       "  use norms\n"                                  // 13
                       "  implicit none\n"                              // 14
                       "  real :: x(10), r\n"                           // 15
                       "  r = norm(x) + nrm(x)\n"                       // 16
                       "end subroutine s\n");
  EXPECT_EQ(allMessages(p), Messages{"16:17: Name 'nrm' has no type (IMPLICIT NONE is in effect)"});
}

// DO I inside DO I redefines the outer loop's variable: gfortran rejects it;
// PartScope said nothing and called B(I) "not affine".
TEST(NameResolution, ANestedDoMustNotReuseTheOuterVariable)
{
  const auto p = build("program s\n"            // 1
                       "  integer :: i, j\n"    // 2
                       "  real :: b(10)\n"      // 3
                       "  do i = 1, 10\n"       // 4
                       "    do j = 1, 2\n"      // 5
                       "      do i = 1, 10\n"   // 6
                       "        b(i) = 2.0\n"   // 7
                       "      end do\n"
                       "    end do\n"
                       "  end do\n"
                       "  do i = 1, 10\n"       // 11: a sibling may reuse it
                       "    b(i) = 1.0\n"
                       "  end do\n"
                       "end program s\n");
  EXPECT_EQ(allMessages(p), Messages{"6:7: DO variable 'i' is already the variable of the enclosing loop at line 4 "
                                     "(Fortran 90: a DO variable must not be redefined inside its loop)"});
}

// Two PROGRAM units, or two procedures of one name: a linker rejects them,
// and PartScope took the first without a word.
TEST(NameResolution, AUnitIsDefinedOnce)
{
  const auto p = build("program a\n"          // 1
                       "  call s\n"           // 2
                       "end program a\n"      // 3
                       "program b\n"          // 4
                       "end program b\n"      // 5
                       "subroutine s\n"       // 6
                       "end subroutine s\n"   // 7
                       "subroutine s\n"       // 8
                       "end subroutine s\n"); // 9
  EXPECT_EQ(allMessages(p), (Messages{"4:1: A second main program 'b' (the first at line 1): a file has at most one PROGRAM",
                                      "8:1: Unit 's' is defined twice (the first at line 6); a CALL or USE of it reaches "
                                      "the first"}));
}

// A recursive statement function was written out level after level (F(X) =
// F(X) + F(X): 575 ms of CT for 98 iterations, a hang in scale); gfortran
// rejects it, and so do a wrong number of arguments and a repeated dummy.
TEST(NameResolution, StatementFunctionsFollowFortran77)
{
  const auto p = build("      PROGRAM M\n"                                   // 1
                       "      REAL A(10), B(10)\n"                           // 2
                       "      F(X) = X*X + G(X)\n"                           // 3
                       "      G(Y) = F(Y) + 1\n"                             // 4
                       "      H(X, X) = X\n"                                 // 5
                       "      S(X) = X + 1\n"                                // 6
                       "      T(X) = S(X, 1.0) * 2\n"                        // 7
                       "      DO 10 I = 1, 10\n"                             // 8
                       "         A(I) = F(B(I)) + S(B(I), 2.0) + T(B(I))\n"  // 9
                       "   10 CONTINUE\n      END\n",
                       "sf.f");
  EXPECT_EQ(allMessages(p),
            (Messages{"3:7: Statement function 'f' references itself through another: a statement function must not be "
                      "recursive (Fortran 77, Sec. 15.4.1); it is counted as a function call",
                      "4:7: Statement function 'g' references itself through another: a statement function must not be "
                      "recursive (Fortran 77, Sec. 15.4.1); it is counted as a function call",
                      "5:7: Statement function 'h' names its dummy argument 'x' twice",
                      "7:14: Statement function 's' has 1 dummy argument but is referenced with 2", // once, not per use of T
                      "9:27: Statement function 's' has 1 dummy argument but is referenced with 2"}));
}

// Kinds named by expressions (REAL(DP), COMPLEX(KIND=WP)) and COMPLEX(8):
// the bytes of an element, which every transfer volume multiplies. They
// were the default kind's (REAL(DP) 4 bytes, COMPLEX(8) 8), halving TD.
#include "program/type-kinds.h"
#include "estimate/run-estimate.h"
#include "test-support.h"

#include <gtest/gtest.h>

using namespace ps;

TEST(TypeKinds, KindExpressions)
{
  const program::ConstantLookup none = [](const std::string&) { return std::optional<long long>(); };
  const program::ConstantLookup dp = [](const std::string& n) {
    return n == "dp" ? std::optional<long long>(8) : std::nullopt;
  };
  EXPECT_EQ(program::kindOf("kind(1.0d0)", none), 8);
  EXPECT_EQ(program::kindOf("kind(0.d0)", none), 8);
  EXPECT_EQ(program::kindOf("kind(1.0)", none), 4);
  EXPECT_EQ(program::kindOf("selected_real_kind(12,100)", none), 8);
  EXPECT_EQ(program::kindOf("selected_real_kind(p=6)", none), 4);
  EXPECT_EQ(program::kindOf("selected_real_kind(30)", none), 16);
  EXPECT_EQ(program::kindOf("selected_int_kind(9)", none), 4);
  EXPECT_EQ(program::kindOf("selected_int_kind(18)", none), 8);
  EXPECT_EQ(program::kindOf("dp", dp), 8);
  EXPECT_EQ(program::kindOf("wp", dp), std::nullopt); // no value: the default kind is kept
  EXPECT_EQ(program::kindOf("kind(x)", none), std::nullopt);
  EXPECT_EQ(program::kindOf("kind(.5d0)", none), 8);
  EXPECT_EQ(program::kindOf("kind((1.0d0,1.0d0))", none), 8); // Numerical Recipes' DPC: COMPLEX(DPC) is 16 bytes
  EXPECT_EQ(program::kindOf("selected_real_kind(6,70)", none), 8); // the range needs REAL(8)
  EXPECT_EQ(program::kindOf("selected_real_kind(r=300)", none), 8);
  EXPECT_EQ(program::kindOf("selected_real_kind(2*precision(1.0_sp))", none), std::nullopt); // not a literal
  EXPECT_EQ(program::kindOf("selected_int_kind(r=18)", none), 8);
}

TEST(TypeKinds, ElementBytesInTheModel)
{
  const auto p = test::build("program kinds\n  integer, parameter :: dp = kind(1.0d0)\n"
                             "  integer, parameter :: wp = selected_real_kind(12, 100)\n  integer, parameter :: n = 10\n"
                             "  real(dp) :: a(n)\n  real(kind=wp) :: b(n)\n  complex(8) :: c(n)\n  complex*16 :: d(n)\n"
                             "  complex(dp) :: e(n)\n  complex(kind(1.0d0)) :: f(n)\n  complex :: g(n)\n"
                             "  complex*8 :: h(n)\n  real(4) :: r(n)\n  integer(8) :: k(n)\n  character(len=8) :: s\n"
                             "  a = 0; b = 0; c = 0; d = 0; e = 0; f = 0; g = 0; h = 0; r = 0; k = 0; s = ' '\n"
                             "end program kinds\n");
  const auto bytes = [&](const char* name) { return p.unit().symbol(name)->elementBytes; };
  EXPECT_EQ(bytes("a"), 8);
  EXPECT_EQ(bytes("b"), 8);
  EXPECT_EQ(bytes("c"), 16); // a pair of REAL(8)
  EXPECT_EQ(bytes("d"), 16); // COMPLEX*16 names the pair's bytes
  EXPECT_EQ(bytes("e"), 16);
  EXPECT_EQ(bytes("f"), 16); // was a parse error: "Expected a name"
  EXPECT_EQ(bytes("g"), 8);
  EXPECT_EQ(bytes("h"), 8);
  EXPECT_EQ(bytes("r"), 4);
  EXPECT_EQ(bytes("k"), 8);
  EXPECT_EQ(bytes("s"), 1);
  EXPECT_TRUE(p.parsed->diagnostics.empty());
}

TEST(TypeKinds, AShiftOfComplexEightMovesSixteenBytesPerElement)
{
  // x(i) = x(i-1), COMPLEX(8), BLOCK on 4: 3 boundary elements of 16 bytes (24 bytes were charged)
  const auto p = test::build("program cplx\n  integer, parameter :: n = 1000\n  complex(8) :: x(n)\n  integer :: i\n"
                             "  do i = 2, n\n     x(i) = x(i-1)\n  end do\nend program cplx\n");
  const auto e = test::run(p, 5, "x=(BLOCK)", "4", {});
  ASSERT_EQ(e.comm.records.size(), 1u);
  EXPECT_EQ(e.comm.records[0].bytes, 48);
}

TEST(TypeKinds, AKindThatCannotBeToldIsAWarning)
{
  // SELECTED_REAL_KIND(P=10^14) has no literal int value (and no such kind):
  // the default 4 bytes are taken, and the declaration says so
  const auto p = test::build("program k\n  integer, parameter :: wp = selected_real_kind(p=99999999999999)\n"
                             "  integer, parameter :: dp = kind(1.0d0)\n  real(kind=wp) :: a(10)\n  real(dp) :: b(10)\n"
                             "  a = 0; b = 0\nend program k\n");
  std::vector<std::string> kinds;
  for (const auto& d : p.model.diagnostics)
    if (d.message().find("Kind '") == 0)
      kinds.push_back(d.message());
  EXPECT_EQ(kinds, std::vector<std::string>{
                     "Kind 'wp' is not known here: its elements are counted as the default kind's 4 bytes"});
  EXPECT_EQ(p.unit().symbol("b")->elementBytes, 8);
}

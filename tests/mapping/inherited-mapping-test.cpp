// The mapping directives of a module hold in the units that use it, and a
// host's in the procedures it contains: a DISTRIBUTE in a module's
// specification part maps the module's arrays wherever they are visible.
// ONLY lists, renames and local declarations limit what a unit inherits.
// Source: HPF 2.0, Sec. 3.2; F90, Secs. 11.3.2, 12.1.2.2.1.
#include "estimate/run-estimate.h"
#include "mapping/mapping-builder.h"
#include "test-support.h"

#include <gtest/gtest.h>

using namespace ps;

namespace {

const char* kGrid = "module grid\n"                              // 1
                    "  integer, parameter :: n = 64\n"           // 2
                    "  real :: a(n), b(n), w(n, n)\n"            // 3
                    "!HPF$ PROCESSORS pr(4)\n"                   // 4
                    "!HPF$ TEMPLATE t(n)\n"                      // 5
                    "!HPF$ DISTRIBUTE t(BLOCK) ONTO pr\n"        // 6
                    "!HPF$ ALIGN a(i) WITH t(i)\n"               // 7
                    "!HPF$ DISTRIBUTE b(CYCLIC)\n"               // 8
                    "!HPF$ DISTRIBUTE w(*, BLOCK)\n"             // 9
                    "end module grid\n";                         // 10

std::string formats(const program::Unit& unit, const char* array)
{
  const auto m = mapping::mappingFromDirectives(unit, {}, std::nullopt);
  EXPECT_TRUE(m.mapping) << (m.errors.empty() ? "" : m.errors.front());
  const auto* s = unit.symbol(array);
  return m.mapping && m.mapping->array(array) && s ? m.mapping->formatsOf(array, static_cast<int>(s->dims.size()))
                                                   : "replicated";
}

} // namespace

TEST(InheritedMapping, AModulesDirectivesMapItsArraysInTheUnitsThatUseIt)
{
  const auto p = test::build(std::string(kGrid) +
                             "program main\n"             // 11
                             "  use grid\n"               // 12
                             "  integer :: i\n"           // 13
                             "  do i = 2, n - 1\n"        // 14
                             "    a(i) = b(i - 1)\n"      // 15
                             "  end do\n"                 // 16
                             "end program main\n");
  const auto& main = p.unit(1);
  EXPECT_EQ(formats(main, "a"), "(BLOCK)");
  EXPECT_EQ(formats(main, "b"), "(CYCLIC)");
  EXPECT_EQ(formats(main, "w"), "replicated"); // not referenced here: it does not shape the arrangement
  ASSERT_EQ(main.inheritedDirectives.size(), 6u);
  EXPECT_EQ(main.inheritedDirectives.front().scope, "grid");
  EXPECT_EQ(main.inheritedDirectives.front().line, 4);
  EXPECT_EQ(mapping::declaredArrangement(main, {})->str(), "4");
  EXPECT_TRUE(main.directives.empty()); // the unit's own: what Apply rewrites
  // estimated under them: a(i) on BLOCK of 16, b(i-1) CYCLIC on 4, so each processor fetches
  // the b elements its a block needs from the other three: 3 messages into each
  const auto e = estimate::estimateNest(main, *main.loopAtLine(14), *mapping::mappingFromDirectives(main, {}, std::nullopt).mapping,
                                        test::unitMachine(), {});
  ASSERT_TRUE(e.estimate);
  EXPECT_EQ(e.estimate->nt, 4 * 3);
  EXPECT_EQ(e.estimate->workPerProc, (std::vector<double>{15, 16, 16, 15}));
}

TEST(InheritedMapping, OnlyRenamesAndLocalDeclarationsLimitWhatIsInherited)
{
  const auto p = test::build(std::string(kGrid) +
                             "subroutine s1()\n"                  // 11
                             "  use grid, only: a\n"              // 12
                             "  real :: b(64)\n"                  // 13
                             "  a(1) = b(1)\n"                    // 14
                             "end subroutine s1\n"                // 15
                             "subroutine s2()\n"                  // 16
                             "  use grid, only: x => b\n"         // 17
                             "  x(1) = 0\n"                       // 18
                             "end subroutine s2\n"                // 19
                             "subroutine s3()\n"                  // 20
                             "  use grid\n"                       // 21
                             "  real :: a(64)\n"                  // 22
                             "!HPF$ DISTRIBUTE a(CYCLIC(2))\n"    // 23
                             "  a(1) = b(1)\n"                    // 24
                             "end subroutine s3\n");
  EXPECT_EQ(formats(p.unit(1), "a"), "(BLOCK)"); // TEMPLATE T(N) folded in the module: N need not be seen
  EXPECT_EQ(formats(p.unit(1), "b"), "replicated"); // its own b, not the module's
  EXPECT_EQ(formats(p.unit(2), "x"), "replicated"); // a renamed array keeps no directive here
  EXPECT_EQ(formats(p.unit(3), "a"), "(CYCLIC(2))"); // its own a, by its own directive
  EXPECT_EQ(formats(p.unit(3), "b"), "(CYCLIC)");
}

TEST(InheritedMapping, AHostsDirectivesHoldInItsInternalProcedures)
{
  const auto p = test::build("program host\n"                  // 1
                             "  integer, parameter :: n = 32\n" // 2
                             "  real :: u(n, n)\n"             // 3
                             "!HPF$ DISTRIBUTE u(BLOCK, *)\n"  // 4
                             "  call relax()\n"                // 5
                             "contains\n"                      // 6
                             "  subroutine relax()\n"          // 7
                             "    integer :: i, j\n"           // 8
                             "    do j = 1, n\n"               // 9
                             "      do i = 1, n\n"             // 10
                             "        u(i, j) = 0.5 * u(i, j)\n" // 11
                             "      end do\n"                  // 12
                             "    end do\n"                    // 13
                             "  end subroutine relax\n"        // 14
                             "end program host\n");
  const auto relax = std::find_if(p.model.units.begin(), p.model.units.end(), [](const auto& u) { return u.name == "relax"; });
  ASSERT_NE(relax, p.model.units.end());
  EXPECT_EQ(formats(*relax, "u"), "(BLOCK,*)");
}

TEST(InheritedMapping, TheReviewsCombinedDirectivesHostsAndProcessors)
{
  // a combined TEMPLATE, DISTRIBUTE line is two directives on one line: both are inherited;
  // the host's own B hides the module's B from its internal procedure; the unit's own
  // PROCESSORS PR(8) is the one its DISTRIBUTE ... ONTO PR means, not the module's PR(4)
  const auto p = test::build("module g\n"                                          // 1
                             "  integer, parameter :: n = 64\n"                   // 2
                             "  real :: a(n), b(n)\n"                             // 3
                             "!HPF$ PROCESSORS pr(4)\n"                           // 4
                             "!HPF$ TEMPLATE, DISTRIBUTE(CYCLIC) ONTO pr :: t(n)\n" // 5
                             "!HPF$ ALIGN (i) WITH t(i) :: a\n"                   // 6
                             "!HPF$ DISTRIBUTE b(BLOCK)\n"                        // 7
                             "end module g\n"                                     // 8
                             "program h\n"                                        // 9
                             "  use g, only: a\n"                                 // 10
                             "  real :: b(64)\n"                                  // 11
                             "  a(1) = b(1)\n"                                    // 12
                             "  call s()\n"                                       // 13
                             "contains\n"                                         // 14
                             "  subroutine s()\n"                                 // 15
                             "    b(1) = a(1)\n"                                  // 16
                             "  end subroutine s\n"                               // 17
                             "end program h\n"                                    // 18
                             "subroutine own()\n"                                 // 19
                             "  use g\n"                                          // 20
                             "  real :: x(64)\n"                                  // 21
                             "!HPF$ PROCESSORS pr(8)\n"                           // 22
                             "!HPF$ DISTRIBUTE x(BLOCK) ONTO pr\n"                // 23
                             "  x(1) = a(1)\n"                                    // 24
                             "end subroutine own\n");
  const auto unit = [&](const char* name) -> const program::Unit& {
    return *std::find_if(p.model.units.begin(), p.model.units.end(), [&](const auto& u) { return u.name == name; });
  };
  EXPECT_EQ(formats(unit("h"), "a"), "(CYCLIC)");
  EXPECT_EQ(formats(unit("s"), "a"), "(CYCLIC)");
  EXPECT_EQ(formats(unit("s"), "b"), "replicated"); // the host's b, which hides the module's
  const auto own = mapping::mappingFromDirectives(unit("own"), {}, std::nullopt);
  ASSERT_TRUE(own.mapping);
  EXPECT_EQ(own.mapping->procs.str(), "8");
}

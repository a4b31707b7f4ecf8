// REDISTRIBUTE, REALIGN and DYNAMIC: the mapping in force at a loop is the
// declarative one plus the remappings above it in source order. (Parsing of
// both directive forms: tests/fortran/parser-test.cpp.)
// Source: HPF 2.0, Sec. 8.1, 8.3-8.5.
#include "mapping/mapping-builder.h"
#include "test-support.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace ps;

namespace {

std::string readFile(const std::string& path)
{
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// 1-based line of the first line of `text` containing `needle`, 0 if none.
int lineOf(const std::string& text, const std::string& needle)
{
  std::istringstream in(text);
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.find(needle) != std::string::npos)
      return n;
  }
  ADD_FAILURE() << "no line contains '" << needle << "'";
  return 0;
}

std::string joined(const std::vector<std::string>& lines)
{
  std::string out;
  for (const auto& l : lines)
    out += l + "\n";
  return out;
}

const std::string kAdiRemap = std::string(PS_SOURCE_DIR) + "/tests/data/adi-remap.f";

// A small free-form program: 8x8 arrays, template t distributed by rows on 4.
std::string smallProgram(const std::string& remapping, const std::string& dynamic = "!HPF$ DYNAMIC :: x, a, t\n")
{
  return "program r\n"
         "  integer, parameter :: n = 8\n"
         "  real :: x(n, n), a(n, n)\n"
         "  integer :: i, j\n"
         "!HPF$ PROCESSORS p(4)\n"
         "!HPF$ TEMPLATE t(n, n)\n"
         "!HPF$ ALIGN WITH t :: x, a\n"
         "!HPF$ DISTRIBUTE t(BLOCK, *) ONTO p\n" +
         dynamic + remapping +
         "  do j = 1, n\n"
         "    do i = 1, n\n"
         "      x(i, j) = a(i, j)\n"
         "    end do\n"
         "  end do\n"
         "end program r\n";
}

/// Processors coordinate owning element (i, j) of `array` (one distributed dimension).
std::int64_t owner(const mapping::Mapping& m, const std::string& array, std::int64_t i, std::int64_t j)
{
  const std::int64_t index[] = {i, j};
  std::int64_t coords[1] = {-2};
  m.ownerCoords(*m.array(array), index, coords);
  return coords[0];
}

} // namespace

TEST(RemapDirectives, ParsesFixedForm)
{
  auto p = test::build(readFile(kAdiRemap), "adi-remap.f");
  EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  const auto& d = p.unit().directives;
  ASSERT_EQ(d.size(), 7u);
  EXPECT_EQ(d[4].kind, fortran::DirectiveKind::Dynamic);
  EXPECT_EQ(d[4].dynamicNames, std::vector<std::string>{"t"});
  EXPECT_EQ(d[5].kind, fortran::DirectiveKind::Redistribute);
  EXPECT_EQ(d[5].distributees, std::vector<std::string>{"t"});
  ASSERT_EQ(d[6].formats.size(), 2u);
  EXPECT_EQ(d[6].formats[0].kind, fortran::FormatKind::Collapsed);
  EXPECT_EQ(d[6].formats[1].kind, fortran::FormatKind::Block);
  EXPECT_EQ(p.unit().directiveLines[6], lineOf(readFile(kAdiRemap), "REDISTRIBUTE T(*,BLOCK)"));
}

TEST(RemapDirectives, AdiMappingFollowsTheRedistributeAboveEachLoop)
{
  const auto text = readFile(kAdiRemap);
  auto p = test::build(text, "adi-remap.f");
  struct Row {
    const char* loop;
    const char* format;
  };
  const Row rows[] = {{"DO 1 I", "(BLOCK,*)"}, {"DO 10 ITER", "(BLOCK,*)"}, {"DO 4 J", "(BLOCK,*)"},
                      {"DO 5 I", "(BLOCK,*)"}, {"DO 6 J", "(BLOCK,*)"},     {"DO 7 J", "(*,BLOCK)"},
                      {"DO 8 J", "(*,BLOCK)"}, {"DO 9 J", "(*,BLOCK)"}};
  for (const auto& row : rows) {
    const int line = lineOf(text, row.loop);
    ASSERT_NE(p.unit().loopAtLine(line), nullptr) << row.loop;
    auto m = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, line);
    ASSERT_TRUE(m.mapping) << row.loop << ": " << joined(m.errors);
    EXPECT_EQ(m.mapping->str(), std::string("a,b,x=") + row.format + " via template t onto 16") << row.loop;
    EXPECT_TRUE(m.mapping->notes.empty()) << joined(m.mapping->notes); // T is DYNAMIC
  }
  // without a line: the declarative mapping only
  auto declared = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt);
  ASSERT_TRUE(declared.mapping);
  EXPECT_EQ(declared.mapping->describe("x"), "(BLOCK,*) via template t");
}

TEST(RemapDirectives, RealignTransposesOnlyThatArray)
{
  auto p = test::build(smallProgram("!HPF$ REALIGN a(i, j) WITH t(j, i)\n"));
  const int loop = p.unit().loops[0].line;
  auto m = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, loop);
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  EXPECT_TRUE(m.mapping->notes.empty()) << joined(m.mapping->notes);
  // rows of 8 in blocks of 2: x(1,8) is on processor 0; a(1,8) sits at t(8,1), on 3
  EXPECT_EQ(owner(*m.mapping, "x", 1, 8), 0);
  EXPECT_EQ(owner(*m.mapping, "x", 8, 1), 3);
  EXPECT_EQ(owner(*m.mapping, "a", 1, 8), 3);
  EXPECT_EQ(owner(*m.mapping, "a", 8, 1), 0);
  // above the REALIGN nothing is transposed
  auto before = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, 1);
  ASSERT_TRUE(before.mapping);
  EXPECT_EQ(owner(*before.mapping, "a", 1, 8), 0);
}

TEST(RemapDirectives, RedistributeOfAnArrayDistributedDirectly)
{
  auto p = test::build("program d\n"
                       "  real :: x(8, 8), y(8, 8)\n"
                       "  integer :: i\n"
                       "!HPF$ DISTRIBUTE (BLOCK, *) :: x, y\n"
                       "!HPF$ DYNAMIC x\n"
                       "!HPF$ REDISTRIBUTE x(*, CYCLIC)\n"
                       "  do i = 1, 8\n"
                       "    x(i, 1) = y(i, 1)\n"
                       "  end do\n"
                       "end program d\n");
  auto m = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, 7);
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  EXPECT_EQ(m.mapping->describe("x"), "(*,CYCLIC)");
  EXPECT_EQ(m.mapping->describe("y"), "(BLOCK,*)");
}

TEST(RemapDirectives, MissingDynamicIsANote)
{
  auto p = test::build(smallProgram("!HPF$ REDISTRIBUTE t(*, BLOCK)\n!HPF$ REALIGN a(i, j) WITH t(j, i)\n",
                                    "!HPF$ DYNAMIC x\n"));
  auto m = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, p.unit().loops[0].line);
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  EXPECT_EQ(m.mapping->describe("x"), "(*,BLOCK) via template t");
  EXPECT_EQ(m.mapping->notes,
            (std::vector<std::string>{
              "Template 't' is redistributed at line 10 but not declared DYNAMIC (HPF 2.0 requires it)",
              "Array 'a' is realigned at line 11 but not declared DYNAMIC (HPF 2.0 requires it)"}));
}

TEST(RemapDirectives, RemappingInsideAnAlignmentTreeIsNoted)
{
  auto p = test::build("program c\n"
                       "  real :: x(8, 8), a(8, 8)\n"
                       "  integer :: i\n"
                       "!HPF$ PROCESSORS p(4)\n"
                       "!HPF$ TEMPLATE t(8, 8)\n"
                       "!HPF$ ALIGN x(i, j) WITH t(i, j)\n"
                       "!HPF$ ALIGN a(i, j) WITH x(i, j)\n"
                       "!HPF$ DISTRIBUTE t(BLOCK, *) ONTO p\n"
                       "!HPF$ DYNAMIC x, a\n"
                       "!HPF$ REALIGN x(i, j) WITH t(j, i)\n"
                       "!HPF$ REDISTRIBUTE a(*, BLOCK) ONTO p\n"
                       "  do i = 1, 8\n"
                       "    x(i, 1) = a(i, 1)\n"
                       "  end do\n"
                       "end program c\n");
  auto m = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, 12);
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  EXPECT_EQ(owner(*m.mapping, "x", 1, 8), 3);
  EXPECT_EQ(m.mapping->describe("a"), "(*,BLOCK)");
  EXPECT_EQ(m.mapping->notes,
            (std::vector<std::string>{"Array 'a' is aligned with 'x', which is realigned at line 10; it follows 'x' "
                                      "here, while HPF 2.0 keeps its mapping",
                                      "Array 'a' is aligned with 'x' but redistributed at line 11; it is distributed "
                                      "on its own from there (HPF 2.0, Sec. 8.3 allows only alignment roots)"}));
}

TEST(RemapDirectives, UnknownNamesAreErrorsWithTheLine)
{
  auto redistribute = test::build(smallProgram("!HPF$ REDISTRIBUTE q(*, BLOCK)\n"));
  auto m = mapping::mappingFromDirectives(redistribute.unit(), {}, std::nullopt, redistribute.unit().loops[0].line);
  EXPECT_FALSE(m.mapping);
  EXPECT_EQ(m.errors,
            std::vector<std::string>{"REDISTRIBUTE at line 10 names 'q', which is neither a TEMPLATE nor an array"});

  auto alignee = test::build(smallProgram("!HPF$ REALIGN WITH t :: x, q\n"));
  m = mapping::mappingFromDirectives(alignee.unit(), {}, std::nullopt, alignee.unit().loops[0].line);
  EXPECT_FALSE(m.mapping);
  EXPECT_EQ(m.errors, std::vector<std::string>{"REALIGN at line 10 names 'q', which is not an array"});

  auto target = test::build(smallProgram("!HPF$ REALIGN x(i, j) WITH u(j, i)\n"));
  m = mapping::mappingFromDirectives(target.unit(), {}, std::nullopt, target.unit().loops[0].line);
  EXPECT_FALSE(m.mapping);
  EXPECT_EQ(m.errors,
            std::vector<std::string>{"REALIGN at line 10 aligns with 'u', which is neither a TEMPLATE nor an array"});

  // above the bad directive (or without a line) it is not in force
  EXPECT_TRUE(mapping::mappingFromDirectives(redistribute.unit(), {}, std::nullopt, 10).mapping);
  EXPECT_TRUE(mapping::mappingFromDirectives(redistribute.unit(), {}, std::nullopt).mapping);
}

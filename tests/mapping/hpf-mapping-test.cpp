// The mapping that HPF's spellings describe: several alignees, attributed
// and combined forms, DISTRIBUTE without formats, descriptive and
// transcriptive dummies, INHERIT, NUMBER_OF_PROCESSORS(), processors and
// templates of any rank, and ownership checked element by element.
// Source: HPF 2.0, Sec. 3.3-3.9, 8.7-8.8.
#include "mapping/mapping-builder.h"
#include "test-support.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

using namespace ps;
using ps::fortran::SourceForm;

namespace {

std::string joined(const std::vector<std::string>& lines)
{
  std::string out;
  for (const auto& l : lines)
    out += l + "\n";
  return out;
}

/// A free-form unit with arrays a(8), b(8), x(8, 8), y(8, 8) and the given
/// directive lines (each without its sentinel).
test::Program unitWith(const std::vector<std::string>& directives, SourceForm form = SourceForm::Free)
{
  const std::string i = form == SourceForm::Fixed ? "      " : "  ";
  const std::string sentinel = form == SourceForm::Fixed ? "CHPF$ " : "!HPF$ ";
  std::string text = i + "SUBROUTINE S(A, B, X, Y)\n" + i + "INTEGER, PARAMETER :: N = 8, K = 0\n" + i +
                     "REAL A(N), B(N), X(N, N), Y(N, N)\n";
  for (const auto& d : directives)
    text += sentinel + d + "\n";
  text += i + "END\n";
  return test::build(text, form == SourceForm::Fixed ? "s.f" : "s.f90");
}

mapping::MappingResult mapOf(const test::Program& p, std::optional<mapping::ProcessorsArrangement> procs = {})
{
  EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  return mapping::mappingFromDirectives(p.unit(), {}, procs);
}

/// Processors coordinates owning element `index` of `array`, one per
/// processors dimension, -1 for "every coordinate".
std::vector<std::int64_t> owner(const mapping::Mapping& m, const std::string& array, std::vector<std::int64_t> index)
{
  std::vector<std::int64_t> coords(m.procs.rank(), -2);
  m.ownerCoords(*m.array(array), index.data(), coords.data());
  return coords;
}

/// "line: message" of the model's warnings.
std::vector<std::string> warningsOf(const test::Program& p)
{
  std::vector<std::string> warnings;
  for (const auto& d : p.model.diagnostics)
    if (d.severity() == fortran::Severity::Warning)
      warnings.push_back(std::to_string(p.parsed->file->lineColumn(d.range().begin).line) + ": " + d.message());
  return warnings;
}

} // namespace

TEST(HpfMapping, AlignWithSeveralAligneesMapsEach)
{
  for (const auto form : {SourceForm::Fixed, SourceForm::Free}) {
    auto p = unitWith({"PROCESSORS P(4)", "TEMPLATE T(N)", "ALIGN A, B WITH T", "DISTRIBUTE T(BLOCK) ONTO P"}, form);
    auto m = mapOf(p);
    ASSERT_TRUE(m.mapping) << joined(m.errors);
    EXPECT_EQ(m.mapping->str(), "a,b=(BLOCK) via template t onto 4");
    EXPECT_EQ(owner(*m.mapping, "b", {3}), std::vector<std::int64_t>{1}); // blocks of 2
  }
}

TEST(HpfMapping, AttributedFormsMapEachNameAfterTheDoubleColon)
{
  auto p = unitWith({"PROCESSORS :: P(4)", "DISTRIBUTE (CYCLIC) ONTO P :: A, B", "TEMPLATE, DISTRIBUTE(BLOCK, *) :: T(N, N)",
                     "ALIGN WITH T(I, J) :: X(I, J)", "ALIGN (I, J) WITH T(J, I) :: Y"});
  auto m = mapOf(p);
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  EXPECT_EQ(m.mapping->describe("a"), "(CYCLIC)");
  EXPECT_EQ(m.mapping->describe("b"), "(CYCLIC)");
  EXPECT_EQ(m.mapping->describe("x"), "(BLOCK,*) via template t");
  EXPECT_EQ(owner(*m.mapping, "a", {6}), std::vector<std::int64_t>{1}); // 6 -> (6-1) mod 4
  EXPECT_EQ(owner(*m.mapping, "x", {7, 1}), std::vector<std::int64_t>{3});
  EXPECT_EQ(owner(*m.mapping, "y", {7, 1}), std::vector<std::int64_t>{0}); // transposed: t(1, 7)
  EXPECT_TRUE(m.mapping->notes.empty()) << joined(m.mapping->notes);
}

TEST(HpfMapping, AnArrangementAskedForInPlaceOfTheDeclaredOneIsNoted)
{
  auto p = unitWith({"PROCESSORS :: P(4)", "DISTRIBUTE (CYCLIC) ONTO P :: A, B"});
  const auto three = mapOf(p, mapping::ProcessorsArrangement{"procs", {3}});
  ASSERT_TRUE(three.mapping) << joined(three.errors);
  EXPECT_EQ(three.mapping->procs.count(), 3);
  EXPECT_EQ(three.mapping->notes, std::vector<std::string>{"PROCESSORS p(4) is replaced by the arrangement asked for, 3"});
  const auto four = mapOf(p, mapping::ProcessorsArrangement{"procs", {4}});
  ASSERT_TRUE(four.mapping) << joined(four.errors);
  EXPECT_TRUE(four.mapping->notes.empty()) << joined(four.mapping->notes);
  // --procs 4 for PROCESSORS PR(2,2) under (BLOCK,BLOCK) is arranged as 2x2: nothing is replaced (the note
  // said "replaced by 4" beside a table on 2x2); 8 is arranged as 4x2 and says so
  auto grid = unitWith({"PROCESSORS :: PR(2,2)", "DISTRIBUTE (BLOCK,BLOCK) ONTO PR :: X"});
  const auto asked = mapOf(grid, mapping::ProcessorsArrangement{"procs", {4}});
  ASSERT_TRUE(asked.mapping) << joined(asked.errors);
  EXPECT_EQ(asked.mapping->procs.str(), "2x2");
  EXPECT_TRUE(asked.mapping->notes.empty()) << joined(asked.mapping->notes);
  const auto eight = mapOf(grid, mapping::ProcessorsArrangement{"procs", {8}});
  ASSERT_TRUE(eight.mapping) << joined(eight.errors);
  EXPECT_EQ(eight.mapping->notes,
            std::vector<std::string>{"PROCESSORS pr(2,2) is replaced by the arrangement asked for, 8 (arranged as 4x2)"});
}

TEST(HpfMapping, AlignOffsetsAndReplicationByBrutForce)
{
  auto p = unitWith({"PROCESSORS P(4)", "TEMPLATE T(N+1)", "ALIGN (I) WITH T(I+1) :: A, B",
                     "ALIGN X(I, *) WITH *T(I)", "DISTRIBUTE T(BLOCK) ONTO P"});
  auto m = mapOf(p);
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  // t(1..9) in blocks of ceil(9/4) = 3: owner of t(k) is (k-1)/3
  for (std::int64_t i = 1; i <= 8; ++i) {
    EXPECT_EQ(owner(*m.mapping, "a", {i}), std::vector<std::int64_t>{i / 3}) << i;
    EXPECT_EQ(owner(*m.mapping, "x", {i, 5}), std::vector<std::int64_t>{(i - 1) / 3}) << i;
  }
}

TEST(HpfMapping, DistributeWithoutFormatsIsBlockPerDimensionWithANote)
{
  for (const auto form : {SourceForm::Fixed, SourceForm::Free}) {
    auto p = unitWith({"PROCESSORS P(2, 2)", "DISTRIBUTE X ONTO P"}, form);
    auto m = mapOf(p);
    ASSERT_TRUE(m.mapping) << joined(m.errors);
    EXPECT_EQ(m.mapping->str(), "x=(BLOCK,BLOCK) onto 2x2");
    EXPECT_EQ(owner(*m.mapping, "x", {5, 4}), (std::vector<std::int64_t>{1, 0}));
    EXPECT_EQ(m.mapping->notes, std::vector<std::string>{"DISTRIBUTE of 'x' gives no distribution formats; PartScope "
                                                         "maps it (BLOCK,BLOCK) (HPF leaves the choice to the "
                                                         "implementation)"});
  }
}

TEST(HpfMapping, ANarrowerDistributionOnTheSharedArrangementIsNoted)
{
  // One arrangement serves every array: b(BLOCK) ONTO p(16) beside
  // x(BLOCK,BLOCK) ONTO q(4,4) spans one side of 4x4, each element owned by
  // 4 processors; a new user took that for a bug, so the estimate says it.
  const auto p = unitWith({"PROCESSORS p(16)", "PROCESSORS q(4, 4)", "DISTRIBUTE x(BLOCK, BLOCK) ONTO q",
                           "DISTRIBUTE b(BLOCK) ONTO p"});
  const auto m = mapOf(p);
  ASSERT_TRUE(m.mapping);
  EXPECT_EQ(m.mapping->procs.str(), "4x4");
  EXPECT_EQ(owner(*m.mapping, "b", {1}), (std::vector<std::int64_t>{0, -1})); // one side, replicated on the other
  EXPECT_EQ(m.mapping->notes, std::vector<std::string>{
                                "Every array is mapped onto one arrangement, 4x4: 'b' (fewer distributed "
                                "dimensions) spans 4 processors of its 16, each element with a copy on every "
                                "processor of the other dimensions"});
  const auto same = unitWith({"PROCESSORS q(4, 4)", "DISTRIBUTE x(BLOCK, BLOCK) ONTO q", "DISTRIBUTE y(CYCLIC, BLOCK) ONTO q"});
  const auto n = mapOf(same);
  ASSERT_TRUE(n.mapping);
  EXPECT_TRUE(n.mapping->notes.empty()); // both span the whole grid
}

// The same two arrangements where a loop nest reads only p's arrays: the
// mapping at its line is on p(16), whole (b's elements 2 per processor, not
// a 4x4 side), with a note; a nest of q's arrays keeps 4x4.
TEST(HpfMapping, ANestOfOneArrangementsArraysGetsThatArrangement)
{
  const auto p = test::build("subroutine s(a, b, x)\n  integer, parameter :: n = 32\n  integer :: i, j\n"
                             "  real :: a(n), b(n), x(n, n)\n!hpf$ processors p(16), q(4, 4)\n"
                             "!hpf$ distribute (block) onto p :: a, b\n!hpf$ distribute x(block, block) onto q\n"
                             "  do i = 2, n\n    a(i) = b(i - 1)\n  end do\n"                     // 8
                             "  do j = 1, n\n    do i = 1, n\n      x(i, j) = 0.0\n    end do\n  end do\n" // 11
                             "end subroutine s\n");
  const auto first = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, 8);
  ASSERT_TRUE(first.mapping);
  EXPECT_EQ(first.mapping->procs.str(), "16");
  EXPECT_EQ(owner(*first.mapping, "b", {31}), (std::vector<std::int64_t>{15}));
  EXPECT_EQ(first.mapping->notes, std::vector<std::string>{
                                      "The loop at line 8 uses only data distributed onto 'p', so that is the "
                                      "arrangement; 'x' (onto another) is shown fitted to it"});
  const auto second = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, 11);
  ASSERT_TRUE(second.mapping);
  EXPECT_EQ(second.mapping->procs.str(), "4x4");
  // without ONTO (one implied arrangement) every nest keeps the one shaped for x: 2x2 of 4
  const auto implied = test::build("subroutine s(a, b, x)\n  integer, parameter :: n = 32\n  integer :: i\n"
                                   "  real :: a(n), b(n), x(n, n)\n!hpf$ distribute (block) :: a, b\n"
                                   "!hpf$ distribute x(block, block)\n  do i = 2, n\n    a(i) = b(i - 1)\n"
                                   "  end do\nend subroutine s\n");
  const auto m = mapping::mappingFromDirectives(implied.unit(), {}, mapping::ProcessorsArrangement{"procs", {4}}, 7);
  ASSERT_TRUE(m.mapping);
  EXPECT_EQ(m.mapping->procs.str(), "2x2");
}

TEST(HpfMapping, TranscriptiveDummiesAreTakenFromTheCaller)
{
  auto p = unitWith({"INHERIT A", "DISTRIBUTE B *", "DISTRIBUTE X *(BLOCK, *)", "DISTRIBUTE Y(CYCLIC, *) ONTO *"});
  auto m = mapOf(p, mapping::ProcessorsArrangement{"procs", {4}});
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  EXPECT_EQ(m.mapping->describe("a"), "replicated");
  EXPECT_EQ(m.mapping->describe("b"), "replicated");
  EXPECT_EQ(m.mapping->describe("x"), "(BLOCK,*)"); // descriptive: as asserted
  EXPECT_EQ(m.mapping->describe("y"), "(CYCLIC,*)");
  EXPECT_EQ(m.mapping->notes,
            (std::vector<std::string>{
                "Dummy 'a' takes its mapping from the caller (INHERIT); estimated alone it is treated as replicated",
                "Dummy 'b' takes its mapping from the caller (DISTRIBUTE *); estimated alone it is treated as "
                "replicated"}));
}

TEST(HpfMapping, NumberOfProcessorsIsTheCountAskedFor)
{
  auto p = unitWith({"PROCESSORS P(NUMBER_OF_PROCESSORS())", "DISTRIBUTE A(BLOCK) ONTO P"});
  auto m = mapOf(p, mapping::ProcessorsArrangement{"procs", {8}});
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  EXPECT_EQ(m.mapping->str(), "a=(BLOCK) onto 8");
  auto unknown = mapOf(p);
  EXPECT_FALSE(unknown.mapping);
  EXPECT_EQ(unknown.missing, std::vector<std::string>{"number_of_processors"});
}

TEST(HpfMapping, ProcessorsAndTemplatesOfRankThree)
{
  auto p = unitWith({"PROCESSORS Q(2, 2, 2)", "TEMPLATE T(N, N, N)", "ALIGN X(I, J) WITH T(I, J, 3)",
                     "DISTRIBUTE T(BLOCK, CYCLIC, BLOCK) ONTO Q"});
  auto m = mapOf(p);
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  EXPECT_EQ(m.mapping->procs.shape, (std::vector<std::int64_t>{2, 2, 2}));
  // x(5, 2) sits at t(5, 2, 3): BLOCK of 4 -> 1, CYCLIC -> (2-1) mod 2 = 1, BLOCK of 4 -> 0
  EXPECT_EQ(owner(*m.mapping, "x", {5, 2}), (std::vector<std::int64_t>{1, 1, 0}));
}

TEST(HpfMapping, BadBlockSizesAndIrregularFormats)
{
  auto zero = mapOf(unitWith({"DISTRIBUTE A(CYCLIC(K))"}));
  EXPECT_FALSE(zero.mapping);
  EXPECT_EQ(zero.errors, std::vector<std::string>{"CYCLIC block size 'k' is 0; it must be positive"});

  auto gen = mapOf(unitWith({"PROCESSORS P(2)", "DISTRIBUTE A(GEN_BLOCK(B)) ONTO P"}));
  ASSERT_TRUE(gen.mapping) << joined(gen.errors);
  EXPECT_EQ(gen.mapping->describe("a"), "(BLOCK)");
  EXPECT_EQ(gen.mapping->notes,
            std::vector<std::string>{"GEN_BLOCK(b) is estimated as BLOCK (PartScope has no irregular distributions)"});
}

TEST(HpfMapping, ExecutableRemappingsKeepTheirLines)
{
  const char* text = "program r\n"
                     "  integer, parameter :: n = 8\n"
                     "  real :: x(n)\n"
                     "!HPF$ PROCESSORS p(4)\n"
                     "!HPF$ DYNAMIC, DISTRIBUTE(BLOCK) ONTO p :: x\n"
                     "  forall (i = 1:n) x(i) = i\n"
                     "!HPF$ REDISTRIBUTE x(CYCLIC)\n"
                     "  forall (i = 1:n) x(i) = 2 * x(i)\n"
                     "end program r\n";
  auto p = test::build(text);
  EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  EXPECT_EQ(p.unit().directiveLines, (std::vector<int>{4, 5, 5, 7}));
  auto before = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, 6);
  auto after = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, 8);
  ASSERT_TRUE(before.mapping && after.mapping);
  EXPECT_EQ(before.mapping->describe("x"), "(BLOCK)");
  EXPECT_EQ(after.mapping->describe("x"), "(CYCLIC)");
  EXPECT_TRUE(after.mapping->notes.empty()) << joined(after.mapping->notes);
}

// ---- the realistic sample: tests/data/hpf-spellings.f -----------------------

namespace {

std::string readSample()
{
  std::ifstream in(std::string(PS_SOURCE_DIR) + "/tests/data/hpf-spellings.f");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

} // namespace

TEST(HpfSample, ReadsEverySpelling)
{
  auto p = test::build(readSample(), "hpf-spellings.f");
  EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  EXPECT_TRUE(p.model.diagnostics.empty());
  ASSERT_EQ(p.model.units.size(), 3u);
  const auto& heat = p.unit(0);
  std::vector<std::string> kinds;
  for (const auto& d : heat.directives)
    kinds.push_back(fortran::directiveKindName(d.kind));
  EXPECT_EQ(kinds, (std::vector<std::string>{"PROCESSORS", "PROCESSORS", "TEMPLATE", "ALIGN", "ALIGN", "ALIGN",
                                             "DYNAMIC", "DISTRIBUTE", "SEQUENCE", "TASK_REGION", "END TASK_REGION",
                                             "REDISTRIBUTE", "ON"}));
  EXPECT_EQ(heat.directiveLines, (std::vector<int>{14, 15, 16, 17, 18, 19, 20, 21, 23, 48, 50, 52, 54}));
  // loops: DO 10 J, DO 10 I, FORALL I, DO 40, FORALL J, I, FORALL J, I (masked), DO 30 J, DO 30 I, DO 50
  ASSERT_EQ(heat.loops.size(), 11u);
  EXPECT_TRUE(heat.loops[0].independent && heat.loops[1].independent);
  EXPECT_TRUE(heat.loops[4].isForall && heat.loops[4].independent && heat.loops[5].independent);
  EXPECT_EQ(heat.loops[4].line, 36);
  EXPECT_EQ(heat.loops[8].reductionVariables, std::vector<std::string>{"resid"});
  EXPECT_EQ(p.unit(1).name, "source");
  EXPECT_EQ(p.parsed->units[1].prefixes, std::vector<std::string>{"pure"});

  // the FORALL in the time loop: the declared mapping onto the 2x2 GRID
  auto m = mapping::mappingFromDirectives(heat, {}, std::nullopt, 36);
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  // w is 1-D, aligned along the template's rows and replicated along its columns (it was shown as t's (BLOCK,BLOCK))
  EXPECT_EQ(m.mapping->str(),
            "f,u,v=(BLOCK,BLOCK) via template t; w=(BLOCK,BLOCK) via template t, replicated along its dimension 2 onto 2x2");
  EXPECT_EQ(owner(*m.mapping, "w", {200}), (std::vector<std::int64_t>{1, -1})); // replicated along GRID's columns
  EXPECT_EQ(owner(*m.mapping, "f", {100, 200}), (std::vector<std::int64_t>{0, 1}));
  // after the REDISTRIBUTE: onto PROCS, whose size is the count asked for
  auto after = mapping::mappingFromDirectives(heat, {}, mapping::ProcessorsArrangement{"procs", {8}}, 53);
  ASSERT_TRUE(after.mapping) << joined(after.errors);
  EXPECT_EQ(after.mapping->describe("u"), "(*,BLOCK) via template t");
  EXPECT_EQ(after.mapping->procs.str(), "8");
  auto unknown = mapping::mappingFromDirectives(heat, {}, std::nullopt, 53);
  EXPECT_EQ(unknown.missing, std::vector<std::string>{"number_of_processors"});

  auto copy = mapping::mappingFromDirectives(p.unit(2), {{"n", 256}}, std::nullopt);
  ASSERT_TRUE(copy.mapping) << joined(copy.errors);
  EXPECT_EQ(copy.mapping->describe("x"), "replicated");
  EXPECT_EQ(copy.mapping->describe("y"), "(BLOCK,BLOCK)");
  EXPECT_EQ(copy.mapping->notes, std::vector<std::string>{"Dummy 'x' takes its mapping from the caller (INHERIT); "
                                                          "estimated alone it is treated as replicated"});
}

// The formats of an array's own dimensions (the IDE's variants from the
// directives): a vector aligned with a matrix's distributed dimension gets
// that dimension's format, one per its own dimension.
TEST(HpfMapping, AnAlignedVectorsFormatsAreItsOwnDimensions)
{
  auto p = unitWith({"PROCESSORS P(4)", "DISTRIBUTE X(*, CYCLIC) ONTO P", "ALIGN A(J) WITH X(*, J)",
                     "DISTRIBUTE Y(BLOCK, *) ONTO P", "ALIGN B(I) WITH Y(I, *)"});
  auto m = mapOf(p);
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  EXPECT_EQ(m.mapping->formatsOf("x", 2), "(*,CYCLIC)");
  EXPECT_EQ(m.mapping->formatsOf("a", 1), "(CYCLIC)");
  EXPECT_EQ(m.mapping->formatsOf("y", 2), "(BLOCK,*)");
  EXPECT_EQ(m.mapping->formatsOf("b", 1), "(BLOCK)");
  EXPECT_EQ(m.mapping->formatsOf("nothing", 1), "replicated");
}

// A new user's ALIGN with a name the unit does not have, and DISTRIBUTE
// with one format too many, passed `parse` silently: the first replicated
// the array in every estimate, the second stopped them.
TEST(HpfMapping, DirectivesNamingWhatTheUnitLacksAreWarnedOf)
{
  const auto p = test::build("module grid\n"                            // 1
                             "  real :: g(100)\n"                        // 2
                             "!hpf$ template t(100)\n"                   // 3
                             "end module grid\n"                         // 4
                             "program bad\n"                             // 5
                             "  use grid\n"                              // 6
                             "  real :: a(100), b(100), c(100), d(100)\n" // 7
                             "!hpf$ align b(i) with q(i)\n"              // 8
                             "!hpf$ distribute a(block, block)\n"        // 9
                             "!hpf$ align c(i) with t(i)\n"              // 10
                             "!hpf$ align d(i) with g(i)\n"              // 11
                             "  a = b + c + d\n"                         // 12
                             "end program bad\n");
  EXPECT_EQ(warningsOf(p), (std::vector<std::string>{
                          "8: ALIGN WITH 'q': 'q' is neither a TEMPLATE nor an array of 'bad', so what is aligned "
                          "with it stays replicated",
                          "9: DISTRIBUTE gives 2 formats for 'a', which has 1 dimension; estimates under the "
                          "directives stop there"}));
}

// ALIGN A(I) WITH B(I,J,K) on a 2-D B, and ONTO a PROCESSORS nobody
// declared: parse warns at the directives' lines, and the mapping stops with
// the ALIGN's line (it asked for values of J and K, as offsets).
TEST(HpfMapping, AnAlignWithTooManySubscriptsAndAnUndeclaredOntoAreReported)
{
  const auto p = test::build("      program bad2\n      integer n, i\n      parameter (n = 16)\n"
                             "      real a(n), b(n, n)\n!hpf$ processors pr(4)\n"
                             "!hpf$ distribute b(block, *) onto qq\n!hpf$ align a(i) with b(i, j, k)\n"
                             "      do 10 i = 1, n\n         a(i) = b(i, 1)\n   10 continue\n      end\n",
                             "bad2.f");
  EXPECT_EQ(warningsOf(p), (std::vector<std::string>{
                          "6: DISTRIBUTE ONTO 'qq': no PROCESSORS 'qq' is declared, so the first arrangement (or "
                          "the processors an estimate is given) is used",
                          "7: ALIGN WITH 'b' gives 3 subscripts for 2 dimensions; estimates under the directives "
                          "stop there"}));
  const auto m = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt, 8);
  EXPECT_FALSE(m.mapping);
  EXPECT_EQ(m.errors, std::vector<std::string>{"ALIGN a WITH b (line 7) gives 3 subscripts for 'b', which has 2 dimensions"});
  EXPECT_TRUE(m.missing.empty());
}

// DISTRIBUTE (*,*) distributes nothing: a copy everywhere, as under --dist
// 'a=(*,*)' (the directive charged a reduction's combines the spec did not).
TEST(HpfMapping, CollapsedInEveryDimensionIsReplicated)
{
  const auto p = test::build("program rep\n  real :: a(8, 8), b(8)\n!hpf$ processors pr(4)\n"
                             "!hpf$ distribute (*, *) onto pr :: a\n!hpf$ align b(i) with a(i, *)\n"
                             "  a = 0\nend program rep\n");
  auto m = mapping::mappingFromDirectives(p.unit(), {}, std::nullopt);
  ASSERT_TRUE(m.mapping);
  EXPECT_EQ(m.mapping->array("a"), nullptr);
  EXPECT_EQ(m.mapping->array("b"), nullptr);
  EXPECT_EQ(m.mapping->procs.count(), 4);
}

// ALIGN B(I) WITH A(2*I), both of 8 elements: B(5:8) lands on A(10:16), which
// HPF forbids; the estimate went on without a word (a new-user trial).
TEST(HpfMapping, AnAlignmentOutsideItsTargetIsNoted)
{
  auto p = unitWith({"PROCESSORS P(2)", "DISTRIBUTE A(BLOCK) ONTO P", "ALIGN B(I) WITH A(2*I)"});
  auto m = mapOf(p);
  ASSERT_TRUE(m.mapping) << joined(m.errors);
  ASSERT_EQ(m.mapping->notes.size(), 1u) << joined(m.mapping->notes);
  EXPECT_NE(m.mapping->notes[0].find("maps dimension 1 of 'b' to 2:16, outside 1:8"), std::string::npos)
    << m.mapping->notes[0];
  // inside its target: no note
  auto inside = mapOf(unitWith({"PROCESSORS P(2)", "DISTRIBUTE X(BLOCK,*) ONTO P", "ALIGN A(I) WITH X(I,1)"}));
  ASSERT_TRUE(inside.mapping) << joined(inside.errors);
  EXPECT_TRUE(inside.mapping->notes.empty()) << joined(inside.mapping->notes);
}

// HPF 1.1 and HPF 2.0 (with the approved extensions) in the spellings real
// code uses: every directive in fixed and free form, the sentinels and the
// continuation styles of both forms, the attributed and combined forms,
// FORALL statements and constructs, PURE / ELEMENTAL / EXTRINSIC prefixes,
// and the exact diagnostics of malformed directives.
// Source: HPF 2.0 specification, sections 3-5, 8 and 9.
#include "program/outline.h"
#include "test-support.h"

#include <gtest/gtest.h>

using namespace ps;
using namespace ps::fortran;

namespace {

std::string list(const std::vector<std::string>& names)
{
  std::string s;
  for (const auto& n : names)
    s += (s.empty() ? "" : ",") + n;
  return s;
}

std::string list(const std::vector<Expr>& items)
{
  std::string s;
  for (const auto& e : items)
    s += (s.empty() ? "" : ",") + toString(e);
  return s;
}

std::string shape(const EntityDecl& o)
{
  std::string s = o.name;
  if (o.dims.empty())
    return s;
  s += "(";
  for (std::size_t d = 0; d < o.dims.size(); ++d)
    s += (d ? "," : "") + (o.dims[d].lower.missing() ? "" : toString(o.dims[d].lower) + ":") + toString(o.dims[d].upper);
  return s + ")";
}

std::string formats(const Directive& d)
{
  if (!d.formatsWritten)
    return d.formatMode == MappingMode::Transcriptive ? " *" : "";
  std::string s = d.formatMode == MappingMode::Descriptive ? " *(" : " (";
  for (std::size_t k = 0; k < d.formats.size(); ++k) {
    s += (k ? "," : "") + std::string(formatKindName(d.formats[k].kind));
    if (!d.formats[k].size.missing())
      s += "(" + toString(d.formats[k].size) + ")";
  }
  return s + ")";
}

/// A one-line canonical dump of a directive, e.g. "ALIGN a,b(i) WITH t(i+1)".
std::string dump(const Directive& d)
{
  std::string s = directiveKindName(d.kind);
  switch (d.kind) {
  case DirectiveKind::Processors:
  case DirectiveKind::Template:
    for (const auto& o : d.objects)
      s += " " + shape(o);
    break;
  case DirectiveKind::Align:
  case DirectiveKind::Realign:
    s += " " + list(d.alignees) + (d.aligneeSubscripts.empty() ? "" : "(" + list(d.aligneeSubscripts) + ")");
    s += " WITH " + std::string(d.alignMode == MappingMode::Descriptive ? "*" : "") + d.target;
    s += d.targetSubscripts.empty() ? "" : "(" + list(d.targetSubscripts) + ")";
    break;
  case DirectiveKind::Distribute:
  case DirectiveKind::Redistribute:
    s += " " + list(d.distributees) + formats(d);
    s += d.onto.empty() ? "" : " ONTO " + d.onto;
    s += d.ontoSubscripts.empty() ? "" : "(" + list(d.ontoSubscripts) + ")";
    break;
  case DirectiveKind::Dynamic: s += " " + list(d.dynamicNames); break;
  case DirectiveKind::Independent:
    s += d.indices.empty() ? "" : " (" + list(d.indices) + ")";
    s += d.newVariables.empty() ? "" : " NEW(" + list(d.newVariables) + ")";
    s += d.reductionVariables.empty() ? "" : " REDUCTION(" + list(d.reductionVariables) + ")";
    break;
  case DirectiveKind::On: s += " " + toString(d.home) + (d.begins ? " BEGIN" : ""); break;
  case DirectiveKind::Sequence: s = (d.noSequence ? "NO SEQUENCE" : "SEQUENCE") + std::string(d.names.empty() ? "" : " ") + list(d.names); break;
  default:
    if (!d.names.empty())
      s += " " + list(d.names);
    break;
  }
  return s;
}

std::string dumpAll(const std::vector<Directive>& directives)
{
  std::string s;
  for (const auto& d : directives)
    s += (s.empty() ? "" : " | ") + dump(d);
  return s;
}

/// One directive line in a unit that declares the usual names, in fixed
/// form (sentinel `sentinel`, body from column 7) or free form (`!HPF$ `,
/// body from column 7 too, so diagnostics have the same columns).
std::string unitText(const std::string& directive, SourceForm form, const std::string& sentinel = "CHPF$ ")
{
  const std::string indent = form == SourceForm::Fixed ? "      " : "  ";
  const std::string hpf = form == SourceForm::Fixed ? sentinel : "!HPF$ ";
  return indent + "SUBROUTINE S(A, B, X, SIZES, N)\n" + indent + "INTEGER N, SIZES(4)\n" + indent +
         "REAL A(N, N), B(N, N), X(N, N)\n" + hpf + directive + "\n" + indent + "END\n";
}

test::Program parse(const std::string& text, SourceForm form)
{
  return test::build(text, form == SourceForm::Fixed ? "t.f" : "t.f90");
}

struct Row {
  const char* directive;
  const char* expected;
};

const Row kRows[] = {
    {"PROCESSORS P(4)", "PROCESSORS p(4)"},
    {"PROCESSORS :: P(4,4)", "PROCESSORS p(4,4)"},
    {"PROCESSORS P(NUMBER_OF_PROCESSORS())", "PROCESSORS p(number_of_processors())"},
    {"PROCESSORS Q(2,2,2), R", "PROCESSORS q(2,2,2) r"},
    {"PROCESSORS, DIMENSION(8) :: P", "PROCESSORS p(8)"},
    {"TEMPLATE T(N, 0:N+1, 4)", "TEMPLATE t(n,0:n+1,4)"},
    {"TEMPLATE, DISTRIBUTE(BLOCK) :: T(N)", "TEMPLATE t(n) | DISTRIBUTE t (BLOCK)"},
    {"TEMPLATE, DIMENSION(N,N), DISTRIBUTE(BLOCK,*) ONTO P :: T, U",
     "TEMPLATE t(n,n) u(n,n) | DISTRIBUTE t,u (BLOCK,*) ONTO p"},
    {"ALIGN A, B WITH T", "ALIGN a,b WITH t"},
    {"ALIGN A(I), B(I) WITH T(I)", "ALIGN a,b(i) WITH t(i)"},
    {"ALIGN X(:,:) WITH T(:,:)", "ALIGN x(:,:) WITH t(:,:)"},
    {"ALIGN (I) WITH T(I+1) :: A, B", "ALIGN a,b(i) WITH t(i+1)"},
    {"ALIGN A(I,J) WITH T(J,I)", "ALIGN a(i,j) WITH t(j,i)"},
    {"ALIGN A(I,*) WITH *T(I)", "ALIGN a(i,*) WITH *t(i)"},
    {"ALIGN B(I,J) WITH T(2*I-1,*)", "ALIGN b(i,j) WITH t(2*i-1,*)"},
    {"ALIGN WITH T(I) :: X(I)", "ALIGN x(i) WITH t(i)"},
    {"ALIGN WITH T :: X", "ALIGN x WITH t"},
    {"DISTRIBUTE T(BLOCK, CYCLIC(4)) ONTO PROCS", "DISTRIBUTE t (BLOCK,CYCLIC(4)) ONTO procs"},
    {"DISTRIBUTE (BLOCK) ONTO P :: A, B", "DISTRIBUTE a,b (BLOCK) ONTO p"},
    {"DISTRIBUTE A ONTO P", "DISTRIBUTE a ONTO p"},
    {"DISTRIBUTE A *(BLOCK)", "DISTRIBUTE a *(BLOCK)"},
    {"DISTRIBUTE A *", "DISTRIBUTE a *"},
    {"DISTRIBUTE *(CYCLIC) :: A, B", "DISTRIBUTE a,b *(CYCLIC)"},
    {"DISTRIBUTE A(BLOCK(10), *) ONTO *", "DISTRIBUTE a (BLOCK(10),*)"},
    {"DISTRIBUTE A(GEN_BLOCK(SIZES), INDIRECT(SIZES))", "DISTRIBUTE a (GEN_BLOCK(sizes),INDIRECT(sizes))"},
    {"DISTRIBUTE A(CYCLIC) ONTO P(1:2)", "DISTRIBUTE a (CYCLIC) ONTO p(1:2)"},
    {"distribute a(cyclic(n/4), block)", "DISTRIBUTE a (CYCLIC(n/4),BLOCK)"},
    {"DYNAMIC A, T", "DYNAMIC a,t"},
    {"DYNAMIC, ALIGN WITH T :: A, B", "DYNAMIC a,b | ALIGN a,b WITH t"},
    {"DISTRIBUTE(BLOCK) ONTO P, DYNAMIC :: A", "DISTRIBUTE a (BLOCK) ONTO p | DYNAMIC a"},
    {"REDISTRIBUTE A(CYCLIC, *)", "REDISTRIBUTE a (CYCLIC,*)"},
    {"REALIGN A(I,J) WITH T(J,I)", "REALIGN a(i,j) WITH t(j,i)"},
    {"INHERIT A, B", "INHERIT a,b"},
    {"INHERIT :: X", "INHERIT x"},
    {"INHERIT, DISTRIBUTE *(BLOCK,*) :: A", "INHERIT a | DISTRIBUTE a *(BLOCK,*)"},
    {"SEQUENCE", "SEQUENCE"},
    {"SEQUENCE :: A, B", "SEQUENCE a,b"},
    {"NO SEQUENCE", "NO SEQUENCE"},
    {"ON HOME(A(I,J)) BEGIN", "ON a(i,j) BEGIN"},
    {"ON HOME(X(1,1)), RESIDENT", "ON x(1,1)"},
    {"END ON", "END ON"},
    {"RESIDENT", "RESIDENT"},
    {"TASK_REGION", "TASK_REGION"},
    {"END TASK_REGION", "END TASK_REGION"},
    {"SHADOW A(1:1, 0)", "SHADOW a"},
    {"RANGE A(BLOCK)", "RANGE a"},
};

} // namespace

TEST(HpfDirective, EveryConstructInBothForms)
{
  for (const auto& row : kRows) {
    for (const auto form : {SourceForm::Fixed, SourceForm::Free}) {
      auto p = parse(unitText(row.directive, form), form);
      SCOPED_TRACE(std::string(row.directive) + " in " + formName(form) + " form");
      EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
      ASSERT_EQ(p.parsed->units.size(), 1u);
      EXPECT_EQ(dumpAll(p.parsed->units[0].directives), row.expected);
    }
  }
}

TEST(HpfDirective, FixedFormSentinelsAreCaseInsensitive)
{
  for (const char* sentinel : {"CHPF$ ", "chpf$ ", "*HPF$ ", "*hpf$ ", "!HPF$ ", "!hpf$ ", "cHpF$ "}) {
    auto p = parse(unitText("distribute a(block, *)", SourceForm::Fixed, sentinel), SourceForm::Fixed);
    SCOPED_TRACE(sentinel);
    EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
    EXPECT_EQ(dumpAll(p.parsed->units[0].directives), "DISTRIBUTE a (BLOCK,*)");
  }
}

TEST(HpfDirective, FixedFormContinuationStyles)
{
  const char* text = "      SUBROUTINE S(A, B, N)\n"
                     "      REAL A(N, N), B(N, N)\n"
                     "CHPF$ DISTRIBUTE A(BLOCK,\n"        // column-6 continuation below
                     "CHPF$&   CYCLIC(4)) ONTO P\n"
                     "!HPF$ ALIGN B(I, J) &\n"           // trailing '&' (free-form style)
                     "!HPF$      WITH A(J, I)\n"
                     "*HPF$ TEMPLATE T(N,\n"
                     "*HPF$1 N)\n"                        // a digit in column 6
                     "!HPF$PROCESSORS P(4)\n"              // the keyword in column 6
                     "CHPF$\tDYNAMIC A\n"                  // a tab after the sentinel
                     "        !HPF$ INHERIT B\n"          // indented past column 1
                     "      END\n";
  auto p = parse(text, SourceForm::Fixed);
  EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  EXPECT_EQ(dumpAll(p.parsed->units[0].directives), "DISTRIBUTE a (BLOCK,CYCLIC(4)) ONTO p | ALIGN b(i,j) WITH a(j,i) | "
                                                    "TEMPLATE t(n,n) | PROCESSORS p(4) | DYNAMIC a | INHERIT b");
  const auto& d = p.parsed->units[0].directives;
  EXPECT_EQ(p.parsed->line(d[0].range), 3);
  EXPECT_EQ(p.parsed->line(d[1].range), 5);
}

TEST(HpfDirective, FreeFormContinuationStyles)
{
  const char* text = "subroutine s(a, b, n)\n"
                     "  real :: a(n, n), b(n, n)\n"
                     "!HPF$ DISTRIBUTE a(BLOCK, &\n"
                     "!HPF$& CYCLIC(4)) ONTO p\n"
                     "  !hpf$ align b(i, j) &\n"
                     "  !hpf$   with a(j, i)\n"
                     "!HPF$ TEMPLATE, &   ! a comment after the '&'\n"
                     "!HPF$   & DISTRIBUTE(BLOCK) :: t(n)\n"
                     "end subroutine s\n";
  auto p = parse(text, SourceForm::Free);
  EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  EXPECT_EQ(dumpAll(p.parsed->units[0].directives),
            "DISTRIBUTE a (BLOCK,CYCLIC(4)) ONTO p | ALIGN b(i,j) WITH a(j,i) | TEMPLATE t(n) | DISTRIBUTE t (BLOCK)");
}

TEST(HpfDirective, IndependentInAllItsSpellings)
{
  const std::pair<const char*, const char*> rows[] = {
      {"INDEPENDENT", "INDEPENDENT"},
      {"INDEPENDENT (I, J)", "INDEPENDENT (i,j)"},
      {"INDEPENDENT, NEW(J, K)", "INDEPENDENT NEW(j,k)"},
      {"INDEPENDENT, NEW(J), REDUCTION(S)", "INDEPENDENT NEW(j) REDUCTION(s)"},
      {"INDEPENDENT (I), REDUCTION(S, T)", "INDEPENDENT (i) REDUCTION(s,t)"},
      {"INDEPENDENT NEW(J) REDUCTION(MAX: S)", "INDEPENDENT NEW(j) REDUCTION(s)"},
      {"independent, new(j), on home(a(i, 1))", "INDEPENDENT NEW(j)"},
  };
  for (const auto& [directive, expected] : rows) {
    for (const auto form : {SourceForm::Fixed, SourceForm::Free}) {
      SCOPED_TRACE(std::string(directive) + " in " + formName(form) + " form");
      const std::string i = form == SourceForm::Fixed ? "      " : "  ";
      const std::string text = i + "PROGRAM P\n" + i + "REAL A(8, 8)\n" + (form == SourceForm::Fixed ? "CHPF$ " : "!HPF$ ") +
                               directive + "\n" + i + "DO I = 1, 8\n" + i + "  A(I, 1) = 0.0\n" + i + "END DO\n" + i +
                               "END\n";
      auto p = parse(text, form);
      EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
      const auto& loop = p.parsed->units[0].body.at(0);
      ASSERT_TRUE(loop.independent);
      EXPECT_EQ(dump(*loop.independent), expected);
      EXPECT_TRUE(p.unit().loops.at(0).independent);
    }
  }
}

TEST(HpfDirective, MalformedDirectivesGiveExactDiagnostics)
{
  const std::pair<const char*, const char*> rows[] = {
      {"ALIGN A WITH", "4:19: Expected an align target after WITH"},
      {"ALIGN A T(I)", "4:15: Expected WITH in ALIGN"},
      {"ALIGN WITH T", "4:13: ALIGN needs an alignee"},
      {"DISTRIBUTE (BLOK)", "4:19: Unknown distribution format 'BLOK'; expected BLOCK, CYCLIC or '*'"},
      {"DISTRIBUTE A(CYCLIC(0))", "4:27: CYCLIC block size must be positive"},
      {"DISTRIBUTE A(BLOCK(-2))", "4:26: BLOCK block size must be positive"},
      {"DISTRIBUTE A(BLOCK, CYCLIC(4) ONTO P", "4:37: Expected ')' after the distribution formats"},
      {"DISTRIBUTE A(GEN_BLOCK)", "4:29: GEN_BLOCK needs an array argument"},
      {"DISTRIBUTE (BLOCK)", "4:25: DISTRIBUTE needs a distributee"},
      {"ALIGN A(I WITH T(I)", "4:17: Expected ')' to close the list"},
      {"INDEPENDENT, NEW(", "4:24: Expected a variable name"},
      {"INDEPENDENT, PRIVATE(I)", "4:20: Unknown INDEPENDENT clause 'PRIVATE'"},
      {"TEMPLATE, BOGUS :: T(N)", "4:17: Unknown attribute 'BOGUS' in a combined HPF directive"},
      {"ALIGN A(I), B(J) WITH T(I)", "4:19: Alignees of one ALIGN must have the same dummy list"},
  };
  for (const auto& [directive, expected] : rows) {
    for (const auto form : {SourceForm::Fixed, SourceForm::Free}) {
      SCOPED_TRACE(std::string(directive) + " in " + formName(form) + " form");
      auto p = parse(unitText(directive, form), form);
      EXPECT_EQ(test::messages(*p.parsed), std::vector<std::string>{expected});
    }
  }
}

TEST(HpfDirective, UnknownDirectiveIsAWarning)
{
  auto p = parse(unitText("FROBNICATE A", SourceForm::Free), SourceForm::Free);
  EXPECT_EQ(test::messages(*p.parsed),
            std::vector<std::string>{"4:7: HPF directive 'FROBNICATE' is not supported and is ignored"});
}

// ---- FORALL -----------------------------------------------------------------

TEST(Forall, StatementWithMaskInBothForms)
{
  for (const auto form : {SourceForm::Fixed, SourceForm::Free}) {
    const std::string i = form == SourceForm::Fixed ? "      " : "  ";
    const std::string text = i + "PROGRAM P\n" + i + "INTEGER, PARAMETER :: N = 8\n" + i + "REAL A(N, N)\n" + i +
                             "FORALL (I = 1:N, J = 1:N:2, A(I,J) /= 0.0) A(I,J) = 1.0 / A(I,J)\n" + i + "END\n";
    SCOPED_TRACE(formName(form));
    auto p = parse(text, form);
    EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
    const auto& f = p.parsed->units[0].body.at(0);
    ASSERT_EQ(f.kind, StmtKind::Forall);
    EXPECT_FALSE(f.forallConstruct);
    ASSERT_EQ(f.forallIndices.size(), 2u);
    EXPECT_EQ(f.forallIndices[1].name, "j");
    EXPECT_EQ(toString(f.forallIndices[1].stride), "2");
    EXPECT_EQ(toString(f.condition), "a(i,j)/=0.0");
    ASSERT_EQ(f.body.size(), 1u);
    EXPECT_EQ(toString(f.body[0].lhs), "a(i,j)");

    const auto& u = p.unit();
    ASSERT_EQ(u.loops.size(), 2u);
    EXPECT_TRUE(u.loops[0].isForall && u.loops[1].isForall);
    EXPECT_EQ(u.loops[1].parent, 0);
    EXPECT_EQ(u.loops[0].line, 4);
    EXPECT_EQ(u.loops[1].line, 4);
    EXPECT_EQ(u.loops[1].upper.str(), "8");
    EXPECT_EQ(u.loops[1].step.str(), "2");
    EXPECT_EQ(u.loopAtLine(4), &u.loops[0]); // selecting the line selects the whole nest
    ASSERT_EQ(u.statements.size(), 2u);      // the mask, then the assignment
    EXPECT_EQ(u.statements[0].kind, program::StatementKind::Control);
    EXPECT_DOUBLE_EQ(u.statements[0].probability, 1.0);
    EXPECT_DOUBLE_EQ(u.statements[1].probability, 0.5);
    EXPECT_EQ(u.statements[1].loops, (std::vector<int>{0, 1}));
  }
}

TEST(Forall, NestedConstructsAndTheOutline)
{
  const char* text = "program p\n"
                     "  integer, parameter :: n = 16\n"
                     "  real :: a(n), b(n), c(n, n)\n"
                     "  !HPF$ INDEPENDENT\n"
                     "  outer: forall (i = 2:n-1)\n"
                     "    b(i) = a(i-1) + a(i+1)\n"
                     "    forall (j = 1:n, c(i, j) > 0.0)\n"
                     "      c(i, j) = b(i)\n"
                     "    endforall\n"
                     "    forall (j = 1:i) c(i, j) = 0.0\n"
                     "  end forall outer\n"
                     "end program p\n";
  auto p = parse(text, SourceForm::Free);
  EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
  const auto& f = p.parsed->units[0].body.at(0);
  ASSERT_EQ(f.kind, StmtKind::Forall);
  EXPECT_TRUE(f.forallConstruct);
  EXPECT_TRUE(f.independent);
  ASSERT_EQ(f.body.size(), 3u);
  EXPECT_EQ(f.body[1].kind, StmtKind::Forall);
  EXPECT_TRUE(f.body[1].forallConstruct);
  EXPECT_FALSE(f.body[2].forallConstruct);

  const auto& u = p.unit();
  ASSERT_EQ(u.loops.size(), 3u);
  EXPECT_EQ(u.loops[0].line, 5);
  EXPECT_EQ(u.loops[0].endLine, 11);
  EXPECT_TRUE(u.loops[0].independent);
  EXPECT_EQ(u.loops[1].line, 7);
  EXPECT_EQ(u.loops[1].endLine, 9);
  EXPECT_EQ(u.loops[2].upper.str(), "i");            // triangular
  EXPECT_EQ(u.loops[0].children, (std::vector<int>{1, 2}));
  EXPECT_EQ(program::outlineText(*p.parsed, p.model),
            "program 'p' (lines 1-12)\n"
            "  array a(16) REAL, 4 bytes per element\n"
            "  array b(16) REAL, 4 bytes per element\n"
            "  array c(16,16) REAL, 4 bytes per element\n"
            "  line 5: FORALL i = 2:15  [INDEPENDENT]\n"
            "    line 7: FORALL j = 1:16\n"
            "    line 10: FORALL j = 1:i\n");
  EXPECT_EQ(program::outlineJson(*p.parsed, p.model)["units"][0]["loops"][0]["forall"], true);
}

TEST(Forall, FixedFormConstructAndErrors)
{
  const char* text = "      PROGRAM P\n"
                     "      REAL A(10), B(10)\n"
                     "      FORALL (I = 1:10)\n"
                     "        A(I) = B(I)\n"
                     "      END FORALL\n"
                     "      FORALL (I = 1:10) CALL F(I)\n"
                     "      FORALL (1:10) A(I) = 0\n"
                     "      FORALL (I = 1:10)\n"
                     "        B(I) = 1\n"
                     "      END\n";
  auto p = parse(text, SourceForm::Fixed);
  EXPECT_EQ(test::messages(*p.parsed),
            (std::vector<std::string>{"6:25: Expected an assignment after the FORALL header",
                                      "7:15: Expected a FORALL index name",
                                      "8:7: FORALL construct starting at line 8 is not closed before END"}));
  EXPECT_EQ(p.unit().loops.size(), 2u);
}

TEST(UnitPrefixes, PureElementalExtrinsic)
{
  for (const auto form : {SourceForm::Fixed, SourceForm::Free}) {
    const std::string i = form == SourceForm::Fixed ? "      " : "";
    const std::string text = i + "PURE REAL FUNCTION F(X)\n" + i + "REAL X\n" + i + "F = X\n" + i + "END\n" + i +
                             "ELEMENTAL SUBROUTINE S(A)\n" + i + "END\n" + i + "REAL PURE FUNCTION G(X)\n" + i +
                             "END\n" + i + "EXTRINSIC(HPF_LOCAL) SUBROUTINE L(A)\n" + i + "END\n" + i +
                             "RECURSIVE PURE SUBROUTINE R()\n" + i + "REAL PURE\n" + i + "PURE = 1.0\n" + i + "END\n";
    SCOPED_TRACE(formName(form));
    auto p = parse(text, form);
    EXPECT_TRUE(p.parsed->diagnostics.empty()) << testing::PrintToString(test::messages(*p.parsed));
    const auto& u = p.parsed->units;
    ASSERT_EQ(u.size(), 5u);
    EXPECT_EQ(u[0].kind, UnitKind::Function);
    EXPECT_EQ(u[0].prefixes, std::vector<std::string>{"pure"});
    EXPECT_EQ(u[1].prefixes, std::vector<std::string>{"elemental"});
    EXPECT_EQ(u[2].name, "g");
    EXPECT_EQ(u[2].prefixes, std::vector<std::string>{"pure"});
    EXPECT_EQ(u[3].prefixes, std::vector<std::string>{"extrinsic(hpf_local)"});
    EXPECT_EQ(u[4].prefixes, (std::vector<std::string>{"recursive", "pure"}));
    EXPECT_EQ(u[4].body.size(), 1u); // PURE = 1.0 is an assignment to a variable named 'pure'
  }
}

// Analytic formulas: values, binding, and errors at the right column.
#include "symbolic/formula.h"

#include <gtest/gtest.h>

#include <cmath>

using ps::symbolic::Formula;
using ps::symbolic::FormulaError;

namespace {

double eval(const std::string& text, const std::map<std::string, double>& values = {})
{
  FormulaError error;
  auto f = Formula::parse(text, &error);
  EXPECT_TRUE(f) << text << ": " << error.column << ": " << error.message;
  return f ? f->evaluate(values) : std::nan("");
}

FormulaError errorOf(const std::string& text)
{
  FormulaError error;
  EXPECT_FALSE(Formula::parse(text, &error)) << text;
  return error;
}

} // namespace

TEST(Formula, EvaluatesWithPrecedenceAndAssociativity)
{
  EXPECT_DOUBLE_EQ(eval("1 + 2*3"), 7);
  EXPECT_DOUBLE_EQ(eval("2^3^2"), 512);  // right-associative
  EXPECT_DOUBLE_EQ(eval("2**3"), 8);
  EXPECT_DOUBLE_EQ(eval("-2^2"), -4);    // unary minus binds looser than ^
  EXPECT_DOUBLE_EQ(eval("8/4/2"), 1);    // left-associative
  EXPECT_DOUBLE_EQ(eval("sqrt(16) + log2(8) + abs(-1) + exp(0) + log(1)"), 9);
  EXPECT_DOUBLE_EQ(eval("1.5e-6*2E6"), 3);
  EXPECT_DOUBLE_EQ(eval("N*P", {{"n", 3}, {"p", 4}}), 12); // names are case-insensitive
}

TEST(Formula, PddModelOfSun2002)
{
  // (9n/p + 1)*n1*tc + 2*(rho + 8*n1*beta) at n = 12800, p = 2 on the SP2.
  const double t = eval("(9*n/p + 1)*n1*tc + 2*(rho + 8*n1*beta)",
                        {{"n", 12800}, {"p", 2}, {"n1", 1024}, {"tc", 1e-8}, {"rho", 45e-6}, {"beta", 1 / 35e6}});
  EXPECT_NEAR(t, 57601.0 * 1024 * 1e-8 + 2 * (45e-6 + 8 * 1024 / 35e6), 1e-15);
}

TEST(Formula, BindsSlotsAndConstants)
{
  FormulaError error;
  auto f = Formula::parse("a*n + b*p", &error);
  ASSERT_TRUE(f);
  std::string missing;
  EXPECT_FALSE(f->bind({"p", "n"}, {{"a", 2}}, &missing));
  EXPECT_EQ(missing, "b");
  auto bound = f->bind({"p", "n"}, {{"a", 2}, {"b", 10}}, &missing);
  ASSERT_TRUE(bound);
  const double args[] = {3, 5};
  EXPECT_DOUBLE_EQ(bound->evaluateSlots(args), 2 * 5 + 10 * 3);
  EXPECT_EQ(bound->str(), f->str()); // printing uses the names, not the slots
  EXPECT_EQ(f->columnOf("b"), 7);
}

TEST(Formula, PrintsLatex)
{
  FormulaError error;
  auto f = Formula::parse("sqrt(p) - 1", &error);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->latex(), "\\sqrt{p} - 1"); // one order in every process, not GiNaC's
}

TEST(Formula, PrintsInOneCanonicalOrder)
{
  // sums: the number last, higher degree first, positive before negative, then by text;
  // products: coefficient, factors by text, negative powers as a denominator
  const std::pair<const char*, const char*> rows[] = {
    {"1 - k + n", "n - k + 1"},
    {"n - 1 + 2*m", "2*m + n - 1"},
    {"(9*n/p + 1)*n1*tc", "n1*tc*(9*n/p + 1)"},
    {"2/p", "2/p"},
    {"rho + 8*n1*beta", "8*beta*n1 + rho"},
    {"abs(1 - n)", "abs(-n + 1)"},
  };
  for (const auto& [text, printed] : rows) {
    FormulaError error;
    auto f = Formula::parse(text, &error);
    ASSERT_TRUE(f) << text;
    EXPECT_EQ(f->str(), printed) << text;
  }
}

struct BadFormula {
  const char* text;
  int column;
  const char* message;
};

class FormulaErrors : public testing::TestWithParam<BadFormula> {};

TEST_P(FormulaErrors, ReportColumnAndSentence)
{
  const auto row = GetParam();
  const auto e = errorOf(row.text);
  EXPECT_EQ(e.column, row.column) << row.text;
  EXPECT_EQ(e.message, row.message) << row.text;
}

INSTANTIATE_TEST_SUITE_P(
    Rows, FormulaErrors,
    testing::Values(BadFormula{"", 1, "The formula is empty"},
                    BadFormula{"(9*n/p + 1", 1, "This parenthesis is not closed"},
                    BadFormula{"2*(n + ) ", 8, "Expected a number, a name or '(' but found ')'"},
                    BadFormula{"n +", 4, "The formula ends where a value was expected"},
                    BadFormula{"2n", 2, "A number cannot be followed directly by a name; write '*' between them"},
                    BadFormula{"cosh(n)", 1, "Unknown function 'cosh'; known are sqrt, exp, log, log2 and abs"},
                    BadFormula{"n $ 2", 3, "Unexpected '$' after the end of the formula"},
                    BadFormula{"sqrt(n", 7, "Expected ')' to close the call of 'sqrt'"}));

TEST(Formula, DeepNestingIsAnErrorNotACrash)
{
  const std::string deep = std::string(5000, '(') + "1" + std::string(5000, ')');
  const auto e = errorOf(deep);
  EXPECT_EQ(e.message, "The formula nests deeper than 200 levels");
  EXPECT_EQ(e.column, 201); // the 201st parenthesis
}

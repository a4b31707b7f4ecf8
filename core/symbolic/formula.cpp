#include "symbolic/formula.h"

#include "support/check.h"
#include "support/text.h"
#include "symbolic/canonical-printer.h"

#include <ginac/ginac.h>

#include <cctype>
#include <cmath>
#include <algorithm>
#include <cstdlib>
#include <initializer_list>

namespace ps::symbolic {

enum class Op { Const, Var, Neg, Add, Sub, Mul, Div, Pow, Sqrt, Exp, Log, Log2, Abs };

struct Instruction {
  Op op;
  double value = 0; // Const
  int index = 0;    // Var: into names (unbound) or slots (bound)
};

struct Formula::Compiled {
  std::vector<Instruction> code;       // postfix
  std::vector<std::string> names;      // symbols in order of first use
  std::vector<int> columns;            // first column of each name
  std::set<std::string> symbols;
  int maxStack = 0;
};

namespace {

constexpr int kMaxNesting = 200; // parentheses and unary signs, like compilers' limits

const std::map<std::string, Op> kFunctions = {
    {"sqrt", Op::Sqrt}, {"exp", Op::Exp}, {"log", Op::Log}, {"ln", Op::Log}, {"log2", Op::Log2}, {"abs", Op::Abs}};

int stackEffect(Op op)
{
  switch (op) {
  case Op::Const:
  case Op::Var:
    return 1;
  case Op::Add:
  case Op::Sub:
  case Op::Mul:
  case Op::Div:
  case Op::Pow:
    return -1;
  default:
    return 0;
  }
}

// Recursive descent over the text; emits postfix code. Depth is bounded by
// kMaxNesting so hostile input cannot overflow the stack.
class FormulaParser {
public:
  FormulaParser(const std::string& text, Formula::Compiled& out) : m_text(text), m_out(out) {}

  bool run(FormulaError* error)
  {
    skipBlanks();
    if (m_pos >= m_text.size())
      return fail(1, "The formula is empty", error);
    if (!expression(error))
      return false;
    skipBlanks();
    if (m_pos < m_text.size())
      return fail(column(), "Unexpected '" + std::string(1, m_text[m_pos]) + "' after the end of the formula", error);
    return true;
  }

private:
  const std::string& m_text;
  Formula::Compiled& m_out;
  std::size_t m_pos = 0;
  int m_depth = 0;

  int column() const { return static_cast<int>(m_pos) + 1; }
  bool fail(int col, std::string message, FormulaError* error)
  {
    if (error)
      *error = {col, std::move(message)};
    return false;
  }
  void skipBlanks()
  {
    while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
      ++m_pos;
  }
  bool accept(const char* token)
  {
    skipBlanks();
    const std::size_t len = std::char_traits<char>::length(token);
    if (m_text.compare(m_pos, len, token) != 0)
      return false;
    if (len == 1 && token[0] == '*' && m_text.compare(m_pos, 2, "**") == 0)
      return false;
    m_pos += len;
    return true;
  }
  void emit(Op op, double value = 0, int index = 0) { m_out.code.push_back({op, value, index}); }

  using Level = bool (FormulaParser::*)(FormulaError*);
  struct BinaryOp {
    const char* token;
    Op op;
  };

  // operand (op operand)*, left-associative.
  bool chain(FormulaError* error, Level operand, std::initializer_list<BinaryOp> ops)
  {
    if (!(this->*operand)(error))
      return false;
    for (;;) {
      const BinaryOp* found = nullptr;
      for (const auto& o : ops)
        if (!found && accept(o.token))
          found = &o;
      if (!found)
        return true;
      if (!(this->*operand)(error))
        return false;
      emit(found->op);
    }
  }

  bool expression(FormulaError* error) { return chain(error, &FormulaParser::term, {{"+", Op::Add}, {"-", Op::Sub}}); }
  bool term(FormulaError* error) { return chain(error, &FormulaParser::unary, {{"*", Op::Mul}, {"/", Op::Div}}); }

  bool unary(FormulaError* error)
  {
    if (++m_depth > kMaxNesting)
      return fail(column(), "The formula nests deeper than " + std::to_string(kMaxNesting) + " levels", error);
    bool ok;
    if (accept("-")) {
      ok = unary(error);
      if (ok)
        emit(Op::Neg);
    } else if (accept("+")) {
      ok = unary(error);
    } else {
      ok = power(error);
    }
    --m_depth;
    return ok;
  }

  bool power(FormulaError* error)
  {
    if (!primary(error))
      return false;
    if (accept("^") || accept("**")) {
      if (!unary(error)) // right-associative: 2^3^2 = 2^9
        return false;
      emit(Op::Pow);
    }
    return true;
  }

  bool primary(FormulaError* error)
  {
    skipBlanks();
    if (m_pos >= m_text.size())
      return fail(column(), "The formula ends where a value was expected", error);
    const char c = m_text[m_pos];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.')
      return number(error);
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_')
      return name(error);
    if (c == '(') {
      const int open = column();
      ++m_pos;
      if (!expression(error))
        return false;
      if (!accept(")"))
        return fail(open, "This parenthesis is not closed", error);
      return true;
    }
    return fail(column(), "Expected a number, a name or '(' but found '" + std::string(1, c) + "'", error);
  }

  bool number(FormulaError* error)
  {
    const int start = column();
    const char* begin = m_text.c_str() + m_pos;
    char* end = nullptr;
    const double value = std::strtod(begin, &end);
    if (end == begin)
      return fail(start, "Malformed number", error);
    m_pos += static_cast<std::size_t>(end - begin);
    if (m_pos < m_text.size() && (std::isalpha(static_cast<unsigned char>(m_text[m_pos])) || m_text[m_pos] == '_'))
      return fail(column(), "A number cannot be followed directly by a name; write '*' between them", error);
    emit(Op::Const, value);
    return true;
  }

  bool name(FormulaError* error)
  {
    const int start = column();
    std::size_t end = m_pos;
    while (end < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[end])) || m_text[end] == '_'))
      ++end;
    const std::string id = toLower(m_text.substr(m_pos, end - m_pos));
    m_pos = end;
    if (accept("("))
      return call(id, start, error);
    auto& names = m_out.names;
    auto it = std::find(names.begin(), names.end(), id);
    if (it == names.end()) {
      names.push_back(id);
      m_out.columns.push_back(start);
      m_out.symbols.insert(id);
      it = names.end() - 1;
    }
    emit(Op::Var, 0, static_cast<int>(it - names.begin()));
    return true;
  }

  bool call(const std::string& id, int start, FormulaError* error)
  {
    const auto f = kFunctions.find(id);
    if (f == kFunctions.end())
      return fail(start, "Unknown function '" + id + "'; known are sqrt, exp, log, log2 and abs", error);
    if (!expression(error))
      return false;
    if (!accept(")"))
      return fail(column(), "Expected ')' to close the call of '" + id + "'", error);
    emit(f->second);
    return true;
  }
};

int maxStackOf(const std::vector<Instruction>& code)
{
  int depth = 0, most = 0;
  for (const auto& i : code) {
    depth += stackEffect(i.op);
    most = std::max(most, depth);
  }
  return most;
}

double apply(Op op, double a)
{
  switch (op) {
  case Op::Neg:
    return -a;
  case Op::Sqrt:
    return std::sqrt(a);
  case Op::Exp:
    return std::exp(a);
  case Op::Log:
    return std::log(a);
  case Op::Log2:
    return std::log2(a);
  case Op::Abs:
    return std::fabs(a);
  default:
    PS_DIE("not a unary formula operation");
  }
}

double apply(Op op, double a, double b)
{
  switch (op) {
  case Op::Add:
    return a + b;
  case Op::Sub:
    return a - b;
  case Op::Mul:
    return a * b;
  case Op::Div:
    return a / b;
  case Op::Pow:
    return std::pow(a, b);
  default:
    PS_DIE("not a binary formula operation");
  }
}

// Runs postfix code; `vars` holds the Var operands by index.
double run(const Formula::Compiled& c, const double* vars)
{
  constexpr int kInline = 64;
  double inlineStack[kInline];
  std::vector<double> heap;
  double* stack = inlineStack;
  if (c.maxStack > kInline) {
    heap.resize(static_cast<std::size_t>(c.maxStack));
    stack = heap.data();
  }
  int top = 0;
  for (const auto& i : c.code) {
    switch (i.op) {
    case Op::Const:
      stack[top++] = i.value;
      break;
    case Op::Var:
      stack[top++] = vars[i.index];
      break;
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Div:
    case Op::Pow:
      --top;
      stack[top - 1] = apply(i.op, stack[top - 1], stack[top]);
      break;
    default:
      stack[top - 1] = apply(i.op, stack[top - 1]);
    }
  }
  PS_CHECK(top == 1);
  return stack[0];
}

GiNaC::ex toGinac(const Formula::Compiled& c)
{
  thread_local std::map<std::string, GiNaC::symbol> symbols;
  std::vector<GiNaC::ex> stack;
  for (const auto& i : c.code) {
    if (i.op == Op::Const) {
      double whole;
      const bool integral = std::modf(i.value, &whole) == 0 && std::fabs(whole) < 1e15;
      stack.push_back(integral ? GiNaC::numeric(static_cast<long>(whole)) : GiNaC::numeric(i.value));
      continue;
    }
    if (i.op == Op::Var) {
      const auto& name = c.names.at(static_cast<std::size_t>(i.index));
      auto it = symbols.try_emplace(name, GiNaC::symbol(name)).first;
      stack.push_back(it->second);
      continue;
    }
    GiNaC::ex b = stack.back();
    if (stackEffect(i.op) == 0) {
      switch (i.op) {
      case Op::Neg: stack.back() = -b; break;
      case Op::Sqrt: stack.back() = GiNaC::sqrt(b); break;
      case Op::Exp: stack.back() = GiNaC::exp(b); break;
      case Op::Log: stack.back() = GiNaC::log(b); break;
      case Op::Log2: stack.back() = GiNaC::log(b) / GiNaC::log(GiNaC::ex(2)); break;
      default: stack.back() = GiNaC::abs(b); break;
      }
      continue;
    }
    stack.pop_back();
    GiNaC::ex& a = stack.back();
    switch (i.op) {
    case Op::Add: a = a + b; break;
    case Op::Sub: a = a - b; break;
    case Op::Mul: a = a * b; break;
    case Op::Div: a = a / b; break;
    default: a = GiNaC::pow(a, b); break;
    }
  }
  PS_CHECK(stack.size() == 1);
  return stack.front();
}

} // namespace

std::optional<Formula> Formula::parse(const std::string& text, FormulaError* error)
{
  auto compiled = std::make_shared<Compiled>();
  FormulaParser parser(text, *compiled);
  if (!parser.run(error))
    return std::nullopt;
  compiled->maxStack = maxStackOf(compiled->code);
  Formula f;
  f.m_text = text;
  f.m_parsed = compiled;
  f.m_compiled = std::move(compiled);
  return f;
}

const std::set<std::string>& Formula::symbols() const { return m_compiled->symbols; }

int Formula::columnOf(const std::string& name) const
{
  const auto& names = m_compiled->names;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i] == toLower(name))
      return m_compiled->columns[i];
  return 1;
}

double Formula::evaluate(const std::map<std::string, double>& values) const
{
  std::vector<double> vars;
  vars.reserve(m_compiled->names.size());
  for (const auto& name : m_compiled->names) {
    auto it = values.find(name);
    vars.push_back(it == values.end() ? std::nan("") : it->second);
  }
  return run(*m_compiled, vars.data());
}

std::optional<Formula> Formula::bind(const std::vector<std::string>& slots, const std::map<std::string, double>& constants,
                                     std::string* missing) const
{
  auto bound = std::make_shared<Compiled>(*m_compiled);
  for (auto& i : bound->code) {
    if (i.op != Op::Var)
      continue;
    const auto& name = m_compiled->names.at(static_cast<std::size_t>(i.index));
    auto slot = std::find(slots.begin(), slots.end(), name);
    if (slot != slots.end()) {
      i.index = static_cast<int>(slot - slots.begin());
      continue;
    }
    auto c = constants.find(name);
    if (c == constants.end()) {
      if (missing)
        *missing = name;
      return std::nullopt;
    }
    i = {Op::Const, c->second, 0};
  }
  Formula f = *this;
  f.m_compiled = std::move(bound);
  return f;
}

double Formula::evaluateSlots(const double* args) const { return run(*m_compiled, args); }

std::string Formula::str() const { return canonicalText(toGinac(*m_parsed), false); }

std::string Formula::latex() const { return canonicalText(toGinac(*m_parsed), true); }

} // namespace ps::symbolic

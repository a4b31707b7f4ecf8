#include "program/scalar-values.h"

#include "support/text.h"

#include <algorithm>
#include <cctype>

namespace ps::program {
namespace {

/// "line 12", "lines 12 and 14", "lines 12, 14 and 16".
std::string linesText(const std::set<int>& lines)
{
  std::vector<std::string> numbers;
  for (int line : lines)
    numbers.push_back(std::to_string(line));
  return (lines.size() == 1 ? "line " : "lines ") + joinWithAnd(numbers);
}

bool isNameStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

/// The position after READ's control list: "(5,*)" or a format and a comma.
std::size_t inputListStart(const std::string& t)
{
  std::size_t pos = 4; // after "read"
  if (pos < t.size() && t[pos] == '(') {
    int depth = 0;
    for (; pos < t.size(); ++pos) {
      depth += t[pos] == '(' ? 1 : t[pos] == ')' ? -1 : 0;
      if (depth == 0)
        return pos + 1;
    }
    return t.size();
  }
  const auto comma = t.find(',', pos); // READ f, list (no list: READ f)
  return comma == std::string::npos ? t.size() : comma + 1;
}

} // namespace

std::vector<std::string> readVariables(std::string_view statement)
{
  const auto t = compact(statement);
  std::vector<std::string> names;
  if (t.rfind("read", 0) != 0)
    return names;
  int depth = 0;
  for (std::size_t pos = inputListStart(t); pos < t.size();) {
    const char c = t[pos];
    if (c == '\'' || c == '"') { // a string in the list: skip it
      const auto end = t.find(c, pos + 1);
      pos = end == std::string::npos ? t.size() : end + 1;
    } else if (isNameStart(c)) {
      const auto begin = pos;
      while (pos < t.size() && isNameChar(t[pos]))
        ++pos;
      if (depth == 0)
        names.push_back(t.substr(begin, pos - begin));
    } else {
      depth += c == '(' ? 1 : c == ')' ? -1 : 0;
      ++pos;
    }
  }
  return names;
}

void ScalarValues::assign(const std::string& name, const std::optional<symbolic::Expr>& folded,
                          const std::optional<symbolic::Expr>& kept, const std::vector<std::string>& loopVars, int line,
                          bool varies)
{
  const auto at = "assigned at line " + std::to_string(line);
  if (!folded || !kept || !folded->affineIn(loopVars)) {
    unknown(name, {line}, at + (!folded || !kept ? " from a value that is not an integer expression of the unknowns"
                                                 : " from an expression that is not affine in the loop variables"));
    m_states[name].varies = varies;
    return;
  }
  State s;
  s.folded = *folded;
  s.kept = *kept;
  for (const auto& v : folded->symbols())
    if (std::find(loopVars.begin(), loopVars.end(), v) != loopVars.end())
      s.loopVars.insert(v);
  s.lines = {line};
  m_states[name] = std::move(s);
}

void ScalarValues::setBy(const std::string& name, const std::string& how, int line)
{
  const bool call = how.rfind("CALL", 0) == 0;
  auto it = m_states.find(name);
  if (call && it != m_states.end() && it->second.kind == State::Kind::Unknown)
    return; // the earlier origin (a READ, say) is the more useful one
  unknown(name, {line}, std::string(call ? "possibly set by " : "set by ") + how + " at line " + std::to_string(line));
}

symbolic::Expr ScalarValues::substitute(const symbolic::Expr& e, bool kept)
{
  std::map<std::string, symbolic::Expr> replacements;
  for (const auto& n : e.symbols()) {
    auto it = m_states.find(n);
    if (it == m_states.end())
      continue;
    if (it->second.kind == State::Kind::Known)
      replacements.emplace(n, kept ? it->second.kept : it->second.folded);
    else
      m_origins.try_emplace(n, it->second.origin);
  }
  return replacements.empty() ? e : e.substitute(replacements);
}

void ScalarValues::merge(const std::vector<Snapshot>& paths)
{
  std::set<std::string> names;
  for (const auto& p : paths)
    for (const auto& [n, s] : p)
      names.insert(n);
  m_states.clear();
  for (const auto& n : names) {
    std::vector<const State*> states;
    std::set<int> lines;
    for (const auto& p : paths) {
      auto it = p.find(n);
      states.push_back(it == p.end() ? nullptr : &it->second);
      if (it != p.end())
        lines.insert(it->second.lines.begin(), it->second.lines.end());
    }
    const State* first = *std::find_if(states.begin(), states.end(), [](const State* s) { return s != nullptr; });
    const bool same = std::all_of(states.begin(), states.end(), [&](const State* s) {
      return s && s->kind == first->kind &&
             (s->kind == State::Kind::Known ? s->folded == first->folded && s->loopVars == first->loopVars
                                            : s->origin.line == first->origin.line && s->origin.reason == first->origin.reason);
    });
    if (same) {
      m_states[n] = *first;
      m_states[n].lines = lines;
    } else {
      const bool somePaths = std::find(states.begin(), states.end(), nullptr) != states.end();
      unknown(n, lines, (somePaths ? "assigned on some paths only (" : "assigned differently on several paths (") +
                          linesText(lines) + ")");
      // a path that sets it from a loop variable (a pivot search's IP = I under its IF) makes it data: the
      // row it names changes from one step to the next, an indirect subscript, not one value to ask for
      m_states[n].varies = std::any_of(states.begin(), states.end(), [](const State* s) {
        return s && (s->kind == State::Kind::Known ? !s->loopVars.empty() : s->varies);
      });
    }
  }
}

void ScalarValues::enterLoop(const std::string& variable, const std::map<std::string, std::set<int>>& assigned,
                             int line)
{
  m_states.erase(variable);
  for (const auto& [n, lines] : assigned) {
    if (n == variable)
      continue;
    unknown(n, lines, "assigned at " + linesText(lines) + " in the loop at line " + std::to_string(line) +
                        ", after this use");
  }
}

void ScalarValues::leaveLoop(const std::string& variable, int line)
{
  for (auto& [n, s] : m_states)
    if (s.kind == State::Kind::Known && s.loopVars.count(variable)) {
      s.kind = State::Kind::Unknown;
      s.origin = {*s.lines.begin(), "assigned at " + linesText(s.lines) + " from the variable '" + variable +
                                      "' of the loop at line " + std::to_string(line) + ", used after that loop"};
    }
}

void ScalarValues::unknown(const std::string& name, std::set<int> lines, std::string reason)
{
  State s;
  s.kind = State::Kind::Unknown;
  s.origin = {lines.empty() ? 0 : *lines.begin(), std::move(reason)};
  s.lines = std::move(lines);
  m_states[name] = std::move(s);
}

} // namespace ps::program

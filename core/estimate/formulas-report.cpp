#include "estimate/formulas-report.h"

#include <cstdio>

namespace ps::estimate {
namespace {

std::string seconds(double s)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", s);
  return buf;
}

/// CT(k) = sum_S probability(S) * cost(S) * work_line(k) (Defs. 3.7-3.8).
std::string ctFormula(const Estimate& e, bool latex)
{
  std::string out;
  for (const auto& s : e.statements) {
    if (s.cost <= 0)
      continue;
    const auto line = std::to_string(s.line);
    const auto weight = seconds(s.cost * s.probability);
    out += (out.empty() ? "" : " + ") +
           (latex ? weight + "\\,\\mathrm{s} \\cdot \\mathit{work}_{" + line + "}(k)" : weight + " s * work_" + line + "(k)");
  }
  return (latex ? "\\mathit{CT}(k) = " : "CT(k) = ") + (out.empty() ? "0" : out);
}

const char* kPerPoint = "NT, TD and TT are evaluated per point: the elements each processor pair exchanges are "
                        "counted in closed form (no enumeration), wd is Def. 3.2 over work(k)";

std::string indent(const std::string& text, const std::string& by)
{
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = text.find('\n', start);
    out += by + text.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
    if (end == std::string::npos)
      break;
    start = end + 1;
  }
  return out;
}

} // namespace

nlohmann::json formulasJson(const Estimate& e)
{
  nlohmann::json statements = nlohmann::json::array();
  for (const auto& s : e.statements) {
    nlohmann::json j = {{"line", s.line}, {"closed_form", s.closedForm}, {"why", s.formulaWhy},
                        {"cost_s", s.cost}, {"probability", s.probability}, {"ownership", s.ownership}};
    if (s.formula && s.closedForm) {
      const auto& printed = s.formula->printed();
      j["work"] = {{"text", printed.workText}, {"latex", printed.workLatex}};
      j["total"] = {{"text", printed.totalText}, {"latex", printed.totalLatex}};
    }
    statements.push_back(std::move(j));
  }
  return {{"statements", statements},
          {"ct", {{"text", ctFormula(e, false)}, {"latex", ctFormula(e, true)}}},
          {"evaluated_per_point", kPerPoint}};
}

std::string formulasText(const Estimate& e, bool latex)
{
  std::string out;
  for (const auto& s : e.statements) {
    out += "  line " + std::to_string(s.line) + ":";
    if (!s.formula) {
      out += " no closed form (" + s.formulaWhy + "); counted per point\n";
      continue;
    }
    if (!s.closedForm) {
      out += " counted per point (" + s.formulaWhy + ")\n";
      continue;
    }
    out += "\n";
    const auto& printed = s.formula->printed(); // printed once per compiled formula
    out += "    W(S) =\n" + indent(latex ? printed.totalLatex : printed.totalText, "      ");
    out += "    work(k) =\n" + indent(latex ? printed.workLatex : printed.workText, "      ");
    for (const auto& o : s.ownership)
      out += "    where " + o + "\n";
  }
  out += "  " + ctFormula(e, latex) + "\n  " + kPerPoint + "\n";
  return out;
}

} // namespace ps::estimate

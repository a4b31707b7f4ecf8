#include "estimate/formulas-report.h"

#include "estimate/comm-formula.h"
#include "support/text.h"

#include <cstdio>

namespace ps::estimate {
namespace {

std::string seconds(double s)
{
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", s);
  return buf;
}

/// CT(k) = sum_S probability(S) * cost(S) * work_line(k) (Defs. 3.7-3.8),
/// work_line(k) being the statement's counts as the estimate has them: the
/// share its affine IF conditions keep is in them already
/// (StatementWork::countedShare), not in the factor.
std::string ctFormula(const Estimate& e, bool latex)
{
  std::string out;
  for (const auto& s : e.statements) {
    if (s.cost <= 0)
      continue;
    const auto line = std::to_string(s.line);
    const auto weight = seconds(s.cost * s.probability / (s.countedShare > 0 ? s.countedShare : 1));
    out += (out.empty() ? "" : " + ") +
           (latex ? weight + "\\,\\mathrm{s} \\cdot \\mathit{work}_{" + line + "}(k)" : weight + " s * work_" + line + "(k)");
  }
  return (latex ? "\\mathit{CT}(k) = " : "CT(k) = ") + (out.empty() ? "0" : out);
}

const char* kPerPoint = "Communication records without a formula are evaluated per point: the elements each "
                        "processor pair exchanges are counted in closed form (no enumeration), wd is Def. 3.2 over work(k)";

std::string recordName(const CommRecord& r)
{
  return r.pattern + " of " + r.reference + " at line " + std::to_string(r.line);
}

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

/// NT, TD and TT of each communication record (Defs. 3.4-3.5, comm-formula.h).
std::string commText(const Estimate& e, bool latex)
{
  if (e.comm.records.empty())
    return "  NT, TD, TT: no communication\n";
  std::string out;
  const auto pick = [latex](const CommFormula::Text& t) { return latex ? t.latex : t.text; };
  for (const auto& r : e.comm.records) {
    out += "  " + recordName(r) + ":";
    if (!r.formula) {
      out += "\n    NT: evaluated per point (" + (r.formulaWhy.empty() ? std::string("no closed form for this pattern") : r.formulaWhy) + ")\n";
      continue;
    }
    const auto& f = *r.formula;
    out += "\n    " + pick(f.ntPerProcessor()) + "\n    " + pick(f.tdPerProcessor()) + "\n    " + pick(f.ntTotal()) +
           "\n    " + pick(f.tdTotal()) + "\n    " + pick(f.tt()) + "\n";
    for (const auto& w : f.where())
      out += "    where " + w + "\n";
    if (r.probability < 1.0)
      out += "    times " + formatNumber(r.probability) + ", the probability of the IF at line " +
             std::to_string(r.branchLine) + " (these count the taken branch)\n";
  }
  return out;
}

nlohmann::json commJson(const Estimate& e, const char* which)
{
  nlohmann::json list = nlohmann::json::array();
  for (const auto& r : e.comm.records) {
    nlohmann::json j = {{"record", recordName(r)}, {"closed_form", r.formula != nullptr}};
    if (!r.formula) {
      j["why"] = r.formulaWhy.empty() ? "no closed form for this pattern" : r.formulaWhy;
    } else {
      const std::string w = which;
      const auto& f = *r.formula;
      const auto both = [](const CommFormula::Text& t) { return nlohmann::json{{"text", t.text}, {"latex", t.latex}}; };
      if (w == "nt")
        j["per_processor"] = both(f.ntPerProcessor()), j["total"] = both(f.ntTotal());
      else if (w == "td")
        j["per_processor"] = both(f.tdPerProcessor()), j["total"] = both(f.tdTotal());
      else
        j["expression"] = both(f.tt());
      if (w != "tt")
        j["where"] = f.where();
    }
    list.push_back(std::move(j));
  }
  return list;
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
          {"nt", commJson(e, "nt")},
          {"td", commJson(e, "td")},
          {"tt", commJson(e, "tt")},
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
    const auto sum = [&](const symbolic::PiecewiseCount& c) { // Eq. (2): the lines add, they are no cases
      return std::string(c.pieces().size() > 1 && !latex ? " the sum of the lines whose conditions hold:\n" : "\n");
    };
    out += "    W(S) =" + sum(s.formula->totalFormula()) + indent(latex ? printed.totalLatex : printed.totalText, "      ");
    out += "    work(k) =" + sum(s.formula->workFormula()) + indent(latex ? printed.workLatex : printed.workText, "      ");
    for (const auto& o : s.ownership)
      out += "    where " + o + "\n";
    if (s.probability != 1.0) // a statement under IF: the counts above are its loops' iterations
      out += "    times " + formatNumber(s.probability) + ", the probability that it executes: the estimate counts " +
             formatNumber(s.probability) + " * work(k), and CT(k) below includes the factor\n";
  }
  out += "  " + ctFormula(e, latex) + "\n" + commText(e, latex) + "  " + kPerPoint + "\n";
  return out;
}

} // namespace ps::estimate

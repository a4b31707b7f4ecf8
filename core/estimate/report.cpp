#include "estimate/report.h"

#include "support/text.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <set>

namespace ps::estimate {
namespace {

/// "DO i", "FORALL i", "array section i1_", "DO WHILE": what the header names the selected loop by.
std::string loopTitle(const program::Loop& loop)
{
  if (loop.isWhile)
    return loop.withoutControl ? "DO" : "DO WHILE";
  return (loop.isSection ? "array section " : loop.isForall ? "FORALL " : "DO ") + loop.variable;
}

const char* partKind(EstimatePart::Kind kind)
{
  switch (kind) {
  case EstimatePart::Kind::Loop: return "loop";
  case EstimatePart::Kind::Statements: return "statements";
  case EstimatePart::Kind::Call: return "call";
  }
  return "";
}

nlohmann::json partsJson(const std::vector<EstimatePart>& parts)
{
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : parts) {
    nlohmann::json j = {{"kind", partKind(p.kind)}, {"line", p.line}, {"frequency", p.frequency},
                        {"time_s", p.time}, {"ct_s", p.ct}, {"tt_s", p.tt}, {"nt", p.nt}, {"td_bytes", p.tdBytes},
                        {"cm", p.cm}};
    if (p.kind == EstimatePart::Kind::Call)
      j["callee"] = p.callee;
    out.push_back(std::move(j));
  }
  return out;
}

nlohmann::json pointJson(const Estimate& e, const symbolic::Bindings& values, bool withParts)
{
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [name, value] : values)
    params[name] = value;
  params["P"] = e.processors;
  nlohmann::json comm = nlohmann::json::array();
  for (const auto& r : e.comm.records) {
    comm.push_back({{"array", r.array}, {"reference", r.reference}, {"pattern", r.pattern}, {"line", r.line},
                    {"placement", r.placement}, {"instances", r.instances}, {"messages", r.messages},
                    {"bytes", r.bytes}, {"time_s", r.time}});
    if (r.instancesDone >= 0) // summed by polynomial pieces from this many instances
      comm.back()["instances_done"] = r.instancesDone;
    if (r.sampledEvery > 1)
      comm.back()["sampled_every"] = r.sampledEvery;
    if (r.probability < 1.0) // scaled by the branch probability of the IF at branch_line
      comm.back()["probability"] = r.probability, comm.back()["branch_line"] = r.branchLine;
  }
  nlohmann::json statements = nlohmann::json::array();
  for (const auto& w : e.statements) {
    double total = 0, most = 0;
    for (double x : w.work) {
      total += x;
      most = std::max(most, x);
    }
    statements.push_back({{"line", w.line}, {"work_max", most}, {"work_total", total}, {"instances", w.frequency},
                          {"wd", w.wd}, {"cm", w.cm}});
  }
  const auto& par = e.parallelism;
  nlohmann::json parallelism = {{"kind", par.kind}};
  if (par.kind != "parallel") {
    parallelism.update({{"loop_line", par.loopLine}, {"variable", par.variable}, {"array", par.array},
                        {"array_dim", par.arrayDim}, {"chain", par.chain}});
    if (par.kind == "pipelined")
      parallelism.update({{"stages", par.stages}, {"strip", par.strip}});
  }
  nlohmann::json j = {{"P", e.processors}, {"arrangement", e.arrangement}, {"params", params}, {"parallelism", parallelism},
          {"work_per_proc", e.workPerProc}, {"work_max", e.workMax}, {"work_min", e.workMin}, {"wd", e.wd},
          {"nt", e.nt}, {"nt_max_per_proc", e.ntMaxPerProc}, {"nt_per_proc", e.comm.messagesPerProc},
          {"td_bytes", e.tdBytes}, {"tt_s", e.tt}, {"ct_s", e.ct}, {"time_s", e.time}, {"cm", e.cm},
          {"cm_per_proc", e.cmPerProc}, {"cm_max", e.cmMax}, {"statements", statements}, {"comm", comm},
          {"notes", e.notes}};
  if (withParts)
    j["parts"] = partsJson(e.parts);
  return j;
}

std::string format(const char* fmt, double a)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, a);
  return buf;
}

std::string pad(std::string s, std::size_t width)
{
  if (s.size() < width)
    s.insert(0, width - s.size(), ' ');
  return s;
}

/// `value` with `decimals` fixed decimals, or in scientific notation from
/// 10^9 on, where fixed notation would print 20 digits of noise.
std::string number(double value, int decimals)
{
  if (std::isfinite(value) && std::fabs(value) >= 1e9)
    return format("%.4e", value);
  return format(("%." + std::to_string(decimals) + "f").c_str(), value);
}

/// TD in KB with one decimal, or three significant digits below 0.1 KB, so
/// that 24 bytes read "0.0234", not as no data at all ("0.0").
std::string kilobytes(std::int64_t bytes)
{
  const double kb = static_cast<double>(bytes) / 1024.0;
  return bytes > 0 && kb < 0.1 ? format("%.3g", kb) : number(kb, 1);
}

/// Whether a column holding `values` is printed in scientific notation:
/// when one of them is (number()), all are, so that a column reads in one
/// format down the processor counts (1011500.0000 over 6.6669e+10 was hard
/// to compare).
bool scientific(const std::vector<double>& values)
{
  return std::any_of(values.begin(), values.end(), [](double v) { return std::isfinite(v) && std::fabs(v) >= 1e9; });
}

/// The cells of a column of `values`: number(value, decimals) each, all in
/// scientific notation when one is.
std::vector<std::string> numberColumn(const std::vector<double>& values, int decimals)
{
  const bool sci = scientific(values);
  std::vector<std::string> out;
  for (double v : values)
    out.push_back(sci ? format("%.4e", v) : number(v, decimals));
  return out;
}

/// The cells of a TD column (bytes), in KB as kilobytes() prints them, all
/// in scientific notation when one is.
std::vector<std::string> kilobyteColumn(const std::vector<std::int64_t>& bytes)
{
  std::vector<double> kb;
  for (auto b : bytes)
    kb.push_back(static_cast<double>(b) / 1024.0);
  if (!scientific(kb)) {
    std::vector<std::string> out;
    for (auto b : bytes)
      out.push_back(kilobytes(b));
    return out;
  }
  return numberColumn(kb, 1);
}

/// Table rows (after the heading) from columns of cells, one per point.
std::vector<std::vector<std::string>> rowsOf(const std::vector<std::vector<std::string>>& columns)
{
  std::vector<std::vector<std::string>> rows(columns.empty() ? 0 : columns.front().size());
  for (const auto& column : columns)
    for (std::size_t i = 0; i < column.size(); ++i)
      rows[i].push_back(column[i]);
  return rows;
}

/// One column of a table: `cell(x)` of every x in `items`.
template <class Items, class Cell>
auto columnOf(const Items& items, Cell cell)
{
  std::vector<decltype(cell(*items.begin()))> out;
  for (const auto& x : items)
    out.push_back(cell(x));
  return out;
}

/// Rows of cells, right-aligned; a column is `widths[i]` wide or one wider
/// than its widest cell, so large values never run into their neighbours.
std::string alignedRows(std::vector<std::size_t> widths, const std::vector<std::vector<std::string>>& rows,
                        const std::string& indent)
{
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i)
      widths[i] = std::max(widths[i], row[i].size() + 1);
  std::string out;
  for (const auto& row : rows) {
    out += indent;
    for (std::size_t i = 0; i < row.size(); ++i)
      out += pad(row[i], i < widths.size() ? widths[i] : 0);
    out += "\n";
  }
  return out;
}

/// The parts of a unit estimate, one line each.
std::string partsTable(const Estimate& e)
{
  std::vector<std::vector<std::string>> rows{
      {"line", " part", "freq", "time ms", "CT ms", "TT ms", "NT", "TD KiB", "CM"}};
  const auto& parts = e.parts;
  const auto body = rowsOf({
      columnOf(parts, [](const EstimatePart& p) { return std::to_string(p.line); }),
      columnOf(parts,
               [](const EstimatePart& p) {
                 std::string what = " " + std::string(partKind(p.kind)); // pad() adds the second space
                 if (p.kind == EstimatePart::Kind::Call)
                   what += " " + p.callee;
                 what.resize(std::max<std::size_t>(what.size(), 23), ' ');
                 return what;
               }),
      columnOf(parts, [](const EstimatePart& p) { return format("%.4g", p.frequency); }),
      numberColumn(columnOf(parts, [](const EstimatePart& p) { return p.time * 1e3; }), 4),
      numberColumn(columnOf(parts, [](const EstimatePart& p) { return p.ct * 1e3; }), 4),
      numberColumn(columnOf(parts, [](const EstimatePart& p) { return p.tt * 1e3; }), 4),
      columnOf(parts, [](const EstimatePart& p) { return std::to_string(p.nt); }),
      kilobyteColumn(columnOf(parts, [](const EstimatePart& p) { return p.tdBytes; })),
      numberColumn(columnOf(parts, [](const EstimatePart& p) { return std::round(p.cm); }), 0),
  });
  rows.insert(rows.end(), body.begin(), body.end());
  rows[0][1].resize(23, ' ');
  std::string out = "  parts at P=" + e.arrangement + ":\n";
  out += alignedRows({6, 24, 10, 12, 11, 11, 8, 10, 11}, rows, "    ");
  return out;
}

const Estimate* largestPoint(const VariantResult& v)
{
  const Estimate* best = nullptr;
  for (const auto& p : v.points)
    if (!best || p.processors > best->processors)
      best = &p;
  return best;
}

std::string variantTable(const VariantResult& v, bool withParts)
{
  std::string out = "Variant " + v.name + ": " + v.spec + "\n  mapping: " + v.mapping + "\n";
  std::vector<std::vector<std::string>> rows{
      {"P", "time ms", "CT ms", "TT ms", "comm %", "wd", "NT", "TD KiB", "work max", "work min", "CM"}};
  const auto& points = v.points;
  const auto body = rowsOf({
      columnOf(points, [](const Estimate& p) { return p.arrangement; }),
      numberColumn(columnOf(points, [](const Estimate& p) { return p.time * 1e3; }), 4),
      numberColumn(columnOf(points, [](const Estimate& p) { return p.ct * 1e3; }), 4),
      numberColumn(columnOf(points, [](const Estimate& p) { return p.tt * 1e3; }), 4),
      numberColumn(columnOf(points, [](const Estimate& p) { return p.time > 0 ? 100.0 * p.tt / p.time : 0.0; }), 1),
      numberColumn(columnOf(points, [](const Estimate& p) { return p.wd; }), 3),
      columnOf(points, [](const Estimate& p) { return std::to_string(p.nt); }),
      kilobyteColumn(columnOf(points, [](const Estimate& p) { return p.tdBytes; })),
      numberColumn(columnOf(points, [](const Estimate& p) { return p.workMax; }), 0),
      numberColumn(columnOf(points, [](const Estimate& p) { return p.workMin; }), 0),
      // halves away from zero, as the IDE shows CM (printf rounds them to even)
      numberColumn(columnOf(points, [](const Estimate& p) { return std::round(p.cm); }), 0),
  });
  rows.insert(rows.end(), body.begin(), body.end());
  out += alignedRows({7, 12, 11, 11, 8, 8, 8, 10, 10, 10, 11}, rows, "  ");
  for (const auto& p : v.points) {
    const auto& par = p.parallelism;
    if (par.kind == "parallel")
      continue;
    out += "  P=" + p.arrangement + ": " + par.kind + " by '" + par.array + "' carried by loop '" + par.variable +
           "' at line " + std::to_string(par.loopLine) +
           (par.kind == "pipelined" ? ", " + counted(par.stages, "stage") + " of " + std::to_string(par.strip)
                                    : std::string()) +
           "\n";
  }
  if (withParts && largestPoint(v))
    out += partsTable(*largestPoint(v));
  if (!v.points.empty()) {
    const auto& last = v.points.back();
    if (!last.comm.records.empty())
      out += "  communication at P=" + last.arrangement + ":\n";
    for (const auto& r : last.comm.records) {
      out += "    line " + std::to_string(r.line) + "  " + r.reference + "  " + r.pattern + ", " +
             counted(r.messages, "message") + ", " + counted(r.bytes, "byte") + ", " +
             (r.placement == 0 ? std::string(r.pattern == "reduction" ? "combined after the nest" : "hoisted before the nest")
                               : "inside " + std::to_string(r.placement) + " loop" + (r.placement > 1 ? "s" : "")) +
             (r.probability < 1.0 ? ", times the probability " + formatNumber(r.probability) +
                                      " of the IF at line " + std::to_string(r.branchLine)
                                  : std::string()) +
             "\n";
    }
  }
  return out;
}

} // namespace

nlohmann::json toJson(const ComparisonResult& result, const std::string& file, const machine::MachineProfile& machine)
{
  nlohmann::json j;
  j["file"] = file;
  j["machine"] = machine.name;
  if (result.loop) {
    std::vector<std::string> vars;
    for (const auto& l : result.unit->loops) {
      bool inside = l.id == result.loop->id;
      for (int p = l.parent; p >= 0 && !inside; p = result.unit->loops[p].parent)
        inside = p == result.loop->id;
      if (inside && !l.variable.empty() && std::find(vars.begin(), vars.end(), l.variable) == vars.end())
        vars.push_back(l.variable);
    }
    j["loop"] = {{"line", result.loop->line}, {"end_line", result.loop->endLine}, {"unit", result.unit->name},
                 {"variables", vars}};
  }
  if (result.scope != EstimateScope::Loop && result.unit) {
    j[result.scope == EstimateScope::Program ? "program" : "unit"] = {
        {"name", result.unit->name}, {"line", result.unit->line}, {"end_line", result.unit->endLine},
        {"kind", toLower(fortran::unitKindName(result.unit->kind))}};
  }
  j["values"] = result.values;
  j["variants"] = nlohmann::json::array();
  for (const auto& v : result.variants) {
    nlohmann::json points = nlohmann::json::array();
    for (const auto& p : v.points)
      points.push_back(pointJson(p, result.values, result.scope != EstimateScope::Loop));
    j["variants"].push_back({{"name", v.name}, {"spec", v.spec}, {"mapping", v.mapping}, {"points", points}});
  }
  j["errors"] = result.errors;
  j["missing_values"] = result.missing;
  j["missing_details"] = nlohmann::json::array();
  for (const auto& m : result.missingDetails)
    j["missing_details"].push_back({{"name", m.name}, {"unit", m.unit}, {"line", m.line}, {"reason", m.reason}});
  return j;
}

std::string toText(const ComparisonResult& result, const std::string& file, const machine::MachineProfile& machine)
{
  std::string out = "PartScope estimate of " + file;
  if (result.loop)
    out += ", loop at line " + std::to_string(result.loop->line) + " (" + loopTitle(*result.loop) + ") in '" +
           result.unit->name + "'";
  if (result.scope != EstimateScope::Loop && result.unit)
    out += std::string(result.scope == EstimateScope::Program ? ", program '" : ", unit '") + result.unit->name +
           "' (" + toLower(fortran::unitKindName(result.unit->kind)) + " at line " + std::to_string(result.unit->line) +
           ")";
  out += "\nmachine: " + machine.name + " (" + machine.title + ")\n";
  if (!result.values.empty()) {
    out += "values:";
    for (const auto& [name, value] : result.values)
      out += " " + name + "=" + std::to_string(value);
    out += "\n";
  }
  for (const auto& v : result.variants)
    out += "\n" + variantTable(v, result.scope != EstimateScope::Loop);
  std::set<std::string> notes;
  for (const auto& v : result.variants)
    for (const auto& p : v.points)
      notes.insert(p.notes.begin(), p.notes.end());
  if (!notes.empty()) {
    out += "\nnotes:\n";
    for (const auto& n : notes)
      out += "  - " + n + "\n";
  }
  return out;
}

} // namespace ps::estimate

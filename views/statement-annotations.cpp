#include "views/statement-annotations.h"

#include <QStringList>

#include <cmath>

namespace ps::views {
namespace {

/// The point of the first variant with the largest P, or nullptr.
const nlohmann::json* largestPoint(const nlohmann::json& estimate)
{
  if (!estimate.is_object() || !estimate.contains("variants") || estimate["variants"].empty())
    return nullptr;
  const nlohmann::json* best = nullptr;
  for (const auto& p : estimate["variants"][0]["points"])
    if (!best || p["P"].get<std::int64_t>() > (*best)["P"].get<std::int64_t>())
      best = &p;
  return best;
}

/// The busiest processor's share of a statement's work: one decimal, two
/// significant digits below 0.1 % (0.024 %: 4096 processors), not "0.0",
/// in fixed point down to 0.000001 %.
QString sharePercent(double share)
{
  int decimals = 1; // of the first significant digit
  while (share > 0 && decimals < 6 && share < std::pow(10.0, -decimals))
    ++decimals;
  return QString::number(share, 'f', share > 0 && share < 0.1 ? decimals + 1 : 1);
}

} // namespace

QString shortBytes(double b)
{
  if (b < 1 << 10)
    return QString::number(b, 'f', 0) + " B";
  if (b < 1 << 20)
    return QString::number(b / (1 << 10), 'f', 1) + " KiB";
  static const char* const units[] = {"MiB", "GiB", "TiB", "PiB", "EiB"}; // binary: named so (IEC), as the CLI's
  double unit = 1 << 20;
  int k = 0;
  for (; k < 4 && b >= unit * 1024; ++k)
    unit *= 1024;
  const double v = b / unit;
  return (v >= 1024 ? QString::number(v, 'e', 3) : QString::number(v, 'f', 2)) + " " + units[k];
}

QString groupedCount(long long count)
{
  const auto digits = QString::number(count < 0 ? -static_cast<unsigned long long>(count)
                                                : static_cast<unsigned long long>(count));
  QString out;
  for (qsizetype i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0)
      out += QChar(0x202F);
    out += digits[i];
  }
  return count < 0 ? "-" + out : out;
}

std::map<int, QString> statementAnnotations(const nlohmann::json& estimate)
{
  std::map<int, QString> out;
  const auto* point = largestPoint(estimate);
  if (!point || !point->contains("statements"))
    return out;
  std::map<int, std::pair<std::int64_t, double>> comm; // line -> messages, bytes
  for (const auto& c : (*point)["comm"]) {
    auto& [messages, bytes] = comm[c["line"].get<int>()];
    messages += c["messages"].get<std::int64_t>();
    bytes += c["bytes"].get<double>();
  }
  std::map<int, const nlohmann::json*> calls; // line -> the unit's part for a CALL there
  if (point->contains("parts")) // a unit's or program's estimate
    for (const auto& part : (*point)["parts"])
      if (part.value("kind", std::string()) == "call")
        calls[part["line"].get<int>()] = &part;
  for (const auto& s : (*point)["statements"]) {
    const int line = s["line"].get<int>();
    // of the sequential program's instances: a replicated statement's copies are each 100%, not 1/P
    const double total = s.value("instances", s["work_total"].get<double>());
    const double share = total > 0 ? 100.0 * s["work_max"].get<double>() / total : 0.0;
    QStringList parts;
    if (const auto call = calls.find(line); call != calls.end() && s["work_total"].get<double>() == 0)
      parts << QStringLiteral("calls '%1' × %2") // its work is the callee's, not the statement's ("work 0.0%")
                 .arg(QString::fromStdString(call->second->value("callee", std::string())))
                 .arg(groupedCount(std::llround(call->second->value("frequency", 0.0))));
    else
      parts << QStringLiteral("work %1%").arg(sharePercent(share));
    if (auto it = comm.find(line); it != comm.end() && it->second.first > 0)
      parts << QStringLiteral("%1 msg").arg(groupedCount(it->second.first)) << shortBytes(it->second.second);
    parts << QStringLiteral("CM %1").arg(groupedCount(std::llround(s["cm"].get<double>())));
    out[line] = parts.join(QStringLiteral(" · "));
  }
  return out;
}

} // namespace ps::views

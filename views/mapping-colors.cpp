#include "views/mapping-colors.h"

#include "views/plan-choice.h"

#include <array>

namespace ps::views {
namespace {

/// Pastel (ColorBrewer-like) so black text on them stays readable.
constexpr std::array<QRgb, 8> kPalette{0x9ecae1, 0xfdae6b, 0xa1d99b, 0xd4b9da, 0xfdd0a2, 0xc7e9c0, 0xbcbddc, 0xd9d9d9};

} // namespace

MappingColors::MappingColors(const ddt::Plan& plan)
{
  for (int k = 0; k < static_cast<int>(plan.phases.size()); ++k)
    colorOf(chosenMapping(plan, k));
}

QColor MappingColors::color(const std::string& key)
{
  for (const auto& [k, c] : m_legend)
    if (k == key)
      return c;
  const QColor c(kPalette[m_legend.size() % kPalette.size()]);
  m_legend.emplace_back(key, c);
  return c;
}

QColor MappingColors::colorOf(const ddt::LocalMapping& mapping) { return color(mappingKey(mapping)); }

} // namespace ps::views

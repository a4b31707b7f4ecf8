#pragma once
// The colours of a plan's mappings: the phase timeline, its legend and the
// candidate table use one colour per data placement (see mappingKey), given
// in the order the phases first use them.

#include "ddt/plan.h"

#include <QColor>
#include <QString>

#include <string>
#include <vector>

namespace ps::views {

class MappingColors {
public:
  MappingColors() = default;
  /// The keys of the chosen mapping of every phase of `plan`, in phase order.
  explicit MappingColors(const ddt::Plan& plan);

  /// The colour of `key`; a new key gets the next colour of the palette.
  QColor color(const std::string& key);
  QColor colorOf(const ddt::LocalMapping& mapping);
  /// Keys with their colours, in the order they were first seen.
  const std::vector<std::pair<std::string, QColor>>& legend() const { return m_legend; }

private:
  std::vector<std::pair<std::string, QColor>> m_legend;
};

} // namespace ps::views

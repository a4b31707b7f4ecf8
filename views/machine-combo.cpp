#include "views/machine-combo.h"

#include <QComboBox>

namespace ps::views {
namespace {

constexpr int kCalibratedRole = Qt::UserRole + 7; // true on items this helper added

} // namespace

void setCalibratedMachineItems(QComboBox* combo, const QStringList& names)
{
  const auto current = combo->currentText();
  {
    const QSignalBlocker block(combo); // the choice changes at most once, below
    for (int i = combo->count() - 1; i >= 0; --i)
      if (combo->itemData(i, kCalibratedRole).toBool())
        combo->removeItem(i);
    for (const auto& name : names) {
      if (combo->findText(name) >= 0)
        continue;
      combo->addItem(name);
      combo->setItemData(combo->count() - 1, true, kCalibratedRole);
      combo->setItemData(combo->count() - 1, QObject::tr("%1: calibrated on this machine").arg(name), Qt::ToolTipRole);
    }
    combo->setCurrentIndex(std::max(0, combo->findText(current)));
  }
  if (combo->currentText() != current)
    emit combo->currentTextChanged(combo->currentText());
}

} // namespace ps::views

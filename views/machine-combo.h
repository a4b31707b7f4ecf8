#pragma once
// The machine combo boxes of the IDE (Distributions panel, Distribution plan
// dock) list the built-in profiles and, after them, the calibrated ones the
// Machines view reads from the profile store. One helper, so both combo
// boxes mark and replace the calibrated items alike.

#include <QStringList>

class QComboBox;

namespace ps::views {

/// Replaces the calibrated items of `combo` by `names` (appended after the
/// built-ins, marked "calibrated" in their tool tip; a built-in's name is
/// skipped). The current text stays when it is still listed; otherwise the
/// first item is chosen.
void setCalibratedMachineItems(QComboBox* combo, const QStringList& names);

} // namespace ps::views

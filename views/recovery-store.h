#pragma once
// Autosave for crash recovery: the editor text of each open document is
// written to a recovery file (in the application data folder) a moment after
// every change, and removed when the document is saved or closed cleanly.
// At the next start, any recovery file left behind is offered back.

#include <QString>

#include <optional>

namespace ps::views {

struct RecoveredText {
  QString path;      // the document's file, empty for an untitled one
  QString text;
  QString savedAt;   // ISO date and time of the autosave
  QString recoveryFile;
};

class RecoveryStore {
public:
  /// `folder` defaults to <AppDataLocation>/recovery.
  explicit RecoveryStore(QString folder = {});

  /// Writes `text` of the document at `path` (atomically: a crash while
  /// writing leaves the previous autosave). False when the disk refuses.
  bool save(const QString& path, const QString& text) const;
  /// Removes the recovery file of `path` (after a save or a clean close).
  void discard(const QString& path) const;
  /// The recovery file left behind by an earlier session, if any (the newest).
  std::optional<RecoveredText> leftBehind() const;
  QString folder() const { return m_folder; }

private:
  QString fileFor(const QString& path) const;
  QString m_folder;
};

} // namespace ps::views

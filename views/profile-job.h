#pragma once
// Analysis ▸ Profile Run in the background: the editor text is profiled by
// core/profile on a thread of its own (it only waits for gfortran, the
// program and gcov, and never touches GiNaC, so it does not queue behind
// the estimates). Cancel kills the running child process.
// Source: P3T+, Section 3.1, frequencies and branch probabilities from a
// profile run.

#include "profile/profile-run.h"

#include <QObject>
#include <QString>
#include <QTemporaryDir>

#include <atomic>
#include <string>
#include <vector>

class QThread;

namespace ps::views {

class ProfileJob : public QObject {
  Q_OBJECT
public:
  /// `fileName` names the profiled copy of `text` (and decides its form with
  /// `fixedForm`); `inputFile` is the program's standard input, or empty;
  /// `includeDirs` the folders of its INCLUDE files (the document's own
  /// folder first: the copy is compiled in a temporary one).
  ProfileJob(QString text, QString fileName, bool fixedForm, QString inputFile, std::vector<std::string> includeDirs,
             QObject* parent = nullptr);
  /// Cancels a running profile and waits for its thread.
  ~ProfileJob() override;

  void start();
  void cancel();
  const profile::ProfileRunResult& result() const { return m_result; }

signals:
  /// "Compiling", "Running", "Reading counts" (from the worker thread, queued).
  void stepStarted(const QString& step);
  /// The run is over; `result()` holds counts, an error or `cancelled`.
  void finished();

private:
  void run();

  QString m_text, m_fileName, m_inputFile;
  std::vector<std::string> m_includeDirs;
  bool m_fixedForm = false;
  QTemporaryDir m_folder;
  std::atomic<bool> m_cancelled{false};
  profile::ProfileRunResult m_result;
  QThread* m_thread = nullptr;
};

} // namespace ps::views

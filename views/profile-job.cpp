#include "views/profile-job.h"

#include <QFile>
#include <QThread>

namespace ps::views {

ProfileJob::ProfileJob(QString text, QString fileName, bool fixedForm, QString inputFile,
                       std::vector<std::string> includeDirs, QObject* parent)
  : QObject(parent), m_text(std::move(text)), m_fileName(std::move(fileName)), m_inputFile(std::move(inputFile)),
    m_includeDirs(std::move(includeDirs)), m_fixedForm(fixedForm)
{
}

ProfileJob::~ProfileJob()
{
  cancel();
  if (m_thread)
    m_thread->wait();
}

void ProfileJob::start()
{
  m_thread = QThread::create([this] { run(); });
  m_thread->setParent(this);
  connect(m_thread, &QThread::finished, this, &ProfileJob::finished);
  m_thread->start();
}

void ProfileJob::cancel() { m_cancelled = true; }

void ProfileJob::run()
{
  // the editor text, which may be unsaved, is what gets profiled
  const auto path = m_folder.filePath(m_fileName);
  QFile f(path);
  if (!m_folder.isValid() || !f.open(QIODevice::WriteOnly) || f.write(m_text.toUtf8()) < 0) {
    m_result.error = "Cannot write the program to a temporary folder";
    return;
  }
  f.close();
  profile::ProfileOptions options;
  options.form = m_fixedForm ? fortran::SourceForm::Fixed : fortran::SourceForm::Free;
  options.inputFile = m_inputFile.toStdString();
  options.includeDirs = m_includeDirs;
  options.cancelled = &m_cancelled;
  options.progress = [this](const std::string& step) { emit stepStarted(QString::fromStdString(step)); };
  m_result = profile::runProfile(path.toStdString(), options);
}

} // namespace ps::views

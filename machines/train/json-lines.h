#pragma once
// The raw output of partscope-train: JSON lines, flushed one by one so that a
// killed run keeps what it measured. Format: contract 1 of issue 11, read by
// ps::machine::trainingRunFromJsonLines (core/machine/training-output.h).

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

namespace ps::train {

class JsonLines {
public:
  /// Writes to `path`, or to stdout when it is empty. ok() is false when the
  /// file cannot be opened.
  explicit JsonLines(const std::string& path);
  ~JsonLines();
  JsonLines(const JsonLines&) = delete;
  JsonLines& operator=(const JsonLines&) = delete;

  bool ok() const { return m_out != nullptr; }
  /// Writes one object as one line and flushes it.
  void write(const nlohmann::json& line);

private:
  std::FILE* m_out = nullptr;
  bool m_owns = false;
};

} // namespace ps::train

#include "json-lines.h"

namespace ps::train {

JsonLines::JsonLines(const std::string& path)
{
  if (path.empty()) {
    m_out = stdout;
    return;
  }
  m_out = std::fopen(path.c_str(), "w");
  m_owns = m_out != nullptr;
}

JsonLines::~JsonLines()
{
  if (m_owns)
    std::fclose(m_out);
}

void JsonLines::write(const nlohmann::json& line)
{
  const std::string text = line.dump() + "\n";
  std::fputs(text.c_str(), m_out);
  std::fflush(m_out);
}

} // namespace ps::train

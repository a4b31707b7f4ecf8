#pragma once
// JSON text that survives bytes that are not UTF-8. Fortran sources of the
// 1990s carry Latin-1 in comments and strings, and file names may too; they
// reach diagnostics, outlines and kept estimates, and nlohmann::json throws
// on them when it writes text.

#include <nlohmann/json.hpp>

#include <string>

namespace ps {

/// `j` as JSON text (indent < 0: one line), each byte that is not part of
/// valid UTF-8 replaced by U+FFFD instead of throwing.
inline std::string jsonText(const nlohmann::json& j, int indent = -1)
{
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace ps

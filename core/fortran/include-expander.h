#pragma once
// INCLUDE lines (Fortran 90, Sec. 3.4; the common F77 extension): the line
// `INCLUDE 'file'` is replaced by the lines of that file, searched next to
// the including file, then next to the main file, then in the include
// directories (gfortran's -I). The included text keeps its own provenance, so
// a diagnostic names the included file's line and the INCLUDE that brought it.

#include "fortran/diagnostic.h"
#include "fortran/prescanner.h"

#include <string>
#include <vector>

namespace ps::fortran {

/// Expands the INCLUDE lines of `lines` (recursively, up to 50 levels) and
/// registers every included file with `file` (SourceFile::addIncluded). A
/// missing or unreadable file, or a file that includes itself again, is one
/// error at its INCLUDE line, and the line is dropped. Never fails.
std::vector<SourceLine> expandIncludes(SourceFile& file, const std::vector<SourceLine>& lines, SourceForm form,
                                       const std::vector<std::string>& includeDirs,
                                       std::vector<Diagnostic>& diagnostics);

} // namespace ps::fortran

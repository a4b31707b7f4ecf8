#pragma once
// C-preprocessed Fortran: `.F`, `.F90`, `.FPP` files, or any file with a line
// starting with '#', go through the C preprocessor in traditional mode, as
// gfortran does (`gfortran -cpp` runs cc1 -E -traditional-cpp). The output's
// line markers map every line back to the original file and line, so the
// prescanner and every diagnostic after it speak of the original lines.

#include "fortran/diagnostic.h"

#include <string>
#include <string_view>
#include <vector>

namespace ps::fortran {

struct PreprocessOptions {
  std::vector<std::string> includeDirs; // -I
  std::vector<std::string> defines;     // -D: NAME or NAME=VALUE
  double timeoutSeconds = 30;
};

/// True for the upper-case extensions gfortran preprocesses (.F .F90 .F95
/// .F03 .F08 .FOR .FPP, and .fpp) and for text with a line starting with '#'.
bool needsPreprocessing(std::string_view path, std::string_view text);

struct PreprocessResult {
  bool ran = false;              // false: cpp is missing or did not run; `lines` is the plain text
  std::vector<SourceLine> lines; // provenance in `file` (or files it #includes)
  std::vector<Diagnostic> diagnostics;
};

/// Runs `cpp -traditional-cpp` on the text of `file` (the buffer, not the
/// disk: unsaved edits count), with the folder of `file` and `includeDirs`
/// searched for #include. cpp's errors (#error, a bad #if) become
/// diagnostics at their original line; a #include'd file is registered with
/// `file` so its lines keep their own provenance. Never fails: without cpp,
/// one error says so and the text is used as it is.
PreprocessResult preprocess(SourceFile& file, const PreprocessOptions& options);

} // namespace ps::fortran

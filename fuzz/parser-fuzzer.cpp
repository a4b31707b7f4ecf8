// libFuzzer target: prescanner, parser and model builder on arbitrary text,
// read once as fixed form and once as free form.
// Run: build-fuzz/fuzz/ps_parser_fuzzer CORPUS_DIR sampleprograms tests/corpus
#include "fuzz-input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  if (size > ps::fuzz::kMaxInputBytes)
    return -1; // not added to the corpus
  const std::string text(reinterpret_cast<const char*>(data), size);
  ps::fuzz::parseAndBuild(text, ps::fortran::SourceForm::Fixed);
  ps::fuzz::parseAndBuild(text, ps::fortran::SourceForm::Free);
  return 0;
}

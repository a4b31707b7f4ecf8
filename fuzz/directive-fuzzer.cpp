// libFuzzer target: the HPF directive parser. Every input line becomes the body
// of a directive line inside a small program unit, in the three sentinel
// spellings: '!HPF$' in free form, 'CHPF$' and '*HPF$' in fixed form (the
// fixed-form lines are cut to column 72 as the prescanner would).
// Run: build-fuzz/fuzz/ps_directive_fuzzer CORPUS_DIR fuzz/directives-seed
#include "fuzz-input.h"

#include <sstream>

namespace {

constexpr std::size_t kMaxDirectiveBytes = 4096;

std::string wrap(const std::string& body, const char* sentinel, const char* indent)
{
  std::string out = std::string(indent) + "PROGRAM FZ\n";
  std::istringstream lines(body);
  std::string line;
  bool odd = false;
  while (std::getline(lines, line)) {
    out += (odd ? "*HPF$ " : sentinel) + line + "\n";
    odd = !odd && sentinel[0] == 'C';
  }
  out += std::string(indent) + "X = 1\n" + indent + "END\n";
  return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  if (size > kMaxDirectiveBytes)
    return -1;
  const std::string body(reinterpret_cast<const char*>(data), size);
  ps::fuzz::parseAndBuild(wrap(body, "!HPF$ ", "  "), ps::fortran::SourceForm::Free);
  ps::fuzz::parseAndBuild(wrap(body, "CHPF$ ", "      "), ps::fortran::SourceForm::Fixed);
  return 0;
}

#pragma once
// The JSON texts of the built-in machine profiles (machines/*.json), compiled in.

#include <string>
#include <vector>

namespace ps::machine {

struct BuiltinMachineText {
  const char* name;
  const char* json;
};

/// All built-in profile texts, sorted by name.
const std::vector<BuiltinMachineText>& builtinMachineTexts();

} // namespace ps::machine

#pragma once
// Finding the machine profile a command names with `--machine`: the built-in
// profiles first, then the profile store, then a JSON file path.

#include "machine/machine-profile.h"

#include <optional>
#include <string>

namespace ps::machine {

/// The profile called `nameOrPath`: a built-in one, else one in the profile
/// store at `storePath` (opened only when the file exists, never created; an empty
/// path skips the store; a name with a '/' is never looked up there), else
/// the JSON file at that path when it looks like
/// one (has a '/' or ".json"). Nullopt with `error` otherwise: "Unknown
/// machine 'x'; built-in profiles are a, b, stored profiles are c, or give a
/// JSON file" (the store's part absent when it holds none), with the reason
/// when the store could not be read.
std::optional<MachineProfile> findMachine(const std::string& nameOrPath, const std::string& storePath,
                                          std::string* error);

} // namespace ps::machine

#pragma once
// Checked assertions for bugs in PartScope itself (never for user mistakes,
// which become diagnostics). Modelled on Flang's CHECK/DIE.

namespace ps {

/// Aborts the process after printing "file:line: internal error: what".
[[noreturn]] void die(const char* file, int line, const char* what);

} // namespace ps

#define PS_CHECK(cond) ((cond) ? static_cast<void>(0) : ::ps::die(__FILE__, __LINE__, "check failed: " #cond))
#define PS_DIE(msg) ::ps::die(__FILE__, __LINE__, msg)

#pragma once
// Runs the real partscope-cli binary for the CLI tests: exit status and the
// merged standard output and error.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>
#include <sys/wait.h>

namespace ps::test {

struct Run {
  int status = -1;
  std::string out;
};

/// Runs the shell `command` with its standard error merged into its output.
inline Run runCommand(const std::string& command)
{
  Run r;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe)
    return r;
  std::array<char, 4096> buf{};
  while (auto n = fread(buf.data(), 1, buf.size(), pipe))
    r.out.append(buf.data(), n);
  r.status = WEXITSTATUS(pclose(pipe));
  return r;
}

inline Run cli(const std::string& args) { return runCommand(std::string(PS_CLI_PATH) + " " + args); }

inline std::string sample(const char* name) { return std::string(PS_SOURCE_DIR) + "/sampleprograms/" + name; }

/// Writes `text` to a file in the test's temporary directory; returns its path.
inline std::string writeTemp(const std::string& name, const char* text)
{
  const std::string path = testing::TempDir() + name;
  FILE* f = std::fopen(path.c_str(), "w");
  EXPECT_NE(f, nullptr) << path;
  if (f) {
    std::fputs(text, f);
    std::fclose(f);
  }
  return path;
}

} // namespace ps::test

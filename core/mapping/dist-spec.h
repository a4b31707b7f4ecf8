#pragma once
// The textual distribution spec of the CLI and GUI: groups of arrays with a
// distribution format per dimension, e.g. "x,a,b=(BLOCK,*)" or
// "a=(BLOCK,CYCLIC(4)); c=(*,BLOCK)". Arrays of a group are distributed alike
// (each aligned with itself, identity alignment); "b=replicated" (the IDE's
// choice for an undistributed array) keeps b on every processor. An array
// may be named once per spec.

#include "mapping/distribution.h"

#include <optional>
#include <string>
#include <vector>

namespace ps::mapping {

struct DistSpecGroup {
  std::vector<std::string> arrays; // lower case
  std::vector<DistributionFormat> formats; // empty when replicated
  bool replicated = false; // "a=replicated" (the IDE's word): named, not distributed
};

struct DistSpec {
  std::string text;
  std::vector<DistSpecGroup> groups;
  /// The largest number of distributed dimensions of any group.
  int distributedRank() const;
};

/// Parses a spec; on error returns nullopt and sets `error` to a sentence
/// naming the problem ("Unknown distribution format 'BLOK' in 'x=(BLOK)'").
std::optional<DistSpec> parseDistSpec(const std::string& text, std::string* error);

} // namespace ps::mapping

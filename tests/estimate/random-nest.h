#pragma once
// Random affine Fortran nests for the property tests of the closed forms:
// depth 1-3, triangular and strided bounds, reversed loops, subscript
// offsets and coefficients, and random distribution formats.

#include <random>
#include <string>

namespace ps::test {

class RandomNest {
public:
  explicit RandomNest(std::uint64_t seed) : m_rng(seed) {}

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }

  /// A 1-3 deep nest over i, j, k writing a(s1, s2) with affine
  /// subscripts, reading b(r1, r2) too when `read` is set.
  std::string program(bool read = false)
  {
    const char* vars[] = {"i", "j", "k"};
    const int depth = pick(1, 3);
    std::string body;
    for (int d = 0; d < depth; ++d) {
      auto bound = [&](bool upper) {
        std::string b = std::to_string(upper ? pick(8, 20) : pick(1, 6));
        if (d > 0 && pick(0, 2) == 0) // triangular: depends on an outer variable
          b = std::string(vars[pick(0, d - 1)]) + (upper ? " + " : " - ") + std::to_string(pick(0, 3));
        return b;
      };
      std::string lo = bound(false), hi = bound(true);
      int step = pick(0, 3) == 0 ? pick(2, 3) : 1;
      if (pick(0, 5) == 0) {
        std::swap(lo, hi);
        step = -step;
      }
      body += std::string(d * 2 + 2, ' ') + "do " + vars[d] + " = " + lo + ", " + hi + ", " + std::to_string(step) +
              "\n";
    }
    auto subscript = [&] {
      std::string s = std::to_string(pick(-2, 4));
      for (int d = 0; d < depth; ++d)
        if (pick(0, 2) != 0 || d == depth - 1)
          s += " + (" + std::to_string(pick(0, 3) == 0 ? pick(-2, 2) : 1) + ") * " + vars[d];
      return s;
    };
    const std::string lhs = "a(" + subscript() + ", " + subscript() + ")";
    const std::string rhs = read ? "b(" + subscript() + ", " + subscript() + ")" : "1.0";
    body += std::string(depth * 2 + 2, ' ') + lhs + " = " + rhs + "\n";
    for (int d = depth - 1; d >= 0; --d)
      body += std::string(d * 2 + 2, ' ') + "end do\n";
    return "program nest\n  integer :: i, j, k\n  double precision :: a(24, 24), b(24, 24)\n" + body +
           "end program nest\n";
  }

  /// A 2-3 deep nest (bounds as program()'s) writing a(s1, s2) and reading
  /// b 1-3 times, each subscript following one loop variable: the write's
  /// two distinct ones, the reads' the same (a stencil) or, one time in
  /// four, swapped (a transpose).
  std::string separableProgram()
  {
    const char* vars[] = {"i", "j", "k"};
    const int depth = pick(2, 3);
    std::string body;
    for (int d = 0; d < depth; ++d)
      body += std::string(d * 2 + 2, ' ') + "do " + vars[d] + " = " + std::to_string(pick(1, 4)) + ", " +
              std::to_string(pick(12, 22)) + ", " + std::to_string(pick(0, 3) == 0 ? 2 : 1) + "\n";
    const int v0 = pick(0, depth - 1), v1 = (v0 + pick(1, depth - 1)) % depth;
    auto subscript = [&](int v) {
      const int coef = pick(0, 4) == 0 ? (pick(0, 1) ? -1 : 2) : 1;
      return std::to_string(coef < 0 ? pick(23, 25) : pick(1, 3)) + " + (" + std::to_string(coef) + ") * " + vars[v];
    };
    std::string rhs;
    for (int r = pick(1, 3); r > 0; --r) {
      const bool swapped = pick(0, 3) == 0;
      rhs += (rhs.empty() ? "b(" : " + b(") + subscript(swapped ? v1 : v0) + ", " + subscript(swapped ? v0 : v1) + ")";
    }
    body += std::string(depth * 2 + 2, ' ') + "a(" + subscript(v0) + ", " + subscript(v1) + ") = " + rhs + "\n";
    for (int d = depth - 1; d >= 0; --d)
      body += std::string(d * 2 + 2, ' ') + "end do\n";
    return "program nest\n  integer :: i, j, k\n  double precision :: a(72, 72), b(72, 72)\n" + body +
           "end program nest\n";
  }

  std::string format()
  {
    switch (pick(0, 5)) {
    case 0: return "BLOCK";
    case 1: return "BLOCK(" + std::to_string(pick(7, 12)) + ")";
    case 2: return "CYCLIC";
    case 3: return "CYCLIC(" + std::to_string(pick(2, 5)) + ")";
    case 4: return "*";
    default: return "BLOCK";
    }
  }

private:
  std::mt19937_64 m_rng;
};

} // namespace ps::test

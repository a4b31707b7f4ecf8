#pragma once
// Fitted communication curves of a calibrated machine. The training set
// measures, per communication pattern, the time one processor spends in a
// loosely synchronous call against the message size; the curve is piecewise
// linear, with steps where the message needs another packet. Source:
// Balasundaram, Fox, Kennedy, Kremer 1991, Sec. 5 (training set; y = a + b*x
// fitted by chi-square per continuous linear segment, with the step between
// segments and the packet size recorded).

#include <cstdint>
#include <string>
#include <vector>

namespace ps::machine {

/// The communication patterns of the training set (Balasundaram Sec. 5) plus
/// ping-pong between two ranks.
///   iSR      circular shift, element by element
///   vSR      circular shift, one vector message
///   EXCH     two-stage circular shift (even send while odd receive, then the reverse)
///   BCAST    one to all
///   COMBN    tree reduction followed by a broadcast of the result
///   pingpong rank 0 and rank 1 send the message back and forth (y is half a round trip)
inline constexpr const char* kTrainingPatterns[] = {"iSR", "vSR", "EXCH", "BCAST", "COMBN", "pingpong"};

/// True for a name of kTrainingPatterns (case matters, as in the training output).
inline bool isTrainingPattern(const std::string& name)
{
  for (const char* p : kTrainingPatterns)
    if (name == p)
      return true;
  return false;
}

/// The smallest --max-bytes of a calibration: sizes are multiples of 8
/// bytes (doubles) from 0, and a fit needs two of them.
inline constexpr std::int64_t kMinCalibrationBytes = 8;

/// One continuous linear piece: y = a + b * bytes for fromBytes <= bytes <= toBytes.
struct CurveSegment {
  double fromBytes = 0; // first message size of the piece, bytes
  double toBytes = 0;   // last message size of the piece, bytes
  double a = 0;         // seconds
  double b = 0;         // seconds per byte
};

/// A fitted curve of one pattern on `ranks` processors, for messages whose
/// elements are `strideElements` apart in memory (1: contiguous).
struct CommCurve {
  std::string pattern;           // one of kTrainingPatterns
  int ranks = 0;                 // processors taking part in the measurement
  std::int64_t strideElements = 1;
  std::vector<CurveSegment> segments; // sorted by fromBytes, non-overlapping
  double packetBytes = 0;        // packet size found from the steps (0: no steps seen)
  double chiSquarePerDof = 0;    // weighted fit quality (1: as good as the spread allows)
  double maxRelativeError = 0;   // largest |fit - median| / median over the raw points

  /// Seconds one processor spends on a message of `bytes` (>= 0). Inside a
  /// segment its line; in the gap between two segments (sizes not measured,
  /// the packet step somewhere in it) the straight line from the earlier
  /// segment's end to the later one's start; beyond the last
  /// the last line extended; below the first the first line's value at
  /// fromBytes. Never below an earlier segment's value at its end (a
  /// longer message does not cost less; the curve is non-decreasing). An
  /// empty curve gives 0.
  double seconds(double bytes) const;
};

} // namespace ps::machine

#pragma once
// The communication patterns of the training set, one call each.
// Source: Balasundaram, Fox, Kennedy, Kremer 1991, Sec. 5 (iSR, vSR, EXCH,
// BCAST, COMBN) plus ping-pong; the names are kTrainingPatterns of
// core/machine/comm-curve.h.

#include <mpi.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ps::train {

/// The message of one call: `elements` doubles (8 bytes each), `stride`
/// elements apart in `data` (stride 1: contiguous, sent as MPI_DOUBLE;
/// stride > 1: one MPI vector datatype). `scratch` has the same layout and
/// receives. The datatype is freed by the destructor.
class Message {
public:
  Message(std::int64_t bytes, int stride);
  ~Message();
  Message(const Message&) = delete;
  Message& operator=(const Message&) = delete;

  int elements() const { return m_elements; }
  int stride() const { return m_stride; }
  double* data() { return m_data.data(); }
  double* scratch() { return m_scratch.data(); }
  int count() const { return m_count; }              // in units of type()
  MPI_Datatype type() const { return m_type; }

private:
  int m_elements = 0, m_stride = 1, m_count = 0;
  MPI_Datatype m_type = MPI_DOUBLE;
  bool m_ownsType = false;
  std::vector<double> m_data, m_scratch;
};

/// True for the names callPattern knows.
bool isPattern(const std::string& pattern);

/// One call of `pattern` on every rank of `comm` with message `m`, as the
/// paper describes it (left/right neighbours on a ring of comm's ranks):
///   iSR      element by element: MPI_Sendrecv of each element to the right,
///            from the left (0 B: one empty message)
///   vSR      the whole message: MPI_Isend right, MPI_Recv left, MPI_Wait
///   EXCH     even ranks send right then receive left, odd ranks the reverse
///            (blocking MPI_Send/MPI_Recv: the two stages)
///   BCAST    MPI_Bcast from rank 0
///   COMBN    an explicit binomial-tree sum to rank 0 (MPI_Send/MPI_Recv,
///            adding element-wise), then MPI_Bcast of the result
///   pingpong rank 0 sends to rank 1 and gets it back (comm of 2 ranks; the
///            caller halves the time)
void callPattern(const std::string& pattern, MPI_Comm comm, Message& m);

} // namespace ps::train

#include "pattern-calls.h"

#include <cstdlib>
#include <cstdio>

namespace ps::train {
namespace {

struct Ring {
  int rank = 0, size = 1, left = 0, right = 0;
};

Ring ringOf(MPI_Comm comm)
{
  Ring r;
  MPI_Comm_rank(comm, &r.rank);
  MPI_Comm_size(comm, &r.size);
  r.right = (r.rank + 1) % r.size;
  r.left = (r.rank - 1 + r.size) % r.size;
  return r;
}

void elementShift(MPI_Comm comm, Message& m)
{
  const Ring r = ringOf(comm);
  if (m.elements() == 0) {
    MPI_Sendrecv(m.data(), 0, MPI_DOUBLE, r.right, 1, m.scratch(), 0, MPI_DOUBLE, r.left, 1, comm, MPI_STATUS_IGNORE);
    return;
  }
  for (int i = 0; i < m.elements(); ++i) {
    const long at = static_cast<long>(i) * m.stride();
    MPI_Sendrecv(m.data() + at, 1, MPI_DOUBLE, r.right, 1, m.scratch() + at, 1, MPI_DOUBLE, r.left, 1, comm,
                 MPI_STATUS_IGNORE);
  }
}

void vectorShift(MPI_Comm comm, Message& m)
{
  const Ring r = ringOf(comm);
  MPI_Request request;
  MPI_Isend(m.data(), m.count(), m.type(), r.right, 2, comm, &request);
  MPI_Recv(m.scratch(), m.count(), m.type(), r.left, 2, comm, MPI_STATUS_IGNORE);
  MPI_Wait(&request, MPI_STATUS_IGNORE);
}

void exchange(MPI_Comm comm, Message& m)
{
  const Ring r = ringOf(comm);
  if (r.rank % 2 == 0) {
    MPI_Send(m.data(), m.count(), m.type(), r.right, 3, comm);
    MPI_Recv(m.scratch(), m.count(), m.type(), r.left, 3, comm, MPI_STATUS_IGNORE);
  } else {
    MPI_Recv(m.scratch(), m.count(), m.type(), r.left, 3, comm, MPI_STATUS_IGNORE);
    MPI_Send(m.data(), m.count(), m.type(), r.right, 3, comm);
  }
}

/// Adds the received contiguous elements into the strided message.
void addInto(Message& m, const double* received)
{
  for (int i = 0; i < m.elements(); ++i)
    m.data()[static_cast<long>(i) * m.stride()] += received[static_cast<long>(i) * m.stride()];
}

void combine(MPI_Comm comm, Message& m)
{
  const Ring r = ringOf(comm);
  for (int mask = 1; mask < r.size; mask <<= 1) {
    if (r.rank & mask) {
      MPI_Send(m.data(), m.count(), m.type(), r.rank - mask, 4, comm);
      break;
    }
    if (r.rank + mask < r.size) {
      MPI_Recv(m.scratch(), m.count(), m.type(), r.rank + mask, 4, comm, MPI_STATUS_IGNORE);
      addInto(m, m.scratch());
    }
  }
  MPI_Bcast(m.data(), m.count(), m.type(), 0, comm);
}

void pingPong(MPI_Comm comm, Message& m)
{
  const Ring r = ringOf(comm);
  if (r.rank == 0) {
    MPI_Send(m.data(), m.count(), m.type(), 1, 5, comm);
    MPI_Recv(m.scratch(), m.count(), m.type(), 1, 5, comm, MPI_STATUS_IGNORE);
  } else if (r.rank == 1) {
    MPI_Recv(m.scratch(), m.count(), m.type(), 0, 5, comm, MPI_STATUS_IGNORE);
    MPI_Send(m.scratch(), m.count(), m.type(), 0, 5, comm);
  }
}

} // namespace

Message::Message(std::int64_t bytes, int stride)
    : m_elements(static_cast<int>(bytes / 8)), m_stride(stride),
      m_data(static_cast<std::size_t>(m_elements) * stride + 1, 0.0),
      m_scratch(static_cast<std::size_t>(m_elements) * stride + 1, 0.0)
{
  if (stride == 1 || m_elements == 0) {
    m_count = m_elements;
    return;
  }
  MPI_Type_vector(m_elements, 1, stride, MPI_DOUBLE, &m_type);
  MPI_Type_commit(&m_type);
  m_ownsType = true;
  m_count = 1;
}

Message::~Message()
{
  if (m_ownsType)
    MPI_Type_free(&m_type);
}

bool isPattern(const std::string& p)
{
  return p == "iSR" || p == "vSR" || p == "EXCH" || p == "BCAST" || p == "COMBN" || p == "pingpong";
}

void callPattern(const std::string& pattern, MPI_Comm comm, Message& m)
{
  if (pattern == "iSR")
    elementShift(comm, m);
  else if (pattern == "vSR")
    vectorShift(comm, m);
  else if (pattern == "EXCH")
    exchange(comm, m);
  else if (pattern == "BCAST")
    MPI_Bcast(m.data(), m.count(), m.type(), 0, comm);
  else if (pattern == "COMBN")
    combine(comm, m);
  else if (pattern == "pingpong")
    pingPong(comm, m);
  else {
    std::fprintf(stderr, "partscope-train: unknown pattern '%s'\n", pattern.c_str()); // a bug: callers check isPattern
    std::abort();
  }
}

} // namespace ps::train

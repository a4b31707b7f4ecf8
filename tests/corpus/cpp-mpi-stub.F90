! Free-form cpp source: an MPI-or-serial halo exchange chosen at compile
! time (-DUSE_MPI), macro sizes, #include of a configuration header and a
! function-like macro.
#include "cppdefs.h"
#define IDX(i, j) ((j) - 1) * NGRID + (i)
module halo
  implicit none
  integer, parameter :: n = NGRID
#ifdef USE_MPI
  include 'mpif.h'
#endif
  integer :: rank = 0, nprocs = 1
contains
  subroutine start()
#ifdef USE_MPI
    integer :: ierr
    call mpi_init(ierr)
    call mpi_comm_rank(mpi_comm_world, rank, ierr)
    call mpi_comm_size(mpi_comm_world, nprocs, ierr)
#else
    rank = 0
    nprocs = 1
#endif
  end subroutine start

  subroutine exchange(u)
    REALTYPE, intent(inout) :: u(0:n+1)
#ifdef USE_MPI
    integer :: ierr, status(mpi_status_size), left, right
    left = mod(rank - 1 + nprocs, nprocs)
    right = mod(rank + 1, nprocs)
    call mpi_sendrecv(u(n), 1, mpi_double_precision, right, 0, &
                      u(0), 1, mpi_double_precision, left, 0,  &
                      mpi_comm_world, status, ierr)
#else
    u(0) = u(n)
    u(n+1) = u(1)
#endif
  end subroutine exchange

  subroutine finish()
#ifdef USE_MPI
    integer :: ierr
    call mpi_finalize(ierr)
#endif
  end subroutine finish
end module halo

program ring
  use halo
  implicit none
  REALTYPE :: u(0:n+1), flat(n * n)
  integer :: i, j, step
  call start()
  u = ZERO
  u(1:n) = 1.0
  do step = 1, NSTEP
    call exchange(u)
    u(1:n) = 0.5 * (u(0:n-1) + u(2:n+1))
  end do
  do j = 1, n
    do i = 1, n
      flat(IDX(i, j)) = u(i) * j
    end do
  end do
  if (rank == 0) print *, 'sum ', sum(u(1:n)), sum(flat)
  call finish()
end program ring

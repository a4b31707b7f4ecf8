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

! Global reductions and a 2-D block decomposition helper, with the MPI
! calls and their serial stand-ins selected by the preprocessor.
module reduce
  implicit none
#ifdef USE_MPI
  include 'mpif.h'
#endif
contains
  function global_sum(x) result(s)
    REALTYPE, intent(in) :: x
    REALTYPE :: s
#ifdef USE_MPI
    integer :: ierr
    call mpi_allreduce(x, s, 1, mpi_double_precision, mpi_sum, mpi_comm_world, ierr)
#else
    s = x
#endif
  end function global_sum

  function global_max(x) result(s)
    REALTYPE, intent(in) :: x
    REALTYPE :: s
#ifdef USE_MPI
    integer :: ierr
    call mpi_allreduce(x, s, 1, mpi_double_precision, mpi_max, mpi_comm_world, ierr)
#else
    s = x
#endif
  end function global_max

  ! Rows owned by rank r of p for a BLOCK split of n rows: the first
  ! mod(n, p) ranks get one extra row.
  subroutine block_range(n, p, r, lo, hi)
    integer, intent(in) :: n, p, r
    integer, intent(out) :: lo, hi
    integer :: q, extra
    q = n / p
    extra = mod(n, p)
    lo = r * q + min(r, extra) + 1
    hi = lo + q - 1
    if (r < extra) hi = hi + 1
  end subroutine block_range
end module reduce

! Jacobi smoothing of the locally owned rows of a 2-D field with a halo
! of one row above and below; the flat index macro addresses the field.
subroutine smooth_rows(lo, hi, u, unew)
  implicit none
  integer, intent(in) :: lo, hi
  REALTYPE, intent(in) :: u(NGRID * NGRID)
  REALTYPE, intent(out) :: unew(NGRID * NGRID)
  integer :: i, j
  do j = max(lo, 2), min(hi, NGRID - 1)
    do i = 2, NGRID - 1
      unew(IDX(i, j)) = 0.25 * (u(IDX(i-1, j)) + u(IDX(i+1, j)) &
                             + u(IDX(i, j-1)) + u(IDX(i, j+1)))
    end do
  end do
end subroutine smooth_rows

! Driver piece: decompose, smooth, and reduce the residual; the serial
! build runs the same code with one rank.
subroutine decomposed_smooth(nit, res)
  use halo, only: rank, nprocs
  use reduce
  implicit none
  integer, intent(in) :: nit
  REALTYPE, intent(out) :: res
  REALTYPE :: u(NGRID * NGRID), unew(NGRID * NGRID), local
  integer :: lo, hi, it, k
  call block_range(NGRID, nprocs, rank, lo, hi)
  u = ZERO
  u(1:NGRID) = 1.0
  unew = u
  do it = 1, nit
    call smooth_rows(lo, hi, u, unew)
    local = ZERO
    do k = IDX(1, lo), IDX(NGRID, hi)
      local = max(local, abs(unew(k) - u(k)))
    end do
    u = unew
    res = global_max(local)
    if (res < 1.0e-6) exit
  end do
  res = global_sum(res)
end subroutine decomposed_smooth

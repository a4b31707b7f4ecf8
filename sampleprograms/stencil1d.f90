! One-dimensional three-point stencil, the smallest example of a shift
! (nearest-neighbour) reference pattern.
program stencil1d
  implicit none
  integer, parameter :: n = 1000
  double precision :: u(n), v(n)
  integer :: i
!HPF$ PROCESSORS procs(4)
!HPF$ ALIGN v(i) WITH u(i)
!HPF$ DISTRIBUTE u(BLOCK) ONTO procs
  do i = 1, n
    u(i) = dble(i)
  end do
  do i = 2, n - 1
    v(i) = (u(i - 1) + 2.0d0 * u(i) + u(i + 1)) / 4.0d0
  end do
  print *, v(n / 2)
end program stencil1d

! Red-black (odd-even) Gauss-Seidel relaxation on a 2-D grid, free form HPF.
! Red points have i+j even, black points i+j odd; each colour is updated by
! two strided loop nests so that every bound stays affine.
program redblack
  implicit none
  integer, parameter :: n = 256
  integer, parameter :: nsweep = 50
  real(kind=8) :: u(0:n + 1, 0:n + 1), f(0:n + 1, 0:n + 1)
  real(kind=8) :: h2
  integer :: i, j, sweep
!HPF$ PROCESSORS procs(8)
!HPF$ ALIGN f(i, j) WITH u(i, j)
!HPF$ DISTRIBUTE u(*, BLOCK) ONTO procs

  h2 = 1.0d0 / dble((n + 1) * (n + 1))
  u = 0.0d0
  f = 1.0d0
  do sweep = 1, nsweep
    ! red points
    do j = 1, n, 2
      do i = 1, n, 2
        u(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1) - h2 * f(i, j))
      end do
    end do
    do j = 2, n, 2
      do i = 2, n, 2
        u(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1) - h2 * f(i, j))
      end do
    end do
    ! black points
    do j = 1, n, 2
      do i = 2, n, 2
        u(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1) - h2 * f(i, j))
      end do
    end do
    do j = 2, n, 2
      do i = 1, n, 2
        u(i, j) = 0.25d0 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1) - h2 * f(i, j))
      end do
    end do
  end do
  print *, u(n / 2, n / 2)
end program redblack

! Right-looking Cholesky factorization A = L * L**T (lower triangle in place),
! with the triangular loop nests the P3T+ paper counts symbolically.
program cholesky
  implicit none
  integer, parameter :: n = 200
  double precision :: a(n, n)
  integer :: i, j, k
!HPF$ PROCESSORS procs(4)
!HPF$ DISTRIBUTE a(*, CYCLIC) ONTO procs

  do j = 1, n
    do i = 1, n
      a(i, j) = 1.0d0 / dble(i + j - 1)
    end do
    a(j, j) = a(j, j) + dble(n)
  end do

  do k = 1, n
    a(k, k) = sqrt(a(k, k))
    do i = k + 1, n
      a(i, k) = a(i, k) / a(k, k)
    end do
    do j = k + 1, n
      do i = j, n
        a(i, j) = a(i, j) - a(i, k) * a(j, k)
      end do
    end do
  end do
  print *, a(n, n)
end program cholesky

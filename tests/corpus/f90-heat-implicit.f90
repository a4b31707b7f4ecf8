! Crank-Nicolson heat equation in free-form Fortran 95: a module with a
! tridiagonal solver taking assumed-shape arrays, automatic arrays, array
! constructors, WHERE/ELSEWHERE and a DO WHILE with a tolerance.
module tridiag
  implicit none
  integer, parameter :: rk = selected_real_kind(15)
contains
  subroutine thomas(a, b, c, d, x)
    real(rk), intent(in) :: a(:), b(:), c(:), d(:)
    real(rk), intent(out) :: x(:)
    real(rk) :: cp(size(b)), dp(size(b)), m
    integer :: i, n
    n = size(b)
    cp(1) = c(1) / b(1)
    dp(1) = d(1) / b(1)
    do i = 2, n
      m = b(i) - a(i) * cp(i - 1)
      cp(i) = c(i) / m
      dp(i) = (d(i) - a(i) * dp(i - 1)) / m
    end do
    x(n) = dp(n)
    do i = n - 1, 1, -1
      x(i) = dp(i) - cp(i) * x(i + 1)
    end do
  end subroutine thomas
end module tridiag

program heat_cn
  use tridiag
  implicit none
  integer, parameter :: n = 200
  real(rk) :: u(n), rhs(n), lo(n), di(n), up(n), r, t, tend, change
  real(rk) :: probe(3)
  integer :: steps
  r = 0.5_rk
  u = 0.0_rk
  u(n / 4 : 3 * n / 4) = 1.0_rk
  lo = -r / 2
  up = -r / 2
  di = 1.0_rk + r
  t = 0.0_rk
  tend = 1.0_rk
  steps = 0
  change = huge(1.0_rk)
  do while (t < tend .and. change > 1.0e-12_rk)
    rhs(2:n-1) = (1.0_rk - r) * u(2:n-1) + r / 2 * (u(1:n-2) + u(3:n))
    rhs(1) = 0.0_rk
    rhs(n) = 0.0_rk
    call thomas(lo, di, up, rhs, rhs)
    change = maxval(abs(rhs - u))
    where (rhs > 1.0e-300_rk)
      u = rhs
    elsewhere
      u = 0.0_rk
    end where
    t = t + 0.01_rk
    steps = steps + 1
  end do
  probe = [u(n / 4), u(n / 2), u(3 * n / 4)]
  print '(a, i6, 3f12.8)', ' steps, probes: ', steps, probe
end program heat_cn

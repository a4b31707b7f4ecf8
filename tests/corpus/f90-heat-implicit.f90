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

! Two-dimensional heat equation by ADI (Peaceman-Rachford): each half
! step is a set of tridiagonal solves along one direction, done with
! the thomas routine of module tridiag on array sections.
module adi_heat
  use tridiag
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains
  subroutine adi_step(u, r)
    real(wp), intent(inout) :: u(:, :)
    real(wp), intent(in) :: r
    real(wp), allocatable :: a(:), b(:), c(:), d(:), half(:, :)
    integer :: nx, ny, i, j
    nx = size(u, 1)
    ny = size(u, 2)
    allocate (a(nx), b(nx), c(nx), d(nx), half(nx, ny))
    half = u
    a = -0.5_wp * r
    b = 1.0_wp + r
    c = -0.5_wp * r
    do j = 2, ny - 1
      d(2:nx-1) = u(2:nx-1, j) + 0.5_wp * r * (u(2:nx-1, j-1) - 2.0_wp * u(2:nx-1, j) + u(2:nx-1, j+1))
      d(1) = u(1, j)
      d(nx) = u(nx, j)
      call thomas(a(2:nx-1), b(2:nx-1), c(2:nx-1), d(2:nx-1), half(2:nx-1, j))
    end do
    deallocate (a, b, c, d)
    allocate (a(ny), b(ny), c(ny), d(ny))
    a = -0.5_wp * r
    b = 1.0_wp + r
    c = -0.5_wp * r
    do i = 2, nx - 1
      d(2:ny-1) = half(i, 2:ny-1) + 0.5_wp * r * (half(i-1, 2:ny-1) - 2.0_wp * half(i, 2:ny-1) + half(i+1, 2:ny-1))
      call thomas(a(2:ny-1), b(2:ny-1), c(2:ny-1), d(2:ny-1), u(i, 2:ny-1))
    end do
    deallocate (a, b, c, d, half)
  end subroutine adi_step

  ! Exact decay of the (1,1) Fourier mode for the error check.
  elemental real(wp) function mode11(x, y, t)
    real(wp), intent(in) :: x, y, t
    real(wp), parameter :: pi = 3.14159265358979_wp
    mode11 = sin(pi * x) * sin(pi * y) * exp(-2.0_wp * pi * pi * t)
  end function mode11

  subroutine heat_error(u, h, t, emax, el2)
    real(wp), intent(in) :: u(:, :), h, t
    real(wp), intent(out) :: emax, el2
    real(wp), allocatable :: e(:, :)
    integer :: i, j
    allocate (e(size(u, 1), size(u, 2)))
    do j = 1, size(u, 2)
      do i = 1, size(u, 1)
        e(i, j) = u(i, j) - mode11((i - 1) * h, (j - 1) * h, t)
      end do
    end do
    emax = maxval(abs(e))
    el2 = sqrt(sum(e * e) * h * h)
    deallocate (e)
  end subroutine heat_error
end module adi_heat

! Convergence study: halve h and dt together; Crank-Nicolson and ADI are
! second order, so the error ratio should approach 4.
subroutine adi_study(n0, nlev, tend)
  use adi_heat
  implicit none
  integer, intent(in) :: n0, nlev
  real(wp), intent(in) :: tend
  real(wp), allocatable :: u(:, :)
  real(wp) :: h, dt, r, emax, el2, eprev
  integer :: lev, n, i, j, nt, k
  eprev = 0.0_wp
  do lev = 1, nlev
    n = n0 * 2 ** (lev - 1) + 1
    h = 1.0_wp / (n - 1)
    dt = 0.25_wp * h
    nt = nint(tend / dt)
    r = dt / (h * h)
    allocate (u(n, n))
    forall (i = 1:n, j = 1:n) u(i, j) = mode11((i - 1) * h, (j - 1) * h, 0.0_wp)
    do k = 1, nt
      call adi_step(u, r)
    end do
    call heat_error(u, h, nt * dt, emax, el2)
    if (lev > 1) then
      write (*, '(i6, 2es12.4, f8.3)') n, emax, el2, eprev / el2
    else
      write (*, '(i6, 2es12.4)') n, emax, el2
    end if
    eprev = el2
    deallocate (u)
  end do
end subroutine adi_study

! Periodic tridiagonal systems by the Sherman-Morrison correction:
! two calls of thomas on the reduced system.
subroutine cyclic_thomas(a, b, c, alpha, beta, d, x)
  use tridiag
  implicit none
  real(8), intent(in) :: a(:), b(:), c(:), alpha, beta, d(:)
  real(8), intent(out) :: x(:)
  real(8), allocatable :: bb(:), u(:), z(:)
  real(8) :: gamma, fact
  integer :: n
  n = size(b)
  allocate (bb(n), u(n), z(n))
  gamma = -b(1)
  bb = b
  bb(1) = b(1) - gamma
  bb(n) = b(n) - alpha * beta / gamma
  call thomas(a, bb, c, d, x)
  u = 0.0d0
  u(1) = gamma
  u(n) = alpha
  call thomas(a, bb, c, u, z)
  fact = (x(1) + beta * x(n) / gamma) / (1.0d0 + z(1) + beta * z(n) / gamma)
  x = x - fact * z
  deallocate (bb, u, z)
end subroutine cyclic_thomas

! Free-form cpp: the stencil order and OpenMP use are compile-time choices
! (#if ORDER == 4, #ifdef _OPENMP), sizes from cppdefs.h.
#include "cppdefs.h"
#ifndef ORDER
#define ORDER 2
#endif
program stencil_cpp
  implicit none
  integer, parameter :: n = NGRID
  REALTYPE :: u(-1:n+2), du(n), h
  integer :: i
  h = 1.0 / n
  do i = -1, n + 2
    u(i) = sin(6.283185307 * i * h)
  end do
#ifdef _OPENMP
!$omp parallel do
#endif
  do i = 1, n
#if ORDER == 4
    du(i) = (-u(i+2) + 8.0 * u(i+1) - 8.0 * u(i-1) + u(i-2)) / (12.0 * h)
#elif ORDER == 2
    du(i) = (u(i+1) - u(i-1)) / (2.0 * h)
#else
#error "ORDER must be 2 or 4"
#endif
  end do
#ifdef _OPENMP
!$omp end parallel do
#endif
  print *, 'order', ORDER, ' max derivative', maxval(abs(du))
end program stencil_cpp

! 2-D Laplacian of the chosen order on a periodic grid: the ghost layer
! width follows ORDER, so the array bounds are macro expressions.
#define NG (ORDER / 2)
subroutine laplace_2d(n, u, lap, h)
  implicit none
  integer, intent(in) :: n
  REALTYPE, intent(in) :: u(1-NG:n+NG, 1-NG:n+NG), h
  REALTYPE, intent(out) :: lap(n, n)
  integer :: i, j
#ifdef _OPENMP
!$omp parallel do private(i)
#endif
  do j = 1, n
    do i = 1, n
#if ORDER == 4
      lap(i, j) = (-u(i+2, j) + 16.0 * u(i+1, j) - 30.0 * u(i, j) + 16.0 * u(i-1, j) - u(i-2, j) &
                   - u(i, j+2) + 16.0 * u(i, j+1) - 30.0 * u(i, j) + 16.0 * u(i, j-1) - u(i, j-2)) &
                  / (12.0 * h * h)
#else
      lap(i, j) = (u(i+1, j) + u(i-1, j) + u(i, j+1) + u(i, j-1) - 4.0 * u(i, j)) / (h * h)
#endif
    end do
  end do
#ifdef _OPENMP
!$omp end parallel do
#endif
end subroutine laplace_2d

! Fill the ghost layers periodically: NG columns and rows on each side.
subroutine fill_ghosts(n, u)
  implicit none
  integer, intent(in) :: n
  REALTYPE, intent(inout) :: u(1-NG:n+NG, 1-NG:n+NG)
  integer :: k
  do k = 1, NG
    u(1-k, 1:n) = u(n+1-k, 1:n)
    u(n+k, 1:n) = u(k, 1:n)
  end do
  do k = 1, NG
    u(:, 1-k) = u(:, n+1-k)
    u(:, n+k) = u(:, k)
  end do
end subroutine fill_ghosts

! Convergence test of the derivative: the error on grids n, 2n, 4n must
! fall by 2**ORDER per refinement; the observed orders are printed.
subroutine order_test(n0, nref)
  implicit none
  integer, intent(in) :: n0, nref
  integer :: k, n, i
  REALTYPE :: h, err(8), x, d, exact
  REALTYPE, allocatable :: u(:)
  do k = 1, min(nref, 8)
    n = n0 * 2 ** (k - 1)
    h = 1.0 / n
    allocate (u(-1:n+2))
    do i = -1, n + 2
      u(i) = sin(6.283185307 * i * h)
    end do
    err(k) = ZERO
    do i = 1, n
      x = i * h
      exact = 6.283185307 * cos(6.283185307 * x)
#if ORDER == 4
      d = (-u(i+2) + 8.0 * u(i+1) - 8.0 * u(i-1) + u(i-2)) / (12.0 * h)
#else
      d = (u(i+1) - u(i-1)) / (2.0 * h)
#endif
      err(k) = max(err(k), abs(d - exact))
    end do
    deallocate (u)
  end do
  do k = 2, min(nref, 8)
    write (*, '(a, i3, a, f8.3)') ' level', k, '  observed order', log(err(k-1) / err(k)) / log(2.0)
  end do
end subroutine order_test

! Smoothing filter of the same order, applied in place with a copy.
subroutine filter_1d(n, u, eps)
  implicit none
  integer, intent(in) :: n
  REALTYPE, intent(inout) :: u(-1:n+2)
  REALTYPE, intent(in) :: eps
  REALTYPE :: w(n)
  integer :: i
  do i = 1, n
#if ORDER == 4
    w(i) = u(i) - eps / 16.0 * (u(i-2) - 4.0 * u(i-1) + 6.0 * u(i) - 4.0 * u(i+1) + u(i+2))
#else
    w(i) = u(i) + eps / 4.0 * (u(i-1) - 2.0 * u(i) + u(i+1))
#endif
  end do
  u(1:n) = w
end subroutine filter_1d

! Explicit time stepping of u_t = nu u_xx with the stencil of the chosen
! order; the stable time step shrinks for ORDER 4 (factor 3/4).
subroutine diffuse(n, u, nu, nsteps)
  implicit none
  integer, intent(in) :: n, nsteps
  REALTYPE, intent(inout) :: u(-1:n+2)
  REALTYPE, intent(in) :: nu
  REALTYPE :: w(n), h, dt
  integer :: i, step
  h = 1.0 / n
#if ORDER == 4
  dt = 0.375 * h * h / nu
#else
  dt = 0.5 * h * h / nu
#endif
  do step = 1, nsteps
    u(-1) = u(n-1)
    u(0) = u(n)
    u(n+1) = u(1)
    u(n+2) = u(2)
#ifdef _OPENMP
!$omp parallel do
#endif
    do i = 1, n
#if ORDER == 4
      w(i) = u(i) + nu * dt * (-u(i+2) + 16.0 * u(i+1) - 30.0 * u(i) &
             + 16.0 * u(i-1) - u(i-2)) / (12.0 * h * h)
#else
      w(i) = u(i) + nu * dt * (u(i+1) - 2.0 * u(i) + u(i-1)) / (h * h)
#endif
    end do
#ifdef _OPENMP
!$omp end parallel do
#endif
    u(1:n) = w
  end do
end subroutine diffuse

! Total variation and the extreme values, to check that the scheme
! does not create new extrema (monotonicity for ORDER 2).
subroutine tv_check(n, u, tv, umin, umax)
  implicit none
  integer, intent(in) :: n
  REALTYPE, intent(in) :: u(-1:n+2)
  REALTYPE, intent(out) :: tv, umin, umax
  integer :: i
  tv = ZERO
  do i = 1, n - 1
    tv = tv + abs(u(i+1) - u(i))
  end do
  umin = minval(u(1:n))
  umax = maxval(u(1:n))
  write (*, '(a, 3es13.5)') ' tv, min, max', tv, umin, umax
end subroutine tv_check

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

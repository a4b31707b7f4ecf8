! Shallow-water step with three fields sharing one 2-D template, mapped
! (BLOCK, *) first and then REDISTRIBUTEd to (*, BLOCK) for a transposed
! phase; FORALL with masks for the boundary treatment.
program shallow_hpf
  implicit none
  integer, parameter :: m = 256, n = 256, nt = 20
  real :: u(m, n), v(m, n), h(m, n), hu(m, n), hv(m, n)
  real :: g, dt, dx
  integer :: i, j, it
!HPF$ PROCESSORS ps(4)
!HPF$ TEMPLATE, DISTRIBUTE(BLOCK, *) ONTO ps, DYNAMIC :: tsw(m, n)
!HPF$ ALIGN (i, j) WITH tsw(i, j) :: u, v, h, hu, hv
  g = 9.81
  dt = 0.01
  dx = 1.0
  forall (i = 1:m, j = 1:n) h(i, j) = 1.0 + 0.1 * exp(-((i - m/2)**2 + (j - n/2)**2) / 100.0)
  u = 0.0
  v = 0.0
  do it = 1, nt
!HPF$ INDEPENDENT, NEW(i)
    do j = 2, n - 1
      do i = 2, m - 1
        hu(i, j) = u(i, j) - dt * g * (h(i+1, j) - h(i-1, j)) / (2.0 * dx)
        hv(i, j) = v(i, j) - dt * g * (h(i, j+1) - h(i, j-1)) / (2.0 * dx)
      end do
    end do
    forall (i = 2:m-1, j = 2:n-1, h(i, j) > 0.0)
      u(i, j) = hu(i, j)
      v(i, j) = hv(i, j)
    end forall
!HPF$ REDISTRIBUTE tsw(*, BLOCK)
!HPF$ INDEPENDENT, NEW(j)
    do i = 2, m - 1
      do j = 2, n - 1
        h(i, j) = h(i, j) - dt * ((u(i+1, j) - u(i-1, j)) + (v(i, j+1) - v(i, j-1))) / (2.0 * dx)
      end do
    end do
    forall (j = 1:n, h(1, j) /= h(2, j)) h(1, j) = h(2, j)
    forall (j = 1:n, h(m, j) /= h(m-1, j)) h(m, j) = h(m-1, j)
!HPF$ REDISTRIBUTE tsw(BLOCK, *)
  end do
  print '(a, 2f12.6)', ' min/max depth ', minval(h), maxval(h)
end program shallow_hpf

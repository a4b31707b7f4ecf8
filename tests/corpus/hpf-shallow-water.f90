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

! Initial state of the shallow-water test: a Gaussian hump in the height
! field, velocities from geostrophic balance on an f-plane.  The fields
! are aligned with one template distributed by rows.
subroutine sw_init(m, n, dx, f0, g, h, u, v)
  implicit none
  integer, intent(in) :: m, n
  real(8), intent(in) :: dx, f0, g
  real(8), intent(out) :: h(m, n), u(m, n), v(m, n)
  integer :: i, j
  real(8) :: xc, yc, r2
!HPF$ PROCESSORS rows(8)
!HPF$ TEMPLATE tsw(m, n)
!HPF$ DISTRIBUTE tsw(BLOCK, *) ONTO rows
!HPF$ ALIGN (i, j) WITH tsw(i, j) :: h, u, v
  xc = 0.5d0 * m * dx
  yc = 0.5d0 * n * dx
  forall (i = 1:m, j = 1:n)
    h(i, j) = 1000.0d0 + 50.0d0 * exp(-((i * dx - xc) ** 2 + (j * dx - yc) ** 2) / (8.0d0 * dx) ** 2)
  end forall
  u = 0.0d0
  v = 0.0d0
!HPF$ INDEPENDENT, NEW(j)
  do i = 2, m - 1
    do j = 2, n - 1
      u(i, j) = -g / f0 * (h(i, j+1) - h(i, j-1)) / (2.0d0 * dx)
      v(i, j) = g / f0 * (h(i+1, j) - h(i-1, j)) / (2.0d0 * dx)
    end do
  end do
end subroutine sw_init

! Mass, energy and the maximum Courant number of the current state.
subroutine sw_diag(m, n, dx, dt, g, h, u, v, mass, energy, courant)
  implicit none
  integer, intent(in) :: m, n
  real(8), intent(in) :: dx, dt, g, h(m, n), u(m, n), v(m, n)
  real(8), intent(out) :: mass, energy, courant
  integer :: i, j
!HPF$ INHERIT h, u, v
  mass = 0.0d0
  energy = 0.0d0
  courant = 0.0d0
!HPF$ INDEPENDENT, NEW(j), REDUCTION(mass, energy, courant)
  do i = 1, m
    do j = 1, n
      mass = mass + h(i, j)
      energy = energy + 0.5d0 * h(i, j) * (u(i, j) ** 2 + v(i, j) ** 2) + 0.5d0 * g * h(i, j) ** 2
      courant = max(courant, (abs(u(i, j)) + abs(v(i, j)) + sqrt(g * h(i, j))) * dt / dx)
    end do
  end do
end subroutine sw_diag

! Lax-Wendroff-like two-step update written with FORALL: half-step
! values on cell faces, then the full step in the interior.  The
! face arrays are aligned with the template with an offset.
subroutine sw_step(m, n, dt, dx, g, h, u, v)
  implicit none
  integer, intent(in) :: m, n
  real(8), intent(in) :: dt, dx, g
  real(8), intent(inout) :: h(m, n), u(m, n), v(m, n)
  real(8) :: hx(m, n), ux(m, n), hy(m, n), vy(m, n)
  integer :: i, j
!HPF$ INHERIT h, u, v
!HPF$ ALIGN hx(i, j) WITH h(i, j)
!HPF$ ALIGN ux(i, j) WITH h(i, j)
!HPF$ ALIGN (i, j) WITH h(i, j) :: hy, vy
  hx = h
  ux = u
  hy = h
  vy = v
  forall (i = 1:m-1, j = 1:n)
    hx(i, j) = 0.5d0 * (h(i+1, j) + h(i, j)) - 0.5d0 * dt / dx * (h(i+1, j) * u(i+1, j) - h(i, j) * u(i, j))
    ux(i, j) = 0.5d0 * (u(i+1, j) + u(i, j)) - 0.5d0 * dt / dx * g * (h(i+1, j) - h(i, j))
  end forall
  forall (i = 1:m, j = 1:n-1)
    hy(i, j) = 0.5d0 * (h(i, j+1) + h(i, j)) - 0.5d0 * dt / dx * (h(i, j+1) * v(i, j+1) - h(i, j) * v(i, j))
    vy(i, j) = 0.5d0 * (v(i, j+1) + v(i, j)) - 0.5d0 * dt / dx * g * (h(i, j+1) - h(i, j))
  end forall
  forall (i = 2:m-1, j = 2:n-1, h(i, j) > 0.0d0)
    h(i, j) = h(i, j) - dt / dx * (hx(i, j) * ux(i, j) - hx(i-1, j) * ux(i-1, j)) &
                      - dt / dx * (hy(i, j) * vy(i, j) - hy(i, j-1) * vy(i, j-1))
    u(i, j) = u(i, j) - dt / dx * g * (hx(i, j) - hx(i-1, j))
    v(i, j) = v(i, j) - dt / dx * g * (hy(i, j) - hy(i, j-1))
  end forall
end subroutine sw_step

! Snapshot writer: every kth row of h to an unformatted file.
subroutine sw_dump(m, n, h, kth, iunit, step)
  implicit none
  integer, intent(in) :: m, n, kth, iunit, step
  real(8), intent(in) :: h(m, n)
  integer :: i
  write (iunit) step, m, n, kth
  do i = 1, m, kth
    write (iunit) h(i, 1:n:kth)
  end do
end subroutine sw_dump

! Semi-Lagrangian advection of a tracer on the same template: departure
! points by one backward step, bilinear interpolation, indices clamped.
! The tracer is mapped (BLOCK, BLOCK) for this phase by REDISTRIBUTE.
subroutine sw_tracer(m, n, dt, dx, u, v, q)
  implicit none
  integer, intent(in) :: m, n
  real(8), intent(in) :: dt, dx, u(m, n), v(m, n)
  real(8), intent(inout) :: q(m, n)
  real(8) :: qn(m, n), xd, yd, fx, fy
  integer :: i, j, i0, j0
!HPF$ PROCESSORS p2(2, 4)
!HPF$ DYNAMIC q
!HPF$ REDISTRIBUTE q(BLOCK, BLOCK) ONTO p2
!HPF$ ALIGN qn(i, j) WITH q(i, j)
!HPF$ INDEPENDENT, NEW(i, xd, yd, i0, j0, fx, fy)
  do j = 1, n
    do i = 1, m
      xd = real(i, 8) - u(i, j) * dt / dx
      yd = real(j, 8) - v(i, j) * dt / dx
      xd = min(max(xd, 1.0d0), real(m - 1, 8))
      yd = min(max(yd, 1.0d0), real(n - 1, 8))
      i0 = int(xd)
      j0 = int(yd)
      fx = xd - i0
      fy = yd - j0
      qn(i, j) = (1.0d0 - fx) * (1.0d0 - fy) * q(i0, j0) + fx * (1.0d0 - fy) * q(i0+1, j0) &
               + (1.0d0 - fx) * fy * q(i0, j0+1) + fx * fy * q(i0+1, j0+1)
    end do
  end do
  q = qn
!HPF$ REDISTRIBUTE q(BLOCK, *) ONTO p2
end subroutine sw_tracer

! Vorticity and divergence on the interior, and their extreme values.
subroutine sw_vortdiv(m, n, dx, u, v, zeta, div, zmax, dmax)
  implicit none
  integer, intent(in) :: m, n
  real(8), intent(in) :: dx, u(m, n), v(m, n)
  real(8), intent(out) :: zeta(m, n), div(m, n), zmax, dmax
  integer :: i, j
!HPF$ INHERIT u, v
!HPF$ ALIGN (i, j) WITH u(i, j) :: zeta, div
  zeta = 0.0d0
  div = 0.0d0
  forall (i = 2:m-1, j = 2:n-1)
    zeta(i, j) = (v(i+1, j) - v(i-1, j) - u(i, j+1) + u(i, j-1)) / (2.0d0 * dx)
    div(i, j) = (u(i+1, j) - u(i-1, j) + v(i, j+1) - v(i, j-1)) / (2.0d0 * dx)
  end forall
  zmax = maxval(abs(zeta))
  dmax = maxval(abs(div))
end subroutine sw_vortdiv

! Sponge layer near the boundary: relax h toward h0 with a weight that
! grows with the distance into the sponge (width nw); the four edges
! are separate loop nests with triangular corner handling.
subroutine sw_sponge(m, n, nw, h0, tau, dt, h)
  implicit none
  integer, intent(in) :: m, n, nw
  real(8), intent(in) :: h0, tau, dt
  real(8), intent(inout) :: h(m, n)
  integer :: i, j, k
  real(8) :: w
!HPF$ INHERIT h
!HPF$ INDEPENDENT, NEW(i, w)
  do j = 1, n
    do k = 1, nw
      w = dt / tau * real(nw - k + 1, 8) / real(nw, 8)
      i = k
      h(i, j) = h(i, j) - w * (h(i, j) - h0)
      i = m - k + 1
      h(i, j) = h(i, j) - w * (h(i, j) - h0)
    end do
  end do
!HPF$ INDEPENDENT, NEW(j, w)
  do i = nw + 1, m - nw
    do k = 1, nw
      w = dt / tau * real(nw - k + 1, 8) / real(nw, 8)
      j = k
      h(i, j) = h(i, j) - w * (h(i, j) - h0)
      j = n - k + 1
      h(i, j) = h(i, j) - w * (h(i, j) - h0)
    end do
  end do
end subroutine sw_sponge

! Time loop of the full model: step, sponge, diagnostics every nout.
subroutine sw_run(m, n, nsteps, nout)
  implicit none
  integer, intent(in) :: m, n, nsteps, nout
  real(8) :: h(m, n), u(m, n), v(m, n), q(m, n), zeta(m, n), div(m, n)
  real(8) :: dx, dt, g, mass, energy, courant, zmax, dmax
  integer :: step
!HPF$ PROCESSORS rr(8)
!HPF$ DISTRIBUTE (BLOCK, *) ONTO rr :: h, u, v
!HPF$ ALIGN (i, j) WITH h(i, j) :: q, zeta, div
  dx = 1.0d5
  dt = 60.0d0
  g = 9.81d0
  call sw_init(m, n, dx, 1.0d-4, g, h, u, v)
  q = h
  do step = 1, nsteps
    call sw_step(m, n, dt, dx, g, h, u, v)
    call sw_sponge(m, n, 4, 1000.0d0, 3600.0d0, dt, h)
    call sw_tracer(m, n, dt, dx, u, v, q)
    if (mod(step, nout) == 0) then
      call sw_diag(m, n, dx, dt, g, h, u, v, mass, energy, courant)
      call sw_vortdiv(m, n, dx, u, v, zeta, div, zmax, dmax)
      write (*, '(i6, 5es13.5)') step, mass, energy, courant, zmax, dmax
    end if
  end do
end subroutine sw_run

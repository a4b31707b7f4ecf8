! Explicit 3-D heat equation on a rank-3 processors arrangement and a rank-3
! template; (BLOCK, BLOCK, BLOCK) with ONTO, a (BLOCK, BLOCK, *) variant for
! the boundary planes, array syntax, WHERE and a FORALL with a mask.
program heat3d
  implicit none
  integer, parameter :: n = 96, nsteps = 40
  real, dimension(0:n+1, 0:n+1, 0:n+1) :: t, tnew
  real, dimension(n, n) :: top
  real :: kappa, dt, h, tmax
  integer :: i, j, k, step
!HPF$ PROCESSORS cube(2, 2, 2)
!HPF$ PROCESSORS plane(2, 2)
!HPF$ TEMPLATE box(0:n+1, 0:n+1, 0:n+1)
!HPF$ TEMPLATE face(n, n)
!HPF$ ALIGN (i, j, k) WITH box(i, j, k) :: t, tnew
!HPF$ ALIGN top(i, j) WITH face(i, j)
!HPF$ DISTRIBUTE box(BLOCK, BLOCK, BLOCK) ONTO cube
!HPF$ DISTRIBUTE (BLOCK, BLOCK) ONTO plane :: face

  kappa = 0.1
  h = 1.0 / real(n + 1)
  dt = 0.1 * h * h / kappa
  t = 0.0
  t(:, :, n+1) = 100.0
  tnew = t
  do step = 1, nsteps
!HPF$ INDEPENDENT, NEW(i, j)
    do k = 1, n
!HPF$ INDEPENDENT, NEW(i)
      do j = 1, n
        do i = 1, n
          tnew(i, j, k) = t(i, j, k) + kappa * dt / (h * h) *  &
               (t(i-1, j, k) + t(i+1, j, k) + t(i, j-1, k) +     &
                t(i, j+1, k) + t(i, j, k-1) + t(i, j, k+1) -     &
                6.0 * t(i, j, k))
        end do
      end do
    end do
    t(1:n, 1:n, 1:n) = tnew(1:n, 1:n, 1:n)
    where (t < 0.0) t = 0.0
  end do
  forall (i = 1:n, j = 1:n) top(i, j) = t(i, j, n)
  forall (i = 1:n, j = 1:n, top(i, j) > 50.0) top(i, j) = 50.0
  tmax = maxval(top)
  print '(a, f10.4)', ' hottest point below the lid: ', tmax
  print '(a, f10.4)', ' mean temperature: ', sum(t(1:n, 1:n, 1:n)) / real(n)**3
end program heat3d

! Implicit variant: one Jacobi-preconditioned Richardson sweep per time
! step on a rank-3 template, with the boundary faces set by FORALL
! statements and a mask on the interior.
subroutine heat3d_implicit(n, nsteps, r, u)
  implicit none
  integer, intent(in) :: n, nsteps
  real(8), intent(in) :: r
  real(8), intent(inout) :: u(n, n, n)
  real(8) :: unew(n, n, n), rhs(n, n, n)
  integer :: i, j, k, step, sweep
!HPF$ PROCESSORS cube3(2, 2, 4)
!HPF$ TEMPLATE box3(n, n, n)
!HPF$ DISTRIBUTE box3(BLOCK, BLOCK, BLOCK) ONTO cube3
!HPF$ ALIGN WITH box3(i, j, k) :: u(i, j, k), unew(i, j, k), rhs(i, j, k)
  do step = 1, nsteps
    rhs = u
    do sweep = 1, 4
!HPF$ INDEPENDENT, NEW(i, j)
      do k = 2, n - 1
        do j = 2, n - 1
          do i = 2, n - 1
            unew(i, j, k) = (rhs(i, j, k) + r * (u(i-1, j, k) + u(i+1, j, k) &
                 + u(i, j-1, k) + u(i, j+1, k) + u(i, j, k-1) + u(i, j, k+1))) &
                 / (1.0d0 + 6.0d0 * r)
          end do
        end do
      end do
      forall (i = 2:n-1, j = 2:n-1, k = 2:n-1) u(i, j, k) = unew(i, j, k)
    end do
    forall (j = 1:n, k = 1:n) u(1, j, k) = 0.0d0
    forall (j = 1:n, k = 1:n) u(n, j, k) = 0.0d0
    forall (i = 1:n, k = 1:n) u(i, 1, k) = 0.0d0
    forall (i = 1:n, k = 1:n) u(i, n, k) = 0.0d0
    forall (i = 1:n, j = 1:n) u(i, j, 1) = 1.0d0
    forall (i = 1:n, j = 1:n) u(i, j, n) = 0.0d0
  end do
end subroutine heat3d_implicit

! Energy and the maximum of each plane k: a REDUCTION over an
! INDEPENDENT nest, and a per-plane loop writing one line per plane.
subroutine heat3d_stats(n, u, energy, pmax)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: u(n, n, n)
  real(8), intent(out) :: energy, pmax(n)
  integer :: i, j, k
!HPF$ INHERIT u
  energy = 0.0d0
!HPF$ INDEPENDENT, NEW(i, j), REDUCTION(energy)
  do k = 1, n
    do j = 1, n
      do i = 1, n
        energy = energy + u(i, j, k) ** 2
      end do
    end do
  end do
!HPF$ INDEPENDENT
  do k = 1, n
    pmax(k) = maxval(u(:, :, k))
  end do
  do k = 1, n, max(1, n / 8)
    write (*, '(a, i4, a, es12.4)') ' plane', k, '  max', pmax(k)
  end do
end subroutine heat3d_stats

! Change the mapping between the explicit phase (BLOCK in all three
! dimensions) and a line-relaxation phase along i (i collapsed), then
! back; the array is DYNAMIC and redistributed twice.
subroutine heat3d_lines(n, r, u)
  implicit none
  integer, intent(in) :: n
  real(8), intent(in) :: r
  real(8), intent(inout) :: u(n, n, n)
  real(8) :: c(n), d(n), w
  integer :: i, j, k
!HPF$ PROCESSORS pl(16)
!HPF$ DYNAMIC u
!HPF$ REDISTRIBUTE u(*, *, BLOCK) ONTO pl
!HPF$ INDEPENDENT, NEW(i, c, d, w)
  do k = 1, n
    do j = 1, n
      c(1) = -r / (1.0d0 + 2.0d0 * r)
      d(1) = u(1, j, k) / (1.0d0 + 2.0d0 * r)
      do i = 2, n
        w = 1.0d0 + 2.0d0 * r + r * c(i-1)
        c(i) = -r / w
        d(i) = (u(i, j, k) + r * d(i-1)) / w
      end do
      u(n, j, k) = d(n)
      do i = n - 1, 1, -1
        u(i, j, k) = d(i) - c(i) * u(i+1, j, k)
      end do
    end do
  end do
!HPF$ REDISTRIBUTE u(BLOCK, BLOCK, *) ONTO pl
end subroutine heat3d_lines

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

! One-dimensional three-point stencil repeated NSTEPS times: the shift of
! u(i-1) and u(i+1) happens once per time step (the copy back into u
! carries the dependence), the validation sample of issue 11.
      program stencil
      integer n, nsteps
      parameter (n = 4000, nsteps = 50)
      double precision u(n), v(n)
      integer i, t
!HPF$ PROCESSORS procs(4)
!HPF$ ALIGN v(i) WITH u(i)
!HPF$ DISTRIBUTE u(BLOCK) ONTO procs
      do i = 1, n
        u(i) = dble(i)
      end do
      do t = 1, nsteps
        do i = 2, n - 1
          v(i) = (u(i - 1) + 2.0d0 * u(i) + u(i + 1)) / 4.0d0
        end do
        do i = 2, n - 1
          u(i) = v(i)
        end do
      end do
      print *, u(n / 2)
      end

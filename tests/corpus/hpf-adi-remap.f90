! Alternating-direction implicit sweeps with a remapping between the phases:
! DYNAMIC arrays, REDISTRIBUTE from (*, BLOCK) to (BLOCK, *), REALIGN onto a
! second template, a rank-1 processors arrangement and the !HPF$ spelling
! in free form with attributed and classic directives mixed.
program adi_remap
  implicit none
  integer, parameter :: n = 256, nsteps = 10
  real(kind=8) :: x(n, n), a(n, n), b(n, n), c(n)
  real(kind=8) :: alpha, total
  integer :: i, j, step
!HPF$ PROCESSORS :: p(8)
!HPF$ TEMPLATE, DIMENSION(n, n) :: tcol, trow
!HPF$ DYNAMIC :: x, a, b
!HPF$ DYNAMIC tcol
!HPF$ ALIGN WITH tcol :: x, a, b
!HPF$ ALIGN c(i) WITH trow(i, *)
!HPF$ DISTRIBUTE (*, BLOCK) ONTO p :: tcol
!HPF$ DISTRIBUTE trow(BLOCK, *) ONTO p

  alpha = 0.1d0
  call init(x, a, b, n)
  do step = 1, nsteps
    ! phase 1: sweeps along columns are local under (*, BLOCK)
!HPF$ INDEPENDENT, NEW(i)
    do j = 1, n
      do i = 2, n
        x(i, j) = x(i, j) - x(i-1, j) * a(i, j) / b(i-1, j)
        b(i, j) = b(i, j) - a(i, j) * a(i, j) / b(i-1, j)
      end do
    end do
!HPF$ INDEPENDENT
    do j = 1, n
      x(n, j) = x(n, j) / b(n, j)
    end do
!HPF$ INDEPENDENT, NEW(i)
    do j = 1, n
      do i = n - 1, 1, -1
        x(i, j) = (x(i, j) - a(i+1, j) * x(i+1, j)) / b(i, j)
      end do
    end do
    ! phase 2: remap so the row sweeps are local
!HPF$ REDISTRIBUTE tcol(BLOCK, *) ONTO p
!HPF$ INDEPENDENT, NEW(j)
    do i = 1, n
      do j = 2, n
        x(i, j) = x(i, j) - x(i, j-1) * a(i, j) / b(i, j-1)
        b(i, j) = b(i, j) - a(i, j) * a(i, j) / b(i, j-1)
      end do
    end do
!HPF$ INDEPENDENT, NEW(j)
    do i = 1, n
      do j = n - 1, 1, -1
        x(i, j) = (x(i, j) - a(i, j+1) * x(i, j+1)) / b(i, j)
      end do
    end do
!HPF$ REDISTRIBUTE tcol(*, BLOCK) ONTO p
    ! a realignment of a onto the row template, then back
!HPF$ REALIGN a(i, j) WITH trow(i, j)
!HPF$ INDEPENDENT, REDUCTION(total)
    do i = 1, n
      c(i) = sum(a(i, :))
      total = total + c(i)
    end do
!HPF$ REALIGN WITH tcol :: a
    x = x * (1.0d0 - alpha)
  end do
  write (*, '(a, es16.8)') ' checksum ', sum(x)

contains

  subroutine init(x, a, b, n)
    integer, intent(in) :: n
    real(kind=8), intent(out) :: x(n, n), a(n, n), b(n, n)
!HPF$ INHERIT :: x, a, b
    integer :: i, j
    forall (i = 1:n, j = 1:n)
      x(i, j) = 1.0d0 / real(i + j, 8)
      a(i, j) = -0.5d0
      b(i, j) = 2.0d0
    end forall
    forall (i = 1:n, j = 1:n, i == j) b(i, j) = 4.0d0
  end subroutine init

end program adi_remap

! Full ADI time step for the 2-D heat equation with both sweeps written
! as Thomas solves: the x-sweep under (*, BLOCK), REDISTRIBUTE to
! (BLOCK, *) for the y-sweep, and back.  Coefficients are constants.
subroutine adi_heat_step(n, r, u)
  implicit none
  integer, intent(in) :: n
  real(kind=8), intent(in) :: r
  real(kind=8), intent(inout) :: u(n, n)
  real(kind=8) :: cp(n), dp(n), m, rhs(n, n)
  integer :: i, j
!HPF$ PROCESSORS :: q(8)
!HPF$ DYNAMIC :: u, rhs
!HPF$ DISTRIBUTE (*, BLOCK) ONTO q :: u
!HPF$ ALIGN rhs(i, j) WITH u(i, j)
!HPF$ INDEPENDENT, NEW(i)
  do j = 2, n - 1
    do i = 1, n
      rhs(i, j) = u(i, j) + 0.5d0 * r * (u(i, j-1) - 2.0d0 * u(i, j) + u(i, j+1))
    end do
  end do
!HPF$ INDEPENDENT, NEW(i, cp, dp, m)
  do j = 2, n - 1
    cp(1) = 0.0d0
    dp(1) = u(1, j)
    do i = 2, n - 1
      m = 1.0d0 + r + 0.5d0 * r * cp(i-1)
      cp(i) = -0.5d0 * r / m
      dp(i) = (rhs(i, j) + 0.5d0 * r * dp(i-1)) / m
    end do
    do i = n - 1, 2, -1
      u(i, j) = dp(i) - cp(i) * u(i+1, j)
    end do
  end do
!HPF$ REDISTRIBUTE (BLOCK, *) ONTO q :: u
!HPF$ INDEPENDENT, NEW(j)
  do i = 2, n - 1
    do j = 1, n
      rhs(i, j) = u(i, j) + 0.5d0 * r * (u(i-1, j) - 2.0d0 * u(i, j) + u(i+1, j))
    end do
  end do
!HPF$ INDEPENDENT, NEW(j, cp, dp, m)
  do i = 2, n - 1
    cp(1) = 0.0d0
    dp(1) = u(i, 1)
    do j = 2, n - 1
      m = 1.0d0 + r + 0.5d0 * r * cp(j-1)
      cp(j) = -0.5d0 * r / m
      dp(j) = (rhs(i, j) + 0.5d0 * r * dp(j-1)) / m
    end do
    do j = n - 1, 2, -1
      u(i, j) = dp(j) - cp(j) * u(i, j+1)
    end do
  end do
!HPF$ REDISTRIBUTE (*, BLOCK) ONTO q :: u
end subroutine adi_heat_step

! Cost bookkeeping of the remapping: the number of elements that change
! owner when an n x n array goes from (*, BLOCK) to (BLOCK, *) on p
! processors, counted by brute force over the index space.
subroutine remap_volume(n, np, moved)
  implicit none
  integer, intent(in) :: n, np
  integer, intent(out) :: moved
  integer :: i, j, b, owner_col, owner_row
  b = (n + np - 1) / np
  moved = 0
  do j = 1, n
    owner_col = (j - 1) / b
    do i = 1, n
      owner_row = (i - 1) / b
      if (owner_row /= owner_col) moved = moved + 1
    end do
  end do
  write (*, '(a, i10, a, f6.3)') ' elements moved', moved, '  fraction', real(moved) / real(n * n)
end subroutine remap_volume

! REALIGN between two templates of different shapes: the work array is
! first aligned with the columns of ta, then realigned transposed with tb.
subroutine realign_phases(n, w, s)
  implicit none
  integer, intent(in) :: n
  real(kind=8), intent(inout) :: w(n, n)
  real(kind=8), intent(out) :: s(n)
  integer :: i, j
!HPF$ PROCESSORS :: pr(4)
!HPF$ TEMPLATE ta(n, n), tb(n, n)
!HPF$ DISTRIBUTE ta(*, BLOCK) ONTO pr
!HPF$ DISTRIBUTE tb(*, CYCLIC) ONTO pr
!HPF$ DYNAMIC w
!HPF$ ALIGN w(i, j) WITH ta(i, j)
!HPF$ ALIGN s(j) WITH ta(*, j)
!HPF$ INDEPENDENT
  do j = 1, n
    s(j) = sum(w(:, j))
  end do
!HPF$ REALIGN w(i, j) WITH tb(j, i)
!HPF$ INDEPENDENT, NEW(j)
  do i = 1, n
    do j = 1, n
      w(i, j) = w(i, j) - s(j) / n
    end do
  end do
!HPF$ REALIGN w(i, j) WITH ta(i, j)
end subroutine realign_phases

! Diagnostics: total heat and the maximum of the lower triangle (i > j)
! against the upper (a symmetric initial state stays symmetric).
subroutine adi_symmetry(n, u, asym, total)
  implicit none
  integer, intent(in) :: n
  real(kind=8), intent(in) :: u(n, n)
  real(kind=8), intent(out) :: asym, total
  integer :: i, j
!HPF$ INHERIT u
  asym = 0.0d0
!HPF$ INDEPENDENT, NEW(i), REDUCTION(asym)
  do j = 1, n - 1
    do i = j + 1, n
      asym = max(asym, abs(u(i, j) - u(j, i)))
    end do
  end do
  total = sum(u)
end subroutine adi_symmetry

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

! A small library of HPF-aware routines: descriptive and prescriptive
! mappings of dummy arguments (INHERIT, DISTRIBUTE *(BLOCK), DISTRIBUTE x
! *(CYCLIC), ALIGN WITH *), called from a driver with two mappings.
module vecops
  implicit none
contains

  subroutine axpy(n, a, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: a, x(n)
    real(8), intent(inout) :: y(n)
!HPF$ INHERIT x
!HPF$ ALIGN y(i) WITH *x(i)
    integer :: i
!HPF$ INDEPENDENT
    do i = 1, n
      y(i) = y(i) + a * x(i)
    end do
  end subroutine axpy

  function dot(n, x, y) result(s)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n), y(n)
    real(8) :: s
!HPF$ DISTRIBUTE *(BLOCK) :: x, y
    integer :: i
    s = 0.0d0
!HPF$ INDEPENDENT, REDUCTION(s)
    do i = 1, n
      s = s + x(i) * y(i)
    end do
  end function dot

  subroutine scale(n, a, x)
    integer, intent(in) :: n
    real(8), intent(in) :: a
    real(8), intent(inout) :: x(n)
!HPF$ DISTRIBUTE x *(CYCLIC)
    x = a * x
  end subroutine scale

  subroutine smooth(n, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: y(n)
!HPF$ DISTRIBUTE (BLOCK) :: x
!HPF$ ALIGN WITH x :: y
    integer :: i
    y(1) = x(1)
    y(n) = x(n)
!HPF$ INDEPENDENT
    do i = 2, n - 1
      y(i) = 0.25d0 * x(i-1) + 0.5d0 * x(i) + 0.25d0 * x(i+1)
    end do
  end subroutine smooth

end module vecops

program driver
  use vecops
  implicit none
  integer, parameter :: n = 10000
  real(8) :: u(n), v(n), w(n), s
  integer :: i
!HPF$ PROCESSORS p(4)
!HPF$ DISTRIBUTE u(BLOCK) ONTO p
!HPF$ DISTRIBUTE v(CYCLIC) ONTO p
!HPF$ ALIGN w(i) WITH u(i)
  do i = 1, n
    u(i) = real(i, 8) / n
    v(i) = 1.0d0 - u(i)
  end do
  call axpy(n, 2.0d0, u, w)
  call scale(n, 0.5d0, v)
  call smooth(n, u, w)
  s = dot(n, u, w)
  print *, 'dot = ', s
end program driver

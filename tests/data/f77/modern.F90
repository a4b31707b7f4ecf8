#define NN 100
module m
  implicit none
  integer, parameter :: n = NN
  type point
    real :: x, y
  end type point
  interface
    subroutine ext(a)
      real a(*)
    end subroutine ext
  end interface
contains
  subroutine s(a)
    real, intent(inout) :: a(n)
    integer :: i
    do i = 1, n
      a(i) = sqrt(real(i))
    end do
  end subroutine s
end module m
program main
  use m
  implicit none
  real :: b(n)
  character(len=*), parameter :: msg = 'hi'
#ifdef DEBUG
  print *, 'debug'
#endif
  call s(b)
  print *, b(1), msg
contains
  integer function twice(k) result(r)
    integer, intent(in) :: k
    r = 2*k
  end function twice
end program main

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

! Second library module: reductions and stencils on dummies with
! transcriptive (INHERIT), descriptive (*(BLOCK)) and prescriptive
! (BLOCK, CYCLIC) mappings, plus PURE elemental helpers for FORALL.
module gridops
  implicit none
contains

  pure real(8) function limiter(a, b)
    real(8), intent(in) :: a, b
    if (a * b <= 0.0d0) then
      limiter = 0.0d0
    else
      limiter = sign(min(abs(a), abs(b)), a)
    end if
  end function limiter

  real(8) function norm2_inh(n, x)
    integer, intent(in) :: n
    real(8), intent(in) :: x(n)
!HPF$ INHERIT x
    integer :: i
    real(8) :: s
    s = 0.0d0
!HPF$ INDEPENDENT, REDUCTION(s)
    do i = 1, n
      s = s + x(i) * x(i)
    end do
    norm2_inh = sqrt(s)
  end function norm2_inh

  subroutine muscl(n, u, flux)
    integer, intent(in) :: n
    real(8), intent(in) :: u(n)
    real(8), intent(out) :: flux(n)
!HPF$ DISTRIBUTE u *(BLOCK)
!HPF$ ALIGN flux(i) WITH *u(i)
    integer :: i
    flux = 0.0d0
    forall (i = 2:n-2) flux(i) = u(i) + 0.5d0 * limiter(u(i) - u(i-1), u(i+1) - u(i))
  end subroutine muscl

  subroutine cyclic_sum(n, x, partial, nb)
    integer, intent(in) :: n, nb
    real(8), intent(in) :: x(n)
    real(8), intent(out) :: partial(nb)
!HPF$ PROCESSORS pc(4)
!HPF$ DISTRIBUTE x(CYCLIC) ONTO pc
    integer :: i, k
    partial = 0.0d0
    do k = 1, nb
      do i = k, n, nb
        partial(k) = partial(k) + x(i)
      end do
    end do
  end subroutine cyclic_sum

  subroutine matvec_rows(n, a, x, y)
    integer, intent(in) :: n
    real(8), intent(in) :: a(n, n), x(n)
    real(8), intent(out) :: y(n)
!HPF$ DISTRIBUTE a *(BLOCK, *)
!HPF$ ALIGN y(i) WITH *a(i, *)
!HPF$ ALIGN x(*) WITH *a(*, *)
    integer :: i, j
!HPF$ INDEPENDENT, NEW(j)
    do i = 1, n
      y(i) = 0.0d0
      do j = 1, n
        y(i) = y(i) + a(i, j) * x(j)
      end do
    end do
  end subroutine matvec_rows

  subroutine lower_solve(n, l, b)
    integer, intent(in) :: n
    real(8), intent(in) :: l(n, n)
    real(8), intent(inout) :: b(n)
!HPF$ INHERIT l, b
    integer :: i, j
    do j = 1, n
      b(j) = b(j) / l(j, j)
!HPF$ INDEPENDENT
      do i = j + 1, n
        b(i) = b(i) - l(i, j) * b(j)
      end do
    end do
  end subroutine lower_solve
end module gridops

! Second driver: the same vectors passed once BLOCK- and once CYCLIC-
! mapped to the library, so the callee's mapping matters.
subroutine library_demo(n)
  use vecops
  use gridops
  implicit none
  integer, intent(in) :: n
  real(8) :: u(n), f(n), a(n, n), y(n), part(8)
  integer :: i, j
!HPF$ PROCESSORS pd(4)
!HPF$ DISTRIBUTE u(BLOCK) ONTO pd
!HPF$ DISTRIBUTE f(CYCLIC) ONTO pd
!HPF$ DISTRIBUTE a(BLOCK, *) ONTO pd
!HPF$ ALIGN y(i) WITH a(i, *)
  forall (i = 1:n) u(i) = sin(0.1d0 * i)
  forall (i = 1:n, j = 1:n, j <= i) a(i, j) = 1.0d0 / (i + j)
  forall (i = 1:n, j = 1:n, j > i) a(i, j) = 0.0d0
  forall (i = 1:n) a(i, i) = 2.0d0
  call muscl(n, u, f)
  call cyclic_sum(n, f, part, 8)
  call matvec_rows(n, a, u, y)
  call lower_solve(n, a, y)
  write (*, '(a, 2es14.6)') ' norms', norm2_inh(n, u), norm2_inh(n, y)
  write (*, '(a, 8f9.4)') ' partial sums', part
end subroutine library_demo

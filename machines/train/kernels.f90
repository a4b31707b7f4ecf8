! The kernel library of the training set: one loop per basic operation, timed
! by operations.cpp. Source: P3T+ Secs. 3.3.1-3.3.2 (pre-measured costs of
! basic operations); Balasundaram et al. 1991 Sec. 5 (arithmetic and control
! flow part of the training set).
!
! Every kernel runs n iterations. Arithmetic goes through a loop-carried chain
! (the next iteration needs this one's result), so each iteration pays the
! operation's full latency and the optimizer can neither drop nor overlap it;
! loads chase indices through an array for the same reason. The count, the
! constants and the arrays come from C++ (another translation unit), so
! nothing is known at compile time, and every result is returned. The empty
! loop stores its index into a VOLATILE variable, which the compiler must keep
! once per iteration; operations.cpp subtracts its time from the others.
module ps_kernels
  use, intrinsic :: iso_c_binding
  implicit none
  integer(c_int), volatile :: sink, held
  interface
    function ps_kernel_identity(x) bind(c, name="ps_kernel_identity")
      import :: c_double
      real(c_double), value :: x
      real(c_double) :: ps_kernel_identity
    end function
  end interface
contains

  subroutine ps_kernel_empty(n) bind(c, name="ps_kernel_empty")
    integer(c_int), value :: n
    integer(c_int) :: i
    do i = 1, n
      sink = i
    end do
  end subroutine

  function ps_kernel_add(n, s0, c) result(s) bind(c, name="ps_kernel_add")
    integer(c_int), value :: n
    real(c_double), value :: s0, c
    real(c_double) :: s
    integer(c_int) :: i
    s = s0
    do i = 1, n
      s = s + c
      sink = i
    end do
  end function

  function ps_kernel_mul(n, s0, c) result(s) bind(c, name="ps_kernel_mul")
    integer(c_int), value :: n
    real(c_double), value :: s0, c
    real(c_double) :: s
    integer(c_int) :: i
    s = s0
    do i = 1, n
      s = s * c
      sink = i
    end do
  end function

  function ps_kernel_div(n, s0, c) result(s) bind(c, name="ps_kernel_div")
    integer(c_int), value :: n
    real(c_double), value :: s0, c
    real(c_double) :: s
    integer(c_int) :: i
    s = s0
    do i = 1, n
      s = s / c
      sink = i
    end do
  end function

  function ps_kernel_pow(n, s0, c) result(s) bind(c, name="ps_kernel_pow")
    integer(c_int), value :: n
    real(c_double), value :: s0, c
    real(c_double) :: s
    integer(c_int) :: i
    s = s0
    do i = 1, n
      s = s ** c
      sink = i
    end do
  end function

  function ps_kernel_sqrt(n, s0) result(s) bind(c, name="ps_kernel_sqrt")
    integer(c_int), value :: n
    real(c_double), value :: s0
    real(c_double) :: s
    integer(c_int) :: i
    s = s0
    do i = 1, n
      s = sqrt(s)
      sink = i
    end do
  end function

  ! s = exp(-s) converges to 0.567..., so the chain stays finite.
  function ps_kernel_exp(n, s0) result(s) bind(c, name="ps_kernel_exp")
    integer(c_int), value :: n
    real(c_double), value :: s0
    real(c_double) :: s
    integer(c_int) :: i
    s = s0
    do i = 1, n
      s = exp(-s)
      sink = i
    end do
  end function

  ! Loads: j = next(j), a chase through a permutation held by the caller.
  function ps_kernel_load(n, next, m) result(j) bind(c, name="ps_kernel_load")
    integer(c_int), value :: n, m
    integer(c_int), intent(in) :: next(m)
    integer(c_int) :: i, j
    j = 1
    do i = 1, n
      j = next(j)
      sink = i
    end do
  end function

  ! The same chase with an affine subscript k*j + l (k = 1, l = 0 at run
  ! time): the extra cost is the address arithmetic of array indexing.
  function ps_kernel_index(n, next, m, k, l) result(j) bind(c, name="ps_kernel_index")
    integer(c_int), value :: n, m, k, l
    integer(c_int), intent(in) :: next(m)
    integer(c_int) :: i, j
    j = 1
    do i = 1, n
      j = next(k * j + l)
      sink = i
    end do
  end function

  ! Stores: the chased index goes through a VOLATILE variable (stored, then
  ! read back), so a store and its forwarding to the next load sit on the
  ! chain; operations.cpp subtracts the plain chase.
  function ps_kernel_store(n, next, m) result(j) bind(c, name="ps_kernel_store")
    integer(c_int), value :: n, m
    integer(c_int), intent(in) :: next(m)
    integer(c_int) :: i, j
    j = 1
    do i = 1, n
      held = j
      j = next(held)
      sink = i
    end do
  end function

  ! Calls an external function (another source file, no inlining).
  function ps_kernel_call(n, s0) result(s) bind(c, name="ps_kernel_call")
    integer(c_int), value :: n
    real(c_double), value :: s0
    real(c_double) :: s
    integer(c_int) :: i
    s = s0
    do i = 1, n
      s = ps_kernel_identity(s)
      sink = i
    end do
  end function

end module ps_kernels

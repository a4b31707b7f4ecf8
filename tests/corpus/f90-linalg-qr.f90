! Householder QR in free-form Fortran 90 with INTERFACE blocks for external
! routines, KIND selection, RESHAPE, MATMUL, TRANSPOSE, SPREAD, and RECURSIVE
! functions.
program qr_driver
  implicit none
  integer, parameter :: dp = kind(1.0d0), m = 6, n = 4
  real(dp) :: a(m, n), q(m, m), r(m, n), err
  integer :: i
  interface
    subroutine householder_qr(a, q, r)
      import :: dp
      real(dp), intent(in) :: a(:, :)
      real(dp), intent(out) :: q(:, :), r(:, :)
    end subroutine householder_qr
  end interface
  a = reshape([(real(mod(i * 7, 11), dp) + 0.5_dp, i = 1, m * n)], [m, n])
  call householder_qr(a, q, r)
  err = maxval(abs(matmul(q, r) - a))
  print '(a, es12.4)', ' ||QR - A||max = ', err
  print '(a, es12.4)', ' ||Q^T Q - I||max = ', &
       maxval(abs(matmul(transpose(q), q) - identity(m)))
  print '(a, i0)', ' 10! = ', factorial(10)
contains
  function identity(k) result(e)
    integer, intent(in) :: k
    real(dp) :: e(k, k)
    integer :: j
    e = 0.0_dp
    do j = 1, k
      e(j, j) = 1.0_dp
    end do
  end function identity

  recursive integer function factorial(k) result(f)
    integer, intent(in) :: k
    if (k <= 1) then
      f = 1
    else
      f = k * factorial(k - 1)
    end if
  end function factorial
end program qr_driver

subroutine householder_qr(a, q, r)
  implicit none
  integer, parameter :: dp = kind(1.0d0)
  real(dp), intent(in) :: a(:, :)
  real(dp), intent(out) :: q(:, :), r(:, :)
  real(dp), allocatable :: v(:), h(:, :)
  integer :: m, n, k, j
  real(dp) :: alpha
  m = size(a, 1)
  n = size(a, 2)
  r = a
  q = 0.0_dp
  do j = 1, m
    q(j, j) = 1.0_dp
  end do
  allocate (v(m), h(m, m))
  do k = 1, min(m - 1, n)
    v = 0.0_dp
    v(k:m) = r(k:m, k)
    alpha = -sign(sqrt(sum(v(k:m)**2)), v(k))
    v(k) = v(k) - alpha
    if (sum(v**2) == 0.0_dp) cycle
    v = v / sqrt(sum(v**2))
    h = -2.0_dp * spread(v, 2, m) * spread(v, 1, m)
    do j = 1, m
      h(j, j) = h(j, j) + 1.0_dp
    end do
    r = matmul(h, r)
    q = matmul(q, h)
  end do
  deallocate (v, h)
end subroutine householder_qr

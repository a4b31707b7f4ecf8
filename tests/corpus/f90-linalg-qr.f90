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

! Further dense linear algebra in the same style: modified Gram-Schmidt
! QR, least squares by back substitution on R, Givens rotations for an
! upper Hessenberg matrix, and a column-pivoted QR.
module dense_la
  implicit none
  integer, parameter :: wp = kind(1.0d0)
contains

  subroutine mgs_qr(a, q, r)
    real(wp), intent(in) :: a(:, :)
    real(wp), intent(out) :: q(:, :), r(:, :)
    integer :: j, k, n
    n = size(a, 2)
    q = a
    r = 0.0_wp
    do k = 1, n
      r(k, k) = sqrt(sum(q(:, k) ** 2))
      q(:, k) = q(:, k) / r(k, k)
      do j = k + 1, n
        r(k, j) = dot_product(q(:, k), q(:, j))
        q(:, j) = q(:, j) - r(k, j) * q(:, k)
      end do
    end do
  end subroutine mgs_qr

  ! Solve R x = b for upper triangular R (back substitution).
  function back_solve(r, b) result(x)
    real(wp), intent(in) :: r(:, :), b(:)
    real(wp) :: x(size(b))
    integer :: i, j, n
    n = size(b)
    do i = n, 1, -1
      x(i) = b(i)
      do j = i + 1, n
        x(i) = x(i) - r(i, j) * x(j)
      end do
      x(i) = x(i) / r(i, i)
    end do
  end function back_solve

  ! Least squares min ||A x - b|| by the MGS factors: x = R \ (Q' b).
  function lstsq(a, b) result(x)
    real(wp), intent(in) :: a(:, :), b(:)
    real(wp) :: x(size(a, 2))
    real(wp) :: q(size(a, 1), size(a, 2)), r(size(a, 2), size(a, 2))
    call mgs_qr(a, q, r)
    x = back_solve(r, matmul(transpose(q), b))
  end function lstsq

  ! QR of an upper Hessenberg matrix by n-1 Givens rotations applied in
  ! place; the rotations are kept in c and s for the application to Q.
  subroutine hess_givens(h, c, s)
    real(wp), intent(inout) :: h(:, :)
    real(wp), intent(out) :: c(:), s(:)
    integer :: k, j, n
    real(wp) :: t, hk, hk1
    n = size(h, 1)
    do k = 1, n - 1
      t = hypot(h(k, k), h(k+1, k))
      if (t == 0.0_wp) then
        c(k) = 1.0_wp
        s(k) = 0.0_wp
        cycle
      end if
      c(k) = h(k, k) / t
      s(k) = h(k+1, k) / t
      do j = k, n
        hk = h(k, j)
        hk1 = h(k+1, j)
        h(k, j) = c(k) * hk + s(k) * hk1
        h(k+1, j) = -s(k) * hk + c(k) * hk1
      end do
    end do
  end subroutine hess_givens

  ! Householder QR with column pivoting: at step k the remaining column
  ! of largest norm is swapped to position k; perm records the order.
  subroutine qr_pivot(a, perm, rank, tol)
    real(wp), intent(inout) :: a(:, :)
    integer, intent(out) :: perm(:), rank
    real(wp), intent(in) :: tol
    real(wp) :: colnorm(size(a, 2)), v(size(a, 1)), tmp(size(a, 1)), beta, alpha
    integer :: m, n, k, j, p, itmp
    m = size(a, 1)
    n = size(a, 2)
    perm = [(j, j = 1, n)]
    do j = 1, n
      colnorm(j) = sum(a(:, j) ** 2)
    end do
    rank = 0
    do k = 1, min(m, n)
      p = k - 1 + maxloc(colnorm(k:n), dim=1)
      if (p /= k) then
        tmp = a(:, k)
        a(:, k) = a(:, p)
        a(:, p) = tmp
        itmp = perm(k)
        perm(k) = perm(p)
        perm(p) = itmp
        colnorm([k, p]) = colnorm([p, k])
      end if
      alpha = -sign(sqrt(sum(a(k:m, k) ** 2)), a(k, k))
      if (abs(alpha) <= tol) exit
      rank = k
      v = 0.0_wp
      v(k:m) = a(k:m, k)
      v(k) = v(k) - alpha
      beta = 2.0_wp / sum(v(k:m) ** 2)
      do j = k, n
        a(k:m, j) = a(k:m, j) - beta * dot_product(v(k:m), a(k:m, j)) * v(k:m)
      end do
      do j = k + 1, n
        colnorm(j) = sum(a(k+1:m, j) ** 2)
      end do
    end do
  end subroutine qr_pivot

  ! Hilbert matrix and its condition growth, with an elemental helper.
  elemental real(wp) function hilb(i, j)
    integer, intent(in) :: i, j
    hilb = 1.0_wp / real(i + j - 1, wp)
  end function hilb
end module dense_la

subroutine la_tests(m, n)
  use dense_la
  implicit none
  integer, intent(in) :: m, n
  real(wp) :: a(m, n), q(m, n), r(n, n), b(m), x(n), h(n, n), c(n), s(n)
  integer :: i, j, perm(n), rank
  forall (i = 1:m, j = 1:n) a(i, j) = hilb(i, j)
  call mgs_qr(a, q, r)
  write (*, '(a, es12.4)') ' MGS ||QR - A|| ', maxval(abs(matmul(q, r) - a))
  write (*, '(a, es12.4)') ' MGS ||QtQ - I|| ', &
      maxval(abs(matmul(transpose(q), q) - reshape([((merge(1.0_wp, 0.0_wp, i == j), i = 1, n), j = 1, n)], [n, n])))
  b = matmul(a, [(1.0_wp, i = 1, n)])
  x = lstsq(a, b)
  write (*, '(a, es12.4)') ' least squares error ', maxval(abs(x - 1.0_wp))
  h = 0.0_wp
  forall (i = 1:n, j = 1:n, i <= j + 1) h(i, j) = real(i + 2 * j, wp)
  call hess_givens(h, c, s)
  write (*, '(a, es12.4)') ' subdiagonal after Givens ', maxval([(abs(h(i+1, i)), i = 1, n - 1)])
  call qr_pivot(a, perm, rank, 1.0e-10_wp)
  write (*, '(a, i4, a, 20i3)') ' numerical rank', rank, '  permutation', perm
end subroutine la_tests

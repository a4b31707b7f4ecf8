! Sparse matrix in compressed sparse row form with allocatable arrays grown
! on demand, an ELEMENTAL function, SELECT CASE, named DO constructs with
! CYCLE and EXIT, and internal I/O for a report line.
module csr
  implicit none
  type csr_matrix
    integer :: n = 0, nnz = 0
    integer, allocatable :: rowptr(:), col(:)
    double precision, allocatable :: val(:)
  end type csr_matrix
contains
  subroutine laplacian_2d(m, k)
    type(csr_matrix), intent(out) :: m
    integer, intent(in) :: k
    integer :: i, j, row, p
    m%n = k * k
    allocate (m%rowptr(m%n + 1), m%col(5 * m%n), m%val(5 * m%n))
    p = 0
    m%rowptr(1) = 1
    rows: do j = 1, k
      do i = 1, k
        row = (j - 1) * k + i
        if (j > 1) call put(row - k, -1.0d0)
        if (i > 1) call put(row - 1, -1.0d0)
        call put(row, 4.0d0)
        if (i < k) call put(row + 1, -1.0d0)
        if (j < k) call put(row + k, -1.0d0)
        m%rowptr(row + 1) = p + 1
      end do
    end do rows
    m%nnz = p
  contains
    subroutine put(c, v)
      integer, intent(in) :: c
      double precision, intent(in) :: v
      p = p + 1
      m%col(p) = c
      m%val(p) = v
    end subroutine put
  end subroutine laplacian_2d

  function matvec(m, x) result(y)
    type(csr_matrix), intent(in) :: m
    double precision, intent(in) :: x(:)
    double precision :: y(m%n)
    integer :: i, p
    do i = 1, m%n
      y(i) = 0.0d0
      do p = m%rowptr(i), m%rowptr(i + 1) - 1
        y(i) = y(i) + m%val(p) * x(m%col(p))
      end do
    end do
  end function matvec

  elemental double precision function clip(x, lo, hi)
    double precision, intent(in) :: x, lo, hi
    clip = min(max(x, lo), hi)
  end function clip
end module csr

program cg_csr
  use csr
  implicit none
  type(csr_matrix) :: a
  double precision, allocatable :: x(:), r(:), p(:), q(:), b(:)
  double precision :: rho, rho_old, alpha, beta
  integer :: it, k, n
  character(len=64) :: line
  k = 64
  call laplacian_2d(a, k)
  n = a%n
  allocate (x(n), r(n), p(n), q(n), b(n))
  b = 1.0d0
  x = 0.0d0
  r = b
  p = r
  rho = dot_product(r, r)
  solve: do it = 1, 1000
    q = matvec(a, p)
    alpha = rho / dot_product(p, q)
    x = x + alpha * p
    r = r - alpha * q
    rho_old = rho
    rho = dot_product(r, r)
    select case (mod(it, 100))
    case (0)
      write (line, '(a, i5, es12.4)') 'iteration', it, sqrt(rho)
      print '(a)', trim(line)
    case default
      continue
    end select
    if (sqrt(rho) < 1.0d-10) exit solve
    beta = rho / rho_old
    p = r + beta * p
  end do solve
  x = clip(x, 0.0d0, 1.0d3)
  print '(a, i5, a, es14.6)', ' converged after ', it, ' max x ', maxval(x)
  deallocate (x, r, p, q, b)
end program cg_csr

! Krylov solvers and utilities on the CSR type: transpose, diagonal
! extraction, Jacobi-preconditioned CG and BiCGSTAB, and a symmetric
! check.  Named loops with CYCLE/EXIT, SELECT CASE on the method name.
module csr_solvers
  use csr
  implicit none
contains

  function diagonal(a) result(d)
    type(csr_matrix), intent(in) :: a
    double precision :: d(a%n)
    integer :: i, p
    d = 0.0d0
    do i = 1, a%n
      do p = a%rowptr(i), a%rowptr(i+1) - 1
        if (a%col(p) == i) d(i) = a%val(p)
      end do
    end do
  end function diagonal

  subroutine transpose_csr(a, t)
    type(csr_matrix), intent(in) :: a
    type(csr_matrix), intent(out) :: t
    integer :: i, p, j, q
    integer, allocatable :: cnt(:)
    t%n = a%n
    t%nnz = a%rowptr(a%n + 1) - 1
    allocate (t%rowptr(t%n + 1), t%col(t%nnz), t%val(t%nnz), cnt(t%n + 1))
    cnt = 0
    do p = 1, t%nnz
      cnt(a%col(p) + 1) = cnt(a%col(p) + 1) + 1
    end do
    cnt(1) = 1
    do i = 2, t%n + 1
      cnt(i) = cnt(i) + cnt(i-1)
    end do
    t%rowptr = cnt
    do i = 1, a%n
      do p = a%rowptr(i), a%rowptr(i+1) - 1
        j = a%col(p)
        q = cnt(j)
        t%col(q) = i
        t%val(q) = a%val(p)
        cnt(j) = q + 1
      end do
    end do
    deallocate (cnt)
  end subroutine transpose_csr

  subroutine spmv(a, x, y)
    type(csr_matrix), intent(in) :: a
    double precision, intent(in) :: x(:)
    double precision, intent(out) :: y(:)
    integer :: i, p
    do i = 1, a%n
      y(i) = 0.0d0
      do p = a%rowptr(i), a%rowptr(i+1) - 1
        y(i) = y(i) + a%val(p) * x(a%col(p))
      end do
    end do
  end subroutine spmv

  subroutine solve(a, b, x, method, tol, maxit, iters)
    type(csr_matrix), intent(in) :: a
    double precision, intent(in) :: b(:), tol
    double precision, intent(inout) :: x(:)
    character(len=*), intent(in) :: method
    integer, intent(in) :: maxit
    integer, intent(out) :: iters
    double precision, allocatable :: r(:), z(:), p(:), q(:), d(:), rh(:), s(:), t(:), v(:)
    double precision :: rz, rz0, alpha, beta, omega, rho, rho0, bn
    integer :: it, n
    n = a%n
    allocate (r(n), z(n), p(n), q(n), d(n), rh(n), s(n), t(n), v(n))
    d = diagonal(a)
    call spmv(a, x, q)
    r = b - q
    bn = sqrt(sum(b * b))
    iters = 0
    select case (method)
    case ('cg', 'CG')
      z = r / d
      p = z
      rz = dot_product(r, z)
      cg: do it = 1, maxit
        call spmv(a, p, q)
        alpha = rz / dot_product(p, q)
        x = x + alpha * p
        r = r - alpha * q
        iters = it
        if (sqrt(sum(r * r)) < tol * bn) exit cg
        z = r / d
        rz0 = rz
        rz = dot_product(r, z)
        p = z + (rz / rz0) * p
      end do cg
    case ('bicgstab')
      rh = r
      rho = 1.0d0
      alpha = 1.0d0
      omega = 1.0d0
      v = 0.0d0
      p = 0.0d0
      bi: do it = 1, maxit
        rho0 = rho
        rho = dot_product(rh, r)
        if (rho == 0.0d0) exit bi
        beta = (rho / rho0) * (alpha / omega)
        p = r + beta * (p - omega * v)
        call spmv(a, p / d, v)
        alpha = rho / dot_product(rh, v)
        s = r - alpha * v
        call spmv(a, s / d, t)
        omega = dot_product(t, s) / dot_product(t, t)
        x = x + alpha * p / d + omega * s / d
        r = s - omega * t
        iters = it
        if (sqrt(sum(r * r)) < tol * bn) exit bi
      end do bi
    case default
      write (*, '(3a)') ' unknown method ''', method, ''''
    end select
    deallocate (r, z, p, q, d, rh, s, t, v)
  end subroutine solve

  logical function is_symmetric(a, tol)
    type(csr_matrix), intent(in) :: a
    double precision, intent(in) :: tol
    type(csr_matrix) :: t
    integer :: i, p
    call transpose_csr(a, t)
    is_symmetric = .true.
    rows: do i = 1, a%n
      if (a%rowptr(i+1) - a%rowptr(i) /= t%rowptr(i+1) - t%rowptr(i)) then
        is_symmetric = .false.
        exit rows
      end if
      do p = a%rowptr(i), a%rowptr(i+1) - 1
        if (abs(a%val(p) - t%val(p)) > tol) then
          is_symmetric = .false.
          exit rows
        end if
      end do
    end do rows
  end function is_symmetric
end module csr_solvers

subroutine csr_solver_tests(k)
  use csr
  use csr_solvers
  implicit none
  integer, intent(in) :: k
  type(csr_matrix) :: a
  double precision, allocatable :: b(:), x(:)
  integer :: iters
  character(len=60) :: line
  call laplacian_2d(a, k)
  allocate (b(a%n), x(a%n))
  b = 1.0d0
  x = 0.0d0
  call solve(a, b, x, 'cg', 1.0d-8, 500, iters)
  write (line, '(a, i5, a, l2)') 'cg iterations', iters, '  symmetric', is_symmetric(a, 1.0d-14)
  write (*, '(a)') trim(line)
  x = 0.0d0
  call solve(a, b, x, 'bicgstab', 1.0d-8, 500, iters)
  write (*, '(a, i5)') ' bicgstab iterations', iters
  deallocate (b, x)
end subroutine csr_solver_tests

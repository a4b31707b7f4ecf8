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

! Fortran 90 modules: a derived type for a grid, allocatable components
! allocated in a constructor, generic interfaces, array syntax and WHERE.
module grid_types
  implicit none
  private
  public :: grid, grid_create, grid_destroy, norm, operator(+)
  integer, parameter, public :: dp = selected_real_kind(12, 200)

  type grid
    integer :: nx = 0, ny = 0
    real(dp) :: dx = 1.0_dp, dy = 1.0_dp
    real(dp), allocatable :: v(:, :)
  end type grid

  interface norm
    module procedure norm_grid, norm_vector
  end interface norm

  interface operator(+)
    module procedure add_grids
  end interface

contains

  function grid_create(nx, ny, lx, ly) result(g)
    integer, intent(in) :: nx, ny
    real(dp), intent(in) :: lx, ly
    type(grid) :: g
    g%nx = nx
    g%ny = ny
    g%dx = lx / nx
    g%dy = ly / ny
    allocate (g%v(0:nx+1, 0:ny+1))
    g%v = 0.0_dp
  end function grid_create

  subroutine grid_destroy(g)
    type(grid), intent(inout) :: g
    if (allocated(g%v)) deallocate (g%v)
    g%nx = 0
    g%ny = 0
  end subroutine grid_destroy

  real(dp) function norm_grid(g)
    type(grid), intent(in) :: g
    norm_grid = sqrt(sum(g%v(1:g%nx, 1:g%ny)**2) * g%dx * g%dy)
  end function norm_grid

  real(dp) function norm_vector(v)
    real(dp), intent(in) :: v(:)
    norm_vector = sqrt(dot_product(v, v))
  end function norm_vector

  function add_grids(a, b) result(c)
    type(grid), intent(in) :: a, b
    type(grid) :: c
    c = grid_create(a%nx, a%ny, a%dx * a%nx, a%dy * a%ny)
    c%v = a%v + b%v
  end function add_grids

end module grid_types

module relax
  use grid_types
  implicit none
contains
  subroutine sweep(g, f, omega, change)
    type(grid), intent(inout) :: g
    real(dp), intent(in) :: f(:, :), omega
    real(dp), intent(out) :: change
    real(dp), allocatable :: old(:, :)
    integer :: nx, ny
    nx = g%nx
    ny = g%ny
    allocate (old(nx, ny))
    old = g%v(1:nx, 1:ny)
    g%v(1:nx, 1:ny) = (1.0_dp - omega) * old + omega * 0.25_dp * &
         (g%v(0:nx-1, 1:ny) + g%v(2:nx+1, 1:ny) + g%v(1:nx, 0:ny-1) + &
          g%v(1:nx, 2:ny+1) - g%dx * g%dy * f)
    where (abs(g%v(1:nx, 1:ny)) < tiny(1.0_dp)) g%v(1:nx, 1:ny) = 0.0_dp
    change = maxval(abs(g%v(1:nx, 1:ny) - old))
    deallocate (old)
  end subroutine sweep
end module relax

program poisson
  use grid_types
  use relax, only: sweep
  implicit none
  type(grid) :: u, w
  real(dp), allocatable :: f(:, :)
  real(dp) :: change
  integer :: it, i, j
  u = grid_create(100, 80, 1.0_dp, 0.8_dp)
  allocate (f(u%nx, u%ny))
  do j = 1, u%ny
    do i = 1, u%nx
      f(i, j) = merge(1.0_dp, 0.0_dp, (i - 50)**2 + (j - 40)**2 < 100)
    end do
  end do
  do it = 1, 500
    call sweep(u, f, 1.8_dp, change)
    if (change < 1.0e-10_dp) exit
  end do
  w = u + u
  write (*, '(a, i5, 2es14.6)') ' sweeps, norms: ', it, norm(u), norm(w)
  write (*, '(a, es14.6)') ' row norm: ', norm(u%v(1:u%nx, u%ny / 2))
  call grid_destroy(u)
  call grid_destroy(w)
end program poisson

! Multigrid on the grid type: restriction and prolongation between grids
! of halved size, a V-cycle built on the red-black smoother below, and
! boundary conditions set by WHERE on a mask of boundary points.
module multigrid
  use grid_types
  implicit none
  private
  public :: restrict, prolong, rb_smooth, residual, vcycle, apply_bc
contains

  subroutine restrict(fine, coarse)
    type(grid), intent(in) :: fine
    type(grid), intent(inout) :: coarse
    integer :: i, j
    do j = 2, coarse%ny - 1
      do i = 2, coarse%nx - 1
        coarse%v(i, j) = 0.25_dp * fine%v(2*i-1, 2*j-1) &
          + 0.125_dp * (fine%v(2*i-2, 2*j-1) + fine%v(2*i, 2*j-1) &
                      + fine%v(2*i-1, 2*j-2) + fine%v(2*i-1, 2*j)) &
          + 0.0625_dp * (fine%v(2*i-2, 2*j-2) + fine%v(2*i, 2*j-2) &
                       + fine%v(2*i-2, 2*j) + fine%v(2*i, 2*j))
      end do
    end do
  end subroutine restrict

  subroutine prolong(coarse, fine)
    type(grid), intent(in) :: coarse
    type(grid), intent(inout) :: fine
    integer :: i, j
    do j = 1, coarse%ny - 1
      do i = 1, coarse%nx - 1
        fine%v(2*i-1, 2*j-1) = fine%v(2*i-1, 2*j-1) + coarse%v(i, j)
        fine%v(2*i, 2*j-1) = fine%v(2*i, 2*j-1) + 0.5_dp * (coarse%v(i, j) + coarse%v(i+1, j))
        fine%v(2*i-1, 2*j) = fine%v(2*i-1, 2*j) + 0.5_dp * (coarse%v(i, j) + coarse%v(i, j+1))
        fine%v(2*i, 2*j) = fine%v(2*i, 2*j) + 0.25_dp * (coarse%v(i, j) + coarse%v(i+1, j) &
                         + coarse%v(i, j+1) + coarse%v(i+1, j+1))
      end do
    end do
  end subroutine prolong

  ! Red points (i + j even) first, then black: each colour is a nest
  ! whose inner loop starts at an offset depending on j and has stride 2.
  subroutine rb_smooth(u, f, nsweep)
    type(grid), intent(inout) :: u
    type(grid), intent(in) :: f
    integer, intent(in) :: nsweep
    integer :: i, j, s, colour
    real(dp) :: h2
    h2 = u%dx * u%dx
    do s = 1, nsweep
      do colour = 0, 1
        do j = 2, u%ny - 1
          do i = 2 + mod(j + colour, 2), u%nx - 1, 2
            u%v(i, j) = 0.25_dp * (u%v(i-1, j) + u%v(i+1, j) + u%v(i, j-1) + u%v(i, j+1) &
                                   + h2 * f%v(i, j))
          end do
        end do
      end do
    end do
  end subroutine rb_smooth

  subroutine residual(u, f, r)
    type(grid), intent(in) :: u, f
    type(grid), intent(inout) :: r
    integer :: nx, ny
    nx = u%nx
    ny = u%ny
    r%v = 0.0_dp
    r%v(2:nx-1, 2:ny-1) = f%v(2:nx-1, 2:ny-1) - (4.0_dp * u%v(2:nx-1, 2:ny-1) &
        - u%v(1:nx-2, 2:ny-1) - u%v(3:nx, 2:ny-1) - u%v(2:nx-1, 1:ny-2) - u%v(2:nx-1, 3:ny)) &
        / (u%dx * u%dx)
  end subroutine residual

  recursive subroutine vcycle(u, f, level)
    type(grid), intent(inout) :: u
    type(grid), intent(in) :: f
    integer, intent(in) :: level
    type(grid) :: r, rc, ec
    call rb_smooth(u, f, 2)
    if (level > 1 .and. u%nx > 5) then
      r = grid_create(u%nx, u%ny, u%dx * (u%nx - 1), u%dy * (u%ny - 1))
      call residual(u, f, r)
      rc = grid_create((u%nx + 1) / 2, (u%ny + 1) / 2, u%dx * (u%nx - 1), u%dy * (u%ny - 1))
      ec = grid_create((u%nx + 1) / 2, (u%ny + 1) / 2, u%dx * (u%nx - 1), u%dy * (u%ny - 1))
      call restrict(r, rc)
      ec%v = 0.0_dp
      call vcycle(ec, rc, level - 1)
      call prolong(ec, u)
      call grid_destroy(r)
      call grid_destroy(rc)
      call grid_destroy(ec)
    end if
    call rb_smooth(u, f, 2)
  end subroutine vcycle

  subroutine apply_bc(u, value)
    type(grid), intent(inout) :: u
    real(dp), intent(in) :: value
    logical, allocatable :: edge(:, :)
    integer :: i, j
    allocate (edge(u%nx, u%ny))
    edge = .false.
    forall (i = 1:u%nx, j = 1:u%ny, i == 1 .or. j == 1 .or. i == u%nx .or. j == u%ny)
      edge(i, j) = .true.
    end forall
    where (edge)
      u%v = value
    elsewhere (abs(u%v) < 1.0e-300_dp)
      u%v = 0.0_dp
    end where
    deallocate (edge)
  end subroutine apply_bc
end module multigrid

! Driver of the multigrid solver with a convergence table.
subroutine mg_driver(n, ncycle)
  use grid_types
  use multigrid
  implicit none
  integer, intent(in) :: n, ncycle
  type(grid) :: u, f, r
  integer :: k
  real(dp) :: rn, rn0
  u = grid_create(n, n, 1.0_dp, 1.0_dp)
  f = grid_create(n, n, 1.0_dp, 1.0_dp)
  r = grid_create(n, n, 1.0_dp, 1.0_dp)
  u%v = 0.0_dp
  f%v = 1.0_dp
  call apply_bc(u, 0.0_dp)
  call residual(u, f, r)
  rn0 = norm(r)
  do k = 1, ncycle
    call vcycle(u, f, 5)
    call residual(u, f, r)
    rn = norm(r)
    write (*, '(i4, 2es14.5)') k, rn, rn / rn0
    if (rn < 1.0e-10_dp * rn0) exit
  end do
  call grid_destroy(u)
  call grid_destroy(f)
  call grid_destroy(r)
end subroutine mg_driver

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

! Particle-in-cell push in Fortran 90: a module with PARAMETER kinds, an
! array of derived types, pointer association to a section, INTENT and
! OPTIONAL arguments, PRESENT, and COUNT/PACK/ANY over logical masks.
module pic
  implicit none
  integer, parameter :: wp = kind(1.0d0)
  type particle
    real(wp) :: x, v, q
    logical :: alive
  end type particle
contains
  subroutine deposit(ps, rho, dx, weight)
    type(particle), intent(in) :: ps(:)
    real(wp), intent(inout) :: rho(:)
    real(wp), intent(in) :: dx
    real(wp), intent(in), optional :: weight
    real(wp) :: w, f
    integer :: k, i, ng
    w = 1.0_wp
    if (present(weight)) w = weight
    ng = size(rho)
    do k = 1, size(ps)
      if (.not. ps(k)%alive) cycle
      f = ps(k)%x / dx
      i = int(f)
      f = f - i
      i = modulo(i, ng) + 1
      rho(i) = rho(i) + w * ps(k)%q * (1.0_wp - f)
      rho(modulo(i, ng) + 1) = rho(modulo(i, ng) + 1) + w * ps(k)%q * f
    end do
  end subroutine deposit

  subroutine push(ps, e, dx, dt, length)
    type(particle), intent(inout) :: ps(:)
    real(wp), intent(in) :: e(:), dx, dt, length
    integer :: k, i
    do k = 1, size(ps)
      i = modulo(int(ps(k)%x / dx), size(e)) + 1
      ps(k)%v = ps(k)%v + ps(k)%q * e(i) * dt
      ps(k)%x = ps(k)%x + ps(k)%v * dt
      if (ps(k)%x < 0.0_wp .or. ps(k)%x >= length) ps(k)%alive = .false.
    end do
  end subroutine push
end module pic

program pic1d
  use pic
  implicit none
  integer, parameter :: np = 10000, ng = 128
  type(particle), target :: ps(np)
  type(particle), pointer :: front(:)
  real(wp) :: rho(ng), e(ng), dx, dt, length
  real(wp), allocatable :: speeds(:)
  integer :: k, step
  length = 1.0_wp
  dx = length / ng
  dt = 1.0e-3_wp
  do k = 1, np
    ps(k) = particle(length * (k - 0.5_wp) / np, 0.0_wp, -1.0_wp, .true.)
  end do
  front => ps(1:np / 10)
  do step = 1, 50
    rho = 1.0_wp
    call deposit(ps, rho, dx, weight = real(ng, wp) / np)
    e(1) = 0.0_wp
    do k = 2, ng
      e(k) = e(k - 1) + (rho(k) - 1.0_wp) * dx
    end do
    e = e - sum(e) / ng
    call push(ps, e, dx, dt, length)
    if (.not. any(ps%alive)) exit
  end do
  speeds = pack(ps%v, ps%alive)
  print *, 'alive:', count(ps%alive), ' front alive:', count(front%alive)
  if (size(speeds) > 0) print *, 'max speed:', maxval(abs(speeds))
end program pic1d

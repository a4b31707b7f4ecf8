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

! Field solve and diagnostics for the 1-D PIC code: Poisson by a
! tridiagonal sweep with a periodic correction, E from the potential by
! centred differences, energy history in an allocatable array that grows.
module pic_field
  use pic, only: wp, particle
  implicit none
  real(wp), allocatable :: energy_hist(:, :)
  integer :: nhist = 0
contains

  subroutine poisson_periodic(rho, phi, dx)
    real(wp), intent(in) :: rho(:), dx
    real(wp), intent(out) :: phi(:)
    real(wp), allocatable :: c(:), d(:)
    real(wp) :: mean, m
    integer :: i, ng
    ng = size(rho)
    allocate (c(ng), d(ng))
    mean = sum(rho) / ng
    ! phi(1) = 0 fixes the constant; solve rows 2..ng
    c(1) = 0.0_wp
    d(1) = 0.0_wp
    do i = 2, ng
      m = -2.0_wp - c(i-1)
      c(i) = 1.0_wp / m
      d(i) = (-(rho(i) - mean) * dx * dx - d(i-1)) / m
    end do
    phi(ng) = d(ng)
    do i = ng - 1, 2, -1
      phi(i) = d(i) - c(i) * phi(i+1)
    end do
    phi(1) = 0.0_wp
    deallocate (c, d)
  end subroutine poisson_periodic

  subroutine efield(phi, e, dx)
    real(wp), intent(in) :: phi(:), dx
    real(wp), intent(out) :: e(:)
    integer :: ng
    ng = size(phi)
    e(2:ng-1) = -(phi(3:ng) - phi(1:ng-2)) / (2.0_wp * dx)
    e(1) = -(phi(2) - phi(ng)) / (2.0_wp * dx)
    e(ng) = -(phi(1) - phi(ng-1)) / (2.0_wp * dx)
  end subroutine efield

  ! Record kinetic and field energy; grow the history by doubling.
  subroutine record(ps, e, dx)
    type(particle), intent(in) :: ps(:)
    real(wp), intent(in) :: e(:), dx
    real(wp), allocatable :: tmp(:, :)
    real(wp) :: ekin, efld
    if (.not. allocated(energy_hist)) allocate (energy_hist(2, 16))
    if (nhist == size(energy_hist, 2)) then
      allocate (tmp(2, 2 * nhist))
      tmp(:, 1:nhist) = energy_hist
      call move_alloc(tmp, energy_hist)
    end if
    ekin = 0.5_wp * sum(ps%v ** 2, mask=ps%alive)
    efld = 0.5_wp * sum(e ** 2) * dx
    nhist = nhist + 1
    energy_hist(:, nhist) = [ekin, efld]
  end subroutine record

  ! Velocity histogram of the live particles, nbin bins over [-vmax, vmax].
  subroutine vhist(ps, vmax, counts)
    type(particle), intent(in) :: ps(:)
    real(wp), intent(in) :: vmax
    integer, intent(out) :: counts(:)
    integer :: k, nbin, b
    nbin = size(counts)
    counts = 0
    do k = 1, size(ps)
      if (.not. ps(k)%alive) cycle
      b = int((ps(k)%v + vmax) / (2.0_wp * vmax) * nbin) + 1
      if (b >= 1 .and. b <= nbin) counts(b) = counts(b) + 1
    end do
  end subroutine vhist

  subroutine report_history(iunit, every)
    integer, intent(in) :: iunit
    integer, intent(in), optional :: every
    integer :: k, step
    step = 1
    if (present(every)) step = every
    write (iunit, '(a)') '  step        kinetic          field          total'
    do k = 1, nhist, step
      write (iunit, '(i6, 3es15.6)') k, energy_hist(:, k), sum(energy_hist(:, k))
    end do
  end subroutine report_history
end module pic_field

! Two-stream instability setup: two beams with opposite drift and a
! small sinusoidal position perturbation; particles outside the box
! are wrapped periodically (WHERE on the component arrays).
subroutine two_stream(ps, length, v0, amp)
  use pic, only: wp, particle
  implicit none
  type(particle), intent(inout) :: ps(:)
  real(wp), intent(in) :: length, v0, amp
  real(wp), allocatable :: x(:)
  integer :: k, np
  real(wp), parameter :: twopi = 6.283185307179586_wp
  np = size(ps)
  allocate (x(np))
  do k = 1, np
    x(k) = length * (k - 0.5_wp) / np
    x(k) = x(k) + amp * sin(twopi * x(k) / length)
  end do
  where (x < 0.0_wp) x = x + length
  where (x >= length) x = x - length
  ps%x = x
  ps(1:np:2)%v = v0
  ps(2:np:2)%v = -v0
  ps%q = -length / np
  ps%alive = .true.
  deallocate (x)
end subroutine two_stream

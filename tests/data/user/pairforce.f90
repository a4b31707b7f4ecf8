! Pairwise forces, each pair once (Newton's third law), as 1990s
! molecular dynamics codes wrote them: private temporaries feed both
! the i and the j update.
subroutine pairs(n, x, y, m, gx, gy, eps, energy)
  implicit none
  integer :: n, i, j
  real :: x(n), y(n), m(n), gx(n), gy(n)
  real :: eps, energy, ddx, ddy, dist2, rinv3, s
  energy = 0.0
  do i = 1, n - 1
     do j = i + 1, n
        ddx = x(j) - x(i)
        ddy = y(j) - y(i)
        dist2 = ddx*ddx + ddy*ddy + eps
        rinv3 = 1.0/(dist2*sqrt(dist2))
        s = m(i)*m(j)*rinv3
        gx(i) = gx(i) + s*ddx
        gy(i) = gy(i) + s*ddy
        gx(j) = gx(j) - s*ddx
        gy(j) = gy(j) - s*ddy
        energy = energy - m(i)*m(j)*sqrt(rinv3)
     end do
  end do
end subroutine pairs

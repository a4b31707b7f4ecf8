program t3
  integer, parameter :: n = 200
  real :: u(n,n)
  integer :: i, j
!hpf$ distribute (block,block) :: u
  do j = 2, n-1
    do i = 2, n-1
      if (mod(i+j,2) == 0) u(i,j) = 0.25*(u(i-1,j)+u(i+1,j)+u(i,j-1)+u(i,j+1))
    end do
  end do
end program

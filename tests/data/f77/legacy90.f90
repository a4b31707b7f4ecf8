program legacy90
  implicit double precision (a-h, o-z)
  parameter (n = 10, m = n*2 + 1)
  dimension a(n), b(n, n)
  common /blk/ c(m), k
  equivalence (a(1), x1)
  character name*8, title*(20)
  character*12 label
  integer*4 iv
  complex*16 z
  logical flag
  save
  external sub
  intrinsic dsqrt
  data (a(i), i = 1, n) / n*0.0d0 /
  data name /'ABCDEFGH'/
  f(x) = x**2 + 1.0d0
  do 10 i = 1, n
  do 10 j = 1, n
  b(i, j) = f(dfloat(i)) + dble(j)
10 continue
  do 20 i = 1, n
    if (a(i)) 15, 20, 20
15  a(i) = -a(i)
20 a(i) = dsqrt(a(i))
  assign 30 to lab
  go to lab, (30, 40)
30 goto (40, 50), iv
40 continue
50 write (6, 100) (a(i), i = 1, n)
100 format (1x, 5hVALUE, 10f8.3)
  open (unit=7, file='x.dat', status='unknown')
  rewind 7
  inquire (unit=7, opened=flag)
  close (7)
  z = dconjg(dcmplx(1.0d0, 2.0d0))
  label = char(65)
  title = name
  call sub(a, *40, *50)
  if (n > 100) stop 'too big'
end program legacy90
subroutine sub(a, *, *)
  double precision a(*)
  entry sub2(a)
  if (a(1) < 0) return 1
  return 2
end subroutine sub
block data bd
  common /blk/ c(21), k
  double precision c
  data k /1/
end block data bd

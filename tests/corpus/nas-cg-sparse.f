c---------------------------------------------------------------------
c     Conjugate gradient kernel in the style of the NAS parallel
c     benchmarks (CG): a random sparse symmetric matrix in compressed
c     row storage, the inverse power method and 25 CG iterations per
c     outer step.  Lower-case fixed form with COMMON from an INCLUDE.
c---------------------------------------------------------------------
      program cgsprs
      implicit none
      include 'cgcom.inc'
      include 'timers.inc'
      integer it, i, niter
      double precision zeta, rnorm, tnorm1, tnorm2, zetav
      parameter (niter = 15)
      data zetav / 8.5971775078648d0 /
c
      shift = 10.0d0
      rcond = 1.0d-1
      call tinit
      call makea(na, nonzer, rcond, shift)
      do 10 i = 1, na + 1
         xv(i) = 1.0d0
   10 continue
      call tstrt(1)
      do 100 it = 1, niter
         call conjg(rnorm)
         tnorm1 = 0.0d0
         tnorm2 = 0.0d0
         do 20 i = 1, na
            tnorm1 = tnorm1 + xv(i) * zv(i)
            tnorm2 = tnorm2 + zv(i) * zv(i)
   20    continue
         tnorm2 = 1.0d0 / dsqrt(tnorm2)
         zeta = shift + 1.0d0 / tnorm1
         if (it .eq. 1) write (*, 9000)
         write (*, 9010) it, rnorm, zeta
         do 30 i = 1, na
            xv(i) = tnorm2 * zv(i)
   30    continue
  100 continue
      call tstop(1)
      if (dabs(zeta - zetav) .le. 1.0d-10) then
         write (*, 9020)
      else
         write (*, 9030) zeta, zetav
      endif
      write (*, 9040) telaps(1)
 9000 format (/, '   iteration           ||r||                 zeta')
 9010 format ('    ', i5, '       ', e20.14, f20.13)
 9020 format (' verification successful')
 9030 format (' verification failed: zeta = ', e20.13,
     &        ' expected ', e20.13)
 9040 format (' time in seconds = ', f12.2)
      end
c
c---------------------------------------------------------------------
      subroutine conjg(rnorm)
      implicit none
      include 'cgcom.inc'
      double precision rnorm, rho, rho0, alpha, beta, d, sum
      integer cgit, j, k, cgitmx
      parameter (cgitmx = 25)
c
      rho = 0.0d0
      do 10 j = 1, na
         qv(j) = 0.0d0
         zv(j) = 0.0d0
         rv(j) = xv(j)
         pv(j) = rv(j)
         rho = rho + rv(j) * rv(j)
   10 continue
      do 100 cgit = 1, cgitmx
         do 30 j = 1, na
            sum = 0.0d0
            do 20 k = rowstr(j), rowstr(j+1) - 1
               sum = sum + aval(k) * pv(colidx(k))
   20       continue
            qv(j) = sum
   30    continue
         d = 0.0d0
         do 40 j = 1, na
            d = d + pv(j) * qv(j)
   40    continue
         alpha = rho / d
         rho0 = rho
         rho = 0.0d0
         do 50 j = 1, na
            zv(j) = zv(j) + alpha * pv(j)
            rv(j) = rv(j) - alpha * qv(j)
            rho = rho + rv(j) * rv(j)
   50    continue
         beta = rho / rho0
         do 60 j = 1, na
            pv(j) = rv(j) + beta * pv(j)
   60    continue
  100 continue
c     explicit residual ||x - A z||
      sum = 0.0d0
      do 120 j = 1, na
         d = 0.0d0
         do 110 k = rowstr(j), rowstr(j+1) - 1
            d = d + aval(k) * zv(colidx(k))
  110    continue
         rv(j) = d
         sum = sum + (xv(j) - d)**2
  120 continue
      rnorm = dsqrt(sum)
      return
      end
c
c---------------------------------------------------------------------
      subroutine makea(n, nonz, rcnd, shft)
      implicit none
      include 'cgcom.inc'
      integer n, nonz, i, j, k, iouter, ivelt, nzv, jcol, kk
      double precision rcnd, shft, size, ratio, scale, vc(NONZER+1)
      integer ivc(NONZER+1), mark(NA)
      double precision randlc, tran, amult
      external randlc
      data tran / 314159265.0d0 /, amult / 1220703125.0d0 /
c
      size = 1.0d0
      ratio = rcnd ** (1.0d0 / dfloat(n))
      nz = 0
      do 5 i = 1, n
         mark(i) = 0
    5 continue
      rowstr(1) = 1
      do 50 iouter = 1, n
         nzv = 0
         do 20 ivelt = 1, nonz
   15       jcol = 1 + int(dfloat(n) * randlc(tran, amult))
            if (jcol .gt. n) go to 15
            if (mark(jcol) .ne. 0) go to 20
            mark(jcol) = 1
            nzv = nzv + 1
            ivc(nzv) = jcol
            vc(nzv) = randlc(tran, amult)
   20    continue
         do 30 kk = 1, nzv
            mark(ivc(kk)) = 0
   30    continue
c        diagonal entry and the shift keep A symmetric positive definite
         nz = nz + 1
         colidx(nz) = iouter
         aval(nz) = rcnd - shft + size
         do 40 k = 1, nzv
            if (ivc(k) .eq. iouter) go to 40
            nz = nz + 1
            colidx(nz) = ivc(k)
            aval(nz) = vc(k) * size * 1.0d-2
   40    continue
         rowstr(iouter + 1) = nz + 1
         size = size * ratio
   50 continue
c     sort the column indices of each row (insertion sort)
      do 80 i = 1, n
         do 70 j = rowstr(i) + 1, rowstr(i+1) - 1
            k = j
   60       if (k .le. rowstr(i)) go to 70
            if (colidx(k-1) .le. colidx(k)) go to 70
            call swapi(colidx(k-1), colidx(k))
            scale = aval(k-1)
            aval(k-1) = aval(k)
            aval(k) = scale
            k = k - 1
            go to 60
   70    continue
   80 continue
      return
      end
c
      subroutine swapi(i, j)
      integer i, j, k
      k = i
      i = j
      j = k
      end
c
c---------------------------------------------------------------------
c     linear congruential generator x(k+1) = a x(k) mod 2**46
c---------------------------------------------------------------------
      double precision function randlc(x, a)
      implicit none
      double precision x, a, r23, r46, t23, t46
      double precision t1, t2, t3, t4, a1, a2, x1, x2, z
      integer i, j
      parameter (r23 = 0.5d0**23, r46 = r23**2, t23 = 2.0d0**23,
     &           t46 = t23**2)
c
      t1 = r23 * a
      j = int(t1)
      a1 = j
      a2 = a - t23 * a1
      t1 = r23 * x
      i = int(t1)
      x1 = i
      x2 = x - t23 * x1
      t1 = a1 * x2 + a2 * x1
      j = int(r23 * t1)
      t2 = j
      z = t1 - t23 * t2
      t3 = t23 * z + a2 * x2
      j = int(r46 * t3)
      t4 = j
      x = t3 - t46 * t4
      randlc = r46 * x
      return
      end
c
      subroutine tinit
      include 'timers.inc'
      integer i
      do 10 i = 1, maxtim
         tstart(i) = 0.0d0
         telaps(i) = 0.0d0
         tnames(i) = 'unused'
   10 continue
      end
c
      subroutine tstrt(n)
      include 'timers.inc'
      integer n
      real tarray(2), etime
      tstart(n) = dble(etime(tarray))
      end
c
      subroutine tstop(n)
      include 'timers.inc'
      integer n
      real tarray(2), etime
      telaps(n) = telaps(n) + dble(etime(tarray)) - tstart(n)
      end

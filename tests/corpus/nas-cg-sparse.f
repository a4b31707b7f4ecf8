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
c
c---------------------------------------------------------------------
c     sparse matrix-vector product q = A p in three variants: plain
c     row loop, row loop unrolled by two, and the transposed product
c     scattered into the result (used by the symmetric check).
c---------------------------------------------------------------------
      subroutine spmv(n, p, q, ivar)
      implicit none
      include 'cgcom.inc'
      integer n, ivar, j, k, k1, k2
      double precision p(n), q(n), sum, sum1, sum2
      goto (100, 200, 300) ivar
c     plain
  100 do 120 j = 1, n
         sum = 0.0d0
         do 110 k = rowstr(j), rowstr(j+1) - 1
            sum = sum + aval(k) * p(colidx(k))
  110    continue
         q(j) = sum
  120 continue
      return
c     unrolled by two, the odd element handled first
  200 do 230 j = 1, n
         k1 = rowstr(j)
         k2 = rowstr(j+1) - 1
         sum1 = 0.0d0
         sum2 = 0.0d0
         if (mod(k2 - k1 + 1, 2) .ne. 0) then
            sum1 = aval(k1) * p(colidx(k1))
            k1 = k1 + 1
         end if
         do 210 k = k1, k2 - 1, 2
            sum1 = sum1 + aval(k) * p(colidx(k))
            sum2 = sum2 + aval(k+1) * p(colidx(k+1))
  210    continue
         q(j) = sum1 + sum2
  230 continue
      return
c     transposed: scatter
  300 do 310 j = 1, n
         q(j) = 0.0d0
  310 continue
      do 330 j = 1, n
         do 320 k = rowstr(j), rowstr(j+1) - 1
            q(colidx(k)) = q(colidx(k)) + aval(k) * p(j)
  320    continue
  330 continue
      return
      end
c
c---------------------------------------------------------------------
c     symmetry check: max |A p - A' p| for a random p; makea builds a
c     matrix that is only nearly symmetric, so this is a diagnostic.
c---------------------------------------------------------------------
      double precision function symerr(n)
      implicit none
      include 'cgcom.inc'
      integer n, i
      double precision t(NA), tt(NA), seed, amult, randlc
      external randlc
      seed = 271828183.0d0
      amult = 1220703125.0d0
      do 10 i = 1, n
         pv(i) = randlc(seed, amult)
   10 continue
      call spmv(n, pv, t, 1)
      call spmv(n, pv, tt, 3)
      symerr = 0.0d0
      do 20 i = 1, n
         symerr = dmax1(symerr, dabs(t(i) - tt(i)))
   20 continue
      return
      end
c
c---------------------------------------------------------------------
c     sparse random vector with nzv nonzeros in distinct positions
c     (sprnvc style): positions from the generator, rejected when out
c     of range or already taken; powers of two bound the draws.
c---------------------------------------------------------------------
      subroutine sprnvc(n, nzv, v, iv, nzloc, mark)
      implicit none
      integer n, nzv, iv(*), nzloc(*), mark(*)
      double precision v(*), vecelt, vecloc, seed, amult, randlc
      integer nn1, nzrow, i, ii
      external randlc
      seed = 314159265.0d0
      amult = 1220703125.0d0
      nzrow = 0
      nn1 = 1
   10 nn1 = 2 * nn1
      if (nn1 .lt. n) goto 10
   20 if (nzrow .ge. nzv) goto 40
         vecelt = randlc(seed, amult)
         vecloc = randlc(seed, amult)
         i = int(vecloc * dfloat(nn1)) + 1
         if (i .gt. n) goto 20
         if (mark(i) .ne. 0) goto 20
         mark(i) = 1
         nzrow = nzrow + 1
         nzloc(nzrow) = i
         v(nzrow) = vecelt
         iv(nzrow) = i
      goto 20
   40 do 50 ii = 1, nzrow
         i = nzloc(ii)
         mark(i) = 0
   50 continue
      nzv = nzrow
      return
      end
c
c---------------------------------------------------------------------
c     residual check of the CG solve: || x - A z || over a window of
c     rows, and the relative error of zeta against the reference.
c---------------------------------------------------------------------
      subroutine cgveri(n, zeta, zetav, eps, lwin, verif)
      implicit none
      include 'cgcom.inc'
      integer n, lwin, i, i0
      double precision zeta, zetav, eps, err, rmax, rsum
      logical verif
      call spmv(n, zv, qv, 2)
      rmax = 0.0d0
      do 20 i0 = 1, n, lwin
         rsum = 0.0d0
         do 10 i = i0, min(i0 + lwin - 1, n)
            rsum = rsum + (xv(i) - qv(i)) ** 2
   10    continue
         rmax = dmax1(rmax, dsqrt(rsum))
   20 continue
      err = dabs(zeta - zetav) / zetav
      verif = err .le. eps
      write (6, 900) zeta, zetav, err, rmax
      if (verif) then
         write (6, 910)
      else
         write (6, 920)
      end if
  900 format (' zeta ', 1pd22.14, ' reference ', d22.14/
     &        ' error ', d10.3, ' max window residual ', d10.3)
  910 format (' verification successful')
  920 format (' verification failed')
      return
      end
c
c---------------------------------------------------------------------
c     timer report: names, seconds and the fraction of the total,
c     skipping timers that never ran.
c---------------------------------------------------------------------
      subroutine tprint(ntim)
      include 'timers.inc'
      integer ntim, i
      double precision total, frac
      total = 0.0d0
      do 10 i = 1, ntim
         total = total + telaps(i)
   10 continue
      if (total .le. 0.0d0) total = 1.0d0
      write (6, 900)
      do 20 i = 1, ntim
         if (telaps(i) .eq. 0.0d0) goto 20
         frac = 100.0d0 * telaps(i) / total
         write (6, 910) i, tnames(i), telaps(i), frac
   20 continue
  900 format (/' timer  name                seconds   percent')
  910 format (1x, i5, 2x, a16, f12.3, f9.2)
      return
      end
c
c---------------------------------------------------------------------
c     dense check for small n: expand the sparse matrix into a full
c     lower triangle and compare with the upper one (triangular nest).
c---------------------------------------------------------------------
      subroutine dnschk(n, ld, dense, asym)
      implicit none
      include 'cgcom.inc'
      integer n, ld, i, j, k
      double precision dense(ld,*), asym
      do 10 j = 1, n
      do 10 i = 1, n
         dense(i,j) = 0.0d0
   10 continue
      do 30 i = 1, n
         do 20 k = rowstr(i), rowstr(i+1) - 1
            dense(i,colidx(k)) = dense(i,colidx(k)) + aval(k)
   20    continue
   30 continue
      asym = 0.0d0
      do 50 j = 2, n
         do 40 i = 1, j - 1
            asym = dmax1(asym, dabs(dense(i,j) - dense(j,i)))
   40    continue
   50 continue
      return
      end

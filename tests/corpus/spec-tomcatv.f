C     MESH GENERATION BY THOMPSON'S METHOD (SPEC TOMCATV STYLE): A 2-D
C     RESIDUAL, TRIDIAGONAL SOLVES ALONG ONE INDEX AND A MAXIMUM-RESIDUAL
C     CONVERGENCE TEST.  REAL*8 DECLARATIONS AND INTEGER*4 COUNTERS.
      PROGRAM TOMCAT
      INTEGER*4 N, ITACT
      PARAMETER (N = 257, ITACT = 100)
      REAL*8 X(N,N), Y(N,N), RX(N,N), RY(N,N), AA(N,N), DD(N,N)
      REAL*8 D(N,N), XX, YX, XY, YY, A, B, C, PXX, QXX, PYY, QYY
      REAL*8 PXY, QXY, R, RXM, RYM, ALPHA, EPS
      INTEGER*4 I, J, ITER, I1P, J1P, I2M, J2M, IL, IH, JL, JH
      DATA ALPHA, EPS / 0.1D0, 0.5D-7 /
      I1P = 2
      J1P = 2
      I2M = N - 1
      J2M = N - 1
      IL = 1
      IH = N
      JL = 1
      JH = N
      DO 5 J = 1, N
      DO 5 I = 1, N
         X(I,J) = DFLOAT(I - 1) / DFLOAT(N - 1)
         Y(I,J) = DFLOAT(J - 1) / DFLOAT(N - 1) + 0.1D0 * X(I,J)**2
    5 CONTINUE
      DO 140 ITER = 1, ITACT
         RXM = 0.0D0
         RYM = 0.0D0
         DO 60 J = J1P, J2M
         DO 50 I = I1P, I2M
            XX = X(I+1,J) - X(I-1,J)
            YX = Y(I+1,J) - Y(I-1,J)
            XY = X(I,J+1) - X(I,J-1)
            YY = Y(I,J+1) - Y(I,J-1)
            A = 0.250D0 * (XY*XY + YY*YY)
            B = 0.250D0 * (XX*XX + YX*YX)
            C = 0.125D0 * (XX*XY + YX*YY)
            AA(I,J) = -B
            DD(I,J) = B + B + A * 2.0D0
            PXX = X(I+1,J) - 2.0D0*X(I,J) + X(I-1,J)
            QXX = Y(I+1,J) - 2.0D0*Y(I,J) + Y(I-1,J)
            PYY = X(I,J+1) - 2.0D0*X(I,J) + X(I,J-1)
            QYY = Y(I,J+1) - 2.0D0*Y(I,J) + Y(I,J-1)
            PXY = X(I+1,J+1) - X(I+1,J-1) - X(I-1,J+1) + X(I-1,J-1)
            QXY = Y(I+1,J+1) - Y(I+1,J-1) - Y(I-1,J+1) + Y(I-1,J-1)
            RX(I,J) = A*PXX + B*PYY - C*PXY
            RY(I,J) = A*QXX + B*QYY - C*QXY
   50    CONTINUE
   60    CONTINUE
         DO 80 J = J1P, J2M
         DO 80 I = I1P, I2M
            RXM = DMAX1(RXM, DABS(RX(I,J)))
            RYM = DMAX1(RYM, DABS(RY(I,J)))
   80    CONTINUE
C        SOLVE THE TRIDIAGONAL SYSTEMS (AA, DD, AA) IN PARALLEL LINES
         DO 90 I = I1P, I2M
            D(I,J1P-1) = 0.0D0
   90    CONTINUE
         DO 100 J = J1P, J2M
         DO 100 I = I1P, I2M
            R = AA(I,J) * D(I,J-1)
            D(I,J) = 1.0D0 / (DD(I,J) - AA(I,J-1) * R)
            RX(I,J) = RX(I,J) - RX(I,J-1) * R
            RY(I,J) = RY(I,J) - RY(I,J-1) * R
  100    CONTINUE
         DO 110 I = I1P, I2M
            RX(I,J2M) = RX(I,J2M) * D(I,J2M)
            RY(I,J2M) = RY(I,J2M) * D(I,J2M)
  110    CONTINUE
         DO 120 J = J2M - 1, J1P, -1
         DO 120 I = I1P, I2M
            RX(I,J) = (RX(I,J) - AA(I,J) * RX(I,J+1)) * D(I,J)
            RY(I,J) = (RY(I,J) - AA(I,J) * RY(I,J+1)) * D(I,J)
  120    CONTINUE
         DO 130 J = J1P, J2M
         DO 130 I = I1P, I2M
            X(I,J) = X(I,J) + ALPHA * RX(I,J)
            Y(I,J) = Y(I,J) + ALPHA * RY(I,J)
  130    CONTINUE
         WRITE (6, 1000) ITER, RXM, RYM
         IF (DMAX1(RXM, RYM) .LT. EPS) GO TO 150
  140 CONTINUE
  150 CONTINUE
 1000 FORMAT (I5, 2D14.6)
      WRITE (6, '(A, 4I5)') ' BOUNDS ', IL, IH, JL, JH
      END
C
C     INITIAL MESH: TRANSFINITE INTERPOLATION BETWEEN THE FOUR BOUNDARY
C     CURVES (BOTTOM ARC, TOP LINE, LEFT AND RIGHT LINES).
C
      SUBROUTINE TFIMSH(N, X, Y, HUMP)
      INTEGER*4 N, I, J
      REAL*8 X(N,N), Y(N,N), HUMP, S, T, PI, XB, YB, XT, YT
      PI = 4.0D0 * DATAN(1.0D0)
      DO 10 I = 1, N
         S = DFLOAT(I - 1) / DFLOAT(N - 1)
         X(I,1) = S
         Y(I,1) = HUMP * DSIN(PI * S)
         X(I,N) = S
         Y(I,N) = 1.0D0
   10 CONTINUE
      DO 20 J = 1, N
         T = DFLOAT(J - 1) / DFLOAT(N - 1)
         X(1,J) = 0.0D0
         Y(1,J) = T
         X(N,J) = 1.0D0
         Y(N,J) = T
   20 CONTINUE
      DO 40 J = 2, N - 1
         T = DFLOAT(J - 1) / DFLOAT(N - 1)
         DO 30 I = 2, N - 1
            S = DFLOAT(I - 1) / DFLOAT(N - 1)
            XB = X(I,1)
            YB = Y(I,1)
            XT = X(I,N)
            YT = Y(I,N)
            X(I,J) = (1.0D0 - T) * XB + T * XT
     1             + (1.0D0 - S) * X(1,J) + S * X(N,J)
     2             - ((1.0D0 - S) * (1.0D0 - T) * X(1,1)
     3             + S * (1.0D0 - T) * X(N,1)
     4             + (1.0D0 - S) * T * X(1,N) + S * T * X(N,N))
            Y(I,J) = (1.0D0 - T) * YB + T * YT
     1             + (1.0D0 - S) * Y(1,J) + S * Y(N,J)
     2             - ((1.0D0 - S) * (1.0D0 - T) * Y(1,1)
     3             + S * (1.0D0 - T) * Y(N,1)
     4             + (1.0D0 - S) * T * Y(1,N) + S * T * Y(N,N))
   30    CONTINUE
   40 CONTINUE
      RETURN
      END
C
C     TRIDIAGONAL SOLVE ALONG THE FIRST INDEX FOR ALL J AT ONCE (THE
C     FORWARD SWEEP RUNS OVER I WITH THE J LOOP INSIDE, AS IN THE
C     VECTORIZED VERSION OF THE BENCHMARK).
C
      SUBROUTINE TRIDJ(N, AA, DD, D, RX, RY, IL, IH, JL, JH)
      INTEGER*4 N, IL, IH, JL, JH, I, J
      REAL*8 AA(N,N), DD(N,N), D(N,N), RX(N,N), RY(N,N), R
      DO 10 J = JL, JH
         D(IL,J) = 1.0D0 / DD(IL,J)
   10 CONTINUE
      DO 20 I = IL + 1, IH
      DO 20 J = JL, JH
         R = AA(I,J) * D(I-1,J)
         D(I,J) = 1.0D0 / (DD(I,J) - AA(I-1,J) * R)
         RX(I,J) = RX(I,J) - RX(I-1,J) * R
         RY(I,J) = RY(I,J) - RY(I-1,J) * R
   20 CONTINUE
      DO 30 J = JL, JH
         RX(IH,J) = RX(IH,J) * D(IH,J)
         RY(IH,J) = RY(IH,J) * D(IH,J)
   30 CONTINUE
      DO 40 I = IH - 1, IL, -1
      DO 40 J = JL, JH
         RX(I,J) = (RX(I,J) - AA(I,J) * RX(I+1,J)) * D(I,J)
         RY(I,J) = (RY(I,J) - AA(I,J) * RY(I+1,J)) * D(I,J)
   40 CONTINUE
      RETURN
      END
C
C     MESH QUALITY: MINIMUM AND MAXIMUM CELL AREA (JACOBIAN) AND THE
C     WORST ANGLE DEVIATION FROM ORTHOGONALITY, OVER THE INTERIOR CELLS.
C
      SUBROUTINE MSHQAL(N, X, Y, AMIN, AMAX, SKEW)
      INTEGER*4 N, I, J
      REAL*8 X(N,N), Y(N,N), AMIN, AMAX, SKEW, X1, Y1, X2, Y2, AREA, C
      AMIN = 1.0D30
      AMAX = 0.0D0
      SKEW = 0.0D0
      DO 10 J = 1, N - 1
      DO 10 I = 1, N - 1
         X1 = X(I+1,J) - X(I,J)
         Y1 = Y(I+1,J) - Y(I,J)
         X2 = X(I,J+1) - X(I,J)
         Y2 = Y(I,J+1) - Y(I,J)
         AREA = X1 * Y2 - X2 * Y1
         AMIN = DMIN1(AMIN, AREA)
         AMAX = DMAX1(AMAX, AREA)
         C = (X1 * X2 + Y1 * Y2) / DSQRT((X1*X1 + Y1*Y1)
     1     * (X2*X2 + Y2*Y2) + 1.0D-30)
         SKEW = DMAX1(SKEW, DABS(C))
   10 CONTINUE
      RETURN
      END
C
C     WRITE THE MESH IN A PLOT-3D-LIKE FORMATTED FILE: DIMENSIONS, THEN
C     ALL X, THEN ALL Y, FIVE VALUES A RECORD, EVERY ISTR-TH LINE ONLY.
C
      SUBROUTINE WRMESH(N, X, Y, IUNIT, ISTR)
      INTEGER*4 N, IUNIT, ISTR, I, J, NS
      REAL*8 X(N,N), Y(N,N)
      NS = (N - 1) / ISTR + 1
      WRITE (IUNIT, 900) NS, NS
      WRITE (IUNIT, 910) ((X(I,J), I = 1, N, ISTR), J = 1, N, ISTR)
      WRITE (IUNIT, 910) ((Y(I,J), I = 1, N, ISTR), J = 1, N, ISTR)
  900 FORMAT (2I8)
  910 FORMAT (5E16.8)
      RETURN
      END
C
C     RESIDUAL HISTORY: KEEP THE LAST NH MAXIMUM RESIDUALS IN A RING
C     AND ESTIMATE THE CONVERGENCE RATE FROM THE OLDEST AND NEWEST.
C
      SUBROUTINE RESHIS(ITER, RXM, RYM, NH, HIST, RATE)
      INTEGER*4 ITER, NH, K, KOLD
      REAL*8 RXM, RYM, HIST(NH), RATE, RNEW
      RNEW = DMAX1(RXM, RYM)
      K = MOD(ITER - 1, NH) + 1
      HIST(K) = RNEW
      RATE = 1.0D0
      IF (ITER .LT. NH) RETURN
      KOLD = MOD(ITER, NH) + 1
      IF (HIST(KOLD) .LE. 0.0D0) RETURN
      RATE = (RNEW / HIST(KOLD)) ** (1.0D0 / DFLOAT(NH - 1))
      IF (MOD(ITER, 10) .EQ. 0) WRITE (6, 900) ITER, RNEW, RATE
  900 FORMAT (' ITER', I6, '  MAX RESIDUAL', 1PE12.4, '  RATE', 0PF8.4)
      RETURN
      END
C
C     SOURCE TERMS P AND Q OF THE THOMPSON EQUATIONS FOR CLUSTERING THE
C     MESH TOWARD THE LOWER WALL: EXPONENTIAL DECAY AWAY FROM J = 1 WITH
C     AMPLITUDE AMP AND DECAY LENGTH DEC, ZERO ON THE OTHER WALLS.
C
      SUBROUTINE SRCTRM(N, PP, QQ, AMP, DEC)
      INTEGER*4 N, I, J
      REAL*8 PP(N,N), QQ(N,N), AMP, DEC, ETA
      DO 10 J = 1, N
      DO 10 I = 1, N
         PP(I,J) = 0.0D0
         ETA = DFLOAT(J - 1) / DFLOAT(N - 1)
         QQ(I,J) = -AMP * DEXP(-ETA / DEC)
   10 CONTINUE
      DO 20 J = 1, N
         QQ(1,J) = 0.0D0
         QQ(N,J) = 0.0D0
   20 CONTINUE
      RETURN
      END
C
C     ONE SOR ITERATION OF THE ELLIPTIC GRID EQUATIONS WITH SOURCE
C     TERMS, POINT BY POINT (THE SCALAR ALTERNATIVE TO THE LINE SOLVE).
C
      SUBROUTINE SORGRD(N, X, Y, PP, QQ, OMEGA, RMAX)
      INTEGER*4 N, I, J
      REAL*8 X(N,N), Y(N,N), PP(N,N), QQ(N,N), OMEGA, RMAX
      REAL*8 XXI, YXI, XET, YET, A, B, C, XN, YN, DEN
      RMAX = 0.0D0
      DO 20 J = 2, N - 1
      DO 20 I = 2, N - 1
         XXI = 0.5D0 * (X(I+1,J) - X(I-1,J))
         YXI = 0.5D0 * (Y(I+1,J) - Y(I-1,J))
         XET = 0.5D0 * (X(I,J+1) - X(I,J-1))
         YET = 0.5D0 * (Y(I,J+1) - Y(I,J-1))
         A = XET * XET + YET * YET
         B = XXI * XET + YXI * YET
         C = XXI * XXI + YXI * YXI
         DEN = 2.0D0 * (A + C)
         IF (DEN .LE. 0.0D0) GO TO 20
         XN = (A * (X(I+1,J) + X(I-1,J)) + C * (X(I,J+1) + X(I,J-1))
     1      - 0.5D0 * B * (X(I+1,J+1) - X(I-1,J+1) - X(I+1,J-1)
     2      + X(I-1,J-1)) + A * PP(I,J) * XXI + C * QQ(I,J) * XET) / DEN
         YN = (A * (Y(I+1,J) + Y(I-1,J)) + C * (Y(I,J+1) + Y(I,J-1))
     1      - 0.5D0 * B * (Y(I+1,J+1) - Y(I-1,J+1) - Y(I+1,J-1)
     2      + Y(I-1,J-1)) + A * PP(I,J) * YXI + C * QQ(I,J) * YET) / DEN
         RMAX = DMAX1(RMAX, DABS(XN - X(I,J)), DABS(YN - Y(I,J)))
         X(I,J) = X(I,J) + OMEGA * (XN - X(I,J))
         Y(I,J) = Y(I,J) + OMEGA * (YN - Y(I,J))
   20 CONTINUE
      RETURN
      END
C
C     ARC-LENGTH REDISTRIBUTION OF THE POINTS ON ONE GRID LINE J: THE
C     NEW POINTS ARE EQUALLY SPACED IN ARC LENGTH (LINEAR SEARCH IN THE
C     CUMULATIVE LENGTH TABLE, WHICH IS MONOTONE).
C
      SUBROUTINE ARCLEN(N, X, Y, J, S, XW, YW)
      INTEGER*4 N, J, I, K
      REAL*8 X(N,N), Y(N,N), S(N), XW(N), YW(N), ST, T
      S(1) = 0.0D0
      DO 10 I = 2, N
         S(I) = S(I-1) + DSQRT((X(I,J) - X(I-1,J))**2
     1        + (Y(I,J) - Y(I-1,J))**2)
   10 CONTINUE
      K = 1
      DO 30 I = 2, N - 1
         ST = S(N) * DFLOAT(I - 1) / DFLOAT(N - 1)
   20    IF (S(K+1) .LT. ST) THEN
            K = K + 1
            GO TO 20
         END IF
         T = (ST - S(K)) / (S(K+1) - S(K))
         XW(I) = X(K,J) + T * (X(K+1,J) - X(K,J))
         YW(I) = Y(K,J) + T * (Y(K+1,J) - Y(K,J))
   30 CONTINUE
      DO 40 I = 2, N - 1
         X(I,J) = XW(I)
         Y(I,J) = YW(I)
   40 CONTINUE
      RETURN
      END
C
C     MESH DRIVER WITH SOURCE TERMS: SOR UNTIL THE CHANGE FALLS BELOW
C     EPS OR ITMAX ITERATIONS, THEN THE QUALITY REPORT.
C
      SUBROUTINE MSHDRV(N, X, Y, PP, QQ, ITMAX, EPS)
      INTEGER*4 N, ITMAX, IT
      REAL*8 X(N,N), Y(N,N), PP(N,N), QQ(N,N), EPS, RMAX
      REAL*8 AMIN, AMAX, SKEW
      CALL TFIMSH(N, X, Y, 0.1D0)
      CALL SRCTRM(N, PP, QQ, 0.5D0, 0.2D0)
      DO 10 IT = 1, ITMAX
         CALL SORGRD(N, X, Y, PP, QQ, 1.5D0, RMAX)
         IF (RMAX .LT. EPS) GO TO 20
   10 CONTINUE
   20 CALL MSHQAL(N, X, Y, AMIN, AMAX, SKEW)
      WRITE (6, 900) IT, RMAX, AMIN, AMAX, SKEW
  900 FORMAT (' SOR ITERATIONS', I6, '  CHANGE', 1PE10.2,
     1        '  AREA', 2E11.3, '  SKEW', 0PF7.4)
      RETURN
      END

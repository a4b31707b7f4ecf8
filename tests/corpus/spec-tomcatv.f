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

C     EMBARRASSINGLY PARALLEL KERNEL (NAS EP STYLE): GAUSSIAN PAIRS BY THE
C     POLAR METHOD, COUNTS IN SQUARE ANNULI, A SUM OVER BATCHES.
      PROGRAM EMBAR
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INTEGER MK, MM, NN, NK, NQ, NBATCH
      PARAMETER (MK = 10, MM = 18 - MK, NN = 2 ** MM, NK = 2 ** MK,
     1           NQ = 10, NBATCH = 4)
      DOUBLE PRECISION XX(2*NK), QQ(0:NQ-1), SX, SY, T1, T2, T3, T4
      INTEGER I, IK, KK, L, K
      DATA QQ / NQ*0.0D0 /, SX, SY / 2*0.0D0 /
      S = 271828183.0D0
      A = 1220703125.0D0
      DO 100 K = 1, NN
         KK = K - 1
         T1 = S
         DO 20 I = 1, 2 * NK
            XX(I) = RANDLC(T1, A)
   20    CONTINUE
         DO 30 I = 1, NK
            X1 = 2.0D0 * XX(2*I-1) - 1.0D0
            X2 = 2.0D0 * XX(2*I) - 1.0D0
            T1 = X1 ** 2 + X2 ** 2
            IF (T1 .GT. 1.0D0) GO TO 30
            T2 = DSQRT(-2.0D0 * DLOG(T1) / T1)
            T3 = X1 * T2
            T4 = X2 * T2
            L = INT(DMAX1(DABS(T3), DABS(T4)))
            IF (L .GE. NQ) GO TO 30
            QQ(L) = QQ(L) + 1.0D0
            SX = SX + T3
            SY = SY + T4
   30    CONTINUE
         IF (MOD(K, NN / NBATCH) .EQ. 0) WRITE (6, 80) K, SX, SY
  100 CONTINUE
      GC = 0.0D0
      DO 110 I = 0, NQ - 1
         GC = GC + QQ(I)
  110 CONTINUE
      WRITE (6, 90) NN, SX, SY, GC
      WRITE (6, 95) (I, QQ(I), I = 0, NQ - 1)
   80 FORMAT (' BATCH AT ', I8, 2D25.15)
   90 FORMAT (' PAIRS ', I8, ' SUMS ', 2D25.15, ' COUNT ', F14.0)
   95 FORMAT (I5, F14.0)
      END
C
      DOUBLE PRECISION FUNCTION RANDLC(X, A)
      DOUBLE PRECISION X, A, R23, R46, T23, T46, T1, T2, T3, T4
      DOUBLE PRECISION A1, A2, X1, X2, Z
      PARAMETER (R23 = 0.5D0 ** 23, R46 = R23 ** 2, T23 = 2.0D0 ** 23,
     1           T46 = T23 ** 2)
      T1 = R23 * A
      A1 = AINT(T1)
      A2 = A - T23 * A1
      T1 = R23 * X
      X1 = AINT(T1)
      X2 = X - T23 * X1
      T1 = A1 * X2 + A2 * X1
      T2 = AINT(R23 * T1)
      Z = T1 - T23 * T2
      T3 = T23 * Z + A2 * X2
      T4 = AINT(R46 * T3)
      X = T3 - T46 * T4
      RANDLC = R46 * X
      RETURN
      END

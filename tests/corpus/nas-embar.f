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
C
C     VECTOR VERSION OF THE GENERATOR (VRANLC STYLE): N UNIFORM NUMBERS
C     INTO Y(1..N), THE SEED X IS UPDATED IN PLACE.  THE SPLIT INTO 23-
C     BIT HALVES IS DONE ONCE FOR THE MULTIPLIER, OUTSIDE THE LOOP.
C
      SUBROUTINE VRANLC(N, X, A, Y)
      INTEGER N, I
      DOUBLE PRECISION X, A, Y(*)
      DOUBLE PRECISION R23, R46, T23, T46, T1, T2, T3, T4
      DOUBLE PRECISION A1, A2, X1, X2, Z
      PARAMETER (R23 = 0.5D0 ** 23, R46 = R23 ** 2, T23 = 2.0D0 ** 23,
     1           T46 = T23 ** 2)
      T1 = R23 * A
      A1 = AINT(T1)
      A2 = A - T23 * A1
      DO 10 I = 1, N
         T1 = R23 * X
         X1 = AINT(T1)
         X2 = X - T23 * X1
         T1 = A1 * X2 + A2 * X1
         T2 = AINT(R23 * T1)
         Z = T1 - T23 * T2
         T3 = T23 * Z + A2 * X2
         T4 = AINT(R46 * T3)
         X = T3 - T46 * T4
         Y(I) = R46 * X
   10 CONTINUE
      RETURN
      END
C
C     JUMP AHEAD IN THE SEQUENCE: A**KN BY BINARY POWERING, SO THAT
C     BATCH K CAN START WITHOUT GENERATING THE NUMBERS BEFORE IT.
C
      DOUBLE PRECISION FUNCTION SKIPLC(S, A, KN)
      DOUBLE PRECISION S, A, AN, T, RANDLC, DUMMY
      INTEGER KN, I, IK, MAXBIT
      PARAMETER (MAXBIT = 100)
      AN = A
      T = S
      IK = KN
      DO 10 I = 1, MAXBIT
         IF (IK .EQ. 0) GO TO 20
         IF (MOD(IK, 2) .EQ. 1) DUMMY = RANDLC(T, AN)
         DUMMY = AN
         DUMMY = RANDLC(DUMMY, AN)
         AN = DUMMY * 2.0D0 ** 46
         IK = IK / 2
   10 CONTINUE
   20 SKIPLC = T
      RETURN
      END
C
C     VERIFICATION OF THE SUMS AGAINST REFERENCE VALUES FOR THE CLASSES
C     S, W, A AND B (SELECTED BY M WITH A COMPUTED GOTO) AND A REPORT
C     IN THE FORMAT OF THE BENCHMARK SUITE'S RESULT PAGE.
C
      SUBROUTINE EPVERI(M, SX, SY, TM, NIT, VERIF)
      INTEGER M, NIT, ICLASS
      DOUBLE PRECISION SX, SY, TM, SXREF, SYREF, ERR, EPS, RATE
      LOGICAL VERIF
      CHARACTER*1 CLASS
      PARAMETER (EPS = 1.0D-8)
      VERIF = .FALSE.
      ICLASS = 0
      IF (M .EQ. 24) ICLASS = 1
      IF (M .EQ. 25) ICLASS = 2
      IF (M .EQ. 28) ICLASS = 3
      IF (M .EQ. 30) ICLASS = 4
      GO TO (10, 20, 30, 40), ICLASS
      CLASS = 'U'
      GO TO 60
   10 CLASS = 'S'
      SXREF = -3.247834652034740D+3
      SYREF = -6.958407078382297D+3
      GO TO 50
   20 CLASS = 'W'
      SXREF = -2.863319731645753D+3
      SYREF = -6.320053679109499D+3
      GO TO 50
   30 CLASS = 'A'
      SXREF = -4.295875165629892D+3
      SYREF = -1.580732573678431D+4
      GO TO 50
   40 CLASS = 'B'
      SXREF = 4.033815542441498D+4
      SYREF = -2.660669192809235D+4
   50 ERR = DMAX1(DABS((SX - SXREF) / SXREF),
     1            DABS((SY - SYREF) / SYREF))
      VERIF = ERR .LE. EPS
   60 RATE = 0.0D0
      IF (TM .GT. 0.0D0) RATE = 2.0D0 ** (M + 1) / TM * 1.0D-6
      WRITE (6, 900) CLASS, M, NIT, TM, RATE
      IF (VERIF) WRITE (6, 910)
      IF (.NOT. VERIF) WRITE (6, 920) SX, SY
  900 FORMAT (//' EP BENCHMARK COMPLETED'/
     1        ' CLASS           = ', 12X, A1/
     2        ' SIZE            = ', 10X, '2**', I2/
     3        ' ITERATIONS      = ', I15/
     4        ' TIME IN SECONDS = ', F15.2/
     5        ' MOP/S TOTAL     = ', F15.2)
  910 FORMAT (' VERIFICATION    = ', 6X, 'SUCCESSFUL')
  920 FORMAT (' VERIFICATION    = ', 4X, 'UNSUCCESSFUL'/
     1        ' SX = ', D25.15, '  SY = ', D25.15)
      RETURN
      END
C
C     BATCHED VERSION OF THE MAIN LOOP: EACH BATCH STARTS FROM ITS OWN
C     SKIPPED SEED; THE ANNULUS COUNTS ARE SUMMED ACROSS BATCHES WITH
C     A SECOND, TRIANGULAR PASS THAT BUILDS CUMULATIVE COUNTS.
C
      SUBROUTINE EPBTCH(NB, NK, NQ, Q, CUM, SX, SY)
      INTEGER NB, NK, NQ, IB, I, J, L
      DOUBLE PRECISION Q(0:NQ-1), CUM(0:NQ-1), SX, SY
      DOUBLE PRECISION X(4096), S, A, T1, T2, T3, T4, X1, X2, SKIPLC
      A = 1220703125.0D0
      DO 5 L = 0, NQ - 1
         Q(L) = 0.0D0
    5 CONTINUE
      DO 30 IB = 1, NB
         S = SKIPLC(271828183.0D0, A, 2 * NK * (IB - 1))
         CALL VRANLC(2 * MIN(NK, 2048), S, A, X)
         DO 20 I = 1, MIN(NK, 2048)
            X1 = 2.0D0 * X(2*I-1) - 1.0D0
            X2 = 2.0D0 * X(2*I) - 1.0D0
            T1 = X1 * X1 + X2 * X2
            IF (T1 .GT. 1.0D0) GO TO 20
            T2 = DSQRT(-2.0D0 * DLOG(T1) / T1)
            T3 = X1 * T2
            T4 = X2 * T2
            L = INT(DMAX1(DABS(T3), DABS(T4)))
            IF (L .LT. NQ) Q(L) = Q(L) + 1.0D0
            SX = SX + T3
            SY = SY + T4
   20    CONTINUE
   30 CONTINUE
      DO 50 L = 0, NQ - 1
         CUM(L) = 0.0D0
         DO 40 J = 0, L
            CUM(L) = CUM(L) + Q(J)
   40    CONTINUE
   50 CONTINUE
      RETURN
      END

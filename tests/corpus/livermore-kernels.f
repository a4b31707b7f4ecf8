C***********************************************************************
C     LIVERMORE-STYLE KERNELS: 24 SMALL LOOPS OVER SHARED COMMON ARRAYS
C     WRITTEN FOR THE PARTSCOPE PARSER CORPUS IN THE STYLE OF THE 1980S
C     FORTRAN KERNELS: SHARED DO TERMINATORS, COMMON FROM INCLUDE FILES,
C     ARITHMETIC IF, COMPUTED GOTO AND STATEMENT FUNCTIONS.
C***********************************************************************
      PROGRAM LIVKER
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'livcom.inc'
      INCLUDE 'timers.inc'
      DOUBLE PRECISION CKSUM(NLOOPS)
      INTEGER K
C
      CALL INITLV
      DO 100 LOOP = 1, NLOOPS
         N = NSPAN(LOOP)
         CALL KERNEL(LOOP)
         CKSUM(LOOP) = SUMCHK(LOOP)
  100 CONTINUE
      WRITE (6, 900)
      DO 110 K = 1, NLOOPS
         WRITE (6, 910) K, NSPAN(K), CKSUM(K)
  110 CONTINUE
  900 FORMAT (1H1, 10X, 'KERNEL   SPAN        CHECKSUM')
  910 FORMAT (11X, I6, I7, 1PE20.12)
      STOP
      END
C
      SUBROUTINE INITLV
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'livcom.inc'
      INTEGER I, J, K
      DATA (NSPAN(K), K = 1, 12) / 1001, 101, 1001, 1001, 1001, 64,
     1      995, 100, 101, 101, 1001, 1000 /
      DATA (NSPAN(K), K = 13, 24) / 64, 1001, 101, 75, 101, 100,
     1      101, 1000, 101, 101, 100, 1001 /
      DATA NPASS / 24*7 /
      FRAND(XSEED) = DMOD(XSEED * 1.309D0 + 0.3217D0, 1.0D0)
C
      SEED = 0.5D0
      DO 10 I = 1, NMAX
         SEED = FRAND(SEED)
         X(I) = SEED
         Y(I) = FRAND(SEED + 0.1D0)
         Z(I) = FRAND(SEED + 0.2D0)
         U(I) = FRAND(SEED + 0.3D0)
         V(I) = FRAND(SEED + 0.4D0)
         W(I) = FRAND(SEED + 0.5D0)
         XX(I) = 0.0D0
         VX(I) = FRAND(SEED + 0.6D0)
         XI(I) = DFLOAT(I)
         EX(I) = DEXP(-XI(I) / 100.0D0)
   10 CONTINUE
      DO 20 J = 1, 101
      DO 20 I = 1, 25
         PX(I,J) = FRAND(DFLOAT(I + J) * 0.01D0)
         CX(I,J) = FRAND(DFLOAT(I * J) * 0.001D0)
         VY(J,I) = 0.5D0 * PX(I,J)
   20 CONTINUE
      DO 30 K = 1, 7
      DO 30 J = 1, 101
         VH(J,K) = DFLOAT(J) * 0.01D0
         VF(J,K) = 1.0D0 / (1.0D0 + DFLOAT(J + K))
         VG(J,K) = 0.1D0 * DFLOAT(K)
         VS(J,K) = 0.0D0
         ZA(J,K) = FRAND(DFLOAT(J) * 0.02D0)
         ZP(J,K) = FRAND(DFLOAT(K) * 0.03D0)
         ZQ(J,K) = ZP(J,K) * 0.5D0
         ZR(J,K) = 1.0D0
         ZM(J,K) = 1.0D0 + DFLOAT(J) * 0.001D0
         ZB(J,K) = 0.0D0
         ZU(J,K) = 0.2D0
         ZV(J,K) = 0.3D0
         ZZ(J,K) = 0.0D0
   30 CONTINUE
      DO 40 J = 1, 64
      DO 40 I = 1, 64
         B(I,J) = 1.0D0 / DFLOAT(I + J)
         C(I,J) = DFLOAT(I - J) * 1.0D-3
         H(I,J) = 0.0D0
   40 CONTINUE
      Q = 0.0D0
      R = 4.86D0
      T = 276.0D0
      A11 = 0.1D0
      A12 = 0.2D0
      A13 = 0.3D0
      A21 = 0.4D0
      A22 = 0.5D0
      A23 = 0.6D0
      A31 = 0.7D0
      A32 = 0.8D0
      A33 = 0.9D0
      SIG = 0.25D0
      STB5 = 0.125D0
      DM22 = 0.0022D0
      DM23 = 0.0023D0
      DM24 = 0.0024D0
      DM25 = 0.0025D0
      DM26 = 0.0026D0
      DM27 = 0.0027D0
      DM28 = 0.0028D0
      AR = 1.1D0
      BR = 1.2D0
      CR = 1.3D0
      FW = 1.0D0
      RETURN
      END
C
      SUBROUTINE KERNEL(L)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'livcom.inc'
      INTEGER L, K, J, I, KX, KY, II, LW, IPNT, IPNTP, M, I1, J1, J2
C
      GO TO (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
     1       13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24), L
      RETURN
C                                   KERNEL 1: HYDRO FRAGMENT
    1 DO 1001 K = 1, N
         X(K) = Q + Y(K) * (R * ZZ(K,1) + T * ZZ(K+10,1))
 1001 CONTINUE
      RETURN
C                                   KERNEL 2: INCOMPLETE CHOLESKY
    2 II = N
      IPNTP = 0
  222 IPNT = IPNTP
      IPNTP = IPNTP + II
      II = II / 2
      I = IPNTP + 1
      DO 2001 K = IPNT + 2, IPNTP, 2
         I = I + 1
         X(I) = X(K) - V(K) * X(K-1) - V(K+1) * X(K+1)
 2001 CONTINUE
      IF (II .GT. 1) GO TO 222
      RETURN
C                                   KERNEL 3: INNER PRODUCT
    3 Q = 0.0D0
      DO 3001 K = 1, N
         Q = Q + Z(K) * X(K)
 3001 CONTINUE
      RETURN
C                                   KERNEL 4: BANDED LINEAR EQUATIONS
    4 M = (1001 - 7) / 2
      DO 4001 K = 7, 1001, M
         LW = K - 6
         TEMP = X(K-1)
         DO 4002 J = 5, N, 5
            TEMP = TEMP - X(LW) * Y(J)
            LW = LW + 1
 4002    CONTINUE
         X(K-1) = Y(5) * TEMP
 4001 CONTINUE
      RETURN
C                                   KERNEL 5: TRI-DIAGONAL ELIMINATION
    5 DO 5001 I = 2, N
         X(I) = Z(I) * (Y(I) - X(I-1))
 5001 CONTINUE
      RETURN
C                                   KERNEL 6: GENERAL LINEAR RECURRENCE
    6 DO 6001 I = 2, N
         W(I) = 0.01D0
         DO 6001 K = 1, I - 1
            W(I) = W(I) + B(I,K) * W(I-K)
 6001 CONTINUE
      RETURN
C                                   KERNEL 7: EQUATION OF STATE
    7 DO 7001 K = 1, N
         X(K) = U(K) + R * (Z(K) + R * Y(K)) +
     1          T * (U(K+3) + R * (U(K+2) + R * U(K+1)) +
     2          T * (U(K+6) + Q * (U(K+5) + Q * U(K+4))))
 7001 CONTINUE
      RETURN
C                                   KERNEL 8: ADI INTEGRATION (2-D)
    8 DO 8001 KX = 2, 3
      DO 8001 KY = 2, N
         DU1 = U(KY+1) - U(KY-1)
         DU2 = V(KY+1) - V(KY-1)
         DU3 = W(KY+1) - W(KY-1)
         VS(KY,KX) = VS(KY,KX) + A11 * DU1 + A12 * DU2 + A13 * DU3
     1             + SIG * (U(KY+1) - 2.0D0 * U(KY) + U(KY-1))
 8001 CONTINUE
      RETURN
C                                   KERNEL 9: INTEGRATE PREDICTORS
    9 DO 9001 I = 1, N
         PX(1,I) = DM28 * PX(13,I) + DM27 * PX(12,I) + DM26 * PX(11,I)
     1           + DM25 * PX(10,I) + DM24 * PX(9,I) + DM23 * PX(8,I)
     2           + DM22 * PX(7,I) + C0 * (PX(5,I) + PX(6,I)) + PX(3,I)
 9001 CONTINUE
      RETURN
C                                   KERNEL 10: DIFFERENCE PREDICTORS
   10 DO 10001 I = 1, N
         AR = CX(5,I)
         BR = AR - PX(5,I)
         PX(5,I) = AR
         CR = BR - PX(6,I)
         PX(6,I) = BR
         AR = CR - PX(7,I)
         PX(7,I) = CR
         PX(8,I) = AR
10001 CONTINUE
      RETURN
C                                   KERNEL 11: FIRST SUM
   11 X(1) = Y(1)
      DO 11001 K = 2, N
         X(K) = X(K-1) + Y(K)
11001 CONTINUE
      RETURN
C                                   KERNEL 12: FIRST DIFFERENCE
   12 DO 12001 K = 1, N
         X(K) = Y(K+1) - Y(K)
12001 CONTINUE
      RETURN
C                                   KERNEL 13: 2-D PARTICLE IN CELL
   13 DO 13001 IP = 1, N
         I1 = INT(PX(1,IP))
         J1 = INT(PX(2,IP))
         I1 = 1 + MOD(IABS(I1), 64)
         J1 = 1 + MOD(IABS(J1), 64)
         PX(3,IP) = PX(3,IP) + B(I1,J1)
         PX(4,IP) = PX(4,IP) + C(I1,J1)
         PX(1,IP) = PX(1,IP) + PX(3,IP)
         PX(2,IP) = PX(2,IP) + PX(4,IP)
13001 CONTINUE
      RETURN
C                                   KERNEL 14: 1-D PARTICLE IN CELL
   14 DO 14001 K = 1, N
         VX(K) = 0.0D0
         XX(K) = 0.0D0
         IX = 1 + MOD(K * 7, 100)
         XI(K) = DFLOAT(IX)
         EX(K) = VX(K) + XX(K) * FW
14001 CONTINUE
      RETURN
C                                   KERNEL 15: CASUAL FORTRAN
   15 DO 15001 J = 2, 6
      DO 15001 K = 2, N
         IF (J - 6) 31, 30, 30
   30    VY(K,J) = 0.0D0
         GO TO 15001
   31    IF (VH(K,J+1) - VH(K,J)) 32, 32, 33
   32    T1 = AR
         GO TO 34
   33    T1 = BR
   34    IF (VF(K,J) - VF(K-1,J)) 35, 36, 36
   35    R1 = DMAX1(VH(K-1,J), VH(K-1,J+1))
         S1 = VF(K-1,J)
         GO TO 37
   36    R1 = DMAX1(VH(K,J), VH(K,J+1))
         S1 = VF(K,J)
   37    VY(K,J) = DSQRT(VG(K,J)**2 + R1 * R1) * T1 / S1
15001 CONTINUE
      RETURN
C                                   KERNEL 16..24: SHORT FORMS
   16 CALL MONTE(N)
      RETURN
   17 DO 17001 K = N, 2, -1
         XX(K) = XX(K-1) * 0.5D0 + VX(K)
17001 CONTINUE
      RETURN
   18 DO 18001 K = 2, 6
      DO 18001 J = 2, N
         ZA(J,K) = (ZP(J-1,K+1) + ZQ(J-1,K+1) - ZP(J-1,K) - ZQ(J-1,K))
     1           * (ZR(J,K) + ZR(J-1,K)) / (ZM(J-1,K) + ZM(J-1,K+1))
         ZB(J,K) = (ZP(J-1,K) + ZQ(J-1,K) - ZP(J,K) - ZQ(J,K))
     1           * (ZR(J,K) + ZR(J,K-1)) / (ZM(J,K) + ZM(J-1,K))
18001 CONTINUE
      RETURN
   19 STB5 = 0.0D0
      DO 19001 K = 1, N
         B5K = SA(K) + STB5 * SB(K)
         STB5 = B5K - STB5
19001 CONTINUE
      RETURN
   20 DO 20001 K = 1, N
         DI = Y(K) - G(K) / (XX(K) + DK)
         DN = 0.2D0
         IF (DI .NE. 0.0D0) DN = DMAX1(S, DMIN1(Z(K) / DI, T))
         X(K) = ((W(K) + V(K) * DN) * XX(K) + U(K)) / (VX(K) + V(K)*DN)
20001 CONTINUE
      RETURN
   21 DO 21001 K = 1, 25
      DO 21001 I = 1, 25
      DO 21001 J = 1, N
         PX(I,J) = PX(I,J) + VY(I,K) * CX(K,J)
21001 CONTINUE
      RETURN
   22 DO 22001 K = 1, N
         Y(K) = U(K) / V(K)
         W(K) = X(K) / (DEXP(Y(K)) - 1.0D0)
22001 CONTINUE
      RETURN
   23 DO 23001 J = 2, 6
      DO 23001 K = 2, N
         QA = ZA(K,J+1) * ZR(K,J) + ZA(K,J-1) * ZB(K,J) +
     1        ZA(K+1,J) * ZU(K,J) + ZA(K-1,J) * ZV(K,J) + ZZ(K,J)
         ZA(K,J) = ZA(K,J) + 0.175D0 * (QA - ZA(K,J))
23001 CONTINUE
      RETURN
   24 M = 1
      DO 24001 K = 2, N
         IF (X(K) .LT. X(M)) M = K
24001 CONTINUE
      RETURN
      END
C
      SUBROUTINE MONTE(NN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INTEGER NN, K, M
      M = 0
      DO 10 K = 1, NN
         M = M + MOD(K * 13, 7)
   10 CONTINUE
      IF (M) 20, 30, 30
   20 WRITE (6, *) 'MONTE: NEGATIVE COUNT'
   30 RETURN
      END
C
      DOUBLE PRECISION FUNCTION SUMCHK(L)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'livcom.inc'
      INTEGER L, K
      SUMCHK = 0.0D0
      DO 10 K = 1, NMAX
         SUMCHK = SUMCHK + X(K) + DFLOAT(L) * 1.0D-6 * Y(K)
   10 CONTINUE
      RETURN
      END
C
C***********************************************************************
C     SECOND PASS: THE SAME FAMILY OF KERNELS WRITTEN AGAIN WITH THE
C     LOOP SHAPES OF THE LONGER VERSIONS (TRIANGULAR, STRIDED, BACKWARD)
C     AND A TIMING DRIVER THAT REPEATS EACH KERNEL NPASS TIMES.
C***********************************************************************
      SUBROUTINE KERNL2(L, NREP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'livcom.inc'
      INTEGER L, NREP, I, J, K, M, II, IPNT, IPNTP, LW, KK, JJ
      INTEGER IREP, NL1, NL2, KX, KY, J1, J2, K1, K2
      DO 999 IREP = 1, NREP
      GO TO (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), L
C                                   HYDRO FRAGMENT, STRIDE 1
    1 DO 1001 K = 1, N
 1001    X(K) = Q + Y(K) * (R * Z(K+10) + T * Z(K+11))
      GO TO 999
C                                   ICCG EXCERPT: HALVING STRIDES
    2 II = N
      IPNTP = 0
  222 IPNT = IPNTP
      IPNTP = IPNTP + II
      II = II / 2
      I = IPNTP + 1
      DO 2001 K = IPNT + 2, IPNTP, 2
         I = I + 1
         X(I) = X(K) - V(K) * X(K-1) - V(K+1) * X(K+1)
 2001 CONTINUE
      IF (II .GT. 1) GO TO 222
      GO TO 999
C                                   INNER PRODUCT
    3 Q = 0.0D0
      DO 3001 K = 1, N
 3001    Q = Q + Z(K) * X(K)
      GO TO 999
C                                   BANDED LINEAR EQUATIONS, STEP 5
    4 M = (1001 - 7) / 2
      DO 4001 K = 7, 1001, M
         LW = K - 6
         T = X(K-1)
         DO 4002 J = 5, N, 5
            T = T - XX(LW) * Y(J)
            LW = LW + 1
 4002    CONTINUE
         X(K-1) = Y(5) * T
 4001 CONTINUE
      GO TO 999
C                                   TRI-DIAGONAL ELIMINATION, BELOW DIAG
    5 DO 5001 I = 2, N
 5001    X(I) = Z(I) * (Y(I) - X(I-1))
      GO TO 999
C                                   GENERAL LINEAR RECURRENCE (TRIANGULAR)
    6 DO 6001 I = 2, N
         W(I) = 0.01D0
         DO 6001 K = 1, I - 1
            W(I) = W(I) + B(I,K) * W(I-K)
 6001 CONTINUE
      GO TO 999
C                                   EQUATION OF STATE FRAGMENT
    7 DO 7001 K = 1, N
         X(K) = U(K) + R * (Z(K) + R * Y(K)) +
     1        T * (U(K+3) + R * (U(K+2) + R * U(K+1)) +
     2        T * (U(K+6) + Q * (U(K+5) + Q * U(K+4))))
 7001 CONTINUE
      GO TO 999
C                                   ADI INTEGRATION, TWO PLANES
    8 NL1 = 1
      NL2 = 2
      DO 8001 KX = 2, 3
      DO 8001 KY = 2, N
         DU1 = U(KY+1) - U(KY-1)
         DU2 = V(KY+1) - V(KY-1)
         DU3 = W(KY+1) - W(KY-1)
         VH(KY,KX+NL2) = VH(KY,KX+NL1) + A11 * DU1 + A12 * DU2
     1                 + A13 * DU3 + SIG * (VH(KY,KX+1) - 2.0D0
     2                 * VH(KY,KX) + VH(KY,KX-1))
 8001 CONTINUE
      GO TO 999
C                                   INTEGRATE PREDICTORS
    9 DO 9001 I = 1, N
         PX(1,I) = DM28 * PX(13,I) + DM27 * PX(12,I) + DM26 * PX(11,I)
     1           + DM25 * PX(10,I) + DM24 * PX(9,I) + DM23 * PX(8,I)
     2           + DM22 * PX(7,I) + C0 * (PX(5,I) + PX(6,I)) + PX(3,I)
 9001 CONTINUE
      GO TO 999
C                                   DIFFERENCE PREDICTORS, BACKWARD
   10 DO 10001 I = N, 1, -1
         AR = CX(5,I)
         BR = AR - PX(5,I)
         PX(5,I) = AR
         CR = BR - PX(6,I)
         PX(6,I) = BR
         PX(7,I) = CR
10001 CONTINUE
      GO TO 999
C                                   FIRST SUM (PREFIX)
   11 X(1) = Y(1)
      DO 11001 K = 2, N
11001    X(K) = X(K-1) + Y(K)
      GO TO 999
C                                   FIRST DIFFERENCE, BLOCKS OF 4
   12 DO 12001 J1 = 1, N - 1, 4
         J2 = MIN(J1 + 3, N - 1)
         DO 12001 K = J1, J2
            X(K) = Y(K+1) - Y(K)
12001 CONTINUE
  999 CONTINUE
      RETURN
      END
C
C     MATRIX KERNELS OF THE SECOND PASS: 2-D EXPLICIT HYDRO, MATRIX
C     PRODUCT BY COLUMNS, PLANCKIAN AND A LOWER-TRIANGULAR SOLVE.
      SUBROUTINE KERNL3(L)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'livcom.inc'
      INTEGER L, I, J, K, KK, NN
      NN = MIN(N, 64)
      IF (L - 2) 100, 200, 300
C                                   2-D HYDRO: TWO SWEEPS OVER ZONES
  100 DO 110 K = 2, 6
      DO 110 J = 2, N
         ZA(J,K) = (ZP(J-1,K+1) + ZQ(J-1,K+1) - ZP(J-1,K) - ZQ(J-1,K))
     1           * (ZR(J,K) + ZR(J-1,K)) / (ZM(J-1,K) + ZM(J-1,K+1))
         ZB(J,K) = (ZP(J-1,K) + ZQ(J-1,K) - ZP(J,K) - ZQ(J,K))
     1           * (ZR(J,K) + ZR(J,K-1)) / (ZM(J,K) + ZM(J-1,K))
  110 CONTINUE
      DO 120 K = 2, 6
      DO 120 J = 2, N
         ZU(J,K) = ZU(J,K) + S * (ZA(J,K) * (ZZ(J,K) - ZZ(J+1,K))
     1           - ZA(J-1,K) * (ZZ(J,K) - ZZ(J-1,K)))
         ZV(J,K) = ZV(J,K) + S * (ZB(J,K) * (ZR(J,K) - ZR(J,K-1)))
  120 CONTINUE
      RETURN
C                                   MATRIX PRODUCT, JKI ORDER
  200 DO 210 J = 1, NN
      DO 210 I = 1, NN
  210    H(I,J) = 0.0D0
      DO 220 J = 1, NN
      DO 220 K = 1, NN
      DO 220 I = 1, NN
         H(I,J) = H(I,J) + B(I,K) * C(K,J)
  220 CONTINUE
      RETURN
C                                   LOWER TRIANGULAR SOLVE, IN PLACE
  300 DO 320 J = 1, NN
         C(J,1) = C(J,1) / B(J,J)
         DO 310 KK = J + 1, NN
            C(KK,1) = C(KK,1) - B(KK,J) * C(J,1)
  310    CONTINUE
  320 CONTINUE
C                                   UPPER TRIANGLE OF B, STRIDE 2
      DO 330 I = 1, NN, 2
      DO 330 J = I, NN
         B(I,J) = 0.5D0 * (B(I,J) + B(J,I))
  330 CONTINUE
      RETURN
      END
C
C     REPEAT EACH SECOND-PASS KERNEL, TIME IT WITH THE CPU CLOCK AND
C     REPORT THE RATE IN MFLOPS FROM A TABLE OF FLOPS PER ITERATION.
      SUBROUTINE LIVTIM
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'livcom.inc'
      INCLUDE 'timers.inc'
      INTEGER K, NFLOP(12), IREP
      REAL T0, T1
      DOUBLE PRECISION RATE(12), TIMK(12)
      DATA NFLOP / 5, 4, 2, 2, 2, 2, 16, 36, 17, 9, 1, 1 /
      DO 20 K = 1, 12
         N = MIN(NSPAN(K), 100)
         IREP = NPASS(K)
         CALL CPU_TIME(T0)
         CALL KERNL2(K, IREP)
         CALL CPU_TIME(T1)
         TIMK(K) = DBLE(T1 - T0)
         IF (TIMK(K) .LE. 0.0D0) TIMK(K) = 1.0D-6
         RATE(K) = DFLOAT(NFLOP(K) * N * IREP) / TIMK(K) * 1.0D-6
         TSTART(MOD(K-1, MAXTIM) + 1) = DBLE(T0)
         TELAPS(MOD(K-1, MAXTIM) + 1) = TIMK(K)
   20 CONTINUE
      WRITE (6, 900)
      WRITE (6, 910) (K, TIMK(K), RATE(K), K = 1, 12)
      CALL RATSUM(RATE, 12, AMEAN, GMEAN, HMEAN)
      WRITE (6, 920) AMEAN, GMEAN, HMEAN
  900 FORMAT (//, 5X, 'KERNEL', 8X, 'SECONDS', 10X, 'MFLOPS')
  910 FORMAT (5X, I6, 2X, 1PE14.6, 2X, 0PF14.3)
  920 FORMAT (/, 5X, 'ARITHMETIC MEAN ', F10.3, /,
     1        5X, 'GEOMETRIC MEAN  ', F10.3, /,
     2        5X, 'HARMONIC MEAN   ', F10.3)
      RETURN
      END
C
C     MEANS OF A TABLE OF RATES (ZERO RATES ARE SKIPPED).
      SUBROUTINE RATSUM(RATE, NR, AMEAN, GMEAN, HMEAN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INTEGER NR, K, NUSED
      DOUBLE PRECISION RATE(NR)
      SUMA = 0.0D0
      SUML = 0.0D0
      SUMH = 0.0D0
      NUSED = 0
      DO 10 K = 1, NR
         IF (RATE(K) .LE. 0.0D0) GO TO 10
         NUSED = NUSED + 1
         SUMA = SUMA + RATE(K)
         SUML = SUML + DLOG(RATE(K))
         SUMH = SUMH + 1.0D0 / RATE(K)
   10 CONTINUE
      IF (NUSED .EQ. 0) GO TO 20
      AMEAN = SUMA / DFLOAT(NUSED)
      GMEAN = DEXP(SUML / DFLOAT(NUSED))
      HMEAN = DFLOAT(NUSED) / SUMH
      RETURN
   20 AMEAN = 0.0D0
      GMEAN = 0.0D0
      HMEAN = 0.0D0
      RETURN
      END
C
C     VERIFY THE SECOND PASS: RELATIVE DIFFERENCE OF TWO CHECKSUMS OF
C     THE RESULT ARRAYS, WITH AN ARITHMETIC IF ON THE TOLERANCE TEST.
      LOGICAL FUNCTION LIVVER(REF, TOL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'livcom.inc'
      INTEGER K, J
      SUM1 = 0.0D0
      SUM2 = 0.0D0
      DO 10 K = 1, NMAX, 3
         SUM1 = SUM1 + DABS(X(K))
   10 CONTINUE
      DO 20 J = 1, 7
      DO 20 K = 1, 101, 10
         SUM2 = SUM2 + DABS(ZA(K,J)) + DABS(VH(K,J))
   20 CONTINUE
      DIFF = DABS(SUM1 + SUM2 - REF) / DMAX1(DABS(REF), 1.0D-30)
      LIVVER = .FALSE.
      IF (DIFF - TOL) 30, 30, 40
   30 LIVVER = .TRUE.
   40 RETURN
      END
C
C***********************************************************************
C     THIRD PASS: THE LONGER KERNELS OF THE FAMILY (2-D PARTICLE IN
C     CELL, 1-D PIC, CASUAL FORTRAN, MONTE CARLO SEARCH, IMPLICIT
C     CONDITIONAL COMPUTATION, 2-D IMPLICIT HYDRO, LOCATION OF MINIMUM)
C     WRITTEN AGAIN WITH INTEGER INDEX ARRAYS IN A LOCAL COMMON.
C***********************************************************************
      SUBROUTINE KERNL4(L)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'livcom.inc'
      INTEGER L, I, J, K, M, II, LB, K2, K3, J2, I1, J1, IR(1001)
      INTEGER IX(1001), IY(1001), IE(1001), LL, ZONE
      DOUBLE PRECISION VSP(1001), VSTP(1001), VXNE(1001), VXND(1001)
      DOUBLE PRECISION VE3(1001)
      DOUBLE PRECISION GRD(1001), RX(1001), RH(2048), DEX(1001)
      DOUBLE PRECISION RD(1001), RT(1001), EX1(1001), XIX(1001)
      COMMON /KSPACE/ GRD, RX, RH, DEX, RD, RT, EX1, XIX, IR, IX, IY, IE
      GO TO (13, 14, 15, 16, 17, 18), L - 12
      RETURN
C                                   2-D PARTICLE IN CELL
   13 DO 1301 IP = 1, N
         I1 = INT(PX(1,IP))
         J1 = INT(PX(2,IP))
         I1 = 1 + MOD(ABS(I1), 64)
         J1 = 1 + MOD(ABS(J1), 64)
         PX(3,IP) = PX(3,IP) + B(I1,J1)
         PX(4,IP) = PX(4,IP) + C(I1,J1)
         PX(1,IP) = PX(1,IP) + PX(3,IP)
         PX(2,IP) = PX(2,IP) + PX(4,IP)
         I2 = INT(PX(1,IP))
         J2 = INT(PX(2,IP))
         I2 = MOD(ABS(I2), 64)
         J2 = MOD(ABS(J2), 64)
         PX(1,IP) = PX(1,IP) + Y(I2+32)
         PX(2,IP) = PX(2,IP) + Z(J2+32)
         I2 = I2 + 1
         J2 = J2 + 1
         H(I2,J2) = H(I2,J2) + 1.0D0
 1301 CONTINUE
      RETURN
C                                   1-D PARTICLE IN CELL, THREE PASSES
   14 DO 1401 K = 1, N
         VX(K) = 0.0D0
         XX(K) = 0.0D0
         IX(K) = INT(GRD(K))
         XI(K) = DFLOAT(IX(K))
         EX1(K) = EX(MAX(1, MIN(IX(K), NMAX)))
         DEX(K) = EX1(K) - XI(K)
 1401 CONTINUE
      DO 1402 K = 1, N
         VX(K) = VX(K) + EX1(K) + (XX(K) - XI(K)) * DEX(K)
         XX(K) = XX(K) + VX(K) + FW
         IR(K) = INT(XX(K))
         RX(K) = XX(K) - DFLOAT(IR(K))
         IR(K) = 1 + MOD(ABS(IR(K)), 2047)
         XX(K) = RX(K) + DFLOAT(IR(K))
 1402 CONTINUE
      DO 1403 K = 1, N
         RH(IR(K)) = RH(IR(K)) + 1.0D0 - RX(K)
         RH(IR(K)+1) = RH(IR(K)+1) + RX(K)
 1403 CONTINUE
      RETURN
C                                   CASUAL FORTRAN: DEVELOPMENT VERSION
   15 NG = 7
      NZ = MIN(N, 101)
      AR = 0.053D0
      BR = 0.073D0
      DO 1545 J = 2, NG
      DO 1545 K = 2, NZ
         IF (J - NG) 1531, 1530, 1530
 1530    VY(K,J) = 0.0D0
         GO TO 1545
 1531    IF (VH(K,J+1) - VH(K,J)) 1533, 1533, 1532
 1532    T = AR
         GO TO 1534
 1533    T = BR
 1534    IF (VF(K,J) - VF(K-1,J)) 1536, 1535, 1535
 1535    R = DMAX1(VH(K-1,J), VH(K-1,J+1))
         S = VF(K-1,J)
         GO TO 1537
 1536    R = DMAX1(VH(K,J), VH(K,J+1))
         S = VF(K,J)
 1537    VY(K,J) = DSQRT(VG(K,J)**2 + R * R) * T / S
 1545 CONTINUE
      RETURN
C                                   MONTE CARLO SEARCH LOOP
   16 II = N / 3
      LB = II + II
      K2 = 0
      K3 = 0
      M = 1
 1605 I1 = M
 1610 J2 = (N + N) * (M - 1) + 1
      DO 1670 K = 1, N
         K2 = K2 + 1
         J4 = J2 + K + K
         J5 = ZONE(J4)
         IF (J5 - N) 1620, 1660, 1670
 1620    IF (J5 - N + II) 1630, 1640, 1640
 1630    IF (J5 - N + LB) 1650, 1650, 1650
 1640    CONTINUE
 1650    K3 = K3 + 1
 1660    IF (K3 .GT. 10) GO TO 1680
 1670 CONTINUE
      M = M + 1
      IF (M - 3) 1610, 1610, 1680
 1680 CONTINUE
      RETURN
C                                   IMPLICIT CONDITIONAL COMPUTATION
   17 I = N
      J = 1
      INK = -1
      SCALE = 5.0D0 / 3.0D0
      XNM = 1.0D0 / 3.0D0
      E6 = 1.03D0 / 3.07D0
 1761 E3 = XNM * VSP(I) + VSTP(I)
      XNEI = XNM
      VXNE(I) = XNEI
      XNC = SCALE * E3
      IF (XNM .GT. XNC) GO TO 1762
      IF (XNEI .GT. XNC) GO TO 1762
      VE3(I) = E3
      E6 = E3 + E3 - XNM
      VXND(I) = E6
      XNM = E6
      I = I + INK
      IF (I .EQ. J) GO TO 1763
      GO TO 1761
 1762 VE3(I) = E6
      I = I + INK
      IF (I .NE. J) GO TO 1761
 1763 RETURN
C                                   2-D IMPLICIT HYDRODYNAMICS FRAGMENT
   18 T = 0.0037D0
      S = 0.0041D0
      KN = 6
      JN = MIN(N, 100)
      DO 1870 K = 2, KN
      DO 1870 J = 2, JN
         ZA(J,K) = (ZP(J-1,K+1) + ZQ(J-1,K+1) - ZP(J-1,K)
     1           - ZQ(J-1,K)) * (ZR(J,K) + ZR(J-1,K))
     2           / (ZM(J-1,K) + ZM(J-1,K+1))
 1870 CONTINUE
      DO 1872 K = 2, KN
      DO 1872 J = 2, JN
         ZU(J,K) = ZU(J,K) + S * (ZA(J,K) * (ZZ(J,K) - ZZ(J+1,K))
     1           - ZA(J-1,K) * (ZZ(J,K) - ZZ(J-1,K)))
 1872 CONTINUE
      DO 1874 K = 2, KN
      DO 1874 J = 2, JN
         ZR(J,K) = ZR(J,K) + T * ZU(J,K)
         ZZ(J,K) = ZZ(J,K) + T * ZV(J,K)
 1874 CONTINUE
      RETURN
      END
C
C     INTEGER FUNCTION TABLE USED BY THE MONTE CARLO SEARCH: A PERIODIC
C     ZONE MAP OVER THE INDEX RANGE.
      INTEGER FUNCTION ZONE(K)
      INTEGER K
      ZONE = 1 + MOD(K * 7 + 3, 1001)
      RETURN
      END

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

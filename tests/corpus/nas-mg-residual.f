C     MULTIGRID V-CYCLE PIECES (NAS MG STYLE): 27-POINT RESIDUAL AND
C     SMOOTHER WITH COEFFICIENT ARRAYS, RESTRICTION AND PROLONGATION ON
C     PERIODIC GRIDS.  ADJUSTABLE ARRAYS AND DATA-INITIALIZED STENCILS.
      PROGRAM MGRID
      IMPLICIT NONE
      INTEGER NF, NC
      PARAMETER (NF = 34, NC = 18)
      DOUBLE PRECISION U(NF,NF,NF), V(NF,NF,NF), R(NF,NF,NF)
      DOUBLE PRECISION RC(NC,NC,NC), UC(NC,NC,NC), A(0:3), C(0:3)
      INTEGER IT
      DATA A / -2.6666666666667D0, 0.0D0, 0.16666666666667D0,
     >         0.083333333333333D0 /
      DATA C / -0.375D0, 0.03125D0, -0.015625D0, 0.0D0 /
      CALL ZERO3(U, NF)
      CALL ZERO3(V, NF)
      V(NF/2, NF/2, NF/2) = 1.0D0
      V(3, 5, 7) = -1.0D0
      DO 10 IT = 1, 4
         CALL RESID(U, V, R, NF, A)
         CALL RPRJ3(R, NF, RC, NC)
         CALL ZERO3(UC, NC)
         CALL PSINV(RC, UC, NC, C)
         CALL INTERP(UC, NC, U, NF)
         CALL RESID(U, V, R, NF, A)
         CALL PSINV(R, U, NF, C)
   10 CONTINUE
      CALL NORM2U3(R, NF)
      END
C
      SUBROUTINE ZERO3(Z, N)
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION Z(N,N,N)
      DO 10 I3 = 1, N
      DO 10 I2 = 1, N
      DO 10 I1 = 1, N
         Z(I1,I2,I3) = 0.0D0
   10 CONTINUE
      END
C
      SUBROUTINE RESID(U, V, R, N, A)
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION U(N,N,N), V(N,N,N), R(N,N,N), A(0:3)
      DOUBLE PRECISION U1(34), U2(34)
      DO 30 I3 = 2, N - 1
      DO 30 I2 = 2, N - 1
         DO 10 I1 = 1, N
            U1(I1) = U(I1,I2-1,I3) + U(I1,I2+1,I3)
     >             + U(I1,I2,I3-1) + U(I1,I2,I3+1)
            U2(I1) = U(I1,I2-1,I3-1) + U(I1,I2+1,I3-1)
     >             + U(I1,I2-1,I3+1) + U(I1,I2+1,I3+1)
   10    CONTINUE
         DO 20 I1 = 2, N - 1
            R(I1,I2,I3) = V(I1,I2,I3)
     >                  - A(0) * U(I1,I2,I3)
     >                  - A(2) * (U2(I1) + U1(I1-1) + U1(I1+1))
     >                  - A(3) * (U2(I1-1) + U2(I1+1))
   20    CONTINUE
   30 CONTINUE
      CALL COMM3(R, N)
      END
C
      SUBROUTINE PSINV(R, U, N, C)
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION U(N,N,N), R(N,N,N), C(0:3), R1(34), R2(34)
      DO 30 I3 = 2, N - 1
      DO 30 I2 = 2, N - 1
         DO 10 I1 = 1, N
            R1(I1) = R(I1,I2-1,I3) + R(I1,I2+1,I3)
     >             + R(I1,I2,I3-1) + R(I1,I2,I3+1)
            R2(I1) = R(I1,I2-1,I3-1) + R(I1,I2+1,I3-1)
     >             + R(I1,I2-1,I3+1) + R(I1,I2+1,I3+1)
   10    CONTINUE
         DO 20 I1 = 2, N - 1
            U(I1,I2,I3) = U(I1,I2,I3) + C(0) * R(I1,I2,I3)
     >           + C(1) * (R(I1-1,I2,I3) + R(I1+1,I2,I3) + R1(I1))
     >           + C(2) * (R2(I1) + R1(I1-1) + R1(I1+1))
   20    CONTINUE
   30 CONTINUE
      CALL COMM3(U, N)
      END
C
      SUBROUTINE RPRJ3(R, M, S, MC)
      INTEGER M, MC, I1, I2, I3, J1, J2, J3
      DOUBLE PRECISION R(M,M,M), S(MC,MC,MC)
      DO 10 J3 = 2, MC - 1
         I3 = 2 * J3 - 1
      DO 10 J2 = 2, MC - 1
         I2 = 2 * J2 - 1
      DO 10 J1 = 2, MC - 1
         I1 = 2 * J1 - 1
         S(J1,J2,J3) = 0.5D0 * R(I1,I2,I3)
     >     + 0.25D0 * (R(I1-1,I2,I3) + R(I1+1,I2,I3) + R(I1,I2-1,I3)
     >     + R(I1,I2+1,I3) + R(I1,I2,I3-1) + R(I1,I2,I3+1)) / 6.0D0
   10 CONTINUE
      CALL COMM3(S, MC)
      END
C
      SUBROUTINE INTERP(Z, MM, U, N)
      INTEGER MM, N, I1, I2, I3
      DOUBLE PRECISION Z(MM,MM,MM), U(N,N,N)
      DO 10 I3 = 1, MM - 1
      DO 10 I2 = 1, MM - 1
      DO 10 I1 = 1, MM - 1
         U(2*I1-1,2*I2-1,2*I3-1) = U(2*I1-1,2*I2-1,2*I3-1)
     >                           + Z(I1,I2,I3)
         U(2*I1,2*I2-1,2*I3-1) = U(2*I1,2*I2-1,2*I3-1)
     >                 + 0.5D0 * (Z(I1+1,I2,I3) + Z(I1,I2,I3))
   10 CONTINUE
      END
C
      SUBROUTINE COMM3(U, N)
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION U(N,N,N)
      DO 10 I3 = 2, N - 1
      DO 10 I2 = 2, N - 1
         U(1,I2,I3) = U(N-1,I2,I3)
         U(N,I2,I3) = U(2,I2,I3)
   10 CONTINUE
      DO 20 I3 = 2, N - 1
      DO 20 I1 = 1, N
         U(I1,1,I3) = U(I1,N-1,I3)
         U(I1,N,I3) = U(I1,2,I3)
   20 CONTINUE
      DO 30 I2 = 1, N
      DO 30 I1 = 1, N
         U(I1,I2,1) = U(I1,I2,N-1)
         U(I1,I2,N) = U(I1,I2,2)
   30 CONTINUE
      END
C
      SUBROUTINE NORM2U3(R, N)
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION R(N,N,N), S, RMAX
      S = 0.0D0
      RMAX = 0.0D0
      DO 10 I3 = 2, N - 1
      DO 10 I2 = 2, N - 1
      DO 10 I1 = 2, N - 1
         S = S + R(I1,I2,I3) ** 2
         RMAX = DMAX1(RMAX, DABS(R(I1,I2,I3)))
   10 CONTINUE
      WRITE (6, '(A, 2D20.12)') ' L2 NORM, MAX ', DSQRT(S / (N-2)**3),
     >      RMAX
      END
C
C     RIGHT-HAND SIDE OF THE BENCHMARK (ZRAN3 STYLE): PSEUDO-RANDOM
C     NUMBERS OVER THE INTERIOR, THEN THE MX LARGEST VALUES SET TO +1
C     AND THE MX SMALLEST TO -1, EVERYTHING ELSE TO 0.
C
      SUBROUTINE ZRAN3(Z, N, MX)
      IMPLICIT NONE
      INTEGER N, MX, I1, I2, I3, I, J
      DOUBLE PRECISION Z(N,N,N), SEED, A, RANDMG
      DOUBLE PRECISION TEN(20,0:1), BEST
      INTEGER J1(20,0:1), J2(20,0:1), J3(20,0:1)
      EXTERNAL RANDMG
      A = 5.0D0 ** 13
      SEED = 314159265.0D0
      DO 10 I3 = 2, N - 1
      DO 10 I2 = 2, N - 1
      DO 10 I1 = 2, N - 1
         Z(I1,I2,I3) = RANDMG(SEED, A)
   10 CONTINUE
      DO 20 I = 1, MX
         TEN(I,1) = 0.0D0
         TEN(I,0) = 1.0D0
         J1(I,1) = 0
         J1(I,0) = 0
         J2(I,1) = 0
         J2(I,0) = 0
         J3(I,1) = 0
         J3(I,0) = 0
   20 CONTINUE
C                                   KEEP SORTED LISTS OF EXTREMES
      DO 50 I3 = 2, N - 1
      DO 50 I2 = 2, N - 1
      DO 50 I1 = 2, N - 1
         IF (Z(I1,I2,I3) .GT. TEN(1,1)) THEN
            TEN(1,1) = Z(I1,I2,I3)
            J1(1,1) = I1
            J2(1,1) = I2
            J3(1,1) = I3
            CALL BUBBLE(TEN, J1, J2, J3, MX, 1)
         END IF
         IF (Z(I1,I2,I3) .LT. TEN(1,0)) THEN
            TEN(1,0) = Z(I1,I2,I3)
            J1(1,0) = I1
            J2(1,0) = I2
            J3(1,0) = I3
            CALL BUBBLE(TEN, J1, J2, J3, MX, 0)
         END IF
   50 CONTINUE
      CALL ZERO3(Z, N)
      DO 60 I = MX, 1, -1
         J = I
         Z(J1(I,0),J2(I,0),J3(I,0)) = -1.0D0
         Z(J1(I,1),J2(I,1),J3(I,1)) = 1.0D0
   60 CONTINUE
      BEST = TEN(MX,1)
      CALL COMM3(Z, N)
      RETURN
      END
C
C     ONE BUBBLE PASS THAT MOVES THE NEW ENTRY 1 TO ITS PLACE IN THE
C     ASCENDING (IND = 1) OR DESCENDING (IND = 0) LIST.
C
      SUBROUTINE BUBBLE(TEN, J1, J2, J3, M, IND)
      IMPLICIT NONE
      INTEGER M, IND, I, JT
      DOUBLE PRECISION TEN(20,0:1), TEMP
      INTEGER J1(20,0:1), J2(20,0:1), J3(20,0:1)
      DO 10 I = 1, M - 1
         IF (IND .EQ. 1 .AND. TEN(I,IND) .LE. TEN(I+1,IND)) RETURN
         IF (IND .EQ. 0 .AND. TEN(I,IND) .GE. TEN(I+1,IND)) RETURN
         TEMP = TEN(I+1,IND)
         TEN(I+1,IND) = TEN(I,IND)
         TEN(I,IND) = TEMP
         JT = J1(I+1,IND)
         J1(I+1,IND) = J1(I,IND)
         J1(I,IND) = JT
         JT = J2(I+1,IND)
         J2(I+1,IND) = J2(I,IND)
         J2(I,IND) = JT
         JT = J3(I+1,IND)
         J3(I+1,IND) = J3(I,IND)
         J3(I,IND) = JT
   10 CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION RANDMG(X, A)
      DOUBLE PRECISION X, A
      X = DMOD(X * A, 2.0D0 ** 46)
      RANDMG = X * 0.5D0 ** 46
      RETURN
      END
C
C     RESTRICTION WITH THE FULL-WEIGHTING STENCIL WRITTEN OUT: THE FINE
C     POINT 2*J-1 FEEDS THE COARSE POINT J WITH WEIGHTS 1/2, 1/4, 1/8.
C     THE LOOPS RUN OVER COARSE INDICES, STRIDE 2 IN THE FINE GRID.
C
      SUBROUTINE RPRJ3B(R, M, S, MC)
      IMPLICIT NONE
      INTEGER M, MC, J1, J2, J3, I1, I2, I3
      DOUBLE PRECISION R(M,M,M), S(MC,MC,MC), X1, Y1, X2, Y2
      DO 10 J3 = 2, MC - 1
      DO 10 J2 = 2, MC - 1
      DO 10 J1 = 2, MC - 1
         I3 = 2 * J3 - 2
         I2 = 2 * J2 - 2
         I1 = 2 * J1 - 2
         X1 = R(I1+1,I2,I3+1) + R(I1+1,I2+2,I3+1)
     >      + R(I1+1,I2+1,I3) + R(I1+1,I2+1,I3+2)
         Y1 = R(I1+1,I2,I3) + R(I1+1,I2+2,I3)
     >      + R(I1+1,I2,I3+2) + R(I1+1,I2+2,I3+2)
         X2 = R(I1,I2+1,I3+1) + R(I1+2,I2+1,I3+1)
         Y2 = R(I1,I2,I3) + R(I1+2,I2+2,I3+2)
     >      + R(I1+2,I2,I3) + R(I1,I2+2,I3+2)
         S(J1,J2,J3) = 0.5D0 * R(I1+1,I2+1,I3+1)
     >               + 0.25D0 * (X2 + X1) / 3.0D0
     >               + 0.125D0 * Y1 / 4.0D0 + 0.0625D0 * Y2 / 4.0D0
   10 CONTINUE
      CALL COMM3(S, MC)
      RETURN
      END
C
C     PROLONGATION BY TRILINEAR INTERPOLATION, SPLIT INTO THE FOUR
C     PARITY CLASSES OF THE FINE GRID (EVEN/ODD IN I1 AND I2), EACH A
C     SEPARATE LOOP NEST WITH STRIDE-2 STORES.
C
      SUBROUTINE INTRP2(Z, MM, U, N)
      IMPLICIT NONE
      INTEGER MM, N, I1, I2, I3
      DOUBLE PRECISION Z(MM,MM,MM), U(N,N,N)
      DO 10 I3 = 1, MM - 1
      DO 10 I2 = 1, MM - 1
      DO 10 I1 = 1, MM - 1
         U(2*I1-1,2*I2-1,2*I3-1) = U(2*I1-1,2*I2-1,2*I3-1)
     >                           + Z(I1,I2,I3)
         U(2*I1,2*I2-1,2*I3-1) = U(2*I1,2*I2-1,2*I3-1)
     >          + 0.5D0 * (Z(I1+1,I2,I3) + Z(I1,I2,I3))
   10 CONTINUE
      DO 20 I3 = 1, MM - 1
      DO 20 I2 = 1, MM - 1
      DO 20 I1 = 1, MM - 1
         U(2*I1-1,2*I2,2*I3-1) = U(2*I1-1,2*I2,2*I3-1)
     >          + 0.5D0 * (Z(I1,I2+1,I3) + Z(I1,I2,I3))
         U(2*I1,2*I2,2*I3-1) = U(2*I1,2*I2,2*I3-1)
     >          + 0.25D0 * (Z(I1,I2,I3) + Z(I1+1,I2,I3)
     >          + Z(I1,I2+1,I3) + Z(I1+1,I2+1,I3))
   20 CONTINUE
      DO 30 I3 = 1, MM - 1
      DO 30 I2 = 1, MM - 1
      DO 30 I1 = 1, MM - 1
         U(2*I1-1,2*I2-1,2*I3) = U(2*I1-1,2*I2-1,2*I3)
     >          + 0.5D0 * (Z(I1,I2,I3+1) + Z(I1,I2,I3))
         U(2*I1,2*I2,2*I3) = U(2*I1,2*I2,2*I3)
     >          + 0.125D0 * (Z(I1,I2,I3) + Z(I1+1,I2,I3)
     >          + Z(I1,I2+1,I3) + Z(I1+1,I2+1,I3)
     >          + Z(I1,I2,I3+1) + Z(I1+1,I2,I3+1)
     >          + Z(I1,I2+1,I3+1) + Z(I1+1,I2+1,I3+1))
   30 CONTINUE
      RETURN
      END
C
C     MAX NORM AND L2 NORM OF THE INTERIOR, SCALED BY THE POINT COUNT,
C     AND THE VERIFICATION AGAINST A REFERENCE L2 NORM.
C
      SUBROUTINE MGVERI(R, N, RNMREF, EPS, VERIF)
      IMPLICIT NONE
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION R(N,N,N), RNMREF, EPS, RNM2, RNMU, DN, ERR
      LOGICAL VERIF
      RNM2 = 0.0D0
      RNMU = 0.0D0
      DO 10 I3 = 2, N - 1
      DO 10 I2 = 2, N - 1
      DO 10 I1 = 2, N - 1
         RNM2 = RNM2 + R(I1,I2,I3) ** 2
         RNMU = DMAX1(RNMU, DABS(R(I1,I2,I3)))
   10 CONTINUE
      DN = DBLE(N - 2) ** 3
      RNM2 = DSQRT(RNM2 / DN)
      ERR = DABS(RNM2 - RNMREF) / RNMREF
      VERIF = ERR .LE. EPS
      WRITE (6, 900) RNM2, RNMU, ERR
      IF (VERIF) WRITE (6, 910)
      IF (.NOT. VERIF) WRITE (6, 920) RNMREF
  900 FORMAT (' L2 NORM ', 1PD20.13, '  MAX ', D12.4, '  ERROR ', D10.3)
  910 FORMAT (' VERIFICATION SUCCESSFUL')
  920 FORMAT (' VERIFICATION FAILED, REFERENCE ', 1PD20.13)
      RETURN
      END
C
C     ONE LEVEL OF THE V-CYCLE PER CALL, LEVELS KEPT IN ONE WORK
C     ARRAY WITH OFFSETS IR(K) (SETUP STYLE: SIZES HALVE PER LEVEL).
C
      SUBROUTINE MGSETU(LT, NLEV, MLEV, IR, NTOT)
      IMPLICIT NONE
      INTEGER LT, NLEV(LT), MLEV(LT), IR(LT), NTOT, K
      NLEV(LT) = 2 ** LT + 2
      DO 10 K = LT - 1, 1, -1
         NLEV(K) = NLEV(K+1) / 2 + 1
   10 CONTINUE
      IR(LT) = 1
      MLEV(LT) = NLEV(LT) ** 3
      DO 20 K = LT - 1, 1, -1
         MLEV(K) = NLEV(K) ** 3
         IR(K) = IR(K+1) + MLEV(K+1)
   20 CONTINUE
      NTOT = IR(1) + MLEV(1) - 1
      RETURN
      END

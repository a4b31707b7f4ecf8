C     ATMOSPHERIC COLUMN PHYSICS (PERFECT CLUB ADM STYLE): CONSTANTS AND
C     GRID FROM TWO INCLUDE FILES, A DRY CONVECTIVE ADJUSTMENT WITH A
C     BACKWARD GOTO LOOP, AND A VERTICAL DIFFUSION SOLVE.
      SUBROUTINE ADJUST(T, P, NLEV, NCOL, NADJ)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'physconst.inc'
      INCLUDE 'grid.inc'
      INTEGER NLEV, NCOL, NADJ, I, K, ITER
      DIMENSION T(NCOL,NLEV), P(NCOL,NLEV), THETA(64)
      KAPPA = 0
      RK = RGAS / CP
      NADJ = 0
      DO 100 I = 1, NCOL
         ITER = 0
   10    CONTINUE
         DO 20 K = 1, NLEV
            THETA(K) = T(I,K) * (1.0D5 / P(I,K)) ** RK
   20    CONTINUE
         DO 30 K = 1, NLEV - 1
            IF (THETA(K) .LT. THETA(K+1) - 1.0D-3) GO TO 40
   30    CONTINUE
         GO TO 100
   40    THM = 0.5D0 * (THETA(K) + THETA(K+1))
         T(I,K) = THM * (P(I,K) / 1.0D5) ** RK
         T(I,K+1) = THM * (P(I,K+1) / 1.0D5) ** RK
         NADJ = NADJ + 1
         ITER = ITER + 1
         IF (ITER .LT. 50) GO TO 10
  100 CONTINUE
      RETURN
      END
C
      SUBROUTINE VDIFF(U, NLEV, NCOL, COEFF)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'grid.inc'
      INTEGER NLEV, NCOL, I, K
      DIMENSION U(NCOL,NLEV), A(64), B(64), C(64), R(64), GAM(64)
      DO 50 I = 1, NCOL
         DO 10 K = 1, NLEV
            A(K) = -COEFF * DT / DZ**2
            C(K) = A(K)
            B(K) = 1.0D0 - 2.0D0 * A(K)
            R(K) = U(I,K)
   10    CONTINUE
         BET = B(1)
         U(I,1) = R(1) / BET
         DO 20 K = 2, NLEV
            GAM(K) = C(K-1) / BET
            BET = B(K) - A(K) * GAM(K)
            U(I,K) = (R(K) - A(K) * U(I,K-1)) / BET
   20    CONTINUE
         DO 30 K = NLEV - 1, 1, -1
            U(I,K) = U(I,K) - GAM(K+1) * U(I,K+1)
   30    CONTINUE
   50 CONTINUE
      RETURN
      END
C
      PROGRAM ADMCOL
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'physconst.inc'
      INCLUDE 'grid.inc'
      INTEGER NL, NC, I, K, NADJ
      PARAMETER (NL = 20, NC = NX)
      DIMENSION T(NC,NL), P(NC,NL), U(NC,NL)
      DT = 600.0D0
      DZ = 500.0D0
      DO 10 K = 1, NL
      DO 10 I = 1, NC
         P(I,K) = 1.0D5 * DEXP(-DFLOAT(K - 1) * DZ * GRAV
     1          / (RGAS * 250.0D0))
         T(I,K) = 300.0D0 - 6.5D-3 * DFLOAT(K - 1) * DZ
     1          + DSIN(2.0D0 * PI * I / NC)
         U(I,K) = 10.0D0 * DCOS(OMEGA * I * 1.0D3)
   10 CONTINUE
      CALL ADJUST(T, P, NL, NC, NADJ)
      CALL VDIFF(U, NL, NC, 5.0D0)
      WRITE (6, '(A, I6, 2F12.4)') ' ADJUSTMENTS ', NADJ, T(1,1),
     1      U(1,NL)
      END

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
C
C     HYDROSTATIC HEIGHTS OF THE MODEL LEVELS FROM TEMPERATURE AND
C     PRESSURE, INTEGRATED UPWARD FROM THE SURFACE HEIGHT ZS.
      SUBROUTINE HYDROZ(T, P, ZS, Z, NLEV, NCOL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'physconst.inc'
      INTEGER NLEV, NCOL, I, K
      DIMENSION T(NCOL,NLEV), P(NCOL,NLEV), ZS(NCOL), Z(NCOL,NLEV)
      DO 10 I = 1, NCOL
         Z(I,1) = ZS(I)
   10 CONTINUE
      DO 20 K = 2, NLEV
      DO 20 I = 1, NCOL
         TBAR = 0.5D0 * (T(I,K) + T(I,K-1))
         Z(I,K) = Z(I,K-1) + RGAS * TBAR / GRAV
     1          * DLOG(P(I,K-1) / P(I,K))
   20 CONTINUE
      RETURN
      END
C
C     LARGE-SCALE CONDENSATION: SUPERSATURATION REMOVED LEVEL BY LEVEL
C     FROM THE TOP DOWN, LATENT HEAT RELEASED, PRECIPITATION SUMMED.
C     SATURATION VAPOUR PRESSURE BY A STATEMENT FUNCTION (TETENS).
      SUBROUTINE CONDEN(T, QV, P, PREC, NLEV, NCOL, DTIME)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'physconst.inc'
      INTEGER NLEV, NCOL, I, K
      DIMENSION T(NCOL,NLEV), QV(NCOL,NLEV), P(NCOL,NLEV), PREC(NCOL)
      PARAMETER (ALV = 2.501D6, EPSQ = 0.622D0)
      ESAT(TT) = 610.78D0 * DEXP(17.27D0 * (TT - 273.16D0)
     1         / (TT - 35.86D0))
      DO 10 I = 1, NCOL
         PREC(I) = 0.0D0
   10 CONTINUE
      DO 30 K = NLEV, 1, -1
      DO 30 I = 1, NCOL
         QS = EPSQ * ESAT(T(I,K)) / P(I,K)
         IF (QV(I,K) .LE. QS) GO TO 30
         DQ = (QV(I,K) - QS) / (1.0D0 + ALV * ALV * QS
     1      / (CP * 461.5D0 * T(I,K) ** 2))
         QV(I,K) = QV(I,K) - DQ
         T(I,K) = T(I,K) + ALV / CP * DQ
         PREC(I) = PREC(I) + DQ * P(I,K) / GRAV / DTIME
   30 CONTINUE
      RETURN
      END
C
C     GREY TWO-STREAM LONGWAVE FLUXES: UPWARD FROM THE SURFACE, DOWNWARD
C     FROM THE TOP, EACH A RECURRENCE OVER LEVELS; HEATING RATE FROM THE
C     NET FLUX DIVERGENCE.
      SUBROUTINE LWRAD(T, P, TS, HEAT, NLEV, NCOL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'physconst.inc'
      INTEGER NLEV, NCOL, I, K
      DIMENSION T(NCOL,NLEV), P(NCOL,NLEV), TS(NCOL), HEAT(NCOL,NLEV)
      DIMENSION FUP(65), FDN(65), TAU(64)
      PARAMETER (SIGMA = 5.67D-8, AKAP = 1.0D-4)
      DO 50 I = 1, NCOL
         DO 10 K = 1, NLEV - 1
            TAU(K) = DEXP(-AKAP * DABS(P(I,K) - P(I,K+1)) / GRAV)
   10    CONTINUE
         FUP(1) = SIGMA * TS(I) ** 4
         DO 20 K = 2, NLEV
            FUP(K) = FUP(K-1) * TAU(K-1)
     1             + (1.0D0 - TAU(K-1)) * SIGMA * T(I,K-1) ** 4
   20    CONTINUE
         FDN(NLEV) = 0.0D0
         DO 30 K = NLEV - 1, 1, -1
            FDN(K) = FDN(K+1) * TAU(K)
     1             + (1.0D0 - TAU(K)) * SIGMA * T(I,K+1) ** 4
   30    CONTINUE
         DO 40 K = 1, NLEV - 1
            DP = P(I,K) - P(I,K+1)
            HEAT(I,K) = GRAV / CP * ((FUP(K) - FDN(K))
     1                - (FUP(K+1) - FDN(K+1))) / DP
   40    CONTINUE
         HEAT(I,NLEV) = 0.0D0
   50 CONTINUE
      RETURN
      END
C
C     APPLY TENDENCIES WITH A TIME STEP, CLIP NEGATIVE HUMIDITY AND
C     REPORT COLUMN MEANS FOR EVERY NOUT-TH COLUMN.
      SUBROUTINE TENDCY(T, QV, HEAT, NLEV, NCOL, DTIME, NOUT)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INTEGER NLEV, NCOL, NOUT, I, K
      DIMENSION T(NCOL,NLEV), QV(NCOL,NLEV), HEAT(NCOL,NLEV)
      DO 10 K = 1, NLEV
      DO 10 I = 1, NCOL
         T(I,K) = T(I,K) + DTIME * HEAT(I,K)
         IF (QV(I,K) .LT. 0.0D0) QV(I,K) = 0.0D0
   10 CONTINUE
      DO 30 I = 1, NCOL, NOUT
         TM = 0.0D0
         QM = 0.0D0
         DO 20 K = 1, NLEV
            TM = TM + T(I,K)
            QM = QM + QV(I,K)
   20    CONTINUE
         WRITE (6, 900) I, TM / DFLOAT(NLEV), QM / DFLOAT(NLEV)
   30 CONTINUE
  900 FORMAT (' COLUMN', I5, '  MEAN T', F9.3, '  MEAN Q', 1PE11.3)
      RETURN
      END
C
C     SIGMA-LEVEL PRESSURES FOR ALL COLUMNS FROM THE SURFACE PRESSURE
C     AND A TABLE OF SIGMA VALUES SET BY DATA.
      SUBROUTINE SIGLEV(PS, P, NLEV, NCOL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INTEGER NLEV, NCOL, I, K, KS
      DIMENSION PS(NCOL), P(NCOL,NLEV), SIG(10)
      DATA SIG / 0.995D0, 0.97D0, 0.92D0, 0.85D0, 0.75D0, 0.63D0,
     1           0.5D0, 0.36D0, 0.22D0, 0.08D0 /
      DO 10 K = 1, NLEV
         KS = MIN(K, 10)
      DO 10 I = 1, NCOL
         P(I,K) = SIG(KS) * PS(I) * (1.0D0 - 0.01D0 * DFLOAT(K - KS))
   10 CONTINUE
      RETURN
      END

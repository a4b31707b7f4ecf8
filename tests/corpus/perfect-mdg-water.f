C     MOLECULAR DYNAMICS OF WATER (PERFECT CLUB MDG STYLE): INTERMOLECULAR
C     FORCES WITH A CUTOFF AND THE MINIMUM IMAGE CONVENTION, PREDICTOR-
C     CORRECTOR STEPS.  PARTICLE ARRAYS LIVE IN COMMON (mdcom.inc).
      PROGRAM MDG
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER ISTEP
      BOXL = 20.0D0
      CUTOFF = 9.0D0
      TSTEP = 1.0D-15
      CALL SETUP
      DO 100 ISTEP = 1, NSTEPS
         CALL PREDIC
         CALL INTERF
         CALL CORREC
         IF (MOD(ISTEP, 10) .EQ. 0) WRITE (6, 900) ISTEP, EPOT, EKIN,
     1      EPOT + EKIN
  100 CONTINUE
  900 FORMAT (' STEP ', I5, ' POT ', D16.8, ' KIN ', D16.8, ' TOT ',
     1        D16.8)
      END
C
      SUBROUTINE SETUP
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER I, J, K, M, N3
      N3 = NINT(DFLOAT(NMOL) ** (1.0D0/3.0D0))
      M = 0
      DO 10 K = 1, N3
      DO 10 J = 1, N3
      DO 10 I = 1, N3
         M = M + 1
         IF (M .GT. NMOL) GO TO 20
         XM(1,M) = (I - 0.5D0) * BOXL / N3
         YM(1,M) = (J - 0.5D0) * BOXL / N3
         ZM(1,M) = (K - 0.5D0) * BOXL / N3
         XM(2,M) = XM(1,M) + 0.757D0
         YM(2,M) = YM(1,M) + 0.586D0
         ZM(2,M) = ZM(1,M)
         XM(3,M) = XM(1,M) - 0.757D0
         YM(3,M) = YM(1,M) + 0.586D0
         ZM(3,M) = ZM(1,M)
   10 CONTINUE
   20 DO 30 M = 1, NMOL
      DO 30 I = 1, NATOM
         VXM(I,M) = 0.0D0
         VYM(I,M) = 0.0D0
         VZM(I,M) = 0.0D0
   30 CONTINUE
      RETURN
      END
C
      SUBROUTINE INTERF
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER MOL, MOL2, KC, K
      DOUBLE PRECISION XL(3), YL(3), ZL(3), RS, RL, FF, HALF
      HALF = 0.5D0 * BOXL
      EPOT = 0.0D0
      DO 5 MOL = 1, NMOL
      DO 5 K = 1, NATOM
         FXM(K,MOL) = 0.0D0
         FYM(K,MOL) = 0.0D0
         FZM(K,MOL) = 0.0D0
    5 CONTINUE
      DO 100 MOL = 1, NMOL - 1
      DO 100 MOL2 = MOL + 1, NMOL
         DO 20 K = 1, NATOM
            XL(K) = XM(K,MOL) - XM(K,MOL2)
            YL(K) = YM(K,MOL) - YM(K,MOL2)
            ZL(K) = ZM(K,MOL) - ZM(K,MOL2)
            IF (DABS(XL(K)) .GT. HALF) XL(K) = XL(K) - DSIGN(BOXL,XL(K))
            IF (DABS(YL(K)) .GT. HALF) YL(K) = YL(K) - DSIGN(BOXL,YL(K))
            IF (DABS(ZL(K)) .GT. HALF) ZL(K) = ZL(K) - DSIGN(BOXL,ZL(K))
   20    CONTINUE
         RS = XL(1)**2 + YL(1)**2 + ZL(1)**2
         IF (RS .GT. CUTOFF**2) GO TO 100
         DO 50 KC = 1, NATOM
            RL = DSQRT(XL(KC)**2 + YL(KC)**2 + ZL(KC)**2)
            FF = 1.0D0 / RL**3 - 6.0D0 / RL**7
            EPOT = EPOT + 1.0D0 / RL - 1.0D0 / RL**6
            FXM(KC,MOL) = FXM(KC,MOL) + FF * XL(KC)
            FYM(KC,MOL) = FYM(KC,MOL) + FF * YL(KC)
            FZM(KC,MOL) = FZM(KC,MOL) + FF * ZL(KC)
            FXM(KC,MOL2) = FXM(KC,MOL2) - FF * XL(KC)
            FYM(KC,MOL2) = FYM(KC,MOL2) - FF * YL(KC)
            FZM(KC,MOL2) = FZM(KC,MOL2) - FF * ZL(KC)
   50    CONTINUE
  100 CONTINUE
      RETURN
      END
C
      SUBROUTINE PREDIC
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER M, K
      DO 10 M = 1, NMOL
      DO 10 K = 1, NATOM
         XM(K,M) = XM(K,M) + TSTEP * VXM(K,M) + 0.5D0*TSTEP**2*FXM(K,M)
         YM(K,M) = YM(K,M) + TSTEP * VYM(K,M) + 0.5D0*TSTEP**2*FYM(K,M)
         ZM(K,M) = ZM(K,M) + TSTEP * VZM(K,M) + 0.5D0*TSTEP**2*FZM(K,M)
   10 CONTINUE
      RETURN
      END
C
      SUBROUTINE CORREC
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER M, K
      EKIN = 0.0D0
      DO 10 M = 1, NMOL
      DO 10 K = 1, NATOM
         VXM(K,M) = VXM(K,M) + TSTEP * FXM(K,M)
         VYM(K,M) = VYM(K,M) + TSTEP * FYM(K,M)
         VZM(K,M) = VZM(K,M) + TSTEP * FZM(K,M)
         EKIN = EKIN + VXM(K,M)**2 + VYM(K,M)**2 + VZM(K,M)**2
   10 CONTINUE
      EKIN = 0.5D0 * EKIN
      RETURN
      END

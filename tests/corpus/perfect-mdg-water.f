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
C
C     KINETIC ENERGY AND INSTANTANEOUS TEMPERATURE; MASSES OF OXYGEN
C     AND HYDROGEN FROM A DATA STATEMENT.
      SUBROUTINE KINETI(TEMP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER I, M
      DIMENSION AMASS(3)
      DATA AMASS / 15.9994D0, 2*1.008D0 /
      EKIN = 0.0D0
      DO 10 M = 1, NMOL
      DO 10 I = 1, NATOM
         EKIN = EKIN + 0.5D0 * AMASS(I) * (VXM(I,M)**2 + VYM(I,M)**2
     1        + VZM(I,M)**2)
   10 CONTINUE
      TEMP = 2.0D0 * EKIN / (3.0D0 * DFLOAT(NMOL * NATOM) * 8.314D-3)
      RETURN
      END
C
C     PERIODIC BOUNDARY: MOVE EACH MOLECULE'S OXYGEN BACK INTO THE BOX
C     AND THE HYDROGENS WITH IT (ARITHMETIC IF ON THE COORDINATE).
      SUBROUTINE BNDRY
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER I, M
      DO 50 M = 1, NMOL
         SX = 0.0D0
         SY = 0.0D0
         SZ = 0.0D0
         IF (XM(1,M)) 10, 15, 12
   10    SX = BOXL
         GO TO 15
   12    IF (XM(1,M) .GT. BOXL) SX = -BOXL
   15    IF (YM(1,M) .LT. 0.0D0) SY = BOXL
         IF (YM(1,M) .GT. BOXL) SY = -BOXL
         IF (ZM(1,M) .LT. 0.0D0) SZ = BOXL
         IF (ZM(1,M) .GT. BOXL) SZ = -BOXL
         DO 20 I = 1, NATOM
            XM(I,M) = XM(I,M) + SX
            YM(I,M) = YM(I,M) + SY
            ZM(I,M) = ZM(I,M) + SZ
   20    CONTINUE
   50 CONTINUE
      RETURN
      END
C
C     INTRAMOLECULAR FORCES: HARMONIC O-H BONDS AND THE H-H DISTANCE
C     STANDING IN FOR THE ANGLE TERM; ATOM PAIRS (1,2), (1,3), (2,3).
      SUBROUTINE INTRAF(EINTRA)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER M, I, J
      PARAMETER (ROH = 0.9572D0, RHH = 1.5139D0, BK = 1.0D3)
      EINTRA = 0.0D0
      DO 30 M = 1, NMOL
      DO 30 I = 1, NATOM - 1
      DO 30 J = I + 1, NATOM
         DXX = XM(I,M) - XM(J,M)
         DYY = YM(I,M) - YM(J,M)
         DZZ = ZM(I,M) - ZM(J,M)
         R = DSQRT(DXX*DXX + DYY*DYY + DZZ*DZZ)
         R0 = ROH
         IF (I .EQ. 2) R0 = RHH
         DR = R - R0
         EINTRA = EINTRA + 0.5D0 * BK * DR * DR
         F = -BK * DR / R
         FXM(I,M) = FXM(I,M) + F * DXX
         FYM(I,M) = FYM(I,M) + F * DYY
         FZM(I,M) = FZM(I,M) + F * DZZ
         FXM(J,M) = FXM(J,M) - F * DXX
         FYM(J,M) = FYM(J,M) - F * DYY
         FZM(J,M) = FZM(J,M) - F * DZZ
   30 CONTINUE
      RETURN
      END
C
C     OXYGEN-OXYGEN PAIR CORRELATION HISTOGRAM OVER ALL PAIRS M < N
C     (TRIANGULAR NEST), MINIMUM IMAGE, NORMALISED BY THE IDEAL GAS.
      SUBROUTINE RDFHIS(NBIN, G, NSAMP)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER NBIN, NSAMP, M, N, K
      DIMENSION G(NBIN)
      DR = 0.5D0 * BOXL / DFLOAT(NBIN)
      DO 20 M = 1, NMOL - 1
      DO 20 N = M + 1, NMOL
         DXX = XM(1,M) - XM(1,N)
         DYY = YM(1,M) - YM(1,N)
         DZZ = ZM(1,M) - ZM(1,N)
         DXX = DXX - BOXL * DNINT(DXX / BOXL)
         DYY = DYY - BOXL * DNINT(DYY / BOXL)
         DZZ = DZZ - BOXL * DNINT(DZZ / BOXL)
         R = DSQRT(DXX*DXX + DYY*DYY + DZZ*DZZ)
         K = INT(R / DR) + 1
         IF (K .LE. NBIN) G(K) = G(K) + 2.0D0
   20 CONTINUE
      NSAMP = NSAMP + 1
      RETURN
      END
C
      SUBROUTINE RDFOUT(NBIN, G, NSAMP, IUNIT)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER NBIN, NSAMP, IUNIT, K
      DIMENSION G(NBIN)
      DR = 0.5D0 * BOXL / DFLOAT(NBIN)
      RHO = DFLOAT(NMOL) / BOXL ** 3
      PI4 = 16.0D0 * DATAN(1.0D0)
      WRITE (IUNIT, 900) NSAMP
      DO 10 K = 1, NBIN
         RLO = DFLOAT(K - 1) * DR
         RHI = RLO + DR
         VSHELL = PI4 / 3.0D0 * (RHI**3 - RLO**3)
         GN = G(K) / (DFLOAT(NSAMP * NMOL) * RHO * VSHELL)
         WRITE (IUNIT, 910) 0.5D0 * (RLO + RHI), GN
   10 CONTINUE
  900 FORMAT (' # O-O PAIR CORRELATION FROM ', I6, ' SAMPLES')
  910 FORMAT (F10.4, F12.5)
      RETURN
      END
C
C     VELOCITY RESCALING TO A TARGET TEMPERATURE EVERY NSCL STEPS.
      SUBROUTINE SCALEV(TARGET, ISTEP, NSCL)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'mdcom.inc'
      INTEGER ISTEP, NSCL, I, M
      IF (MOD(ISTEP, NSCL) .NE. 0) RETURN
      CALL KINETI(TEMP)
      IF (TEMP .LE. 0.0D0) RETURN
      FAC = DSQRT(TARGET / TEMP)
      DO 10 M = 1, NMOL
      DO 10 I = 1, NATOM
         VXM(I,M) = VXM(I,M) * FAC
         VYM(I,M) = VYM(I,M) * FAC
         VZM(I,M) = VZM(I,M) * FAC
   10 CONTINUE
      RETURN
      END

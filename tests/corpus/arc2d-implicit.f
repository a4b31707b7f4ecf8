C     APPROXIMATE-FACTORIZATION SWEEPS OF AN IMPLICIT 2-D EULER SOLVER
C     (PERFECT CLUB ARC2D STYLE): 4-COMPONENT STATE, BLOCK LOOPS OVER THE
C     SECOND INDEX, PENTADIAGONAL SMOOTHING AND A SPECTRAL RADIUS.
      SUBROUTINE XPENTA(JDIM, KDIM, A, B, C, D, E, X, F, JL, JU, KL, KU)
      INTEGER JDIM, KDIM, JL, JU, KL, KU, J, K, LD, LD1, LD2, LDI
      DOUBLE PRECISION A(JDIM,KDIM), B(JDIM,KDIM), C(JDIM,KDIM)
      DOUBLE PRECISION D(JDIM,KDIM), E(JDIM,KDIM), X(JDIM,KDIM)
      DOUBLE PRECISION F(JDIM,KDIM), D1, D2
      LD2 = JU - 2
      LD1 = JU - 1
      LD = JU
      DO 1 K = KL, KU
         D(JL,K) = 1.0D0 / C(JL,K)
         E(JL,K) = D(JL,K) * D(JL,K)
    1 CONTINUE
      DO 2 J = JL + 1, LD2
      DO 2 K = KL, KU
         D1 = B(J,K) * D(J-1,K)
         C(J,K) = C(J,K) - D1 * E(J-1,K)
         D(J,K) = 1.0D0 / C(J,K)
         E(J,K) = D(J,K) * (E(J,K) - D1 * A(J,K))
         F(J,K) = F(J,K) - D1 * F(J-1,K)
    2 CONTINUE
      DO 3 K = KL, KU
         D2 = B(LD1,K) * D(LD2,K)
         C(LD1,K) = C(LD1,K) - D2 * E(LD2,K)
         D(LD1,K) = 1.0D0 / C(LD1,K)
         F(LD1,K) = F(LD1,K) - D2 * F(LD2,K)
         D1 = B(LD,K) * D(LD1,K)
         C(LD,K) = C(LD,K) - D1 * E(LD1,K)
         X(LD,K) = (F(LD,K) - D1 * F(LD1,K)) / C(LD,K)
         X(LD1,K) = D(LD1,K) * F(LD1,K) - E(LD1,K) * X(LD,K)
    3 CONTINUE
      DO 4 LDI = 3, JU - JL + 1
         J = JU - LDI + 1
      DO 4 K = KL, KU
         X(J,K) = D(J,K) * F(J,K) - E(J,K) * X(J+1,K)
     1          - A(J,K) * D(J,K) * X(J+2,K)
    4 CONTINUE
      RETURN
      END
C
      SUBROUTINE SPECRD(JDIM, KDIM, Q, XX, XY, SPECT, GAMMA)
      INTEGER JDIM, KDIM, J, K
      DOUBLE PRECISION Q(JDIM,KDIM,4), XX(JDIM,KDIM), XY(JDIM,KDIM)
      DOUBLE PRECISION SPECT(JDIM,KDIM), GAMMA, RHO, U, V, P, SND
      DO 10 K = 1, KDIM
      DO 10 J = 1, JDIM
         RHO = Q(J,K,1)
         U = Q(J,K,2) / RHO
         V = Q(J,K,3) / RHO
         P = (GAMMA - 1.0D0) * (Q(J,K,4) - 0.5D0 * RHO * (U*U + V*V))
         SND = DSQRT(GAMMA * P / RHO * (XX(J,K)**2 + XY(J,K)**2))
         SPECT(J,K) = DABS(XX(J,K) * U + XY(J,K) * V) + SND
   10 CONTINUE
      RETURN
      END
C
      PROGRAM ARC2D
      INTEGER JD, KD, J, K, N
      PARAMETER (JD = 96, KD = 48)
      DOUBLE PRECISION Q(JD,KD,4), XX(JD,KD), XY(JD,KD), S(JD,KD)
      DOUBLE PRECISION A(JD,KD), B(JD,KD), C(JD,KD), D(JD,KD)
      DOUBLE PRECISION E(JD,KD), X(JD,KD), F(JD,KD)
      DO 10 N = 1, 4
      DO 10 K = 1, KD
      DO 10 J = 1, JD
         Q(J,K,N) = 1.0D0 + 0.01D0 * N
   10 CONTINUE
      Q(1,1,4) = 2.5D0
      DO 20 K = 1, KD
      DO 20 J = 1, JD
         XX(J,K) = 1.0D0
         XY(J,K) = 0.1D0 * K / KD
         A(J,K) = 0.05D0
         B(J,K) = -0.2D0
         C(J,K) = 1.5D0
         D(J,K) = 0.0D0
         E(J,K) = -0.2D0
         F(J,K) = DFLOAT(J) / JD
   20 CONTINUE
      CALL SPECRD(JD, KD, Q, XX, XY, S, 1.4D0)
      CALL XPENTA(JD, KD, A, B, C, D, E, X, F, 1, JD, 1, KD)
      WRITE (6, '(A, 2D18.10)') ' SPECT, X ', S(JD/2,KD/2), X(1,1)
      END
C
C     EXPLICIT RIGHT-HAND SIDE: CENTRAL DIFFERENCES OF THE FLUXES IN J
C     AND K PLUS SECOND- AND FOURTH-DIFFERENCE DISSIPATION (SECOND
C     DIFFERENCES NEAR THE BOUNDARIES, FOURTH IN THE INTERIOR).
      SUBROUTINE RHSAF(JDIM, KDIM, Q, S, SPECT, GAMMA, DIS2, DIS4)
      INTEGER JDIM, KDIM, J, K, N
      DOUBLE PRECISION Q(JDIM,KDIM,4), S(JDIM,KDIM,4)
      DOUBLE PRECISION SPECT(JDIM,KDIM), GAMMA, DIS2, DIS4
      DOUBLE PRECISION FJ(4), FJM(4), RHO, U, V, P, C2, C4
      DO 10 N = 1, 4
      DO 10 K = 1, KDIM
      DO 10 J = 1, JDIM
         S(J,K,N) = 0.0D0
   10 CONTINUE
C                                   CONVECTIVE FLUX DIFFERENCES IN J
      DO 30 K = 2, KDIM - 1
      DO 30 J = 2, JDIM - 1
         RHO = Q(J+1,K,1)
         U = Q(J+1,K,2) / RHO
         P = (GAMMA - 1.0D0) * (Q(J+1,K,4) - 0.5D0 * RHO * U * U)
         FJ(1) = Q(J+1,K,2)
         FJ(2) = Q(J+1,K,2) * U + P
         FJ(3) = Q(J+1,K,3) * U
         FJ(4) = (Q(J+1,K,4) + P) * U
         RHO = Q(J-1,K,1)
         U = Q(J-1,K,2) / RHO
         P = (GAMMA - 1.0D0) * (Q(J-1,K,4) - 0.5D0 * RHO * U * U)
         FJM(1) = Q(J-1,K,2)
         FJM(2) = Q(J-1,K,2) * U + P
         FJM(3) = Q(J-1,K,3) * U
         FJM(4) = (Q(J-1,K,4) + P) * U
         DO 20 N = 1, 4
            S(J,K,N) = S(J,K,N) - 0.5D0 * (FJ(N) - FJM(N))
   20    CONTINUE
   30 CONTINUE
C                                   CONVECTIVE FLUX DIFFERENCES IN K
      DO 40 K = 2, KDIM - 1
      DO 40 J = 2, JDIM - 1
         V = Q(J,K+1,3) / Q(J,K+1,1)
         U = Q(J,K-1,3) / Q(J,K-1,1)
         S(J,K,1) = S(J,K,1) - 0.5D0 * (Q(J,K+1,3) - Q(J,K-1,3))
         S(J,K,2) = S(J,K,2) - 0.5D0 * (Q(J,K+1,2) * V
     1            - Q(J,K-1,2) * U)
         S(J,K,4) = S(J,K,4) - 0.5D0 * (Q(J,K+1,4) * V
     1            - Q(J,K-1,4) * U)
   40 CONTINUE
C                                   DISSIPATION: 2ND NEAR WALLS, 4TH IN
      DO 60 N = 1, 4
      DO 50 K = 2, KDIM - 1
         C2 = DIS2 * SPECT(2,K)
         S(2,K,N) = S(2,K,N) + C2 * (Q(3,K,N) - 2.0D0 * Q(2,K,N)
     1            + Q(1,K,N))
         C2 = DIS2 * SPECT(JDIM-1,K)
         S(JDIM-1,K,N) = S(JDIM-1,K,N) + C2 * (Q(JDIM,K,N)
     1            - 2.0D0 * Q(JDIM-1,K,N) + Q(JDIM-2,K,N))
         DO 50 J = 3, JDIM - 2
            C4 = DIS4 * SPECT(J,K)
            S(J,K,N) = S(J,K,N) - C4 * (Q(J+2,K,N) - 4.0D0
     1               * Q(J+1,K,N) + 6.0D0 * Q(J,K,N)
     2               - 4.0D0 * Q(J-1,K,N) + Q(J-2,K,N))
   50 CONTINUE
   60 CONTINUE
      RETURN
      END
C
C     WALL AND FAR-FIELD BOUNDARY CONDITIONS: TANGENCY AT K = 1 BY
C     EXTRAPOLATION, FREESTREAM AT K = KDIM, PERIODIC IN J.
      SUBROUTINE BCAF(JDIM, KDIM, Q, XY, RINF, UINF, PINF, GAMMA)
      INTEGER JDIM, KDIM, J, N
      DOUBLE PRECISION Q(JDIM,KDIM,4), XY(JDIM,KDIM)
      DOUBLE PRECISION RINF, UINF, PINF, GAMMA, RHO, U, V, VN
      DO 10 J = 1, JDIM
         RHO = 2.0D0 * Q(J,2,1) - Q(J,3,1)
         U = Q(J,2,2) / Q(J,2,1)
         V = Q(J,2,3) / Q(J,2,1)
         VN = V - XY(J,1) * U
         Q(J,1,1) = RHO
         Q(J,1,2) = RHO * U
         Q(J,1,3) = RHO * (V - VN)
         Q(J,1,4) = Q(J,2,4)
         Q(J,KDIM,1) = RINF
         Q(J,KDIM,2) = RINF * UINF
         Q(J,KDIM,3) = 0.0D0
         Q(J,KDIM,4) = PINF / (GAMMA - 1.0D0) + 0.5D0 * RINF * UINF**2
   10 CONTINUE
      DO 20 N = 1, 4
         CALL PERJ(JDIM, KDIM, Q(1,1,N))
   20 CONTINUE
      RETURN
      END
C
      SUBROUTINE PERJ(JDIM, KDIM, F)
      INTEGER JDIM, KDIM, K
      DOUBLE PRECISION F(JDIM,KDIM)
      DO 10 K = 1, KDIM
         F(1,K) = F(JDIM-1,K)
         F(JDIM,K) = F(2,K)
   10 CONTINUE
      RETURN
      END
C
C     LOCAL TIME STEP FROM THE SPECTRAL RADIUS AND A CFL NUMBER, WITH
C     THE MINIMUM OVER THE FIELD RETURNED FOR THE TIME-ACCURATE MODE.
      SUBROUTINE TSTEP(JDIM, KDIM, SPECT, CFL, DTL, DTMIN)
      INTEGER JDIM, KDIM, J, K
      DOUBLE PRECISION SPECT(JDIM,KDIM), DTL(JDIM,KDIM), CFL, DTMIN
      DTMIN = 1.0D30
      DO 10 K = 1, KDIM
      DO 10 J = 1, JDIM
         DTL(J,K) = CFL / (SPECT(J,K) + 1.0D-12)
         DTMIN = DMIN1(DTMIN, DTL(J,K))
   10 CONTINUE
      RETURN
      END
C
C     L2 AND MAX NORMS OF THE RESIDUAL FOR THE CONVERGENCE HISTORY, PER
C     EQUATION, WITH THE LOCATION OF THE MAXIMUM.
      SUBROUTINE RESNRM(JDIM, KDIM, S, ITER, IUNIT)
      INTEGER JDIM, KDIM, ITER, IUNIT, J, K, N, JMX, KMX
      DOUBLE PRECISION S(JDIM,KDIM,4), RL2(4), RMX
      JMX = 1
      KMX = 1
      RMX = 0.0D0
      DO 20 N = 1, 4
         RL2(N) = 0.0D0
         DO 10 K = 2, KDIM - 1
         DO 10 J = 2, JDIM - 1
            RL2(N) = RL2(N) + S(J,K,N) ** 2
            IF (DABS(S(J,K,N)) .LE. RMX) GO TO 10
            RMX = DABS(S(J,K,N))
            JMX = J
            KMX = K
   10    CONTINUE
         RL2(N) = DSQRT(RL2(N) / DFLOAT((JDIM - 2) * (KDIM - 2)))
   20 CONTINUE
      WRITE (IUNIT, 900) ITER, (RL2(N), N = 1, 4), RMX, JMX, KMX
  900 FORMAT (1X, I6, 5(1PE11.3), 2I5)
      RETURN
      END

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

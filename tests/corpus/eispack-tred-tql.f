C     ------------------------------------------------------------------
C     SYMMETRIC EIGENPROBLEM DRIVER IN THE STYLE OF EISPACK: HOUSEHOLDER
C     TRIDIAGONALIZATION (TRED2) FOLLOWED BY THE QL METHOD (TQL2).
C     IMPLICIT DOUBLE PRECISION, SHARED TERMINATORS, ARITHMETIC IF.
C     ------------------------------------------------------------------
      PROGRAM EIGDRV
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INCLUDE 'eiscom.inc'
      DIMENSION A(NM,NM), Z(NM,NM), D(NM), E(NM)
      INTEGER I, J, N, IERR
C
      EPSLON = 1.0D0
   5  EPSLON = 0.5D0 * EPSLON
      IF (1.0D0 + EPSLON .GT. 1.0D0) GO TO 5
      EPSLON = 2.0D0 * EPSLON
      TINY = 1.0D-300
      N = NMAT
      DO 10 J = 1, N
      DO 10 I = 1, N
         A(I,J) = 1.0D0 / DFLOAT(I + J - 1)
   10 CONTINUE
      CALL TRED2(NM, N, A, D, E, Z)
      CALL TQL2(NM, N, D, E, Z, IERR)
      IF (IERR .NE. 0) GO TO 90
      WRITE (6, 100) (D(I), I = 1, N)
      STOP
   90 WRITE (6, 110) IERR
      STOP 'TQL2 FAILED'
  100 FORMAT (' EIGENVALUES' / (1X, 4D18.10))
  110 FORMAT (' TQL2 ERROR FLAG ', I5)
      END
C
      SUBROUTINE TRED2(NM, N, A, D, E, Z)
      INTEGER I, J, K, L, N, II, NM, JP1
      DOUBLE PRECISION A(NM,N), D(N), E(N), Z(NM,N)
      DOUBLE PRECISION F, G, H, HH, SCALE
C
      DO 100 I = 1, N
         DO 80 J = I, N
   80    Z(J,I) = A(J,I)
         D(I) = A(N,I)
  100 CONTINUE
      IF (N .EQ. 1) GO TO 510
C     .......... FOR I=N STEP -1 UNTIL 2 DO -- ..........
      DO 300 II = 2, N
         I = N + 2 - II
         L = I - 1
         H = 0.0D0
         SCALE = 0.0D0
         IF (L .LT. 2) GO TO 130
C     .......... SCALE ROW (ALGOL TOL THEN NOT NEEDED) ..........
         DO 120 K = 1, L
  120    SCALE = SCALE + DABS(D(K))
         IF (SCALE .NE. 0.0D0) GO TO 140
  130    E(I) = D(L)
         DO 135 J = 1, L
            D(J) = Z(L,J)
            Z(I,J) = 0.0D0
            Z(J,I) = 0.0D0
  135    CONTINUE
         GO TO 290
  140    DO 150 K = 1, L
            D(K) = D(K) / SCALE
            H = H + D(K) * D(K)
  150    CONTINUE
         F = D(L)
         G = -DSIGN(DSQRT(H),F)
         E(I) = SCALE * G
         H = H - F * G
         D(L) = F - G
C     .......... FORM A*U ..........
         DO 170 J = 1, L
  170    E(J) = 0.0D0
         DO 240 J = 1, L
            F = D(J)
            Z(J,I) = F
            G = E(J) + Z(J,J) * F
            JP1 = J + 1
            IF (L .LT. JP1) GO TO 220
            DO 200 K = JP1, L
               G = G + Z(K,J) * D(K)
               E(K) = E(K) + Z(K,J) * F
  200       CONTINUE
  220       E(J) = G
  240    CONTINUE
C     .......... FORM P ..........
         F = 0.0D0
         DO 245 J = 1, L
            E(J) = E(J) / H
            F = F + E(J) * D(J)
  245    CONTINUE
         HH = F / (H + H)
C     .......... FORM Q ..........
         DO 250 J = 1, L
  250    E(J) = E(J) - HH * D(J)
C     .......... FORM REDUCED A ..........
         DO 280 J = 1, L
            F = D(J)
            G = E(J)
            DO 260 K = J, L
  260       Z(K,J) = Z(K,J) - F * E(K) - G * D(K)
            D(J) = Z(L,J)
            Z(I,J) = 0.0D0
  280    CONTINUE
  290    D(I) = H
  300 CONTINUE
C     .......... ACCUMULATION OF TRANSFORMATION MATRICES ..........
      DO 500 I = 2, N
         L = I - 1
         Z(N,L) = Z(L,L)
         Z(L,L) = 1.0D0
         H = D(I)
         IF (H .EQ. 0.0D0) GO TO 380
         DO 330 K = 1, L
  330    D(K) = Z(K,I) / H
         DO 360 J = 1, L
            G = 0.0D0
            DO 340 K = 1, L
  340       G = G + Z(K,I) * Z(K,J)
            DO 360 K = 1, L
               Z(K,J) = Z(K,J) - G * D(K)
  360    CONTINUE
  380    DO 400 K = 1, L
  400    Z(K,I) = 0.0D0
  500 CONTINUE
  510 DO 520 I = 1, N
         D(I) = Z(N,I)
         Z(N,I) = 0.0D0
  520 CONTINUE
      Z(N,N) = 1.0D0
      E(1) = 0.0D0
      RETURN
      END
C
      SUBROUTINE TQL2(NM, N, D, E, Z, IERR)
      INTEGER I, J, K, L, M, N, II, L1, L2, NM, MML, IERR
      DOUBLE PRECISION D(N), E(N), Z(NM,N)
      DOUBLE PRECISION C, C2, C3, DL1, EL1, F, G, H, P, R, S, S2
      DOUBLE PRECISION TST1, TST2, PYTHAG
C
      IERR = 0
      IF (N .EQ. 1) GO TO 1001
      DO 100 I = 2, N
  100 E(I-1) = E(I)
      F = 0.0D0
      TST1 = 0.0D0
      E(N) = 0.0D0
      DO 240 L = 1, N
         J = 0
         H = DABS(D(L)) + DABS(E(L))
         IF (TST1 .LT. H) TST1 = H
C     .......... LOOK FOR SMALL SUB-DIAGONAL ELEMENT ..........
         DO 110 M = L, N
            TST2 = TST1 + DABS(E(M))
            IF (TST2 .EQ. TST1) GO TO 120
  110    CONTINUE
  120    IF (M .EQ. L) GO TO 220
  130    IF (J .EQ. 30) GO TO 1000
         J = J + 1
C     .......... FORM SHIFT ..........
         L1 = L + 1
         L2 = L1 + 1
         G = D(L)
         P = (D(L1) - G) / (2.0D0 * E(L))
         R = PYTHAG(P,1.0D0)
         D(L) = E(L) / (P + DSIGN(R,P))
         D(L1) = E(L) * (P + DSIGN(R,P))
         DL1 = D(L1)
         H = G - D(L)
         IF (L2 .GT. N) GO TO 145
         DO 140 I = L2, N
  140    D(I) = D(I) - H
  145    F = F + H
C     .......... QL TRANSFORMATION ..........
         P = D(M)
         C = 1.0D0
         C2 = C
         EL1 = E(L1)
         S = 0.0D0
         MML = M - L
         DO 200 II = 1, MML
            C3 = C2
            C2 = C
            S2 = S
            I = M - II
            G = C * E(I)
            H = C * P
            R = PYTHAG(P,E(I))
            E(I+1) = S * R
            S = E(I) / R
            C = P / R
            P = C * D(I) - S * G
            D(I+1) = H + S * (C * G + S * D(I))
            DO 180 K = 1, N
               H = Z(K,I+1)
               Z(K,I+1) = S * Z(K,I) + C * H
               Z(K,I) = C * Z(K,I) - S * H
  180       CONTINUE
  200    CONTINUE
         P = -S * S2 * C3 * EL1 * E(L) / DL1
         E(L) = S * P
         D(L) = C * P
         TST2 = TST1 + DABS(E(L))
         IF (TST2 .GT. TST1) GO TO 130
  220    D(L) = D(L) + F
  240 CONTINUE
C     .......... ORDER EIGENVALUES AND EIGENVECTORS ..........
      DO 300 II = 2, N
         I = II - 1
         K = I
         P = D(I)
         DO 260 J = II, N
            IF (D(J) .GE. P) GO TO 260
            K = J
            P = D(J)
  260    CONTINUE
         IF (K .EQ. I) GO TO 300
         D(K) = D(I)
         D(I) = P
         DO 280 J = 1, N
            P = Z(J,I)
            Z(J,I) = Z(J,K)
            Z(J,K) = P
  280    CONTINUE
  300 CONTINUE
      GO TO 1001
 1000 IERR = L
 1001 RETURN
      END
C
      DOUBLE PRECISION FUNCTION PYTHAG(A,B)
      DOUBLE PRECISION A, B, P, R, S, T, U
      P = DMAX1(DABS(A),DABS(B))
      IF (P .EQ. 0.0D0) GO TO 20
      R = (DMIN1(DABS(A),DABS(B))/P)**2
   10 CONTINUE
         T = 4.0D0 + R
         IF (T .EQ. 4.0D0) GO TO 20
         S = R / T
         U = 1.0D0 + 2.0D0 * S
         P = U * P
         R = (S / U)**2 * R
      GO TO 10
   20 PYTHAG = P
      RETURN
      END
C
C     ------------------------------------------------------------------
C     TRIDIAGONALIZATION WITHOUT ACCUMULATING THE TRANSFORMATIONS
C     (TRED1 STYLE): ONLY THE LOWER TRIANGLE OF A IS USED; THE
C     HOUSEHOLDER VECTORS ARE LEFT IN THE STRICT LOWER TRIANGLE.
C     ------------------------------------------------------------------
      SUBROUTINE TRED1(NM, N, A, D, E, E2)
      INTEGER I, J, K, L, N, II, NM, JP1
      DOUBLE PRECISION A(NM,N), D(N), E(N), E2(N)
      DOUBLE PRECISION F, G, H, SCALE
      DO 100 I = 1, N
         D(I) = A(N,I)
         A(N,I) = A(I,I)
  100 CONTINUE
      DO 300 II = 1, N
         I = N + 1 - II
         L = I - 1
         H = 0.0D0
         SCALE = 0.0D0
         IF (L .LT. 1) GO TO 130
         DO 120 K = 1, L
  120    SCALE = SCALE + DABS(D(K))
         IF (SCALE .NE. 0.0D0) GO TO 140
         DO 125 J = 1, L
            D(J) = A(L,J)
            A(L,J) = A(I,J)
            A(I,J) = 0.0D0
  125    CONTINUE
  130    E(I) = 0.0D0
         E2(I) = 0.0D0
         GO TO 300
  140    DO 150 K = 1, L
            D(K) = D(K) / SCALE
            H = H + D(K) * D(K)
  150    CONTINUE
         E2(I) = SCALE * SCALE * H
         F = D(L)
         G = -DSIGN(DSQRT(H), F)
         E(I) = SCALE * G
         H = H - F * G
         D(L) = F - G
         IF (L .EQ. 1) GO TO 285
         DO 170 J = 1, L
  170    E(J) = 0.0D0
         DO 240 J = 1, L
            F = D(J)
            G = E(J) + A(J,J) * F
            JP1 = J + 1
            IF (L .LT. JP1) GO TO 220
            DO 200 K = JP1, L
               G = G + A(K,J) * D(K)
               E(K) = E(K) + A(K,J) * F
  200       CONTINUE
  220       E(J) = G
  240    CONTINUE
         F = 0.0D0
         DO 245 J = 1, L
            E(J) = E(J) / H
            F = F + E(J) * D(J)
  245    CONTINUE
         H = F / (H + H)
         DO 250 J = 1, L
  250    E(J) = E(J) - H * D(J)
         DO 280 J = 1, L
            F = D(J)
            G = E(J)
            DO 260 K = J, L
  260       A(K,J) = A(K,J) - F * E(K) - G * D(K)
  280    CONTINUE
  285    DO 290 J = 1, L
            F = D(J)
            D(J) = A(L,J)
            A(L,J) = A(I,J)
            A(I,J) = F * SCALE
  290    CONTINUE
  300 CONTINUE
      RETURN
      END
C
C     ------------------------------------------------------------------
C     EIGENVALUES OF A SYMMETRIC TRIDIAGONAL MATRIX BY THE RATIONAL QL
C     METHOD (TQLRAT STYLE).  E2 HOLDS THE SQUARES OF THE SUBDIAGONAL.
C     ------------------------------------------------------------------
      SUBROUTINE TQLRAT(N, D, E2, IERR)
      INTEGER I, J, L, M, N, II, L1, MML, IERR
      DOUBLE PRECISION D(N), E2(N)
      DOUBLE PRECISION B, C, F, G, H, P, R, S, T, EPS, PYTHAG
      IERR = 0
      IF (N .EQ. 1) GO TO 1001
      DO 100 I = 2, N
  100 E2(I-1) = E2(I)
      F = 0.0D0
      T = 0.0D0
      E2(N) = 0.0D0
      EPS = 1.0D0
  102 EPS = 0.5D0 * EPS
      IF (1.0D0 + EPS .GT. 1.0D0) GO TO 102
      DO 290 L = 1, N
         J = 0
         H = DABS(D(L)) + DSQRT(E2(L))
         IF (T .GT. H) GO TO 105
         T = H
         B = EPS * T
         C = B * B
C                                   LOOK FOR A SMALL SQUARED SUBDIAGONAL
  105    DO 110 M = L, N
            IF (E2(M) .LE. C) GO TO 120
  110    CONTINUE
  120    IF (M .EQ. L) GO TO 210
  130    IF (J .EQ. 30) GO TO 1000
         J = J + 1
         L1 = L + 1
         S = DSQRT(E2(L))
         G = D(L)
         P = (D(L1) - G) / (2.0D0 * S)
         R = PYTHAG(P, 1.0D0)
         D(L) = S / (P + DSIGN(R, P))
         H = G - D(L)
         DO 140 I = L1, N
  140    D(I) = D(I) - H
         F = F + H
         G = D(M)
         IF (G .EQ. 0.0D0) G = B
         H = G
         S = 0.0D0
         MML = M - L
         DO 200 II = 1, MML
            I = M - II
            P = G * H
            R = P + E2(I)
            E2(I+1) = S * R
            S = E2(I) / R
            D(I+1) = H + S * (H + D(I))
            G = D(I) - E2(I) / G
            IF (G .EQ. 0.0D0) G = B
            H = G * P / R
  200    CONTINUE
         E2(L) = S * G
         D(L) = H
         IF (H .EQ. 0.0D0) GO TO 210
         IF (DABS(E2(L)) .LE. DABS(C / H)) GO TO 210
         E2(L) = H * E2(L)
         IF (E2(L) .NE. 0.0D0) GO TO 130
  210    P = D(L) + F
C                                   ORDER THE EIGENVALUES (INSERTION)
         IF (L .EQ. 1) GO TO 250
         DO 230 II = 2, L
            I = L + 2 - II
            IF (P .GE. D(I-1)) GO TO 270
            D(I) = D(I-1)
  230    CONTINUE
  250    I = 1
  270    D(I) = P
  290 CONTINUE
      GO TO 1001
 1000 IERR = L
 1001 RETURN
      END
C
C     ------------------------------------------------------------------
C     BACK TRANSFORMATION AFTER TRED1 (TRBAK1 STYLE).
C     ------------------------------------------------------------------
      SUBROUTINE TRBAK1(NM, N, A, E, M, Z)
      INTEGER I, J, K, L, M, N, NM
      DOUBLE PRECISION A(NM,N), E(N), Z(NM,M), S
      IF (M .EQ. 0) GO TO 200
      IF (N .EQ. 1) GO TO 200
      DO 140 I = 2, N
         L = I - 1
         IF (E(I) .EQ. 0.0D0) GO TO 140
         DO 130 J = 1, M
            S = 0.0D0
            DO 110 K = 1, L
  110       S = S + A(I,K) * Z(K,J)
            S = (S / A(I,L)) / E(I)
            DO 120 K = 1, L
  120       Z(K,J) = Z(K,J) + S * A(I,K)
  130    CONTINUE
  140 CONTINUE
  200 RETURN
      END
C
C     ------------------------------------------------------------------
C     VERIFICATION: RESIDUAL MAX |A*Z - Z*D| OVER THE FULL MATRIX AND
C     THE LOSS OF ORTHOGONALITY MAX |Z'Z - I| OVER THE UPPER TRIANGLE.
C     ------------------------------------------------------------------
      SUBROUTINE EIGCHK(NM, N, A, Z, D, RESMAX, ORTMAX)
      INTEGER NM, N, I, J, K
      DOUBLE PRECISION A(NM,N), Z(NM,N), D(N), RESMAX, ORTMAX, S
      RESMAX = 0.0D0
      ORTMAX = 0.0D0
      DO 30 J = 1, N
      DO 30 I = 1, N
         S = -Z(I,J) * D(J)
         DO 20 K = 1, N
            S = S + A(I,K) * Z(K,J)
   20    CONTINUE
         RESMAX = DMAX1(RESMAX, DABS(S))
   30 CONTINUE
      DO 60 J = 1, N
      DO 60 I = 1, J
         S = 0.0D0
         IF (I .EQ. J) S = -1.0D0
         DO 50 K = 1, N
   50    S = S + Z(K,I) * Z(K,J)
         ORTMAX = DMAX1(ORTMAX, DABS(S))
   60 CONTINUE
      RETURN
      END
C
C     PRINT A SUMMARY LINE PER EIGENVALUE AND THE CHECK RESULTS.
      SUBROUTINE EIGOUT(N, D, RESMAX, ORTMAX, IUNIT)
      INTEGER N, IUNIT, I, J
      DOUBLE PRECISION D(N), RESMAX, ORTMAX
      WRITE (IUNIT, 900) N
      DO 10 I = 1, N, 4
         WRITE (IUNIT, 910) I, MIN(I + 3, N), (D(J), J = I, MIN(I+3, N))
   10 CONTINUE
      WRITE (IUNIT, 920) RESMAX, ORTMAX
  900 FORMAT (/' EIGENVALUES OF THE ', I3, ' BY N TEST MATRIX')
  910 FORMAT (1X, I3, ' -', I3, 4(1X, 1PD15.7))
  920 FORMAT (' MAX RESIDUAL ', 1PD10.3, '   MAX ORTHOGONALITY LOSS ',
     1        D10.3)
      RETURN
      END

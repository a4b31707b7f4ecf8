C     BALANCING OF A REAL GENERAL MATRIX (EISPACK BALANC STYLE): ROW AND
C     COLUMN ISOLATION WITH JUMPS BETWEEN LOOP LEVELS, A LABELLED DO THAT
C     ENDS ON AN IF STATEMENT AND POWERS OF THE FLOATING-POINT RADIX.
      SUBROUTINE BALANC(NM, N, A, LOW, IGH, SCALE)
      INTEGER I, J, K, L, M, N, JJ, NM, IGH, LOW, IEXC
      DOUBLE PRECISION A(NM,N), SCALE(N)
      DOUBLE PRECISION C, F, G, R, S, B2, RADIX
      LOGICAL NOCONV
      RADIX = 16.0D0
      B2 = RADIX * RADIX
      K = 1
      L = N
      GO TO 100
C     .......... IN-LINE PROCEDURE FOR ROW AND COLUMN EXCHANGE ..........
   20 SCALE(M) = J
      IF (J .EQ. M) GO TO 50
      DO 30 I = 1, L
         F = A(I,J)
         A(I,J) = A(I,M)
         A(I,M) = F
   30 CONTINUE
      DO 40 I = K, N
         F = A(J,I)
         A(J,I) = A(M,I)
         A(M,I) = F
   40 CONTINUE
   50 GO TO (80,130), IEXC
C     .......... SEARCH FOR ROWS ISOLATING AN EIGENVALUE ..........
   80 IF (L .EQ. 1) GO TO 280
      L = L - 1
  100 DO 120 JJ = 1, L
         J = L + 1 - JJ
         DO 110 I = 1, L
            IF (I .EQ. J) GO TO 110
            IF (A(J,I) .NE. 0.0D0) GO TO 120
  110    CONTINUE
         M = L
         IEXC = 1
         GO TO 20
  120 CONTINUE
      GO TO 140
C     .......... SEARCH FOR COLUMNS ISOLATING AN EIGENVALUE ..........
  130 K = K + 1
  140 DO 170 J = K, L
         DO 150 I = K, L
            IF (I .EQ. J) GO TO 150
            IF (A(I,J) .NE. 0.0D0) GO TO 170
  150    CONTINUE
         M = K
         IEXC = 2
         GO TO 20
  170 CONTINUE
C     .......... NOW BALANCE THE SUBMATRIX IN ROWS K TO L ..........
      DO 180 I = K, L
  180 SCALE(I) = 1.0D0
  190 NOCONV = .FALSE.
      DO 270 I = K, L
         C = 0.0D0
         R = 0.0D0
         DO 200 J = K, L
            IF (J .EQ. I) GO TO 200
            C = C + DABS(A(J,I))
            R = R + DABS(A(I,J))
  200    CONTINUE
         IF (C .EQ. 0.0D0 .OR. R .EQ. 0.0D0) GO TO 270
         G = R / RADIX
         F = 1.0D0
         S = C + R
  210    IF (C .GE. G) GO TO 220
         F = F * RADIX
         C = C * B2
         GO TO 210
  220    G = R * RADIX
  230    IF (C .LT. G) GO TO 240
         F = F / RADIX
         C = C / B2
         GO TO 230
  240    IF ((C + R) / F .GE. 0.95D0 * S) GO TO 270
         G = 1.0D0 / F
         SCALE(I) = SCALE(I) * F
         NOCONV = .TRUE.
         DO 250 J = K, N
  250    A(I,J) = A(I,J) * G
         DO 260 J = 1, L
  260    A(J,I) = A(J,I) * F
  270 CONTINUE
      IF (NOCONV) GO TO 190
  280 LOW = K
      IGH = L
      RETURN
      END
C
C     BACK TRANSFORMATION OF EIGENVECTORS OF THE BALANCED MATRIX
C     (BALBAK STYLE): UNDO THE SCALING, THEN THE PERMUTATIONS.
C
      SUBROUTINE BALBAK(NM, N, LOW, IGH, SCALE, M, Z)
      INTEGER I, J, K, M, N, II, NM, IGH, LOW
      DOUBLE PRECISION SCALE(N), Z(NM,M), S
      IF (M .EQ. 0) GO TO 200
      IF (IGH .EQ. LOW) GO TO 120
      DO 110 I = LOW, IGH
         S = SCALE(I)
         DO 100 J = 1, M
  100    Z(I,J) = Z(I,J) * S
  110 CONTINUE
  120 DO 140 II = 1, N
         I = II
         IF (I .GE. LOW .AND. I .LE. IGH) GO TO 140
         IF (I .LT. LOW) I = LOW - II
         K = IDINT(SCALE(I))
         IF (K .EQ. I) GO TO 140
         DO 130 J = 1, M
            S = Z(I,J)
            Z(I,J) = Z(K,J)
            Z(K,J) = S
  130    CONTINUE
  140 CONTINUE
  200 RETURN
      END
C
C     REDUCTION TO UPPER HESSENBERG FORM BY STABILIZED ELEMENTARY
C     SIMILARITY TRANSFORMATIONS (ELMHES STYLE).  ROWS AND COLUMNS
C     LOW..IGH ONLY; INT RECORDS THE INTERCHANGES.
C
      SUBROUTINE ELMHES(NM, N, LOW, IGH, A, INT)
      INTEGER I, J, M, N, LA, NM, IGH, KP1, LOW, MM1, MP1
      DOUBLE PRECISION A(NM,N), X, Y
      INTEGER INT(IGH)
      LA = IGH - 1
      KP1 = LOW + 1
      IF (LA .LT. KP1) GO TO 200
      DO 180 M = KP1, LA
         MM1 = M - 1
         X = 0.0D0
         I = M
         DO 100 J = M, IGH
            IF (DABS(A(J,MM1)) .LE. DABS(X)) GO TO 100
            X = A(J,MM1)
            I = J
  100    CONTINUE
         INT(M) = I
         IF (I .EQ. M) GO TO 130
C                                   INTERCHANGE ROWS AND COLUMNS OF A
         DO 110 J = MM1, N
            Y = A(I,J)
            A(I,J) = A(M,J)
            A(M,J) = Y
  110    CONTINUE
         DO 120 J = 1, IGH
            Y = A(J,I)
            A(J,I) = A(J,M)
            A(J,M) = Y
  120    CONTINUE
  130    IF (X .EQ. 0.0D0) GO TO 180
         MP1 = M + 1
         DO 160 I = MP1, IGH
            Y = A(I,MM1)
            IF (Y .EQ. 0.0D0) GO TO 160
            Y = Y / X
            A(I,MM1) = Y
            DO 140 J = M, N
  140       A(I,J) = A(I,J) - Y * A(M,J)
            DO 150 J = 1, IGH
  150       A(J,M) = A(J,M) + Y * A(J,I)
  160    CONTINUE
  180 CONTINUE
  200 RETURN
      END
C
C     ACCUMULATE THE TRANSFORMATIONS OF ELMHES (ELTRAN STYLE): Z STARTS
C     AS THE IDENTITY AND THE MULTIPLIERS ARE APPLIED BACKWARD.
C
      SUBROUTINE ELTRAN(NM, N, LOW, IGH, A, INT, Z)
      INTEGER I, J, N, KL, MM, MP, NM, IGH, LOW, MP1
      DOUBLE PRECISION A(NM,IGH), Z(NM,N)
      INTEGER INT(IGH)
      DO 80 J = 1, N
         DO 60 I = 1, N
   60    Z(I,J) = 0.0D0
         Z(J,J) = 1.0D0
   80 CONTINUE
      KL = IGH - LOW - 1
      IF (KL .LT. 1) GO TO 200
      DO 140 MM = 1, KL
         MP = IGH - MM
         MP1 = MP + 1
         DO 100 I = MP1, IGH
  100    Z(I,MP) = A(I,MP-1)
         I = INT(MP)
         IF (I .EQ. MP) GO TO 140
         DO 130 J = MP, IGH
            Z(MP,J) = Z(I,J)
            Z(I,J) = 0.0D0
  130    CONTINUE
         Z(I,MP) = 1.0D0
  140 CONTINUE
  200 RETURN
      END
C
C     ONE-NORM OF THE HESSENBERG PART AND A CHECK THAT THE ENTRIES
C     BELOW THE SUBDIAGONAL ARE NEGLIGIBLE (TRIANGULAR LOOP NEST).
C
      DOUBLE PRECISION FUNCTION HESNRM(NM, N, A, BELOW)
      INTEGER NM, N, I, J
      DOUBLE PRECISION A(NM,N), BELOW, COLSUM
      HESNRM = 0.0D0
      BELOW = 0.0D0
      DO 20 J = 1, N
         COLSUM = 0.0D0
         DO 10 I = 1, MIN(J + 1, N)
            COLSUM = COLSUM + DABS(A(I,J))
   10    CONTINUE
         HESNRM = DMAX1(HESNRM, COLSUM)
   20 CONTINUE
      DO 30 J = 1, N - 2
      DO 30 I = J + 2, N
         BELOW = DMAX1(BELOW, DABS(A(I,J)))
   30 CONTINUE
      RETURN
      END
C
C     TEST DRIVER: A BADLY SCALED MATRIX, BALANCE, REDUCE, ACCUMULATE,
C     BACK-TRANSFORM AND PRINT THE NORMS WITH FORMAT STATEMENTS.
C
      PROGRAM EIGBAL
      INTEGER NMX, NN
      PARAMETER (NMX = 20, NN = 12)
      DOUBLE PRECISION A(NMX,NMX), Z(NMX,NMX), SCALE(NMX)
      DOUBLE PRECISION HESNRM, ANRM, BELOW
      INTEGER INT(NMX), I, J, LOW, IGH
      DO 10 J = 1, NN
      DO 10 I = 1, NN
         A(I,J) = DFLOAT(I + 2 * J) * 10.0D0**(I - J)
         IF (I .EQ. J) A(I,J) = 1.0D0 + DFLOAT(I)
   10 CONTINUE
      CALL BALANC(NMX, NN, A, LOW, IGH, SCALE)
      WRITE (6, 900) LOW, IGH
      WRITE (6, 910) (SCALE(I), I = 1, NN)
      CALL ELMHES(NMX, NN, LOW, IGH, A, INT)
      CALL ELTRAN(NMX, NN, LOW, IGH, A, INT, Z)
      CALL BALBAK(NMX, NN, LOW, IGH, SCALE, NN, Z)
      ANRM = HESNRM(NMX, NN, A, BELOW)
      WRITE (6, 920) ANRM, BELOW
  900 FORMAT (' BALANC: LOW =', I4, '  IGH =', I4)
  910 FORMAT (' SCALE ', 4(1PD14.6))
  920 FORMAT (' HESSENBERG NORM ', 1PD12.4, '  BELOW SUBDIAG ', D12.4)
      STOP
      END

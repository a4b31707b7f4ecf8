C
C     LU FACTORIZATION AND SOLVE IN THE STYLE OF LINPACK (DGEFA/DGESL)
C     WITH THE LEVEL-1 BLAS IT NEEDS, A MATRIX GENERATOR AND A RESIDUAL
C     CHECK.  UNROLLED LOOPS, DATA STATEMENTS, STATEMENT FUNCTIONS.
C
      PROGRAM LPKDRV
      INTEGER LDA, N, I, INFO, NTIMES, K
      PARAMETER (LDA = 201, N = 100, NTIMES = 3)
      DOUBLE PRECISION A(LDA,LDA), B(LDA), X(LDA), RESID, RESIDN
      DOUBLE PRECISION NORMA, NORMX, EPS, EPSLON, OPS
      INTEGER IPVT(LDA)
      REAL*8 TIMES(2,NTIMES)
      DATA ((TIMES(I,K), I = 1, 2), K = 1, NTIMES) / 6*0.0D0 /
C
      OPS = (2.0D0*DFLOAT(N)**3)/3.0D0 + 2.0D0*DFLOAT(N)**2
      DO 20 K = 1, NTIMES
         CALL MATGEN(A, LDA, N, B, NORMA)
         CALL DGEFA(A, LDA, N, IPVT, INFO)
         IF (INFO .NE. 0) WRITE (6, 900) INFO
         CALL DGESL(A, LDA, N, IPVT, B, 0)
   20 CONTINUE
      DO 30 I = 1, N
         X(I) = B(I)
   30 CONTINUE
      CALL MATGEN(A, LDA, N, B, NORMA)
      DO 40 I = 1, N
         B(I) = -B(I)
   40 CONTINUE
      CALL DMXPY(N, B, N, LDA, X, A)
      RESID = 0.0D0
      NORMX = 0.0D0
      DO 50 I = 1, N
         RESID = DMAX1(RESID, DABS(B(I)))
         NORMX = DMAX1(NORMX, DABS(X(I)))
   50 CONTINUE
      EPS = EPSLON(1.0D0)
      RESIDN = RESID / (N * NORMA * NORMX * EPS)
      WRITE (6, 910) RESIDN, RESID, EPS, OPS
  900 FORMAT (' DGEFA: ZERO PIVOT AT ', I5)
  910 FORMAT ('  NORM. RESID      RESID           MACHEP', /,
     $        1X, F11.1, 2X, 1P, D16.8, 2X, D16.8, /, ' OPS ', D12.4)
      END
C
      SUBROUTINE MATGEN(A, LDA, N, B, NORMA)
      INTEGER LDA, N, INIT, I, J
      DOUBLE PRECISION A(LDA,*), B(*), NORMA
      INIT = 1325
      NORMA = 0.0D0
      DO 30 J = 1, N
      DO 20 I = 1, N
         INIT = MOD(3125*INIT, 65536)
         A(I,J) = (INIT - 32768.0D0) / 16384.0D0
         NORMA = DMAX1(A(I,J), NORMA)
   20 CONTINUE
   30 CONTINUE
      DO 35 I = 1, N
         B(I) = 0.0D0
   35 CONTINUE
      DO 50 J = 1, N
      DO 40 I = 1, N
         B(I) = B(I) + A(I,J)
   40 CONTINUE
   50 CONTINUE
      RETURN
      END
C
      SUBROUTINE DGEFA(A, LDA, N, IPVT, INFO)
      INTEGER LDA, N, IPVT(*), INFO
      DOUBLE PRECISION A(LDA,*)
      DOUBLE PRECISION T
      INTEGER IDAMAX, J, K, KP1, L, NM1
C
      INFO = 0
      NM1 = N - 1
      IF (NM1 .LT. 1) GO TO 70
      DO 60 K = 1, NM1
         KP1 = K + 1
C        FIND L = PIVOT INDEX
         L = IDAMAX(N-K+1, A(K,K), 1) + K - 1
         IPVT(K) = L
C        ZERO PIVOT IMPLIES THIS COLUMN ALREADY TRIANGULARIZED
         IF (A(L,K) .EQ. 0.0D0) GO TO 40
C           INTERCHANGE IF NECESSARY
            IF (L .EQ. K) GO TO 10
               T = A(L,K)
               A(L,K) = A(K,K)
               A(K,K) = T
   10       CONTINUE
C           COMPUTE MULTIPLIERS
            T = -1.0D0 / A(K,K)
            CALL DSCAL(N-K, T, A(K+1,K), 1)
C           ROW ELIMINATION WITH COLUMN INDEXING
            DO 30 J = KP1, N
               T = A(L,J)
               IF (L .EQ. K) GO TO 20
                  A(L,J) = A(K,J)
                  A(K,J) = T
   20          CONTINUE
               CALL DAXPY(N-K, T, A(K+1,K), 1, A(K+1,J), 1)
   30       CONTINUE
         GO TO 50
   40    CONTINUE
            INFO = K
   50    CONTINUE
   60 CONTINUE
   70 CONTINUE
      IPVT(N) = N
      IF (A(N,N) .EQ. 0.0D0) INFO = N
      RETURN
      END
C
      SUBROUTINE DGESL(A, LDA, N, IPVT, B, JOB)
      INTEGER LDA, N, IPVT(*), JOB
      DOUBLE PRECISION A(LDA,*), B(*)
      DOUBLE PRECISION DDOT, T
      INTEGER K, KB, L, NM1
      NM1 = N - 1
      IF (JOB .NE. 0) GO TO 50
         IF (NM1 .LT. 1) GO TO 30
         DO 20 K = 1, NM1
            L = IPVT(K)
            T = B(L)
            IF (L .EQ. K) GO TO 10
               B(L) = B(K)
               B(K) = T
   10       CONTINUE
            CALL DAXPY(N-K, T, A(K+1,K), 1, B(K+1), 1)
   20    CONTINUE
   30    CONTINUE
         DO 40 KB = 1, N
            K = N + 1 - KB
            B(K) = B(K) / A(K,K)
            T = -B(K)
            CALL DAXPY(K-1, T, A(1,K), 1, B(1), 1)
   40    CONTINUE
      GO TO 100
   50 CONTINUE
         DO 60 K = 1, N
            T = DDOT(K-1, A(1,K), 1, B(1), 1)
            B(K) = (B(K) - T) / A(K,K)
   60    CONTINUE
         IF (NM1 .LT. 1) GO TO 90
         DO 80 KB = 1, NM1
            K = N - KB
            B(K) = B(K) + DDOT(N-K, A(K+1,K), 1, B(K+1), 1)
            L = IPVT(K)
            IF (L .EQ. K) GO TO 70
               T = B(L)
               B(L) = B(K)
               B(K) = T
   70       CONTINUE
   80    CONTINUE
   90    CONTINUE
  100 CONTINUE
      RETURN
      END
C
      SUBROUTINE DAXPY(N, DA, DX, INCX, DY, INCY)
      DOUBLE PRECISION DX(*), DY(*), DA
      INTEGER I, INCX, INCY, IX, IY, M, MP1, N
      IF (N .LE. 0) RETURN
      IF (DA .EQ. 0.0D0) RETURN
      IF (INCX .EQ. 1 .AND. INCY .EQ. 1) GO TO 20
      IX = 1
      IY = 1
      IF (INCX .LT. 0) IX = (-N+1)*INCX + 1
      IF (INCY .LT. 0) IY = (-N+1)*INCY + 1
      DO 10 I = 1, N
         DY(IY) = DY(IY) + DA*DX(IX)
         IX = IX + INCX
         IY = IY + INCY
   10 CONTINUE
      RETURN
C     CODE FOR BOTH INCREMENTS EQUAL TO 1: CLEAN-UP LOOP, THEN UNROLLED
   20 M = MOD(N,4)
      IF (M .EQ. 0) GO TO 40
      DO 30 I = 1, M
         DY(I) = DY(I) + DA*DX(I)
   30 CONTINUE
      IF (N .LT. 4) RETURN
   40 MP1 = M + 1
      DO 50 I = MP1, N, 4
         DY(I) = DY(I) + DA*DX(I)
         DY(I + 1) = DY(I + 1) + DA*DX(I + 1)
         DY(I + 2) = DY(I + 2) + DA*DX(I + 2)
         DY(I + 3) = DY(I + 3) + DA*DX(I + 3)
   50 CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION DDOT(N, DX, INCX, DY, INCY)
      DOUBLE PRECISION DX(*), DY(*), DTEMP
      INTEGER I, INCX, INCY, IX, IY, M, MP1, N
      DDOT = 0.0D0
      DTEMP = 0.0D0
      IF (N .LE. 0) RETURN
      IF (INCX .EQ. 1 .AND. INCY .EQ. 1) GO TO 20
      IX = 1
      IY = 1
      DO 10 I = 1, N
         DTEMP = DTEMP + DX(IX)*DY(IY)
         IX = IX + INCX
         IY = IY + INCY
   10 CONTINUE
      DDOT = DTEMP
      RETURN
   20 M = MOD(N,5)
      IF (M .EQ. 0) GO TO 40
      DO 30 I = 1, M
         DTEMP = DTEMP + DX(I)*DY(I)
   30 CONTINUE
      IF (N .LT. 5) GO TO 60
   40 MP1 = M + 1
      DO 50 I = MP1, N, 5
         DTEMP = DTEMP + DX(I)*DY(I) + DX(I+1)*DY(I+1) +
     *           DX(I+2)*DY(I+2) + DX(I+3)*DY(I+3) + DX(I+4)*DY(I+4)
   50 CONTINUE
   60 DDOT = DTEMP
      RETURN
      END
C
      SUBROUTINE DSCAL(N, DA, DX, INCX)
      DOUBLE PRECISION DA, DX(*)
      INTEGER I, INCX, N, NINCX
      IF (N .LE. 0) RETURN
      NINCX = N*INCX
      DO 10 I = 1, NINCX, INCX
         DX(I) = DA*DX(I)
   10 CONTINUE
      RETURN
      END
C
      INTEGER FUNCTION IDAMAX(N, DX, INCX)
      DOUBLE PRECISION DX(*), DMAX
      INTEGER I, INCX, IX, N
      IDAMAX = 0
      IF (N .LT. 1) RETURN
      IDAMAX = 1
      IF (N .EQ. 1) RETURN
      IX = 1
      DMAX = DABS(DX(1))
      IX = IX + INCX
      DO 10 I = 2, N
         IF (DABS(DX(IX)) .LE. DMAX) GO TO 5
         IDAMAX = I
         DMAX = DABS(DX(IX))
    5    IX = IX + INCX
   10 CONTINUE
      RETURN
      END
C
      SUBROUTINE DMXPY(N1, Y, N2, LDM, X, M)
      DOUBLE PRECISION Y(*), X(*), M(LDM,*)
      INTEGER N1, N2, LDM, I, J, JMIN
      J = MOD(N2,2)
      IF (J .GE. 1) THEN
         DO 10 I = 1, N1
            Y(I) = Y(I) + X(J)*M(I,J)
   10    CONTINUE
      ENDIF
      JMIN = J + 2
      DO 30 J = JMIN, N2, 2
         DO 20 I = 1, N1
            Y(I) = (Y(I) + X(J-1)*M(I,J-1)) + X(J)*M(I,J)
   20    CONTINUE
   30 CONTINUE
      RETURN
      END
C
      DOUBLE PRECISION FUNCTION EPSLON(X)
      DOUBLE PRECISION A, B, C, EPS, X
      A = 4.0D0/3.0D0
   10 B = A - 1.0D0
      C = B + B + B
      EPS = DABS(C - 1.0D0)
      IF (EPS .EQ. 0.0D0) GO TO 10
      EPSLON = EPS*DABS(X)
      RETURN
      END
C
C     CONDITION ESTIMATE AFTER THE FACTORIZATION (DGECO STYLE): SOLVE
C     TRANS(U)*W = E WITH E CHOSEN TO MAKE W LARGE, THEN TRANS(L)*Y = W,
C     THEN L*V = Y AND U*Z = V; RCOND = NORM(Y) / (ANORM * NORM(Z)).
C
      SUBROUTINE DGECO(A, LDA, N, IPVT, RCOND, Z)
      INTEGER LDA, N, IPVT(*)
      DOUBLE PRECISION A(LDA,*), Z(*), RCOND
      DOUBLE PRECISION DDOT, EK, T, WK, WKM, ANORM, S, DASUM, SM, YNORM
      INTEGER INFO, J, K, KB, KP1, L
C
      ANORM = 0.0D0
      DO 10 J = 1, N
         ANORM = DMAX1(ANORM, DASUM(N, A(1,J), 1))
   10 CONTINUE
      CALL DGEFA(A, LDA, N, IPVT, INFO)
C                                   SOLVE TRANS(U)*W = E
      EK = 1.0D0
      DO 20 J = 1, N
         Z(J) = 0.0D0
   20 CONTINUE
      DO 100 K = 1, N
         IF (Z(K) .NE. 0.0D0) EK = DSIGN(EK, -Z(K))
         IF (DABS(EK - Z(K)) .LE. DABS(A(K,K))) GO TO 30
            S = DABS(A(K,K)) / DABS(EK - Z(K))
            CALL DSCAL(N, S, Z, 1)
            EK = S * EK
   30    CONTINUE
         WK = EK - Z(K)
         WKM = -EK - Z(K)
         S = DABS(WK)
         SM = DABS(WKM)
         IF (A(K,K) .EQ. 0.0D0) GO TO 40
            WK = WK / A(K,K)
            WKM = WKM / A(K,K)
         GO TO 50
   40    CONTINUE
            WK = 1.0D0
            WKM = 1.0D0
   50    CONTINUE
         KP1 = K + 1
         IF (KP1 .GT. N) GO TO 90
            DO 60 J = KP1, N
               SM = SM + DABS(Z(J) + WKM * A(K,J))
               Z(J) = Z(J) + WK * A(K,J)
               S = S + DABS(Z(J))
   60       CONTINUE
            IF (S .GE. SM) GO TO 80
               T = WKM - WK
               WK = WKM
               DO 70 J = KP1, N
                  Z(J) = Z(J) + T * A(K,J)
   70          CONTINUE
   80       CONTINUE
   90    CONTINUE
         Z(K) = WK
  100 CONTINUE
      S = 1.0D0 / DASUM(N, Z, 1)
      CALL DSCAL(N, S, Z, 1)
C                                   SOLVE TRANS(L)*Y = W
      DO 120 KB = 1, N
         K = N + 1 - KB
         IF (K .LT. N) Z(K) = Z(K) + DDOT(N-K, A(K+1,K), 1, Z(K+1), 1)
         IF (DABS(Z(K)) .LE. 1.0D0) GO TO 110
            S = 1.0D0 / DABS(Z(K))
            CALL DSCAL(N, S, Z, 1)
  110    CONTINUE
         L = IPVT(K)
         T = Z(L)
         Z(L) = Z(K)
         Z(K) = T
  120 CONTINUE
      S = 1.0D0 / DASUM(N, Z, 1)
      CALL DSCAL(N, S, Z, 1)
      YNORM = 1.0D0
C                                   SOLVE L*V = Y
      DO 140 K = 1, N
         L = IPVT(K)
         T = Z(L)
         Z(L) = Z(K)
         Z(K) = T
         IF (K .LT. N) CALL DAXPY(N-K, T, A(K+1,K), 1, Z(K+1), 1)
         IF (DABS(Z(K)) .LE. 1.0D0) GO TO 130
            S = 1.0D0 / DABS(Z(K))
            CALL DSCAL(N, S, Z, 1)
            YNORM = S * YNORM
  130    CONTINUE
  140 CONTINUE
      S = 1.0D0 / DASUM(N, Z, 1)
      CALL DSCAL(N, S, Z, 1)
      YNORM = S * YNORM
C                                   SOLVE U*Z = V
      DO 160 KB = 1, N
         K = N + 1 - KB
         IF (DABS(Z(K)) .LE. DABS(A(K,K))) GO TO 150
            S = DABS(A(K,K)) / DABS(Z(K))
            CALL DSCAL(N, S, Z, 1)
            YNORM = S * YNORM
  150    CONTINUE
         IF (A(K,K) .NE. 0.0D0) Z(K) = Z(K) / A(K,K)
         IF (A(K,K) .EQ. 0.0D0) Z(K) = 1.0D0
         T = -Z(K)
         CALL DAXPY(K-1, T, A(1,K), 1, Z(1), 1)
  160 CONTINUE
      S = 1.0D0 / DASUM(N, Z, 1)
      CALL DSCAL(N, S, Z, 1)
      YNORM = S * YNORM
      IF (ANORM .NE. 0.0D0) RCOND = YNORM / ANORM
      IF (ANORM .EQ. 0.0D0) RCOND = 0.0D0
      RETURN
      END
C
C     DETERMINANT AND INVERSE FROM THE FACTORS (DGEDI STYLE).  THE
C     DETERMINANT IS DET(1) * 10.0**DET(2) WITH 1 <= |DET(1)| < 10.
C
      SUBROUTINE DGEDI(A, LDA, N, IPVT, DET, WORK, JOB)
      INTEGER LDA, N, IPVT(*), JOB
      DOUBLE PRECISION A(LDA,*), DET(2), WORK(*)
      DOUBLE PRECISION T, TEN
      INTEGER I, J, K, KB, KP1, L, NM1
C
      IF (JOB / 10 .EQ. 0) GO TO 70
         DET(1) = 1.0D0
         DET(2) = 0.0D0
         TEN = 10.0D0
         DO 50 I = 1, N
            IF (IPVT(I) .NE. I) DET(1) = -DET(1)
            DET(1) = A(I,I) * DET(1)
            IF (DET(1) .EQ. 0.0D0) GO TO 60
   10       IF (DABS(DET(1)) .GE. 1.0D0) GO TO 20
               DET(1) = TEN * DET(1)
               DET(2) = DET(2) - 1.0D0
            GO TO 10
   20       CONTINUE
   30       IF (DABS(DET(1)) .LT. TEN) GO TO 40
               DET(1) = DET(1) / TEN
               DET(2) = DET(2) + 1.0D0
            GO TO 30
   40       CONTINUE
   50    CONTINUE
   60    CONTINUE
   70 CONTINUE
      IF (MOD(JOB, 10) .EQ. 0) GO TO 150
C                                   INVERSE(U)
      DO 100 K = 1, N
         A(K,K) = 1.0D0 / A(K,K)
         T = -A(K,K)
         CALL DSCAL(K-1, T, A(1,K), 1)
         KP1 = K + 1
         IF (N .LT. KP1) GO TO 90
         DO 80 J = KP1, N
            T = A(K,J)
            A(K,J) = 0.0D0
            CALL DAXPY(K, T, A(1,K), 1, A(1,J), 1)
   80    CONTINUE
   90    CONTINUE
  100 CONTINUE
C                                   INVERSE(U) * INVERSE(L)
      NM1 = N - 1
      IF (NM1 .LT. 1) GO TO 140
      DO 130 KB = 1, NM1
         K = N - KB
         KP1 = K + 1
         DO 110 I = KP1, N
            WORK(I) = A(I,K)
            A(I,K) = 0.0D0
  110    CONTINUE
         DO 120 J = KP1, N
            T = WORK(J)
            CALL DAXPY(N, T, A(1,J), 1, A(1,K), 1)
  120    CONTINUE
         L = IPVT(K)
         IF (L .NE. K) CALL DSWAP(N, A(1,K), 1, A(1,L), 1)
  130 CONTINUE
  140 CONTINUE
  150 CONTINUE
      RETURN
      END
C
C     CHOLESKY FACTORIZATION OF A SYMMETRIC POSITIVE DEFINITE MATRIX
C     (DPOFA STYLE): ONLY THE UPPER TRIANGLE IS REFERENCED.
C
      SUBROUTINE DPOFA(A, LDA, N, INFO)
      INTEGER LDA, N, INFO
      DOUBLE PRECISION A(LDA,*)
      DOUBLE PRECISION DDOT, T, S
      INTEGER J, JM1, K
      DO 30 J = 1, N
         INFO = J
         S = 0.0D0
         JM1 = J - 1
         IF (JM1 .LT. 1) GO TO 20
         DO 10 K = 1, JM1
            T = A(K,J) - DDOT(K-1, A(1,K), 1, A(1,J), 1)
            T = T / A(K,K)
            A(K,J) = T
            S = S + T * T
   10    CONTINUE
   20    CONTINUE
         S = A(J,J) - S
         IF (S .LE. 0.0D0) GO TO 40
         A(J,J) = DSQRT(S)
   30 CONTINUE
      INFO = 0
   40 RETURN
      END
C
C     SOLVE A*X = B WITH THE CHOLESKY FACTOR (DPOSL STYLE).
C
      SUBROUTINE DPOSL(A, LDA, N, B)
      INTEGER LDA, N
      DOUBLE PRECISION A(LDA,*), B(*)
      DOUBLE PRECISION DDOT, T
      INTEGER K, KB
      DO 10 K = 1, N
         T = DDOT(K-1, A(1,K), 1, B(1), 1)
         B(K) = (B(K) - T) / A(K,K)
   10 CONTINUE
      DO 20 KB = 1, N
         K = N + 1 - KB
         B(K) = B(K) / A(K,K)
         T = -B(K)
         CALL DAXPY(K-1, T, A(1,K), 1, B(1), 1)
   20 CONTINUE
      RETURN
      END
C
C     SUM OF MAGNITUDES AND INTERCHANGE, UNROLLED BY SIX AND THREE.
C
      DOUBLE PRECISION FUNCTION DASUM(N, DX, INCX)
      INTEGER N, INCX, I, M, MP1, NINCX
      DOUBLE PRECISION DX(*), DTEMP
      DASUM = 0.0D0
      DTEMP = 0.0D0
      IF (N .LE. 0) RETURN
      IF (INCX .EQ. 1) GO TO 20
      NINCX = N * INCX
      DO 10 I = 1, NINCX, INCX
         DTEMP = DTEMP + DABS(DX(I))
   10 CONTINUE
      DASUM = DTEMP
      RETURN
   20 M = MOD(N, 6)
      IF (M .EQ. 0) GO TO 40
      DO 30 I = 1, M
         DTEMP = DTEMP + DABS(DX(I))
   30 CONTINUE
      IF (N .LT. 6) GO TO 60
   40 MP1 = M + 1
      DO 50 I = MP1, N, 6
         DTEMP = DTEMP + DABS(DX(I)) + DABS(DX(I+1)) + DABS(DX(I+2))
     1         + DABS(DX(I+3)) + DABS(DX(I+4)) + DABS(DX(I+5))
   50 CONTINUE
   60 DASUM = DTEMP
      RETURN
      END
C
      SUBROUTINE DSWAP(N, DX, INCX, DY, INCY)
      INTEGER N, INCX, INCY, I, IX, IY, M, MP1
      DOUBLE PRECISION DX(*), DY(*), DTEMP
      IF (N .LE. 0) RETURN
      IF (INCX .EQ. 1 .AND. INCY .EQ. 1) GO TO 20
      IX = 1
      IY = 1
      IF (INCX .LT. 0) IX = (-N + 1) * INCX + 1
      IF (INCY .LT. 0) IY = (-N + 1) * INCY + 1
      DO 10 I = 1, N
         DTEMP = DX(IX)
         DX(IX) = DY(IY)
         DY(IY) = DTEMP
         IX = IX + INCX
         IY = IY + INCY
   10 CONTINUE
      RETURN
   20 M = MOD(N, 3)
      IF (M .EQ. 0) GO TO 40
      DO 30 I = 1, M
         DTEMP = DX(I)
         DX(I) = DY(I)
         DY(I) = DTEMP
   30 CONTINUE
      IF (N .LT. 3) RETURN
   40 MP1 = M + 1
      DO 50 I = MP1, N, 3
         DTEMP = DX(I)
         DX(I) = DY(I)
         DY(I) = DTEMP
         DTEMP = DX(I+1)
         DX(I+1) = DY(I+1)
         DY(I+1) = DTEMP
         DTEMP = DX(I+2)
         DX(I+2) = DY(I+2)
         DY(I+2) = DTEMP
   50 CONTINUE
      RETURN
      END

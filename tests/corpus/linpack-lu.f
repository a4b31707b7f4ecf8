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

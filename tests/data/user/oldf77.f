C     OLD-STYLE F77: STATEMENT FUNCTIONS, SHARED TERMINATORS, ENTRY,
C     ALTERNATE RETURN, HOLLERITH, DATA IMPLIED DO, EQUIVALENCE
      PROGRAM OLDF
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (MAXN = 500)
      DIMENSION X(MAXN), Y(MAXN), W(MAXN,4), Z(MAXN)
      DIMENSION WORK(4*MAXN)
      EQUIVALENCE (WORK(1), W(1,1))
      COMMON /CTL/ NSTEP, TOL
      CHARACTER*16 TITLE
      INTEGER IFLAG(10)
      DATA (IFLAG(K), K = 1, 10) / 10*0 /
      DATA TITLE / 'RELAX  V1.0' /
      F(T) = T*T - 2.0D0*T + 1.0D0
      G(T, S) = 0.5D0*(T + S)
      READ (5,*) N, M
      CALL SETUP (X, N, *900)
      D O 2 0 I = 1, N
         DO 20 J = 1, 4
            W(I,J) = F(X(I)) + G(X(I), DBLE(J))
   20 CONTINUE
      DO 30 I = 2, M
         Y(I) = G(X(I-1), X(I)) * W(I,2)
   30 Z(I) = Y(I) + 1.0D0
      WRITE (6,100) TITLE, Y(2)
  100 FORMAT (1X, A16, 14H RESULT IS    , E12.5)
      CALL PNORM (Y, M, DNRM)
      IF (DNRM .GT. TOL) GO TO 900
      STOP
  900 WRITE (6,*) 'FAILED'
      END
C
      SUBROUTINE SETUP (X, N, *)
      DOUBLE PRECISION X(*)
      INTEGER N, I
      IF (N .LE. 0) RETURN 1
      DO 10 I = 1, N
         X(I) = DBLE(I) / DBLE(N)
   10 CONTINUE
      RETURN
      ENTRY RESET (X, N)
      DO 15 I = 1, N
   15 X(I) = 0.0D0
      RETURN
      END
C
      SUBROUTINE PNORM (V, N, R)
      DOUBLE PRECISION V(N), R
      INTEGER N, I
      R = 0.0D0
      DO 10 I = 1, N
         R = R + V(I)**2
   10 CONTINUE
      R = SQRT(R)
      END
C
      DOUBLE PRECISION FUNCTION DDOTX (N, A, B)
      INTEGER N, I
      DOUBLE PRECISION A(N), B(N)
      DDOTX = 0.0D0
      DO 10 I = 1, N
   10 DDOTX = DDOTX + A(I)*B(I)
      END
C
      SUBROUTINE SAY (MSG)
      CHARACTER*(*) MSG
      WRITE (6,'(A)') MSG
      END

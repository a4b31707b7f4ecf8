      PROGRAM LEGACY
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      PARAMETER (N = 10, M = N*2 + 1)
      DIMENSION A(N), B(N,N)
      COMMON /BLK/ C(M), K
      EQUIVALENCE (A(1), X1)
      CHARACTER NAME*8, TITLE*(20)
      CHARACTER*12 LABEL
      INTEGER*4 IV
      REAL*8 R8
      COMPLEX*16 Z
      LOGICAL FLAG
      SAVE
      EXTERNAL SUB
      INTRINSIC DSQRT
      DATA (A(I), I = 1, N) / N*0.0D0 /
      DATA NAME /'ABCDEFGH'/, IV /4HABCD/
      F(X) = X**2 + 1.0D0
      D O 10 I = 1, N
      DO10J=1,N
      B(I,J) = F(DFLOAT(I)) + DBLE(J)
      FLAG = B(I,J) .EQ .3
   10 CONTINUE
      DO10I=1.5
      DO 20 I = 1, N
         IF (A(I)) 15, 20, 20
   15    A(I) = -A(I)
   20 A(I) = DSQRT(A(I))
      ASSIGN 30 TO LAB
      GO TO LAB, (30, 40)
   30 GOTO (40, 50), IV
   40 CONTINUE
   50 WRITE (6, 100) (A(I), I = 1, N)
  100 FORMAT (1X, 5HVALUE, 10F8.3)
      OPEN (UNIT=7, FILE='x.dat', STATUS='UNKNOWN')
      REWIND 7
      INQUIRE (UNIT=7, OPENED=FLAG)
      CLOSE (7)
      Z = DCMPLX(1.0D0, 2.0D0)
      Z = DCONJG(Z)
      LABEL = CHAR(65)
      CALL XPOMPF OPEN DISPLAY
      CALL SUB(A, *40, *50)
      IF (N .GT. 100) STOP 'too big'
      PAUSE
      END
      SUBROUTINE SUB(A, *, *)
      DOUBLE PRECISION A(*)
      ENTRY SUB2(A)
      IF (A(1) .LT. 0) RETURN 1
      RETURN 2
      END
      SUBROUTINE XPOMPFOPENDISPLAY
      END
      REAL*8 FUNCTION G(X)
      REAL*8 X
      G = X
      END
      DOUBLE PRECISION FUNCTION H(X)
      IMPLICIT NONE
      DOUBLE PRECISION X, Y
      Y = DFLOAT(INT(X)) + DABS(X) + DBLE(IDINT(X))
      H = Y
      END
      BLOCK DATA BD
      COMMON /BLK/ C(21), K
      DATA K /1/
      END

C     An arithmetic IF picks one of three statements per iteration and
C     GO TO jumps over the others (tests/profile/profile-run-test.cpp).
      PROGRAM JUMPS
      INTEGER N, I
      PARAMETER (N = 90)
      REAL A(N), C(N)
      DO 10 I = 1, N
         A(I) = REAL(MOD(I, 3)) - 1.0
   10 CONTINUE
      DO 20 I = 1, N
         IF (A(I)) 15, 16, 17
   15    C(I) = 0.0
         GOTO 20
   16    C(I) = 1.0
         GOTO 20
   17    C(I) = A(I) + 2.0
   20 CONTINUE
      WRITE(*,*) C(1), C(N)
      END

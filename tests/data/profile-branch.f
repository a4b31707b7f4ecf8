C     Profile-run test: the IF branch inside the DO loop is taken for
C     every fourth I, exactly 1 time in 4 (25 of N = 100 iterations).
      PROGRAM BRANCH
      INTEGER N
      PARAMETER (N = 100)
      INTEGER I, K
      REAL A(N), B(N)
      K = 0
      DO 5 I = 1, N
        B(I) = REAL(I)
    5 CONTINUE
      DO 10 I = 1, N
        A(I) = B(I) * 2.0
        IF (MOD(I, 4) .EQ. 0) THEN
          A(I) = A(I) + B(I) * B(I) / 3.0 + SQRT(B(I))
          K = K + 1
        END IF
   10 CONTINUE
      PRINT *, K, A(N)
      END

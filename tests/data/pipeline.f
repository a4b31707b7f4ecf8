C     A wavefront: the recurrence along J (X(I,J-1) feeds X(I,J)) is
C     carried by the inner loop; the outer I loop is independent. Under
C     (*,BLOCK) the J blocks form a chain of processors and strips of I
C     become the stages of a pipeline (tests/estimate/parallelism-test.cpp).
      PROGRAM PIPE
      INTEGER N
      PARAMETER (N = 64)
      DOUBLE PRECISION X(N,N), Y(N,N)
      INTEGER I, J
      DO 1 I = 1, N
      DO 1 J = 2, N
         X(I,J) = X(I,J) + X(I,J-1)
    1 CONTINUE
      DO 2 I = 1, N
      DO 2 J = 2, N
         Y(I,J) = X(I,J-1) + X(I,J)
    2 CONTINUE
      PRINT *, X(N,N), Y(N,N)
      END

      PROGRAM T1
      INTEGER N, I, J
      PARAMETER (N = 256)
      REAL A(N,N)
CHPF$ DISTRIBUTE A(*,CYCLIC)
      DO 20 J = 2, N
         DO 20 I = 2, N
            A(I,J) = A(I,J) - A(I,1) * A(1,J)
   20 CONTINUE
      END

C     A reversal copy re-done M times: TD = M * 4 * N bytes (every element
C     of A(N-I+1) lives on another processor when N/4 is even)
      PROGRAM TDB
      INTEGER N, M, K, I
      REAL A(N), B(N)
CHPF$ DISTRIBUTE A(BLOCK)
CHPF$ DISTRIBUTE B(BLOCK)
      DO 10 K = 1, M
         DO 20 I = 1, N
            B(I) = A(N-I+1)
   20    CONTINUE
         DO 30 I = 1, N
            A(I) = B(I)
   30    CONTINUE
   10 CONTINUE
      END

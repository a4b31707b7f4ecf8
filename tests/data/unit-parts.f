C     A program unit with two loop nests and statements outside loops:
C     its estimate is the sum of its parts (tests/estimate/unit-estimate-test).
      PROGRAM PARTS
      INTEGER N
      PARAMETER (N = 64)
      REAL A(N), B(N), S
CHPF$ PROCESSORS PR(4)
CHPF$ DISTRIBUTE A(BLOCK) ONTO PR
CHPF$ ALIGN B(I) WITH A(I)
      S = A(N)
      DO 10 I = 2, N
        A(I) = B(I-1) + 1.0
   10 CONTINUE
      A(1) = S * 2.0
      DO 20 I = 1, N
        B(I) = A(I) * 3.0
   20 CONTINUE
      END

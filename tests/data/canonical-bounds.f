      PROGRAM BOUNDS
C     Loop bounds whose printed form GiNaC ordered differently from run
C     to run: the outline and the formulas must print them in one order.
      INTEGER N, M, K, I, J, L
      REAL A(4000, 4000), B(4000)
!HPF$ DISTRIBUTE A(BLOCK, *)
!HPF$ DISTRIBUTE B(BLOCK)
      READ *, N, M
      DO K = 1, N
        DO I = 1, N-K+1
          A(I, K) = B(I)
        END DO
        DO J = 1, 2*M+N-1
          B(J) = B(J) + 1.0
        END DO
        DO L = 1, (N+1)/2
          A(L, K) = 0.0
        END DO
      END DO
      END

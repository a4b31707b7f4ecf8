      PROGRAM GUESS
C     The analyser says what it guessed: KP1 and NH are forward-substituted,
C     N is set by a READ, M by a CALL, L on two paths, MM before a use in the loop.
      INTEGER N, M, K, I, J, KP1, NH, L, MM
      REAL A(1000, 1000), B(1000)
      READ *, N
      CALL SETUP(M)
      NH = N / 2
      IF (N .GT. 10) THEN
        L = 1
      ELSE
        L = 2
      END IF
      DO K = 1, N - 1
        KP1 = K + 1
        DO I = KP1, NH
          A(I, K) = A(I, K) + B(I + MM)
          MM = K
        END DO
        DO J = L, M
          B(J) = A(KP1, J)
        END DO
      END DO
      END
      SUBROUTINE SETUP(M)
      INTEGER M
      M = 100
      END

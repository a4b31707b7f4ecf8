C     Calls for the unit estimates (tests/estimate/unit-estimate-test):
C     a CALL in a DO loop, a CALL under IF, a call once against the same
C     nest inlined, a prescriptive dummy, recursion, an unknown procedure.
      PROGRAM CALLS
      INTEGER K
      CALL LOOPED(K)
      CALL GUARDED(K)
      CALL ONCE
      CALL INLINED
      END

      SUBROUTINE SWEEP(X, M)
      INTEGER M
      REAL X(M)
      DO 10 I = 2, M
        X(I) = X(I-1) + 1.0
   10 CONTINUE
      END

      SUBROUTINE LOOPED(N)
      INTEGER N
      REAL A(64)
CHPF$ PROCESSORS PR(4)
CHPF$ DISTRIBUTE A(BLOCK) ONTO PR
      DO 20 K = 1, N
        CALL SWEEP(A, 64)
   20 CONTINUE
      END

      SUBROUTINE GUARDED(N)
      INTEGER N
      REAL A(64)
CHPF$ PROCESSORS PR(4)
CHPF$ DISTRIBUTE A(BLOCK) ONTO PR
      IF (N .GT. 0) CALL SWEEP(A, 64)
      END

      SUBROUTINE ONCE
      REAL A(64)
CHPF$ PROCESSORS PR(4)
CHPF$ DISTRIBUTE A(BLOCK) ONTO PR
      CALL SWEEP(A, 64)
      END

      SUBROUTINE INLINED
      REAL A(64)
CHPF$ PROCESSORS PR(4)
CHPF$ DISTRIBUTE A(BLOCK) ONTO PR
      DO 30 I = 2, 64
        A(I) = A(I-1) + 1.0
   30 CONTINUE
      END

      SUBROUTINE CYCSWP(X, M)
      INTEGER M
      REAL X(M)
CHPF$ PROCESSORS QR(4)
CHPF$ DISTRIBUTE X(CYCLIC) ONTO QR
      DO 40 I = 2, M
        X(I) = X(I-1) + 1.0
   40 CONTINUE
      END

      SUBROUTINE PRESC
      REAL A(64)
CHPF$ PROCESSORS PR(4)
CHPF$ DISTRIBUTE A(BLOCK) ONTO PR
      CALL CYCSWP(A, 64)
      END

      SUBROUTINE PING(N)
      INTEGER N
      IF (N .GT. 1) CALL PONG(N - 1)
      CALL EXTERN(N)
      END

      SUBROUTINE PONG(N)
      INTEGER N
      IF (N .GT. 1) CALL PING(N - 1)
      END

      SUBROUTINE NEEDS
      INTEGER M, J, KK
      REAL A(100)
CHPF$ PROCESSORS PR(4)
CHPF$ DISTRIBUTE A(BLOCK) ONTO PR
      DO 50 I = 1, M
        A(I) = 0.0
   50 CONTINUE
      A(J) = 1.0
      DO 60 I = 1, KK
        CALL UNKNWN(A)
   60 CONTINUE
      END

      SUBROUTINE UNKNWN(X)
      INTEGER L
      REAL X(100)
      DO 70 I = 1, L
        X(I) = 2.0
   70 CONTINUE
      END

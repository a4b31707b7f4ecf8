C     Matrix multiplication C = A * B in FORTRAN 77 fixed form, with labelled
C     DO loops that share their terminal statements and CHPF$ directives.
      PROGRAM MATMUL
      INTEGER N
      PARAMETER (N = 128)
      REAL*8 A(N,N), B(N,N), C(N,N)
      INTEGER I, J, K
CHPF$ PROCESSORS PR(4)
CHPF$ TEMPLATE T(N,N)
CHPF$ ALIGN A(I,J) WITH T(I,J)
CHPF$ ALIGN B(I,J) WITH T(I,J)
CHPF$ ALIGN C(I,J) WITH T(I,J)
CHPF$ DISTRIBUTE T(*,BLOCK) ONTO PR
      DO 5 J = 1, N
      DO 5 I = 1, N
         A(I,J) = DBLE(I + J)
         B(I,J) = DBLE(I - J)
    5 CONTINUE
      DO 20 J = 1, N
      DO 20 I = 1, N
         C(I,J) = 0.0D0
         DO 10 K = 1, N
            C(I,J) = C(I,J) + A(I,K) *
     &               B(K,J)
   10    CONTINUE
   20 CONTINUE
      WRITE (*, 100) C(1,1), C(N,N)
  100 FORMAT (1X, 2F12.3)
      END

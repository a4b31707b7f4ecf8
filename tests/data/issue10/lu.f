C     LU DECOMPOSITION WITHOUT PIVOTING, COLUMN CYCLIC
      PROGRAM LUDEC
      INCLUDE 'lucom.h'
      INTEGER I, J, K, KP1
CHPF$ PROCESSORS PR(4)
CHPF$ TEMPLATE T(N)
CHPF$ ALIGN A(*,J) WITH T(J)
CHPF$ DISTRIBUTE T(CYCLIC)
CHPF$&    ONTO PR
      DO 5 J = 1, N
         DO 5 I = 1, N
            A(I,J) = 1.0 / REAL(I + J - 1)
    5 CONTINUE
      DO 30 K = 1, N - 1
         KP1 = K + 1
         DO 10 I = KP1, N
            A(I,K) = A(I,K) / A(K,K)
   10    CONTINUE
         DO 20 J = KP1, N
            DO 20 I = KP1, N
               A(I,J) = A(I,J) - A(I,K) * A(K,J)
   20    CONTINUE
   30 CONTINUE
      WRITE (6,*) A(N,N)
      END

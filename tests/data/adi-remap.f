C     sampleprograms/adi.f with executable remapping (HPF 2.0, Sec. 8):
C     template T is DYNAMIC, distributed by rows for the row sweeps
C     (phases 4-6) and redistributed by columns for the column sweeps
C     (phases 7-9), as a dynamic distribution tool would annotate it.
      PROGRAM ADI
      INTEGER N, NITER
      PARAMETER (N = 256, NITER = 10)
      DOUBLE PRECISION X(N,N)
      DOUBLE PRECISION A(N,N), B(N,N)
      INTEGER I, J, ITER
CHPF$ PROCESSORS PROCS(16)
CHPF$ TEMPLATE T(N,N)
CHPF$ ALIGN WITH T :: X, A, B
CHPF$ DISTRIBUTE T(BLOCK,*) ONTO PROCS
CHPF$ DYNAMIC T
C     phases 1-3: initialisation
      DO 1 I = 1, N
         A(I,1) = 0.0D0
         B(I,1) = 3.0D0
         X(I,1) = 4.0D0
    1 CONTINUE
      DO 2 J = 2, N - 1
      DO 2 I = 1, N
         A(I,J) = 1.0D0
         B(I,J) = 3.0D0
         X(I,J) = 5.0D0
    2 CONTINUE
      DO 3 I = 1, N
         A(I,N) = 1.0D0
         B(I,N) = 3.0D0
         X(I,N) = 4.0D0
    3 CONTINUE
      DO 10 ITER = 1, NITER
C     phases 4-6: forward and backward sweeps along rows
CHPF$ REDISTRIBUTE T(BLOCK,*)
      DO 4 J = 2, N
      DO 4 I = 1, N
         X(I,J) = X(I,J) - X(I,J-1) * A(I,J) / B(I,J-1)
         B(I,J) = B(I,J) - A(I,J) * A(I,J) / B(I,J-1)
    4 CONTINUE
      DO 5 I = 1, N
         X(I,N) = X(I,N) / B(I,N)
    5 CONTINUE
      DO 6 J = N - 1, 1, -1
      DO 6 I = 1, N
         X(I,J) = (X(I,J) - A(I,J+1) * X(I,J+1)) / B(I,J)
    6 CONTINUE
C     phases 7-9: forward and backward sweeps along columns
CHPF$ REDISTRIBUTE T(*,BLOCK)
      DO 7 J = 1, N
      DO 7 I = 2, N
         X(I,J) = X(I,J) - X(I-1,J) * A(I,J) / B(I-1,J)
         B(I,J) = B(I,J) - A(I,J) * A(I,J) / B(I-1,J)
    7 CONTINUE
      DO 8 J = 1, N
         X(N,J) = X(N,J) / B(N,J)
    8 CONTINUE
      DO 9 J = 1, N
      DO 9 I = N - 1, 1, -1
         X(I,J) = (X(I,J) - A(I+1,J) * X(I+1,J)) / B(I,J)
    9 CONTINUE
   10 CONTINUE
      PRINT *, X(N/2,N/2)
      END

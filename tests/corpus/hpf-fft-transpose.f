C     TWO-DIMENSIONAL FFT BY ROWS, TRANSPOSE, ROWS: THE TRANSPOSE IS A
C     REDISTRIBUTION BETWEEN TWO TEMPLATES.  FIXED FORM WITH THE *HPF$
C     SENTINEL, CYCLIC(K) BLOCKS, COMPLEX*16 AND DCONJG.
      PROGRAM FFT2D
      IMPLICIT NONE
      INTEGER N, LOGN
      PARAMETER (N = 128, LOGN = 7)
      COMPLEX*16 X(N,N), Y(N,N), W(N)
      DOUBLE PRECISION PI, ERR
      INTEGER I, J, K
*HPF$ PROCESSORS P(4)
*HPF$ TEMPLATE TX(N,N), TY(N,N)
*HPF$ ALIGN X(I,J) WITH TX(I,J)
*HPF$ ALIGN Y(I,J) WITH TY(I,J)
*HPF$ DISTRIBUTE TX(*,CYCLIC(8)) ONTO P
*HPF$ DISTRIBUTE TY(*,BLOCK) ONTO P
      PI = 4.0D0 * DATAN(1.0D0)
      DO 10 K = 1, N
         W(K) = DCMPLX(DCOS(2.0D0*PI*(K-1)/N), -DSIN(2.0D0*PI*(K-1)/N))
   10 CONTINUE
      DO 20 J = 1, N
      DO 20 I = 1, N
         X(I,J) = DCMPLX(DFLOAT(MOD(I*J, 17)), DFLOAT(I - J) * 0.01D0)
   20 CONTINUE
*HPF$ INDEPENDENT
      DO 30 J = 1, N
         CALL FFT1(X(1,J), W, N, LOGN)
   30 CONTINUE
*HPF$ INDEPENDENT, NEW(I)
      DO 40 J = 1, N
      DO 40 I = 1, N
         Y(J,I) = X(I,J)
   40 CONTINUE
*HPF$ INDEPENDENT
      DO 50 J = 1, N
         CALL FFT1(Y(1,J), W, N, LOGN)
   50 CONTINUE
C     ENERGY CHECK WITH THE CONJUGATE
      ERR = 0.0D0
      DO 60 J = 1, N
      DO 60 I = 1, N
         ERR = ERR + DBLE(Y(I,J) * DCONJG(Y(I,J)))
   60 CONTINUE
      WRITE (6, 100) ERR / DFLOAT(N*N)
  100 FORMAT (' MEAN ENERGY ', 1PD20.12)
      END
C
      SUBROUTINE FFT1(A, W, N, LOGN)
C     RADIX-2 DECIMATION IN TIME, IN PLACE, BIT-REVERSED INPUT ORDER
      INTEGER N, LOGN, I, J, K, M, L, ISTEP, MMAX, IW
      COMPLEX*16 A(N), W(N), T
      J = 1
      DO 20 I = 1, N - 1
         IF (I .GE. J) GO TO 10
         T = A(J)
         A(J) = A(I)
         A(I) = T
   10    K = N / 2
   15    IF (K .GE. J) GO TO 20
         J = J - K
         K = K / 2
         GO TO 15
   20 J = J + K
      MMAX = 1
      DO 40 L = 1, LOGN
         ISTEP = 2 * MMAX
         DO 30 M = 1, MMAX
            IW = (M - 1) * (N / ISTEP) + 1
            DO 30 I = M, N, ISTEP
               K = I + MMAX
               T = W(IW) * A(K)
               A(K) = A(I) - T
               A(I) = A(I) + T
   30    CONTINUE
         MMAX = ISTEP
   40 CONTINUE
      RETURN
      END

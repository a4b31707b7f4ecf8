C     HPF SPELLINGS IN FIXED FORM: A 1-D SMOOTHER AND A SCALED COPY
      PROGRAM SPELL
      INTEGER N, NITER
      PARAMETER (N = 1000)
      REAL A(N), B(N), C(N), D(N)
*HPF$ PROCESSORS P(4)
*hpf$ TEMPLATE T(N)
CHPF$ ALIGN A, B WITH T
chpf$ ALIGN C(I)
chpf$+     WITH T(I)
!HPF$ DISTRIBUTE T(BLOCK)
!HPF$ DISTRIBUTE D ONTO P
      READ (5,*) NITER
      DO 10 I = 1, N
         A(I) = REAL(I)
         C(I) = 0.0
   10 CONTINUE
      DO 30 IT = 1, NITER
CHPF$    INDEPENDENT, NEW(T1)
         DO 20 I = 2, N - 1
            T1 = A(I-1) + A(I+1)
            B(I) = 0.5 * T1 + C(I)
   20    CONTINUE
CHPF$    INDEPENDENT (I)
         DO 25 I = 2, N - 1
            A(I) = B(I)
            D(I) = B(I+1)
   25    CONTINUE
   30 CONTINUE
      CALL SCALE (A, N, 2.0)
      PRINT *, A(N/2), D(2)
      END
C
      SUBROUTINE SCALE (X, M, S)
      INTEGER M
      REAL X(M), S
CHPF$ INHERIT X
      DO 10 I = 1, M
         X(I) = S * X(I)
   10 CONTINUE
      END
C
      SUBROUTINE SCAL2 (Y, M)
      INTEGER M
      REAL Y(M)
CHPF$ DISTRIBUTE Y *(BLOCK)
      DO 10 I = 1, M
         Y(I) = 2.0 * Y(I)
   10 CONTINUE
      END

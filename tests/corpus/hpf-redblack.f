C     RED-BLACK SUCCESSIVE OVER-RELAXATION WITH HPF DIRECTIVES IN THE
C     FIXED-FORM SPELLINGS CHPF$ AND *HPF$, A COLUMN (*,BLOCK) MAPPING,
C     AN ALIGN WITH A STRIDE, DIRECTIVE CONTINUATION IN COLUMN 6 AND
C     INDEPENDENT LOOPS WITH NEW VARIABLES.
      PROGRAM REDBLK
      IMPLICIT NONE
      INCLUDE 'hpfsize.inc'
      DOUBLE PRECISION A(NN,NN), RHS(NN,NN), OMEGA, ERR, OLD, TMP
      DOUBLE PRECISION ROWSUM(NN)
      INTEGER I, J, K, IST
CHPF$ PROCESSORS PROCS(NPROC)
CHPF$ TEMPLATE T(NN,NN)
CHPF$ ALIGN A(I,J) WITH T(I,J)
CHPF$ ALIGN RHS(I,J) WITH T(I,J)
*HPF$ ALIGN ROWSUM(I) WITH T(I,*)
CHPF$ DISTRIBUTE T(*,
CHPF$&   BLOCK) ONTO PROCS
C
      OMEGA = 1.5D0
      CALL INITRB(A, RHS, NN)
      DO 100 K = 1, NITER
         ERR = 0.0D0
C        RED POINTS: I + J EVEN
CHPF$    INDEPENDENT, NEW(I, IST, OLD, TMP)
         DO 20 J = 2, NN - 1
            IST = MOD(J, 2) + 2
            DO 10 I = IST, NN - 1, 2
               OLD = A(I,J)
               TMP = 0.25D0 * (A(I-1,J) + A(I+1,J) + A(I,J-1)
     &             + A(I,J+1) - RHS(I,J))
               A(I,J) = OLD + OMEGA * (TMP - OLD)
   10       CONTINUE
   20    CONTINUE
C        BLACK POINTS: I + J ODD
CHPF$    INDEPENDENT, NEW(I, IST, OLD, TMP)
         DO 40 J = 2, NN - 1
            IST = MOD(J + 1, 2) + 2
            DO 30 I = IST, NN - 1, 2
               OLD = A(I,J)
               TMP = 0.25D0 * (A(I-1,J) + A(I+1,J) + A(I,J-1)
     &             + A(I,J+1) - RHS(I,J))
               A(I,J) = OLD + OMEGA * (TMP - OLD)
               ERR = DMAX1(ERR, DABS(TMP - OLD))
   30       CONTINUE
   40    CONTINUE
         IF (ERR .LT. 1.0D-8) GO TO 200
  100 CONTINUE
  200 CONTINUE
CHPF$ INDEPENDENT
      DO 220 I = 1, NN
         ROWSUM(I) = 0.0D0
         DO 210 J = 1, NN
            ROWSUM(I) = ROWSUM(I) + A(I,J)
  210    CONTINUE
  220 CONTINUE
      WRITE (6, 900) K, ERR, ROWSUM(NN / 2)
  900 FORMAT (' SWEEPS ', I6, ' ERROR ', 1PD12.4, ' MIDDLE ROW ', D14.6)
      END
C
      SUBROUTINE INITRB(A, RHS, N)
      INTEGER N, I, J
      DOUBLE PRECISION A(N,N), RHS(N,N), H
CHPF$ INHERIT A, RHS
      H = 1.0D0 / DFLOAT(N - 1)
CHPF$ INDEPENDENT, NEW(I)
      DO 20 J = 1, N
         DO 10 I = 1, N
            A(I,J) = 0.0D0
            RHS(I,J) = H * H * DSIN(DFLOAT(I) * H) * DCOS(DFLOAT(J) * H)
   10    CONTINUE
   20 CONTINUE
      DO 30 I = 1, N
         A(I,1) = 1.0D0
         A(I,N) = -1.0D0
   30 CONTINUE
      RETURN
      END

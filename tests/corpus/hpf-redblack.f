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
C
C     LINE SOR: EACH COLUMN J IS SOLVED EXACTLY ALONG I BY A TRIDIAGONAL
C     SWEEP; ODD COLUMNS, THEN EVEN COLUMNS (STRIDE 2), SO THE COLUMNS
C     OF ONE COLOUR ARE INDEPENDENT UNDER THE (*,BLOCK) MAPPING.
      SUBROUTINE LINSOR(A, RHS, N, OMEGA, NSWEEP)
      IMPLICIT NONE
      INTEGER N, NSWEEP, I, J, K, J0
      DOUBLE PRECISION A(N,N), RHS(N,N), OMEGA, CP(512), DP(512), M
      DOUBLE PRECISION X(512)
CHPF$ INHERIT A, RHS
      DO 50 K = 1, NSWEEP
      DO 50 J0 = 2, 3
CHPF$    INDEPENDENT, NEW(I, CP, DP, M, X)
         DO 40 J = J0, N - 1, 2
            CP(2) = -0.25D0
            DP(2) = 0.25D0 * (A(2,J-1) + A(2,J+1) + RHS(2,J) + A(1,J))
            DO 10 I = 3, N - 1
               M = 1.0D0 + 0.25D0 * CP(I-1)
               CP(I) = -0.25D0 / M
               DP(I) = (0.25D0 * (A(I,J-1) + A(I,J+1) + RHS(I,J))
     &               + 0.25D0 * DP(I-1)) / M
   10       CONTINUE
            X(N-1) = DP(N-1) + 0.25D0 * A(N,J)
            DO 20 I = N - 2, 2, -1
               X(I) = DP(I) - CP(I) * X(I+1)
   20       CONTINUE
            DO 30 I = 2, N - 1
               A(I,J) = A(I,J) + OMEGA * (X(I) - A(I,J))
   30       CONTINUE
   40    CONTINUE
   50 CONTINUE
      RETURN
      END
C
C     RESIDUAL OF THE FIVE-POINT EQUATIONS AND ITS ROW SUMS (ROWSUM IS
C     ALIGNED WITH THE TEMPLATE ROWS, REPLICATED OVER COLUMNS).
      SUBROUTINE RBRES(A, RHS, N, RES, ROWS)
      IMPLICIT NONE
      INTEGER N, I, J
      DOUBLE PRECISION A(N,N), RHS(N,N), RES, ROWS(N), R
CHPF$ INHERIT A, RHS
*HPF$ ALIGN ROWS(I) WITH A(I,*)
      RES = 0.0D0
      DO 10 I = 1, N
         ROWS(I) = 0.0D0
   10 CONTINUE
CHPF$ INDEPENDENT, NEW(I, R), REDUCTION(RES)
      DO 30 J = 2, N - 1
         DO 20 I = 2, N - 1
            R = RHS(I,J) + A(I-1,J) + A(I+1,J) + A(I,J-1) + A(I,J+1)
     &        - 4.0D0 * A(I,J)
            RES = MAX(RES, ABS(R))
   20    CONTINUE
   30 CONTINUE
      DO 50 J = 2, N - 1
      DO 50 I = 2, N - 1
         ROWS(I) = ROWS(I) + A(I,J)
   50 CONTINUE
      RETURN
      END
C
C     OPTIMAL OVER-RELAXATION FACTOR FOR THE MODEL PROBLEM FROM THE
C     JACOBI SPECTRAL RADIUS COS(PI/(N-1)).
      DOUBLE PRECISION FUNCTION OMEGOP(N)
      IMPLICIT NONE
      INTEGER N
      DOUBLE PRECISION RHOJ, PI
      PI = 4.0D0 * DATAN(1.0D0)
      RHOJ = DCOS(PI / DFLOAT(N - 1))
      OMEGOP = 2.0D0 / (1.0D0 + DSQRT(1.0D0 - RHOJ * RHOJ))
      RETURN
      END
C
C     CHEBYSHEV ACCELERATION OF RED-BLACK SOR: OMEGA CHANGES EVERY HALF
C     SWEEP; THE RED AND BLACK HALVES USE A START INDEX THAT DEPENDS ON
C     THE COLUMN (IST = 2 + MOD(J + ICOL, 2)) AND STRIDE 2.
      SUBROUTINE RBCHEB(A, RHS, N, NIT, RESLOG)
      IMPLICIT NONE
      INTEGER N, NIT, I, J, IT, ICOL, IST
      DOUBLE PRECISION A(N,N), RHS(N,N), RESLOG(NIT), OMEGA, RHOJ
      DOUBLE PRECISION OLD, PI, RES
CHPF$ INHERIT A, RHS
      PI = 4.0D0 * DATAN(1.0D0)
      RHOJ = DCOS(PI / DFLOAT(N - 1))
      OMEGA = 1.0D0
      DO 40 IT = 1, NIT
         RES = 0.0D0
         DO 30 ICOL = 0, 1
CHPF$       INDEPENDENT, NEW(I, IST, OLD), REDUCTION(RES)
            DO 20 J = 2, N - 1
               IST = 2 + MOD(J + ICOL, 2)
               DO 10 I = IST, N - 1, 2
                  OLD = A(I,J)
                  A(I,J) = OLD + OMEGA * (0.25D0 * (A(I-1,J) + A(I+1,J)
     &                   + A(I,J-1) + A(I,J+1) + RHS(I,J)) - OLD)
                  RES = MAX(RES, ABS(A(I,J) - OLD))
   10          CONTINUE
   20       CONTINUE
            IF (IT .EQ. 1 .AND. ICOL .EQ. 0) THEN
               OMEGA = 1.0D0 / (1.0D0 - 0.5D0 * RHOJ * RHOJ)
            ELSE
               OMEGA = 1.0D0 / (1.0D0 - 0.25D0 * RHOJ * RHOJ * OMEGA)
            END IF
   30    CONTINUE
         RESLOG(IT) = RES
   40 CONTINUE
      RETURN
      END
C
C     CONVERGENCE TABLE EVERY TENTH ITERATION.
      SUBROUTINE RBTAB(RESLOG, NIT)
      IMPLICIT NONE
      INTEGER NIT, IT
      DOUBLE PRECISION RESLOG(NIT)
      WRITE (6, 900)
      DO 10 IT = 10, NIT, 10
         WRITE (6, 910) IT, RESLOG(IT), RESLOG(IT) / RESLOG(IT - 9)
   10 CONTINUE
  900 FORMAT (/'  ITER    MAX CHANGE    REDUCTION/10')
  910 FORMAT (1X, I5, 1PE14.5, 0PF12.5)
      RETURN
      END

C     MULTIGRID V-CYCLE PIECES (NAS MG STYLE): 27-POINT RESIDUAL AND
C     SMOOTHER WITH COEFFICIENT ARRAYS, RESTRICTION AND PROLONGATION ON
C     PERIODIC GRIDS.  ADJUSTABLE ARRAYS AND DATA-INITIALIZED STENCILS.
      PROGRAM MGRID
      IMPLICIT NONE
      INTEGER NF, NC
      PARAMETER (NF = 34, NC = 18)
      DOUBLE PRECISION U(NF,NF,NF), V(NF,NF,NF), R(NF,NF,NF)
      DOUBLE PRECISION RC(NC,NC,NC), UC(NC,NC,NC), A(0:3), C(0:3)
      INTEGER IT
      DATA A / -2.6666666666667D0, 0.0D0, 0.16666666666667D0,
     >         0.083333333333333D0 /
      DATA C / -0.375D0, 0.03125D0, -0.015625D0, 0.0D0 /
      CALL ZERO3(U, NF)
      CALL ZERO3(V, NF)
      V(NF/2, NF/2, NF/2) = 1.0D0
      V(3, 5, 7) = -1.0D0
      DO 10 IT = 1, 4
         CALL RESID(U, V, R, NF, A)
         CALL RPRJ3(R, NF, RC, NC)
         CALL ZERO3(UC, NC)
         CALL PSINV(RC, UC, NC, C)
         CALL INTERP(UC, NC, U, NF)
         CALL RESID(U, V, R, NF, A)
         CALL PSINV(R, U, NF, C)
   10 CONTINUE
      CALL NORM2U3(R, NF)
      END
C
      SUBROUTINE ZERO3(Z, N)
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION Z(N,N,N)
      DO 10 I3 = 1, N
      DO 10 I2 = 1, N
      DO 10 I1 = 1, N
         Z(I1,I2,I3) = 0.0D0
   10 CONTINUE
      END
C
      SUBROUTINE RESID(U, V, R, N, A)
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION U(N,N,N), V(N,N,N), R(N,N,N), A(0:3)
      DOUBLE PRECISION U1(34), U2(34)
      DO 30 I3 = 2, N - 1
      DO 30 I2 = 2, N - 1
         DO 10 I1 = 1, N
            U1(I1) = U(I1,I2-1,I3) + U(I1,I2+1,I3)
     >             + U(I1,I2,I3-1) + U(I1,I2,I3+1)
            U2(I1) = U(I1,I2-1,I3-1) + U(I1,I2+1,I3-1)
     >             + U(I1,I2-1,I3+1) + U(I1,I2+1,I3+1)
   10    CONTINUE
         DO 20 I1 = 2, N - 1
            R(I1,I2,I3) = V(I1,I2,I3)
     >                  - A(0) * U(I1,I2,I3)
     >                  - A(2) * (U2(I1) + U1(I1-1) + U1(I1+1))
     >                  - A(3) * (U2(I1-1) + U2(I1+1))
   20    CONTINUE
   30 CONTINUE
      CALL COMM3(R, N)
      END
C
      SUBROUTINE PSINV(R, U, N, C)
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION U(N,N,N), R(N,N,N), C(0:3), R1(34), R2(34)
      DO 30 I3 = 2, N - 1
      DO 30 I2 = 2, N - 1
         DO 10 I1 = 1, N
            R1(I1) = R(I1,I2-1,I3) + R(I1,I2+1,I3)
     >             + R(I1,I2,I3-1) + R(I1,I2,I3+1)
            R2(I1) = R(I1,I2-1,I3-1) + R(I1,I2+1,I3-1)
     >             + R(I1,I2-1,I3+1) + R(I1,I2+1,I3+1)
   10    CONTINUE
         DO 20 I1 = 2, N - 1
            U(I1,I2,I3) = U(I1,I2,I3) + C(0) * R(I1,I2,I3)
     >           + C(1) * (R(I1-1,I2,I3) + R(I1+1,I2,I3) + R1(I1))
     >           + C(2) * (R2(I1) + R1(I1-1) + R1(I1+1))
   20    CONTINUE
   30 CONTINUE
      CALL COMM3(U, N)
      END
C
      SUBROUTINE RPRJ3(R, M, S, MC)
      INTEGER M, MC, I1, I2, I3, J1, J2, J3
      DOUBLE PRECISION R(M,M,M), S(MC,MC,MC)
      DO 10 J3 = 2, MC - 1
         I3 = 2 * J3 - 1
      DO 10 J2 = 2, MC - 1
         I2 = 2 * J2 - 1
      DO 10 J1 = 2, MC - 1
         I1 = 2 * J1 - 1
         S(J1,J2,J3) = 0.5D0 * R(I1,I2,I3)
     >     + 0.25D0 * (R(I1-1,I2,I3) + R(I1+1,I2,I3) + R(I1,I2-1,I3)
     >     + R(I1,I2+1,I3) + R(I1,I2,I3-1) + R(I1,I2,I3+1)) / 6.0D0
   10 CONTINUE
      CALL COMM3(S, MC)
      END
C
      SUBROUTINE INTERP(Z, MM, U, N)
      INTEGER MM, N, I1, I2, I3
      DOUBLE PRECISION Z(MM,MM,MM), U(N,N,N)
      DO 10 I3 = 1, MM - 1
      DO 10 I2 = 1, MM - 1
      DO 10 I1 = 1, MM - 1
         U(2*I1-1,2*I2-1,2*I3-1) = U(2*I1-1,2*I2-1,2*I3-1)
     >                           + Z(I1,I2,I3)
         U(2*I1,2*I2-1,2*I3-1) = U(2*I1,2*I2-1,2*I3-1)
     >                 + 0.5D0 * (Z(I1+1,I2,I3) + Z(I1,I2,I3))
   10 CONTINUE
      END
C
      SUBROUTINE COMM3(U, N)
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION U(N,N,N)
      DO 10 I3 = 2, N - 1
      DO 10 I2 = 2, N - 1
         U(1,I2,I3) = U(N-1,I2,I3)
         U(N,I2,I3) = U(2,I2,I3)
   10 CONTINUE
      DO 20 I3 = 2, N - 1
      DO 20 I1 = 1, N
         U(I1,1,I3) = U(I1,N-1,I3)
         U(I1,N,I3) = U(I1,2,I3)
   20 CONTINUE
      DO 30 I2 = 1, N
      DO 30 I1 = 1, N
         U(I1,I2,1) = U(I1,I2,N-1)
         U(I1,I2,N) = U(I1,I2,2)
   30 CONTINUE
      END
C
      SUBROUTINE NORM2U3(R, N)
      INTEGER N, I1, I2, I3
      DOUBLE PRECISION R(N,N,N), S, RMAX
      S = 0.0D0
      RMAX = 0.0D0
      DO 10 I3 = 2, N - 1
      DO 10 I2 = 2, N - 1
      DO 10 I1 = 2, N - 1
         S = S + R(I1,I2,I3) ** 2
         RMAX = DMAX1(RMAX, DABS(R(I1,I2,I3)))
   10 CONTINUE
      WRITE (6, '(A, 2D20.12)') ' L2 NORM, MAX ', DSQRT(S / (N-2)**3),
     >      RMAX
      END

C     Heat diffusion on an N x N plate, written the way HPF codes of the
C     1990s were: fixed form, the three sentinels, directives continued
C     in column 6 and with a trailing '&', attributed and combined
C     mapping directives, INDEPENDENT in its spellings, FORALL
C     statements and constructs with masks, a PURE function, a
C     remapping, and a subroutine with inherited and descriptive
C     dummies.
      PROGRAM HEAT
      INTEGER N, NSTEP
      PARAMETER (N = 256, NSTEP = 100)
      REAL U(N, N), V(N, N), F(N, N), W(N)
      REAL RESID, ALPHA, SOURCE
      INTEGER I, J, STEP
CHPF$ PROCESSORS PROCS(NUMBER_OF_PROCESSORS())
CHPF$ PROCESSORS, DIMENSION(2, 2) :: GRID
!HPF$ TEMPLATE, DIMENSION(N, N) :: T
!HPF$ ALIGN U, V WITH T
*HPF$ ALIGN (I, J) WITH T(I, J) :: F
chpf$ align w(i) with t(i, *)
!HPF$ DYNAMIC T
CHPF$ DISTRIBUTE T(BLOCK,
CHPF$&            BLOCK) ONTO GRID
!HPF$ NO SEQUENCE
      ALPHA = 0.25
CHPF$ INDEPENDENT, NEW(I)
      DO 10 J = 1, N
CHPF$    INDEPENDENT
         DO 10 I = 1, N
            U(I, J) = 0.0
            F(I, J) = SOURCE(I, J, N)
   10 CONTINUE
      FORALL (I = 1:N) W(I) = 1.0 / REAL(I)
      DO 40 STEP = 1, NSTEP
!HPF$    INDEPENDENT (J, &
!HPF$                 I)
         FORALL (J = 2:N-1, I = 2:N-1)
     &      V(I, J) = U(I, J) + ALPHA * (U(I-1, J) + U(I+1, J)
     &              + U(I, J-1) + U(I, J+1) - 4.0 * U(I, J)) + F(I, J)
         FORALL (J = 1:N, I = 1:N, V(I, J) .LT. 0.0)
            V(I, J) = 0.0
         END FORALL
         RESID = 0.0
CHPF$    INDEPENDENT, REDUCTION(RESID)
         DO 30 J = 2, N - 1
            DO 30 I = 2, N - 1
               RESID = RESID + ABS(V(I, J) - U(I, J))
   30    CONTINUE
!HPF$    TASK_REGION
         CALL COPY(U, V, N)
!HPF$    END TASK_REGION
   40 CONTINUE
!HPF$ REDISTRIBUTE T(*, BLOCK) ONTO PROCS
      DO 50 J = 1, N
!HPF$    ON HOME(W(J)), RESIDENT
         W(J) = U(N / 2, J) * W(J)
   50 CONTINUE
      PRINT *, RESID, W(1)
      END

      PURE REAL FUNCTION SOURCE(I, J, N)
      INTEGER, INTENT(IN) :: I, J, N
      SOURCE = 0.0
      IF (I .EQ. N / 2 .AND. J .EQ. N / 2) SOURCE = 1.0
      END

C     X takes the caller's mapping whatever it is; Y is asserted to be
C     distributed by blocks in both dimensions.
      SUBROUTINE COPY(X, Y, N)
      INTEGER N, I, J
      REAL X(N, N), Y(N, N)
CHPF$ INHERIT X
CHPF$ DISTRIBUTE Y *(BLOCK, BLOCK) ONTO *
!HPF$ INDEPENDENT
      FORALL (J = 1:N)
         FORALL (I = 1:N) X(I, J) = Y(I, J)
      END FORALL
      END

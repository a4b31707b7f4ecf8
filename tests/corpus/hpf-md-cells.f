C     LINKED-CELL MOLECULAR DYNAMICS WITH HPF MAPPINGS IN FIXED FORM: A
C     RANK-3 CELL TEMPLATE ON A RANK-3 PROCESSORS ARRANGEMENT, PARTICLE
C     ARRAYS DISTRIBUTED BLOCK, A DIRECTIVE CONTINUED OVER THREE LINES.
      PROGRAM MDCELL
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INTEGER NC, NP, MAXPC
      PARAMETER (NC = 8, NP = 4096, MAXPC = 32)
      DOUBLE PRECISION X(3,NP), F(3,NP), CELLE(NC,NC,NC)
      INTEGER NIN(NC,NC,NC), LIST(MAXPC,NC,NC,NC)
      INTEGER I, J, K, L, M, IP, JP, IC, JC, KC
CHPF$ PROCESSORS PCUBE(2,2,2)
CHPF$ TEMPLATE CELLS(NC,NC,NC)
CHPF$ ALIGN NIN(I,J,K) WITH CELLS(I,J,K)
CHPF$ ALIGN CELLE(I,J,K) WITH CELLS(I,J,K)
CHPF$ ALIGN LIST(*,I,J,K) WITH CELLS(I,J,K)
CHPF$ DISTRIBUTE CELLS(BLOCK,
CHPF$&                 BLOCK,
CHPF$&                 BLOCK) ONTO PCUBE
CHPF$ DISTRIBUTE (*,BLOCK) :: X, F
      BOX = 16.0D0
      DO 10 IP = 1, NP
         X(1,IP) = DMOD(IP * 0.618034D0, 1.0D0) * BOX
         X(2,IP) = DMOD(IP * 0.414214D0, 1.0D0) * BOX
         X(3,IP) = DMOD(IP * 0.732051D0, 1.0D0) * BOX
   10 CONTINUE
CHPF$ INDEPENDENT, NEW(I, J)
      DO 20 K = 1, NC
      DO 20 J = 1, NC
      DO 20 I = 1, NC
         NIN(I,J,K) = 0
         CELLE(I,J,K) = 0.0D0
   20 CONTINUE
      DO 30 IP = 1, NP
         IC = MIN(NC, 1 + INT(X(1,IP) * NC / BOX))
         JC = MIN(NC, 1 + INT(X(2,IP) * NC / BOX))
         KC = MIN(NC, 1 + INT(X(3,IP) * NC / BOX))
         IF (NIN(IC,JC,KC) .GE. MAXPC) GO TO 30
         NIN(IC,JC,KC) = NIN(IC,JC,KC) + 1
         LIST(NIN(IC,JC,KC),IC,JC,KC) = IP
   30 CONTINUE
CHPF$ INDEPENDENT, NEW(I, J, L, M, IP, JP, R2)
      DO 60 K = 1, NC
      DO 60 J = 1, NC
      DO 60 I = 1, NC
         DO 50 L = 1, NIN(I,J,K)
            IP = LIST(L,I,J,K)
            DO 40 M = L + 1, NIN(I,J,K)
               JP = LIST(M,I,J,K)
               R2 = (X(1,IP) - X(1,JP))**2 + (X(2,IP) - X(2,JP))**2
     1            + (X(3,IP) - X(3,JP))**2 + 1.0D-3
               CELLE(I,J,K) = CELLE(I,J,K) + 4.0D0 * (R2**(-6)
     1                      - R2**(-3))
   40       CONTINUE
   50    CONTINUE
   60 CONTINUE
      WRITE (6, '(A, D20.12)') ' CELL ENERGY ', SUM(CELLE)
      END
C
C     FORCES FROM NEIGHBOUR CELLS: FOR EACH CELL, THE 13 "HALF-SHELL"
C     NEIGHBOURS (SO EACH PAIR IS COUNTED ONCE), PERIODIC WRAP OF THE
C     CELL INDEX, LENNARD-JONES FORCES ACCUMULATED INTO F.
      SUBROUTINE CELFRC(X, F, NP, NC, MAXPC, NIN, LIST, BOX, EPOT)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INTEGER NP, NC, MAXPC, NIN(NC,NC,NC), LIST(MAXPC,NC,NC,NC)
      DOUBLE PRECISION X(3,NP), F(3,NP)
      INTEGER I, J, K, IN, JN, KN, L, M, IP, JP, NB, IOFF(3,13)
      DATA IOFF / 1,0,0,  1,1,0,  0,1,0,  -1,1,0,  1,0,1,  1,1,1,
     1            0,1,1,  -1,1,1,  1,-1,1,  0,-1,1,  -1,-1,1,
     2            0,0,1,  -1,0,1 /
CHPF$ INHERIT NIN, LIST
      EPOT = 0.0D0
      DO 10 IP = 1, NP
         F(1,IP) = 0.0D0
         F(2,IP) = 0.0D0
         F(3,IP) = 0.0D0
   10 CONTINUE
CHPF$ INDEPENDENT, NEW(I, J, NB, IN, JN, KN, L, M, IP, JP),
CHPF$&   REDUCTION(EPOT)
      DO 60 K = 1, NC
      DO 60 J = 1, NC
      DO 60 I = 1, NC
         DO 50 NB = 1, 13
            IN = MOD(I + IOFF(1,NB) + NC - 1, NC) + 1
            JN = MOD(J + IOFF(2,NB) + NC - 1, NC) + 1
            KN = MOD(K + IOFF(3,NB) + NC - 1, NC) + 1
            DO 40 L = 1, NIN(I,J,K)
               IP = LIST(L,I,J,K)
               DO 30 M = 1, NIN(IN,JN,KN)
                  JP = LIST(M,IN,JN,KN)
                  DX = X(1,IP) - X(1,JP)
                  DY = X(2,IP) - X(2,JP)
                  DZ = X(3,IP) - X(3,JP)
                  DX = DX - BOX * DNINT(DX / BOX)
                  DY = DY - BOX * DNINT(DY / BOX)
                  DZ = DZ - BOX * DNINT(DZ / BOX)
                  R2 = DX*DX + DY*DY + DZ*DZ + 1.0D-3
                  R6 = R2 ** (-3)
                  EPOT = EPOT + 4.0D0 * (R6 * R6 - R6)
                  FR = 24.0D0 * (2.0D0 * R6 * R6 - R6) / R2
                  F(1,IP) = F(1,IP) + FR * DX
                  F(2,IP) = F(2,IP) + FR * DY
                  F(3,IP) = F(3,IP) + FR * DZ
                  F(1,JP) = F(1,JP) - FR * DX
                  F(2,JP) = F(2,JP) - FR * DY
                  F(3,JP) = F(3,JP) - FR * DZ
   30          CONTINUE
   40       CONTINUE
   50    CONTINUE
   60 CONTINUE
      RETURN
      END
C
C     VELOCITY VERLET STEP ON THE PARTICLE ARRAYS (*,BLOCK) AND A
C     REBUILD OF THE CELL LISTS EVERY NREB STEPS.
      SUBROUTINE VERLET(X, V, F, NP, DT, BOX, ISTEP, NREB, REBLD)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INTEGER NP, ISTEP, NREB, IP, K
      DOUBLE PRECISION X(3,NP), V(3,NP), F(3,NP)
      LOGICAL REBLD
CHPF$ INHERIT X, V, F
CHPF$ INDEPENDENT, NEW(K)
      DO 20 IP = 1, NP
      DO 20 K = 1, 3
         V(K,IP) = V(K,IP) + 0.5D0 * DT * F(K,IP)
         X(K,IP) = X(K,IP) + DT * V(K,IP)
         IF (X(K,IP) .LT. 0.0D0) X(K,IP) = X(K,IP) + BOX
         IF (X(K,IP) .GE. BOX) X(K,IP) = X(K,IP) - BOX
   20 CONTINUE
      REBLD = MOD(ISTEP, NREB) .EQ. 0
      RETURN
      END
C
C     HALF KICK AFTER THE NEW FORCES AND THE KINETIC ENERGY.
      SUBROUTINE KICK(V, F, NP, DT, EKIN)
      IMPLICIT DOUBLE PRECISION (A-H,O-Z)
      INTEGER NP, IP, K
      DOUBLE PRECISION V(3,NP), F(3,NP)
CHPF$ INHERIT V, F
      EKIN = 0.0D0
CHPF$ INDEPENDENT, NEW(K), REDUCTION(EKIN)
      DO 20 IP = 1, NP
      DO 20 K = 1, 3
         V(K,IP) = V(K,IP) + 0.5D0 * DT * F(K,IP)
         EKIN = EKIN + 0.5D0 * V(K,IP) ** 2
   20 CONTINUE
      RETURN
      END
C
C     CELL OCCUPANCY STATISTICS: EMPTY, FULL AND MEAN COUNTS; THE CELL
C     TEMPLATE IS REDISTRIBUTED TO (BLOCK,BLOCK,*) FOR THE PLANE SUMS.
      SUBROUTINE CELSTA(NIN, NC, MAXPC, NEMPTY, NFULL, PLANE)
      IMPLICIT NONE
      INTEGER NC, MAXPC, NIN(NC,NC,NC), NEMPTY, NFULL, I, J, K
      INTEGER PLANE(NC)
CHPF$ PROCESSORS PQ(4)
CHPF$ DYNAMIC NIN
CHPF$ REDISTRIBUTE NIN(*,*,BLOCK) ONTO PQ
      NEMPTY = 0
      NFULL = 0
CHPF$ INDEPENDENT, NEW(I, J), REDUCTION(NEMPTY, NFULL)
      DO 10 K = 1, NC
         PLANE(K) = 0
         DO 10 J = 1, NC
         DO 10 I = 1, NC
            IF (NIN(I,J,K) .EQ. 0) NEMPTY = NEMPTY + 1
            IF (NIN(I,J,K) .GE. MAXPC) NFULL = NFULL + 1
            PLANE(K) = PLANE(K) + NIN(I,J,K)
   10 CONTINUE
      WRITE (6, 900) NEMPTY, NFULL
      WRITE (6, 910) (K, PLANE(K), K = 1, NC)
  900 FORMAT (' EMPTY CELLS', I6, '   FULL CELLS', I6)
  910 FORMAT (4(' PLANE', I3, ':', I6))
      RETURN
      END

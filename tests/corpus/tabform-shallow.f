C     TAB-FORMAT FIXED FORM (DEC STYLE) AND BLANKS INSIDE NAMES AND
C     OPERATORS: A SHALLOW-WATER TIME STEP AS TYPED ON A VT100.
	PROGRAM SHALLW
	IMPLICIT DOUBLE PRECISION (A-H,O-Z)
	INTEGER M, N, MP1, NP1, ITMAX
	PARAMETER (M = 64, N = 64, MP1 = M + 1, NP1 = N + 1, ITMAX = 120)
	DIMENSION U(MP1,NP1), V(MP1,NP1), P(MP1,NP1), UNEW(MP1,NP1),
	1   VNEW(MP1,NP1), PNEW(MP1,NP1), UOLD(MP1,NP1), VOLD(MP1,NP1),
	2   POLD(MP1,NP1), CU(MP1,NP1), CV(MP1,NP1), Z(MP1,NP1),
	3   H(MP1,NP1), PSI(MP1,NP1)
	INTEGER I, J, NCYCLE, MNMIN
	COMMON /CONS/ DT, TDT, DX, DY, A, ALPHA, EL, PI, TPI, DI, DJ, PCF
C
	DT = 90.0D0
	TDT = DT
	DX = 1.0D5
	DY = 1.0D5
	A = 1.0D6
	ALPHA = 0.001D0
	EL = N * DX
	PI = 4.0D0 * DATAN(1.0D0)
	TPI = PI + PI
	DI = TPI / M
	DJ = TPI / N
	PCF = PI * PI * A * A / (EL * EL)
C     INITIAL VALUES OF THE STREAM FUNCTION AND P
	D O 50 J = 1, NP1
	D O 50 I = 1, MP1
	   PSI(I,J) = A * DSIN((I - 0.5D0) * DI) * DSIN((J - 0.5D0) * DJ)
	   P(I,J) = PCF * (DCOS(2.0D0 * (I - 1) * DI)
	1         + DCOS(2.0D0 * (J - 1) * DJ)) + 50000.0D0
   50	CONTINUE
	DO 60 J = 1, N
	DO 60 I = 1, M
	   U(I+1,J) = -(PSI(I+1,J+1) - PSI(I+1,J)) / DY
	   V(I,J+1) = (PSI(I+1,J+1) - PSI(I,J+1)) / DX
   60	CONTINUE
	CALL PERIOD(U, V, P, M, N)
	DO 70 J = 1, NP1
	DO 70 I = 1, MP1
	   UOLD(I,J) = U(I,J)
	   VOLD(I,J) = V(I,J)
	   POLD(I,J) = P(I,J)
   70	CONTINUE
C     MAIN TIME LOOP (BLANKS INSIDE KEYWORDS ARE INSIGNIFICANT)
	DO 90 NCYCLE = 1, ITMAX
	   DO 100 J = 1, N
	   DO 100 I = 1, M
	      CU(I+1,J) = .5D0 * (P(I+1,J) + P(I,J)) * U(I+1,J)
	      CV(I,J+1) = .5D0 * (P(I,J+1) + P(I,J)) * V(I,J+1)
	      Z(I+1,J+1) = (4.D0 / DX * (V(I+1,J+1) - V(I,J+1))
	1        - 4.D0 / DY * (U(I+1,J+1) - U(I+1,J)))
	2        / (P(I,J) + P(I+1,J) + P(I+1,J+1) + P(I,J+1))
	      H(I,J) = P(I,J) + .25D0 * (U(I+1,J) * U(I+1,J) + U(I,J)
	1        * U(I,J) + V(I,J+1) * V(I,J+1) + V(I,J) * V(I,J))
  100	   CONTINUE
	   CALL PERIOD(CU, CV, Z, M, N)
	   TDTS8 = TDT / 8.D0
	   TDTSDX = TDT / DX
	   TDTSDY = TDT / DY
	   DO 200 J = 1, N
	   DO 200 I = 1, M
	      UNEW(I+1,J) = UOLD(I+1,J) + TDTS8 * (Z(I+1,J+1) + Z(I+1,J))
	1        * (CV(I+1,J+1) + CV(I,J+1) + CV(I,J) + CV(I+1,J))
	2        - TDTSDX * (H(I+1,J) - H(I,J))
	      VNEW(I,J+1) = VOLD(I,J+1) - TDTS8 * (Z(I+1,J+1) + Z(I,J+1))
	1        * (CU(I+1,J+1) + CU(I,J+1) + CU(I,J) + CU(I+1,J))
	2        - TDTSDY * (H(I,J+1) - H(I,J))
	      PNEW(I,J) = POLD(I,J) - TDTSDX * (CU(I+1,J) - CU(I,J))
	1        - TDTSDY * (CV(I,J+1) - CV(I,J))
  200	   CONTINUE
	   CALL PERIOD(UNEW, VNEW, PNEW, M, N)
	   IF (NCYCLE .LE. 1) THEN
	      TDT = TDT + TDT
	      DO 310 J = 1, NP1
	      DO 310 I = 1, MP1
	         UOLD(I,J) = U(I,J)
	         VOLD(I,J) = V(I,J)
	         POLD(I,J) = P(I,J)
	         U(I,J) = UNEW(I,J)
	         V(I,J) = VNEW(I,J)
	         P(I,J) = PNEW(I,J)
  310	      CONTINUE
	   ELSE
	      DO 300 J = 1, N
	      DO 300 I = 1, M
	         UOLD(I,J) = U(I,J) + ALPHA * (UNEW(I,J) - 2.D0 * U(I,J)
	1           + UOLD(I,J))
	         VOLD(I,J) = V(I,J) + ALPHA * (VNEW(I,J) - 2.D0 * V(I,J)
	1           + VOLD(I,J))
	         POLD(I,J) = P(I,J) + ALPHA * (PNEW(I,J) - 2.D0 * P(I,J)
	1           + POLD(I,J))
	         U(I,J) = UNEW(I,J)
	         V(I,J) = VNEW(I,J)
	         P(I,J) = PNEW(I,J)
  300	      CONTINUE
	   END IF
	   IF (MOD(NCYCLE, 40) .EQ .0) CALL DIAG(NCYCLE, P, M, N)
   90	CONTINUE
	MNMIN = MIN0(M, N)
	WRITE (6, 390) NCYCLE, (P(I,I), I = 1, MNMIN, 8)
  390	FORMAT (' CYCLE ', I5, ' P DIAG ', 8F12.2)
	CALL XPOMPF OPEN DISPLAY (M, N)
	STOP
	END
C
	SUBROUTINE PERIOD(A1, A2, A3, M, N)
	INTEGER M, N, I, J
	DOUBLE PRECISION A1(M+1,N+1), A2(M+1,N+1), A3(M+1,N+1)
C     PERIODIC CONTINUATION OF THREE FIELDS
	DO 10 J = 1, N
	   A1(1,J) = A1(M+1,J)
	   A2(M+1,J+1) = A2(1,J+1)
	   A3(M+1,J) = A3(1,J)
   10	CONTINUE
	DO 20 I = 1, M
	   A1(I+1,N+1) = A1(I+1,1)
	   A2(I,1) = A2(I,N+1)
	   A3(I,N+1) = A3(I,1)
   20	CONTINUE
	A1(1,N+1) = A1(M+1,1)
	A2(M+1,1) = A2(1,N+1)
	A3(M+1,N+1) = A3(1,1)
	RETURN
	END
C
	SUBROUTINE DIAG(NCYC, P, M, N)
	INTEGER NCYC, M, N, I, J
	DOUBLE PRECISION P(M+1,N+1), PT OT
	PT OT = 0.0D0
	DO 10 J = 1, N
	DO 10 I = 1, M
	   PT OT = PT OT + P(I,J)
   10	CONTINUE
	IF (PTOT .L T. 0.0D0) PTOT = -PTOT
	WRITE (6, 20) NCYC, PTOT
   20	FORMAT (' DIAG: CYCLE ', I5, ' TOTAL P ', D16.8)
	RETURN
	END
C
	SUBROUTINE XPOMPFOPENDISPLAY(M, N)
	INTEGER M, N
	WRITE (6, *) 'DISPLAY ', M, ' X ', N
	RETURN
	END

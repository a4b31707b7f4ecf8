      INTEGER N
      PARAMETER (N = 256)
      REAL A(N,N), PIV(N)
      COMMON /LUBLK/ A, PIV

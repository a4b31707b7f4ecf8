      PROGRAM BOM
      REAL A(10)
      DO 10 I=1,10
   10 A(I)=0.0
      END

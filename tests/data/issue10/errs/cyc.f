      PROGRAM CYC
      INCLUDE 'a.h'
      END

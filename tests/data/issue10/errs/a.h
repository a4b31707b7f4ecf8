      INCLUDE 'b.h'

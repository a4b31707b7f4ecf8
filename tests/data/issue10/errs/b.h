      INCLUDE 'a.h'

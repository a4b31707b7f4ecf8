/* Configuration macros for the C-preprocessed sources (.F, .F90). */
#ifndef CPPDEFS_H
#define CPPDEFS_H
#define NGRID 128
#define NSTEP 20
#if defined(SINGLE)
#define REALTYPE real
#define ZERO 0.0
#else
#define REALTYPE double precision
#define ZERO 0.0d0
#endif
#endif

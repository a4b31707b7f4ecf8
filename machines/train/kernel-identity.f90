! The callee of ps_kernel_call (kernels.f90), in its own source file so that
! the compiler cannot inline it: the call overhead of the kernel library.
function ps_kernel_identity(x) bind(c, name="ps_kernel_identity")
  use, intrinsic :: iso_c_binding
  implicit none
  real(c_double), value :: x
  real(c_double) :: ps_kernel_identity
  ps_kernel_identity = x
end function

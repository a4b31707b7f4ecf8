#pragma once
// Fixed form has no significant blanks (F77, Sec. 3.1.6), so the prescanner
// drops them and a statement reaches the lexer as `do10i=1,n` or
// `callxpompfopendisplay`. This pass splits a keyword glued to what follows it
// at the start of a statement (and of a logical IF's action), the way Flang
// matches fixed-form keywords as prefixes of the character stream.

#include "fortran/token.h"

#include <vector>

namespace ps::fortran {

/// Splits glued keywords in the tokens of one fixed-form statement (its
/// label, if any, already removed). An assignment is left alone, including
/// `DO10I=1.5`; `DO10I=1,N` is a DO statement. Ranges stay exact: each new
/// token covers its own characters of the cooked text.
/// Source: ANSI X3.9-1978 (F77), Sec. 3.1.6 and 3.5; Fortran 90, Sec. 3.3.2.
void splitFixedFormKeywords(std::vector<Token>& tokens);

} // namespace ps::fortran

#pragma once
// Fixed form has no significant blanks (F77, Sec. 3.1.6), so the prescanner
// drops them and a statement reaches the lexer as `do10i=1,n` or
// `callxpompfopendisplay`. This pass splits a keyword glued to what follows it
// at the start of a statement (and of a logical IF's action), the way Flang
// matches fixed-form keywords as prefixes of the character stream.

#include "fortran/token.h"

#include <string_view>
#include <vector>

namespace ps::fortran {

/// Splits glued keywords in the tokens of one fixed-form statement (its
/// label, if any, already removed). An assignment is left alone, including
/// `DO10I=1.5`; `DO10I=1,N` is a DO statement. Ranges stay exact: each new
/// token covers its own characters of the cooked text.
/// Source: ANSI X3.9-1978 (F77), Sec. 3.1.6 and 3.5; Fortran 90, Sec. 3.3.2.
void splitFixedFormKeywords(std::vector<Token>& tokens);

/// The statement keyword that a statement's first word (lower case, in
/// fixed form with the blanks gone: `integrin` for INTEGRI N) most likely
/// misspells: the one a prefix of the word is fewest edits from, at most 1
/// for keywords of 4 or 5 letters and 2 from 6 on; empty when none is that
/// close, or when the word starts with a keyword as spelt.
std::string_view misspeltKeyword(std::string_view word);

} // namespace ps::fortran

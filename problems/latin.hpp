// problems/latin.hpp: Latin squares of order n (each symbol once in every row and column).
//
// Items, all primary: cell (r,c), row-symbol (r,s), column-symbol (c,s); option "cell r:s c:s"
// puts symbol s in cell (r,c): n^3 options. All squares: OEIS A002860 (576 for n = 4).
// Reduced squares (first row and first column 0,1,...,n-1 in order): OEIS A000315 (4 for
// n = 4); L(n) = n! (n-1)! R(n) is the cross-check. All squares carry the transpose and the
// cyclic relabelling of the symbols as symmetries.
#pragma once

#include "problem.hpp"

namespace xcount {

Problem make_latin(int n, bool reduced);

}  // namespace xcount

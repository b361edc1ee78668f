// problems/macmahon.hpp: MacMahon's coloured squares. Every square whose four edges each take
// one of n colours, counted up to rotation (n(n+1)(n^2-n+2)/4 of them: 6, 24, 70 for n = 2,
// 3, 4), is placed once on an R x C board, turned as needed, so that the edges of neighbouring
// squares agree and, unless the border is "any", every edge on the board's border has the
// border colour (MacMahon's puzzle: the 24 squares of 3 colours in 4 x 6, one-colour border).
//
// Items: one per square and one per cell (primary), one per inner edge of the board
// (secondary). Options: a square in one of its distinct rotations on one cell. That two squares
// agree on the edge between them is said in one of two ways:
//   colours: the square gives the edge's item its own colour there (Knuth's XCC, DLX2's
//            `edge:c`), so that the two squares beside it may share it only when their colours
//            agree; only the dlx engine runs it;
//   exact:   the edge has an item per colour, "edge=c"; the square above or left of it holds
//            every edge=c' but its own colour's, the square below or right of it holds
//            edge=(its colour): they clash exactly when the colours differ. No colours, so
//            every engine runs it; the two encodings count the same (the tests check it).
// The symmetries are the board's (4 for a rectangle, 8 for a square): a reflection turns a
// square into its mirror image, which is another square of the set (or the same one). Under
// the exact rule there are none: its items tell the two sides of an edge apart.
#pragma once

#include <string>

#include "problem.hpp"

namespace xcount {

enum class EdgeRule { colours, exact };

// border: the border's colour, 0 .. colours-1, or -1 for any. InputError when the board does
// not have one cell per square, or a parameter is out of range.
Problem make_macmahon(int colours, int rows, int columns, int border, EdgeRule rule);

}  // namespace xcount

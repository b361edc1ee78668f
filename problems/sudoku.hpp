// problems/sudoku.hpp: sudoku grids with boxes of R x C cells (n = R*C symbols).
//
// Items, all primary: cell p(r,c), row-symbol r(r,d), column-symbol c(c,d), box-symbol b(b,d).
// Option "p(r,c) r(r,d) c(c,d) b(b,d)" writes symbol d in cell (r,c): n^3 options in all,
// fewer with givens (a given cell keeps only its symbol). Without givens the count is the
// number of complete grids: 288 for 2x2 boxes (OEIS A107739), 28,200,960 for 2x3.
// Givens: n*n characters in row order, '.' or '0' for an empty cell, symbols 1-9 then A-Z;
// blanks and newlines are ignored (so a file of rows works too). Without givens the problem
// carries the cyclic relabellings of the symbols and, for square boxes, the transpose.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "problem.hpp"

namespace xcount {

Problem make_sudoku(int box_rows, int box_cols, const std::string& givens);

// A givens file of many puzzles: every line that is not blank (and not a '#' comment) holds one
// whole puzzle of n*n cells. Each as (its line number, its givens); empty when the text is not
// of that form (a single puzzle laid out in rows, say).
struct Puzzle {
    int line = 0;
    std::string givens;
};
std::vector<Puzzle> puzzles_by_line(const std::string& text, int n);

// InputError unless `givens` are n*n cells of this grid's symbols (what make_sudoku would say).
void check_givens(const std::string& givens, int n);

// "RxC" (the --box flag) as (R, C); InputError unless both are 1..35.
std::pair<int, int> parse_box(const std::string& text);

}  // namespace xcount

// problems/queens.hpp: n queens on an n x n board, none attacking another.
//
// Items: rows r0..r(n-1) and columns c0..c(n-1) are primary (each holds exactly one queen);
// the diagonals a(i+j) and anti-diagonals b(i-j+n-1) are secondary (at most one queen).
// Option "ri cj a(i+j) b(i-j+n-1)" puts a queen on row i, column j. Rows and columns enter
// the root ring from the middle outwards, alternating (Knuth's "organ-pipe" order), which
// makes the minimum-remaining-values rule break ties on the most constrained lines first.
// 8 queens: 16 primary + 30 secondary items, 64 options, 92 solutions (OEIS A000170), 12 up
// to the 8 symmetries of the square, which the problem carries (OEIS A002562).
#pragma once

#include "problem.hpp"

namespace xcount {

constexpr int kMaxQueens = 1000;

Problem make_queens(int n);  // InputError unless 1 <= n <= kMaxQueens

}  // namespace xcount

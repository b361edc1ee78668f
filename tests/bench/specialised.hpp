// tests/bench/specialised.hpp: programs written for one problem each, the limit a generic
// engine is measured against (xcount_bench --specialised). Written here, from the problems'
// definitions; they share no code with xcount.
//
// pentomino_rectangles: the 12 free pentominoes tiling a W x H rectangle (W * H = 60), every
// tiling counted, the bitboard way: the board is one 64-bit word filled down its short side,
// each placement a word filed under its lowest cell and its piece, the search always filling
// the lowest empty cell, a placement tested with one AND.
//
// queens: n-queens by bitwise backtracking, row by row, with the columns and both diagonals as
// bitmasks and the free squares of a row as one expression; the first row's left half is
// counted twice and an odd n's middle square once (the mirror image).
//
// domino_profile: the textbook broken-profile transfer matrix for dominoes (and, with
// monominoes, monomer-dimer coverings) of a rows x columns board: cell by cell down each column,
// a dense array over the 2^rows profiles (bit r: row r of the cells ahead already covered),
// each count modulo 2^64 (the low word of the exact count, which is all a speed reference needs).
#pragma once

#include <cstdint>

namespace xcount::bench {

std::uint64_t pentomino_rectangles(int width, int height);
std::uint64_t queens(int n);
std::uint64_t domino_profile(int rows, int columns, bool monominoes);

}  // namespace xcount::bench

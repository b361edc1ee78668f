// problems/polyform.hpp: tilings of boards on the square and cubic lattices by pieces.
//
// One piece of code for 2D and 3D: a cell is (x, y, z), a 2D board has depth 1. Items: one
// per piece (primary: each piece used exactly once), then one per board cell (primary).
// Options: a piece in one orientation at one position, "F 0,1 0,2 1,0 1,1 2,1".
//
// Orientations are the signed permutation matrices of the board's dimension (8 in the plane,
// 48 in space), or those of determinant +1 for one-sided pieces (4 and 24), or the identity
// for fixed ones; duplicate shapes are removed (12 free pentominoes: 63 orientations).
// With copies = any there are no piece items: any number of each piece (domino tilings).
// With k copies each copy has its own item, and Problem::overcount = (k!)^pieces.
//
// Piece file (problems/pieces/): "piece NAME" then rows, X a cell and . none; "+" starts the
// next layer; '#' starts a comment line. Board: "RxC", "AxBxC" (x y z as columns, rows,
// layers), or a file in the same row format (X a cell, . a hole; "+" the next layer).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "lattice.hpp"
#include "problem.hpp"

namespace xcount {

struct Piece {
    std::string name;
    std::vector<Cell> cells;
};

enum class Orientations { free, one_sided, fixed };
// How many copies of each piece: exactly `each` (1 by default), or any number (each == 0).
struct Copies {
    int each = 1;
    bool unlimited() const { return each == 0; }
    static Copies once() { return {1}; }
    static Copies any() { return {0}; }
};

std::vector<Piece> read_pieces_file(const std::string& path);
std::vector<Piece> parse_pieces(const std::string& text, const std::string& source);
std::vector<Cell> read_board(const std::string& spec);  // "6x10", "3x4x5" or a file

// The piece file text of `pieces` (what parse_pieces reads back to the same pieces).
std::string format_pieces(const std::vector<Piece>& pieces);

// Every distinct orientation of `cells` under the group, each normalised to min 0 and sorted.
std::vector<std::vector<Cell>> orientations(const std::vector<Cell>& cells, Orientations mode, bool three_d);

Problem make_polyform(const std::vector<Piece>& pieces, const std::vector<Cell>& board, Orientations mode, Copies copies,
                      const std::string& name);

}  // namespace xcount

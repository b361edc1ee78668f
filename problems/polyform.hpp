// problems/polyform.hpp: tilings of boards by pieces, on the square and cubic lattices
// (polyominoes, polycubes), the triangular one (polyiamonds) and the edges of the square grid
// (polysticks); see lattice.hpp for how a cell is written on each.
//
// One piece of code for every lattice and for 2D and 3D: a cell is (x, y, z), a 2D board has
// depth 1. Items: one per piece (primary: each piece used exactly once; secondary with
// at-most-once), then one per board cell (primary), then for polysticks one per grid point a
// piece can pass straight through (secondary: pieces may touch there but not cross).
// Options: a piece in one orientation at one position, "F 0,1 0,2 1,0 1,1 2,1".
//
// Orientations are the lattice's maps (8 in the plane, 48 in space, 12 on the triangular
// lattice), or those of determinant +1 for one-sided pieces (4, 24, 6), or the identity for
// fixed ones; duplicate shapes are removed (12 free pentominoes: 63 orientations).
// With copies = any there are no piece items: any number of each piece (domino tilings).
// With k copies the piece item must be covered k times, a multiplicity that the matrix is
// expanded from (multiplicity.hpp), so that each tiling is found once.
//
// Piece file (problems/pieces/): "piece NAME" then rows, X a cell and . none; "+" starts the
// next layer; '#' starts a comment line. Board: "RxC", "AxBxC" (x y z as columns, rows,
// layers), or a file in the same row format (X a cell, . a hole; "+" the next layer).
// Triangles: each character of a row is a triangle, pairs (up, down) making the rhombi of a
// row; "RxC" is R rows of C rhombi. Edges: '-' and '|' between '+' grid points, rows of the
// text alternating between grid rows and the vertical edges between them; "RxC" is every
// edge of a grid of R x C squares.
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
// How many copies of each piece: exactly `each` (1 by default), at most one (a subset of
// the pieces fills the board), or any number (each == 0).
struct Copies {
    int each = 1;
    bool at_most = false;
    bool unlimited() const { return each == 0; }
    static Copies once() { return {1, false}; }
    static Copies at_most_once() { return {1, true}; }
    static Copies any() { return {0, false}; }
};

std::vector<Piece> read_pieces_file(const std::string& path, const Lattice& lattice = square_lattice());
std::vector<Piece> parse_pieces(const std::string& text, const std::string& source, const Lattice& lattice = square_lattice());
// "6x10", "3x4x5" (square lattice only), "hexagon:N" (triangular and hexagonal lattices) or a
// board file.
std::vector<Cell> read_board(const std::string& spec, const Lattice& lattice = square_lattice());

// The cells of a board file's text (X a cell, . a hole; "+" the next layer where layered).
std::vector<Cell> parse_board(const std::string& text, const std::string& source, const Lattice& lattice = square_lattice());

// The piece file text of `pieces` (what parse_pieces reads back to the same pieces).
std::string format_pieces(const std::vector<Piece>& pieces, const Lattice& lattice = square_lattice());

// Every distinct orientation of `cells` under the group, each normalised (translated by a
// multiple of the lattice's period to a minimum in [0, period)) and sorted.
std::vector<std::vector<Cell>> orientations(const std::vector<Cell>& cells, Orientations mode, bool three_d,
                                            const Lattice& lattice = square_lattice());

Problem make_polyform(const std::vector<Piece>& pieces, const std::vector<Cell>& board, Orientations mode, Copies copies,
                      const std::string& name, const Lattice& lattice = square_lattice());

}  // namespace xcount

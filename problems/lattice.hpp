// problems/lattice.hpp: the lattices polyforms live on, and the maps that fix each of them.
//
// A cell is three integers. On the square and cubic lattice it is the unit square or cube at
// (x, y, z). On the triangular lattice it is the centroid of a triangle, tripled, in the basis
// e1 = (1, 0), e2 = (1/2, sqrt(3)/2): the triangle pointing up in rhombus (a, b) is
// (3a+1, 3b+1), the one pointing down (3a+2, 3b+2). On the hexagonal lattice it is the centre
// of a hexagon in the same basis, (q, r) = q e1 + r e2. On the edge lattice (polysticks) it is
// the midpoint of a unit edge of the square grid, doubled: (2x+1, 2y) horizontal, (2x, 2y+1)
// vertical; grid points are (even, even). In every case the lattice's symmetries fixing the
// origin are integer linear maps, and its translations are the multiples of period() in each
// coordinate, so orientations, placements and board symmetries are computed the same way.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "picture.hpp"

namespace xcount {

using Cell = std::array<int, 3>;  // x (column), y (row), z (layer) on the square lattice

// An integer linear map of the lattice fixing the origin: image = matrix * cell.
struct LatticeMap {
    std::string name;
    std::array<std::array<int, 3>, 3> matrix;
    bool proper;  // a rotation (determinant +1), as opposed to a reflection

    Cell operator()(const Cell& c) const {
        Cell image{};
        for (std::size_t r = 0; r < 3; ++r) image[r] = matrix[r][0] * c[0] + matrix[r][1] * c[1] + matrix[r][2] * c[2];
        return image;
    }
};

// The signed permutations of the axes: 8 in the plane (identity, rot90, rot180, rot270,
// flip-x, flip-y, transpose, antitranspose), 48 in space (named by their action, "[-y,+x,+z]").
std::vector<LatticeMap> lattice_maps(bool three_d);  // the identity first

// Where a cell is drawn in text: column, row, layer.
struct TextPosition {
    int column, row, layer;
};

class Lattice {
public:
    virtual ~Lattice() = default;
    virtual std::string name() const = 0;                          // square, triangle, edge, hex
    virtual std::string unit() const = 0;                          // a cell in messages: cell, triangle, edge, hexagon
    virtual int period() const = 0;                                // translations are multiples of this per coordinate
    virtual bool layered() const { return false; }                 // "+" lines start the next layer (3D)
    virtual std::vector<LatticeMap> maps(bool three_d) const = 0;  // the identity first
    // The cells that share a side (a face, an edge, or for edges a grid point) with c; some may
    // not be cells of this lattice at all, which is harmless where they are looked up.
    virtual std::vector<Cell> neighbours(const Cell& c) const = 0;
    bool adjacent(const Cell& a, const Cell& b) const;
    // The cell a character of a piece or board file stands for, if any; throws on a character
    // that is not allowed there (the message says which are).
    virtual std::optional<Cell> read_char(char c, int column, int row, int layer) const = 0;
    virtual TextPosition position(const Cell& c) const = 0;
    virtual char file_char(const Cell& c) const = 0;  // how format_pieces writes a cell
    virtual char filler(int column, int row) const {
        (void)column, (void)row;
        return ' ';
    }  // text between cells
    virtual std::string item_name(const Cell& c, bool three_d) const = 0;
    virtual std::vector<Cell> rectangle(int rows, int columns) const = 0;  // the "RxC" board
    // The "hexagon:N" board, a regular hexagon of side N (triangular and hexagonal lattices;
    // InputError on the others).
    virtual std::vector<Cell> hexagon(int side) const;
    // Grid points a piece passes straight through (polysticks: where two pieces would cross).
    virtual std::vector<Cell> crossings(const std::vector<Cell>& cells) const {
        (void)cells;
        return {};
    }
    virtual std::string crossing_name(const Cell& c) const {
        (void)c;
        return {};
    }
    // Drawing: the corners of a cell's polygon, counter-clockwise in the lattice's own basis
    // (for an edge, its two end points), and where a corner lies in the plane (cell units, y
    // downwards, rows as in the text pictures).
    virtual std::vector<Corner> corners(const Cell& c) const = 0;
    virtual Point plane(const Corner& corner) const { return {double(corner[0]), double(corner[1])}; }
    virtual bool strokes() const { return false; }  // cells are drawn as lines (polysticks)
};

const Lattice& square_lattice();    // squares and cubes: polyominoes, polycubes
const Lattice& triangle_lattice();  // triangles: polyiamonds
const Lattice& edge_lattice();      // unit edges of the square grid: polysticks
const Lattice& hex_lattice();       // hexagons: polyhexes

}  // namespace xcount

// problems/picture.hpp: what a solution looks like, as shapes in the plane.
//
// A model turns a solution into a Picture; the command line draws it (SVG, HTML). A picture is
// one or more panels (the layers of a polycube box, or just one), each holding
//   - pieces: filled outlines (the union of a piece's cells, so no inner lines) or, for
//     polysticks, strokes along unit edges; each with a colour index and a label;
//   - a grid: rows x columns of labelled squares (queens, sudoku, Latin squares, Langford),
//     optionally checkered or with thick lines around boxes.
// Coordinates are in cell units, x to the right and y downwards, as the text pictures read.
#pragma once

#include <array>
#include <string>
#include <vector>

namespace xcount {

struct Point {
    double x = 0, y = 0;
};

struct PieceShape {
    std::vector<std::vector<Point>> loops;      // closed outlines; holes run the other way
    std::vector<std::array<Point, 2>> strokes;  // polysticks: unit edges, drawn thick
    std::string label;
    Point label_at;
    int colour = 0;  // index into the drawing's palette
};

struct LabelGrid {
    int rows = 0, columns = 0;          // 0: no grid
    int box_rows = 0, box_columns = 0;  // > 0: thick lines around boxes (sudoku)
    bool checkered = false;             // a chessboard
    std::vector<std::string> labels;    // row-major, "" for an empty square
};

struct Panel {
    std::string title;  // "" for a single panel
    std::vector<PieceShape> pieces;
    LabelGrid grid;
};

struct Picture {
    std::vector<Panel> panels;
};

// A corner of the lattice in integer coordinates (the lattice's own basis).
using Corner = std::array<int, 2>;

// The boundary of a union of polygons that share a consistent orientation (every polygon's
// corners counter-clockwise in the same basis): the edges that two polygons share, in opposite
// directions, cancel, and the rest are chained into closed loops. Corners on a straight run are
// dropped, so a 1x3 bar gives 4 corners. Outer boundaries keep the polygons' orientation and
// holes run the other way, so a non-zero fill shows the union exactly.
std::vector<std::vector<Corner>> union_outline(const std::vector<std::vector<Corner>>& polygons);

// A text picture on one line: its rows, trailing blanks dropped, joined by '/' (the blank row
// between the layers of a box gives "//").
std::string rows_on_one_line(const std::string& text);

}  // namespace xcount
